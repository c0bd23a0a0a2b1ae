"""Ranking functions (:mod:`armata_rules.kernel.verify.ranking`): a lexicographic variant that falls and stays
non-negative is proved; one that stays, rises or goes negative gets a model a person can read; the order is the
lexicographic one, first component most significant."""

from __future__ import annotations

import pytest
import z3

from armata_rules.kernel.equipment.tracks import clamp_step
from armata_rules.kernel.verify.ranking import find_rise, lex_less, read, values


def _valid(claim: z3.BoolRef) -> bool:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    return bool(solver.check() == z3.unsat)


def test_the_order_is_lexicographic_with_the_first_component_most_significant() -> None:
    one, two, nine = z3.IntVal(1), z3.IntVal(2), z3.IntVal(9)
    assert _valid(lex_less((one, nine), (two, z3.IntVal(0))))
    assert _valid(z3.Not(lex_less((two, z3.IntVal(0)), (one, nine))))
    assert _valid(lex_less((one, one), (one, two)))
    assert _valid(z3.Not(lex_less((one, two), (one, two))))  # strict


def test_variants_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="lengths 1 and 2"):
        lex_less((z3.IntVal(0),), (z3.IntVal(0), z3.IntVal(1)))
    with pytest.raises(ValueError, match="lengths 0 and 0"):
        lex_less((), ())


def test_a_countdown_guarded_at_zero_falls_and_one_without_its_guard_goes_negative() -> None:
    x = z3.Int("x")
    assert find_rise([x >= 0, x >= 1], (x,), (x - 1,)) is None
    found = find_rise([x >= 0], (x,), (x - 1,))
    assert found is not None
    assert read(found, {"x": x}) == {"x": "0"}


def test_a_lower_component_may_grow_when_a_higher_one_falls() -> None:
    a, b = z3.Ints("a b")
    domain = [a >= 0, b >= 0]
    assert find_rise([*domain, a >= 1], (a, b), (a - 1, b + 100)) is None
    found = find_rise(domain, (a, b), (a, b + 1))
    assert found is not None
    assert values(found, (z3.IntVal(3), z3.IntVal(0))) == "('3', '0')"
    assert set(read(found, {"a": a, "b": b})) == {"a", "b"}


def test_a_kept_fact_that_fails_is_a_counterexample_too() -> None:
    steps = z3.Int("steps")
    assert find_rise([steps >= 1], (steps,), (steps - 1,), also=(steps - 1 >= 0,)) is None
    assert find_rise([steps >= 0], (steps + 1,), (steps,), also=(steps - 1 >= 0,)) is not None


def test_a_clamped_track_that_counts_up_to_its_cap_terminates_and_one_past_it_does_not() -> None:
    """The distance to a track's cap ranks a walk up the track: the kernel's clamp keeps it falling."""
    track, cap = z3.Int("track"), z3.IntVal(5)
    up = clamp_step(track, z3.IntVal(1), z3.IntVal(0), cap, z3.If)
    hypotheses = [track >= 0, track <= 5, track < 5]
    assert find_rise(hypotheses, (cap - track,), (cap - up,)) is None
    unclamped = track + 1
    assert find_rise([track >= 0, track <= 5], (cap - track,), (cap - unclamped,)) is not None
