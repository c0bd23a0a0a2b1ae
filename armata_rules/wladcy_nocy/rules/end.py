"""The end of the game (wn.pl:439-445): it ends at once when the ritual is performed (the players win), when the veil
reaches 0, or when an event card must be revealed from an empty deck (the players lose). The deck is the game's
timer: with k cards of each act, a game lasts at most 3k rounds (wn.pl:167-173).

The game is cooperative: every seat gets the same return (wn.pl:7).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.game import Ending
from armata_rules.wladcy_nocy import effects
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import EventPlace, RevealEvent
from armata_rules.wladcy_nocy.state import WNOutcome, WNState

__all__ = ["CHANCE", "OVER", "returns", "terminal"]

OVER: Final = RULES.rule(
    "end.over",
    "The game ends at once",
    ("wn.pl:441", "wn.pl:443", "wn.pl:444", "wn.pl:445"),
    "The game ends at once when the Blood Moon ritual is performed (the players win), when the veil reaches 0, or "
    "when an event card must be revealed and the deck is empty (the players lose); no action is taken after.",
)
VEIL_TRACK: Final = RULES.rule(
    "end.veil",
    "The veil track",
    ("wn.pl:103", "wn.pl:161", "wn.pl:598", "wn.pl:600", "wn.pl:444"),
    "The veil runs from 6 down to 0: strengthening it moves the marker left, never past 6; weakening moves it right; "
    "at 0 the vampires are found and the players lose.",
)
CHANCE: Final = RULES.rule(
    "end.chance",
    "Chance decides the shuffles, the deals and the dice",
    ("wn.pl:147", "wn.pl:167", "wn.pl:175", "wn.pl:177", "wn.pl:195"),
    "Tiles, event cards, relics and dice come by chance: at a chance step only one of its outcomes may happen.",
)

_RITUAL: Final = Ending(WNOutcome.RITUAL, "the Blood Moon rises over the city: the players win")
_VEIL: Final = Ending(WNOutcome.VEIL_LOST, "the veil is torn: the vampires are found and destroyed; the players lose")
_DECK: Final = Ending(
    WNOutcome.DECK_EMPTY, "no event card is left to reveal: the Inquisition's army arrives; the players lose"
)


def _revealing(frames: tuple[Frame, ...]) -> bool:
    """Whether an event card must be taken from the deck now: the day's reveal, or an ability's card that marks its
    place (pushed on an empty deck only under ``event_place_empty_deck = game_lost``, wn.pl:626-628)."""
    return bool(frames) and isinstance(frames[-1], RevealEvent | EventPlace)


def terminal(ctx: WNContext, state: WNState) -> Ending | None:
    """The ending that applies now (wn.pl:441-445), or ``None`` while the game goes on."""
    if state.ritual:
        return _RITUAL
    if effects.veil_lost(state.veil):
        return _VEIL
    if _revealing(state.frames) and state.events.empty:
        return _DECK
    return None


#: What every seat gets at each outcome: the players win or lose together (wn.pl:7).
_RETURN: Final[dict[WNOutcome | None, float]] = {
    WNOutcome.RITUAL: 1.0,
    WNOutcome.VEIL_LOST: -1.0,
    WNOutcome.DECK_EMPTY: -1.0,
    None: 0.0,
}


def returns(ctx: WNContext, state: WNState) -> tuple[float, ...]:
    """Each seat's result: 1 if the players won, -1 if they lost, 0 while the game goes on (all the same, wn.pl:7)."""
    outcome = state.outcome if isinstance(state.outcome, WNOutcome) or state.outcome is None else None
    return (_RETURN[outcome],) * ctx.seats
