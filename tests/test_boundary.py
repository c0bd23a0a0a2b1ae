"""The engine's boundary: arguments of the wrong type are refused before anything is built or applied.

``Game.new`` raises :class:`GameSetupError`; ``Game.apply`` raises ``TypeError`` for a non-state, a non-action or an
action field of the wrong type, and :class:`RuleViolation` for a well-typed action the rules refuse; the input state
is unchanged either way.
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from armata_rules import Game, GameSetupError, RuleViolation, editions, game_setup
from armata_rules.actions import (
    ACTION_TYPES,
    FIELD_TYPES,
    Action,
    AttackStrigoi,
    ChanceOutcome,
    EndMove,
    PlaceLadder,
    Step,
    action_from_json,
    action_to_json,
    check_action_types,
)
from armata_rules.board.loader import default_layout
from armata_rules.components.icons import Hero
from armata_rules.components.pack import default_pack
from armata_rules.state import GameState
from tests.play import new_game, random_play

# ------------------------------------------------------------------------------------------------ Game.new


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"heroes": "Attila"}, "heroes must be a list"),
        ({"heroes": b"Attila"}, "heroes must be a list"),
        ({"heroes": 2}, "heroes must be a list"),
        ({"heroes": {"Attila", "Roel"}}, "heroes must be a list"),
        ({"heroes": ["Attila", 3]}, "heroes[1] must be a hero name"),
        ({"heroes": ["Attila", None]}, "heroes[1] must be a hero name"),
        ({"seed": True}, "seed must be an int"),
        ({"seed": 1.0}, "seed must be an int"),
        ({"seed": "7"}, "seed must be an int"),
        ({"ruleset": 19}, "ruleset must be a Ruleset or an edition name"),
        ({"ruleset": "peg20.xx"}, "ruleset 'peg20.xx' is not an edition; editions: peg19.de, peg19.en, peg19.it"),
        ({"pack": {"id": "default"}}, "pack must be a DataPack"),
        ({"layout": "default"}, "layout must be a Layout"),
        ({"chance": "sometimes"}, "chance must be 'auto' or 'explicit'"),
        ({"chance": ["auto"]}, "chance must be 'auto' or 'explicit'"),
    ],
)
def test_game_new_refuses_wrong_types(kwargs: dict[str, Any], problem: str) -> None:
    arguments: dict[str, Any] = {"heroes": ["Attila", "Roel"]} | kwargs
    with pytest.raises(GameSetupError) as err:
        Game.new(**arguments)
    assert problem in str(err.value)


def test_game_new_accepts_every_right_type() -> None:
    game = Game.new(
        (Hero.ROEL, "attila"),
        ruleset=editions.SB19_EN,
        seed=-3,
        pack=default_pack(),
        layout=default_layout(),
        chance="explicit",
    )
    assert game.heroes == (Hero.ROEL, Hero.ATTILA) and game.seed == -3


@pytest.mark.parametrize("name", ["peg19.de", "SB19.en", " peg19.fr "])
def test_game_new_takes_an_edition_by_name(name: str) -> None:
    """Issue 31: ``ruleset="peg19.de"`` as the CLI and the OpenSpiel game take it, case and spaces aside."""
    game = Game.new(["Attila", "Roel"], ruleset=name, seed=1)
    assert game.ruleset is editions.by_name(name)
    same = Game.new(["Attila", "Roel"], ruleset=editions.by_name(name), seed=1)
    assert game.initial_state().hash() == same.initial_state().hash()


@pytest.mark.clauses("peg19.en:716-718")
def test_game_new_refuses_more_heroes_than_the_layout_has_ladder_sites(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hero starts on a ladder tile of their own (peg19.en:716-718): setup would get stuck without one."""
    heroes = ["Attila", "Roel", "Charles", "Matthew", "Falk Maria"]
    for reading in type(editions.PEG19_EN.ladder_placement):  # the bundled layout fits 5 heroes under every reading
        Game.new(heroes, ruleset=dataclasses.replace(editions.PEG19_EN, ladder_placement=reading))
    three_sites = ("a", "b", "c")
    monkeypatch.setattr(game_setup, "legal_ladder_sites", lambda fortress, board, reading: three_sites)
    Game.new(heroes[:3])
    with pytest.raises(GameSetupError, match=r"allows 3 ladder sites .* too few for 4 heroes"):
        Game.new(heroes[:4])


# ------------------------------------------------------------------------------------------------ apply, legal_actions


def test_legal_actions_and_apply_refuse_a_non_state() -> None:
    game = new_game(2)
    state = game.initial_state()
    for bad in (None, state.to_json(), "state", [state]):
        with pytest.raises(TypeError, match="not a GameState"):
            game.legal_actions(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="not a GameState"):
            game.apply(bad, game.legal_actions(state)[0])  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="not a GameState"):
            game.chance_outcomes(bad)  # type: ignore[arg-type]


def test_a_boolean_strigoi_is_refused_and_the_state_is_untouched() -> None:
    """``AttackStrigoi(strigoi=True)`` used to pass the guards (``True == 1``) and corrupt the state."""
    game = new_game(2)
    state = game.initial_state()
    legal = game.legal_actions(state)[0]
    assert isinstance(legal, PlaceLadder)
    before = state.hash()
    for wrong in (
        AttackStrigoi(0, True, "melee"),  # type: ignore[arg-type]
        PlaceLadder(0.0, legal.site),  # type: ignore[arg-type]
        PlaceLadder(False, legal.site),  # type: ignore[arg-type]
        EndMove("0"),  # type: ignore[arg-type]
        Step(0, 3),  # type: ignore[arg-type]
        ChanceOutcome("place_strigoi", None),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match="must be"):
            game.apply(state, wrong)
    assert state.hash() == before
    assert isinstance(game.apply(state, legal), GameState)


def test_every_action_has_a_seat_except_chance() -> None:
    for cls in ACTION_TYPES.values():
        names = [name for name, _ in FIELD_TYPES[cls]]
        if cls is ChanceOutcome:
            assert "seat" not in names and ChanceOutcome("d", "o").seat is None
        else:
            assert names[0] == "seat" and dict(FIELD_TYPES[cls])["seat"] is int
    assert Step(2, "x").seat == 2


def test_action_records_use_the_same_type_table() -> None:
    assert action_from_json(action_to_json(AttackStrigoi(0, 1, "melee"))) == AttackStrigoi(0, 1, "melee")
    with pytest.raises(ValueError, match="'strigoi' must be int"):
        action_from_json({"kind": "attack_strigoi", "seat": 0, "strigoi": True, "mode": "melee"})
    with pytest.raises(ValueError, match="has no field"):
        action_from_json({"kind": "end_move", "seat": 0, 3: "x"})


# ------------------------------------------------------------------------------------------------ the property


@cache
def _states() -> tuple[tuple[Game, GameState], ...]:
    """States of random play across hero counts and both chance modes: every kind of decision appears."""
    out: list[tuple[Game, GameState]] = []
    for players, chance in ((2, "explicit"), (3, "auto"), (4, "explicit"), (5, "auto")):
        game = new_game(players, seed=players, chance=chance)
        out += [(game, state) for state, _ in random_play(game, random.Random(players), rounds=12, max_steps=400)]
    return tuple(out)


@cache
def _words() -> tuple[str, ...]:
    """Every string a legal action of those states used, and a few that none does."""
    words = {"", "x", "melee", "ranged", "card", "wild", "strigoi:0", "🦇", "a" * 300}
    for game, state in _states()[::7]:
        for action in game.legal_actions(state):
            words.update(v for v in (getattr(action, n) for n, _ in FIELD_TYPES[type(action)]) if type(v) is str)
    return tuple(sorted(words))


WRONG = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False, min_value=-2, max_value=6),
    st.none(),
    st.binary(max_size=3),
    st.just([0]),
    st.just(Hero.ATTILA),
)


@st.composite
def _actions(draw: st.DrawFn, game: Game, state: GameState) -> tuple[Action, bool]:
    """An action of any type, or a legal one with a field changed; and whether every field has its right type."""
    legal = game.legal_actions(state)
    if legal and draw(st.booleans()):
        base = draw(st.sampled_from(legal))
        cls: type[Action] = type(base)
        values = {name: getattr(base, name) for name, _ in FIELD_TYPES[cls]}
        keep = draw(st.sets(st.sampled_from(sorted(values)), max_size=len(values)))
    else:
        cls = draw(st.sampled_from([ACTION_TYPES[k] for k in sorted(ACTION_TYPES)]))
        values, keep = {}, set()
    well_typed = True
    for name, expected in FIELD_TYPES[cls]:
        if name in keep:
            continue
        if draw(st.integers(0, 9)) == 0:
            values[name] = draw(WRONG | (st.integers(-1, 5) if expected is str else st.sampled_from(_words())))
            well_typed = False
        elif expected is int:
            values[name] = draw(st.integers(-2, 6))
        else:
            values[name] = draw(st.sampled_from(_words()))
    return cls(**values), well_typed


@given(st.data())
def test_apply_returns_a_state_or_refuses_with_the_documented_error(data: st.DataObject) -> None:
    game, state = data.draw(st.sampled_from(_states()))
    action, well_typed = data.draw(_actions(game, state))
    assert (check_action_types(action) is None) == well_typed
    before, snapshot = state.hash(), state.to_json()
    try:
        after = game.apply(state, action)
    except RuleViolation as refusal:
        event("refused by a rule")
        assert well_typed, f"{action} has a field of the wrong type: TypeError expected"
        assert refusal.rule_id and refusal.message
    except TypeError as err:
        event("refused: wrong type")
        assert not well_typed, f"{action} is well typed: {err}"
    else:
        event("applied")
        assert well_typed and isinstance(after, GameState)
        assert action in game.legal_actions(state)
        after.hash()
    assert state.hash() == before and state.to_json() == snapshot


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_every_action_type_is_refused_with_a_mistyped_field_and_checked_when_well_typed(kind: str) -> None:
    """Each type once, whatever Hypothesis draws: a bool in its first field is a TypeError; a well-typed action
    that does not fit the decision is a RuleViolation; the state is untouched either way."""
    game = new_game(3, seed=2)
    state = game.initial_state()
    before = state.hash()
    cls = ACTION_TYPES[kind]
    right: dict[str, object] = {name: 4 if expected is int else "nowhere" for name, expected in FIELD_TYPES[cls]}
    first = FIELD_TYPES[cls][0][0]
    with pytest.raises(TypeError, match=f"field '{first}' must be"):
        game.apply(state, cls(**(right | {first: True})))
    with pytest.raises(RuleViolation):
        game.apply(state, cls(**right))
    assert state.hash() == before
