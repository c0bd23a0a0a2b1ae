"""The data pack's player-count tables against the tables the rulebooks print, in every language.

The proofs take the pack's tables as parameters (:mod:`armata_rules.verify.models`); this check closes the gap
between those parameters and the texts: each printed table (:mod:`armata_rules.translations.tables`) must equal
the pack's, value by value. A pack edited by hand, or a text that prints other numbers, gives a mismatch naming
the line.
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.components.pack import DataPack
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.tables import printed_tables

__all__ = ["TableCheck", "check_printed_tables"]


@dataclass(frozen=True, slots=True)
class TableCheck:
    """One printed value against the pack's."""

    kind: str
    cite: str
    players: int
    printed: int
    pack: int

    @property
    def ok(self) -> bool:
        """Whether the pack holds the printed value."""
        return self.printed == self.pack


def check_printed_tables(pack: DataPack, books: Rulebooks) -> list[TableCheck]:
    """Every printed value of the altar and inferno tables, in every text, against ``pack``'s tables."""
    ours = {"altar": pack.tables.altar_required, "inferno": pack.tables.inferno_loss}
    return [
        TableCheck(table.kind, table.cite, players, value, ours[table.kind][players])
        for table in printed_tables(books)
        for players, value in sorted(table.values.items())
    ]
