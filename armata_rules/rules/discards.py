"""When a card discarded from hand for Protection, or by a shock, reaches the discard pile: with the played cards at
the end of the round, or at the end of the turn (the ``discard_timing`` reading).

Either way the card first lies beside the hero's played cards (``HeroState.played``). Under ``end_of_turn`` the rule
that discards it also notes it, as ``(seat, card)``, on a :class:`~armata_rules.frames.TurnEndDiscards` frame placed
directly above the turn's :class:`~armata_rules.frames.EndTurn`, which moves every noted card to its hero's discard
pile once the Strigoi have acted. A card discarded outside a hero's turn (a Phase 3 attack) has no turn to end and
stays with the played cards, which go at the end of the round (peg19.en:951).
"""

from __future__ import annotations

from typing import Final

from armata_rules.effects import CardZone, MoveCard
from armata_rules.frames import EndTurn, TurnEndDiscards
from armata_rules.immutable import replace
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute_all
from armata_rules.rules.flow import log, pop
from armata_rules.rules.handlers import AutoHandler, handles
from armata_rules.rules.registry import rule
from armata_rules.state import GameState
from armata_rules.variants import DiscardTiming

__all__ = ["DISCARD_TIMING", "set_aside"]

DISCARD_TIMING = rule(
    "wounds.discard_timing",
    "Cards discarded for Protection or by a shock reach the discard pile",
    (
        "peg19.en:949",
        "peg19.en:951",
        "peg19.en:1092",
        "peg19.en:831",
        "sb19.en:506",
        "sb19.en:594",
        "peg19.de:412",
        "peg19.de:527",
        "peg19.it:1639",
        "peg19.fr:2103",
        "peg19.es:2653",
    ),
    "A card discarded from hand for Protection, or by a shock, lies beside the played cards; it reaches the discard "
    "pile with them at the end of the round, or on its own at the end of the turn in which it was discarded, as the "
    "reading says.",
    readings=("discard_timing",),
)

# The enum members read below, as Final module constants (why: armata_rules.fast_enum).
_DISCARDTIMING_END_OF_TURN: Final = DiscardTiming.END_OF_TURN
_CARDZONE_PLAYED: Final = CardZone.PLAYED
_CARDZONE_DISCARD: Final = CardZone.DISCARD


def set_aside(ctx: RulesContext, state: GameState, seat: int, card: str) -> GameState:
    """``state`` once ``seat`` has discarded ``card`` beside the played cards for Protection or by a shock: under
    ``end_of_turn``, with the card noted for the end of the current turn (if a hero's turn is under way)."""
    if ctx.ruleset.discard_timing is not _DISCARDTIMING_END_OF_TURN:
        return state
    frames = state.frames
    below = next((index for index in range(len(frames) - 1, -1, -1) if isinstance(frames[index], EndTurn)), None)
    if below is None:  # outside a hero's turn: the card waits for the end of the round with the played cards
        return state
    above = frames[below + 1] if below + 1 < len(frames) else None
    if isinstance(above, TurnEndDiscards):
        noted = TurnEndDiscards((*above.cards, (seat, card)))
        return replace(state, frames=(*frames[: below + 1], noted, *frames[below + 2 :]))
    return replace(state, frames=(*frames[: below + 1], TurnEndDiscards(((seat, card),)), *frames[below + 1 :]))


class TurnEndDiscardsRules(AutoHandler[TurnEndDiscards]):
    """The turn ends: the cards discarded in it for Protection or by a shock go to their heroes' discard piles."""

    def run(self, ctx: RulesContext, state: GameState, frame: TurnEndDiscards) -> GameState:
        state = execute_all(
            state, [MoveCard(card, seat, _CARDZONE_PLAYED, _CARDZONE_DISCARD) for seat, card in frame.cards]
        )
        for seat in sorted({seat for seat, _ in frame.cards}):
            cards = ", ".join(card for owner, card in frame.cards if owner == seat)
            state = log(
                state, f"{ctx.heroes[seat].value} puts the cards discarded this turn on the discard pile: {cards}"
            )
        return pop(state)


handles(TurnEndDiscards, TurnEndDiscardsRules)
