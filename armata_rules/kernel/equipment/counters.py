"""Counted pools with per-owner caps, and action-point budgets.

A game's counted resources (blood tokens in a supply and on each player's card, say) are :class:`Pools`: a count
per named pool, some pools capped (a card holds at most 4). A :class:`Transfer` moves up to a number of units from
one pool to another, as many as the source holds and the target's cap leaves room for; the sum of all pools never
changes. A :class:`Budget` is a turn's action points: spent only when enough are left, never below zero.

The arithmetic is in two int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`), :func:`transfer_step` and
:func:`spend_step`; the classes run them, and :mod:`armata_rules.kernel.equipment.proofs` proves them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from armata_rules.kernel.play.effects import IteOf, N, concrete_ite

__all__ = ["Budget", "Pools", "Transfer", "check_count", "spend_step", "transfer_step"]


def transfer_step(source: N, target: N, amount: N, cap: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N, N]:
    """``(source, target, moved)`` after moving up to ``amount`` units from ``source`` to a ``target`` that holds at
    most ``cap``: as many as asked, the source holds and the cap leaves room for.

    For counts ``source >= 0``, ``0 <= target <= cap`` and ``amount >= 0`` (what :class:`Pools` keeps), the sum is
    unchanged, nothing goes below zero or over the cap, and ``0 <= moved <= amount``.
    """
    room = cap - target
    moved = ite(amount < source, amount, source)
    moved = ite(room < moved, room, moved)
    return source - moved, target + moved, moved


def spend_step(budget: N, cost: N, ite: IteOf[N] = concrete_ite) -> tuple[N, object]:
    """``(budget, spent)`` after spending ``cost`` points if ``budget`` holds that many; otherwise nothing is spent.
    For ``budget >= 0`` and ``cost >= 0`` the budget stays ``>= 0``."""
    spent = budget >= cost
    return ite(spent, budget - cost, budget), spent


def check_count(value: int, what: str) -> int:
    """``value``, or a ``ValueError`` naming ``what`` if it is no whole number >= 0 (a count of units, dice or
    tokens)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number >= 0, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Transfer:
    """Move up to ``amount`` units from pool ``source`` to pool ``target``."""

    source: str
    target: str
    amount: int

    def __post_init__(self) -> None:
        check_count(self.amount, f"the amount moved from {self.source!r} to {self.target!r}")
        if self.source == self.target:
            raise ValueError(f"a transfer needs two pools, got {self.source!r} twice")


@dataclass(frozen=True, slots=True)
class Pools:
    """A count per named pool, in name order, and the caps of the capped pools (in name order too)."""

    counts: tuple[tuple[str, int], ...]
    caps: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        names = [name for name, _ in self.counts]
        if names != sorted(set(names)):
            raise ValueError(f"pool names must be distinct and sorted, got {names}")
        capped = [name for name, _ in self.caps]
        if capped != sorted(set(capped)):
            raise ValueError(f"capped pool names must be distinct and sorted, got {capped}")
        held = dict(self.counts)
        for name, count in self.counts:
            check_count(count, f"pool {name!r}")
        for name, cap in self.caps:
            if name not in held:
                raise ValueError(f"a cap is set for pool {name!r}, which does not exist")
            check_count(cap, f"the cap of pool {name!r}")
            if held[name] > cap:
                raise ValueError(f"pool {name!r} holds {held[name]}, over its cap of {cap}")

    @classmethod
    def of(cls, counts: Mapping[str, int], caps: Mapping[str, int] | None = None) -> Pools:
        """Pools with these ``counts`` and ``caps`` (any order)."""
        return cls(tuple(sorted(counts.items())), tuple(sorted((caps or {}).items())))

    @property
    def names(self) -> tuple[str, ...]:
        """The pools, in name order."""
        return tuple(name for name, _ in self.counts)

    @property
    def total(self) -> int:
        """Units in all pools together: what transfers conserve."""
        return sum(count for _, count in self.counts)

    def count(self, name: str) -> int:
        """Units in pool ``name``."""
        for pool, count in self.counts:
            if pool == name:
                return count
        raise ValueError(f"no pool is called {name!r} (pools: {', '.join(self.names)})")

    def cap(self, name: str) -> int | None:
        """The most pool ``name`` may hold, or ``None`` if it has no cap."""
        self.count(name)
        return dict(self.caps).get(name)

    def room(self, name: str) -> int | None:
        """How many more units pool ``name`` may take, or ``None`` if it has no cap."""
        cap = self.cap(name)
        return None if cap is None else cap - self.count(name)

    def with_count(self, name: str, count: int) -> Pools:
        """These pools with pool ``name`` set to ``count`` (a game's setup, or a rule that replaces a count)."""
        self.count(name)
        return Pools(tuple((pool, count if pool == name else held) for pool, held in self.counts), self.caps)

    def with_cap(self, name: str, cap: int | None) -> Pools:
        """These pools with pool ``name`` capped at ``cap`` (``None``: uncapped); it must hold no more than that."""
        self.count(name)
        caps = {pool: value for pool, value in self.caps if pool != name}
        if cap is not None:
            caps[name] = cap
        return Pools(self.counts, tuple(sorted(caps.items())))

    def transfer(self, source: str, target: str, amount: int) -> tuple[Pools, int]:
        """The pools after moving up to ``amount`` units from ``source`` to ``target``, and how many moved
        (:func:`transfer_step`)."""
        return self.apply(Transfer(source, target, amount))

    def apply(self, transfer: Transfer) -> tuple[Pools, int]:
        """The pools after ``transfer``, and how many units moved (:func:`transfer_step`)."""
        held, there = self.count(transfer.source), self.count(transfer.target)
        cap = self.cap(transfer.target)
        limit = there + transfer.amount if cap is None else cap  # an uncapped pool takes all it is given
        left, arrived, moved = transfer_step(held, there, transfer.amount, limit)
        after = {transfer.source: left, transfer.target: arrived}
        return Pools(tuple((name, after.get(name, count)) for name, count in self.counts), self.caps), moved


@dataclass(frozen=True, slots=True)
class Budget:
    """Action points ``left`` for a turn."""

    left: int

    def __post_init__(self) -> None:
        check_count(self.left, "an action-point budget")

    def can_spend(self, cost: int) -> bool:
        """Whether ``cost`` points are left (:func:`spend_step`)."""
        return bool(spend_step(self.left, check_count(cost, "an action's cost"))[1])

    def spend(self, cost: int) -> Budget:
        """The budget after spending ``cost`` points; a ``ValueError`` if fewer are left (a rule's guard must have
        ruled that out)."""
        left, spent = spend_step(self.left, check_count(cost, "an action's cost"))
        if not spent:
            raise ValueError(f"an action costing {cost} points cannot be paid from a budget of {self.left}")
        return Budget(left)

    def exhaust(self) -> Budget:
        """No points left (an exhausted player loses the rest of the turn)."""
        return Budget(0)
