"""One encounter or Strigoi fight per turn (peg19.en:801), proved over the guard kernel the rules ask.

Every rule that starts the turn's one encounter or fight asks :func:`~armata_rules.effects.may_engage` (flipping
or peeking at an encounter, an attack from the fight phase, stopping on or leaping onto an encounter space). The
abstract state is the turn's ``engaged`` flag and the number of engagements started; a Stealth decline undoes a
peek (the monster left face up was no encounter, interpretation ``stealth-decline-moves-on``). Z3 proves the
invariant ``engagements == (1 if engaged else 0)``, hence at most one, initial and inductive over every
transition. Counterattacks are answers to a Strigoi's attack, not the turn's fight, and are not transitions here.
This is the ``one`` option of the ``strigoi_after_encounter`` reading; the French and Spanish options let one attack
on a Strigoi follow the encounter (``rules.fights``), which the soak counts apart from the encounter.
The negative control is a guard that ignores the flag. The soak checks the same count on real play.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import z3

from armata_rules import effects
from armata_rules.verify.termination import TerminationResult

__all__ = ["ENGAGEMENT_CONTROL", "prove_one_engagement"]

Expr = Any  # a Z3 expression; z3 ships no type information


def prove_one_engagement(may_engage: Callable[..., Expr] = effects.may_engage) -> list[TerminationResult]:
    """The obligations: the invariant holds at the start of a turn and after every transition, and implies at most
    one engagement."""
    engaged = z3.Bool("engaged")
    count = z3.Int("engagements")

    def invariant(e: Expr, n: Expr) -> Expr:
        return n == z3.If(e, 1, 0)

    transitions: list[tuple[str, Expr, Expr, Expr]] = [
        ("flip or peek at an encounter", may_engage(engaged, z3.Not), z3.BoolVal(True), count + 1),
        ("attack a Strigoi from the fight phase", may_engage(engaged, z3.Not), z3.BoolVal(True), count + 1),
        ("decline a peeked monster (Stealth)", engaged, z3.BoolVal(False), count - 1),
    ]
    results = []
    start = time.perf_counter()
    solver = z3.Solver()
    solver.add(z3.Not(invariant(z3.BoolVal(False), z3.IntVal(0))))
    status = "counterexample" if solver.check() == z3.sat else "proved"
    results.append(TerminationResult("engagement", "start of a turn", 0, status, time.perf_counter() - start, 1))
    for name, guard, engaged_after, count_after in transitions:
        start = time.perf_counter()
        solver = z3.Solver()
        holds = z3.And(invariant(engaged_after, count_after), count_after <= 1)
        solver.add(invariant(engaged, count), guard, z3.Not(holds))
        cex: dict[str, str] = {}
        if solver.check() == z3.sat:
            m = solver.model()
            cex = {"engaged": str(m.eval(engaged, model_completion=True)), "engagements": str(m.eval(count))}
        status = "counterexample" if cex else "proved"
        results.append(TerminationResult("engagement", name, 0, status, time.perf_counter() - start, 1, cex))
    return results


#: The negative control: a guard that lets a second encounter or fight start.
ENGAGEMENT_CONTROL = ("second-engagement", "the guard ignores the turn's engaged flag", lambda engaged, negate: True)
