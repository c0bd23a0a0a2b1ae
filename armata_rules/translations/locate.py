"""Armata's edition sentences found in a scan: the kernel's :mod:`armata_rules.kernel.texts.locate` (moved there in
issue 33, its names re-exported here as the same objects), with the words of Armata's lexicon, its actors included,
among those a broken word may be joined into."""

from __future__ import annotations

from armata_rules.kernel.texts import locate as _locate
from armata_rules.kernel.texts.corpus import Corpus
from armata_rules.kernel.texts.locate import Gap, Match, Reference, RefSentence, locate
from armata_rules.translations.lexicon import vocabulary
from armata_rules.translations.sources import Rulebooks

__all__ = ["Gap", "Match", "RefSentence", "Reference", "locate", "reference"]


def reference(books: Rulebooks, corpus: Corpus, edition: str, lang: str) -> Reference:
    """The sentences of ``lang`` in ``edition`` (cached per loaded rulebooks and corpus)."""
    return _locate.reference(books, corpus, edition, lang, vocabulary(lang))
