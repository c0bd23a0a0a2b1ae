"""The vocabulary of decisions: every choice a seat (or chance) makes is one small immutable action.

Actions name the seat that decides (``seat``) and what it picks, by id. The kernel defines their base, the chance
outcome and the two actions any game needs (:class:`Pass`, :class:`Choose`); a game adds its own and lists them all
in an :class:`ActionTypes`, its vocabulary, which serialises actions to plain dicts and back (how game records store
them) and checks that each field holds exactly its annotated type.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar

__all__ = [
    "INT_BOUND",
    "Action",
    "ActionTypes",
    "ChanceOutcome",
    "Choose",
    "Pass",
    "action_to_json",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. ``kind`` is the stable name used in records.

    Every action a seat takes has an ``int`` field ``seat``, the seat that decides; chance decides a
    :class:`ChanceOutcome`, whose ``seat`` is ``None``. Field values are exactly ``int`` or ``str`` as annotated
    (a ``bool`` is not an ``int`` here): :meth:`ActionTypes.check` says which field is wrong.
    """

    kind: ClassVar[str] = "action"

    if TYPE_CHECKING:  # each concrete action defines it: a field, or None for chance

        @property
        def seat(self) -> int | None:
            """The seat that decides; ``None`` when chance decides."""


@dataclass(frozen=True, slots=True)
class ChanceOutcome(Action):
    """What chance decided at a chance frame: ``outcome`` names it (a drawn token's id, a placement ...)."""

    kind: ClassVar[str] = "chance"
    decision: str
    outcome: str

    @property
    def seat(self) -> None:
        """Chance decides: no seat."""
        return None


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Close the current decision (end a phase without acting, accept a loss ...). ``what`` names the decision
    being closed, so a record reads plainly."""

    kind: ClassVar[str] = "pass"
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one of the options a frame offers, by name."""

    kind: ClassVar[str] = "choose"
    seat: int
    option: str


#: The integers an action field may hold: 64 bits, signed.
INT_BOUND = 2**63

#: The field types an action may declare, by their annotation (the modules defining actions postpone annotations).
_FIELD_TYPES: dict[object, type] = {"int": int, "str": str, int: int, str: str}


def action_to_json(action: Action) -> dict[str, object]:
    """``{"kind": ..., field: value, ...}``."""
    return {"kind": action.kind} | {f.name: getattr(action, f.name) for f in fields(action)}


class ActionTypes:
    """One game's action vocabulary: each action class by its record name (``kind``), with its fields' exact types.

    Two classes with one ``kind``, or a field typed other than ``int`` or ``str``, are refused with a
    ``ValueError`` naming it.
    """

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        by_kind: dict[str, type[Action]] = {}
        field_types: dict[type[Action], tuple[tuple[str, type], ...]] = {}
        for cls in classes:
            if cls.kind in by_kind:
                raise ValueError(f"two action types have the kind {cls.kind!r}")
            by_kind[cls.kind] = cls
            spec = []
            for f in fields(cls):
                expected = _FIELD_TYPES.get(f.type)
                if expected is None:
                    raise ValueError(f"action {cls.kind!r} field {f.name!r} must be int or str; got {f.type!r}")
                spec.append((f.name, expected))
            field_types[cls] = tuple(spec)
        #: Every action type by its record name, in the order given.
        self.by_kind: dict[str, type[Action]] = by_kind
        #: Each action type's fields and their exact Python type, in field order.
        self.field_types: dict[type[Action], tuple[tuple[str, type], ...]] = field_types

    def __repr__(self) -> str:
        return f"ActionTypes({', '.join(self.by_kind)})"

    def check(self, action: Action) -> str | None:
        """``None`` if every field of ``action`` holds exactly its annotated type, else what is wrong (for an
        error)."""
        spec = self.field_types.get(type(action))
        if spec is None:
            return f"{type(action).__name__} is not one of the action types"
        for name, expected in spec:
            value = getattr(action, name)
            if type(value) is not expected:
                got = f"{type(value).__name__} {_shown(value)}"
                return f"{action.kind} field {name!r} must be {expected.__name__}; got {got}"
            if isinstance(value, int) and not -INT_BOUND <= value < INT_BOUND:
                # no seat, index or count comes near it, and a longer int cannot even be turned into text (the
                # 4,300-digit limit) by a guard naming it
                return f"{action.kind} field {name!r} is out of range: an integer of {value.bit_length()} bits"
        return None

    def from_json(self, data: Mapping[str, object]) -> Action:
        """Rebuild an action; ``ValueError`` names what is wrong (unknown kind, missing or extra field, wrong
        type)."""
        kind = data.get("kind")
        cls = self.by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(self.by_kind)}")
        names = dict(self.field_types[cls])
        extra = sorted(str(k) for k in set(data) - names.keys() - {"kind"})
        if extra:
            raise ValueError(f"action {kind!r} has no field {extra[0]!r}")
        values: dict[str, object] = {}
        for name, expected in names.items():
            if name not in data:
                raise ValueError(f"action {kind!r} is missing field {name!r}")
            value = data[name]
            if type(value) is not expected:
                raise ValueError(f"action {kind!r} field {name!r} must be {expected.__name__}; got {value!r}")
            values[name] = value
        return cls(**values)


def _shown(value: object) -> str:
    """A wrongly typed value for an error message, cut to 40 characters; an integer too long to turn into text
    (past Python's 4,300-digit limit) is described by its size instead."""
    if isinstance(value, int) and not -INT_BOUND <= value < INT_BOUND:
        return f"of {value.bit_length()} bits"
    try:
        return f"{value!r:.40}"
    except ValueError:  # a container holding such an integer
        return "(too long to show)"
