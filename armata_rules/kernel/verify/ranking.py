"""Ranking functions checked by Z3, for any game's termination proofs.

A *variant* is a tuple of integer terms ordered lexicographically, the first component most significant. If every
transition a game allows lowers it and leaves every component non-negative, no sequence of those transitions is
infinite: the tuples of naturals are well-founded. A game builds the variant before and after each transition from
its own int-or-Z3 kernels (so that what is proved is what the engine runs); :func:`find_rise` states the obligation
and returns a model in which the variant does not fall, or ``None`` when it always falls, and :func:`read` turns that
model into the values a person reads in a counterexample.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import z3

__all__ = ["Expr", "find_rise", "lex_less", "read", "values"]

#: A Z3 expression (z3 ships no type information).
Expr = Any


def lex_less(after: Sequence[Expr], before: Sequence[Expr]) -> Expr:
    """``after`` < ``before`` lexicographically, the first component most significant (tuples of one length)."""
    if len(after) != len(before) or not before:
        raise ValueError(f"lex_less: variants of lengths {len(after)} and {len(before)}; both must be equal and >0")
    less = after[-1] < before[-1]
    for i in range(len(before) - 2, -1, -1):
        less = z3.Or(after[i] < before[i], z3.And(after[i] == before[i], less))
    return less


def find_rise(
    hypotheses: Sequence[Expr], before: Sequence[Expr], after: Sequence[Expr], *, also: Sequence[Expr] = ()
) -> z3.ModelRef | None:
    """A model of ``hypotheses`` (the domain, the transition's guard, ...) in which the variant does not fall from
    ``before`` to ``after`` or a component of ``after`` is negative, or one of ``also`` (further facts the transition
    must keep, such as a counter staying non-negative) fails; ``None`` when none exists: the obligation holds."""
    solver = z3.Solver()
    solver.add(*hypotheses)
    solver.add(z3.Not(z3.And(lex_less(after, before), *(value >= 0 for value in after), *also)))
    return solver.model() if solver.check() == z3.sat else None


def read(model: z3.ModelRef, terms: Mapping[str, Expr]) -> dict[str, str]:
    """``{name: value}`` of ``terms`` in ``model`` (a variable the model leaves free reads as its default)."""
    return {name: str(model.eval(term, model_completion=True)) for name, term in terms.items()}


def values(model: z3.ModelRef, terms: Sequence[Expr]) -> str:
    """The values of ``terms`` in ``model`` as a tuple's text, e.g. ``('3', '0')`` (a variant after a step)."""
    return str(tuple(str(model.eval(term, model_completion=True)) for term in terms))
