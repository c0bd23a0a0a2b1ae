"""armata-rules: the rules of the cooperative board game *Armata Strigoi* as a typed, verified Python engine.

>>> from armata_rules import Game, editions
>>> game = Game.new(heroes=["Attila", "Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=7)
>>> state = game.initial_state()
>>> state.to_act.decision
'place_ladder'

The names below are imported on first use (PEP 562), so that ``import armata_rules.entry`` (the command line's
entry point) costs nothing and a Ctrl-C during the heavy imports is handled like any other (exit 130, one line).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from armata_rules import editions
    from armata_rules.actions import Action
    from armata_rules.components.icons import Hero
    from armata_rules.engine import Game, GameSetupError
    from armata_rules.rules.registry import RuleViolation
    from armata_rules.state import GameState
    from armata_rules.variants import Ruleset

__version__ = "0.1.0"

__all__ = ["Action", "Game", "GameSetupError", "GameState", "Hero", "RuleViolation", "Ruleset", "editions"]

#: Where each public name lives.
_HOMES = {
    "Action": "armata_rules.actions",
    "Game": "armata_rules.engine",
    "GameSetupError": "armata_rules.engine",
    "GameState": "armata_rules.state",
    "Hero": "armata_rules.components.icons",
    "RuleViolation": "armata_rules.rules.registry",
    "Ruleset": "armata_rules.variants",
}


def __getattr__(name: str) -> object:
    """Import a public name (or the ``editions`` module) on first use."""
    if name == "editions":
        return importlib.import_module("armata_rules.editions")
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'armata_rules' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
