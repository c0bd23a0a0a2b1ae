"""Batch simulation: play complete games with bots and summarise them.

A game is named by a :class:`GameSpec` (ruleset, heroes, seed, bot, caps) and is a pure function of it: the same
spec gives the same :class:`GameResult`, final state hash included, in any process and on any backend
(:mod:`armata_rules.sim.backends`). A game that does not end is cut at ``max_rounds`` or ``max_decisions`` and
reported ``unfinished``; a game the engine cannot continue (an internal error, no legal action) is reported as
``error`` with the reason, so one defect does not sink a study and is never hidden either.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from armata_rules.actions import Action
from armata_rules.engine import Game
from armata_rules.records import GameRecord
from armata_rules.sim.bots import make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = [
    "HERO_NAMES",
    "GameResult",
    "GameSpec",
    "SimulationSummary",
    "play",
    "play_game",
    "simulate",
    "summarise",
]

HERO_NAMES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")

#: Outcomes a result can have: the two endings of the rules, a game cut by a cap, and a game the engine broke off.
OUTCOMES = ("powerwolf_win", "strigoi_win", "unfinished", "error")


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything that decides how one simulated game goes."""

    ruleset: Ruleset
    heroes: int
    seed: int
    bot: str = "greedy"
    max_rounds: int = 60
    max_decisions: int = 10_000

    @property
    def key(self) -> str:
        """A stable id of this spec (readings, not the ruleset's name): stored results are matched on it."""
        data = {
            "readings": {k: v.value for k, v in sorted(self.ruleset.readings().items())},
            "heroes": self.heroes,
            "seed": self.seed,
            "bot": self.bot,
            "max_rounds": self.max_rounds,
            "max_decisions": self.max_decisions,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game went. ``record`` is the game's record as JSON text, kept only when asked for."""

    seed: int
    heroes: int
    outcome: str
    rounds: int
    decisions: int
    blood_lost: int
    ended_by: str
    final_hash: str
    preset: str = ""
    readings: dict[str, str] = field(default_factory=dict)
    bot: str = "greedy"
    key: str = ""
    record: str | None = field(default=None, compare=False, repr=False)

    @property
    def powerwolf_won(self) -> bool:
        """Whether the heroes won."""
        return self.outcome == "powerwolf_win"

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the result (without the record)."""
        return {
            "seed": self.seed,
            "preset": self.preset,
            "heroes": self.heroes,
            "bot": self.bot,
            "outcome": self.outcome,
            "rounds": self.rounds,
            "decisions": self.decisions,
            "blood_lost": self.blood_lost,
            "ended_by": self.ended_by,
            "final_hash": self.final_hash,
        }


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


def _ending(state: GameState) -> str:
    if state.outcome is None:
        return "round limit"
    if state.outcome.value == "powerwolf_win":
        return "Supreme Strigoi defeated"
    return "inferno full"


def play(spec: GameSpec, keep_record: bool = False) -> GameResult:
    """Play the game ``spec`` names, every hero by ``spec.bot``; with ``keep_record``, keep its record as JSON."""
    game = Game.new(HERO_NAMES[: spec.heroes], ruleset=spec.ruleset, seed=spec.seed)
    player = make_bot(spec.bot, random.Random(spec.seed))
    state = game.initial_state()
    played: list[Action] = []
    outcome: str | None = None
    ending = ""
    try:
        while not state.is_over and state.round <= spec.max_rounds:
            if len(played) >= spec.max_decisions:
                outcome, ending = "unfinished", "decision cap"
                break
            actions = game.legal_actions(state)
            if not actions:
                outcome, ending = "error", f"no legal action in round {state.round}"
                break
            action = player.choose(game, state, actions)
            state = game.apply(state, action)
            played.append(action)
    except Exception as err:  # an engine defect: reported with the game, never swallowed silently
        outcome, ending = "error", f"{type(err).__name__}: {err}"
    if outcome is None:
        outcome = "unfinished" if state.outcome is None else state.outcome.value
        ending = _ending(state)
    record = json.dumps(GameRecord.of(game, played, state).to_json(), indent=1) if keep_record else None
    return GameResult(
        spec.seed,
        spec.heroes,
        outcome,
        state.round,
        len(played),
        state.blood.inferno,
        ending,
        state.hash(),
        spec.ruleset.name,
        {k: v.value for k, v in spec.ruleset.readings().items()},
        spec.bot,
        spec.key,
        record,
    )


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
    from armata_rules.sim.backends import run_specs

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
