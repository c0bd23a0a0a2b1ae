"""Rule books: every rule a game's engine enforces, with the clauses it implements and the readings it reads.

Each game keeps one :class:`RuleBook`, the single source of its error messages (:class:`RuleViolation`), docs,
ambiguity report and proof table. Rule ids are unique within a book; two games may use one id.

This module stays interpreted in the compiled build: :meth:`RuleBook.rule` names the module that defines a rule
from its caller's frame.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from armata_rules.kernel.core.errors import EngineInvariantError, expect, present

__all__ = [
    "EngineInvariantError",
    "Interpretation",
    "Rule",
    "RuleBook",
    "RuleViolation",
    "expect",
    "present",
]


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


class RuleBook:
    """One game's rules and interpretations, by id. :attr:`rules` and :attr:`interpretations` are read-only views
    that follow the book as rules are added."""

    def __init__(self, game: str) -> None:
        #: The id of the game the book belongs to (qualifies its rule ids where games meet).
        self.game = game
        self._rules: dict[str, Rule] = {}
        self._interpretations: dict[str, Interpretation] = {}
        #: Every rule, by id, in the order defined.
        self.rules: Mapping[str, Rule] = MappingProxyType(self._rules)
        #: Every interpretation, by id, in the order defined.
        self.interpretations: Mapping[str, Interpretation] = MappingProxyType(self._interpretations)

    def __repr__(self) -> str:
        return f"RuleBook({self.game!r}: {len(self._rules)} rules, {len(self._interpretations)} interpretations)"

    def rule(
        self,
        id: str,
        title: str,
        clauses: tuple[str, ...],
        summary: str,
        *,
        readings: tuple[str, ...] = (),
        interpretations: tuple[str, ...] = (),
    ) -> Rule:
        """Define and register a rule (ids are unique in the book). The rule's module is its caller's: call this
        directly from the module that defines the rule (the bound method adds no frame)."""
        if id in self._rules:
            raise ValueError(f"rule {id!r} is defined twice")
        if not clauses:
            raise ValueError(f"rule {id!r} cites no clause")
        module = sys._getframe(1).f_globals.get("__name__", "")
        new = Rule(id, title, clauses, summary, readings, interpretations, module)
        self._rules[id] = new
        return new

    def interpretation(
        self, id: str, topic: str, decision: str, reasoning: str, clauses: tuple[str, ...]
    ) -> Interpretation:
        """Define and register an interpretation (ids are unique in the book)."""
        if id in self._interpretations:
            raise ValueError(f"interpretation {id!r} is defined twice")
        new = Interpretation(id, topic, decision, reasoning, clauses)
        self._interpretations[id] = new
        return new

    def qualified(self, rule_id: str) -> str:
        """``GAME:RULE``, the id that names the rule where games meet (docs, findings, proof records); a
        ``KeyError`` for an id the book does not hold."""
        if rule_id not in self._rules:
            raise KeyError(f"{self.game} has no rule {rule_id!r}")
        return f"{self.game}:{rule_id}"


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
