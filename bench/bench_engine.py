"""Speed of the engine, measured as a ratio against python-chess run side by side in the same process.

Both play random legal moves: armata-rules lists its legal actions and applies one (chance resolved by the seeded
generator); python-chess lists its legal moves and pushes one. The figures are decisions (plies) per second and
their ratio, then complete games per second for each hero count. Nothing here is asserted: read the ratio.

    make bench            # or: .venv/bin/python bench/bench_engine.py --seconds 5
"""

from __future__ import annotations

import argparse
import random
import time

import chess

from armata_rules import Game, editions
from armata_rules.cli import progress

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


def armata_decisions(seconds: float, seed: int = 0) -> float:
    """Random legal decisions per second, games restarted when they end."""
    rng = random.Random(seed)
    done, start = 0, time.perf_counter()
    game_seed = seed
    while time.perf_counter() - start < seconds:
        game = Game.new(HEROES[: 2 + game_seed % 4], ruleset=editions.ALL[game_seed % 6], seed=game_seed)
        state = game.initial_state()
        while not state.is_over and time.perf_counter() - start < seconds:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            done += 1
        game_seed += 1
    return done / (time.perf_counter() - start)


def chess_plies(seconds: float, seed: int = 0) -> float:
    """Random legal plies per second with python-chess (legal move generation + push)."""
    rng = random.Random(seed)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and time.perf_counter() - start < seconds:
            board.push(rng.choice(list(board.legal_moves)))
            done += 1
    return done / (time.perf_counter() - start)


def armata_games(heroes: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Complete random games per second with ``heroes`` heroes, and their mean length in decisions."""
    rng = random.Random(seed)
    games, decisions, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        game = Game.new(HEROES[:heroes], ruleset=editions.PEG19_EN, seed=seed + games)
        state = game.initial_state()
        while not state.is_over:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    args = parser.parse_args()
    # A run takes about four times --seconds: a progress bar on standard error (when it is a terminal) counts the
    # six measurements, and each result is printed as soon as it is known.
    with progress("benchmarking", 6) as advance:
        ours = armata_decisions(args.seconds)
        advance()
        print(f"armata-rules  {ours:10.0f} decisions/s (random legal play, every preset, 2-5 heroes)", flush=True)
        theirs = chess_plies(args.seconds)
        advance()
        print(f"python-chess  {theirs:10.0f} plies/s     (random legal play)", flush=True)
        print(f"ratio         {ours / theirs:10.3f} (armata-rules / python-chess)", flush=True)
        for heroes in (2, 3, 4, 5):
            rate, length = armata_games(heroes, args.seconds / 2)
            advance()
            print(f"{heroes} heroes      {rate:10.2f} complete games/s ({length:.0f} decisions a game)", flush=True)


if __name__ == "__main__":
    main()
