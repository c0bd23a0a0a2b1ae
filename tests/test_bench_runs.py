"""``make bench`` runs to the end on the build under test (it once crashed in random play, and once on the compiled
build's memory figure): a short run, checked for its whole table and for no engine error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_benchmark_runs_to_the_end() -> None:
    command = [sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--seconds", "0.2", "--sample-games", "2"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    for line in ("ratio armata / chess", "4-hero games/s", "apply alone/s", "bytes per state kept"):
        assert line in done.stdout, line
    assert "no engine errors in random play" in done.stdout
