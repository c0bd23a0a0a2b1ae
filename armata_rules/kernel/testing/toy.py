"""A race on a track, defined on the kernel alone: proof that the kernel needs no real game, and the worked example
of a :class:`~armata_rules.kernel.play.game.GameDefinition`.

Two to four players each have a counter on space 0 of a track. On a turn the player walks one space or rolls the
die and moves that far; a counter that lands where another stands sends that one back to the start; the first to
reach the end wins. Its parts, each the smallest of its kind:

- one decision frame (:class:`Turn`), one chance frame (:class:`Roll`) and one automatic frame (:class:`NextTurn`);
- the kernel's own actions (:class:`~armata_rules.kernel.play.actions.Choose`, the chance outcome);
- a rule book citing :data:`RULEBOOK`, the game's whole text, by line (``race.en:3``);
- an end test (:func:`terminal`) and an "as soon as" rule (:func:`bump`);
- reference pages (:data:`DOCS`): a page per rule, every citation linked to its line of the text.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Final

from armata_rules.kernel.core.decode import DecodeError, decode
from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Memo, empty_memo, replace
from armata_rules.kernel.docs.hooks import DocsHooks
from armata_rules.kernel.games import register
from armata_rules.kernel.play.actions import Action, ActionTypes, ChanceOutcome, Choose
from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.flow import log, pop, replace_top
from armata_rules.kernel.play.frames import Automatic, DecisionKind, Frame, FrameTypes, ToAct
from armata_rules.kernel.play.game import Ending, GameDefinition, ObservationBounds, Payoffs
from armata_rules.kernel.play.handlers import AutoHandler, ChanceHandler, DecisionHandler, HandlerTable, Refusal
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.play.state import Log, StateFileError, plain
from armata_rules.kernel.texts.textset import TextSet

__all__ = [
    "DOCS",
    "RACE",
    "RULEBOOK",
    "TEXTS",
    "NextTurn",
    "RaceActions",
    "RaceCodec",
    "RaceContext",
    "RaceOutcome",
    "RaceState",
    "RaceView",
    "Roll",
    "Turn",
    "bump",
    "clause_label",
    "new_context",
    "observation_bounds",
    "observe",
    "returns",
    "setup_json",
    "terminal",
]

#: The game's whole rulebook; rules cite it as ``race.en:LINE`` (lines counted from 1).
RULEBOOK: Final = (
    "Race",
    "Each player has a counter on space 0 of the track; players take turns in seat order, seat 0 first.",
    "On your turn, walk your counter one space forward, or roll the die and move it that many spaces.",
    "The die has as many faces as the game says, numbered from 1, each as likely as the others.",
    "A counter that lands on a space where another counter stands sends that counter back to space 0.",
    "The first counter to reach the end of the track wins at once.",
)

_CITATION: Final = re.compile(r"race\.en:([1-9][0-9]*)")


def resolve(citation: str) -> range:
    """The line of :data:`RULEBOOK` ``race.en:LINE`` names; ``ValueError`` for a line the rulebook lacks."""
    found = _CITATION.fullmatch(citation)
    if found is None or not 1 <= int(found.group(1)) <= len(RULEBOOK):
        raise ValueError(f"the race's rulebook has lines 1 to {len(RULEBOOK)}")
    return range(int(found.group(1)), int(found.group(1)) + 1)


#: The race's one text, as the kernel reads it.
TEXTS: Final = TextSet("toy_race", ("race.en",), "race.en", _CITATION, resolve, "RACE_RULEBOOK")

RULES: Final = RuleBook("toy_race")
TURN = RULES.rule(
    "race.turn", "Players take turns in seat order", ("race.en:2",), "Only the player whose turn it is acts."
)
MOVE = RULES.rule(
    "race.move", "Walk or roll", ("race.en:3",), "On a turn the player chooses to walk one space or to roll the die."
)
DIE = RULES.rule("race.die", "The die", ("race.en:4",), "Each face of the die, from 1, is equally likely.")
BUMP = RULES.rule(
    "race.bump", "Landing on a counter", ("race.en:5",), "A counter landed on goes back to the start at once."
)
FINISH = RULES.rule("race.finish", "The end of the track", ("race.en:6",), "The first counter at the end wins.")


def clause_label(citation: str) -> str | None:
    """The label of the line of :data:`RULEBOOK` a citation names (``race-line-3``), ``None`` for one it lacks."""
    try:
        return f"race-line-{resolve(citation).start}"
    except ValueError:
        return None


#: The race's reference pages (:mod:`armata_rules.kernel.docs`): a page per rule under ``rules/``, linked from every
#: ``race.en:LINE`` to the line, which a page of the text labels ``race-line-LINE``.
DOCS: Final = DocsHooks("race", RULES, TEXTS, clause_label, sections={"race": "The race"}, rule_pages="rules")

#: The options of a turn (race.en:3).
OPTIONS: Final = ("walk", "roll")


class RaceOutcome(FastEnum):
    """How a race ended."""

    FINISHED = "finished"  # a counter reached the end (race.en:6)


@dataclass(frozen=True, slots=True)
class RaceContext:
    """The fixed facts of one race: how many players, the track's length, the die's faces, the seed of chance."""

    seats: int
    length: int
    faces: int
    seed: int


def new_context(seats: int, *, length: int = 12, faces: int = 3, seed: int = 0) -> RaceContext:
    """A race for ``seats`` players (the game's setup hook); :class:`GameSetupError` naming the argument that is
    out of range or of the wrong type."""
    for name, value in (("seats", seats), ("length", length), ("faces", faces), ("seed", seed)):
        if type(value) is not int:
            raise GameSetupError(f"{name} must be an int; got {type(value).__name__}")
    if seats not in RACE.seats:
        raise GameSetupError(f"seats must be {RACE.seats.start} to {RACE.seats.stop - 1}; got {seats}")
    if length < 2:
        raise GameSetupError(f"length must be 2 or more; got {length}")
    if faces < 1:
        raise GameSetupError(f"faces must be 1 or more; got {faces}")
    return RaceContext(seats, length, faces, seed)


def setup_json(ctx: RaceContext) -> dict[str, object]:
    """The arguments of :func:`new_context` that set ``ctx``'s race up again."""
    return {"seats": ctx.seats, "length": ctx.length, "faces": ctx.faces, "seed": ctx.seed}


@dataclass(frozen=True, slots=True)
class Turn(Frame):
    """The player in ``seat`` walks or rolls (race.en:3)."""

    seat: int

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.PLAYER, (self.seat,), "move")


@dataclass(frozen=True, slots=True)
class Roll(Frame):
    """The die rolled for the counter of ``seat`` (race.en:4)."""

    seat: int

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.CHANCE, (), "roll")


@dataclass(frozen=True, slots=True)
class NextTurn(Automatic):
    """The turn passes from ``seat`` to the next seat; past the last seat a new round begins (race.en:2)."""

    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class RaceState(Memo):
    """A race at one moment: each counter's space, the round, and the kernel's flow fields.

    The race is not compiled, so its classes take the ``__init__`` :mod:`dataclasses` generates (a compiled game
    writes its own, as :func:`~armata_rules.kernel.core.immutable.frozen_init` says); a state starts with an empty
    cache of derived data (:class:`~armata_rules.kernel.core.immutable.Memo`).
    """

    positions: tuple[int, ...]
    round: int = 1
    frames: tuple[Frame, ...] = ()
    chance_count: int = 0
    outcome: RaceOutcome | None = None
    log: Log | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        empty_memo(self)

    def __repr__(self) -> str:
        return f"<RaceState round={self.round} positions={list(self.positions)} hash={self.hash()[:12]}>"

    def to_json(self) -> dict[str, object]:
        """The canonical JSON-ready form, without the log: equal positions give equal JSON."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self) if f.name != "log"}

    @classmethod
    def from_json(cls, data: object, source: str = "<state>") -> RaceState:
        """The state :meth:`to_json` wrote, without a log; :class:`StateFileError` names what is wrong."""
        try:
            return decode(cls, data, {Frame: FRAMES.by_tag})
        except DecodeError as err:
            raise StateFileError(source, err.key, err.problem) from None

    def hash(self) -> str:
        """A fingerprint of the position, the same in every process."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def _move(state: RaceState, seat: int, steps: int, how: str) -> RaceState:
    positions = list(state.positions)
    positions[seat] += steps
    return log(state, f"seat {seat} {how} to space {positions[seat]}", positions=tuple(positions))


class TurnRules(DecisionHandler[RaceContext, RaceState, Turn]):
    """race.en:2-3: the player whose turn it is walks one space or rolls the die."""

    def candidates(self, ctx: RaceContext, state: RaceState, frame: Turn) -> list[Action]:
        return [Choose(frame.seat, option) for option in OPTIONS]

    def guard(self, ctx: RaceContext, state: RaceState, frame: Turn, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(TURN, f"it is seat {frame.seat}'s turn, not seat {action.seat}'s")
        if not isinstance(action, Choose):
            return Refusal(MOVE, f"a turn is a choice (walk or roll), not {action.kind!r}")
        if action.option not in OPTIONS:
            return Refusal(MOVE, f"the options are walk or roll; got {action.option!r}")
        return None

    def apply(self, ctx: RaceContext, state: RaceState, frame: Turn, action: Action) -> RaceState:
        if isinstance(action, Choose) and action.option == "roll":
            return replace_top(state, NextTurn(frame.seat), Roll(frame.seat))
        return replace_top(_move(state, frame.seat, 1, "walks"), NextTurn(frame.seat))


class RollRules(ChanceHandler[RaceContext, RaceState, Roll]):
    """race.en:4: each face of the die equally likely."""

    def outcomes(self, ctx: RaceContext, state: RaceState, frame: Roll) -> list[tuple[ChanceOutcome, float]]:
        return [(ChanceOutcome("roll", str(face)), 1 / ctx.faces) for face in range(1, ctx.faces + 1)]

    def apply(self, ctx: RaceContext, state: RaceState, frame: Roll, outcome: ChanceOutcome) -> RaceState:
        return pop(_move(state, frame.seat, int(outcome.outcome), f"rolls {outcome.outcome} and moves"))


class NextTurnRules(AutoHandler[RaceContext, RaceState, NextTurn]):
    """race.en:2: seats take turns in order; a new round starts with seat 0."""

    def run(self, ctx: RaceContext, state: RaceState, frame: NextTurn) -> RaceState:
        following = (frame.seat + 1) % ctx.seats
        if following == 0:
            state = log(state, f"round {state.round + 1} begins", round=state.round + 1)
        return replace_top(state, Turn(following))


HANDLERS: Final[HandlerTable[RaceContext, RaceState]] = HandlerTable()
HANDLERS.handles(Turn, TurnRules)
HANDLERS.handles(Roll, RollRules)
HANDLERS.handles(NextTurn, NextTurnRules)

FRAMES: Final = FrameTypes((Turn, Roll, NextTurn))
ACTIONS: Final = ActionTypes((ChanceOutcome, Choose))


def initial_state(ctx: RaceContext) -> RaceState:
    """Every counter on space 0, seat 0 to move (race.en:2)."""
    return log(
        RaceState((0,) * ctx.seats, frames=(Turn(0),)), f"{ctx.seats} counters line up on a track of {ctx.length}"
    )


def terminal(ctx: RaceContext, state: RaceState) -> Ending | None:
    """The race is over once a counter reaches the end of the track (race.en:6)."""
    for seat, position in enumerate(state.positions):
        if position >= ctx.length:
            return Ending(RaceOutcome.FINISHED, f"seat {seat} reaches the end and wins")
    return None


def returns(ctx: RaceContext, state: RaceState) -> tuple[float, ...]:
    """1 for the seat that reached the end, 0 for every other (and for all while the race goes on)."""
    return tuple(1.0 if position >= ctx.length else 0.0 for position in state.positions)


@dataclass(frozen=True, slots=True)
class RaceView:
    """What a seat sees of a race: everything (nothing is hidden), from its own point of view (``seat``)."""

    seat: int
    positions: tuple[int, ...]
    round: int


def observe(ctx: RaceContext, state: RaceState, seat: int) -> RaceView:
    """The race as ``seat`` sees it; ``ValueError`` for a seat that is not at the table."""
    if type(seat) is not int or not 0 <= seat < ctx.seats:
        raise ValueError(f"seat must be 0 to {ctx.seats - 1}; got {seat!r}")
    return RaceView(seat, state.positions, state.round)


@dataclass(frozen=True, slots=True)
class RaceCodec:
    """A view as numbers: the seat, the round, then each counter's space (a list of ``2 + seats`` floats)."""

    seats: int

    def encode(self, observation: RaceView) -> list[float]:
        return [float(observation.seat), float(observation.round), *map(float, observation.positions)]

    def decode(self, vector: list[float]) -> RaceView:
        if len(vector) != 2 + self.seats:
            raise ValueError(f"a race view of {self.seats} seats has {2 + self.seats} numbers; got {len(vector)}")
        seat, round_, *positions = (int(value) for value in vector)
        return RaceView(seat, tuple(positions), round_)


def observation_bounds(ctx: RaceContext) -> ObservationBounds:
    """The range of each number of a view (:class:`RaceCodec`): the seat, the round (from 1, unbounded), and each
    counter's space, at most the last space before the end plus the die's highest face."""
    positions = ctx.seats
    low = [0.0, 1.0, *(0.0,) * positions]
    high = [float(ctx.seats - 1), float("inf"), *(float(ctx.length - 1 + ctx.faces),) * positions]
    return low, high


@dataclass(frozen=True, slots=True)
class RaceActions:
    """The numbering of a race's actions: each seat's walk and roll, then each face of the die."""

    seats: int
    faces: int

    @property
    def num_distinct_actions(self) -> int:
        return self.seats * len(OPTIONS) + self.faces

    def action_to_index(self, action: Action) -> int:
        if isinstance(action, Choose) and action.option in OPTIONS and 0 <= action.seat < self.seats:
            return action.seat * len(OPTIONS) + OPTIONS.index(action.option)
        if isinstance(action, ChanceOutcome) and action.decision == "roll" and action.outcome.isdigit():
            face = int(action.outcome)
            if 1 <= face <= self.faces:
                return self.seats * len(OPTIONS) + face - 1
        raise KeyError(f"{action} is not an action of this race")

    def index_to_action(self, index: int) -> Action:
        if not 0 <= index < self.num_distinct_actions:
            raise IndexError(f"action index {index} is outside 0..{self.num_distinct_actions - 1}")
        seat, option = divmod(index, len(OPTIONS))
        if seat < self.seats:
            return Choose(seat, OPTIONS[option])
        return ChanceOutcome("roll", str(index - self.seats * len(OPTIONS) + 1))


def bump(ctx: RaceContext, before: RaceState, after: RaceState) -> RaceState:
    """As soon as a counter lands where another stands, that one goes back to space 0 (race.en:5). Runs after every
    action; a counter that did not move bumps nobody, nor does one on space 0 or past the end."""
    if after.outcome is not None or before.positions is after.positions:
        return after
    positions = list(after.positions)
    for mover, (old, new) in enumerate(zip(before.positions, after.positions, strict=True)):
        if new == old or not 0 < new < ctx.length:
            continue
        for other, there in enumerate(positions):
            if other != mover and there == new:
                positions[other] = 0
                after = log(after, f"seat {mover} sends seat {other} back to the start")
    return replace(after, positions=tuple(positions)) if positions != list(after.positions) else after


#: The race, for 2 to 4 players.
RACE: Final[GameDefinition[RaceContext, RaceState]] = GameDefinition(
    id="toy_race",
    title="Race (the kernel's toy game)",
    seats=range(2, 5),
    state_type=RaceState,
    frames=FRAMES,
    actions=ACTIONS,
    handlers=HANDLERS,
    rules=RULES,
    initial_state=initial_state,
    terminal=terminal,
    over_rule=FINISH.id,
    chance_rule=DIE.id,
    triggers=(bump,),
    setup=new_context,
    setup_json=setup_json,
    returns=returns,
    seat_count=attrgetter("seats"),
    observe=observe,
    observation_codec=lambda ctx: RaceCodec(ctx.seats),
    action_space=lambda ctx: RaceActions(ctx.seats, ctx.faces),
    texts=TEXTS,
    observation_bounds=observation_bounds,
    perfect_information=True,  # every counter is in plain sight
    payoffs=Payoffs(0.0, 1.0, total=1.0),  # one winner takes 1
)
register(RACE)
