"""The small language of resource changes.

Every change of a counted resource (blood points between supply, altar and inferno; cards between zones; wound
tokens; fight tokens; ladders; pieces on the board) is an *effect value* defined here. The engine executes effect
values with :func:`armata_rules.rules.executor.execute`; :mod:`armata_rules.verify` encodes the very same values
symbolically, and runs the very kernels below on Z3 terms, so what is proved is what runs. This module stays Python
in the compiled build (the kernels take Z3 terms; the engine controls break them here). Effects are total: an effect
whose precondition fails (moving a card that is not there) raises
:class:`~armata_rules.errors.EngineInvariantError`, since a rule's guard must have ruled that out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

from armata_rules.fast_enum import FastEnum
from armata_rules.state import Pool

__all__ = [
    "STACKS",
    "TRACE",
    "AddWound",
    "CardZone",
    "CollapsePlatform",
    "DefeatStrigoi",
    "DestroyLadder",
    "DiscardToStack",
    "DiscardWound",
    "Earn",
    "GainBlood",
    "GainToken",
    "HandOver",
    "Ite",
    "LeaveOnTop",
    "LoseBlood",
    "MoveBlood",
    "MoveCard",
    "MoveHero",
    "Num",
    "PlaceFightToken",
    "PlaceLadderTile",
    "PlaceStrigoi",
    "RaiseSupreme",
    "RemoveFightToken",
    "Reshuffle",
    "RotatePlatform",
    "SetAttackMarker",
    "SpendIcon",
    "SpendToken",
    "TakeFromStack",
    "WoundStrigoi",
    "blood_step",
    "concrete_ite",
    "fight_token_room",
    "jump_trail_after",
    "may_engage",
    "may_step",
    "perishes",
    "step_cost",
    "steps_after",
    "strigoi_win",
    "wound_step",
]


class CardZone(FastEnum):
    """Where a hero's card can be."""

    HAND = "hand"
    CHOSEN = "chosen"  # the card chosen in Phase 1 / played for the round
    PLAYED = "played"  # other cards in front of the hero this round
    DISCARD = "discard"
    REWARD_DECK = "reward_deck"  # face down beside the board; never reshuffled (peg19.en:1028)
    ADVANCED_SUPPLY = "advanced_supply"  # advanced action cards beside the board (peg19.en:720)
    BOX = "box"  # removed from the game (peg19.en:1022)


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of effect values."""


@dataclass(frozen=True, slots=True)
class GainBlood(Effect):
    """A counter from the supply to the altar, unless the altar is at its cap or the supply is empty.

    peg19.en:780 (a blood icon puts a counter on the altar), peg19.en:880 (never more than the cap on the altar).
    """

    cap: int


@dataclass(frozen=True, slots=True)
class LoseBlood(Effect):
    """The pack loses a blood point: altar → inferno, or supply → inferno when the altar is empty (peg19.en:870)."""


@dataclass(frozen=True, slots=True)
class MoveCard(Effect):
    """A card of ``seat`` (or of the board's supplies) moves from one zone to another."""

    card: str
    seat: int | None
    source: CardZone
    target: CardZone


@dataclass(frozen=True, slots=True)
class HandOver(Effect):
    """A reward card passes from one hero's hand to another's (peg19.en:1030)."""

    card: str
    giver: int
    taker: int


@dataclass(frozen=True, slots=True)
class MoveHero(Effect):
    """The hero in ``seat`` now stands on ``space`` (``None``: off the board)."""

    seat: int
    space: str | None


@dataclass(frozen=True, slots=True)
class PlaceLadderTile(Effect):
    """A ladder tile is placed on a ladder site (setup step 2, peg19.en:716)."""

    site: str


@dataclass(frozen=True, slots=True)
class PlaceStrigoi(Effect):
    """Strigoi number ``index`` (0 Master, 1 Apprentice) now stands on ``space``."""

    index: int
    space: str | None


#: When a list, every executed effect is appended to it (conformance tests read it; the engine never does).
TRACE: list[Effect] | None = None


# ---------------------------------------------------------------------------------------------- kernels
# The arithmetic of the rules, written once for two kinds of numbers: Python ints, which the engine runs, and
# Z3 integer terms, which armata_rules.verify reasons about. Conditionals go through ``ite`` so that the same
# code builds a value or a symbolic if-then-else.


class Num(Protocol):
    """An ``int``, or a Z3 integer term."""

    def __add__(self, other: int, /) -> Num: ...
    def __sub__(self, other: int, /) -> Num: ...
    def __lt__(self, other: int, /) -> object: ...
    def __gt__(self, other: int, /) -> object: ...
    def __ge__(self, other: int, /) -> object: ...


Ite = Callable[[object, Num, Num], Num]


def concrete_ite(condition: object, then: Num, otherwise: Num) -> Num:
    """``then if condition else otherwise``: the engine's ``ite``."""
    return then if condition else otherwise


def blood_step(effect: Effect, supply: Num, altar: Num, inferno: Num, ite: Ite = concrete_ite) -> tuple[Num, Num, Num]:
    """Blood counters (supply, altar, inferno) after ``effect``.

    GainBlood: supply → altar unless the altar is at the cap or the supply is empty (peg19.en:780, :880).
    LoseBlood: altar → inferno, else supply → inferno (peg19.en:870). MoveBlood: one counter if the source has one.
    """
    match effect:
        case GainBlood(cap=cap):
            room = ite(altar < cap, ite(supply > 0, altar + 1, altar), altar)
            gained = ite(altar < cap, ite(supply > 0, supply - 1, supply), supply)
            return gained, room, inferno
        case LoseBlood():
            return ite(altar > 0, supply, supply - 1), ite(altar > 0, altar - 1, altar), inferno + 1
        case MoveBlood(source=source, target=target):
            values = {Pool.SUPPLY: supply, Pool.ALTAR: altar, Pool.INFERNO: inferno}
            has = values[source] > 0
            out = dict(values)
            out[source] = ite(has, values[source] - 1, values[source])
            out[target] = ite(has, values[target] + 1, values[target])
            return out[Pool.SUPPLY], out[Pool.ALTAR], out[Pool.INFERNO]
    return supply, altar, inferno


def wound_step(points: Num, value: int, ite: Ite = concrete_ite) -> tuple[Num, object]:
    """A hero's wound points after drawing a wound worth ``value``, and whether it was the third wound point.

    The third point costs a blood point and discards every wound token at once (peg19.en:868-872).
    """
    total = points + value
    third = total >= 3
    return ite(third, 0, total), third


def perishes(wounds: Num, existence: int) -> object:
    """Whether a Strigoi with ``wounds`` is defeated (peg19.en:907)."""
    return wounds >= existence


def strigoi_win(inferno: Num, loss: int) -> object:
    """Whether the inferno holds enough blood points for the Strigoi to win at once (peg19.en:936)."""
    return inferno >= loss


def fight_token_room(on_board: Num, tokens: int) -> object:
    """Whether a fight token is left to place without taking one back (peg19.en:797-799)."""
    return on_board < tokens


def _both(a: object, b: object) -> object:
    return bool(a) and bool(b)


def _negate(a: object) -> object:
    return not a


def may_engage(engaged: object, negate: Callable[[object], object] = _negate) -> object:
    """Whether the active hero may still have the turn's one encounter or Strigoi fight (peg19.en:801): not once
    one is under way or done this turn. Every rule that starts one (flipping or peeking at an encounter, an attack
    from the fight phase, stopping on or leaping onto an encounter space) asks this kernel."""
    return negate(engaged)


def step_cost(onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """What a step costs: nothing onto a space held by another Powerwolf (the jump), else one (peg19.en:765)."""
    return ite(onto_powerwolf, 0, 1)


def steps_after(steps_left: Num, onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """Movement left after a step: less what it costs (peg19.en:760, :765)."""
    return steps_left - cast(int, step_cost(onto_powerwolf, ite))  # an int, or a Z3 term when ``ite`` is z3's


def jump_trail_after(trail: Num, onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """How many jumped spaces the hero has crossed since the last step that counted: one more after a jump,
    none after a counted step (the interpretation ``jump-lands-beyond``)."""
    return ite(onto_powerwolf, trail + 1, 0)


def may_step(
    steps_left: Num,
    back_on_trail: object,
    both: Callable[[object, object], object] = _both,
    negate: Callable[[object], object] = _negate,
) -> object:
    """Whether a step is allowed: movement is left, and it does not go back onto a space of the current jump
    (the space the jump started from or one already jumped), so a jump always lands beyond (peg19.en:765)."""
    return both(steps_left >= 1, negate(back_on_trail))


# ---------------------------------------------------------------------------------------------- stacks and tokens
STACKS = ("reward_deck", "reward_tokens", "red", "grey", "strigoi_tokens", "wound_stack")


@dataclass(frozen=True, slots=True)
class TakeFromStack(Effect):
    """Draw ``item`` from stack ``stack`` (its face-up top first, else the face-down part)."""

    stack: str
    item: str


@dataclass(frozen=True, slots=True)
class DiscardToStack(Effect):
    """Put ``item`` on the discard pile of ``stack``."""

    stack: str
    item: str


@dataclass(frozen=True, slots=True)
class LeaveOnTop(Effect):
    """Leave ``item`` face up on top of ``stack`` (a monster declined with Stealth, peg19.en:1058)."""

    stack: str
    item: str


@dataclass(frozen=True, slots=True)
class Reshuffle(Effect):
    """An empty stack takes its discard pile back, shuffled (peg19.en:801, peg19.en:1008)."""

    stack: str


@dataclass(frozen=True, slots=True)
class GainToken(Effect):
    """The hero in ``seat`` receives reward token ``token``."""

    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class SpendToken(Effect):
    """A used reward token goes to the token discard pile (peg19.en:1008)."""

    seat: int
    token: str


@dataclass(frozen=True, slots=True)
class AddWound(Effect):
    """Wound token ``wound`` is placed, flipped, in front of the hero (peg19.en:788)."""

    seat: int
    wound: str


@dataclass(frozen=True, slots=True)
class DiscardWound(Effect):
    """The hero discards wound token ``wound`` (healed, or reset at the third wound)."""

    seat: int
    wound: str


@dataclass(frozen=True, slots=True)
class MoveBlood(Effect):
    """One counter from ``source`` to ``target``, if ``source`` has one (the Strigoi gain one: supply → inferno)."""

    source: Pool
    target: Pool


@dataclass(frozen=True, slots=True)
class PlaceFightToken(Effect):
    """A fight token on an encounter space: no encounter there until reactivated (peg19.en:797)."""

    space: str


@dataclass(frozen=True, slots=True)
class RemoveFightToken(Effect):
    """A fight token leaves the board (reactivation, Gates of Hell, collapse)."""

    space: str


@dataclass(frozen=True, slots=True)
class WoundStrigoi(Effect):
    """A wound on Strigoi ``index`` (peg19.en:891)."""

    index: int


@dataclass(frozen=True, slots=True)
class DefeatStrigoi(Effect):
    """Strigoi ``index`` perishes and leaves the board (peg19.en:907)."""

    index: int


@dataclass(frozen=True, slots=True)
class RaiseSupreme(Effect):
    """Strigoi ``index`` flips to the Supreme side, keeping its wounds (peg19.en:909)."""

    index: int


@dataclass(frozen=True, slots=True)
class RotatePlatform(Effect):
    """Mechanics: ``room``'s platform (number ``index`` in the fortress's platform order) turns by ``steps`` × 60°,
    carrying what stands on it (peg19.en:1054)."""

    room: str
    index: int
    steps: int


@dataclass(frozen=True, slots=True)
class CollapsePlatform(Effect):
    """``room``'s platform leaves the game (peg19.en:913)."""

    room: str


@dataclass(frozen=True, slots=True)
class DestroyLadder(Effect):
    """A Strigoi destroys the ladder tile on ``site`` (peg19.en:818)."""

    site: str


@dataclass(frozen=True, slots=True)
class SetAttackMarker(Effect):
    """Place (or remove) the Strigoi attack marker on the Master's card (peg19.en:858)."""

    on: bool


@dataclass(frozen=True, slots=True)
class SpendIcon(Effect):
    """An ability icon of a source is used for the current scope (peg19.en:924, sb19.en:487)."""

    seat: int
    key: str


@dataclass(frozen=True, slots=True)
class Earn(Effect):
    """The hero earns the advanced card ``card`` (from beside the board to hand) titled ``title`` (peg19.en:957)."""

    seat: int
    card: str
    title: str


_EXECUTION = ("blood_after", "execute", "execute_all", "execute_more")


def __getattr__(name: str) -> Any:
    """``execute`` and its kin, which moved to :mod:`armata_rules.rules.executor`, still resolve here."""
    if name in _EXECUTION:
        from armata_rules.rules import executor  # imported late: the executor imports this module

        return getattr(executor, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
