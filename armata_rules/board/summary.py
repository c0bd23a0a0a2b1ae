"""A short factual summary of a fortress, for the CLI and the docs."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from armata_rules.board.fortress import Fortress
from armata_rules.board.placement import LadderPlacement, legal_ladder_sites

__all__ = ["BoardSummary", "RoomSummary", "summarize"]


@dataclass(frozen=True, slots=True)
class RoomSummary:
    """Counts for one room as set up."""

    room: str
    slot: str
    spaces: int
    platform_spaces: int
    stairs: int
    red: int
    grey: int
    corridors: int
    strigoi_mark: bool
    books: str


@dataclass(frozen=True, slots=True)
class BoardSummary:
    """Counts for a whole fortress as set up, and where ladders may go under each reading."""

    layout: str
    provenance: str
    rooms: tuple[RoomSummary, ...]
    ladder_sites: int
    ladder_sites_by_reading: dict[str, tuple[str, ...]]
    corridors: int

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "layout": self.layout,
            "provenance": self.provenance,
            "corridors": self.corridors,
            "ladder_sites": self.ladder_sites,
            "ladder_sites_by_reading": {k: list(v) for k, v in self.ladder_sites_by_reading.items()},
            "rooms": [vars_of(room) for room in self.rooms],
        }


def vars_of(room: RoomSummary) -> dict[str, object]:
    """A room summary as a dict."""
    return {name: getattr(room, name) for name in RoomSummary.__slots__}


def summarize(fortress: Fortress) -> BoardSummary:
    """Summarise ``fortress`` at its printed rotations with no ladder placed."""
    state = fortress.initial_state()
    view = fortress.view(state)
    rooms = []
    for room_id, tile in fortress.rooms.items():
        spaces = [sp for sp in fortress.spaces.values() if sp.room == room_id]
        kinds = Counter(sp.kind.value for sp in spaces)
        ids = {sp.id for sp in spaces}
        corridors = sum(1 for a in ids for b in view.corridors[a].values() if b in ids) // 2
        books = tile.books if tile.platform is None else tile.platform.books
        rooms.append(
            RoomSummary(
                room=room_id,
                slot="centre" if tile.slot is None else str(tile.slot),
                spaces=len(spaces),
                platform_spaces=sum(sp.on_platform for sp in spaces),
                stairs=kinds["stairs"],
                red=kinds["red"],
                grey=kinds["grey"],
                corridors=corridors,
                strigoi_mark=tile.platform is not None and tile.platform.strigoi_mark,
                books=books or "",
            )
        )
    total = sum(len(exits) for exits in view.corridors.values()) // 2
    readings = {r.value: legal_ladder_sites(fortress, state, r) for r in LadderPlacement}
    return BoardSummary(
        fortress.layout.name,
        fortress.layout.provenance,
        tuple(rooms),
        len(fortress.ladder_sites),
        readings,
        total,
    )
