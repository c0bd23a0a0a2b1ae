"""Two-sided tokens counted per location and side, and the pool they come from.

Tokens of one kind (agents with a hidden and a revealed side, say) are interchangeable, so a game keeps counts: for
each location, how many tokens lie there on each side, plus how many are left in the pool. :class:`SidedTokens`
adds tokens from the pool (as many as it holds: a game may punish the shortfall), removes them to the pool, moves
them between locations, and flips them (reveal every agent here). Every token is in the pool or at a location, so
:attr:`SidedTokens.everything` never changes.

The arithmetic is in int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`): :func:`place_step`,
:func:`move_step` and :func:`flip_step`; the class runs them, and :mod:`armata_rules.kernel.equipment.proofs`
proves them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from armata_rules.kernel.equipment.counters import check_count, transfer_step
from armata_rules.kernel.play.effects import IteOf, N, concrete_ite

__all__ = ["Ordered", "SidedTokens", "flip_step", "move_step", "place_step"]


class Ordered(Protocol):
    """A location that sorts among its kind (a district's name, a grid position)."""

    def __lt__(self, other: Any, /) -> bool: ...


L = TypeVar("L", bound=Ordered)


def place_step(pool: N, here: N, count: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N, N]:
    """``(pool, here, placed)`` after placing up to ``count`` tokens from the pool: as many as it holds
    (:func:`~armata_rules.kernel.equipment.counters.transfer_step` with no cap)."""
    return transfer_step(pool, here, count, here + count, ite)


def move_step(source: N, target: N, count: N) -> tuple[N, N]:
    """``(source, target)`` after moving ``count`` tokens (``0 <= count <= source``) from one place to another."""
    return source - count, target + count


def flip_step(down: N, up: N) -> tuple[N, N]:
    """``(down, up)`` after every token on the ``down`` side is flipped to the ``up`` side."""
    return down - down, up + down


@dataclass(frozen=True, slots=True)
class SidedTokens(Generic[L]):
    """Tokens with the given ``sides``: ``rows`` holds, per location in order, the count on each side (locations
    with none are left out), and ``pool`` the tokens in the pool."""

    sides: tuple[str, ...]
    pool: int
    rows: tuple[tuple[L, tuple[int, ...]], ...] = ()

    def __post_init__(self) -> None:
        if not self.sides or len(set(self.sides)) != len(self.sides):
            raise ValueError(f"tokens need distinct sides, got {self.sides}")
        check_count(self.pool, "the token pool")
        locations = [location for location, _ in self.rows]
        if locations != sorted(set(locations)):
            raise ValueError(f"token locations must be distinct and sorted, got {locations}")
        for location, counts in self.rows:
            if len(counts) != len(self.sides):
                raise ValueError(f"location {location!r}: one count per side {self.sides}, got {counts}")
            for side, count in zip(self.sides, counts, strict=True):
                check_count(count, f"{side} tokens at {location!r}")
            if not any(counts):
                raise ValueError(f"location {location!r} has no token: leave it out")

    @classmethod
    def start(cls, sides: tuple[str, ...], pool: int) -> SidedTokens[L]:
        """Every token in the pool."""
        return cls(sides, pool)

    def _side(self, side: str) -> int:
        if side not in self.sides:
            raise ValueError(f"tokens have no side {side!r} (sides: {', '.join(self.sides)})")
        return self.sides.index(side)

    def _counts(self, location: L) -> tuple[int, ...]:
        for known, counts in self.rows:
            if known == location:
                return counts
        return (0,) * len(self.sides)

    def _with(self, location: L, counts: tuple[int, ...], pool: int | None = None) -> SidedTokens[L]:
        rows = dict(self.rows)
        rows[location] = counts
        kept = tuple(sorted((item for item in rows.items() if any(item[1])), key=lambda item: item[0]))
        return SidedTokens(self.sides, self.pool if pool is None else pool, kept)

    @property
    def locations(self) -> tuple[L, ...]:
        """The locations holding tokens, in order."""
        return tuple(location for location, _ in self.rows)

    def count(self, location: L, side: str | None = None) -> int:
        """Tokens at ``location``, on ``side`` or on any side."""
        counts = self._counts(location)
        return sum(counts) if side is None else counts[self._side(side)]

    def total(self, side: str | None = None) -> int:
        """Tokens at every location, on ``side`` or on any side (the pool aside)."""
        return sum(self.count(location, side) for location in self.locations)

    @property
    def everything(self) -> int:
        """Tokens in the pool and at every location: what every change keeps."""
        return self.pool + self.total()

    def add(self, location: L, side: str, count: int) -> tuple[SidedTokens[L], int]:
        """The tokens after placing up to ``count`` from the pool at ``location`` on ``side``, and how many were
        placed: as many as the pool holds (:func:`place_step`)."""
        at = self._side(side)
        counts = self._counts(location)
        pool, here, placed = place_step(
            self.pool, counts[at], check_count(count, f"{side} tokens added at {location!r}")
        )
        return self._with(location, _set(counts, at, here), pool), placed

    def remove(self, location: L, side: str, count: int) -> SidedTokens[L]:
        """The tokens after returning ``count`` from ``location`` (on ``side``) to the pool (:func:`move_step`)."""
        at = self._side(side)
        counts = self._counts(location)
        self._check_holds(location, side, counts[at], check_count(count, f"{side} tokens removed at {location!r}"))
        here, pool = move_step(counts[at], self.pool, count)
        return self._with(location, _set(counts, at, here), pool)

    def move(self, source: L, target: L, side: str, count: int) -> SidedTokens[L]:
        """The tokens after moving ``count`` on ``side`` from ``source`` to ``target`` (:func:`move_step`)."""
        at = self._side(side)
        there = self._counts(source)
        self._check_holds(source, side, there[at], check_count(count, f"{side} tokens moved from {source!r}"))
        if source == target:
            return self
        left, arrived = move_step(there[at], self._counts(target)[at], count)
        moved = self._with(source, _set(there, at, left))
        return moved._with(target, _set(moved._counts(target), at, arrived))

    def flip(self, location: L, down: str, up: str) -> SidedTokens[L]:
        """The tokens after every one at ``location`` on side ``down`` is turned to side ``up`` (:func:`flip_step`)."""
        low, high = self._side(down), self._side(up)
        if low == high:
            raise ValueError(f"a flip turns tokens from one side to another, got {down!r} twice")
        counts = self._counts(location)
        left, turned = flip_step(counts[low], counts[high])
        return self._with(location, _set(_set(counts, low, left), high, turned))

    def _check_holds(self, location: L, side: str, held: int, count: int) -> None:
        if count > held:
            raise ValueError(f"{count} {side} tokens were asked of {location!r}, which holds {held}")


def _set(counts: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*counts[:index], value, *counts[index + 1 :])
