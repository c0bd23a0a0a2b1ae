"""A fast :func:`dataclasses.replace` for the engine's frozen, slotted dataclasses.

``dataclasses.replace`` re-runs the class's ``__init__`` through generic keyword handling; on the hot path (every
``apply`` builds about ten new states) that machinery was most of the cost. The classes copied here have no
``__post_init__`` and no init-only fields, so copying the slots and overriding some is equivalent.

For each class a copier is made once. A slotted class gets a generated function (as :mod:`dataclasses` itself
generates ``__init__``): one keyword-only parameter per field, each slot written through its member descriptor. A
class kept in an instance dictionary (the large, most-copied :class:`~armata_rules.state.GameState` and
:class:`~armata_rules.state.HeroState`) is copied by copying that dictionary and updating it, which is about three
times faster than writing twenty slots one by one. Unknown field names raise ``TypeError`` either way, as any bad
keyword argument does. Other classes fall back to :func:`dataclasses.replace`.

:class:`Memo` gives a frozen, slotted dataclass one extra slot that is no field: a dictionary of data derived from
the instance, filled lazily (:func:`memo`). A copy made by :func:`replace` starts without it, and equality, hashing,
pickling and ``fields()`` never see it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Memo", "memo", "replace"]

T = TypeVar("T")
_COPIERS: dict[type, Callable[..., Any]] = {}
_UNCHANGED = object()


class Memo:
    """Base class of immutable values that cache data derived from themselves (see :func:`memo`)."""

    __slots__ = ("_memo",)
    _memo: dict[object, Any]

    def __getstate__(self) -> object:
        """The fields only (a slotted dataclass overrides this with its own): the memo is never pickled or copied."""
        return self.__dict__

    def __setstate__(self, state: dict[str, Any]) -> None:
        object.__setattr__(self, "__dict__", dict(state))


def memo(obj: Memo) -> dict[object, Any]:
    """The cache of data derived from ``obj``, created empty on first use.

    Only data that is a pure function of ``obj`` (and of fixed facts named in the key) may be stored here: the
    instance is immutable, so the cache never goes stale.
    """
    try:
        return obj._memo
    except AttributeError:
        cache: dict[object, Any] = {}
        object.__setattr__(obj, "_memo", cache)
        return cache


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _make_copier(cls)
    new: T = copier(obj, **changes)
    return new


def _make_copier(cls: type) -> Callable[..., Any]:
    """Generate ``copier(obj, *, field=UNCHANGED, ...)`` for the dataclass ``cls``."""
    names = tuple(f.name for f in dataclasses.fields(cls))
    if "__slots__" not in cls.__dict__:
        if all(f.init for f in dataclasses.fields(cls)) and "__post_init__" not in dir(cls):
            return _dict_copier(cls, names)
        return dataclasses.replace
    namespace: dict[str, Any] = {"UNCHANGED": _UNCHANGED, "new_object": object.__new__, "cls": cls}
    lines = [f"def copier(obj, *, {', '.join(f'{name}=UNCHANGED' for name in names)}):", "    new = new_object(cls)"]
    for number, name in enumerate(names):
        namespace[f"set_{number}"] = cls.__dict__[name].__set__
        lines.append(f"    set_{number}(new, obj.{name} if {name} is UNCHANGED else {name})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    copier: Callable[..., Any] = namespace["copier"]
    copier.__qualname__ = f"replace[{cls.__qualname__}]"
    return copier


def _dict_copier(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """``copier(obj, **changes)`` for a dataclass whose fields live in the instance dictionary."""
    new_object = object.__new__
    set_attribute = object.__setattr__
    count = len(names)

    def copier(obj: Any, /, **changes: Any) -> Any:
        new: Any = new_object(cls)
        values = obj.__dict__.copy()
        if changes:
            values.update(changes)
            if len(values) != count:
                unknown = sorted(set(changes) - set(names))
                raise TypeError(f"{cls.__qualname__} has no field {unknown[0]!r}")
        set_attribute(new, "__dict__", values)
        return new

    copier.__qualname__ = f"replace[{cls.__qualname__}]"
    return copier
