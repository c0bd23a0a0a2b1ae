"""The engine of *Władcy Nocy*: :class:`Game`, the kernel's :class:`~armata_rules.kernel.play.engine.Engine` for this
game, set up from a player's arguments by :meth:`Game.new`. :data:`WLADCY_NOCY` is the game's definition (the entry
point ``armata-rules.games`` names it here).

>>> from armata_rules.wladcy_nocy.engine import Game
>>> game = Game.new(["imre", "mila"], content="synthetic-test", seed=1)
>>> state = game.initial_state()
>>> state.outcome is None and len(game.legal_actions(state)) > 0
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from armata_rules.kernel.play.engine import ChanceMode, Engine, GameSetupError
from armata_rules.wladcy_nocy.content.loader import ContentMissing
from armata_rules.wladcy_nocy.content.schema import Content
from armata_rules.wladcy_nocy.context import WNContext, new_context
from armata_rules.wladcy_nocy.game import WLADCY_NOCY
from armata_rules.wladcy_nocy.readings import Ruleset
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["WLADCY_NOCY", "ContentMissing", "Game", "GameSetupError"]


class Game(Engine[WNContext, WNState]):
    """The operations on the states of one game of *Władcy Nocy* (see the kernel's
    :class:`~armata_rules.kernel.play.engine.Engine`)."""

    @classmethod
    def new(
        cls,
        vampires: Sequence[str],
        *,
        difficulty: str = "medium",
        controllers: Sequence[int] | None = None,
        ruleset: Ruleset | Mapping[str, str] | None = None,
        content: Content | str | None = None,
        seed: int = 0,
        chance: ChanceMode = "auto",
    ) -> Game:
        """A new game of ``vampires`` (2 to 5 ids, in turn order). ``content`` defaults to the printed facts, which
        lack what the tiles, cards and veil tracks show: :class:`ContentMissing` lists every key the setup needs.
        The synthetic test pack is asked for by name (``content="synthetic-test"``). :class:`GameSetupError` names a
        wrong argument in one line."""
        ctx = new_context(
            vampires, difficulty=difficulty, controllers=controllers, ruleset=ruleset, content=content, seed=seed
        )
        return cls(WLADCY_NOCY, ctx, chance)
