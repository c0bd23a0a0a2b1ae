"""What the words of a rule mean to the finder, in the five languages: which words state a fact of the rules.

:mod:`armata_rules.translations.text` reads numbers, modal verbs, comparatives and scope words; a rule changes
just as much when "not" is added, when "up to" becomes "exactly", when "before" becomes "after" or when the
Apprentice does what the Master did. This module holds those further lexicons (negations, quantifiers, timing,
actors) and reads every lexicon word by word: :func:`senses` names, for a run of words, each fact it states
(kind and sense, such as ``("quantifier", "up-to")``), so a changed word can be classified by what it states.

Entries are accent-folded and lowercase; words are runs of letters and digits (an apostrophe splits: ``n'`` is
the word ``n``). An entry ending in ``*`` is a stem (any word starting with it); one ending in ``~`` is any
inflection of the word by the language's Snowball stemmer ("turni" for "turno"), where a hand stem would catch
too much or too little; any other entry is the whole word. Entries of several words match a run of words.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import snowballstemmer  # type: ignore[import-untyped]

from armata_rules.kernel.texts.scan import key, normalize
from armata_rules.translations.text import COMPARATIVE, MODAL, NUMBER_WORDS, SCOPE

__all__ = [
    "ACTORS",
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

#: How many or how far: "up to" the value is not "exactly" the value.
QUANTIFIER = {
    "up-to": {
        "en": ["up to"],
        "de": ["bis zu*", "bis hin zu*", "bis maximal"],
        "it": ["fino a*", "fino ad"],
        "fr": ["jusqu*"],
        "es": ["hasta"],
    },
    "exactly": {
        "en": ["exactly", "precisely"],
        "de": ["genau", "exakt"],
        "it": ["esattamente", "precisamente", "esatt*"],
        "fr": ["exactement", "precisement", "exact*"],
        "es": ["exactamente", "justo", "exact*"],
    },
    "at-least": {
        "en": ["at least", "minimum"],
        "de": ["mindestens", "wenigstens", "minimum"],
        "it": ["almeno", "minimo"],
        "fr": ["au moins", "minimum"],
        "es": ["al menos", "por lo menos", "como minimo", "minimo"],
    },
    "at-most": {
        "en": ["at most", "maximum", "no more than"],
        "de": ["hochstens", "maximal", "maximum"],
        "it": ["al massimo", "al piu", "massimo"],
        "fr": ["au plus", "au maximum", "maximum"],
        "es": ["como maximo", "a lo sumo", "maximo"],
    },
    "only": {
        "en": ["only", "just"],
        "de": ["nur", "lediglich", "ausschliesslich"],
        "it": ["solo", "soltanto", "solamente", "unicamente"],
        "fr": ["seulement", "uniquement"],
        "es": ["solo", "solamente", "unicamente"],
    },
    "each": {
        "en": ["each", "every"],
        "de": ["jede*"],
        "it": ["ogni", "ciascun*"],
        "fr": ["chaque", "chacun*"],
        "es": ["cada"],
    },
    "all": {
        "en": ["all", "both"],
        "de": ["alle", "allen", "alles", "aller", "beide*"],
        "it": ["tutt*", "entramb*"],
        "fr": ["tous", "tout", "toute", "toutes", "les deux"],
        "es": ["todo", "todos", "toda", "todas", "ambos", "ambas"],
    },
    "any": {
        "en": ["any", "either"],
        "de": ["beliebig*"],
        "it": ["qualsiasi", "qualunque"],
        "fr": ["n importe", "quelconque"],
        "es": ["cualquier*"],
    },
}

#: When: before or after, at the start or the end, at once, during, until.
TIMING = {
    "before": {
        "en": ["before", "prior to", "earlier"],
        "de": ["vor", "bevor", "vorher", "zuvor"],
        "it": ["prima", "precedent*"],
        "fr": ["avant"],
        "es": ["antes"],
    },
    "after": {
        "en": ["after", "afterwards", "later", "then"],
        "de": ["nach", "nachdem", "danach", "spater", "dann"],
        "it": ["dopo", "poi", "successiv*", "in seguito"],
        "fr": ["apres", "ensuite", "puis", "plus tard"],
        "es": ["despues", "luego", "tras", "mas tarde"],
    },
    "immediately": {
        "en": ["immediately", "at once", "instantly"],
        "de": ["sofort", "unmittelbar", "umgehend"],
        "it": ["immediatamente", "subito"],
        "fr": ["immediatement", "aussitot", "tout de suite"],
        "es": ["inmediatamente", "enseguida", "de inmediato"],
    },
    "start": {
        "en": ["start~", "beginning", "begin~"],
        "de": ["beginn~", "anfang~", "zuerst"],
        "it": ["inizio", "inizi~"],
        "fr": ["debut", "commenc*"],
        "es": ["inicio", "comienzo", "principio", "empiez*", "comienz*"],
    },
    "end": {
        "en": ["end~"],
        "de": ["ende~"],
        "it": ["fine", "termin*"],
        "fr": ["fin"],
        "es": ["final", "fin", "termin*"],
    },
    "during": {
        "en": ["during", "while"],
        "de": ["wahrend"],
        "it": ["durante", "mentre"],
        "fr": ["pendant", "durant", "lors"],
        "es": ["durante", "mientras"],
    },
    "until": {
        "en": ["until", "till"],
        "de": ["bis"],
        "it": ["finche", "fino a quando", "fino al momento"],
        "fr": ["jusqu a ce", "jusqu au moment"],
        "es": ["hasta que"],
    },
}

#: The kinds of fact, in the order a word is claimed when two entries of equal length match it ("au plus" is a
#: quantifier before "plus" is a comparative).
RULE_KINDS = ("numeric", "quantifier", "modality", "negation", "tie-break", "timing", "scope", "actor")

_STEMMERS = {"en": "english", "de": "german", "it": "italian", "fr": "french", "es": "spanish"}
_PAGE_WORDS = frozenset({"p", "pp", "pag", "page", "pages", "pagina", "pagine", "paginas", "seite", "seiten"})
_BETWEEN_WORDS = re.compile(r"[^\w\u0300-\u036f]+|_")


def split_words(text: str) -> list[str]:
    """The words of ``text`` as the lexicons read them: the :func:`~armata_rules.kernel.texts.scan.key` of each
    run of letters and digits (accents folded, "ß" as "ss")."""
    return [k for piece in _BETWEEN_WORDS.split(normalize(text)) if (k := key(piece))]


class _Stemmer(Protocol):
    def stemWord(self, word: str) -> str: ...


@functools.cache
def _stemmer(lang: str) -> _Stemmer:
    stemmer: _Stemmer = snowballstemmer.stemmer(_STEMMERS[lang])
    return stemmer


@functools.lru_cache(maxsize=65536)
def _stem(word: str, lang: str) -> str:
    return _stemmer(lang).stemWord(word)


@dataclass(frozen=True, slots=True)
class _Entry:
    """One lexicon entry: its words, each with how it matches (``=`` whole, ``*`` stem, ``~`` inflection, ``^``
    stem or inflection)."""

    kind: str
    sense: str
    parts: tuple[tuple[str, str], ...]

    def match(self, words: Sequence[str], at: int, lang: str) -> int | None:
        """How the entry matches the words from ``at``: 0 as spelled (whole words, stems), 1 only by the
        stemmer's inflections; ``None`` if it does not."""
        if at + len(self.parts) > len(words):
            return None
        inflected = 0
        for (mode, part), word in zip(self.parts, words[at : at + len(self.parts)], strict=True):
            spelled = word == part or (mode in "*^" and word.startswith(part))
            if spelled:
                continue
            if mode in "~^" and _stem(word, lang) == _stem(part, lang):
                inflected = 1
                continue
            return None
        return inflected


def _parts(entry: str) -> tuple[tuple[str, str], ...]:
    """An entry's words and how each matches; an elided word (``n'*``) is whole, as the apostrophe splits it."""
    mode = entry[-1] if entry[-1] in "*~^" and not entry.endswith("'*") else "="
    pieces = split_words(entry.rstrip("*~^"))
    return (*(("=", p) for p in pieces[:-1]), (mode, pieces[-1]))


def _text_stem(stem: str) -> str:
    """A stem of :mod:`~armata_rules.translations.text` in this module's notation: there a stem ending with a space
    is a whole word (here: any of its inflections), any other a prefix (here: a prefix or an inflection, so the
    stem "turno" reads "turni" too). The last word of a run ("has to", "can't") is whole: "has token" is no modal."""
    whole = stem.endswith(" ") or " " in stem.strip() or "'" in stem
    return stem.strip() + ("~" if whole else "^")


@functools.cache
def _entries(lang: str, negation: bool) -> tuple[_Entry, ...]:
    """The negations in ``lang`` (``negation``), or every other entry of the lexicons, longest first, then in the
    order of :data:`RULE_KINDS`."""
    if negation:
        return tuple(sorted((_Entry("negation", "not", _parts(e)) for e in NEGATION.get(lang, [])), key=_length))
    tables: list[tuple[str, dict[str, dict[str, list[str]]]]] = [
        ("quantifier", QUANTIFIER),
        ("modality", {k: {lg: [_text_stem(s) for s in v] for lg, v in by.items()} for k, by in MODAL.items()}),
        ("tie-break", {k: {lg: [_text_stem(s) for s in v] for lg, v in by.items()} for k, by in COMPARATIVE.items()}),
        ("timing", TIMING),
        ("scope", {k: {lg: [_text_stem(s) for s in v] for lg, v in by.items()} for k, by in SCOPE.items()}),
        ("actor", ACTORS),
    ]
    out = [
        _Entry("numeric", str(value), (("=", word),))
        for value, word in enumerate(NUMBER_WORDS.get(lang, []))
        if value >= 2  # "one" and "a" are an article as often as a number
    ]
    for kind, table in tables:
        for sense, by_lang in table.items():
            out.extend(_Entry(kind, sense, _parts(entry)) for entry in by_lang.get(lang, []))
    order = {kind: n for n, kind in enumerate(RULE_KINDS)}
    return tuple(sorted(out, key=lambda e: (_length(e), order[e.kind])))


def _length(entry: _Entry) -> int:
    return -len(entry.parts)


@dataclass(frozen=True, slots=True)
class Sense:
    """A fact stated by words ``start``..``end`` of a run: its kind (one of :data:`RULE_KINDS`, or ``page`` for a
    page reference) and sense (``up-to``, ``before``, ``master``, a number, ...)."""

    start: int
    end: int
    kind: str
    sense: str


@dataclass(frozen=True)
class _Index:
    """The entries of a lexicon by their first word: whole, prefix (``*``, ``^``) or stem (``~``, ``^``), each
    with its rank in the lexicon's order (longest first), so a word's candidates are found without a scan."""

    whole: dict[str, list[int]]
    prefix: dict[str, list[int]]
    stem: dict[str, list[int]]
    entries: tuple[_Entry, ...]

    def candidates(self, word: str, lang: str) -> list[_Entry]:
        """The entries whose first word may be ``word``, in the lexicon's order."""
        ranks = set(self.whole.get(word, ()))
        for end in range(1, len(word) + 1):
            ranks.update(self.prefix.get(word[:end], ()))
        ranks.update(self.stem.get(_stem(word, lang), ()))
        return [self.entries[r] for r in sorted(ranks)]


@functools.cache
def _index(lang: str, negation: bool) -> _Index:
    entries = _entries(lang, negation)
    index = _Index({}, {}, {}, entries)
    for rank, entry in enumerate(entries):
        mode, part = entry.parts[0]
        index.whole.setdefault(part, []).append(rank)
        if mode in "*^":
            index.prefix.setdefault(part, []).append(rank)
        if mode in "~^":
            index.stem.setdefault(_stem(part, lang), []).append(rank)
    return index


def senses(words: Sequence[str], lang: str) -> list[Sense]:
    """Every fact the run of ``words`` (as :func:`split_words` gives them) states, in order. Each word is read
    once by the longest entry that matches there, and once more for negations alone: "may not" is a modal verb
    (*cannot*) and holds a negation. A word holding a digit is a number, or a page reference after a page word
    ("p. 14", "pag. 21")."""
    out = _read(words, lang, _index(lang, negation=True), numbers=False)
    out += _read(words, lang, _index(lang, negation=False), numbers=True)
    return sorted(out, key=lambda s: (s.start, s.end, s.kind))


def _read(words: Sequence[str], lang: str, index: _Index, numbers: bool) -> list[Sense]:
    """The facts of ``words``: at each word, the longest entry that matches, one matched as spelled before one
    matched by its inflection ("meister" is the Master, not "meisten"), then the first in the lexicon's order."""
    out: list[Sense] = []
    at = 0
    while at < len(words):
        word = words[at]
        if numbers and any(ch.isdigit() for ch in word):
            page = at > 0 and (words[at - 1] in _PAGE_WORDS or (lang == "de" and words[at - 1] == "s"))
            out.append(Sense(at, at + 1, "page" if page else "numeric", word.lstrip("0") or "0"))
            at += 1
            continue
        matched = [
            (len(e.parts), m, n, e)
            for n, e in enumerate(index.candidates(word, lang))
            if (m := e.match(words, at, lang)) is not None
        ]
        if not matched:
            at += 1
            continue
        entry = min(matched, key=lambda found: (-found[0], found[1], found[2]))[3]
        out.append(Sense(at, at + len(entry.parts), entry.kind, entry.sense))
        at += len(entry.parts)
    return out


def carries_rule(text: str, lang: str) -> bool:
    """Whether ``text`` states any fact of the rules (a number, a modal verb, a negation, a quantifier, a
    comparative, a time, a turn or round, an actor): leaving it out, or adding it, can change play."""
    return any(s.kind in RULE_KINDS for s in senses(split_words(text), lang))


def count(words: Sequence[str], lang: str) -> Counter[tuple[str, str]]:
    """How often the run of ``words`` states each (kind, sense)."""
    return Counter((s.kind, s.sense) for s in senses(words, lang))


def vocabulary(lang: str) -> frozenset[str]:
    """Every whole word of the lexicons in ``lang``: a word a scanner broke may be joined into one of these even
    where the edition never prints it."""
    return frozenset(
        part
        for negation in (False, True)
        for entry in _entries(lang, negation)
        for mode, part in entry.parts
        if mode != "*"
    )
