"""A text set of two tiny "editions", English and French, in one file of the test's own (``tiny.txt``: English on
lines 1-3, French on 5-8), which the kernel's text tools' tests share."""

from __future__ import annotations

import re

from armata_rules.kernel.texts.textset import Section, TextSet


def tiny_text_set() -> TextSet:
    """The text set: sources ``t.en`` (the pivot) and ``t.fr``, cited as ``t.en:2``."""
    return TextSet(
        "tiny",
        ("t.en", "t.fr"),
        "t.en",
        re.compile(r"t\.(en|fr):[0-9]+"),
        lambda citation: range(1),
        "TINY_TEXTS_FOR_A_TEST",
        files=(("t", "tiny.txt"),),
        sections=(Section("t.en", "t", "en", 1, 3), Section("t.fr", "t", "fr", 5, 8)),
    )
