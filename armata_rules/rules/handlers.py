"""How rules attach to frames: each frame type has one handler that lists, guards and applies its actions.

A *guard* returns ``None`` for a legal action or a :class:`Refusal` naming the rule it breaks and why; legal actions
are the candidates the guard lets through, so enumeration and validation can never disagree.

The machinery is the kernel's (:mod:`armata_rules.kernel.play.handlers`). Armata's handler bases below fix its
context and state types, and its handlers live in :data:`TABLE`; :data:`HANDLERS` is that table's dictionary.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from armata_rules.frames import Frame
from armata_rules.kernel.play.handlers import AutoHandler as KernelAutoHandler
from armata_rules.kernel.play.handlers import ChanceHandler as KernelChanceHandler
from armata_rules.kernel.play.handlers import DecisionHandler as KernelDecisionHandler
from armata_rules.kernel.play.handlers import Handler, HandlerTable, Refusal
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState

__all__ = [
    "HANDLERS",
    "TABLE",
    "AutoHandler",
    "ChanceHandler",
    "DecisionHandler",
    "Handler",
    "Refusal",
    "handles",
]

F = TypeVar("F", bound=Frame)


class DecisionHandler(KernelDecisionHandler[RulesContext, GameState, F]):
    """A frame where heroes decide: candidates, a guard, an effect (on Armata's context and state)."""


class ChanceHandler(KernelChanceHandler[RulesContext, GameState, F]):
    """A frame where chance decides: the outcomes with their probabilities, and their effect."""


class AutoHandler(KernelAutoHandler[RulesContext, GameState, F]):
    """A frame the engine runs at once."""


#: Armata's handlers, one per frame type.
TABLE: Final[HandlerTable[RulesContext, GameState]] = HandlerTable()

#: The handler of each of Armata's frame types (the table's own dictionary).
HANDLERS: Final[dict[type[Frame], Handler[RulesContext, GameState, Any]]] = TABLE.by_frame


def handles(frame_type: type[Frame], handler: type[Handler[RulesContext, GameState, Any]]) -> None:
    """Register one instance of ``handler`` as the handler of ``frame_type`` in Armata's table (each rule module
    calls this after each handler class: a plain call, not a class decorator, so that the opt-in mypyc build can
    compile the handlers as native classes)."""
    TABLE.handles(frame_type, handler)
