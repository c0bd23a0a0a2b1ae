"""The vocabulary of decisions: every choice a hero (or chance) makes is one small immutable action.

Actions name the seat that decides (``seat``) and what it picks, by id. They serialise to plain dicts
(:func:`action_to_json`) and back (:func:`action_from_json`), which is how game records store them.

The base :class:`Action`, :class:`ChanceOutcome`, :class:`Pass`, :class:`Choose` and the codec are the kernel's
(:mod:`armata_rules.kernel.play.actions`), re-exported here; Armata's vocabulary is :data:`ACTIONS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from armata_rules.interning import interned
from armata_rules.kernel.play.actions import Action, ActionTypes, ChanceOutcome, Choose, Pass, action_to_json

__all__ = [
    "ACTIONS",
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
class Peek(Action):
    """Stealth on an encounter space: flip the token, then decide whether to fight (peg19.en:1058)."""

    kind: ClassVar[str] = "peek"
    seat: int
    source: str
    mode: str


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


#: Armata's action vocabulary (the codec and the type checks of :class:`~armata_rules.kernel.play.actions.ActionTypes`).
ACTIONS = ActionTypes(
    (
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
)

#: Every action type by its record name (the vocabulary's own table).
ACTION_TYPES: dict[str, type[Action]] = ACTIONS.by_kind

#: Each action type's fields and their exact Python type, in field order (the vocabulary's own table).
FIELD_TYPES: dict[type[Action], tuple[tuple[str, type], ...]] = ACTIONS.field_types

#: ``None`` if every field of an action holds exactly its annotated type, else what is wrong (for an error).
check_action_types = ACTIONS.check

#: Rebuild an action from :func:`action_to_json`'s form; ``ValueError`` names what is wrong (unknown kind, missing
#: or extra field, wrong type).
action_from_json = ACTIONS.from_json
