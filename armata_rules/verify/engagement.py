"""One encounter and at most one Strigoi attack per turn, in that order (peg19.en:801), proved over the guard kernels
the rules ask, for each option of the ``strigoi_after_encounter`` reading.

Every rule that starts the turn's encounter (stopping on or leaping onto an encounter space, flipping or peeking at
the encounter) asks :func:`~armata_rules.effects.may_engage`; an attack from the fight phase asks
:func:`~armata_rules.effects.may_attack_strigoi`, which under the French and Spanish options (peg19.fr:1895,
peg19.es:2372) also lets one attack follow the encounter. The abstract state is the turn's ``engaged`` and
``encountered`` flags, the encounters and attacks started, and a ghost flag ``attack_first`` (an attack with no
encounter before it). Transitions: stop on an encounter space, flip or peek, attack, a Spanish Monk ending the
turn's fights (``monster_then_strigoi``, peg19.es:2369-2370), and a Stealth decline that undoes its peek (the monster
left face up was no encounter, interpretation ``stealth-decline-moves-on``). Z3 proves the invariant, initial and
inductive: at most one encounter and one attack; ``engaged`` exactly when one has started; no ``encountered`` after
an attack; no encounter after an attack that came first; and under ``one``, encounter and attack together at most
one. Counterattacks are answers to a Strigoi's attack, not the turn's fight, and are not transitions here. The
negative control is a guard that ignores the flags. The soak checks the same counts on real play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import z3

from armata_rules import effects
from armata_rules.variants import StrigoiAfterEncounter
from armata_rules.verify.termination import TerminationResult

__all__ = ["ENGAGEMENT_CONTROL", "prove_one_engagement"]

Expr = Any  # a Z3 expression; z3 ships no type information


def prove_one_engagement(
    may_engage: Callable[..., Expr] = effects.may_engage,
    may_attack: Callable[..., Expr] = effects.may_attack_strigoi,
) -> list[TerminationResult]:
    """The obligations for every option of ``strigoi_after_encounter``: the invariant holds at the start of a turn
    and after every transition."""
    results: list[TerminationResult] = []
    for option in StrigoiAfterEncounter:
        results.extend(_prove_option(option, may_engage, may_attack))
    return results


def _prove_option(
    option: StrigoiAfterEncounter, may_engage: Callable[..., Expr], may_attack: Callable[..., Expr]
) -> list[TerminationResult]:
    after = z3.BoolVal(option is not StrigoiAfterEncounter.ONE)
    monk_ends = option is StrigoiAfterEncounter.MONSTER_THEN_STRIGOI
    engaged, encountered, first = z3.Bools("engaged encountered attack_first")
    encounters, attacks = z3.Ints("encounters attacks")
    now = (engaged, encountered, encounters, attacks, first)

    def invariant(e: Expr, met: Expr, n: Expr, a: Expr, f: Expr) -> Expr:
        parts = [
            n >= 0,
            n <= 1,
            a >= 0,
            a <= 1,
            e == (n + a >= 1),
            z3.Implies(a == 1, z3.Not(met)),
            z3.Implies(f, z3.And(a == 1, n == 0)),
        ]
        if option is StrigoiAfterEncounter.ONE:
            parts.append(n + a <= 1)
        return z3.And(*parts)

    attack_guard = may_attack(engaged, encountered, after, z3.Not, z3.And, z3.Or)
    transitions: list[tuple[str, Expr, tuple[Expr, ...]]] = [
        (
            "stop on an encounter space",
            may_engage(engaged, z3.Not),
            (engaged, z3.BoolVal(True), encounters, attacks, first),
        ),
        (
            "flip or peek at the encounter",
            z3.And(encountered, may_engage(engaged, z3.Not)),
            (z3.BoolVal(True), encountered, encounters + 1, attacks, first),
        ),
        (
            "attack a Strigoi from the fight phase",
            attack_guard,
            (z3.BoolVal(True), z3.BoolVal(False), encounters, attacks + 1, z3.Or(first, encounters == 0)),
        ),
        (
            "decline a peeked monster (Stealth)",
            z3.And(engaged, encountered, attacks == 0),
            (z3.BoolVal(False), z3.BoolVal(False), encounters - 1, attacks, first),
        ),
    ]
    if monk_ends:
        transitions.append(
            (
                "a Monk ends the turn's fights",
                z3.And(engaged, encountered),
                (engaged, z3.BoolVal(False), encounters, attacks, first),
            )
        )
    family = f"engagement ({option.value})"
    start = time.perf_counter()
    solver = z3.Solver()
    solver.add(z3.Not(invariant(z3.BoolVal(False), z3.BoolVal(False), z3.IntVal(0), z3.IntVal(0), z3.BoolVal(False))))
    status = "counterexample" if solver.check() == z3.sat else "proved"
    results = [TerminationResult(family, "start of a turn", 0, status, time.perf_counter() - start, 1)]
    names = ("engaged", "encountered", "encounters", "attacks", "attack_first")
    for name, guard, after_step in transitions:
        start = time.perf_counter()
        solver = z3.Solver()
        solver.add(invariant(*now), guard, z3.Not(invariant(*after_step)))
        cex: dict[str, str] = {}
        if solver.check() == z3.sat:
            model = solver.model()
            cex = {
                label: str(model.eval(value, model_completion=True)) for label, value in zip(names, now, strict=True)
            }
        status = "counterexample" if cex else "proved"
        results.append(TerminationResult(family, name, 0, status, time.perf_counter() - start, 1, cex))
    return results


def _ignores_the_flags(engaged: Expr, negate: Callable[[Expr], Expr], *rest: Expr) -> Expr:
    return True


#: The negative control: guards that let a second encounter or attack start.
ENGAGEMENT_CONTROL = (
    "second-engagement",
    "the guards ignore the turn's engaged and encountered flags",
    _ignores_the_flags,
)
