"""A shared pool of six-sided dice, rolled in advance, visible to all, and drafted one die at a time.

The :class:`DicePool` holds the values of the dice still in the pool, sorted (which die shows a value does not
matter), and how many dice were taken and set aside. Taking a die moves it aside; when the pool is empty, every die
set aside is rolled again into a new pool. A game may allow taking any die, or only the lowest ones
(:meth:`DicePool.choices`). A modified value stays on the faces, 1 to 6 (:func:`modified`).

Chance: a roll of several dice is a :class:`Roll`, one die at a time, so each chance step has the six
:data:`FACES` as outcomes (not the 6**n of a whole roll); the pool gets the values once the roll is complete.

The arithmetic is in int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`): :func:`modify_step`,
:func:`at_least`, :func:`at_most`, :func:`take_step` and :func:`refill_step`; the classes run them, and
:mod:`armata_rules.kernel.equipment.proofs` proves them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from armata_rules.kernel.equipment.counters import check_count
from armata_rules.kernel.equipment.tracks import clamp_step
from armata_rules.kernel.play.effects import IteOf, N, concrete_ite

__all__ = [
    "DIE_MAX",
    "DIE_MIN",
    "FACES",
    "DicePool",
    "Roll",
    "at_least",
    "at_most",
    "check_die",
    "modified",
    "modify_step",
    "refill_step",
    "take_step",
]

#: The lowest and the highest face of a die.
DIE_MIN: Final = 1
DIE_MAX: Final = 6
#: The outcomes of rolling one die, each as likely.
FACES: Final = tuple(range(DIE_MIN, DIE_MAX + 1))


def modify_step(value: N, modifier: N, lo: N, hi: N, ite: IteOf[N] = concrete_ite) -> N:
    """A die's ``value`` plus ``modifier``, kept on the faces ``lo..hi`` (for a die, 1..6)."""
    return clamp_step(value, modifier, lo, hi, ite)


def at_least(value: N, threshold: N) -> object:
    """Whether a die showing ``value`` meets ``threshold`` ("3 or more removes an agent")."""
    return value >= threshold


def at_most(value: N, threshold: N) -> object:
    """Whether a die showing ``value`` is at most ``threshold`` ("4 or less costs a blood")."""
    return value <= threshold


def take_step(pool: N, aside: N, count: N) -> tuple[N, N]:
    """``(pool, aside)`` after taking ``count`` dice (``0 <= count <= pool``) from the pool and setting them aside."""
    return pool - count, aside + count


def refill_step(pool: N, aside: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N]:
    """``(pool, aside)`` after the refill: if the pool is empty, every die set aside is rolled into a new pool;
    otherwise nothing changes."""
    empty = pool < 1
    return ite(empty, aside, pool), ite(empty, pool, aside)


def check_die(value: int, where: str = "a die") -> int:
    """``value``, or a ``ValueError`` naming ``where`` if it is no face of a die."""
    if isinstance(value, bool) or not isinstance(value, int) or not DIE_MIN <= value <= DIE_MAX:
        raise ValueError(f"{where}: die value {value!r} is outside {DIE_MIN}..{DIE_MAX}")
    return value


def modified(value: int, modifier: int) -> int:
    """A die's ``value`` plus ``modifier``, kept within 1..6 (:func:`modify_step`)."""
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        raise ValueError(f"a die modifier must be a whole number, got {modifier!r}")
    return modify_step(check_die(value, "a modified die"), modifier, DIE_MIN, DIE_MAX)


@dataclass(frozen=True, slots=True)
class DicePool:
    """The values of the dice in the pool, sorted, and how many dice are set ``aside``."""

    values: tuple[int, ...]
    aside: int = 0

    def __post_init__(self) -> None:
        for value in self.values:
            check_die(value, "the dice pool")
        if list(self.values) != sorted(self.values):
            raise ValueError(f"the dice pool's values must be sorted, got {list(self.values)}")
        check_count(self.aside, "the number of dice set aside")

    @classmethod
    def of(cls, values: Iterable[int], aside: int = 0) -> DicePool:
        """A pool of these values (any order) with ``aside`` dice set aside."""
        return cls(tuple(sorted(values)), aside)

    @property
    def size(self) -> int:
        """Dice in the pool."""
        return len(self.values)

    @property
    def dice(self) -> int:
        """Every die, in the pool or aside: what taking and refilling keep."""
        return len(self.values) + self.aside

    @property
    def empty(self) -> bool:
        """Whether the pool has no die left (then it is rolled anew, :meth:`refill`)."""
        return not self.values

    def choices(self, lowest_only: bool = False) -> tuple[int, ...]:
        """The distinct values a player may take, ascending: any, or with ``lowest_only`` just the lowest."""
        distinct = tuple(sorted(set(self.values)))
        return distinct[:1] if lowest_only else distinct

    def lowest(self, k: int) -> tuple[int, ...]:
        """The ``k`` lowest values in the pool, ascending."""
        if check_count(k, "the number of lowest dice") > len(self.values):
            raise ValueError(f"the {k} lowest dice were asked of a pool of {len(self.values)}")
        return self.values[:k]

    def take(self, value: int) -> DicePool:
        """The pool after taking one die showing ``value`` and setting it aside."""
        check_die(value, "a die taken from the pool")
        if value not in self.values:
            raise ValueError(f"no die in the pool {list(self.values)} shows {value}")
        at = self.values.index(value)
        _, aside = take_step(len(self.values), self.aside, 1)
        return DicePool(self.values[:at] + self.values[at + 1 :], aside)

    def take_lowest(self, k: int) -> tuple[DicePool, tuple[int, ...]]:
        """The pool after taking its ``k`` lowest dice, and their values."""
        taken = self.lowest(k)
        _, aside = take_step(len(self.values), self.aside, k)
        return DicePool(self.values[k:], aside), taken

    def take_all(self) -> tuple[DicePool, tuple[int, ...]]:
        """The pool after taking every die left (a shortfall: then all dice are rolled anew), and their values."""
        return self.take_lowest(len(self.values))

    def reroll(self) -> Roll:
        """The roll that makes the next pool: every die set aside, once the pool is empty."""
        if not self.empty:
            raise ValueError(f"the dice pool {list(self.values)} is not empty: it is rolled anew only when it is")
        return Roll(self.aside)

    def refill(self, rolled: Iterable[int]) -> DicePool:
        """The new pool once the dice set aside are rolled (:func:`refill_step`): ``rolled`` holds one value per die
        set aside."""
        values = tuple(sorted(check_die(value, "a rolled die") for value in rolled))
        if not self.empty:
            raise ValueError(f"the dice pool {list(self.values)} is not empty: it is rolled anew only when it is")
        pool, aside = refill_step(len(self.values), self.aside)
        if len(values) != pool:
            raise ValueError(f"{len(values)} values were rolled for the {self.aside} dice set aside")
        return DicePool(values, aside)


@dataclass(frozen=True, slots=True)
class Roll:
    """``count`` dice being rolled one at a time; ``faces`` holds the values rolled so far, sorted."""

    count: int
    faces: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        check_count(self.count, "the number of dice rolled")
        for value in self.faces:
            check_die(value, "a rolled die")
        if list(self.faces) != sorted(self.faces) or len(self.faces) > self.count:
            raise ValueError(f"a roll of {self.count} dice holds sorted values, one per die, got {list(self.faces)}")

    @property
    def left(self) -> int:
        """Dice still to roll."""
        return self.count - len(self.faces)

    @property
    def complete(self) -> bool:
        """Whether every die has been rolled."""
        return len(self.faces) == self.count

    def outcomes(self) -> tuple[int, ...]:
        """The outcomes of the next chance step, each as likely: the faces of one die."""
        if self.complete:
            raise ValueError(f"all {self.count} dice are rolled")
        return FACES

    def add(self, face: int) -> Roll:
        """The roll after the next die shows ``face``."""
        if self.complete:
            raise ValueError(f"all {self.count} dice are rolled: no die shows {face!r}")
        return Roll(self.count, tuple(sorted((*self.faces, check_die(face, "a rolled die")))))
