"""The kernel's engine (:mod:`armata_rules.kernel.play.engine`), its game catalogue (:mod:`armata_rules.kernel.games`)
and its records (:mod:`armata_rules.kernel.records`), on the toy race, and Armata's ``Game`` as one such engine."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest

from armata_rules import Game
from armata_rules.game import ARMATA
from armata_rules.kernel import games
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose
from armata_rules.kernel.play.engine import Engine, GameSetupError, new_engine
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.kernel.play.state import StateFileError
from armata_rules.kernel.records import Record, RecordError, read_record, record_from_json, replay_record, write_record
from armata_rules.kernel.testing.conformance import ConformanceError, Play, check_record_replay
from armata_rules.kernel.testing.toy import RACE, RaceContext, RaceState, RollRules, new_context


def _played(engine: Engine[Any, Any], seed: int = 0) -> tuple[list[Action], Any]:
    """A seeded random game to its end: the actions taken and the last state."""
    rng = random.Random(seed)
    state = engine.initial_state()
    taken = []
    while state.outcome is None:
        action = rng.choice(engine.legal_actions(state))
        taken.append(action)
        state = engine.apply(state, action)
    return taken, state


# ------------------------------------------------------------------------------------------------ the engine
def test_an_engine_plays_the_race_set_up_from_arguments() -> None:
    engine = new_engine(RACE, seats=3, length=6, seed=5)
    assert isinstance(engine.ctx, RaceContext) and engine.ctx == new_context(3, length=6, seed=5)
    actions, final = _played(engine)
    assert actions and final.outcome is not None
    assert sorted(engine.seat_returns(final)) == [0.0, 0.0, 1.0]
    assert engine.seat_returns(engine.initial_state()) == (0.0, 0.0, 0.0)
    assert engine.setup_json() == {"seats": 3, "length": 6, "faces": 3, "seed": 5}
    with pytest.raises(GameSetupError, match="seats must be 2 to 4; got 7"):
        new_engine(RACE, seats=7)
    with pytest.raises(GameSetupError, match="faces must be an int; got str"):
        new_engine(RACE, seats=2, faces="3")


def test_a_setup_argument_the_game_does_not_take_or_needs_is_named_before_the_setup_runs() -> None:
    """An unknown argument (with the ones the game takes) and a missing one are refused by name, in one line; a
    setup hook that takes any keyword (``**arguments``) gets every name, and refuses what it refuses itself."""
    with pytest.raises(GameSetupError) as unknown:
        new_engine(RACE, seats=2, colour="red", flavour=1)
    assert str(unknown.value) == (
        "game toy_race: no setup argument 'colour', 'flavour'; it takes seats, length, faces, seed"
    )
    with pytest.raises(GameSetupError, match=r"^game toy_race: the setup needs seats$"):
        new_engine(RACE, length=5)
    with pytest.raises(GameSetupError) as hostile:
        new_engine(RACE, seats=2, **{"a\nb" * 30: 1})  # a name with line breaks, and long
    assert str(hostile.value).startswith("game toy_race: no setup argument ")
    assert "\n" not in str(hostile.value) and len(str(hostile.value)) < 140

    def anything(**arguments: Any) -> RaceContext:
        return new_context(**arguments)

    loose = dataclasses.replace(RACE, setup=anything)
    assert new_engine(loose, seats=3).ctx == new_context(3)
    with pytest.raises(TypeError, match="colour"):
        new_engine(loose, seats=3, colour="red")  # past the signature, the hook's own refusal
    with pytest.raises(GameSetupError, match=r"^game toy_race defines no setup from arguments$"):
        new_engine(dataclasses.replace(RACE, setup=None))


def test_an_illegal_action_is_refused_by_the_rule_it_breaks_and_the_state_is_untouched() -> None:
    engine = new_engine(RACE, seats=2)
    state = engine.initial_state()
    before = state.hash()
    with pytest.raises(RuleViolation, match=r"^race\.turn \(race\.en:2\): ") as refused:
        engine.apply(state, Choose(1, "walk"))
    assert refused.value.action == Choose(1, "walk") and state.hash() == before
    _, final = _played(engine)
    with pytest.raises(RuleViolation, match=r"^race\.finish \(race\.en:6\): the game is over"):
        engine.apply(final, Choose(0, "walk"))


def test_where_chance_decides_only_its_outcomes_are_taken() -> None:
    engine = new_engine(RACE, "explicit", seats=2, faces=2)
    state = engine.apply(engine.initial_state(), Choose(0, "roll"))
    outcomes = engine.chance_outcomes(state)
    assert [probability for _, probability in outcomes] == [0.5, 0.5]
    assert engine.legal_actions(state) == [outcome for outcome, _ in outcomes]
    with pytest.raises(RuleViolation, match=r"^race\.die \(race\.en:4\): chance decides now \(roll\)"):
        engine.apply(state, ChanceOutcome("roll", "9"))
    with pytest.raises(RuleViolation, match=r"^race\.die .*not an outcome"):
        engine.apply(state, Choose(0, "walk"))
    picked = engine.seeded_outcome(state)
    assert picked in engine.legal_actions(state)
    assert engine.resolve_chance(state) == engine.apply(state, picked)
    assert engine.chance_outcomes(engine.initial_state()) == []  # a decision, not chance


def test_a_chance_frames_outcomes_are_worked_out_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probabilities and the listed outcomes of a chance frame come from one answer of its handler, kept on the
    state (an OpenSpiel chance node asks for both); every call returns a copy that the caller may change."""
    asked: list[object] = []
    original = RollRules.outcomes

    def counted(self: RollRules, ctx: RaceContext, state: Any, frame: Any) -> list[tuple[ChanceOutcome, float]]:
        asked.append(state)
        return original(self, ctx, state, frame)

    monkeypatch.setattr(RollRules, "outcomes", counted)
    engine = new_engine(RACE, "explicit", seats=2, faces=3)
    state = engine.apply(engine.initial_state(), Choose(0, "roll"))
    outcomes = engine.chance_outcomes(state)
    outcomes.clear()
    listed = engine.legal_actions(state)
    listed.clear()
    assert [p for _, p in engine.chance_outcomes(state)] == [1 / 3] * 3
    assert engine.legal_actions(state) == [outcome for outcome, _ in engine.chance_outcomes(state)]
    assert asked == [state]
    other = new_engine(RACE, "explicit", seats=2, faces=3)  # another engine keeps its own answer
    assert other.chance_outcomes(state) == engine.chance_outcomes(state) and asked == [state, state]
    assert engine.chance_outcomes(engine.initial_state()) == [] and asked == [state, state]


def test_a_malformed_call_is_a_type_error() -> None:
    engine = new_engine(RACE, seats=2)
    state = engine.initial_state()
    with pytest.raises(TypeError, match="not an action: 'walk'"):
        engine.apply(state, "walk")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="choose field 'seat' must be int; got float"):
        engine.apply(state, Choose(0.0, "walk"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a RaceState: dict"):
        engine.legal_actions({})  # type: ignore[arg-type]
    with pytest.raises(GameSetupError, match="chance must be 'auto' or 'explicit'; got 'sometimes'"):
        Engine(RACE, new_context(2), "sometimes")  # type: ignore[arg-type]


def test_the_refusing_rules_must_be_in_the_games_book() -> None:
    with pytest.raises(ValueError, match="over_rule must name a rule of its book"):
        dataclasses.replace(RACE, over_rule="")
    with pytest.raises(ValueError, match=r"game toy_race: chance_rule 'race.luck' is not a rule of its book"):
        Engine(dataclasses.replace(RACE, chance_rule="race.luck"), new_context(2))


def test_a_saved_state_is_read_back_checked() -> None:
    engine = new_engine(RACE, seats=2, seed=1)
    state = engine.apply(engine.initial_state(), Choose(0, "walk"))
    assert engine.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    data = state.to_json() | {"frames": []}
    with pytest.raises(StateFileError, match=r"^saved\.json: frames: no legal action at \(no frame\), yet the game"):
        engine.state_from_json(data, "saved.json")

    def no_far_runner(ctx: RaceContext, state: RaceState, source: str) -> None:
        if max(state.positions) > 1:
            raise StateFileError(source, "positions", "too far")

    checked = Engine(dataclasses.replace(RACE, check_state=no_far_runner), engine.ctx)
    assert checked.state_from_json(state.to_json()) == state
    with pytest.raises(StateFileError, match=r"^s: positions: too far$"):
        checked.state_from_json(state.to_json() | {"positions": [5, 0]}, "s")


def test_armatas_game_is_the_kernels_engine_for_its_definition() -> None:
    game = Game.new(["Attila", "Roel"], seed=3)
    assert isinstance(game, Engine) and game.definition is ARMATA
    same = new_engine(ARMATA, heroes=["Attila", "Roel"], seed=3)
    assert same.initial_state().hash() == game.initial_state().hash()
    assert same.setup_json() == game.setup_json()
    again = new_engine(ARMATA, **json.loads(json.dumps(game.setup_json())))  # the JSON form sets it up again
    assert again.initial_state().hash() == game.initial_state().hash()
    assert game.seat_returns(game.initial_state()) == (0.0, 0.0)
    with pytest.raises(GameSetupError, match="pack 'mine' is not bundled"):
        new_engine(ARMATA, heroes=["Attila", "Roel"], pack="mine")


# ------------------------------------------------------------------------------------------------ the catalogue
def test_games_are_found_by_id() -> None:
    assert games.load("toy_race") is RACE  # registered when its module was imported
    assert games.load("armata_strigoi") is ARMATA
    assert {"armata_strigoi", "toy_race"} <= set(games.games())
    assert list(games.games()) == sorted(games.games())
    with pytest.raises(games.UnknownGame, match=r"^no game 'chess'; games: .*armata_strigoi"):
        games.load("chess")


def test_a_taken_game_id_is_refused() -> None:
    assert games.register(RACE) is RACE  # the same game again: nothing changes
    assert games.register(dataclasses.replace(RACE, title="Race again")).title == "Race again"  # a reload
    games.register(RACE)
    impostor = dataclasses.replace(ARMATA, id="toy_race", rules=RACE.rules, texts=RACE.texts)
    with pytest.raises(ValueError, match="game id 'toy_race' is taken"):
        games.register(impostor)
    with pytest.raises(TypeError, match="not a GameDefinition: str"):
        games.register("toy_race")  # type: ignore[arg-type]
    assert games.load("toy_race") is RACE


# ------------------------------------------------------------------------------------------------ records
def test_a_record_is_written_read_and_replayed(tmp_path: Path) -> None:
    engine = new_engine(RACE, "explicit", seats=3, faces=4, seed=2)
    actions, final = _played(engine, seed=2)
    record = Record.of(engine, actions, final)
    path = tmp_path / "race.json"
    write_record(record, path)
    assert json.loads(path.read_text())["game"] == "toy_race" and json.loads(path.read_text())["format"] == 2
    again = read_record(path)
    assert again == record
    replayed, state = replay_record(again, str(path))
    assert state.hash() == final.hash() and replayed.chance == "explicit"


def _record_data() -> dict[str, Any]:
    engine = new_engine(RACE, seats=2, seed=4)
    actions, final = _played(engine, seed=4)
    return Record.of(engine, actions, final).to_json()


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        ({"format": 1}, "format", "unsupported format 1; this reader reads 2"),
        ({"game": "chess"}, "game", "no game 'chess'"),
        ({"actions": [{"kind": "jump", "seat": 0}]}, "actions[0]", "unknown action kind 'jump'"),
        ({"final_hash": "abc"}, "final_hash", "must be 64 lowercase hex digits"),
        ({"chance": "sometimes"}, "chance", "Input should be 'auto' or 'explicit'"),
        ({"extra": 1}, "extra", "unknown key"),
    ],
)
def test_a_malformed_record_is_refused_naming_the_key(change: dict[str, object], key: str, problem: str) -> None:
    with pytest.raises(RecordError) as refused:
        record_from_json(_record_data() | change, "r.json")
    assert (refused.value.source, refused.value.key) == ("r.json", key)
    assert refused.value.problem.startswith(problem), refused.value.problem


def test_a_record_that_does_not_replay_is_refused_where_it_breaks() -> None:
    data = _record_data()
    wrong_seat = record_from_json(data | {"actions": [{"kind": "choose", "seat": 1, "option": "walk"}]})
    with pytest.raises(RecordError, match=r"^r: actions\[0\]: refused by the rules: .*\(rule race\.turn: race\.en:2\)"):
        replay_record(wrong_seat, "r")
    other_end = record_from_json(data | {"final_hash": "0" * 64})
    with pytest.raises(RecordError, match=r"^r: final_hash: the replay ends in state [0-9a-f]{16}…, not 0{16}…$"):
        replay_record(other_end, "r")
    bad_setup = record_from_json(data | {"setup": {"seats": 9}})
    with pytest.raises(RecordError, match=r"^r: setup: seats must be 2 to 4; got 9$"):
        replay_record(bad_setup, "r")
    unknown_argument = record_from_json(data | {"setup": {"seats": 2, "colour": "red"}})
    unknown = r"^r: setup: game toy_race: no setup argument 'colour'; it takes seats, length, faces, seed$"
    with pytest.raises(RecordError, match=unknown):
        replay_record(unknown_argument, "r")


def test_the_record_check_finds_a_setup_that_does_not_set_the_game_up_again() -> None:
    def forgetful(ctx: RaceContext) -> dict[str, object]:
        return {"seats": ctx.seats, "seed": ctx.seed}  # the track's length is lost

    play = Play(dataclasses.replace(RACE, setup_json=forgetful), new_context(2, length=30))
    with pytest.raises(ConformanceError, match="seed 0's record does not replay"):
        check_record_replay(play, 0, 5_000)
    assert check_record_replay(Play(RACE, new_context(2, length=30)), 0, 5_000) > 10
