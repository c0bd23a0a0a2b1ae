"""Golden playthroughs replay decision by decision to the recorded state hashes and log lines (regenerate: ``make
golden``)."""

from __future__ import annotations

import json

import pytest

from tests import golden


@pytest.mark.parametrize("spec", golden.GAMES, ids=[g.name for g in golden.GAMES])
def test_a_golden_game_replays_to_the_same_hash_after_every_decision(spec: golden.GoldenGame) -> None:
    path = golden.GOLDEN_DIR / spec.name
    assert path.is_file(), f"{path} is missing: run `make golden` and review the diff"
    checked, difference = golden.replay(spec)
    assert difference is None, f"{spec.name}: {difference} (if the change is intended: `make golden`)"
    assert checked > 50


def test_every_preset_has_a_golden_game() -> None:
    from armata_rules import editions

    assert {g.preset.name for g in golden.GAMES} == {p.name for p in editions.ALL}
    assert {g.players for g in golden.GAMES} == {2, 3, 4, 5}


def test_a_changed_record_is_caught_at_its_decision(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    spec = golden.GAMES[0]
    data = json.loads((golden.GOLDEN_DIR / spec.name).read_text(encoding="utf-8"))
    data["steps"][7]["hash"] = "0" * 64
    (tmp_path / spec.name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    checked, difference = golden.replay(spec)
    assert checked == 7 and difference is not None and "decision 7" in difference


def test_a_changed_log_line_is_caught_at_its_decision(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    spec = golden.GAMES[0]
    data = json.loads((golden.GOLDEN_DIR / spec.name).read_text(encoding="utf-8"))
    step = next(n for n, s in enumerate(data["steps"]) if s["log"])
    data["steps"][step]["log"][0] += " (edited)"
    (tmp_path / spec.name).write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(golden, "GOLDEN_DIR", tmp_path)
    checked, difference = golden.replay(spec)
    assert checked == step and difference is not None and "the log says" in difference
