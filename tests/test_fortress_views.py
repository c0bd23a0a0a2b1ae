"""The board view assembled from per-rotation pieces equals the view computed from scratch, order included."""

from __future__ import annotations

import random

from armata_rules.board.fortress import Fortress, FortressState, FortressView, SpaceId, space_id
from armata_rules.board.hexgrid import Hex, direction_between, opposite, rotate
from armata_rules.board.loader import default_layout


def _from_scratch(fortress: Fortress, state: FortressState) -> dict[str, object]:
    """Every part of the view, built directly from the layout (the straightforward way, kept as the reference)."""
    cells: dict[SpaceId, Hex] = {}
    for sid, sp in fortress.spaces.items():
        if sp.room is None:
            if sid in state.ladders:
                cells[sid] = sp.local
            continue
        centre = fortress.room_centres[sp.room]
        if not sp.on_platform:
            cells[sid] = centre + sp.local
        elif sp.room not in state.collapsed:
            cells[sid] = centre + rotate(sp.local, fortress.rotation(state, sp.room))
    at = {cell: sid for sid, cell in cells.items()}
    corridors: dict[SpaceId, dict[int, SpaceId]] = {sid: {} for sid in cells}

    def join(a: SpaceId, b: SpaceId) -> None:
        if a in cells and b in cells:
            direction = direction_between(cells[a], cells[b])
            assert direction is not None
            corridors[a][direction] = b
            corridors[b][opposite(direction)] = a

    for room in fortress.layout.rooms:
        pairs = [*room.corridors, *(room.platform.corridors if room.platform is not None else ())]
        for pair in pairs:
            a, b = sorted(pair)
            join(space_id(room.id, a), space_id(room.id, b))
    for border in fortress.layout.borders:
        (ra, ca), (rb, cb) = sorted(border)
        join(space_id(ra, ca), space_id(rb, cb))
    for room in fortress.platform_rooms:
        if room in state.collapsed:
            continue
        tile = fortress.rooms[room]
        assert tile.platform is not None
        steps = fortress.rotation(state, room)
        for local, direction in tile.platform.openings:
            inner = space_id(room, local)
            world_dir = (direction + steps) % 6
            outer = at.get(cells[inner].neighbour(world_dir))
            if outer is None:
                continue
            outer_space = fortress.spaces[outer]
            meets = (outer_space.local, opposite(world_dir)) in tile.openings
            if outer_space.room == room and not outer_space.on_platform and meets:
                join(inner, outer)
    for sid in sorted(state.ladders):
        for entry in fortress.ladder_sites[sid].entries:
            join(sid, entry)
    ordered = {sid: sorted(exits.items()) for sid, exits in corridors.items()}
    stairs = [sid for sid in cells if fortress.spaces[sid].kind.is_stairs]
    rooms: dict[str, list[SpaceId]] = {}
    for sid in cells:
        owner = fortress.spaces[sid].room
        if owner is not None:
            rooms.setdefault(owner, []).append(sid)
    neighbours = {sid: [b for _, b in exits] for sid, exits in ordered.items()}
    exits = {
        sid: near + ([o for o in stairs if o != sid] if fortress.spaces[sid].kind.is_stairs else [])
        for sid, near in neighbours.items()
    }
    return {
        "cells": list(cells.items()),
        "at": list(at.items()),
        "corridors": list(ordered.items()),
        "stairs": stairs,
        "rooms": list(rooms.items()),
        "neighbours": list(neighbours.items()),
        "adjacent": {sid: set(near) for sid, near in neighbours.items()},
        "exits": list(exits.items()),
    }


def _parts(view: FortressView) -> dict[str, object]:
    return {
        "cells": list(view.cells.items()),
        "at": list(view.at.items()),
        "corridors": [(sid, list(exits.items())) for sid, exits in view.corridors.items()],
        "stairs": list(view.stairs),
        "rooms": [(room, list(ids)) for room, ids in view.rooms.items()],
        "neighbours": [(sid, list(near)) for sid, near in view.neighbours.items()],
        "adjacent": {sid: set(near) for sid, near in view.adjacent.items()},
        "exits": [(sid, list(near)) for sid, near in view.exits.items()],
    }


def test_every_rotation_of_every_platform() -> None:
    fortress = Fortress(default_layout())
    start = fortress.initial_state()
    for room in fortress.platform_rooms:
        for steps in range(6):
            state = fortress.rotated(start, room, steps)
            assert _parts(fortress.view(state)) == _from_scratch(fortress, state), (room, steps)


def test_random_rotations_collapses_and_ladders() -> None:
    fortress = Fortress(default_layout())
    rng = random.Random(15)
    sites = sorted(fortress.ladder_sites)
    for _ in range(150):
        rotations = tuple(rng.randrange(6) for _ in fortress.platform_rooms)
        collapsed = frozenset(r for r in fortress.platform_rooms if rng.random() < 0.2)
        ladders = frozenset(rng.sample(sites, rng.randrange(len(sites) + 1)))
        state = FortressState(rotations, collapsed, ladders)
        assert _parts(fortress.view(state)) == _from_scratch(fortress, state), state


def test_views_derived_from_one_turned_platform() -> None:
    """A view that differs from the last one built by one turned platform is derived from it (``Fortress._turned``,
    which hands on the rooms of the view it starts from): a random walk of single turns, under collapses and ladder
    tiles, must give the from-scratch view every time."""
    fortress = Fortress(default_layout())
    rng = random.Random(16)
    sites = sorted(fortress.ladder_sites)
    derived = 0
    for _ in range(8):
        collapsed = frozenset(r for r in fortress.platform_rooms if rng.random() < 0.25)
        ladders = frozenset(rng.sample(sites, rng.randrange(len(sites) + 1)))
        rotations = [rng.randrange(6) for _ in fortress.platform_rooms]
        last = fortress.view(FortressState(tuple(rotations), collapsed, ladders))
        for _ in range(40):
            index = rng.randrange(len(rotations))
            rotations[index] = (rotations[index] + rng.randrange(1, 6)) % 6
            state = FortressState(tuple(rotations), collapsed, ladders)
            view = fortress.view(state)
            assert _parts(view) == _from_scratch(fortress, state), state
            derived += view.rooms is last.rooms
            last = view
    assert derived > 200  # most turns were derived (a turn of a collapsed platform is assembled anew)


def test_views_derived_as_ladder_tiles_come_and_go() -> None:
    """Ladder tiles placed and destroyed, one or a few at a time, between platform turns and under collapses: a view
    derived from an earlier one (``Fortress._derived``, which hands on the rooms of the view it starts from) must
    give the from-scratch view every time, the ladder tiles last and in ladder order."""
    fortress = Fortress(default_layout())
    rng = random.Random(17)
    sites = sorted(fortress.ladder_sites)
    views = []
    for _ in range(6):
        collapsed = frozenset(r for r in fortress.platform_rooms if rng.random() < 0.25)
        rotations = [rng.randrange(6) for _ in fortress.platform_rooms]
        ladders: set[SpaceId] = set()
        for _ in range(40):
            roll = rng.random()
            free = [site for site in sites if site not in ladders]
            if roll < 0.4 and free:
                ladders.add(rng.choice(free))
            elif roll < 0.6 and ladders:
                ladders.discard(rng.choice(sorted(ladders)))
            elif roll < 0.7:
                ladders ^= set(rng.sample(sites, 3))
            else:
                index = rng.randrange(len(rotations))
                rotations[index] = (rotations[index] + rng.randrange(1, 6)) % 6
            state = FortressState(tuple(rotations), collapsed, frozenset(ladders))
            view = fortress.view(state)
            assert _parts(view) == _from_scratch(fortress, state), state
            views.append(view)
    assembled = len({id(view.rooms) for view in views})  # a derived view shares the rooms of its base
    assert assembled < len(views) // 10


def test_a_fortress_keeps_only_its_latest_views() -> None:
    """Views are kept for equal board states, but only the latest few (a long run would otherwise keep thousands in
    the garbage collector's oldest generation): the oldest goes first, the newest is always kept."""
    from armata_rules.board import fortress as module

    fortress = Fortress(default_layout())
    rng = random.Random(18)
    sites = sorted(fortress.ladder_sites)
    for _ in range(module._VIEWS_MAX + 40):
        rotations = tuple(rng.randrange(6) for _ in fortress.platform_rooms)
        state = FortressState(rotations, frozenset(), frozenset(rng.sample(sites, 2)))
        view = fortress.view(state)
        assert fortress.view(FortressState(rotations, frozenset(), state.ladders)) is view  # an equal state shares it
    assert len(fortress._views) <= module._VIEWS_MAX
    assert len(fortress._last_by_ladders) <= module._LAST_VIEWS_MAX >= len(fortress._last_by_turns)
    assert list(fortress._views)[-1] == state
