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

from armata_rules import editions
from armata_rules.board.fortress import Fortress
from armata_rules.board.layout import Layout
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack
from armata_rules.game import ARMATA
from armata_rules.game_setup import check_setup_types, edition_ruleset, new_context
from armata_rules.kernel.play.engine import ChanceMode, Engine, GameSetupError
from armata_rules.observation import Observation, observe
from armata_rules.rules.context import RulesContext
from armata_rules.rules.registry import RuleViolation, rule
from armata_rules.state import GameState, Outcome
from armata_rules.variants import Ruleset

__all__ = ["ChanceMode", "Game", "GameSetupError", "RuleViolation", "edition_ruleset"]

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


#: The pack's return by outcome (see :meth:`Game.returns`).
_RETURNS: dict[Outcome | None, float] = {Outcome.POWERWOLF_WIN: 1.0, Outcome.STRIGOI_WIN: -1.0, None: 0.0}


class Game(Engine[RulesContext, GameState]):
    """A game's fixed facts (ruleset, data pack, fortress, heroes, seed) and the operations on its states: the
    kernel's :class:`~armata_rules.kernel.play.engine.Engine` for :data:`~armata_rules.game.ARMATA`, set up from a
    player's arguments by :meth:`new`."""

    def __init__(self, ctx: RulesContext, chance: ChanceMode = "auto") -> None:
        super().__init__(ARMATA, ctx, chance)

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
        if not isinstance(chance, str) or chance not in ("auto", "explicit"):
            check_setup_types(heroes, ruleset, seed, pack, layout)  # a wrong argument before it is named first
            raise GameSetupError(f"chance must be 'auto' or 'explicit'; got {chance!r:.40}")
        return cls(new_context(heroes, ruleset, seed, pack, layout), chance)

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
    def observation(self, state: GameState, player: int) -> Observation:
        """What the hero in seat ``player`` may see: other hands, face-down choices and stacks hidden."""
        return observe(self.ctx, state, player)

    def returns(self, state: GameState) -> float:
        """1 if the pack won, -1 if the Strigoi won, 0 while the game goes on (the pack plays as one team)."""
        return _RETURNS[state.outcome]
