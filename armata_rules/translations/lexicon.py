"""Armata's lexicon: the kernel's lexicons (:mod:`armata_rules.kernel.texts.lexicon`, moved there in issue 33 and
re-exported here as the same objects) with Armata's actors, who does a thing: a rule changes when the Apprentice
does what the Master did, or another player what the player did.

:func:`senses`, :func:`carries_rule`, :func:`count` and :func:`vocabulary` read words by :data:`LEXICON`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from armata_rules.kernel.texts.lexicon import (
    NEGATION,
    QUANTIFIER,
    RULE_KINDS,
    TIMING,
    Lexicon,
    Sense,
    split_words,
)

__all__ = [
    "ACTORS",
    "LEXICON",
    "NEGATION",
    "QUANTIFIER",
    "RULE_KINDS",
    "TIMING",
    "Sense",
    "carries_rule",
    "count",
    "senses",
    "split_words",
    "vocabulary",
]

#: Who does a thing, in Armata's five languages.
ACTORS = {
    "player": {
        "en": ["player*", "you", "everyone"],
        "de": ["spieler*", "ihr", "du"],
        "it": ["giocator*"],
        "fr": ["joueu*", "vous"],
        "es": ["jugador*"],
    },
    "other": {  # "another player" is not "the player"
        "en": ["another", "other", "others"],
        "de": ["ander*"],
        "it": ["altro", "altra", "altri", "altre"],
        "fr": ["autre", "autres"],
        "es": ["otro", "otra", "otros", "otras"],
    },
    "powerwolf": {lang: ["powerwol*"] for lang in ("en", "de", "it", "fr", "es")},
    "strigoi": {lang: ["strigoi*"] for lang in ("en", "de", "it", "fr", "es")},
    "master": {"en": ["master*"], "de": ["meister*"], "it": ["maestr*"], "fr": ["maitre*"], "es": ["maestr*"]},
    "apprentice": {
        "en": ["apprentice*"],
        "de": ["lehrling*"],
        "it": ["apprendist*"],
        "fr": ["apprenti*"],
        "es": ["aprendiz*"],
    },
    "monster": {"en": ["monster*"], "de": ["monster*"], "it": ["mostr*"], "fr": ["monstre*"], "es": ["monstruo*"]},
    "monk": {"en": ["monk*"], "de": ["monch*"], "it": ["monac*"], "fr": ["moine*"], "es": ["monje*"]},
    "hero": {"en": ["hero*"], "de": ["held*"], "it": ["eroe", "eroi"], "fr": ["heros"], "es": ["heroe*"]},
}

#: The kernel's lexicons with Armata's actors.
LEXICON: Final = Lexicon(actors=ACTORS)


def senses(words: Sequence[str], lang: str) -> list[Sense]:
    """Every fact the run of ``words`` states, in order (:meth:`Lexicon.senses
    <armata_rules.kernel.texts.lexicon.Lexicon.senses>` with Armata's actors)."""
    return LEXICON.senses(words, lang)


def carries_rule(text: str, lang: str) -> bool:
    """Whether ``text`` states any fact of the rules, an actor of Armata's included: leaving it out, or adding it,
    can change play."""
    return LEXICON.carries_rule(text, lang)


def count(words: Sequence[str], lang: str) -> Counter[tuple[str, str]]:
    """How often the run of ``words`` states each (kind, sense)."""
    return LEXICON.count(words, lang)


def vocabulary(lang: str) -> frozenset[str]:
    """Every whole word of the lexicons in ``lang``, Armata's actors included: a word a scanner broke may be joined
    into one of these even where the edition never prints it."""
    return LEXICON.vocabulary(lang)
