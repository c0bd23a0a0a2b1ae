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

In the compiled build (``make compiled``) the engine's value classes are native: mypyc compiles the ``__init__`` a
class writes itself (plain ``self.field = field`` stores) to C, where the one :mod:`dataclasses` generates stays
interpreted and costs a call per field. :func:`frozen_init` lets such a hand-written ``__init__`` stand in the pure
build too, and :func:`replace` copies a native instance through its constructor (native instances cannot change
class, so there is no draft twin).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import FunctionType
from typing import Any, Final, TypeVar

from mypy_extensions import mypyc_attr

__all__ = [
    "Memo",
    "Value",
    "check_changes",
    "empty_memo",
    "frozen_init",
    "memo",
    "replace",
    "replace_fields",
    "share_memo",
]

T = TypeVar("T")
#: ``copier(obj, changes)``: a copy of ``obj`` with the fields named in ``changes`` set to their values.
Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: Final[dict[type, Copier]] = {}
#: The classes whose hand-written ``__init__`` :func:`frozen_init` has checked in (tests read this).
HAND_WRITTEN_INITS: Final[list[type]] = []


@mypyc_attr(allow_interpreted_subclasses=True)
class Value:
    """Base class of the frozen dataclasses that write their own ``__init__`` (see :func:`frozen_init`).

    Pickling and copying rebuild an instance from its init fields through the constructor: a native instance cannot
    be made empty first and filled in afterwards, as the default protocol does.
    """

    __slots__ = ()

    def __reduce__(self) -> tuple[type, tuple[object, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init)  # type: ignore[arg-type]


@mypyc_attr(allow_interpreted_subclasses=True)
class Memo(Value):
    """Base class of immutable values that cache data derived from themselves (see :func:`memo`).

    Every way of making an instance sets ``_memo`` to ``None``: a subclass's hand-written ``__init__`` does, one
    with a generated ``__init__`` does in ``__post_init__``, and the copier of :func:`replace` does for the copies
    it builds without ``__init__``. So :func:`memo` reads the slot directly: compiled, a native attribute read,
    where ``getattr(obj, "_memo", None)`` was a generic call (and, for a slot never set, an ``AttributeError``
    built and dropped).
    """

    __slots__ = ("_memo",)
    _memo: dict[object, Any] | None


def memo(obj: Memo) -> dict[object, Any]:
    """The cache of data derived from ``obj``, created empty on first use.

    Only data that is a pure function of ``obj`` (and of fixed facts named in the key) may be stored here: the
    instance is immutable, so the cache never goes stale.
    """
    found = obj._memo
    if found is None:
        found = {}
        object.__setattr__(obj, "_memo", found)
    return found


def empty_memo(obj: Memo) -> None:
    """Start ``obj``'s cache empty (``_memo`` set to ``None``): what the ``__post_init__`` of a Memo with a generated
    ``__init__`` calls (see :class:`Memo`)."""
    object.__setattr__(obj, "_memo", None)


def share_memo(source: Memo, target: Memo) -> None:
    """Let ``target`` use ``source``'s cache from now on (one dictionary, filled by either).

    Only for a ``target`` that differs from ``source`` in nothing the cached data derives from; the class that
    calls this says what that is (Armata's ``HeroState.moved_to`` does).
    """
    object.__setattr__(target, "_memo", memo(source))


def frozen_init(cls: type[T]) -> type[T]:
    """Check in the frozen dataclass ``cls`` (declared ``init=False``), whose ``__init__`` is written by hand as one
    ``self.field = field  # type: ignore[misc]`` per init field, in field order, with the fields' defaults.

    It may define ``_replace(self, changes, /)``, the copy through the constructor that :func:`replace` uses for a
    native instance (a native instance cannot change class, so there is no draft twin): a compiled method builds it
    far faster than the generic copier that a class without one gets (:func:`_constructor_copier`), so the classes
    the engine copies on every decision write it.

    A field computed from the others (``init=False``) is set by ``__post_init__``, which the hand-written
    ``__init__`` calls last, as the generated one would.

    Compiled, that ``__init__`` is native code and stays. Interpreted, its stores would hit the frozen
    ``__setattr__``, so it is replaced by one that sets each field as :mod:`dataclasses` does; the hand-written one is
    kept as ``__wrapped__``, and a test checks that it matches the fields.
    """
    written = cls.__dict__["__init__"]
    if isinstance(written, FunctionType):  # interpreted: give it a working __init__
        standard = _standard_init(cls)
        standard.__wrapped__ = written  # type: ignore[attr-defined]
        setattr(cls, "__init__", standard)  # noqa: B010 - mypy refuses assigning to a method
    HAND_WRITTEN_INITS.append(cls)
    return cls


def _standard_init(cls: type) -> Callable[..., None]:
    """``__init__`` for the frozen dataclass ``cls``: each init field set through ``object.__setattr__``."""
    namespace: dict[str, Any] = {"set_field": object.__setattr__}
    parameters = []
    derived = "__post_init__" in cls.__dict__
    init_fields = [field for field in dataclasses.fields(cls) if field.init]
    for field in dataclasses.fields(cls):
        if field.default_factory is not dataclasses.MISSING or not (field.init or derived):
            raise TypeError(
                f"{cls.__qualname__}.{field.name}: frozen_init takes plain init fields, and fields that"
                " __post_init__ computes"
            )
        if not field.init:
            continue
        if field.default is dataclasses.MISSING:
            parameters.append(field.name)
        else:
            namespace[f"default_{field.name}"] = field.default
            parameters.append(f"{field.name}=default_{field.name}")
    lines = [f"def __init__(self, {', '.join(parameters)}):"]
    lines += [f"    set_field(self, {f.name!r}, {f.name})" for f in init_fields]
    lines += ["    set_field(self, '_memo', None)"] if issubclass(cls, Memo) else []  # no cache yet (see Memo)
    lines += ["    self.__post_init__()"] if derived else []
    lines += [] if init_fields or derived else ["    pass"]
    exec("\n".join(lines), namespace)
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``; unknown field names raise ``TypeError``."""
    return replace_fields(obj, changes)


def replace_fields(obj: T, changes: dict[str, Any], /) -> T:
    """:func:`replace` with the changes in one dictionary, for a caller that computes which fields change: compiled,
    a call that spreads them (``replace(obj, **changes)``) goes through Python's generic call, this one does not."""
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _make_copier(cls)
    new: T = copier(obj, changes)
    return new


def _make_copier(cls: type) -> Copier:
    """The copier of the dataclass ``cls``: through the constructor for a native (compiled) class, by slots through
    a draft twin for an interpreted one, or the standard :func:`dataclasses.replace` for a class without slots or
    one that computes fields after ``__init__``."""
    fields = dataclasses.fields(cls)
    names = tuple(f.name for f in fields)
    if cls in HAND_WRITTEN_INITS and not isinstance(cls.__dict__["__init__"], FunctionType):
        own: Copier | None = getattr(cls, "_replace", None)
        return _constructor_copier(cls) if own is None else own
    if not all(f.init for f in fields) or "__post_init__" in dir(cls):
        return _standard_copier
    if "__slots__" not in cls.__dict__:
        return _standard_copier
    return _slot_copier(cls, names)


def _standard_copier(obj: Any, changes: dict[str, Any]) -> Any:
    return dataclasses.replace(obj, **changes)


def _constructor_copier(cls: type) -> Copier:
    """``copier(obj, changes)`` for a native class without ``_replace``: its constructor, given each init field
    from ``changes`` or else from ``obj``."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)

    def copier(obj: Any, changes: dict[str, Any]) -> Any:
        check_changes(cls, changes)
        return cls(*[changes[name] if name in changes else getattr(obj, name) for name in names])

    return copier


def _slot_copier(cls: type, names: tuple[str, ...]) -> Copier:
    """``copier(obj, changes)`` for a slotted dataclass.

    A frozen class refuses attribute assignment, and writing each slot through its descriptor costs a call per
    field. So the copy is built as an instance of a *draft twin*: a plain class with the same bases and the same
    slots (hence the same memory layout), whose slots are written by ordinary assignment, and is then given its
    real class (``__class__`` assignment, which Python allows between classes of identical layout).
    """
    draft = type(f"_Draft{cls.__name__}", cls.__bases__, {"__slots__": cls.__dict__["__slots__"]})
    namespace: dict[str, Any] = {
        "new_object": draft.__new__,  # object.__new__, or a compiled base's (Memo, compiled)
        "draft": draft,
        "cls": cls,
        "fields": frozenset(names),
        "set_attribute": setattr,
        "unknown": _unknown_field,
    }
    lines = [
        "def copier(obj, changes, /):",
        "    for name in changes:",
        "        if name not in fields:",
        "            unknown(cls, name)",
        "    new = new_object(draft)",
    ]
    lines += [f"    new.{name} = obj.{name}" for name in names]
    if issubclass(cls, Memo):
        lines.append("    new._memo = None")  # the copy's own cache, empty (see Memo)
    lines += [
        "    for name, value in changes.items():",
        "        set_attribute(new, name, value)",
        "    new.__class__ = cls",
        "    return new",
    ]
    exec("\n".join(lines), namespace)
    copier: Copier = namespace["copier"]
    copier.__qualname__ = f"replace[{cls.__qualname__}]"
    return copier


def check_changes(cls: type, changes: dict[str, Any]) -> None:
    """Refuse a change to a name that is no field of the dataclass ``cls`` (``TypeError``, as :func:`replace`)."""
    known = cls.__dataclass_fields__  # type: ignore[attr-defined]
    for name in changes:
        if name not in known:
            _unknown_field(cls, name)


def _unknown_field(cls: type, name: str) -> None:
    raise TypeError(f"{cls.__qualname__} has no field {name!r}")
