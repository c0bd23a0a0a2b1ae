"""Hostile data files: FIFOs, devices, directories, huge files, deep nesting, huge numbers. Every loader (layouts,
data packs, game records) refuses them with a ``FILE: KEY: PROBLEM`` error, without blocking or recursing."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from armata_rules import datafile
from armata_rules.board.loader import LayoutError, load_layout
from armata_rules.components.pack import DataPackError, load_pack
from armata_rules.datafile import DataFileError
from armata_rules.kernel.core import datafile as kernel_datafile
from armata_rules.records import RecordError, load_record

LOADERS: list[tuple[Callable[[Path], object], type[DataFileError]]] = [
    (load_layout, LayoutError),
    (load_pack, DataPackError),
    (load_record, RecordError),
]
IDS = ["layout", "pack", "record"]


def _refused(load: Callable[[Path], object], error: type[DataFileError], path: Path, key: str, problem: str) -> None:
    with pytest.raises(error) as caught:
        load(path)
    assert caught.value.source == str(path) and caught.value.key == key, str(caught.value)
    assert problem in caught.value.problem, str(caught.value)
    assert str(caught.value).startswith(f"{path}: {key}: ")


@pytest.mark.parametrize(("load", "error"), LOADERS, ids=IDS)
def test_a_fifo_is_refused_without_blocking(tmp_path: Path, load: Callable[[Path], object], error: type) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    _refused(load, error, fifo, "<file>", "is not a regular file (a FIFO)")


@pytest.mark.parametrize(("load", "error"), LOADERS, ids=IDS)
def test_devices_and_directories_are_refused(tmp_path: Path, load: Callable[[Path], object], error: type) -> None:
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    _refused(load, error, zero, "<file>", "is not a regular file (a device or socket)")
    _refused(load, error, Path("/dev/zero"), "<file>", "unknown file type ''")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    _refused(load, error, folder, "<file>", "is not a regular file (a directory)")


@pytest.mark.parametrize(("load", "error"), LOADERS, ids=IDS)
def test_huge_files_are_refused_before_parsing(
    tmp_path: Path, load: Callable[[Path], object], error: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:  # sparse: no disk or time spent
        handle.truncate(datafile.MAX_FILE_BYTES + 1)
    _refused(load, error, big, "<file>", f"is larger than the {datafile.MAX_FILE_BYTES} bytes")
    monkeypatch.setattr(kernel_datafile, "MAX_FILE_BYTES", 100)  # where the loaders read it (not the re-export)
    small = tmp_path / "small.json"
    small.write_text("[" + "0," * 60 + "0]")
    _refused(load, error, small, "<file>", "is larger than the 100 bytes")


@pytest.mark.parametrize(("load", "error"), LOADERS, ids=IDS)
@pytest.mark.parametrize(
    ("name", "text", "key", "problem"),
    [
        ("deep.json", "[" * 100_000 + "]" * 100_000, "<file>", "nests tables or lists too deeply"),
        ("deep.toml", "a = " + "[" * 100_000 + "]" * 100_000, "<file>", "nests tables or lists too deeply"),
        ("deep40.json", '{"a": ' + "[" * 40 + "]" * 40 + "}", "a" + "[0]" * 31, "nests deeper than 32 levels"),
        ("deep40.toml", "a = " + "[" * 40 + "]" * 40, "a" + "[0]" * 31, "nests deeper than 32 levels"),
        ("huge.json", '{"seed": 1' + "0" * 5000 + "}", "seed", "integer of about 5001 digits is out of range"),
        ("huge.toml", "seed = 1" + "0" * 5000, "<file>", "holds a number that cannot be read"),
        ("big.json", '{"a": {"b": [1, 1180591620717411303424]}}', "a.b[1]", "is out of range"),
        ("big.toml", "[a]\nb = [1, -9223372036854775809]", "a.b[1]", "is out of range"),
        ("nan.json", '{"x": NaN}', "x", "nan is not a finite number"),
        ("inf.toml", "x = -inf", "x", "-inf is not a finite number"),
        ("surrogate.json", '{"name": "ok\\ud800"}', "name", "lone surrogate"),
        ("surrogate-key.json", '{"a": {"\\udfff": 1}}', "a", "a key holds a lone surrogate"),
        ("surrogate-list.json", '{"rooms": [{"id": "x"}, {"id": "\\ud800<"}]}', "rooms[1].id", "lone surrogate"),
    ],
)
def test_deep_nesting_and_huge_numbers_are_refused_naming_the_key(
    tmp_path: Path, load: Callable[[Path], object], error: type, name: str, text: str, key: str, problem: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    _refused(load, error, path, key, problem)


def test_largest_64_bit_integers_still_read(tmp_path: Path) -> None:
    path = tmp_path / "edge.json"
    path.write_text('{"a": [9223372036854775807, -9223372036854775808, 1.5]}')
    assert datafile.read_data_file(path, DataFileError) == {"a": [2**63 - 1, -(2**63), 1.5]}
