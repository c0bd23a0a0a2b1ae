"""Batches of complete games of any game on the kernel, each named by a :class:`Spec` and a pure function of it.

A spec names the game by id, its setup arguments (what the definition's ``setup`` hook takes, as JSON data), the
bot and the seed of the bot's generator, and a cap on decisions. :func:`play` gives the same :class:`Result` for the
same spec in any process, final state hash included. A game that does not end within the cap is ``unfinished``; one
the engine cannot continue (a live state with no legal action, an internal error) is ``error`` with the reason, so
one defect neither sinks a batch nor hides. :func:`summarise` totals a batch by outcome.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from armata_rules.kernel.games import load
from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import Engine, set_up
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.records import Record
from armata_rules.kernel.sim.backends import iter_results
from armata_rules.kernel.sim.bots import Policy, make_bot

__all__ = ["ERROR", "UNFINISHED", "Result", "Spec", "Summary", "play", "run", "summarise"]

#: The outcome of a game cut by the cap on decisions, and of a game the engine broke off.
UNFINISHED = "unfinished"
ERROR = "error"


@dataclass(frozen=True, slots=True)
class Spec:
    """Everything that decides how one simulated game goes."""

    game: str
    setup: Mapping[str, object]
    seed: int = 0
    bot: str = "random"
    max_decisions: int = 100_000

    @property
    def key(self) -> str:
        """A stable id of this spec (results are matched on it)."""
        data = {
            "game": self.game,
            "setup": dict(self.setup),
            "seed": self.seed,
            "bot": self.bot,
            "max_decisions": self.max_decisions,
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:24]


@dataclass(frozen=True, slots=True)
class Result:
    """How one game went: its outcome (the game's outcome value, :data:`UNFINISHED` or :data:`ERROR`), its length,
    each seat's return, the final state's hash, and the record (JSON text) when asked for."""

    key: str
    outcome: str
    decisions: int
    rounds: int
    returns: tuple[float, ...]
    final_hash: str
    error: str = ""
    record: str = field(default="", compare=False)


@dataclass(frozen=True, slots=True)
class Summary:
    """Totals over a batch: games by outcome, mean decisions and rounds, mean return of seat 0."""

    games: int
    outcomes: dict[str, int]
    mean_decisions: float
    mean_rounds: float
    mean_return: float

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "games": self.games,
            "outcomes": self.outcomes,
            "mean_decisions": round(self.mean_decisions, 1),
            "mean_rounds": round(self.mean_rounds, 2),
            "mean_return": round(self.mean_return, 3),
        }


def play(
    spec: Spec,
    *,
    lookup: Callable[[str], GameDefinition[Any, Any]] = load,
    bots: Mapping[str, Callable[[], Policy]] | None = None,
    keep_record: bool = False,
) -> Result:
    """Play ``spec`` to its end (or its cap) with its bot deciding every seat; chance by the game's own seed."""
    definition = lookup(spec.game)
    if definition.setup is None:
        raise ValueError(f"game {spec.game} defines no setup from arguments: it cannot be simulated")
    engine = Engine(definition, set_up(definition, spec.setup))
    bot = make_bot(spec.bot, bots)
    rng = random.Random(spec.seed)
    state = engine.initial_state()
    taken: list[Action] = []
    problem = ""
    try:
        while state.outcome is None and len(taken) < spec.max_decisions:
            actions = engine.legal_actions(state)
            if not actions:
                decision = state.frames[-1].to_act().decision if state.frames else "(no frame)"
                problem = f"no legal action at {decision}, yet the game is not over"
                break
            action = bot.choose(engine, state, actions, rng)
            state = engine.apply(state, action)
            taken.append(action)
    except Exception as err:  # reported as the game's outcome, never hidden
        problem = f"{type(err).__name__}: {str(err)[:300]}"
    if problem:
        outcome = ERROR
    elif state.outcome is None:
        outcome = UNFINISHED
    else:
        outcome = str(state.outcome.value)
    returns = definition.returns(engine.ctx, state) if definition.returns is not None else ()
    record = ""
    if keep_record and definition.setup_json is not None:
        record = json.dumps(Record.of(engine, taken, state).to_json())
    return Result(spec.key, outcome, len(taken), state.round, tuple(returns), state.hash(), problem, record)


def run(
    specs: Iterable[Spec],
    *,
    lookup: Callable[[str], GameDefinition[Any, Any]] = load,
    bots: Mapping[str, Callable[[], Policy]] | None = None,
    progress: Callable[[Result], None] | None = None,
    keep_record: bool = False,
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> list[Result]:
    """Play every spec on ``backend`` (:mod:`~armata_rules.kernel.sim.backends`: this process by default, or
    ``workers`` local processes, or Ray) and return the results in spec order; ``progress`` is told of each result as
    it comes. For worker processes ``lookup`` and ``bots`` must be picklable (module-level functions, or objects)."""
    kept = list(specs)
    player = functools.partial(play, lookup=lookup, bots=bots, keep_record=keep_record)
    found: dict[str, Result] = {}
    results = iter_results(player, kept, backend, workers, address)
    try:
        for result in results:
            found[result.key] = result
            if progress is not None:
                progress(result)
    finally:
        results.close()
    return [found[spec.key] for spec in kept]


def summarise(results: Iterable[Result]) -> Summary:
    """Games by outcome (sorted by name), mean decisions, rounds and seat 0's return."""
    kept = list(results)
    n = max(1, len(kept))
    return Summary(
        len(kept),
        dict(sorted(Counter(result.outcome for result in kept).items())),
        sum(result.decisions for result in kept) / n,
        sum(result.rounds for result in kept) / n,
        sum(result.returns[0] if result.returns else 0.0 for result in kept) / n,
    )
