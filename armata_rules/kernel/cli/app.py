"""What every command line of the package does around its commands: exit statuses, one-line errors, quiet and
verbose remarks, JSON output, consoles, and the one place that turns what happens into an exit status.

A game's command line builds its parser (commands whose ``handler`` is a function of the parsed arguments and a
console) and hands it to :func:`run`. :func:`run` refuses an argument that is not text, parses, runs the handler and
maps what it raises to an exit status (:data:`EXIT_CODES`): errors the user can fix (a malformed file, a path that
cannot be read, :class:`UsageError`) are one line naming what and where, status 2; a check the user asked for that
fails (:class:`CheckFailed`, or an error the command line says is a failed check) is status 1; a closed pipe ends
quietly (141) and Ctrl-C with one line (130).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import sys
import time
from collections.abc import Callable, Sequence

from rich.console import Console

from armata_rules.kernel.cli.help import CommandHelp, HelpFormatter, examples_text
from armata_rules.kernel.cli.interrupts import keeping_interrupts
from armata_rules.kernel.cli.suggest import ArgumentProblem, Parser
from armata_rules.kernel.core.datafile import DataFileError

__all__ = [
    "EXIT_CLOSED_PIPE",
    "EXIT_CODES",
    "EXIT_FAILED",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_USAGE",
    "JSON_FORMAT",
    "PIPE_WIDTH",
    "CheckFailed",
    "Handler",
    "UsageError",
    "add_command",
    "add_global_options",
    "check_text",
    "detail",
    "error",
    "note",
    "print_json",
    "run",
    "silence_stdout",
    "stderr_console",
    "stdout_console",
]

#: A command: the parsed arguments and standard output's console in, the exit status out.
Handler = Callable[[argparse.Namespace, Console], int]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
EXIT_CLOSED_PIPE = 141
#: Every exit status of a command line and what it means (shown by ``--help`` and in the docs).
EXIT_CODES = {
    EXIT_OK: "success",
    EXIT_FAILED: "a check failed: an invariant not proved, a negative control not caught, a replay that does not "
    "reach its recorded state",
    EXIT_USAGE: "bad usage or input: an unknown option or value, a malformed file, a path that cannot be read or "
    "written",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C)",
    EXIT_CLOSED_PIPE: "the reader of the output went away (a closed pipe)",
}
#: The version of the layout of the JSON objects commands print themselves (a document with its own version keeps
#: it).
JSON_FORMAT = 1
#: The width of tables and lines written to a pipe or a file: wide enough that no row is wrapped or cut.
PIPE_WIDTH = 100_000


class UsageError(Exception):
    """Bad input the user can fix; printed as one line, exit status 2."""


class CheckFailed(Exception):
    """A check the user asked for failed (exit status 1): the message says which, ``details`` one line each."""

    def __init__(self, message: str, details: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.details = tuple(details)


def stderr_console() -> Console:
    """Standard error's console (progress bars)."""
    return Console(stderr=True)


def stdout_console() -> Console:
    """Standard output's console: the terminal's width on a terminal; in a pipe or a file, no width to wrap to (a
    table cut to 80 columns there breaks ``grep`` and ``cut``, and a column set not to wrap would be cut short)."""
    console = Console()
    return console if console.is_terminal else Console(width=PIPE_WIDTH)


def print_json(data: dict[str, object]) -> None:
    """A ``--json`` output: one object, its ``"format"`` first (the layout's version; :data:`JSON_FORMAT` unless
    the document has its own)."""
    print(json.dumps({"format": data.get("format", JSON_FORMAT)} | data, indent=2))


def note(prog: str, args: argparse.Namespace, message: str) -> None:
    """A remark on standard error (a value adjusted, a check passed), left out with ``-q``."""
    if not args.quiet:
        print(f"{prog}: {message}", file=sys.stderr)


def detail(prog: str, args: argparse.Namespace, message: str) -> None:
    """A detail on standard error, given with ``-v`` only."""
    if args.verbose:
        print(f"{prog}: {message}", file=sys.stderr)


def error(prog: str, message: str) -> None:
    """An error, one line on standard error."""
    print(f"{prog}: error: {message}", file=sys.stderr)


def add_global_options(parser: argparse.ArgumentParser, default: object) -> None:
    """``-q`` and ``-v``: on the top level (default ``False``) and on every command (default
    ``argparse.SUPPRESS``: left as the top level set it), so that ``PROG -q COMMAND`` and ``PROG COMMAND -q`` mean
    the same."""
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        default=default,
        help="print only results and errors: no progress bars, notes, legends or 'wrote FILE' lines",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        default=default,
        help="add details on standard error: what was read and run, how long each part and the whole command took",
    )


def add_command(
    sub: argparse._SubParsersAction[Parser],
    path: str,
    commands: dict[str, CommandHelp],
    handler: Handler | None = None,
) -> Parser:
    """The command ``path`` ("board", "study readings": its last word is its name) with its description and
    examples from ``commands``, and ``-q``/``-v``; ``handler`` runs it."""
    text = commands[path]
    parser = sub.add_parser(
        path.rsplit(maxsplit=1)[-1],
        help=text.summary,
        description=text.description,
        epilog=examples_text(text.examples),
        formatter_class=HelpFormatter,
    )
    add_global_options(parser, argparse.SUPPRESS)
    if handler is not None:
        parser.set_defaults(handler=handler)
    return parser


def check_text(argv: Sequence[str]) -> None:
    """Every argument is text the system can name a file with: a lone surrogate (possible only from a caller in
    Python; a real command line's undecodable bytes arrive as escapes that do encode) is refused here, not left to
    fail as a ``UnicodeEncodeError`` wherever the value is first used."""
    for index, arg in enumerate(argv, start=1):
        try:
            os.fsencode(arg)
        except UnicodeEncodeError as err:
            raise UsageError(f"argument {index} ({arg[: err.start]!r}...): not valid text ({err.reason})") from None


def run(
    prog: str,
    parser: Callable[[], argparse.ArgumentParser],
    argv: Sequence[str] | None,
    *,
    failed: Callable[[Exception], bool] = lambda err: False,
    took: Callable[[argparse.Namespace], str] = lambda args: str(args.command),
) -> int:
    """Run the command line ``parser()`` reads from ``argv`` (``sys.argv[1:]`` when ``None``); return the exit
    status (:data:`EXIT_CODES`).

    The parsed arguments must carry ``handler`` (a :data:`Handler`), ``quiet`` and ``verbose``. ``failed`` says which
    :class:`DataFileError` or :class:`UsageError` is a failed check (status 1) rather than bad input (status 2): a
    record that does not replay, say. ``took`` names the command in the ``-v`` line saying how long it took. While it
    runs, a Ctrl-C that lands in a finalizer still ends the command with status 130
    (:func:`~armata_rules.kernel.cli.interrupts.keeping_interrupts`).
    """
    with keeping_interrupts() as lost:
        return _run(prog, parser, argv, failed, took, lost)


def _run(
    prog: str,
    parser: Callable[[], argparse.ArgumentParser],
    argv: Sequence[str] | None,
    failed: Callable[[Exception], bool],
    took: Callable[[argparse.Namespace], str],
    lost: list[KeyboardInterrupt],
) -> int:
    try:
        check_text(sys.argv[1:] if argv is None else argv)
        try:
            args = parser().parse_args(argv)
        except SystemExit as exit_:  # --help, --version, or a usage error argparse has already explained
            return exit_.code if isinstance(exit_.code, int) else EXIT_USAGE
        if args.quiet and args.verbose:
            raise UsageError("-q (--quiet) and -v (--verbose) ask for opposite things: give one of them")
        start = time.perf_counter()
        handler: Handler = args.handler
        status = handler(args, stdout_console())
        if lost:  # a Ctrl-C a finalizer swallowed: the run was interrupted all the same
            raise KeyboardInterrupt
        sys.stdout.flush()
        detail(prog, args, f"{took(args)} took {time.perf_counter() - start:.2f} s")
        return status
    except ArgumentProblem as err:
        print(err, file=sys.stderr)
        return EXIT_USAGE
    except CheckFailed as err:
        for line in err.details:
            error(prog, line)
        error(prog, str(err))
        return EXIT_FAILED
    except (DataFileError, UsageError) as err:
        error(prog, str(err))
        return EXIT_FAILED if failed(err) else EXIT_USAGE
    except BrokenPipeError:
        silence_stdout()
        return EXIT_CLOSED_PIPE
    except KeyboardInterrupt:
        return _interrupted(prog)
    except ctypes.ArgumentError as err:
        # Ctrl-C while a C library called through ctypes (Z3) converts an argument arrives wrapped: "argument 1:
        # KeyboardInterrupt"
        if "KeyboardInterrupt" not in str(err):
            raise
        return _interrupted(prog)
    except OSError as err:  # a path the user named cannot be read or written
        where = f"{err.filename}: " if err.filename else ""
        error(prog, f"{where}{err.strerror or err}")
        return EXIT_USAGE


def _interrupted(prog: str) -> int:
    """Ctrl-C: one line and status 130. Objects the interrupt left half-built (a Z3 term whose constructor never
    finished) fail in their finalizers as they are collected; those reports are silenced, since the run is over."""
    sys.unraisablehook = _ignore_unraisable
    print(f"{prog}: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def _ignore_unraisable(unraisable: object) -> None:
    """An unraisable exception after Ctrl-C: dropped (see :func:`_interrupted`)."""


def silence_stdout() -> None:
    """After the reader of standard output went away, send what is still buffered nowhere, so that Python's own
    flush at exit does not print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test's capture): nothing will be flushed to it
        pass
