"""The ``armata-rules`` command's entry point: the command line (:mod:`armata_rules.cli`) imported and run with a
Ctrl-C during its imports handled too, and ``--version`` answered without importing it at all.

Importing the engine, Rich and pydantic takes a few tenths of a second; a Ctrl-C then would otherwise end in a
``KeyboardInterrupt`` traceback before :func:`armata_rules.cli.main` (which turns it into exit status 130) runs.
``armata-rules --version`` is what scripts and bug reports ask first; it needs none of that, so it is answered here.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from armata_rules.about import PROG, version_text

__all__ = ["PROG", "interrupted_underneath", "run", "version_text"]

#: The exit status of an interrupted run (as :data:`armata_rules.cli.EXIT_CODES` says).
INTERRUPTED = 130
#: The top-level flags that may come before ``--version`` without changing what it prints (argparse acts on
#: ``--version`` as soon as it reaches it, so these are all it can have seen first).
_QUIET_FLAGS = frozenset({"-q", "--quiet", "-v", "--verbose"})


def asks_for_version(argv: Sequence[str]) -> bool:
    """Whether argparse would answer ``argv`` with the version and nothing else: ``--version`` after nothing but
    ``-q``/``-v`` flags. Anything else (``-h`` first, a command first) goes to the full parser."""
    for arg in argv:
        if arg == "--version":
            return True
        if arg not in _QUIET_FLAGS:
            return False
    return False


def run(argv: Sequence[str] | None = None) -> int:
    """Answer ``--version`` at once; otherwise import and run the command line; 130 with one line if Ctrl-C comes
    while it is being imported (also one that a callback run by the import swallowed)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if asks_for_version(args):
        print(version_text())
        return 0
    try:  # imported only now: ``--version`` loads nothing beyond this module (a test holds it)
        from armata_rules.kernel.cli.interrupts import keeping_interrupts
    except KeyboardInterrupt:
        return _interrupted()
    with keeping_interrupts() as lost:
        try:
            from armata_rules.cli import main
        except KeyboardInterrupt:
            return _interrupted()
        except RuntimeError as err:
            if not interrupted_underneath(err):
                raise
            return _interrupted()
    if lost:  # swallowed by a callback the import ran (importlib's module-lock callback): interrupted all the same
        return _interrupted()
    return main(args)


def _interrupted() -> int:
    print(f"{PROG}: interrupted", file=sys.stderr)
    return INTERRUPTED


def interrupted_underneath(err: BaseException) -> bool:
    """Whether ``err`` was caused by a Ctrl-C: Python wraps one that lands while a class is being made (a
    descriptor's ``__set_name__``, seen importing networkx) in a ``RuntimeError``."""
    seen: set[int] = set()
    cause: BaseException | None = err
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


if __name__ == "__main__":  # ``python -m armata_rules.entry``, as the console script runs it
    sys.exit(run())
