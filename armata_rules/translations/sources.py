"""The rulebook texts: which file holds which source, in which lines, and reading them from a folder.

Source ids follow ``../shared/rulebooks/README.md``: ``peg19.de`` … ``peg19.es`` (the Pegasus print, one language
after the other) and ``sb19.en`` (the English rules of the ScriBabs print). The ScriBabs component list and
addendum give every language side by side; their lines are attributed to ``sb19.de`` … ``sb19.es`` block by
block.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from armata_rules.kernel.texts.files import TextFileError, read_text_file

__all__ = [
    "FILES",
    "LANGS",
    "MAX_RULEBOOK_BYTES",
    "PACKAGED",
    "SOURCES",
    "RulebookError",
    "Rulebooks",
    "SourceSection",
    "default_folder",
    "detect_language",
]

LANGS = ("de", "en", "it", "fr", "es")

FILES = {
    "peg19": "pegasus-2019_de-en-it-fr-es.txt",
    "sb19": "scribabs_multilingual-setup_en-rules_addendum.txt",
}


@dataclass(frozen=True, slots=True)
class SourceSection:
    """A run of lines of one rulebook file in one language."""

    source: str  # e.g. "peg19.en"
    edition: str
    lang: str
    first: int
    last: int


SOURCES: tuple[SourceSection, ...] = (
    SourceSection("peg19.de", "peg19", "de", 1, 597),
    SourceSection("peg19.en", "peg19", "en", 598, 1162),
    SourceSection("peg19.it", "peg19", "it", 1163, 1716),
    SourceSection("peg19.fr", "peg19", "fr", 1717, 2179),
    SourceSection("peg19.es", "peg19", "es", 2180, 2781),
    SourceSection("sb19.en", "sb19", "en", 255, 717),
)

#: The largest rulebook file read (the Pegasus text of five languages is about 300 KB).
MAX_RULEBOOK_BYTES = 4 * 1024 * 1024

#: Lines of sb19 written in every language side by side: the component list and the addendum.
SB19_MULTILINGUAL = ((1, 254), (718, 799))


class RulebookError(ValueError):
    """A rulebook text cannot be read: the message names the file and the problem."""


_STOPWORDS = {
    "de": {"der", "die", "das", "und", "ein", "eine", "mit", "je", "für", "auf", "werden", "sind", "plättchen"},
    "en": {"the", "and", "of", "for", "with", "each", "to", "tiles", "cards", "tokens", "counters", "marker"},
    "it": {"il", "di", "e", "per", "con", "della", "delle", "gettoni", "tessere", "carte", "segnalino", "ciascuno"},
    "fr": {"le", "la", "les", "et", "de", "des", "pour", "avec", "jetons", "tuiles", "cartes", "marqueur"},
    "es": {"el", "los", "las", "y", "de", "para", "con", "fichas", "tarjetas", "cartas", "marcador", "cada"},
}


def detect_language(text: str) -> str | None:
    """The language whose function words a short text uses most, or ``None`` if none stands out."""
    words = {w.strip(".,:;()*\"'-").lower() for w in text.split()}
    scores = {lang: len(words & stop) for lang, stop in _STOPWORDS.items()}
    best = max(scores, key=lambda lang: scores[lang])
    ranked = sorted(scores.values(), reverse=True)
    return best if ranked[0] > 0 and ranked[0] > ranked[1] else None


@dataclass(frozen=True)
class Rulebooks:
    """The rulebook files of a folder: their lines (1-based), checksums, and the language of every line."""

    folder: Path
    lines: dict[str, tuple[str, ...]]
    checksums: dict[str, str]
    multilingual: dict[int, str]

    @classmethod
    def load(cls, folder: str | Path | None = None) -> Rulebooks:
        """Read both rulebooks from ``folder`` (default: :func:`default_folder`)."""
        base = Path(folder) if folder is not None else default_folder()
        lines: dict[str, tuple[str, ...]] = {}
        checksums: dict[str, str] = {}
        for edition, name in FILES.items():
            path = base / name
            try:
                lines[edition], checksums[edition] = read_text_file(path, MAX_RULEBOOK_BYTES)
            except TextFileError as err:
                raise RulebookError(str(err)) from None
            needed = _lines_needed(edition)
            if len(lines[edition]) < needed:
                raise RulebookError(
                    f"{path}: has {len(lines[edition])} lines, but the {edition} sources need {needed} "
                    "(a short or half-copied rulebook file)"
                )
        return cls(base, lines, checksums, multilingual_languages(lines["sb19"]))

    def line(self, edition: str, number: int) -> str:
        """Line ``number`` (1-based) of ``edition``'s file; a number outside the file is a :class:`RulebookError`
        naming the file's length (a negative index would silently read from the end)."""
        lines = self.lines[edition]
        if not 1 <= number <= len(lines):
            raise RulebookError(f"{FILES[edition]}: has no line {number} (it has {len(lines)})")
        return lines[number - 1]

    def section(self, source: str) -> SourceSection:
        """The section of source id ``source``."""
        for section in SOURCES:
            if section.source == source:
                return section
        raise KeyError(f"no source {source!r}")

    def language_of(self, edition: str, number: int) -> str | None:
        """The language of a line: its section's, or for sb19's side-by-side lists, the block's."""
        for section in SOURCES:
            if section.edition == edition and section.first <= number <= section.last:
                return section.lang
        if edition == "sb19":
            return self.multilingual.get(number)
        return None


def _lines_needed(edition: str) -> int:
    """The last line any source section (or sb19's side-by-side lists) of ``edition`` reads."""
    lasts = [section.last for section in SOURCES if section.edition == edition]
    if edition == "sb19":
        lasts.extend(last for _, last in SB19_MULTILINGUAL)
    return max(lasts)


def multilingual_languages(lines: tuple[str, ...]) -> dict[int, str]:
    """Line number → language for the side-by-side parts of the ScriBabs print."""
    languages: dict[int, str] = {}
    for first, last in SB19_MULTILINGUAL:
        block: list[int] = []
        for number in range(first, last + 2):
            text = lines[number - 1].strip() if number <= last else ""
            if text:
                block.append(number)
                continue
            if block:
                languages.update(_block_languages(lines, block))
            block = []
    return languages


def _block_languages(lines: tuple[str, ...], block: list[int]) -> dict[int, str]:
    if len(block) % 5 == 0 and len(block) >= 5:
        per = len(block) // 5
        return {number: LANGS[index // per] for index, number in enumerate(block)}
    found = {}
    for number in block:
        lang = detect_language(lines[number - 1])
        if lang is not None:
            found[number] = lang
    return found


#: Where a built wheel carries the rulebook texts (``pyproject.toml``: hatch force-include).
PACKAGED = Path(__file__).resolve().parents[1] / "rulebooks_data"


def default_folder(search_from: Sequence[Path] | None = None, packaged: Path = PACKAGED) -> Path:
    """``$ARMATA_RULEBOOKS``, else ``shared/rulebooks`` beside the repository or the working directory (or the
    folders ``search_from``), else the copy installed with the package, so an installed wheel needs nothing
    beside it."""
    env = os.environ.get("ARMATA_RULEBOOKS")
    if env:
        return Path(env)
    if search_from is None:
        search_from = (Path(__file__).resolve(), Path.cwd() / "_")
    # the nearest few folders only: an editable checkout has the repository three levels up from this file, the
    # working directory is looked at itself; a ``shared/`` somewhere far up (``/tmp/shared``) is not ours
    roots = [parent for start in search_from for parent in start.parents[:4]]
    for parent in roots:
        candidate = parent / "shared" / "rulebooks"
        if candidate.is_dir():
            return candidate
        candidate = parent.parent / "shared" / "rulebooks"
        if candidate.is_dir():
            return candidate
    if all((packaged / name).is_file() for name in FILES.values()):
        return packaged
    return Path("shared/rulebooks")
