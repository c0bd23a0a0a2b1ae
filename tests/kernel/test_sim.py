"""Simulation of any game on the kernel (:mod:`armata_rules.kernel.sim`), on the toy race and on Armata."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from armata_rules.game import ARMATA
from armata_rules.kernel.play.actions import Action, Choose
from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.records import record_from_json, replay_record
from armata_rules.kernel.sim import batch
from armata_rules.kernel.sim.bots import bot_names, make_bot
from armata_rules.kernel.testing.toy import RACE, RaceState, TurnRules


def _race(seed: int, bot: str = "random", **setup: object) -> batch.Spec:
    return batch.Spec("toy_race", {"seats": 3, "seed": seed} | setup, seed=seed, bot=bot)


def test_a_batch_is_a_pure_function_of_its_specs() -> None:
    specs = [_race(seed) for seed in range(20)]
    first = batch.run(specs)
    assert batch.run(specs) == first
    assert len({result.final_hash for result in first}) > 10  # the seeds play different games
    assert {result.outcome for result in first} == {"finished"}
    assert all(sorted(result.returns) == [0.0, 0.0, 1.0] for result in first)
    summary = batch.summarise(first)
    assert summary.games == 20 and summary.outcomes == {"finished": 20}
    assert summary.to_json()["outcomes"] == {"finished": 20} and summary.mean_decisions > 3


def test_the_spec_key_names_everything_that_decides_the_game() -> None:
    keys = {_race(1).key, _race(2).key, _race(1, bot="first").key, _race(1, length=20).key}
    assert len(keys) == 4 and _race(1).key == _race(1).key


def test_a_capped_game_is_unfinished_and_a_broken_one_is_an_error() -> None:
    capped = batch.play(dataclasses.replace(_race(0, length=500), max_decisions=5))
    assert (capped.outcome, capped.decisions, capped.error) == ("unfinished", 5, "")

    class Broken(TurnRules):
        def apply(self, ctx: Any, state: RaceState, frame: Any, action: Action) -> RaceState:
            raise KeyError("a bug in the rules")

    table = type(RACE.handlers)()
    for frame_type, handler in RACE.handlers.by_frame.items():
        table.handles(frame_type, Broken if handler.__class__ is TurnRules else type(handler))
    broken = dataclasses.replace(RACE, handlers=table)
    result = batch.play(_race(0), lookup=lambda _: broken)
    assert result.outcome == "error" and result.error == "KeyError: 'a bug in the rules'"


def test_bots_by_name_and_a_games_own() -> None:
    assert bot_names() == ("first", "random")

    class Walker:
        def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
            return next(a for a in actions if isinstance(a, Choose) and a.option == "walk")

    assert bot_names({"walker": Walker}) == ("first", "random", "walker")
    spec = dataclasses.replace(_race(3, bot="walker"), max_decisions=12)
    walked = batch.play(spec, bots={"walker": Walker}, keep_record=True)
    actions = json.loads(walked.record)["actions"]
    assert len(actions) == 12 and {action["option"] for action in actions} == {"walk"}
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots: first, random"):
        make_bot("clever")


def test_a_kept_record_replays_to_the_result() -> None:
    result = batch.play(_race(4), keep_record=True)
    _, state = replay_record(record_from_json(json.loads(result.record)))
    assert state.hash() == result.final_hash


def test_armata_is_simulated_through_the_kernel_too() -> None:
    spec = batch.Spec(ARMATA.id, {"heroes": ["Attila", "Roel"], "seed": 5}, seed=5, max_decisions=300)
    first = batch.play(spec)
    assert first == batch.play(spec) and first.outcome in ("unfinished", "powerwolf_win", "strigoi_win")
    assert first.decisions <= 300 and first.error == ""


def test_worker_processes_give_the_same_results_in_spec_order() -> None:
    specs = [_race(seed) for seed in range(12)]
    seen: list[str] = []
    assert batch.run(specs, workers=2, progress=lambda r: seen.append(r.key)) == batch.run(specs)
    assert sorted(seen) == sorted(spec.key for spec in specs)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"backend": "cloud"}, "no backend 'cloud'; backends: local, ray"),
        ({"workers": 0}, "workers must be at least 1, not 0"),
        ({"address": "ray://head:10001"}, "--address is for the ray backend"),
    ],
)
def test_bad_backend_options_are_refused_before_any_game(options: dict[str, Any], message: str) -> None:
    from armata_rules.kernel.sim.backends import BackendError

    with pytest.raises(BackendError, match=message):
        batch.run([_race(1)], **options)
