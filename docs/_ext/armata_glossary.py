"""The glossary page: the game terms of ``docs/_data/glossary.toml``, each with a definition written from the rules
(its clauses linked) in the build's language, and its name in each of the five languages as that language's rulebook
prints it.

The terms are a Sphinx ``glossary``, so each has an anchor a page can link with ``:term:`` and the search finds a
term by any of its names. The data file says where each name comes from; ``tests/test_players_guide.py`` checks the
names against the rulebook texts and the ambiguity finder's word stems (``spec/glossary.toml``).

Each definition is written in the five languages (``definition`` in English, ``definition_de`` and so on), each in
its language's rulebook terms and citing the same clauses, so a language's build reads the glossary in its language
while every term keeps its English heading (the anchor ``:term:`` links) and its names in the other languages.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from armata_rules.translations.sources import LANGS

from armata_pages import Generated
from armata_text import CITATION, escape

__all__ = ["DATA", "GlossaryDirective", "GlossaryError", "Term", "glossary_lines", "load_terms"]

DATA = Path(__file__).resolve().parents[1] / "_data" / "glossary.toml"


class GlossaryError(ValueError):
    """The glossary data cannot be used: the message names the term and the problem."""


@dataclass(frozen=True)
class Term:
    """A game term: its names by language (each the alternatives the text prints; none where it prints none) and
    its definition in every language."""

    key: str
    names: dict[str, tuple[str, ...]]
    definitions: dict[str, str]
    concept: str | None
    missing: dict[str, str]
    stems_differ: tuple[str, ...]

    @property
    def title(self) -> str:
        """The English name, the term's heading."""
        return self.names["en"][0]

    @property
    def definition(self) -> str:
        """The English definition, the one the others translate."""
        return self.definitions["en"]


def _term(key: str, raw: dict[str, Any]) -> Term:
    names: dict[str, tuple[str, ...]] = {}
    for lang in LANGS:
        if not isinstance(raw.get(lang), str):
            raise GlossaryError(f'glossary term {key!r}: no {lang} name (write "" and say why under missing)')
        names[lang] = tuple(name.strip() for name in raw[lang].split(" / ") if name.strip())
    missing = dict(raw.get("missing", {}))
    for lang in LANGS:
        if not names[lang] and lang not in missing:
            raise GlossaryError(f"glossary term {key!r}: the {lang} name is empty and missing does not say why")
    if not names["en"]:
        raise GlossaryError(f"glossary term {key!r}: the English name, the term's heading, is empty")
    if not str(raw.get("definition", "")).strip():
        raise GlossaryError(f"glossary term {key!r}: no definition")
    definitions = {"en": str(raw["definition"]).strip()}
    cited = CITATION.findall(definitions["en"])
    for lang in LANGS:
        if lang == "en":
            continue
        text = raw.get(f"definition_{lang}")
        if not isinstance(text, str) or not text.strip():
            raise GlossaryError(f"glossary term {key!r}: no {lang} definition (definition_{lang})")
        if CITATION.findall(text) != cited:
            raise GlossaryError(f"glossary term {key!r}: the {lang} definition cites other clauses than the English")
        definitions[lang] = text.strip()
    return Term(
        key=key,
        names=names,
        definitions=definitions,
        concept=raw.get("concept"),
        missing=missing,
        stems_differ=tuple(raw.get("stems_differ", ())),
    )


@cache
def load_terms(path: Path = DATA) -> tuple[Term, ...]:
    """The terms of the glossary data file, sorted by English name."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    terms = [_term(key, raw) for key, raw in data.get("terms", {}).items()]
    return tuple(sorted(terms, key=lambda term: term.title.casefold()))


def _names_line(term: Term) -> str:
    """``DE Blutpunkt · IT Punto Sangue · …``: the term's name in every language but English, the heading."""
    parts = []
    for lang in LANGS:
        if lang == "en":
            continue
        names = " / ".join(f"*{escape(name)}*" for name in term.names[lang])
        parts.append(f":sup:`{lang.upper()}` {names or '— (' + escape(term.missing[lang]) + ')'}")
    return " · ".join(parts)


def glossary_lines(language: str) -> list[str]:
    """The glossary in reStructuredText for a ``language`` build: each term under its English heading, its definition
    in ``language`` (English for ``en``), then its names in the other four languages."""
    out = [".. glossary::", ""]
    for term in load_terms():
        out += [f"   {escape(term.title)}", f"      {escape(term.definitions[language])}", ""]
        out += [f"      {_names_line(term)}", ""]
    return out


class GlossaryDirective(Generated):
    """The game terms as a Sphinx glossary, defined in the build's language."""

    def lines(self) -> list[str]:
        return glossary_lines(self.language)
