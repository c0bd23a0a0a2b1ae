"""Baseline win rates of the pack, per hero count: what a learning agent has to beat (``make baselines``).

Three players take every seat of the pack in games of ``python_armata_strigoi`` (the first heroes of
:data:`~armata_rules.adapters.openspiel_game.HEROES`, edition ``peg19.en``), each game played to its end by
:func:`armata_rules.adapters.openspiel_mcts.play` with seeds ``0, 1, ...`` (the seed draws chance and the bots'
ties):

- ``random``: a uniformly random legal action (:class:`armata_rules.sim.bots.RandomBot`);
- ``greedy``: :class:`armata_rules.sim.bots.GreedyBot`, a hand-written heuristic;
- ``mcts``: OpenSpiel's ``MCTSBot`` at a fixed budget of :data:`MCTS_SIMULATIONS` simulations per decision, UCT
  constant ``2``, leaves valued by the pack's progress
  (:class:`~armata_rules.adapters.openspiel_mcts.ProgressEvaluator`).

The greedy bot and MCTS see the whole state, hidden cards included: they are reference points, not fair players.
Each rate comes with its exact (Clopper-Pearson) 95% interval, :func:`scipy.stats.binomtest`. The games are
spread over ``--workers`` processes; the results do not depend on how many.

``python -m armata_rules.adapters.baselines --out docs/_data/baselines.json`` writes the JSON the docs render.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from armata_rules.adapters.openspiel_game import HEROES
from armata_rules.adapters.openspiel_mcts import PROGRESS_SLOPE, BotName, MatchResult, play

__all__ = ["FORMAT", "GAMES", "HERO_COUNTS", "MCTS_SIMULATIONS", "baselines", "main"]

#: The version of the JSON written.
FORMAT = 1
#: The hero counts measured.
HERO_COUNTS = (2, 3, 4, 5)
#: Games per hero count for each player: MCTS costs a hundred times a bot's decision, so it plays fewer.
GAMES: dict[BotName, int] = {"random": 200, "greedy": 200, "mcts": 40}
#: MCTS's budget: simulations per decision.
MCTS_SIMULATIONS = 20
#: A game still going after this many decisions counts as not won (none has come near it).
MAX_DECISIONS = 20_000


def _one(task: tuple[BotName, int, int]) -> tuple[BotName, int, int, MatchResult]:
    bot, players, seed = task
    return bot, players, seed, play(players, bot, seed, MCTS_SIMULATIONS, MAX_DECISIONS)


def _cell(bot: BotName, players: int, results: Sequence[MatchResult]) -> dict[str, object]:
    from scipy.stats import binomtest

    wins = sum(r.outcome == "powerwolf_win" for r in results)
    interval = binomtest(wins, len(results)).proportion_ci(0.95, method="exact")
    return {
        "bot": bot,
        "heroes": players,
        "games": len(results),
        "wins": wins,
        "rate": round(wins / len(results), 4),
        "low": round(float(interval.low), 4),
        "high": round(float(interval.high), 4),
        "unfinished": sum(r.outcome == "" for r in results),
        "decisions": round(sum(r.decisions for r in results) / len(results), 1),
        "rounds": round(sum(r.rounds for r in results) / len(results), 1),
    }


def baselines(games: dict[BotName, int], workers: int = 2, log: bool = False) -> dict[str, object]:
    """Play ``games[bot]`` games per hero count with each bot; the JSON of :func:`main`."""
    tasks = [(bot, n, seed) for bot in games for n in HERO_COUNTS for seed in range(games[bot])]
    tasks.sort(key=lambda t: t[0] != "mcts")  # the slow games first, so that no worker idles at the end
    played: dict[tuple[BotName, int], dict[int, MatchResult]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, (bot, n, seed, result) in enumerate(pool.map(_one, tasks, chunksize=4), 1):
            played.setdefault((bot, n), {})[seed] = result
            if log and done % 100 == 0:
                print(f"{done}/{len(tasks)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    cells = [
        _cell(bot, n, [played[bot, n][seed] for seed in sorted(played[bot, n])]) for bot in games for n in HERO_COUNTS
    ]
    return {
        "format": FORMAT,
        "command": "make baselines",
        "edition": "peg19.en",
        "heroes": {str(n): list(HEROES[:n]) for n in HERO_COUNTS},
        "seeds": "0 to games - 1, per bot and hero count",
        "mcts": {"simulations": MCTS_SIMULATIONS, "uct_c": 2.0, "leaves": f"tanh({PROGRESS_SLOPE} * progress)"},
        "interval": "exact (Clopper-Pearson) 95%, scipy.stats.binomtest",
        "results": cells,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: play the baselines and write their JSON."""
    parser = argparse.ArgumentParser(prog="python -m armata_rules.adapters.baselines", description=__doc__)
    parser.add_argument("--out", type=Path, required=True, help="the JSON file to write")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games (default 2)")
    parser.add_argument(
        "--scale", type=float, default=1.0, help="multiply the games of every bot (a quick look: 0.1; default 1)"
    )
    args = parser.parse_args(argv)
    if args.workers < 1 or not 0 < args.scale <= 10:
        parser.error("--workers must be at least 1 and --scale in (0, 10]")
    games: dict[BotName, int] = {bot: max(1, round(n * args.scale)) for bot, n in GAMES.items()}
    started = time.perf_counter()
    data = baselines(games, args.workers, log=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}: {sum(games.values()) * len(HERO_COUNTS)} games in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
