"""Helpers that drive the real engine through random legal play."""

from __future__ import annotations

import random
from collections.abc import Iterator

from armata_rules import Game, editions
from armata_rules.actions import Action
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


def played_states(game: Game, seed: int, decisions: int) -> list[GameState]:
    """Every state of a random legal game of ``game``, from its first to its end or ``decisions`` decisions on."""
    rng = random.Random(seed)
    state = game.initial_state()
    states = [state]
    for _ in range(decisions):
        if state.is_over:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
    return states


def new_game(players: int, ruleset: Ruleset = editions.PEG19_EN, seed: int = 0, **kwargs: object) -> Game:
    """A game for the first ``players`` heroes."""
    return Game.new(HEROES[:players], ruleset=ruleset, seed=seed, **kwargs)  # type: ignore[arg-type]


def random_play(
    game: Game, rng: random.Random, rounds: int, max_steps: int = 5000
) -> Iterator[tuple[GameState, Action]]:
    """Yield (state, chosen legal action) pairs until ``rounds`` rounds are over, the game ends, or a step cap."""
    state = game.initial_state()
    for _ in range(max_steps):
        if state.is_over or state.round > rounds:
            return
        actions = game.legal_actions(state)
        assert actions, f"no legal action at {state.to_act} (frames {state.frames})"
        action = rng.choice(actions)
        yield state, action
        state = game.apply(state, action)


PASSIVE = ("end_move", "pass")


def passive_action(game: Game, state: GameState) -> Action:
    """The most passive legal action: stop moving, end the fight phase, take the wounds ... else the first one."""
    actions = game.legal_actions(state)
    for action in actions:
        if action.kind in PASSIVE:
            return action
    return actions[0]
