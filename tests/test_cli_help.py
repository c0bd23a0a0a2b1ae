"""Every command's ``--help`` describes it and shows examples that run; the exit-status table is the top level's."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from armata_rules.cli import EXIT_CODES, _parser, main
from armata_rules.cli_help import COMMANDS
from tests.cli_parsers import commands


def test_every_command_has_its_help_and_no_other_does() -> None:
    assert set(COMMANDS) == set(commands()) - {""}


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_a_command_help_has_a_description_and_examples_and_no_exit_table(
    path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*path.split(), "--help"]) == 0
    out = capsys.readouterr().out
    text = COMMANDS[path]
    assert " ".join(text.description.split()[:6]) in " ".join(out.split())
    assert "\nexamples:\n" in out
    for example in text.examples:
        assert f"\n  {example.command}\n" in out
        assert " ".join(example.does.split()) in " ".join(out.split())
    assert "exit status:" not in out


def test_the_top_level_help_lists_every_command_and_the_exit_statuses_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    for path, text in COMMANDS.items():
        if " " not in path:
            assert f"{path} {text.summary}" in flat, path
    assert out.count("exit status:") == 1
    table = out.split("exit status:")[1]
    assert [int(code) for code in re.findall(r"^  (\d+) ", table, re.M)] == list(EXIT_CODES)


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_every_example_is_a_command_line_its_command_accepts(
    path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Parsed with the real parser (path arguments checked): an example naming an option that was renamed, or a
    value no longer allowed, fails here."""
    monkeypatch.chdir(tmp_path)
    examples = COMMANDS[path].examples
    assert 1 <= len(examples) <= 3
    for example in examples:
        words = shlex.split(example.command)
        words = words[: words.index(">")] if ">" in words else words  # a shell redirection is not an argument
        assert words[0] == "armata-rules"
        assert words[1 : 1 + len(path.split())] == path.split(), example  # an example of this command
        for word in words:  # the files an example reads exist in the folder it is run from
            if re.fullmatch(r"[\w.-]+\.(json|toml)", word):
                (tmp_path / word).write_text("", encoding="utf-8")
        args = _parser().parse_args(words[1:])
        assert args.command == words[1] and callable(args.handler), example
