"""Games per second on each backend: 1 and 2 local worker processes, and an embedded local Ray (``[scale]``).

Run with ``.venv/bin/python bench/bench_scale.py [GAMES]``. Ray's start-up is timed apart from the games. The
figures depend on the machine's load (CI and developers share two cores): compare them within one run only.
"""

from __future__ import annotations

import logging
import os
import sys
import time

from armata_rules import editions
from armata_rules.sim.backends import run_specs
from armata_rules.sim.runner import GameSpec


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    specs = [GameSpec(editions.PEG19_EN, 3, seed) for seed in range(games)]
    print(f"{games} games, 3 heroes, greedy bot, {os.cpu_count()} cores")
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        run_specs(specs, workers=workers)
        rates[f"local x{workers}"] = games / (time.perf_counter() - start)
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    print(f"ray start: {time.perf_counter() - start:.1f} s")
    run_specs(specs[:4], backend="ray")  # warm the workers (imports, the fortress)
    start = time.perf_counter()
    run_specs(specs, backend="ray")
    rates["ray x2 (local)"] = games / (time.perf_counter() - start)
    ray.shutdown()
    for name, rate in rates.items():
        print(f"{name:>16}: {rate:5.2f} games/s  ({rate / rates['local x1']:.2f} x local x1)")


if __name__ == "__main__":
    main()
