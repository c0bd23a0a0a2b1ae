"""Simulation without the [scale] extra: game specs, caps, engine errors, local workers, the study's design."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.cli import main
from armata_rules.engine import Game
from armata_rules.records import load_record, replay
from armata_rules.sim.backends import BackendError, iter_results, run_specs
from armata_rules.sim.runner import GameResult, GameSpec, play, summarise
from armata_rules.sim.study import analyse, paired_difference, study_specs, variants
from armata_rules.variants import READINGS, Movement
from tests.scale_support import need

SPECS = [GameSpec(editions.PEG19_EN, 3, seed) for seed in range(4)]


def test_a_game_is_a_function_of_its_spec() -> None:
    first, again = play(SPECS[1]), play(SPECS[1])
    assert first == again
    assert first.outcome in ("powerwolf_win", "strigoi_win")
    assert first.key == SPECS[1].key and first.preset == "peg19.en" and first.readings["movement"] == "may_up_to"


def test_the_same_seed_gives_the_same_game_in_a_fresh_process_with_another_hash_seed() -> None:
    code = (
        "from armata_rules import editions; from armata_rules.sim.runner import GameSpec, play; "
        "print(play(GameSpec(editions.PEG19_EN, 3, 2)).final_hash)"
    )
    hashes = {
        subprocess.run(
            [sys.executable, "-c", code],
            env=os.environ | {"PYTHONHASHSEED": str(h)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for h in (1, 2)  # these two hash seeds played different games before borders were sorted
    }
    assert hashes == {play(GameSpec(editions.PEG19_EN, 3, 2)).final_hash}


def test_spec_keys_name_readings_not_the_ruleset_name() -> None:
    renamed = GameSpec(editions.PEG19_EN.with_(name="another name"), 3, 0)
    assert renamed.key == SPECS[0].key
    changed = GameSpec(editions.PEG19_EN.with_(movement=Movement.MUST_UP_TO), 3, 0)
    assert changed.key != SPECS[0].key
    assert GameSpec(editions.PEG19_EN, 3, 0, max_decisions=5).key != SPECS[0].key


def test_the_decision_cap_reports_an_unfinished_game() -> None:
    result = play(GameSpec(editions.PEG19_EN, 2, 0, max_decisions=25))
    assert (result.outcome, result.ended_by, result.decisions) == ("unfinished", "decision cap", 25)


def test_an_engine_error_is_reported_with_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Game.apply
    calls = []

    def broken(self: Game, state: object, action: object) -> object:
        calls.append(1)
        if len(calls) == 30:
            raise AssertionError("seat 1 has no card this round")
        return real(self, state, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", broken)
    result = play(SPECS[0], keep_record=True)
    assert result.outcome == "error" and result.decisions == 29
    assert result.ended_by == "AssertionError: seat 1 has no card this round"
    assert summarise([result]).errors == 1
    assert result.record is not None and len(json.loads(result.record)["actions"]) == 29


def test_local_workers_give_the_same_results_in_spec_order() -> None:
    serial = run_specs(SPECS, workers=1)
    assert run_specs(SPECS, workers=2) == serial
    assert [r.seed for r in serial] == [0, 1, 2, 3]
    assert {r.final_hash for r in serial} == {play(s).final_hash for s in SPECS}


def test_records_are_saved_and_replay_to_the_final_hash(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path)) / "records"
    results = run_specs(SPECS[:2], records=folder)
    files = sorted(folder.glob("*.json"))
    assert len(files) == 2
    for path, result in zip(files, results, strict=True):
        _, final = replay(load_record(path), str(path))
        assert final.hash() == result.final_hash


def test_unknown_backend_and_address_without_ray_are_refused() -> None:
    with pytest.raises(BackendError, match="no backend 'spark'"):
        iter_results(SPECS, backend="spark")
    with pytest.raises(BackendError, match="--address is for the ray backend"):
        iter_results(SPECS, address="127.0.0.1:6379")


def test_every_option_a_preset_does_not_take_is_one_variant() -> None:
    found = variants(editions.PEG19_EN)
    expected = sum(len(spec.options) - 1 for spec in READINGS)
    assert len(found) == expected
    for reading, option, label, ruleset in found:
        differing = [k for k, v in ruleset.readings().items() if v != editions.PEG19_EN.readings()[k]]
        assert differing == [reading] and label == f"{reading}={option}"
    specs = study_specs(editions.PEG19_EN, [2, 3], games=3, seed=10)
    assert len(specs) == (expected + 1) * 2 * 3
    assert {s.seed for s in specs} == {10, 11, 12}


def test_paired_difference_matches_a_hand_computed_t_interval() -> None:
    need("scipy")
    diff = paired_difference([1, 1, 0, 1, 1], [0, 1, 0, 0, 1])
    # differences 1,0,0,1,0: mean 0.4, sd 0.5477, t(0.975, 4) = 2.7764
    assert diff.mean == pytest.approx(0.4)
    assert diff.high - diff.mean == pytest.approx(2.7764 * 0.5477226 / math.sqrt(5), rel=1e-4)
    assert not diff.significant
    assert paired_difference([3, 2, 3, 4], [0, 0, 0, 0]).significant
    # every pair differing by the same amount has no spread: said in words, not a zero-wide interval
    assert paired_difference([1, 1, 1, 1], [0, 0, 0, 0]).text() == "no spread"
    with pytest.raises(ValueError, match="differ in length"):
        paired_difference([1], [1, 0])


def _result(preset: str, readings: dict[str, str], heroes: int, seed: int, outcome: str, rounds: int) -> GameResult:
    return GameResult(seed, heroes, outcome, rounds, 100, 1, "", "0" * 64, preset, readings)


def test_analyse_pairs_each_option_with_the_baseline_on_the_same_seed() -> None:
    need("scipy")
    base = {k: v.value for k, v in editions.PEG19_EN.readings().items()}
    must = base | {"movement": "must_up_to"}
    results = [_result("b", base, 2, s, "strigoi_win", 10) for s in range(4)]
    results += [_result("m", must, 2, s, "powerwolf_win" if s < 3 else "error", 12) for s in range(4)]
    report = analyse(editions.PEG19_EN, results, games=4, seed=0, heroes=[2], bot="greedy")
    pooled, per_count = [i for i in report.impacts if i.reading == "movement" and i.option == "must_up_to"]
    assert (pooled.heroes, per_count.heroes) == (0, 2)
    assert (per_count.pairs, per_count.errors) == (3, 1)
    assert (per_count.baseline_win_rate, per_count.option_win_rate) == (0.0, 1.0)
    assert per_count.win_rate.mean == 1.0 and per_count.rounds.mean == 2.0
    assert (per_count.win_rate.option_only, per_count.win_rate.baseline_only) == (3, 0)
    assert per_count.win_rate.text(100) == "not enough games"  # 3 pairs changed winner: p = 0.25 at best
    assert per_count.rounds.text() == "no spread"
    assert report.ranking()[0].reading == "movement"
    others = [i for i in report.impacts if i.reading == "icon_scope"]
    assert all(i.pairs == 0 for i in others)


def test_cli_refuses_bad_run_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--address", "x:1"]) == 2
    assert "--address needs --backend ray" in capsys.readouterr().err
    assert main(["study", "readings", "--heroes", "1-3", "--games", "2"]) == 2
    assert "hero counts are 2 to 5" in capsys.readouterr().err
    assert main(["study", "readings", "--heroes", "two", "--games", "2"]) == 2
    assert "expected N or N-M" in capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--workers", "0"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
    assert main(["study", "editions", "--games", "1"]) == 2
    assert "--games must be at least 2" in capsys.readouterr().err
    assert main(["study", "editions", "--heroes", "2-6", "--games", "2"]) == 2
    assert "hero counts are 2 to 5" in capsys.readouterr().err


def test_cli_study_editions_compares_each_preset_on_local_workers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    need("scipy")
    out = tmp_path / "editions.json"
    args = ["study", "editions", "--heroes", "2", "--games", "3", "--seed", "4", "--workers", "2", "--out", str(out)]
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert json.loads(out.read_text()) == data
    assert data["format"] == 1 and data["baseline"] == "peg19.en" and data["heroes"] == [2]
    assert [e["edition"] for e in data["editions"]] == [p.name for p in editions.ALL if p.name != "peg19.en"]
    french = next(e for e in data["editions"] if e["edition"] == "peg19.fr")
    assert french["verdicts"]["unmodelled"] < french["verdicts"]["play_changing"]
    pooled, two = french["results"]
    assert (pooled["heroes"], two["heroes"], pooled["pairs"]) == (0, 2, 3)
    base = [play(GameSpec(editions.PEG19_EN, 2, seed)) for seed in (4, 5, 6)]
    mine = [play(GameSpec(editions.PEG19_FR, 2, seed)) for seed in (4, 5, 6)]
    assert pooled["baseline_wins"]["wins"] == sum(r.powerwolf_won for r in base)
    assert pooled["edition_wins"]["wins"] == sum(r.powerwolf_won for r in mine)
    assert pooled["win_rate_diff"]["option_only"] == sum(
        m.powerwolf_won and not b.powerwolf_won for b, m in zip(base, mine, strict=True)
    )
    assert pooled["edition_rounds"] == pytest.approx(sum(r.rounds for r in mine) / 3, abs=1e-3)
    monkeypatch.setenv("COLUMNS", "200")  # the table at full width
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "Each edition preset against peg19.en" in text and "unmodelled:" in text
    verdicts = french["verdicts"]
    assert f"{verdicts['unmodelled']} of {verdicts['play_changing']}" in text.split("peg19.fr", 1)[1].splitlines()[0]


def test_cli_simulate_json_lists_each_game_with_its_hash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--heroes", "2", "--games", "2", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in data["games_detail"]] == [5, 6]
    assert data["games_detail"][0]["final_hash"] == play(GameSpec(editions.PEG19_EN, 2, 5)).final_hash
    assert data["errors"] == 0
