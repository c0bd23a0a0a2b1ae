"""What the words of a rule mean to the text tools, in every language the kernel has a lexicon for: which words
state a fact of the rules.

The lexicons are data, one TOML file a language under ``lexicons/`` (``en.toml`` … ``pl.toml``): modal verbs,
comparatives, scope words and number words, which :func:`~armata_rules.kernel.texts.text.facts` counts in a
sentence; negations, quantifiers and timing words, which a :class:`Lexicon` reads word by word besides. A rule
changes just as much when "not" is added, when "up to" becomes "exactly" or when "before" becomes "after": a
:class:`Lexicon` names, for a run of words, each fact it states (kind and sense, such as ``("quantifier",
"up-to")``), so a changed word can be classified by what it states. A game adds its own tables (Armata its actors:
"the Apprentice does what the Master did").

Entries are accent-folded and lowercase; words are runs of letters and digits (an apostrophe splits: ``n'`` is
the word ``n``). An entry ending in ``*`` is a stem (any word starting with it); one ending in ``~`` is any
inflection of the word by the language's Snowball stemmer ("turni" for "turno"), where a hand stem would catch
too much or too little (a language without a stemmer, as Polish, takes the word as written); any other entry is
the whole word. Entries of several words match a run of words.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import snowballstemmer  # type: ignore[import-untyped]

from armata_rules.kernel.texts.scan import key, normalize

__all__ = [
    "COMPARATIVE",
    "FOLDER",
    "LANGUAGES",
    "MODAL",
    "NEGATION",
    "NUMBER_WORDS",
    "PAGE_WORDS",
    "QUANTIFIER",
    "RULE_KINDS",
    "SCOPE",
    "SINGLE_LETTER_WORDS",
    "TIMING",
    "Lexicon",
    "LexiconError",
    "Sense",
    "Table",
    "split_words",
]

#: Where the lexicon files are: ``LANG.toml`` each.
FOLDER = Path(__file__).resolve().parent / "lexicons"

#: A lexicon table: sense → language → entries.
Table = dict[str, dict[str, list[str]]]


class LexiconError(ValueError):
    """A lexicon file cannot be read; the message names the file, the key and the problem."""


def _strings(path: Path, where: str, value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise LexiconError(f"{path.name}: {where}: expected a list of words")
    return list(value)


_TABLES = ("modal", "comparative", "scope", "quantifier", "timing")


def _load(folder: Path) -> dict[str, dict[str, object]]:
    """Every ``LANG.toml`` of ``folder``, by language, in file-name order."""
    out: dict[str, dict[str, object]] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise LexiconError(f"{path.name}: not valid TOML: {err}") from None
        unknown = sorted(set(data) - {"stemmer", "page_words", "single_letter_words", "negation", "numbers", *_TABLES})
        if unknown:
            raise LexiconError(f"{path.name}: {unknown[0]}: not a part of a lexicon")
        out[path.stem] = data
    return out


def _table(raw: Mapping[str, Mapping[str, object]], name: str) -> Table:
    """Table ``name`` of every language: senses in the order the files first give them."""
    table: Table = {}
    for lang, data in raw.items():
        part = data.get(name, {})
        if not isinstance(part, dict):
            raise LexiconError(f"{lang}.toml: {name}: expected a table")
        for sense, entries in part.items():
            table.setdefault(sense, {})[lang] = _strings(FOLDER / f"{lang}.toml", f"{name}.{sense}", entries)
    return table


def _numbers(lang: str, data: Mapping[str, object]) -> tuple[tuple[int, str], ...]:
    part = data.get("numbers", {})
    if not isinstance(part, dict) or not all(value.isdigit() for value in part):
        raise LexiconError(f"{lang}.toml: numbers: expected a table of values (0, 1, 2, ...) to words")
    path = FOLDER / f"{lang}.toml"
    pairs = [(int(value), w) for value, words in part.items() for w in _strings(path, f"numbers.{value}", words)]
    return tuple(sorted(pairs, key=lambda pair: pair[0]))  # stable: a value's words in the file's order


_RAW = _load(FOLDER)
#: The languages with a lexicon, in file-name order.
LANGUAGES = tuple(_RAW)
#: Modal verbs (``may``, ``must``, ``cannot``) as the facts of a sentence read them: a stem ending with a space is a
#: whole word, any other a prefix.
MODAL = _table(_RAW, "modal")
#: Comparatives (``more``, ``fewer``), read as :data:`MODAL`.
COMPARATIVE = _table(_RAW, "comparative")
#: Scope words (``turn``, ``round``), read as :data:`MODAL`.
SCOPE = _table(_RAW, "scope")
#: How many or how far: "up to" the value is not "exactly" the value.
QUANTIFIER = _table(_RAW, "quantifier")
#: When: before or after, at the start or the end, at once, during, until.
TIMING = _table(_RAW, "timing")
#: Negations, by language.
NEGATION = {lang: _strings(FOLDER / f"{lang}.toml", "negation", d.get("negation", [])) for lang, d in _RAW.items()}
#: Number words, by language: (value, word) in value order.
NUMBER_WORDS = {lang: _numbers(lang, data) for lang, data in _RAW.items()}
#: Words that make the number after them a page ("S. 12" in German, "str. 14" in Polish), beyond those of every
#: language (:data:`_PAGE_WORDS`).
PAGE_WORDS = {
    lang: frozenset(_strings(FOLDER / f"{lang}.toml", "page_words", d.get("page_words", [])))
    for lang, d in _RAW.items()
}
#: One-letter words of a language beyond the few every text reader keeps (a conjunction or preposition, not a letter
#: split off a word by the extraction).
SINGLE_LETTER_WORDS = {
    lang: frozenset(_strings(FOLDER / f"{lang}.toml", "single_letter_words", d.get("single_letter_words", [])))
    for lang, d in _RAW.items()
}
_STEMMERS = {lang: str(data.get("stemmer", "")) for lang, data in _RAW.items()}

#: The kinds of fact, in the order a word is claimed when two entries of equal length match it ("au plus" is a
#: quantifier before "plus" is a comparative).
RULE_KINDS = ("numeric", "quantifier", "modality", "negation", "tie-break", "timing", "scope", "actor")

_PAGE_WORDS = frozenset({"p", "pp", "pag", "page", "pages", "pagina", "pagine", "paginas", "seite", "seiten"})
_BETWEEN_WORDS = re.compile(r"[^\w\u0300-\u036f]+|_")


def split_words(text: str) -> list[str]:
    """The words of ``text`` as the lexicons read them: the :func:`~armata_rules.kernel.texts.scan.key` of each
    run of letters and digits (accents folded, "ß" as "ss")."""
    return [k for piece in _BETWEEN_WORDS.split(normalize(text)) if (k := key(piece))]


class _Stemmer(Protocol):
    def stemWord(self, word: str) -> str: ...


class _Unstemmed:
    """A language without a Snowball stemmer: every word is its own stem."""

    def stemWord(self, word: str) -> str:
        return word


@functools.cache
def _stemmer(lang: str) -> _Stemmer:
    name = _STEMMERS.get(lang, "")
    stemmer: _Stemmer = snowballstemmer.stemmer(name) if name else _Unstemmed()
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
    """A stem of :data:`MODAL`, :data:`COMPARATIVE` or :data:`SCOPE` in an entry's notation: there a stem ending
    with a space is a whole word (here: any of its inflections), any other a prefix (here: a prefix or an
    inflection, so the stem "turno" reads "turni" too). The last word of a run ("has to", "can't") is whole: "has
    token" is no modal."""
    whole = stem.endswith(" ") or " " in stem.strip() or "'" in stem
    return stem.strip() + ("~" if whole else "^")


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


def _as_entries(table: Table) -> Table:
    return {k: {lg: [_text_stem(s) for s in v] for lg, v in by.items()} for k, by in table.items()}


class Lexicon:
    """The kernel's lexicons and a game's own tables (``actors``: who does a thing, of kind ``actor``), read word
    by word. Indexes are built per language on first use and kept."""

    __slots__ = ("_entries", "_indexes", "_vocabularies", "actors")

    def __init__(self, actors: Table | None = None) -> None:
        self.actors: Table = actors or {}
        self._entries: dict[tuple[str, bool], tuple[_Entry, ...]] = {}
        self._indexes: dict[tuple[str, bool], _Index] = {}
        self._vocabularies: dict[str, frozenset[str]] = {}

    def entries(self, lang: str, negation: bool) -> tuple[_Entry, ...]:
        """The negations in ``lang`` (``negation``), or every other entry of the lexicons, longest first, then in
        the order of :data:`RULE_KINDS`."""
        slot = (lang, negation)
        found = self._entries.get(slot)
        if found is None:
            found = self._entries[slot] = self._build(lang, negation)
        return found

    def _build(self, lang: str, negation: bool) -> tuple[_Entry, ...]:
        if negation:
            return tuple(sorted((_Entry("negation", "not", _parts(e)) for e in NEGATION.get(lang, [])), key=_length))
        tables: list[tuple[str, Table]] = [
            ("quantifier", QUANTIFIER),
            ("modality", _as_entries(MODAL)),
            ("tie-break", _as_entries(COMPARATIVE)),
            ("timing", TIMING),
            ("scope", _as_entries(SCOPE)),
            ("actor", self.actors),
        ]
        out = [
            _Entry("numeric", str(value), (("=", word),))
            for value, word in NUMBER_WORDS.get(lang, ())
            if value >= 2  # "one" and "a" are an article as often as a number
        ]
        for kind, table in tables:
            for sense, by_lang in table.items():
                out.extend(_Entry(kind, sense, _parts(entry)) for entry in by_lang.get(lang, []))
        order = {kind: n for n, kind in enumerate(RULE_KINDS)}
        return tuple(sorted(out, key=lambda e: (_length(e), order[e.kind])))

    def _index(self, lang: str, negation: bool) -> _Index:
        slot = (lang, negation)
        index = self._indexes.get(slot)
        if index is not None:
            return index
        entries = self.entries(lang, negation)
        index = self._indexes[slot] = _Index({}, {}, {}, entries)
        for rank, entry in enumerate(entries):
            mode, part = entry.parts[0]
            index.whole.setdefault(part, []).append(rank)
            if mode in "*^":
                index.prefix.setdefault(part, []).append(rank)
            if mode in "~^":
                index.stem.setdefault(_stem(part, lang), []).append(rank)
        return index

    def senses(self, words: Sequence[str], lang: str) -> list[Sense]:
        """Every fact the run of ``words`` (as :func:`split_words` gives them) states, in order. Each word is read
        once by the longest entry that matches there, and once more for negations alone: "may not" is a modal
        verb (*cannot*) and holds a negation. A word holding a digit is a number, or a page reference after a page
        word ("p. 14", "pag. 21")."""
        out = _read(words, lang, self._index(lang, negation=True), numbers=False)
        out += _read(words, lang, self._index(lang, negation=False), numbers=True)
        return sorted(out, key=lambda s: (s.start, s.end, s.kind))

    def carries_rule(self, text: str, lang: str) -> bool:
        """Whether ``text`` states any fact of the rules (a number, a modal verb, a negation, a quantifier, a
        comparative, a time, a turn or round, an actor): leaving it out, or adding it, can change play."""
        return any(s.kind in RULE_KINDS for s in self.senses(split_words(text), lang))

    def count(self, words: Sequence[str], lang: str) -> Counter[tuple[str, str]]:
        """How often the run of ``words`` states each (kind, sense)."""
        return Counter((s.kind, s.sense) for s in self.senses(words, lang))

    def vocabulary(self, lang: str) -> frozenset[str]:
        """Every whole word of the lexicons in ``lang``: a word a scanner broke may be joined into one of these
        even where the edition never prints it."""
        found = self._vocabularies.get(lang)
        if found is None:
            found = self._vocabularies[lang] = frozenset(
                part
                for negation in (False, True)
                for entry in self.entries(lang, negation)
                for mode, part in entry.parts
                if mode != "*"
            )
        return found


def _read(words: Sequence[str], lang: str, index: _Index, numbers: bool) -> list[Sense]:
    """The facts of ``words``: at each word, the longest entry that matches, one matched as spelled before one
    matched by its inflection ("meister" is the Master, not "meisten"), then the first in the lexicon's order."""
    out: list[Sense] = []
    page_words = PAGE_WORDS.get(lang, frozenset())
    at = 0
    while at < len(words):
        word = words[at]
        if numbers and any(ch.isdigit() for ch in word):
            page = at > 0 and (words[at - 1] in _PAGE_WORDS or words[at - 1] in page_words)
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
