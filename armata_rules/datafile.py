"""Reading the project's data files (layouts, data packs, game records): TOML or JSON, with errors that name
the file, the key and the problem.

Every loader raises a subclass of :class:`DataFileError`, so a caller can catch all malformed-input errors at once.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

__all__ = ["DataFileError", "StrictModel", "key_path", "read_data_file", "validate_model"]


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


def read_data_file(path: str | Path, error: type[E]) -> object:
    """Parse a ``.toml`` or ``.json`` file; raise ``error`` naming the file if it cannot be read or parsed."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise error(source, "<file>", f"cannot be read: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise error(source, "<file>", f"is not UTF-8 text ({err.reason} at byte {err.start})") from None
    suffix = path.suffix.lower()
    if suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as err:
            raise error(source, "<file>", f"is not valid JSON: {err.msg} at line {err.lineno}") from None
    if suffix == ".toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            raise error(source, "<file>", f"is not valid TOML: {err}") from None
    raise error(source, "<file>", f"unknown file type {suffix!r}; use .toml or .json")


def validate_model(model: type[M], data: object, source: str, error: type[E]) -> M:
    """Validate ``data`` against a schema; the first problem becomes ``error(source, key, problem)``."""
    if not isinstance(data, Mapping):
        raise error(source, "<file>", "the top level must be a table of keys")
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
