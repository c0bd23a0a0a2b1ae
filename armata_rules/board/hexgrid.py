"""The hex lattice under the fortress: the kernel's hex maths and the fortress's room constants.

Every space of the fortress is a cell of one hex lattice. The generic maths (axial cells, the six cell directions,
rotation, distance, rings, discs, lines, parsing) is the kernel's, :mod:`armata_rules.kernel.equipment.hexgrid`,
re-exported here under its old names, so ``armata_rules.board.hexgrid.Hex`` is the same class (and saved games and
pickles that name it still load).

What is Armata's stays here. Rooms are hexagons of cells of radius :data:`ROOM_RADIUS`; seven of them tile a flower.
The centre of the room next to another in *room direction* ``d`` lies at ``rotate(ROOM_STEP, d)``. Room directions
are a second set of six, skewed by about 19° from the cell directions, because hexagons of hexagons tile the plane
with a twist.
"""

from __future__ import annotations

from armata_rules.kernel.equipment.hexgrid import (
    CELL_DIRECTIONS,
    Hex,
    direction_between,
    disc,
    distance,
    line,
    opposite,
    parse_hex,
    ring,
    rotate,
)

__all__ = [
    "CELL_DIRECTIONS",
    "LADDER_STEP",
    "PLATFORM_RADIUS",
    "ROOM_RADIUS",
    "ROOM_STEP",
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

#: Radius of a room: 19 cells, the centre, a ring of 6 and a ring of 12.
ROOM_RADIUS = 2
#: Radius of a circular platform: its centre and the ring of 6 around it.
PLATFORM_RADIUS = 1
#: Offset from a room's centre to the centre of the room next to it in room direction 0.
ROOM_STEP = Hex(2 * ROOM_RADIUS + 1, -ROOM_RADIUS)
#: Offset from a room's centre to the cell just outside its edge in room direction 0 (where a ladder tile goes).
LADDER_STEP = Hex(ROOM_RADIUS + 1, -(ROOM_RADIUS // 2))
