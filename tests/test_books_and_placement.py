"""Books (which way a letter points, with rotation) and ladder placement under both readings."""

from __future__ import annotations

import pytest

from armata_rules.board import (
    BookTarget,
    BookTargetKind,
    LadderPlacement,
    book_direction,
    book_target,
    legal_ladder_sites,
)
from tests.strategies import default_fortress


def test_books_of_the_centre_room_point_at_each_outer_room() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    targets = {letter: book_target(fortress, state, "C", letter).room for letter in "ABCDEF"}
    assert targets == {"A": "NE", "B": "SE", "C": "S", "D": "SW", "E": "NW", "F": "N"}


def test_a_book_on_a_platform_turns_with_it() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    assert book_target(fortress, state, "NE", "E") == BookTarget(BookTargetKind.ROOM, 4, room="N")
    assert book_target(fortress, state, "NE", "D") == BookTarget(BookTargetKind.ROOM, 3, room="C")
    turned = fortress.rotated(state, "NE", 1)
    assert book_direction(fortress, turned, "NE", "E") == 5
    assert book_target(fortress, turned, "NE", "D") == BookTarget(BookTargetKind.ROOM, 4, room="N")


def test_a_book_facing_the_outside_finds_a_ladder_or_nothing() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    assert book_target(fortress, state, "NE", "A") == BookTarget(BookTargetKind.NOTHING, 0)
    with_ladder = fortress.with_ladders(state, ["NE:ladder0"])
    assert book_target(fortress, with_ladder, "NE", "A") == BookTarget(BookTargetKind.LADDER, 0, ladder="NE:ladder0")


def test_a_book_is_read_once_per_board_and_again_when_the_board_changes() -> None:
    """The reading is kept on the board's view, shared by equal board states: a platform turned round to where
    it was reads the same book, a turned one reads its own, and a refused reading is not kept."""
    fortress = default_fortress()
    state = fortress.initial_state()
    first = book_target(fortress, state, "NE", "D")
    round_trip = fortress.rotated(fortress.rotated(state, "NE", 1), "NE", 5)
    assert round_trip is not state and round_trip == state
    assert book_target(fortress, round_trip, "NE", "D") is first
    assert book_target(fortress, fortress.rotated(state, "NE", 1), "NE", "D") != first
    with pytest.raises(ValueError, match="a book letter"):
        book_target(fortress, state, "NE", "G")
    with pytest.raises(ValueError, match="a book letter"):
        book_target(fortress, state, "NE", "G")


def test_a_collapsed_room_is_still_reported_as_a_room() -> None:
    fortress = default_fortress()
    state = fortress.collapsed(fortress.initial_state(), "N")
    assert book_target(fortress, state, "NE", "E").room == "N"
    with pytest.raises(ValueError, match="collapsed"):
        book_target(fortress, state, "N", "A")


@pytest.mark.parametrize("letter", ["X", "a", "AB", ""])
def test_letters_other_than_a_to_f_are_refused(letter: str) -> None:
    fortress = default_fortress()
    with pytest.raises(ValueError, match="book letter"):
        book_direction(fortress, fortress.initial_state(), "NE", letter)


def test_ladder_placement_readings_differ() -> None:
    fortress = default_fortress()
    state = fortress.initial_state()
    away = legal_ladder_sites(fortress, state, LadderPlacement.AWAY_FROM_STRIGOI_ROOMS)
    at_corridor = legal_ladder_sites(fortress, state, LadderPlacement.AT_CORRIDOR)
    # peg19.en:716 / sb19.en:273: not in contact with the Strigoi's starting rooms (NE and SW here).
    assert not any(site.startswith(("NE:", "SW:")) for site in away)
    assert len(away) == 12
    # peg19.it:1271 / peg19.es:2273: anywhere, as long as a corridor meets the ladder.
    assert all(fortress.ladder_sites[site].entries for site in at_corridor)
    assert "NE:ladder0" in at_corridor and "NE:ladder0" not in away
    assert "N:ladder0" in away and "N:ladder0" not in at_corridor
    taken = fortress.with_ladders(state, ["N:ladder4"])
    assert "N:ladder4" not in legal_ladder_sites(fortress, taken, LadderPlacement.AT_CORRIDOR)
