"""The effect values: each change of a counted resource, as an immutable value (see :mod:`armata_rules.effects`).

They live apart from the effect kernels so that the compiled build compiles them: the rules build a few effects a
decision, and a value class compiled with a hand-written ``__init__`` (see
:func:`~armata_rules.immutable.frozen_init`) is built natively, where the one :mod:`dataclasses` generates stays
interpreted. :mod:`armata_rules.effects` re-exports every name here; that is where to import them from.
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.immutable import Value, frozen_init
from armata_rules.kernel.core.fast_enum import FastEnum  # its home: compiled, a base class is read there
from armata_rules.state import Pool

__all__ = [
    "AddWound",
    "CardZone",
    "CollapsePlatform",
    "DefeatStrigoi",
    "DestroyLadder",
    "DiscardToStack",
    "DiscardWound",
    "Earn",
    "Effect",
    "GainBlood",
    "GainToken",
    "HandOver",
    "LeaveOnTop",
    "LoseBlood",
    "MoveBlood",
    "MoveCard",
    "MoveHero",
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


class Effect(Value):
    """Base of effect values. A :class:`~armata_rules.immutable.Value`: pickled and copied through the constructor,
    as a compiled (native, frozen) value must be."""

    __slots__ = ()


@dataclass(init=False, frozen=True, slots=True)
class GainBlood(Effect):
    """A counter from the supply to the altar, unless the altar is at its cap or the supply is empty.

    peg19.en:780 (a blood icon puts a counter on the altar), peg19.en:880 (never more than the cap on the altar).
    """

    cap: int

    def __init__(self, cap: int) -> None:
        self.cap = cap  # type: ignore[misc]


frozen_init(GainBlood)


@dataclass(init=False, frozen=True, slots=True)
class LoseBlood(Effect):
    """The pack loses a blood point: altar → inferno, or supply → inferno when the altar is empty (peg19.en:870)."""


@dataclass(init=False, frozen=True, slots=True)
class MoveCard(Effect):
    """A card of ``seat`` (or of the board's supplies) moves from one zone to another."""

    card: str
    seat: int | None
    source: CardZone
    target: CardZone

    def __init__(self, card: str, seat: int | None, source: CardZone, target: CardZone) -> None:
        self.card = card  # type: ignore[misc]
        self.seat = seat  # type: ignore[misc]
        self.source = source  # type: ignore[misc]
        self.target = target  # type: ignore[misc]


frozen_init(MoveCard)


@dataclass(init=False, frozen=True, slots=True)
class HandOver(Effect):
    """A reward card passes from one hero's hand to another's (peg19.en:1030)."""

    card: str
    giver: int
    taker: int

    def __init__(self, card: str, giver: int, taker: int) -> None:
        self.card = card  # type: ignore[misc]
        self.giver = giver  # type: ignore[misc]
        self.taker = taker  # type: ignore[misc]


frozen_init(HandOver)


@dataclass(init=False, frozen=True, slots=True)
class MoveHero(Effect):
    """The hero in ``seat`` now stands on ``space`` (``None``: off the board)."""

    seat: int
    space: str | None

    def __init__(self, seat: int, space: str | None) -> None:
        self.seat = seat  # type: ignore[misc]
        self.space = space  # type: ignore[misc]


frozen_init(MoveHero)


@dataclass(init=False, frozen=True, slots=True)
class PlaceLadderTile(Effect):
    """A ladder tile is placed on a ladder site (setup step 2, peg19.en:716)."""

    site: str

    def __init__(self, site: str) -> None:
        self.site = site  # type: ignore[misc]


frozen_init(PlaceLadderTile)


@dataclass(init=False, frozen=True, slots=True)
class PlaceStrigoi(Effect):
    """Strigoi number ``index`` (0 Master, 1 Apprentice) now stands on ``space``."""

    index: int
    space: str | None

    def __init__(self, index: int, space: str | None) -> None:
        self.index = index  # type: ignore[misc]
        self.space = space  # type: ignore[misc]


frozen_init(PlaceStrigoi)


@dataclass(init=False, frozen=True, slots=True)
class TakeFromStack(Effect):
    """Draw ``item`` from stack ``stack`` (its face-up top first, else the face-down part)."""

    stack: str
    item: str

    def __init__(self, stack: str, item: str) -> None:
        self.stack = stack  # type: ignore[misc]
        self.item = item  # type: ignore[misc]


frozen_init(TakeFromStack)


@dataclass(init=False, frozen=True, slots=True)
class DiscardToStack(Effect):
    """Put ``item`` on the discard pile of ``stack``."""

    stack: str
    item: str

    def __init__(self, stack: str, item: str) -> None:
        self.stack = stack  # type: ignore[misc]
        self.item = item  # type: ignore[misc]


frozen_init(DiscardToStack)


@dataclass(init=False, frozen=True, slots=True)
class LeaveOnTop(Effect):
    """Leave ``item`` face up on top of ``stack`` (a monster declined with Stealth, peg19.en:1058)."""

    stack: str
    item: str

    def __init__(self, stack: str, item: str) -> None:
        self.stack = stack  # type: ignore[misc]
        self.item = item  # type: ignore[misc]


frozen_init(LeaveOnTop)


@dataclass(init=False, frozen=True, slots=True)
class Reshuffle(Effect):
    """An empty stack takes its discard pile back, shuffled (peg19.en:801, peg19.en:1008)."""

    stack: str

    def __init__(self, stack: str) -> None:
        self.stack = stack  # type: ignore[misc]


frozen_init(Reshuffle)


@dataclass(init=False, frozen=True, slots=True)
class GainToken(Effect):
    """The hero in ``seat`` receives reward token ``token``."""

    seat: int
    token: str

    def __init__(self, seat: int, token: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.token = token  # type: ignore[misc]


frozen_init(GainToken)


@dataclass(init=False, frozen=True, slots=True)
class SpendToken(Effect):
    """A used reward token goes to the token discard pile (peg19.en:1008)."""

    seat: int
    token: str

    def __init__(self, seat: int, token: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.token = token  # type: ignore[misc]


frozen_init(SpendToken)


@dataclass(init=False, frozen=True, slots=True)
class AddWound(Effect):
    """Wound token ``wound`` is placed, flipped, in front of the hero (peg19.en:788)."""

    seat: int
    wound: str

    def __init__(self, seat: int, wound: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.wound = wound  # type: ignore[misc]


frozen_init(AddWound)


@dataclass(init=False, frozen=True, slots=True)
class DiscardWound(Effect):
    """The hero discards wound token ``wound`` (healed, or reset at the third wound)."""

    seat: int
    wound: str

    def __init__(self, seat: int, wound: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.wound = wound  # type: ignore[misc]


frozen_init(DiscardWound)


@dataclass(init=False, frozen=True, slots=True)
class MoveBlood(Effect):
    """One counter from ``source`` to ``target``, if ``source`` has one (the Strigoi gain one: supply → inferno)."""

    source: Pool
    target: Pool

    def __init__(self, source: Pool, target: Pool) -> None:
        self.source = source  # type: ignore[misc]
        self.target = target  # type: ignore[misc]


frozen_init(MoveBlood)


@dataclass(init=False, frozen=True, slots=True)
class PlaceFightToken(Effect):
    """A fight token on an encounter space: no encounter there until reactivated (peg19.en:797)."""

    space: str

    def __init__(self, space: str) -> None:
        self.space = space  # type: ignore[misc]


frozen_init(PlaceFightToken)


@dataclass(init=False, frozen=True, slots=True)
class RemoveFightToken(Effect):
    """A fight token leaves the board (reactivation, Gates of Hell, collapse)."""

    space: str

    def __init__(self, space: str) -> None:
        self.space = space  # type: ignore[misc]


frozen_init(RemoveFightToken)


@dataclass(init=False, frozen=True, slots=True)
class WoundStrigoi(Effect):
    """A wound on Strigoi ``index``: wound token ``wound``, just taken from the wound stack, lies face down on its
    card (peg19.en:891, peg19.en:899); ``None`` when no wound token is left anywhere (the existence point is lost
    all the same)."""

    index: int
    wound: str | None

    def __init__(self, index: int, wound: str | None) -> None:
        self.index = index  # type: ignore[misc]
        self.wound = wound  # type: ignore[misc]


frozen_init(WoundStrigoi)


@dataclass(init=False, frozen=True, slots=True)
class DefeatStrigoi(Effect):
    """Strigoi ``index`` perishes and leaves the board (peg19.en:907)."""

    index: int

    def __init__(self, index: int) -> None:
        self.index = index  # type: ignore[misc]


frozen_init(DefeatStrigoi)


@dataclass(init=False, frozen=True, slots=True)
class RaiseSupreme(Effect):
    """Strigoi ``index`` flips to the Supreme side, keeping its wounds (peg19.en:909)."""

    index: int

    def __init__(self, index: int) -> None:
        self.index = index  # type: ignore[misc]


frozen_init(RaiseSupreme)


@dataclass(init=False, frozen=True, slots=True)
class RotatePlatform(Effect):
    """Mechanics: ``room``'s platform (number ``index`` in the fortress's platform order) turns by ``steps`` × 60°,
    carrying what stands on it (peg19.en:1054)."""

    room: str
    index: int
    steps: int

    def __init__(self, room: str, index: int, steps: int) -> None:
        self.room = room  # type: ignore[misc]
        self.index = index  # type: ignore[misc]
        self.steps = steps  # type: ignore[misc]


frozen_init(RotatePlatform)


@dataclass(init=False, frozen=True, slots=True)
class CollapsePlatform(Effect):
    """``room``'s platform leaves the game (peg19.en:913)."""

    room: str

    def __init__(self, room: str) -> None:
        self.room = room  # type: ignore[misc]


frozen_init(CollapsePlatform)


@dataclass(init=False, frozen=True, slots=True)
class DestroyLadder(Effect):
    """A Strigoi destroys the ladder tile on ``site`` (peg19.en:818)."""

    site: str

    def __init__(self, site: str) -> None:
        self.site = site  # type: ignore[misc]


frozen_init(DestroyLadder)


@dataclass(init=False, frozen=True, slots=True)
class SetAttackMarker(Effect):
    """Place (or remove) the Strigoi attack marker on the Master's card (peg19.en:858)."""

    on: bool

    def __init__(self, on: bool) -> None:
        self.on = on  # type: ignore[misc]


frozen_init(SetAttackMarker)


@dataclass(init=False, frozen=True, slots=True)
class SpendIcon(Effect):
    """An ability icon of a source is used for the current scope (peg19.en:924, sb19.en:487)."""

    seat: int
    key: str

    def __init__(self, seat: int, key: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.key = key  # type: ignore[misc]


frozen_init(SpendIcon)


@dataclass(init=False, frozen=True, slots=True)
class Earn(Effect):
    """The hero earns the advanced card ``card`` (from beside the board to hand) titled ``title`` (peg19.en:957)."""

    seat: int
    card: str
    title: str

    def __init__(self, seat: int, card: str, title: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.card = card  # type: ignore[misc]
        self.title = title  # type: ignore[misc]


frozen_init(Earn)
