"""Observations reuse hero views kept on the hero states (armata_rules.observation): never a stale one."""

from __future__ import annotations

import pickle
import random

import pytest

from armata_rules.state import GameState
from tests.play import new_game


def _uncached(state: GameState) -> GameState:
    """An equal state with no cache at all (unpickled objects start with empty caches)."""
    copy: GameState = pickle.loads(pickle.dumps(state))
    return copy


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_every_observation_equals_one_made_without_caches(players: int, seed: int) -> None:
    """Random play observed from every seat at every state, so views are kept and shared (a hero who only moves
    shares its cache with the hero before), each compared with the observation of an uncached copy."""
    game = new_game(players, seed=seed)
    rng = random.Random(seed)
    state = game.initial_state()
    moves = 0
    for _ in range(400):
        if state.is_over:
            break
        for seat in range(players):
            seen = game.observation(state, seat)
            assert seen == game.observation(_uncached(state), seat)
            assert all(view.position == hero.position for view, hero in zip(seen.heroes, state.heroes, strict=True))
        before = state.heroes
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        moves += sum(a.position != b.position and a.hand == b.hand for a, b in zip(before, state.heroes, strict=True))
    assert moves > 10  # heroes moved, so caches were shared between positions
