"""The kernel's toy game (a race on a track, :mod:`armata_rules.kernel.testing.toy`), played through the kernel's
own loop: random legal play to the end, illegal actions refused by a rule of the race's book, determinism for a
seed, its end test and its "as soon as" rule; and the checks a game definition gets when it is built."""

from __future__ import annotations

import dataclasses
import pickle
import random
import re

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import ChanceOutcome, Choose, Pass
from armata_rules.kernel.play.dispatch import checked_state, refusal
from armata_rules.kernel.play.frames import FrameTypes
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.play.handlers import HandlerTable
from armata_rules.kernel.play.registry import RuleBook, RuleViolation
from armata_rules.kernel.testing.conformance import Play, check_game, random_play
from armata_rules.kernel.testing.toy import (
    RACE,
    RULEBOOK,
    NextTurn,
    RaceContext,
    RaceOutcome,
    RaceState,
    Roll,
    Turn,
    new_context,
)


def _play(seats: int = 2, *, seed: int = 0, auto_chance: bool = True, **facts: int) -> Play[RaceContext, RaceState]:
    return Play(RACE, new_context(seats, seed=seed, **facts), auto_chance)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("auto_chance", [True, False])
def test_random_legal_play_reaches_the_end(seats: int, auto_chance: bool) -> None:
    for seed in range(10):
        play = _play(seats, seed=seed, auto_chance=auto_chance)
        states = [state for state, _ in random_play(play, seed, 1_000)]
        last = states[-1]
        assert last.outcome is RaceOutcome.FINISHED
        assert max(last.positions) >= play.ctx.length and play.legal(last) == []
        assert last.log is not None and re.fullmatch(r"seat \d reaches the end and wins", last.log.text)
        if not auto_chance:  # the die is rolled by a chance outcome the player applies
            assert any(state.frames and type(state.frames[-1]) is Roll for state in states)
        assert all(state.outcome is None for state in states[:-1])


def test_the_turn_lists_walk_and_roll_for_the_seat_to_move_and_the_die_its_faces() -> None:
    play = _play(3, auto_chance=False, faces=4)
    state = play.start()
    assert state.frames == (Turn(0),) and state.positions == (0, 0, 0)
    assert play.legal(state) == [Choose(0, "walk"), Choose(0, "roll")]
    rolled = play.apply(state, Choose(0, "roll"))
    assert rolled.frames == (NextTurn(0), Roll(0))
    assert play.legal(rolled) == [ChanceOutcome("roll", str(face)) for face in range(1, 5)]
    moved = play.apply(rolled, ChanceOutcome("roll", "3"))
    assert moved.positions == (3, 0, 0) and moved.frames == (Turn(1),) and moved.chance_count == 1
    assert moved.log is not None and moved.log.lines()[-1] == "round 1: seat 0 rolls 3 and moves to space 3"


def test_illegal_actions_are_refused_with_the_rule_they_break() -> None:
    play = _play(2)
    state = play.start()
    cases = [
        (Choose(1, "walk"), "race.turn", "it is seat 0's turn, not seat 1's"),
        (Choose(0, "fly"), "race.move", "the options are walk or roll; got 'fly'"),
        (Pass(0, "turn"), "race.move", "a turn is a choice (walk or roll), not 'pass'"),
    ]
    for action, rule_id, message in cases:
        refused = refusal(RACE, play.ctx, state, action)
        assert refused is not None and (refused.rule.id, refused.message) == (rule_id, message)
        with pytest.raises(RuleViolation) as violation:
            play.apply(state, action)
        clause = RACE.rules.rules[rule_id].clauses[0]
        assert str(violation.value) == f"{rule_id} ({clause}): {message}"
    assert refusal(RACE, play.ctx, state, Choose(0, "walk")) is None


def test_a_state_of_another_type_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^not a RaceState: str$"):
        checked_state(RACE, "a state")


def test_the_same_seed_plays_the_same_race_and_another_seed_another() -> None:
    def hashes(seed: int) -> list[str]:
        play = _play(3, seed=seed)
        return [state.hash() for state, _ in random_play(play, seed, 1_000)]

    assert hashes(5) == hashes(5)
    assert len({tuple(hashes(seed)) for seed in range(6)}) == 6


def test_landing_on_a_counter_sends_it_back_to_the_start() -> None:
    play = _play(2)
    state = replace(play.start(), positions=(2, 3))
    after = play.apply(state, Choose(0, "walk"))
    assert after.positions == (3, 0) and after.frames == (Turn(1),)
    assert after.log is not None and after.log.text == "seat 0 sends seat 1 back to the start"
    # a counter that lands on an empty space, or on space 0, bumps nobody
    assert play.apply(replace(state, positions=(2, 5)), Choose(0, "walk")).positions == (3, 5)


def test_the_race_ends_at_once_when_a_counter_reaches_the_end() -> None:
    play = _play(2, length=5)
    state = replace(play.start(), positions=(4, 4))
    over = play.apply(state, Choose(0, "walk"))
    assert over.outcome is RaceOutcome.FINISHED and over.positions == (5, 4)  # the end bumps nobody
    assert over.log is not None and over.log.text == "seat 0 reaches the end and wins"
    assert play.legal(over) == []
    with pytest.raises(ValueError, match="the game is over"):
        play.apply(over, Choose(1, "walk"))


def test_a_new_round_begins_after_the_last_seat() -> None:
    play = _play(2)
    start = replace(play.start(), positions=(0, 3))
    state = play.apply(play.apply(start, Choose(0, "walk")), Choose(1, "walk"))
    assert state.round == 2 and state.frames == (Turn(0),) and state.positions == (1, 4)
    assert state.log is not None
    assert state.log.lines()[-2:] == ["round 1: seat 1 walks to space 4", "round 1: round 2 begins"]


def test_states_survive_pickling_and_their_json_form() -> None:
    play = _play(3, seed=4, auto_chance=False)
    for state, _ in random_play(play, 4, 1_000):
        assert pickle.loads(pickle.dumps(state)) == state
        assert RaceState.from_json(state.to_json()) == state
        assert RaceState.from_json(state.to_json()).hash() == state.hash()


def test_a_malformed_state_file_names_the_key() -> None:
    data = _play(2).start().to_json()
    data["frames"] = [{"__type__": "Fly", "seat": 0}]
    with pytest.raises(Exception, match="<state>: frames") as error:
        RaceState.from_json(data)
    assert type(error.value).__name__ == "StateFileError"


def test_every_clause_the_race_cites_is_a_line_of_its_rulebook() -> None:
    for rule in RACE.rules.rules.values():
        for clause in rule.clauses:
            source, line = clause.split(":")
            assert source == "race.en" and 1 <= int(line) <= len(RULEBOOK), clause
        assert rule.module == "armata_rules.kernel.testing.toy"


def test_the_race_passes_the_conformance_checks() -> None:
    contexts = [new_context(seats, seed=seed, length=8 + seats, faces=seats) for seats in (2, 3, 4) for seed in (1, 2)]
    assert check_game(RACE, contexts, seeds=2) > 100


def test_new_context_names_a_wrong_argument() -> None:
    with pytest.raises(ValueError, match=r"^seats must be 2 to 4; got 5$"):
        new_context(5)
    with pytest.raises(ValueError, match=r"^length must be 2 or more; got 1$"):
        new_context(2, length=1)
    with pytest.raises(ValueError, match=r"^seed must be an int; got bool$"):
        new_context(2, seed=True)


# ------------------------------------------------------------------------------------------------ the definition


def _definition(**changes: object) -> GameDefinition[RaceContext, RaceState]:
    fields = {f.name: getattr(RACE, f.name) for f in dataclasses.fields(RACE)}
    return GameDefinition(**(fields | changes))


def test_a_definition_is_checked_when_built() -> None:
    assert _definition() == RACE
    with pytest.raises(ValueError, match="game id 'Toy Race' must be a lower-case identifier"):
        _definition(id="Toy Race")
    with pytest.raises(ValueError, match="seats must be a range of one or more seats by 1"):
        _definition(seats=range(2, 2))
    with pytest.raises(ValueError, match=r"the state type .* must be a Memo"):
        _definition(state_type=RaceContext)
    with pytest.raises(ValueError, match="frame types without a handler: Roll"):
        partial: HandlerTable[RaceContext, RaceState] = HandlerTable()
        for frame_type, handler in RACE.handlers.by_frame.items():
            if frame_type is not Roll:
                partial.handles(frame_type, type(handler))
        _definition(handlers=partial)
    with pytest.raises(ValueError, match="handlers of frame types it does not list: NextTurn"):
        _definition(frames=FrameTypes((Turn, Roll)))
    with pytest.raises(ValueError, match="its rule book belongs to 'other'"):
        _definition(rules=RuleBook("other"))


def test_frame_types_refuse_a_clash_or_a_class_that_is_no_frame() -> None:
    with pytest.raises(ValueError, match="two frame classes are named 'Turn'"):
        FrameTypes((Turn, Turn))
    with pytest.raises(ValueError, match="is not a frame"):
        FrameTypes((RaceContext,))
    frames = FrameTypes((Turn, Roll))
    assert "Turn" in frames and Turn in frames and NextTurn not in frames and frames["Roll"] is Roll
    assert list(frames) == [Turn, Roll] and len(frames) == 2


def test_the_race_is_played_on_its_own_seed_generator() -> None:
    """The same context gives the same race whoever plays it; the seed of the context, not the player's generator,
    decides the die."""
    first = _play(2, seed=9)
    second = dataclasses.replace(first)
    rng = random.Random(0)
    a, b = first.start(), second.start()
    for _ in range(30):
        if a.outcome is not None:
            break
        action = rng.choice(first.legal(a))
        a, b = first.apply(a, action), second.apply(b, action)
        assert a == b and a.hash() == b.hash()
