"""The seeded generator that resolves chance: ``uniform(seed, counter)``, splitmix64 on 128-bit Python integers.

It is kept out of the compiled build on purpose. CPython checks for signals inside a long multiplication; a
Ctrl-C that lands there makes the multiplication fail with ``KeyboardInterrupt``, and mypyc's integer operations
take any failure of a big-integer operation for an exhausted memory and abort the process ("fatal: out of memory",
status -6) instead of raising. Interpreted, the same interrupt is an ordinary ``KeyboardInterrupt`` that the
command line turns into status 130 (``tests/test_chance_generator.py`` sends signals into it to check).
"""

from __future__ import annotations

__all__ = ["uniform"]

_MASK = 0xFFFFFFFFFFFFFFFF


def uniform(seed: int, counter: int) -> float:
    """A uniform number in [0, 1) from ``(seed, counter)``: splitmix64, identical on every platform."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z / 2**64
