"""Negative controls on a running engine: break a real function of a game in place, play checked games, and require
that the checks notice and name what was broken.

A proof's own controls break copies of the kernels inside the prover. These break what the engine itself calls, an
attribute of a module (dotted for a class's method: ``"WNContext.ops"``), replaced by one made from the real one. A
game's checked play (its soak, any callable shaped like :class:`CheckedPlay`) runs until its first problem, which must
contain the control's mark; the real function is put back whatever happens. A control that passes unnoticed means the
checks on real play do not cover what the proofs claim.

The checked play is passed in, never imported: a game's soak imports its invariants, so its verification package
importing the soak would close a circle.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

__all__ = ["CheckedPlay", "CheckedPlayReport", "EngineControl", "broken", "run_engine_control"]


class CheckedPlayReport(Protocol):
    """What a control reads of a checked run: how many decisions it played and the problems it saw, first first."""

    @property
    def decisions(self) -> int: ...
    @property
    def problems(self) -> Sequence[str]: ...


Report_co = TypeVar("Report_co", bound=CheckedPlayReport, covariant=True)


class CheckedPlay(Protocol[Report_co]):
    """Plays checked games for ``decisions`` decisions, or until the first problem."""

    def __call__(self, decisions: int, seed: int = 0, *, stop_at_first_problem: bool = False) -> Report_co: ...


@dataclass(frozen=True, slots=True)
class EngineControl:
    """``attribute`` (dotted) of ``module`` replaced by ``replacement(real)``, and ``caught_by``: what the checked
    play's first problem must name (an invariant's id, a property's words)."""

    name: str
    description: str
    module: str
    attribute: str
    replacement: Callable[[Any], Any]
    caught_by: str


@contextmanager
def broken(control: EngineControl) -> Iterator[None]:
    """The engine with ``control``'s attribute replaced, put back on exit whatever happens."""
    owner: Any = importlib.import_module(control.module)
    *path, name = control.attribute.split(".")
    for part in path:
        owner = getattr(owner, part)
    real = getattr(owner, name)
    setattr(owner, name, control.replacement(real))
    try:
        yield
    finally:
        setattr(owner, name, real)


def run_engine_control(
    control: EngineControl,
    play: CheckedPlay[Report_co],
    decisions: int,
    seed: int = 0,
    *,
    mark: Callable[[str], str] = lambda caught_by: caught_by,
) -> tuple[bool, Report_co]:
    """Checked play with ``control`` in place, stopped at its first problem: whether that problem contains
    ``mark(control.caught_by)`` (a game's problems may wrap the id, as ``invariant ID:``), and the report."""
    with broken(control):
        report = play(decisions, seed, stop_at_first_problem=True)
    first = report.problems[0] if report.problems else ""
    return mark(control.caught_by) in first, report
