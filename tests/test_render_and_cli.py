"""The SVG shows every room and space; the command line renders, summarises and refuses bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from armata_rules.board import render_svg
from armata_rules.cli import main
from tests.strategies import default_fortress

SVG = "{http://www.w3.org/2000/svg}"


def _attrs(root: ET.Element, name: str) -> set[str]:
    return {el.attrib[name] for el in root.iter() if name in el.attrib}


def test_svg_parses_and_contains_every_room_space_book_and_ladder_site() -> None:
    fortress = default_fortress()
    state = fortress.with_ladders(fortress.rotated(fortress.initial_state(), "S", 2), ["S:ladder2"])
    root = ET.fromstring(render_svg(fortress, state, pieces={"S:0,0": "R"}))
    assert root.tag == f"{SVG}svg"
    assert _attrs(root, "data-room") == set(fortress.rooms)
    room_spaces = {s for s, sp in fortress.spaces.items() if sp.room is not None}
    assert _attrs(root, "data-space") == room_spaces
    assert len(_attrs(root, "data-book")) == 7 * 6
    assert _attrs(root, "data-ladder-site") == set(fortress.ladder_sites)
    assert _attrs(root, "data-strigoi-mark") == {"NE", "SW"}
    assert _attrs(root, "data-piece") == {"S:0,0"}
    placed = [el for el in root.iter() if el.attrib.get("data-placed") == "true"]
    assert [el.attrib["data-ladder-site"] for el in placed] == ["S:ladder2"]


def test_svg_leaves_out_a_collapsed_platform() -> None:
    fortress = default_fortress()
    state = fortress.collapsed(fortress.initial_state(), "N")
    root = ET.fromstring(render_svg(fortress, state))
    assert "N:0,0" not in _attrs(root, "data-space")
    assert "N:2,0" in _attrs(root, "data-space")
    assert "N" not in _attrs(root, "data-platform")


def test_cli_board_writes_svg_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fortress.svg"  # in a folder that exists: the command creates none (issue 32 §3)
    assert main(["board", "--svg", str(out), "--json", "--ladder", "N:ladder4", "--rotate", "NE=2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layout"] == "default"
    assert len(data["rooms"]) == 7
    assert data["ladder_sites"] == 18
    assert set(data["ladder_sites_by_reading"]) == {"away_from_strigoi_rooms", "at_corridor"}
    ET.parse(out)


def test_cli_board_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board"]) == 0
    text = capsys.readouterr().out
    assert "reconstruction" in text
    assert "ladder sites: 18" in text


def test_cli_refuses_a_bad_layout_file_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\nprovenance = "y"\n[rooms.A]\nslot = 9\n', encoding="utf-8")
    assert main(["board", "--layout", str(bad)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "rooms" in err


@pytest.mark.parametrize("args", [["--rotate", "C=1"], ["--rotate", "NE=x"], ["--ladder", "C:0,0"]])
def test_cli_refuses_bad_options(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", *args]) == 2
    assert "armata-rules: error:" in capsys.readouterr().err
