"""A rulebook text as it comes from a scanner or an OCR program, read into one reflowed stream of text.

A scan is not laid out like the bundled extraction (one paragraph a line): lines are wrapped anywhere, words are
hyphenated at line ends or broken by stray spaces ("P owerwolf", "peuv ent"), bullets and numbering use other
glyphs, quotes are curly, accents go missing, and every page adds a running header and a page number.
:func:`read_scan` undoes what can be undone (page furniture left out, hyphenation joined, glyphs and quotes made
plain) and keeps, for every character, the line of the user's file it came from, so findings cite the user's lines.
:func:`key` reduces text to what no such damage changes: lowercase letters and digits without accents.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["PAGE_LABEL", "ScanText", "key", "key_with_origins", "normalize", "read_scan"]

_QUOTES = str.maketrans(
    {"‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'", "“": '"', "”": '"', "„": '"', "‟": '"', "″": '"', "\u00ad": ""}
)
_LIGATURES = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d"}
_BULLET = re.compile(r"^\s*(?:[•◦▪▫‣●○■□➢➤►▶▸·∙*\-–—](?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-z]\)(?=\s))")
_GLYPH = re.compile(r"^\s*[•◦▪▫‣●○■□➢➤▶▸·∙*–—](?=\s)")
_PAGE_NUMBER = re.compile(r"^[\s\-–—|·•\[(]*(\d{1,3})[\s\-–—|·•\])]*$")
#: A line that is only a page's label ("Page 13", "S. 2", "p. 4 / 40"): a page's furniture, never rule text.
PAGE_LABEL = re.compile(
    r"^[\s\-–—|·•]*(?:page|seite|pagina|página|pag|pág|p|s)\s?\.?\s*\d{1,3}(?:\s*(?:/|of|von|di|de|sur)\s*\d{1,3})?"
    r"[\s\-–—|·•]*$",
    re.IGNORECASE,
)
_FURNITURE_WIDTH = 60
_EDGE_LINES = 3  # lines from a page number (or the file's first or last) within which a page's header stands


def normalize(text: str) -> str:
    """Compatibility forms (ligatures, wide letters, no-break spaces) made plain, curly quotes made straight."""
    return unicodedata.normalize("NFKC", text).translate(_QUOTES)


@functools.lru_cache(maxsize=8192)
def _key_char(ch: str) -> str:
    """The key of one character (cached: a text has few distinct characters, and this runs on every one)."""
    low = ch.lower()
    if low in _LIGATURES:
        return _LIGATURES[low]
    folded = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return "".join(c for c in folded if c.isascii() and c.isalnum())


def key(text: str) -> str:
    """Lowercase ASCII letters and digits only: the same for a clean copy and any scan of it."""
    return "".join(_key_char(ch) for ch in normalize(text))


def key_with_origins(text: str) -> tuple[str, list[int]]:
    """:func:`key` of ``text`` (already normalized) and, for each of its characters, the index in ``text``."""
    chars: list[str] = []
    origins: list[int] = []
    for index, ch in enumerate(text):
        for out in _key_char(ch):
            chars.append(out)
            origins.append(index)
    return "".join(chars), origins


@dataclass(frozen=True, slots=True)
class ScanText:
    """A scan reflowed: its text, the user's line of each character, its key and where each key character sits."""

    text: str
    line_of: tuple[int, ...]
    key: str
    origin: tuple[int, ...]
    breaks: frozenset[int]  # text offsets where a paragraph or a list item starts
    furniture: tuple[int, ...]  # lines left out as page headers, footers and numbers

    def line_at(self, key_index: int) -> int:
        """The user's line of the key character ``key_index`` (clamped to the text)."""
        if not self.origin:
            return 1
        index = self.origin[min(max(key_index, 0), len(self.origin) - 1)]
        return self.line_of[index]

    def lines_between(self, start: int, end: int) -> tuple[int, int]:
        """The first and last user line of the key characters ``start``..``end`` (exclusive)."""
        return self.line_at(start), self.line_at(max(start, end - 1))

    def text_between(self, start: int, end: int) -> str:
        """The reflowed text behind the key characters ``start``..``end`` (exclusive)."""
        if start >= end:
            return ""
        return self.text[self.origin[start] : self.origin[end - 1] + 1]


def _page_numbers(lines: Sequence[str]) -> set[int]:
    """Lines holding only a number that are page numbers: one of a run of numbers a page apart (one or two more
    or less, 20 to 80 lines a page away), a number set apart by dashes or bars, or a lone number among the first or
    last lines of the file (a single page)."""
    numbers = {n: int(m.group(1)) for n, line in enumerate(lines) if (m := _PAGE_NUMBER.match(line.strip()))}
    at_value: dict[int, list[int]] = {}
    for n, value in numbers.items():  # line numbers ascending, so each list is sorted
        at_value.setdefault(value, []).append(n)
    filled = [n for n, line in enumerate(lines) if line.strip()]
    ends = set(filled[:3] + filled[-3:])
    out = set()
    for n, value in numbers.items():
        decorated = any(ch in "—–-|[]·•" for ch in lines[n])  # "— 12 —", "| 12": set apart like no rule text
        if decorated or n in ends or _has_neighbour(n, value, at_value):
            out.add(n)
    return out


def _has_neighbour(n: int, value: int, at_value: dict[int, list[int]]) -> bool:
    """Whether a number one or two more or less stands 20 to 80 lines a page away from line ``n``: found by
    bisection in each value's sorted lines, so a file of nothing but numbers is read in n log n, not n²."""
    for delta in (1, 2):
        for other in (value - delta, value + delta):
            found = at_value.get(other, ())
            for low, high in ((n + 20, n + 80 * delta), (n - 80 * delta, n - 20)):
                index = bisect_left(found, low)
                if index < len(found) and found[index] <= high:
                    return True
    return False


def _furniture(lines: Sequence[str], reference: str) -> set[int]:
    """Page numbers, and short lines that repeat from page to page (running headers) and say nothing of the rules:
    three times or more, or twice as a page's header (see :func:`_paged`: a line printed twice with other numbers,
    or elsewhere on the page, is a table's row or a rule, such as "Number of players: 2 3 4 5")."""
    out = _page_numbers(lines)
    filled = [n for n, line in enumerate(lines) if line.strip()]
    edges = out | set(filled[:1] + filled[-1:])
    short = {n: line.strip() for n, line in enumerate(lines) if 0 < len(line.strip()) <= _FURNITURE_WIDTH}
    by_shape: dict[str, list[int]] = {}
    for n, text in short.items():
        by_shape.setdefault(key(re.sub(r"\d+", "", text)), []).append(n)
    for n, text in short.items():
        if n in out or PAGE_LABEL.match(text):
            out.add(n)  # "Page 13" alone on a line is furniture even where the rules say "see page 13"
            continue
        if key(text) in reference or key(_BULLET.sub("", text)) in reference:
            continue  # rule text (a list item's number is not in the edition's key when it is a sentence apart)
        shape = key(re.sub(r"\d+", "", text))
        repeats = by_shape[shape]
        if shape and (len(repeats) >= 3 or (len(repeats) == 2 and _paged(lines, repeats, edges))):
            out.add(n)
    return out


def _paged(lines: Sequence[str], at: list[int], edges: set[int]) -> bool:
    """Whether two lines of one shape are a page's header twice: one number each, not the same, and each where a
    page begins or ends (a few lines from a page number, or from either end of the file)."""
    numbers = [re.findall(r"\d+", lines[n]) for n in at]
    if any(len(found) != 1 for found in numbers) or int(numbers[0][0]) == int(numbers[1][0]):
        return False
    return all(any(abs(n - edge) <= _EDGE_LINES for edge in edges) for n in at)


def read_scan(lines: Sequence[str], reference: str = "") -> ScanText:
    """Reflow the lines of a scan (``reference``: the key of the edition's text, so that no rule text is mistaken
    for a running header)."""
    skipped = _furniture(lines, reference)
    chars: list[str] = []
    line_of: list[int] = []
    breaks = {0}
    pending_break = True

    def emit(text: str, line: int) -> None:
        chars.extend(text)
        line_of.extend([line] * len(text))

    furniture_in_run = False
    for n, raw in enumerate(lines):
        if n in skipped:
            furniture_in_run = True
            continue
        text = normalize(raw).rstrip()
        if not text.strip():
            pending_break = True
            continue
        if furniture_in_run and chars:
            pending_break = False  # the blank lines around a page break say nothing of paragraphs
        furniture_in_run = False
        starts_item = bool(_BULLET.match(text))
        text = _GLYPH.sub("-", text).strip()
        if chars:
            joined = chars[-1] == "-" and len(chars) > 1 and chars[-2].isalpha() and text[:1].islower()
            if joined and not pending_break and not starts_item:
                chars.pop()
                line_of.pop()  # a word hyphenated at the line end: joined again
            else:
                emit(" ", line_of[-1])
        if pending_break or starts_item:
            breaks.add(len(chars))
        pending_break = False
        emit(text, n + 1)
    text = "".join(chars)
    squashed, origin = key_with_origins(text)
    return ScanText(
        text, tuple(line_of), squashed, tuple(origin), frozenset(breaks), tuple(sorted(n + 1 for n in skipped))
    )
