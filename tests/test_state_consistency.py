"""State files are not trusted: ``Game.state_from_json`` refuses a state that breaks an invariant of the game, naming
the key and the invariant, and any state it returns is played on by the rules with typed errors only."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules import Game, RuleViolation, editions
from armata_rules.errors import EngineInvariantError
from armata_rules.state import GameState, StateFileError
from tests.play import new_game, random_play

Data = dict[str, Any]


def _reachable(players: int = 3, seed: int = 1, decisions: int = 60) -> tuple[Game, Data]:
    """A game and the JSON of a state in the middle of its second round (heroes placed, cards in hand)."""
    game = new_game(players, seed=seed)
    state = game.initial_state()
    rng = random.Random(seed)
    for _ in range(decisions):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return game, json.loads(json.dumps(state.to_json()))


def test_every_state_of_random_play_is_accepted() -> None:
    for players, preset in ((2, editions.PEG19_DE), (3, editions.SB19_EN), (5, editions.PEG19_FR)):
        game = Game.new(("Attila", "Falk Maria", "Charles", "Matthew", "Roel")[:players], ruleset=preset, seed=4)
        for state, _ in random_play(game, random.Random(4), rounds=40, max_steps=600):
            rebuilt = game.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json")
            assert rebuilt == state


def _seat_with(data: Data, field: str) -> int:
    return next(seat for seat, hero in enumerate(data["heroes"]) if hero[field])


def _second_hand_card(data: Data) -> None:
    seat = _seat_with(data, "hand")
    other = (seat + 1) % len(data["heroes"])
    data["heroes"][other]["hand"] = sorted([*data["heroes"][other]["hand"], data["heroes"][seat]["hand"][0]])


def _hand_and_discard(data: Data) -> None:
    seat = _seat_with(data, "hand")
    data["heroes"][seat]["discard"] = sorted([*data["heroes"][seat]["discard"], data["heroes"][seat]["hand"][0]])


def _wound_twice(data: Data) -> None:
    data["heroes"][0]["wounds"] = [*data["heroes"][0]["wounds"], data["wound_stack"]["hidden"][0]]


def _seven_wounds(data: Data) -> None:
    stack = data["wound_stack"]["hidden"]
    data["heroes"][0]["wounds"] = [*data["heroes"][0]["wounds"], *stack[:7]]
    data["wound_stack"]["hidden"] = stack[7:]


def _unknown_card(data: Data) -> None:
    seat = _seat_with(data, "hand")
    data["heroes"][seat]["hand"] = sorted([*data["heroes"][seat]["hand"], "roel:the-unwritten-card"])


def _two_on_one_space(data: Data) -> None:
    data["frames"] = [f for f in data["frames"] if f["__type__"] != "MoveFrame"]
    data["heroes"][1]["position"] = data["heroes"][0]["position"]


def _four_heroes(data: Data) -> None:
    fourth = copy.deepcopy(data["heroes"][0])
    fourth.update(hero="Charles", position=None, hand=[], discard=[], chosen=None, played=[], tokens=[], wounds=[])
    fourth.update(earned=[], spent=[])
    data["heroes"].append(fourth)


def _set(path: str, value: object) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        *parents, last = path.split("/")
        node: Any = data
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def _unchoose(data: Data) -> None:
    """Seat 2's chosen card back in hand in the middle of the turns (found by `make fuzz`: a rule then asked for
    the card of the round and met an internal error)."""
    hero = data["heroes"][2]
    hero["hand"] = sorted([*hero["hand"], hero["chosen"]])
    hero["chosen"] = None


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        (_seven_wounds, "heroes[0].wounds", "wound points; a hero holds at most 2"),
        (_second_hand_card, "heroes[", "is also in heroes["),
        (_hand_and_discard, "heroes[", "is also in heroes["),
        (_wound_twice, "wound_stack.hidden", "is also in heroes[0].wounds: every piece is in one place only"),
        (_unknown_card, "heroes[", "'roel:the-unwritten-card' is no card or token of this game"),
        (_two_on_one_space, "heroes[1].position", "two miniatures cannot stay on one space"),
        (_set("blood/supply", 99), "blood", "blood points in all; this game has"),
        (_set("blood/inferno", -5), "blood.inferno", "must be 0 or more; got -5"),
        (_set("blood/altar", 6), "blood", "blood points in all"),
        (_set("round", -3), "round", "must be 0 or more; got -3"),
        (_four_heroes, "heroes", "4 heroes in a game of 3"),
        (_set("heroes/0/hero", "Charles"), "heroes[0].hero", "this game seats"),
        (_set("heroes/0/position", "Z:9,9"), "heroes[0].position", "is no space of the board in play"),
        (_set("board/rotations/0", 6), "board.rotations[0]", "must be 0 to 5"),
        (_set("board/rotations", [0, 0]), "board.rotations", "one rotation for each of the 6 platforms"),
        (_set("fight_tokens", ["C:0,0"]), "fight_tokens", "is no encounter space"),
        (_set("order", [0, 0, 1]), "order", "distinct seats"),
        (_set("turn", None), "turn", "missing: frames["),
        (_set("turn/seat", 0), "frames[", "is not the seat whose turn it is"),
        (_unchoose, "heroes[2].chosen", "every hero has chosen a card before the turns begin"),
    ],
)
@pytest.mark.clauses("peg19.en:764", "peg19.en:949", "peg19.en:1080", "peg19.en:664", "sb19.en:314")
def test_an_inconsistent_state_is_refused_naming_key_and_invariant(
    change: Callable[[Data], None], key: str, problem: str
) -> None:
    """Each was accepted by ``from_json`` and then failed deep in the rules (KeyError, IndexError, ValueError) or
    left a live state with no legal action."""
    game, data = _reachable()
    assert data["turn"] is not None and data["heroes"][0]["position"] is not None
    change(data)
    GameState.from_json(data, "saved.json")  # well-formed: only the game can tell it is wrong
    with pytest.raises(StateFileError) as err:
        game.state_from_json(data, "saved.json")
    assert err.value.key.startswith(key) and problem in err.value.problem, str(err.value)
    assert str(err.value).startswith("saved.json: ") and "\n" not in str(err.value)


def _paths(node: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path to a leaf or a list in ``node``."""
    found: list[tuple[str | int, ...]] = []
    if isinstance(node, dict):
        for name, child in node.items():
            found += _paths(child, (*prefix, name))
    elif isinstance(node, list):
        found.append(prefix)
        for index, child in enumerate(node):
            found += _paths(child, (*prefix, index))
    else:
        found.append(prefix)
    return found


_GAME, _DATA = _reachable()
#: Actions listed at other moments of the game, tried as (mostly illegal) actions on a fuzzed state.
_OTHER_MOMENT = [action for _, action in random_play(_GAME, random.Random(9), rounds=3)]
_PATHS = [p for p in _paths(_DATA) if p and p[-1] != "__type__"]
_VALUES = st.one_of(
    st.integers(-3, 99),
    st.sampled_from(["", "C:0,0", "reward/sword#1", "wound/broken-leg#1", "Roel", "x"]),
    st.none(),
    st.booleans(),
    st.lists(st.sampled_from(["reward/sword#1", "C:0,0", "x"]), max_size=2),
)


@given(path=st.sampled_from(_PATHS), value=_VALUES, seed=st.integers(0, 2**16))
def test_a_mutated_state_is_refused_or_played_on_with_typed_errors_only(
    path: tuple[str | int, ...], value: object, seed: int
) -> None:
    """Any one field of a reachable state changed: refused with a one-line StateFileError, or accepted and then
    played on (legal and random illegal actions) with typed errors only: RuleViolation or TypeError for an action,
    EngineInvariantError where the rules meet what no reachable state holds; never a KeyError, IndexError or
    ValueError from deep in the rules."""
    data = copy.deepcopy(_DATA)
    node: Any = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    try:
        state = _GAME.state_from_json(data, "fuzzed.json")
    except StateFileError as err:
        assert "\n" not in str(err) and str(err).startswith("fuzzed.json: ")
        return
    rng = random.Random(seed)
    try:
        for _ in range(30):
            if state.is_over:
                return
            actions = _GAME.legal_actions(state)
            assert actions, "a live state with no legal action was accepted"
            with contextlib.suppress(RuleViolation, TypeError):  # an action of another moment: refused, typed
                _GAME.apply(state, rng.choice(_OTHER_MOMENT))
            state = _GAME.apply(state, rng.choice(actions))
    except EngineInvariantError:
        pass  # typed: the rules name what no reachable state holds
