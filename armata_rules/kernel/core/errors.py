"""The engine's own errors, below every other module so that a game's effects, rules and engine can all raise them.

:class:`EngineInvariantError` is for states the rules never produce: a bug in the engine, never a player's mistake.
Reachable states get rules (and a refused action the game's own error, Armata's ``RuleViolation``); these checks
replace ``assert`` statements, which ``python -O`` would drop and which say nothing typed to a caller.
"""

from __future__ import annotations

from typing import TypeVar

from mypy_extensions import mypyc_attr

__all__ = ["EngineInvariantError", "expect", "present", "require"]

T = TypeVar("T")


@mypyc_attr(native_class=False)  # compiled, a native class cannot derive from a builtin exception
class EngineInvariantError(RuntimeError):
    """The engine met a state its own rules never produce: a bug in the engine, never a player's mistake.

    Raised only where a guard or an earlier rule already rules the case out (each call site says why); a state a
    player or the rules can reach gets a rule instead.
    """


def expect(value: object, kind: type[T], where: str) -> T:
    """``value`` as a ``kind``, or :class:`EngineInvariantError` naming ``where`` (a guard let something else by)."""
    if not isinstance(value, kind):
        raise EngineInvariantError(f"{where}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def present(value: T | None, where: str) -> T:
    """``value`` if it is not ``None``, or :class:`EngineInvariantError` naming ``where``."""
    if value is None:
        raise EngineInvariantError(f"{where}: missing")
    return value


def require(condition: bool, what: str) -> None:
    """:class:`EngineInvariantError` saying ``what`` unless ``condition`` holds (an effect's precondition, which the
    rule that issues the effect has checked)."""
    if not condition:
        raise EngineInvariantError(what)
