"""How rules attach to frames: each frame type has one handler that lists, guards and applies its actions.

A *guard* returns ``None`` for a legal action or a :class:`Refusal` naming the rule it breaks and why; legal actions
are the candidates the guard lets through, so enumeration and validation can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from armata_rules.actions import Action, ChanceOutcome
from armata_rules.frames import Frame
from armata_rules.immutable import Value, check_changes, frozen_init
from armata_rules.rules.context import RulesContext
from armata_rules.rules.registry import Rule
from armata_rules.state import GameState

__all__ = ["HANDLERS", "AutoHandler", "ChanceHandler", "DecisionHandler", "Handler", "Refusal", "handles"]

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
        """A copy with ``changes`` (see :func:`~armata_rules.immutable.replace`), built by the constructor."""
        check_changes(Refusal, changes)
        return Refusal(changes.get("rule", self.rule), changes.get("message", self.message))


frozen_init(Refusal)


class Handler(Generic[F]):
    """Base of frame handlers."""


class DecisionHandler(Handler[F]):
    """A frame where heroes decide: candidates, a guard, an effect."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: F) -> Iterable[Action]:
        """Every action worth checking at this frame (the guard filters them)."""
        raise NotImplementedError

    def guard(self, ctx: RulesContext, state: GameState, frame: F, action: Action) -> Refusal | None:
        """``None`` if ``action`` is legal now, else why not."""
        raise NotImplementedError

    def apply(self, ctx: RulesContext, state: GameState, frame: F, action: Action) -> GameState:
        """The state after the (legal) ``action``."""
        raise NotImplementedError

    def legal(self, ctx: RulesContext, state: GameState, frame: F) -> list[Action]:
        """The legal actions: the candidates the guard lets through. A handler whose candidates are legal by
        construction may say so for speed; the state-machine tests apply (and so guard) every listed action."""
        return [a for a in self.candidates(ctx, state, frame) if self.guard(ctx, state, frame, a) is None]


class ChanceHandler(Handler[F]):
    """A frame where chance decides: the outcomes with their probabilities, and their effect."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: F) -> list[tuple[ChanceOutcome, float]]:
        """Every outcome and its probability, in a stable order; probabilities sum to 1."""
        raise NotImplementedError

    def apply(self, ctx: RulesContext, state: GameState, frame: F, outcome: ChanceOutcome) -> GameState:
        """The state after ``outcome``."""
        raise NotImplementedError


class AutoHandler(Handler[F]):
    """A frame the engine runs at once."""

    def run(self, ctx: RulesContext, state: GameState, frame: F) -> GameState:
        """The state after running the frame (which the handler pops)."""
        raise NotImplementedError


HANDLERS: Final[dict[type[Frame], Handler[Any]]] = {}


def handles(frame_type: type[Frame], handler: type[Handler[Any]]) -> None:
    """Register one instance of ``handler`` as the handler of ``frame_type`` (each rule module calls this after
    each handler class: a plain call, not a class decorator, so that the opt-in mypyc build can compile the
    handlers as native classes)."""
    if frame_type in HANDLERS:
        raise ValueError(f"two handlers for {frame_type.__name__}")
    HANDLERS[frame_type] = handler()
