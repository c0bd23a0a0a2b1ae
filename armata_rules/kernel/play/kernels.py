"""The effect kernels' answers on concrete values, each asked once per kernel and arguments.

A game's kernels (Armata's ``may_step``, ``steps_after``, ``strigoi_win`` ...) are pure functions, which the Z3
proofs also run on symbolic values, so they stay interpreted. The engine asks them on small integers and booleans at
every step of every move, and interpreted each question was one to four Python calls (the kernel, its ``ite``, a
``cast``): a measurable part of a decision for a handful of distinct answers.

:func:`answer` keeps the answers by kernel object and arguments. The caller still looks the kernel up where it did
(a module attribute of the game), so a kernel substituted on purpose (an engine control) is a different object and
is asked anew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

__all__ = ["answer", "answer2"]

_ANSWERS: Final[dict[tuple[object, ...], object]] = {}
#: The answers kept at most (the table is emptied when full; the engine's own kernels need a few dozen).
_ANSWERS_MAX: Final = 10_000
_MISSING: Final = object()


def answer(kernel: Callable[[Any], object], a: int | bool, /) -> object:
    """``kernel(a)``, asked once per kernel object and argument."""
    key = (kernel, a)
    found = _ANSWERS.get(key, _MISSING)
    if found is _MISSING:
        found = _keep(key, kernel(a))
    return found


def answer2(kernel: Callable[[Any, Any], object], a: int | bool, b: int | bool, /) -> object:
    """``kernel(a, b)``, asked once per kernel object and arguments. Every argument position of a kernel takes one
    type only (an ``int`` count or a ``bool`` condition), so ``True`` and ``1`` never meet in one position, where
    they would share a key. (One function per arity: compiled, a key built from ``*args`` cost more than the
    kernel call it saves.)"""
    key = (kernel, a, b)
    found = _ANSWERS.get(key, _MISSING)
    if found is _MISSING:
        found = _keep(key, kernel(a, b))
    return found


def _keep(key: tuple[object, ...], found: object) -> object:
    if len(_ANSWERS) >= _ANSWERS_MAX:
        _ANSWERS.clear()
    _ANSWERS[key] = found
    return found
