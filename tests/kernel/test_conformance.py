"""The kernel's conformance checks (:mod:`armata_rules.kernel.testing.conformance`) on both games defined on the
kernel, Armata and the toy race; each check also shown to fail on a race with the fault it looks for planted in it;
and both games' random play the same under another ``PYTHONHASHSEED``."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from armata_rules import Game, editions
from armata_rules.game import ARMATA
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose
from armata_rules.kernel.play.game import Ending
from armata_rules.kernel.play.handlers import HandlerTable, Refusal
from armata_rules.kernel.testing.conformance import (
    ConformanceError,
    Play,
    check_action_space,
    check_chance,
    check_determinism,
    check_game,
    check_kinds,
    check_observations,
    check_random_play,
    check_refusals,
    check_unlisted,
)
from armata_rules.kernel.testing.toy import (
    RACE,
    RaceActions,
    RaceCodec,
    RaceContext,
    RaceState,
    RaceView,
    Roll,
    RollRules,
    Turn,
    TurnRules,
    new_context,
)

ROOT = Path(__file__).resolve().parents[2]
HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


def test_armata_passes_the_conformance_checks() -> None:
    contexts = [Game.new(HEROES[:n], ruleset=editions.ALL[n % len(editions.ALL)], seed=n).ctx for n in (2, 3, 4, 5)]
    assert check_game(ARMATA, contexts, seeds=1) > 1_000


def test_armata_refusals_are_checked_and_name_its_own_rules() -> None:
    play = Play(ARMATA, Game.new(HEROES[:3], seed=1).ctx)
    assert check_refusals(play, 1, 20_000) > 100


# ------------------------------------------------------------------------------------------------ faults planted


def _race_with(frame_type: type, handler: type) -> Any:
    """The race with ``handler`` in place of the handler of ``frame_type``."""
    table: HandlerTable[RaceContext, RaceState] = HandlerTable()
    for known, current in RACE.handlers.by_frame.items():
        table.handles(known, handler if known is frame_type else type(current))
    return dataclasses.replace(RACE, handlers=table)


class _LaxTurn(TurnRules):
    """A guard that lets any seat move."""

    def guard(self, ctx: RaceContext, state: RaceState, frame: Turn, action: Action) -> Refusal | None:
        return (
            None
            if isinstance(action, Choose) and action.option in ("walk", "roll")
            else super().guard(ctx, state, frame, action)
        )


class _LoadedDie(RollRules):
    """A die whose faces do not add up to certainty."""

    def outcomes(self, ctx: RaceContext, state: RaceState, frame: Roll) -> list[tuple[ChanceOutcome, float]]:
        return [(outcome, probability / 2) for outcome, probability in super().outcomes(ctx, state, frame)]


class _ChanceTurn(RollRules):
    """A chance handler for a frame that says a player decides."""

    def outcomes(self, ctx: RaceContext, state: RaceState, frame: Any) -> list[tuple[ChanceOutcome, float]]:
        return [(ChanceOutcome("roll", "1"), 1.0)]


def test_an_unlisted_action_the_guard_allows_is_found() -> None:
    play = Play(_race_with(Turn, _LaxTurn), new_context(2))
    with pytest.raises(ConformanceError, match=r"Choose\(seat=1, option='walk'\) is not listed, yet the guard allows"):
        check_refusals(play, 0, 1_000)
    assert check_refusals(Play(RACE, new_context(2)), 0, 1_000) > 10  # the real guard passes


class _ForgetfulTurn(TurnRules):
    """A turn that lists only the roll, while its guard still allows the walk: a legal decision not enumerated."""

    def candidates(self, ctx: RaceContext, state: RaceState, frame: Turn) -> list[Action]:
        return [Choose(frame.seat, "roll")]


def test_a_legal_action_left_unlisted_is_found_by_drawing_from_the_numbering() -> None:
    """Moving listed actions to another seat cannot find it (the seat's guard refuses those); drawing from the whole
    numbering, and from each listed action's own type, does."""
    play = Play(_race_with(Turn, _ForgetfulTurn), new_context(2))
    check_refusals(play, 0, 1_000)
    with pytest.raises(ConformanceError, match=r"Choose\(seat=., option='walk'\) is not listed, yet the guard allows"):
        check_unlisted(play, 0, 1_000)
    assert check_unlisted(Play(RACE, new_context(2)), 0, 1_000) > 10  # the real turn lists what it allows


def test_probabilities_that_do_not_sum_to_one_are_found() -> None:
    play = Play(_race_with(Roll, _LoadedDie), new_context(2, faces=4), auto_chance=False)
    with pytest.raises(ConformanceError, match=r"probabilities sum to 0\.5"):
        check_chance(play, 0, 1_000)


def test_a_frame_whose_handler_is_of_another_kind_is_found() -> None:
    play = Play(_race_with(Turn, _ChanceTurn), new_context(2), auto_chance=False)
    with pytest.raises(ConformanceError, match="Turn is decided by player, but its handler is a _ChanceTurn"):
        check_kinds(play, 0, 1_000)


def test_a_game_that_never_ends_is_found() -> None:
    def never(ctx: RaceContext, state: RaceState) -> Ending | None:
        return None

    play = Play(dataclasses.replace(RACE, terminal=never), new_context(2))
    with pytest.raises(ConformanceError, match="seed 0 did not end in 500 decisions"):
        check_random_play(play, 0, 500)


def test_a_game_that_plays_differently_twice_is_found() -> None:
    unseeded = random.SystemRandom()

    def restless(ctx: RaceContext, before: RaceState, after: RaceState) -> RaceState:
        """Puts seat 0 on space 0 or 1 by a generator outside the game's seed: two plays of a seed differ."""
        return dataclasses.replace(after, positions=(unseeded.randrange(2), *after.positions[1:]))

    play = Play(dataclasses.replace(RACE, triggers=(restless,)), new_context(2))
    with pytest.raises(ConformanceError, match="seed 0 played twice differs at step"):
        check_determinism(play, 0, 1_000)


# ------------------------------------------------------------------------------------------------ across processes

_FINGERPRINTS = """
import json
from armata_rules import Game
from armata_rules.game import ARMATA
from armata_rules.kernel.testing.conformance import Play, check_determinism
from armata_rules.kernel.testing.toy import RACE, new_context
found = [check_determinism(Play(RACE, new_context(3, seed=seed)), seed, 1_000) for seed in range(3)]
ctx = Game.new(["Attila", "Roel", "Charles"], seed=4).ctx
found += [check_determinism(Play(ARMATA, ctx, auto_chance), 4, 20_000) for auto_chance in (True, False)]
from armata_rules.wladcy_nocy.context import new_context as wn_context
from armata_rules.wladcy_nocy.game import WLADCY_NOCY
for n, seed in ((2, 5), (5, 6)):
    wn = wn_context(["imre", "mila", "agnieszka", "ishtvan", "nevena"][:n], content="synthetic-test", seed=seed)
    found += [check_determinism(Play(WLADCY_NOCY, wn, auto_chance), seed, 20_000) for auto_chance in (True, False)]
print(json.dumps(found))
"""


def test_every_game_plays_the_same_under_another_hash_seed() -> None:
    """The toy race, Armata and Władcy Nocy (2 and 5 vampires), each with chance resolved by the engine and by the
    caller, give the same fingerprint of play in processes of different ``PYTHONHASHSEED``."""

    def fingerprints(hash_seed: str) -> list[str]:
        env = os.environ | {"PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _FINGERPRINTS], capture_output=True, text=True, cwd=ROOT, env=env, check=False
        )
        assert done.returncode == 0, done.stderr
        found: list[str] = json.loads(done.stdout)
        return found

    first = fingerprints("0")
    assert len(first) == 9 and len(set(first)) == 9
    assert fingerprints("4242") == first


class _ShortNumbering(RaceActions):
    """A numbering that forgets the die's last face."""

    @property
    def num_distinct_actions(self) -> int:
        return super().num_distinct_actions - 1


class _CollidingNumbering(RaceActions):
    """A numbering that gives walk and roll one number."""

    def action_to_index(self, action: Action) -> int:
        index = super().action_to_index(action)
        return index - index % 2 if isinstance(action, Choose) else index


class _ForgetfulCodec(RaceCodec):
    """A numeric form that drops the round."""

    def decode(self, vector: list[float]) -> RaceView:
        return dataclasses.replace(super().decode(vector), round=1)


def test_a_numbering_that_is_no_bijection_or_misses_an_action_is_found() -> None:
    ctx = new_context(2, faces=3, length=20)
    colliding = dataclasses.replace(RACE, action_space=lambda ctx: _CollidingNumbering(ctx.seats, ctx.faces))
    with pytest.raises(ConformanceError, match=r"action index 1 \(Choose\(seat=0, option='roll'\)\) does not map back"):
        check_action_space(Play(colliding, ctx), 0, 5_000)
    short = dataclasses.replace(RACE, action_space=lambda ctx: _ShortNumbering(ctx.seats, ctx.faces))
    with pytest.raises(ConformanceError, match=r"listed ChanceOutcome\(decision='roll', outcome='3'\) has no index"):
        check_action_space(Play(short, ctx, auto_chance=False), 0, 5_000)
    assert check_action_space(Play(RACE, ctx, auto_chance=False), 0, 5_000) == 2 * 2 + 3


def test_an_observation_that_does_not_survive_its_numeric_form_is_found() -> None:
    ctx = new_context(3, length=20)
    forgetful = dataclasses.replace(RACE, observation_codec=lambda ctx: _ForgetfulCodec(ctx.seats))
    with pytest.raises(ConformanceError, match=r"seat 0: the observation does not survive its numeric form"):
        check_observations(Play(forgetful, ctx), 0, 5_000)
    assert check_observations(Play(RACE, ctx), 0, 5_000) > 3
    with pytest.raises(ConformanceError, match="needs observe, observation_codec and seat_count hooks"):
        check_observations(Play(dataclasses.replace(RACE, observe=None), ctx), 0, 5_000)
