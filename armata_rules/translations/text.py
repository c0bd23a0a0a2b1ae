"""Moved to :mod:`armata_rules.kernel.texts.text` (issue 33): paragraphs, sentences, OCR repair, squashed forms and
the facts of a sentence know no game, and the lexicons they read are the kernel's data. Its names are re-exported
here, the same objects, so existing imports keep working."""

from __future__ import annotations

from armata_rules.kernel.texts.lexicon import COMPARATIVE, MODAL, NUMBER_WORDS, SCOPE
from armata_rules.kernel.texts.text import (
    _PAGE,  # noqa: F401  (the finder and the tests read it)
    Facts,
    Paragraph,
    facts,
    fold,
    paragraphs,
    repair,
    sentences,
    squash,
)

__all__ = [
    "COMPARATIVE",
    "MODAL",
    "NUMBER_WORDS",
    "SCOPE",
    "Facts",
    "Paragraph",
    "facts",
    "fold",
    "paragraphs",
    "repair",
    "sentences",
    "squash",
]
