"""The decision frames of *Władcy Nocy*: what a game is waiting for, and who decides it.

Every frame is plain data on the state's stack; the rules that decide it are its handler (``rules/`` and
``content/interpreter.py``). Chance stays small at every node (WLADCY_NOCY.md §2): a tile is laid, a die rolled, an
event card or a relic revealed one chance step at a time. Decisions carry the ``seat`` (vampire) whose player makes
them; the leader's decisions carry the leader's seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from armata_rules.kernel.play.frames import Automatic, DecisionKind, Frame, FrameTypes, ToAct

__all__ = [
    "FRAMES",
    "BlueSplit",
    "ChooseLeader",
    "DayEffects",
    "DayFights",
    "DayStart",
    "DiscardRelic",
    "DrawRelic",
    "EventPlace",
    "FightDice",
    "FightEnd",
    "FightResolve",
    "FightSacrifice",
    "FightWindow",
    "FlushVeil",
    "GiveRelic",
    "NightStart",
    "OpTarget",
    "Ops",
    "Overflow",
    "PickDayEffect",
    "PickDayFight",
    "PickDie",
    "PickFighter",
    "PickOverflow",
    "PickPlacement",
    "PlaceAgents",
    "PlaceTile",
    "RevealEvent",
    "RollDice",
    "RoundEnd",
    "Spawn",
    "StartFight",
    "Turn",
    "TurnStart",
]


def _player(seat: int, decision: str) -> ToAct:
    return ToAct(DecisionKind.PLAYER, (seat,), decision)


def _chance(decision: str) -> ToAct:
    return ToAct(DecisionKind.CHANCE, (), decision)


# ------------------------------------------------------------------------------------------------ setup
@dataclass(frozen=True, slots=True)
class PlaceTile(Frame):
    """The next district tile (in id order) is laid on a free cell, each as likely (wn.pl:147)."""

    def to_act(self) -> ToAct:
        return _chance("tile")


@dataclass(frozen=True, slots=True)
class RollDice(Frame):
    """``count`` dice rolled one at a time into a new pool; ``faces`` holds the values rolled so far, sorted
    (wn.pl:177, wn.pl:195)."""

    count: int
    faces: tuple[int, ...] = ()

    def to_act(self) -> ToAct:
        return _chance("die")


@dataclass(frozen=True, slots=True)
class ChooseLeader(Frame):
    """The player of ``seat`` picks which of its vampires takes the leader token (wn.pl:179)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "starting leader")


# ------------------------------------------------------------------------------------------------ day
@dataclass(frozen=True, slots=True)
class DayStart(Automatic):
    """A round begins with the day: the leader token passes on, except in round 1 (wn.pl:209-213)."""


@dataclass(frozen=True, slots=True)
class DayEffects(Automatic):
    """The day effects still to resolve, ``done`` holding those resolved, by the names the leader picks them by
    (wn.pl:215-219)."""

    done: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PickDayEffect(Frame):
    """The leader picks the next district whose day effect is resolved (wn.pl:219)."""

    seat: int
    done: tuple[str, ...] = ()

    def to_act(self) -> ToAct:
        return _player(self.seat, "day effect")


@dataclass(frozen=True, slots=True)
class RevealEvent(Frame):
    """The leader reveals the top event card: drawn from the current deck segment's cards (wn.pl:225)."""

    def to_act(self) -> ToAct:
        return _chance("event")


@dataclass(frozen=True, slots=True)
class Spawn(Automatic):
    """The agents of the revealed card's city plan, by the veil track's numbers (wn.pl:225-233)."""

    card: str


@dataclass(frozen=True, slots=True)
class BlueSplit(Frame):
    """The blue-grey crosses' numbers differ: ``seat`` decides which position gets the first (wn.pl:233, wn.pl:259;
    reading ``blue_grey_split_decider``)."""

    seat: int
    card: str

    def to_act(self) -> ToAct:
        return _player(self.seat, "blue-grey split")


@dataclass(frozen=True, slots=True)
class PlaceAgents(Automatic):
    """Agents to add, as ``demands`` of (cell, count), from the pool: all at once if the pool holds them, else one at
    a time where the leader decides (wn.pl:245, wn.pl:257). ``landed`` holds the demands that placed an agent (the
    veil is weakened once per placement, reading ``veil_penalty_unit``); ``event``: an event card adds them
    (wn.pl:243, wn.pl:596); ``hidden``: they come hidden side up (wn.pl:225, wn.pl:237); ``redirect``: an event's
    agents may be redirected by a placed relic (wn.pl:634-638)."""

    demands: tuple[tuple[int, int], ...]
    event: bool
    hidden: bool = True
    landed: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PickPlacement(Frame):
    """The pool cannot supply every agent: the leader picks the district of the next one (wn.pl:257)."""

    seat: int
    demands: tuple[tuple[int, int], ...]
    event: bool
    hidden: bool = True
    landed: tuple[int, ...] = ()

    def to_act(self) -> ToAct:
        return _player(self.seat, "agent placement")


@dataclass(frozen=True, slots=True)
class FlushVeil(Automatic):
    """The card ``card`` is fully resolved: its weakening of the veil is applied now (wn.pl:247), its discard
    condition checked (wn.pl:614-618), and the card leaves or stays in play (wn.pl:235)."""

    card: str


@dataclass(frozen=True, slots=True)
class DayFights(Automatic):
    """The vampire hunt: a fight in every district with a vampire and 3 or more agents, ``done`` holding the cells
    fought (wn.pl:251-255)."""

    done: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PickDayFight(Frame):
    """The leader orders the day fights (wn.pl:253)."""

    seat: int
    done: tuple[int, ...] = ()

    def to_act(self) -> ToAct:
        return _player(self.seat, "day fight")


@dataclass(frozen=True, slots=True)
class PickFighter(Frame):
    """Several vampires stand where a day fight is: one is chosen to fight (wn.pl:253, wn.pl:463; reading
    ``day_fighter_chooser``)."""

    seat: int
    cell: int
    done: tuple[int, ...] = ()

    def to_act(self) -> ToAct:
        return _player(self.seat, "day fighter")


# ------------------------------------------------------------------------------------------------ combat
@dataclass(frozen=True, slots=True)
class StartFight(Automatic):
    """A fight of the vampire ``seat`` begins in its district (wn.pl:451): by day every agent there is revealed
    first (wn.pl:255, wn.pl:465)."""

    seat: int
    day: bool


@dataclass(frozen=True, slots=True)
class FightSacrifice(Frame):
    """The fighter may remove minions from its district, removing as many revealed agents (wn.pl:469)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "sacrifice")


@dataclass(frozen=True, slots=True)
class FightDice(Automatic):
    """The fighter takes one die per revealed agent left (wn.pl:471), the pool rolled anew when empty (wn.pl:195,
    wn.pl:481)."""

    seat: int


@dataclass(frozen=True, slots=True)
class PickDie(Frame):
    """The fighter picks a value from the pool: any by night, the lowest by day (wn.pl:339, wn.pl:463, wn.pl:477)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "die")


@dataclass(frozen=True, slots=True)
class FightWindow(Frame):
    """Right after the dice are chosen the fighter may use its fight abilities (wn.pl:622) and, by night, relics
    that change dice (interpretation ``dice_relic_timing``)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "fight window")


@dataclass(frozen=True, slots=True)
class FightResolve(Automatic):
    """Every chosen die resolved at once (wn.pl:473-479)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Overflow(Automatic):
    """``owed`` blood the fighter could not pay, spread over the other vampires in its district (wn.pl:483)."""

    seat: int
    owed: int


@dataclass(frozen=True, slots=True)
class PickOverflow(Frame):
    """``seat`` (reading ``overflow_decider``) picks the vampire that pays the next token of ``owed`` (wn.pl:483)."""

    seat: int
    fighter: int
    owed: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "overflow")


@dataclass(frozen=True, slots=True)
class FightEnd(Automatic):
    """The fighter gains its victims and the fight is over (wn.pl:485)."""

    seat: int


# ------------------------------------------------------------------------------------------------ night
@dataclass(frozen=True, slots=True)
class NightStart(Automatic):
    """The night: each vampire gets its action points, the leader plays first, the others clockwise
    (wn.pl:271-275)."""


@dataclass(frozen=True, slots=True)
class TurnStart(Automatic):
    """The turn of ``seat`` begins: an exhausted vampire recovers 1 blood and the veil drops 1 (wn.pl:277,
    wn.pl:527)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """The vampire ``seat`` spends its action points, one action at a time, until it ends its turn (wn.pl:279)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "night action")


@dataclass(frozen=True, slots=True)
class RoundEnd(Automatic):
    """Every vampire has played: the night ends and the next round's day begins (wn.pl:287)."""


# ------------------------------------------------------------------------------------------------ relics
@dataclass(frozen=True, slots=True)
class DrawRelic(Frame):
    """The leader draws the top relic (wn.pl:537): a chance step over the relics left. ``to`` is the seat that
    receives it, or -1 for the leader's choice."""

    to: int = -1

    def to_act(self) -> ToAct:
        return _chance("relic")


@dataclass(frozen=True, slots=True)
class GiveRelic(Frame):
    """The leader gives the drawn relic to a vampire that may hold one, itself included (wn.pl:537;
    interpretation ``museum_recipient``)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "relic recipient")


@dataclass(frozen=True, slots=True)
class DiscardRelic(Frame):
    """The vampire ``seat`` holds more relics than its limit: it discards one at once, old or new (wn.pl:562)."""

    seat: int

    def to_act(self) -> ToAct:
        return _player(self.seat, "relic discard")


# ------------------------------------------------------------------------------------------------ content
@dataclass(frozen=True, slots=True)
class Ops(Automatic):
    """The ops of an effect (``source`` names it, see :mod:`armata_rules.wladcy_nocy.content.interpreter`), run one
    per step from ``index``, so that the end of the game is checked between a cost and its effect (wn.pl:401).
    ``context`` says what runs them (an event card, a day or night district effect, an ability, a relic, a seal);
    ``here``, ``active`` and ``holder`` are what the selectors of those names pick (-1: none), ``place`` the cells
    the selector ``event_place`` picks, marked by the card an ``event_place`` op took (wn.pl:626-628)."""

    source: str
    context: str
    index: int = 0
    here: int = -1
    active: int = -1
    holder: int = -1
    place: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class OpTarget(Frame):
    """The leader picks the district or vampire an op of ``source`` acts on (selector ``leader_choice``)."""

    seat: int
    source: str
    context: str
    index: int
    here: int = -1
    active: int = -1
    holder: int = -1
    place: tuple[int, ...] = ()

    def to_act(self) -> ToAct:
        return _player(self.seat, "effect target")


@dataclass(frozen=True, slots=True)
class EventPlace(Frame):
    """An effect's ``event_place`` op takes the top event card (``take``: it draws or discards it) only for the
    positions of its plan's ``mark`` (``red`` or ``blue``): a chance step over the cards the deck's top may be, as a
    reveal is; the card is not resolved (wn.pl:626-628)."""

    take: str
    mark: str

    def to_act(self) -> ToAct:
        return _chance("event place")


#: Every frame of the game, by class name (a state's JSON form tags frames so).
FRAMES: Final = FrameTypes(
    (
        PlaceTile,
        RollDice,
        ChooseLeader,
        DayStart,
        DayEffects,
        PickDayEffect,
        RevealEvent,
        Spawn,
        BlueSplit,
        PlaceAgents,
        PickPlacement,
        FlushVeil,
        DayFights,
        PickDayFight,
        PickFighter,
        StartFight,
        FightSacrifice,
        FightDice,
        PickDie,
        FightWindow,
        FightResolve,
        Overflow,
        PickOverflow,
        FightEnd,
        NightStart,
        TurnStart,
        Turn,
        RoundEnd,
        DrawRelic,
        GiveRelic,
        DiscardRelic,
        Ops,
        OpTarget,
        EventPlace,
    )
)
