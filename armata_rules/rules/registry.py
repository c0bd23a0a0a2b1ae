"""The rule registry: every rule the engine enforces, with the clauses it implements and the readings it reads.

One source of truth: error messages (:class:`RuleViolation`), the docs, the ambiguity report and the proof table all
read this registry. A test checks that every cited clause exists in the rulebooks and in ``spec/``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TypeVar

from armata_rules.errors import EngineInvariantError, expect, present

__all__ = [
    "INTERPRETATIONS",
    "REGISTRY",
    "EngineInvariantError",
    "Interpretation",
    "Rule",
    "RuleViolation",
    "expect",
    "interpretation",
    "present",
    "rule",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule: ``id``, a title, the clauses it implements (every language checked), what it does in plain words,
    the ruleset readings it depends on and the interpretations it makes where the text is silent."""

    id: str
    title: str
    clauses: tuple[str, ...]
    summary: str
    readings: tuple[str, ...] = ()
    interpretations: tuple[str, ...] = ()
    module: str = ""


@dataclass(frozen=True, slots=True)
class Interpretation:
    """A decision the engine makes where every source is silent, with its reasoning and the clauses involved."""

    id: str
    topic: str
    decision: str
    reasoning: str
    clauses: tuple[str, ...]


REGISTRY: dict[str, Rule] = {}
INTERPRETATIONS: dict[str, Interpretation] = {}


def rule(
    id: str,
    title: str,
    clauses: tuple[str, ...],
    summary: str,
    *,
    readings: tuple[str, ...] = (),
    interpretations: tuple[str, ...] = (),
) -> Rule:
    """Define and register a rule (ids are unique)."""
    if id in REGISTRY:
        raise ValueError(f"rule {id!r} is defined twice")
    if not clauses:
        raise ValueError(f"rule {id!r} cites no clause")
    module = sys._getframe(1).f_globals.get("__name__", "")
    new = Rule(id, title, clauses, summary, readings, interpretations, module)
    REGISTRY[id] = new
    return new


def interpretation(id: str, topic: str, decision: str, reasoning: str, clauses: tuple[str, ...]) -> Interpretation:
    """Define and register an interpretation."""
    if id in INTERPRETATIONS:
        raise ValueError(f"interpretation {id!r} is defined twice")
    new = Interpretation(id, topic, decision, reasoning, clauses)
    INTERPRETATIONS[id] = new
    return new


class RuleViolation(Exception):
    """An illegal action: names the rule it breaks, the clauses of that rule and what was wrong.

    The state the action was tried on is untouched (states are immutable).
    """

    def __init__(self, rule: Rule, message: str, action: object = None) -> None:
        super().__init__(f"{rule.id} ({', '.join(rule.clauses)}): {message}")
        self.rule = rule
        self.rule_id = rule.id
        self.clauses = rule.clauses
        self.message = message
        self.action = action
