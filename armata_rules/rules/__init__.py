"""The rules: one module per rulebook section, each rule a guard and an effect citing its clauses.

Importing this package registers every rule and every frame handler.
"""

from armata_rules.rules import (  # noqa: F401  (registration)
    abilities,
    awards,
    discards,
    encounters,
    fights,
    loot,
    movement,
    round,
    setup,
    strigoi,
    wounds,
)
from armata_rules.rules.handlers import HANDLERS, Refusal
from armata_rules.rules.registry import (
    INTERPRETATIONS,
    REGISTRY,
    EngineInvariantError,
    Interpretation,
    Rule,
    RuleViolation,
)

__all__ = [
    "HANDLERS",
    "INTERPRETATIONS",
    "REGISTRY",
    "EngineInvariantError",
    "Interpretation",
    "Refusal",
    "Rule",
    "RuleViolation",
]
