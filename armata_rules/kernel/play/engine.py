"""The engine of one game: list the legal actions of a state, apply one, resolve chance, read a saved state.

An :class:`Engine` binds a :class:`~armata_rules.kernel.play.game.GameDefinition` to a context (the fixed facts of
one game: seats, data, seed) and a chance mode. It is the public face of the kernel's loop
(:mod:`~armata_rules.kernel.play.dispatch`, :mod:`~armata_rules.kernel.play.settle`): it never mutates a state, it
refuses a malformed call with ``TypeError`` and an illegal action with
:class:`~armata_rules.kernel.play.registry.RuleViolation` naming the rule of the game's book it breaks, and it
resolves chance by the counter-based generator (``chance="auto"``) or leaves chance frames to the caller
(``chance="explicit"``). A game's own engine class (Armata's ``Game``) subclasses it and adds the way a game is set
up from a player's arguments; :func:`new_engine` does the same for any game through the definition's
:attr:`~armata_rules.kernel.play.game.GameDefinition.setup` hook.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, Generic, Literal, TypeVar

from armata_rules.kernel.core.errors import EngineInvariantError, expect
from armata_rules.kernel.play.actions import Action, ChanceOutcome
from armata_rules.kernel.play.dispatch import (
    apply_checked,
    apply_listed,
    chance_pairs,
    checked_state,
    listed_actions,
    top,
)
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.handlers import ChanceHandler, DecisionHandler, Handler
from armata_rules.kernel.play.registry import Rule, RuleViolation
from armata_rules.kernel.play.settle import pick, settle
from armata_rules.kernel.play.state import KernelState, StateFileError

__all__ = ["CHANCE_MODES", "ChanceMode", "Engine", "GameSetupError", "new_engine", "set_up"]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

ChanceMode = Literal["auto", "explicit"]
#: The chance modes, in the order the docs and errors list them.
CHANCE_MODES: tuple[ChanceMode, ...] = ("auto", "explicit")


class GameSetupError(ValueError):
    """The game cannot be created as asked (an argument of the wrong type or value); the message names it."""


class Engine(Generic[C, S]):
    """The operations on the states of one game of ``definition`` under ``ctx``."""

    def __init__(self, definition: GameDefinition[C, S], ctx: C, chance: ChanceMode = "auto") -> None:
        if not isinstance(chance, str) or chance not in CHANCE_MODES:
            raise GameSetupError(f"chance must be 'auto' or 'explicit'; got {chance!r:.40}")
        self.definition = definition
        self.ctx = ctx
        self.chance: ChanceMode = chance
        self._auto_chance = chance == "auto"
        # the rules that refuse an action once the game is over, or where chance decides: the game's own
        self._over_rule = _book_rule(definition, definition.over_rule, "over_rule")
        self._chance_rule = _book_rule(definition, definition.chance_rule, "chance_rule")
        # the key under which this engine's legal actions are kept on a state (a fresh object: no other engine
        # shares it, and a state keeps it alive as long as it keeps the list)
        self._legal_key: tuple[str, object] = ("legal_actions", object())

    @property
    def seed(self) -> int:
        """The seed of the chance events."""
        return self.ctx.seed

    def __repr__(self) -> str:
        return f"Engine({self.definition.id}, {self.ctx!r:.200}, chance={self.chance!r})"

    # ------------------------------------------------------------------------------------------ states
    def initial_state(self) -> S:
        """The state before the first decision: the game's initial state, its automatic steps run (and, with
        ``chance="auto"``, its chance events resolved)."""
        return self._settle(self.definition.initial_state(self.ctx))

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action now, in a stable order: at a chance frame, the chance outcomes; at the end of the
        game, none. ``TypeError`` if ``state`` is not a state of this game.

        The list is made once per state and kept on it (the state is immutable); each call returns a copy, so the
        kept list cannot change under a caller.
        """
        return list(listed_actions(self.definition, self.ctx, self._legal_key, state))

    def chance_outcomes(self, state: S) -> list[tuple[ChanceOutcome, float]]:
        """At a chance frame, each outcome with its probability; elsewhere an empty list. ``TypeError`` if ``state``
        is not a state of this game. Worked out once per state, as :meth:`legal_actions` (whose outcomes at a chance
        frame are these); each call returns a copy."""
        return list(chance_pairs(self.definition, self.ctx, self._legal_key, state))

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; :class:`~armata_rules.kernel.play.registry.RuleViolation` (input untouched)
        if the action is illegal now.

        ``TypeError`` if ``state`` is not a state of this game, ``action`` not an action, or a field of ``action``
        not exactly its annotated type: a malformed call is a programming error, not a move the rules refuse.
        """
        # an action that *is* one of the objects listed for this very state was built by the rules and let through
        # by the guard: it is neither type-checked nor guarded again
        new = apply_listed(self.definition, self.ctx, self._legal_key, self._auto_chance, state, action)
        if new is None:
            state = checked_state(self.definition, state)
            frame, handler = top(self.definition, state)
            allowed = self._allowed(state, frame, handler, action)
            new = apply_checked(self.definition, self.ctx, self._auto_chance, state, allowed)
        return new

    def _allowed(self, state: S, frame: Frame | None, handler: Handler[C, S, Any] | None, action: object) -> Action:
        """``action``, which the rules allow now; ``TypeError`` for a malformed action, ``RuleViolation`` for one the
        rules refuse now."""
        if not isinstance(action, Action):
            raise TypeError(f"not an action: {action!r:.80}")
        wrong = self.definition.actions.check(action)
        if wrong is not None:
            raise TypeError(wrong)
        if frame is None or handler is None:
            raise RuleViolation(self._over_rule, "the game is over: no action can be taken", action)
        if isinstance(handler, ChanceHandler):
            if action not in [outcome for outcome, _ in handler.outcomes(self.ctx, state, frame)]:
                raise RuleViolation(
                    self._chance_rule, f"chance decides now ({frame.to_act().decision}); {action} is not an outcome"
                )
            return action
        handler = expect(handler, DecisionHandler, "engine.apply")  # the guard admitted only this kind
        refusal = handler.guard(self.ctx, state, frame, action)
        if refusal is not None:
            raise RuleViolation(refusal.rule, refusal.message, action)
        return action

    def resolve_chance(self, state: S) -> S:
        """At a chance frame, apply the outcome the seeded generator picks; elsewhere return ``state``."""
        outcome = self.seeded_outcome(state)
        return state if outcome is None else self.apply(state, outcome)

    def seeded_outcome(self, state: S) -> ChanceOutcome | None:
        """At a chance frame, the outcome the seeded generator picks (what auto mode applies); elsewhere ``None``."""
        outcomes = self.chance_outcomes(state)
        return pick(self.seed, state, outcomes) if outcomes else None

    def seat_returns(self, state: S) -> tuple[float, ...]:
        """What each seat gets now (0 for each while the game goes on), by the definition's ``returns`` hook."""
        if self.definition.returns is None:
            raise NotImplementedError(f"game {self.definition.id} defines no returns")
        return self.definition.returns(self.ctx, state)

    def observation(self, state: S, player: int) -> object:
        """What the seat ``player`` may see of ``state``, by the definition's ``observe`` hook."""
        if self.definition.observe is None:
            raise NotImplementedError(f"game {self.definition.id} defines no observation")
        return self.definition.observe(self.ctx, state, player)

    def state_from_json(self, data: object, source: str = "<state>") -> S:
        """A state of this game from its JSON form, checked against the game: the state type's ``from_json``, then
        the definition's :attr:`~armata_rules.kernel.play.game.GameDefinition.check_state` (the game's invariants),
        then whether it can be played on.

        :class:`~armata_rules.kernel.play.state.StateFileError` (``SOURCE: KEY: PROBLEM``, one line) for a
        malformed state, one that breaks an invariant of the game, and one that cannot be played on or is live with
        no legal action. Nothing is trusted: a state this returns is played on by the rules like any other.
        """
        from_json = getattr(self.definition.state_type, "from_json", None)
        if from_json is None:
            raise NotImplementedError(f"game {self.definition.id}: its state type has no from_json")
        state = checked_state(self.definition, from_json(data, source))
        if self.definition.check_state is not None:
            self.definition.check_state(self.ctx, state, source)
        try:
            actions = self.legal_actions(state)
        except (LookupError, ValueError, TypeError, AttributeError, EngineInvariantError) as err:
            problem = f"the state cannot be played on ({type(err).__name__}: {str(err)[:200]})"
            raise StateFileError(source, "frames", problem) from None
        if not actions and state.outcome is None:
            decision = state.frames[-1].to_act().decision if state.frames else "(no frame)"
            raise StateFileError(source, "frames", f"no legal action at {decision}, yet the game is not over")
        return state

    def _settle(self, state: S) -> S:
        """Run automatic frames (and, with ``chance="auto"``, chance) until a decision is due or the game is over."""
        return settle(self.definition, self.ctx, state, self._auto_chance)

    def setup_json(self) -> Mapping[str, object]:
        """The arguments that set this game up again (the definition's ``setup_json`` hook): what a game record
        keeps besides the chance mode and the actions."""
        if self.definition.setup_json is None:
            raise NotImplementedError(f"game {self.definition.id} cannot write its setup")
        return self.definition.setup_json(self.ctx)


def new_engine(definition: GameDefinition[C, S], chance: ChanceMode = "auto", **arguments: object) -> Engine[C, S]:
    """An engine for a new game of ``definition``, set up from ``arguments`` (:func:`set_up`)."""
    return Engine(definition, set_up(definition, arguments), chance)


def set_up(definition: GameDefinition[C, S], arguments: Mapping[str, object]) -> C:
    """The context of a game of ``definition`` set up from ``arguments`` by its
    :attr:`~armata_rules.kernel.play.game.GameDefinition.setup` hook. :class:`GameSetupError`, in one line naming the
    game, for an argument the hook does not take (with the ones it takes) or one it needs and did not get, before the
    hook runs; the hook itself refuses a wrong value the same way."""
    setup = definition.setup
    if setup is None:
        raise GameSetupError(f"game {definition.id} defines no setup from arguments")
    takes, needs, any_name = _setup_parameters(setup)
    unknown = sorted(name for name in arguments if name not in takes) if not any_name else []
    if unknown:
        names = ", ".join(repr(name)[:40] for name in unknown)
        raise GameSetupError(f"game {definition.id}: no setup argument {names}; it takes {', '.join(takes) or 'none'}")
    missing = [name for name in needs if name not in arguments]
    if missing:
        raise GameSetupError(f"game {definition.id}: the setup needs {', '.join(missing)}")
    return setup(**arguments)


_SETUP_PARAMETERS: dict[Callable[..., Any], tuple[tuple[str, ...], tuple[str, ...], bool]] = {}


def _setup_parameters(setup: Callable[..., Any]) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The keyword arguments a setup hook takes, those it needs (no default), and whether it takes any name
    (``**kwargs``): read from its signature once per hook."""
    found = _SETUP_PARAMETERS.get(setup)
    if found is None:
        parameters = inspect.signature(setup).parameters.values()
        keywords = [p for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        found = _SETUP_PARAMETERS[setup] = (
            tuple(p.name for p in keywords),
            tuple(p.name for p in keywords if p.default is p.empty),
            any(p.kind is p.VAR_KEYWORD for p in parameters),
        )
    return found


def _book_rule(definition: GameDefinition[Any, Any], rule_id: str, field: str) -> Rule:
    """The rule ``rule_id`` of the game's book, which its :attr:`field` names; ``ValueError`` if the book lacks it."""
    found = definition.rules.rules.get(rule_id)
    if found is None:
        raise ValueError(f"game {definition.id}: {field} {rule_id!r} is not a rule of its book")
    return found
