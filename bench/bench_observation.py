"""The learning adapters' observation in live play: a whole observation encoded at every decision, against each
seat's vector kept up to date part by part (:class:`armata_rules.observation_vector.SeatVector`, what the adapters
use), side by side in one process.

Both observe random games as PettingZoo's AEC environment does: at every decision, the deciding seat's vector of a
state the engine has just made (so nothing of it was seen before, as in training). The two take whole games in
turns, each game played by one of them only, until each has had ``--seconds`` of CPU time a run; only the
observation calls are timed (``time.perf_counter_ns`` around each). Printed: the microseconds per observation of
each, the median and range over ``--runs`` runs, their ratio, and the build. Nothing is asserted.

    .venv/bin/python bench/bench_observation.py               # pure build
    make compiled && .venv/bin/python bench/bench_observation.py && make clean-compiled
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from armata_rules import build
from armata_rules.adapters.table import Table
from armata_rules.engine import Game
from armata_rules.state import GameState

HEROES = ("Attila", "Roel", "Matthew", "Charles", "Falk Maria")  # OpenSpiel's seating

Observer = Callable[[Game, GameState, int], np.ndarray]


def _game(table: Table, observe: Observer, seed: int, budget_ns: int) -> tuple[int, int]:
    """One random game to its end, observed at every decision: the observation nanoseconds and their count."""
    rng = random.Random(seed)
    game = table.game(seed)
    state = game.initial_state()
    spent = count = 0
    while not state.is_over and spent < budget_ns:
        seat = state.to_act.seats[0]
        start = time.perf_counter_ns()
        observe(game, state, seat)
        spent += time.perf_counter_ns() - start
        count += 1
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return spent, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per side and run (default 3)")
    parser.add_argument("--runs", type=int, default=5, help="runs (default 5)")
    parser.add_argument("--heroes", type=int, default=4, help="heroes at the table (default 4)")
    args = parser.parse_args()
    table = Table(HEROES[: args.heroes])
    sides: dict[str, Observer] = {
        "encode(observe()) at every decision": lambda g, s, k: table.encoder.encode(g.observation(s, k)),
        "SeatVector, part by part": table.vector,
    }
    figures: dict[str, list[float]] = {name: [] for name in sides}
    seed = 0
    for _ in range(args.runs):
        spent = dict.fromkeys(sides, 0)
        counts = dict.fromkeys(sides, 0)
        cpu = dict.fromkeys(sides, 0.0)
        while min(cpu.values()) < args.seconds:
            for name, observe in sides.items():
                start = time.process_time()
                ns, count = _game(table, observe, seed, int(args.seconds * 1e9))
                cpu[name] += time.process_time() - start
                spent[name] += ns
                counts[name] += count
                seed += 1
        for name in sides:
            figures[name].append(spent[name] / max(counts[name], 1) / 1000)
    runs = f"median (range) of {args.runs} runs"
    print(f"observation of the deciding seat, {args.heroes} heroes, µs per decision: {runs}")
    for name, values in figures.items():
        print(f"  {name:<38} {statistics.median(values):6.1f} ({min(values):.1f}-{max(values):.1f})")
    first, second = figures.values()
    ratios = [a / b for a, b in zip(first, second, strict=True)]
    print(f"  ratio {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})")
    print(f"build: {build.describe()}")


if __name__ == "__main__":
    main()
