"""``make bench`` runs to the end on the build under test (it once crashed in random play, and once on the compiled
build's memory figure): a short run, checked for its whole table and for no engine error."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_benchmark_runs_to_the_end() -> None:
    command = [sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--seconds", "0.2", "--sample-games", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for line in (
        "ratio armata / chess",
        "4-hero games/s",
        "apply alone/s",
        "bytes per state kept",
        "raw engine decisions/s",
        "encoder µs/observation",
    ):
        assert line in done.stdout, line
    for module, row, name in (
        ("pettingzoo", "PettingZoo AEC steps/s", "PettingZoo"),
        ("gymnasium", "Gymnasium steps/s", "Gymnasium"),
        ("pyspiel", "OpenSpiel decisions/s", "OpenSpiel"),
    ):  # each adapter is measured, or said to be missing its extra
        expected = row if importlib.util.find_spec(module) is not None else f"{name}: pip install"
        assert expected in done.stdout, expected
    assert "no engine errors in random play" in done.stdout


def test_the_costs_by_kind_of_decision_are_tabled() -> None:
    """``bench/decision_costs.py`` (in ``make profile``) times random play by kind of decision and tables it."""
    command = [sys.executable, str(ROOT / "bench" / "decision_costs.py"), "--seconds", "0.2", "--runs", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Engine time by kind of decision" in done.stdout and "build: " in done.stdout
    assert "MoveFrame" in done.stdout and "Step" in done.stdout  # the commonest kind is always met


def test_the_copies_a_decision_makes_are_counted_or_the_compiled_build_is_named() -> None:
    """``bench/state_copies.py`` counts the copies of immutable values by class, kind of decision and place on the
    pure build; the compiled build copies inside compiled modules, and the script says so in one line."""
    from armata_rules import build

    command = [sys.executable, str(ROOT / "bench" / "state_copies.py"), "--decisions", "1500", "--top", "3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    if build.compiled_modules():
        assert done.returncode == 1 and "the compiled build copies inside compiled modules" in done.stderr
        return
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("1500 decisions; one game-state copy ")
    by_class = lines[lines.index("copies a decision, by class copied") + 1]
    assert by_class.split()[1] == "GameState" and float(by_class.split()[0]) > 1.0  # every apply copies the state
    assert "MoveFrame (" in done.stdout and "FightPhase (" in done.stdout
    assert done.stdout.count("rules/") >= 1 and "build: pure Python" in done.stdout


def test_two_commits_are_compared_side_by_side() -> None:
    """``bench/compare_commits.py`` (the 5% gate of the kernel's extraction) runs on the pure build: both commits
    measured in worktrees of their own, a median and range each, the change, and the worktrees removed again."""
    if not (ROOT / ".git").exists():
        import pytest

        pytest.skip("not a git checkout")
    command = [
        sys.executable,
        str(ROOT / "bench" / "compare_commits.py"),
        "HEAD",
        "HEAD",
        "--build",
        "pure",
        "--rounds",
        "1",
        "--runs",
        "1",
        "--seconds",
        "0.1",
    ]
    before = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "base " in done.stdout and "head " in done.stdout and "change of the median:" in done.stdout
    after = subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert after == before


def test_the_observation_benchmark_runs_to_the_end() -> None:
    """``bench/bench_observation.py`` (issue 31: a whole observation against the seat vectors, in live play)."""
    command = [sys.executable, str(ROOT / "bench" / "bench_observation.py"), "--seconds", "0.1", "--runs", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for line in ("encode(observe()) at every decision", "SeatVector, part by part", "ratio", "build: "):
        assert line in done.stdout, line
