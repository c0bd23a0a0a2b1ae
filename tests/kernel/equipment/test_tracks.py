"""Clamped tracks, their bands and unlock levels: the value classes, their errors, and their agreement with the int
kernels."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.tracks import Bands, Thresholds, Track, at_floor, clamp_step, in_band, reached

VEIL = Track(0, 6)


def test_a_step_stops_at_the_ends() -> None:
    assert VEIL.step(6, 1) == 6  # strengthening a full veil does nothing
    assert VEIL.step(5, 3) == 6
    assert VEIL.step(2, -5) == 0
    assert VEIL.step(3, -1) == 2
    assert VEIL.at_bottom(0) and not VEIL.at_bottom(1)
    assert VEIL.at_top(6) and not VEIL.at_top(5)


def test_bad_tracks_and_values_are_refused() -> None:
    with pytest.raises(ValueError, match=r"low end 3 is above its high end 2"):
        Track(3, 2)
    with pytest.raises(ValueError, match=r"value 7 is off the track 0..6"):
        VEIL.step(7, -1)
    with pytest.raises(ValueError, match=r"a step on a track must be a whole number, got 1.5"):
        VEIL.step(3, 1.5)  # type: ignore[arg-type]


def test_bands_say_which_band_a_value_is_in() -> None:
    bands = Bands(Track(1, 6), (1, 4), ("bottom right", "bottom left"))
    assert [bands.band(value) for value in range(1, 7)] == ["bottom right"] * 3 + ["bottom left"] * 3
    assert bands.span(0) == (1, 3) and bands.span(1) == (4, 6)
    relics = Bands(Track(0, 9), (0, 2, 5), ("none", "one", "two"))  # 0 below 2, 1 from 2, 2 from 5
    assert [relics.index(victims) for victims in range(10)] == [0, 0, 1, 1, 1, 2, 2, 2, 2, 2]


def test_bad_bands_are_refused() -> None:
    with pytest.raises(ValueError, match=r"the first band must start at the track's low end 0"):
        Bands(VEIL, (1, 4), ("a", "b"))
    with pytest.raises(ValueError, match=r"band starts must rise within 0..6"):
        Bands(VEIL, (0, 4, 4), ("a", "b", "c"))
    with pytest.raises(ValueError, match=r"band starts must rise within 0..6"):
        Bands(VEIL, (0, 7), ("a", "b"))
    with pytest.raises(ValueError, match=r"one distinct name per start"):
        Bands(VEIL, (0, 4), ("a",))
    with pytest.raises(ValueError, match=r"band index 2 is outside 0..1"):
        Bands(VEIL, (0, 4), ("a", "b")).span(2)


def test_thresholds_unlock_at_their_level() -> None:
    actions = Thresholds.of({"move": 0, "hunt": 1, "wild_hunt": 4, "dark": 6, "seal": 9})
    assert actions.available(0) == ("move",)
    assert actions.available(6) == ("dark", "hunt", "move", "wild_hunt")
    assert actions.unlocked("dark", 6) and not actions.unlocked("dark", 5)
    assert actions.level("seal") == 9
    with pytest.raises(ValueError, match=r"nothing called 'ritual' unlocks on this track"):
        actions.unlocked("ritual", 9)


@given(st.integers(-5, 5), st.integers(0, 6), st.integers(-20, 20), st.data())
def test_the_track_agrees_with_the_kernel_and_a_plain_clamp(
    lo: int, width: int, delta: int, data: st.DataObject
) -> None:
    track = Track(lo, lo + width)
    value = data.draw(st.integers(track.lo, track.hi))
    assert (
        track.step(value, delta)
        == clamp_step(value, delta, track.lo, track.hi)
        == max(lo, min(lo + width, value + delta))
    )
    assert track.at_bottom(value) == at_floor(value, track.lo)


@given(st.lists(st.integers(1, 4), min_size=0, max_size=4), st.integers(0, 20), st.data())
def test_exactly_one_band_holds_each_value(gaps: list[int], length: int, data: st.DataObject) -> None:
    starts = [0]
    for gap in gaps:
        starts.append(starts[-1] + gap)
    track = Track(0, starts[-1] + length)
    bands = Bands(track, tuple(starts), tuple(f"b{i}" for i in range(len(starts))))
    value = data.draw(st.integers(track.lo, track.hi))
    holding = [i for i in range(len(starts)) if in_band(value, bands.span(i)[0], bands.span(i)[1] + 1)]
    assert holding == [bands.index(value)]
    low, high = bands.span(bands.index(value))
    assert low <= value <= high


@given(st.integers(-10, 10), st.integers(-10, 10))
def test_thresholds_agree_with_the_kernel(value: int, level: int) -> None:
    assert Thresholds.of({"x": level}).unlocked("x", value) == reached(value, level) == (value >= level)
