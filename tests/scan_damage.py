"""Seeded scan damage and planted rule changes, for the finder's tests and ``bench/bench_finder.py``.

:func:`damage` turns clean paragraphs (one a line, as in the bundled extraction) into what an OCR'd scan looks
like: stray spaces inside words ("P owerwolf"), lines wrapped at any width with words hyphenated at line ends,
paragraphs with and without blank lines between them, bullets and numbering in other glyphs, curly quotes,
missing accents, markdown emphasis gone, and pages with running headers and page numbers. Every character of the
result remembers where it came from, so a test knows which lines of the damaged file hold a given span.

:func:`plant` makes real changes before the damage: a modal verb, a number, a comparative, a negation, an actor,
a sentence dropped, a sentence added. Each is a :class:`Plant` with the span it touched.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass

from armata_rules.translations.scan import key
from armata_rules.translations.sources import SOURCES, Rulebooks
from armata_rules.translations.text import _PAGE, sentences

Origin = tuple[int, int] | None  # (paragraph, character) of the clean text, None for what the damage added

HEADERS = {
    "en": "ARMATA STRIGOI · RULES",
    "de": "ARMATA STRIGOI · SPIELREGEL",
    "it": "ARMATA STRIGOI · REGOLE",
    "fr": "ARMATA STRIGOI · RÈGLES",
    "es": "ARMATA STRIGOI · REGLAS",
}
_PAGE_WORD = {"en": "Page", "de": "Seite", "it": "Pagina", "fr": "Page", "es": "Página"}
_BULLETS = ["•", "◦", "▪", "–", "*", "➢", "·", "-", "►"]


def clean_paragraphs(books: Rulebooks, source: str) -> list[str]:
    """The non-empty lines of a source, one paragraph each."""
    section = next(s for s in SOURCES if s.source == source)
    lines = books.lines[section.edition][section.first - 1 : section.last]
    return [line.strip() for line in lines if line.strip()]


@dataclass
class Damaged:
    """A damaged copy: its lines, and for every clean character the line it landed on."""

    lines: list[str]
    where: dict[tuple[int, int], int]

    def lines_of(self, paragraph: int, first: int, last: int) -> set[int]:
        """The lines (1-based) holding characters ``first``..``last`` (exclusive) of ``paragraph``; for an empty
        span, the lines of the characters on either side."""
        if first >= last:
            before = next(
                (self.where[(paragraph, i)] for i in range(first - 1, -1, -1) if (paragraph, i) in self.where), None
            )
            following = ((paragraph, i) for i in range(first, first + 400))
            nxt = ((paragraph + 1, i) for i in range(400))
            after = next((self.where[o] for o in (*following, *nxt) if o in self.where), None)
            return {line for line in (before, after) if line is not None}
        return {self.where[(paragraph, i)] for i in range(first, last) if (paragraph, i) in self.where}

    def text(self) -> str:
        """The file's text."""
        return "\n".join(self.lines) + "\n"


def _strip_accent(ch: str) -> str:
    base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
    return base if len(base) == 1 else ch


def _damage_paragraph(text: str, index: int, lang: str, rng: random.Random) -> list[tuple[str, Origin]]:
    chars: list[tuple[str, Origin]] = [(ch, (index, i)) for i, ch in enumerate(text)]
    chars = [c for k, c in enumerate(chars) if not (c[0] == "*" and _is_emphasis(text, k))]
    if chars and chars[0][0] in "-►•" and len(chars) > 1 and chars[1][0] == " ":
        chars[0] = (rng.choice(_BULLETS), chars[0][1])
    elif re.match(r"\d{1,2}\. ", text) and rng.random() < 0.5:
        dot = next(k for k, c in enumerate(chars) if c[0] == ".")
        chars[dot] = (")", chars[dot][1])
    out: list[tuple[str, Origin]] = []
    strip_word = False
    for k, (clean, origin) in enumerate(chars):
        ch = clean
        previous = out[-1][0] if out else " "
        if not previous.isalpha():
            strip_word = rng.random() < 0.3
        if ch == '"':
            ch = "“" if previous in " (\n" else "”"
        elif ch == "'" and rng.random() < 0.8:
            ch = "’"
        elif ch == "ß" and lang == "de" and rng.random() < 0.5:
            out.append(("s", origin))
            ch = "s"
        elif strip_word:
            ch = _strip_accent(ch)
        if ch.isalpha() and previous.isalpha() and _inside_word(chars, k) and rng.random() < 0.03:
            out.append((" ", None))  # a stray space inside a word
        out.append((ch, origin))
    return out


def _is_emphasis(text: str, k: int) -> bool:
    return text[k : k + 2] == "**" or text[k - 1 : k + 1] == "**"


def _inside_word(chars: list[tuple[str, Origin]], k: int) -> bool:
    return k + 1 < len(chars) and chars[k + 1][0].isalpha() and k >= 2 and chars[k - 2][0].isalpha()


def _wrap(chars: list[tuple[str, Origin]], width: int, rng: random.Random) -> list[list[tuple[str, Origin]]]:
    words: list[list[tuple[str, Origin]]] = [[]]
    for c in chars:
        if c[0] == " ":
            words.append([])
        else:
            words[-1].append(c)
    lines: list[list[tuple[str, Origin]]] = [[]]
    for whole in (w for w in words if w):
        word = whole
        current = lines[-1]
        if current and len(current) + 1 + len(word) > width:
            room = width - len(current) - 2
            letters = "".join(c[0] for c in word)
            if room >= 3 and len(word) - room >= 3 and letters.isalpha() and rng.random() < 0.5:
                current.extend([(" ", None), *word[:room], ("-", None)])  # hyphenated at the line end
                word = word[room:]
            lines.append([])
            current = lines[-1]
        if current:
            current.append((" ", None))
        current.extend(word)
    return [line for line in lines if line]


def damage(paragraphs: list[str], lang: str, seed: int, pages: tuple[int, int] | None = None) -> Damaged:
    """A scan of ``paragraphs`` damaged with ``seed``; ``pages`` = (first, count) keeps only those pages."""
    rng = random.Random(seed)
    width = rng.randint(38, 82)
    body: list[list[tuple[str, Origin]]] = []
    for index, text in enumerate(paragraphs):
        body.extend(_wrap(_damage_paragraph(text, index, lang, rng), width, rng))
        if rng.random() < 0.4:
            body.append([])
    per_page = rng.randint(30, 46)
    page_lines: list[list[list[tuple[str, Origin]]]] = [body[i : i + per_page] for i in range(0, len(body), per_page)]
    out: list[list[tuple[str, Origin]]] = []
    first, count = pages if pages is not None else (0, len(page_lines))
    first = max(0, min(first, len(page_lines) - count))
    style = rng.randrange(3)
    for number, page in enumerate(page_lines[first : first + count], start=first + 2):
        header = f"{number}   {HEADERS[lang]}" if number % 2 == 0 else f"{HEADERS[lang]}   {number}"
        out.append([(ch, None) for ch in header])
        out.append([])
        out.extend(page)
        footer = [str(number), f"— {number} —", f"{_PAGE_WORD[lang]} {number}"][style]
        out.extend([[], [(ch, None) for ch in footer]])
    where: dict[tuple[int, int], int] = {}
    lines = []
    for n, line in enumerate(out, start=1):
        lines.append("".join(c[0] for c in line))
        for _, origin in line:
            if origin is not None:
                where[origin] = n
    return Damaged(lines, where)


# ------------------------------------------------------------------------------------------------ plants
MODAL_SWAPS = {
    "en": [("may", "must"), ("must", "may"), ("can", "must")],
    "de": [("darf", "muss"), ("muss", "darf"), ("kann", "muss"), ("dürfen", "müssen"), ("müssen", "dürfen")],
    "it": [("può", "deve"), ("deve", "può"), ("possono", "devono"), ("devono", "possono")],
    "fr": [("peut", "doit"), ("doit", "peut"), ("peuvent", "doivent"), ("doivent", "peuvent")],
    "es": [("puede", "debe"), ("debe", "puede"), ("pueden", "deben"), ("deben", "pueden")],
}
COMPARATIVE_SWAPS = {
    "en": [("lowest", "highest"), ("highest", "lowest"), ("more", "fewer"), ("less", "more"), ("higher", "lower")],
    "de": [("mehr", "weniger"), ("weniger", "mehr"), ("höchsten", "niedrigsten"), ("niedrigsten", "höchsten")],
    "it": [("più", "meno"), ("meno", "più")],
    "fr": [("plus", "moins"), ("moins", "plus")],
    "es": [("más", "menos"), ("menos", "más"), ("mayor", "menor"), ("menor", "mayor")],
}
NEGATIONS = {
    "en": [("may", "may not"), ("must", "must not"), ("can", "cannot")],
    "de": [("darf", "darf nicht"), ("muss", "muss nicht"), ("kann", "kann nicht")],
    "it": [("può", "non può"), ("deve", "non deve"), ("possono", "non possono")],
    "fr": [("peut", "ne peut pas"), ("doit", "ne doit pas"), ("peuvent", "ne peuvent pas")],
    "es": [("puede", "no puede"), ("debe", "no debe"), ("pueden", "no pueden")],
}
ACTOR_SWAPS = [("Powerwolf", "Strigoi"), ("Strigoi", "Powerwolf")]
ADDED = {
    "en": "At the end of each round, the Strigoi moves 2 spaces towards the nearest Powerwolf.",
    "de": "Am Ende jeder Runde bewegt sich der Strigoi 2 Felder auf den nächsten Powerwolf zu.",
    "it": "Alla fine di ogni assalto, lo Strigoi si muove di 2 spazi verso il Powerwolf più vicino.",
    "fr": "À la fin de chaque manche, le Strigoi se déplace de 2 cases vers le Powerwolf le plus proche.",
    "es": "Al final de cada ronda, el Strigoi se mueve 2 espacios hacia el Powerwolf más cercano.",
}
#: What kind of finding each planted change must give.
EXPECTED = {
    "modal": {"modality"},
    "number": {"numeric"},
    "comparative": {"tie-break"},
    "negation": {"negation", "modality"},
    "actor": {"actor"},
    "dropped": {"missing-clause"},
    "added": {"missing-clause"},
}
PLANTS = tuple(EXPECTED)


@dataclass(frozen=True)
class Plant:
    """A real change: its kind, the paragraph, and the span of the changed text in the changed paragraph."""

    kind: str
    paragraph: int
    first: int
    last: int
    before: str
    after: str


def _word_swaps(text: str, swaps: list[tuple[str, str]]) -> list[tuple[int, int, str]]:
    found = []
    for old, new in swaps:
        for m in re.finditer(r"(?<![\w'’])" + re.escape(old) + r"(?![\w'’])", text):
            found.append((m.start(), m.end(), new))
    return found


def _numbers(text: str) -> list[tuple[int, int, str]]:
    pages = [m.span() for m in _PAGE.finditer(text)]
    found = []
    for m in re.finditer(r"(?<![\w.])\d{1,2}(?![\w.]|\.\d)", text):
        if m.start() < 3 or any(a <= m.start() < b for a, b in pages):
            continue
        found.append((m.start(), m.end(), str(int(m.group()) + 1)))
    return found


def _candidates(kind: str, text: str, lang: str) -> list[tuple[int, int, str]]:
    if kind == "modal":
        return _word_swaps(text, MODAL_SWAPS[lang])
    if kind == "comparative":
        return _word_swaps(text, COMPARATIVE_SWAPS[lang])
    if kind == "negation":
        return _word_swaps(text, NEGATIONS[lang])
    if kind == "actor":
        return _word_swaps(text, ACTOR_SWAPS)
    if kind == "number":
        return _numbers(text)
    if kind == "dropped":
        spans = []
        parts = sentences(text)
        if len(parts) < 2:
            return []
        for part in parts:
            start = text.find(part)
            if start >= 0 and len(key(part)) >= 25:
                end = start + len(part)
                while end < len(text) and text[end] == " ":
                    end += 1
                spans.append((start, end, ""))
        return spans
    if kind == "added":
        ends = [m.end() for m in re.finditer(r"[.!?] ", text)]
        return [(e, e, ADDED[lang] + " ") for e in ends] + [(len(text), len(text), " " + ADDED[lang])]
    raise ValueError(kind)


def plant(
    paragraphs: list[str], lang: str, seed: int, kinds: tuple[str, ...] = PLANTS, margin: int = 3
) -> tuple[list[str], list[Plant]]:
    """One change of each of ``kinds`` in distinct, non-adjacent paragraphs (``margin`` kept clear at each end)."""
    rng = random.Random(seed)
    changed = list(paragraphs)
    used: set[int] = set()
    plants = []
    for kind in kinds:
        options = [
            (p, c)
            for p in range(margin, len(paragraphs) - margin)
            if not used & {p - 1, p, p + 1} and len(key(paragraphs[p])) >= 30
            for c in _candidates(kind, paragraphs[p], lang)
        ]
        if not options:
            continue
        p, (start, end, new) = rng.choice(options)
        text = changed[p]
        changed[p] = text[:start] + new + text[end:]
        used.add(p)
        plants.append(Plant(kind, p, start, start + len(new), text[start:end], new))
    return changed, plants


def found(plant_: Plant, damaged: Damaged, cited: list[tuple[str, int]]) -> bool:
    """Whether a finding of the expected kind cites a line holding the planted change."""
    lines = damaged.lines_of(plant_.paragraph, plant_.first, plant_.last)
    return any(kind in EXPECTED[plant_.kind] and line in lines for kind, line in cited)
