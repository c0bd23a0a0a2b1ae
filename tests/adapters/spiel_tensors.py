"""The check both OpenSpiel games' tests share: tensors asked from Python are the very lists OpenSpiel's own methods
give (what a C++ caller gets)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")


def check_tensors_are_openspiels(game: Any, seed: int, steps: int, methods: tuple[str, ...]) -> int:
    """Play ``steps`` random steps of ``game``: at every state, each of ``methods`` (``observation_tensor``,
    ``information_state_tensor``) asked from Python gives ``pyspiel.State``'s own list for every seat, for the current
    player without one, and on a clone after the original moved on; at a chance node, asked without a player it is
    refused with OpenSpiel's ``SpielError``; the list given is the caller's own (changing it changes no later
    answer). Then a player that is no seat is refused as OpenSpiel refuses it. The number of states compared."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    compared = 0
    while not state.is_terminal() and compared < steps:
        for method in methods:
            ours, theirs = getattr(state, method), getattr(pyspiel.State, method)
            for seat in range(game.num_players()):
                assert ours(seat) == theirs(state, seat), (method, seat, compared)
            if state.is_chance_node():
                with pytest.raises(pyspiel.SpielError, match="player >= 0"):
                    ours()
            else:
                assert ours() == theirs(state)
                given = ours(0)
                given[:] = [9.0] * len(given)
                assert ours(0) == theirs(state, 0)
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            clone = state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
            for method in methods:
                assert getattr(clone, method)(0) == getattr(pyspiel.State, method)(clone, 0)
        compared += 1
    for method in methods:
        with pytest.raises(pyspiel.SpielError, match="num_players"):
            getattr(state, method)(game.num_players())
        with pytest.raises(TypeError):
            getattr(state, method)(1.5)
    return compared
