"""The rule books' own contract: what :meth:`RuleBook.rule` and :meth:`RuleBook.interpretation` record, what they
refuse, and the one line a :class:`RuleViolation` prints; and Armata's registry as views of its own book.

The engine's rules register themselves at import, so their registration is never re-run by the scenario tests; these
tests call a fresh book, where a wrong field, a lost refusal or another message shows."""

from __future__ import annotations

import os
from types import MethodType

import pytest

from armata_rules import engine
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.rules import registry
from armata_rules.rules.registry import Interpretation, Rule, RuleViolation


@pytest.fixture
def book() -> RuleBook:
    """An empty rule book for the test, Armata's own left as it is."""
    return RuleBook("test_game")


def test_a_rule_is_recorded_with_every_field_and_the_module_that_defines_it(book: RuleBook) -> None:
    made = book.rule(
        "test.step",
        "A step",
        ("peg19.en:764", "peg19.de:176"),
        "A hero steps to a free space.",
        readings=("movement",),
        interpretations=("no-diagonal",),
    )
    assert made == Rule(
        "test.step",
        "A step",
        ("peg19.en:764", "peg19.de:176"),
        "A hero steps to a free space.",
        ("movement",),
        ("no-diagonal",),
        __name__,
    )
    assert dict(book.rules) == {"test.step": made} and book.rules["test.step"] is made
    assert book.qualified("test.step") == "test_game:test.step"
    with pytest.raises(KeyError):
        book.qualified("test.none")


def test_a_rule_defined_twice_or_citing_nothing_is_refused(book: RuleBook) -> None:
    first = book.rule("test.once", "Once", ("peg19.en:760",), "Once.")
    with pytest.raises(ValueError) as twice:
        book.rule("test.once", "Again", ("peg19.en:761",), "Again.")
    assert str(twice.value) == "rule 'test.once' is defined twice"
    assert dict(book.rules) == {"test.once": first}
    with pytest.raises(ValueError) as bare:
        book.rule("test.bare", "Bare", (), "Cites nothing.")
    assert str(bare.value) == "rule 'test.bare' cites no clause"
    assert "test.bare" not in book.rules


def test_an_interpretation_is_recorded_and_a_second_one_of_the_same_id_refused(book: RuleBook) -> None:
    made = book.interpretation(
        "test-reading", "A topic", "What the engine does.", "Why.", ("peg19.en:972", "sb19.en:560")
    )
    assert made == Interpretation(
        "test-reading", "A topic", "What the engine does.", "Why.", ("peg19.en:972", "sb19.en:560")
    )
    assert dict(book.interpretations) == {"test-reading": made}
    with pytest.raises(ValueError) as twice:
        book.interpretation("test-reading", "Another", "Other.", "Because.", ("peg19.en:973",))
    assert str(twice.value) == "interpretation 'test-reading' is defined twice"
    assert book.interpretations["test-reading"] is made


def test_two_books_may_use_one_id(book: RuleBook) -> None:
    other = RuleBook("other_game")
    mine = book.rule("setup.components", "Mine", ("a.en:1",), "Mine.")
    theirs = other.rule("setup.components", "Theirs", ("b.pl:1",), "Theirs.")
    assert book.rules["setup.components"] is mine and other.rules["setup.components"] is theirs
    assert book.qualified("setup.components") != other.qualified("setup.components")


def test_armata_registry_is_a_read_only_view_of_its_book() -> None:
    """REGISTRY and INTERPRETATIONS follow Armata's book and refuse writes; ``rule`` and ``interpretation`` are the
    book's own methods, so each of Armata's rules names the module that defines it."""
    assert isinstance(registry.rule, MethodType) and registry.rule.__self__ is registry.RULES
    assert isinstance(registry.interpretation, MethodType) and registry.interpretation.__self__ is registry.RULES
    assert registry.REGISTRY is registry.RULES.rules and registry.INTERPRETATIONS is registry.RULES.interpretations
    assert registry.REGISTRY["game.over"] is engine.GAME_OVER and engine.GAME_OVER.module == "armata_rules.engine"
    if os.environ.get("ARMATA_BUILD") != "compiled":  # a compiled module has no Python frame to read
        assert registry.REGISTRY["setup.components"].module == "armata_rules.rules.setup"
    with pytest.raises(TypeError):
        registry.REGISTRY["game.over"] = registry.REGISTRY["game.over"]  # type: ignore[index]


def test_a_rule_violation_prints_the_rule_its_clauses_and_the_problem_on_one_line() -> None:
    broken = Rule("move.step", "Step", ("peg19.en:764", "sb19.en:314"), "Steps.")
    refusal = RuleViolation(broken, "E:1,0 is taken", action="the action")
    assert str(refusal) == "move.step (peg19.en:764, sb19.en:314): E:1,0 is taken"
    assert (refusal.rule, refusal.rule_id, refusal.clauses) == (broken, "move.step", ("peg19.en:764", "sb19.en:314"))
    assert (refusal.message, refusal.action) == ("E:1,0 is taken", "the action")
    assert RuleViolation(broken, "no action").action is None
