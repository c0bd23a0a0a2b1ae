"""The printed tiles as data: rooms, platforms, their spaces, corridors, openings and books.

A :class:`Layout` is what a layout file describes and what the loader (:mod:`armata_rules.board.loader`) returns after
validation. It is pure data in tile-local coordinates; :class:`armata_rules.board.fortress.Fortress` compiles it into
world geometry and answers the rules' questions.

Conventions (see :mod:`armata_rules.board.hexgrid`):

* a room tile sits in a *slot*: ``None`` for the centre of the flower, ``0..5`` for the room in room direction
  ``slot`` from the centre;
* cells are offsets from the room's centre; an outer room's cells within :data:`PLATFORM_RADIUS` belong to its
  platform and are written in the platform's own frame (as they lie at rotation 0);
* an *opening* is half a corridor printed on one tile, pointing across a tile edge: a corridor joins a room cell and a
  platform cell (or a ladder tile) only where both halves meet;
* ``books`` lists the letters A–F in room directions 0..5 of the tile's own frame.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from armata_rules.board.hexgrid import Hex
from armata_rules.fast_enum import FastEnum

__all__ = ["LETTERS", "Layout", "PlatformTile", "RoomTile", "SpaceKind"]

#: The book letters, one per direction of a platform or of the centre room.
LETTERS = "ABCDEF"


class SpaceKind(FastEnum):
    """What is printed on a space."""

    PLAIN = "plain"
    STAIRS = "stairs"
    RED = "red"
    GREY = "grey"
    LADDER = "ladder"

    @property
    def is_encounter(self) -> bool:
        """Whether a Powerwolf entering this space must stop and fight (peg19.en:760, sb19.en:310)."""
        return self in _ENCOUNTER_KINDS

    @property
    def is_stairs(self) -> bool:
        """Whether the space opens on the tunnels; ladder tiles do too (peg19.en:767, sb19.en:317)."""
        return self in _STAIRS_KINDS


_ENCOUNTER_KINDS = frozenset({SpaceKind.RED, SpaceKind.GREY})
_STAIRS_KINDS = frozenset({SpaceKind.STAIRS, SpaceKind.LADDER})


@dataclass(frozen=True, slots=True)
class PlatformTile:
    """A circular platform: its cells, inner corridors and outward openings, books, Strigoi mark, rotation."""

    kinds: Mapping[Hex, SpaceKind]
    corridors: frozenset[frozenset[Hex]]
    openings: frozenset[tuple[Hex, int]]
    books: str
    strigoi_mark: bool = False
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class RoomTile:
    """A hexagonal room tile in its slot, with the fixed part of its floor and, for outer rooms, a platform."""

    id: str
    slot: int | None
    kinds: Mapping[Hex, SpaceKind]
    corridors: frozenset[frozenset[Hex]]
    openings: frozenset[tuple[Hex, int]] = frozenset()
    books: str | None = None
    platform: PlatformTile | None = None

    @property
    def is_centre(self) -> bool:
        """The room without a platform in the middle of the flower."""
        return self.slot is None


@dataclass(frozen=True, slots=True)
class Layout:
    """A whole fortress: seven room tiles and the corridors that cross from one tile to the next."""

    name: str
    provenance: str
    rooms: tuple[RoomTile, ...]
    borders: frozenset[frozenset[tuple[str, Hex]]] = field(default_factory=frozenset)
    source: str = "<memory>"
