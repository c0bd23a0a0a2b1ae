"""Counted pools with caps, transfers between them, and action-point budgets: the value classes, their errors,
and their agreement with the int kernels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.counters import Budget, Pools, Transfer, check_count, spend_step, transfer_step

counts = st.integers(0, 12)


def _blood() -> Pools:
    return Pools.of({"supply": 2, "imre": 3, "mila": 4}, caps={"imre": 4, "mila": 4})


def test_a_transfer_moves_what_the_source_holds_and_the_cap_allows() -> None:
    pools = _blood()
    after, moved = pools.transfer("supply", "imre", 3)
    assert moved == 1 and after.count("imre") == 4 and after.count("supply") == 1  # capped at 4
    full, moved = after.transfer("supply", "mila", 1)
    assert moved == 0 and full == after  # mila is full: nothing moves
    after, moved = pools.transfer("imre", "supply", 9)
    assert moved == 3 and after.count("imre") == 0 and after.count("supply") == 5  # the supply has no cap
    assert after.total == pools.total == 9
    assert pools.names == ("imre", "mila", "supply")
    assert pools.cap("supply") is None and pools.cap("imre") == 4 and pools.room("imre") == 1
    assert pools.apply(Transfer("supply", "imre", 1)) == pools.transfer("supply", "imre", 1)


def test_caps_and_counts_change_only_within_their_rules() -> None:
    pools = _blood().with_cap("imre", 6)
    assert pools.room("imre") == 3
    assert pools.with_cap("imre", None).cap("imre") is None
    assert pools.with_count("supply", 7).count("supply") == 7
    with pytest.raises(ValueError, match=r"pool 'mila' holds 4, over its cap of 3"):
        _blood().with_cap("mila", 3)


def test_bad_pools_and_transfers_are_refused_with_what_and_where() -> None:
    with pytest.raises(ValueError, match=r"pool 'supply' must be a whole number >= 0, got -1"):
        Pools.of({"supply": -1})
    with pytest.raises(ValueError, match=r"a cap is set for pool 'x', which does not exist"):
        Pools.of({"supply": 1}, caps={"x": 3})
    with pytest.raises(ValueError, match=r"no pool is called 'altar' \(pools: imre, mila, supply\)"):
        _blood().transfer("supply", "altar", 1)
    with pytest.raises(ValueError, match=r"the amount moved from 'supply' to 'imre' must be a whole number >= 0"):
        _blood().transfer("supply", "imre", -2)
    with pytest.raises(ValueError, match=r"a transfer needs two pools, got 'imre' twice"):
        Transfer("imre", "imre", 1)
    with pytest.raises(ValueError, match=r"pool names must be distinct and sorted"):
        Pools((("b", 1), ("a", 1)))
    with pytest.raises(ValueError, match=r"must be a whole number >= 0, got True"):
        check_count(True, "a flag passed as a count")


@given(counts, counts, counts, counts)
def test_the_pools_agree_with_the_kernel_and_a_plain_reference(
    source: int, target: int, amount: int, room: int
) -> None:
    cap = target + room
    pools = Pools.of({"a": source, "b": target}, caps={"b": cap})
    after, moved = pools.transfer("a", "b", amount)
    assert (after.count("a"), after.count("b"), moved) == transfer_step(source, target, amount, cap)
    expected = min(amount, source, room)  # the reference: as asked, as held, as the cap leaves room
    assert moved == expected and after.count("a") == source - expected and after.count("b") == target + expected
    assert after.total == pools.total


def test_a_budget_is_spent_only_when_it_holds_enough() -> None:
    budget = Budget(2)
    assert budget.can_spend(2) and not budget.can_spend(3)
    assert budget.spend(1) == Budget(1) and budget.spend(2) == Budget(0)
    assert budget.exhaust() == Budget(0)
    with pytest.raises(ValueError, match=r"an action costing 3 points cannot be paid from a budget of 2"):
        budget.spend(3)
    with pytest.raises(ValueError, match=r"an action's cost must be a whole number >= 0, got -1"):
        budget.spend(-1)
    with pytest.raises(ValueError, match=r"an action-point budget must be a whole number >= 0, got -1"):
        Budget(-1)


@given(counts, counts)
def test_the_budget_agrees_with_the_spend_kernel(left: int, cost: int) -> None:
    after, spent = spend_step(left, cost)
    assert Budget(left).can_spend(cost) == spent == (cost <= left)
    assert after == (left - cost if spent else left) and after >= 0
    if spent:
        assert Budget(left).spend(cost).left == after
