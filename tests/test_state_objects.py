"""GameState as a Python object: equality, builtin hash, repr, pickle and deepcopy on long games; JSON round trip."""

from __future__ import annotations

import copy
import json
import pickle
import random
import tomllib
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

from armata_rules import Game
from armata_rules.components.pack import parse_pack
from armata_rules.state import GameState, Log, StateFileError
from tests.play import new_game, random_play

LONG = 5000


def _long_pack() -> Any:
    """The bundled pack with the slowest legal tables and Strigoi the pack cannot defeat: games last long."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    data["tables"]["inferno_loss"] = dict.fromkeys("2345", 20)
    data["tables"]["blood_counters"] = {"peg19": 50, "sb19": 50}
    for strigoi in data["strigoi"]:
        strigoi["side"]["existence"], strigoi["supreme"]["existence"] = 19, 20
    return parse_pack(data, "long-games")


def _harm(state: GameState) -> tuple[int, int, int]:
    return (state.blood.inferno, -state.blood.supply - state.blood.altar, sum(len(h.wounds) for h in state.heroes))


def _cautious_game(game: Game, seed: int, decisions: int) -> list[GameState]:
    """Legal play that keeps the game going: lucky draws (chance is explicit), protections and heals preferred."""
    rng = random.Random(seed)
    states = [game.initial_state()]
    while len(states) <= decisions and not states[-1].is_over:
        state = states[-1]
        actions = game.legal_actions(state)
        if state.to_act.is_chance:
            after = [game.apply(state, a) for a in actions]
            best = min(map(_harm, after))
            states.append(rng.choice([s for s in after if _harm(s) == best]))
        else:
            careful = [a for a in actions if a.kind in ("protect", "heal_wound", "use_ability")]
            states.append(game.apply(state, rng.choice(careful or actions)))
    return states


@pytest.fixture(scope="module")
def long_game() -> list[GameState]:
    pack = _long_pack()
    for seed in range(6):
        states = _cautious_game(new_game(2, seed=seed, pack=pack, chance="explicit"), seed, LONG)
        if len(states) > LONG:
            return states
    pytest.fail(f"no cautious game reached {LONG} decisions: make _cautious_game more careful")


def test_a_5000_decision_game_compares_hashes_prints_pickles_and_copies(long_game: list[GameState]) -> None:
    final = long_game[-1]
    assert final.log is not None and final.log.seq + 1 >= LONG
    rebuilt = GameState.from_json(final.to_json())
    assert rebuilt == final and hash(rebuilt) == hash(final)
    assert final != long_game[-2]
    assert len(repr(final)) < 200 and final.hash()[:12] in repr(final)
    assert len(repr(final.log)) < 200
    for clone in (pickle.loads(pickle.dumps(final)), copy.deepcopy(final)):
        assert clone == final and clone.hash() == final.hash() and hash(clone) == hash(final)
        assert clone.history() == final.history()
    assert copy.copy(final) == final


def test_the_log_does_not_decide_equality(long_game: list[GameState]) -> None:
    state = long_game[LONG // 2]
    other_path = replace(state, log=None)
    assert other_path == state and hash(other_path) == hash(state) and other_path.hash() == state.hash()
    assert {state, other_path, long_game[-1]} == {state, long_game[-1]}


def test_the_log_appends_in_constant_time_and_compares_without_recursion(long_game: list[GameState]) -> None:
    final, before = long_game[-1], long_game[-2]
    assert final.log is not None and before.log is not None
    node: Log | None = final.log
    while node is not None and node is not before.log:
        node = node.previous
    assert node is before.log  # the past is shared, not copied
    copy_of_chain = pickle.loads(pickle.dumps(final.log))
    assert copy_of_chain is not final.log and copy_of_chain == final.log and hash(copy_of_chain) == hash(final.log)
    assert len(copy_of_chain) == final.log.seq + 1
    changed = Log(final.log.seq, final.log.round, final.log.text + "!", final.log.previous)
    assert changed != final.log
    deep_change = Log(1, 0, "b", Log(0, 0, "a"))
    assert deep_change != Log(1, 0, "b", Log(0, 0, "z")) and deep_change == Log(1, 0, "b", Log(0, 0, "a"))
    assert deep_change != Log(1, 0, "b") and deep_change != "b"


@pytest.mark.parametrize(("players", "chance"), [(2, "auto"), (3, "explicit"), (4, "auto"), (5, "explicit")])
def test_states_of_random_play_round_trip_through_json(players: int, chance: str) -> None:
    for seed in range(2):
        game = new_game(players, seed=seed, chance=chance)
        for state, _ in random_play(game, random.Random(seed), rounds=30, max_steps=300):
            data = json.loads(json.dumps(state.to_json()))
            rebuilt = GameState.from_json(data)
            assert rebuilt == state and rebuilt.hash() == state.hash() and rebuilt.to_json() == state.to_json()
            assert rebuilt.log is None


def _first_state() -> dict[str, Any]:
    game = new_game(3, seed=1)
    state = game.initial_state()
    for _ in range(40):
        state = game.apply(state, game.legal_actions(state)[-1])
    return json.loads(json.dumps(state.to_json()))  # type: ignore[no-any-return]


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]

    return change


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (_set("round", True), "round", "must be an integer; got bool"),
        (_set("round", "3"), "round", "must be an integer; got str"),
        (_set("round", 2.0), "round", "must be an integer; got float"),
        (_drop("blood"), "blood", "missing"),
        (_set("surprise", 1), "surprise", "unknown key for GameState"),
        (_set("heroes/0/hero", "Dracula"), "heroes[0].hero", "is no Hero"),
        (_set("heroes/0/__type__", "StrigoiState"), "heroes[0].__type__", "must be 'HeroState'"),
        (_set("heroes/0/hand", "abc"), "heroes[0].hand", "must be a list; got str"),
        (_set("heroes/1/hand", ["b", "a"]), "heroes[1].hand", "must be sorted"),
        (_set("heroes/0/position", 7), "heroes[0].position", "must be a string"),
        (_set("frames/0", {"__type__": "Teleport", "seat": 0}), "frames[0].__type__", "'Teleport' is no Frame"),
        (_set("frames/0", ["MoveFrame"]), "frames[0]", "must be an object; got list"),
        (_set("awards", [[0, "x", 1]]), "awards[0]", "must be a list of 2 items; got 3"),
        (_set("board/ladders", ["a", "a"]), "board.ladders", "lists a value twice"),
        (_set("outcome", "draw"), "outcome", "is no Outcome"),
        (_set("turn", [1]), "turn", "must be an object"),
        (_set("red/hidden", [[[[[[[[[["deep"]]]]]]]]]]), "red.hidden[0]", "must be a string; got list"),
    ],
)
def test_malformed_states_are_refused_naming_key_and_problem(
    change: Callable[[dict[str, Any]], None], key: str, problem: str
) -> None:
    data = _first_state()
    change(data)
    with pytest.raises(StateFileError) as err:
        GameState.from_json(data, "saved.json")
    assert err.value.key == key and problem in err.value.problem
    assert str(err.value).startswith(f"saved.json: {key}: ")


@pytest.mark.parametrize("data", [None, [], "state", 3])
def test_a_state_must_be_an_object(data: object) -> None:
    with pytest.raises(StateFileError, match=r"^<state>: <top>: must be an object"):
        GameState.from_json(data)


def test_a_deeply_nested_state_is_refused_without_recursing() -> None:
    data = _first_state()
    nested: object = "x"
    for _ in range(100_000):
        nested = [nested]
    data["box"] = nested
    with pytest.raises(StateFileError, match="box\\[0\\]: must be a string; got list"):
        GameState.from_json(data)
