"""*Władcy Nocy* as a game on the kernel: :data:`WLADCY_NOCY`, its
:class:`~armata_rules.kernel.play.game.GameDefinition`.

The kernel's loop asks the game for its end (:func:`~armata_rules.wladcy_nocy.rules.end.terminal`: the ritual, the
veil at 0, an empty deck when a card must be revealed) and runs its "as soon as" rules after every action: an
exhausted vampire loses its action points (wn.pl:521), blood above a fallen maximum goes back (wn.pl:54), placed
event cards whose condition holds are discarded (wn.pl:614-618). Gaining blood un-exhausts a vampire by
construction (exhaustion is no blood, wn.pl:525); a relic over the limit (wn.pl:562) is a decision pushed where the
relic is gained, since an "as soon as" rule may push no frame.

Seats are vampires, in turn order; their players (``controllers``) matter only where the text names a player. The
game is cooperative: every seat gets the same return, 1 for the ritual and -1 for a loss (the definition's
``payoffs``). The learning adapters see the hidden decks as hidden (not ``perfect_information``) and a view bounded
by :func:`~armata_rules.wladcy_nocy.bounds.observation_bounds`.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from armata_rules.kernel.games import register
from armata_rules.kernel.play.game import GameDefinition, Payoffs
from armata_rules.wladcy_nocy.actions import ACTIONS
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.bounds import observation_bounds
from armata_rules.wladcy_nocy.consistency import check_state
from armata_rules.wladcy_nocy.context import WNContext, new_context, setup_json
from armata_rules.wladcy_nocy.encoding import action_space
from armata_rules.wladcy_nocy.frames import FRAMES
from armata_rules.wladcy_nocy.observation import observation_codec, observe
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.rules import combat, day, day_fights, dice, events, night, relics, setup  # noqa: F401
from armata_rules.wladcy_nocy.rules.end import CHANCE, OVER, returns, terminal
from armata_rules.wladcy_nocy.rules.events import discard_placed_cards
from armata_rules.wladcy_nocy.rules.exhaustion import lose_action_points
from armata_rules.wladcy_nocy.rules.relics import shed_excess_blood
from armata_rules.wladcy_nocy.state import WNState
from armata_rules.wladcy_nocy.texts import WN_TEXTS

__all__ = ["WLADCY_NOCY"]

#: Władcy Nocy, for 2 to 5 vampires (wn.pl:125).
WLADCY_NOCY: Final[GameDefinition[WNContext, WNState]] = GameDefinition(
    id="wladcy_nocy",
    title="Władcy Nocy",
    seats=range(2, 6),
    state_type=WNState,
    frames=FRAMES,
    actions=ACTIONS,
    handlers=HANDLERS,
    rules=RULES,
    initial_state=setup.initial_state,
    terminal=terminal,
    over_rule=OVER.id,
    chance_rule=CHANCE.id,
    triggers=(lose_action_points, shed_excess_blood, discard_placed_cards),
    setup=new_context,
    setup_json=setup_json,
    returns=returns,
    check_state=check_state,
    seat_count=attrgetter("seats"),
    observe=observe,
    observation_codec=observation_codec,
    action_space=action_space,
    observation_bounds=observation_bounds,
    perfect_information=False,  # the event deck's cards and order, and the relic deck's, are hidden (wn.pl:167-175)
    payoffs=Payoffs(-1.0, 1.0, identical=True),  # the players win or lose together (wn.pl:7)
    texts=WN_TEXTS,
    readings=READINGS,
)
register(WLADCY_NOCY)
