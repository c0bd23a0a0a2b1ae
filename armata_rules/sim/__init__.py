"""Bots and batch simulation."""

from armata_rules.sim.bots import BOTS, Bot, GreedyBot, RandomBot, make_bot
from armata_rules.sim.runner import GameResult, SimulationSummary, play_game, simulate, summarise

__all__ = [
    "BOTS",
    "Bot",
    "GameResult",
    "GreedyBot",
    "RandomBot",
    "SimulationSummary",
    "make_bot",
    "play_game",
    "simulate",
    "summarise",
]
