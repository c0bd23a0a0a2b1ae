"""Many one-seat games at once as one Gymnasium vector environment (extra ``[gymnasium]``).

:class:`ArmataVectorEnv` is a :class:`gymnasium.vector.VectorEnv` of ``num_envs`` games of
:class:`~armata_rules.adapters.gymnasium_env.ArmataSeatEnv`, all with the same table and settings. ``step`` takes
an array of ``num_envs`` action indices and returns batched arrays: the same values, game by game, as
``gymnasium.vector.SyncVectorEnv([lambda: ArmataSeatEnv(...)] * num_envs)`` (a test checks it step by step), but
without its per-game overhead: each game writes its observation vector and action mask straight into its row of
preallocated batch arrays (no dictionary per game, no stacking afterwards, one table and encoder for all), and the
info is made of batched arrays from the start.

It is the registered vector entry point of ``ArmataStrigoi-v0``: ``gymnasium.make_vec("ArmataStrigoi-v0",
num_envs=8, heroes=[...])`` builds it (the spec's ``max_episode_steps`` truncating each game, as ``TimeLimit`` does
after ``gymnasium.make``); ``vectorization_mode="sync"`` or ``"async"`` gives Gymnasium's own vector environments of
``gymnasium.make`` instead.

Autoreset is Gymnasium's default, *next step*: the step after a game ends resets it (its action is ignored, its
reward is 0), as ``SyncVectorEnv`` does; ``reset(seed=s)`` seeds game ``i`` with ``s + i``. With ``copy=True``
(the default, as Gymnasium's) every call returns fresh arrays; with ``copy=False`` it returns the batch buffers
themselves (the info's ``action_mask`` is the observations' too), which the next call overwrites: the fastest way
for a learner that consumes a batch before stepping again. Read those arrays, never write into them: a game's mask
row is cleared at the entries it marked last, not whole.

The engine still plays game by game, in Python, and dominates a step: what is saved is the adapter's share
(``make bench`` prints this environment beside ``SyncVectorEnv``, per game step).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from armata_rules.adapters.gymnasium_env import ArmataSeatEnv
from armata_rules.adapters.table import Table
from armata_rules.kernel.adapters.table import check_count

__all__ = ["ArmataVectorEnv"]

BatchDict = dict[str, npt.NDArray[Any]]


class ArmataVectorEnv(VectorEnv[BatchDict, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of :class:`~armata_rules.adapters.gymnasium_env.ArmataSeatEnv` stepped as a batch (see
    the module docstring). ``settings`` are :class:`~armata_rules.adapters.gymnasium_env.ArmataSeatEnv`'s keyword
    arguments (``heroes``, ``seat``, ``opponents``, ``max_steps`` ...), the same for every game;
    ``max_episode_steps`` (what ``gymnasium.make_vec`` passes from the registered spec) truncates each game as
    ``max_steps`` does (at the earlier of the two if both are given)."""

    def __init__(
        self,
        num_envs: int,
        table: Table | None = None,
        *,
        copy: bool = True,
        max_episode_steps: int | None = None,
        **settings: Any,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer; got {num_envs!r}")
        if max_episode_steps is not None:
            # what gymnasium.make_vec passes from the registered spec: each game truncates itself there, as the
            # TimeLimit wrapper of gymnasium.make would around it (at the earlier of the two with max_steps too)
            check_count("max_episode_steps", max_episode_steps)
            inner = settings.get("max_steps")
            settings["max_steps"] = max_episode_steps if inner is None else min(inner, max_episode_steps)
        first = ArmataSeatEnv(table, **settings)
        self.envs = [first, *(ArmataSeatEnv(first.table, **settings) for _ in range(num_envs - 1))]
        self.table = first.table
        self.num_envs = num_envs
        self.copy = copy
        self.metadata = {**first.metadata, "autoreset_mode": AutoresetMode.NEXT_STEP}
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        actions = self.table.action_space.num_distinct_actions
        self._observations = np.zeros((num_envs, self.table.encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, actions), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)
        self._rounds = np.zeros(num_envs, dtype=int)
        #: The indices each game's mask row is marked at, so that the next step clears only those.
        self._marked: list[npt.NDArray[np.intp] | None] = [None] * num_envs

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[BatchDict, dict[str, Any]]:
        """Every game anew: with ``seed`` an integer, game ``i`` gets ``seed + i``; a list gives each its own."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset takes {self.num_envs} seeds, one a game; got {len(seeds)}")
        for i, (env, game_seed) in enumerate(zip(self.envs, seeds, strict=True)):
            self._restart(i, env, game_seed, options)
        self._terminations[:] = False
        self._truncations[:] = False
        self._autoreset[:] = False
        return self._batch(), self._infos(None)

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[BatchDict, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        """Each game plays its action (a game that ended on the last step is reset instead)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step takes one action index per game, shape ({self.num_envs},); got {actions.shape}")
        illegal = np.zeros(self.num_envs, dtype=np.bool_)
        observations, masks, rounds, marked = self._observations, self._masks, self._rounds, self._marked
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                self._restart(i, env, None, None)
                self._rewards[i] = 0.0
                self._terminations[i] = self._truncations[i] = False
                continue
            reward, terminated, truncated, illegal[i] = env.advance(actions[i])
            self._rewards[i] = reward
            self._terminations[i] = terminated
            self._truncations[i] = truncated
            marked[i] = env.observe_into(observations[i], masks[i], marked[i])
            rounds[i] = env.state.round
        self._autoreset = self._terminations | self._truncations
        return (
            self._batch(),
            self._rewards.copy(),
            self._terminations.copy(),
            self._truncations.copy(),
            self._infos(illegal),
        )

    def _restart(self, i: int, env: ArmataSeatEnv, seed: int | None, options: dict[str, Any] | None) -> None:
        """Reset game ``i`` and write its first observation into its rows."""
        observation, info = env.reset(seed=seed, options=options)
        self._observations[i] = observation["observation"]
        self._masks[i] = observation["action_mask"]
        self._marked[i] = None  # the whole row was written
        self._rounds[i] = info["round"]

    def _batch(self) -> BatchDict:
        if self.copy:
            return {"observation": self._observations.copy(), "action_mask": self._masks.copy()}
        return {"observation": self._observations, "action_mask": self._masks}

    def _infos(self, illegal: npt.NDArray[np.bool_] | None) -> dict[str, Any]:
        """The batched info, as ``SyncVectorEnv`` gathers it from the games' own: every game's action mask and
        round, and ``illegal_action`` where a game was given one (each key with its ``_key`` mask of the games
        that have it). Without ``copy``, the action masks are the observations' buffer itself."""
        every = np.ones(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {
            "action_mask": self._masks.copy() if self.copy else self._masks,
            "_action_mask": every,
            "round": self._rounds.copy(),
            "_round": every.copy(),
        }
        if illegal is not None and illegal.any():
            infos["illegal_action"] = illegal
            infos["_illegal_action"] = illegal.copy()
        return infos

    def render(self) -> tuple[Any, ...]:
        """Every game's :meth:`~armata_rules.adapters.gymnasium_env.ArmataSeatEnv.render`."""
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        """Close every game."""
        for env in self.envs:
            env.close()
