"""The command behaves like a good Unix tool: a version, ``--json`` everywhere, documented exit statuses, no
traceback on a closed pipe, Ctrl-C or an unwritable path, progress on standard error for long runs."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from armata_rules import Game, __version__, cli, editions
from armata_rules.cli import EXIT_CODES, main
from armata_rules.records import GameRecord, save_record
from armata_rules.sim import GreedyBot


def _record(tmp_path: Path, *, tamper: bool = False) -> Path:
    game = Game.new(["Attila", "Roel"], ruleset=editions.SB19_EN, seed=3)
    bot = GreedyBot(__import__("random").Random(3))
    state, actions = game.initial_state(), []
    for _ in range(30):
        action = bot.choose(game, state, game.legal_actions(state))
        actions.append(action)
        state = game.apply(state, action)
    record = GameRecord.of(game, actions, state)
    if tamper:
        record = dataclasses.replace(record, final_hash="0" * len(record.final_hash))
    path = tmp_path / ("tampered.json" if tamper else "game.json")
    save_record(record, path)
    return path


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"armata-rules {__version__}"


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["nonsense"],
        ["board", "--no-such-option"],
        ["simulate", "--edition", "peg19.xx"],
        ["simulate", "--bot", "clever"],
        ["ambiguities", "--format", "yaml"],
    ],
)
def test_usage_errors_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "usage: armata-rules" in err and "Traceback" not in err


def test_help_lists_choices_and_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--help"]) == 0
    out = capsys.readouterr().out
    assert "greedy or random" in out and "{greedy,random}" in out
    assert all(preset.name in out for preset in editions.ALL)
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for code in EXIT_CODES:
        assert f"  {code} " in out, code
    assert out.count("exit status:") == 1


def test_json_is_spelled_json_on_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    def leaves(parser: argparse.ArgumentParser, name: str) -> Iterator[tuple[str, argparse.ArgumentParser]]:
        """Every command that runs something (``study readings``, not ``study``)."""
        if parser._subparsers is None:
            yield name, parser
            return
        for action in parser._subparsers._group_actions:
            for sub_name, sub in action.choices.items():  # type: ignore[union-attr]
                yield from leaves(sub, f"{name} {sub_name}".strip())

    commands = dict(leaves(cli._parser(), ""))
    assert "study readings" in commands and "simulate" in commands
    for name, sub in commands.items():
        assert "--json" in sub.format_help(), name
    assert main(["ambiguities", "--json"]) == 0
    as_json = capsys.readouterr().out
    assert main(["ambiguities", "--format", "json"]) == 0
    assert capsys.readouterr().out == as_json
    assert json.loads(as_json)["format"] == 1 and isinstance(json.loads(as_json)["findings"], list)


def test_replay_exit_statuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(_record(tmp_path)), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    assert main(["replay", str(_record(tmp_path, tamper=True))]) == 1
    assert "final_hash" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["replay", str(broken)]) == 2
    assert "broken.json" in capsys.readouterr().err


def test_an_unwritable_output_path_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    assert main(["board", "--svg", str(blocker / "fortress.svg")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("armata-rules: error: board: argument --svg: ") and f"{blocker} is not a directory" in err
    assert len(err.splitlines()) == 1


def test_ctrl_c_ends_quietly_with_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_board", interrupted)
    assert main(["board"]) == 130
    assert capsys.readouterr().err == "armata-rules: interrupted\n"


def test_a_closed_pipe_ends_quietly_with_141() -> None:
    command = [sys.executable, "-m", "armata_rules.cli", "board", "--json"]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # the reader goes away before the first line is written
    err = child.stderr.read().decode()
    assert child.wait(timeout=60) == 141
    assert "Traceback" not in err and "Exception ignored" not in err, err


def test_progress_goes_to_a_terminal_on_stderr_and_never_to_pipes_or_json(monkeypatch: pytest.MonkeyPatch) -> None:
    screen = io.StringIO()
    monkeypatch.setattr(cli, "_stderr_console", lambda: Console(file=screen, force_terminal=True, width=100))
    with cli.progress("proving", 2) as advance:
        advance()
        advance()
    assert "proving" in screen.getvalue()
    screen.truncate(0)
    with cli.progress("proving", 2, quiet=True) as advance:
        advance()
    assert screen.getvalue() == ""
    piped = io.StringIO()
    monkeypatch.setattr(cli, "_stderr_console", lambda: Console(file=piped))
    with cli.progress("proving", 1) as advance:
        advance()
    assert piped.getvalue() == ""


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--seed", str(2**63 - 1), "--games", "2"],
        ["simulate", "--seed", str(-(2**63) - 1)],
        ["simulate", "--seed", str(2**63), "--games", "1"],
        ["study", "readings", "--seed", str(2**63 - 1), "--games", "2", "--heroes", "2"],
    ],
)
def test_a_seed_out_of_the_64_bit_range_is_a_usage_error(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 30 #9: `simulate --seed 9223372036854775807 --store D` raised an OverflowError traceback."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "every game's seed must lie in -2^63 to 2^63-1" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_workers_are_capped_at_the_games_and_the_cpus(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30 #11: --workers 8 for 2 games forked 8 processes."""
    import os

    from armata_rules.sim import backends

    asked: list[int | None] = []
    real = backends.run_specs

    def spy(specs: object, **kwargs: object) -> object:
        asked.append(kwargs["workers"])  # type: ignore[arg-type]
        return real(specs, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(backends, "run_specs", spy)
    assert main(["simulate", "--heroes", "2", "--games", "2", "--workers", "8", "--json"]) == 0
    assert asked == [min(2, os.cpu_count() or 1)]  # two games, and never more processes than CPUs
    assert "--workers 8: using" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--games", str(2**63 - 1)], "at most 1,000,000 per run"),
        (["study", "readings", "--games", "1000000"], "is over 1,000,000 games"),
        (["study", "readings", "--heroes", "2-99999999999", "--games", "2"], "expected N or N-M"),
        (["study", "readings", "--heroes", "²", "--games", "2"], "expected N or N-M"),
        (["study", "readings", "--heroes", "5-2", "--games", "2"], "hero counts are 2 to 5"),
        (["simulate", "--max-decisions", str(2**31)], "must be 1 to 2147483647"),
    ],
)
def test_a_count_too_large_to_list_is_refused_before_anything_runs(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by `make fuzz`: `simulate --games 9223372036854775807` passed the seed range check and then listed
    2^63 games (a hang filling memory); `--heroes 2-99999999999` listed the range before checking it; `--heroes ²`
    (a digit to str.isdigit, not to int) was a ValueError traceback."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_an_argument_that_is_not_valid_text_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Found by `make fuzz`: a lone surrogate in an argument given from Python (`main(["board", "--svg",
    "\\ud800"])`) was a UnicodeEncodeError traceback where the path was first opened."""
    assert main(["board", "--svg", "\ud800.svg"]) == 2
    err = capsys.readouterr().err
    assert "argument 3" in err and "not valid text" in err and len(err.strip().splitlines()) == 1


_COMMANDS = {
    "board": ["board"],
    "simulate": ["simulate", "--games", "300", "--heroes", "2"],
    "study": ["study", "readings", "--games", "20", "--heroes", "2"],
    "verify": ["verify"],
    "ambiguities": ["ambiguities", "--format", "json"],
}


@pytest.mark.parametrize("command", [*sorted(_COMMANDS), "replay"])
def test_ctrl_c_at_any_moment_is_exit_130_without_a_traceback(command: str, tmp_path: Path) -> None:
    """The README's exit-status table under SIGINT (what a terminal's Ctrl-C sends to the whole process group),
    from the first tenths of a second (the imports: a KeyboardInterrupt traceback before the entry point caught
    it) to the middle of the work. A command that finished first exits 0."""
    import os
    import signal
    import subprocess
    import sys
    import time

    # the child says it has started before the clock runs: a SIGINT sent between the fork and the exec of the new
    # interpreter is taken by the copy of this process's handler and lost with it, and the command then ran to the
    # end (status 0), which CI met under load
    code = "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    code += "sys.stdout.write('started\\n'); sys.stdout.flush(); "
    code += "from armata_rules.entry import run; sys.exit(run())"
    if command == "replay":
        assert main(["simulate", "--games", "1", "--heroes", "5", "--save-records", str(tmp_path), "--json"]) == 0
        args = ["replay", str(next(tmp_path.glob("*.json"))), "--html", str(tmp_path / "game.html")]
    else:
        args = _COMMANDS[command]
    statuses = []
    for delay in (0.15, 0.6, 1.5):
        child = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            start_new_session=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert child.stdout is not None and child.stdout.readline() == b"started\n"
        time.sleep(delay)
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=120)
        text = err.decode()
        assert "Traceback" not in text, text
        # 130, or killed by SIGINT while the interpreter was already shutting down (the shell shows 130 too)
        assert child.returncode in (0, 130, -signal.SIGINT), text
        if child.returncode == 130:
            assert text.strip().splitlines()[-1].startswith("armata-rules: interrupted"), text
        statuses.append(child.returncode)
    assert statuses[0] == 130  # a Ctrl-C during the imports is caught by the entry point


def test_ctrl_c_inside_a_z3_call_is_an_interruption(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the SIGINT test on the compiled build: Ctrl-C while Z3 (through ctypes) converted an argument
    reached `main` as ctypes.ArgumentError("argument 1: KeyboardInterrupt: ") and printed a traceback."""
    import ctypes

    from armata_rules import cli

    monkeypatch.setattr(cli, "_verify", mock_raising(ctypes.ArgumentError("argument 1: KeyboardInterrupt: ")))
    assert main(["verify"]) == 130
    assert capsys.readouterr().err.strip() == "armata-rules: interrupted"
    monkeypatch.setattr(cli, "_verify", mock_raising(ctypes.ArgumentError("argument 1: wrong type")))
    with pytest.raises(ctypes.ArgumentError):  # any other ctypes error is a defect and stays visible
        main(["verify"])


def test_ctrl_c_swallowed_by_a_callback_during_the_imports_is_an_interruption(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found by the SIGINT test under load: a Ctrl-C that landed in importlib's module-lock callback while the
    command line was imported was printed as "Exception ignored ... KeyboardInterrupt" with a traceback, and the
    command then ran to the end with status 0. The entry point keeps it and ends with 130."""
    import types

    from armata_rules import entry

    class Finalized:
        def __del__(self) -> None:
            raise KeyboardInterrupt

    class Importing(types.ModuleType):
        def __getattr__(self, name: str) -> object:
            Finalized()  # collected at once: its KeyboardInterrupt is unraisable, as in a weakref callback
            return mock_raising(AssertionError("the command ran after the Ctrl-C"))

    monkeypatch.setitem(sys.modules, "armata_rules.cli", Importing("armata_rules.cli"))
    previous = sys.unraisablehook
    assert entry.run(["board"]) == 130
    assert capsys.readouterr().err == "armata-rules: interrupted\n"
    assert sys.unraisablehook is previous


def test_a_finalizer_error_that_is_not_a_ctrl_c_still_reaches_pythons_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from armata_rules.kernel.cli.interrupts import keeping_interrupts

    seen: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)

    class Finalized:
        def __init__(self, error: BaseException) -> None:
            self.error = error

        def __del__(self) -> None:
            raise self.error

    with keeping_interrupts() as lost:
        Finalized(KeyboardInterrupt())
        Finalized(ValueError("kept visible"))
    assert len(lost) == 1 and len(seen) == 1
    assert isinstance(getattr(seen[0], "exc_value", None), ValueError)
    assert sys.unraisablehook == seen.append


def mock_raising(error: BaseException) -> object:
    """A command handler that raises ``error``."""

    def handler(*_: object) -> int:
        raise error

    return handler


@pytest.mark.parametrize(
    ("argv", "meant"),
    [
        (["simulate", "--game", "3"], "--games"),
        (["study", "readings", "--game", "1"], "--games"),
        (["study", "editions", "--hero", "2"], "--heroes"),
        (["ambiguities", "--sev", "cosmetic"], "--severity"),
        (["replay", "x.json", "--htm", "x.html"], "--html"),
        (["board", "--sv", "x.svg"], "--svg"),
        (["verify", "--self"], "--self-test"),
    ],
)
def test_an_abbreviated_option_is_refused_not_guessed(
    argv: list[str], meant: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """argparse's prefix matching would read ``--game 3`` as ``--games 3`` in silence (issue 32 §3): the option is
    refused, and the one it begins is suggested, not taken."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text("{}", encoding="utf-8")  # replay's record exists: only the option is wrong
    abbreviation = next(arg for arg in reversed(argv) if arg.startswith("--"))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("armata-rules: error: ") and err.endswith(
        f": unknown option {abbreviation!r}; did you mean {meant!r}?\n"
    )
    assert len(err.splitlines()) == 1


def test_study_alone_lists_its_studies(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["study"]) == 2
    err = capsys.readouterr().err
    assert "readings" in err and "editions" in err and "usage: armata-rules study" in err
