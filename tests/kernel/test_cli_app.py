"""The kernel's command-line runner (:mod:`armata_rules.kernel.cli.app`) on a command line of its own: each thing a
command can raise becomes its exit status and one line on standard error, named by the command line's program."""

from __future__ import annotations

import argparse
import ctypes
from collections.abc import Callable

import pytest
from rich.console import Console

from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.suggest import Parser
from armata_rules.kernel.core.datafile import DataFileError


def _parser_raising(problem: BaseException | None) -> Callable[[], argparse.ArgumentParser]:
    def handler(args: argparse.Namespace, console: Console) -> int:
        if problem is not None:
            raise problem
        app.note("toy", args, "a remark")
        app.detail("toy", args, "a detail")
        return 0

    return _parser_running(handler)


def _parser_running(handler: app.Handler) -> Callable[[], argparse.ArgumentParser]:
    """The toy command line whose one command, ``go``, runs ``handler``."""

    def parser() -> argparse.ArgumentParser:
        made = Parser(prog="toy")
        made.add_argument("-q", "--quiet", action="store_true")
        made.add_argument("-v", "--verbose", action="store_true")
        sub = made.add_subparsers(dest="command", required=True)
        sub.add_parser("go").set_defaults(handler=handler)
        return made

    return parser


@pytest.mark.parametrize(
    ("problem", "status", "line"),
    [
        (app.UsageError("no such room 'X'"), 2, "toy: error: no such room 'X'"),
        (DataFileError("f.toml", "rooms", "unknown key"), 2, "toy: error: f.toml: rooms: unknown key"),
        (app.CheckFailed("2 invariants not proved", ["blood", "wounds"]), 1, "toy: error: 2 invariants not proved"),
        (KeyboardInterrupt(), 130, "toy: interrupted"),
        (ctypes.ArgumentError("argument 1: KeyboardInterrupt"), 130, "toy: interrupted"),
        (FileNotFoundError(2, "No such file or directory", "in.json"), 2, "toy: error: in.json: No such file"),
    ],
)
def test_what_a_command_raises_becomes_its_status_and_one_line(
    problem: BaseException, status: int, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert app.run("toy", _parser_raising(problem), ["go"]) == status
    err = capsys.readouterr().err
    assert line in err and "Traceback" not in err


def test_a_failed_check_is_told_apart_from_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    mismatch = DataFileError("game.json", "final_hash", "the replay ends elsewhere")
    parser = _parser_raising(mismatch)
    assert app.run("toy", parser, ["go"]) == 2
    assert app.run("toy", parser, ["go"], failed=lambda err: getattr(err, "key", "") == "final_hash") == 1
    assert capsys.readouterr().err.count("toy: error: game.json: final_hash") == 2


def test_quiet_and_verbose_and_bad_text(capsys: pytest.CaptureFixture[str]) -> None:
    parser = _parser_raising(None)
    assert app.run("toy", parser, ["go"]) == 0
    assert capsys.readouterr().err == "toy: a remark\n"
    assert app.run("toy", parser, ["-v", "go"]) == 0
    err = capsys.readouterr().err
    assert "toy: a detail" in err and "toy: go took " in err
    assert app.run("toy", parser, ["-q", "-v", "go"]) == 2
    assert "ask for opposite things" in capsys.readouterr().err
    assert app.run("toy", parser, ["go", "x\ud800"]) == 2
    assert "argument 2 ('x'...): not valid text" in capsys.readouterr().err
    assert app.run("toy", parser, ["og"]) == 2  # argparse's own usage error: its status stays


def test_another_ctypes_error_is_not_taken_for_an_interrupt() -> None:
    with pytest.raises(ctypes.ArgumentError, match="wrong type"):
        app.run("toy", _parser_raising(ctypes.ArgumentError("argument 1: wrong type")), ["go"])


class _InterruptedFinalizer:
    """An object whose finalizer meets the Ctrl-C, as a Z3 solver collected while the signal arrives does."""

    def __del__(self) -> None:
        raise KeyboardInterrupt


def _parser_finalizing() -> Callable[[], argparse.ArgumentParser]:
    def handler(args: argparse.Namespace, console: Console) -> int:
        gone = _InterruptedFinalizer()
        del gone  # the interrupt lands in the finalizer, which Python reports and swallows
        for _ in range(1000):  # the command carries on: the interrupt must come back to it
            sum(range(100))
        return 0

    return _parser_running(handler)


def test_a_ctrl_c_that_lands_in_a_finalizer_still_ends_the_command_with_130(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Found by CI: a Ctrl-C during ``verify`` arrived while a Z3 solver was collected; Python printed "Exception
    ignored ... KeyboardInterrupt" with a traceback and the command went on. The run keeps it, and ends with the
    status and the one line of any other Ctrl-C once the command returns."""
    import sys

    before = sys.unraisablehook
    assert app.run("toy", _parser_finalizing(), ["go"]) == 130
    err = capsys.readouterr().err
    assert err == "toy: interrupted\n"
    sys.unraisablehook = before  # the interrupted run leaves finalizers after it quiet, for the rest of the process


def test_the_finalizer_hook_is_the_runs_only() -> None:
    import sys

    before = sys.unraisablehook
    assert app.run("toy", _parser_raising(None), ["-q", "go"]) == 0
    assert sys.unraisablehook is before
