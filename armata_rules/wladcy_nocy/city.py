"""The city of *Władcy Nocy*: nine district tiles on a 3×3 grid, adjacent only orthogonally (wn.pl:147, wn.pl:588),
with the Railway Station (*Dworzec kolejowy*) always in the top-left corner and the other tiles laid at random.

Positions are ``(row, col)``, row 0 at the top, col 0 at the left, as the event cards' city plans address them
(wn.pl:225); a district is kept by its row-major index 0-8. The grid and its adjacency are the kernel's
:class:`~armata_rules.kernel.equipment.topology.SquareGrid`; cells have the grid's names (``"bottom-left"``,
``"centre"`` ...), which decisions use as options.
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.equipment.topology import Position, SquareGrid

__all__ = [
    "CELLS",
    "GRID",
    "NAMES",
    "STATION",
    "STATION_TILE",
    "cell_index",
    "cell_name",
    "named",
    "neighbours",
    "position",
]

#: The 3×3 city (wn.pl:147).
GRID: Final = SquareGrid(3, 3)
#: The Railway Station's tile id and its fixed cell, the top-left corner (wn.pl:147).
STATION_TILE: Final = "dworzec_kolejowy"
STATION: Final[Position] = (0, 0)
#: Every cell's row-major index.
CELLS: Final = tuple(range(9))
#: Each cell's name, by index ("top-left" ... "bottom-right", "centre").
NAMES: Final = tuple(str(GRID.name_of(GRID.at(index))) for index in CELLS)
_INDEX_OF_NAME: Final = {name: index for index, name in enumerate(NAMES)}
_NEIGHBOURS: Final = tuple(tuple(GRID.index(p) for p in GRID.neighbours(GRID.at(index))) for index in CELLS)


def cell_index(pos: Position) -> int:
    """The row-major index of ``pos``."""
    return GRID.index(pos)


def position(index: int) -> Position:
    """The cell of row-major ``index``."""
    return GRID.at(index)


def cell_name(index: int) -> str:
    """The name of the cell ``index`` ("bottom-left")."""
    return NAMES[index]


def named(name: str) -> int | None:
    """The index of the cell called ``name``, or ``None`` for no cell."""
    return _INDEX_OF_NAME.get(name)


def neighbours(index: int) -> tuple[int, ...]:
    """The cells sharing a side with cell ``index``, ascending (wn.pl:147, wn.pl:588)."""
    return _NEIGHBOURS[index]
