"""How rules attach to frames: each frame type has one handler that lists, guards and applies its actions.

A *guard* returns ``None`` for a legal action or a :class:`Refusal` naming the rule it breaks and why; legal actions
are the candidates the guard lets through, so enumeration and validation can never disagree.

Handlers are generic in the game's context ``C`` (the fixed facts of one game) and state ``S``, and in the frame
type ``F`` they handle. Each game keeps its handlers in its own :class:`HandlerTable`, so one frame type may have a
handler in two games' tables. The bases allow interpreted subclasses: a game that is not compiled may define its
handlers on the compiled kernel.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from mypy_extensions import mypyc_attr

from armata_rules.kernel.core.immutable import Value, check_changes, frozen_init
from armata_rules.kernel.play.actions import Action, ChanceOutcome
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.registry import Rule

__all__ = ["AutoHandler", "ChanceHandler", "DecisionHandler", "Handler", "HandlerTable", "Refusal"]

C = TypeVar("C")
S = TypeVar("S")
F = TypeVar("F", bound=Frame)


@dataclass(init=False, frozen=True, slots=True)
class Refusal(Value):
    """Why an action is illegal: the rule it breaks and a message saying what was wrong."""

    rule: Rule
    message: str

    def __init__(self, rule: Rule, message: str) -> None:
        self.rule = rule  # type: ignore[misc]
        self.message = message  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> Refusal:
        """A copy with ``changes`` (see :func:`~armata_rules.kernel.core.immutable.replace`), built by the
        constructor."""
        check_changes(Refusal, changes)
        return Refusal(changes.get("rule", self.rule), changes.get("message", self.message))


frozen_init(Refusal)


@mypyc_attr(allow_interpreted_subclasses=True)
class Handler(Generic[C, S, F]):
    """Base of frame handlers."""


@mypyc_attr(allow_interpreted_subclasses=True)
class DecisionHandler(Handler[C, S, F]):
    """A frame where players decide: candidates, a guard, an effect."""

    def candidates(self, ctx: C, state: S, frame: F) -> Iterable[Action]:
        """Every action worth checking at this frame (the guard filters them)."""
        raise NotImplementedError

    def guard(self, ctx: C, state: S, frame: F, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else why not."""
        raise NotImplementedError

    def apply(self, ctx: C, state: S, frame: F, action: Action) -> S:
        """The state after the (legal) ``action``."""
        raise NotImplementedError

    def legal(self, ctx: C, state: S, frame: F) -> list[Action]:
        """The legal actions: the candidates the guard lets through. A handler whose candidates are legal by
        construction may say so for speed; the state-machine tests apply (and so guard) every listed action."""
        return [a for a in self.candidates(ctx, state, frame) if self.guard(ctx, state, frame, a) is None]


@mypyc_attr(allow_interpreted_subclasses=True)
class ChanceHandler(Handler[C, S, F]):
    """A frame where chance decides: the outcomes with their probabilities, and their effect."""

    def outcomes(self, ctx: C, state: S, frame: F) -> list[tuple[ChanceOutcome, float]]:
        """Every outcome and its probability, in a stable order; probabilities sum to 1."""
        raise NotImplementedError

    def apply(self, ctx: C, state: S, frame: F, outcome: ChanceOutcome) -> S:
        """The state after ``outcome``."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class AutoHandler(Handler[C, S, F]):
    """A frame the engine runs at once."""

    def run(self, ctx: C, state: S, frame: F) -> S:
        """The state after running the frame (which the handler pops)."""
        raise NotImplementedError


class HandlerTable(Generic[C, S]):
    """One game's handlers: one instance per frame type. :attr:`by_frame` is the table itself, which dispatch
    reads."""

    def __init__(self) -> None:
        #: The handler of each frame type.
        self.by_frame: dict[type[Frame], Handler[C, S, Any]] = {}

    def __repr__(self) -> str:
        return f"HandlerTable({len(self.by_frame)} frame types)"

    def handles(self, frame_type: type[Frame], handler: type[Handler[C, S, Any]]) -> None:
        """Register one instance of ``handler`` as the handler of ``frame_type``; a second handler for one frame
        type is refused (the rule that runs would depend on import order). A plain call after each handler class,
        not a class decorator, so that the compiled build can compile the handlers as native classes."""
        if frame_type in self.by_frame:
            raise ValueError(f"two handlers for {frame_type.__name__}")
        self.by_frame[frame_type] = handler()

    def __getitem__(self, frame_type: type[Frame]) -> Handler[C, S, Any]:
        return self.by_frame[frame_type]
