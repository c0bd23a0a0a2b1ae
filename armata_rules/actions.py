"""The vocabulary of decisions: every choice a hero (or chance) makes is one small immutable action.

Actions name the seat that decides (``seat``) and what it picks, by id. They serialise to plain dicts
(:func:`action_to_json`) and back (:func:`action_from_json`), which is how game records store them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import ClassVar

__all__ = [
    "ACTION_TYPES",
    "Action",
    "ChanceOutcome",
    "ChooseCard",
    "EndMove",
    "PlaceLadder",
    "Step",
    "action_from_json",
    "action_to_json",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. ``kind`` is the stable name used in records."""

    kind: ClassVar[str] = "action"


@dataclass(frozen=True, slots=True)
class ChanceOutcome(Action):
    """What chance decided at a chance frame: ``outcome`` names it (a drawn token's id, a placement ...)."""

    kind: ClassVar[str] = "chance"
    decision: str
    outcome: str


@dataclass(frozen=True, slots=True)
class PlaceLadder(Action):
    """Setup: place a ladder tile on a ladder site and stand on it (peg19.en:716-718)."""

    kind: ClassVar[str] = "place_ladder"
    seat: int
    site: str


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """Phase 1: choose, face down, the action card to play this round (peg19.en:742)."""

    kind: ClassVar[str] = "choose_card"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Phase 2a: one step to a neighbouring space along a corridor, or through the tunnels (peg19.en:760-767)."""

    kind: ClassVar[str] = "step"
    seat: int
    to: str


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """Phase 2a: stop moving."""

    kind: ClassVar[str] = "end_move"
    seat: int


#: Every action type by its record name.
ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (ChanceOutcome, PlaceLadder, ChooseCard, Step, EndMove)
}


def action_to_json(action: Action) -> dict[str, object]:
    """``{"kind": ..., field: value, ...}``."""
    return {"kind": action.kind} | {f.name: getattr(action, f.name) for f in fields(action)}


def action_from_json(data: Mapping[str, object]) -> Action:
    """Rebuild an action; ``ValueError`` names what is wrong (unknown kind, missing or extra field, wrong type)."""
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(ACTION_TYPES)}")
    names = {f.name: f for f in fields(cls)}
    extra = sorted(set(data) - names.keys() - {"kind"})
    if extra:
        raise ValueError(f"action {kind!r} has no field {extra[0]!r}")
    values: dict[str, object] = {}
    for name, f in names.items():
        if name not in data:
            raise ValueError(f"action {kind!r} is missing field {name!r}")
        value = data[name]
        expected = int if f.type in ("int", int) else str
        if type(value) is not expected:
            raise ValueError(f"action {kind!r} field {name!r} must be {expected.__name__}; got {value!r}")
        values[name] = value
    return cls(**values)
