"""Exhausted vampires (wn.pl:515-527): a vampire that loses its last blood token is exhausted, wherever that happens;
its token is flipped and stays where it is, and the action points it had left are lost. Any blood it gains
un-exhausts it. An exhausted vampire's district weakens no veil when an event adds agents there, and when its night
turn comes it regains a blood token, the veil weakens by 1, and it plays on by the normal rules.

Exhaustion is no field of the state: a vampire is exhausted exactly while it holds no blood
(:attr:`~armata_rules.wladcy_nocy.state.VampireState.exhausted`), so gaining blood un-exhausts it at once
(wn.pl:525) by construction. The loss of action points is an "as soon as" rule run after every action
(:func:`lose_action_points`).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.flow import log
from armata_rules.wladcy_nocy import board
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["EXHAUSTED", "RECOVERY", "lose_action_points", "recover"]

EXHAUSTED: Final = RULES.rule(
    "exhaustion.state",
    "A vampire without blood is exhausted",
    ("wn.pl:26", "wn.pl:517", "wn.pl:521", "wn.pl:525"),
    "A vampire that loses all its blood, by a fight, an ability or any effect, is exhausted: its token is flipped and "
    "stays in its district, and the action points it had left are lost; regaining any blood un-exhausts it.",
)
NO_PENALTY: Final = RULES.rule(
    "exhaustion.veil",
    "An exhausted vampire draws no veil penalty",
    ("wn.pl:523",),
    "An event card adding an agent to a district where only exhausted vampires stand does not weaken the veil.",
)
RECOVERY: Final = RULES.rule(
    "exhaustion.recovery",
    "An exhausted vampire's night turn",
    ("wn.pl:277", "wn.pl:527"),
    "When an exhausted vampire's night turn comes it regains a blood token and the veil weakens by 1; then it plays "
    "its turn by the normal rules (with no action points under exhausted_night_ap = no_ap). Where the supply has no "
    "blood left to regain (only under removed_tokens = to_box) it stays exhausted and, being exhausted, holds no "
    "action points (wn.pl:521).",
    readings=("exhausted_night_ap", "removed_tokens"),
)


def lose_action_points(ctx: WNContext, before: WNState, after: WNState) -> WNState:
    """As soon as a vampire is exhausted its remaining action points are lost (wn.pl:521): run after every action."""
    if after.outcome is not None:
        return after
    for seat, vampire in enumerate(after.vampires):
        if vampire.exhausted and vampire.ap and not before.vampires[seat].exhausted:
            after = board.with_vampire(after, seat, replace(vampire, ap=0))
            after = log(after, f"{vampire.name} is exhausted: its {vampire.ap} action points are lost")
    return after


def recover(ctx: WNContext, state: WNState, seat: int) -> WNState:
    """The exhausted vampire ``seat`` regains a blood token as its turn comes, and the veil weakens by 1
    (wn.pl:277, wn.pl:527); with no blood in the supply to regain it stays exhausted and loses its action points
    (wn.pl:521)."""
    vampire = state.vampires[seat]
    state, gained = board.gain_blood(ctx, state, seat, 1, f"{vampire.name} recovers")
    if not gained and vampire.ap:  # an empty supply (removed_tokens = to_box): still exhausted, so no points
        state = board.with_vampire(state, seat, replace(vampire, ap=0))
        state = log(state, f"{vampire.name} stays exhausted: its {vampire.ap} action points are lost")
    return board.change_veil(state, -1, f"{vampire.name}'s recovery does not go unnoticed")
