"""Line of sight: what a piece sees along straight corridors (peg19.en:854, peg19.en:895, sb19.en:415, sb19.en:452).

A line of sight starts at a space and follows consecutive corridors in one of the six cell directions, across room
borders too ("even into another room"), until a wall. A collapsed platform has left play, so sight stops at its
edge. Pieces do not block sight at this level: which seen piece counts (the nearest, a Powerwolf between a Strigoi and
a ladder) is for the rules that use the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from armata_rules.board.fortress import Fortress, FortressState, SpaceId
from armata_rules.immutable import Value, check_changes, frozen_init, memo

__all__ = ["SightLine", "sees", "sight_lines"]


@dataclass(init=False, frozen=True, slots=True)
class SightLine(Value):
    """The spaces seen in one cell direction, nearest first, each with its distance in steps."""

    direction: int
    seen: tuple[tuple[SpaceId, int], ...]

    def __init__(self, direction: int, seen: tuple[tuple[SpaceId, int], ...]) -> None:
        self.direction = direction  # type: ignore[misc]
        self.seen = seen  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> SightLine:
        """A copy with ``changes`` (see :func:`~armata_rules.immutable.replace`), built by the constructor."""
        check_changes(SightLine, changes)
        return SightLine(changes.get("direction", self.direction), changes.get("seen", self.seen))


frozen_init(SightLine)


def sight_lines(fortress: Fortress, state: FortressState, origin: SpaceId) -> tuple[SightLine, ...]:
    """The six lines of sight from ``origin`` in ``state`` (a direction with a wall right away sees nothing).

    Computed once per origin and board, and kept on the board's view (:meth:`Fortress.view`), which every equal board
    state of the fortress shares, in every game: the board changes far less often than the Strigoi look.
    """
    view = fortress.view(state)
    cache = memo(view)
    key = (sight_lines, origin)
    found: tuple[SightLine, ...] | None = cache.get(key)
    if found is None:
        if origin not in view.corridors:
            fortress.cell(origin, state)  # raises the clear error for an unknown or out-of-play space
        found = cache[key] = _trace_lines(view.corridors, origin)
    return found


def _trace_lines(corridors: dict[SpaceId, dict[int, SpaceId]], origin: SpaceId) -> tuple[SightLine, ...]:
    lines = []
    for direction in range(6):
        seen: list[tuple[SpaceId, int]] = []
        current = origin
        while (nxt := corridors[current].get(direction)) is not None and nxt != origin:
            seen.append((nxt, len(seen) + 1))
            current = nxt
        lines.append(SightLine(direction, tuple(seen)))
    return tuple(lines)


def sees(fortress: Fortress, state: FortressState, origin: SpaceId, target: SpaceId) -> int | None:
    """The distance at which ``origin`` sees ``target`` along a straight corridor, or ``None``."""
    for line in sight_lines(fortress, state, origin):
        for space, dist in line.seen:
            if space == target:
                return dist
    return None
