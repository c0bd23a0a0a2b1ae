"""Books: which way a letter A–F points from a platform or from the centre room.

The letter at the bottom of the played card names a book on the Strigoi's platform; the room that book faces is where
the Strigoi teleports (peg19.en:805, sb19.en:362). Books turn with their platform. For a collapse, the letter is read
on the books of the room without a platform (peg19.en:913, sb19.en:470). Facing no room, a book may face a ladder tile
(peg19.en:818, sb19.en:377) or nothing at all (peg19.en:817, sb19.en:376).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armata_rules.board.fortress import Fortress, FortressState, SpaceId
from armata_rules.board.layout import LETTERS
from armata_rules.errors import present
from armata_rules.immutable import Value, check_changes, frozen_init, memo
from armata_rules.kernel.core.fast_enum import FastEnum  # its home: compiled, a base class is read there

__all__ = ["BookTarget", "BookTargetKind", "book_direction", "book_target"]


class BookTargetKind(FastEnum):
    """What a book faces."""

    ROOM = "room"
    LADDER = "ladder"
    NOTHING = "nothing"


@dataclass(init=False, frozen=True, slots=True)
class BookTarget(Value):
    """The result of reading a book: its room direction and what lies there."""

    kind: BookTargetKind
    direction: int
    room: str | None = None
    ladder: SpaceId | None = None

    def __init__(
        self, kind: BookTargetKind, direction: int, room: str | None = None, ladder: SpaceId | None = None
    ) -> None:
        self.kind = kind  # type: ignore[misc]
        self.direction = direction  # type: ignore[misc]
        self.room = room  # type: ignore[misc]
        self.ladder = ladder  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> BookTarget:
        """A copy with ``changes`` (see :func:`~armata_rules.immutable.replace`), built by the constructor."""
        check_changes(BookTarget, changes)
        return BookTarget(
            changes.get("kind", self.kind),
            changes.get("direction", self.direction),
            changes.get("room", self.room),
            changes.get("ladder", self.ladder),
        )


frozen_init(BookTarget)


def book_direction(fortress: Fortress, state: FortressState, room: str, letter: str) -> int:
    """The room direction (0..5) that ``letter``'s book of ``room`` faces in ``state``."""
    if len(letter) != 1 or letter not in LETTERS:
        raise ValueError(f"a book letter is one of {', '.join(LETTERS)}; got {letter!r}")
    tile = fortress.rooms.get(room)
    if tile is None:
        raise KeyError(f"no room {room!r} in layout {fortress.layout.name!r}")
    if tile.platform is None:
        return present(tile.books, "the loader gives the centre room its books").index(letter)
    if room in state.collapsed:
        raise ValueError(f"the platform of room {room!r} has collapsed: its books are gone")
    return (tile.platform.books.index(letter) + fortress.rotation(state, room)) % 6


def book_target(fortress: Fortress, state: FortressState, room: str, letter: str) -> BookTarget:
    """What ``letter``'s book of ``room`` faces in ``state``: a room, a ladder tile standing there, or nothing.

    A collapsed room is still reported as a room: whether a Strigoi then bounces is the movement rule's reading.
    Read once per room, letter and board, and kept on the board's view (:meth:`Fortress.view`), which every equal
    board state of the fortress shares.
    """
    cache = memo(fortress.view(state))
    key = (book_target, room, letter)
    found: BookTarget | None = cache.get(key)
    if found is None:
        found = cache[key] = _read_book(fortress, state, room, letter)
    return found


def _read_book(fortress: Fortress, state: FortressState, room: str, letter: str) -> BookTarget:
    direction = book_direction(fortress, state, room, letter)
    neighbour = fortress.room_in_direction(room, direction)
    if neighbour is not None:
        return BookTarget(BookTargetKind.ROOM, direction, room=neighbour)
    site = fortress.ladder_site_in_direction(room, direction)
    if site is not None and site in state.ladders:
        return BookTarget(BookTargetKind.LADDER, direction, ladder=site)
    return BookTarget(BookTargetKind.NOTHING, direction)
