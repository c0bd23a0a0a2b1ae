"""OpenSpiel's MCTS bot playing the pack, and the greedy and random bots for comparison (extra ``[openspiel]``).

Random rollouts to the end of a game cost hundreds of Python decisions each, so the search here evaluates its
leaves with :class:`ProgressEvaluator`: the pack's progress (blood points on the altar, minus those in the inferno,
plus wounds dealt to the Strigoi) squashed into ``(-1, 1)``, and the true result at the end of the game. OpenSpiel's
MCTS searches the real state, hidden cards included: it plays with open hands (a cheating baseline, as is usual for
MCTS on imperfect-information games), and so does the greedy bot.

>>> from armata_rules.adapters.openspiel_mcts import play
>>> result = play(players=2, bot="greedy", seed=1)
>>> result.outcome in ("powerwolf_win", "strigoi_win")
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Literal, get_args

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from armata_rules.adapters.openspiel_game import ArmataState
from armata_rules.adapters.table import progress
from armata_rules.encoding import legal_actions_of
from armata_rules.sim.bots import GreedyBot, RandomBot

__all__ = ["BotName", "MatchResult", "ProgressEvaluator", "play", "win_rate"]

#: Who plays every seat of the pack: OpenSpiel's MCTS, or a bot of :mod:`armata_rules.sim.bots`.
BotName = Literal["mcts", "greedy", "random"]

#: How steeply progress turns into a value: ``tanh(PROGRESS_SLOPE * progress)``.
PROGRESS_SLOPE = 0.3


class ProgressEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaf values from the pack's progress; uniform priors over legal actions (chance: its probabilities)."""

    def evaluate(self, state: ArmataState) -> np.ndarray:
        """The same value for every seat (the pack plays as one team)."""
        if state.is_terminal():
            return np.array(state.returns())
        value = math.tanh(PROGRESS_SLOPE * progress(state.state))
        return np.full(state.num_players(), value)

    def prior(self, state: ArmataState) -> list[tuple[int, float]]:
        """Uniform over the legal actions, or the chance probabilities."""
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


@dataclass(frozen=True)
class MatchResult:
    """How one complete game went."""

    outcome: str
    rounds: int
    decisions: int


def play(
    players: int = 2, bot: BotName = "mcts", seed: int = 0, simulations: int = 20, max_decisions: int = 100_000
) -> MatchResult:
    """One complete game of ``python_armata_strigoi`` with ``bot`` deciding for every seat; chance by ``seed``.
    A game still going after ``max_decisions`` decisions stops there, with the outcome ``""`` (unfinished)."""
    if bot not in get_args(BotName):
        raise ValueError(f"bot must be one of {', '.join(get_args(BotName))}; got {bot!r:.40}")
    game = pyspiel.load_game("python_armata_strigoi", {"players": players})
    state: ArmataState = game.new_initial_state()
    rng = random.Random(seed)
    searcher = (
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=ProgressEvaluator(),
            solve=False,
            random_state=np.random.RandomState(seed),
        )
        if bot == "mcts"
        else None
    )
    other = GreedyBot(random.Random(seed)) if bot == "greedy" else RandomBot(random.Random(seed))
    setup = state.setup
    decisions = 0
    while not state.is_terminal() and decisions < max_decisions:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            continue
        if searcher is not None:
            action = int(searcher.step(state))
        else:
            seat = state.current_player()
            choice = other.choose(setup.engine, state.state, legal_actions_of(setup.engine, state.state, seat))
            action = setup.table.action_space.action_to_index(choice)
        state.apply_action(action)
        decisions += 1
    outcome = state.state.outcome
    return MatchResult("" if outcome is None else outcome.value, state.state.round, decisions)


def win_rate(players: int, games: int, bot: BotName, first_seed: int = 0, simulations: int = 20) -> float:
    """The share of ``games`` (seeds ``first_seed``…) the pack wins with ``bot`` at every seat."""
    wins = sum(
        play(players, bot, seed, simulations).outcome == "powerwolf_win"
        for seed in range(first_seed, first_seed + games)
    )
    return wins / games
