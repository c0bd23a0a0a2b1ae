"""Small helpers every rule module uses to build the next state: frames, log lines, hero updates.

The frame and log helpers (:func:`pop`, :func:`push`, :func:`replace_top`, :func:`log`) are the kernel's
(:mod:`armata_rules.kernel.play.flow`), re-exported here; the hero updates are Armata's.
"""

from __future__ import annotations

from typing import Final

from armata_rules.effects import CardZone, MoveCard
from armata_rules.immutable import replace
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.rules.executor import execute_all
from armata_rules.state import GameState

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_DISCARD: Final = CardZone.DISCARD
_CARDZONE_HAND: Final = CardZone.HAND

__all__ = ["log", "pop", "push", "replace_top", "reset_spent", "take_back_discard"]


def reset_spent(state: GameState) -> GameState:
    """Every hero's spent icons cleared (a new turn or round, by the icon scope reading). A hero with nothing spent
    stays the same object, and keeps what is cached on it; with nothing spent at all, so does the state."""
    if not any(hero.spent for hero in state.heroes):
        return state
    return replace(state, heroes=tuple(replace(hero, spent=()) if hero.spent else hero for hero in state.heroes))


def take_back_discard(state: GameState, seat: int) -> GameState:
    """The hero in ``seat`` takes the whole discard pile back into hand (Recovery, a monk, an empty hand)."""
    hero = state.heroes[seat]
    return execute_all(state, [MoveCard(card, seat, _CARDZONE_DISCARD, _CARDZONE_HAND) for card in hero.discard])
