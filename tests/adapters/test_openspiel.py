"""The OpenSpiel game passes OpenSpiel's random simulation test and keeps the game's promises."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from armata_rules.adapters import openspiel_game  # noqa: E402
from armata_rules.adapters.openspiel_mcts import play  # noqa: E402
from armata_rules.frames import DecisionKind  # noqa: E402


@pytest.fixture(scope="module")
def game() -> object:
    return pyspiel.load_game("python_armata_strigoi", {"players": 2})


def test_the_game_type_declares_what_the_game_is(game: object) -> None:
    kind = game.get_type()  # type: ignore[attr-defined]
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert game.num_players() == 2  # type: ignore[attr-defined]
    assert game.num_distinct_actions() == openspiel_game._setup(2, "peg19.en").table.action_space.num_distinct_actions  # type: ignore[attr-defined]


def test_openspiel_random_sim_test(game: object) -> None:
    """OpenSpiel's own check: random games, with serialisation round trips, clones and tensors at every state."""
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_openspiel_random_sim_test_five_players() -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game("python_armata_strigoi", {"players": 5}), num_sims=1, serialize=True, verbose=False
    )


def _random_state(game: object, seed: int, steps: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert sum(probabilities) == pytest.approx(1.0)
            assert all(0 <= o < game.max_chance_outcomes() for o in outcomes)  # type: ignore[attr-defined]
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_serialisation_replays_to_the_same_state(game: object) -> None:
    state = _random_state(game, 3, 300)
    text = state.serialize()  # type: ignore[attr-defined]
    again = game.deserialize_state(text)  # type: ignore[attr-defined]
    assert again.state.hash() == state.state.hash() and again.history() == state.history()  # type: ignore[attr-defined]
    assert again.information_state_string(0) == state.information_state_string(0)  # type: ignore[attr-defined]
    assert again.observation_tensor(1) == state.observation_tensor(1)  # type: ignore[attr-defined]


def test_phase_one_is_sequential_and_information_states_hide_the_choice(game: object) -> None:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.state.to_act.kind is not DecisionKind.SIMULTANEOUS:
        state.apply_action(state.legal_actions()[0] if not state.is_chance_node() else state.chance_outcomes()[0][0])
    assert state.current_player() == state.state.to_act.seats[0]
    first, second = state.clone(), state.clone()
    choices = first.legal_actions()
    first.apply_action(choices[0])
    second.apply_action(choices[1])
    other = 1 - state.current_player()
    assert first.current_player() == second.current_player() == other
    assert first.information_state_string(other) == second.information_state_string(other)  # the card is hidden
    assert first.observation_tensor(other) == second.observation_tensor(other)
    chooser = state.current_player()
    assert first.information_state_string(chooser) != second.information_state_string(chooser)


def test_returns_are_identical_and_terminal(game: object) -> None:
    state = _random_state(game, 5, 100_000)
    assert state.is_terminal()  # type: ignore[attr-defined]
    returns = state.returns()  # type: ignore[attr-defined]
    assert returns[0] == returns[1] and returns[0] in (-1.0, 1.0)
    assert np.array_equal(np.asarray(game.new_initial_state().returns()), np.zeros(2))  # type: ignore[attr-defined]


def test_mcts_plays_a_complete_game() -> None:
    result = play(players=2, bot="mcts", seed=0, simulations=4)
    assert result.outcome in ("powerwolf_win", "strigoi_win") and result.decisions > 50


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("python_armata_strigoi", {"players": 6})


def test_a_state_record_is_plain_json_that_replays_to_the_same_state() -> None:
    """Issue 30 #8: OpenSpiel's serialised state is a pickle that its C++ side unpickles; the record is the safe
    way to exchange a state."""
    import json

    from armata_rules.adapters.openspiel_game import state_from_record, state_to_record

    game = pyspiel.load_game("python_armata_strigoi", {"players": 3, "edition": "sb19.en"})
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.move_number() < 60 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state_to_record(state)))
    assert record["edition"] == "sb19.en" and record["players"] == 3 and len(record["actions"]) == 60
    again = state_from_record(record)
    assert again.history() == state.history() and str(again) == str(state)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r | {"extra": 1}, "extra: unknown key"),
        (lambda r: {k: v for k, v in r.items() if k != "actions"}, "actions: missing"),
        (lambda r: r | {"format": 2}, "format: must be 1"),
        (lambda r: r | {"players": 9}, "players: must be an integer from 2 to 5"),
        (lambda r: r | {"players": "3"}, "players: must be an integer"),
        (lambda r: r | {"edition": "peg20.xx"}, "edition: must be one of"),
        (lambda r: r | {"actions": [0, "1"]}, "actions: must be a list of integers"),
        (lambda r: r | {"actions": [10**6]}, "actions[0]: 1000000 is not legal there"),
    ],
)
def test_a_malformed_state_record_is_refused_naming_key_and_problem(change: Any, problem: str) -> None:
    from armata_rules.adapters.openspiel_game import StateRecordError, state_from_record, state_to_record

    game = pyspiel.load_game("python_armata_strigoi", {"players": 2})
    record = state_to_record(game.new_initial_state())
    with pytest.raises(StateRecordError) as err:
        state_from_record(change(record))
    assert problem in str(err.value)
    with pytest.raises(StateRecordError, match="<top>: must be an object"):
        state_from_record([record])


def test_the_module_warns_that_a_serialised_state_is_a_pickle() -> None:
    doc = openspiel_game.__doc__ or ""
    assert "pickle" in doc and "state_from_record" in doc
    assert "cannot smuggle" not in (openspiel_game._Held.__doc__ or "")
