"""The learning-agent adapters' side of ``make bench`` (issue 31): streams of random play, one step per ``next``.

Every stream plays one table (the first heroes of Attila, Roel, Matthew, Charles, Falk Maria, as OpenSpiel seats
them; the Pegasus English) and picks uniformly among the legal actions; an adapter's agent picks from its
``action_mask`` (viewed as booleans: ``nonzero`` on an ``int8`` array of 25k entries is about 13 times slower, and a
bench of the adapters should not time that). :func:`streams` returns them by name; ``bench_engine.py`` runs them side
by side in turns, several times, and prints each adapter's cost as a multiple of a raw engine decision:

- ``raw``: a raw engine decision (``legal_actions`` and ``apply``);
- ``aec``: a PettingZoo AEC step (``last()``, which observes and masks, then ``step``) of ``raw_env()``, against
  ``raw``; ``aec_wrapped``: the same through ``env()``, PettingZoo's checking wrappers around it;
- ``raw_seat``: seat 0's decisions through the engine alone, the other seats played by the random bot in between;
- ``gym``: a step of the one-seat Gymnasium environment (random bots) playing the same, against ``raw_seat``;
- ``vector``: the same through the vector environment of ``VECTOR_ENVS`` games, per game step; ``sync``: through
  Gymnasium's ``SyncVectorEnv`` of as many one-seat environments (both without copies, ``copy=False``);
- ``spiel``: an OpenSpiel player decision (``legal_actions`` and ``apply_action``, the chance nodes before it
  included), against ``raw``; ``spiel_tensor``: the same with the deciding seat's ``state.observation_tensor()``
  (a list: OpenSpiel also writes a fresh initial state's tensor at every call, to learn the shape);
  ``spiel_observer``: the same with the NumPy tensor of OpenSpiel's observer API
  (``open_spiel.python.observation.make_observation``, ``set_from``), what a learner that wants speed uses;
- ``encode``: :meth:`armata_rules.encoding.ObservationEncoder.encode` alone over recorded observations.

An engine error ends that stream's game; it is counted (``errors.add``) and the stream goes on with the next seed.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Iterator
from typing import Protocol

import numpy as np

from armata_rules.adapters.table import Table
from armata_rules.encoding import legal_actions_of
from armata_rules.observation import Observation
from armata_rules.sim.bots import RandomBot

#: The seats as OpenSpiel fills them (armata_rules.adapters.openspiel_game.HEROES).
SEATED = ("Attila", "Roel", "Matthew", "Charles", "Falk Maria")
#: How many games the vector environment steps at once.
VECTOR_ENVS = 16
#: Each adapter stream and the stream its ratio is taken against.
BASELINE = {
    "aec": "raw",
    "aec_wrapped": "raw",
    "gym": "raw_seat",
    "vector": "raw_seat",
    "sync": "raw_seat",
    "spiel": "raw",
    "spiel_tensor": "raw",
    "spiel_observer": "raw",
}


class ErrorSink(Protocol):
    """Where a stream reports an engine error (bench_engine.Errors)."""

    def add(self, err: Exception, where: str) -> None: ...


def installed(module: str) -> bool:
    """Whether an optional dependency can be imported."""
    return importlib.util.find_spec(module) is not None


def _pick(mask: np.ndarray, rng: random.Random) -> int:
    """A uniformly random legal index of an ``int8`` action mask; 0 when none is legal (a game that ended, which
    the vector environment resets, ignoring the action). The array's own ``nonzero`` method: ``np.flatnonzero``
    adds three Python-level wrappers (``ravel``, ``nonzero``, their dispatch) that cost more than a tenth of a
    compiled AEC step, and the bench times the environment, not its agent."""
    legal = mask.view(np.bool_).nonzero()[0]
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0


def raw_decisions(table: Table, errors: ErrorSink, seed: int = 0) -> Iterator[None]:
    """Random legal decisions through the engine alone, games restarted when they end."""
    rng = random.Random(seed)
    while True:
        game = table.game(seed)
        state = game.initial_state()
        try:
            while not state.is_over:
                state = game.apply(state, rng.choice(game.legal_actions(state)))
                yield None
        except Exception as err:  # counted and reported: the bench measures, the tests judge
            errors.add(err, f"raw engine, seed {seed}")
        seed += 1


def raw_seat_decisions(table: Table, errors: ErrorSink, seed: int = 0) -> Iterator[None]:
    """Seat 0's random decisions through the engine alone, the random bot playing every other seat in between: what
    the one-seat Gymnasium environment plays, without the environment."""
    rng = random.Random(seed)
    while True:
        game = table.game(seed)
        bot = RandomBot(random.Random(seed))
        state = game.initial_state()
        try:
            while not state.is_over:
                seats = state.to_act.seats
                if 0 in seats:
                    state = game.apply(state, rng.choice(legal_actions_of(game, state, 0)))
                    yield None
                else:
                    state = game.apply(state, bot.choose(game, state, legal_actions_of(game, state, seats[0])))
        except Exception as err:  # counted and reported
            errors.add(err, f"raw engine with bots, seed {seed}")
        seed += 1


def aec_steps(table: Table, errors: ErrorSink, seed: int = 0, wrapped: bool = False) -> Iterator[None]:
    """PettingZoo AEC steps: ``last()`` (observation and mask of the selected agent), then ``step``; of
    ``raw_env()``, or with ``wrapped`` of ``env()``."""
    from armata_rules.adapters import pettingzoo_env

    env = pettingzoo_env.env(table=table) if wrapped else pettingzoo_env.ArmataAECEnv(table)
    rng = random.Random(seed)
    while True:
        try:
            env.reset(seed=seed)
            while True:
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    break
                env.step(_pick(observation["action_mask"], rng))
                yield None
        except Exception as err:  # counted and reported
            errors.add(err, f"PettingZoo AEC, seed {seed}")
        seed += 1


def gym_steps(table: Table, errors: ErrorSink, seed: int = 0) -> Iterator[None]:
    """Steps of the one-seat Gymnasium environment (seat 0, random bots), reset when an episode ends."""
    from armata_rules.adapters.gymnasium_env import ArmataSeatEnv

    env = ArmataSeatEnv(table, seat=0, opponents="random")
    rng = random.Random(seed)
    while True:
        try:
            observation, _ = env.reset(seed=seed)
            done = False
            while not done:
                observation, _, terminated, truncated, _ = env.step(_pick(observation["action_mask"], rng))
                done = terminated or truncated
                yield None
        except Exception as err:  # counted and reported
            errors.add(err, f"Gymnasium, seed {seed}")
        seed += 1


def vector_steps(table: Table, errors: ErrorSink, seed: int = 0, sync: bool = False) -> Iterator[None]:
    """Steps of the vector Gymnasium environment of ``VECTOR_ENVS`` games (autoreset), or with ``sync`` of
    Gymnasium's ``SyncVectorEnv`` of as many one-seat environments: one ``next`` per game step."""
    from gymnasium.vector import SyncVectorEnv

    from armata_rules.adapters.gymnasium_env import ArmataSeatEnv
    from armata_rules.adapters.gymnasium_vector import ArmataVectorEnv

    rng = random.Random(seed)
    while True:
        if sync:
            envs = SyncVectorEnv([lambda: ArmataSeatEnv(table, seat=0, opponents="random")] * VECTOR_ENVS, copy=False)
        else:
            envs = ArmataVectorEnv(VECTOR_ENVS, table, seat=0, opponents="random", copy=False)
        try:
            observations, _ = envs.reset(seed=seed)
            while True:
                masks = observations["action_mask"]
                observations, *_ = envs.step(np.array([_pick(mask, rng) for mask in masks]))
                for _ in range(VECTOR_ENVS):
                    yield None
        except Exception as err:  # counted and reported
            errors.add(err, f"Gymnasium {'SyncVectorEnv' if sync else 'vector'}, seed {seed}")
        seed += VECTOR_ENVS


def spiel_decisions(players: int, errors: ErrorSink, seed: int = 0, tensor: str = "") -> Iterator[None]:
    """OpenSpiel player decisions: chance nodes sampled by their probabilities, then the player's observation
    tensor (``tensor="list"``: ``state.observation_tensor``; ``"observer"``: the observer API's NumPy tensor; ``""``:
    none), legal actions and ``apply_action``."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import armata_rules.adapters.openspiel_game  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_armata_strigoi", {"players": players})
    observer = make_observation(game)
    rng = random.Random(seed)
    while True:
        try:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probabilities)[0])
                    continue
                if tensor == "list":
                    state.observation_tensor(state.current_player())
                elif tensor == "observer":
                    observer.set_from(state, state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                yield None
        except Exception as err:  # counted and reported
            errors.add(err, f"OpenSpiel, seed {seed}")
        seed += 1


def recorded_observations(table: Table, games: int = 3) -> list[Observation]:
    """Every seat's observation at every state of a few random games."""
    rng = random.Random(11)
    seen = []
    for seed in range(games):
        game = table.game(100 + seed)
        state = game.initial_state()
        while not state.is_over:
            seen.extend(game.observation(state, seat) for seat in range(table.players))
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    return seen


def encodings(table: Table, observations: list[Observation]) -> Iterator[None]:
    """The encoder alone over the recorded observations, round and round."""
    encode = table.encoder.encode
    while True:
        for observation in observations:
            encode(observation)
            yield None


def streams(heroes: int, errors: ErrorSink) -> tuple[Table, dict[str, Iterator[None]], list[str]]:
    """The table, every stream whose extra is installed, and what is missing (``name: pip install ...``)."""
    table = Table(SEATED[:heroes])
    makers: dict[str, Callable[[], Iterator[None]]] = {
        "raw": lambda: raw_decisions(table, errors),
        "raw_seat": lambda: raw_seat_decisions(table, errors),
    }
    missing = []
    if installed("pettingzoo"):
        makers["aec"] = lambda: aec_steps(table, errors)
        makers["aec_wrapped"] = lambda: aec_steps(table, errors, wrapped=True)
    else:
        missing.append("PettingZoo: pip install 'armata-rules[pettingzoo]'")
    if installed("gymnasium"):
        makers["gym"] = lambda: gym_steps(table, errors)
        if installed("armata_rules.adapters.gymnasium_vector"):
            makers["vector"] = lambda: vector_steps(table, errors)
            makers["sync"] = lambda: vector_steps(table, errors, sync=True)
    else:
        missing.append("Gymnasium: pip install 'armata-rules[gymnasium]'")
    if installed("pyspiel"):
        makers["spiel"] = lambda: spiel_decisions(heroes, errors)
        makers["spiel_tensor"] = lambda: spiel_decisions(heroes, errors, tensor="list")
        makers["spiel_observer"] = lambda: spiel_decisions(heroes, errors, tensor="observer")
    else:
        missing.append("OpenSpiel: pip install 'armata-rules[openspiel]'")
    observations = recorded_observations(table)
    makers["encode"] = lambda: encodings(table, observations)
    running = {name: make() for name, make in makers.items()}
    for stream in running.values():  # each stream's set-up (imports, tables, OpenSpiel's game) is not timed
        next(stream)
    return table, running, missing
