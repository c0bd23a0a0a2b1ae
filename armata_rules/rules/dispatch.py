"""The engine's hot path: list a state's legal actions once, and apply one of them, in the compiled build too.

:class:`~armata_rules.engine.Game` stays Python (it refuses a malformed or illegal action with the rule it breaks),
and calls in here for the work of each decision: interpreted, the frame lookup, the cache of listed actions, the
identity check and the settling were half a dozen Python calls a decision.

An action that *is* one of the objects listed for a state was built by the rules and let through by their guard, so
:func:`apply_listed` applies it without type checks or guarding again; any other action goes back to the engine,
which checks it and, if the rules allow it, applies it with :func:`apply_checked`.
"""

from __future__ import annotations

from typing import Any

from armata_rules.actions import Action, ChanceOutcome
from armata_rules.errors import EngineInvariantError, expect
from armata_rules.frames import Frame
from armata_rules.immutable import memo, replace
from armata_rules.rules import HANDLERS
from armata_rules.rules.awards import follow_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.handlers import ChanceHandler, DecisionHandler, Handler
from armata_rules.rules.settle import settle
from armata_rules.state import GameState

__all__ = ["apply_checked", "apply_listed", "checked_state", "listed_actions", "top"]


def checked_state(state: object) -> GameState:
    """``state`` as a game state; ``TypeError`` naming what it is otherwise."""
    if not isinstance(state, GameState):
        raise TypeError(f"not a GameState: {type(state).__name__}")
    return state


def top(state: GameState) -> tuple[Frame | None, Handler[Any] | None]:
    """The frame to resolve now and its handler; ``(None, None)`` once the game is over."""
    if state.outcome is not None or not state.frames:
        return None, None
    frame = state.frames[-1]
    return frame, HANDLERS[type(frame)]


def listed_actions(ctx: RulesContext, key: object, state: object) -> list[Action]:
    """The legal actions of ``state``, listed once and kept on the state under ``key`` (the state is immutable, and
    the key is the game's own, so no other game reads the list). The caller must not change the list."""
    state = checked_state(state)
    cache = memo(state)
    found: list[Action] | None = cache.get(key)
    if found is not None:
        return found
    frame, handler = top(state)
    if frame is None or handler is None:
        found = []
    elif isinstance(handler, ChanceHandler):
        found = [outcome for outcome, _ in handler.outcomes(ctx, state, frame)]
    else:
        handler = expect(handler, DecisionHandler, "rules.dispatch.listed_actions")  # the only other kind with actions
        found = handler.legal(ctx, state, frame)
    cache[key] = found
    return found


def apply_listed(ctx: RulesContext, key: object, auto_chance: bool, state: object, action: object) -> GameState | None:
    """The state after ``action`` if it is one of the very objects listed for ``state`` under ``key``, else ``None``
    (the engine then checks the action itself)."""
    state = checked_state(state)
    listed: list[Action] | None = memo(state).get(key)
    if listed is None:
        return None
    for candidate in listed:
        if candidate is action:
            return apply_checked(ctx, auto_chance, state, candidate)
    return None


def apply_checked(ctx: RulesContext, auto_chance: bool, state: GameState, action: Action) -> GameState:
    """The state after ``action``, which the rules allow now (listed, or checked by the engine): the decision or
    chance outcome, then the automatic frames after it, then the Nighttime Rebel's move."""
    frame, handler = top(state)
    if frame is None or handler is None:  # the game is over: no action is allowed, so none gets here
        raise EngineInvariantError("rules.dispatch: an action was let through after the game ended")
    if isinstance(handler, ChanceHandler):
        outcome = expect(action, ChanceOutcome, "rules.dispatch.apply_checked")  # chance frames list only outcomes
        new = handler.apply(ctx, state, frame, outcome)
        new = replace(new, chance_count=new.chance_count + 1)
    else:
        handler = expect(handler, DecisionHandler, "rules.dispatch.apply_checked")  # the only other kind with actions
        new = handler.apply(ctx, state, frame, action)
    # the Rebel follows a third reward card "as soon as" it is drawn, whatever rule drew it
    return follow_rebel(ctx, state, settle(ctx, new, auto_chance))
