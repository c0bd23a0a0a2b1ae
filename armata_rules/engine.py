"""The engine: create a game, list legal actions, apply one, resolve chance, observe.

>>> from armata_rules import Game, editions
>>> game = Game.new(heroes=["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=7)
>>> state = game.initial_state()
>>> state.to_act.decision
'place_ladder'
>>> state = game.apply(state, game.legal_actions(state)[0])

``apply`` never mutates its input: it returns a new state, or raises :class:`RuleViolation` naming the rule an
illegal action breaks. With ``chance="auto"`` (the default) chance events are resolved by a generator seeded with the
game's seed and the number of chance events so far, so the same seed and the same actions give the same state hash.
With ``chance="explicit"`` the state stops at chance frames; :meth:`Game.chance_outcomes` lists the outcomes with their
probabilities and any of them can be applied like an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from armata_rules import editions
from armata_rules.actions import Action, ChanceOutcome
from armata_rules.board.fortress import Fortress
from armata_rules.board.layout import Layout
from armata_rules.board.loader import default_layout
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack, default_pack
from armata_rules.effects import strigoi_win
from armata_rules.frames import Frame
from armata_rules.immutable import replace
from armata_rules.observation import Observation, observe
from armata_rules.rules import HANDLERS
from armata_rules.rules.context import RulesContext
from armata_rules.rules.flow import log
from armata_rules.rules.handlers import AutoHandler, ChanceHandler, DecisionHandler, Handler
from armata_rules.rules.registry import RuleViolation, rule
from armata_rules.rules.setup import initial_state as setup_state
from armata_rules.state import Blood, GameState, Outcome
from armata_rules.variants import Ruleset

__all__ = ["ChanceMode", "Game", "GameSetupError", "RuleViolation"]

ChanceMode = Literal["auto", "explicit"]

GAME_OVER = rule(
    "game.over",
    "The game ends at once when a side wins",
    ("peg19.en:936", "peg19.en:945", "sb19.en:493", "sb19.en:502"),
    "When the inferno holds the table's number of blood points for the player count the Strigoi win at once; "
    "when the Supreme Strigoi is defeated the pack wins. No decision follows.",
)

CHANCE = rule(
    "game.chance",
    "Chance decides draws and random placements",
    ("peg19.en:714", "peg19.en:724", "peg19.en:726", "sb19.en:280", "sb19.en:281"),
    "Shuffled stacks are drawn from at random: each draw is a chance event over the items left, each equally "
    "likely, which is the same as drawing from a stack shuffled once.",
)

HIDDEN_INFORMATION = rule(
    "game.hidden_information",
    "Players keep their cards to themselves",
    ("peg19.en:704", "peg19.en:744", "peg19.de:153", "peg19.fr:1837", "sb19.en:259"),
    "A hero's observation shows other heroes' hands and discard piles only by their size, a card chosen in "
    "Phase 1 only once all are revealed, and of every stack only its size and any token left face up.",
)

_MAX_AUTOMATIC_STEPS = 100_000


class GameSetupError(ValueError):
    """The game cannot be created as asked (hero count, unknown or repeated hero)."""


def _mix(seed: int, counter: int) -> float:
    """A uniform number in [0, 1) from ``(seed, counter)``: splitmix64, identical on every platform."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    z ^= z >> 31
    return z / 2**64


class Game:
    """A game's fixed facts (ruleset, data pack, fortress, heroes, seed) and the operations on its states."""

    def __init__(self, ctx: RulesContext, chance: ChanceMode = "auto") -> None:
        if chance not in ("auto", "explicit"):
            raise GameSetupError(f"chance must be 'auto' or 'explicit'; got {chance!r}")
        self.ctx = ctx
        self.chance: ChanceMode = chance

    @classmethod
    def new(
        cls,
        heroes: Sequence[str | Hero],
        *,
        ruleset: Ruleset = editions.PEG19_EN,
        seed: int = 0,
        pack: DataPack | None = None,
        layout: Layout | None = None,
        chance: ChanceMode = "auto",
    ) -> Game:
        """A new game for 2–5 distinct heroes, seated in the order given."""
        try:
            chosen = tuple(h if isinstance(h, Hero) else Hero.parse(h) for h in heroes)
        except ValueError as err:
            raise GameSetupError(str(err)) from None
        if not 2 <= len(chosen) <= 5:
            raise GameSetupError(f"a game has 2 to 5 heroes (peg19.en:884); got {len(chosen)}")
        if len(set(chosen)) != len(chosen):
            raise GameSetupError("each player chooses a different Powerwolf (peg19.en:718)")
        fortress = Fortress.of(layout or default_layout())
        return cls(RulesContext(ruleset, pack or default_pack(), fortress, chosen, seed), chance)

    # ------------------------------------------------------------------------------------------ facts
    @property
    def ruleset(self) -> Ruleset:
        """The readings this game follows."""
        return self.ctx.ruleset

    @property
    def fortress(self) -> Fortress:
        """The compiled layout."""
        return self.ctx.fortress

    @property
    def pack(self) -> DataPack:
        """The components."""
        return self.ctx.pack

    @property
    def heroes(self) -> tuple[Hero, ...]:
        """The heroes in seat order."""
        return self.ctx.heroes

    @property
    def seed(self) -> int:
        """The seed of the chance events."""
        return self.ctx.seed

    # ------------------------------------------------------------------------------------------ states
    def initial_state(self) -> GameState:
        """The state after the components are set out: the first hero places a ladder tile."""
        return self._settle(setup_state(self.ctx))

    def legal_actions(self, state: GameState) -> list[Action]:
        """Every legal action now, in a stable order: for a simultaneous decision, those of every hero still to
        decide; at a chance frame, the chance outcomes; at the end of the game, none."""
        frame, handler = self._top(state)
        if frame is None or handler is None:
            return []
        if isinstance(handler, ChanceHandler):
            return [outcome for outcome, _ in handler.outcomes(self.ctx, state, frame)]
        assert isinstance(handler, DecisionHandler)
        return handler.legal(self.ctx, state, frame)

    def chance_outcomes(self, state: GameState) -> list[tuple[ChanceOutcome, float]]:
        """At a chance frame, each outcome with its probability; elsewhere an empty list."""
        frame, handler = self._top(state)
        if frame is None or not isinstance(handler, ChanceHandler):
            return []
        return handler.outcomes(self.ctx, state, frame)

    def apply(self, state: GameState, action: Action) -> GameState:
        """The state after ``action``; ``RuleViolation`` (input untouched) if the action is illegal now."""
        if not isinstance(action, Action):
            raise TypeError(f"not an action: {action!r}")
        frame, handler = self._top(state)
        if frame is None or handler is None:
            raise RuleViolation(GAME_OVER, "the game is over: no action can be taken", action)
        if isinstance(handler, ChanceHandler):
            outcomes = [outcome for outcome, _ in handler.outcomes(self.ctx, state, frame)]
            if action not in outcomes:
                raise RuleViolation(
                    CHANCE, f"chance decides now ({frame.to_act().decision}); {action} is not an outcome"
                )
            new = handler.apply(self.ctx, state, frame, action)
            new = replace(new, chance_count=new.chance_count + 1)
        else:
            assert isinstance(handler, DecisionHandler)
            refusal = handler.guard(self.ctx, state, frame, action)
            if refusal is not None:
                raise RuleViolation(refusal.rule, refusal.message, action)
            new = handler.apply(self.ctx, state, frame, action)
        return self._settle(new)

    def resolve_chance(self, state: GameState) -> GameState:
        """At a chance frame, apply the outcome the seeded generator picks; elsewhere return ``state``."""
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            return state
        return self.apply(state, self._pick(state, outcomes))

    def observation(self, state: GameState, player: int) -> Observation:
        """What the hero in seat ``player`` may see: other hands, face-down choices and stacks hidden."""
        return observe(self.ctx, state, player)

    def returns(self, state: GameState) -> float:
        """1 if the pack won, -1 if the Strigoi won, 0 while the game goes on (the pack plays as one team)."""
        return {Outcome.POWERWOLF_WIN: 1.0, Outcome.STRIGOI_WIN: -1.0, None: 0.0}[state.outcome]

    # ------------------------------------------------------------------------------------------ internals
    def _top(self, state: GameState) -> tuple[Frame | None, Handler[Any] | None]:
        if state.outcome is not None or not state.frames:
            return None, None
        frame = state.frames[-1]
        return frame, HANDLERS[type(frame)]

    def _pick(self, state: GameState, outcomes: list[tuple[ChanceOutcome, float]]) -> ChanceOutcome:
        u = _mix(self.seed, state.chance_count)
        total = 0.0
        for outcome, probability in outcomes:
            total += probability
            if u < total:
                return outcome
        return outcomes[-1][0]

    def _settle(self, state: GameState) -> GameState:
        """Run automatic frames (and, in auto mode, chance) until a decision is due or the game is over.

        Victory is checked whenever the blood counters may have changed: each step's state is checked unless its
        ``blood`` is the very object already found short of the inferno's limit (the check reads nothing else).
        """
        loss = self.ctx.inferno_loss
        auto_chance = self.chance == "auto"
        checked: Blood | None = None
        for _ in range(_MAX_AUTOMATIC_STEPS):
            if state.outcome is not None:
                return state
            if state.blood is not checked:
                if strigoi_win(state.blood.inferno, loss):
                    return log(replace(state, outcome=Outcome.STRIGOI_WIN), "the inferno is full: the Strigoi win")
                checked = state.blood
            if not state.frames:
                return state
            frame = state.frames[-1]
            handler = HANDLERS[type(frame)]
            if isinstance(handler, AutoHandler):  # the automatic frames (DecisionKind.AUTOMATIC)
                state = handler.run(self.ctx, state, frame)
            elif auto_chance and isinstance(handler, ChanceHandler):  # DecisionKind.CHANCE
                outcome = self._pick(state, handler.outcomes(self.ctx, state, frame))
                state = replace(handler.apply(self.ctx, state, frame, outcome), chance_count=state.chance_count + 1)
            else:
                return state
        raise AssertionError("the engine ran too many automatic steps without a decision")

    def _check_victory(self, state: GameState) -> GameState:
        if state.outcome is None and strigoi_win(state.blood.inferno, self.ctx.inferno_loss):
            return log(replace(state, outcome=Outcome.STRIGOI_WIN), "the inferno is full: the Strigoi win")
        return state
