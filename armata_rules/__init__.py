"""armata-rules: the rules of the cooperative board game *Armata Strigoi* as a typed, verified Python engine.

>>> from armata_rules import Game, editions
>>> game = Game.new(heroes=["Attila", "Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=7)
>>> state = game.initial_state()
>>> state.to_act.decision
'place_ladder'
"""

from armata_rules import editions
from armata_rules.actions import Action
from armata_rules.components.icons import Hero
from armata_rules.engine import Game, GameSetupError
from armata_rules.rules.registry import RuleViolation
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__version__ = "0.1.0"

__all__ = ["Action", "Game", "GameSetupError", "GameState", "Hero", "RuleViolation", "Ruleset", "editions"]
