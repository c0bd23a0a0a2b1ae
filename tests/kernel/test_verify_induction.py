"""Proofs by induction over a symbolic model (:mod:`armata_rules.kernel.verify.induction`), on a counter of a game
of its own: proved with its real kernel, refuted (with a readable counterexample citing the rule) with a broken one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import z3

from armata_rules.kernel.equipment.tracks import clamp_step
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.verify.induction import Expr, Model, Transition, obligations

BOOK = RuleBook("counter_game")
SETUP = BOOK.rule("setup", "The counter starts at 0", ("counter.en:1",), "The counter starts at 0.")
ADD = BOOK.rule("add", "Add up to the cap", ("counter.en:2",), "A step adds one, never past the cap.")


@dataclass(frozen=True)
class Bounded:
    """0 <= counter <= cap."""

    id: str = "bounded"

    def symbolic(self, variables: Mapping[str, Expr], params: Any) -> Expr:
        return z3.And(variables["counter"] >= 0, variables["counter"] <= params)


def _model(step: Any, start: int = 0) -> Model:
    counter = {"counter": z3.Int("counter")}
    cap = z3.IntVal(3)
    add = Transition(
        "add one",
        "add",
        lambda v: z3.BoolVal(True),
        lambda v: {"counter": step(v["counter"], z3.IntVal(1), z3.IntVal(0), cap, z3.If)},
    )
    return Model("counter", counter, lambda v: v["counter"] == start, (add,))


def test_the_real_kernel_is_proved_initially_and_for_each_transition() -> None:
    found = list(obligations(_model(clamp_step), [Bounded()], 3, BOOK, "setup"))
    assert [(o.invariant, o.step, o.proved) for o in found] == [
        ("bounded", "initial", True),
        ("bounded", "add one", True),
    ]


def test_a_broken_kernel_gets_a_counterexample_naming_the_rule() -> None:
    def unclamped(value: Expr, delta: Expr, lo: Expr, hi: Expr, ite: Any) -> Expr:
        return value + delta

    step = [o for o in obligations(_model(unclamped), [Bounded()], 3, BOOK, "setup") if not o.proved]
    assert len(step) == 1 and step[0].step == "add one"
    cex = step[0].counterexample
    assert cex is not None and (cex.rule, cex.clauses) == ("add", ("counter.en:2",))
    assert cex.before == {"counter": "3"} and cex.after == {"counter": "4"}
    assert cex.describe() == "from {counter=3}, 'add one' (add: counter.en:2) gives {counter=4}"


def test_a_bad_start_cites_the_setup_rule_and_only_selects_one_invariant() -> None:
    bad = list(obligations(_model(clamp_step, start=9), [Bounded()], 3, BOOK, "setup", only="bounded"))
    initial = bad[0].counterexample
    assert initial is not None and (initial.transition, initial.rule) == ("initial state", "setup")
    assert initial.clauses == ("counter.en:1",)
    assert list(obligations(_model(clamp_step), [Bounded()], 3, BOOK, "setup", only="other")) == []
