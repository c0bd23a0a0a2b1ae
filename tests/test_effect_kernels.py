"""The effect kernels on plain integers, at their edges: the same functions the engine executes and the Z3 proofs
reason about, so an edge that play rarely reaches (an empty supply, the exact third wound point) is pinned here.

peg19.en:780 and peg19.en:880 (a blood point goes from the supply to the altar, up to its cap), peg19.en:870 (a lost
blood point goes to the inferno, from the altar or else the supply), peg19.en:868-872 (the third wound point costs a
blood point and every wound token is discarded).
"""

from __future__ import annotations

import pytest

from armata_rules.effect_values import GainBlood, LoseBlood, MoveBlood, Pool
from armata_rules.effects import blood_step, wound_step


@pytest.mark.clauses("peg19.en:780", "peg19.en:880")
@pytest.mark.parametrize(
    ("supply", "altar", "after"),
    [
        (5, 2, (4, 3, 1)),  # one point from the supply to the altar
        (0, 2, (0, 2, 1)),  # an empty supply gives nothing: no point appears from nowhere
        (5, 5, (5, 5, 1)),  # the altar at its cap takes no more
        (1, 4, (0, 5, 1)),  # the last point of the supply fills the altar to its cap
    ],
)
def test_a_gained_blood_point_moves_from_the_supply_to_the_altar_up_to_its_cap(
    supply: int, altar: int, after: tuple[int, int, int]
) -> None:
    assert blood_step(GainBlood(cap=5), supply, altar, 1) == after


@pytest.mark.clauses("peg19.en:870")
@pytest.mark.parametrize(("supply", "altar", "after"), [(4, 2, (4, 1, 2)), (4, 0, (3, 0, 2))])
def test_a_lost_blood_point_goes_to_the_inferno_from_the_altar_or_else_the_supply(
    supply: int, altar: int, after: tuple[int, int, int]
) -> None:
    assert blood_step(LoseBlood(), supply, altar, 1) == after


def test_a_moved_blood_point_moves_only_if_its_pool_has_one() -> None:
    assert blood_step(MoveBlood(Pool.SUPPLY, Pool.INFERNO), 3, 1, 2) == (2, 1, 3)
    assert blood_step(MoveBlood(Pool.SUPPLY, Pool.INFERNO), 0, 1, 2) == (0, 1, 2)


@pytest.mark.clauses("peg19.en:868", "peg19.en:870", "peg19.en:872")
@pytest.mark.parametrize(
    ("points", "value", "after"),
    [
        (0, 1, (1, False)),
        (1, 1, (2, False)),
        (2, 1, (0, True)),
        (1, 2, (0, True)),
        (2, 2, (0, True)),
        (0, 0, (0, False)),
    ],
)
def test_the_third_wound_point_clears_the_wounds(points: int, value: int, after: tuple[int, bool]) -> None:
    """Below three points the wound points add up; at three or more they are cleared (every wound token discarded)
    and the step says it was the third."""
    assert wound_step(points, value) == after
