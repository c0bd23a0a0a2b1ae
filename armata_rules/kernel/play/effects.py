"""The int-or-Z3 idiom of a game's kernels: arithmetic written once for two kinds of numbers.

A *kernel* is a small pure function of a game's arithmetic (a blood transfer, a clamped track step, a die's
threshold). The engine runs it on Python ints; the proofs run the very same function on Z3 integer terms, so what is
proved is what runs. Conditionals go through an ``ite`` parameter (if-then-else) that defaults to
:func:`concrete_ite`, Python's conditional; a proof passes ``z3.If`` instead (it already has the signature, so the
kernel needs no helper of its own), and likewise ``z3.And`` for :func:`concrete_and`.

Two ways to type a kernel:

- :class:`Num` with :data:`Ite`: the parameters are "an int or a Z3 term", operated on with ints only
  (``altar + 1``). Armata's kernels (:mod:`armata_rules.effects`) are written so.
- :class:`Arithmetic` with the type variable :data:`N` and :data:`IteOf`: the parameters are all of one kind, and
  the kernel may combine them (``source - moved``); the engine gets an ``int`` back, not a protocol. The equipment
  kernels (:mod:`armata_rules.kernel.equipment`) are written so. Such a kernel writes no int literal as a branch of
  ``ite`` (``ite(c, 0, x)`` would mix kinds): its bounds are parameters, and a zero is ``x - x``.

This module stays Python in the compiled build: its functions are called with Z3 terms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Protocol, TypeVar

__all__ = ["Arithmetic", "Ite", "IteOf", "N", "Num", "concrete_and", "concrete_ite", "tracing"]

T = TypeVar("T")


class Num(Protocol):
    """An ``int``, or a Z3 integer term."""

    def __add__(self, other: int, /) -> Num: ...
    def __sub__(self, other: int, /) -> Num: ...
    def __lt__(self, other: int, /) -> object: ...
    def __gt__(self, other: int, /) -> object: ...
    def __ge__(self, other: int, /) -> object: ...


#: ``ite(condition, then, otherwise)`` over :class:`Num`: :func:`concrete_ite` or ``z3.If``.
Ite = Callable[[object, Num, Num], Num]


#: The kind of number an :class:`Arithmetic` kernel runs on: ``int`` in the engine, a Z3 term in a proof.
N = TypeVar("N", bound="Arithmetic")


class Arithmetic(Protocol):
    """Numbers of one kind that add, subtract, negate and compare among themselves and with ints: ``int``, or a Z3
    integer term (typed ``Any``, as Z3 ships no types)."""

    def __add__(self: N, other: N | int, /) -> N: ...
    def __sub__(self: N, other: N | int, /) -> N: ...
    def __neg__(self: N, /) -> N: ...
    def __lt__(self: N, other: N | int, /) -> object: ...
    def __le__(self: N, other: N | int, /) -> object: ...
    def __gt__(self: N, other: N | int, /) -> object: ...
    def __ge__(self: N, other: N | int, /) -> object: ...


#: ``ite(condition, then, otherwise)`` over numbers of the kind ``N``: :func:`concrete_ite` or ``z3.If``.
IteOf = Callable[[object, N, N], N]


def concrete_ite(condition: object, then: T, otherwise: T) -> T:
    """``then if condition else otherwise``: the engine's ``ite``."""
    return then if condition else otherwise


def concrete_and(a: object, b: object) -> object:
    """``a and b`` as a truth value: the engine's conjunction of two conditions (a proof passes ``z3.And``)."""
    return bool(a) and bool(b)


@contextmanager
def tracing(module: ModuleType) -> Iterator[list[Any]]:
    """Collect, inside the block, every effect a game's executor runs: sets ``module.TRACE`` (a game's effects
    module, which its executor reads at each effect) to a new list, yields it, and sets ``None`` back.

    ``TRACE`` lives in each game's own module, not here: an assignment to a name a module re-exports would not reach
    the module that defines it (``KERNEL.md`` §6, the first trap), so the game's executor and this function must
    both name the game's module. ``AttributeError`` for a module without ``TRACE``.
    """
    if not hasattr(module, "TRACE"):
        raise AttributeError(f"{module.__name__} has no TRACE to collect effects in")
    trace: list[Any] = []
    setattr(module, "TRACE", trace)  # noqa: B010  # a module's attribute, named as games name it
    try:
        yield trace
    finally:
        setattr(module, "TRACE", None)  # noqa: B010
