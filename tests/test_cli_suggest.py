"""A misspelt command, option or value gets one line naming what was meant (issue 32 §3: "did you mean").

Only a clear answer is suggested; a word as close to several names as to one gets argparse's usage and list.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from armata_rules.cli import main
from armata_rules.cli_suggest import closest


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["raplay"], "armata-rules: error: unknown command 'raplay'; did you mean 'replay'?"),
        (["simulate", "--sed", "1"], "armata-rules: error: simulate: unknown option '--sed'; did you mean '--seed'?"),
        (["simulate", "--gmaes=2"], "armata-rules: error: simulate: unknown option '--gmaes'; did you mean '--games'?"),
        (["study", "raedings"], "armata-rules: error: study: unknown command 'raedings'; did you mean 'readings'?"),
        (
            ["study", "editions", "--hereos", "2"],
            "armata-rules: error: study editions: unknown option '--hereos'; did you mean '--heroes'?",
        ),
        (
            ["simulate", "--bot", "gredy"],
            "armata-rules: error: simulate: argument --bot: unknown value 'gredy'; did you mean 'greedy'?",
        ),
        (
            ["ambiguities", "--format", "markdwn"],
            "armata-rules: error: ambiguities: argument --format: unknown value 'markdwn'; did you mean 'markdown'?",
        ),
        (
            ["completion", "bsh"],
            "armata-rules: error: completion: argument SHELL: unknown value 'bsh'; did you mean 'bash'?",
        ),
        (["--verbos", "board"], "armata-rules: error: unknown option '--verbos'; did you mean '--verbose'?"),
    ],
)
def test_a_misspelling_gets_one_line_naming_what_was_meant(
    argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err == line + "\n"


def test_the_installed_command_suggests_on_one_line_of_stderr() -> None:
    """The brief's own example, through the entry point the console script runs."""
    code = "import sys; from armata_rules.entry import run; sys.exit(run())"
    done = subprocess.run(
        [sys.executable, "-c", code, "raplay"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2
    assert done.stderr == "armata-rules: error: unknown command 'raplay'; did you mean 'replay'?\n"
    assert done.stdout == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["nonsense"],
        ["simulate", "--edition", "peg19.xx"],  # as close to peg19.en as to peg19.es, .de, .fr, .it
        ["simulate", "--bot", "clever"],
        ["board", "--no-such-option"],
    ],
)
def test_without_one_clear_candidate_argparse_explains(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "did you mean" not in err and "usage: armata-rules" in err and "Traceback" not in err


def test_an_unknown_argument_is_refused_by_the_command_that_got_it(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse refuses a subcommand's unknown option in the top level's name, with the top level's usage."""
    assert main(["study", "readings", "--xyz", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: armata-rules study readings ")
    assert err.endswith("armata-rules study readings: error: unrecognized arguments: --xyz 1\n")


@pytest.mark.parametrize(
    ("word", "names", "meant"),
    [
        ("raplay", ["board", "replay", "simulate"], "replay"),
        ("--sev", ["--severity", "--source", "--json"], "--severity"),  # the one name it begins
        ("--s", ["--severity", "--source"], None),  # begins two
        ("peg19.xx", ["peg19.en", "peg19.fr"], None),  # as close to both
        ("clever", ["greedy", "random"], None),  # close to neither
        ("--json", ["--json", "--jsonl"], "--jsonl"),  # a name is never suggested for itself
    ],
)
def test_closest(word: str, names: list[str], meant: str | None) -> None:
    assert closest(word, names) == meant
