"""The engine's inner loop: run automatic frames (and, in auto mode, chance) until a decision is due or the game
is over, asking the game's end test before every step; and the pick of a chance outcome by the seeded generator
(:mod:`~armata_rules.kernel.play.chance_draw`, which stays interpreted).

It is compiled with the rules in the compiled build: every ``apply`` ends here.
"""

from __future__ import annotations

from typing import Final, TypeVar

from armata_rules.kernel.core.errors import EngineInvariantError
from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import ChanceOutcome
from armata_rules.kernel.play.chance_draw import uniform
from armata_rules.kernel.play.flow import log
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.handlers import AutoHandler, ChanceHandler
from armata_rules.kernel.play.state import KernelState

__all__ = ["MAX_AUTOMATIC_STEPS", "pick", "settle", "uniform"]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

#: More automatic steps than this without a decision is an engine fault (a game's termination proof says why).
MAX_AUTOMATIC_STEPS: Final = 100_000

#: No part of a state has been checked yet (no state part is this object).
_UNCHECKED: Final = object()


def pick(seed: int, state: KernelState, outcomes: list[tuple[ChanceOutcome, float]]) -> ChanceOutcome:
    """The outcome the seeded generator picks for the state's next chance event (``outcomes`` is not empty)."""
    u = uniform(seed, state.chance_count)
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if u < total:
            return outcome
    return outcomes[-1][0]


def settle(game: GameDefinition[C, S], ctx: C, state: S, auto_chance: bool) -> S:
    """Run automatic frames (and, with ``auto_chance``, chance) until a decision is due or the game is over.

    The game's end test (:attr:`~armata_rules.kernel.play.game.GameDefinition.terminal`) is asked before every
    step (unless the part of the state it reads is the very object it last found short of an ending): when it finds
    an ending, the state takes its outcome and the history its line, and nothing more runs.
    """
    handlers = game.handlers.by_frame
    terminal = game.terminal
    reads = game.terminal_reads
    checked: object = _UNCHECKED  # the part of the state the end test last found short of an ending
    for _ in range(MAX_AUTOMATIC_STEPS):
        if state.outcome is not None:
            return state
        if reads is None:
            ending = terminal(ctx, state)
        else:
            part = reads(state)
            ending = None
            if part is not checked:
                ending = terminal(ctx, state)
                checked = part
        if ending is not None:
            return log(replace(state, outcome=ending.outcome), ending.text)
        if not state.frames:
            return state
        frame = state.frames[-1]
        handler = handlers[type(frame)]
        if isinstance(handler, AutoHandler):  # the automatic frames (DecisionKind.AUTOMATIC)
            state = handler.run(ctx, state, frame)
        elif auto_chance and isinstance(handler, ChanceHandler):  # DecisionKind.CHANCE
            outcome = pick(ctx.seed, state, handler.outcomes(ctx, state, frame))
            state = replace(handler.apply(ctx, state, frame, outcome), chance_count=state.chance_count + 1)
        else:
            return state
    raise EngineInvariantError("the engine ran too many automatic steps without a decision")
