"""One encounter and at most one Strigoi attack per turn, in that order (peg19.en:801; peg19.fr:1895, peg19.es:2372
for the options that let an attack follow the encounter): proved over the guard kernels for every option of the
``strigoi_after_encounter`` reading, and the control caught."""

from __future__ import annotations

import pytest

from armata_rules import effects
from armata_rules.variants import StrigoiAfterEncounter
from armata_rules.verify.engagement import ENGAGEMENT_CONTROL, prove_one_engagement

_TRANSITIONS = {
    "start of a turn",
    "stop on an encounter space",
    "flip or peek at the encounter",
    "attack a Strigoi from the fight phase",
    "decline a peeked monster (Stealth)",
}


@pytest.mark.clauses("peg19.en:801", "peg19.en:880", "peg19.fr:1895", "peg19.es:2372", "peg19.es:2369")
def test_one_engagement_per_turn_is_proved_for_every_option() -> None:
    results = prove_one_engagement()
    assert all(r.status == "proved" for r in results), results
    by_option = {
        option: {r.transition for r in results if r.variant == f"engagement ({option.value})"}
        for option in StrigoiAfterEncounter
    }
    assert by_option[StrigoiAfterEncounter.ONE] == _TRANSITIONS
    assert by_option[StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI] == _TRANSITIONS
    assert by_option[StrigoiAfterEncounter.MONSTER_THEN_STRIGOI] == _TRANSITIONS | {"a Monk ends the turn's fights"}


def test_guards_that_ignore_the_flags_get_counterexamples_under_every_option() -> None:
    guard = ENGAGEMENT_CONTROL[2]
    failing = [r for r in prove_one_engagement(guard, guard) if r.status == "counterexample"]
    for option in StrigoiAfterEncounter:
        assert {r.transition for r in failing if r.variant == f"engagement ({option.value})"} == {
            "stop on an encounter space",
            "flip or peek at the encounter",
            "attack a Strigoi from the fight phase",
        }
    assert all(r.counterexample["engaged"] == "True" for r in failing)


def test_an_attack_kernel_that_ignores_the_encounter_flag_lets_a_second_attack_follow_it() -> None:
    """Under the French and Spanish options only: the attack after the encounter is the one the flag allows."""

    def any_time_after(engaged: object, encountered: object, after: object, *ops: object) -> object:
        return effects.may_attack_strigoi(engaged, True, after, *ops)  # type: ignore[arg-type]

    failing = {r.variant for r in prove_one_engagement(may_attack=any_time_after) if r.status == "counterexample"}
    assert failing == {"engagement (encounter_then_strigoi)", "engagement (monster_then_strigoi)"}
