"""The rule registry: every rule the engine enforces, with the clauses it implements and the readings it reads.

One source of truth: error messages (:class:`RuleViolation`), the docs, the ambiguity report and the proof table all
read this registry. A test checks that every cited clause exists in the rulebooks and in ``spec/``.

The machinery is the kernel's (:mod:`armata_rules.kernel.play.registry`); Armata's rules live in its rule book
:data:`RULES`. :data:`REGISTRY` and :data:`INTERPRETATIONS` are read-only views of it, and :func:`rule` and
:func:`interpretation` are its methods (so a rule still takes the module that calls them as its own).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from armata_rules.errors import EngineInvariantError, expect, present
from armata_rules.kernel.play.registry import Interpretation, Rule, RuleBook, RuleViolation

__all__ = [
    "INTERPRETATIONS",
    "REGISTRY",
    "RULES",
    "EngineInvariantError",
    "Interpretation",
    "Rule",
    "RuleViolation",
    "expect",
    "interpretation",
    "present",
    "rule",
]

#: Armata's rule book.
RULES: Final = RuleBook("armata_strigoi")

#: Every rule of Armata, by id (a read-only view of :data:`RULES`).
REGISTRY: Final[Mapping[str, Rule]] = RULES.rules
#: Every interpretation of Armata, by id (a read-only view of :data:`RULES`).
INTERPRETATIONS: Final[Mapping[str, Interpretation]] = RULES.interpretations

#: Define and register one of Armata's rules (ids are unique).
rule = RULES.rule
#: Define and register one of Armata's interpretations.
interpretation = RULES.interpretation
