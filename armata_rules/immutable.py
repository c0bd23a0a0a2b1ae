"""A fast :func:`dataclasses.replace` for the engine's frozen, slotted dataclasses.

``dataclasses.replace`` re-runs the class's ``__init__`` through generic keyword handling; on the hot path (every
``apply`` builds about ten new states) that machinery was most of the cost. The classes copied here have no
``__post_init__`` and no init-only fields, so copying the slots and overriding some is equivalent.

For each class a copier is made once. A slotted class gets a generated function (as :mod:`dataclasses` itself
generates ``__init__``) that fills a *draft twin* of the class by plain slot assignment and then gives it the real
class (see :func:`_slot_copier`): about half the cost of writing each slot through its descriptor, and the state
keeps slots (fast reads, one object for the collector, less memory). Unknown field names raise ``TypeError``, as
any bad keyword argument does. Classes without slots, or that compute fields after ``__init__``, fall back to
:func:`dataclasses.replace`.

:class:`Memo` gives a frozen, slotted dataclass one extra slot that is no field: a dictionary of data derived from
the instance, filled lazily (:func:`memo`). A copy made by :func:`replace` starts without it, and equality, hashing,
pickling and ``fields()`` never see it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Memo", "memo", "replace", "share_memo"]

T = TypeVar("T")
_COPIERS: dict[type, Callable[..., Any]] = {}


class Memo:
    """Base class of immutable values that cache data derived from themselves (see :func:`memo`)."""

    __slots__ = ("_memo",)
    _memo: dict[object, Any]


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


def share_memo(source: Memo, target: Memo) -> None:
    """Let ``target`` use ``source``'s cache from now on (one dictionary, filled by either).

    Only for a ``target`` that differs from ``source`` in nothing the cached data derives from; the class that
    calls this says what that is (see :meth:`armata_rules.state.HeroState.moved_to`).
    """
    object.__setattr__(target, "_memo", memo(source))


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _make_copier(cls)
    new: T = copier(obj, **changes)
    return new


def _make_copier(cls: type) -> Callable[..., Any]:
    """The copier of the dataclass ``cls``: by slots through a draft twin, or the standard
    :func:`dataclasses.replace` for a class without slots or one that computes fields after ``__init__``."""
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    if not all(f.init for f in fields) or "__post_init__" in dir(cls) or "__slots__" not in cls.__dict__:
        return dataclasses.replace
    return _slot_copier(cls, names)


def _slot_copier(cls: type, names: tuple[str, ...]) -> Callable[..., Any]:
    """``copier(obj, **changes)`` for a slotted dataclass.

    A frozen class refuses attribute assignment, and writing each slot through its descriptor costs a call per
    field. So the copy is built as an instance of a *draft twin*: a plain class with the same bases and the same
    slots (hence the same memory layout), whose slots are written by ordinary assignment, and is then given its
    real class (``__class__`` assignment, which Python allows between classes of identical layout).
    """
    draft = type(f"_Draft{cls.__name__}", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})
    namespace: dict[str, Any] = {
        "new_object": object.__new__,
        "draft": draft,
        "cls": cls,
        "fields": frozenset(names),
        "set_attribute": setattr,
        "unknown": _unknown_field,
    }
    lines = [
        "def copier(obj, /, **changes):",
        "    for name in changes:",
        "        if name not in fields:",
        "            unknown(cls, name)",
        "    new = new_object(draft)",
    ]
    lines += [f"    new.{name} = obj.{name}" for name in names]
    lines += [
        "    for name, value in changes.items():",
        "        set_attribute(new, name, value)",
        "    new.__class__ = cls",
        "    return new",
    ]
    exec("\n".join(lines), namespace)
    copier: Callable[..., Any] = namespace["copier"]
    copier.__qualname__ = f"replace[{cls.__qualname__}]"
    return copier


def _unknown_field(cls: type, name: str) -> None:
    raise TypeError(f"{cls.__qualname__} has no field {name!r}")
