"""Bots and batch simulation: game specs, backends (local processes, Ray), Parquet results, the reading study."""

from armata_rules.sim.bots import BOTS, Bot, GreedyBot, RandomBot, make_bot
from armata_rules.sim.runner import GameResult, GameSpec, SimulationSummary, play, play_game, simulate, summarise

__all__ = [
    "BOTS",
    "Bot",
    "GameResult",
    "GameSpec",
    "GreedyBot",
    "RandomBot",
    "SimulationSummary",
    "make_bot",
    "play",
    "play_game",
    "simulate",
    "summarise",
]
