"""Aligning the paragraphs of two texts: order-preserving, by a similarity score (Needleman-Wunsch style).

Across languages the score compares what survives translation: game terms (through the game's glossary), numbers and
proper names (card titles, heroes). Within one language it compares the squashed text itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from armata_rules.kernel.texts.text import fold, repair, squash

__all__ = ["Glossary", "align", "cross_score", "cross_similarity", "features", "same_similarity"]


@dataclass(frozen=True)
class Glossary:
    """A game's terms by concept and language (Armata's: ``spec/glossary.toml``)."""

    terms: dict[str, dict[str, tuple[str, ...]]]

    def concepts(self, text: str, lang: str) -> frozenset[str]:
        """The concepts a text names in ``lang``."""
        folded = " " + fold(repair(text)) + " "
        found = set()
        for concept, names in self.terms.items():
            for stem in names.get(lang, ()):
                if re.search(r"(?<![a-z])" + re.escape(fold(stem)), folded):
                    found.add(concept)
                    break
        return frozenset(found)


_NAME = re.compile(r"\b[A-Z][a-zà-ÿ]{2,}(?:\s+[A-Z][a-zà-ÿ]+)*")
_COMMON_CAPS = {
    "the",
    "der",
    "die",
    "das",
    "il",
    "la",
    "le",
    "el",
    "les",
    "los",
    "if",
    "when",
    "important",
    "note",
    "wichtig",
    "hinweis",
    "nota",
    "remarque",
    "example",
    "beispiel",
    "esempio",
    "exemple",
    "ejemplo",
}


def features(text: str, lang: str, glossary: Glossary) -> frozenset[str]:
    """What of a paragraph survives translation: the glossary's concepts it names, its numbers (``#3``) and proper
    names (``@nighttime rebel``)."""
    numbers = {f"#{n}" for n in re.findall(r"\d+", text)}
    names = {f"@{fold(m)}" for m in _NAME.findall(repair(text)) if fold(m.split()[0]) not in _COMMON_CAPS}
    return glossary.concepts(text, lang) | numbers | names


def cross_similarity(a: str, lang_a: str, b: str, lang_b: str, glossary: Glossary) -> float:
    """How alike two paragraphs in different languages are (0..1): shared concepts, numbers, names, length."""
    return cross_score(features(a, lang_a, glossary), features(b, lang_b, glossary), a, b)


def cross_score(fa: frozenset[str], fb: frozenset[str], a: str, b: str) -> float:
    """:func:`cross_similarity` of two paragraphs ``a`` and ``b`` whose :func:`features` are ``fa`` and ``fb``."""
    shared = len(fa & fb) / len(fa | fb) if fa or fb else 0.0
    la, lb = _length(a), _length(b)
    length = min(la, lb) / max(la, lb, 1)
    return 0.75 * shared + 0.25 * length


@cache
def _length(text: str) -> int:
    return len(squash(text))


def same_similarity(a: str, b: str) -> float:
    """How alike two paragraphs in the same language are (0..1): shared squashed word trigrams."""
    ta, tb = _grams(a), _grams(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / len(ta | tb)


@cache
def _grams(text: str) -> frozenset[str]:
    s = squash(text)
    return frozenset(s[i : i + 4] for i in range(max(1, len(s) - 3)))


def align(
    left: Sequence[str], right: Sequence[str], score: Callable[[int, int], float], threshold: float = 0.2
) -> list[tuple[int, int]]:
    """Index pairs (i, j), increasing in both, maximising the summed ``score(i, j) - threshold``."""
    n, m = len(left), len(right)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    move = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        row, prev = best[i], best[i - 1]
        for j in range(1, m + 1):
            gain = score(i - 1, j - 1) - threshold
            candidates = (prev[j - 1] + gain, prev[j], row[j - 1])
            k = max(range(3), key=lambda x: candidates[x])
            row[j] = candidates[k]
            move[i][j] = k
    pairs = []
    i, j = n, m
    while i > 0 and j > 0:
        k = move[i][j]
        if k == 0:
            if score(i - 1, j - 1) - threshold > 0:
                pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
        elif k == 1:
            i -= 1
        else:
            j -= 1
    return pairs[::-1]
