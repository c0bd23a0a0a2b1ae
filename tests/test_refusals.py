"""Every legal decision is enumerated and every other one refused, with the rule it breaks, on states of real play.

For states met along seeded games of every preset (both chance modes), every legal action is changed one field at
a time to each value the legal actions of that state (or of the game so far) use for that field: the changed action
must apply exactly when it is itself listed, and otherwise raise :class:`RuleViolation` naming a registered rule,
its clauses and a one-line message, with the state untouched. What each rule's refusals say, and the game's log,
must match the record in ``tests/data/golden/refusals.json`` (regenerate: ``make golden``). Deterministic, so a
guard that stops refusing, refuses in the name of no rule, or says something else, is caught every run (the
mutation run counts on it).
"""

from __future__ import annotations

import json

import pytest

from armata_rules.rules import REGISTRY
from tests import golden
from tests.refusals import GAMES, record, states, tried


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_an_action_applies_exactly_when_it_is_listed_and_is_refused_by_a_rule_otherwise(index: int) -> None:
    refused = applied = 0
    messages: dict[str, set[str]] = {}
    before = {id(state): state.hash() for state in states(index)[1]}
    for one in tried(index):
        if one.refusal is not None:
            refusal = one.refusal
            assert not one.listed, f"{one.action} is listed yet refused: {refusal}"
            assert REGISTRY.get(refusal.rule_id) is refusal.rule, refusal
            assert refusal.clauses and refusal.message and "\n" not in str(refusal)
            messages.setdefault(refusal.rule_id, set()).add(str(refusal))
            refused += 1
        else:
            assert one.listed, f"{one.action} is not listed at {one.state.to_act} yet was applied"
            applied += 1
    assert all(state.hash() == before[id(state)] for state in states(index)[1])
    assert refused > 500 and applied > 50, (refused, applied)
    expected = json.loads(golden.REFUSALS.read_text(encoding="utf-8"))[str(index)]
    found = record(index, messages)
    for rule in sorted(set(expected["refusals"]) | set(found["refusals"])):  # type: ignore[call-overload]
        was, now = expected["refusals"].get(rule), found["refusals"].get(rule)  # type: ignore[attr-defined]
        assert now == was, f"game {index}: the refusals of {rule} changed: {now} where the record has {was}"
    assert found["log"] == expected["log"], f"game {index}: the log changed (if intended: `make golden`)"
