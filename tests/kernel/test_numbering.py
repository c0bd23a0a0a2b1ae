"""The kernel's numbering of a game's actions from their list (:mod:`armata_rules.kernel.play.numbering`): a
bijection in list order, in named blocks; a repeated action, an unknown action and a number out of range are refused
with the error the kernel's ``ActionIndex`` promises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.play.actions import ChanceOutcome, Choose, Pass
from armata_rules.kernel.play.numbering import ActionNumbering
from armata_rules.kernel.testing.toy import RACE, new_context

NUMBERING = ActionNumbering(
    {
        "chance": [ChanceOutcome("roll", str(face)) for face in (1, 2, 3)],
        "seat 0": [Choose(0, "walk"), Choose(0, "roll"), Pass(0, "turn")],
        "seat 1": [Choose(1, "walk"), Choose(1, "roll")],
    }
)


def test_the_list_order_is_the_numbering_and_the_blocks_say_where_each_kind_lies() -> None:
    assert NUMBERING.num_distinct_actions == 8
    assert NUMBERING.blocks() == {"chance": range(0, 3), "seat 0": range(3, 6), "seat 1": range(6, 8)}
    assert NUMBERING.action_to_index(Choose(1, "walk")) == 6
    assert NUMBERING.index_to_action(5) == Pass(0, "turn")
    assert NUMBERING.indices([Choose(0, "roll"), ChanceOutcome("roll", "1")]) == [4, 0]
    assert ActionNumbering.of(NUMBERING.actions).actions == NUMBERING.actions


@given(st.integers(0, 7))
def test_the_two_directions_are_inverse(index: int) -> None:
    assert NUMBERING.action_to_index(NUMBERING.index_to_action(index)) == index


def test_a_repeated_action_is_refused_when_the_numbering_is_built() -> None:
    with pytest.raises(ValueError, match=r"numbered twice \(block 'seat 1'\)"):
        ActionNumbering({"seat 0": [Choose(0, "walk")], "seat 1": [Choose(1, "walk"), Choose(0, "walk")]})


@pytest.mark.parametrize("index", [-1, 8, 10**9, True, "3", 2.0, None])
def test_a_number_outside_the_numbering_is_an_index_error(index: object) -> None:
    with pytest.raises(IndexError, match=r"is outside 0\.\.7"):
        NUMBERING.index_to_action(index)  # type: ignore[arg-type]


def test_an_action_outside_the_numbering_is_a_key_error() -> None:
    with pytest.raises(KeyError, match="is not an action of this game"):
        NUMBERING.action_to_index(Choose(2, "walk"))


def test_an_empty_block_takes_no_number() -> None:
    numbering = ActionNumbering({"chance": [], "seat 0": [Pass(0, "turn")]})
    assert numbering.blocks() == {"chance": range(0, 0), "seat 0": range(0, 1)}
    assert numbering.index_to_action(0) == Pass(0, "turn")


def test_the_race_numbers_the_same_actions_as_a_numbering_of_its_list() -> None:
    """A game's own arithmetic numbering and a list numbering agree where the list is in the same order."""
    assert RACE.action_space is not None
    space = RACE.action_space(new_context(3))
    listed = ActionNumbering.of(space.index_to_action(i) for i in range(space.num_distinct_actions))
    assert listed.actions == tuple(space.index_to_action(i) for i in range(space.num_distinct_actions))
    assert all(listed.action_to_index(a) == space.action_to_index(a) for a in listed.actions)
