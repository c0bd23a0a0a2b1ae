"""Decision frames: what the game is waiting for.

The state keeps a stack of frames; the top one says who decides and what about. A rule's effect pops its frame
and may push others (a fight pushes the choice of rewards, a lost fight the choice of protections ...), so
compound choices become sequences of small ones closed by a "done". Frames are plain data; the rules that read them
live in :mod:`armata_rules.rules`.

*Automatic* frames need no decision: the engine runs them at once (the end of a round, a reveal).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = [
    "Automatic",
    "ChanceOrder",
    "ChooseCards",
    "DecisionKind",
    "EndRound",
    "EndTurn",
    "Frame",
    "MoveFrame",
    "NextTurn",
    "PlaceStrigoi",
    "SetupLadder",
    "StartRound",
    "ToAct",
]


class DecisionKind(Enum):
    """Who decides at a frame."""

    NOBODY = "nobody"  # the game is over
    AUTOMATIC = "automatic"  # the engine proceeds by itself
    CHANCE = "chance"  # a draw, a shuffle, a random placement
    SIMULTANEOUS = "simultaneous"  # every listed hero, secretly (Phase 1)
    PLAYER = "player"  # one named hero


@dataclass(frozen=True, slots=True)
class ToAct:
    """Who decides now (``seats``), how (``kind``) and about what (``decision``, a short name)."""

    kind: DecisionKind
    seats: tuple[int, ...] = ()
    decision: str = ""

    @staticmethod
    def nobody() -> ToAct:
        """The game is over."""
        return ToAct(DecisionKind.NOBODY)

    @property
    def is_chance(self) -> bool:
        """Whether chance decides."""
        return self.kind is DecisionKind.CHANCE


class Frame:
    """Base of all frames."""

    __slots__ = ()

    def to_act(self) -> ToAct:
        """Who decides at this frame."""
        raise NotImplementedError


class Automatic(Frame):
    """A frame the engine runs at once."""

    __slots__ = ()

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.AUTOMATIC, (), type(self).__name__)


# ------------------------------------------------------------------------------------------------ setup
@dataclass(frozen=True, slots=True)
class SetupLadder(Frame):
    """Setup step 2: the hero in ``seat`` places a ladder tile and stands on it (peg19.en:716-718)."""

    seat: int

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "place_ladder")


@dataclass(frozen=True, slots=True)
class PlaceStrigoi(Frame):
    """Start of round 2: each Strigoi goes, at random, to a different marked space (peg19.en:714)."""

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "place_strigoi")


# ------------------------------------------------------------------------------------------------ the round
@dataclass(frozen=True, slots=True)
class ChooseCards(Frame):
    """Phase 1: the heroes in ``waiting`` still choose their card, secretly and simultaneously (peg19.en:742)."""

    waiting: tuple[int, ...]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.SIMULTANEOUS, self.waiting, "choose_card")


@dataclass(frozen=True, slots=True)
class ChanceOrder(Frame):
    """Heroes ``tied`` on the same initiative value are ordered by a fair draw (a reading of the silent text)."""

    tied: tuple[int, ...]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "order_ties")


@dataclass(frozen=True, slots=True)
class StartRound(Automatic):
    """A new round begins: the Strigoi arrive in round 2, then Phase 1 (peg19.en:730-742)."""


@dataclass(frozen=True, slots=True)
class NextTurn(Automatic):
    """Start the turn of the next hero in initiative order, or close Phase 2 (peg19.en:831)."""

    index: int


@dataclass(frozen=True, slots=True)
class EndTurn(Automatic):
    """The active hero's turn is over (peg19.en:831)."""

    seat: int


@dataclass(frozen=True, slots=True)
class EndRound(Automatic):
    """The end of the round: played cards to the discard pile, empty hands take theirs back (peg19.en:1150-1158)."""


# ------------------------------------------------------------------------------------------------ a turn
@dataclass(frozen=True, slots=True)
class MoveFrame(Frame):
    """Phase 2a: the active hero takes steps one at a time, or stops (peg19.en:760-767)."""

    seat: int

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "move")
