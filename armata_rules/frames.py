"""Decision frames: what the game is waiting for.

The state keeps a stack of frames; the top one says who decides and what about. A rule's effect pops its frame
and may push others (a fight pushes the choice of rewards, a lost fight the choice of protections ...), so
compound choices become sequences of small ones closed by a "done". Frames are plain data; the rules that read them
live in :mod:`armata_rules.rules`.

*Automatic* frames need no decision: the engine runs them at once (the end of a round, a reveal).

The bases (:class:`Frame`, :class:`Automatic`, :class:`ToAct`, :class:`DecisionKind`) are the kernel's
(:mod:`armata_rules.kernel.play.frames`), re-exported here; this module holds Armata's frames.

Each frame with fields writes its ``__init__`` (see :func:`~armata_rules.immutable.frozen_init`): the engine builds
several frames a decision, and in the compiled build a hand-written one is native code where the one
:mod:`dataclasses` generates stays interpreted. A frame without fields takes ``object.__init__``.
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.immutable import frozen_init
from armata_rules.kernel.play.frames import Automatic, DecisionKind, Frame, ToAct

__all__ = [
    "AfterStrigoi",
    "AfterStrigoiChoice",
    "Automatic",
    "ChanceOrder",
    "ChooseCards",
    "CollapseEscape",
    "CounterChoice",
    "DecisionKind",
    "DrawEncounter",
    "DrawLoot",
    "DrawStrigoiToken",
    "DrawWound",
    "EncounterChoice",
    "EncounterDone",
    "EndRound",
    "EndTurn",
    "Fight",
    "FightPhase",
    "Frame",
    "GrantAwards",
    "HealChoice",
    "MoveFrame",
    "NextTurn",
    "OfferCounter",
    "PhaseThree",
    "PlaceStrigoi",
    "ReactivateChoice",
    "RelocateChoice",
    "SetupLadder",
    "ShockChoice",
    "StartRound",
    "StrigoiPhase",
    "ToAct",
    "TurnEndDiscards",
    "WoundOnStrigoi",
    "Wounds",
]


# ------------------------------------------------------------------------------------------------ setup
@dataclass(init=False, frozen=True, slots=True)
class SetupLadder(Frame):
    """Setup step 2: the hero in ``seat`` places a ladder tile and stands on it (peg19.en:716-718)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "place_ladder")


frozen_init(SetupLadder)


@dataclass(init=False, frozen=True, slots=True)
class PlaceStrigoi(Frame):
    """Start of round 2: each Strigoi goes, at random, to a different marked space (peg19.en:714)."""

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "place_strigoi")


# ------------------------------------------------------------------------------------------------ the round
@dataclass(init=False, frozen=True, slots=True)
class ChooseCards(Frame):
    """Phase 1: the heroes in ``waiting`` still choose their card, secretly and simultaneously (peg19.en:742)."""

    waiting: tuple[int, ...]

    def __init__(self, waiting: tuple[int, ...]) -> None:
        self.waiting = waiting  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.SIMULTANEOUS, self.waiting, "choose_card")


frozen_init(ChooseCards)


@dataclass(init=False, frozen=True, slots=True)
class ChanceOrder(Frame):
    """Heroes ``tied`` on the same initiative value are ordered by a fair draw (a reading of the silent text)."""

    tied: tuple[int, ...]

    def __init__(self, tied: tuple[int, ...]) -> None:
        self.tied = tied  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "order_ties")


frozen_init(ChanceOrder)


@dataclass(init=False, frozen=True, slots=True)
class StartRound(Automatic):
    """A new round begins: the Strigoi arrive in round 2, then Phase 1 (peg19.en:730-742)."""


@dataclass(init=False, frozen=True, slots=True)
class NextTurn(Automatic):
    """Start the turn of the next hero in initiative order, or close Phase 2 (peg19.en:831)."""

    index: int

    def __init__(self, index: int) -> None:
        self.index = index  # type: ignore[misc]


frozen_init(NextTurn)


@dataclass(init=False, frozen=True, slots=True)
class TurnEndDiscards(Automatic):
    """Under the ``discard_timing`` reading ``end_of_turn``: the cards discarded this turn for Protection or by a
    shock, as ``(seat, card)`` in the order they were discarded, go from beside the played cards to their heroes'
    discard piles when the turn ends (peg19.en:949, peg19.en:1092). It lies directly above the turn's
    :class:`EndTurn`, so it runs once the Strigoi have acted."""

    cards: tuple[tuple[int, str], ...]

    def __init__(self, cards: tuple[tuple[int, str], ...]) -> None:
        self.cards = cards  # type: ignore[misc]


frozen_init(TurnEndDiscards)


@dataclass(init=False, frozen=True, slots=True)
class EndTurn(Automatic):
    """The active hero's turn is over (peg19.en:831)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]


frozen_init(EndTurn)


@dataclass(init=False, frozen=True, slots=True)
class EndRound(Automatic):
    """The end of the round: played cards to the discard pile, empty hands take theirs back (peg19.en:1150-1158)."""


# ------------------------------------------------------------------------------------------------ a turn
@dataclass(init=False, frozen=True, slots=True)
class MoveFrame(Frame):
    """Phase 2a: the active hero takes steps one at a time, or stops (peg19.en:760-767)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "move")


frozen_init(MoveFrame)


@dataclass(init=False, frozen=True, slots=True)
class FightPhase(Frame):
    """Phase 2b: the active hero fights the encounter it stopped on, attacks a Strigoi, or passes."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "fight")


frozen_init(FightPhase)


@dataclass(init=False, frozen=True, slots=True)
class EncounterDone(Automatic):
    """The encounter on ``space`` is over: a fight token goes there (peg19.en:797)."""

    seat: int
    space: str

    def __init__(self, seat: int, space: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.space = space  # type: ignore[misc]


frozen_init(EncounterDone)


@dataclass(init=False, frozen=True, slots=True)
class DrawEncounter(Frame):
    """Flip the top token of the red or grey stack (peg19.en:771); ``peeked`` if Stealth was used."""

    seat: int
    colour: str
    peeked: bool = False
    from_monk: bool = False

    def __init__(self, seat: int, colour: str, peeked: bool = False, from_monk: bool = False) -> None:
        self.seat = seat  # type: ignore[misc]
        self.colour = colour  # type: ignore[misc]
        self.peeked = peeked  # type: ignore[misc]
        self.from_monk = from_monk  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), f"draw_{self.colour}")


frozen_init(DrawEncounter)


@dataclass(init=False, frozen=True, slots=True)
class EncounterChoice(Frame):
    """A flipped token asks for a choice: fight or decline a peeked monster; free or attack a monk."""

    seat: int
    token: str
    peeked: bool

    def __init__(self, seat: int, token: str, peeked: bool) -> None:
        self.seat = seat  # type: ignore[misc]
        self.token = token  # type: ignore[misc]
        self.peeked = peeked  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "encounter_choice")


frozen_init(EncounterChoice)


@dataclass(init=False, frozen=True, slots=True)
class Fight(Frame):
    """A fight under way: the hero plays rewards, then resolves (peg19.en:775, peg19.en:891-899).

    ``foe`` is an encounter token id, or ``"strigoi:0"`` / ``"strigoi:1"``; ``mode`` is ``melee`` or ``ranged``
    for a Strigoi; ``bonus`` the strength played so far; ``counter`` marks a counterattack.
    """

    seat: int
    foe: str
    mode: str = "melee"
    bonus: int = 0
    counter: bool = False
    self_wounds: int = 0

    def __init__(
        self, seat: int, foe: str, mode: str = "melee", bonus: int = 0, counter: bool = False, self_wounds: int = 0
    ) -> None:
        self.seat = seat  # type: ignore[misc]
        self.foe = foe  # type: ignore[misc]
        self.mode = mode  # type: ignore[misc]
        self.bonus = bonus  # type: ignore[misc]
        self.counter = counter  # type: ignore[misc]
        self.self_wounds = self_wounds  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "fight_rewards")


frozen_init(Fight)


@dataclass(init=False, frozen=True, slots=True)
class DrawLoot(Frame):
    """Draw a reward token (``token``) or a reward card (``card``) for ``seat`` (peg19.en:778-779)."""

    seat: int
    what: str

    def __init__(self, seat: int, what: str) -> None:
        self.seat = seat  # type: ignore[misc]
        self.what = what  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), f"draw_reward_{self.what}")


frozen_init(DrawLoot)


@dataclass(init=False, frozen=True, slots=True)
class Wounds(Frame):
    """Wounds coming at ``seat``: the hero may block them one by one with Protection, then takes the rest.

    ``origin`` is ``monster``, ``strigoi``, ``curse`` or ``self``; ``protectable`` is false for self-inflicted
    wounds (peg19.en:1042) and for the centre-space case (peg19.en:860); ``attacker`` is the seat whose card let a
    Strigoi attack (for *The Evil Made Me Do It*).
    """

    seat: int
    count: int
    origin: str
    protectable: bool = True
    attacker: int | None = None

    def __init__(
        self, seat: int, count: int, origin: str, protectable: bool = True, attacker: int | None = None
    ) -> None:
        self.seat = seat  # type: ignore[misc]
        self.count = count  # type: ignore[misc]
        self.origin = origin  # type: ignore[misc]
        self.protectable = protectable  # type: ignore[misc]
        self.attacker = attacker  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "protect")


frozen_init(Wounds)


@dataclass(init=False, frozen=True, slots=True)
class DrawWound(Frame):
    """Draw one wound token for ``seat`` and flip it (peg19.en:788); ``left`` more follow."""

    seat: int
    left: int
    origin: str
    attacker: int | None = None

    def __init__(self, seat: int, left: int, origin: str, attacker: int | None = None) -> None:
        self.seat = seat  # type: ignore[misc]
        self.left = left  # type: ignore[misc]
        self.origin = origin  # type: ignore[misc]
        self.attacker = attacker  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "draw_wound")


frozen_init(DrawWound)


@dataclass(init=False, frozen=True, slots=True)
class WoundOnStrigoi(Frame):
    """``seat`` won a fight against Strigoi ``strigoi``: a wound token from the wound stack goes face down on its card
    (peg19.en:891, peg19.en:899); chance decides which, and nobody sees it."""

    seat: int
    strigoi: int

    def __init__(self, seat: int, strigoi: int) -> None:
        self.seat = seat  # type: ignore[misc]
        self.strigoi = strigoi  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "wound_strigoi")


frozen_init(WoundOnStrigoi)


@dataclass(init=False, frozen=True, slots=True)
class ShockChoice(Frame):
    """A shock wound: discard a card from hand, or avoid it with Protection (peg19.en:1092, peg19.en:1038)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "shock")


frozen_init(ShockChoice)


@dataclass(init=False, frozen=True, slots=True)
class HealChoice(Frame):
    """Heal: each injured hero in ``queue`` discards ``count`` wound tokens of their choice (peg19.en:1046)."""

    queue: tuple[tuple[int, int], ...]

    def __init__(self, queue: tuple[tuple[int, int], ...]) -> None:
        self.queue = queue  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.queue[0][0],), "heal")


frozen_init(HealChoice)


@dataclass(init=False, frozen=True, slots=True)
class ReactivateChoice(Frame):
    """All fight tokens are on the board: take one back (peg19.en:799)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "reactivate")


frozen_init(ReactivateChoice)


@dataclass(init=False, frozen=True, slots=True)
class RelocateChoice(Frame):
    """Move ``seat`` to a staircase or ladder tile; ``ladder_first`` restricts to ladders while any is free."""

    seat: int
    reason: str
    ladder_first: bool = False

    def __init__(self, seat: int, reason: str, ladder_first: bool = False) -> None:
        self.seat = seat  # type: ignore[misc]
        self.reason = reason  # type: ignore[misc]
        self.ladder_first = ladder_first  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "relocate")


frozen_init(RelocateChoice)


@dataclass(init=False, frozen=True, slots=True)
class StrigoiPhase(Automatic):
    """Phase 2c for the active hero's card (peg19.en:803-829)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]


frozen_init(StrigoiPhase)


@dataclass(init=False, frozen=True, slots=True)
class AfterStrigoi(Automatic):
    """Phase 2c of ``seat``'s turn is over: its hero may still use abilities before the turn ends, if any is usable
    (reading ``ability_timing = not_during_fight``, peg19.en:756)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]


frozen_init(AfterStrigoi)


@dataclass(init=False, frozen=True, slots=True)
class AfterStrigoiChoice(Frame):
    """After the Strigoi act, ``seat`` uses an ability or passes to end the turn (``Pass(seat, "end_turn")``)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "after_strigoi")


frozen_init(AfterStrigoiChoice)


@dataclass(init=False, frozen=True, slots=True)
class DrawStrigoiToken(Frame):
    """Flip the top Strigoi action token (peg19.en:805)."""

    seat: int

    def __init__(self, seat: int) -> None:
        self.seat = seat  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "draw_strigoi_token")


frozen_init(DrawStrigoiToken)


@dataclass(init=False, frozen=True, slots=True)
class OfferCounter(Automatic):
    """After a Strigoi's attack: offer a counterattack to ``seats`` in turn, if the altar allows (peg19.en:864)."""

    strigoi: int
    seats: tuple[int, ...]

    def __init__(self, strigoi: int, seats: tuple[int, ...]) -> None:
        self.strigoi = strigoi  # type: ignore[misc]
        self.seats = seats  # type: ignore[misc]


frozen_init(OfferCounter)


@dataclass(init=False, frozen=True, slots=True)
class CounterChoice(Frame):
    """After a Strigoi's attack, ``seat`` may counterattack it (peg19.en:864); ``rest`` may be offered next."""

    seat: int
    strigoi: int
    rest: tuple[int, ...] = ()

    def __init__(self, seat: int, strigoi: int, rest: tuple[int, ...] = ()) -> None:
        self.seat = seat  # type: ignore[misc]
        self.strigoi = strigoi  # type: ignore[misc]
        self.rest = rest  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "counterattack")


frozen_init(CounterChoice)


@dataclass(init=False, frozen=True, slots=True)
class CollapseEscape(Frame):
    """A platform collapses: each hero on it in ``queue`` escapes with Leap or falls (peg19.en:915-922)."""

    room: str
    queue: tuple[int, ...]

    def __init__(self, room: str, queue: tuple[int, ...]) -> None:
        self.room = room  # type: ignore[misc]
        self.queue = queue  # type: ignore[misc]

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.queue[0],), "escape")


frozen_init(CollapseEscape)


@dataclass(init=False, frozen=True, slots=True)
class PhaseThree(Automatic):
    """Phase 3: the additional Strigoi turn, when no Strigoi attacked this round (peg19.en:833-841)."""


@dataclass(init=False, frozen=True, slots=True)
class GrantAwards(Automatic):
    """Advanced action cards earned are added to hands (end of turn, or at once, by reading)."""
