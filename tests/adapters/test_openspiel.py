"""The OpenSpiel game passes OpenSpiel's random simulation test and keeps the game's promises."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from armata_rules.actions import Step  # noqa: E402
from armata_rules.adapters import openspiel_game  # noqa: E402
from armata_rules.adapters.openspiel_mcts import play  # noqa: E402
from armata_rules.frames import DecisionKind  # noqa: E402
from tests.adapters.spiel_tensors import check_tensors_are_openspiels  # noqa: E402


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


def test_tensors_asked_from_python_are_openspiels_own(game: object) -> None:
    """``state.observation_tensor`` and ``information_state_tensor``, answered in Python from the kept seat vectors,
    are the very lists OpenSpiel's own methods give (what a C++ caller gets) at every state of a random game, for
    every seat, with and without a player, on clones too; a player that is no seat is refused by OpenSpiel as
    before (the same ``SpielError``)."""
    compared = check_tensors_are_openspiels(game, 4, 250, ("observation_tensor", "information_state_tensor"))
    assert compared == 250


def test_a_state_holds_its_history_once_along_the_line_of_play(game: object) -> None:
    """Each holder keeps the one action that led to it, its parents the ones before: the record's actions are
    OpenSpiel's history, a clone's go on apart from the original's, and no holder keeps a copy of the history
    (which made every step copy all the ones before it)."""
    state = _random_state(game, 8, 250)
    history = state.history()  # type: ignore[attr-defined]
    held = state.held  # type: ignore[attr-defined]
    assert held.actions == tuple(history) and held.depth == len(history)
    assert openspiel_game.state_to_record(state)["actions"] == history  # type: ignore[arg-type]
    clone = state.clone()  # type: ignore[attr-defined]
    clone.apply_action(clone.legal_actions()[0] if not clone.is_chance_node() else clone.chance_outcomes()[0][0])
    assert clone.held.actions == tuple(clone.history()) and state.held.actions == tuple(history)
    assert isinstance(type(held).actions, property)  # worked out from the parents, never stored
    node, depth = held, len(history)
    while node.parent is not None:
        assert node.depth == depth and node.action == history[depth - 1]
        node, depth = node.parent, depth - 1
    assert depth == 0 and node.action == -1


def test_a_line_of_play_drops_the_caches_of_the_states_it_left(game: object) -> None:
    """Moving on, a state empties the cache of the engine state it left (nothing along a line asks it again, and the
    collector walked every one kept); the start's (shared by every game) and a cloned node's (two states hold it)
    are kept. What the line answers does not change: information states, tensors and a replay of its actions."""
    state = _random_state(game, 9, 120)
    held = state.held  # type: ignore[attr-defined]
    legal = state.legal_actions() if not state.is_chance_node() else [state.chance_outcomes()[0][0]]  # type: ignore[attr-defined]
    assert held.state._memo is not None  # the state now: its legal actions were listed
    line = []
    node = held.parent
    while node is not None:
        line.append(node)
        node = node.parent
    start = line.pop()
    assert start.shared and start.state is game.new_initial_state().state  # type: ignore[attr-defined]
    assert all(not node.shared and node.state._memo is None for node in line)
    clone = state.clone()  # type: ignore[attr-defined]
    assert held.shared
    state.apply_action(legal[0])  # type: ignore[attr-defined]
    assert held.state._memo is not None  # the clone still stands on it
    clone.apply_action(legal[-1])
    assert held.state._memo is not None and clone.held.parent is held
    again = game.deserialize_state(state.serialize())  # type: ignore[attr-defined]
    for seat in range(game.num_players()):  # type: ignore[attr-defined]
        assert again.information_state_string(seat) == state.information_state_string(seat)  # type: ignore[attr-defined]
        assert again.observation_tensor(seat) == state.observation_tensor(seat)  # type: ignore[attr-defined]


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
    assert first.information_state_tensor(other) == second.information_state_tensor(other)
    chooser = state.current_player()
    assert first.information_state_string(chooser) != second.information_state_string(chooser)
    assert first.information_state_tensor(chooser) != second.information_state_tensor(chooser)


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
    with pytest.raises(ValueError, match=r"edition: no edition preset 'peg20\.xx'"):
        pyspiel.load_game("python_armata_strigoi", {"edition": "peg20.xx"})
    with pytest.raises(ValueError, match="readings: reading movement has no option 'exactly'; its options are may_up"):
        pyspiel.load_game("python_armata_strigoi", {"readings": '{"movement": "exactly"}'})
    with pytest.raises(ValueError, match="readings: not JSON"):
        pyspiel.load_game("python_armata_strigoi", {"readings": "movement=may_exactly"})
    with pytest.raises(ValueError, match="readings: must be a JSON object"):
        pyspiel.load_game("python_armata_strigoi", {"readings": "[1]"})


# ------------------------------------------------------------------------------------- conventions (issue 31)
def test_information_states_have_a_tensor_and_a_readable_string(game: object) -> None:
    kind = game.get_type()  # type: ignore[attr-defined]
    assert kind.provides_information_state_tensor and kind.provides_information_state_string
    table = openspiel_game._setup(2, "peg19.en").table
    size = table.encoder.size
    assert game.information_state_tensor_shape() == [size + 2 * len(table.encoder.cards)]  # type: ignore[attr-defined]
    state = _random_state(game, 7, 120)
    text = state.information_state_string(1)  # type: ignore[attr-defined]
    lines = text.splitlines()
    assert lines[0].startswith("Roel (seat 1) sees at the start: player=Roel; round=0;")
    assert len(lines) == len(state.history()) + 1  # type: ignore[attr-defined]
    own = [line for line in lines if ". you: Roel: " in line]
    assert own and all(" | " in line for line in own)
    assert any(line.split(". ", 1)[1].startswith("chance | ") for line in lines[1:])
    tensor = np.asarray(state.information_state_tensor(1))  # type: ignore[attr-defined]
    assert np.array_equal(tensor[:size], np.asarray(state.observation_tensor(1)))  # type: ignore[attr-defined]


def test_the_information_state_tensor_remembers_cards_no_longer_in_sight(game: object) -> None:
    """The memory block only grows, holds every card the seat sees with the other hero now, and keeps cards seen
    played after they have gone back out of sight (the hand and discard pile of another hero are hidden)."""
    setup = openspiel_game._setup(2, "peg19.en")
    size, cards = setup.table.encoder.size, setup.table.encoder.cards
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(11)
    previous = np.zeros(2 * len(cards))
    out_of_sight = 0
    while not state.is_terminal() and state.move_number() < 600:  # type: ignore[attr-defined]
        memory = np.asarray(state.information_state_tensor(0))[size:]  # type: ignore[attr-defined]
        assert (memory >= previous).all()
        previous = memory
        other = setup.engine.observation(state.state, 0).heroes[1]  # type: ignore[attr-defined]
        remembered = {cards[i] for i in np.flatnonzero(memory.reshape(2, -1)[1])}
        visible = {*other.played, *((other.chosen,) if other.chosen else ())}
        assert visible <= remembered
        out_of_sight = max(out_of_sight, len(remembered - visible))
        if state.is_chance_node():  # type: ignore[attr-defined]
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
            state.apply_action(rng.choices(outcomes, probabilities)[0])  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]
    assert out_of_sight >= 3  # several rounds' cards, remembered once back in the other's hidden hand


def test_action_strings_name_the_hero_and_the_move(game: object) -> None:
    state = _random_state(game, 3, 60)
    while state.is_chance_node():  # type: ignore[attr-defined]
        state.apply_action(state.chance_outcomes()[0][0])  # type: ignore[attr-defined]
    hero = openspiel_game.HEROES[state.current_player()]  # type: ignore[attr-defined]
    texts = [state.action_to_string(a) for a in state.legal_actions()]  # type: ignore[attr-defined]
    assert texts and all(t.startswith(f"{hero}: ") for t in texts)
    assert not [t for t in texts if "(seat=" in t]
    space = openspiel_game._setup(2, "peg19.en").table.action_space
    step = space.action_to_index(Step(1, "C:1,1"))
    assert state.action_to_string(1, step) == "Roel: move to C:1,1"  # type: ignore[attr-defined]


def test_a_free_ruleset_is_a_parameter_and_replays_from_its_record() -> None:
    import json

    from armata_rules.adapters.openspiel_game import state_from_record, state_to_record
    from armata_rules.variants import Movement

    custom = pyspiel.load_game("python_armata_strigoi", {"players": 2, "readings": '{"movement": "may_exactly"}'})
    ruleset = custom.setup.table.ruleset  # type: ignore[attr-defined]
    assert ruleset.movement is Movement.MAY_EXACTLY and ruleset.name == "peg19.en+custom"
    assert custom.get_parameters()["readings"] == '{"movement": "may_exactly"}'  # type: ignore[attr-defined]
    whole = json.dumps(ruleset.to_json())  # a Ruleset passed whole gives the same game
    assert pyspiel.load_game("python_armata_strigoi", {"players": 2, "readings": whole}).get_parameters() == (
        custom.get_parameters()  # type: ignore[attr-defined]
    )
    same = pyspiel.load_game("python_armata_strigoi", {"players": 2, "readings": '{"movement": "may_up_to"}'})
    assert same.get_parameters()["readings"] == ""  # the edition's own reading changes nothing
    state = _random_state(custom, 2, 80)
    record = state_to_record(state)  # type: ignore[arg-type]
    assert record["readings"] == '{"movement": "may_exactly"}'
    again = state_from_record(json.loads(json.dumps(record)))
    assert again.history() == state.history() and again.setup.table.ruleset == ruleset  # type: ignore[attr-defined]
    assert "readings" not in state_to_record(_random_state(same, 2, 5))  # type: ignore[arg-type]


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


def test_a_format_1_state_record_replays_with_the_readings_of_its_time() -> None:
    """Format 1 was written before the readings protection_units and discard_timing: its ``readings`` differ from
    presets that all blocked one wound per Protection icon and kept discarded cards to the end of the round. Read
    now, the English game it names keeps both (the English preset is per_card and end_of_turn now) and is written
    again as format 2 saying so; a reading the record sets is kept, and a preset that plays both so anyway (the
    German one) needs no reading."""
    import json

    from armata_rules import editions
    from armata_rules.adapters.openspiel_game import RECORD_FORMAT, state_from_record, state_to_record
    from armata_rules.variants import DiscardTiming, ProtectionUnits

    game = pyspiel.load_game("python_armata_strigoi", {"players": 2})
    state = _random_state(game, 2, 30)
    old = state_to_record(state) | {"format": 1}  # type: ignore[arg-type]
    again = state_from_record(json.loads(json.dumps(old)))
    ruleset = again.setup.table.ruleset  # type: ignore[attr-defined]
    assert ruleset.protection_units is ProtectionUnits.PER_ICON and ruleset.name == "peg19.en+custom"
    assert again.history() == state.history()
    then = '{"discard_timing": "end_of_round", "protection_units": "per_icon"}'
    assert state_to_record(again) == old | {"format": RECORD_FORMAT, "readings": then}
    assert RECORD_FORMAT == 2 and state_to_record(state)["format"] == 2  # type: ignore[arg-type]
    chosen = state_from_record(old | {"readings": '{"protection_units": "per_card"}'})
    ruleset = chosen.setup.table.ruleset  # type: ignore[attr-defined]
    assert ruleset.protection_units is ProtectionUnits.PER_CARD  # set by the record: kept
    assert ruleset.discard_timing is DiscardTiming.END_OF_ROUND  # not set: as every edition played then
    assert ruleset.readings() == editions.PEG19_EN.with_(discard_timing=DiscardTiming.END_OF_ROUND).readings()
    german = state_from_record(
        state_to_record(
            _random_state(pyspiel.load_game("python_armata_strigoi", {"players": 2, "edition": "peg19.de"}), 2, 10)
        )
        | {"format": 1}
    )
    assert "readings" not in state_to_record(german)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r | {"extra": 1}, "extra: unknown key"),
        (lambda r: {k: v for k, v in r.items() if k != "actions"}, "actions: missing"),
        (lambda r: r | {"format": 3}, "format: must be 1 or 2"),
        (lambda r: r | {"players": 9}, "players: must be an integer from 2 to 5"),
        (lambda r: r | {"players": "3"}, "players: must be an integer"),
        (lambda r: r | {"edition": "peg20.xx"}, "edition: must be one of"),
        (lambda r: r | {"actions": [0, "1"]}, "actions: must be a list of integers"),
        (lambda r: r | {"actions": [10**6]}, "actions[0]: 1000000 is not legal there"),
        (lambda r: r | {"readings": 3}, "readings: must be a string"),
        (lambda r: r | {"readings": '{"movement": "x"}'}, "readings: reading movement has no option 'x'"),
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


def test_the_observer_refuses_a_player_outside_the_game() -> None:
    """A negative player no longer wraps around to the last seat's vector: a one-line ``ValueError``."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_armata_strigoi", {"players": 2})
    observer = make_observation(game)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    for player in (-1, 2):
        with pytest.raises(ValueError, match=rf"there is no player {player}; players are 0\.\.1"):
            observer.set_from(state, player)
