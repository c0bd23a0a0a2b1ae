"""The engine's hot path: list a state's legal actions once, and apply one of them, in the compiled build too.

A game's engine stays Python (it refuses a malformed or illegal action with the rule it breaks) and calls in here
for the work of each decision: the frame lookup, the cache of listed actions, the identity check, the settling and
the game's "as soon as" rules.

An action that *is* one of the objects listed for a state was built by the rules and let through by their guard, so
:func:`apply_listed` applies it without type checks or guarding again; any other action goes back to the engine,
which checks it (:func:`refusal` says why the rules refuse one) and, if the rules allow it, applies it with
:func:`apply_checked`.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from armata_rules.kernel.core.errors import EngineInvariantError, expect
from armata_rules.kernel.core.immutable import memo, replace
from armata_rules.kernel.play.actions import Action, ChanceOutcome
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.handlers import ChanceHandler, DecisionHandler, Handler, Refusal
from armata_rules.kernel.play.settle import settle
from armata_rules.kernel.play.state import KernelState

__all__ = ["apply_checked", "apply_listed", "chance_pairs", "checked_state", "listed_actions", "refusal", "top"]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)


def checked_state(game: GameDefinition[C, S], state: object) -> S:
    """``state`` as a state of ``game``; ``TypeError`` naming what it is otherwise."""
    if not isinstance(state, game.state_type):
        raise TypeError(f"not a {game.state_type.__name__}: {type(state).__name__}")
    return state


def top(game: GameDefinition[C, S], state: S) -> tuple[Frame | None, Handler[C, S, Any] | None]:
    """The frame to resolve now and its handler; ``(None, None)`` once the game is over."""
    if state.outcome is not None or not state.frames:
        return None, None
    frame = state.frames[-1]
    return frame, game.handlers.by_frame[type(frame)]


def listed_actions(game: GameDefinition[C, S], ctx: C, key: object, state: object) -> list[Action]:
    """The legal actions of ``state``, listed once and kept on the state under ``key`` (the state is immutable, and
    the key is the caller's own, so no other engine reads the list). The caller must not change the list."""
    state = checked_state(game, state)
    # the definition checked that its states are Memos (a Protocol cannot say so); compiled, the call checks it
    # again, and interpreted a cast() would be one more call a decision
    cache = memo(state)  # type: ignore[arg-type]
    found: list[Action] | None = cache.get(key)
    if found is not None:
        return found
    frame, handler = top(game, state)
    if frame is None or handler is None:
        found = []
    elif isinstance(handler, ChanceHandler):
        found = [outcome for outcome, _ in chance_pairs(game, ctx, key, state)]
    else:
        handler = expect(handler, DecisionHandler, "dispatch.listed_actions")  # the only other kind with actions
        found = handler.legal(ctx, state, frame)
    cache[key] = found
    return found


#: The second half of the key under which a state keeps its chance outcomes with their probabilities: the first
#: half is the caller's key of its listed actions (:func:`chance_pairs`).
_CHANCE_PAIRS: Final = "chance outcomes"


def chance_pairs(game: GameDefinition[C, S], ctx: C, key: object, state: object) -> list[tuple[ChanceOutcome, float]]:
    """At a chance frame, each outcome with its probability; elsewhere an empty list. Worked out once and kept on
    the state under ``(key, "chance outcomes")``, which :func:`listed_actions` reads too: an OpenSpiel chance node
    asks for the probabilities and then applies one of the listed outcomes, and each asked the frame's handler. The
    caller must not change the list."""
    state = checked_state(game, state)
    cache = memo(state)  # type: ignore[arg-type]  # a Memo (see listed_actions)
    pairs_key = (key, _CHANCE_PAIRS)
    found: list[tuple[ChanceOutcome, float]] | None = cache.get(pairs_key)
    if found is None:
        frame, handler = top(game, state)
        found = [] if frame is None or not isinstance(handler, ChanceHandler) else handler.outcomes(ctx, state, frame)
        cache[pairs_key] = found
    return found


def apply_listed(
    game: GameDefinition[C, S], ctx: C, key: object, auto_chance: bool, state: object, action: object
) -> S | None:
    """The state after ``action`` if it is one of the very objects listed for ``state`` under ``key``, else ``None``
    (the engine then checks the action itself)."""
    state = checked_state(game, state)
    listed: list[Action] | None = memo(state).get(key)  # type: ignore[arg-type]  # a Memo (see listed_actions)
    if listed is None:
        return None
    for candidate in listed:
        if candidate is action:
            return apply_checked(game, ctx, auto_chance, state, candidate)
    return None


def refusal(game: GameDefinition[C, S], ctx: C, state: S, action: Action) -> Refusal | None:
    """Why the rules refuse ``action`` at the decision due now, by the guard of its frame; ``None`` if they allow
    it. Only for a decision frame: once the game is over, or where chance decides, the engine refuses an action
    by the game's own rules (``EngineInvariantError`` here)."""
    frame, handler = top(game, state)
    if frame is None or handler is None or not isinstance(handler, DecisionHandler):
        raise EngineInvariantError("dispatch.refusal: no decision is due (the game is over, or chance decides)")
    return handler.guard(ctx, state, frame, action)


def apply_checked(game: GameDefinition[C, S], ctx: C, auto_chance: bool, state: S, action: Action) -> S:
    """The state after ``action``, which the rules allow now (listed, or checked by the engine): the decision or
    chance outcome, then the automatic frames after it, then the game's "as soon as" rules."""
    frame, handler = top(game, state)
    if frame is None or handler is None:  # the game is over: no action is allowed, so none gets here
        raise EngineInvariantError("dispatch: an action was let through after the game ended")
    new: S  # the handler kinds narrow to their Any-typed forms: the state type is the game's
    if isinstance(handler, ChanceHandler):
        outcome = expect(action, ChanceOutcome, "dispatch.apply_checked")  # chance frames list only outcomes
        new = handler.apply(ctx, state, frame, outcome)
        new = replace(new, chance_count=new.chance_count + 1)
    else:
        handler = expect(handler, DecisionHandler, "dispatch.apply_checked")  # the only other kind with actions
        new = handler.apply(ctx, state, frame, action)
    new = settle(game, ctx, new, auto_chance)
    for trigger in game.triggers:
        new = trigger(ctx, state, new)
    return new
