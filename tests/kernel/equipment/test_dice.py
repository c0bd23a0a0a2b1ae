"""The shared dice pool (take, lowest, take all, refill), rolls made one die at a time, and modified values: the
value classes, their errors, and their agreement with the int kernels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.dice import (
    FACES,
    DicePool,
    Roll,
    at_least,
    at_most,
    modified,
    modify_step,
    refill_step,
    take_step,
)

values = st.lists(st.integers(1, 6), max_size=10)


def test_taking_dice_sets_them_aside_and_an_empty_pool_is_rolled_anew() -> None:
    pool = DicePool.of([6, 2, 2, 5], aside=2)
    assert pool.values == (2, 2, 5, 6) and pool.dice == 6 and pool.size == 4
    assert pool.choices() == (2, 5, 6) and pool.choices(lowest_only=True) == (2,)
    assert pool.lowest(3) == (2, 2, 5)
    after = pool.take(5)
    assert after == DicePool((2, 2, 6), 3)
    after, taken = after.take_lowest(2)
    assert taken == (2, 2) and after == DicePool((6,), 5)
    after, taken = after.take_all()
    assert taken == (6,) and after.empty and after.aside == 6
    roll = after.reroll()
    assert roll == Roll(6) and roll.outcomes() == FACES == (1, 2, 3, 4, 5, 6)
    for face in (4, 1, 3, 4, 4, 1):
        roll = roll.add(face)
    assert roll.complete and roll.faces == (1, 1, 3, 4, 4, 4)
    refilled = after.refill(roll.faces)
    assert refilled == DicePool((1, 1, 3, 4, 4, 4), 0) and refilled.dice == 6


def test_the_worked_shortfall_keeps_every_die() -> None:
    # two dice left, three agents to fight: take both, roll all six again, take one more
    pool = DicePool.of([6, 2], aside=4)
    pool, first = pool.take_all()
    pool = pool.refill([1, 1, 3, 4, 4, 4])
    pool = pool.take(4)
    assert sorted((*first, 4)) == [2, 4, 6]
    assert pool == DicePool((1, 1, 3, 4, 4), 1)


def test_modified_values_stay_on_the_faces() -> None:
    assert modified(5, 3) == 6 and modified(2, -4) == 1 and modified(3, 1) == 4
    with pytest.raises(ValueError, match=r"a modified die: die value 0 is outside 1..6"):
        modified(0, 1)
    with pytest.raises(ValueError, match=r"a die modifier must be a whole number"):
        modified(3, 0.5)  # type: ignore[arg-type]


def test_bad_pools_takes_and_rolls_are_refused_with_what_and_where() -> None:
    with pytest.raises(ValueError, match=r"the dice pool: die value 7 is outside 1..6"):
        DicePool.of([7])
    with pytest.raises(ValueError, match=r"must be sorted"):
        DicePool((3, 1))
    with pytest.raises(ValueError, match=r"the number of dice set aside must be a whole number >= 0, got -1"):
        DicePool((), -1)
    with pytest.raises(ValueError, match=r"no die in the pool \[2, 5\] shows 3"):
        DicePool.of([2, 5]).take(3)
    with pytest.raises(ValueError, match=r"a die taken from the pool: die value 9 is outside 1..6"):
        DicePool.of([2, 5]).take(9)
    with pytest.raises(ValueError, match=r"the 3 lowest dice were asked of a pool of 2"):
        DicePool.of([2, 5]).lowest(3)
    with pytest.raises(ValueError, match=r"the number of lowest dice must be a whole number >= 0, got -1"):
        DicePool.of([2, 5]).lowest(-1)
    with pytest.raises(ValueError, match=r"is not empty: it is rolled anew only when it is"):
        DicePool.of([2], 1).refill([3])
    with pytest.raises(ValueError, match=r"is not empty"):
        DicePool.of([2], 1).reroll()
    with pytest.raises(ValueError, match=r"1 values were rolled for the 2 dice set aside"):
        DicePool((), 2).refill([3])
    with pytest.raises(ValueError, match=r"a rolled die: die value 0 is outside 1..6"):
        Roll(2).add(0)
    with pytest.raises(ValueError, match=r"all 1 dice are rolled"):
        Roll(1, (3,)).add(2)
    with pytest.raises(ValueError, match=r"all 1 dice are rolled"):
        Roll(1, (3,)).outcomes()


@given(values, st.integers(0, 10), st.data())
def test_taking_agrees_with_the_take_kernel(dice: list[int], aside: int, data: st.DataObject) -> None:
    pool = DicePool.of(dice, aside)
    k = data.draw(st.integers(0, len(dice)))
    after, taken = pool.take_lowest(k)
    assert (after.size, after.aside) == take_step(pool.size, pool.aside, k)
    assert sorted((*after.values, *taken)) == sorted(dice) and after.dice == pool.dice
    assert all(kept >= low for kept in after.values for low in taken)  # the lowest were taken
    if dice:
        value = data.draw(st.sampled_from(dice))
        one = pool.take(value)
        assert (one.size, one.aside) == take_step(pool.size, pool.aside, 1)
        assert sorted((*one.values, value)) == sorted(dice)


@given(st.integers(0, 10), st.data())
def test_refilling_agrees_with_the_refill_kernel(aside: int, data: st.DataObject) -> None:
    rolled = data.draw(st.lists(st.integers(1, 6), min_size=aside, max_size=aside))
    after = DicePool((), aside).refill(rolled)
    assert (after.size, after.aside) == refill_step(0, aside)
    assert refill_step(3, aside) == (3, aside)  # a pool with dice is left alone


@given(st.integers(1, 6), st.integers(-8, 8), st.integers(-1, 8))
def test_modified_values_and_thresholds_agree_with_the_kernels(value: int, modifier: int, threshold: int) -> None:
    assert modified(value, modifier) == modify_step(value, modifier, 1, 6) == max(1, min(6, value + modifier))
    assert at_least(value, threshold) != at_most(value, threshold - 1)


@given(st.integers(0, 5), st.lists(st.integers(1, 6), max_size=5))
def test_a_roll_completes_after_one_face_per_die(count: int, faces: list[int]) -> None:
    roll = Roll(count)
    for face in faces[:count]:
        roll = roll.add(face)
    assert roll.left == count - min(count, len(faces))
    assert roll.complete == (len(faces) >= count)
    assert roll.faces == tuple(sorted(faces[:count]))
