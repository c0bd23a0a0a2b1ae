"""One simulated game: the :class:`GameSpec` that names it, :func:`play`, and the :class:`GameResult` it gives.

A game is a pure function of its spec: the same spec gives the same result, final state hash included, in any
process and on any backend. The batch runner (:mod:`armata_rules.sim.runner`), the backends
(:mod:`armata_rules.sim.backends`) and the result store (:mod:`armata_rules.sim.store`) all build on this module,
which imports none of them; the runner re-exports its names.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field

from armata_rules.actions import Action
from armata_rules.components.icons import HERO_NAMES
from armata_rules.engine import Game
from armata_rules.records import GameRecord
from armata_rules.sim.bots import make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["OUTCOMES", "GameResult", "GameSpec", "play"]

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
