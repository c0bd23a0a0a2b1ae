"""The one-seat Gymnasium environment passes Gymnasium's checker and plays the bots' seats."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from armata_rules.adapters.gymnasium_env import ArmataSeatEnv
from armata_rules.adapters.table import IllegalActionError, Table

TABLE = Table(("Attila", "Roel", "Matthew"))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("seat", "opponents"), [(0, "greedy"), (2, "random")])
def test_gymnasium_check_env(seat: int, opponents: str) -> None:
    check_env(ArmataSeatEnv(TABLE, seat=seat, opponents=opponents))


def _episode(env: ArmataSeatEnv, seed: int) -> tuple[list[int], float]:
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, total, done = [], 0.0, False
    while not done:
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        assert env.seat in env.state.to_act.seats  # the bots never leave the agent a decision that is not its own
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return actions, total


def test_an_episode_ends_with_the_packs_result_and_replays_by_seed() -> None:
    env = ArmataSeatEnv(TABLE, seat=1)
    actions, total = _episode(env, seed=4)
    assert env.state.is_over and total == env.game.returns(env.state)
    final = env.state.hash()
    again, total_again = _episode(ArmataSeatEnv(TABLE, seat=1), seed=4)
    assert (again, total_again) == (actions, total)
    replay = ArmataSeatEnv(TABLE, seat=1)
    replay.reset(seed=4)
    for action in actions:
        replay.step(action)
    assert replay.state.hash() == final


def test_max_steps_truncates() -> None:
    env = ArmataSeatEnv(TABLE, max_steps=3)
    observation, _ = env.reset(seed=0)
    for _ in range(3):
        observation, _, terminated, truncated, _ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert truncated and not terminated


def test_bad_settings_and_illegal_actions_are_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        ArmataSeatEnv(TABLE, seat=3)
    with pytest.raises(ValueError, match="no bot called"):
        ArmataSeatEnv(TABLE, opponents="clever")
    env = ArmataSeatEnv(TABLE, illegal_action="raise")
    observation, _ = env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    losing = ArmataSeatEnv(TABLE)
    observation, _ = losing.reset(seed=0)
    _, reward, terminated, _, info = losing.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("kind", ["float", "text", "whole float", "numpy float", "bool"])
def test_an_index_that_is_not_an_integer_is_an_illegal_action(kind: str) -> None:
    """Issue 30 #7: step(117.5), step("117"), step(117.0) and step(np.float32(117)) each played action 117."""
    env = ArmataSeatEnv(TABLE, illegal_action="raise")
    observation, _ = env.reset(seed=0)
    legal = int(np.flatnonzero(observation["action_mask"])[0])
    wrong: object = {
        "float": legal + 0.5,
        "text": str(legal),
        "whole float": float(legal),
        "numpy float": np.float32(legal),
        "bool": True,
    }[kind]
    with pytest.raises(IllegalActionError, match="cannot play action"):
        env.step(wrong)  # type: ignore[arg-type]
    losing = ArmataSeatEnv(TABLE)
    observation, _ = losing.reset(seed=0)
    _, reward, terminated, _, info = losing.step(wrong)  # type: ignore[arg-type]
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    env.step(np.int64(legal))  # NumPy and Python integers are indices
