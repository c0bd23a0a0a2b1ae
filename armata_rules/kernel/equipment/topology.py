"""A square grid of cells with orthogonal adjacency, and the tiles laid on it.

A position is ``(row, col)``, row 0 at the top, col 0 at the left; positions are listed in row-major order (the
order of the tuples). Two cells are adjacent when they share a side: diagonal cells are not. Corner and edge cells
have names (``"top-left"``, ``"middle-right"``, ``"centre"`` ...) for the tables of a game's printed plans.

:class:`TileLayout` is the table of which tile lies where: some tiles are fixed to a position, the others are placed
at random, one chance step per tile (the next tile in id order takes one of the free positions, each as likely), so a
chance node has at most as many outcomes as there are free cells.

The kernel :func:`grid_distance` (the number of orthogonal steps between two cells) is int-or-Z3
(:mod:`armata_rules.kernel.play.effects`); :meth:`SquareGrid.distance` runs it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

import networkx as nx

from armata_rules.kernel.play.effects import IteOf, N, concrete_ite

__all__ = ["Position", "SquareGrid", "TileLayout", "grid_distance", "is_adjacent"]

#: A cell of a grid: ``(row, col)``.
Position = tuple[int, int]

_ROW_WORDS: Final = ("top", "middle", "bottom")
_COL_WORDS: Final = ("left", "middle", "right")


def _abs(x: N, ite: IteOf[N]) -> N:
    return ite(x < 0, -x, x)


def grid_distance(row_a: N, col_a: N, row_b: N, col_b: N, ite: IteOf[N] = concrete_ite) -> N:
    """The number of orthogonal steps from ``(row_a, col_a)`` to ``(row_b, col_b)`` on a full grid: the Manhattan
    distance, ``|row_a - row_b| + |col_a - col_b|``."""
    return _abs(row_a - row_b, ite) + _abs(col_a - col_b, ite)


def is_adjacent(row_a: N, col_a: N, row_b: N, col_b: N, ite: IteOf[N] = concrete_ite) -> object:
    """Whether the two cells share a side: one orthogonal step apart."""
    return grid_distance(row_a, col_a, row_b, col_b, ite) == 1


@functools.cache
def _neighbour_table(rows: int, cols: int) -> dict[Position, tuple[Position, ...]]:
    """Each cell's orthogonal neighbours, sorted, from networkx's grid graph (made once per size)."""
    graph = nx.grid_2d_graph(rows, cols)
    return {cell: tuple(sorted(graph.neighbors(cell))) for cell in sorted(graph.nodes)}


def _words(count: int, words: tuple[str, str, str]) -> dict[int, str]:
    """The name of each named line of ``count`` lines: the first, the last, and the middle one if there is one."""
    named = {count - 1: words[2], 0: words[0]}  # one line: the first word wins
    if count % 2 == 1 and count >= 3:
        named[count // 2] = words[1]
    return named


@dataclass(frozen=True, slots=True)
class SquareGrid:
    """A grid of ``rows`` × ``cols`` cells, adjacent orthogonally."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, got {self.rows}x{self.cols}")

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every cell, in row-major order."""
        return tuple((row, col) for row in range(self.rows) for col in range(self.cols))

    def __contains__(self, position: object) -> bool:
        if not (isinstance(position, tuple) and len(position) == 2):
            return False
        row, col = position
        return isinstance(row, int) and isinstance(col, int) and 0 <= row < self.rows and 0 <= col < self.cols

    def check(self, position: Position) -> Position:
        """``position``, or a ``ValueError`` naming it if it is off the grid."""
        if position not in self:
            raise ValueError(f"position {position!r} is not a cell of the {self.rows}x{self.cols} grid")
        return position

    def neighbours(self, position: Position) -> tuple[Position, ...]:
        """The cells sharing a side with ``position``, sorted."""
        return _neighbour_table(self.rows, self.cols)[self.check(position)]

    def adjacent(self, a: Position, b: Position) -> bool:
        """Whether ``a`` and ``b`` share a side."""
        return self.check(b) in self.neighbours(a)

    def distance(self, a: Position, b: Position) -> int:
        """The fewest orthogonal steps from ``a`` to ``b`` (:func:`grid_distance`)."""
        (row_a, col_a), (row_b, col_b) = self.check(a), self.check(b)
        return grid_distance(row_a, col_a, row_b, col_b)

    def index(self, position: Position) -> int:
        """The row-major index of ``position`` (0 for the top-left cell)."""
        row, col = self.check(position)
        return row * self.cols + col

    def at(self, index: int) -> Position:
        """The cell with row-major ``index``."""
        if not 0 <= index < self.rows * self.cols:
            raise ValueError(f"cell index {index} is outside 0..{self.rows * self.cols - 1} of the grid")
        return divmod(index, self.cols)

    def named(self, name: str) -> Position:
        """The cell called ``name``: ``"<row>-<col>"`` with the row ``top``, ``middle`` or ``bottom`` and the column
        ``left``, ``middle`` or ``right`` (a middle only where the grid has a middle line), or ``"centre"``."""
        rows = {word: row for row, word in _words(self.rows, _ROW_WORDS).items()}
        cols = {word: col for col, word in _words(self.cols, _COL_WORDS).items()}
        row_word, _, col_word = ("middle-middle" if name == "centre" else name).partition("-")
        if row_word not in rows or col_word not in cols:
            raise ValueError(f"no cell of the {self.rows}x{self.cols} grid is called {name!r}")
        return rows[row_word], cols[col_word]

    def name_of(self, position: Position) -> str | None:
        """The name of ``position`` (see :meth:`named`), or ``None`` for a cell with none."""
        row, col = self.check(position)
        row_word = _words(self.rows, _ROW_WORDS).get(row)
        col_word = _words(self.cols, _COL_WORDS).get(col)
        if row_word is None or col_word is None:
            return None
        return "centre" if (row_word, col_word) == ("middle", "middle") else f"{row_word}-{col_word}"


@dataclass(frozen=True, slots=True)
class TileLayout:
    """Which tile lies on which cell of ``grid``: ``placed`` as ``(position, tile)`` in row-major order, and the
    tiles still to place, ``unplaced``, in id order (the order the chance steps place them)."""

    grid: SquareGrid
    placed: tuple[tuple[Position, str], ...]
    unplaced: tuple[str, ...]

    def __post_init__(self) -> None:
        positions = [position for position, _ in self.placed]
        tiles = [tile for _, tile in self.placed] + list(self.unplaced)
        for position in positions:
            self.grid.check(position)
        if positions != sorted(set(positions)):
            raise ValueError(f"a tile layout's positions must be distinct and in row-major order, got {positions}")
        if len(set(tiles)) != len(tiles):
            raise ValueError(f"a tile layout names a tile twice: {sorted(tiles)}")
        if list(self.unplaced) != sorted(self.unplaced):
            raise ValueError(f"a tile layout's unplaced tiles must be in id order, got {list(self.unplaced)}")
        if len(tiles) > len(self.grid.positions):
            raise ValueError(f"{len(tiles)} tiles do not fit on the {self.grid.rows}x{self.grid.cols} grid")

    @classmethod
    def start(cls, grid: SquareGrid, fixed: Mapping[str, Position], others: Iterable[str]) -> TileLayout:
        """The layout before any chance step: the ``fixed`` tiles on their cells, the ``others`` still to place."""
        placed = tuple(sorted((grid.check(position), tile) for tile, position in fixed.items()))
        return cls(grid, placed, tuple(sorted(others)))

    @property
    def complete(self) -> bool:
        """Whether every tile is placed."""
        return not self.unplaced

    @property
    def next_tile(self) -> str | None:
        """The tile the next chance step places, or ``None`` once every tile is placed."""
        return self.unplaced[0] if self.unplaced else None

    def free_positions(self) -> tuple[Position, ...]:
        """The cells without a tile, in row-major order: the outcomes of the next chance step, each as likely."""
        taken = {position for position, _ in self.placed}
        return tuple(position for position in self.grid.positions if position not in taken)

    def place_next(self, choice: int) -> TileLayout:
        """The layout after the next chance step: :attr:`next_tile` on ``free_positions()[choice]``."""
        if not self.unplaced:
            raise ValueError("every tile of the layout is already placed")
        free = self.free_positions()
        if not 0 <= choice < len(free):
            raise ValueError(f"tile {self.unplaced[0]!r}: choice {choice} is outside the {len(free)} free cells")
        placed = tuple(sorted((*self.placed, (free[choice], self.unplaced[0]))))
        return TileLayout(self.grid, placed, self.unplaced[1:])

    def tile_at(self, position: Position) -> str | None:
        """The tile on ``position``, or ``None`` if it has none yet."""
        self.grid.check(position)
        return next((tile for cell, tile in self.placed if cell == position), None)

    def position_of(self, tile: str) -> Position:
        """The cell ``tile`` lies on."""
        for position, placed in self.placed:
            if placed == tile:
                return position
        raise ValueError(f"tile {tile!r} is not placed on the grid")
