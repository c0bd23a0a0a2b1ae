"""The fortress as geometry: a validated :class:`Layout` compiled onto the hex lattice, and the queries rules ask.

The layout is static; what changes during a game is a small :class:`FortressState` (platform rotations, collapsed
platforms, ladder tiles on the board). Every query takes that state. The derived corridor map of a state is built
once and cached, so the hot path (movement, sight) does no re-computation.

Spaces keep their identity when a platform turns: a space id names a cell of a tile in the tile's own frame
(``"NE:1,0"``), and pieces standing on a platform ride with it (peg19.en:1054, sb19.en:638). Ladder tiles are spaces
of their own (``"NE:ladder5"``), outside every room (peg19.en:1070).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

import networkx as nx

from armata_rules.board.hexgrid import (
    LADDER_STEP,
    ROOM_STEP,
    Hex,
    direction_between,
    distance,
    opposite,
    rotate,
)
from armata_rules.board.layout import Layout, PlatformTile, RoomTile, SpaceKind

__all__ = ["EdgeKind", "Fortress", "FortressState", "FortressView", "LadderSite", "Space", "SpaceId"]

SpaceId = str


class EdgeKind:
    """Kinds of movement edges in :meth:`Fortress.movement_graph`."""

    CORRIDOR = "corridor"
    TUNNEL = "tunnel"


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the fortress.

    ``room`` is ``None`` for a ladder tile. ``local`` is the cell in its tile's frame (the platform's frame for a
    platform space). ``on_platform`` tells whether the space turns and collapses with its room's platform.
    """

    id: SpaceId
    room: str | None
    kind: SpaceKind
    local: Hex
    on_platform: bool

    @property
    def is_platform_centre(self) -> bool:
        """The centre of a platform: where a teleporting Strigoi lands (peg19.en:811, sb19.en:368)."""
        return self.on_platform and self.local == Hex(0, 0)


@dataclass(frozen=True, slots=True)
class LadderSite:
    """A place on the outer edge where a ladder tile may stand (peg19.en:716, sb19.en:273).

    ``direction`` is the room direction from ``room`` in which the site lies (where a book may point at it,
    peg19.en:818). ``entries`` are the room spaces a corridor joins it to; ``touches`` are the rooms whose cells it
    borders on the lattice.
    """

    space: SpaceId
    room: str
    direction: int
    cell: Hex
    entries: tuple[SpaceId, ...]
    touches: frozenset[str]


@dataclass(frozen=True, slots=True)
class FortressState:
    """What changes on the board: rotation of each platform (60° steps), collapsed rooms, ladder tiles placed.

    ``rotations`` follows :attr:`Fortress.platform_rooms`. Build new states with the :class:`Fortress` helpers.
    """

    rotations: tuple[int, ...]
    collapsed: frozenset[str] = frozenset()
    ladders: frozenset[SpaceId] = frozenset()


@dataclass(frozen=True, slots=True)
class FortressView:
    """The board in one state: where each space in play lies and which corridors are open."""

    cells: Mapping[SpaceId, Hex]
    at: Mapping[Hex, SpaceId]
    corridors: Mapping[SpaceId, Mapping[int, SpaceId]]
    stairs: tuple[SpaceId, ...]
    rooms: Mapping[str, tuple[SpaceId, ...]]
    _graph: list[nx.Graph[SpaceId]] = field(default_factory=list, repr=False, compare=False)


class Fortress:
    """A compiled layout. Immutable; queries take a :class:`FortressState`."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.rooms: dict[str, RoomTile] = {room.id: room for room in layout.rooms}
        self.room_centres: dict[str, Hex] = {
            room.id: Hex(0, 0) if room.slot is None else rotate(ROOM_STEP, room.slot) for room in layout.rooms
        }
        self._room_at_centre = {centre: room for room, centre in self.room_centres.items()}
        self.centre_room: str = next(room.id for room in layout.rooms if room.is_centre)
        self.platform_rooms: tuple[str, ...] = tuple(
            sorted((room.id for room in layout.rooms if room.platform is not None), key=self._slot_of)
        )
        self._platform_index = {room: i for i, room in enumerate(self.platform_rooms)}
        self.spaces: dict[SpaceId, Space] = {}
        self._fixed_cells: dict[Hex, SpaceId] = {}
        for room in layout.rooms:
            centre = self.room_centres[room.id]
            for local, kind in room.kinds.items():
                sid = space_id(room.id, local)
                self.spaces[sid] = Space(sid, room.id, kind, local, on_platform=False)
                self._fixed_cells[centre + local] = sid
            if room.platform is not None:
                for local, kind in room.platform.kinds.items():
                    sid = space_id(room.id, local)
                    self.spaces[sid] = Space(sid, room.id, kind, local, on_platform=True)
        self._room_cells: dict[Hex, str] = {}
        for room in layout.rooms:
            centre = self.room_centres[room.id]
            for local in room.kinds:
                self._room_cells[centre + local] = room.id
            if room.platform is not None:
                for local in room.platform.kinds:
                    self._room_cells[centre + local] = room.id
        self.ladder_sites: dict[SpaceId, LadderSite] = self._build_ladder_sites()
        for site in self.ladder_sites.values():
            self.spaces[site.space] = Space(site.space, None, SpaceKind.LADDER, site.cell, on_platform=False)
        self._static_edges = self._build_static_edges()
        self._view = lru_cache(maxsize=4096)(self._build_view)

    # ------------------------------------------------------------------ states
    def initial_state(self, ladders: Iterable[SpaceId] = ()) -> FortressState:
        """The board as set up: each platform at its printed rotation, nothing collapsed, the given ladders."""
        rotations = tuple(self._platform(room).rotation % 6 for room in self.platform_rooms)
        state = FortressState(rotations)
        return self.with_ladders(state, ladders)

    def rotation(self, state: FortressState, room: str) -> int:
        """Rotation (0..5) of ``room``'s platform in ``state``."""
        return state.rotations[self._platform_slot(room)]

    def rotated(self, state: FortressState, room: str, steps: int) -> FortressState:
        """``state`` with ``room``'s platform turned by ``steps`` × 60° (peg19.en:1054, sb19.en:638)."""
        index = self._platform_slot(room)
        if room in state.collapsed:
            raise ValueError(f"the platform of room {room!r} has collapsed and cannot turn")
        rotations = list(state.rotations)
        rotations[index] = (rotations[index] + steps) % 6
        return FortressState(tuple(rotations), state.collapsed, state.ladders)

    def collapsed(self, state: FortressState, room: str) -> FortressState:
        """``state`` with ``room``'s platform removed from play; already collapsed stays so (peg19.en:913)."""
        self._platform_slot(room)
        return FortressState(state.rotations, state.collapsed | {room}, state.ladders)

    def with_ladders(self, state: FortressState, ladders: Iterable[SpaceId]) -> FortressState:
        """``state`` with the ladder tiles at ``ladders`` added."""
        new = frozenset(ladders)
        unknown = sorted(new - self.ladder_sites.keys())
        if unknown:
            raise ValueError(f"not ladder sites of this layout: {', '.join(unknown)}")
        return FortressState(state.rotations, state.collapsed, state.ladders | new)

    def without_ladder(self, state: FortressState, ladder: SpaceId) -> FortressState:
        """``state`` with the ladder tile at ``ladder`` destroyed (peg19.en:818, sb19.en:377)."""
        if ladder not in state.ladders:
            raise ValueError(f"no ladder tile stands at {ladder!r}")
        return FortressState(state.rotations, state.collapsed, state.ladders - {ladder})

    # ------------------------------------------------------------------ rooms
    def room_of(self, space: SpaceId) -> str | None:
        """The room a space belongs to; ``None`` for a ladder tile, which is part of no room (peg19.en:1070)."""
        return self._space(space).room

    def room_spaces(self, room: str, state: FortressState) -> tuple[SpaceId, ...]:
        """Spaces of ``room`` still in play, platform included unless collapsed (for Heal, Leap, Pack, curse)."""
        return self.view(state).rooms.get(room, ())

    def platform_centre(self, room: str) -> SpaceId:
        """The centre space of ``room``'s platform, or of the centre room, where a Strigoi teleports to."""
        if room not in self.rooms:
            raise KeyError(f"no room {room!r} in layout {self.layout.name!r}")
        return space_id(room, Hex(0, 0))

    def room_in_direction(self, room: str, direction: int) -> str | None:
        """The room next to ``room`` in room direction ``direction`` (0..5), or ``None`` past the outer edge."""
        centre = self.room_centres[room] + rotate(ROOM_STEP, direction)
        return self._room_at_centre.get(centre)

    def ladder_site_in_direction(self, room: str, direction: int) -> SpaceId | None:
        """The ladder site on ``room``'s outer edge in room direction ``direction``, if there is one."""
        sid = ladder_id(room, direction % 6)
        return sid if sid in self.ladder_sites else None

    def strigoi_start_rooms(self) -> tuple[str, ...]:
        """Rooms whose platform bears the Strigoi's mark (peg19.en:712, sb19.en:269)."""
        return tuple(room for room in self.platform_rooms if self._platform(room).strigoi_mark)

    # ------------------------------------------------------------------ geometry in a state
    def view(self, state: FortressState) -> FortressView:
        """The cached corridor map of ``state``."""
        return self._view(state)

    def cell(self, space: SpaceId, state: FortressState) -> Hex:
        """Where ``space`` lies on the lattice in ``state``; ``KeyError`` if it is out of play."""
        cells = self.view(state).cells
        if space not in cells:
            self._space(space)
            raise KeyError(f"space {space!r} is not in play (collapsed platform or missing ladder)")
        return cells[space]

    def in_play(self, space: SpaceId, state: FortressState) -> bool:
        """Whether ``space`` is on the board in ``state``."""
        return space in self.view(state).cells

    def neighbours(self, space: SpaceId, state: FortressState) -> tuple[SpaceId, ...]:
        """Spaces one corridor step away from ``space`` (walls block; out-of-play spaces are gone)."""
        return tuple(self.view(state).corridors.get(space, {}).values())

    def tunnel_exits(self, space: SpaceId, state: FortressState) -> tuple[SpaceId, ...]:
        """From a stairs space or ladder tile, every other one in play (peg19.en:767, sb19.en:317)."""
        view = self.view(state)
        if space not in view.cells or not self._space(space).kind.is_stairs:
            return ()
        return tuple(other for other in view.stairs if other != space)

    def corridor_adjacent(self, a: SpaceId, b: SpaceId, state: FortressState) -> bool:
        """Whether a corridor joins ``a`` and ``b`` directly."""
        return b in self.view(state).corridors.get(a, {}).values()

    def lattice_adjacent(self, a: SpaceId, b: SpaceId, state: FortressState) -> bool:
        """Whether ``a`` and ``b`` are neighbouring cells, wall or no wall."""
        cells = self.view(state).cells
        return a in cells and b in cells and distance(cells[a], cells[b]) == 1

    def movement_graph(self, state: FortressState) -> nx.Graph[SpaceId]:
        """A networkx graph of the spaces in play; edges carry ``kind`` (corridor or tunnel) and ``steps`` = 1.

        Each edge is one step: entering the entry stairs is a corridor step, reaching the arrival stairs a tunnel
        step, so stairs → stairs costs 2 as the rulebook counts it (peg19.en:767, sb19.en:317). The graph is shared
        by every caller of the same state: treat it as read-only.
        """
        view = self.view(state)
        if not view._graph:
            graph: nx.Graph[SpaceId] = nx.Graph()
            graph.add_nodes_from(view.cells)
            for a, exits in view.corridors.items():
                for b in exits.values():
                    graph.add_edge(a, b, kind=EdgeKind.CORRIDOR, steps=1)
            for i, a in enumerate(view.stairs):
                for b in view.stairs[i + 1 :]:
                    if not graph.has_edge(a, b):
                        graph.add_edge(a, b, kind=EdgeKind.TUNNEL, steps=1)
            nx.freeze(graph)
            view._graph.append(graph)
        return view._graph[0]

    # ------------------------------------------------------------------ building
    def _build_ladder_sites(self) -> dict[SpaceId, LadderSite]:
        sites: dict[SpaceId, LadderSite] = {}
        for room in self.platform_rooms:
            tile = self.rooms[room]
            centre = self.room_centres[room]
            for direction in range(6):
                if self.room_in_direction(room, direction) is not None:
                    continue
                cell = centre + rotate(LADDER_STEP, direction)
                entries = []
                for d in range(6):
                    inside = self._fixed_cells.get(cell.neighbour(d))
                    if inside is None or self.spaces[inside].room != room:
                        continue
                    if (self.spaces[inside].local, opposite(d)) in tile.openings:
                        entries.append(inside)
                touches = frozenset(
                    owner for d in range(6) if (owner := self._room_cells.get(cell.neighbour(d))) is not None
                )
                sid = ladder_id(room, direction)
                sites[sid] = LadderSite(sid, room, direction, cell, tuple(sorted(entries)), touches)
        return sites

    def _build_static_edges(self) -> tuple[tuple[SpaceId, SpaceId], ...]:
        """Corridors that never change: within fixed floors, across tile borders, inside platforms."""
        edges: list[tuple[SpaceId, SpaceId]] = []
        for room in self.layout.rooms:
            for pair in room.corridors:
                a, b = sorted(pair)
                edges.append((space_id(room.id, a), space_id(room.id, b)))
            if room.platform is not None:
                for pair in room.platform.corridors:
                    a, b = sorted(pair)
                    edges.append((space_id(room.id, a), space_id(room.id, b)))
        for (ra, ca), (rb, cb) in sorted(sorted(border) for border in self.layout.borders):  # not set order
            edges.append((space_id(ra, ca), space_id(rb, cb)))
        return tuple(edges)

    def _build_view(self, state: FortressState) -> FortressView:
        if len(state.rotations) != len(self.platform_rooms):
            raise ValueError(f"state has {len(state.rotations)} rotations for {len(self.platform_rooms)} platforms")
        cells: dict[SpaceId, Hex] = {}
        for sid, sp in self.spaces.items():
            if sp.room is None:
                if sid in state.ladders:
                    cells[sid] = sp.local
                continue
            centre = self.room_centres[sp.room]
            if not sp.on_platform:
                cells[sid] = centre + sp.local
            elif sp.room not in state.collapsed:
                cells[sid] = centre + rotate(sp.local, self.rotation(state, sp.room))
        at = {cell: sid for sid, cell in cells.items()}
        corridors: dict[SpaceId, dict[int, SpaceId]] = {sid: {} for sid in cells}

        def join(a: SpaceId, b: SpaceId) -> None:
            if a in cells and b in cells:
                direction = direction_between(cells[a], cells[b])
                if direction is None:  # the loader guarantees neighbours; keep the map honest regardless
                    raise AssertionError(f"corridor {a} - {b} joins cells that are not neighbours")
                corridors[a][direction] = b
                corridors[b][opposite(direction)] = a

        for a, b in self._static_edges:
            join(a, b)
        for room in self.platform_rooms:
            if room in state.collapsed:
                continue
            tile = self.rooms[room]
            platform = self._platform(room)
            steps = self.rotation(state, room)
            for local, direction in platform.openings:
                inner = space_id(room, local)
                world_dir = (direction + steps) % 6
                outer = at.get(cells[inner].neighbour(world_dir))
                if outer is None:
                    continue
                outer_space = self.spaces[outer]
                meets = (outer_space.local, opposite(world_dir)) in tile.openings
                if outer_space.room == room and not outer_space.on_platform and meets:
                    join(inner, outer)
        for sid in sorted(state.ladders):  # sorted: corridor order must not depend on set iteration order
            for entry in self.ladder_sites[sid].entries:
                join(sid, entry)
        stairs = tuple(sid for sid in cells if self.spaces[sid].kind.is_stairs)
        rooms: dict[str, list[SpaceId]] = {}
        for sid in cells:
            owner = self.spaces[sid].room
            if owner is not None:
                rooms.setdefault(owner, []).append(sid)
        return FortressView(cells, at, corridors, stairs, {room: tuple(ids) for room, ids in rooms.items()})

    # ------------------------------------------------------------------ helpers
    def _space(self, space: SpaceId) -> Space:
        try:
            return self.spaces[space]
        except KeyError:
            raise KeyError(f"no space {space!r} in layout {self.layout.name!r}") from None

    def _platform_slot(self, room: str) -> int:
        try:
            return self._platform_index[room]
        except KeyError:
            raise KeyError(f"room {room!r} has no platform in layout {self.layout.name!r}") from None

    def _platform(self, room: str) -> PlatformTile:
        platform = self.rooms[room].platform
        assert platform is not None
        return platform

    def _slot_of(self, room: str) -> int:
        slot = self.rooms[room].slot
        return -1 if slot is None else slot

    def iter_platform_spaces(self, room: str) -> Iterator[SpaceId]:
        """The spaces of ``room``'s platform, whether in play or not."""
        return (sid for sid, sp in self.spaces.items() if sp.room == room and sp.on_platform)


def space_id(room: str, local: Hex) -> SpaceId:
    """The id of the space at ``local`` (tile frame) of ``room``: ``"NE:1,-1"``."""
    return f"{room}:{local.q},{local.r}"


def ladder_id(room: str, direction: int) -> SpaceId:
    """The id of the ladder site on ``room``'s outer edge in room direction ``direction``: ``"NE:ladder5"``."""
    return f"{room}:ladder{direction}"
