"""Reading the project's data files (layouts, data packs, game records): TOML or JSON, with errors that name
the file, the key and the problem.

Every loader raises a subclass of :class:`DataFileError`, so a caller can catch all malformed-input errors at once.
"""

from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

__all__ = [
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT",
    "DataFileError",
    "StrictModel",
    "check_plain_data",
    "key_path",
    "read_data_file",
    "read_regular_file",
    "validate_model",
]


class DataFileError(ValueError):
    """A data file is malformed; the message reads ``FILE: KEY: PROBLEM``."""

    def __init__(self, source: str, key: str, problem: str) -> None:
        super().__init__(f"{source}: {key}: {problem}")
        self.source = source
        self.key = key
        self.problem = problem


class StrictModel(BaseModel):
    """Base of the file schemas: unknown keys are errors, no type coercion, immutable."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


E = TypeVar("E", bound=DataFileError)
M = TypeVar("M", bound=BaseModel)


#: The largest data file read (game records of long games are the biggest: about 60 bytes per action).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The deepest nesting of tables and lists a data file may have (the schemas need fewer than 8 levels).
MAX_DEPTH = 32
#: Integers in data files lie within a signed 64-bit range.
MAX_INT = 2**63 - 1


class _BigNumber:
    """A JSON number too large to convert, kept as text so the check can name its key."""

    def __init__(self, text: str) -> None:
        self.text = text


def _json_int(text: str) -> int | _BigNumber:
    return _BigNumber(text) if len(text) > 20 else int(text)


def _json_constant(text: str) -> float:
    return float(text)  # NaN, Infinity, -Infinity: refused by the walk below


def read_data_file(path: str | Path, error: type[E], max_bytes: int | None = None) -> object:
    """Parse a ``.toml`` or ``.json`` file; raise ``error`` naming the file (and the key, once parsed) if it is
    not a regular file, is larger than ``max_bytes`` (default :data:`MAX_FILE_BYTES`), cannot be read or parsed,
    nests deeper than :data:`MAX_DEPTH`, or holds an integer beyond 64 bits or a number that is not finite."""
    path = Path(path)
    source = str(path)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".toml"):
        raise error(source, "<file>", f"unknown file type {suffix!r}; use .toml or .json")
    data = _read_bytes(path, source, error, MAX_FILE_BYTES if max_bytes is None else max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(source, "<file>", f"is not UTF-8 text ({err.reason} at byte {err.start})") from None
    parsed: object
    try:
        if suffix == ".json":
            parsed = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
        else:
            parsed = tomllib.loads(text)
    except json.JSONDecodeError as err:
        raise error(source, "<file>", f"is not valid JSON: {err.msg} at line {err.lineno}") from None
    except tomllib.TOMLDecodeError as err:
        raise error(source, "<file>", f"is not valid TOML: {err}") from None
    except RecursionError:
        raise error(source, "<file>", f"nests tables or lists too deeply (at most {MAX_DEPTH} levels)") from None
    except ValueError as err:  # tomllib: an integer too long to convert
        raise error(source, "<file>", f"holds a number that cannot be read: {str(err)[:80]}") from None
    check_plain_data(parsed, source, error)
    return parsed


def read_regular_file(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most ``max_bytes``, read with the guards of every data file: no FIFO (it
    would block), no device (``/dev/zero`` never ends), no directory, nothing larger than the cap. A
    :class:`DataFileError` (``FILE: <file>: PROBLEM``) otherwise."""
    return _read_bytes(Path(path), str(path), DataFileError, max_bytes)


def _read_bytes(path: Path, source: str, error: type[E], max_bytes: int) -> bytes:
    """The file's bytes; only a regular file is opened for reading (a FIFO would block, /dev/zero never end)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise error(source, "<file>", f"cannot be read: {err.strerror or err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode) else "a device or socket"
            raise error(source, "<file>", f"is not a regular file ({kind})")
        chunks = []
        left = max_bytes + 1
        while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
    except OSError as err:
        raise error(source, "<file>", f"cannot be read: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise error(source, "<file>", f"is larger than the {max_bytes} bytes a file of its kind may have")
    return data


_SURROGATE = "holds a lone surrogate (\\ud800-\\udfff): not text that can be written out"


def _encodable(text: str) -> bool:
    """Whether ``text`` is real Unicode text: JSON's ``"\\ud800"`` decodes to a lone surrogate, which passes every
    check until something writes it out (a page, an SVG, a terminal) and fails there."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_plain_data(data: object, source: str, error: type[E]) -> None:
    """Refuse parsed data nested deeper than :data:`MAX_DEPTH`, with an integer beyond 64 bits, a number that is
    not finite or text with a lone surrogate, naming the key. Walks with an explicit stack: no recursion, whatever
    the input."""
    stack: list[tuple[object, tuple[int | str, ...]]] = [(data, ())]
    while stack:
        value, loc = stack.pop()
        if len(loc) > MAX_DEPTH:
            raise error(source, key_path(data, loc[:MAX_DEPTH]), f"nests deeper than {MAX_DEPTH} levels")
        if isinstance(value, Mapping):
            for k in value:
                if isinstance(k, str) and not _encodable(k):
                    raise error(source, key_path(data, loc) if loc else "<top>", f"a key {_SURROGATE}")
            stack.extend((v, (*loc, str(k))) for k, v in value.items())
        elif isinstance(value, str) and not _encodable(value):
            raise error(source, key_path(data, loc), f"text {_SURROGATE}")
        elif isinstance(value, list):
            stack.extend((v, (*loc, i)) for i, v in enumerate(value))
        elif isinstance(value, _BigNumber) or (type(value) is int and not -MAX_INT - 1 <= value <= MAX_INT):
            digits = len(value.text) if isinstance(value, _BigNumber) else value.bit_length() * 30103 // 100000 + 1
            raise error(source, key_path(data, loc), f"integer of about {digits} digits is out of range")
        elif isinstance(value, float) and not math.isfinite(value):
            raise error(source, key_path(data, loc), f"{value} is not a finite number")


def validate_model(model: type[M], data: object, source: str, error: type[E]) -> M:
    """Validate ``data`` against a schema; the first problem becomes ``error(source, key, problem)``."""
    if not isinstance(data, Mapping):
        raise error(source, "<file>", "the top level must be a table of keys")
    check_plain_data(data, source, error)  # data parsed elsewhere gets the same limits as a file
    try:
        return model.model_validate(dict(data))
    except ValidationError as err:
        first = err.errors()[0]
        problem = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
        raise error(source, key_path(data, first["loc"]), problem) from None


def key_path(data: object, loc: tuple[int | str, ...]) -> str:
    """The part of a pydantic error location that names keys of the file (union member tags dropped)."""
    parts: list[str] = []
    node = data
    for part in loc:
        in_mapping = isinstance(node, Mapping) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if in_mapping or in_list:
            node = node[part]  # type: ignore[index]
        elif not parts or (isinstance(node, Mapping) and isinstance(part, str) and part.isidentifier()):
            parts.append(str(part))  # a missing or unknown key: still the user's name for it
            break
        else:
            break
        parts.append(f"[{part}]" if isinstance(part, int) else str(part))
    return ".".join(parts).replace(".[", "[") or "<file>"
