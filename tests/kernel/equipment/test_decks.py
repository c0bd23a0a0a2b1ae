"""The segmented deck: cards drawn from the current segment's candidates, the timer, and its agreement with the
draw kernel; a blind k-of-n deal and the draw at each reveal give every ordered hand alike."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.decks import Segment, SegmentedDeck, draw_counts


def _events() -> SegmentedDeck:
    return SegmentedDeck.build(
        [("I", ["i1", "i2", "i3"], 2), ("II", ["ii1", "ii2", "ii3"], 2), ("III", ["iii1", "iii2", "iii3"], 2)]
    )


def test_cards_come_from_the_top_segment_first_and_the_timer_runs_down() -> None:
    deck = _events()
    assert deck.cards_left == 6 and deck.current == 0 and not deck.empty
    assert deck.candidates() == ("i1", "i2", "i3")
    deck, card = deck.draw(2)
    assert card == "i3" and deck.cards_left == 5 and deck.candidates() == ("i1", "i2")
    deck, card = deck.draw(0)
    assert card == "i1" and deck.current == 1 and deck.current_segment is deck.segments[1]
    assert deck.segments[0] == Segment("I", ("i2",), 0)  # i2 stayed in the box
    seen = []
    while not deck.empty:
        deck, card = deck.draw(0)
        seen.append(card)
    assert seen == ["ii1", "ii2", "iii1", "iii2"]
    assert deck.cards_left == 0 and deck.current is None and deck.current_segment is None


def test_bad_decks_and_draws_are_refused() -> None:
    with pytest.raises(ValueError, match=r"segment 'I': 4 cards cannot be drawn from 3 candidates"):
        SegmentedDeck.build([("I", ["a", "b", "c"], 4)])
    with pytest.raises(ValueError, match=r"segment 'I': the count must be a whole number >= 0, got -1"):
        SegmentedDeck.build([("I", ["a"], -1)])
    with pytest.raises(ValueError, match=r"cards \['a'\] are candidates of two segments"):
        SegmentedDeck.build([("I", ["a", "b"], 1), ("II", ["a"], 1)])
    with pytest.raises(ValueError, match=r"segment labels must be distinct"):
        SegmentedDeck.build([("I", ["a"], 1), ("I", ["b"], 1)])
    with pytest.raises(ValueError, match=r"card choice 3 is outside the 3 candidates"):
        _events().draw(3)
    empty = SegmentedDeck.build([("I", ["a"], 0)])
    with pytest.raises(ValueError, match=r"the deck is empty: no card can be revealed"):
        empty.draw(0)


def test_drawing_at_each_reveal_deals_every_ordered_hand_alike() -> None:
    """Two cards of four, drawn one reveal at a time with each candidate as likely: each of the 12 ordered pairs
    comes up on exactly one branch of equal weight, as a blind deal of 2 from a shuffled 4 would give."""
    deck = SegmentedDeck.build([("I", ["a", "b", "c", "d"], 2)])
    hands: Counter[tuple[str, str]] = Counter()
    for first in range(4):
        after, one = deck.draw(first)
        for second in range(3):
            _, two = after.draw(second)
            hands[(one, two)] += 1
    assert set(hands) == set(itertools.permutations("abcd", 2)) and set(hands.values()) == {1}


@given(st.lists(st.integers(0, 4), min_size=1, max_size=4), st.data())
def test_a_draw_agrees_with_the_draw_kernel(counts: list[int], data: st.DataObject) -> None:
    extra = [data.draw(st.integers(0, 2)) for _ in counts]  # candidates beyond the cards to draw
    piles = [(f"s{i}", [f"s{i}c{j}" for j in range(count + extra[i])], count) for i, count in enumerate(counts)]
    deck = SegmentedDeck.build(piles)
    if deck.empty:
        assert draw_counts(deck.counts) == deck.counts  # an empty deck stays empty
        return
    current = deck.current
    assert current is not None
    choice = data.draw(st.integers(0, len(deck.candidates()) - 1))
    after, card = deck.draw(choice)
    assert after.counts == draw_counts(deck.counts)
    assert after.cards_left == deck.cards_left - 1
    assert card == deck.candidates()[choice] and card.startswith(f"s{current}c")
    assert card not in after.segments[current].candidates
