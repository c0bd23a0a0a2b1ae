"""A game as one declared object handed to the kernel: its state and context types, frames, actions, handlers and
rules, and the hooks the engine loop asks (the end of the game, the "as soon as" rules).

The kernel owns the loop (:mod:`~armata_rules.kernel.play.dispatch`, :mod:`~armata_rules.kernel.play.settle`); a
game supplies everything else through a :class:`GameDefinition`. The kernel names no game: a game builds its
definition from its own modules and passes it in.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Memo
from armata_rules.kernel.play.actions import Action, ActionTypes
from armata_rules.kernel.play.frames import FrameTypes
from armata_rules.kernel.play.handlers import HandlerTable
from armata_rules.kernel.play.readings import ReadingSet
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.play.state import KernelState
from armata_rules.kernel.texts.textset import TextSet

__all__ = [
    "ActionIndex",
    "Ending",
    "GameDefinition",
    "KernelContext",
    "ObservationBounds",
    "ObservationCodec",
    "Payoffs",
    "Terminal",
    "Trigger",
]


class KernelContext(Protocol):
    """What the kernel reads of a game's context (the fixed facts of one game): the seed of its chance events."""

    @property
    def seed(self) -> int:
        """The seed of the chance events (with the state's ``chance_count``, it picks each outcome)."""


class ActionIndex(Protocol):
    """A fixed numbering of every action a game of one context could ever list (learning agents pick by number):
    ``index_to_action`` and ``action_to_index`` are inverse over ``range(num_distinct_actions)``."""

    @property
    def num_distinct_actions(self) -> int:
        """How many actions are numbered."""

    def action_to_index(self, action: Action) -> int:
        """The number of ``action``; ``KeyError`` for an action outside the numbering."""

    def index_to_action(self, index: int) -> Action:
        """The action numbered ``index``."""


class ObservationCodec(Protocol):
    """The fixed-length numeric form of what a seat observes, and the way back: ``decode(encode(o)) == o``."""

    def encode(self, observation: Any) -> Any:
        """The numeric form of ``observation``."""

    def decode(self, vector: Any) -> Any:
        """The observation ``vector`` encodes."""


#: The least and the greatest value of each entry of a seat's numeric observation (the codec's vector), in order.
ObservationBounds = tuple[Sequence[float], Sequence[float]]


@dataclass(frozen=True, slots=True)
class Payoffs:
    """What the seats' returns can be once a game is over, for learning frameworks that declare it (OpenSpiel's
    utility range and kind): each seat's return lies in ``low..high``; with ``total``, the returns of every ended
    game sum to it (zero-sum at 0, constant-sum otherwise); with ``identical``, every seat gets the same return (a
    cooperative game)."""

    low: float
    high: float
    total: float | None = None
    identical: bool = False

    def __post_init__(self) -> None:
        if not self.low < self.high:
            raise ValueError(f"payoffs: low must be below high; got {self.low} and {self.high}")


C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ends now: the ``outcome`` the state takes and the line the history gets."""

    outcome: FastEnum
    text: str


#: The end test: the :class:`Ending` that applies to the state now, or ``None`` while the game goes on.
Terminal = Callable[[C, S], Ending | None]

#: An "as soon as" rule: given the state before an action and the state after it (once the automatic steps after
#: it have run), the state with the rule applied (the state after, unchanged, when the rule has nothing to do).
Trigger = Callable[[C, S, S], S]

_GAME_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class GameDefinition(Generic[C, S]):
    """A game, as the kernel sees it. ``C`` is its context (the fixed facts of one game: seats, data, seed), ``S``
    its state.

    The engine loop asks :attr:`terminal` before every automatic step and once the steps stop, and runs each of the
    :attr:`triggers` once after every action (a decision or a chance outcome), in order, once the automatic steps
    after it have run. A trigger must not end the game or push a frame: it records what happens "as soon as"
    something is true (a card changes hands), and play goes on at the frame the settling reached. A game whose end
    test reads one part of the state only may name it in :attr:`terminal_reads` (``operator.attrgetter("blood")``,
    a C call): within one settling, the test is then asked again only once that part is another object (a state
    shares its unchanged parts with the state before).

    The engine (:class:`~armata_rules.kernel.play.engine.Engine`) refuses an action once the game is over by the rule
    :attr:`over_rule` and a foreign outcome where chance decides by :attr:`chance_rule`, both ids of the game's book.
    The optional hooks: :attr:`setup` builds a context from keyword arguments (raising
    :class:`~armata_rules.kernel.play.engine.GameSetupError` naming a wrong one); :attr:`setup_json` writes a
    context's arguments back, as plain JSON data, so that ``setup(**setup_json(ctx))`` sets the same game up again
    (a game record keeps them); :attr:`returns` gives each seat's result (all equal in a cooperative game);
    :attr:`check_state` refuses a state read from a file that breaks one of the game's invariants
    (``StateFileError``); :attr:`seat_count` says how many seats a game of a context has; :attr:`observe` gives
    what one seat may see of a state, :attr:`observation_codec` its numeric form and :attr:`action_space` the
    numbering of actions, for learning agents; :attr:`texts` names the texts its rules cite (every citation of the
    book is checked against them); :attr:`readings` are the questions its rulesets answer where the text disagrees
    with itself or is silent (every reading a rule of the book names must be one of them). Three more optional hooks
    tell learning frameworks what the kernel cannot know (:mod:`armata_rules.kernel.adapters`):
    :attr:`observation_bounds` the range of each entry of the numeric observation (unbounded without it),
    :attr:`perfect_information` whether every seat sees the whole state (``False`` by default: hidden information
    is the safe assumption) and :attr:`payoffs` what the returns can be at the end (any real number without it).

    Checked when built: ``id`` is a lower-case identifier, ``seats`` is not empty and starts at 1 or more, the state
    type is a :class:`~armata_rules.kernel.core.immutable.Memo` (the legal actions of a state are kept on it), every
    frame type has a handler and every handler a listed frame type, the rule book is the game's, and each reading
    a rule names is one of :attr:`readings` (when the game has them).
    """

    id: str
    title: str
    seats: range
    state_type: type[S]
    frames: FrameTypes
    actions: ActionTypes
    handlers: HandlerTable[C, S]
    rules: RuleBook
    initial_state: Callable[[C], S]
    terminal: Terminal[C, S]
    over_rule: str
    chance_rule: str
    triggers: tuple[Trigger[C, S], ...] = ()
    terminal_reads: Callable[[S], object] | None = None
    setup: Callable[..., C] | None = None
    setup_json: Callable[[C], Mapping[str, object]] | None = None
    returns: Callable[[C, S], tuple[float, ...]] | None = None
    check_state: Callable[[C, S, str], None] | None = None
    seat_count: Callable[[C], int] | None = None
    observe: Callable[[C, S, int], object] | None = None
    observation_codec: Callable[[C], ObservationCodec] | None = None
    action_space: Callable[[C], ActionIndex] | None = None
    texts: TextSet | None = None
    readings: ReadingSet[Any] | None = None
    observation_bounds: Callable[[C], ObservationBounds] | None = None
    perfect_information: bool = False
    payoffs: Payoffs | None = None

    def __post_init__(self) -> None:
        if not _GAME_ID.fullmatch(self.id):
            raise ValueError(f"game id {self.id!r} must be a lower-case identifier (letters, digits, underscores)")
        if not self.seats or self.seats.start < 1 or self.seats.step != 1:
            raise ValueError(f"game {self.id}: seats must be a range of one or more seats by 1; got {self.seats!r}")
        if not (isinstance(self.state_type, type) and issubclass(self.state_type, Memo)):
            raise ValueError(f"game {self.id}: the state type {self.state_type!r} must be a Memo")
        unhandled = sorted(cls.__name__ for cls in self.frames if cls not in self.handlers.by_frame)
        if unhandled:
            raise ValueError(f"game {self.id}: frame types without a handler: {', '.join(unhandled)}")
        unlisted = sorted(cls.__name__ for cls in self.handlers.by_frame if cls not in self.frames)
        if unlisted:
            raise ValueError(f"game {self.id}: handlers of frame types it does not list: {', '.join(unlisted)}")
        for field, rule_id in (("over_rule", self.over_rule), ("chance_rule", self.chance_rule)):
            if not rule_id:
                raise ValueError(f"game {self.id}: {field} must name a rule of its book")
        if self.texts is not None and self.texts.game != self.id:
            raise ValueError(f"game {self.id}: its texts belong to {self.texts.game!r}")
        if self.rules.game != self.id:
            raise ValueError(f"game {self.id}: its rule book belongs to {self.rules.game!r}")
        if self.readings is not None:
            unknown = sorted(
                f"{rule.id} reads {name!r}"
                for rule in self.rules.rules.values()
                for name in rule.readings
                if name not in self.readings.readings
            )
            if unknown:
                raise ValueError(f"game {self.id}: rules read no reading of its ruleset: {'; '.join(unknown[:5])}")

    def __repr__(self) -> str:
        return f"<GameDefinition {self.id} ({self.title}), seats {self.seats.start}-{self.seats.stop - 1}>"
