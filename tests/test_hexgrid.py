"""The lattice: rotation, distance, rings, parsing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.board.hexgrid import (
    CELL_DIRECTIONS,
    LADDER_STEP,
    ROOM_STEP,
    Hex,
    direction_between,
    disc,
    distance,
    parse_hex,
    ring,
    rotate,
)

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


@given(hexes)
def test_six_rotations_are_the_identity(v: Hex) -> None:
    assert rotate(v, 6) == v
    assert rotate(rotate(v, 1), 5) == v


@given(hexes, st.integers(-12, 12))
def test_rotation_keeps_distance_from_origin(v: Hex, steps: int) -> None:
    assert distance(rotate(v, steps), Hex(0, 0)) == distance(v, Hex(0, 0))


def test_directions_turn_in_order() -> None:
    for i, unit in enumerate(CELL_DIRECTIONS):
        assert rotate(unit, 1) == CELL_DIRECTIONS[(i + 1) % 6]
        assert direction_between(Hex(0, 0), unit) == i
    assert direction_between(Hex(0, 0), Hex(2, 0)) is None


def test_rings_and_discs_have_the_hexagonal_counts() -> None:
    assert [len(list(ring(Hex(0, 0), k))) for k in range(4)] == [1, 6, 12, 18]
    assert len(set(disc(Hex(3, -1), 2))) == 19
    assert all(distance(c, Hex(0, 0)) == 2 for c in ring(Hex(0, 0), 2))


def test_rooms_tile_the_flower_without_gaps_or_overlaps() -> None:
    centres = [Hex(0, 0)] + [rotate(ROOM_STEP, d) for d in range(6)]
    cells = [c for centre in centres for c in disc(centre, 2)]
    assert len(cells) == len(set(cells)) == 7 * 19
    # The cell where a ladder stands is outside the room, one step off its rim.
    assert distance(LADDER_STEP, Hex(0, 0)) == 3


def test_parse_hex_reads_and_refuses() -> None:
    assert parse_hex(" -1, 2") == Hex(-1, 2)
    with pytest.raises(ValueError, match="'q,r'"):
        parse_hex("1;2")
    with pytest.raises(ValueError, match="whole numbers"):
        parse_hex("a,b")
