"""A PettingZoo AEC environment for any game on the kernel: the seats are the agents (extra ``[pettingzoo]``).

``env(definition, **setup)`` is :class:`KernelAECEnv` (``raw_env``) for the game ``definition`` set up by its
``setup`` hook from ``setup``, wrapped in PettingZoo's ``AssertOutOfBoundsWrapper`` (an index outside the action
space is an ``AssertionError``) and ``OrderEnforcingWrapper`` (``step`` or ``observe`` before ``reset`` is an
error), as PettingZoo's own classic games are. Its metadata names it ``<game id>_v0``. The environment options
(``render_mode``, ``max_cycles``, ``illegal_action``) are keywords beside the setup arguments, so a game's setup
must not use those names.

The agents are ``seat_0`` ... ``seat_{n-1}`` (the definition's ``seat_count``), and the agent selected is the seat
that decides: a simultaneous decision is played seat by seat, each seeing of the others what the game's ``observe``
hook shows. Chance is resolved by the engine (``"auto"``) with the episode's seed
(:mod:`~armata_rules.kernel.adapters.table`), so ``reset(seed=...)`` and the same actions replay the same episode.

An observation is a dict: ``observation``, the game's ``observe`` hook through its ``observation_codec`` as a
``float32`` vector inside a ``Box`` (bounded by the ``observation_bounds`` hook, unbounded without it), and
``action_mask`` (``int8``), ``1`` at the agent's legal action indices (the game's ``action_space`` numbering), all
zeros when it does not decide. Rewards come at the end only: each agent gets its seat's ``returns``. An illegal
index follows the ``illegal_action`` policy (:data:`~armata_rules.kernel.adapters.table.IllegalActionPolicy`).
``max_cycles`` truncates an episode after that many decisions.

``state()`` is PettingZoo's global state, for centralised training: every seat's observation vector end to end, seat
0 first, in ``state_space`` (the observation bounds, seat after seat). The engine's own state of the episode is
``game_state`` (it cannot be ``state``, which PettingZoo's API and its wrappers call).

The environment is turn-based, so its metadata says ``is_parallelizable: False``: a seat may take several decisions
in a row, which PettingZoo's ``aec_to_parallel`` cannot step. ``parallel_env(definition, **setup)`` is
:class:`KernelParallelEnv` instead: every live agent acts at every step, the seats the game waits on with one of their
legal actions (all of them at once at a simultaneous decision), every other seat with ``WAIT``, the index
``num_distinct_actions`` and the only entry of its mask that is ``1`` then. Its ``max_cycles`` counts parallel steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

from armata_rules.kernel.adapters.spaces import observation_spaces
from armata_rules.kernel.adapters.table import (
    RENDER_MODES,
    GameTable,
    IllegalActionError,
    IllegalActionPolicy,
    check_count,
    check_policy,
    check_render_mode,
    episode_seed,
    render_text,
    table_of,
    whole_index,
)
from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.state import KernelState

__all__ = ["KernelAECEnv", "KernelParallelEnv", "agent_name", "env", "parallel_env", "raw_env", "seat_of", "wrapped"]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

ObservationDict = dict[str, npt.NDArray[np.generic]]


def agent_name(seat: int) -> str:
    """The agent of ``seat``."""
    return f"seat_{seat}"


def seat_of(agents: list[str], agent: str, name: object) -> int:
    """The seat of ``agent`` among ``agents`` (an environment's ``possible_agents``); ``ValueError`` naming the
    environment ``name`` and its agents otherwise."""
    if agent not in agents:
        raise ValueError(f"{name}: no agent {agent!r:.40}; agents: {', '.join(agents)}")
    return agents.index(agent)


class _Episodes(Generic[C, S]):
    """What the AEC and the parallel environment share: the table, the options, the episode's engine and state, the
    seats of the agents, the rewards of a decision and the text picture."""

    #: The render modes this environment offers (a game's subclass may draw more, as Armata's ``rgb_array``).
    render_modes: tuple[str, ...] = RENDER_MODES

    table: GameTable[C, S]
    metadata: dict[str, Any]
    agents: list[str]
    #: The state of the episode now (the engine's, immutable). Not ``state``: that is PettingZoo's :meth:`state`.
    game_state: S
    #: The space of :meth:`state`: every seat's observation bounds, seat after seat.
    state_space: spaces.Box

    def _open(
        self,
        definition: GameDefinition[C, S] | GameTable[C, S],
        setup: dict[str, object],
        render_mode: str | None,
        max_cycles: int | None,
        illegal_action: IllegalActionPolicy,
        parallelizable: bool,
    ) -> None:
        self.table = table_of(definition, setup)
        self.render_mode = check_render_mode(render_mode, self.render_modes)
        self.illegal_action = check_policy(illegal_action)
        self.max_cycles = check_count("max_cycles", max_cycles)
        self.metadata = {
            "render_modes": list(self.render_modes),
            "name": f"{self.table.definition.id}_v0",
            "is_parallelizable": parallelizable,
            "render_fps": 1,
        }
        self.possible_agents = [agent_name(seat) for seat in range(self.table.seats)]
        # each agent's seat, looked up at every observe and step (a list's index() was a scan and a second one)
        self._agent_seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.seeds = np.random.default_rng()
        self.engine: Engine[C, S] = self.table.engine()
        self.game_state = self.engine.initial_state()
        self.last_action: Action | None = None
        seats, low, high = self.table.seats, self.table.low, self.table.high
        self.state_space = spaces.Box(low=np.tile(low, seats), high=np.tile(high, seats), dtype=np.float32)

    def _restart(self, seed: int | None) -> None:
        """A new episode: with ``seed``, the environment's generator of episode seeds starts again from it."""
        if seed is not None:
            self.seeds = np.random.default_rng(seed)
        self.engine = self.table.engine(episode_seed(self.seeds))
        self.game_state = self.engine.initial_state()
        self.last_action = None
        self.agents = list(self.possible_agents)

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``; ``ValueError`` naming the environment and its agents for anything else."""
        try:
            seat = self._agent_seats.get(agent)
        except TypeError:  # an unhashable agent: no agent of this environment
            seat = None
        return seat_of(self.possible_agents, agent, self.metadata["name"]) if seat is None else seat

    def state(self) -> npt.NDArray[np.float32]:
        """PettingZoo's global state, for centralised training (a critic that sees what the whole team sees): every
        seat's observation vector of the episode now, seat 0 first, end to end (as PettingZoo's MPE games build
        theirs), inside :attr:`state_space`. Nothing that no seat observes is in it (face-down stacks stay
        hidden); :attr:`game_state` is the engine's whole state."""
        return np.concatenate(
            [self.table.vector(self.engine, self.game_state, seat) for seat in range(self.table.seats)]
        )

    def _rewards_after(self, before: S) -> dict[str, float]:
        """Each agent's reward for the decision that led from ``before`` to the state now: its seat's return once
        the game is over, ``0`` before. A game's subclass may shape it."""
        if self.game_state.outcome is None:
            return dict.fromkeys(self.agents, 0.0)
        returns = self.table.returns(self.engine, self.game_state)
        return {a: returns[self._seat(a)] for a in self.agents}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), or printed (``human``, which renders at every step by itself); a game's
        subclass may also draw it (an ``rgb_array``)."""
        return render_text(self.render_mode, self.table, self.engine, self.game_state, self.last_action)

    def close(self) -> None:
        """Nothing to release."""


class KernelAECEnv(_Episodes[C, S], AECEnv):  # type: ignore[misc]
    """The turn-based AEC environment of one game (see the module docstring)."""

    def __init__(
        self,
        definition: GameDefinition[C, S] | GameTable[C, S],
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: IllegalActionPolicy = "lose",
        **setup: object,
    ) -> None:
        super().__init__()
        # turn-based: see the module docstring
        self._open(definition, setup, render_mode, max_cycles, illegal_action, parallelizable=False)
        self._observation_space, self._action_space = observation_spaces(self.table)
        self.decisions = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The game's action indices (its ``action_space`` hook)."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """A new episode; with ``seed``, the same episode every time."""
        self._restart(seed)
        self.decisions = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        seat = self.table.decider(self.game_state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection"):
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent: str) -> ObservationDict:
        """What ``agent``'s seat observes, and its legal actions."""
        seat = self._seat(agent)
        table, engine, state = self.table, self.engine, self.game_state
        return {"observation": table.vector(engine, state, seat), "action_mask": table.mask(engine, state, seat)}

    def step(self, action: int | None) -> None:
        """The selected agent plays ``action`` (an index of the action space; ``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos = {a: {} for a in self.agents}
        seat = self._seat(agent)
        chosen = self.table.legal_action(self.engine, self.game_state, seat, whole_index(action))
        if chosen is None:
            self._illegal(agent, action)
            return
        before = self.game_state
        self.game_state = self.engine.apply(before, chosen)
        self.last_action = chosen
        self.decisions += 1
        self.rewards = self._rewards_after(before)
        if self.game_state.outcome is not None:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            if self.max_cycles is not None and self.decisions >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal_loss(self, agent: str) -> dict[str, float]:
        """The rewards when ``agent``'s illegal action ends the episode (policy ``lose``): ``-1`` for it, ``0`` for
        the others (PettingZoo's classic convention); a team game's subclass may make the whole team lose."""
        return {a: -1.0 if a == agent else 0.0 for a in self.agents}

    def _illegal(self, agent: str, action: object) -> None:
        to_act = self.table.to_act(self.game_state)
        decision = to_act.decision if to_act is not None else "the end"
        message = (
            f"{self.metadata['name']}: {agent} cannot play action {action!r:.40} at {decision} "
            f"(decision {self.decisions}): not one of its legal action indices"
        )
        if self.illegal_action == "raise":
            raise IllegalActionError(message)
        self.infos[agent]["illegal_action"] = True
        if self.illegal_action == "lose":
            self.rewards = self._illegal_loss(agent)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()


#: PettingZoo's bare constructor: the environment class itself.
raw_env = KernelAECEnv


class _InBounds(AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, which :func:`wrapped` puts right around a bare environment: a Python
    ``int`` inside the selected agent's ``Discrete`` space goes to the environment at once; anything else gets
    PettingZoo's own check, and its ``AssertionError``. The same answer as ``Discrete.contains``, without its NumPy
    scalars."""

    def step(self, action: Any) -> None:
        bare = self.env
        if type(action) is int:
            space = bare.action_space(bare.agent_selection)
            if type(space) is spaces.Discrete and space.start <= action < space.start + space.n:
                bare.step(action)
                return
        super().step(action)


class _InOrder(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` around :class:`_InBounds`: the same errors before ``reset`` and the same
    warning for a step after the end, but once reset, ``last()`` and a step read the bare environment at once.
    Through the two wrappers, each of ``last()``'s five reads was a chain of four Python-level lookups, which made
    ``env()`` cost half as much again as ``raw_env()`` on the compiled build."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # PettingZoo's error
        return self.env.env.last(observe)  # type: ignore[no-any-return]  # _InBounds reads nothing there

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # PettingZoo's error, or its warning after the end

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own wrapper names itself


def wrapped(bare: AECEnv) -> AECEnv:
    """``bare`` in PettingZoo's ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, as PettingZoo's own games
    are wrapped (instances of both classes, with their checks and errors), made to read the bare environment at once
    where the checks allow it."""
    return _InOrder(_InBounds(bare))


def env(definition: GameDefinition[Any, Any], **kwargs: Any) -> AECEnv:
    """:class:`KernelAECEnv` of ``definition`` (its setup arguments and the environment options in ``kwargs``),
    with PettingZoo's ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` (:func:`wrapped`); ``.unwrapped`` is
    the bare environment."""
    return wrapped(raw_env(definition, **kwargs))


class KernelParallelEnv(_Episodes[C, S], ParallelEnv):  # type: ignore[misc]
    """The parallel environment of one game: every live agent acts at every step (see the module docstring)."""

    def __init__(
        self,
        definition: GameDefinition[C, S] | GameTable[C, S],
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: IllegalActionPolicy = "lose",
        **setup: object,
    ) -> None:
        self._open(definition, setup, render_mode, max_cycles, illegal_action, parallelizable=True)
        self.agents: list[str] = []
        #: The index of ``WAIT``: one past the game's own action indices.
        self.wait = self.table.num_actions
        observation, _ = observation_spaces(self.table)
        mask = spaces.Box(low=0, high=1, shape=(self.wait + 1,), dtype=np.int8)
        self._observation_space = spaces.Dict({"observation": observation["observation"], "action_mask": mask})
        self._action_space = spaces.Discrete(self.wait + 1)
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same for every agent: the observation and a mask with ``WAIT`` as its last entry."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The game's action indices, and ``WAIT`` (the last index)."""
        return self._action_space

    def observe(self, agent: str) -> ObservationDict:
        """What ``agent``'s seat observes, and its legal actions with ``WAIT`` (legal when it has nothing else to
        do in a game that goes on)."""
        seat = self._seat(agent)
        mask = np.zeros(self.wait + 1, dtype=np.int8)
        legal = self.table.legal(self.engine, self.game_state, seat).indices
        if legal:
            mask[np.asarray(legal, dtype=np.intp)] = 1
        elif self.game_state.outcome is None:
            mask[self.wait] = 1
        return {"observation": self.table.vector(self.engine, self.game_state, seat), "action_mask": mask}

    def reset(
        self, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[dict[str, ObservationDict], dict[str, dict[str, object]]]:
        """A new episode; with ``seed``, the same episode every time."""
        self._restart(seed)
        self.steps = 0
        if self.render_mode == "human":
            self.render()
        return {a: self.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[str, object]
    ) -> tuple[
        dict[str, ObservationDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, object]],
    ]:
        """Every live agent's action: those of the seats the game waits on are played, in seat order, each on the
        state the one before left; the others' must be ``WAIT``."""
        infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.steps += 1
        to_act = self.table.to_act(self.game_state)
        deciding = {agent_name(seat) for seat in (to_act.seats if to_act is not None else ())}
        rewards = dict.fromkeys(self.agents, 0.0)
        offenders: list[str] = []
        for agent in self.agents:
            index = whole_index(actions.get(agent))
            if agent in deciding:
                chosen = self.table.legal_action(self.engine, self.game_state, self._seat(agent), index)
                if chosen is not None:
                    before = self.game_state
                    self.game_state = self.engine.apply(before, chosen)
                    self.last_action = chosen
                    for a, reward in self._rewards_after(before).items():
                        rewards[a] += reward
                    continue
            elif index == self.wait:
                continue
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"{self.metadata['name']}: {agent} cannot play action {actions.get(agent)!r:.40} at step "
                    f"{self.steps}: not one of its legal action indices (WAIT is {self.wait})"
                )
            infos[agent]["illegal_action"] = True
            offenders.append(agent)
        lost = bool(offenders) and self.illegal_action == "lose" and self.game_state.outcome is None
        if lost:
            rewards = self._illegal_loss(offenders)
        over = self.game_state.outcome is not None or lost
        truncated = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        observations = {a: self.observe(a) for a in self.agents}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _illegal_loss(self, offenders: list[str]) -> dict[str, float]:
        """The rewards when illegal actions end the episode (policy ``lose``): ``-1`` for each agent that played
        one, ``0`` for the others; a team game's subclass may make the whole team lose."""
        return {a: -1.0 if a in offenders else 0.0 for a in self.agents}


def parallel_env(definition: GameDefinition[Any, Any], **kwargs: Any) -> KernelParallelEnv[Any, Any]:
    """:class:`KernelParallelEnv` of ``definition`` (its setup arguments and the environment options in
    ``kwargs``)."""
    return KernelParallelEnv(definition, **kwargs)
