"""The shared dice pool (wn.pl:183-195): 2 dice per vampire, rolled in advance and visible to all; a die used is set
aside, and once the pool is empty every die is rolled anew into a new pool, one die per chance step.

The pool and the roll are the kernel's :class:`~armata_rules.kernel.equipment.dice.DicePool` and
:class:`~armata_rules.kernel.equipment.dice.Roll`; modified values stay on 1..6 (wn.pl:610-612,
:func:`armata_rules.wladcy_nocy.effects.die_value`).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.equipment.dice import FACES, Roll
from armata_rules.kernel.play.actions import ChanceOutcome
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import ChanceHandler
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import RollDice
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["DICE_MODIFIED", "DICE_POOL", "roll_anew"]

DICE_POOL: Final = RULES.rule(
    "dice.pool",
    "The shared dice pool",
    ("wn.pl:177", "wn.pl:185-189", "wn.pl:191", "wn.pl:193", "wn.pl:195"),
    "Two dice per vampire, rolled and kept with their values as a pool shared by all; a die used is set aside until "
    "the pool is empty, when every die is rolled anew into a new pool.",
)
DICE_MODIFIED: Final = RULES.rule(
    "dice.modified",
    "Modified dice stay between 1 and 6",
    ("wn.pl:610", "wn.pl:612"),
    "An effect that would take a die's value below 1 or above 6 leaves it at 1 or 6.",
)


def roll_anew(state: WNState) -> WNState:
    """``state`` with the empty pool's dice about to be rolled anew (wn.pl:195): a roll pushed, one die a step."""
    return push(
        log(state, f"the dice pool is empty: all {state.dice.aside} dice are rolled anew"), RollDice(state.dice.aside)
    )


class RollDiceRules(ChanceHandler[WNContext, WNState, RollDice]):
    """wn.pl:177, wn.pl:195: one die rolled per chance step, each face as likely; the pool is made once all are."""

    def outcomes(self, ctx: WNContext, state: WNState, frame: RollDice) -> list[tuple[ChanceOutcome, float]]:
        return [(ChanceOutcome("die", str(face)), 1 / len(FACES)) for face in FACES]

    def apply(self, ctx: WNContext, state: WNState, frame: RollDice, outcome: ChanceOutcome) -> WNState:
        roll = Roll(frame.count, frame.faces).add(int(outcome.outcome))
        if not roll.complete:
            return replace_top(state, RollDice(roll.count, roll.faces))
        pool = state.dice.refill(roll.faces)
        return log(pop(state), f"the dice pool is {list(pool.values)}", dice=pool)


HANDLERS.handles(RollDice, RollDiceRules)
