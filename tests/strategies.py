"""Hypothesis strategies shared by the tests: fortress states on the bundled layout."""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from armata_rules.board import Fortress, FortressState, default_layout


@cache
def default_fortress() -> Fortress:
    """The bundled layout, compiled once per test session."""
    return Fortress(default_layout())


@st.composite
def fortress_states(draw: st.DrawFn, collapses: bool = True) -> FortressState:
    """Any rotations, any ladders placed, and (optionally) some collapsed platforms."""
    fortress = default_fortress()
    rotations = tuple(draw(st.integers(0, 5)) for _ in fortress.platform_rooms)
    collapsed = frozenset(draw(st.sets(st.sampled_from(fortress.platform_rooms)))) if collapses else frozenset()
    ladders = frozenset(draw(st.sets(st.sampled_from(sorted(fortress.ladder_sites)), max_size=5)))
    return FortressState(rotations, collapsed, ladders)
