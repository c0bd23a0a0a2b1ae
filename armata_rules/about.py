"""The command's name and the installed version: what ``--version`` prints, importable at no cost.

It sits below both :mod:`armata_rules.entry` (which answers ``--version`` before importing the command line) and
:mod:`armata_rules.cli` (whose parser prints the same), so that neither imports the other.
"""

from __future__ import annotations

__all__ = ["PROG", "version_text"]

#: The command's name, as the parser and every message spell it.
PROG = "armata-rules"


def version_text() -> str:
    """``armata-rules X.Y.Z``: the installed distribution's version, or the source tree's when not installed."""
    from importlib import metadata

    try:
        version = metadata.version(PROG)
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree that is not installed
        from armata_rules import __version__ as version
    return f"{PROG} {version}"
