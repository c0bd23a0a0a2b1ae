"""The engine's rules against the text: every clause a rule cites resolves and a scenario test cites it too (its
``@pytest.mark.clauses`` marker), every marker resolves through :mod:`armata_rules.wladcy_nocy.texts`, and every
clause of the text is implemented by a rule or listed as informative, but for the ones named here."""

from __future__ import annotations

import ast
from pathlib import Path

import armata_rules.wladcy_nocy.game  # noqa: F401  (defines every rule)
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.spec import load_informative
from armata_rules.wladcy_nocy.texts import coverage, rulebook

TESTS = Path(__file__).resolve().parent
#: Clauses no rule implements yet: none (Nevena's event card, wn.pl:626-628, is the rule events.place_only).
UNIMPLEMENTED: set[str] = set()


def _markers() -> list[tuple[str, str]]:
    """Every ``wn.`` citation of a clauses marker in this folder's tests, with its test."""
    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Attribute)
                    and decorator.func.attr == "clauses"
                ):
                    found += [(f"{path.name}::{node.name}", arg.value) for arg in decorator.args  # type: ignore[attr-defined]
                              if isinstance(arg, ast.Constant) and str(arg.value).startswith("wn.")]  # fmt: skip
    return found


def test_every_clause_marker_resolves_through_the_text() -> None:
    found = _markers()
    assert len(found) > 300
    book = rulebook()
    for test, citation in found:
        assert book.resolve(citation), f"{test}: {citation}"


def test_a_scenario_test_cites_every_clause_every_rule_cites() -> None:
    book = rulebook()
    tested = {line for _, citation in _markers() for line in book.resolve(citation)}
    missing = [
        f"{rule.id}: {citation}"
        for rule in RULES.rules.values()
        for citation in rule.clauses
        if not {line for line in book.resolve(citation) if book.line(line).strip()} <= tested
    ]
    assert missing == []
    assert len(RULES.rules) >= 60


def test_every_clause_is_implemented_by_a_rule_or_informative_but_the_unimplemented() -> None:
    book = rulebook()
    cited = {line for rule in RULES.rules.values() for citation in rule.clauses for line in book.resolve(citation)}
    informative = {line for citation in load_informative().clauses for line in book.resolve(citation)}
    uncovered = {clause.id for clause in coverage(cited | informative, book.clauses)}
    assert uncovered == UNIMPLEMENTED
    assert len(book.clauses) == 332
