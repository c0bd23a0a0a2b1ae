"""The ``wladcy-nocy`` command (:mod:`armata_rules.wladcy_nocy.cli`): what it prints, its JSON, its one-line errors
and exit statuses, on the same conventions as ``armata-rules``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armata_rules.wladcy_nocy.cli import main


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main(argv) == 0
    found: dict[str, object] = json.loads(capsys.readouterr().out)
    assert found["format"] == 1
    return found


def test_content_lists_what_a_setup_still_needs(capsys: pytest.CaptureFixture[str]) -> None:
    """The text prints 62 values and lacks the rest (WLADCY_NOCY.md §6): a game of two needs the side of the veil
    track for two vampires (wn.pl:103, wn.pl:163), every district and card, both vampires' cards and seals."""
    found = _json(capsys, ["content", "--vampires", "imre,mila", "--json"])
    needed = found["needed"]
    assert isinstance(needed, list) and "veil_track.n2.pool" in needed and "seals.mila" in needed
    assert not any(key.startswith(("veil_track.n3", "seals.imre.x")) for key in needed)
    provenance = found["provenance"]
    assert isinstance(provenance, dict) and provenance["wn.pl"] > 0 and provenance["synthetic"] == 0
    five = "agnieszka,imre,ishtvan,laszlo,nevena"
    synthetic = _json(capsys, ["content", "--synthetic", "--vampires", five, "--json"])
    assert synthetic["needed"] == []


def test_content_reads_an_owners_file_and_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "--vampires", "imre,dracula"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wladcy-nocy: error: --vampires 'imre,dracula': unknown vampire 'dracula'")
    assert err.count("\n") == 1
    assert main(["content", "--synthetic", "--content", __file__]) == 2
    assert "give one of them" in capsys.readouterr().err
    bad = tmp_path / "mine.toml"
    bad.write_text(
        'format = 1\nid = "mine"\nnote = "x"\n[districts.muzeum]\nkind = { value = 3, source = "tile:Muzeum" }\n'
    )
    assert main(["content", "--content", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"wladcy-nocy: error: {bad}: districts.muzeum.kind") and err.count("\n") == 1
    assert main(["content", "--content", str(tmp_path / "absent.toml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_ambiguities_lists_findings_and_readings(capsys: pytest.CaptureFixture[str]) -> None:
    found = _json(capsys, ["ambiguities", "--json"])
    findings, readings = found["findings"], found["readings"]
    assert isinstance(findings, dict) and isinstance(readings, dict)
    assert "veil_penalty_unit" in readings and len(findings) >= 10
    changes = _json(capsys, ["ambiguities", "--severity", "changes-play", "--json"])["findings"]
    assert isinstance(changes, dict) and 0 < len(changes) <= len(findings)
    assert main(["ambiguities"]) == 0
    out = capsys.readouterr().out
    assert "wn.pl:" in out and "veil_penalty_unit" in out


def test_completion_help_and_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "bash"]) == 0
    assert "wladcy-nocy" in capsys.readouterr().out
    assert main(["completion"]) == 2
    assert "name a shell" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "exit statuses:" in capsys.readouterr().out
    assert main(["contnet"]) == 2
    assert "did you mean 'content'" in capsys.readouterr().err


SYNTHETIC_PACK = Path(__file__).parents[2] / "armata_rules" / "wladcy_nocy" / "data" / "synthetic_test.toml"


def test_simulate_refuses_the_synthetic_pack_without_the_flag_and_a_game_without_content(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--count", "2", "--content", "synthetic-test"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wladcy-nocy: error: --content synthetic-test: the synthetic test pack is invented")
    assert "--allow-synthetic" in err and err.count("\n") == 1
    assert main(["simulate", "--vampires", "imre,mila"]) == 2  # the printed text sets up no game
    err = capsys.readouterr().err
    assert "lacks" in err and "--content FILE" in err and err.count("\n") == 1
    assert main(["simulate", "--vampires", "imre,dracula", "--content", "synthetic-test", "--allow-synthetic"]) == 2
    assert "unknown vampire 'dracula'" in capsys.readouterr().err
    assert main(["simulate", "--vampires", "imre,mila", "--count", "2"]) == 2
    assert "give one of them" in capsys.readouterr().err
    assert main(["simulate", "--count", "6", "--content", "synthetic-test", "--allow-synthetic"]) == 2
    assert "2 to 5 vampires" in capsys.readouterr().err


def test_simulate_stamps_every_synthetic_row_and_record_and_replay_checks_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command plays the games of test_outcomes_from_start.py: seed 12 of two vampires at Easy is the ritual."""
    argv = ["simulate", "--count", "2", "--difficulty", "easy", "--seed", "11", "--games", "2"]
    argv += ["--content", "synthetic-test", "--allow-synthetic", "--save-records", str(tmp_path / "games")]
    found = _json(capsys, [*argv, "--json"])
    assert found["content"] == "synthetic-test" and found["synthetic"] is True and found["games"] == 2
    rows = found["games_detail"]
    assert isinstance(rows, list) and [row["seed"] for row in rows] == [11, 12]
    assert all(row["content"] == "synthetic-test" for row in rows)
    assert rows[1]["outcome"] == "ritual" and rows[1]["returns"] == [1.0, 1.0]
    record = json.loads((tmp_path / "games" / "wladcy_nocy-12.json").read_text(encoding="utf-8"))
    assert record["format"] == 2 and record["setup"]["content"] == "synthetic-test"
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "content: synthetic-test (invented values" in out and "ended: ritual" in out
    replayed = _json(capsys, ["replay", str(tmp_path / "games" / "wladcy_nocy-12.json"), "--json"])
    assert replayed["outcome"] == "ritual" and replayed["hash"] == rows[1]["hash"]
    assert replayed["content"] == "synthetic-test"
    record["final_hash"] = "0" * 64
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(tampered)]) == 1  # a record that does not replay is a failed check
    assert "final_hash: the replay ends in state" in capsys.readouterr().err
    record["actions"][0] = {"kind": "hunt", "seat": 0}
    tampered.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(tampered)]) == 1
    assert "actions[0]: refused by the rules" in capsys.readouterr().err
    tampered.write_text(json.dumps({"format": 2}), encoding="utf-8")
    assert main(["replay", str(tampered)]) == 2  # a malformed record is bad input
    assert capsys.readouterr().err.count("\n") == 1


def test_simulate_and_replay_an_owners_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An owner's file (here the synthetic values under another id, each relabelled as read off the owner's cards)
    needs no flag, and its records name it: replaying one needs the file again."""
    mine = tmp_path / "mine.toml"
    text = SYNTHETIC_PACK.read_text(encoding="utf-8").replace('id = "synthetic-test"', 'id = "mine"')
    mine.write_text(text.replace('source = "synthetic"', 'source = "card:owner"'), encoding="utf-8")
    argv = ["simulate", "--vampires", "imre,mila", "--games", "1", "--content", str(mine)]
    found = _json(capsys, [*argv, "--save-records", str(tmp_path), "--json"])
    assert found["content"] == "mine" and found["synthetic"] is False
    rows = found["games_detail"]
    assert isinstance(rows, list) and rows[0]["content"] == "mine"
    record = str(tmp_path / "wladcy_nocy-0.json")
    assert main(["replay", record]) == 2
    assert "the content 'mine', which is not bundled: give its file with --content FILE" in capsys.readouterr().err
    assert _json(capsys, ["replay", record, "--content", str(mine), "--json"])["hash"] == rows[0]["hash"]


def test_an_owners_file_with_invented_values_needs_the_flag_whatever_its_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The refusal reads the values' sources, not the pack's name: the test pack's values copied under another id are
    still invented, and simulate and study refuse them without --allow-synthetic, then stamp every report."""
    copied = tmp_path / "copied.toml"
    copied.write_text(
        SYNTHETIC_PACK.read_text(encoding="utf-8").replace('id = "synthetic-test"', 'id = "copied"'), encoding="utf-8"
    )
    for command in ("simulate", "study"):
        assert main([command, "--content", str(copied), "--games", "1"]) == 2
        err = capsys.readouterr().err
        assert "the content 'copied' has values invented (source = 'synthetic')" in err, command
        assert "--allow-synthetic" in err and err.count("\n") == 1
    found = _json(capsys, ["simulate", "--content", str(copied), "--allow-synthetic", "--games", "1", "--json"])
    assert found["content"] == "copied" and found["synthetic"] is True


def test_simulate_names_the_keys_the_content_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--vampires", "imre,mila"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "values this game needs: " in err and " more (wladcy-nocy content --vampires imre,mila lists them)" in err


def test_simulate_offers_the_games_own_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """greedy and hunter are the game's players beside the ritual player and the kernel's first and random; each plays
    the same game from the same seed."""
    argv = ["simulate", "--count", "2", "--difficulty", "easy", "--games", "2"]
    argv += ["--content", "synthetic-test", "--allow-synthetic", "--json"]
    for bot in ("greedy", "hunter"):
        first = _json(capsys, [*argv, "--bot", bot])
        again = _json(capsys, [*argv, "--bot", bot])
        assert first["bot"] == bot and first["games_detail"] == again["games_detail"]
        assert sum(first["outcomes"].values()) == 2  # type: ignore[attr-defined]
    assert main([*argv, "--bot", "smart"]) == 2
    assert "'greedy', 'hunter', 'random', 'ritual'" in capsys.readouterr().err


def test_study_compares_each_option_with_the_baseline_on_the_same_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One reading at two counts: the pooled impact and one per count, each over as many pairs as seeds; the report
    names its content and says it is synthetic; the same arguments give the same report."""
    out = tmp_path / "study.json"
    argv = ["study", "--count", "2-3", "--games", "3", "--difficulty", "easy", "--reading", "veil_penalty_unit"]
    argv += ["--content", "synthetic-test", "--allow-synthetic"]
    found = _json(capsys, [*argv, "--out", str(out), "--json"])
    assert json.loads(out.read_text(encoding="utf-8")) == found
    assert found["game"] == "wladcy_nocy" and found["content"] == "synthetic-test" and found["synthetic"] is True
    assert found["vampires"] == [2, 3] and found["baseline"] == {}
    impacts = found["impacts"]
    assert isinstance(impacts, list)
    assert [(i["reading"], i["option"], i["vampires"], i["pairs"]) for i in impacts] == [
        ("veil_penalty_unit", "per_agent", 0, 6),
        ("veil_penalty_unit", "per_agent", 2, 3),
        ("veil_penalty_unit", "per_agent", 3, 3),
    ]
    assert all(i["refused"] == "" and i["errors"] == 0 for i in impacts)
    assert _json(capsys, [*argv, "--json"]) == found
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "veil_penalty_unit = per_agent" in printed and "content: synthetic-test (invented values" in printed


def test_study_reports_an_option_the_setup_refuses_and_refuses_bad_arguments(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """minion_supply=nine_always needs 11 minions for two vampires, more than the box's 10 (wn.pl:32): at that count
    the option plays no game and says why; an unknown reading or a bad count is a one-line usage error."""
    argv = ["study", "--count", "2", "--games", "1", "--reading", "minion_supply"]
    argv += ["--content", "synthetic-test", "--allow-synthetic", "--json"]
    found = _json(capsys, argv)
    impacts = {(i["option"], i["vampires"]): i for i in found["impacts"]}  # type: ignore[attr-defined]
    assert impacts[("nine_always", 2)]["pairs"] == 0 and "(wn.pl:32)" in impacts[("nine_always", 2)]["refused"]
    assert impacts[("station_from_supply", 2)]["pairs"] == 1 and impacts[("station_from_supply", 2)]["refused"] == ""
    for bad, message in (
        (["--reading", "nope"], "no reading nope; the readings are veil_penalty_unit"),
        (["--baseline", "overflow_decider=whoever"], "reading overflow_decider has no option 'whoever'"),
        (["--count", "1-3"], "a game has 2 to 5 vampires"),
        (["--games", "0"], "--games must be at least 1"),
    ):
        assert main(["study", "--content", "synthetic-test", "--allow-synthetic", *bad]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, (bad, err)


def test_simulate_on_worker_processes_plays_the_same_games_in_the_same_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The kernel's backends play a batch of this game too: the content travels to the workers, and the rows come back
    in seed order whatever order the games finish in."""
    argv = ["simulate", "--count", "2", "--games", "3", "--content", "synthetic-test", "--allow-synthetic", "--json"]
    serial = _json(capsys, argv)
    parallel = _json(capsys, [*argv, "--workers", "2"])
    assert parallel["games_detail"] == serial["games_detail"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--workers", "0"], "wladcy-nocy: error: --workers must be at least 1; got 0\n"),
        (["--address", "ray://nowhere:1"], "wladcy-nocy: error: --address needs --backend ray\n"),
        (["--backend", "cloud"], "error: argument --backend: invalid choice: 'cloud' (choose from 'local', 'ray')\n"),
    ],
)
def test_simulate_refuses_bad_backend_options_in_one_line(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--count", "2", "--games", "1", "--content", "synthetic-test", "--allow-synthetic"]
    assert main([*argv, *extra]) == 2
    assert capsys.readouterr().err.endswith(message)


def test_the_content_lookup_pickles_for_worker_processes() -> None:
    """pydantic's generic slot classes do not pickle; the lookup sends the content as data and validates it back."""
    import pickle

    from armata_rules.wladcy_nocy.cli_games import ContentLookup
    from armata_rules.wladcy_nocy.content.loader import printed, synthetic_test

    for content in (synthetic_test(), printed()):
        again = pickle.loads(pickle.dumps(ContentLookup(content)))
        assert again.content == content
    lookup = ContentLookup(synthetic_test())
    assert lookup("wladcy_nocy") is lookup("any id")  # built once, whatever the id
