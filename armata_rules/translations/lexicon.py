"""Negations and actors in the five languages: what a sentence denies and who it makes act.

:mod:`armata_rules.translations.text` reads numbers, modal verbs, comparatives and scope words; a rule changes
just as much when "not" is added or when the Strigoi does what the Powerwolf did. Entries are whole words
(accent-folded, lowercase); an entry ending in ``*`` is a stem.
"""

from __future__ import annotations

import re
from collections import Counter

from armata_rules.translations.text import COMPARATIVE, MODAL, NUMBER_WORDS, SCOPE, fold

__all__ = ["ACTORS", "NEGATION", "actors", "negations", "words"]

NEGATION = {
    "en": ["not", "no", "never", "cannot", "can't", "nothing", "none", "nobody"],
    "de": ["nicht", "kein*", "nie", "niemals", "nichts"],
    "it": ["non", "mai", "nessun*", "niente", "nulla"],
    "fr": ["ne", "n'*", "pas", "jamais", "aucun*", "rien"],
    "es": ["no", "nunca", "ningun*", "nada", "jamas"],
}

ACTORS = {
    "player": {
        "en": ["player*", "you", "everyone"],
        "de": ["spieler*", "ihr", "du"],
        "it": ["giocator*"],
        "fr": ["joueu*", "vous"],
        "es": ["jugador*"],
    },
    "powerwolf": {lang: ["powerwol*"] for lang in ("en", "de", "it", "fr", "es")},
    "strigoi": {lang: ["strigoi*"] for lang in ("en", "de", "it", "fr", "es")},
    "monster": {"en": ["monster*"], "de": ["monster*"], "it": ["mostr*"], "fr": ["monstre*"], "es": ["monstruo*"]},
    "monk": {"en": ["monk*"], "de": ["monch*"], "it": ["monac*"], "fr": ["moine*"], "es": ["monje*"]},
    "hero": {"en": ["hero*"], "de": ["held*"], "it": ["eroe", "eroi"], "fr": ["heros"], "es": ["heroe*"]},
}


def _pattern(entry: str) -> str:
    if entry.endswith("*"):
        return r"(?<![a-z])" + re.escape(entry[:-1])
    return r"(?<![a-z])" + re.escape(entry) + r"(?![a-z])"


def _count(text: str, entries: list[str]) -> int:
    folded = fold(text)
    return sum(len(re.findall(_pattern(entry), folded)) for entry in entries)


def negations(text: str, lang: str) -> int:
    """How many negations ``text`` holds in ``lang``."""
    return _count(text, NEGATION.get(lang, []))


def actors(text: str, lang: str) -> Counter[str]:
    """How often ``text`` names each actor (player, Powerwolf, Strigoi, monster, monk, hero) in ``lang``."""
    counts: Counter[str] = Counter()
    for actor, names in ACTORS.items():
        counts[actor] = _count(text, names.get(lang, []))
    return +counts


def words(lang: str) -> list[str]:
    """Every whole word of the fact lexicons in ``lang``: a scan's broken pieces may join into these."""
    out: list[str] = []
    tables = [*MODAL.values(), *COMPARATIVE.values(), *SCOPE.values()]
    for table in tables:
        out.extend(stem.strip() for stem in table.get(lang, []) if " " not in stem.strip())
    out.extend(NUMBER_WORDS.get(lang, []))
    out.extend(e for e in NEGATION.get(lang, []) if not e.endswith("*"))
    return out
