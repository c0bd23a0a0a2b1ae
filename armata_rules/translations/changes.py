"""The words that changed between a run of the edition's sentences and the new text in their place.

Both texts are cut into words (runs of letters and digits, compared by their
:func:`~armata_rules.kernel.texts.scan.key`: accents and case folded) and compared in one word diff, so a
heading run into the next sentence, a full stop read as a comma or a list's number ("2)") never pairs the wrong
sentences. What scanning does to words is undone first. With the language's words as the model, pieces of a word
are joined and a break moved by one letter is put back ("exa ctement", "dee xactement"); with the edition as the
model, where the two texts hold the same letters, the new text's word breaks are put where the edition's are (a
space moved across a word boundary, "leP owerwolf"; a word split, "S trigoi"; a space before an apostrophe or a
comma, "l 'autel", "tour ,"); and a word that is one of the edition's words (or of the lexicons') with one inner
letter dropped ("Powerwlf") is read as that word. Accents, doubled or dropped, are folded away by the key.

Whatever still differs is a change: a sentence left out or added whole, or, inside a sentence, a run of changed
words (runs one word apart are one change) classified by the facts its words state
(:func:`~armata_rules.translations.lexicon.senses`): a number, a quantifier, a modal verb, a negation, a
comparative, a time, a turn or round, an actor; a parenthesis left out or added; ``unclassified`` when the
lexicons know none of its words. Nothing that differs is dropped, except where the new text may simply begin or
end (a page cut inside a sentence), what the edition prints between sentences as no sentence of its own (a
section's number), and a page's label the scan's reader set aside ("p. 23").
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Sequence, Set
from dataclasses import dataclass, field, replace

from armata_rules.kernel.texts.scan import PAGE_LABEL, key_with_origins, normalize
from armata_rules.translations.lexicon import RULE_KINDS, carries_rule, count, vocabulary

__all__ = ["Added", "Change", "Comparison", "Dropped", "Words", "compare", "judged", "mend", "rejoin", "split"]

_MIN_BLOCK = 4  # letters two texts must share in a row before the edition's word breaks are laid over the new
_MIN_TERM = 5  # a word at least this long may have lost one inner letter to the scanner
_CONTEXT = 2  # words either side of a change read with it, so that "up to" is read when only "to" changed
_MIN_SENTENCE = 12  # key length up to which words added between sentences are a change, not a sentence
_EDGE_NOISE = 40  # key length up to which text where the new text begins or ends is a header or a cut sentence
_PARENTHESIS = re.compile(r"\([^()]*\)")
_SENTENCE_END = re.compile(r"[.!?;:]")


@dataclass(frozen=True, slots=True)
class Words:
    """A text cut into words: its key, for each key character the index in ``text`` it comes from, and where
    each word starts in the key (with the key's length last)."""

    text: str
    key: str
    origin: tuple[int, ...]
    starts: tuple[int, ...]

    def __len__(self) -> int:
        return max(0, len(self.starts) - 1)

    def word_keys(self) -> list[str]:
        """Each word's key."""
        return [self.key[a:b] for a, b in itertools.pairwise(self.starts)]

    def span(self, first: int, last: int) -> tuple[int, int]:
        """The characters of ``text`` that hold words ``first``..``last`` (exclusive, at least one word)."""
        return self.origin[self.starts[first]], self.origin[self.starts[last] - 1] + 1

    def quote(self, first: int, last: int) -> str:
        """Words ``first``..``last`` (exclusive) as the text prints them; empty for no word."""
        if first >= last:
            return ""
        start, end = self.span(first, last)
        return self.text[start:end]

    def between(self, first: int, second: int) -> str:
        """The text between the end of word ``first`` and the start of word ``second`` (the text's start or end
        for a word before the first or after the last)."""
        start = self.span(first, first + 1)[1] if first >= 0 else 0
        end = self.origin[self.starts[second]] if second < len(self) else len(self.text)
        return self.text[start:end]

    def at(self, index: int) -> int:
        """The key offset of word ``index`` (the last word's for an index past the end; 0 in an empty text)."""
        return self.starts[min(index, len(self) - 1)] if len(self) else 0


def split(text: str) -> Words:
    """``text`` (normalized) cut into words: a word ends where anything but a letter, a digit or an accent
    stands between two key characters."""
    squashed, origin = key_with_origins(text)
    starts = [0]
    for i in range(1, len(squashed)):
        between = text[origin[i - 1] + 1 : origin[i]]
        if any(not unicodedata.combining(ch) for ch in between):
            starts.append(i)
    if squashed:
        starts.append(len(squashed))
    return Words(text, squashed, tuple(origin), tuple(starts))


def mend(old: Words, new: Words, keep: Set[str] = frozenset()) -> Words:
    """``new`` with its word breaks laid over ``old``'s wherever the two hold the same letters (at least
    :data:`_MIN_BLOCK` in a row): a space a scanner moved, added or dropped inside such a run is undone, and a
    run that holds an edition's word whole ends (and begins) where that word does. The letters are compared only
    where the words differ (with a word of context either side), so a long text costs little more than its changes.
    A word of ``keep`` is never cut in two ("canot", "cannot" with a letter dropped, is not "can ot")."""
    old_keys, new_keys = old.word_keys(), new.word_keys()
    starts = set(new.starts)
    old_starts = set(old.starts)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False).get_opcodes():
        if tag != "replace":
            continue
        a0, b0 = old.starts[max(0, i1 - 1)], new.starts[max(0, j1 - 1)]
        a1, b1 = old.starts[min(len(old_keys), i2 + 1)], new.starts[min(len(new_keys), j2 + 1)]
        region = difflib.SequenceMatcher(None, old.key[a0:a1], new.key[b0:b1], autojunk=False)
        for block in region.get_matching_blocks():
            a, b, size = a0 + block.a, b0 + block.b, block.size
            if size < _MIN_BLOCK:
                continue
            for k in range(1, size):
                if a + k in old_starts:
                    starts.add(b + k)
                else:
                    starts.discard(b + k)
            last = old.starts[bisect_left(old.starts, a + size) - 1]  # where the run's last edition word starts
            whole = a <= last and b + last - a in starts  # the run holds that word whole, in both texts
            if whole and a + size in old_starts and b + size < len(new.key) and not _kept(new, b + size, keep):
                _move(new, starts, b + size, range(b + size + 1, b + size + 3))  # "zuG arten": "zu garten"
            following = old.starts[bisect_right(old.starts, a)] if a < len(old.key) else a
            whole = following <= a + size and b + following - a in starts  # ... the run's first word, likewise
            if whole and a in old_starts and b > 0 and not _kept(new, b, keep):
                _move(new, starts, b, range(b - 2, b))  # "jardi ndes" for "citadelle des": "jardin des"
    return replace(new, starts=tuple(sorted(starts)))


def _move(words: Words, starts: set[int], at: int, near: range) -> None:
    """A word break put at key offset ``at`` inside a word of the new text (where an edition's word begins or
    ends): a break a space made a letter or two away (``near``) is moved there rather than kept beside it, so no
    letter is left alone ("jardi ndes")."""
    if at in starts:
        return  # a word of the new text ends (or begins) there already
    for other in near:
        spaced = (
            0 < other < len(words.key) and not words.text[words.origin[other - 1] + 1 : words.origin[other]].strip()
        )
        if spaced and other != at:
            starts.discard(other)
    starts.add(at)


def _kept(words: Words, at: int, keep: Set[str]) -> bool:
    """Whether the word of ``words`` that holds key offset ``at`` is one of ``keep``."""
    index = bisect_right(words.starts, at) - 1
    return words.key[words.starts[index] : words.starts[index + 1]] in keep


def _scanned_alike(old: Sequence[str], new: Sequence[str]) -> bool:
    """Whether words ``new`` are words ``old`` as a scanner may print them: the same letters, broken elsewhere,
    with one inner letter of a word of :data:`_MIN_TERM` letters or more dropped at most ("É ́vé ́uel")."""
    was, now = "".join(old), "".join(new)
    if was == now:
        return True
    if len(was) != len(now) + 1:
        return False
    at = 0
    for word in old:
        if len(word) >= _MIN_TERM:
            for i in range(at + 1, at + len(word) - 1):
                if was[:i] + was[i + 1 :] == now:
                    return True
        at += len(word)
    return False


def _dropped_letters(known: Sequence[str]) -> dict[str, str]:
    """Each word of ``known`` (of :data:`_MIN_TERM` letters or more) with one inner letter dropped, and the word:
    "powerwlf" → "powerwolf". A form two words give ("salar": "saltar", "salvar") is left out: which word it
    stands for is told by where it stands (:func:`_scanned_alike`)."""
    out: dict[str, str] = {}
    for word in known:
        if len(word) >= _MIN_TERM:
            for i in range(1, len(word) - 1):
                form = word[:i] + word[i + 1 :]
                out[form] = word if out.get(form, word) == word else ""
    return {form: word for form, word in out.items() if word}


@functools.cache
def _lexicon_letters(lang: str) -> dict[str, str]:
    """:func:`_dropped_letters` of the lexicons' words: a word the new text adds, read as the fact it states
    even with a letter dropped ("exatly")."""
    return _dropped_letters(sorted(vocabulary(lang)))


@dataclass(frozen=True, slots=True)
class Change:
    """A run of changed words in edition sentence ``sentence`` (-1: the edition has no sentence there): the kinds
    of fact it changes (:data:`~armata_rules.translations.lexicon.RULE_KINDS`, ``parenthesis``, or
    ``unclassified``), its severity, the edition's words and the new text's as each prints them (one side is empty
    for a word or a parenthesis left out or added), the key offset in the new text where it stands (-1: just
    before the text), and the characters of the new text it covers."""

    sentence: int
    kinds: tuple[str, ...]
    severity: str
    was: str
    now: str
    at: int
    span: tuple[int, int]

    def describe(self, where: str, there: str) -> str:
        """One clause saying what changed, quoting the words on both sides: ``where`` names the new text's line,
        ``there`` the edition's."""
        what = "the parenthesis " if self.kinds == ("parenthesis",) else ""
        if not self.now:
            return f"{where} leaves out {what}*{self.was}* of {there}"
        if not self.was:
            return f"{where} adds {what}*{self.now}*, which {there} does not have"
        return f"{where} says *{self.now}* where {there} says *{self.was}*"


@dataclass(frozen=True, slots=True)
class Added:
    """A sentence the new text adds: its text, the key offset where it starts, and the edition sentence it
    stands before (or after, at the end; -1 where the edition has no sentence)."""

    text: str
    at: int
    near: int


@dataclass(frozen=True, slots=True)
class Dropped:
    """A sentence of the edition (``sentence``) the new text leaves out, whole or in part (``text``), and the key
    offset in the new text where it would stand."""

    sentence: int
    text: str
    at: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """What differs between edition sentences and a new text: the changes inside sentences, the sentences left
    out (with the key offset in the new text where each would stand), the sentences added, and for each edition
    sentence with a counterpart, its text in the new text (every change's ``now`` is part of it)."""

    new_text: str
    changes: list[Change] = field(default_factory=list)
    dropped: list[Dropped] = field(default_factory=list)
    added: list[Added] = field(default_factory=list)
    quotes: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Diff:
    """The two texts as words, each edition word's sentence, and the runs of changed words."""

    old: Words
    new: Words
    old_keys: list[str]
    new_keys: list[str]
    owner: list[int]
    groups: list[tuple[int, int, int, int]]
    counterpart: dict[int, list[int]]  # for each edition sentence, the new words that stand for its words
    matched: tuple[int, int]  # the first and last (exclusive) edition word of the runs the two texts share
    old_brackets: list[tuple[int, int, int, int]]  # the parentheses of each text (see _parentheses)
    new_brackets: list[tuple[int, int, int, int]]


def rejoin(words: Words, vocabulary: frozenset[str], pairs: frozenset[str]) -> Words:
    """``words`` with the breaks a scanner put in words the language knows (``vocabulary``) undone, where the
    edition cannot show them (a word it does not have there): two or three pieces joined ("exa ctement", "anot
    her"), or a break moved by one letter ("dee xactement" → "de exactement"). Pieces that are all words, or
    separated by more than spaces, or that stand side by side in the language's texts (``pairs``), are left as
    they are."""
    keys = words.word_keys()
    starts = set(words.starts)
    i = 0
    while i < len(keys):
        for width in (3, 2):
            group = keys[i : i + width]
            if len(group) < width or "".join(group) not in vocabulary or all(k in vocabulary for k in group):
                continue
            if any(f"{a} {b}" in pairs for a, b in itertools.pairwise(group)):
                continue
            if any(words.between(k, k + 1).strip() for k in range(i, i + width - 1)):
                continue
            starts.difference_update(words.starts[k] for k in range(i + 1, i + width))
            i += width - 1
            break
        else:
            if i + 1 < len(keys) and not words.between(i, i + 1).strip():
                a, b = keys[i], keys[i + 1]
                if a not in vocabulary or b not in vocabulary:
                    for shift in (-1, 1):  # "dee xactement", "leP owerwolf"
                        left, right = (a[:-1], a[-1] + b) if shift < 0 else (a + b[0], b[1:])
                        if left and right and left in vocabulary and right in vocabulary:
                            starts.discard(words.starts[i + 1])
                            starts.add(words.starts[i + 1] + shift)
                            break
        i += 1
    return replace(words, starts=tuple(sorted(starts)))


def _without_lead(
    new: list[str], run: tuple[int, int, int, int], owner: list[int], leads: Sequence[str]
) -> tuple[int, int, int, int] | None:
    """A run without the words the new text has before an edition sentence that the edition prints there too, as
    no sentence of its own (``leads``: for each sentence, and for the one after the last); ``None`` if nothing
    else is left of it."""
    i1, i2, j1, j2 = run
    if not _boundary(owner, i1):
        return run
    at = owner[i1] if i1 < len(owner) else len(leads) - 1
    lead = leads[at] if 0 <= at < len(leads) else ""
    for end in range(j1 + 1, j2 + 1):
        if lead and "".join(new[j1:end]) == lead:
            return None if (i1, end) == (i2, j2) else (i1, i2, end, j2)
    return run


def _diff(
    olds: Sequence[str], new_text: str, lang: str, words: frozenset[str], pairs: frozenset[str], leads: Sequence[str]
) -> _Diff:
    """The edition sentences ``olds`` (joined) and ``new_text`` as words, scan damage undone, and the runs of words
    that differ: split where a run spans two sentences, moved to a sentence's boundary where it may equally stand
    there, without what the edition prints between sentences (``leads``), and joined when one word apart."""
    texts = [normalize(t) for t in olds]
    firsts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    old = split(" ".join(texts))
    facts = _lexicon_letters(lang)  # the lexicons' words with a letter dropped: "exatly", "canot"
    new = mend(old, rejoin(split(normalize(new_text)), words | facts.keys(), pairs), facts.keys())
    owner = [bisect_right(firsts, old.origin[old.starts[i]]) - 1 for i in range(len(old))]
    old_keys = old.word_keys()
    known = set(old_keys)
    dropped = _dropped_letters(list(known))  # order-free: a form two words give is left out
    new_keys = [
        w if w in known else dropped.get(w) or (facts.get(w, w) if w not in words else w) for w in new.word_keys()
    ]
    matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
    counterpart: dict[int, list[int]] = {}
    runs: list[tuple[int, int, int, int]] = []
    opcodes = matcher.get_opcodes()
    shared = [(i1, i2) for tag, i1, i2, _, _ in opcodes if tag == "equal"]
    matched = (shared[0][0], shared[-1][1]) if shared else (len(old_keys), 0)
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            for k in range(i2 - i1):
                counterpart.setdefault(owner[i1 + k], []).append(j1 + k)
            continue
        cuts = [i for i in range(i1 + 1, i2) if owner[i] != owner[i - 1]]  # a run over two sentences: split
        for n, (a, b) in enumerate(itertools.pairwise([i1, *cuts, i2])):
            run = _without_lead(
                new_keys, _slid((a, b, j1, j2) if n == 0 else (a, b, j2, j2), old_keys, new_keys, owner), owner, leads
            )
            if run is not None:
                runs.append(run)
    groups: list[tuple[int, int, int, int]] = []
    for a, b, c, d in runs:
        if groups:
            p1, p2, q1, q2 = groups[-1]
            if a - p2 <= 1 and c - q2 <= 1 and _sentence(owner, p1) == _sentence(owner, a):
                groups[-1] = (p1, b, q1, d)
                continue
        groups.append((a, b, c, d))
    brackets = _parentheses(old), _parentheses(new)
    return _Diff(old, new, old_keys, new_keys, owner, groups, counterpart, matched, *brackets)


def _places(run: tuple[int, int, int, int], old: list[str], new: list[str]) -> list[tuple[int, int, int, int]]:
    """Every place a run of words added (or left out) may equally stand, sliding over the words it repeats
    ("étape 7. 7": the second "7" added before or after the first), the run's own place first."""
    i1, i2, j1, j2 = run
    if (i1 < i2) == (j1 < j2):
        return [run]  # a replacement has one place
    added = i1 == i2
    own, other = (new, old) if added else (old, new)
    first, last, at = (j1, j2, i1) if added else (i1, i2, j1)
    out = [run]
    for step in (1, -1):
        shift = 0
        while True:
            p, q, r = first + shift, last + shift, at + shift
            if step == 1 and not (q < len(own) and r < len(other) and own[p] == own[q] == other[r]):
                break
            if step == -1 and not (p > 0 and r > 0 and own[p - 1] == own[q - 1] == other[r - 1]):
                break
            shift += step
            if added:
                out.append((at + shift, at + shift, first + shift, last + shift))
            else:
                out.append((first + shift, last + shift, at + shift, at + shift))
    return out


def _slid(
    run: tuple[int, int, int, int], old: list[str], new: list[str], owner: list[int]
) -> tuple[int, int, int, int]:
    """A run of words added (or left out) moved to a sentence boundary where it may equally stand: "étape 7. 7"
    adds the second "7" after the sentence, not inside it before the first."""
    return next((p for p in _places(run, old, new) if _boundary(owner, p[0]) and _boundary(owner, p[1])), run)


def _boundary(owner: list[int], index: int) -> bool:
    """Whether word position ``index`` of the edition is between two sentences (or at either end)."""
    return index == 0 or index == len(owner) or owner[index - 1] != owner[index]


def _sentence(owner: list[int], index: int) -> int:
    """The sentence of edition word ``index`` (the last sentence past the end; -1 with no sentence)."""
    return owner[min(index, len(owner) - 1)] if owner else -1


def compare(
    olds: Sequence[str],
    new_text: str,
    lang: str,
    *,
    words: frozenset[str] = frozenset(),
    pairs: frozenset[str] = frozenset(),
    leads: Sequence[str] = (),
    cut_start: bool = False,
    cut_end: bool = False,
    between: bool = False,
) -> Comparison:
    """Every change from the edition sentences ``olds`` to ``new_text`` in ``lang``, scan damage undone (``words``
    and ``pairs``: the language's words and word pairs, see :func:`rejoin`). ``cut_start``/``cut_end``: the new
    text may begin or end inside the edition's text, so what it lacks there, and a few words of its own there (a
    header), are no change; ``between``: the new text lies between two excerpts of the edition, and nothing the
    edition has there is missing from it. ``leads``: what the edition prints before each sentence (and after the
    last) that is no sentence, such as a section's number: the new text has it too, and that is no change."""
    d = _diff(olds, new_text, lang, words, pairs, leads)
    out = Comparison(d.new.text)
    for group in d.groups:
        i1, i2, j1, j2 = group
        if (cut_start and i2 <= d.matched[0]) or (cut_end and i1 >= d.matched[1]):
            was, now = "".join(d.old_keys[i1:i2]), "".join(d.new_keys[j1:j2])
            if j1 == j2 or was.endswith(now) or was.startswith(now) or len(now) <= _EDGE_NOISE:
                continue  # where the new text begins or ends: the rest of the sentence, or a header
        if j1 == j2 and between:
            continue
        if i1 == i2:
            _added(d, group, lang, out)
        elif j1 == j2:
            _left_out(d, group, lang, out)
        elif not _scanned_alike(d.old_keys[i1:i2], d.new_keys[j1:j2]):
            out.changes.append(_change(d, group, lang))
    for sentence in sorted({*d.counterpart, *(c.sentence for c in out.changes)}):
        spans = [d.new.span(j, j + 1) for j in d.counterpart.get(sentence, [])]
        spans += [c.span for c in out.changes if c.sentence == sentence and c.span[0] < c.span[1]]
        if spans:
            out.quotes[sentence] = d.new.text[min(a for a, _ in spans) : max(b for _, b in spans)]
    return out


def _at_boundary(d: _Diff, index: int) -> bool:
    return _boundary(d.owner, index)


def _added(d: _Diff, group: tuple[int, int, int, int], lang: str, out: Comparison) -> None:
    """Words only the new text has: a sentence of its own, or a change inside one."""
    i1, _, j1, j2 = group
    sentence = _sentence_shaped(d.new, j1, j2, _at_boundary(d, i1)) and not _parenthesis(j1, j2, d.new_brackets)
    if sentence and len("".join(d.new_keys[j1:j2])) > _MIN_SENTENCE:
        start, end = d.new.span(j1, j2)
        out.added.append(Added(d.new.text[start:end], d.new.at(j1), _sentence(d.owner, i1)))
    else:
        out.changes.append(_change(d, group, lang))


def _left_out(d: _Diff, group: tuple[int, int, int, int], lang: str, out: Comparison) -> None:
    """Words only the edition has: a sentence (as the edition splits them, or as its punctuation shows; a page
    label such as "p. 23", which a scan's reader sets aside, is none), or a change inside one."""
    i1, i2, j1, _ = group
    whole = _at_boundary(d, i1) and _at_boundary(d, i2)
    if (not whole and not _sentence_shaped(d.old, i1, i2, False)) or _parenthesis(i1, i2, d.old_brackets):
        out.changes.append(_change(d, group, lang))  # a change inside a sentence, or a parenthesis left out
        return
    start, end = d.old.span(i1, i2)
    text = d.old.text[start:end]
    if not (whole and PAGE_LABEL.match(text)):
        out.dropped.append(Dropped(d.owner[i1], text, d.new.starts[j1] if len(d.new) else 0))


def _sentence_shaped(words: Words, first: int, last: int, at_boundary: bool) -> bool:
    """Whether words ``first``..``last`` are whole sentences of their text: they begin after a full stop (or
    the like: ``at_boundary``, the text's start, a list's label "2)") and end before one (or at the text's end)."""
    before = words.between(first - 1, first) if first > 0 else "."
    after = words.between(last - 1, last) if last < len(words) else "."
    label = first > 0 and ")" in before and re.fullmatch(r"\d{1,2}|[a-z]", words.word_keys()[first - 1]) is not None
    starts = at_boundary or label or _SENTENCE_END.search(before) is not None
    return starts and _SENTENCE_END.search(after) is not None


def _deletion_at(words: Words, index: int) -> int:
    """Where words left out before word ``index`` stood: the end of the word before (-1: just before the text)."""
    return words.starts[min(index, len(words))] - 1


def _parentheses(words: Words) -> list[tuple[int, int, int, int]]:
    """Each parenthesis in ``words``' text: its first and last word (exclusive) and its characters, brackets and
    all."""
    out = []
    for match in _PARENTHESIS.finditer(words.text):
        first, last = bisect_right(words.origin, match.start()), bisect_left(words.origin, match.end())
        inside = range(bisect_left(words.starts, first), min(bisect_left(words.starts, last), len(words)))
        if inside:
            out.append((inside[0], inside[-1] + 1, match.start(), match.end()))
    return out


def _parenthesis(
    first: int, last: int, brackets: list[tuple[int, int, int, int]], exact: bool = True
) -> tuple[int, int, int, int] | None:
    """The parenthesis of ``brackets`` that words ``first``..``last`` are (not ``exact``: one word more or less
    at an end)."""
    for bracket in brackets:
        a, b = bracket[0], bracket[1]
        if (a, b) == (first, last):
            return bracket
        overlap = min(b, last) - max(a, first)
        if not exact and overlap >= max(1, last - first - 1) and overlap >= b - a - 1:
            return bracket
    return None


def _change(d: _Diff, group: tuple[int, int, int, int], lang: str) -> Change:
    """A run of changed words inside a sentence: a parenthesis left out or added, or the kinds of fact whose
    statements differ in and around it."""
    i1, i2, j1, j2 = group
    sentence = _sentence(d.owner, i1)
    if i1 == i2 and i1 > 0 and _at_boundary(d, i1) and not _SENTENCE_END.search(d.new.between(j1 - 1, j1)):
        sentence = d.owner[i1 - 1]  # words added at the end of a sentence, before its full stop
    at = d.new.at(j1)
    if i1 == i2 or j1 == j2:  # a parenthesis the diff slid over the words it repeats: "(una vez) una vez"
        for place in _places(group, d.old_keys, d.new_keys):
            if _parenthesis(*place[:2], d.old_brackets) or _parenthesis(*place[2:], d.new_brackets):
                i1, i2, j1, j2 = place
                break
    gone = _parenthesis(i1, i2, d.old_brackets, exact=False) if j1 == j2 else None
    if gone is not None:
        text = d.old.text[gone[2] : gone[3]]
        where = d.new.span(j1, j1 + 1)[0] if j1 < len(d.new_keys) else len(d.new.text)
        return Change(sentence, ("parenthesis",), judged(text, lang), text, "", _deletion_at(d.new, j1), (where, where))
    added = _parenthesis(j1, j2, d.new_brackets, exact=False) if i1 == i2 else None
    if added is not None:
        text = d.new.text[added[2] : added[3]]
        span = (added[2], added[3])
        return Change(sentence, ("parenthesis",), judged(text, lang), "", text, d.new.at(added[0]), span)
    before = count(d.old_keys[max(0, i1 - _CONTEXT) : i2 + _CONTEXT], lang)
    after = count(d.new_keys[max(0, j1 - _CONTEXT) : j2 + _CONTEXT], lang)
    differing = {kind for kind, _ in (before - after) + (after - before)}
    kinds = tuple(k for k in RULE_KINDS if k in differing)
    if kinds:
        severity = "changes-play"
    else:
        kinds, severity = ("unclassified",), "cosmetic" if differing == {"page"} else "unreviewed"
    if i1 == i2 or j1 == j2:  # a word left out or added: quoted with its neighbour in the sentence
        if i1 > 0 and j1 > 0 and d.owner[i1 - 1] == sentence:
            i1, j1 = i1 - 1, j1 - 1
        elif i2 < len(d.owner) and j2 < len(d.new_keys) and d.owner[i2] == sentence:
            i2, j2 = i2 + 1, j2 + 1
    span = d.new.span(j1, j2) if j1 < j2 else (0, 0)
    return Change(sentence, kinds, severity, d.old.quote(i1, i2), d.new.quote(j1, j2), at, span)


def judged(text: str, lang: str) -> str:
    """The severity of a passage (a sentence, a parenthesis) left out or added: it changes play when it states a
    fact of the rules, else it is for a person to judge."""
    return "changes-play" if carries_rule(text, lang) else "unreviewed"
