"""Layout files: the bundled one loads; each kind of malformed file is refused with its own clear message."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from armata_rules.board import Fortress, LayoutError, default_layout, load_layout, parse_layout
from armata_rules.board.layout import LETTERS

Data = dict[str, Any]


def default_data() -> Data:
    text = (resources.files("armata_rules.board") / "data" / "default.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_default_layout_loads_and_says_it_is_a_reconstruction() -> None:
    layout = default_layout()
    assert layout.name == "default"
    assert "reconstruction" in layout.provenance
    assert len(layout.rooms) == 7
    assert sum(room.is_centre for room in layout.rooms) == 1


def test_toml_and_json_files_load_the_same(tmp_path: Path) -> None:
    data = default_data()
    toml_path = tmp_path / "mine.toml"
    toml_path.write_bytes((resources.files("armata_rules.board") / "data" / "default.toml").read_bytes())
    json_path = tmp_path / "mine.json"
    json_path.write_text(json.dumps(data), encoding="utf-8")
    from_toml, from_json = load_layout(toml_path), load_layout(json_path)
    assert from_toml.rooms == from_json.rooms
    assert from_toml.borders == from_json.borders
    assert from_json.source == str(json_path)


def _set(path: str, value: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        *parents, last = path.split(".")
        node = data
        for part in parents:
            node = node[part]
        node[last] = value

    return change


def _delete(path: str) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        *parents, last = path.split(".")
        node = data
        for part in parents:
            node = node[part]
        del node[last]

    return change


def _cut_room_off(data: Data) -> None:
    """Room N: no stairs, no ladder entry, no border corridor, so nothing reaches it."""
    room = data["rooms"]["N"]
    room["openings"] = [o for o in room["openings"] if not o.endswith((">4", ">5", ">0"))]
    room.pop("stairs", None)
    data["borders"] = [b for b in data["borders"] if "N:" not in b.replace("NE:", "").replace("NW:", "")]


MALFORMED: list[tuple[str, Callable[[Data], None], str, str]] = [
    ("unknown key", _set("rooms.NE.colour", "red"), "rooms.NE.colour", "unknown key"),
    ("unknown top key", _set("tiles", []), "tiles", "unknown key"),
    ("wrong type", _set("rooms.NE.slot", "east"), "rooms.NE.slot", "Input should be"),
    ("missing key", _delete("rooms.NE.platform.books"), "rooms.NE.platform.books", "Field required"),
    ("format", _set("format", 2), "format", "unsupported format 2"),
    ("room count", _delete("rooms.N"), "rooms", "7 rooms"),
    (
        "space in two rooms",
        _set("rooms.N.slot", 0),
        "rooms.N.slot",
        "both lie in slot 0: their spaces would be in two rooms",
    ),
    (
        "dangling corridor",
        _set("rooms.NE.corridors", ["2,0 9,9"]),
        "rooms.NE.corridors[0]",
        "dangling corridor",
    ),
    (
        "corridor into the platform",
        _set("rooms.NE.corridors", ["2,0 1,0"]),
        "rooms.NE.corridors[0]",
        "dangling corridor",
    ),
    (
        "non-neighbour corridor",
        _set("rooms.NE.corridors", ["2,0 0,2"]),
        "rooms.NE.corridors[0]",
        "not neighbours",
    ),
    ("corridor syntax", _set("rooms.NE.corridors", ["2,0-2,-1"]), "rooms.NE.corridors[0]", "two cells"),
    (
        "duplicate corridor",
        _set("rooms.NE.corridors", ["2,0 2,-1", "2,-1 2,0"]),
        "rooms.NE.corridors[1]",
        "twice",
    ),
    (
        "platform without centre",
        _set("rooms.NE.platform.holes", ["0,0"]),
        "rooms.NE.platform.holes",
        "needs its centre space",
    ),
    (
        "books repeat a letter",
        _set("rooms.NE.platform.books", "ABCDEA"),
        "rooms.NE.platform.books",
        "each letter",
    ),
    ("books too short", _set("rooms.C.books", "ABC"), "rooms.C.books", "one per direction"),
    ("centre without books", _delete("rooms.C.books"), "rooms.C.books", "needs its books"),
    ("books on an outer room", _set("rooms.NE.books", LETTERS), "rooms.NE.books", "on its platform"),
    ("outer room without platform", _delete("rooms.NE.platform"), "rooms.NE.platform", "holds a platform"),
    (
        "unreachable room",
        _cut_room_off,
        "rooms.N",
        "no space of this room can be reached from any ladder position",
    ),
    ("cell off the tile", _set("rooms.NE.red", ["5,5"]), "rooms.NE.red[0]", "not on this fixed floor"),
    ("cell on two marks", _set("rooms.NE.grey", ["2,-2"]), "rooms.NE.grey[0]", "already marked red"),
    ("bad cell", _set("rooms.NE.red", ["two,one"]), "rooms.NE.red[0]", "whole numbers"),
    ("opening inside a tile", _set("rooms.NE.openings", ["2,0>2"]), "rooms.NE.openings[0]", "does not cross"),
    ("opening syntax", _set("rooms.NE.openings", ["2,0>9"]), "rooms.NE.openings[0]", "0..5"),
    ("rotation range", _set("rooms.NE.platform.rotation", 6), "rooms.NE.platform.rotation", "0..5"),
    ("slot range", _set("rooms.NE.slot", 7), "rooms.NE.slot", "'centre' or 0..5"),
    ("strigoi marks", _set("rooms.S.platform.strigoi_mark", True), "rooms", "exactly 2 platforms"),
    ("border to a platform", _set("borders", ["C:2,0 NE:-1,0"]), "borders[0]", "lies on the platform"),
    ("border unknown room", _set("borders", ["C:2,0 XX:-2,1"]), "borders[0]", "names no room"),
    ("border not neighbours", _set("borders", ["C:2,0 S:2,-2"]), "borders[0]", "not neighbours"),
    ("border inside a room", _set("borders", ["C:2,0 C:2,-1"]), "borders[0]", "stays in one room"),
    ("room id", _set("rooms.C.slot", "centre"), "", ""),  # a control: unchanged value loads
]


@pytest.mark.parametrize(("change", "key", "problem"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed_layouts_are_refused_naming_key_and_problem(
    change: Callable[[Data], None], key: str, problem: str
) -> None:
    data = copy.deepcopy(default_data())
    change(data)
    if not key:
        parse_layout(data, "mine.toml")
        return
    with pytest.raises(LayoutError) as caught:
        parse_layout(data, "mine.toml")
    assert caught.value.source == "mine.toml"
    assert caught.value.key == key
    assert problem in caught.value.problem
    assert str(caught.value).startswith(f"mine.toml: {key}: ")


def test_no_red_encounter_space_is_refused() -> None:
    data = copy.deepcopy(default_data())
    for room in data["rooms"].values():
        room.pop("red", None)
        room.get("platform", {}).pop("red", None)
    with pytest.raises(LayoutError, match="no red encounter space"):
        parse_layout(data)


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("bad.toml", b"format = = 1", "is not valid TOML"),
        ("bad.json", b"{format: 1}", "is not valid JSON"),
        ("bad.yaml", b"format: 1", "unknown file type"),
        ("latin1.toml", "name = 'caf\u00e9'".encode("latin-1"), "is not UTF-8"),
        ("list.json", b"[1, 2]", "top level must be a table"),
    ],
)
def test_unreadable_files_are_refused(tmp_path: Path, name: str, content: bytes, problem: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(LayoutError, match=problem) as caught:
        load_layout(path)
    assert caught.value.source == str(path)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LayoutError, match="cannot be read"):
        load_layout(tmp_path / "nope.toml")


def test_a_user_layout_with_holes_and_turned_platforms_compiles(tmp_path: Path) -> None:
    data = default_data()
    data["rooms"]["N"]["holes"] = ["2,-1"]
    data["rooms"]["N"]["grey"] = ["1,1"]
    data["rooms"]["N"]["corridors"] = [c for c in data["rooms"]["N"]["corridors"] if "2,-1" not in c.split()]
    data["rooms"]["N"]["openings"] = [o for o in data["rooms"]["N"]["openings"] if not o.startswith("2,-1>")]
    data["borders"] = [b for b in data["borders"] if "N:2,-1" not in b]
    data["rooms"]["NE"]["platform"]["rotation"] = 4
    fortress = Fortress(parse_layout(data, "mine"))
    assert "N:2,-1" not in fortress.spaces
    assert fortress.rotation(fortress.initial_state(), "NE") == 4
