"""A game's text files read from a folder (:class:`TextFiles`): their lines (1-based, NFC), checksums, and the
language of every line, as the game's :class:`~armata_rules.kernel.texts.textset.TextSet` describes them.

The folder is the one the text set's environment variable names, else ``shared/rulebooks`` beside the repository or
the working directory, else the copy an installed wheel carries (:func:`find_folder`). A file that is missing, not
UTF-8 or shorter than its sections is a :class:`TextFileError` naming the path.
"""

from __future__ import annotations

import hashlib
import os
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from armata_rules.kernel.core.datafile import DataFileError, read_regular_file
from armata_rules.kernel.texts.textset import Section, TextSet

__all__ = ["TextFileError", "TextFiles", "find_folder", "read_text_file"]


class TextFileError(ValueError):
    """A text file cannot be read: the message names the file and the problem."""


def read_text_file(path: Path, max_bytes: int) -> tuple[tuple[str, ...], str]:
    """The lines of a UTF-8 text file, each in NFC, and the sha256 of its bytes."""
    try:
        raw = read_regular_file(path, max_bytes)
    except DataFileError as err:
        raise TextFileError(f"{path}: {err.problem}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise TextFileError(f"{path}: is not UTF-8 text ({err.reason} at byte {err.start})") from None
    lines = tuple(unicodedata.normalize("NFC", line) for line in text.splitlines())
    return lines, hashlib.sha256(raw).hexdigest()


def find_folder(texts: TextSet, search_from: Sequence[Path] | None = None, packaged: Path | None = None) -> Path:
    """``$ENV`` (the text set's variable), else ``shared/rulebooks`` holding every file of the set beside the
    repository or the working directory (or the folders ``search_from``), else the packaged copy (``packaged``,
    default the text set's), else ``shared/rulebooks``."""
    value = os.environ.get(texts.env)
    if value:
        return Path(value)
    if search_from is None:
        search_from = (Path(__file__).resolve(), Path.cwd() / "_")
    names = [name for _, name in texts.files]

    def holds_all(folder: Path) -> bool:
        return all((folder / name).is_file() for name in names)

    # the nearest few folders only: a checkout has the repository four levels up from this file; a ``shared/`` far
    # up (``/tmp/shared``) is not ours
    for start in search_from:
        for parent in start.parents[:5]:
            for candidate in (parent / "shared" / "rulebooks", parent.parent / "shared" / "rulebooks"):
                if holds_all(candidate):
                    return candidate
    packaged = packaged if packaged is not None else texts.packaged
    if packaged is not None and holds_all(packaged):
        return packaged
    return Path("shared") / "rulebooks"


@dataclass(frozen=True)
class TextFiles:
    """The files of a text set as read from ``folder``: ``lines`` and ``checksums`` by file key; ``other`` the
    language of lines no section covers (from the set's ``languages``)."""

    texts: TextSet
    folder: Path
    lines: Mapping[str, tuple[str, ...]]
    checksums: Mapping[str, str]
    other: Mapping[str, Mapping[int, str]]

    @classmethod
    def load(cls, texts: TextSet, folder: str | Path | None = None) -> TextFiles:
        """Read every file of ``texts`` from ``folder`` (default: :func:`find_folder`)."""
        base = Path(folder) if folder is not None else find_folder(texts)
        lines: dict[str, tuple[str, ...]] = {}
        checksums: dict[str, str] = {}
        other: dict[str, Mapping[int, str]] = {}
        for key, name in texts.files:
            path = base / name
            lines[key], checksums[key] = read_text_file(path, texts.max_bytes)
            needed = max((s.last or s.first for s in texts.sections if s.file == key), default=0)
            if len(lines[key]) < needed:
                raise TextFileError(
                    f"{path}: has {len(lines[key])} lines, but the {key} sources need {needed} "
                    "(a short or half-copied text file)"
                )
            other[key] = dict(texts.languages(key, lines[key])) if texts.languages is not None else {}
        return cls(texts, base, lines, checksums, other)

    def line(self, file: str, number: int) -> str:
        """Line ``number`` (1-based) of ``file``; a number outside the file is a :class:`TextFileError` naming the
        file's length (a negative index would silently read from the end)."""
        lines = self.lines[file]
        if not 1 <= number <= len(lines):
            raise TextFileError(f"{self.texts.file_names[file]}: has no line {number} (it has {len(lines)})")
        return lines[number - 1]

    def section(self, source: str) -> Section:
        """The section of source id ``source``."""
        return self.texts.section(source)

    def span(self, source: str) -> range:
        """The line numbers of ``source``'s section (to the file's end if it runs there)."""
        section = self.section(source)
        last = section.last if section.last is not None else len(self.lines[section.file])
        return range(section.first, last + 1)

    def language_of(self, file: str, number: int) -> str | None:
        """The language of a line: that of the narrowest section covering it (a block of another language inside a
        text is its own), else the one the set's ``languages`` gives, else ``None``."""
        size = len(self.lines.get(file, ()))
        covering = [s for s in self.texts.sections if s.file == file and s.covers(number)]
        if covering:
            return min(covering, key=lambda s: (s.last if s.last is not None else size) - s.first).lang
        return self.other.get(file, {}).get(number)
