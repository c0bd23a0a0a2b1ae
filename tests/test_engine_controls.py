"""Negative controls on the running engine: each real kernel or rule broken in place is caught by the checks on
real play, and the real one is put back."""

from __future__ import annotations

import pytest

from armata_rules import effects
from armata_rules.sim.soak import soak
from armata_rules.verify.engine_controls import (
    ENGINE_CONTROLS,
    broken,
    crowded_move,
    longest_move,
    run_engine_control,
    run_jump_control,
)
from armata_rules.verify.termination import move_bound


@pytest.mark.parametrize("control", [c for c in ENGINE_CONTROLS if c.name != "engine-free-jump"], ids=lambda c: c.name)
def test_a_broken_engine_function_is_caught_on_real_play(control: object) -> None:
    caught, account = run_engine_control(control, decisions=20_000, soak=soak)  # type: ignore[arg-type]
    assert caught, account


def test_the_free_jump_runs_past_the_proved_bound_and_the_real_guard_does_not() -> None:
    assert run_jump_control(broken_guard=True)[0]
    ok, account = run_jump_control(broken_guard=False)
    assert ok, account


def test_the_real_function_is_put_back() -> None:
    real = effects.may_step
    control = next(c for c in ENGINE_CONTROLS if c.name == "engine-free-jump")
    with pytest.raises(RuntimeError), broken(control):
        assert effects.may_step is not real
        raise RuntimeError("leave the block early")
    assert effects.may_step is real


def test_every_move_from_a_crowded_position_ends_within_the_bound() -> None:
    game, state = crowded_move()
    turn = state.turn
    assert turn is not None
    bound = move_bound(len(state.heroes), turn.steps_left)
    assert 0 < longest_move(game, state, bound + 1) <= bound
