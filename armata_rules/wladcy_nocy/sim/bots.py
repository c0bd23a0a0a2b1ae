"""Simple players of *Władcy Nocy*, for tests: a greedy one, which tries every legal action, scores the state each one
leads to and takes the best (ties broken by the order the engine lists them, so a game is a function of its seed),
and a hunter, which plays its night turns by a fixed plan (seal and begin the ritual when it may, fight revealed
agents, expose hidden ones, move toward agents, recruit while the veil is down) and every other decision greedily.
The player that plays to win is :mod:`armata_rules.wladcy_nocy.sim.ritual`'s; :data:`BOTS` offers it to the kernel's
batches and the command line as the kernel's :class:`~armata_rules.kernel.sim.bots.Policy` ``ritual``.

The score counts what brings the ritual (wn.pl:431-435) nearer: victims up to 9, seals placed, minions on the board,
the Family gathered, revealed agents within a vampire's reach, the veil and the blood. Chance is resolved by the
engine's seeded generator (``chance="auto"``), so the bot sees the outcome its action will meet: it plays legal
games that random play would not finish, to reach every ending in tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.sim import bots as kernel_bots
from armata_rules.wladcy_nocy.actions import BeginRitual, Expose, Fight, Hunt, Move, Recruit, Seal
from armata_rules.wladcy_nocy.city import neighbours
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import Turn
from armata_rules.wladcy_nocy.sim.ritual import ritual_action
from armata_rules.wladcy_nocy.state import WNOutcome, WNState

__all__ = [
    "BOTS",
    "GreedyBot",
    "HunterBot",
    "Policy",
    "RitualBot",
    "Score",
    "greedy_action",
    "hunter_action",
    "play",
    "score",
]

#: The engine a player reads: the game's own :class:`Game`, or the kernel's engine a batch sets up.
Table = Engine[WNContext, WNState]
#: A state's score for the greedy player.
Score = Callable[[Table, WNState], float]
#: A player: the action it takes in a state.
Policy = Callable[[Game, WNState], Action]
#: Victims needed to seal and to begin the ritual (wn.pl:409, wn.pl:423).
_NEEDED: Final = 9


def score(game: Table, state: WNState) -> float:
    """How good ``state`` looks for the Family (higher is better)."""
    if state.outcome is WNOutcome.RITUAL:
        return 1e9
    if state.outcome is not None:
        return -1e9
    n = game.ctx.seats
    value = 40.0 * state.veil + 30.0 * min(state.agent_pool, 5)  # agents the next cards place without cost
    value += sum(15.0 * min(v.victims, _NEEDED) + 4.0 * min(v.blood, 4) for v in state.vampires)
    value += 80.0 * sum(1 for v in state.vampires if v.seal >= 0)
    value += 3.0 * sum(d.minions for d in state.districts)
    reach = {v.cell for v in state.vampires if v.blood > 1 and v.ap > 0}
    for cell, district in enumerate(state.districts):
        near = district.revealed if cell in reach else 0
        value -= 10.0 * (district.agents - near) + 2.0 * near  # agents within a fighter's reach are half gone
    if all(v.victims >= _NEEDED for v in state.vampires):
        # the Family gathers where the minions are: every vampire counts toward the fullest district
        best = max(range(9), key=lambda c: (state.districts[c].minions, -state.districts[c].agents, -c))
        value += 20.0 * sum(1 for v in state.vampires if v.cell == best)
        value += 10.0 * min(state.districts[best].minions, n)
    return value


def greedy_action(game: Table, state: WNState, scorer: Score = score) -> Action:
    """The legal action whose next state scores best (the first listed among equals)."""
    actions = game.legal_actions(state)
    best, best_value = actions[0], float("-inf")
    for action in actions:
        value = scorer(game, game.apply(state, action))
        if value > best_value:
            best, best_value = action, value
    return best


def hunter_action(game: Table, state: WNState) -> Action:
    """The hunter's action: in its night turn the first that applies of seal or begin the ritual (wn.pl:409-425),
    hunt when down to 1 blood, fight revealed agents, expose hidden ones with 2 action points left, move to the
    neighbouring district with the most agents, recruit while the veil is below 6; else, and at every other decision,
    the greedy choice."""
    frame = state.frames[-1]
    if not isinstance(frame, Turn):
        return greedy_action(game, state)
    actions = game.legal_actions(state)
    seat = frame.seat
    vampire = state.vampires[seat]
    here = state.districts[vampire.cell]
    plan: list[Action] = [a for a in actions if isinstance(a, BeginRitual | Seal)]
    if vampire.blood <= 1:
        plan.append(Hunt(seat))
    if here.revealed and vampire.blood >= 2:
        plan.append(Fight(seat))
    if here.hidden and vampire.ap >= 2:
        plan.append(Expose(seat))
    if not here.agents:
        target = max(neighbours(vampire.cell), key=lambda cell: (state.districts[cell].agents, -cell))
        if state.districts[target].agents:
            plan.append(Move(seat, target, 0))
    if state.veil < 6:
        plan.append(Recruit(seat))
    return next((action for action in plan if action in actions), None) or greedy_action(game, state)


def play(game: Game, policy: Policy, state: WNState | None = None, limit: int = 20_000) -> WNState:
    """A whole game from ``state`` (default: the start), ``policy`` taking every decision (chance as the engine's
    mode says), to its end."""
    state = game.initial_state() if state is None else state
    for _ in range(limit):
        if state.outcome is not None:
            return state
        state = game.apply(state, policy(game, state))
    raise RuntimeError(f"the game did not end in {limit} decisions")


class RitualBot:
    """The player that plays to win (:func:`~armata_rules.wladcy_nocy.sim.ritual.ritual_action`) as a kernel
    policy: it needs no generator, so a game it plays is a function of the game's seed."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """The ritual player's action in ``state``."""
        return ritual_action(engine.ctx, state, actions)


class GreedyBot:
    """The greedy player (:func:`greedy_action`) as a kernel policy: it needs no generator either."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """The greedy player's action in ``state``."""
        return greedy_action(engine, state)


class HunterBot:
    """The hunter (:func:`hunter_action`) as a kernel policy."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """The hunter's action in ``state``."""
        return hunter_action(engine, state)


#: The game's own bots for the kernel's batches and the command line, by name, beside the kernel's
#: (:data:`armata_rules.kernel.sim.bots.BOTS`: ``first``, ``random``).
BOTS: Final[Mapping[str, Callable[[], kernel_bots.Policy]]] = {
    "greedy": GreedyBot,
    "hunter": HunterBot,
    "ritual": RitualBot,
}
