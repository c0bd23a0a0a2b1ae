"""The ``armata-rules`` command's entry point: the command line (:mod:`armata_rules.cli`) imported and run with a
Ctrl-C during its imports handled too.

Importing the engine, Rich and pydantic takes a few tenths of a second; a Ctrl-C then would otherwise end in a
``KeyboardInterrupt`` traceback before :func:`armata_rules.cli.main` (which turns it into exit status 130) runs.
"""

from __future__ import annotations

import sys

__all__ = ["run"]

#: The exit status of an interrupted run (as :data:`armata_rules.cli.EXIT_CODES` says).
INTERRUPTED = 130


def run() -> int:
    """Import and run the command line; 130 with one line if Ctrl-C comes while it is being imported."""
    try:
        from armata_rules.cli import main
    except KeyboardInterrupt:
        print("armata-rules: interrupted", file=sys.stderr)
        return INTERRUPTED
    return main()
