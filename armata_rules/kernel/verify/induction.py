"""Proofs by induction over a game's symbolic models: each invariant holds in the initial states and is preserved by
every transition, checked with Z3, with a counterexample a person can read when it is not.

A game describes a small abstract state as a :class:`Model`: Z3 variables by name, a domain, an initial condition
and :class:`Transition` s, each named by the rule of the game's book that makes it and built from the game's own
int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`), so that what is proved is what the engine runs. An
invariant is anything with an ``id`` and a ``symbolic(variables, params)`` form (:class:`SymbolicInvariant`); a game
keeps its own invariant type with more (its concrete check over real states, its clauses).

:func:`obligations` proves one model's invariants for one setting of the parameters, one :class:`Obligation` per
invariant and step; a game's prover runs it over its presets and seat counts. Assumed before each transition: the
domain, every invariant of the model, and the transition's guard.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import z3

from armata_rules.kernel.play.registry import RuleBook

__all__ = ["Counterexample", "Expr", "Model", "Obligation", "SymbolicInvariant", "Transition", "obligations"]

#: A Z3 expression (z3 ships no type information).
Expr = Any


@dataclass(frozen=True, slots=True)
class Transition:
    """A rule's change of the abstract state: ``step`` maps the pre-state to the post-state under ``guard``."""

    name: str
    rule: str
    guard: Callable[[Mapping[str, Expr]], Expr]
    step: Callable[[Mapping[str, Expr]], dict[str, Expr]]


@dataclass(frozen=True)
class Model:
    """An abstract state (Z3 variables by name), its initial condition and its transitions."""

    name: str
    variables: Mapping[str, Expr]
    init: Callable[[Mapping[str, Expr]], Expr]
    transitions: tuple[Transition, ...]
    domain: Callable[[Mapping[str, Expr]], Expr] = field(default=lambda v: z3.BoolVal(True))


class SymbolicInvariant(Protocol):
    """What the prover reads of an invariant: its id and its form over a model's variables."""

    @property
    def id(self) -> str:
        """The invariant's id."""

    def symbolic(self, variables: Mapping[str, Expr], params: Any, /) -> Expr:
        """The invariant over ``variables`` with the parameters ``params``."""


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A state satisfying every invariant of the model in which ``transition`` breaks ``invariant``."""

    before: dict[str, str]
    after: dict[str, str]
    transition: str
    rule: str
    clauses: tuple[str, ...]

    def describe(self) -> str:
        """A readable account."""
        pre = ", ".join(f"{k}={v}" for k, v in sorted(self.before.items()))
        post = ", ".join(f"{k}={v}" for k, v in sorted(self.after.items()))
        return f"from {{{pre}}}, '{self.transition}' ({self.rule}: {', '.join(self.clauses)}) gives {{{post}}}"


@dataclass(frozen=True, slots=True)
class Obligation:
    """One proof obligation of one setting: an invariant and a step (``initial``, or a transition's name), proved
    or refuted by ``counterexample``, and how long Z3 took."""

    invariant: str
    model: str
    step: str
    seconds: float
    counterexample: Counterexample | None = None

    @property
    def proved(self) -> bool:
        """Whether the obligation holds."""
        return self.counterexample is None


def _value(model: z3.ModelRef, expr: Expr) -> str:
    return str(model.eval(expr, model_completion=True))


def _refute(hypothesis: Expr, goal: Expr) -> z3.ModelRef | None:
    """A model of ``hypothesis`` in which ``goal`` is false, or ``None`` when the hypothesis implies the goal."""
    solver = z3.Solver()
    solver.add(hypothesis, z3.Not(goal))
    return solver.model() if solver.check() == z3.sat else None


def obligations(
    model: Model,
    invariants: Iterable[SymbolicInvariant],
    params: Any,
    rules: RuleBook,
    setup_rule: str,
    only: str | None = None,
) -> Iterator[Obligation]:
    """The obligations of ``invariants`` on ``model`` with ``params``, proved one by one as they are asked for: for
    each invariant, the initial states (a counterexample cites ``setup_rule`` of the game's ``rules``), then each
    transition (citing the transition's rule). With ``only``, just that invariant's (every invariant is still assumed
    before a transition: the same obligations)."""
    kept = list(invariants)
    variables = model.variables
    all_hold = z3.And(*(inv.symbolic(variables, params) for inv in kept))
    setup = rules.rules.get(setup_rule)
    for inv in kept:
        if only is not None and inv.id != only:
            continue
        start = time.perf_counter()
        found = _refute(z3.And(model.domain(variables), model.init(variables)), inv.symbolic(variables, params))
        cex = None
        if found is not None:
            before = {k: _value(found, e) for k, e in variables.items()}
            cex = Counterexample(before, {}, "initial state", setup_rule, setup.clauses if setup else ())
        yield Obligation(inv.id, model.name, "initial", time.perf_counter() - start, cex)
        for transition in model.transitions:
            start = time.perf_counter()
            post = transition.step(variables)
            after = {k: post.get(k, e) for k, e in variables.items()}
            hypothesis = z3.And(model.domain(variables), all_hold, transition.guard(variables))
            found = _refute(hypothesis, inv.symbolic(after, params))
            cex = None
            if found is not None:
                rule = rules.rules.get(transition.rule)
                cex = Counterexample(
                    {k: _value(found, e) for k, e in variables.items()},
                    {k: _value(found, e) for k, e in after.items()},
                    transition.name,
                    transition.rule,
                    rule.clauses if rule else (),
                )
            yield Obligation(inv.id, model.name, transition.name, time.perf_counter() - start, cex)
