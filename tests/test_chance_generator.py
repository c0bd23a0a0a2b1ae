"""The seeded chance generator (``rules.settle.uniform``) is fixed for good: a game played with ``chance="auto"``
and a seed must give the same game in every version and on every platform, so a study or a bug report quoting a seed
stays valid. Its values are pinned here, and checked against a separate writing of the same mixing function (the
splitmix64 finaliser, constants from Steele, Lea and Flood 2014, applied to ``seed * phi + (counter + 1) * c1``)."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

from armata_rules.immutable import replace
from armata_rules.rules.settle import pick, uniform
from tests.scenario import game

MASK = (1 << 64) - 1
PHI, C1, C2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def reference(seed: int, counter: int) -> float:
    """The same generator, written as the finaliser's three rounds of xor-shift and multiply."""
    z = (seed * PHI + (counter + 1) * C1) % (1 << 64)
    for shift, multiplier in ((30, C1), (27, C2)):
        z = ((z ^ (z >> shift)) * multiplier) % (1 << 64)
    return (z ^ (z >> 31)) / float(1 << 64)


@pytest.mark.parametrize(
    ("seed", "counter", "value"),
    [
        (0, 0, 0.9491980975133872),
        (1, 0, 0.8934754519184257),
        (7, 3, 0.9692340518637461),
        (2**63, 12345, 0.5191515225002441),
    ],
)
def test_the_generator_gives_the_values_it_always_gave(seed: int, counter: int, value: float) -> None:
    assert uniform(seed, counter) == value


def test_the_generator_is_the_splitmix64_finaliser_on_every_seed_and_counter() -> None:
    for seed in (0, 1, 2, 7, 99, 2**32 + 5, 2**64 - 1):
        for counter in range(64):
            u = uniform(seed, counter)
            assert u == reference(seed, counter)
            assert 0.0 <= u < 1.0


def test_pick_follows_the_cumulative_probabilities() -> None:
    """An outcome is picked where the uniform number falls among the cumulative probabilities (first outcome for
    a number below its probability)."""

    state = game().initial_state()
    outcomes = [("a", 0.25), ("b", 0.5), ("c", 0.25)]
    for counter in range(200):
        u = uniform(3, counter)
        expected = "a" if u < 0.25 else "b" if u < 0.75 else "c"
        assert pick(3, replace(state, chance_count=counter), outcomes) == expected  # type: ignore[arg-type,comparison-overlap]


_INTERRUPTED_DRAWS = """
import signal, sys
from armata_rules.kernel.play.settle import uniform

class Tick(Exception):
    pass

def tick(signum, frame):
    raise Tick

signal.signal(signal.SIGALRM, tick)
signal.setitimer(signal.ITIMER_REAL, 0.0005, 0.0005)
caught = 0
while caught < 400:
    try:
        for i in range(10**9):
            uniform(i * 7919 + 2**40, i)
    except Tick:
        caught += 1
signal.setitimer(signal.ITIMER_REAL, 0)
print(caught)
"""


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs signal.setitimer (POSIX)")
def test_a_signal_during_a_draw_is_an_exception_not_an_abort() -> None:
    """Found by CI (the compiled build, Ctrl-C during ``simulate``): CPython checks for signals inside a long
    multiplication, and mypyc took the failed multiplication for exhausted memory and aborted the process ("fatal:
    out of memory", status -6). Signals every half millisecond land inside the generator's multiplications hundreds
    of times here; each must reach the caller as the handler's exception, on either build."""
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_DRAWS], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "400"
