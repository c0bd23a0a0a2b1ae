"""Where the engine spends its time: cProfile over complete random games, the hottest functions printed.

    make profile                                   # or: .venv/bin/python bench/profile_engine.py --games 20 --heroes 4
    .venv/bin/python bench/profile_engine.py --out build/engine.prof   # keep the raw profile (snakeviz, pstats)

The games are played as in ``bench/bench_engine.py`` (random legal actions, chance by the seeded generator), after one
warm-up game so that imports and first-use caches are not counted.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from pathlib import Path

from armata_rules import Game, editions

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


def play(games: int, heroes: int, seed: int) -> int:
    """Play ``games`` random games; the number of decisions taken."""
    rng = random.Random(seed)
    decisions = 0
    for number in range(games):
        game = Game.new(HEROES[:heroes], ruleset=editions.PEG19_EN, seed=seed + number)
        state = game.initial_state()
        while not state.is_over:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            decisions += 1
    return decisions


def main(argv: list[str] | None = None) -> None:
    """Profile ``--games`` random games and print the top functions by own and by cumulative time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--heroes", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--top", type=int, default=30, help="rows printed per table")
    parser.add_argument("--out", type=Path, help="also write the raw profile here")
    args = parser.parse_args(argv)
    play(1, args.heroes, args.seed + 10_000)  # warm-up
    profiler = cProfile.Profile()
    decisions = profiler.runcall(play, args.games, args.heroes, args.seed)
    print(f"{args.games} games, {decisions} decisions, {args.heroes} heroes")
    stats = pstats.Stats(profiler, stream=sys.stdout).strip_dirs()
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        stats.dump_stats(args.out)


if __name__ == "__main__":
    main()
