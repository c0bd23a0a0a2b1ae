"""The rule registry's own contract: what :func:`rule` and :func:`interpretation` record, what they refuse, and the
one line a :class:`RuleViolation` prints.

The engine's rules register themselves at import, so their registration is never re-run by the scenario tests; these
tests call the registry on a fresh table, where a wrong field, a lost refusal or another message shows."""

from __future__ import annotations

import os

import pytest

from armata_rules.rules import registry
from armata_rules.rules.registry import Interpretation, Rule, RuleViolation, interpretation, rule


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Rule], dict[str, Interpretation]]:
    """Empty registries for the test, the engine's own left as they are."""
    rules: dict[str, Rule] = {}
    interpretations: dict[str, Interpretation] = {}
    monkeypatch.setattr(registry, "REGISTRY", rules)
    monkeypatch.setattr(registry, "INTERPRETATIONS", interpretations)
    return rules, interpretations


def test_a_rule_is_recorded_with_every_field_and_the_module_that_defines_it(
    fresh: tuple[dict[str, Rule], dict[str, Interpretation]],
) -> None:
    rules, _ = fresh
    made = rule(
        "test.step",
        "A step",
        ("peg19.en:764", "peg19.de:176"),
        "A hero steps to a free space.",
        readings=("movement",),
        interpretations=("no-diagonal",),
    )
    # under mutation testing a trampoline calls ``rule``, so the caller one frame up is mutmut's, not this module
    module = "mutmut.mutation.trampoline" if "MUTANT_UNDER_TEST" in os.environ else __name__
    assert made == Rule(
        "test.step",
        "A step",
        ("peg19.en:764", "peg19.de:176"),
        "A hero steps to a free space.",
        ("movement",),
        ("no-diagonal",),
        module,
    )
    assert rules == {"test.step": made} and rules["test.step"] is made


def test_a_rule_defined_twice_or_citing_nothing_is_refused(
    fresh: tuple[dict[str, Rule], dict[str, Interpretation]],
) -> None:
    rules, _ = fresh
    first = rule("test.once", "Once", ("peg19.en:760",), "Once.")
    with pytest.raises(ValueError) as twice:
        rule("test.once", "Again", ("peg19.en:761",), "Again.")
    assert str(twice.value) == "rule 'test.once' is defined twice"
    assert rules == {"test.once": first}
    with pytest.raises(ValueError) as bare:
        rule("test.bare", "Bare", (), "Cites nothing.")
    assert str(bare.value) == "rule 'test.bare' cites no clause"
    assert "test.bare" not in rules


def test_an_interpretation_is_recorded_and_a_second_one_of_the_same_id_refused(
    fresh: tuple[dict[str, Rule], dict[str, Interpretation]],
) -> None:
    _, interpretations = fresh
    made = interpretation("test-reading", "A topic", "What the engine does.", "Why.", ("peg19.en:972", "sb19.en:560"))
    assert made == Interpretation(
        "test-reading", "A topic", "What the engine does.", "Why.", ("peg19.en:972", "sb19.en:560")
    )
    assert interpretations == {"test-reading": made}
    with pytest.raises(ValueError) as twice:
        interpretation("test-reading", "Another", "Other.", "Because.", ("peg19.en:973",))
    assert str(twice.value) == "interpretation 'test-reading' is defined twice"
    assert interpretations["test-reading"] is made


def test_a_rule_violation_prints_the_rule_its_clauses_and_the_problem_on_one_line() -> None:
    broken = Rule("move.step", "Step", ("peg19.en:764", "sb19.en:314"), "Steps.")
    refusal = RuleViolation(broken, "E:1,0 is taken", action="the action")
    assert str(refusal) == "move.step (peg19.en:764, sb19.en:314): E:1,0 is taken"
    assert (refusal.rule, refusal.rule_id, refusal.clauses) == (broken, "move.step", ("peg19.en:764", "sb19.en:314"))
    assert (refusal.message, refusal.action) == ("E:1,0 is taken", "the action")
    assert RuleViolation(broken, "no action").action is None
