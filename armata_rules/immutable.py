"""A fast :func:`dataclasses.replace` for the engine's frozen, slotted dataclasses.

``dataclasses.replace`` re-runs the class's ``__init__`` through generic keyword handling; on the hot path
(every ``apply`` builds several new states) that machinery is most of the cost. The classes copied here have no
``__post_init__`` and no init-only fields, so copying the slots and overriding some is equivalent.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")
_NAMES: dict[type, tuple[str, ...]] = {}


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    cls = type(obj)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(obj))  # type: ignore[arg-type]
    for name in changes:
        if name not in names:
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
