"""The texts a game's rules cite: their source ids, the pivot the others are read against, how a citation reads and
how one resolves to lines of a text.

A game names its :class:`TextSet` in its definition (:attr:`~armata_rules.kernel.play.game.GameDefinition.texts`):
Armata's five languages of two editions (``peg19.en:812``), *Władcy Nocy*'s one Polish text (``wn.pl:225``). The
kernel reads citations only through it, so every game's citations are checked the same way
(:func:`~armata_rules.kernel.testing.conformance.check_citations`: every rule of the book cites clauses that read as
the game's grammar and resolve to lines of its text).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["TextSet"]


@dataclass(frozen=True)
class TextSet:
    """A game's texts. ``grammar`` matches one citation whole (``SOURCE:LINE`` or ``SOURCE:FIRST-LAST``);
    ``resolve`` gives the lines a citation names and raises ``ValueError`` saying why it names none (a line outside
    its source, a blank line, another language's line); ``env`` is the environment variable naming the folder of the
    text files."""

    game: str
    sources: tuple[str, ...]
    pivot: str
    grammar: re.Pattern[str]
    resolve: Callable[[str], range]
    env: str

    def __post_init__(self) -> None:
        if self.pivot not in self.sources:
            raise ValueError(f"game {self.game}: the pivot {self.pivot!r} is not one of its sources")

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
