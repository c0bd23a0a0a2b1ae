"""The short version of ``make fuzz`` that ``make test`` runs: a few seeded tries of every target, none of which may
end in a traceback or a hang, and proof that the fuzzer counts both when they happen."""

from __future__ import annotations

import time

import pytest

from tests import fuzz

#: Tries per target in the short run: enough to reach every kind of input each target makes, about 20 s in all.
TRIES = {
    "layout files": 400,
    "pack files": 400,
    "record files": 200,
    "state files": 1500,
    "actions": 3000,
    "scans": 30,
    "rulebook folders": 30,
    "command lines": 60,
}


@pytest.mark.parametrize("target", sorted(fuzz.TARGETS))
def test_a_short_fuzz_run_finds_no_traceback_and_no_hang(target: str) -> None:
    tally = fuzz.run(target, seed=1, tries=TRIES[target])
    assert tally.tried == TRIES[target]
    assert (tally.tracebacks, tally.hangs) == (0, 0), "\n".join(tally.failures)


def test_the_fuzzer_counts_a_traceback_and_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(one: fuzz.Try) -> None:
        raise KeyError(one.rng.random())

    def stall(one: fuzz.Try) -> None:
        time.sleep(5)

    monkeypatch.setitem(fuzz.TARGETS, "crash", (crash, 5.0))
    monkeypatch.setitem(fuzz.TARGETS, "stall", (stall, 0.2))
    crashed, stalled = fuzz.run("crash", tries=3), fuzz.run("stall", tries=2)
    assert (crashed.tried, crashed.clean, crashed.tracebacks, crashed.hangs) == (3, 0, 3, 0)
    assert (stalled.tried, stalled.clean, stalled.tracebacks, stalled.hangs) == (2, 0, 0, 2)
    assert crashed.failures[0].startswith("crash seed 0 try 0: KeyError")


def test_a_try_is_the_same_input_when_run_again() -> None:
    import random
    from pathlib import Path

    first = fuzz._argv(fuzz.Try(random.Random("7:command lines:3"), Path("/tmp")))
    again = fuzz._argv(fuzz.Try(random.Random("7:command lines:3"), Path("/tmp")))
    assert first == again
