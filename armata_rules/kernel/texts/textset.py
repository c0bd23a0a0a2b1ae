"""The texts a game's rules cite: their source ids, the pivot the others are read against, how a citation reads and
how one resolves to lines of a text.

A game names its :class:`TextSet` in its definition (:attr:`~armata_rules.kernel.play.game.GameDefinition.texts`):
Armata's five languages of two editions (``peg19.en:812``), *Władcy Nocy*'s one Polish text (``wn.pl:225``). The
kernel reads citations only through it, so every game's citations are checked the same way
(:func:`~armata_rules.kernel.testing.conformance.check_citations`: every rule of the book cites clauses that read as
the game's grammar and resolve to lines of its text).

The text tools of :mod:`armata_rules.kernel.texts` read the files through it too: which file holds which source, in
which lines and language (:class:`Section`), and where the files are (:mod:`~armata_rules.kernel.texts.files`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["DEFAULT_MAX_BYTES", "Section", "TextSet"]

#: The largest text file read unless a game says otherwise.
DEFAULT_MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Section:
    """The lines of one text file that a source id names, all in one language (``last = None``: to the file's
    end). Sections may nest: a block of another language inside a text is a section of its own."""

    source: str
    file: str
    lang: str
    first: int
    last: int | None = None

    def covers(self, number: int) -> bool:
        """Whether line ``number`` of the section's file is one of its lines."""
        return self.first <= number and (self.last is None or number <= self.last)


@dataclass(frozen=True)
class TextSet:
    """A game's texts. ``grammar`` matches one citation whole (``SOURCE:LINE`` or ``SOURCE:FIRST-LAST``);
    ``resolve`` gives the lines a citation names and raises ``ValueError`` saying why it names none (a line outside
    its source, a blank line, another language's line); ``env`` is the environment variable naming the folder of the
    text files.

    For the text tools: ``files`` pairs each file's key with its name; ``sections`` say which lines of a file each
    source names; ``languages`` (optional) gives, from a file's key and lines, the language of lines no section
    covers (a list printed in every language side by side); ``packaged`` is where an installed wheel carries the
    files; ``max_bytes`` caps a file read."""

    game: str
    sources: tuple[str, ...]
    pivot: str
    grammar: re.Pattern[str]
    resolve: Callable[[str], range]
    env: str
    files: tuple[tuple[str, str], ...] = ()
    sections: tuple[Section, ...] = ()
    languages: Callable[[str, tuple[str, ...]], Mapping[int, str]] | None = None
    packaged: Path | None = None
    max_bytes: int = DEFAULT_MAX_BYTES

    def __post_init__(self) -> None:
        if self.pivot not in self.sources:
            raise ValueError(f"game {self.game}: the pivot {self.pivot!r} is not one of its sources")
        keys = [key for key, _ in self.files]
        if len(set(keys)) != len(keys):
            raise ValueError(f"game {self.game}: a file key is given twice in {', '.join(keys)}")
        for section in self.sections:
            if section.source not in self.sources:
                raise ValueError(f"game {self.game}: section {section.source!r} is not one of its sources")
            if section.file not in keys:
                raise ValueError(f"game {self.game}: section {section.source!r} reads an unknown file {section.file!r}")
            if section.first < 1 or (section.last is not None and section.last < section.first):
                raise ValueError(
                    f"game {self.game}: section {section.source!r} has no lines ({section.first}-{section.last})"
                )

    @property
    def file_names(self) -> dict[str, str]:
        """File key → file name, in the order given."""
        return dict(self.files)

    @property
    def langs(self) -> tuple[str, ...]:
        """The languages of the sections, each once, in the order the sections give them."""
        return tuple(dict.fromkeys(section.lang for section in self.sections))

    def section(self, source: str) -> Section:
        """The section of source id ``source``; ``KeyError`` naming the sections there are."""
        for section in self.sections:
            if section.source == source:
                return section
        raise KeyError(f"game {self.game}: no section {source!r} (sections: {', '.join(self.section_ids)})")

    @property
    def section_ids(self) -> tuple[str, ...]:
        """The source ids that have a section, in order."""
        return tuple(section.source for section in self.sections)

    def problem(self, citation: str) -> str | None:
        """Why ``citation`` does not resolve, in a few words, or ``None`` when it does."""
        if not isinstance(citation, str) or not self.grammar.fullmatch(citation):
            return f"{citation!r:.60} does not read SOURCE:LINE (sources: {', '.join(self.sources)})"
        if citation.split(":", maxsplit=1)[0] not in self.sources:
            return (
                f"{citation!r}: no source {citation.split(':', maxsplit=1)[0]!r} (sources: {', '.join(self.sources)})"
            )
        try:
            lines = self.resolve(citation)
        except ValueError as err:
            return f"{citation!r}: {err}"
        return None if len(lines) else f"{citation!r}: names no line"
