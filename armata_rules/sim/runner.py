"""Batch simulation: play complete games with bots and summarise them.

A game is named by a :class:`GameSpec` (ruleset, heroes, seed, bot, caps) and is a pure function of it: the same
spec gives the same :class:`GameResult`, final state hash included, in any process and on any backend
(:mod:`armata_rules.sim.backends`). A game that does not end is cut at ``max_rounds`` or ``max_decisions`` and
reported ``unfinished``; a game the engine cannot continue (an internal error, no legal action) is reported as
``error`` with the reason, so one defect does not sink a study and is never hidden either.

:class:`GameSpec`, :class:`GameResult` and :func:`play` live in :mod:`armata_rules.sim.game`, below the backends
and the store, and are re-exported here; this module runs specs through the backends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from armata_rules.components.icons import HERO_NAMES
from armata_rules.sim.backends import run_specs
from armata_rules.sim.game import OUTCOMES, GameResult, GameSpec, play
from armata_rules.variants import Ruleset

__all__ = [
    "HERO_NAMES",
    "OUTCOMES",
    "GameResult",
    "GameSpec",
    "SimulationSummary",
    "play",
    "play_game",
    "simulate",
    "summarise",
]


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """Totals over many games."""

    games: int
    powerwolf_wins: int
    strigoi_wins: int
    unfinished: int
    mean_rounds: float
    mean_decisions: float
    mean_blood_lost: float
    endings: dict[str, int] = field(default_factory=dict)
    errors: int = 0

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "games": self.games,
            "powerwolf_wins": self.powerwolf_wins,
            "strigoi_wins": self.strigoi_wins,
            "unfinished": self.unfinished,
            "errors": self.errors,
            "mean_rounds": round(self.mean_rounds, 2),
            "mean_decisions": round(self.mean_decisions, 1),
            "mean_blood_lost": round(self.mean_blood_lost, 2),
            "endings": self.endings,
        }


def play_game(ruleset: Ruleset, heroes: int, seed: int, bot: str = "greedy", max_rounds: int = 60) -> GameResult:
    """One complete game (or until ``max_rounds``) with every hero played by ``bot``."""
    return play(GameSpec(ruleset, heroes, seed, bot, max_rounds))


def simulate(
    ruleset: Ruleset,
    heroes: int,
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    workers: int = 1,
    max_rounds: int = 60,
    progress: Callable[[GameResult], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    max_decisions: int = 10_000,
) -> list[GameResult]:
    """Play ``games`` games with seeds ``seed``, ``seed + 1`` ...; results in seed order, whatever the backend."""
    specs = [GameSpec(ruleset, heroes, seed + k, bot, max_rounds, max_decisions) for k in range(games)]
    return run_specs(specs, backend=backend, workers=workers, address=address, progress=progress)


def summarise(results: list[GameResult]) -> SimulationSummary:
    """Wins, losses, mean lengths and how the games ended."""
    n = max(1, len(results))
    outcomes = Counter(r.outcome for r in results)
    return SimulationSummary(
        len(results),
        outcomes["powerwolf_win"],
        outcomes["strigoi_win"],
        outcomes["unfinished"],
        sum(r.rounds for r in results) / n,
        sum(r.decisions for r in results) / n,
        sum(r.blood_lost for r in results) / n,
        dict(sorted(Counter(r.ended_by for r in results).items())),
        outcomes["error"],
    )
