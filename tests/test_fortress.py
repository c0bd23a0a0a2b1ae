"""The fortress graph on the bundled layout: hand-checked expectations, then properties over any state.

The hand-checked values were read off the rendered default board (``make demo`` writes build/fortress.svg).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.board import EdgeKind, Fortress, FortressState, SpaceKind, default_layout
from tests.strategies import default_fortress, fortress_states

STAIRS = {"C:2,-2", "C:-2,2", "SE:2,0", "SW:-2,2", "NW:0,2"}


@pytest.fixture(scope="module")
def fortress() -> Fortress:
    return Fortress(default_layout())


def test_a_pickled_fortress_answers_as_the_original(fortress: Fortress) -> None:
    """Pickled as its layout and compiled again (a native class of the compiled build pickles no other way): the
    copy has the same spaces, rooms and corridors on a turned, collapsed board."""
    copy = pickle.loads(pickle.dumps(fortress))
    assert copy is not fortress and copy.layout == fortress.layout
    assert copy.spaces == fortress.spaces and copy.platform_rooms == fortress.platform_rooms
    first, second = fortress.platform_rooms[:2]
    state = fortress.collapsed(fortress.rotated(fortress.initial_state(), first, 2), second)
    for space in sorted(fortress.spaces):
        assert copy.neighbours(space, state) == fortress.neighbours(space, state)


def test_rooms_spaces_and_centres(fortress: Fortress) -> None:
    state = fortress.initial_state()
    assert fortress.centre_room == "C"
    assert fortress.platform_rooms == ("NE", "SE", "S", "SW", "NW", "N")
    assert fortress.room_of("NE:1,0") == "NE"
    assert fortress.room_of("NE:ladder0") is None  # a ladder tile is part of no room (peg19.en:1070)
    assert fortress.platform_centre("SW") == "SW:0,0"
    assert fortress.spaces["SW:0,0"].is_platform_centre
    assert not fortress.spaces["C:0,0"].on_platform
    assert len(fortress.room_spaces("NE", state)) == 19
    assert sum(fortress.spaces[s].on_platform for s in fortress.room_spaces("NE", state)) == 7
    assert fortress.strigoi_start_rooms() == ("NE", "SW")
    assert {s for s, sp in fortress.spaces.items() if sp.kind is SpaceKind.STAIRS} == STAIRS


def test_rooms_around_rooms(fortress: Fortress) -> None:
    assert [fortress.room_in_direction("C", d) for d in range(6)] == ["NE", "SE", "S", "SW", "NW", "N"]
    assert [fortress.room_in_direction("NE", d) for d in range(6)] == [None, None, "SE", "C", "N", None]
    assert [fortress.room_in_direction("S", d) for d in range(6)] == ["SE", None, None, None, "SW", "C"]
    assert fortress.ladder_site_in_direction("NE", 0) == "NE:ladder0"
    assert fortress.ladder_site_in_direction("NE", 3) is None


def test_corridors_from_the_platform_centre(fortress: Fortress) -> None:
    state = fortress.initial_state()
    assert set(fortress.neighbours("NE:0,0", state)) == {"NE:1,0", "NE:-1,1", "NE:-1,0", "NE:1,-1"}
    # NE:1,0 opens outward in direction 0 and the room opens back at NE:2,0: a corridor across the platform edge.
    assert fortress.corridor_adjacent("NE:1,0", "NE:2,0", state)
    # NE:0,1 has no opening: a wall, although the cells touch.
    assert fortress.lattice_adjacent("NE:0,1", "NE:1,1", state)
    assert not fortress.corridor_adjacent("NE:0,1", "NE:1,1", state)


def test_rotation_carries_corridors_and_pieces_keep_their_space(fortress: Fortress) -> None:
    state = fortress.initial_state()
    turned = fortress.rotated(state, "NE", 1)
    assert fortress.cell("NE:1,0", turned) == fortress.cell("NE:0,1", state)
    # NE:1,0 now faces direction 1, where the room has no opening: its corridor to the rim is gone ...
    assert not fortress.corridor_adjacent("NE:1,0", "NE:2,0", turned)
    # ... and NE:1,-1, turned to face direction 0, meets the rim's opening at NE:2,0 instead.
    assert fortress.corridor_adjacent("NE:1,-1", "NE:2,0", turned)
    assert set(fortress.neighbours("NE:0,0", turned)) == set(fortress.neighbours("NE:0,0", state))


def test_tunnels_join_every_stairs_and_ladder(fortress: Fortress) -> None:
    state = fortress.initial_state(["N:ladder4"])
    assert set(fortress.tunnel_exits("C:2,-2", state)) == (STAIRS - {"C:2,-2"}) | {"N:ladder4"}
    assert set(fortress.tunnel_exits("N:ladder4", state)) == STAIRS
    assert fortress.tunnel_exits("C:0,0", state) == ()
    assert fortress.neighbours("N:ladder4", state) == ("N:-1,-1",)
    graph = fortress.movement_graph(state)
    assert graph.edges["C:2,-2", "SE:2,0"]["kind"] == EdgeKind.TUNNEL


def test_collapse_removes_the_platform_only(fortress: Fortress) -> None:
    state = fortress.collapsed(fortress.initial_state(), "SW")
    assert not fortress.in_play("SW:0,0", state)
    assert fortress.in_play("SW:2,0", state)
    assert len(fortress.room_spaces("SW", state)) == 12
    assert "SW:1,0" not in fortress.neighbours("SW:2,0", state)
    with pytest.raises(KeyError, match="not in play"):
        fortress.cell("SW:0,0", state)
    with pytest.raises(ValueError, match="collapsed"):
        fortress.rotated(state, "SW", 1)


def test_ladders_come_and_go(fortress: Fortress) -> None:
    state = fortress.initial_state(["NE:ladder0"])
    assert fortress.in_play("NE:ladder0", state)
    gone = fortress.without_ladder(state, "NE:ladder0")
    assert not fortress.in_play("NE:ladder0", gone)
    with pytest.raises(ValueError, match="no ladder tile"):
        fortress.without_ladder(gone, "NE:ladder0")
    with pytest.raises(ValueError, match="not ladder sites"):
        fortress.with_ladders(state, ["C:0,0"])


def test_unknown_names_are_refused_clearly(fortress: Fortress) -> None:
    state = fortress.initial_state()
    with pytest.raises(KeyError, match="no space 'XX:0,0'"):
        fortress.cell("XX:0,0", state)
    with pytest.raises(KeyError, match="has no platform"):
        fortress.rotated(state, "C", 1)
    with pytest.raises(KeyError, match="no room 'Q'"):
        fortress.platform_centre("Q")
    with pytest.raises(KeyError, match="no room 'Q'"):
        fortress.room_in_direction("Q", 0)


# ---------------------------------------------------------------------------------------------- properties
@given(fortress_states(), st.sampled_from(default_fortress().platform_rooms))
def test_six_rotations_are_the_identity(state: FortressState, room: str) -> None:
    fortress = default_fortress()
    if room in state.collapsed:
        return
    turned = state
    for _ in range(6):
        turned = fortress.rotated(turned, room, 1)
    assert turned == state
    assert fortress.view(turned) == fortress.view(state)


@given(fortress_states(), st.sampled_from(default_fortress().platform_rooms), st.integers(1, 5))
def test_rotation_keeps_membership_and_platform_corridors(state: FortressState, room: str, steps: int) -> None:
    fortress = default_fortress()
    if room in state.collapsed:
        return
    turned = fortress.rotated(state, room, steps)
    platform = set(fortress.iter_platform_spaces(room))
    assert set(fortress.room_spaces(room, turned)) == set(fortress.room_spaces(room, state))

    def inner(s: FortressState) -> int:
        return sum(1 for a in platform for b in fortress.neighbours(a, s) if b in platform)

    def outside(s: FortressState) -> int:
        return sum(
            1 for a in fortress.view(s).corridors for b in fortress.neighbours(a, s) if {a, b}.isdisjoint(platform)
        )

    assert inner(turned) == inner(state)
    assert outside(turned) == outside(state)
    # Spaces of the platform still sit on the platform's disc, one per cell.
    cells = {fortress.cell(s, turned) for s in platform}
    assert cells == {fortress.cell(s, state) for s in platform}


def test_rotation_matters_somewhere() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    changed = [
        room
        for room in fortress.platform_rooms
        if fortress.view(fortress.rotated(state, room, 1)).corridors != fortress.view(state).corridors
    ]
    assert changed == list(fortress.platform_rooms)


@given(fortress_states())
def test_corridors_join_neighbouring_cells_in_play(state: FortressState) -> None:
    fortress = default_fortress()
    view = fortress.view(state)
    for a, exits in view.corridors.items():
        for direction, b in exits.items():
            assert view.cells[a].neighbour(direction) == view.cells[b]
            assert view.corridors[b][(direction + 3) % 6] == a
    for room in state.collapsed:
        assert not any(fortress.in_play(s, state) for s in fortress.iter_platform_spaces(room))


@given(fortress_states(), st.data())
def test_tunnel_moves_cost_exactly_two(state: FortressState, data: st.DataObject) -> None:
    fortress = default_fortress()
    view = fortress.view(state)
    if len(view.stairs) < 2:
        return
    entry, arrival = data.draw(st.permutations(view.stairs))[:2]
    before = [s for s in fortress.neighbours(entry, state) if not fortress.spaces[s].kind.is_stairs]
    if not before:
        return
    start = data.draw(st.sampled_from(before))
    graph = fortress.movement_graph(state)
    path = [start, entry, arrival]
    assert nx.path_weight(graph, path, weight="steps") == 2
    assert graph.edges[start, entry]["kind"] == EdgeKind.CORRIDOR
    assert arrival in fortress.tunnel_exits(entry, state)
    assert nx.shortest_path_length(graph, start, arrival, weight="steps") <= 2


_NEIGHBOUR_DUMP = """
from armata_rules.board import Fortress, default_layout
fortress = Fortress(default_layout())
state = fortress.rotated(fortress.with_ladders(fortress.initial_state(), sorted(fortress.ladder_sites)[:3]), "S", 2)
for space in sorted(fortress.view(state).cells):
    print(space, fortress.exits(space, state))
"""


def test_exit_order_is_the_same_in_every_process() -> None:
    """Legal steps are listed in exit order: it must not depend on string hashing (PYTHONHASHSEED)."""
    dumps = {
        subprocess.run(
            [sys.executable, "-c", _NEIGHBOUR_DUMP],
            env=os.environ | {"PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(dumps) == 1


@given(fortress_states())
def test_exits_are_corridors_in_direction_order_then_tunnels(state: FortressState) -> None:
    fortress = default_fortress()
    view = fortress.view(state)
    assert fortress.view(state) is view  # cached on the state
    for space in view.cells:
        corridors = view.corridors[space]
        assert list(corridors) == sorted(corridors)
        assert fortress.neighbours(space, state) == tuple(corridors.values())
        assert view.adjacent[space] == set(corridors.values())
        assert fortress.exits(space, state) == fortress.neighbours(space, state) + fortress.tunnel_exits(space, state)


def test_a_layout_is_compiled_once() -> None:
    layout = default_layout()
    assert Fortress.of(layout) is Fortress.of(layout)
    assert Fortress.of(layout).layout is layout
