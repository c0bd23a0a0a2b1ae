"""The engine's inner loop: run automatic frames (and, in auto mode, chance) until a decision is due.

It lives with the rules, not in :mod:`armata_rules.engine`, so that the compiled build compiles it with them: every
``apply`` ends here. The public :class:`~armata_rules.engine.Game` stays Python and keeps its argument checks.
"""

from __future__ import annotations

from typing import Final

from armata_rules.actions import ChanceOutcome
from armata_rules.effects import strigoi_win
from armata_rules.errors import EngineInvariantError
from armata_rules.immutable import replace
from armata_rules.rules import HANDLERS
from armata_rules.rules.context import RulesContext
from armata_rules.rules.flow import log
from armata_rules.rules.handlers import AutoHandler, ChanceHandler
from armata_rules.rules.kernels import answer2
from armata_rules.state import Blood, GameState, Outcome

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_OUTCOME_STRIGOI_WIN: Final = Outcome.STRIGOI_WIN

__all__ = ["MAX_AUTOMATIC_STEPS", "pick", "settle", "uniform"]

#: More automatic steps than this without a decision is an engine fault (the termination proof says why).
MAX_AUTOMATIC_STEPS: Final = 100_000


def uniform(seed: int, counter: int) -> float:
    """A uniform number in [0, 1) from ``(seed, counter)``: splitmix64, identical on every platform."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return z / 2**64


def pick(seed: int, state: GameState, outcomes: list[tuple[ChanceOutcome, float]]) -> ChanceOutcome:
    """The outcome the seeded generator picks for the state's next chance event (``outcomes`` is not empty)."""
    u = uniform(seed, state.chance_count)
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if u < total:
            return outcome
    return outcomes[-1][0]


def settle(ctx: RulesContext, state: GameState, auto_chance: bool) -> GameState:
    """Run automatic frames (and, with ``auto_chance``, chance) until a decision is due or the game is over.

    Victory is checked whenever the blood counters may have changed: each step's state is checked unless its
    ``blood`` is the very object already found short of the inferno's limit (the check reads nothing else).
    """
    loss = ctx.inferno_loss
    checked: Blood | None = None
    for _ in range(MAX_AUTOMATIC_STEPS):
        if state.outcome is not None:
            return state
        if state.blood is not checked:
            if answer2(strigoi_win, state.blood.inferno, loss):  # the name a control may substitute
                return log(replace(state, outcome=_OUTCOME_STRIGOI_WIN), "the inferno is full: the Strigoi win")
            checked = state.blood
        if not state.frames:
            return state
        frame = state.frames[-1]
        handler = HANDLERS[type(frame)]
        if isinstance(handler, AutoHandler):  # the automatic frames (DecisionKind.AUTOMATIC)
            state = handler.run(ctx, state, frame)
        elif auto_chance and isinstance(handler, ChanceHandler):  # DecisionKind.CHANCE
            outcome = pick(ctx.seed, state, handler.outcomes(ctx, state, frame))
            state = replace(handler.apply(ctx, state, frame, outcome), chance_count=state.chance_count + 1)
        else:
            return state
    raise EngineInvariantError("the engine ran too many automatic steps without a decision")
