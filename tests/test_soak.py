"""A slice of the soak (``make soak`` plays a million decisions): every preset, 2-5 heroes, three bots, every
invariant after every decision; and the soak itself can fail."""

from __future__ import annotations

import os

import pytest

from armata_rules import Game
from armata_rules.sim import soak as soak_module
from armata_rules.sim.soak import soak
from armata_rules.state import GameState, StateFileError

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


def test_the_soak_reports_a_state_of_play_the_loader_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader's checks must accept every state of play: the soak saves and loads one every 50 decisions of a
    game, and a refusal is a violation naming the problem (it once refused a hero who leapt away after the turn's
    encounter)."""
    refused = StateFileError("saved state", "turn.encountered", "refused for the test")

    def refuse(self: Game, data: object, source: str = "") -> GameState:
        raise refused

    monkeypatch.setattr(Game, "state_from_json", refuse)
    report = soak(120, seed=3)
    assert not report.clean
    assert report.violations >= 2  # the first decision of each game, and the 51st, 101st ...
    assert all("does not load back" in p and "turn.encountered: refused for the test" in p for p in report.problems)


def test_the_soak_reports_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(*args: object) -> bool:
        raise RuntimeError("boom")

    broken = (("explodes", "a check that raises", explode),)
    monkeypatch.setattr(soak_module, "CONCRETE_ONLY", broken)
    with pytest.raises(RuntimeError):  # a checker failure is not an engine crash: it propagates
        soak(10, seed=3)


@pytest.mark.clauses("peg19.en:957", "peg19.en:959", "peg19.en:1080", "sb19.en:514")
def test_the_soak_seed_that_contradicted_the_termination_proof_is_clean() -> None:
    """``soak --decisions 100000 --seed 4000012`` met, in its 294th game (seed 4000305, sb19.en, 2 heroes, random
    bot), a protection whose transition also let a third wound through and brought an advanced card into the
    protecting hero's hand (sb19.en: earned cards join the hand at once): the old resource variant (discard,
    rebel, pool) stayed level. The variant now counts the titles still to earn first, and the proof covers that
    transition (``resource_steps``)."""
    from armata_rules import editions

    report = soak(100_000, games=[(4000305, editions.SB19_EN, 2, "random")])
    assert report.clean, "\n".join(report.lines())
    assert report.finished == 1
    assert report.kinds["protect"] > 0


@pytest.mark.clauses("peg19.en:756", "peg19.en:764", "peg19.en:765", "peg19.en:1054", "sb19.en:314", "sb19.en:638")
def test_the_ability_bot_never_meets_a_live_state_without_a_legal_action() -> None:
    """The ability bot jumps onto other Powerwolves and uses abilities mid-move. Before abilities-keep-a-way-on,
    games 2101 and 2521 (peg19.en, 5 heroes; found among 2,000 such games) reached a platform turn that left a
    jumping hero with no legal action; the soak counts that as *stuck*. Every state now has a move."""
    from armata_rules import editions

    games = [(2101, editions.PEG19_EN, 5, "abilities"), (2521, editions.PEG19_EN, 5, "abilities")]
    games += [(seed, editions.SB19_EN, 4, "abilities") for seed in range(3)]
    report = soak(100_000, games=games)
    assert report.clean, "\n".join(report.lines())
    assert report.finished == len(games)
    assert report.kinds["use_ability"] > 50
