"""Tracks: a value that moves between two ends, the bands a track is read in, and levels that unlock things.

A :class:`Track` runs from ``lo`` to ``hi``; a step past an end stops at the end (strengthening a full veil does
nothing), and :meth:`Track.at_bottom` is the "reaching the bottom loses" test. :class:`Bands` split a track into
consecutive bands, each from its start up to the next band's start (a printed table read "veil 4-6" and "veil 1-3"),
and say which band a value is in. :class:`Thresholds` name the level at which each thing unlocks ("action X from 6
victims").

The arithmetic is in int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`): :func:`clamp_step`,
:func:`in_band`, :func:`reached` and :func:`at_floor`; the classes run them, and
:mod:`armata_rules.kernel.equipment.proofs` proves them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from armata_rules.kernel.play.effects import IteOf, N, concrete_and, concrete_ite

__all__ = ["Bands", "Thresholds", "Track", "at_floor", "clamp_step", "in_band", "reached"]


def clamp_step(value: N, delta: N, lo: N, hi: N, ite: IteOf[N] = concrete_ite) -> N:
    """``value + delta``, held within ``lo..hi``: a step past an end stops at the end."""
    moved = value + delta
    return ite(moved < lo, lo, ite(hi < moved, hi, moved))


def in_band(value: N, start: N, end: N, both: Callable[[object, object], object] = concrete_and) -> object:
    """Whether ``value`` lies in the band from ``start`` up to, but not including, ``end`` (the next band's start)."""
    return both(start <= value, value < end)


def reached(value: N, level: N) -> object:
    """Whether ``value`` has reached ``level``: what unlocks there is available from it on."""
    return value >= level


def at_floor(value: N, floor: N) -> object:
    """Whether ``value`` is down to ``floor`` (or below): the "reaching 0 loses" test."""
    return value <= floor


def _whole(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Track:
    """A track from ``lo`` to ``hi`` (both included)."""

    lo: int
    hi: int

    def __post_init__(self) -> None:
        if _whole(self.lo, "a track's low end") > _whole(self.hi, "a track's high end"):
            raise ValueError(f"a track's low end {self.lo} is above its high end {self.hi}")

    def check(self, value: int) -> int:
        """``value``, or a ``ValueError`` naming it if it is off the track."""
        if not self.lo <= _whole(value, "a value on a track") <= self.hi:
            raise ValueError(f"value {value} is off the track {self.lo}..{self.hi}")
        return value

    def step(self, value: int, delta: int) -> int:
        """``value`` moved by ``delta``, stopping at the ends (:func:`clamp_step`)."""
        return clamp_step(self.check(value), _whole(delta, "a step on a track"), self.lo, self.hi)

    def at_bottom(self, value: int) -> bool:
        """Whether ``value`` is at the low end (:func:`at_floor`)."""
        return bool(at_floor(self.check(value), self.lo))

    def at_top(self, value: int) -> bool:
        """Whether ``value`` is at the high end."""
        return self.check(value) == self.hi


@dataclass(frozen=True, slots=True)
class Bands:
    """The ``track`` read in consecutive bands: band ``i``, called ``names[i]``, runs from ``starts[i]`` up to the
    next start (the last band to the top). The first band starts at the bottom, so every value is in exactly one
    band."""

    track: Track
    starts: tuple[int, ...]
    names: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.starts or self.starts[0] != self.track.lo:
            raise ValueError(f"the first band must start at the track's low end {self.track.lo}, got {self.starts}")
        if list(self.starts) != sorted(set(self.starts)) or self.starts[-1] > self.track.hi:
            raise ValueError(f"band starts must rise within {self.track.lo}..{self.track.hi}, got {self.starts}")
        if len(self.names) != len(self.starts) or len(set(self.names)) != len(self.names):
            raise ValueError(f"bands need one distinct name per start, got {self.names} for {self.starts}")

    def span(self, index: int) -> tuple[int, int]:
        """The lowest and highest value of band ``index``."""
        if not 0 <= index < len(self.starts):
            raise ValueError(f"band index {index} is outside 0..{len(self.starts) - 1}")
        end = self.starts[index + 1] if index + 1 < len(self.starts) else self.track.hi + 1
        return self.starts[index], end - 1

    def index(self, value: int) -> int:
        """The index of the band ``value`` is in (:func:`in_band`)."""
        self.track.check(value)
        spans = [self.span(index) for index in range(len(self.starts))]
        return next(index for index, (low, high) in enumerate(spans) if in_band(value, low, high + 1))

    def band(self, value: int) -> str:
        """The name of the band ``value`` is in."""
        return self.names[self.index(value)]


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The level at which each named thing unlocks, as ``(name, level)`` in name order."""

    levels: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        names = [name for name, _ in self.levels]
        if names != sorted(set(names)):
            raise ValueError(f"unlock names must be distinct and sorted, got {names}")
        for name, level in self.levels:
            _whole(level, f"the unlock level of {name!r}")

    @classmethod
    def of(cls, levels: Mapping[str, int]) -> Thresholds:
        """Thresholds from a mapping of names to levels."""
        return cls(tuple(sorted(levels.items())))

    def level(self, name: str) -> int:
        """The level at which ``name`` unlocks."""
        for known, level in self.levels:
            if known == name:
                return level
        raise ValueError(f"nothing called {name!r} unlocks on this track")

    def unlocked(self, name: str, value: int) -> bool:
        """Whether ``name`` is available at ``value`` (:func:`reached`)."""
        return bool(reached(_whole(value, "a track value"), self.level(name)))

    def available(self, value: int) -> tuple[str, ...]:
        """Everything unlocked at ``value``, in name order."""
        return tuple(name for name, level in self.levels if reached(_whole(value, "a track value"), level))
