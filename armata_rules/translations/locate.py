"""Finding where a scan sits in an edition: the edition's sentences located in the scan's reflowed text.

Damage from scanning never changes a sentence's :func:`~armata_rules.translations.scan.key`, so an unchanged
sentence is found in the scan's key exactly. Long sentences are found first and chained in order (the heaviest
chain of non-overlapping, increasing matches: the scan may be a few pages from anywhere in the edition); shorter
ones are then found next to their neighbours. What is left between two found sentences is a *gap*: edition
sentences not found, and the scan's text in their place, for the finder to compare.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from armata_rules.translations.corpus import Corpus
from armata_rules.translations.scan import ScanText, key, normalize
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.text import sentences

__all__ = ["Gap", "Match", "RefSentence", "Reference", "locate", "reference"]

_ANCHOR = 20  # key length from which a sentence is distinctive enough to anchor the chain
_MAX_REPEATS = 4


@dataclass(frozen=True, slots=True)
class RefSentence:
    """A sentence of the edition: its line, the clause it belongs to, its text and key."""

    line: int
    clause: str
    text: str
    key: str


@dataclass(frozen=True)
class Reference:
    """One language of one edition as sentences, with the words and word pairs the language uses."""

    edition: str
    lang: str
    sentences: tuple[RefSentence, ...]
    key: str
    words: frozenset[str]
    pairs: frozenset[str]

    @property
    def source(self) -> str:
        """``peg19.it``."""
        return f"{self.edition}.{self.lang}"


def _build(books: Rulebooks, corpus: Corpus, edition: str, lang: str) -> Reference:
    out: list[RefSentence] = []
    for number, raw in enumerate(books.lines[edition], start=1):
        if not raw.strip() or books.language_of(edition, number) != lang:
            continue
        clause = corpus.index.get((edition, number), f"{edition}-{lang}-{number}")
        for sentence in sentences(normalize(raw.strip()).replace("**", "")):  # emphasis is not printed
            out.append(RefSentence(number, clause, sentence, key(sentence)))
    words: set[str] = set()
    pairs: set[str] = set()
    for other in books.lines:
        for number, raw in enumerate(books.lines[other], start=1):
            if books.language_of(other, number) == lang:
                tokens = [key(t) for t in normalize(raw).split()]
                tokens = [t for t in tokens if t]
                words.update(tokens)
                pairs.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))
    words.update(_extra_words(lang))
    return Reference(edition, lang, tuple(out), "".join(s.key for s in out), frozenset(words), frozenset(pairs))


# keyed by object ids; the objects are kept with the entry, so an id cannot be reused while it is cached
_CACHE: dict[tuple[int, int, str, str], tuple[Rulebooks, Corpus, Reference]] = {}


def _extra_words(lang: str) -> set[str]:
    """The words of the fact lexicons, so that a scan's broken "hig hest" is joined even if the edition never
    prints "highest"."""
    from armata_rules.translations import lexicon

    return {key(w) for w in lexicon.words(lang)}


def reference(books: Rulebooks, corpus: Corpus, edition: str, lang: str) -> Reference:
    """The sentences of ``lang`` in ``edition`` (cached per loaded rulebooks and corpus)."""
    slot = (id(books), id(corpus), edition, lang)
    if slot not in _CACHE:
        _CACHE[slot] = (books, corpus, _build(books, corpus, edition, lang))
    return _CACHE[slot][2]


@dataclass(frozen=True, slots=True)
class Match:
    """Edition sentence ``ref`` found at key characters ``start``..``end`` of the scan."""

    ref: int
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Gap:
    """Edition sentences ``first``..``last`` (exclusive) not found, and the scan's key characters in their place;
    ``edge`` when the gap runs to the start or end of the scan (which may begin or end mid-edition)."""

    first: int
    last: int
    start: int
    end: int
    edge: bool


def _occurrences(text: str, needle: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(needle), text)]


def _chain(ref: Sequence[RefSentence], scan_key: str) -> list[Match]:
    """The heaviest chain of long sentences found in order and without overlap (weights: key lengths)."""
    anchors: list[Match] = []
    for index, sentence in enumerate(ref):
        if len(sentence.key) < _ANCHOR:
            continue
        found = _occurrences(scan_key, sentence.key)
        if 0 < len(found) <= _MAX_REPEATS:
            anchors.extend(Match(index, p, p + len(sentence.key)) for p in found)
    size = len(scan_key) + 2
    tree: list[tuple[int, int]] = [(0, -1)] * (size + 1)  # Fenwick tree of (best weight, anchor) by end offset

    def query(end: int) -> tuple[int, int]:
        best, i = (0, -1), end + 1
        while i > 0:
            best = max(best, tree[i])
            i -= i & -i
        return best

    def update(end: int, value: tuple[int, int]) -> None:
        i = end + 1
        while i <= size:
            tree[i] = max(tree[i], value)
            i += i & -i

    best: list[int] = []
    previous: list[int] = []
    k = 0
    while k < len(anchors):
        group_end = k
        while group_end < len(anchors) and anchors[group_end].ref == anchors[k].ref:
            group_end += 1
        results = []
        for a in range(k, group_end):
            weight, before = query(anchors[a].start)
            results.append((a, weight + anchors[a].end - anchors[a].start, before))
        for a, weight, before in results:
            best.append(weight)
            previous.append(before)
            update(anchors[a].end, (weight, a))
        k = group_end
    if not anchors:
        return []
    _, last = query(size - 1)
    chain = []
    while last >= 0:
        chain.append(anchors[last])
        last = previous[last]
    return chain[::-1]


def locate(ref: Sequence[RefSentence], scan: ScanText) -> tuple[list[Match], list[Gap]]:
    """The edition's sentences found in the scan, in order, and the gaps between them."""
    chain = _chain(ref, scan.key)
    if not chain:
        return [], []
    matches: list[Match] = []
    gaps: list[Gap] = []
    bounds = [Match(-1, 0, 0), *chain, Match(len(ref), len(scan.key), len(scan.key))]
    for left, right in itertools.pairwise(bounds):
        if left.ref >= 0:
            matches.append(left)
        edge = left.ref < 0 or right.ref >= len(ref)
        first, last, start, end = left.ref + 1, right.ref, left.end, right.start
        inner: list[Match] = []
        while first < last and ref[first].key and scan.key.startswith(ref[first].key, start):
            if start + len(ref[first].key) > end:
                break
            inner.append(Match(first, start, start + len(ref[first].key)))
            start += len(ref[first].key)
            first += 1
        tail: list[Match] = []
        while last > first and ref[last - 1].key and scan.key.endswith(ref[last - 1].key, start, end):
            end -= len(ref[last - 1].key)
            tail.append(Match(last - 1, end, end + len(ref[last - 1].key)))
            last -= 1
        matches.extend(inner)
        if not edge:
            inner_gaps = _fill(ref, scan.key, first, last, start, end, matches)
            gaps.extend(inner_gaps)
        elif first < last or start < end:
            gaps.append(Gap(first, last, start, end, True))
        matches.extend(tail[::-1])
    matches.sort(key=lambda m: m.start)
    gaps.sort(key=lambda g: g.start)
    return matches, gaps


def _fill(
    ref: Sequence[RefSentence], scan_key: str, first: int, last: int, start: int, end: int, matches: list[Match]
) -> list[Gap]:
    """Inside a gap between two found sentences, find the remaining ones in order; return what is still left."""
    gaps: list[Gap] = []
    gap_first, gap_start = first, start
    for index in range(first, last):
        needle = ref[index].key
        if len(needle) < 3:
            continue
        at = scan_key.find(needle, start, end)
        if at < 0:
            continue
        if gap_first < index or gap_start < at:
            gaps.append(Gap(gap_first, index, gap_start, at, False))
        matches.append(Match(index, at, at + len(needle)))
        start = at + len(needle)
        gap_first, gap_start = index + 1, start
    if gap_first < last or gap_start < end:
        gaps.append(Gap(gap_first, last, gap_start, end, False))
    return gaps
