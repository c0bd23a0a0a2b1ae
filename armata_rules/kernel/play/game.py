"""A game as one declared object handed to the kernel: its state and context types, frames, actions, handlers and
rules, and the hooks the engine loop asks (the end of the game, the "as soon as" rules).

The kernel owns the loop (:mod:`~armata_rules.kernel.play.dispatch`, :mod:`~armata_rules.kernel.play.settle`); a
game supplies everything else through a :class:`GameDefinition`. The kernel names no game: a game builds its
definition from its own modules and passes it in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Memo
from armata_rules.kernel.play.actions import ActionTypes
from armata_rules.kernel.play.frames import FrameTypes
from armata_rules.kernel.play.handlers import HandlerTable
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.play.state import KernelState

__all__ = ["Ending", "GameDefinition", "KernelContext", "Terminal", "Trigger"]


class KernelContext(Protocol):
    """What the kernel reads of a game's context (the fixed facts of one game): the seed of its chance events."""

    @property
    def seed(self) -> int:
        """The seed of the chance events (with the state's ``chance_count``, it picks each outcome)."""


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

    Checked when built: ``id`` is a lower-case identifier, ``seats`` is not empty and starts at 1 or more, the state
    type is a :class:`~armata_rules.kernel.core.immutable.Memo` (the legal actions of a state are kept on it), every
    frame type has a handler and every handler a listed frame type, and the rule book is the game's.
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
    triggers: tuple[Trigger[C, S], ...] = ()
    terminal_reads: Callable[[S], object] | None = None

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
        if self.rules.game != self.id:
            raise ValueError(f"game {self.id}: its rule book belongs to {self.rules.game!r}")

    def __repr__(self) -> str:
        return f"<GameDefinition {self.id} ({self.title}), seats {self.seats.start}-{self.seats.stop - 1}>"
