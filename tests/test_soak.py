"""A slice of the soak (``make soak`` plays a million decisions): every preset, 2-5 heroes, three bots, every
invariant after every decision; and the soak itself can fail."""

from __future__ import annotations

import os

import pytest

from armata_rules.sim import soak as soak_module
from armata_rules.sim.soak import soak

SLICE = 200_000 if os.environ.get("ARMATA_HYPOTHESIS_PROFILE") == "soak" else 12_000


def test_a_slice_of_the_soak_sees_nothing_wrong() -> None:
    report = soak(SLICE, seed=1)
    assert report.clean, "\n".join(report.lines())
    assert report.decisions == SLICE
    assert report.games >= 12
    assert {"step", "end_move", "choose_card", "pass", "use_ability", "attack_strigoi"} <= set(report.kinds)


def test_the_soak_reports_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = (("never-true", "a check that always fails", lambda ctx, state: False),)
    monkeypatch.setattr(soak_module, "CONCRETE_ONLY", broken)
    report = soak(200, seed=3)
    assert not report.clean
    assert report.violations == 200
    assert any("never-true" in p for p in report.problems)


def test_the_soak_reports_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*args: object) -> bool:
        raise RuntimeError("boom")

    broken = (("explodes", "a check that raises", explode),)
    monkeypatch.setattr(soak_module, "CONCRETE_ONLY", broken)
    with pytest.raises(RuntimeError):  # a checker failure is not an engine crash: it propagates
        soak(10, seed=3)
