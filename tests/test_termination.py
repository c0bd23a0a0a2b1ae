"""Every turn ends: the Z3 ranking functions, their negative controls, and the engine's real transitions checked
against the same variants on random play."""

from __future__ import annotations

import random

import pytest

from armata_rules.actions import GiveReward, PlayReward, PlayToken, Protect, RebelDraw, Step, UseAbility
from armata_rules.frames import MoveFrame
from armata_rules.verify.termination import (
    MOVE_CONTROLS,
    RESOURCE_CONTROLS,
    move_bound,
    move_variant,
    prove_move_variant,
    prove_resource_variant,
    prove_termination,
    resource_variant,
)
from tests.play import new_game, random_play

RESOURCE_ACTIONS = (UseAbility, GiveReward, RebelDraw, PlayReward, PlayToken, Protect)


def test_both_variants_are_proved_for_every_player_count() -> None:
    results = prove_termination()
    assert results and all(r.status == "proved" for r in results), [r for r in results if r.status != "proved"]
    assert {r.players for r in results if r.variant == "move"} == {2, 3, 4, 5}
    assert {r.variant for r in results} == {"move", "resources"}


def test_the_move_bound() -> None:
    assert move_bound(2, 5) == 11  # 5 counted steps, one jump over the other hero
    assert move_bound(5, 6) == 34


@pytest.mark.parametrize(("name", "what", "kernels"), MOVE_CONTROLS, ids=[c[0] for c in MOVE_CONTROLS])
def test_a_broken_movement_kernel_gets_a_counterexample(name: str, what: str, kernels: object) -> None:
    results = prove_move_variant(3, 5, kernels)  # type: ignore[arg-type]
    failing = [r for r in results if r.status == "counterexample"]
    assert failing, f"{name} ({what}) was not caught"
    assert failing[0].counterexample["variant before"] == failing[0].counterexample["variant after"]


@pytest.mark.parametrize(("name", "what", "steps"), RESOURCE_CONTROLS, ids=[c[0] for c in RESOURCE_CONTROLS])
def test_a_broken_resource_rule_gets_a_counterexample(name: str, what: str, steps: object) -> None:
    results = prove_resource_variant(steps)  # type: ignore[arg-type]
    assert any(r.status == "counterexample" for r in results), f"{name} ({what}) was not caught"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_engine_lowers_the_variants_on_random_play(players: int) -> None:
    """Conformance: each step the engine allows lowers the move variant (and stays within the proved bound), and
    each resource decision lowers the resource variant of the hero who makes it."""
    checked_steps = checked_resources = 0
    for seed in range(6):
        game = new_game(players, seed=seed)
        rng = random.Random(seed)
        steps_this_move = 0
        start_steps = 0
        for state, action in random_play(game, rng, rounds=6):
            after = game.apply(state, action)
            if isinstance(action, Step) and state.turn is not None:
                if steps_this_move == 0:
                    start_steps = state.turn.steps_left
                steps_this_move += 1
                assert move_variant(after) < move_variant(state), (action, state.turn, after.turn)
                assert move_variant(after) >= 0
                assert steps_this_move <= move_bound(players, start_steps)
                checked_steps += 1
            elif not (after.frames and isinstance(after.frames[-1], MoveFrame)):
                steps_this_move = 0
            same_turn = (
                state.turn is not None
                and after.turn is not None
                and after.turn.seat == state.turn.seat
                and after.round == state.round
            )
            if isinstance(action, RESOURCE_ACTIONS) and same_turn:
                seat = action.seat
                before_v = resource_variant(game.ctx, state, seat)
                after_v = resource_variant(game.ctx, after, seat)
                assert after_v < before_v, (action, before_v, after_v)
                checked_resources += 1
    assert checked_steps > 50
    assert checked_resources > 5
