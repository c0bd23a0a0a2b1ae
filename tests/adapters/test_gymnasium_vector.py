"""The vector environment steps many games as Gymnasium's own SyncVectorEnv of the one-seat environment would, value
for value, autoreset included."""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv

from armata_rules.adapters.gymnasium_env import ArmataSeatEnv
from armata_rules.adapters.gymnasium_vector import ArmataVectorEnv
from armata_rules.adapters.table import Table

TABLE = Table(("Attila", "Roel"))
GAMES = 3


def _random_actions(masks: np.ndarray, rng: np.random.Generator, illegal_every: int, step: int) -> np.ndarray:
    """A legal index per game (0 for a game that is over: autoreset ignores it), except an illegal one for game 0
    every ``illegal_every`` steps."""
    actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks], dtype=np.int64)
    if illegal_every and step % illegal_every == 0:
        actions[0] = int(np.flatnonzero(masks[0] == 0)[0])
    return actions


def _assert_same(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert sorted(ours) == sorted(theirs)
    for key, value in theirs.items():
        assert np.asarray(ours[key]).dtype == np.asarray(value).dtype, key
        assert np.array_equal(ours[key], value), key


@pytest.mark.parametrize(
    ("settings", "copy"),
    [
        ({"seat": 0, "opponents": "random", "max_steps": 25, "illegal_action": "ignore"}, True),
        ({"seat": 1, "opponents": "greedy", "illegal_action": "lose"}, False),
    ],
)
def test_the_vector_environment_equals_gymnasiums_sync_vector_env(settings: dict[str, Any], copy: bool) -> None:
    ours = ArmataVectorEnv(GAMES, TABLE, copy=copy, **settings)
    theirs = SyncVectorEnv([lambda: ArmataSeatEnv(TABLE, **settings)] * GAMES)
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert ours.observation_space == theirs.observation_space and ours.action_space == theirs.action_space
    observations, infos = ours.reset(seed=5)
    expected, expected_infos = theirs.reset(seed=5)
    _assert_same(observations, expected)
    _assert_same(infos, expected_infos)
    rng = np.random.default_rng(5)
    ends = illegal = 0
    for step in range(160):
        actions = _random_actions(observations["action_mask"], rng, 37, step)
        observations, rewards, terminations, truncations, infos = ours.step(actions)
        expected, *expected_rest, expected_infos = theirs.step(actions)
        _assert_same(observations, expected)
        for mine, their in zip((rewards, terminations, truncations), expected_rest, strict=True):
            assert mine.dtype == their.dtype and np.array_equal(mine, their)
        _assert_same(infos, expected_infos)
        ends += int(np.sum(terminations | truncations))
        illegal += int("illegal_action" in infos)
    assert ends >= 2 and illegal >= 3  # the games ended and were reset, and illegal actions were met


def test_copies_or_buffers() -> None:
    """``copy=True`` returns arrays of its own at every call; ``copy=False`` the buffers the next call overwrites."""
    copying = ArmataVectorEnv(2, TABLE, opponents="random")
    first, _ = copying.reset(seed=1)
    kept = first["observation"].copy()
    actions = np.array([np.flatnonzero(mask)[0] for mask in first["action_mask"]])
    second, *_ = copying.step(actions)
    assert second["observation"] is not first["observation"] and np.array_equal(first["observation"], kept)
    sharing = ArmataVectorEnv(2, TABLE, opponents="random", copy=False)
    first, _ = sharing.reset(seed=1)
    second, *_ = sharing.step(actions)
    assert second["observation"] is first["observation"] and second["action_mask"] is first["action_mask"]


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="num_envs must be a positive integer"):
        ArmataVectorEnv(0, TABLE)
    with pytest.raises(ValueError, match="seat must be"):
        ArmataVectorEnv(2, TABLE, seat=5)
    envs = ArmataVectorEnv(2, TABLE)
    envs.reset(seed=0)
    with pytest.raises(ValueError, match=r"one action index per game, shape \(2,\)"):
        envs.step(np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="reset takes 2 seeds"):
        envs.reset(seed=[1, 2, 3])


def test_environments_holding_a_table_run_in_spawned_worker_processes() -> None:
    """Gymnasium's ``AsyncVectorEnv`` pickles each environment factory for its workers when they are spawned (a fresh
    interpreter each: the default on macOS and Windows). A factory holding a table goes with it, the table set up
    again in the worker, and the workers play value for value as ``SyncVectorEnv`` does in this process."""
    factories = [partial(ArmataSeatEnv, TABLE, seat=0, opponents="random") for _ in range(2)]
    workers = AsyncVectorEnv(factories, context="spawn")
    here = SyncVectorEnv(factories)
    try:
        theirs, _ = workers.reset(seed=11)
        ours, _ = here.reset(seed=11)
        _assert_same(theirs, ours)
        rng = np.random.default_rng(11)
        for step in range(6):
            actions = _random_actions(ours["action_mask"], rng, 0, step)
            theirs, their_rewards, their_ends, *_ = workers.step(actions)
            ours, our_rewards, our_ends, *_ = here.step(actions)
            _assert_same(theirs, ours)
            assert np.array_equal(their_rewards, our_rewards) and np.array_equal(their_ends, our_ends)
    finally:
        workers.close()
        here.close()


def test_gymnasium_make_vec_builds_the_vector_environment_and_agrees_with_sync_mode() -> None:
    """``gymnasium.make_vec`` reads the registered vector entry point: an :class:`ArmataVectorEnv` whose games
    truncate at the spec's ``max_episode_steps`` (or the one given), stepping as Gymnasium's own ``"sync"`` mode of
    ``gymnasium.make`` (its ``TimeLimit`` wrapper included) does, value for value."""
    import gymnasium

    from armata_rules.adapters.gymnasium_env import ENV_ID, MAX_EPISODE_STEPS

    default = gymnasium.make_vec(ENV_ID, num_envs=2, heroes=["Attila", "Roel"])
    assert isinstance(default.unwrapped, ArmataVectorEnv)
    assert all(env.max_steps == MAX_EPISODE_STEPS for env in default.unwrapped.envs)
    assert default.unwrapped.spec.kwargs["vectorization_mode"] == "vector_entry_point"
    tighter = gymnasium.make_vec(ENV_ID, num_envs=2, heroes=["Attila", "Roel"], max_steps=9, max_episode_steps=30)
    assert all(env.max_steps == 9 for env in tighter.unwrapped.envs)
    kwargs = {"heroes": ["Attila", "Roel"], "opponents": "random", "max_episode_steps": 12}
    ours = gymnasium.make_vec(ENV_ID, num_envs=GAMES, **kwargs)
    theirs = gymnasium.make_vec(ENV_ID, num_envs=GAMES, vectorization_mode="sync", **kwargs)
    assert isinstance(theirs, SyncVectorEnv)
    observations, _ = ours.reset(seed=3)
    expected, _ = theirs.reset(seed=3)
    _assert_same(observations, expected)
    rng = np.random.default_rng(3)
    truncated = 0
    for step in range(60):
        actions = _random_actions(observations["action_mask"], rng, 0, step)
        observations, rewards, terminations, truncations, _ = ours.step(actions)
        expected, expected_rewards, expected_terminations, expected_truncations, _ = theirs.step(actions)
        _assert_same(observations, expected)
        assert np.array_equal(rewards, expected_rewards) and np.array_equal(terminations, expected_terminations)
        assert np.array_equal(truncations, expected_truncations), f"step {step}"
        truncated += int(truncations.sum())
    assert truncated >= GAMES  # every game was cut at 12 of its agent's decisions at least once
    with pytest.raises(ValueError, match="max_episode_steps must be a positive integer"):
        gymnasium.make_vec(ENV_ID, num_envs=2, max_episode_steps=0)
