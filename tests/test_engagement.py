"""One encounter or Strigoi fight per turn (peg19.en:801): proved over the guard kernel, and the control caught."""

from __future__ import annotations

from armata_rules.verify.engagement import ENGAGEMENT_CONTROL, prove_one_engagement


def test_one_engagement_per_turn_is_proved() -> None:
    results = prove_one_engagement()
    assert len(results) == 4
    assert all(r.status == "proved" for r in results), results


def test_a_guard_that_ignores_the_flag_gets_a_counterexample() -> None:
    failing = [r for r in prove_one_engagement(ENGAGEMENT_CONTROL[2]) if r.status == "counterexample"]
    assert {r.transition for r in failing} == {"flip or peek at an encounter", "attack a Strigoi from the fight phase"}
    assert all(r.counterexample["engaged"] == "True" for r in failing)
