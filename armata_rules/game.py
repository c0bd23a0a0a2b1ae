"""Armata Strigoi as a game on the kernel: :data:`ARMATA`, its :class:`~armata_rules.kernel.play.game.GameDefinition`.

The kernel's loop asks two things of Armata that used to be written into it: the end of the game, when the inferno
holds the table's number of blood points for the player count (peg19.en:936, :func:`terminal`), and the Nighttime
Rebel, which goes to a hero "as soon as" another holds a third reward card (peg19.en:972,
:func:`~armata_rules.rules.awards.follow_rebel`, run after every action).

The engine control ``engine-strigoi-never-win`` (:mod:`armata_rules.verify.engine_controls`) replaces
:func:`~armata_rules.effects.strigoi_win` here, by this module's name: :func:`terminal` looks it up at each call.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from armata_rules.actions import ACTIONS
from armata_rules.effects import strigoi_win
from armata_rules.kernel.play.game import Ending, GameDefinition
from armata_rules.rules.awards import follow_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.handlers import TABLE
from armata_rules.rules.kernels import answer2
from armata_rules.rules.registry import RULES
from armata_rules.rules.setup import initial_state
from armata_rules.state import FRAME_TYPES, GameState, Outcome

__all__ = ["ARMATA", "terminal"]

#: How the Strigoi win: the outcome and the history's line (peg19.en:936).
_INFERNO_FULL: Final = Ending(Outcome.STRIGOI_WIN, "the inferno is full: the Strigoi win")


def terminal(ctx: RulesContext, state: GameState) -> Ending | None:
    """The Strigoi's victory once the inferno holds the table's number of blood points (peg19.en:936); the pack's
    victory ends the game in the fight that defeats the Supreme Strigoi, which sets the outcome itself."""
    if answer2(strigoi_win, state.blood.inferno, ctx.inferno_loss):  # the name a control may substitute
        return _INFERNO_FULL
    return None


#: Armata Strigoi, for 2 to 5 heroes (peg19.en:884).
ARMATA: Final[GameDefinition[RulesContext, GameState]] = GameDefinition(
    id="armata_strigoi",
    title="Armata Strigoi",
    seats=range(2, 6),
    state_type=GameState,
    frames=FRAME_TYPES,
    actions=ACTIONS,
    handlers=TABLE,
    rules=RULES,
    initial_state=initial_state,
    terminal=terminal,
    triggers=(follow_rebel,),
    terminal_reads=attrgetter("blood"),  # the end test reads the blood counters only
)
