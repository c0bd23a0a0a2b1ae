"""The one-seat Gymnasium environment passes Gymnasium's checker and plays the bots' seats."""

from __future__ import annotations

import re
from pathlib import Path

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


# ------------------------------------------------------------------------------------- conventions (issue 31)
def test_gym_make_builds_the_registered_environment_with_its_spec_and_kwargs() -> None:
    import gymnasium

    from armata_rules.adapters.gymnasium_env import ENV_ID, MAX_EPISODE_STEPS

    env = gymnasium.make(ENV_ID, heroes=["Attila", "Roel"], seat=1, opponents="random", ruleset="peg19.de")
    assert env.spec is not None and env.spec.id == "ArmataStrigoi-v0"
    assert env.spec.max_episode_steps == MAX_EPISODE_STEPS == 2_000
    assert env.spec.kwargs["ruleset"] == "peg19.de"  # the kwargs reach the spec, and the environment
    inner = env.unwrapped
    assert isinstance(inner, ArmataSeatEnv) and inner.seat == 1 and inner.table.ruleset.name == "peg19.de"
    assert env.action_space.n == Table(("Attila", "Roel")).action_space.num_distinct_actions  # type: ignore[attr-defined]
    observation, info = env.reset(seed=2)
    rng, done, steps = np.random.default_rng(2), False, 0
    while not done:  # make's PassiveEnvChecker checks the observations against the space
        assert env.observation_space.contains(observation)
        observation, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done, steps = terminated or truncated, steps + 1
    assert terminated and inner.state.is_over and 0 < steps < MAX_EPISODE_STEPS


def test_gym_make_truncates_at_max_episode_steps_and_finds_the_module_by_name() -> None:
    import gymnasium

    env = gymnasium.make("armata_rules.adapters.gymnasium_env:ArmataStrigoi-v0", max_episode_steps=4)
    _, info = env.reset(seed=0)
    for _ in range(4):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated


def test_a_bad_kwarg_of_make_is_refused_in_one_line() -> None:
    import gymnasium

    from armata_rules.engine import GameSetupError

    with pytest.raises(GameSetupError, match=re.escape("ruleset 'peg20.xx' is not an edition; editions: peg19.de")):
        gymnasium.make("ArmataStrigoi-v0", ruleset="peg20.xx")
    with pytest.raises(ValueError, match=re.escape("heroes ['Attila', 'Roel'] differ from the table's")):
        ArmataSeatEnv(TABLE, heroes=["Attila", "Roel"])
    with pytest.raises(ValueError, match=re.escape("ruleset 'sb19.en' differs from the table's 'peg19.en'")):
        ArmataSeatEnv(TABLE, ruleset="sb19.en")
    assert ArmataSeatEnv(TABLE, heroes=["attila", "Roel", "Matthew"], ruleset="peg19.en").table is TABLE


def test_human_rendering_prints_and_writes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    env = ArmataSeatEnv(TABLE, render_mode="human")
    observation, _ = env.reset(seed=0)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.render() is None
    printed = capsys.readouterr().out
    assert printed.count("blood: supply") == 3  # reset, step and render each printed the state
    assert "last action: Attila: place a ladder on" in printed
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("seat", [0, 2])
def test_at_phase_one_the_agent_chooses_without_waiting_for_the_bots(seat: int) -> None:
    """Phase 1's cards are chosen secretly and simultaneously (peg19.en:742): the agent is asked as soon as the
    choice begins, whatever its seat, and the bots choose after it: the order Armata's environment always had, now
    the kernel's environment's too (it played the seats before the agent's first)."""
    from armata_rules.frames import DecisionKind

    env = ArmataSeatEnv(TABLE, seat=seat, opponents="random")
    observation, _ = env.reset(seed=3)
    while env.state.to_act.kind is not DecisionKind.SIMULTANEOUS:
        observation, *_ = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.state.to_act.seats == (0, 1, 2)  # nobody has chosen yet
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert env.state.heroes[seat].chosen is not None


def test_action_masks_are_the_observations_masks_as_booleans_through_gyms_wrappers() -> None:
    """``action_masks()`` (what sb3-contrib's ``MaskablePPO`` asks for, through Gymnasium's wrappers by
    ``get_wrapper_attr``) is the observation's ``action_mask`` as booleans at every step, and all ``False`` at the
    end."""
    import gymnasium

    from armata_rules.adapters.gymnasium_env import ENV_ID

    env = gymnasium.make(ENV_ID, table=TABLE, seat=1, opponents="random")
    observation, _ = env.reset(seed=8)
    rng = np.random.default_rng(8)
    done, steps = False, 0
    while not done:
        masks = env.get_wrapper_attr("action_masks")()
        assert masks.dtype == np.bool_ and masks.shape == observation["action_mask"].shape
        assert np.array_equal(masks, observation["action_mask"] == 1) and masks.any()
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
        done, steps = terminated or truncated, steps + 1
    assert steps > 10 and not env.get_wrapper_attr("action_masks")().any()
