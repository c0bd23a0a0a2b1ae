"""Text as the finder sees it: paragraphs and sentences with their line numbers, OCR damage repaired, squashed
forms that ignore spacing, and the facts each language's lexicon reads out of a sentence.

PDF extraction splits words ("F ASE", "S trigoi"), drops icons and flattens tables. Comparisons of a text with
itself therefore work on *squashed* text (lowercase letters and digits only), which spacing damage cannot change;
comparisons across languages work on the facts: numbers, modal verbs, comparatives, scope words, negation.
Nothing here knows a game; the lexicons are the kernel's data (:mod:`~armata_rules.kernel.texts.lexicon`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from armata_rules.kernel.texts.lexicon import (
    COMPARATIVE,
    MODAL,
    NUMBER_WORDS,
    PAGE_WORDS,
    SCOPE,
    SINGLE_LETTER_WORDS,
)

__all__ = ["Facts", "Paragraph", "facts", "fold", "paragraphs", "repair", "sentences", "squash"]


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A non-empty line of a rulebook file (the extraction puts each paragraph on one line)."""

    line: int
    text: str


def paragraphs(lines: Iterable[str], first: int, last: int) -> list[Paragraph]:
    """The non-empty lines ``first``..``last`` (1-based, inclusive) as paragraphs."""
    out = []
    for number, text in enumerate(lines, start=1):
        if first <= number <= last and text.strip():
            out.append(Paragraph(number, text.strip()))
    return out


_SINGLE_LETTER_WORDS = frozenset({"a", "e", "i", "o", "u", "y", "à", "è", "é", "ó", "l", "d"})
_SPLIT = re.compile(r"\b([A-Za-zÀ-ÿ])\s(?=[A-Za-zÀ-ÿ]{2,})")


def repair(text: str, keep: frozenset[str] = _SINGLE_LETTER_WORDS) -> str:
    """Join a lone letter to the word it was split from ("F ASE" → "FASE"), keeping real one-letter words (those of
    ``keep``: by default the few of every language the kernel reads but Polish)."""

    def join(match: re.Match[str]) -> str:
        letter = match.group(1)
        return match.group(0) if letter.lower() in keep and letter.islower() else letter

    return _SPLIT.sub(join, text)


def fold(text: str) -> str:
    """Lowercase without accents."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def squash(text: str) -> str:
    """Only letters and digits, lowercased and accent-folded: spacing and punctuation damage cannot change it."""
    return re.sub(r"[^0-9a-z]", "", fold(text))


_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\s+(?=[-–•►]\s)")


def sentences(text: str) -> list[str]:
    """The sentences (and list items) of a paragraph. A parenthesis is never cut ("(in der Mitte - siehe Seite
    3)" holds no list item). A piece too short to be a sentence is joined to the sentence before it (the "21)."
    of "p. 21).", a trailing "or"), or after it at the paragraph's start (a list's number "2."), so that no word
    of the paragraph is left out."""
    pieces: list[str] = []
    for piece in (p.strip() for p in _SENTENCE.split(text)):
        if pieces and pieces[-1].count("(") > pieces[-1].count(")"):
            pieces[-1] = f"{pieces[-1]} {piece}"
        else:
            pieces.append(piece)
    out: list[str] = []
    pending = ""
    for piece in pieces:
        if not squash(piece):
            continue
        if len(squash(piece)) < 3 and out:
            out[-1] = f"{out[-1]} {piece}"
        elif len(squash(piece)) < 3:
            pending = f"{pending} {piece}".strip()
        else:
            out.append(f"{pending} {piece}".strip())
            pending = ""
    if pending and len(squash(pending)) >= 3:
        out.append(pending)
    return out


_PAGE_PREFIXES = ("p", "pp", "pag", "pág", "page", "pagina", "página", "seite", "s")
_PAGE = re.compile(rf"\b({'|'.join(_PAGE_PREFIXES)})\s?\.?\s*\d+", re.IGNORECASE)


@functools.cache
def _own_page(lang: str) -> re.Pattern[str] | None:
    """A page reference by a word of ``lang``'s own lexicon that :data:`_PAGE` does not know ("str. 14")."""
    words = sorted(PAGE_WORDS.get(lang, frozenset()) - set(_PAGE_PREFIXES), key=lambda w: (-len(w), w))
    return re.compile(rf"\b({'|'.join(map(re.escape, words))})\s?\.?\s*\d+", re.IGNORECASE) if words else None


@functools.cache
def _kept_letters(lang: str) -> frozenset[str]:
    return _SINGLE_LETTER_WORDS | SINGLE_LETTER_WORDS.get(lang, frozenset())


@dataclass(frozen=True, slots=True)
class Facts:
    """What a sentence says, as far as numbers, modality, comparatives, scope and negation go."""

    numbers: tuple[int, ...] = ()
    modal: Counter[str] = field(default_factory=Counter)
    comparative: Counter[str] = field(default_factory=Counter)
    scope: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (empty parts left out)."""
        out: dict[str, object] = {}
        if self.numbers:
            out["numbers"] = list(self.numbers)
        for name in ("modal", "comparative", "scope"):
            counts = getattr(self, name)
            if counts:
                out[name] = dict(sorted(counts.items()))
        return out


def _count(text: str, table: dict[str, dict[str, list[str]]], lang: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for key, stems in table.items():
        for stem in stems.get(lang, []):
            counts[key] += len(re.findall(r"(?<![a-z])" + re.escape(stem), text))
    return +counts


def facts(text: str, lang: str) -> Facts:
    """The facts of ``text`` in language ``lang`` (by its lexicon, :mod:`~armata_rules.kernel.texts.lexicon`);
    page references are not numbers of the rules."""
    unpaged = _PAGE.sub(" ", text)
    own = _own_page(lang)
    if own is not None:
        unpaged = own.sub(" ", unpaged)
    clean = fold(repair(unpaged, _kept_letters(lang))) + " "
    numbers = [int(n) for n in re.findall(r"(?<![a-z0-9])\d+(?![0-9])", clean)]
    for value, word in NUMBER_WORDS.get(lang, ()):
        if value >= 2:  # "one"/"a" is an article as often as a number
            numbers.extend([value] * len(re.findall(r"(?<![a-z])" + word + r"(?![a-z])", clean)))
    cannot = _count(clean, {"cannot": MODAL["cannot"]}, lang)
    modal = _count(clean, {k: v for k, v in MODAL.items() if k != "cannot"}, lang)
    if cannot["cannot"]:
        modal["cannot"] = cannot["cannot"]
        modal["may"] = max(0, modal["may"] - cannot["cannot"])
        modal = +modal
    return Facts(tuple(sorted(numbers)), modal, _count(clean, COMPARATIVE, lang), _count(clean, SCOPE, lang))
