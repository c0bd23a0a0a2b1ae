"""Negative controls: deliberately broken kernels that the proofs must refute, and the same kernels broken in the
running engine, which the soak must catch.

A proof that cannot fail proves nothing. Each :class:`Mutant` breaks one kernel of a model the way a buggy rule would
(a veil not clamped at 6, veil penalties per agent while the reading is per placement, a 4 that does not bleed, a
relic limit one too high, a Dark ability's effect run before its cost is checked, blood gained past the maximum or
paid past what a vampire holds, excess blood kept, victims past the track's top, a die modified off its faces, a 2
that removes an agent, a tie that fires a day effect, a seal without its victims, a ritual with seals unplaced), and
the invariant it breaks must get a counterexample. Each :class:`EngineControl` breaks the same thing in the engine
itself, attribute by attribute (a function of :mod:`armata_rules.wladcy_nocy.effects`, a method of the context), for
the length of a soak (:func:`broken`), and the soak's first problem must name that invariant; then the real attribute
is put back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from armata_rules.kernel.play.effects import concrete_and, concrete_ite
from armata_rules.kernel.verify.controls import EngineControl, broken
from armata_rules.kernel.verify.controls import run_engine_control as kernel_run
from armata_rules.wladcy_nocy import effects
from armata_rules.wladcy_nocy.verify.invariants import is_cost
from armata_rules.wladcy_nocy.verify.models import Kernels
from armata_rules.wladcy_nocy.verify.soak import SoakReport, soak

__all__ = ["ENGINE_CONTROLS", "MUTANTS", "EngineControl", "Mutant", "broken", "run_engine_control"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """A broken kernel and the invariant that must catch it."""

    name: str
    description: str
    kernels: Kernels
    breaks: str


def veil_unclamped(veil: Any, delta: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.veil_step`: held at 0 but not at 6."""
    zero = veil - veil
    moved = veil + delta
    return ite(moved < zero, zero, moved)


def penalty_per_agent(real: Callable[..., Any]) -> Callable[..., Any]:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.placement_penalty` (``real``): one veil per agent whatever the
    reading."""

    def penalty(landed: Any, near: object, per_agent: object, ite: Any = concrete_ite) -> Any:
        return real(landed, near, True, ite)

    return penalty


def four_does_not_bleed(value: Any) -> object:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.die_bleeds`: only 1 to 3 cost blood."""
    return value <= 3


def relic_cap_plus_one(real: Callable[..., Any]) -> Callable[..., Any]:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.relic_cap` (``real``): one relic more than the text
    allows."""

    def cap(victims: Any, ite: Any = concrete_ite) -> Any:
        return real(victims, ite) + 1

    return cap


def gain_uncapped(supply: Any, blood: Any, amount: Any, cap: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.blood_gain`: the whole amount moves, past the maximum and out
    of a supply that may not hold it."""
    return supply - amount, blood + amount, amount


def payment_overdraws(blood: Any, owed: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.blood_payment`: the fighter pays all it owes, whatever it
    holds, and leaves nothing for the others in its district (wn.pl:483)."""
    return blood - owed, owed - owed


def shed_keeps(blood: Any, cap: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.blood_shed`: blood above a fallen maximum stays."""
    return blood, blood - blood


def victims_uncapped(victims: Any, gained: Any, cap: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.victims_step`: victims climb past the track's top."""
    return victims + gained


def die_unclamped(value: Any, modifier: Any, ite: Any = concrete_ite) -> Any:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.die_value`: a modifier takes a die off its faces
    (wn.pl:610-612)."""
    return value + modifier


def removes_from_two(value: Any) -> object:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.die_removes`: a 2 removes an agent too."""
    return value >= 2


def tie_fires(
    minions: Any,
    agents: Any,
    sealed: object,
    either_side: object,
    either: Callable[[object, object], object] = effects.concrete_or,
    both: Callable[[object, object], object] = concrete_and,
) -> object:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.day_effect_fires`: a tie of minions and agents fires the
    minions' side (wn.pl:590-592 fire nothing on a tie)."""
    return either(sealed, minions >= agents)


def seal_without_victims(real: Callable[..., Any]) -> Callable[..., Any]:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.seal_allowed` (``real``): any number of victims will do."""

    def allowed(victims: Any, level: Any, *rest: Any) -> Any:
        return real(level, level, *rest)

    return allowed


def ritual_with_seals_left(real: Callable[..., Any]) -> Callable[..., Any]:
    """Broken :func:`~armata_rules.wladcy_nocy.effects.ritual_allowed` (``real``): the ritual may begin with seals
    still unplaced."""

    def allowed(victims: Any, level: Any, seals_left: Any, *rest: Any) -> Any:
        return real(victims, level, seals_left - seals_left, *rest)

    return allowed


BASE: Final = Kernels()

#: The negative controls of the proofs.
MUTANTS: Final[tuple[Mutant, ...]] = (
    Mutant("veil-unclamped", "the veil is not held at 6", replace(BASE, veil_step=veil_unclamped), "veil-range"),
    Mutant(
        "penalty-per-agent",
        "an event's placement costs one veil per agent under per_placement",
        replace(BASE, placement_penalty=penalty_per_agent(effects.placement_penalty)),
        "veil-penalty-count",
    ),
    Mutant(
        "four-does-not-bleed",
        "a die showing 4 costs no blood",
        replace(BASE, die_bleeds=four_does_not_bleed),
        "die-outcome",
    ),
    Mutant(
        "relic-cap-off-by-one",
        "a vampire may hold one relic more than its victims allow",
        replace(BASE, relic_cap=relic_cap_plus_one(effects.relic_cap)),
        "relic-cap",
    ),
    Mutant(
        "dark-effect-first",
        "a Dark ability's effect runs before its cost is checked",
        replace(BASE, dark_cost_first=False),
        "dark-cost-first",
    ),
    Mutant(
        "gain-uncapped",
        "blood is gained past the maximum, out of a supply that may not hold it",
        replace(BASE, blood_gain=gain_uncapped),
        "blood-conservation",
    ),
    Mutant(
        "payment-overdraws",
        "a fighter pays all the blood its dice cost, whatever it holds",
        replace(BASE, blood_payment=payment_overdraws),
        "overflow-conservation",
    ),
    Mutant(
        "excess-blood-kept",
        "blood above a fallen maximum is not returned",
        replace(BASE, blood_shed=shed_keeps),
        "blood-bounds",
    ),
    Mutant(
        "victims-uncapped",
        "victims climb past the top of the track",
        replace(BASE, victims_step=victims_uncapped),
        "victims-monotone",
    ),
    Mutant(
        "die-off-its-faces",
        "a modifier takes a die below 1 or above 6",
        replace(BASE, die_value=die_unclamped),
        "dice-pool",
    ),
    Mutant(
        "two-removes",
        "a die showing 2 removes an agent",
        replace(BASE, die_removes=removes_from_two),
        "die-outcome",
    ),
    Mutant(
        "tie-fires",
        "a tie of minions and agents fires a district's day effect",
        replace(BASE, day_effect_fires=tie_fires),
        "day-effect-predicate",
    ),
    Mutant(
        "seal-without-victims",
        "a vampire seals its district before its victims unlock it",
        replace(BASE, seal_allowed=seal_without_victims(effects.seal_allowed)),
        "seal-rules",
    ),
    Mutant(
        "ritual-seals-left",
        "the ritual begins with seals still unplaced",
        replace(BASE, ritual_allowed=ritual_with_seals_left(effects.ritual_allowed)),
        "ritual-win",
    ),
)


# ------------------------------------------------------------------------------------------------ the engine
def _effect_first(real: Callable[..., Any]) -> Callable[..., Any]:
    """``WNContext.ops`` with a Dark ability's cost ops moved after its effect."""

    def ops(self: Any, source: str) -> Any:
        found = real(self, source)
        if not source.startswith("dark:"):
            return found
        return tuple(op for op in found if not is_cost(op)) + tuple(op for op in found if is_cost(op))

    return ops


#: The negative controls of the running engine.
ENGINE_CONTROLS: Final[tuple[EngineControl, ...]] = (
    EngineControl(
        "engine-veil-unclamped",
        "effects.veil_step does not hold the veil at 6",
        "armata_rules.wladcy_nocy.effects",
        "veil_step",
        lambda real: veil_unclamped,
        "veil-range",
    ),
    EngineControl(
        "engine-penalty-per-agent",
        "effects.placement_penalty charges one veil per agent under per_placement",
        "armata_rules.wladcy_nocy.effects",
        "placement_penalty",
        penalty_per_agent,
        "veil-penalty-count",
    ),
    EngineControl(
        "engine-four-does-not-bleed",
        "effects.die_bleeds lets a 4 cost no blood",
        "armata_rules.wladcy_nocy.effects",
        "die_bleeds",
        lambda real: four_does_not_bleed,
        "die-outcome",
    ),
    EngineControl(
        "engine-relic-cap-off-by-one",
        "effects.relic_cap allows one relic more",
        "armata_rules.wladcy_nocy.effects",
        "relic_cap",
        relic_cap_plus_one,
        "relic-cap",
    ),
    EngineControl(
        "engine-dark-effect-first",
        "the interpreter runs a Dark ability's effect before its cost (WNContext.ops reordered)",
        "armata_rules.wladcy_nocy.context",
        "WNContext.ops",
        _effect_first,
        "dark-cost-first",
    ),
)


def run_engine_control(control: EngineControl, decisions: int = 20_000, seed: int = 0) -> tuple[bool, SoakReport]:
    """A soak with ``control`` in place, stopped at its first problem: whether that problem names the invariant the
    control breaks, and the report."""
    return kernel_run(control, soak, decisions, seed, mark=lambda invariant: f"invariant {invariant}:")
