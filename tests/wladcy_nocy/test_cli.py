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
