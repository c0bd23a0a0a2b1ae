"""The vocabulary of decisions: every choice a hero (or chance) makes is one small immutable action.

Actions name the seat that decides (``seat``) and what it picks, by id. They serialise to plain dicts
(:func:`action_to_json`) and back (:func:`action_from_json`), which is how game records store them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, ClassVar

from armata_rules.interning import interned

__all__ = [
    "ACTION_TYPES",
    "FIELD_TYPES",
    "Action",
    "AttackStrigoi",
    "ChanceOutcome",
    "Choose",
    "ChooseCard",
    "DiscardCard",
    "EndMove",
    "Escape",
    "GiveReward",
    "HealWound",
    "Pass",
    "Peek",
    "PlaceLadder",
    "PlayReward",
    "PlayToken",
    "Protect",
    "Reactivate",
    "RebelDraw",
    "Relocate",
    "Step",
    "UseAbility",
    "action_from_json",
    "action_to_json",
    "check_action_types",
    "interned",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. ``kind`` is the stable name used in records.

    Every action a hero takes has an ``int`` field ``seat``, the seat that decides; chance decides a
    :class:`ChanceOutcome`, whose ``seat`` is ``None``. Field values are exactly ``int`` or ``str`` as annotated
    (a ``bool`` is not an ``int`` here): :func:`check_action_types` says which field is wrong.
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


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use an ability icon from a source (peg19.en:1032-1100).

    ``mode`` says how the source is used: ``card`` (the action card played this round), ``discard`` (discard a card
    from hand that shows the icon), ``normal`` or ``wild`` (play a reward card from hand on that side), ``token``
    (spend a reward token). ``target`` depends on the ability: a space (Leap, Pack), ``ROOM:STEPS`` (Mechanics),
    a reward card in the discard pile (Retrieval), nothing otherwise.
    """

    kind: ClassVar[str] = "use_ability"
    seat: int
    ability: str
    source: str
    mode: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class GiveReward(Action):
    """Hand a reward card to a Powerwolf on an adjacent space (peg19.en:1030)."""

    kind: ClassVar[str] = "give_reward"
    seat: int
    to: int
    card: str


@dataclass(frozen=True, slots=True)
class RebelDraw(Action):
    """Use *Nighttime Rebel* to draw a reward card; the card leaves the game (peg19.en:974)."""

    kind: ClassVar[str] = "rebel_draw"
    seat: int


@dataclass(frozen=True, slots=True)
class AttackStrigoi(Action):
    """Phase 2b (or a counterattack): attack a Strigoi in melee or at range (peg19.en:880-899)."""

    kind: ClassVar[str] = "attack_strigoi"
    seat: int
    strigoi: int
    mode: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Close the current decision: end the fight phase without fighting, take the wounds, accept the fall ...
    ``what`` names the decision being closed, so a record reads plainly."""

    kind: ClassVar[str] = "pass"
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class Peek(Action):
    """Stealth on an encounter space: flip the token, then decide whether to fight (peg19.en:1058)."""

    kind: ClassVar[str] = "peek"
    seat: int
    source: str
    mode: str


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one of the options a frame offers by name: ``fight`` or ``decline`` a peeked monster, ``free`` or
    ``attack`` a monk."""

    kind: ClassVar[str] = "choose"
    seat: int
    option: str


@dataclass(frozen=True, slots=True)
class PlayReward(Action):
    """During a fight, play a reward card from hand normally or with Wild Strength (peg19.en:1014-1026)."""

    kind: ClassVar[str] = "play_reward"
    seat: int
    card: str
    mode: str


@dataclass(frozen=True, slots=True)
class PlayToken(Action):
    """During a melee fight, spend a reward token for its bonus (peg19.en:1008, peg19.en:897)."""

    kind: ClassVar[str] = "play_token"
    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class Protect(Action):
    """Block one wound (or a shock) with a Protection icon (peg19.en:784-786, peg19.en:1038)."""

    kind: ClassVar[str] = "protect"
    seat: int
    source: str
    mode: str


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Shock: discard a card from hand, beside the played cards (peg19.en:1092)."""

    kind: ClassVar[str] = "discard_card"
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class HealWound(Action):
    """Heal: the injured hero discards one of their wound tokens (peg19.en:1046)."""

    kind: ClassVar[str] = "heal_wound"
    seat: int
    wound: str


@dataclass(frozen=True, slots=True)
class Reactivate(Action):
    """All fight tokens are out: take one back from a space, reactivating it (peg19.en:799)."""

    kind: ClassVar[str] = "reactivate"
    seat: int
    space: str


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Move the hero to a staircase or ladder tile of the player's choice (peg19.en:820, :860, :922)."""

    kind: ClassVar[str] = "relocate"
    seat: int
    to: str


@dataclass(frozen=True, slots=True)
class Escape(Action):
    """Leap off a collapsing platform to an empty space of the same room (peg19.en:915-920)."""

    kind: ClassVar[str] = "escape"
    seat: int
    source: str
    mode: str
    to: str


#: Every action type by its record name.
ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        ChanceOutcome,
        PlaceLadder,
        ChooseCard,
        Step,
        EndMove,
        UseAbility,
        GiveReward,
        RebelDraw,
        AttackStrigoi,
        Pass,
        Peek,
        Choose,
        PlayReward,
        PlayToken,
        Protect,
        DiscardCard,
        HealWound,
        Reactivate,
        Relocate,
        Escape,
    )
}


#: Each action type's fields and their exact Python type, in field order (read once from the annotations).
FIELD_TYPES: dict[type[Action], tuple[tuple[str, type], ...]] = {
    cls: tuple((f.name, {"int": int, "str": str}[str(f.type)]) for f in fields(cls)) for cls in ACTION_TYPES.values()
}


def check_action_types(action: Action) -> str | None:
    """``None`` if every field of ``action`` holds exactly its annotated type, else what is wrong (for an error)."""
    spec = FIELD_TYPES.get(type(action))
    if spec is None:
        return f"{type(action).__name__} is not one of the action types"
    for name, expected in spec:
        value = getattr(action, name)
        if type(value) is not expected:
            got = f"{type(value).__name__} {_shown(value)}"
            return f"{action.kind} field {name!r} must be {expected.__name__}; got {got}"
        if isinstance(value, int) and not -_INT_BOUND <= value < _INT_BOUND:
            # no seat, index or count comes near it, and a longer int cannot even be turned into text (the
            # 4,300-digit limit) by a guard naming it
            return f"{action.kind} field {name!r} is out of range: an integer of {value.bit_length()} bits"
    return None


def _shown(value: object) -> str:
    """A wrongly typed value for an error message, cut to 40 characters; an integer too long to turn into text
    (past Python's 4,300-digit limit) is described by its size instead."""
    if isinstance(value, int) and not -_INT_BOUND <= value < _INT_BOUND:
        return f"of {value.bit_length()} bits"
    try:
        return f"{value!r:.40}"
    except ValueError:  # a container holding such an integer
        return "(too long to show)"


#: The integers an action field may hold: 64 bits, signed.
_INT_BOUND = 2**63


def action_to_json(action: Action) -> dict[str, object]:
    """``{"kind": ..., field: value, ...}``."""
    return {"kind": action.kind} | {f.name: getattr(action, f.name) for f in fields(action)}


def action_from_json(data: Mapping[str, object]) -> Action:
    """Rebuild an action; ``ValueError`` names what is wrong (unknown kind, missing or extra field, wrong type)."""
    kind = data.get("kind")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown action kind {kind!r}; kinds: {', '.join(ACTION_TYPES)}")
    names = dict(FIELD_TYPES[cls])
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
