"""Armata's alignment: the kernel's (:mod:`armata_rules.kernel.texts.align`, moved there in issue 33 and re-exported
here as the same objects) with Armata's glossary (``spec/glossary.toml``) for paragraphs of two languages, and
where Armata's spec folder is.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from armata_rules.kernel.texts.align import Glossary, align, cross_score, features, same_similarity

__all__ = ["Glossary", "align", "cross_similarity", "glossary", "same_similarity"]


def spec_folder() -> Path:
    """The ``spec/`` folder: shipped in the wheel as ``armata_rules/spec_data``, else the repository's."""
    packaged = Path(__file__).resolve().parents[1] / "spec_data"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "spec"


@cache
def glossary() -> Glossary:
    """The glossary of ``spec/glossary.toml``."""
    data = tomllib.loads((spec_folder() / "glossary.toml").read_text(encoding="utf-8"))
    return Glossary({c: {lang: tuple(v) for lang, v in names.items()} for c, names in data["terms"].items()})


@cache
def _features(text: str, lang: str) -> frozenset[str]:
    return features(text, lang, glossary())


def cross_similarity(a: str, lang_a: str, b: str, lang_b: str) -> float:
    """How alike two paragraphs in different languages are (0..1): shared concepts of Armata's glossary, numbers,
    names, length."""
    return cross_score(_features(a, lang_a), _features(b, lang_b), a, b)
