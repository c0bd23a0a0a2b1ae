"""PettingZoo environments: the seats are the agents (extra ``[pettingzoo]``).

PettingZoo's three constructors: ``raw_env()`` is :class:`ArmataAECEnv` itself, ``env()`` the same wrapped in
PettingZoo's ``AssertOutOfBoundsWrapper`` (an index outside the action space is an ``AssertionError``) and
``OrderEnforcingWrapper`` (``step`` or ``observe`` before ``reset`` is an error), as PettingZoo's own classic games
are, and ``parallel_env()`` is :class:`ArmataParallelEnv`. Both are named ``armata_strigoi_v0`` in their metadata.

:class:`ArmataAECEnv` is the kernel's
:class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelAECEnv` on a :class:`~armata_rules.adapters.table.Table`.
It is turn-based: the agent selected is the seat that decides. Phase 1's
simultaneous choice of action cards becomes a sequence, seat by seat, with the choices hidden: a seat that chooses
after another sees only *that* it has chosen (:func:`armata_rules.observation.observe`). Chance (draws, ties, the
Strigoi placement) is resolved by the episode's seed, so ``reset(seed=...)`` and the same actions replay the same
episode.

:class:`ArmataParallelEnv` (``parallel_env()``) asks every live seat for an action at every step: the seats the
game waits on play theirs (at Phase 1 all of them at once), every other seat must play ``WAIT`` (the index
``num_distinct_actions``, the only legal entry of its mask). ``max_cycles`` counts parallel steps there, and
decisions in the AEC environment. The parallel environment says ``is_parallelizable: True``; the turn-based AEC
environment says ``False``, as it must: PettingZoo's ``aec_to_parallel`` steps every agent once per cycle, and a seat
here takes many decisions in a row (its whole turn), so that conversion would fail at the first turn. Use
``parallel_env()`` for the parallel API.

Observations are dicts: ``observation`` is :class:`armata_rules.encoding.ObservationEncoder`'s vector of what the
seat may see, ``action_mask`` (``int8``) marks the seat's legal action indices (all zeros when it does not decide).
Rewards are cooperative (:mod:`armata_rules.adapters.table`): ``+1``/``-1`` for every agent at the end, shaped
rewards only with ``shaped_rewards=True``. Render modes: ``ansi`` (text), ``rgb_array`` (the board rasterised by
resvg) and ``human`` (the text printed at every step; the board's SVG also written to ``render_path`` if one is
given, never into the working directory unasked).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

from armata_rules.actions import Action
from armata_rules.adapters.table import (
    RENDER_MODES,
    IllegalActionError,
    IllegalActionPolicy,
    Table,
    render,
    step_reward,
)
from armata_rules.encoding import LegalIndices
from armata_rules.engine import Game
from armata_rules.kernel.adapters.pettingzoo_env import KernelAECEnv
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["NAME", "ArmataAECEnv", "ArmataParallelEnv", "env", "parallel_env", "raw_env"]

#: The environment's name in PettingZoo's metadata (the AEC and the parallel form alike).
NAME = "armata_strigoi_v0"
ObservationDict = dict[str, npt.NDArray[np.generic]]


class _Episode:
    """The state of one episode and what every adapter reads from it."""

    def __init__(self, table: Table, render_mode: str | None, render_path: str | Path | None) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None; got {render_mode!r}")
        self.table = table
        self.render_mode = render_mode
        self.render_path = None if render_path is None else Path(render_path)
        self.seeds = np.random.default_rng()
        self.game: Game = table.game(0)
        self.state: GameState = self.game.initial_state()
        self.last: Action | None = None
        self.decisions = 0

    def restart(self, seed: int | None) -> None:
        if seed is not None:
            self.seeds = np.random.default_rng(seed)
        self.game = self.table.game(int(self.seeds.integers(2**31)))
        self.state = self.game.initial_state()
        self.last = None
        self.decisions = 0

    def legal(self, seat: int) -> LegalIndices:
        """The legal actions of ``seat`` now with their indices (worked out once per state)."""
        return self.table.action_space.legal(self.game, self.state, seat)

    def decoded(self, index: object, seat: int) -> Action | None:
        """The legal action of ``seat`` that ``index`` numbers (the object the engine listed), or ``None``."""
        if not isinstance(index, (int, np.integer)):
            return None
        return self.legal(seat).by_index.get(int(index))

    def apply(self, action: Action, shaped: bool) -> float:
        before = self.state
        self.state = self.game.apply(self.state, action)
        self.last = action
        self.decisions += 1
        if not self.state.is_over and not self.state.to_act.seats:
            raise RuntimeError(f"the engine stopped with nobody to decide at {self.state.to_act} (an engine defect)")
        return step_reward(self.game, before, self.state, shaped)

    def observe(self, seat: int, extra_wait: bool) -> ObservationDict:
        """The observation vector and action mask of ``seat``; with ``extra_wait``, the mask has a last entry,
        ``WAIT``, legal when the seat has nothing else to do in a game that goes on."""
        vector = self.table.encoder.encode(self.game.observation(self.state, seat))
        legal = self.legal(seat).indices
        actions = self.table.action_space.num_distinct_actions
        mask = np.zeros(actions + 1 if extra_wait else actions, dtype=np.int8)
        mask[legal] = 1
        if extra_wait and not len(legal) and not self.state.is_over:
            mask[actions] = 1
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        return render(self.render_mode, self.game, self.state, self.last, self.render_path)


def _spaces(table: Table, actions: int) -> tuple[spaces.Dict, spaces.Discrete]:
    size = table.encoder.size
    observation = spaces.Dict(
        {
            "observation": spaces.Box(low=0.0, high=table.observation_high, shape=(size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(actions)


def _agent(seat: int) -> str:
    return f"seat_{seat}"


class ArmataAECEnv(KernelAECEnv[RulesContext, GameState]):
    """The turn-based AEC environment (see the module docstring): the kernel's
    :class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelAECEnv` on a :class:`~armata_rules.adapters.table.Table`,
    with the pack's cooperative rewards (shaped on request), a whole-team loss for an illegal action, and the
    board's picture."""

    # the class's own, so PettingZoo's tools can read it before any environment is made (and a subclass may change
    # it); each instance reads it from its class
    metadata: dict[str, object] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": NAME,
        "is_parallelizable": False,  # turn-based: see the module docstring, and use parallel_env()
        "render_fps": 1,
    }
    render_modes = RENDER_MODES
    table: Table
    engine: Game

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        ruleset: Ruleset | str | None = None,
        render_mode: str | None = None,
        render_path: str | Path | None = None,
        max_cycles: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        super().__init__(
            Table.given(table, heroes, ruleset),
            render_mode=render_mode,
            max_cycles=max_cycles,
            illegal_action=illegal_action,
        )
        self.metadata = dict(type(self).metadata)
        self.render_path = None if render_path is None else Path(render_path)
        self.shaped_rewards = shaped_rewards

    def _rewards_after(self, before: GameState) -> dict[str, float]:
        """Every agent's share of the pack's reward: the result at the end, and the shaped change if asked for."""
        return dict.fromkeys(self.agents, step_reward(self.engine, before, self.state, self.shaped_rewards))

    def _illegal_loss(self, agent: str) -> dict[str, float]:
        """The pack plays as one team: an illegal action loses the game for every seat."""
        return dict.fromkeys(self.agents, -1.0)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), a picture (``rgb_array``) or printed (``human``, which also writes the
        board's SVG to ``render_path`` if one is given); ``human`` renders at every step by itself."""
        return render(self.render_mode, self.engine, self.state, self.last_action, self.render_path)


class ArmataParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The parallel environment (see the module docstring): every live seat acts at every step."""

    metadata: ClassVar[dict[str, object]] = {
        "render_modes": list(RENDER_MODES),
        "name": NAME,
        "is_parallelizable": True,
        "render_fps": 1,
    }

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        ruleset: Ruleset | str | None = None,
        render_mode: str | None = None,
        render_path: str | Path | None = None,
        max_cycles: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        self.table = Table.given(table, heroes, ruleset)
        self.episode = _Episode(self.table, render_mode, render_path)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.shaped_rewards = shaped_rewards
        self.illegal_action = illegal_action
        self.possible_agents = [_agent(seat) for seat in range(self.table.players)]
        self.agents: list[str] = []
        self.steps = 0
        self.wait = self.table.action_space.num_distinct_actions
        self._observation_space, self._action_space = _spaces(self.table, self.wait + 1)

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The game's action indices, and ``WAIT`` (the last index)."""
        return self._action_space

    def _observations(self) -> dict[str, ObservationDict]:
        return {a: self.episode.observe(self.possible_agents.index(a), extra_wait=True) for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[dict[str, ObservationDict], dict[str, dict[str, object]]]:
        """A new episode; with ``seed``, the same episode every time."""
        self.episode.restart(seed)
        self.agents = list(self.possible_agents)
        self.steps = 0
        if self.render_mode == "human":
            self.render()
        return self._observations(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, ObservationDict],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, object]],
    ]:
        """Every live seat's action: the deciding seats' are played, the others' must be ``WAIT``."""
        infos: dict[str, dict[str, object]] = {a: {} for a in self.agents}
        self.steps += 1
        reward, lost = 0.0, False
        deciding = [_agent(seat) for seat in self.episode.state.to_act.seats]
        for agent in self.agents:
            index = actions.get(agent)
            seat = self.possible_agents.index(agent)
            if agent in deciding:
                chosen = self.episode.decoded(index, seat)
                if chosen is not None:
                    reward += self.episode.apply(chosen, self.shaped_rewards)
                    continue
            elif index == self.wait:
                continue
            if self.illegal_action == "raise":
                raise IllegalActionError(f"{agent} cannot play action {index!r} now")
            infos[agent]["illegal_action"] = True
            lost = lost or self.illegal_action == "lose"
        state = self.episode.state
        over = state.is_over or lost
        rewards = dict.fromkeys(self.agents, -1.0 if lost and not state.is_over else reward)
        truncated = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        observations = self._observations()
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), a picture (``rgb_array``) or printed (``human``, which also writes the
        board's SVG to ``render_path`` if one is given); ``human`` renders at every step by itself."""
        return self.episode.render()

    def close(self) -> None:
        """Nothing to release."""


#: PettingZoo's constructors: the bare AEC environment, the same wrapped as PettingZoo's own games are, the parallel
#: environment. Each takes the keyword arguments of its class.
raw_env = ArmataAECEnv
parallel_env = ArmataParallelEnv


def env(**kwargs: Any) -> AECEnv:
    """:class:`ArmataAECEnv` (``raw_env``) with PettingZoo's ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``; ``env().unwrapped`` is the bare environment."""
    return OrderEnforcingWrapper(AssertOutOfBoundsWrapper(raw_env(**kwargs)))
