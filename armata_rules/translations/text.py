"""Text as the finder sees it: paragraphs and sentences with their line numbers, OCR damage repaired, squashed
forms that ignore spacing, and the facts each language's lexicon reads out of a sentence.

PDF extraction splits words ("F ASE", "S trigoi"), drops icons and flattens tables. Comparisons of a text with
itself therefore work on *squashed* text (lowercase letters and digits only), which spacing damage cannot change;
comparisons across languages work on the facts: numbers, modal verbs, comparatives, scope words, negation.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

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


_SINGLE_LETTER_WORDS = {"a", "e", "i", "o", "u", "y", "à", "è", "é", "ó", "l", "d"}
_SPLIT = re.compile(r"\b([A-Za-zÀ-ÿ])\s(?=[A-Za-zÀ-ÿ]{2,})")


def repair(text: str) -> str:
    """Join a lone letter to the word it was split from ("F ASE" → "FASE"), keeping real one-letter words."""

    def join(match: re.Match[str]) -> str:
        letter = match.group(1)
        return match.group(0) if letter.lower() in _SINGLE_LETTER_WORDS and letter.islower() else letter

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


# ------------------------------------------------------------------------------------------------- lexicons
# Stems (accent-folded, lowercase) that mark a fact; matched at the start of a word.
MODAL = {
    "may": {
        "en": ["may ", "can ", "could "],
        "de": ["darf", "durfen", "kann ", "konnen"],
        "it": ["puo ", "possono", "potra"],
        "fr": ["peut ", "peuvent", "pourra"],
        "es": ["puede ", "pueden", "podra"],
    },
    "must": {
        "en": ["must", "has to", "have to"],
        "de": ["muss", "mussen"],
        "it": ["deve ", "devono", "dovra"],
        "fr": ["doit ", "doivent", "devra"],
        "es": ["debe ", "deben", "debera", "tiene que", "tendra que"],
    },
    "cannot": {
        "en": ["cannot", "can't", "may not", "can never", "must not", "not allowed", "forbidden"],
        "de": ["kann nicht", "darf nicht", "durfen nicht", "konnen nicht", "nie "],
        "it": ["non puo", "non possono", "vietato", "mai "],
        "fr": ["ne peut", "ne peuvent", "interdit", "jamais"],
        "es": ["no puede", "no pueden", "prohibido", "nunca"],
    },
}
COMPARATIVE = {
    "more": {
        "en": ["more", "higher", "greater", "most", "highest"],
        "de": ["mehr", "hoher", "grosser", "hochste", "meisten"],
        "it": ["piu ", "maggior", "superior"],
        "fr": ["plus ", "superieur"],
        "es": ["mas ", "mayor", "superior"],
    },
    "fewer": {
        "en": ["fewer", "less", "lower", "lowest", "least"],
        "de": ["weniger", "niedrig", "wenigsten"],
        "it": ["meno", "minor", "inferior", "basso"],
        "fr": ["moins", "inferieur", "petite"],
        "es": ["menos", "menor", "inferior", "bajo"],
    },
}
SCOPE = {
    "turn": {"en": ["turn"], "de": ["spielzug", "zug "], "it": ["turno"], "fr": ["tour "], "es": ["turno"]},
    "round": {"en": ["round"], "de": ["runde"], "it": ["assalto"], "fr": ["manche"], "es": ["ronda"]},
}
NUMBER_WORDS = {
    "en": ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
    "de": ["null", "ein", "zwei", "drei", "vier", "funf", "sechs", "sieben", "acht", "neun", "zehn"],
    "it": ["zero", "un", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci"],
    "fr": ["zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"],
    "es": ["cero", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"],
}
_PAGE = re.compile(r"\b(p|pp|pag|pág|page|pagina|página|seite|s)\s?\.?\s*\d+", re.IGNORECASE)


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
    """The facts of ``text`` in language ``lang``; page references are not numbers of the rules."""
    clean = fold(repair(_PAGE.sub(" ", text))) + " "
    numbers = [int(n) for n in re.findall(r"(?<![a-z0-9])\d+(?![0-9])", clean)]
    words = NUMBER_WORDS.get(lang, [])
    for value, word in enumerate(words):
        if value >= 2:  # "one"/"a" is an article as often as a number
            numbers.extend([value] * len(re.findall(r"(?<![a-z])" + word + r"(?![a-z])", clean)))
    cannot = _count(clean, {"cannot": MODAL["cannot"]}, lang)
    modal = _count(clean, {k: v for k, v in MODAL.items() if k != "cannot"}, lang)
    if cannot["cannot"]:
        modal["cannot"] = cannot["cannot"]
        modal["may"] = max(0, modal["may"] - cannot["cannot"])
        modal = +modal
    return Facts(tuple(sorted(numbers)), modal, _count(clean, COMPARATIVE, lang), _count(clean, SCOPE, lang))
