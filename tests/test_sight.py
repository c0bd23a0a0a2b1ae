"""Line of sight: hand-checked lines on the bundled layout, then symmetry and walls over any state."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.board import FortressState, sees, sight_lines
from armata_rules.board.hexgrid import CELL_DIRECTIONS
from tests.strategies import default_fortress, fortress_states


def _lines(state: FortressState, origin: str) -> dict[int, list[tuple[str, int]]]:
    return {line.direction: list(line.seen) for line in sight_lines(default_fortress(), state, origin)}


def test_sight_from_a_platform_centre_stops_at_walls() -> None:
    fortress = default_fortress()
    lines = _lines(fortress.initial_state(), "NE:0,0")
    assert lines == {
        0: [("NE:1,0", 1), ("NE:2,0", 2)],
        1: [],
        2: [("NE:-1,1", 1), ("NE:-2,2", 2)],
        3: [("NE:-1,0", 1), ("NE:-2,0", 2)],
        4: [],
        5: [("NE:1,-1", 1), ("NE:2,-2", 2)],
    }


def test_sight_turns_with_the_platform() -> None:
    fortress = default_fortress()
    lines = _lines(fortress.rotated(fortress.initial_state(), "NE", 1), "NE:0,0")
    assert lines[0] == [("NE:1,-1", 1), ("NE:2,0", 2)]
    assert lines[1] == [("NE:1,0", 1)]  # the rim has no opening in direction 1
    assert lines[2] == []


def test_sight_crosses_room_borders() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    assert _lines(state, "C:0,0")[1] == [
        ("C:0,1", 1),
        ("C:0,2", 2),
        ("SE:-2,0", 3),
        ("SE:-2,1", 4),
        ("SE:-2,2", 5),
    ]
    # From the centre room's rim straight onto the SW platform and across it.
    assert _lines(state, "C:-2,2")[3][:3] == [("SW:2,0", 1), ("SW:1,0", 2), ("SW:0,0", 3)]
    assert sees(fortress, state, "SW:0,0", "C:-2,2") == 3


def test_a_collapsed_platform_blocks_sight() -> None:
    fortress = default_fortress()
    state = fortress.collapsed(fortress.initial_state(), "SW")
    assert _lines(state, "C:-2,2")[3] == [("SW:2,0", 1)]


@given(fortress_states(), st.data())
def test_sight_is_symmetric_and_never_passes_a_wall(state: FortressState, data: st.DataObject) -> None:
    fortress = default_fortress()
    view = fortress.view(state)
    origin = data.draw(st.sampled_from(sorted(view.cells)))
    for line in sight_lines(fortress, state, origin):
        previous = origin
        for space, dist in line.seen:
            assert view.corridors[previous].get(line.direction) == space  # a corridor, never a wall
            assert view.cells[space] == view.cells[origin] + CELL_DIRECTIONS[line.direction].scaled(dist)
            assert sees(fortress, state, space, origin) == dist
            previous = space


def test_sight_from_an_unknown_or_out_of_play_space_is_refused_clearly() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    with pytest.raises(KeyError, match="no space 'XX:0,0'"):
        sight_lines(fortress, state, "XX:0,0")
    collapsed = fortress.collapsed(state, "NE")
    with pytest.raises(KeyError, match="not in play"):
        sight_lines(fortress, collapsed, "NE:0,0")
    assert sight_lines(fortress, state, "NE:0,0") == sight_lines(fortress, fortress.rotated(state, "NE", 6), "NE:0,0")
