"""Finding where a scan sits in an edition: the edition's sentences located in the scan's reflowed text.

Most damage from scanning does not change a sentence's :func:`~armata_rules.kernel.texts.scan.key`, so an
unchanged sentence is mostly found in the scan's key exactly. Long sentences the edition prints once are found
first, where the scan has them as a sentence of its own (a heading's words inside another sentence are not the
heading), and chained in order (the heaviest chain of non-overlapping, increasing matches: the scan may be a few
pages from anywhere in the edition); the sentences right after or before a found one are then found next to it.
Shorter sentences are searched for nowhere else: "Phase 3." may stand inside another sentence. What is left
between two found sentences is a *gap*: edition sentences not found, and the scan's text in their place, for the
finder to compare word by word. Where two found sentences stand far apart in the edition but close in the scan,
the scan holds two excerpts: the gap between them is open at both ends, like the scan's own start and end, and
nothing the edition has there counts as left out.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from armata_rules.kernel.texts.corpus import Corpus, Lines
from armata_rules.kernel.texts.lexicon import split_words
from armata_rules.kernel.texts.scan import ScanText, key, normalize
from armata_rules.kernel.texts.text import sentences

__all__ = ["Gap", "Match", "RefSentence", "Reference", "locate", "reference"]

_ANCHOR = 20  # key length from which a sentence is distinctive enough to anchor the chain
_LONG = 60  # ... and from which it is no heading that may be read inside another sentence
_MAX_REPEATS = 4
_JUMP = 1000  # edition text (key characters) skipped between two found sentences from which the scan is two excerpts
_JUMP_RATIO = 4  # ... when it is also this many times the scan's text between them
_SENTENCE_ENDS = frozenset(".!?;:")  # what ends a sentence
_SENTENCE_MARKS = _SENTENCE_ENDS | frozenset("-–—•►*")  # what may stand right before one (a full stop, a bullet)


@dataclass(frozen=True, slots=True)
class RefSentence:
    """A sentence of the edition: its line, the clause it belongs to, its text and key, and the key of what the
    edition prints before it that is no sentence (a paragraph of its own too short to be one: a section's number
    "6", a lone "or" between two list items)."""

    line: int
    clause: str
    text: str
    key: str
    lead: str = ""


@dataclass(frozen=True)
class Reference:
    """One language of one edition as sentences, with the words and word pairs the language uses (in any file of
    the texts, and the lexicons' words): what a word broken by a scanner may be joined into."""

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


def _build(books: Lines, corpus: Corpus, edition: str, lang: str, vocabulary: frozenset[str]) -> Reference:
    out: list[RefSentence] = []
    lead = ""
    for number, raw in enumerate(books.lines[edition], start=1):
        if not raw.strip() or books.language_of(edition, number) != lang:
            continue
        clause = corpus.index.get((edition, number), f"{edition}-{lang}-{number}")
        text = re.sub(r"\*+", "", normalize(raw.strip()))  # markdown emphasis is not printed
        found = sentences(text)
        if not found:
            lead += key(text)
        for sentence in found:
            out.append(RefSentence(number, clause, sentence, key(sentence), lead))
            lead = ""
    words: set[str] = set(vocabulary)
    pairs: set[str] = set()
    for other in books.lines:
        for number, raw in enumerate(books.lines[other], start=1):
            if books.language_of(other, number) == lang:
                tokens = split_words(raw)
                words.update(tokens)
                pairs.update(f"{a} {b}" for a, b in itertools.pairwise(tokens))
    return Reference(edition, lang, tuple(out), "".join(s.key for s in out), frozenset(words), frozenset(pairs))


# keyed by object ids; the objects are kept with the entry, so an id cannot be reused while it is cached
_CACHE: dict[tuple[int, int, str, str, frozenset[str]], tuple[Lines, Corpus, Reference]] = {}


def reference(
    books: Lines, corpus: Corpus, edition: str, lang: str, vocabulary: frozenset[str] = frozenset()
) -> Reference:
    """The sentences of ``lang`` in ``edition`` (the key of a file), with ``vocabulary`` (the lexicons' words in
    ``lang``) among the words a broken word may be joined into (cached per loaded texts and corpus)."""
    slot = (id(books), id(corpus), edition, lang, vocabulary)
    if slot not in _CACHE:
        _CACHE[slot] = (books, corpus, _build(books, corpus, edition, lang, vocabulary))
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
    ``edge`` when the gap runs to the start or end of the scan (which may begin or end mid-edition), ``jump`` when
    it lies between two excerpts (open at both ends)."""

    first: int
    last: int
    start: int
    end: int
    edge: bool
    jump: bool = False


def _occurrences(text: str, needle: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(needle), text)]


def _whole_sentence(scan: ScanText, start: int, end: int) -> bool:
    """Whether key characters ``start``..``end`` of the scan are a sentence of it: they begin where the scan, a
    paragraph, a list item or a sentence begins, and end where one ends (a full stop or the like, a paragraph's
    end). A heading's words found inside a sentence ("as many Blood Points on the Inferno card") or at its start
    ("The Advanced Action cards placed ...") are not the heading."""
    return _boundary(scan, start, _SENTENCE_MARKS) and _boundary(scan, end, _SENTENCE_ENDS)


def _boundary(scan: ScanText, at: int, marks: frozenset[str]) -> bool:
    """Whether a sentence may begin or end between key characters ``at - 1`` and ``at``: at either end of the
    scan, where a paragraph or a list item begins, or where one of ``marks`` stands between them."""
    if at <= 0 or at >= len(scan.key):
        return True
    start, index = scan.origin[at - 1] + 1, scan.origin[at]
    return any(ch in marks for ch in scan.text[start:index]) or any(b in scan.breaks for b in range(start, index + 1))


def _chain(ref: Sequence[RefSentence], scan: ScanText) -> list[Match]:
    """The heaviest chain of long sentences found in order and without overlap (weights: key lengths)."""
    anchors: list[Match] = []
    printed = Counter(sentence.key for sentence in ref)
    for index, sentence in enumerate(ref):
        if len(sentence.key) < _ANCHOR or printed[sentence.key] > 1:
            continue  # short, or printed twice (a heading): either may stand for either copy in the scan
        size = len(sentence.key)
        found = [p for p in _occurrences(scan.key, sentence.key) if size >= _LONG or _whole_sentence(scan, p, p + size)]
        if 0 < len(found) <= _MAX_REPEATS:
            anchors.extend(Match(index, p, p + len(sentence.key)) for p in found)
    size = len(scan.key) + 2
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
    chain = _chain(ref, scan)
    if not chain:
        return [], []
    matches: list[Match] = []
    gaps: list[Gap] = []
    bounds = [Match(-1, 0, 0), *chain, Match(len(ref), len(scan.key), len(scan.key))]
    for left, right in itertools.pairwise(bounds):
        if left.ref >= 0:
            matches.append(left)
        jump = left.ref >= 0 and right.ref < len(ref) and _is_jump(ref, left, right)
        edge = left.ref < 0 or right.ref >= len(ref) or jump
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
        if first < last or start < end:
            gaps.append(Gap(first, last, start, end, edge, jump))
        matches.extend(tail[::-1])
    matches.sort(key=lambda m: m.start)
    gaps.sort(key=lambda g: g.start)
    return matches, gaps


def _is_jump(ref: Sequence[RefSentence], left: Match, right: Match) -> bool:
    """Whether the edition's text between two found sentences is far longer than the scan's between them."""
    skipped = sum(len(ref[k].key) for k in range(left.ref + 1, right.ref))
    return skipped > max(_JUMP, _JUMP_RATIO * (right.start - left.end))
