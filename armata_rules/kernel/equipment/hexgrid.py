"""Hex maths: axial coordinates, the six directions, rotation, distance, rings, discs and lines.

A cell of a hex lattice is an axial pair ``(q, r)``; the third cube coordinate is ``s = -q - r``. The six *cell
directions* are numbered 0..5 so that turning one step is a 60° rotation (clockwise on screen with pointy-top hexes
and y pointing down). Nothing here knows a game: Armata's fortress of seven hexagonal rooms (its room radius and the
step from room to room) is built on this in :mod:`armata_rules.board.hexgrid`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

__all__ = [
    "CELL_DIRECTIONS",
    "Hex",
    "direction_between",
    "disc",
    "distance",
    "line",
    "opposite",
    "parse_hex",
    "ring",
    "rotate",
]


class Hex(NamedTuple):
    """A cell of the lattice in axial coordinates."""

    q: int
    r: int

    # A deliberate override: for cells ``+`` is the vector sum, never tuple concatenation.
    def __add__(self, other: tuple[int, ...]) -> Hex:  # type: ignore[override]
        """Vector sum."""
        q, r = other
        return Hex(self.q + q, self.r + r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scaled(self, k: int) -> Hex:
        """This vector times ``k``."""
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The cell one step away in cell direction ``direction`` (0..5)."""
        return self + CELL_DIRECTIONS[direction % 6]

    def __str__(self) -> str:
        return f"{self.q},{self.r}"


#: Unit vectors of the six cell directions; index ``i + 1`` is index ``i`` turned by 60°.
CELL_DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0), Hex(0, -1), Hex(1, -1))


def rotate(v: Hex, steps: int) -> Hex:
    """Turn the vector ``v`` about the origin by ``steps`` × 60° (any integer; six steps are the identity)."""
    q, r = v
    for _ in range(steps % 6):
        q, r = -r, q + r
    return Hex(q, r)


def distance(a: Hex, b: Hex) -> int:
    """Number of cell steps between ``a`` and ``b`` ignoring walls."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def opposite(direction: int) -> int:
    """The direction pointing the other way."""
    return (direction + 3) % 6


def direction_between(a: Hex, b: Hex) -> int | None:
    """The cell direction from ``a`` to its neighbour ``b``, or ``None`` if they are not neighbours."""
    delta = b - a
    for index, unit in enumerate(CELL_DIRECTIONS):
        if delta == unit:
            return index
    return None


def ring(centre: Hex, radius: int) -> Iterator[Hex]:
    """The cells at exactly ``radius`` steps from ``centre``, walking once around."""
    if radius == 0:
        yield centre
        return
    cell = centre + CELL_DIRECTIONS[4].scaled(radius)
    for side in range(6):
        for _ in range(radius):
            yield cell
            cell = cell.neighbour(side)


def disc(centre: Hex, radius: int) -> Iterator[Hex]:
    """The cells at most ``radius`` steps from ``centre``, centre first, then ring by ring."""
    for k in range(radius + 1):
        yield from ring(centre, k)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The cells a straight line from ``a`` to ``b`` crosses, both ends included (cube-coordinate interpolation,
    nudged so that a line along a cell border picks one side consistently)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + eps
    bq, br = b.q + eps, b.r + eps
    cells = []
    for i in range(n + 1):
        t = i / n
        q, r = aq + (bq - aq) * t, ar + (br - ar) * t
        cells.append(_round(q, r))
    return cells


def _round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def parse_hex(text: str) -> Hex:
    """Read ``"q,r"`` (spaces allowed) as a :class:`Hex`; raise ``ValueError`` with the text otherwise."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"expected a cell written 'q,r', got {text!r}")
    try:
        return Hex(int(parts[0].strip()), int(parts[1].strip()))
    except ValueError:
        raise ValueError(f"expected a cell written 'q,r' with whole numbers, got {text!r}") from None
