"""Rebuild typed, frozen dataclasses from the plain JSON form the library writes (a game state's ``to_json``).

The field annotations drive the decoding: ``int`` (never a ``bool``), ``bool``, ``str``, ``None``, ``X | None``,
``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, enums (by value), dataclasses (a JSON object tagged
``"__type__": "ClassName"``, which may be left out where the class is known) and abstract bases such as
``Frame`` (the tag picks one of the allowed subclasses).
The walk follows the annotations, never the input, so its depth is bounded by the schema whatever the input holds.
The first problem raises :class:`DecodeError` with the key path, e.g. ``heroes[0].hand[2]``.
"""

from __future__ import annotations

import ast
import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import TypeVar

__all__ = ["DecodeError", "decode"]

T = TypeVar("T")

_HINTS: dict[type, tuple[tuple[str, object, bool], ...]] = {}


class DecodeError(ValueError):
    """Plain data does not fit the type it should rebuild; ``key`` says where, ``problem`` what is wrong."""

    def __init__(self, key: str, problem: str) -> None:
        key = key or "<top>"
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


def decode(cls: type[T], data: object, variants: Mapping[type, Mapping[str, type]] | None = None) -> T:
    """``data`` rebuilt as a ``cls``; ``variants`` maps an abstract base to its allowed subclasses by tag."""
    value = _decode(cls, data, "", variants or {})
    return typing.cast(T, value)


def _fields(cls: type) -> tuple[tuple[str, object, bool], ...]:
    """``(name, type hint, required)`` of each init field of the dataclass ``cls``, resolved once."""
    cached = _HINTS.get(cls)
    if cached is None:
        hints = _type_hints(cls)
        cached = tuple(
            (f.name, hints[f.name], f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)
            if f.init
        )
        _HINTS[cls] = cached
    return cached


def _type_hints(cls: type) -> dict[str, object]:
    """The resolved annotations of ``cls`` and its bases.

    A class compiled by mypyc (``make compiled``) keeps only bare runtime classes as annotations (``tuple`` for
    ``tuple[HeroState, ...]``), so its annotations are read again from its module's source, which the compiled
    package ships beside the extension.
    """
    if not any(_compiled(klass) for klass in cls.__mro__):
        return typing.get_type_hints(cls)
    hints: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if "__annotations__" in vars(klass):
            hints.update(_source_annotations(klass) if _compiled(klass) else typing.get_type_hints(klass))
    return hints


def _compiled(klass: type) -> bool:
    """Whether ``klass`` comes from a module compiled to an extension (not from a ``.py`` file)."""
    module_file = getattr(sys.modules.get(klass.__module__), "__file__", None) or ""
    return not module_file.endswith(".py") and klass.__module__.startswith("armata_rules.")


def _source_annotations(klass: type) -> dict[str, object]:
    """The annotations of ``klass`` as written in its module's source, evaluated in the module's namespace."""
    module = sys.modules[klass.__module__]
    source = Path(str(module.__file__)).with_name(klass.__module__.rpartition(".")[2] + ".py")
    try:
        tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
    except (OSError, SyntaxError, ValueError) as err:
        raise TypeError(f"cannot read the field types of the compiled class {klass.__qualname__}: {err}") from None
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
            return {
                statement.target.id: eval(ast.unparse(statement.annotation), vars(module))  # the package's own source
                for statement in node.body
                if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)
            }
    raise TypeError(f"cannot read the field types of the compiled class {klass.__qualname__}: not in {source}")


def _join(key: str, name: str) -> str:
    return f"{key}.{name}" if key else name


def _describe(value: object) -> str:
    """A short, safe description of an input value (no deep repr, no huge int to text)."""
    name = type(value).__name__
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        return f"{name} of {len(value)} items"
    if isinstance(value, str):
        return f"str {value[:40]!r}{'…' if len(value) > 40 else ''}"
    if isinstance(value, int) and value.bit_length() > 64:
        return f"{name} of {value.bit_length()} bits"
    if isinstance(value, (int, float)) or value is None:
        return f"{name} {value!r}"
    return name


def _decode(hint: object, data: object, key: str, variants: Mapping[type, Mapping[str, type]]) -> object:
    origin = typing.get_origin(hint)
    if hint is int:
        if type(data) is not int:
            raise DecodeError(key, f"must be an integer; got {_describe(data)}")
        return data
    if hint is bool or hint is str:
        if type(data) is not hint:
            raise DecodeError(key, f"must be a {'boolean' if hint is bool else 'string'}; got {_describe(data)}")
        return data
    if hint is type(None):
        if data is not None:
            raise DecodeError(key, f"must be null; got {_describe(data)}")
        return None
    if origin is types.UnionType or origin is typing.Union:
        members = typing.get_args(hint)
        if data is None and type(None) in members:
            return None
        rest = [m for m in members if m is not type(None)]
        if len(rest) == 1:
            return _decode(rest[0], data, key, variants)
        raise DecodeError(key, f"unsupported type {hint}")  # no such field in the library's classes
    if origin is tuple or origin is frozenset:
        if not isinstance(data, (list, tuple)):
            raise DecodeError(key, f"must be a list; got {_describe(data)}")
        args = typing.get_args(hint)
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            items = [_decode(args[0], item, f"{key}[{i}]", variants) for i, item in enumerate(data)]
            if origin is tuple:
                return tuple(items)
            if len(set(items)) != len(items):
                raise DecodeError(key, "lists a value twice; it is a set")
            return frozenset(items)
        if len(data) != len(args):
            raise DecodeError(key, f"must be a list of {len(args)} items; got {len(data)}")
        pairs = enumerate(zip(args, data, strict=True))
        return tuple(_decode(arg, item, f"{key}[{i}]", variants) for i, (arg, item) in pairs)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            known = ", ".join(repr(m.value) for m in hint)
            raise DecodeError(key, f"{_describe(data)} is no {hint.__name__}; one of {known}") from None
    if isinstance(hint, type):
        return _decode_object(hint, data, key, variants)
    raise DecodeError(key, f"unsupported type {hint}")


def _decode_object(cls: type, data: object, key: str, variants: Mapping[type, Mapping[str, type]]) -> object:
    if not isinstance(data, Mapping):
        raise DecodeError(key, f"must be an object; got {_describe(data)}")
    tag = data.get("__type__")
    allowed = variants.get(cls)
    if allowed is not None:
        if not isinstance(tag, str) or tag not in allowed:
            known = ", ".join(sorted(allowed))
            raise DecodeError(_join(key, "__type__"), f"{tag!r} is no {cls.__name__}; one of {known}")
        cls = allowed[tag]
    elif tag is not None and tag != cls.__name__:
        raise DecodeError(_join(key, "__type__"), f"must be {cls.__name__!r}; got {tag!r}")
    if not dataclasses.is_dataclass(cls):
        raise DecodeError(key, f"unsupported type {cls.__name__}")
    spec = _fields(cls)
    names = {name for name, _, _ in spec}
    extra = sorted(str(k) for k in data if k != "__type__" and k not in names)
    if extra:
        raise DecodeError(_join(key, extra[0]), f"unknown key for {cls.__name__}")
    values = {}
    for name, hint, required in spec:
        if name not in data:
            if required:
                raise DecodeError(_join(key, name), f"missing (a {cls.__name__} needs it)")
            continue
        values[name] = _decode(hint, data[name], _join(key, name), variants)
    return cls(**values)
