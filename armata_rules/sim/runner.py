"""Batch simulation: play complete games with bots, serially or on several processes, and summarise them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from armata_rules.engine import Game
from armata_rules.sim.bots import make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["GameResult", "SimulationSummary", "play_game", "simulate", "summarise"]

HERO_NAMES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game went."""

    seed: int
    heroes: int
    outcome: str
    rounds: int
    decisions: int
    blood_lost: int
    ended_by: str
    final_hash: str


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Totals over many games."""

    games: int
    powerwolf_wins: int
    strigoi_wins: int
    unfinished: int
    mean_rounds: float
    mean_decisions: float
    mean_blood_lost: float
    endings: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "games": self.games,
            "powerwolf_wins": self.powerwolf_wins,
            "strigoi_wins": self.strigoi_wins,
            "unfinished": self.unfinished,
            "mean_rounds": round(self.mean_rounds, 2),
            "mean_decisions": round(self.mean_decisions, 1),
            "mean_blood_lost": round(self.mean_blood_lost, 2),
            "endings": self.endings,
        }


#: A game that takes more decisions than this is stopped and reported ``unfinished`` (a safety net: termination is
#: proved, see :mod:`armata_rules.verify.termination`, so reaching it means a defect, never a long game).
MAX_DECISIONS = 50_000


def _ending(state: GameState, decisions: int, max_decisions: int) -> str:
    if state.outcome is None:
        return "decision cap" if decisions >= max_decisions else "round limit"
    if state.outcome.value == "powerwolf_win":
        return "Supreme Strigoi defeated"
    return "inferno full"


def play_game(
    ruleset: Ruleset,
    heroes: int,
    seed: int,
    bot: str = "greedy",
    max_rounds: int = 60,
    max_decisions: int = MAX_DECISIONS,
) -> GameResult:
    """One complete game (or until ``max_rounds`` or ``max_decisions``) with every hero played by ``bot``.

    A game stopped early is ``unfinished``; ``ended_by`` says which limit stopped it.
    """
    game = Game.new(HERO_NAMES[:heroes], ruleset=ruleset, seed=seed)
    player = make_bot(bot, random.Random(seed))
    state = game.initial_state()
    decisions = 0
    while not state.is_over and state.round <= max_rounds and decisions < max_decisions:
        actions = game.legal_actions(state)
        state = game.apply(state, player.choose(game, state, actions))
        decisions += 1
    return GameResult(
        seed,
        heroes,
        "unfinished" if state.outcome is None else state.outcome.value,
        state.round,
        decisions,
        state.blood.inferno,
        _ending(state, decisions, max_decisions),
        state.hash(),
    )


def _play(job: tuple[Ruleset, int, int, str, int]) -> GameResult:
    return play_game(*job)


def simulate(
    ruleset: Ruleset,
    heroes: int,
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    workers: int = 1,
    max_rounds: int = 60,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1`` ...; results in seed order."""
    jobs = [(ruleset, heroes, seed + k, bot, max_rounds) for k in range(games)]
    results: Iterator[GameResult]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = pool.map(_play, jobs, chunksize=max(1, games // (workers * 4)))
            out = []
            for result in results:
                out.append(result)
                if progress:
                    progress(result)
            return out
    out = []
    for job in jobs:
        result = _play(job)
        out.append(result)
        if progress:
            progress(result)
    return out


def summarise(results: list[GameResult]) -> SimulationSummary:
    """Wins, losses, mean lengths and how the games ended."""
    n = max(1, len(results))
    outcomes = Counter(r.outcome for r in results)
    return SimulationSummary(
        len(results),
        outcomes["powerwolf_win"],
        outcomes["strigoi_win"],
        outcomes["unfinished"],
        sum(r.rounds for r in results) / n,
        sum(r.decisions for r in results) / n,
        sum(r.blood_lost for r in results) / n,
        dict(Counter(r.ended_by for r in results)),
    )
