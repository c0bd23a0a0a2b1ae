"""Layout files (TOML or JSON): read, validate, and reject with a :class:`LayoutError` naming file, key and problem.

The file format (version 1) describes each of the seven room tiles in its own frame::

    format = 1
    name = "my-fortress"
    provenance = "drawn from my copy of the game"
    borders = ["NE:-2,1 C:2,-1"]          # corridors crossing from one room tile to the next

    [rooms.C]                               # the room without a platform
    slot = "centre"
    books = "ABCDEF"                        # letters in room directions 0..5
    stairs = ["2,0"]
    red = ["0,2"]
    grey = []
    holes = []                              # cells of the tile that are no space
    corridors = ["0,0 1,0", "1,0 2,0"]

    [rooms.NE]
    slot = 0                                # room direction from the centre
    openings = ["2,0>3", "2,-1>0"]          # half corridors across a tile edge: cell>cell direction
    corridors = ["2,0 2,-1"]

    [rooms.NE.platform]
    books = "CDEFAB"
    rotation = 0
    strigoi_mark = true
    corridors = ["0,0 1,0"]
    openings = ["1,0>0"]

Every cell within radius 2 of a room's centre is a space unless listed in ``holes``; in an outer room the cells within
radius 1 belong to the platform and are described under ``platform``. See :mod:`armata_rules.board.layout`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

import networkx as nx
from pydantic import Field

from armata_rules.board.fortress import Fortress
from armata_rules.board.hexgrid import PLATFORM_RADIUS, ROOM_RADIUS, Hex, disc, distance, parse_hex, rotate
from armata_rules.board.hexgrid import ROOM_STEP as _ROOM_STEP
from armata_rules.board.layout import LETTERS, Layout, PlatformTile, RoomTile, SpaceKind
from armata_rules.datafile import DataFileError, StrictModel, read_data_file, validate_model

__all__ = ["DEFAULT_LAYOUT", "LayoutError", "default_layout", "load_layout", "parse_layout"]

#: Name of the bundled layout (a reconstruction: the printed tile art is not in the rulebook text).
DEFAULT_LAYOUT = "default"
FORMAT_VERSION = 1


class LayoutError(DataFileError):
    """A layout file is malformed; the message names the file, the key and the problem."""


class _Floor(StrictModel):
    stairs: list[str] = Field(default_factory=list)
    red: list[str] = Field(default_factory=list)
    grey: list[str] = Field(default_factory=list)
    holes: list[str] = Field(default_factory=list)
    corridors: list[str] = Field(default_factory=list)
    openings: list[str] = Field(default_factory=list)


class _PlatformModel(_Floor):
    books: str
    rotation: int = 0
    strigoi_mark: bool = False


class _RoomModel(_Floor):
    slot: int | Literal["centre"]
    books: str | None = None
    platform: _PlatformModel | None = None


class _LayoutModel(StrictModel):
    format: int
    name: str
    provenance: str
    rooms: dict[str, _RoomModel]
    borders: list[str] = Field(default_factory=list)


def load_layout(path: str | Path) -> Layout:
    """Read and validate a layout file (``.toml`` or ``.json``)."""
    return parse_layout(read_data_file(path, LayoutError), str(path))


@cache
def default_layout() -> Layout:
    """The bundled layout: a reconstruction that exercises every rule, not the printed tiles."""
    resource = resources.files("armata_rules.board") / "data" / f"{DEFAULT_LAYOUT}.toml"
    data = tomllib.loads(resource.read_text(encoding="utf-8"))
    return parse_layout(data, f"<bundled {DEFAULT_LAYOUT}.toml>")


def parse_layout(data: object, source: str = "<memory>") -> Layout:
    """Validate already-parsed layout data; raise :class:`LayoutError` at the first problem."""
    model = validate_model(_LayoutModel, data, source, LayoutError)
    try:
        layout = _build(model, source)
    except _LayoutFailure as fail:
        raise LayoutError(source, fail.key, fail.problem) from None
    _check_reachable(layout)
    return layout


class _LayoutFailure(Exception):
    def __init__(self, key: str, problem: str) -> None:
        super().__init__(problem)
        self.key = key
        self.problem = problem


def _fail(key: str, problem: str) -> _LayoutFailure:
    return _LayoutFailure(key, problem)


def _build(model: _LayoutModel, source: str) -> Layout:
    if model.format != FORMAT_VERSION:
        raise _fail("format", f"unsupported format {model.format}; this library reads format {FORMAT_VERSION}")
    if len(model.rooms) != 7:
        raise _fail("rooms", f"a fortress has 7 rooms (1 centre, 6 around it); found {len(model.rooms)}")
    by_slot: dict[int | None, str] = {}
    for room_id, room in model.rooms.items():
        _check_name(f"rooms.{room_id}", room_id)
        slot = None if room.slot == "centre" else room.slot
        if slot is not None and not 0 <= slot <= 5:
            raise _fail(f"rooms.{room_id}.slot", f"slot must be 'centre' or 0..5; got {slot}")
        if slot in by_slot:
            where = "the centre" if slot is None else f"slot {slot}"
            raise _fail(
                f"rooms.{room_id}.slot",
                f"rooms {by_slot[slot]!r} and {room_id!r} both lie in {where}: their spaces would be in two rooms",
            )
        by_slot[slot] = room_id
    rooms = tuple(_build_room(f"rooms.{rid}", rid, room) for rid, room in model.rooms.items())
    strigoi = [room.id for room in rooms if room.platform is not None and room.platform.strigoi_mark]
    if len(strigoi) != 2:
        raise _fail("rooms", f"exactly 2 platforms bear the Strigoi's mark; found {len(strigoi)} {strigoi}")
    kinds = [kind for room in rooms for kind in _all_kinds(room)]
    for colour in (SpaceKind.RED, SpaceKind.GREY):
        if colour not in kinds:
            raise _fail("rooms", f"the fortress has no {colour.value} encounter space")
    borders = frozenset(_build_border(f"borders[{i}]", text, rooms) for i, text in enumerate(model.borders))
    if len(borders) != len(model.borders):
        raise _fail("borders", "a border corridor is listed twice")
    return Layout(model.name, model.provenance, rooms, borders, source)


def _check_name(key: str, name: str) -> None:
    if not name or any(ch in name for ch in ": \t,>"):
        raise _fail(key, f"room id {name!r} must be non-empty without spaces, ':', ',' or '>'")


def _all_kinds(room: RoomTile) -> Iterable[SpaceKind]:
    yield from room.kinds.values()
    if room.platform is not None:
        yield from room.platform.kinds.values()


def _build_room(key: str, room_id: str, room: _RoomModel) -> RoomTile:
    slot = None if room.slot == "centre" else room.slot
    if slot is None:
        if room.platform is not None:
            raise _fail(f"{key}.platform", "the centre room is the room without a platform")
        if room.books is None:
            raise _fail(f"{key}.books", "the centre room needs its books (read when a platform collapses)")
        cells = set(disc(Hex(0, 0), ROOM_RADIUS))
    else:
        if room.platform is None:
            raise _fail(f"{key}.platform", "every room around the centre holds a platform")
        if room.books is not None:
            raise _fail(f"{key}.books", "an outer room's books are on its platform: move them to platform.books")
        cells = {cell for cell in disc(Hex(0, 0), ROOM_RADIUS) if distance(cell, Hex(0, 0)) > PLATFORM_RADIUS}
    kinds = _floor_kinds(key, room, cells, "room" if slot is None else "fixed floor")
    corridors = _corridors(key, room.corridors, kinds)
    openings = _openings(key, room.openings, kinds, inside=cells)
    books = None if room.books is None else _books(f"{key}.books", room.books)
    platform = None if room.platform is None else _build_platform(f"{key}.platform", room.platform)
    return RoomTile(room_id, slot, kinds, corridors, openings, books, platform)


def _build_platform(key: str, platform: _PlatformModel) -> PlatformTile:
    cells = set(disc(Hex(0, 0), PLATFORM_RADIUS))
    kinds = _floor_kinds(key, platform, cells, "platform")
    if Hex(0, 0) not in kinds:
        raise _fail(f"{key}.holes", "a platform needs its centre space (0,0): the Strigoi teleport there")
    if not 0 <= platform.rotation <= 5:
        raise _fail(f"{key}.rotation", f"rotation counts 60° steps, 0..5; got {platform.rotation}")
    corridors = _corridors(key, platform.corridors, kinds)
    openings = _openings(key, platform.openings, kinds, inside=cells)
    return PlatformTile(
        kinds,
        corridors,
        openings,
        _books(f"{key}.books", platform.books),
        platform.strigoi_mark,
        platform.rotation,
    )


def _floor_kinds(key: str, floor: _Floor, cells: set[Hex], what: str) -> dict[Hex, SpaceKind]:
    kinds: dict[Hex, SpaceKind] = {}
    holes = set()
    for i, text in enumerate(floor.holes):
        cell = _cell(f"{key}.holes[{i}]", text)
        if cell not in cells:
            raise _fail(f"{key}.holes[{i}]", f"cell {cell} is not on this {what}")
        holes.add(cell)
    for cell in sorted(cells - holes):
        kinds[cell] = SpaceKind.PLAIN
    marked: dict[Hex, str] = {}
    for name, kind in (("stairs", SpaceKind.STAIRS), ("red", SpaceKind.RED), ("grey", SpaceKind.GREY)):
        for i, text in enumerate(getattr(floor, name)):
            item = f"{key}.{name}[{i}]"
            cell = _cell(item, text)
            if cell not in cells:
                raise _fail(item, f"cell {cell} is not on this {what}")
            if cell in holes:
                raise _fail(item, f"cell {cell} is listed in holes: it is no space")
            if cell in marked:
                raise _fail(item, f"cell {cell} is already marked {marked[cell]}")
            marked[cell] = name
            kinds[cell] = kind
    return kinds


def _cell(key: str, text: str) -> Hex:
    try:
        return parse_hex(text)
    except ValueError as err:
        raise _fail(key, str(err)) from None


def _corridors(key: str, items: list[str], kinds: Mapping[Hex, SpaceKind]) -> frozenset[frozenset[Hex]]:
    result: set[frozenset[Hex]] = set()
    for i, text in enumerate(items):
        item = f"{key}.corridors[{i}]"
        parts = text.split()
        if len(parts) != 2:
            raise _fail(item, f"a corridor is written 'q,r q,r' (two cells); got {text!r}")
        a, b = (_cell(item, part) for part in parts)
        for end in (a, b):
            if end not in kinds:
                raise _fail(item, f"dangling corridor {text!r}: cell {end} is no space of this tile")
        if distance(a, b) != 1:
            raise _fail(item, f"corridor {text!r} joins cells that are not neighbours")
        pair = frozenset((a, b))
        if pair in result:
            raise _fail(item, f"corridor {text!r} is listed twice")
        result.add(pair)
    return frozenset(result)


def _openings(
    key: str, items: list[str], kinds: Mapping[Hex, SpaceKind], inside: set[Hex]
) -> frozenset[tuple[Hex, int]]:
    result: set[tuple[Hex, int]] = set()
    for i, text in enumerate(items):
        item = f"{key}.openings[{i}]"
        cell_text, sep, dir_text = text.partition(">")
        if not sep or not dir_text.strip().isdigit() or not 0 <= int(dir_text) <= 5:
            raise _fail(item, f"an opening is written 'q,r>d' with a cell direction d in 0..5; got {text!r}")
        cell, direction = _cell(item, cell_text), int(dir_text)
        if cell not in kinds:
            raise _fail(item, f"dangling opening {text!r}: cell {cell} is no space of this tile")
        if cell.neighbour(direction) in inside:
            raise _fail(item, f"opening {text!r} does not cross the tile's edge: use a corridor inside a tile")
        result.add((cell, direction))
    return frozenset(result)


def _books(key: str, books: str) -> str:
    if len(books) != 6 or set(books) != set(LETTERS):
        raise _fail(key, f"books must name each letter A-F once, one per direction 0..5; got {books!r}")
    return books


def _build_border(key: str, text: str, rooms: tuple[RoomTile, ...]) -> frozenset[tuple[str, Hex]]:
    parts = text.split()
    if len(parts) != 2:
        raise _fail(key, f"a border corridor is written 'ROOM:q,r ROOM:q,r'; got {text!r}")
    tiles = {room.id: room for room in rooms}
    ends: list[tuple[str, Hex]] = []
    worlds = []
    for part in parts:
        room_id, sep, cell_text = part.partition(":")
        if not sep or room_id not in tiles:
            raise _fail(key, f"dangling border corridor {text!r}: {part!r} names no room of this layout")
        tile = tiles[room_id]
        cell = _cell(key, cell_text)
        if cell not in tile.kinds:
            on_platform = tile.platform is not None and cell in tile.platform.kinds
            why = "lies on the platform, which turns" if on_platform else "is no space of that room"
            raise _fail(key, f"dangling border corridor {text!r}: cell {cell} of room {room_id} {why}")
        ends.append((room_id, cell))
        centre = Hex(0, 0) if tile.slot is None else rotate(_ROOM_STEP, tile.slot)
        worlds.append(centre + cell)
    if ends[0][0] == ends[1][0]:
        raise _fail(key, f"border corridor {text!r} stays in one room: list it under that room's corridors")
    if distance(worlds[0], worlds[1]) != 1:
        raise _fail(key, f"border corridor {text!r} joins cells that are not neighbours")
    return frozenset(ends)


def _check_reachable(layout: Layout) -> None:
    """Every room must be reachable from at least one ladder site, with every site holding a ladder."""
    fortress = Fortress(layout)
    if not fortress.ladder_sites:
        raise LayoutError(layout.source, "rooms", "the fortress has no outer edge for a ladder tile")
    state = fortress.initial_state(fortress.ladder_sites)
    graph = fortress.movement_graph(state)
    reached: set[str] = set()
    for component in nx.connected_components(graph):
        if component & fortress.ladder_sites.keys():
            reached.update(owner for sid in component if (owner := fortress.room_of(sid)) is not None)
    for room in layout.rooms:
        if room.id not in reached:
            raise LayoutError(
                layout.source,
                f"rooms.{room.id}",
                "no space of this room can be reached from any ladder position",
            )
