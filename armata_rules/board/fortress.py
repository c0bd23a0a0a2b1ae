"""The fortress as geometry: a validated :class:`Layout` compiled onto the hex lattice, and the queries rules ask.

The layout is static; what changes during a game is a small :class:`FortressState` (platform rotations, collapsed
platforms, ladder tiles on the board). Every query takes that state. The derived corridor map of a state is built
once and cached, so the hot path (movement, sight) does no re-computation.

Spaces keep their identity when a platform turns: a space id names a cell of a tile in the tile's own frame
(``"NE:1,0"``), and pieces standing on a platform ride with it (peg19.en:1054, sb19.en:638). Ladder tiles are spaces
of their own (``"NE:ladder5"``), outside every room (peg19.en:1070).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, TypeVar

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
from armata_rules.errors import EngineInvariantError, present
from armata_rules.immutable import Memo, empty_memo, frozen_init, memo

__all__ = ["EdgeKind", "Fortress", "FortressState", "FortressView", "LadderSite", "Space", "SpaceId"]

SpaceId = str


class EdgeKind:
    """Kinds of movement edges in :meth:`Fortress.movement_graph`."""

    CORRIDOR: Final = "corridor"
    TUNNEL: Final = "tunnel"


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


@dataclass(init=False, frozen=True, slots=True)
class FortressState(Memo):
    """What changes on the board: rotation of each platform (60° steps), collapsed rooms, ladder tiles placed.

    ``rotations`` follows :attr:`Fortress.platform_rooms`. Build new states with the :class:`Fortress` helpers.
    Its ``__init__`` is written by hand (:func:`~armata_rules.immutable.frozen_init`), so
    :func:`~armata_rules.immutable.replace` copies it through that constructor (compiled) or its slots (pure): a ladder
    placed or destroyed, a platform turned or collapsed copies it, which went through :func:`dataclasses.replace` and
    its generated ``__init__``. It is copied too seldom (a few times a game) to need a ``_replace`` of its own.
    """

    rotations: tuple[int, ...]
    collapsed: frozenset[str] = frozenset()
    ladders: frozenset[SpaceId] = frozenset()

    def __init__(
        self,
        rotations: tuple[int, ...],
        collapsed: frozenset[str] = frozenset(),
        ladders: frozenset[SpaceId] = frozenset(),
    ) -> None:
        self.rotations = rotations  # type: ignore[misc]
        self.collapsed = collapsed  # type: ignore[misc]
        self.ladders = ladders  # type: ignore[misc]
        self._memo = None  # type: ignore[misc]  # no cache yet (see Memo); the slot is Memo's


frozen_init(FortressState)


@dataclass(frozen=True, slots=True)
class FortressView(Memo):
    """The board in one state: where each space in play lies and which corridors are open.

    ``corridors`` maps each space to its open corridors by cell direction, in direction order; ``neighbours`` lists
    the same spaces, ``adjacent`` holds them as a set, and ``exits`` adds the tunnel exits of stairs and ladder tiles:
    every query of the movement and sight rules is one dictionary lookup. The maps are plain dictionaries, typed so
    (compiled, a lookup in a ``dict`` is a C call, in a ``Mapping`` a method call); treat them as read-only.

    A view is shared by every equal board state of its fortress (:meth:`Fortress.view`), in every game on the
    layout, so what derives from the board alone (the movement graph, lines of sight, where books point) is cached
    on it (:class:`~armata_rules.immutable.Memo`).
    """

    cells: dict[SpaceId, Hex]
    at: dict[Hex, SpaceId]
    corridors: dict[SpaceId, dict[int, SpaceId]]
    stairs: tuple[SpaceId, ...]
    rooms: dict[str, tuple[SpaceId, ...]]
    neighbours: dict[SpaceId, tuple[SpaceId, ...]]
    adjacent: dict[SpaceId, frozenset[SpaceId]]
    exits: dict[SpaceId, tuple[SpaceId, ...]]

    def __post_init__(self) -> None:
        empty_memo(self)


class Fortress:
    """A compiled layout. Immutable; queries take a :class:`FortressState`.

    Compiling is not free (about a millisecond); :meth:`of` shares one compiled fortress, and its cache of board
    views, between every game on the same layout object.
    """

    @classmethod
    def of(cls, layout: Layout) -> Fortress:
        """The compiled fortress of ``layout``, compiled once per layout object."""
        entry = _COMPILED.get(id(layout))
        if entry is None or entry[0] is not layout:
            if len(_COMPILED) >= _COMPILED_MAX:
                _COMPILED.pop(next(iter(_COMPILED)))
            entry = _COMPILED[id(layout)] = (layout, cls(layout))
        return entry[1]

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.rooms: dict[str, RoomTile] = {room.id: room for room in layout.rooms}
        self.room_centres: dict[str, Hex] = {
            room.id: Hex(0, 0) if room.slot is None else rotate(ROOM_STEP, room.slot) for room in layout.rooms
        }
        room_at_centre = {centre: room for room, centre in self.room_centres.items()}
        #: per room, the room next to it in each room direction (``None`` past the outer edge)
        self._rooms_around: dict[str, tuple[str | None, ...]] = {
            room: tuple(room_at_centre.get(centre + rotate(ROOM_STEP, d)) for d in range(6))
            for room, centre in self.room_centres.items()
        }
        self.centre_room: str = next(room.id for room in layout.rooms if room.is_centre)
        #: the centre space of each room, where a Strigoi teleports to
        self._centres: dict[str, SpaceId] = {room.id: space_id(room.id, Hex(0, 0)) for room in layout.rooms}
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
        self.encounter_spaces: frozenset[SpaceId] = frozenset(
            sid for sid, sp in self.spaces.items() if sp.kind.is_encounter
        )  # asked at every step and every Leap or Pack target: one set lookup, not an enum property
        self._static_edges = self._build_static_edges()
        self._build_pieces()
        #: the views built lately, by board state (the oldest go first, see _kept)
        self._views: dict[FortressState, FortressView] = {}

    def __reduce__(self) -> tuple[type[Fortress], tuple[Layout]]:
        """Pickled as its layout, and compiled again when unpickled (its cache of views starts empty): the only way
        for the compiled build's native class, and a fraction of the size of its tables."""
        return type(self), (self.layout,)

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
        unknown = sorted(new.difference(self.ladder_sites))
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
        found = self._centres.get(room)
        if found is None:
            raise KeyError(f"no room {room!r} in layout {self.layout.name!r}")
        return found

    def room_in_direction(self, room: str, direction: int) -> str | None:
        """The room next to ``room`` in room direction ``direction`` (0..5), or ``None`` past the outer edge."""
        around = self._rooms_around.get(room)
        if around is None:
            raise KeyError(f"no room {room!r} in layout {self.layout.name!r}")
        return around[direction % 6]

    def ladder_site_in_direction(self, room: str, direction: int) -> SpaceId | None:
        """The ladder site on ``room``'s outer edge in room direction ``direction``, if there is one."""
        sid = ladder_id(room, direction % 6)
        return sid if sid in self.ladder_sites else None

    def strigoi_start_rooms(self) -> tuple[str, ...]:
        """Rooms whose platform bears the Strigoi's mark (peg19.en:712, sb19.en:269)."""
        return tuple(room for room in self.platform_rooms if self._platform(room).strigoi_mark)

    # ------------------------------------------------------------------ geometry in a state
    def view(self, state: FortressState) -> FortressView:
        """The corridor map of ``state``: cached on the state, and per equal state in this fortress."""
        cache = memo(state)
        view: FortressView | None = cache.get(self)
        if view is None:
            view = self._views.get(state)
            if view is None:
                view = _kept(self._views, state, self._build_view(state), _VIEWS_MAX)
            cache[self] = view
        return view

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
        return self.view(state).neighbours.get(space, ())

    def tunnel_exits(self, space: SpaceId, state: FortressState) -> tuple[SpaceId, ...]:
        """From a stairs space or ladder tile, every other one in play (peg19.en:767, sb19.en:317)."""
        view = self.view(state)
        if space not in view.cells or not self.spaces[space].kind.is_stairs:
            return ()
        return tuple(other for other in view.stairs if other != space)

    def exits(self, space: SpaceId, state: FortressState) -> tuple[SpaceId, ...]:
        """The corridor neighbours of ``space`` in direction order, then its tunnel exits: every single step."""
        return self.view(state).exits.get(space, ())

    def corridor_adjacent(self, a: SpaceId, b: SpaceId, state: FortressState) -> bool:
        """Whether a corridor joins ``a`` and ``b`` directly."""
        return b in self.view(state).adjacent.get(a, ())

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
        cache = memo(view)
        graph: nx.Graph[SpaceId] | None = cache.get(Fortress.movement_graph)
        if graph is None:
            graph = nx.Graph()
            graph.add_nodes_from(view.cells)
            for a, exits in view.corridors.items():
                for b in exits.values():
                    graph.add_edge(a, b, kind=EdgeKind.CORRIDOR, steps=1)
            for i, a in enumerate(view.stairs):
                for b in view.stairs[i + 1 :]:
                    if not graph.has_edge(a, b):
                        graph.add_edge(a, b, kind=EdgeKind.TUNNEL, steps=1)
            nx.freeze(graph)
            cache[Fortress.movement_graph] = graph
        return graph

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
        for border in self.layout.borders:
            (ra, ca), (rb, cb) = sorted(border)
            edges.append((space_id(ra, ca), space_id(rb, cb)))
        # sorted: the layout holds these as frozensets (of strings, for borders), whose iteration order changes
        # with PYTHONHASHSEED, and the join order fixes the order of every space's exits
        return tuple(sorted(edges))

    def _build_pieces(self) -> None:
        """What a view is assembled from, computed once per layout: where each platform's spaces lie and which
        corridors they open at each of its six rotations, the corridors that never change, and each ladder tile's.

        Corridor maps are kept per space, keyed by cell direction in direction order. A fixed space whose corridors
        can change (a platform opening or a ladder entry reaches it) is *volatile*: its map is completed per view.
        """
        cells: dict[SpaceId, Hex] = {}
        for sid, sp in self.spaces.items():
            if sp.room is not None and not sp.on_platform:
                cells[sid] = self.room_centres[sp.room] + sp.local
        fixed: dict[SpaceId, dict[int, SpaceId]] = {sid: {} for sid in cells}
        # per platform and rotation: its spaces' cells, their corridor entries (see _entry), and (fixed space,
        # direction, platform space) for the corridors it opens onto fixed spaces
        self._platform_cells: list[list[dict[SpaceId, Hex]]] = []
        self._platform_entries: list[list[dict[SpaceId, _Entry]]] = []
        self._platform_touches: list[list[tuple[tuple[SpaceId, int, SpaceId], ...]]] = []
        platform_edges: dict[str, list[tuple[SpaceId, SpaceId]]] = {room: [] for room in self.platform_rooms}
        for a, b in self._static_edges:
            rooms_turning = {self.spaces[x].room for x in (a, b) if self.spaces[x].on_platform}
            if not rooms_turning:
                direction = _direction(cells[a], cells[b], a, b)
                fixed[a][direction] = b
                fixed[b][opposite(direction)] = a
            elif len(rooms_turning) == 1:
                platform_edges[rooms_turning.pop() or ""].append((a, b))
            else:
                raise EngineInvariantError(f"corridor {a} - {b} joins two platforms")
        for room in self.platform_rooms:
            tile, platform, centre = self.rooms[room], self._platform(room), self.room_centres[room]
            mine = list(self.iter_platform_spaces(room))
            by_cells, by_entries, by_touches = [], [], []
            for steps in range(6):
                here = {sid: centre + rotate(self.spaces[sid].local, steps) for sid in mine}
                own: dict[SpaceId, dict[int, SpaceId]] = {sid: {} for sid in mine}
                touches: list[tuple[SpaceId, int, SpaceId]] = []
                where = {**cells, **here}
                joins = list(platform_edges[room])
                for local, direction in platform.openings:
                    inner = space_id(room, local)
                    world_dir = (direction + steps) % 6
                    outer = self._fixed_cells.get(here[inner].neighbour(world_dir))
                    if outer is None:
                        continue
                    outer_space = self.spaces[outer]
                    meets = (outer_space.local, opposite(world_dir)) in tile.openings
                    if outer_space.room == room and not outer_space.on_platform and meets:
                        joins.append((inner, outer))
                for a, b in joins:
                    direction = _direction(where[a], where[b], a, b)
                    for x, d, y in ((a, direction, b), (b, opposite(direction), a)):
                        if x in own:
                            own[x][d] = y
                        else:
                            touches.append((x, d, y))
                by_cells.append(here)
                by_entries.append({sid: _entry(dict(sorted(exits.items()))) for sid, exits in own.items()})
                by_touches.append(tuple(touches))
            self._platform_cells.append(by_cells)
            self._platform_entries.append(by_entries)
            self._platform_touches.append(by_touches)
        self._ladder_entries: dict[SpaceId, _Entry] = {}
        self._ladder_touches: dict[SpaceId, tuple[tuple[SpaceId, int, SpaceId], ...]] = {}
        for sid, site in self.ladder_sites.items():
            own_exits: dict[int, SpaceId] = {}
            ladder_touches = []
            for entry in site.entries:
                direction = _direction(site.cell, cells[entry], sid, entry)
                own_exits[direction] = entry
                ladder_touches.append((entry, opposite(direction), sid))
            self._ladder_entries[sid] = _entry(dict(sorted(own_exits.items())))
            self._ladder_touches[sid] = tuple(ladder_touches)
        self._changing_spaces = frozenset(
            x
            for touches in [*(t for per in self._platform_touches for t in per), *self._ladder_touches.values()]
            for x, _, _ in touches
        )
        # each space's corridor map with its neighbours and adjacency, derived here once instead of in every view
        self._fixed_entries = {sid: _entry(dict(sorted(exits.items()))) for sid, exits in fixed.items()}
        # every space in layout order: what decides whether and where it is in play
        self._order: tuple[tuple[SpaceId, int, Hex | None], ...] = tuple(
            (sid, -2, sp.local)
            if sp.room is None
            else (sid, self._platform_index[sp.room], None)
            if sp.on_platform
            else (sid, -1, cells[sid])
            for sid, sp in self.spaces.items()
        )
        self._is_stairs = frozenset(sid for sid, sp in self.spaces.items() if sp.kind.is_stairs)
        # per platform, the fixed spaces its corridors reach at one rotation or another (in layout order)
        self._platform_reach: list[tuple[SpaceId, ...]] = [
            tuple(dict.fromkeys(x for touches in per for x, _, _ in touches)) for per in self._platform_touches
        ]
        # the ladder sites in layout order, with their cells: they come last in _order (the spaces of the rooms are
        # listed first, see __init__), so in every view the ladder tiles in play end each map, in this order
        self._ladder_order: tuple[SpaceId, ...] = tuple(sid for sid, platform, _ in self._order if platform == -2)
        self._ladder_cells: dict[SpaceId, Hex] = {site.space: site.cell for site in self.ladder_sites.values()}
        # the last view built for each set of collapsed rooms and ladder tiles, and for each set of rotations and
        # collapsed rooms, with its state: a view that differs from one of them by a platform or two turned, or by a
        # few ladder tiles placed or destroyed, is derived from it (see _derived), not assembled anew
        self._last_by_ladders: dict[tuple[frozenset[str], frozenset[SpaceId]], tuple[FortressState, FortressView]] = {}
        self._last_by_turns: dict[tuple[tuple[int, ...], frozenset[str]], tuple[FortressState, FortressView]] = {}

    def _build_view(self, state: FortressState) -> FortressView:
        if len(state.rotations) != len(self.platform_rooms):
            raise ValueError(f"state has {len(state.rotations)} rotations for {len(self.platform_rooms)} platforms")
        by_ladders = (state.collapsed, state.ladders)
        by_turns = (state.rotations, state.collapsed)
        base = self._last_by_ladders.get(by_ladders)
        if base is None or len(self._turned(base[0], state)) > _TURNS_DERIVED:
            base = self._last_by_turns.get(by_turns)
            if base is not None and len(base[0].ladders ^ state.ladders) > _LADDERS_DERIVED:
                base = None
        view = self._assemble(state) if base is None else self._derived(base[1], base[0], state)
        _kept(self._last_by_ladders, by_ladders, (state, view), _LAST_VIEWS_MAX)
        _kept(self._last_by_turns, by_turns, (state, view), _LAST_VIEWS_MAX)
        return view

    def _turned(self, was: FortressState, state: FortressState) -> list[int]:
        """The platforms standing in ``state`` whose rotation differs from ``was``."""
        return [
            index
            for index, room in enumerate(self.platform_rooms)
            if (state.rotations[index] - was.rotations[index]) % 6 and room not in state.collapsed
        ]

    def _derived(self, before: FortressView, was: FortressState, state: FortressState) -> FortressView:
        """The view of ``state`` from ``before``, the view of ``was``, which has the same collapsed platforms: the
        turned platforms' spaces move and reconnect, the ladder tiles placed or destroyed come and go, and so do the
        corridors of the fixed spaces they reach; everything else, and every order, stays as in ``before`` (the
        tests compare with a view assembled from scratch)."""
        cells = dict(before.cells)
        entries: dict[SpaceId, _Entry] = {}
        reach: list[SpaceId] = []  # the fixed spaces whose corridors the change can reach
        for platform in self._turned(was, state):
            steps = state.rotations[platform] % 6
            cells.update(self._platform_cells[platform][steps])  # the same keys: the order of ``cells`` is kept
            entries.update(self._platform_entries[platform][steps])
            reach.extend(self._platform_reach[platform])
        ladders_changed = state.ladders != was.ladders
        gone: list[SpaceId] = []
        if ladders_changed:
            for sid in self._ladder_order:
                placed, stood = sid in state.ladders, sid in was.ladders
                if placed != stood:
                    reach.extend(x for x, _, _ in self._ladder_touches[sid])
                    if placed:
                        entries[sid] = self._ladder_entries[sid]
                    else:
                        gone.append(sid)
                        del cells[sid]
            _ladders_last(cells, self._ladder_order, state.ladders, self._ladder_cells)
        volatile = self._volatile(state)
        fixed_entries = self._fixed_entries
        for sid in reach:
            found = volatile.get(sid)
            entries[sid] = fixed_entries[sid] if found is None else _entry(dict(sorted(found.items())))
        corridors = dict(before.corridors)
        neighbours = dict(before.neighbours)
        adjacent = dict(before.adjacent)
        exits = dict(before.exits)
        for sid in gone:
            del corridors[sid], neighbours[sid], adjacent[sid], exits[sid]
        is_stairs = self._is_stairs
        stairs = tuple(sid for sid in cells if sid in is_stairs) if ladders_changed else before.stairs
        for sid, entry in entries.items():
            corridors[sid], neighbours[sid], adjacent[sid] = entry
            exits[sid] = entry[1]
        if ladders_changed:
            order, ladders = self._ladder_order, state.ladders
            _ladders_last(corridors, order, ladders, corridors)
            _ladders_last(neighbours, order, ladders, neighbours)
            _ladders_last(adjacent, order, ladders, adjacent)
            _ladders_last(exits, order, ladders, exits)
            changed_exits: Iterable[SpaceId] = stairs  # every tunnel exit list changes with the stairs in play
        else:
            changed_exits = [sid for sid in entries if sid in is_stairs]
        for sid in changed_exits:
            exits[sid] = neighbours[sid] + tuple(other for other in stairs if other != sid)
        at = {cell: sid for sid, cell in cells.items()}
        return FortressView(cells, at, corridors, stairs, before.rooms, neighbours, adjacent, exits)

    def _volatile(self, state: FortressState) -> dict[SpaceId, dict[int, SpaceId]]:
        """The corridor maps of the fixed spaces that the platforms standing in ``state`` and its ladder tiles
        reach, by direction (not yet in direction order); other fixed spaces keep their fixed map."""
        volatile: dict[SpaceId, dict[int, SpaceId]] = {}

        def touch(touches: tuple[tuple[SpaceId, int, SpaceId], ...]) -> None:
            for x, d, y in touches:
                if x not in volatile:
                    volatile[x] = dict(self._fixed_entries[x][0])
                volatile[x][d] = y

        for index, room in enumerate(self.platform_rooms):
            if room not in state.collapsed:
                touch(self._platform_touches[index][state.rotations[index] % 6])
        for sid in sorted(state.ladders):  # sorted, though each space's map is put in direction order anyway
            touch(self._ladder_touches[sid])
        return volatile

    def _assemble(self, state: FortressState) -> FortressView:
        """The view of ``state``, assembled from the per-rotation pieces."""
        ladders, collapsed, rotations = state.ladders, state.collapsed, state.rotations
        turning = [
            None if room in collapsed else rotations[index] % 6 for index, room in enumerate(self.platform_rooms)
        ]
        volatile = self._volatile(state)
        cells: dict[SpaceId, Hex] = {}
        entries: dict[SpaceId, _Entry] = {}
        fixed_entries, volatile_spaces = self._fixed_entries, self._changing_spaces
        for sid, platform, cell in self._order:
            if platform == -1:
                if cell is None:  # not present(): its message would be formatted for every space of every view
                    raise EngineInvariantError(f"fixed space {sid} has no cell")
                cells[sid] = cell
                found = volatile.get(sid) if sid in volatile_spaces else None
                entries[sid] = fixed_entries[sid] if found is None else _entry(dict(sorted(found.items())))
            elif platform >= 0:
                steps = turning[platform]
                if steps is not None:
                    cells[sid] = self._platform_cells[platform][steps][sid]
                    entries[sid] = self._platform_entries[platform][steps][sid]
            elif sid in ladders:
                if cell is None:
                    raise EngineInvariantError(f"ladder site {sid} has no cell")
                cells[sid] = cell
                entries[sid] = self._ladder_entries[sid]
        at = {cell: sid for sid, cell in cells.items()}
        is_stairs = self._is_stairs
        stairs = tuple(sid for sid in cells if sid in is_stairs)
        rooms: dict[str, list[SpaceId]] = {}
        spaces = self.spaces
        for sid in cells:
            owner = spaces[sid].room
            if owner is not None:
                rooms.setdefault(owner, []).append(sid)
        neighbours = {sid: entry[1] for sid, entry in entries.items()}
        exits = dict(neighbours)  # the same order; stairs and ladder tiles add their tunnel exits
        for sid in stairs:
            exits[sid] = neighbours[sid] + tuple(other for other in stairs if other != sid)
        return FortressView(
            cells,
            at,
            {sid: entry[0] for sid, entry in entries.items()},
            stairs,
            {room: tuple(ids) for room, ids in rooms.items()},
            neighbours,
            {sid: entry[2] for sid, entry in entries.items()},
            exits,
        )

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
        platform = present(platform, "board.fortress._platform: platform")
        return platform

    def _slot_of(self, room: str) -> int:
        slot = self.rooms[room].slot
        return -1 if slot is None else slot

    def iter_platform_spaces(self, room: str) -> Iterator[SpaceId]:
        """The spaces of ``room``'s platform, whether in play or not."""
        return (sid for sid, sp in self.spaces.items() if sp.room == room and sp.on_platform)


_COMPILED: Final[dict[int, tuple[Layout, Fortress]]] = {}
_COMPILED_MAX: Final = 16
#: Boards (by ladder tiles, or by rotations) whose last view a fortress keeps to derive the next one from.
_LAST_VIEWS_MAX: Final = 64
#: Views a fortress keeps by board state. Few: random play met a board of an earlier game about once in five
#: games, and every view kept lives in the oldest generation, which the garbage collector walks whole (4096 views
#: kept made a quarter of a million objects, and its full collections cost a tenth of the engine's time).
_VIEWS_MAX: Final = 256
#: A view is derived from one with at most this many other platforms turned, or ladder tiles changed; else assembled.
_TURNS_DERIVED: Final = 2
_LADDERS_DERIVED: Final = 4


_Entry = tuple[dict[int, SpaceId], tuple[SpaceId, ...], frozenset[SpaceId]]
K = TypeVar("K")
V = TypeVar("V")


def _kept(table: dict[K, V], key: K, value: V, bound: int) -> V:
    """``value`` stored under ``key`` as the newest entry of ``table``, which keeps ``bound`` entries at most: the
    oldest goes first."""
    table.pop(key, None)
    if len(table) >= bound:
        del table[next(iter(table))]
    table[key] = value
    return value


def _ladders_last(
    mapping: dict[SpaceId, V], order: tuple[SpaceId, ...], ladders: frozenset[SpaceId], source: dict[SpaceId, V]
) -> None:
    """Put the ladder tiles in play at the end of ``mapping``, in ladder order, with their values from ``source``
    (``mapping`` itself, to reorder): where a view assembled from scratch has them."""
    values = [(sid, source[sid]) for sid in order if sid in ladders]
    for sid, _ in values:
        mapping.pop(sid, None)
    for sid, value in values:
        mapping[sid] = value


def _entry(exits: dict[int, SpaceId]) -> _Entry:
    """A space's corridor map (by direction, in direction order) with its neighbours and their set."""
    near = tuple(exits.values())
    return exits, near, frozenset(near)


def _direction(a: Hex, b: Hex, a_id: SpaceId, b_id: SpaceId) -> int:
    """The cell direction from ``a`` to its neighbour ``b``; the loader guarantees corridors join neighbours."""
    direction = direction_between(a, b)
    if direction is None:
        raise EngineInvariantError(f"corridor {a_id} - {b_id} joins cells that are not neighbours")
    return direction


def space_id(room: str, local: Hex) -> SpaceId:
    """The id of the space at ``local`` (tile frame) of ``room``: ``"NE:1,-1"``."""
    return f"{room}:{local.q},{local.r}"


def ladder_id(room: str, direction: int) -> SpaceId:
    """The id of the ladder site on ``room``'s outer edge in room direction ``direction``: ``"NE:ladder5"``."""
    return f"{room}:ladder{direction}"
