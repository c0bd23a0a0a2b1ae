"""Path arguments are checked as they are read: a folder where a file is expected, an output in a folder that does
not exist, a file where a folder is expected: one line naming the argument and the path, exit status 2, nothing
created and nothing run (issue 32 §3)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from armata_rules import cli
from armata_rules.cli import main
from armata_rules.cli_paths import input_dir, input_file, output_dir, output_file
from armata_rules.cli_suggest import option_name
from tests.cli_parsers import leaves


def _arguments(*types: object) -> list[tuple[str, argparse.Action]]:
    """Every (command, argument) whose value is checked by one of ``types``."""
    found = [
        (path, action)
        for path, parser in sorted(leaves().items())
        for action in parser._actions
        if action.type in types
    ]
    return found


def _argv(path: str, action: argparse.Action, value: str, record: Path) -> list[str]:
    """A command line giving ``value`` to ``action``, and an existing record to replay's FILE when it is not the
    argument under test."""
    words = path.split()
    if not action.option_strings:
        return [*words, value]
    return [*words, *([str(record)] if path == "replay" else []), action.option_strings[-1], value]


@pytest.fixture
def record(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text("{}", encoding="utf-8")
    return path


@pytest.fixture(autouse=True)
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused path stops the command before its work: any handler running fails the test."""

    def ran(*_: object) -> int:
        raise AssertionError("the command ran")

    for name in ("_board", "_replay", "_simulate", "_study", "_study_editions", "_verify", "_ambiguities"):
        monkeypatch.setattr(cli, name, ran)


def test_every_path_option_is_checked() -> None:
    """An option whose metavar says it takes a file or a folder has one of the checks as its type."""
    for path, parser in leaves().items():
        for action in parser._actions:
            if action.metavar in ("FILE", "DIR"):
                assert action.type in (input_file, output_file, input_dir, output_dir), (path, action.dest)
    assert len(_arguments(input_file, output_file)) >= 10  # board 2, replay 4, studies 3, verify 1


@pytest.mark.parametrize(
    ("path", "action"), _arguments(input_file, output_file), ids=lambda x: x if isinstance(x, str) else x.dest
)
def test_a_folder_given_as_a_file_is_refused_naming_the_argument(
    path: str, action: argparse.Action, tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    assert main(_argv(path, action, str(folder), record)) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"armata-rules: error: {path}: argument {option_name(action)}: {folder}: is a directory")
    assert len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(("path", "action"), _arguments(output_file), ids=lambda x: x if isinstance(x, str) else x.dest)
def test_an_output_in_a_missing_folder_is_refused_and_no_folder_is_made(
    path: str, action: argparse.Action, tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`board --svg /nonexistent/x.svg` made /nonexistent; every output file is refused the same way."""
    missing = tmp_path / "nonexistent" / "deeper"
    assert main(_argv(path, action, str(missing / "out.file"), record)) == 2
    err = capsys.readouterr().err
    assert err == (
        f"armata-rules: error: {path}: argument {option_name(action)}: {missing / 'out.file'}: "
        f"directory {missing} does not exist (create it first)\n"
    )
    assert not (tmp_path / "nonexistent").exists()


@pytest.mark.parametrize(("path", "action"), _arguments(output_dir), ids=lambda x: x if isinstance(x, str) else x.dest)
def test_an_output_folder_must_be_a_folder_in_a_folder_that_exists(
    path: str, action: argparse.Action, tmp_path: Path, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(_argv(path, action, str(record), record)) == 2
    assert f"argument {option_name(action)}: {record}: is a file, not a directory\n" in capsys.readouterr().err
    missing = tmp_path / "nonexistent" / "store"
    assert main(_argv(path, action, str(missing), record)) == 2
    assert f"directory {missing.parent} does not exist" in capsys.readouterr().err
    assert not missing.parent.exists()


def test_an_input_file_that_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "--layout", str(tmp_path / "none.toml")]) == 2
    assert (
        capsys.readouterr().err
        == f"armata-rules: error: board: argument --layout: {tmp_path}/none.toml: no such file\n"
    )


def test_a_file_given_as_the_rulebooks_folder_is_refused(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ambiguities", "--rulebooks", str(record)]) == 2
    err = capsys.readouterr().err
    assert err == f"armata-rules: error: ambiguities: argument --rulebooks: {record}: is a file, not a directory\n"


def test_a_folder_given_as_a_source_text_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--source FILE:LANG`` is read after parsing (the path is split from its language there)."""
    monkeypatch.undo()  # ambiguities runs up to the check
    assert main(["ambiguities", "--source", f"{tmp_path}:it"]) == 2
    err = capsys.readouterr().err
    problem = f"{tmp_path}:it: {tmp_path} is a directory, not a file"
    assert err == f"armata-rules: error: ambiguities: argument --source: {problem}\n"


def test_a_nul_character_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Possible only from a caller in Python; `open` would raise ValueError ("embedded null byte")."""
    assert main(["board", "--svg", "a\0.svg"]) == 2
    assert "argument --svg: 'a\\x00.svg': a path cannot hold a NUL character" in capsys.readouterr().err
