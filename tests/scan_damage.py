"""Seeded scan damage and planted rule changes, for the finder's tests and ``bench/bench_finder.py``.

:func:`damage` turns clean paragraphs (one a line, as in the bundled extraction) into what an OCR'd scan looks
like: stray spaces inside words ("P owerwolf"), lines wrapped at any width with words hyphenated at line ends,
paragraphs with and without blank lines between them, bullets and numbering in other glyphs, curly quotes,
missing accents, markdown emphasis gone, and pages with running headers and page numbers; and the slips real
scanners make (:func:`_slips`): a space moved across a word boundary ("leP owerwolf", "deS trigoi"), a letter
dropped inside a long word ("Powerwlf"), a space before an apostrophe or punctuation ("l 'autel", "tour ,"), an
accent doubled ("é" with a second acute, or a spacing accent after the letter). Every character of the result
remembers where it came from, so a test knows which lines of the damaged file hold a given span.

:func:`plant` makes real changes before the damage, of every kind the finder classifies: a modal verb, a number,
a comparative, a negation, a quantifier ("up to" → "exactly"), a time ("before" → "after"), a turn or round, an
actor (Powerwolf ↔ Strigoi, Master ↔ Apprentice, the player → another player), a sentence dropped or added, a
parenthesis dropped or added, and an ordinary word changed (``unclassified``). Each is a :class:`Plant` with the
span it touched.
"""

from __future__ import annotations

import random
import re
import unicodedata
from dataclasses import dataclass

from armata_rules.translations.lexicon import count, split_words
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


_SLIP_SPACE = 0.02  # chance that a space between two words moves one letter to the right or left
_SLIP_LETTER = 0.02  # chance that a word of 6 letters or more loses an inner letter
_SLIP_PUNCTUATION = 0.15  # chance of a space before an apostrophe or a punctuation mark that follows a letter
_SLIP_ACCENT = 0.15  # chance that an accented letter gets its accent twice
_ACCENTS = {"\u0301": "´", "\u0300": "`", "\u0302": "^"}


def _slips(chars: list[tuple[str, Origin]], rng: random.Random) -> list[tuple[str, Origin]]:
    """The slips of a real scanner, the damage the rest of :func:`damage` does not do (see the module)."""
    inner = _inner_letters(chars)
    out: list[tuple[str, Origin]] = []
    k = 0
    while k < len(chars):
        ch, origin = chars[k]
        previous = out[-1][0] if out else " "
        following = "".join(c for c, _ in chars[k + 1 : k + 4])
        if ch == " " and previous.isalpha() and len(following) == 3 and following.isalpha():
            roll = rng.random()
            if roll < _SLIP_SPACE / 2:  # "le Powerwolf" -> "leP owerwolf"
                out.extend([chars[k + 1], (" ", None)])
                k += 2
                continue
            if roll < _SLIP_SPACE and len(out) >= 2 and out[-2][0].isalpha():  # "le Powerwolf" -> "l ePowerwolf"
                out.insert(len(out) - 1, (" ", None))
                k += 1
                continue
        if ch in ",.;:'’" and previous.isalpha() and rng.random() < _SLIP_PUNCTUATION:
            out.append((" ", None))  # "tour ," / "l 'autel"
        if k in inner and ch != "ß" and rng.random() < _SLIP_LETTER:
            k += 1  # "Powerwlf" (never a "ß", which is two letters)
            continue
        out.append((ch, origin))
        marks = [c for c in unicodedata.normalize("NFD", ch) if unicodedata.combining(c)]
        if marks and marks[0] in _ACCENTS and rng.random() < _SLIP_ACCENT:
            doubled = marks[0] if rng.random() < 0.5 else _ACCENTS[marks[0]]
            out.append((doubled, None))  # "é" + a second acute, or "é´"
        k += 1
    return out


def _inner_letters(chars: list[tuple[str, Origin]]) -> set[int]:
    """One inner letter (neither of the first two nor of the last two) of each word of 6 letters or more."""
    out: set[int] = set()
    start = 0
    for k in range(len(chars) + 1):
        if k < len(chars) and chars[k][0].isalpha():
            continue
        if k - start >= 6:
            out.add(start + 2 + (k - start - 4) // 2)
        start = k + 1
    return out


def damage(
    paragraphs: list[str], lang: str, seed: int, pages: tuple[int, int] | None = None, slips: bool = True
) -> Damaged:
    """A scan of ``paragraphs`` damaged with ``seed``; ``pages`` = (first, count) keeps only those pages;
    ``slips``: with the slips of a real scanner too (drawn from their own stream: without them the rest of the
    damage is the same)."""
    rng = random.Random(seed)
    slip_rng = random.Random(f"slips-{seed}")
    width = rng.randint(38, 82)
    body: list[list[tuple[str, Origin]]] = []
    for index, text in enumerate(paragraphs):
        chars = _damage_paragraph(text, index, lang, rng)
        body.extend(_wrap(_slips(chars, slip_rng) if slips else chars, width, rng))
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
QUANTIFIER_SWAPS = {
    "en": [("up to", "exactly"), ("at least", "at most"), ("only", "also"), ("all", "some"), ("each", "some")],
    "de": [("bis zu", "genau"), ("mindestens", "höchstens"), ("nur", "auch"), ("alle", "einige"), ("jeder", "ein")],
    "it": [("fino al", "esattamente al"), ("fino a", "esattamente a"), ("almeno", "al massimo"), ("solo", "anche")],
    "fr": [("jusqu'à", "exactement à"), ("au moins", "au plus"), ("uniquement", "aussi"), ("chaque", "quelque")],
    "es": [("hasta", "exactamente"), ("al menos", "como máximo"), ("solo", "también"), ("cada", "algún")],
}
EXACTLY = {"en": "exactly", "de": "genau", "it": "esattamente", "fr": "exactement", "es": "exactamente"}
TIMING_SWAPS = {
    "en": [("before", "after"), ("after", "before"), ("at the end", "at the start"), ("immediately", "later")],
    "de": [("bevor", "nachdem"), ("nachdem", "bevor"), ("am Ende", "zu Beginn"), ("sofort", "später")],
    "it": [("prima", "dopo"), ("dopo", "prima"), ("alla fine", "all'inizio"), ("immediatamente", "poi")],
    "fr": [("avant", "après"), ("après", "avant"), ("à la fin", "au début"), ("immédiatement", "ensuite")],
    "es": [("antes", "después"), ("después", "antes"), ("al final", "al inicio"), ("inmediatamente", "luego")],
}
SCOPE_SWAPS = {
    "en": [("turn", "round"), ("round", "turn")],
    "de": [("Spielzug", "Runde"), ("Runde", "Spielzug")],
    "it": [("turno", "assalto"), ("assalto", "turno")],
    "fr": [("tour", "manche"), ("manche", "tour")],
    "es": [("turno", "ronda"), ("ronda", "turno")],
}
ACTOR_SWAPS = [("Powerwolf", "Strigoi"), ("Strigoi", "Powerwolf")]
ROLE_SWAPS = {
    "en": [("Master", "Apprentice"), ("Apprentice", "Master"), ("the player", "another player")],
    "de": [("Meister", "Lehrling"), ("Lehrling", "Meister"), ("der Spieler", "ein anderer Spieler")],
    "it": [("Maestro", "Apprendista"), ("Apprendista", "Maestro"), ("il giocatore", "un altro giocatore")],
    "fr": [("Maître", "Apprenti"), ("Apprenti", "Maître"), ("le joueur", "un autre joueur")],
    "es": [("Maestro", "Aprendiz"), ("Aprendiz", "Maestro"), ("el jugador", "otro jugador")],
}
PARENTHESIS = {
    "en": "(once per round)",
    "de": "(einmal pro Runde)",
    "it": "(una volta per assalto)",
    "fr": "(une fois par manche)",
    "es": "(una vez por ronda)",
}
ORDINARY = {  # words no lexicon knows, for a change that is none of the kinds
    "en": ["castle", "garden", "lantern"],
    "de": ["Garten", "Laterne", "Schloss"],
    "it": ["castello", "giardino", "lanterna"],
    "fr": ["château", "jardin", "lanterne"],
    "es": ["castillo", "jardín", "linterna"],
}
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
    "quantifier": {"quantifier"},
    "timing": {"timing"},
    "scope": {"scope"},
    "actor": {"actor"},
    "dropped": {"missing-clause"},
    "added": {"missing-clause"},
    "parenthesis-dropped": {"parenthesis"},
    "parenthesis-added": {"parenthesis"},
    "unclassified": {"unclassified"},
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


def _word_swaps(text: str, swaps: list[tuple[str, str]], not_after: tuple[str, ...] = ()) -> list[tuple[int, int, str]]:
    """Each place a word of ``swaps`` stands in ``text`` (not right after a word of ``not_after``)."""
    found = []
    for old, new in swaps:
        for m in re.finditer(r"(?<![\w'’])" + re.escape(old) + r"(?![\w'’])", text):
            if not text[: m.start()].lower().endswith(not_after):
                found.append((m.start(), m.end(), new))
    return found


#: Words before which "more" or "less" is a quantifier ("au moins", "at least"), not a comparative.
_QUANTIFYING = ("au ", "al ", "at ", "lo ", "como ")


def _numbers(text: str) -> list[tuple[int, int, str]]:
    """Each number of things in ``text`` ("5 spaces"; not a page's, nor a telephone's "(0)11")."""
    pages = [m.span() for m in _PAGE.finditer(text)]
    found = []
    for m in re.finditer(r"(?<![\w.+])\d{1,2}(?=\s+[^\W\d_])", text):
        if m.start() < 3 or any(a <= m.start() < b for a, b in pages):
            continue
        found.append((m.start(), m.end(), str(int(m.group()) + 1)))
    return found


def _candidates(kind: str, text: str, lang: str) -> list[tuple[int, int, str]]:
    if kind == "modal":  # not in "may not", which says what "must not" says
        return [c for c in _word_swaps(text, MODAL_SWAPS[lang]) if not text[c[1] :].startswith((" not", " nicht"))]
    if kind == "comparative":
        return _word_swaps(text, COMPARATIVE_SWAPS[lang], _QUANTIFYING)
    if kind == "negation":
        return _word_swaps(text, NEGATIONS[lang])
    if kind == "quantifier":
        return _word_swaps(text, QUANTIFIER_SWAPS[lang]) + [(a, a, f"{EXACTLY[lang]} ") for a, _, _ in _numbers(text)]
    if kind == "timing":
        return _word_swaps(text, TIMING_SWAPS[lang])
    if kind == "scope":
        return _word_swaps(text, SCOPE_SWAPS[lang])
    if kind == "actor":
        return _word_swaps(text, ACTOR_SWAPS + ROLE_SWAPS[lang])
    if kind == "parenthesis-dropped":
        return [
            (m.start(), m.end(), "")
            for m in re.finditer(r" \([^()]*\)", text)
            if len(key(m.group())) >= 6 and not re.search(r"[.!?:;]\s", m.group()) and m.start() >= 3
        ]
    if kind == "parenthesis-added":
        return [
            (m.start(), m.start(), f" {PARENTHESIS[lang]}") for m in re.finditer(r"(?<=\w{3}) (?=[a-zà-ÿ]{3})", text)
        ]
    if kind == "unclassified":
        words = list(re.finditer(r"(?<![\w'’*])[a-zà-ÿ]{5,}(?![\w'’*])", text))
        return [(m.start(), m.end(), word) for m in words for word in ORDINARY[lang] if key(word) != key(m.group())]
    if kind == "number":
        return _numbers(text)
    if kind == "dropped":
        spans = []
        parts = sentences(text)
        if len(parts) < 2:
            return []
        for part in parts:
            start = text.find(part)
            if start >= 0 and len(key(part)) >= 25 and not part.startswith("("):  # a parenthesis is no sentence
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
        while options:
            p, (start, end, new) = pick = rng.choice(options)
            text = changed[p]
            after = text[:start] + new + text[end:]
            if kind != "unclassified" or count(split_words(text), lang) == count(split_words(after), lang):
                break
            options.remove(pick)  # the word was part of a fact ("prior" in "prior to"): not an ordinary change
        else:
            continue
        changed[p] = after
        used.add(p)
        plants.append(Plant(kind, p, start, start + len(new), text[start:end], new))
    return changed, plants


def found(plant_: Plant, damaged: Damaged, cited: list[tuple[str, int]]) -> bool:
    """Whether a finding of the expected kind cites a line holding the planted change."""
    lines = damaged.lines_of(plant_.paragraph, plant_.first, plant_.last)
    return any(kind in EXPECTED[plant_.kind] and line in lines for kind, line in cited)
