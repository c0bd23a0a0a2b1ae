"""Two-sided tokens per location: add from the pool (as many as it holds), remove, move, flip; the value class, its
errors, and its agreement with the int kernels; every change keeps the tokens in the pool and on the board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.tokens import SidedTokens, flip_step, move_step, place_step

SIDES = ("hidden", "revealed")
Cell = tuple[int, int]


def test_agents_are_placed_hidden_moved_and_revealed() -> None:
    agents: SidedTokens[Cell] = SidedTokens.start(SIDES, 5)
    agents, placed = agents.add((1, 1), "hidden", 2)
    assert placed == 2 and agents.pool == 3
    agents, placed = agents.add((0, 2), "hidden", 1)
    agents = agents.move((1, 1), (0, 0), "hidden", 1)
    assert agents.locations == ((0, 0), (0, 2), (1, 1))
    agents = agents.flip((1, 1), "hidden", "revealed")
    assert agents.count((1, 1), "revealed") == 1 and agents.count((1, 1), "hidden") == 0
    assert agents.total("hidden") == 2 and agents.total() == 3 and agents.everything == 5
    agents = agents.remove((1, 1), "revealed", 1)
    assert agents.locations == ((0, 0), (0, 2)) and agents.pool == 3  # an emptied location is left out
    agents, placed = agents.add((2, 2), "hidden", 7)
    assert placed == 3 and agents.pool == 0  # the pool ran out: the shortfall is the game's to punish
    assert agents.rows == (((0, 0), (1, 0)), ((0, 2), (1, 0)), ((2, 2), (3, 0)))
    assert agents.count((1, 2)) == 0 and agents.everything == 5


def test_tokens_at_named_locations_sort_by_name() -> None:
    minions: SidedTokens[str] = SidedTokens.start(("on",), 3)
    minions, _ = minions.add("station", "on", 2)
    minions, _ = minions.add("museum", "on", 1)
    assert minions.locations == ("museum", "station")
    assert minions.move("station", "station", "on", 1) == minions


def test_bad_tokens_and_changes_are_refused_with_what_and_where() -> None:
    agents: SidedTokens[str] = SidedTokens.start(SIDES, 2)
    agents, _ = agents.add("park", "hidden", 1)
    with pytest.raises(ValueError, match=r"2 hidden tokens were asked of 'park', which holds 1"):
        agents.move("park", "museum", "hidden", 2)
    with pytest.raises(ValueError, match=r"1 revealed tokens were asked of 'park', which holds 0"):
        agents.remove("park", "revealed", 1)
    with pytest.raises(ValueError, match=r"tokens have no side 'exhausted' \(sides: hidden, revealed\)"):
        agents.count("park", "exhausted")
    with pytest.raises(ValueError, match=r"hidden tokens added at 'park' must be a whole number >= 0, got -1"):
        agents.add("park", "hidden", -1)
    with pytest.raises(ValueError, match=r"a flip turns tokens from one side to another, got 'hidden' twice"):
        agents.flip("park", "hidden", "hidden")
    with pytest.raises(ValueError, match=r"tokens need distinct sides"):
        SidedTokens(("a", "a"), 0)
    with pytest.raises(ValueError, match=r"location 'park' has no token: leave it out"):
        SidedTokens(SIDES, 0, (("park", (0, 0)),))
    with pytest.raises(ValueError, match=r"token locations must be distinct and sorted"):
        SidedTokens(SIDES, 0, (("park", (1, 0)), ("museum", (1, 0))))
    with pytest.raises(ValueError, match=r"location 'park': one count per side"):
        SidedTokens(SIDES, 0, (("park", (1,)),))


counts = st.integers(0, 6)


@given(counts, counts, counts, counts, st.data())
def test_changes_agree_with_the_kernels_and_keep_every_token(
    pool: int, hidden: int, revealed: int, elsewhere: int, data: st.DataObject
) -> None:
    tokens: SidedTokens[str] = SidedTokens(SIDES, pool + hidden + revealed + elsewhere)
    tokens, _ = tokens.add("a", "hidden", hidden)
    tokens, _ = tokens.add("a", "revealed", revealed)
    tokens, _ = tokens.add("b", "hidden", elsewhere)
    everything = tokens.everything
    asked = data.draw(counts)
    added, placed = tokens.add("b", "revealed", asked)
    assert (added.pool, added.count("b", "revealed"), placed) == place_step(tokens.pool, 0, asked)
    assert placed == min(asked, pool)
    moved_count = data.draw(st.integers(0, hidden))
    moved = tokens.move("a", "b", "hidden", moved_count)
    assert (moved.count("a", "hidden"), moved.count("b", "hidden")) == move_step(hidden, elsewhere, moved_count)
    flipped = tokens.flip("a", "hidden", "revealed")
    assert (flipped.count("a", "hidden"), flipped.count("a", "revealed")) == flip_step(hidden, revealed)
    removed = tokens.remove("a", "revealed", revealed)
    assert removed.pool == tokens.pool + revealed
    for after in (added, moved, flipped, removed):
        assert after.everything == everything
