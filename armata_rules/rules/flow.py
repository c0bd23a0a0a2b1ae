"""Small helpers every rule module uses to build the next state: frames, log lines, hero updates."""

from __future__ import annotations

from typing import Any, Final

from armata_rules.effects import CardZone, MoveCard
from armata_rules.frames import Frame
from armata_rules.immutable import replace, replace_fields
from armata_rules.rules.executor import execute_all
from armata_rules.state import GameState, Log

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_DISCARD: Final = CardZone.DISCARD
_CARDZONE_HAND: Final = CardZone.HAND

__all__ = ["log", "pop", "push", "replace_top", "reset_spent", "take_back_discard"]


def pop(state: GameState) -> GameState:
    """Remove the top frame."""
    return replace(state, frames=state.frames[:-1])


def push(state: GameState, *frames: Frame) -> GameState:
    """Push ``frames``; the last one ends on top."""
    return replace(state, frames=state.frames + frames)


def replace_top(state: GameState, *frames: Frame) -> GameState:
    """Pop the top frame and push ``frames`` in its place."""
    return replace(state, frames=state.frames[:-1] + frames)


def log(state: GameState, text: str, **changes: Any) -> GameState:
    """Append a line to the history; with ``changes``, also change those fields (one copy of the state, not two).
    The line is dated by the round of ``state``."""
    seq = 0 if state.log is None else state.log.seq + 1
    changes["log"] = Log(seq, state.round, text, state.log)
    return replace_fields(state, changes)


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
