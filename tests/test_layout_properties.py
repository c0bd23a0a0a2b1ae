"""Every layout the loader accepts satisfies the model's invariants; everything else is a LayoutError."""

from __future__ import annotations

import copy
from typing import Any

import networkx as nx
from hypothesis import event, given
from hypothesis import strategies as st

from armata_rules.board import Fortress, LayoutError, parse_layout
from armata_rules.board.hexgrid import Hex, distance
from armata_rules.board.layout import LETTERS
from tests.test_layout_loader import default_data

cells = st.builds(lambda q, r: f"{q},{r}", st.integers(-3, 3), st.integers(-3, 3))


@st.composite
def mutated_layouts(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(default_data())
    rooms = data["rooms"]
    for room_id in draw(st.lists(st.sampled_from(sorted(rooms)), max_size=4)):
        room = rooms[room_id]
        floor = room if "platform" not in room or draw(st.booleans()) else room["platform"]
        action = draw(st.sampled_from(["drop", "add", "hole", "books", "rotate", "mark", "kind", "opening"]))
        if action == "drop" and floor.get("corridors"):
            floor["corridors"] = draw(st.lists(st.sampled_from(floor["corridors"]), unique=True))
        elif action == "add":
            floor.setdefault("corridors", []).append(f"{draw(cells)} {draw(cells)}")
        elif action == "hole":
            floor.setdefault("holes", []).append(draw(cells))
        elif action == "books":
            key = "books" if "books" in floor else None
            if key:
                floor[key] = (
                    "".join(draw(st.permutations(LETTERS)))
                    if draw(st.booleans())
                    else draw(st.text("ABCDEFX", max_size=7))
                )
        elif action == "rotate" and floor is not room:
            floor["rotation"] = draw(st.integers(-1, 7))
        elif action == "mark" and floor is not room:
            floor["strigoi_mark"] = draw(st.booleans())
        elif action == "kind":
            floor.setdefault(draw(st.sampled_from(["red", "grey", "stairs"])), []).append(draw(cells))
        elif action == "opening":
            floor.setdefault("openings", []).append(f"{draw(cells)}>{draw(st.integers(0, 6))}")
    if draw(st.booleans()):
        data["borders"] = draw(st.lists(st.sampled_from(data["borders"]), unique=True))
    return data


@given(mutated_layouts())
def test_accepted_layouts_satisfy_the_invariants(data: dict[str, Any]) -> None:
    try:
        layout = parse_layout(data, "mutant.toml")
    except LayoutError as err:
        assert str(err).startswith(f"mutant.toml: {err.key}: ")
        assert err.problem
        event("refused")
        return
    event("accepted")
    fortress = Fortress(layout)
    state = fortress.initial_state(fortress.ladder_sites)
    view = fortress.view(state)
    # Each space lies in exactly one cell, each cell holds at most one space, rooms are where their slots say.
    assert len(set(view.cells.values())) == len(view.cells)
    for sid, space in fortress.spaces.items():
        if space.room is None:
            continue
        centre = fortress.room_centres[space.room]
        assert distance(view.cells[sid], centre) <= 2
        assert space.on_platform == (
            distance(view.cells[sid], centre) <= 1 and fortress.rooms[space.room].platform is not None
        )
    for room in layout.rooms:
        if room.platform is not None:
            assert Hex(0, 0) in room.platform.kinds
            assert sorted(room.platform.books) == list(LETTERS)
        else:
            assert room.books is not None and sorted(room.books) == list(LETTERS)
    assert len(fortress.strigoi_start_rooms()) == 2
    for a, exits in view.corridors.items():
        for b in exits.values():
            assert distance(view.cells[a], view.cells[b]) == 1
    graph = fortress.movement_graph(state)
    reachable: set[str] = set()
    for site in fortress.ladder_sites:
        reachable |= nx.node_connected_component(graph, site)
    assert {fortress.room_of(s) for s in reachable} >= set(fortress.rooms)
