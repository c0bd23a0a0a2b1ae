"""The player-count tables as the rulebooks print them, read from every text.

Each language prints two tables (peg19.en:884-885 and peg19.en:940-941): a header row of player counts
(``Number of players: 2 3 4 5``, tab-separated in the extraction) under a heading that names the altar or the
inferno, and a row of blood points. Reading them from the texts, rather than trusting the data pack, lets
``verify`` check that the pack's tables are the printed ones in every language that prints them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from armata_rules.translations.sources import SOURCES, Rulebooks

__all__ = ["PrintedTable", "printed_tables"]

_PLAYERS = re.compile(r"^[^\t\d]+:?\s*\t2\t3\t4\t5\s*$")
_ALTAR = ("ALTAR", "AUTEL")
_INFERNO = ("INFERNO", "INFIERNO")


@dataclass(frozen=True, slots=True)
class PrintedTable:
    """One printed table: which (``altar`` or ``inferno``), where (``peg19.en:884``), and its values by player
    count."""

    kind: str
    source: str
    line: int
    values: dict[int, int]

    @property
    def cite(self) -> str:
        """``peg19.en:884-885``."""
        return f"{self.source}:{self.line}-{self.line + 1}"


def _kind(heading: str) -> str | None:
    upper = heading.upper()  # substrings: the German heading says INFERNOKARTE
    if any(word in upper for word in _INFERNO):
        return "inferno"
    if any(word in upper for word in _ALTAR):
        return "altar"
    return None


def printed_tables(books: Rulebooks) -> list[PrintedTable]:
    """Every table of blood points per player count in every text, with the heading that says which it is."""
    found: list[PrintedTable] = []
    for section in SOURCES:
        lines = books.lines[section.edition]
        for number in range(section.first, section.last):
            if not _PLAYERS.match(lines[number - 1]):
                continue
            cells = lines[number].split("\t")[1:]
            heading = next(
                (lines[n - 1] for n in range(number - 1, max(section.first, number - 4), -1) if lines[n - 1].strip()),
                "",
            )
            kind = _kind(heading)
            if kind is None or len(cells) != 4 or not all(c.strip().isdigit() for c in cells):
                continue
            values = {players: int(cell) for players, cell in zip((2, 3, 4, 5), cells, strict=True)}
            found.append(PrintedTable(kind, section.source, number, values))
    return found
