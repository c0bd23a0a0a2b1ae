"""The command line's path arguments, checked as they are parsed: a file read, a file written, a folder read, a
folder written.

A mistake in a path is found before any work starts (a study of an hour used to fail at its end on ``--out DIR``)
and said in one line naming the argument and the path. An output's folder must exist already: ``board --svg
/nonexistent/x.svg`` is refused, naming ``/nonexistent``, instead of creating a tree of folders from a typo. A
folder written (``--store``, ``--save-records``) may be new, but its parent must exist.

Each check is the ``type`` of its arguments; :mod:`armata_rules.kernel.cli.completion` reads the same ``type`` to
complete file names or folder names in the shell.
"""

from __future__ import annotations

from pathlib import Path

from armata_rules.kernel.cli.suggest import ValueProblem

__all__ = ["DIRECTORY_TYPES", "FILE_TYPES", "input_dir", "input_file", "output_dir", "output_file"]


def input_file(value: str) -> str:
    """A file the command reads: it exists and is not a folder."""
    path = _path(value)
    if path.is_dir():
        raise ValueProblem(f"{value}: is a directory, not a file")
    if not path.exists():
        raise ValueProblem(f"{value}: no such file")
    return value


def output_file(value: str) -> str:
    """A file the command writes (replacing it): not a folder, in a folder that exists."""
    path = _path(value)
    if path.is_dir():
        raise ValueProblem(f"{value}: is a directory; name a file to write")
    _parent_exists(value, path)
    return value


def input_dir(value: str) -> str:
    """A folder the command reads: it exists and is a folder."""
    path = _path(value)
    if not path.exists():
        raise ValueProblem(f"{value}: no such directory")
    if not path.is_dir():
        raise ValueProblem(f"{value}: is a file, not a directory")
    return value


def output_dir(value: str) -> str:
    """A folder the command writes into: a folder already, or new in a folder that exists."""
    path = _path(value)
    if path.exists() and not path.is_dir():
        raise ValueProblem(f"{value}: is a file, not a directory")
    if not path.exists():
        _parent_exists(value, path)
    return value


def _path(value: str) -> Path:
    if "\0" in value:  # possible only from a caller in Python; the system cannot name such a file
        raise ValueProblem(f"{value!r}: a path cannot hold a NUL character")
    return Path(value)


def _parent_exists(value: str, path: Path) -> None:
    parent = path.parent
    if not parent.exists():
        raise ValueProblem(f"{value}: directory {parent} does not exist (create it first)")
    if not parent.is_dir():
        raise ValueProblem(f"{value}: {parent} is not a directory")


#: The types of arguments whose values are file names, and of those whose values are folder names.
FILE_TYPES = (input_file, output_file)
DIRECTORY_TYPES = (input_dir, output_dir)
