"""Engine speed of two commits, measured side by side: the gate of a refactoring that must not slow the engine.

Each commit is checked out in a worktree of its own (``git worktree add --detach`` under a temporary folder), built
(``--build compiled`` compiles it with mypyc in place, as ``make compiled`` does; ``pure`` builds nothing), and
measured as ``bench/bench_engine.py`` measures: armata-rules decisions per CPU second over python-chess plies per
CPU second, in one process, taking turns. The two commits alternate for ``--rounds`` rounds of ``--runs`` runs each,
so a slow spell of a shared machine falls on both; each commit's ratio is reported as the median and the range over
all its runs (never the best run), and the change of the median. Nothing is asserted.

    .venv/bin/python bench/compare_commits.py d40345c HEAD --build compiled

The measuring code is this checkout's (``bench_engine.side_by_side`` and its streams); only the package under
measure comes from each worktree. The worktrees sit in a temporary folder beside a link to this checkout's
``../shared`` (the compiled build reads the rulebooks from there), and are removed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Run inside a worktree: RUNS ratios of SECONDS per side, printed as a JSON list.
_MEASURE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import bench_engine as b
from rich.progress import Progress
runs, seconds = int(sys.argv[2]), float(sys.argv[3])
errors = b.Errors()
ratios = []
with Progress(transient=True, disable=True) as progress:
    for run in range(runs):
        with b.measuring(progress, "ratio", seconds) as clock:
            rates = b.side_by_side(clock, {"chess": b.chess_plies(run), "armata": b.armata_decisions(errors, run)})
        ratios.append(rates["armata"] / rates["chess"])
print(json.dumps({"ratios": ratios, "build": __import__("armata_rules.build").build.describe()}))
"""


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def _build(tree: Path) -> None:
    """Compile ``tree``'s hot modules in place with mypyc (the build ``make compiled`` makes)."""
    env = os.environ | {"HATCH_BUILD_HOOK_ENABLE_MYPYC": "true"}
    wheels = tree / "build" / "wheels"
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(wheels)]
    subprocess.run([*command, "."], cwd=tree, env=env, check=True)


def _measure(tree: Path, build: str, runs: int, seconds: float) -> tuple[list[float], str]:
    env = os.environ | {"PYTHONPATH": str(tree), "ARMATA_BUILD": build}
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(HERE), str(runs), str(seconds)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return list(found["ratios"]), str(found["build"]).split(" (")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit before the change")
    parser.add_argument("head", nargs="?", default="HEAD", help="the commit after it (default HEAD)")
    parser.add_argument("--build", choices=("compiled", "pure"), default="compiled")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each measuring both commits (default 3)")
    parser.add_argument("--runs", type=int, default=3, help="runs per commit and round (default 3)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per side and run (default 2)")
    args = parser.parse_args()
    commits = {name: _git("rev-parse", "--short", rev) for name, rev in (("base", args.base), ("head", args.head))}
    with tempfile.TemporaryDirectory(prefix="armata-compare-") as folder:
        trees = {name: Path(folder) / name for name in commits}
        shared = ROOT.parent / "shared"
        if shared.is_dir():  # the wheel's build reads the rulebooks from ../shared, beside each worktree
            (Path(folder) / "shared").symlink_to(shared)
        try:
            for name, commit in commits.items():
                _git("worktree", "add", "--detach", str(trees[name]), commit)
                if args.build == "compiled":
                    print(f"building {name} ({commit}) with mypyc ...", flush=True)
                    _build(trees[name])
            ratios: dict[str, list[float]] = {name: [] for name in commits}
            builds: dict[str, str] = {}
            for round_ in range(1, args.rounds + 1):
                for name, commit in commits.items():
                    found, builds[name] = _measure(trees[name], args.build, args.runs, args.seconds)
                    ratios[name] += found
                    shown = " ".join(f"{r:.2f}" for r in found)
                    print(f"round {round_} {name} ({commit}): {shown}", flush=True)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=False)
    for name, values in ratios.items():
        print(
            f"{name} {commits[name]}: ratio to python-chess {statistics.median(values):.2f} "
            f"(range {min(values):.2f}-{max(values):.2f}, {len(values)} runs); {builds[name]}"
        )
    change = statistics.median(ratios["head"]) / statistics.median(ratios["base"]) - 1
    print(f"change of the median: {change:+.1%}")


if __name__ == "__main__":
    main()
