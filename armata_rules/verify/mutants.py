"""Negative controls: deliberately broken rule definitions that the proofs must catch.

A proof suite that cannot fail proves nothing; each mutant breaks one kernel the way a buggy rule would, and
``armata-rules verify --self-test`` checks that the invariant it breaks gets a counterexample.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from armata_rules import effects
from armata_rules.effects import GainBlood, concrete_ite
from armata_rules.verify.models import Kernels

__all__ = ["MUTANTS", "Mutant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """A broken definition and the invariant that must catch it."""

    name: str
    description: str
    kernels: Kernels
    breaks: str


def _no_cap(effect: object, supply: Any, altar: Any, inferno: Any, ite: Any = concrete_ite) -> Any:
    if isinstance(effect, GainBlood):
        return effects.blood_step(GainBlood(10**6), supply, altar, inferno, ite)
    return effects.blood_step(effect, supply, altar, inferno, ite)  # type: ignore[arg-type]


def _from_nowhere(effect: object, supply: Any, altar: Any, inferno: Any, ite: Any = concrete_ite) -> Any:
    if isinstance(effect, GainBlood):
        return supply, ite(altar < effect.cap, altar + 1, altar), inferno
    return effects.blood_step(effect, supply, altar, inferno, ite)  # type: ignore[arg-type]


def _no_reset(points: Any, value: int, ite: Any = concrete_ite) -> Any:
    return points + value, points + value >= 3


def _never(inferno: Any, loss: int) -> Any:
    return inferno < 0


def _early(wounds: Any, existence: int) -> Any:
    return wounds >= existence + 1


BASE = Kernels()

MUTANTS: tuple[Mutant, ...] = (
    Mutant("no-altar-cap", "a blood point always goes to the altar", replace(BASE, blood_step=_no_cap), "altar-cap"),
    Mutant(
        "blood-from-nowhere",
        "a blood point reaches the altar without leaving the supply",
        replace(BASE, blood_step=_from_nowhere),
        "blood-conservation",
    ),
    Mutant(
        "no-wound-reset", "the third wound does not reset the hero", replace(BASE, wound_step=_no_reset), "wound-reset"
    ),
    Mutant(
        "no-victory-check",
        "a full inferno does not end the game",
        replace(BASE, strigoi_win=_never),
        "inferno-ends-the-game",
    ),
    Mutant(
        "late-defeat",
        "a Strigoi needs one wound more than its existence",
        replace(BASE, perishes=_early),
        "strigoi-defeat",
    ),
    Mutant("fight-token-twice", "a fight token is placed twice", replace(BASE, tokens_placed=2), "fight-tokens"),
    Mutant(
        "ladder-rebuilt", "destroying a ladder adds one", replace(BASE, ladders_destroyed=-1), "ladders-never-increase"
    ),
    Mutant(
        "supreme-early",
        "the Supreme rises at the first wound",
        replace(BASE, raise_supreme_on_wound=True),
        "one-supreme",
    ),
)
