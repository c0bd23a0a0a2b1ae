"""The PettingZoo environments pass PettingZoo's own conformance tests, and keep the game's promises."""

from __future__ import annotations

import dataclasses
import functools
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test, state_test
from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

from armata_rules.adapters import pettingzoo_env as pz
from armata_rules.adapters.table import SHAPING_SCALE, IllegalActionError, Table, progress
from armata_rules.frames import DecisionKind

TABLE = Table(("Attila", "Roel", "Matthew"))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("make", [pz.env, pz.raw_env], ids=["env", "raw_env"])
def test_pettingzoo_api_test(make: object) -> None:
    api_test(make(table=TABLE), num_cycles=300)  # type: ignore[operator]


def test_pettingzoo_seed_test() -> None:
    seed_test(functools.partial(pz.env, table=TABLE), num_cycles=100)


def test_pettingzoo_max_cycles_test() -> None:
    """PettingZoo's test samples actions without the mask: the environment is built to ignore illegal ones."""
    par = functools.partial(pz.parallel_env, table=TABLE, illegal_action="ignore")
    max_cycles_test(types.SimpleNamespace(parallel_env=par, env=lambda **kw: parallel_to_aec(par(**kw))))


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(pz.parallel_env(table=TABLE), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_state_test() -> None:
    """PettingZoo's test samples actions without the mask, as ``max_cycles_test`` does."""
    state_test(pz.env(table=TABLE, illegal_action="ignore"), pz.parallel_env(table=TABLE), num_cycles=100)


def test_the_global_state_is_every_seats_observation_end_to_end() -> None:
    """``state()`` (PettingZoo's global state, for a team critic) is the encoder's vector of each seat's observation,
    seat 0 first, at every decision of a random game, through the wrappers too; it leaves the observations as they
    were (each seat's vector is kept apart) and stays inside ``state_space``."""
    env = pz.env(table=TABLE)
    raw = env.unwrapped
    assert raw.state_space.shape == (TABLE.players * TABLE.size,)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for steps, agent in enumerate(env.agent_iter(400)):
        game, state = raw.engine, raw.game_state
        expected = np.concatenate([TABLE.encoder.encode(game.observation(state, k)) for k in range(TABLE.players)])
        whole = env.state()
        assert whole.dtype == np.float32 and np.array_equal(whole, expected), f"decision {steps}"
        assert raw.state_space.contains(whole)
        observation, _, termination, truncation, _ = env.last()
        seat = raw.possible_agents.index(agent)
        assert np.array_equal(observation["observation"], expected[seat * TABLE.size : (seat + 1) * TABLE.size])
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    parallel = pz.parallel_env(table=TABLE)
    observations, _ = parallel.reset(seed=5)
    assert np.array_equal(parallel.state(), np.concatenate([o["observation"] for o in observations.values()]))
    assert parallel.state_space == raw.state_space


def test_the_global_state_keeps_hidden_what_no_seat_sees() -> None:
    """Two states that differ only in the order of a face-down stack (which no seat sees) give the same global
    state; the hands, which their own seats see, are in it."""
    env = pz.raw_env(table=TABLE)
    env.reset(seed=9)
    state = env.game_state
    deck = state.reward_deck
    shuffled = dataclasses.replace(state, reward_deck=dataclasses.replace(deck, hidden=deck.hidden[::-1]))
    assert shuffled != state and deck.hidden != deck.hidden[::-1]
    before = env.state()
    env.game_state = shuffled
    assert np.array_equal(env.state(), before)
    hands = dataclasses.replace(state, heroes=(dataclasses.replace(state.heroes[0], hand=()), *state.heroes[1:]))
    env.game_state = hands
    assert not np.array_equal(env.state(), before)


def _play(env: pz.ArmataAECEnv, seed: int) -> dict[str, float]:
    """Masked random play to the end; the total reward of each agent."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += float(reward)
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    return totals


def test_the_pack_wins_or_loses_together() -> None:
    env = pz.env(table=TABLE)
    totals = _play(env, seed=5)
    assert env.unwrapped.game_state.is_over
    expected = 1.0 if env.unwrapped.game_state.outcome.value == "powerwolf_win" else -1.0
    assert totals == dict.fromkeys(env.possible_agents, expected)


def test_shaped_rewards_add_the_documented_progress() -> None:
    env = pz.env(table=TABLE, shaped_rewards=True)
    env.reset(seed=5)
    start = progress(env.unwrapped.game_state)
    totals = _play(env, seed=5)
    end = env.unwrapped.game_state
    final = env.unwrapped.engine.returns(end)
    assert totals["seat_0"] == pytest.approx(final + SHAPING_SCALE * (progress(end) - start))
    assert len(set(totals.values())) == 1


def test_phase_one_choices_are_sequential_and_hidden() -> None:
    env = pz.env(table=TABLE)
    env.reset(seed=1)
    while env.unwrapped.game_state.to_act.kind is not DecisionKind.SIMULTANEOUS:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    first = env.agent_selection
    waiting = env.unwrapped.game_state.to_act.seats
    assert first == f"seat_{waiting[0]}" and len(waiting) == 3
    env.step(int(np.flatnonzero(env.observe(first)["action_mask"])[0]))
    second = env.agent_selection
    assert second == f"seat_{waiting[1]}"
    seen = env.table.encoder.decode(env.observe(second)["observation"])
    assert seen.heroes[waiting[0]].has_chosen and seen.heroes[waiting[0]].chosen is None
    own = env.table.encoder.decode(env.observe(first)["observation"])
    assert own.heroes[waiting[0]].chosen is not None


def test_illegal_actions_follow_the_chosen_policy() -> None:
    env = pz.env(table=TABLE)
    env.reset(seed=2)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values()) and env.rewards == dict.fromkeys(env.agents, -1.0)
    raising = pz.env(table=TABLE, illegal_action="raise")
    raising.reset(seed=2)
    with pytest.raises(IllegalActionError, match="cannot play"):
        raising.step(illegal)
    ignoring = pz.env(table=TABLE, illegal_action="ignore")
    ignoring.reset(seed=2)
    before = ignoring.agent_selection, ignoring.unwrapped.game_state
    ignoring.step(illegal)
    assert (ignoring.agent_selection, ignoring.unwrapped.game_state) == before
    assert ignoring.infos[before[0]]["illegal_action"] is True


def test_the_aec_environment_truncates_after_max_cycles_decisions() -> None:
    env = pz.env(table=TABLE, max_cycles=7)
    env.reset(seed=3)
    decisions = 0
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        decisions += 1
    assert decisions == 7 and env.unwrapped.decisions == 7


def test_render_modes(tmp_path: Path) -> None:
    text = pz.env(table=TABLE, render_mode="ansi")
    text.reset(seed=0)
    assert "round 0: player decision place_ladder" in str(text.render()) and "seat 2 Matthew" in str(text.render())
    picture = pz.env(table=TABLE, render_mode="rgb_array")
    picture.reset(seed=0)
    image = picture.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 4  # a drawing, not a blank canvas
    target = tmp_path / "board.svg"
    human = pz.env(table=TABLE, render_mode="human", render_path=target)
    human.reset(seed=0)
    assert human.render() is None and target.read_text(encoding="utf-8").startswith("<?xml")
    assert pz.env.__doc__ and pz.raw_env.metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    with pytest.raises(ValueError, match="render_mode"):
        pz.env(table=TABLE, render_mode="video")


def test_the_parallel_environment_plays_phase_one_at_once() -> None:
    env = pz.parallel_env(table=TABLE)
    observations, _ = env.reset(seed=1)
    while env.game_state.to_act.kind is not DecisionKind.SIMULTANEOUS:
        actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
        observations, *_ = env.step(actions)
    assert all(o["action_mask"][env.wait] == 0 for o in observations.values())
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    observations, *_ = env.step(actions)
    assert env.game_state.to_act.kind is not DecisionKind.SIMULTANEOUS
    waiting = [a for a, o in observations.items() if o["action_mask"][env.wait] == 1]
    assert len(waiting) == 2  # one seat decides, two wait


# ------------------------------------------------------------------------------------- conventions (issue 31)
def test_the_constructors_and_metadata_follow_pettingzoo() -> None:
    wrapped = pz.env(table=TABLE)
    assert isinstance(wrapped, OrderEnforcingWrapper) and isinstance(wrapped.env, AssertOutOfBoundsWrapper)
    assert isinstance(wrapped.unwrapped, pz.ArmataAECEnv) and pz.raw_env is pz.ArmataAECEnv
    with pytest.raises(AssertionError, match="reset"):
        wrapped.step(0)  # OrderEnforcingWrapper: reset first
    wrapped.reset(seed=0)
    with pytest.raises(AssertionError):
        wrapped.step(10**7)  # AssertOutOfBoundsWrapper: outside the action space
    parallel = pz.parallel_env(table=TABLE)
    for meta in (wrapped.metadata, parallel.metadata):
        assert meta["name"] == pz.NAME == "armata_strigoi_v0"
        assert meta["render_modes"] == ["ansi", "rgb_array", "human"]
    assert parallel.metadata["is_parallelizable"] is True
    assert wrapped.metadata["is_parallelizable"] is False


def test_env_behaves_as_pettingzoos_own_wrappers_around_the_bare_environment() -> None:
    """``env()`` reads the bare environment at once where PettingZoo's checks allow it: a random game through it, with
    actions outside the space, of the wrong type and after the end among them, is what PettingZoo's own
    ``OrderEnforcingWrapper(AssertOutOfBoundsWrapper(raw_env()))`` shows, step by step; before ``reset`` both refuse
    alike."""
    rng = np.random.default_rng(5)
    size = pz.raw_env(table=TABLE).action_space("seat_0").n
    actions: list[object] = []
    for k in range(600):
        pick = int(rng.integers(size))
        actions.append([pick, np.int64(pick), True, size, -1, 3.0][k % 6] if k % 7 == 3 else None)
    env = pz.env(table=TABLE)
    theirs = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(pz.raw_env(table=TABLE)))
    for before_reset in (lambda e: e.last(), lambda e: e.step(0)):
        errors = []
        for wrapped in (pz.env(table=TABLE), OrderEnforcingWrapper(AssertOutOfBoundsWrapper(pz.raw_env(table=TABLE)))):
            with pytest.raises((AttributeError, AssertionError)) as refused:
                before_reset(wrapped)
            errors.append((type(refused.value), str(refused.value)))
        assert errors[0] == errors[1]

    # a legal action wherever the actions above say None: the game goes on to its end and beyond
    def legal_or(env: Any, action: object) -> object:
        if action is not None:
            return action
        mask = env.observe(env.agent_selection)["action_mask"]
        return int(np.flatnonzero(mask)[0]) if mask.any() else 0

    mine, reference = [], []
    for wrapped, out in ((env, mine), (theirs, reference)):
        wrapped.reset(seed=4)
        for action in actions:
            observation, reward, termination, truncation, info = wrapped.last()
            out.append((wrapped.agent_selection, observation["observation"].tobytes(), reward, termination, dict(info)))
            try:
                wrapped.step(None if termination or truncation else legal_or(wrapped, action))
            except AssertionError as refused:
                out.append(("refused", str(refused)))
            if not wrapped.agents:
                break
    assert mine == reference and any(entry[0] == "refused" for entry in mine)
    assert str(env) == str(theirs)


def test_the_turn_based_aec_environment_is_truly_not_parallelizable() -> None:
    """Why the AEC environment says ``is_parallelizable: False``: forced through ``aec_to_parallel``, a step in
    which every agent plays a legal action of its parallel observation cannot be taken (seats do not decide once per
    cycle), whatever the illegal-action policy."""

    class Forced(pz.ArmataAECEnv):
        metadata: dict[str, object] = pz.ArmataAECEnv.metadata | {"is_parallelizable": True}

    forced = aec_to_parallel(Forced(table=TABLE, illegal_action="raise"))
    observations, _ = forced.reset(seed=0)
    actions = {
        a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0 for a, o in observations.items()
    }
    with pytest.raises((AssertionError, IllegalActionError)):
        forced.step(actions)


@pytest.mark.parametrize("players", [2, 5])
def test_every_observation_of_random_play_is_inside_the_declared_space(players: int) -> None:
    heroes = ["Attila", "Roel", "Matthew", "Charles", "Falk Maria"][:players]
    seats = pz.raw_env(heroes=heroes, ruleset="sb19.en")
    seats.reset(seed=players)
    rng = np.random.default_rng(players)
    for _ in seats.agent_iter(20_000):
        for other in seats.agents:
            assert seats.observation_space(other).contains(seats.observe(other)), other
        observation, _, termination, truncation, _ = seats.last()
        seats.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    parallel = pz.parallel_env(heroes=heroes)
    observations, _ = parallel.reset(seed=players)
    while parallel.agents:
        assert all(parallel.observation_space(a).contains(o) for a, o in observations.items())
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()}
        observations, *_ = parallel.step(actions)


def test_human_rendering_prints_and_writes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    for make in (pz.env, pz.parallel_env):
        seats = make(table=TABLE, render_mode="human")
        seats.reset(seed=0)
        assert seats.render() is None
    assert capsys.readouterr().out.count("blood: supply") == 4  # reset and render, in each environment
    assert list(tmp_path.iterdir()) == []


def test_an_edition_is_taken_by_name() -> None:
    assert pz.raw_env(heroes=["Attila", "Roel"], ruleset="peg19.fr").table.ruleset.name == "peg19.fr"
