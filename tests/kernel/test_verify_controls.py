"""Negative controls on a running engine (:mod:`armata_rules.kernel.verify.controls`), on a capped counter of a game
of its own: the checked play notices the broken function and names it, a mark that is not in the first problem
counts as missed, and the real function is put back, also when the play raises; a dotted attribute breaks a class's
method."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from armata_rules.kernel.verify.controls import EngineControl, broken, run_engine_control


def add_capped(value: int, gained: int) -> int:
    """The engine's kernel: a counter that never passes 3."""
    return min(value + gained, 3)


class Counter:
    """A game's context, whose method the engine calls."""

    def cap(self) -> int:
        return 3


@dataclass
class Report:
    decisions: int = 0
    problems: list[str] = field(default_factory=list)


def checked_play(decisions: int, seed: int = 0, *, stop_at_first_problem: bool = False) -> Report:
    """Adds ``seed % 2 + 1`` per decision through the module's current functions, checking the cap each time."""
    module: Any = sys.modules[__name__]
    report, value = Report(), 0
    for _ in range(decisions):
        value = module.add_capped(value, seed % 2 + 1)
        report.decisions += 1
        if value > module.Counter().cap() or value > 3:
            report.problems.append(f"invariant counter-cap: {value} > 3")
            if stop_at_first_problem:
                break
    return report


def _uncapped(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda value, gained: value + gained


UNCAPPED = EngineControl("no-cap", "the counter passes its cap", __name__, "add_capped", _uncapped, "counter-cap")


def test_the_real_engine_reports_nothing() -> None:
    assert checked_play(50).problems == []


def test_a_broken_kernel_is_caught_and_named_then_put_back() -> None:
    real = add_capped
    caught, report = run_engine_control(UNCAPPED, checked_play, 50, mark=lambda i: f"invariant {i}:")
    assert caught
    assert report.problems == ["invariant counter-cap: 4 > 3"]
    assert report.decisions == 4
    assert sys.modules[__name__].add_capped is real


def test_a_first_problem_that_does_not_name_the_control_is_a_miss() -> None:
    wrong = EngineControl("no-cap", "the counter passes its cap", __name__, "add_capped", _uncapped, "altar-cap")
    caught, report = run_engine_control(wrong, checked_play, 50)
    assert not caught
    assert report.problems


def test_a_control_nobody_notices_is_a_miss() -> None:
    harmless = EngineControl("same", "the real kernel again", __name__, "add_capped", lambda real: real, "counter-cap")
    caught, report = run_engine_control(harmless, checked_play, 50)
    assert (caught, report.problems, report.decisions) == (False, [], 50)


def test_the_real_function_is_put_back_when_the_play_raises() -> None:
    def exploding(decisions: int, seed: int = 0, *, stop_at_first_problem: bool = False) -> Report:
        raise RuntimeError("the engine broke")

    real = add_capped
    with pytest.raises(RuntimeError, match="the engine broke"):
        run_engine_control(UNCAPPED, exploding, 10)
    assert sys.modules[__name__].add_capped is real


def test_a_dotted_attribute_breaks_a_method() -> None:
    control = EngineControl(
        "low-cap", "the context's cap is one lower", __name__, "Counter.cap", lambda real: lambda self: 2, "counter"
    )
    real = Counter.cap
    with broken(control):
        assert Counter().cap() == 2
        assert checked_play(10, seed=1, stop_at_first_problem=True).problems == ["invariant counter-cap: 3 > 3"]
    assert Counter.cap is real
    assert Counter().cap() == 3
