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
from armata_rules.actions import Action, ChanceOutcome, check_action_types
from armata_rules.board.fortress import Fortress
from armata_rules.board.layout import Layout
from armata_rules.board.loader import default_layout
from armata_rules.board.placement import legal_ladder_sites
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack, default_pack
from armata_rules.errors import EngineInvariantError, expect
from armata_rules.frames import Frame
from armata_rules.game import ARMATA
from armata_rules.kernel.play.dispatch import apply_checked, apply_listed, checked_state, listed_actions, top
from armata_rules.kernel.play.settle import pick, settle
from armata_rules.observation import Observation, observe
from armata_rules.rules.consistency import check_consistent
from armata_rules.rules.context import RulesContext
from armata_rules.rules.handlers import ChanceHandler, DecisionHandler, Handler
from armata_rules.rules.registry import RuleViolation, rule
from armata_rules.rules.setup import initial_state as setup_state
from armata_rules.state import GameState, Outcome, StateFileError
from armata_rules.variants import Ruleset

__all__ = ["ChanceMode", "Game", "GameSetupError", "RuleViolation", "edition_ruleset"]

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


class GameSetupError(ValueError):
    """The game cannot be created as asked (an argument of the wrong type, hero count, unknown or repeated hero)."""


def edition_ruleset(ruleset: Ruleset | str) -> Ruleset:
    """``ruleset`` itself, or the edition preset it names (``"peg19.de"``, case-insensitive, as the CLI and the
    OpenSpiel game take it); ``GameSetupError`` listing the editions for a name that is none of them."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    try:
        return editions.by_name(ruleset)
    except ValueError:
        names = ", ".join(preset.name for preset in editions.ALL)
        raise GameSetupError(f"ruleset {ruleset!r:.40} is not an edition; editions: {names}") from None


def _check_setup_types(
    heroes: object, ruleset: object, seed: object, pack: object, layout: object, chance: object
) -> None:
    """Refuse arguments of the wrong type before anything is built (``Game.new``)."""
    if isinstance(heroes, (str, bytes)) or not isinstance(heroes, Sequence):
        raise GameSetupError(f"heroes must be a list of hero names or Hero values; got {type(heroes).__name__}")
    for i, hero in enumerate(heroes):
        if not isinstance(hero, (str, Hero)):
            raise GameSetupError(f"heroes[{i}] must be a hero name or a Hero; got {type(hero).__name__}")
    if not isinstance(ruleset, (Ruleset, str)):
        raise GameSetupError(
            f"ruleset must be a Ruleset or an edition name (see armata_rules.editions); got {type(ruleset).__name__}"
        )
    if type(seed) is not int:
        raise GameSetupError(f"seed must be an int (not a bool); got {type(seed).__name__}")
    if pack is not None and not isinstance(pack, DataPack):
        raise GameSetupError(f"pack must be a DataPack (see load_pack) or None; got {type(pack).__name__}")
    if layout is not None and not isinstance(layout, Layout):
        raise GameSetupError(f"layout must be a Layout (see load_layout) or None; got {type(layout).__name__}")
    if not isinstance(chance, str) or chance not in ("auto", "explicit"):
        raise GameSetupError(f"chance must be 'auto' or 'explicit'; got {chance!r:.40}")


class Game:
    """A game's fixed facts (ruleset, data pack, fortress, heroes, seed) and the operations on its states."""

    def __init__(self, ctx: RulesContext, chance: ChanceMode = "auto") -> None:
        if chance not in ("auto", "explicit"):
            raise GameSetupError(f"chance must be 'auto' or 'explicit'; got {chance!r}")
        self.ctx = ctx
        self.chance: ChanceMode = chance
        self._auto_chance = chance == "auto"
        # the key under which this game's legal actions are kept on a state (a fresh object: no other game shares
        # it, and a state keeps it alive as long as it keeps the list)
        self._legal_key: tuple[str, object] = ("legal_actions", object())

    @classmethod
    def new(
        cls,
        heroes: Sequence[str | Hero],
        *,
        ruleset: Ruleset | str = editions.PEG19_EN,
        seed: int = 0,
        pack: DataPack | None = None,
        layout: Layout | None = None,
        chance: ChanceMode = "auto",
    ) -> Game:
        """A new game for 2–5 distinct heroes, seated in the order given, under ``ruleset``: a
        :class:`~armata_rules.variants.Ruleset` or the name of an edition preset (``"peg19.de"``).

        ``GameSetupError`` names the argument when one has the wrong type (heroes not a sequence of names or
        :class:`Hero`, a seed that is not an ``int`` or is a ``bool``, ...) or the game cannot be set up.
        """
        _check_setup_types(heroes, ruleset, seed, pack, layout, chance)
        ruleset = edition_ruleset(ruleset)
        try:
            chosen = tuple(h if isinstance(h, Hero) else Hero.parse(h) for h in heroes)
        except ValueError as err:
            raise GameSetupError(str(err)) from None
        if not 2 <= len(chosen) <= 5:
            raise GameSetupError(f"a game has 2 to 5 heroes (peg19.en:884); got {len(chosen)}")
        if len(set(chosen)) != len(chosen):
            raise GameSetupError("each player chooses a different Powerwolf (peg19.en:718)")
        fortress = Fortress.of(layout or default_layout())
        sites = legal_ladder_sites(fortress, fortress.initial_state(), ruleset.ladder_placement)
        if len(sites) < len(chosen):
            raise GameSetupError(
                f"layout {fortress.layout.name!r} allows {len(sites)} ladder sites under reading "
                f"{ruleset.ladder_placement.value}: too few for {len(chosen)} heroes to start (peg19.en:716-718)"
            )
        return cls(RulesContext(ruleset, pack or default_pack(), fortress, chosen, seed), chance)

    def __repr__(self) -> str:
        """The facts that tell two games apart: ruleset, heroes in seat order, seed, pack, layout, chance mode."""
        heroes = ", ".join(repr(hero.value) for hero in self.heroes)
        return (
            f"Game(ruleset={self.ruleset.name!r}, heroes=({heroes}), seed={self.seed}, pack={self.pack.id!r}, "
            f"layout={self.fortress.layout.name!r}, chance={self.chance!r})"
        )

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
        decide; at a chance frame, the chance outcomes; at the end of the game, none. ``TypeError`` if ``state`` is
        not a :class:`GameState`.

        The list is made once per state and kept on it (the state is immutable); each call returns a copy, so the
        kept list cannot change under a caller.
        """
        return list(listed_actions(ARMATA, self.ctx, self._legal_key, state))

    def chance_outcomes(self, state: GameState) -> list[tuple[ChanceOutcome, float]]:
        """At a chance frame, each outcome with its probability; elsewhere an empty list."""
        frame, handler = top(ARMATA, checked_state(ARMATA, state))
        if frame is None or not isinstance(handler, ChanceHandler):
            return []
        return handler.outcomes(self.ctx, state, frame)

    def apply(self, state: GameState, action: Action) -> GameState:
        """The state after ``action``; ``RuleViolation`` (input untouched) if the action is illegal now.

        ``TypeError`` if ``state`` is not a :class:`GameState`, ``action`` not an action, or a field of ``action``
        not exactly its annotated type (``AttackStrigoi(0, True, "melee")``, a float seat): a malformed call is a
        programming error, not a move the rules refuse.
        """
        # an action that *is* one of the objects listed for this very state was built by the rules and let through
        # by the guard: it is neither type-checked nor guarded again
        new = apply_listed(ARMATA, self.ctx, self._legal_key, self._auto_chance, state, action)
        if new is None:
            state = checked_state(ARMATA, state)
            frame, handler = top(ARMATA, state)
            new = apply_checked(
                ARMATA, self.ctx, self._auto_chance, state, self._allowed(state, frame, handler, action)
            )
        return new

    def _allowed(
        self,
        state: GameState,
        frame: Frame | None,
        handler: Handler[RulesContext, GameState, Any] | None,
        action: object,
    ) -> Action:
        """``action``, which the rules allow now; ``TypeError`` for a malformed action, ``RuleViolation`` for one the
        rules refuse now."""
        if not isinstance(action, Action):
            raise TypeError(f"not an action: {action!r:.80}")
        wrong = check_action_types(action)
        if wrong is not None:
            raise TypeError(wrong)
        if frame is None or handler is None:
            raise RuleViolation(GAME_OVER, "the game is over: no action can be taken", action)
        if isinstance(handler, ChanceHandler):
            if action not in [outcome for outcome, _ in handler.outcomes(self.ctx, state, frame)]:
                raise RuleViolation(
                    CHANCE, f"chance decides now ({frame.to_act().decision}); {action} is not an outcome"
                )
            return action
        handler = expect(handler, DecisionHandler, "engine.apply")  # the guard admitted only this kind
        refusal = handler.guard(self.ctx, state, frame, action)
        if refusal is not None:
            raise RuleViolation(refusal.rule, refusal.message, action)
        return action

    def state_from_json(self, data: object, source: str = "<state>") -> GameState:
        """A state of this game from its JSON form (:meth:`GameState.to_json`), checked against the game.

        :class:`~armata_rules.state.StateFileError` (``SOURCE: KEY: PROBLEM``, one line) for a malformed state (as
        :meth:`GameState.from_json`), for one that breaks an invariant of this game (seats, one place per card or
        token, wound and blood bounds, positions on the board, the board itself: :mod:`armata_rules.rules.consistency`),
        and for one that cannot be played on or is live with no legal action. Nothing is trusted: a state this
        returns is played on by the rules like any other.
        """
        state = GameState.from_json(data, source)
        check_consistent(self.ctx, state, setup_state(self.ctx), source)
        try:
            actions = self.legal_actions(state)
        except (LookupError, ValueError, TypeError, AttributeError, EngineInvariantError) as err:
            problem = f"the state cannot be played on ({type(err).__name__}: {str(err)[:200]})"
            raise StateFileError(source, "frames", problem) from None
        if not actions and not state.is_over:
            raise StateFileError(
                source, "frames", f"no legal action at {state.to_act.decision}, yet the game is not over"
            )
        return state

    def resolve_chance(self, state: GameState) -> GameState:
        """At a chance frame, apply the outcome the seeded generator picks; elsewhere return ``state``."""
        outcome = self.seeded_outcome(state)
        return state if outcome is None else self.apply(state, outcome)

    def seeded_outcome(self, state: GameState) -> ChanceOutcome | None:
        """At a chance frame, the outcome the seeded generator picks (what auto mode applies); elsewhere ``None``."""
        outcomes = self.chance_outcomes(state)
        return self._pick(state, outcomes) if outcomes else None

    def observation(self, state: GameState, player: int) -> Observation:
        """What the hero in seat ``player`` may see: other hands, face-down choices and stacks hidden."""
        return observe(self.ctx, state, player)

    def returns(self, state: GameState) -> float:
        """1 if the pack won, -1 if the Strigoi won, 0 while the game goes on (the pack plays as one team)."""
        return {Outcome.POWERWOLF_WIN: 1.0, Outcome.STRIGOI_WIN: -1.0, None: 0.0}[state.outcome]

    # ------------------------------------------------------------------------------------------ internals
    def _pick(self, state: GameState, outcomes: list[tuple[ChanceOutcome, float]]) -> ChanceOutcome:
        return pick(self.seed, state, outcomes)

    def _settle(self, state: GameState) -> GameState:
        """Run automatic frames (and, in auto mode, chance) until a decision is due or the game is over."""
        return settle(ARMATA, self.ctx, state, self._auto_chance)
