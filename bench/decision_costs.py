"""Where the engine's time goes, by kind of decision: for each (frame, action) pair of random play, how often it is
taken, what listing the legal actions and applying the chosen one cost, and its share of all the time.

    .venv/bin/python bench/decision_costs.py                       # pure build
    make compiled && .venv/bin/python bench/decision_costs.py && make clean-compiled

The games are ``bench/bench_engine.py``'s mix (every preset and 2 to 5 heroes in turn, random legal actions, chance
resolved by the seeded generator): each decision's ``legal_actions`` and ``apply`` are timed apart
(``time.perf_counter_ns`` around each call; an apply includes the automatic steps and chance it sets off, up to the
next decision). Printed: per kind, the median over ``--runs`` runs of its share of decisions, of its microseconds per
legal listing and per apply, and of its share of the time, with the range of the share; the build is named. Nothing
is asserted: this says where to look, and ``make bench`` says how fast.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import new_game

from armata_rules import build

#: A kind of decision: the type of the frame that decides, and the type of the action taken there.
Kind = tuple[str, str]


def timed_games(seconds: float, first_seed: int) -> tuple[dict[Kind, list[int]], int]:
    """Random games until ``seconds`` of timed engine calls: per kind, its count and the nanoseconds of its listings
    and of its applies; and the next seed."""
    rng = random.Random(first_seed)
    found: dict[Kind, list[int]] = defaultdict(lambda: [0, 0, 0])
    spent, budget, seed = 0, int(seconds * 1e9), first_seed
    clock = time.perf_counter_ns
    while spent < budget:
        game = new_game(seed)
        state = game.initial_state()
        while not state.is_over:
            frame = type(state.frames[-1]).__name__
            start = clock()
            actions = game.legal_actions(state)
            listed = clock()
            action = rng.choice(actions)
            applying = clock()
            state = game.apply(state, action)
            done = clock()
            entry = found[(frame, type(action).__name__)]
            entry[0] += 1
            entry[1] += listed - start
            entry[2] += done - applying
            spent += (listed - start) + (done - applying)
        seed += 1
    return found, seed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of timed engine calls a run (default 5)")
    parser.add_argument("--runs", type=int, default=3, help="runs (default 3)")
    parser.add_argument("--top", type=int, default=16, help="kinds printed, by share of the time (default 16)")
    args = parser.parse_args(argv)
    timed_games(min(args.seconds, 0.5), 10_000)  # warm-up: imports and first-use caches
    runs: list[dict[Kind, list[int]]] = []
    seed = 0
    for _ in range(args.runs):
        found, seed = timed_games(args.seconds, seed)
        runs.append(found)
    kinds = sorted({kind for found in runs for kind in found})
    rows = []
    for kind in kinds:
        shares, counts, listing, applying = [], [], [], []
        for found in runs:
            decisions = sum(entry[0] for entry in found.values())
            total = sum(entry[1] + entry[2] for entry in found.values())
            count, listed, applied = found.get(kind, [0, 0, 0])
            shares.append(100 * (listed + applied) / total)
            counts.append(100 * count / decisions)
            if count:
                listing.append(listed / count / 1000)
                applying.append(applied / count / 1000)
        rows.append((kind, shares, counts, listing, applying))
    rows.sort(key=lambda row: -statistics.median(row[1]))
    decisions = [sum(entry[0] for entry in found.values()) for found in runs]
    per_decision = [
        sum(entry[1] + entry[2] for entry in found.values()) / count / 1000
        for found, count in zip(runs, decisions, strict=True)
    ]
    kind_of_build = "compiled" if build.compiled_modules() else "pure"
    table = Table(
        title=f"Engine time by kind of decision ({kind_of_build} build; medians of {args.runs} runs of "
        f"{args.seconds:g} s; {statistics.median(per_decision):.1f} µs a decision, "
        f"{min(per_decision):.1f}–{max(per_decision):.1f})"
    )
    for column in ("frame", "action", "decisions %", "legal µs", "apply µs", "time %", "time % range"):
        table.add_column(column, justify="left" if column in ("frame", "action") else "right")
    for (frame, action), shares, counts, listing, applying in rows[: args.top]:
        table.add_row(
            frame,
            action,
            f"{statistics.median(counts):.1f}",
            f"{statistics.median(listing):.2f}" if listing else "-",
            f"{statistics.median(applying):.2f}" if applying else "-",
            f"{statistics.median(shares):.1f}",
            f"{min(shares):.1f}–{max(shares):.1f}",
        )
    Console(width=120).print(table)
    print(f"build: {build.describe()}")


if __name__ == "__main__":
    main()
