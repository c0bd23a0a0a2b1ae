"""Game records: saved, loaded, replayed to the same hash; every kind of corrupt record refused where it breaks."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armata_rules import editions
from armata_rules.actions import Action, Protect
from armata_rules.cli import main
from armata_rules.frames import Wounds
from armata_rules.records import GameRecord, RecordError, load_record, replay, save_record
from armata_rules.variants import LATER_READINGS, READINGS, ProtectionUnits, Ruleset
from tests.play import new_game, random_play


def _played(seed: int, players: int = 3, rounds: int = 3, **kwargs: Any) -> GameRecord:
    game = new_game(players, editions.PEG19_IT, seed=seed, **kwargs)
    played = list(random_play(game, random.Random(seed), rounds=rounds))
    actions = [action for _, action in played]
    final = game.apply(played[-1][0], actions[-1])
    return GameRecord.of(game, actions, final)


@settings(max_examples=10)
@given(st.integers(0, 1000), st.integers(2, 5), st.sampled_from(["auto", "explicit"]))
def test_save_load_replay_reaches_the_same_hash(tmp_path_factory: Any, seed: int, players: int, chance: str) -> None:
    record = _played(seed, players, chance=chance)
    path = tmp_path_factory.mktemp("rec") / "game.json"
    save_record(record, path)
    loaded = load_record(path)
    assert loaded == record
    _, state = replay(loaded, str(path))
    assert state.hash() == record.final_hash


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


CORRUPT = [
    ("unknown key", lambda d: d.update(extra=1), "extra", "unknown key"),
    ("format", lambda d: d.update(format=7), "format", "unsupported format 7"),
    ("ruleset value", lambda d: d["ruleset"].update(movement="fly"), "ruleset", "has no option 'fly'"),
    ("action kind", lambda d: d["actions"][2].update(kind="teleport"), "actions[2]", "unknown action kind"),
    ("action field", lambda d: d["actions"][0].pop("site"), "actions[0]", "missing field 'site'"),
    ("action type", lambda d: d["actions"][0].update(seat="zero"), "actions[0]", "must be int"),
    ("illegal action", lambda d: d["actions"][0].update(site="C:0,0"), "actions[0]", "refused by the rules"),
    ("hash", lambda d: d.update(final_hash="0" * 64), "final_hash", "the replay ends in state"),
    ("hash form", lambda d: d.update(final_hash="xyz"), "final_hash", "64 lowercase hex"),
    ("heroes", lambda d: d.update(heroes=["Roel"]), "heroes", "2 to 5 heroes"),
    ("pack", lambda d: d.update(pack="my-pack"), "pack", "not bundled"),
    ("seed bool", lambda d: d.update(seed=True), "seed", "valid integer"),
    ("seed float", lambda d: d.update(seed=1.5), "seed", "valid integer"),
    ("seed beyond 64 bits", lambda d: d.update(seed=2**70), "seed", "out of range"),
    ("seat bool", lambda d: d["actions"][0].update(seat=True), "actions[0]", "field 'seat' must be int; got True"),
    ("site list", lambda d: d["actions"][0].update(site=["x"]), "actions[0]", "field 'site' must be str"),
    ("action not an object", lambda d: d["actions"].__setitem__(1, [1]), "actions[1]", "valid dictionary"),
    ("heroes a string", lambda d: d.update(heroes="Attila"), "heroes", "valid list"),
    ("hero not a string", lambda d: d.update(heroes=["Attila", 3]), "heroes[1]", "valid string"),
    ("heroes repeated", lambda d: d.update(heroes=["Roel", "Roel"]), "heroes", "a different Powerwolf"),
    ("chance", lambda d: d.update(chance="sometimes"), "chance", "'auto' or 'explicit'"),
]


@pytest.mark.parametrize(("change", "key", "problem"), [c[1:] for c in CORRUPT], ids=[c[0] for c in CORRUPT])
def test_corrupt_records_are_refused_where_they_break(tmp_path: Path, change: Any, key: str, problem: str) -> None:
    data = _played(5).to_json()
    change(data)
    path = _write(tmp_path, data)
    with pytest.raises(RecordError) as caught:
        replay(load_record(path), str(path))
    assert caught.value.key == key and problem in caught.value.problem
    assert str(path) in str(caught.value)


def test_cli_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    save_record(_played(9), path)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["hash"] == json.loads(path.read_text())["final_hash"]
    data = json.loads(path.read_text())
    data["final_hash"] = "f" * 64
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1  # a replay that does not reach its state is a failed check
    assert "final_hash" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------ the kernel's format
def test_a_kernel_record_of_an_armata_game_loads_and_replays(tmp_path: Path) -> None:
    """The kernel writes format 2 (a ``game`` key and the setup arguments); Armata's reader takes it as the same game
    its own format 1 describes."""
    from armata_rules.engine import Game
    from armata_rules.kernel.records import Record, write_record

    old = _played(7, players=3, chance="explicit")
    game = Game.new(old.heroes, ruleset=old.ruleset, seed=old.seed, chance=old.chance)
    final = game.initial_state()
    for action in old.actions:
        final = game.apply(final, action)
    path = tmp_path / "kernel.json"
    write_record(Record.of(game, old.actions, final), path)
    assert json.loads(path.read_text())["game"] == "armata_strigoi"
    assert load_record(path) == old
    _, replayed = replay(load_record(path))
    assert replayed.hash() == old.final_hash


def test_a_kernel_record_of_another_game_or_with_a_broken_setup_is_refused(tmp_path: Path) -> None:
    from armata_rules.kernel.testing.toy import RACE

    data: dict[str, Any] = {"format": 2, "game": RACE.id, "setup": {}, "chance": "auto", "actions": []}
    data["final_hash"] = "0" * 64
    with pytest.raises(RecordError, match=r": game: a record of game 'toy_race', not armata_strigoi"):
        load_record(_write(tmp_path, data))
    armata = data | {"game": "armata_strigoi", "setup": {"heroes": ["Attila"], "ruleset": {}, "seed": "1"}}
    with pytest.raises(RecordError, match=r": setup\.pack: Field required"):
        load_record(_write(tmp_path, armata | {"setup": armata["setup"] | {"seed": 1, "layout": "default"}}))
    with pytest.raises(RecordError, match=r": setup\.seed: Input should be a valid integer"):
        load_record(_write(tmp_path, armata | {"setup": armata["setup"] | {"pack": "default", "layout": "default"}}))
    with pytest.raises(RecordError, match=r": format: unsupported format 3; this library reads 1 and 2"):
        load_record(_write(tmp_path, data | {"format": 3}))


# ------------------------------------------------------------------------------------------------ readings added later
def _played_with_a_two_icon_protection() -> GameRecord:
    """A game under the English rules with one wound blocked per Protection icon, in which a Shield used with Wild
    Strength (two icons) blocks two of a Strigoi's wounds: random play (seed 118, three heroes), except that the
    Shield is used when it faces two wounds, then twenty more actions."""
    ruleset = editions.PEG19_EN.with_(protection_units=ProtectionUnits.PER_ICON)
    game = new_game(3, ruleset, seed=118)
    rng = random.Random(118)
    state, actions, used, more = game.initial_state(), [], False, 0
    while more < 20 and not state.is_over:
        legal = game.legal_actions(state)
        wild = [a for a in legal if isinstance(a, Protect) and a.mode == "wild"]
        facing_two = isinstance(state.frames[-1], Wounds) and state.frames[-1].count >= 2
        action: Action
        if wild and facing_two and not used:
            action, used = wild[0], True
        else:
            action, more = rng.choice(legal), more + used
        state = game.apply(state, action)
        actions.append(action)
    assert any(line.endswith("blocks 2 wound(s) with reward/shield#1") for line in state.history())
    return GameRecord.of(game, actions, state)


def test_a_record_written_before_protection_units_replays_as_it_was_played(tmp_path: Path) -> None:
    """Records written before the reading protection_units existed have no such key: they load with the option
    the engine played then (LATER_READINGS: one wound per Protection icon) and replay to their hash, though the
    English preset now blocks one wound per card; read per card, the same actions do not replay."""
    record = _played_with_a_two_icon_protection()
    data = record.to_json()
    del data["ruleset"]["protection_units"]  # type: ignore[attr-defined]
    assert data["ruleset"]["name"] == "peg19.en+custom"  # type: ignore[index]
    path = _write(tmp_path, data)
    loaded = load_record(path)
    assert loaded.ruleset.protection_units is LATER_READINGS["protection_units"] is ProtectionUnits.PER_ICON
    assert editions.PEG19_EN.protection_units is ProtectionUnits.PER_CARD
    assert loaded == record
    _, state = replay(loaded, str(path))
    assert state.hash() == record.final_hash
    per_card = replace(loaded, ruleset=loaded.ruleset.with_(protection_units=ProtectionUnits.PER_CARD))
    with pytest.raises(RecordError):
        replay(per_card, str(path))


def test_a_kernel_record_without_a_later_reading_loads_with_its_former_option(tmp_path: Path) -> None:
    """The kernel's format keeps the ruleset under ``setup``: without protection_units it loads per icon too."""
    from armata_rules.engine import Game
    from armata_rules.kernel.records import Record, write_record

    old = _played_with_a_two_icon_protection()
    game = Game.new(old.heroes, ruleset=old.ruleset, seed=old.seed, chance=old.chance)
    final = game.initial_state()
    for action in old.actions:
        final = game.apply(final, action)
    path = tmp_path / "kernel.json"
    write_record(Record.of(game, old.actions, final), path)
    data = json.loads(path.read_text())
    del data["setup"]["ruleset"]["protection_units"]
    path.write_text(json.dumps(data))
    assert load_record(path) == old
    _, replayed = replay(load_record(path))
    assert replayed.hash() == old.final_hash


@pytest.mark.parametrize(
    ("reading", "edition"),
    [("strigoi_after_encounter", editions.PEG19_FR), ("self_wound_count", editions.PEG19_EN)],
)
def test_a_record_from_before_an_earlier_reading_still_loads_and_replays(
    tmp_path: Path, reading: str, edition: Ruleset
) -> None:
    """Found reviewing LATER_READINGS: records written before strigoi_after_encounter (2026-11-24) or
    self_wound_count (2026-11-22) lack the key, and were refused ("reading ... is missing"). They load with the
    option the engine then played for every edition, and a game played so replays to its hash."""
    former = LATER_READINGS[reading]
    assert getattr(edition, reading) is not former  # the preset plays otherwise today
    ruleset = edition.with_(None, **{reading: former})
    for seed in range(3):
        game = new_game(3, ruleset, seed=seed)
        played = list(random_play(game, random.Random(seed), rounds=3))
        actions = [action for _, action in played]
        record = GameRecord.of(game, actions, game.apply(played[-1][0], actions[-1]))
        data = record.to_json()
        del data["ruleset"][reading]  # type: ignore[attr-defined]
        path = _write(tmp_path, data)
        loaded = load_record(path)
        assert getattr(loaded.ruleset, reading) is former
        assert loaded == record
        _, state = replay(loaded, str(path))
        assert state.hash() == record.final_hash


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda r: r.update(protection_units="per_wound"), "reading protection_units has no option 'per_wound'"),
        (lambda r: r.update(protection_unit="per_icon"), "no reading 'protection_unit'"),
        (lambda r: r.pop("movement"), "reading movement is missing"),
    ],
)
def test_a_ruleset_with_a_bad_or_unknown_reading_is_still_refused_in_one_line(change: Any, problem: str) -> None:
    """Only the readings added later may be missing; a bad option, an unknown reading or any other missing reading
    is refused, in one line naming it."""
    data: dict[str, Any] = editions.PEG19_EN.to_json()
    change(data)
    with pytest.raises(ValueError) as caught:
        Ruleset.from_json(data)
    assert problem in str(caught.value) and "\n" not in str(caught.value)


def test_the_readings_added_later_are_readings_with_the_engines_former_option() -> None:
    """Each entry of LATER_READINGS names a reading and one of its options; a ruleset written without it loads with
    that option and with every other reading as written."""
    specs = {spec.name: spec for spec in READINGS}
    assert set(LATER_READINGS) <= set(specs)
    for name, option in LATER_READINGS.items():
        assert option in [o.value for o in specs[name].options], name
    for preset in editions.ALL:
        written = {k: v for k, v in preset.to_json().items() if k not in LATER_READINGS}
        loaded = Ruleset.from_json(written)
        assert loaded == replace(preset, **dict(LATER_READINGS))  # type: ignore[arg-type]
