"""The kernel's adapters (:mod:`armata_rules.kernel.adapters`) pass each framework's own checks for any game on the
kernel: the toy race, and Armata through the kernel (not its own adapters), and keep the game's promises."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from armata_rules.kernel.adapters import openspiel_game as og  # noqa: E402
from armata_rules.kernel.adapters import pettingzoo_env as pz  # noqa: E402
from armata_rules.kernel.adapters.gymnasium_env import KernelEnv  # noqa: E402
from armata_rules.kernel.adapters.table import GameTable, IllegalActionError  # noqa: E402
from armata_rules.kernel.games import load  # noqa: E402
from armata_rules.kernel.play.engine import GameSetupError  # noqa: E402
from armata_rules.kernel.play.frames import DecisionKind  # noqa: E402
from armata_rules.kernel.play.game import GameDefinition, Payoffs  # noqa: E402
from armata_rules.kernel.testing.conformance import ADAPTER_CHECKS, ConformanceError, check_adapters  # noqa: E402
from armata_rules.kernel.testing.toy import RACE  # noqa: E402
from tests.adapters.spiel_tensors import check_tensors_are_openspiels  # noqa: E402

#: Armata, as the kernel knows it (the entry point imports its engine, whose rules the definition names).
ARMATA: GameDefinition[Any, Any] = load("armata_strigoi")
#: The name Armata is registered under through the kernel: its own adapter keeps ``python_armata_strigoi``.
ARMATA_KERNEL = "python_armata_strigoi_kernel"
RACE_SETUPS = [{"seats": 2}, {"seats": 4, "faces": 6, "seed": 3}]
ARMATA_SETUP = {"heroes": ["Attila", "Roel"]}

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the frameworks' advice (unbounded spaces ...)


@pytest.fixture(scope="module")
def race_name() -> str:
    return og.register(RACE, defaults={"seats": 2})


@pytest.fixture(scope="module")
def armata_name() -> str:
    return og.register(ARMATA, ARMATA_KERNEL, defaults=ARMATA_SETUP)


# ------------------------------------------------------------------------------ each framework's own checks
def test_each_frameworks_own_checks_pass_on_the_race() -> None:
    assert check_adapters(RACE, RACE_SETUPS) == ADAPTER_CHECKS


def test_each_frameworks_own_checks_pass_on_armata_through_the_kernel(armata_name: str) -> None:
    setups = [ARMATA_SETUP, {"heroes": ["Attila", "Roel", "Matthew"], "ruleset": "sb19.en", "seed": 4}]
    assert check_adapters(ARMATA, setups, openspiel_name=armata_name, cycles=150, sims=1) == ADAPTER_CHECKS


@pytest.mark.parametrize(
    ("fault", "check"),
    [
        ({"observation_bounds": lambda ctx: ([0.0] * (2 + ctx.seats),) * 2}, "pettingzoo.api_test"),
        ({"payoffs": Payoffs(0.0, 0.5)}, "openspiel.random_sim_test"),
    ],
    ids=["bounds too tight", "payoffs too narrow"],
)
def test_a_game_that_lies_to_the_frameworks_fails_their_checks(fault: dict[str, object], check: str) -> None:
    liar = dataclasses.replace(RACE, **fault)  # type: ignore[arg-type]
    name = f"python_toy_race_{check.split('.', maxsplit=1)[0]}_liar"
    with pytest.raises(ConformanceError, match=rf"^toy_race \(\{{'seats': 2\}}\): {check}: "):
        check_adapters(liar, [{"seats": 2}], openspiel_name=name, cycles=50, sims=3)


def test_a_definition_without_the_learning_hooks_is_refused_naming_them() -> None:
    bare = dataclasses.replace(RACE, observe=None, action_space=None)
    for make in (lambda: pz.env(bare, seats=2), lambda: KernelEnv(bare, seats=2), lambda: og.register(bare, "x")):
        with pytest.raises(ValueError) as refused:
            make()
        assert str(refused.value) == "game toy_race: the learning adapters need the hooks observe, action_space"


# ------------------------------------------------------------------------------ PettingZoo
def _aec_trace(env: Any, seed: int) -> Iterator[tuple[str, bytes, bytes, float, bool]]:
    """Masked random play of an AEC environment to the end: each step's agent, observation, mask, reward, done."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(20_000):
        observation, reward, termination, truncation, _ = env.last()
        done = termination or truncation
        yield agent, observation["observation"].tobytes(), observation["action_mask"].tobytes(), float(reward), done
        env.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("game", "setup"), [(RACE, {"seats": 3}), (ARMATA, ARMATA_SETUP)], ids=["race", "armata"])
def test_the_aec_environment_replays_a_seed_and_masks_exactly_the_legal_actions(
    game: GameDefinition[Any, Any], setup: dict[str, object]
) -> None:
    env = pz.raw_env(game, **setup)
    for steps, (agent, _, mask, _, done) in enumerate(_aec_trace(env, seed=7)):
        if done or steps > 400:
            break
        engine, state = env.engine, env.game_state
        to_act = state.frames[-1].to_act()
        legal = engine.legal_actions(state)
        if to_act.kind is DecisionKind.SIMULTANEOUS:
            legal = [action for action in legal if action.seat == to_act.seats[0]]
        assert agent == f"seat_{to_act.seats[0]}"
        expected = np.zeros(env.table.num_actions, np.int8)
        expected[[env.table.action_space.action_to_index(action) for action in legal]] = 1
        assert mask == expected.tobytes()
        others = [env.observe(a)["action_mask"] for a in env.possible_agents if a != agent]
        assert not any(other.any() for other in others if to_act.kind is DecisionKind.PLAYER)
    again = pz.raw_env(game, **setup)
    first = list(_aec_trace(pz.raw_env(game, **setup), seed=7))
    assert list(_aec_trace(again, seed=7)) == first
    assert any(list(_aec_trace(pz.raw_env(game, **setup), seed=s)) != first for s in (8, 9, 10))


def test_the_aec_rewards_at_the_end_are_the_games_returns() -> None:
    env = pz.raw_env(RACE, seats=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent, _, _, reward, _ in _aec_trace(env, seed=3):
        totals[agent] += reward
    assert env.game_state.outcome is not None
    returns = RACE.returns(env.engine.ctx, env.game_state)  # type: ignore[misc]
    assert [totals[f"seat_{seat}"] for seat in range(3)] == list(returns) and sorted(returns) == [0.0, 0.0, 1.0]


def test_the_kernel_aec_environment_plays_armata_as_armatas_own_does() -> None:
    """Through the kernel's hooks, Armata's episode of a seed is the one Armata's own environment plays: the same
    agents, observations and masks, step by step."""
    from armata_rules.adapters.pettingzoo_env import raw_env as armata_env

    heroes = ["Attila", "Roel", "Matthew"]
    ours = [step for _, step in zip(range(300), _aec_trace(pz.raw_env(ARMATA, heroes=heroes), seed=11), strict=False)]
    theirs = [step for _, step in zip(range(300), _aec_trace(armata_env(heroes=heroes), seed=11), strict=False)]
    assert ours == theirs and len(ours) == 300


def test_a_game_that_declares_its_bounds_gets_them_in_the_observation_space() -> None:
    """Armata's bounds (its own adapter's, :mod:`armata_rules.adapters.bounds`), given through the optional hook:
    the kernel's environment then declares the space Armata's own declares. Without the hook it is unbounded."""
    from armata_rules.adapters.bounds import observation_high
    from armata_rules.adapters.pettingzoo_env import raw_env as armata_env
    from armata_rules.encoding import ObservationEncoder
    from armata_rules.engine import Game

    def bounds(ctx: Any) -> tuple[list[float], list[float]]:
        high = observation_high(ObservationEncoder(ctx.pack, ctx.fortress, len(ctx.heroes)), Game(ctx))
        return [0.0] * len(high), list(high)

    bounded = dataclasses.replace(ARMATA, observation_bounds=bounds)
    space = pz.raw_env(bounded, **ARMATA_SETUP).observation_space("seat_0")
    assert space == armata_env(heroes=ARMATA_SETUP["heroes"]).observation_space("seat_0")
    unbounded = pz.raw_env(ARMATA, **ARMATA_SETUP).observation_space("seat_0")["observation"]
    assert np.isinf(unbounded.high).all() and np.isinf(unbounded.low).all()
    race = pz.raw_env(RACE, seats=2, length=5, faces=4).observation_space("seat_0")["observation"]
    assert race.low.tolist() == [0, 1, 0, 0] and race.high.tolist() == [1, np.inf, 8, 8]


def test_the_aec_environment_refuses_an_illegal_action_by_its_policy() -> None:
    raising = pz.env(RACE, seats=2, illegal_action="raise")
    raising.reset(seed=0)
    illegal = int(np.flatnonzero(raising.observe("seat_0")["action_mask"] == 0)[0])
    message = (
        f"toy_race_v0: seat_0 cannot play action {illegal} at move (decision 0): not one of its legal action indices"
    )
    with pytest.raises(IllegalActionError) as refused:
        raising.step(illegal)
    assert str(refused.value) == message
    bare = pz.raw_env(RACE, seats=2, illegal_action="raise")  # without PettingZoo's wrapper, which asserts first
    bare.reset(seed=0)
    for wrong in (0.0, "0", True):
        with pytest.raises(IllegalActionError, match=re.escape(f"cannot play action {wrong!r} at move")):
            bare.step(wrong)  # type: ignore[arg-type]
    losing = pz.env(RACE, seats=2)
    losing.reset(seed=0)
    losing.step(illegal)
    assert losing.rewards == {"seat_0": -1.0, "seat_1": 0.0} and all(losing.terminations.values())
    ignoring = pz.env(RACE, seats=2, illegal_action="ignore")
    ignoring.reset(seed=0)
    before = ignoring.unwrapped.game_state
    ignoring.step(illegal)
    assert ignoring.unwrapped.game_state is before and ignoring.agent_selection == "seat_0"
    assert ignoring.infos["seat_0"]["illegal_action"] is True
    with pytest.raises(AssertionError):
        ignoring.step(10**6)  # PettingZoo's AssertOutOfBoundsWrapper


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({"seats": 9}, "seats must be 2 to 4; got 9"),
        ({"seats": 2, "length": "12"}, "length must be an int; got str"),
        ({"seats": 2, "illegal_action": "shrug"}, "illegal_action must be one of lose, raise, ignore; got 'shrug'"),
        ({"seats": 2, "render_mode": "video"}, "render_mode must be one of ansi, human or None; got 'video'"),
        ({"seats": 2, "max_cycles": 0}, "max_cycles must be a positive integer or None; got 0"),
        (
            {"seats": 2, "colour": "red"},
            "game toy_race: no setup argument 'colour'; it takes seats, length, faces, seed",
        ),
        ({"length": 5}, "game toy_race: the setup needs seats"),
    ],
)
def test_a_wrong_setup_or_option_is_refused_in_one_line(arguments: dict[str, Any], problem: str) -> None:
    with pytest.raises((GameSetupError, ValueError)) as refused:
        pz.raw_env(RACE, **arguments)
    assert str(refused.value) == problem


def test_the_environments_render_text(capsys: pytest.CaptureFixture[str]) -> None:
    env = pz.raw_env(RACE, seats=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == (
        "Race (the kernel's toy game), round 1: seat 0 decides move\nlast event: 2 counters line up on a track of 12"
    )
    assert env.metadata["name"] == "toy_race_v0" and env.metadata["is_parallelizable"] is False
    env.step(0)  # seat 0 walks
    assert str(env.render()).endswith("last event: seat 0 walks to space 1\nlast action: Choose(seat=0, option='walk')")
    gym = KernelEnv(RACE, seats=2, render_mode="human")
    _, info = gym.reset(seed=0)
    _, _, done, _, info = gym.step(0)
    assert gym.render() is None
    printed = capsys.readouterr().out
    assert printed.count("Race (the kernel's toy game), round 1") == 3  # reset, step and render each printed it
    for _ in range(100):  # every seat rolls (the seed decides how far) until one reaches the end
        if done:
            break
        _, _, done, _, info = gym.step(int(np.flatnonzero(info["action_mask"])[-1]))
    assert done and "outcome: finished; returns " in capsys.readouterr().out


# ------------------------------------------------------------------------------ Gymnasium
def _gym_episode(env: KernelEnv[Any, Any], seed: int) -> tuple[list[int], list[int], float, dict[str, Any]]:
    """Masked random play to the end: the actions, the seats that took them, the total reward and the last info."""
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, seats, total, done = [], [], 0.0, False
    while not done:
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        legal = env.table.legal(env.engine, env.state, info["seat"]).indices
        assert tuple(np.flatnonzero(observation["action_mask"])) == legal
        masks = env.action_masks()  # sb3-contrib's MaskablePPO reads this
        assert masks.dtype == np.bool_ and np.array_equal(masks, observation["action_mask"] == 1)
        actions.append(int(rng.choice(legal)))
        seats.append(info["seat"])
        observation, reward, terminated, truncated, info = env.step(actions[-1])
        total += float(reward)
        done = terminated or truncated
    return actions, seats, total, info


def test_the_gymnasium_environment_plays_every_seat_and_replays_a_seed() -> None:
    env = KernelEnv(RACE, seats=3)
    actions, seats, total, info = _gym_episode(env, seed=2)
    returns = RACE.returns(env.engine.ctx, env.state)  # type: ignore[misc]
    assert set(seats) == {0, 1, 2} and info["returns"] == returns
    assert total == returns[seats[-1]]  # the reward is the return of the seat whose decision ended the game
    final = env.state.hash()
    assert _gym_episode(KernelEnv(RACE, seats=3), seed=2)[:3] == (actions, seats, total)
    replay = KernelEnv(RACE, seats=3)
    replay.reset(seed=2)
    for action in actions:
        replay.step(action)
    assert replay.state.hash() == final


@pytest.mark.parametrize(("game", "setup"), [(RACE, {"seats": 3}), (ARMATA, ARMATA_SETUP)], ids=["race", "armata"])
def test_the_gymnasium_environment_of_one_seat_leaves_the_others_to_a_bot(
    game: GameDefinition[Any, Any], setup: dict[str, object]
) -> None:
    env = KernelEnv(game, seat=1, **setup)
    _, seats, total, info = _gym_episode(env, seed=5)
    assert set(seats) == {1} and env.state.outcome is not None
    assert total == info["returns"][1] == game.returns(env.engine.ctx, env.state)[1]  # type: ignore[misc]


def test_the_gymnasium_environment_refuses_an_illegal_action() -> None:
    env = KernelEnv(RACE, seats=2, illegal_action="raise")
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as refused:
        env.step(illegal)
    assert str(refused.value) == (
        f"toy_race: seat 0 cannot play action {illegal} at move (step 0): not one of its legal action indices"
    )
    with pytest.raises(IllegalActionError, match=re.escape("cannot play action 0.0 at move")):
        env.step(0.0)  # type: ignore[arg-type]
    losing = KernelEnv(RACE, seats=2)
    losing.reset(seed=0)
    _, reward, terminated, _, info = losing.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(ValueError, match=r"^seat must be None or 0 to 1; got 2$"):
        KernelEnv(RACE, seats=2, seat=2)
    with pytest.raises(ValueError, match=r"^unknown bot 'clever'; bots: first, random$"):
        KernelEnv(RACE, seats=2, seat=0, opponents="clever")


# ------------------------------------------------------------------------------ OpenSpiel
def test_the_openspiel_game_says_what_each_game_is(race_name: str, armata_name: str) -> None:
    race = pyspiel.load_game(race_name, {"seats": 3})
    kind = race.get_type()
    assert race_name == "python_toy_race" and str(race) == "python_toy_race(faces=3,length=12,seats=3,seed=0)"
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM and race.utility_sum() == 1.0
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (kind.min_num_players, kind.max_num_players, race.num_players()) == (2, 4, 3)
    assert (race.num_distinct_actions(), race.max_chance_outcomes()) == (9, 9)  # 3 seats x walk/roll, then 3 faces
    armata = pyspiel.load_game(armata_name)
    kind = armata.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert (armata.min_utility(), armata.max_utility(), kind.max_num_players, armata.num_players()) == (-1, 1, 5, 2)
    assert armata.get_parameters()["heroes"] == '["Attila"%2C"Roel"]'


def test_armatas_own_openspiel_game_keeps_its_name(armata_name: str) -> None:
    from armata_rules.adapters import openspiel_game as armata_own

    assert type(pyspiel.load_game("python_armata_strigoi", {"players": 2})) is armata_own.ArmataGame
    with pytest.raises(ValueError, match=r"^OpenSpiel name python_armata_strigoi is registered already, by another"):
        og.register(ARMATA)
    with pytest.raises(ValueError, match=f"^OpenSpiel name {armata_name} is taken by game armata_strigoi$"):
        og.register(RACE, armata_name)
    assert og.register(ARMATA, armata_name) == armata_name  # the same registration again changes nothing


def _spiel_play(game: Any, seed: int, moves: int = 100_000) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < moves:
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            assert sum(probabilities) == pytest.approx(1.0)
            assert all(0 <= o < game.max_chance_outcomes() for o in outcomes)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            held = state.held
            legal = held.setup.engine.legal_actions(held.state)
            index = held.setup.table.action_space.action_to_index
            assert state.legal_actions() == sorted(index(a) for a in legal if a.seat == state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_openspiel_random_simulation_and_returns_of_the_race(race_name: str) -> None:
    game = pyspiel.load_game(race_name, {"seats": 3, "faces": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = _spiel_play(game, seed=1)
    engine_state = state.held.state
    assert state.is_terminal() and state.returns() == list(RACE.returns(state.held.setup.engine.ctx, engine_state))  # type: ignore[misc]
    assert sorted(state.returns()) == [0.0, 0.0, 1.0]
    again = _spiel_play(pyspiel.load_game(race_name, {"seats": 3, "faces": 4}), seed=1)
    assert again.history() == state.history() and str(again) == str(state)
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history() and copy.held.state.hash() == engine_state.hash()
    # each holder keeps the one action that led to it; the history is its parents' (never a copy in every holder)
    assert state.held.actions == tuple(state.history()) == copy.held.actions
    assert state.held.depth == len(state.history()) and state.held.action == state.history()[-1]
    assert state.held.parent.actions == tuple(state.history()[:-1])


def test_an_openspiel_seat_recalls_only_what_it_saw_of_armata(armata_name: str) -> None:
    """Imperfect information: in Phase 1 the card a hero chooses is hidden from the other, whose information state
    (and observation) is the same whichever card it was; the chooser's differs."""
    game = pyspiel.load_game(armata_name)
    state = game.new_initial_state()
    while state.is_chance_node() or state.held.state.frames[-1].to_act().kind is not DecisionKind.SIMULTANEOUS:
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])
    chooser = state.current_player()
    first, second = state.clone(), state.clone()
    choices = first.legal_actions()
    first.apply_action(choices[0])
    second.apply_action(choices[1])
    other = 1 - chooser
    assert first.information_state_string(other) == second.information_state_string(other)
    assert first.observation_tensor(other) == second.observation_tensor(other)
    assert first.information_state_string(chooser) != second.information_state_string(chooser)
    lines = first.information_state_string(other).splitlines()
    assert lines[0].startswith(f"seat {other} sees at the start: ") and len(lines) == len(first.history()) + 1
    assert lines[-1].startswith(f"{len(first.history())}. seat {chooser} | ")


def test_the_race_shows_every_action_in_the_information_state(race_name: str) -> None:
    state = pyspiel.load_game(race_name).new_initial_state()
    state.apply_action(0)  # seat 0 walks
    assert state.information_state_string(1).splitlines()[1] == "1. seat 0: Choose(seat=0, option='walk') | 2=1"
    assert state.information_state_string(0).splitlines()[1] == "1. you: Choose(seat=0, option='walk') | 2=1"
    assert state.observation_string(1) == "0=1 1=1 2=1"


def test_the_openspiel_game_refuses_an_illegal_action_and_bad_parameters(race_name: str, armata_name: str) -> None:
    # armata_name: Armata is registered through the kernel (the test alone, selected with -k, needs it too)
    state = pyspiel.load_game(race_name).new_initial_state()
    with pytest.raises(ValueError, match=r"^python_toy_race: action 2 is not legal for player 0 at move \(move 0\)$"):
        state.apply_action(2)  # seat 1's walk
    state.apply_action(1)  # seat 0 rolls: chance decides
    with pytest.raises(ValueError, match=r"^python_toy_race: action 0 is not legal for chance at roll \(move 1\)$"):
        state.apply_action(0)
    with pytest.raises(ValueError, match=r"^python_toy_race: seats must be 2 to 4; got 9$"):
        pyspiel.load_game(race_name, {"seats": 9})
    with pytest.raises(ValueError, match=r"python_armata_strigoi_kernel: heroes: not JSON"):
        pyspiel.load_game(ARMATA_KERNEL, {"heroes": "Attila"})
    with pytest.raises(ValueError, match=r"^python_toy_race: unknown setup argument 'colour'$"):
        og.game_parameters(race_name, {"colour": "red"})
    with pytest.raises(ValueError, match=r"^OpenSpiel name 'Race' must be a lower-case identifier$"):
        og.register(RACE, "Race")


def test_parameters_are_canonical_and_escaped_for_game_strings(armata_name: str) -> None:
    parameters = og.game_parameters(armata_name, {"heroes": ["Attila", "Roel", "Matthew"], "ruleset": "peg19.de"})
    assert parameters["heroes"] == '["Attila"%2C"Roel"%2C"Matthew"]' and parameters["seed"] == 0
    game = pyspiel.load_game(armata_name, parameters)
    reloaded = pyspiel.load_game(str(game))  # the game string parses back to the same game
    assert reloaded.get_parameters() == game.get_parameters() and reloaded.num_players() == 3
    table = GameTable(ARMATA, {"heroes": ["Attila", "Roel", "Matthew"], "ruleset": "peg19.de"})
    assert game.setup.table.setup == table.setup and table.setup["ruleset"]["name"] == "peg19.de"  # type: ignore[index]


# ------------------------------------------------------------------------------ the docs
def test_the_learning_agents_example_of_the_kernel_page_runs() -> None:
    """The page's example needs the three extras, so it runs here (``make test-adapters``), not with the page's
    other examples (``tests/kernel/test_defining_a_game_page.py``, which reads blocks without a caption)."""
    page = Path(__file__).resolve().parents[2] / "docs" / "kernel.rst"
    text = page.read_text(encoding="utf-8")
    found = re.search(
        r"^\.\. code-block:: python\n   :caption: The race for learning agents.*\n\n((?:   .*\n|\n)+)",
        text,
        re.MULTILINE,
    )
    assert found is not None
    exec(compile("\n".join(line[3:] for line in found.group(1).splitlines()), str(page), "exec"), {})


# ------------------------------------------------------------------------------ what a game's own adapters build on
def test_a_table_plays_its_episodes_on_the_games_own_engine_type() -> None:
    """``engine_type``: each episode is the game's own engine (Armata's ``Game``), made with the caller's very
    arguments and the episode's seed; the plain kernel engine otherwise."""
    from armata_rules.components.pack import default_pack
    from armata_rules.engine import Game
    from armata_rules.kernel.play.engine import Engine

    made: list[tuple[object, str]] = []

    def game(ctx: Any, chance: Any) -> Game:
        made.append((ctx, chance))
        return Game(ctx, chance)

    pack = dataclasses.replace(default_pack(), id="a-copy")  # no name the game could find it by again
    table = GameTable(ARMATA, ARMATA_SETUP | {"pack": pack, "seed": 4}, engine_type=game)
    episode = table.engine(9, chance="explicit")
    assert isinstance(episode, Game) and episode.ctx.seed == 9 and episode.ctx.pack is pack
    assert made[-1] == (episode.ctx, "explicit") and table.setup["pack"] == "a-copy"
    plain = GameTable(ARMATA, ARMATA_SETUP)
    assert type(plain.engine(1)) is Engine


def test_an_environment_takes_a_table_already_set_up_but_no_setup_beside_it() -> None:
    table: GameTable[Any, Any] = GameTable(RACE, {"seats": 3})
    env = pz.raw_env(table)
    assert env.table is table and env.possible_agents == ["seat_0", "seat_1", "seat_2"]
    with pytest.raises(TypeError, match=r"^a table is already set up: setup arguments faces, seats are not taken$"):
        pz.raw_env(table, seats=2, faces=4)


def _episode(table: GameTable[Any, Any], seed: int) -> list[str]:
    """A random episode of ``table`` with ``seed``: the fingerprint of every state."""
    env = pz.raw_env(table)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    hashes = []
    for _ in env.agent_iter(300):
        observation, _, termination, truncation, _ = env.last()
        hashes.append(env.game_state.hash())
        env.step(None if termination or truncation else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return hashes


@pytest.mark.parametrize(
    ("game_id", "setup"),
    [
        ("toy_race", {"seats": 3, "faces": 4, "seed": 2}),
        ("wladcy_nocy", {"vampires": ["imre", "mila"], "content": "synthetic-test", "seed": 5}),
    ],
)
def test_a_table_pickles_and_copies_as_its_games_id_and_setup(game_id: str, setup: dict[str, Any]) -> None:
    """Unpickled, copied or deep-copied, a table is set up again from its game's id and arguments: the same setup,
    spaces and episodes."""
    import copy
    import pickle

    table: GameTable[Any, Any] = GameTable(load(game_id), setup)
    for again in (pickle.loads(pickle.dumps(table)), copy.copy(table), copy.deepcopy(table)):
        assert again is not table and again.definition is table.definition and again.setup == table.setup
        assert (again.size, again.num_actions) == (table.size, table.num_actions)
        assert np.array_equal(again.low, table.low) and np.array_equal(again.high, table.high)
        assert _episode(again, 3) == _episode(table, 3)


def test_a_table_whose_game_its_id_does_not_find_refuses_to_pickle() -> None:
    """A definition made beside the registered one (a copy, say) is not what its id finds in another process."""
    import pickle

    stray = dataclasses.replace(RACE)
    assert stray is not RACE and load(RACE.id) is RACE
    with pytest.raises(pickle.PicklingError, match=r"^game toy_race: a table pickles as its game's id, which does not"):
        pickle.dumps(GameTable(stray, {"seats": 2}))


def test_kernel_environments_holding_a_table_run_in_spawned_worker_processes() -> None:
    """Gymnasium's ``AsyncVectorEnv`` with spawned workers (a fresh interpreter each, where the toy is not imported
    yet) takes factories holding a table, and its workers play as ``SyncVectorEnv`` does here, value for value."""
    from functools import partial

    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    table: GameTable[Any, Any] = GameTable(RACE, {"seats": 3, "seed": 1})
    factories = [partial(KernelEnv, table, seat=0) for _ in range(2)]
    workers = AsyncVectorEnv(factories, context="spawn")
    here = SyncVectorEnv(factories)
    try:
        theirs, _ = workers.reset(seed=4)
        ours, _ = here.reset(seed=4)
        rng = np.random.default_rng(4)
        for _ in range(8):
            assert all(np.array_equal(theirs[key], ours[key]) for key in ours)
            actions = np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in ours["action_mask"]])
            theirs, their_rewards, their_ends, *_ = workers.step(actions)
            ours, our_rewards, our_ends, *_ = here.step(actions)
            assert np.array_equal(their_rewards, our_rewards) and np.array_equal(their_ends, our_ends)
    finally:
        workers.close()
        here.close()


def test_a_subclass_offers_its_own_render_modes_and_rewards() -> None:
    """What Armata's AEC environment overrides: the render modes it draws, the rewards of a step and the loss an
    illegal action brings (the kernel's: -1 for the agent that played it, 0 for the others)."""

    class Team(pz.KernelAECEnv[Any, Any]):
        render_modes = ("ansi", "human", "rgb_array")

        def _rewards_after(self, before: Any) -> dict[str, float]:
            return dict.fromkeys(self.agents, 0.5)

        def _illegal_loss(self, agent: str) -> dict[str, float]:
            return dict.fromkeys(self.agents, -1.0)

    team = Team(RACE, seats=2, render_mode="rgb_array")
    assert team.metadata["render_modes"] == ["ansi", "human", "rgb_array"]
    team.reset(seed=1)
    team.step(int(np.flatnonzero(team.observe(team.agent_selection)["action_mask"])[0]))
    assert set(team.rewards.values()) == {0.5}
    team.step(10**6)  # no such index
    assert team.rewards == {"seat_0": -1.0, "seat_1": -1.0}
    plain = pz.raw_env(RACE, seats=2)
    plain.reset(seed=1)
    agent = plain.agent_selection
    plain.step(10**6)
    assert plain.rewards == {a: -1.0 if a == agent else 0.0 for a in plain.agents}
    with pytest.raises(ValueError, match=r"^render_mode must be one of ansi, human or None; got 'rgb_array'$"):
        pz.raw_env(RACE, seats=2, render_mode="rgb_array")


def test_the_parallel_environment_waits_on_the_seats_that_do_not_decide() -> None:
    """Every live agent acts at every step: the seat the race waits on with a legal action, the other with
    ``WAIT`` (one index past the game's own, the only entry of its mask then); an agent that does otherwise follows
    the illegal-action policy."""
    env = pz.parallel_env(RACE, seats=2)
    observations, _ = env.reset(seed=3)
    assert env.wait == env.table.num_actions and env.action_space("seat_1").n == env.wait + 1
    assert env.metadata["is_parallelizable"] is True and env.metadata["name"] == "toy_race_v0"
    deciding = env.table.decider(env.game_state)
    waiting = f"seat_{1 - deciding}"
    assert np.flatnonzero(observations[waiting]["action_mask"]).tolist() == [env.wait]
    mover = f"seat_{deciding}"
    move = int(np.flatnonzero(observations[mover]["action_mask"])[0])
    assert move != env.wait
    observations, rewards, terminations, _, infos = env.step({mover: move, waiting: env.wait})
    assert not any(terminations.values()) and set(rewards.values()) == {0.0} and infos == {mover: {}, waiting: {}}
    deciding = env.table.decider(env.game_state)
    mover, waiting = f"seat_{deciding}", f"seat_{1 - deciding}"
    move = int(np.flatnonzero(observations[mover]["action_mask"])[0])
    _, rewards, terminations, _, infos = env.step({mover: move, waiting: move})  # the waiting seat plays a move
    assert all(terminations.values()) and env.agents == []
    assert rewards == {mover: 0.0, waiting: -1.0} and infos[waiting] == {"illegal_action": True}
    raising = pz.parallel_env(RACE, seats=2, illegal_action="raise")
    raising.reset(seed=3)
    with pytest.raises(IllegalActionError, match="WAIT is"):
        raising.step({"seat_0": raising.wait, "seat_1": raising.wait})


def test_the_parallel_environment_plays_a_whole_game_to_its_returns() -> None:
    env = pz.parallel_env(RACE, seats=3)
    observations, _ = env.reset(seed=5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(5)
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()}
        observations, rewards, *_ = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
    returns = env.table.returns(env.engine, env.game_state)
    assert env.game_state.outcome is not None and totals == {f"seat_{i}": r for i, r in enumerate(returns)}


def _tables() -> list[GameTable[Any, Any]]:
    from armata_rules.adapters.table import Table

    return [GameTable(RACE, {"seats": 3}), GameTable(ARMATA, ARMATA_SETUP), Table(("Attila", "Roel"))]


@pytest.mark.parametrize("table", _tables(), ids=["race", "armata-kernel", "armata-table"])
def test_legal_action_is_the_very_action_listed_at_a_legal_index_and_nothing_else(table: GameTable[Any, Any]) -> None:
    """What every adapter's step asks: the action object the engine listed under a legal index of the seat (given
    back to the engine as is), ``None`` for an index that is not legal, for ``None`` and for a seat that does not
    decide, at every state of a random game."""
    engine = table.engine(3)
    state = engine.initial_state()
    rng = random.Random(3)
    for _ in range(150):
        if state.outcome is not None:
            break
        to_act = table.to_act(state)
        assert to_act is not None
        every = {index for seat in range(table.seats) for index in table.legal(engine, state, seat).indices}
        every.add(next(i for i in range(table.num_actions) if i not in every))  # an index no seat may play
        for seat in range(table.seats):
            legal = table.legal(engine, state, seat)
            assert bool(legal.indices) == (seat in to_act.seats)
            for index in sorted(every):
                assert table.legal_action(engine, state, seat, index) is legal.by_index.get(index), (seat, index)
            assert table.legal_action(engine, state, seat, None) is None
        listed = engine.legal_actions(state)
        assert all(
            any(action is other for other in listed)
            for action in table.legal(engine, state, to_act.seats[0]).by_index.values()
        )
        state = engine.apply(state, rng.choice(listed))


def test_a_kernel_line_of_play_drops_the_caches_of_the_states_it_left(race_name: str, armata_name: str) -> None:
    """As Armata's own OpenSpiel game: a state moving on empties the cache of the engine state it left, unless a
    clone holds that node too or it is the start; the information states do not change."""
    for name in (race_name, armata_name):
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(2)
        clone = None
        for step in range(40):
            if state.is_terminal():
                break
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            if step == 10:
                clone = state.clone()
            state.apply_action(rng.choice(actions))
        assert clone is not None
        node, nodes = state.held.parent, []
        while node is not None:
            nodes.append(node)
            node = node.parent
        assert nodes[-1].shared and nodes[-1].parent is None  # the start
        kept = [node for node in nodes if node.state._memo is not None]
        assert kept and all(node.shared for node in kept) and clone.held in kept
        assert sum(node.shared for node in nodes) == 2  # the start and the cloned node
        again = game.deserialize_state(state.serialize())
        for seat in range(game.num_players()):
            assert again.information_state_string(seat) == state.information_state_string(seat)


def test_the_observation_tensor_asked_from_python_is_openspiels_own(race_name: str, armata_name: str) -> None:
    """``state.observation_tensor``, answered in Python from the holder's kept vector, is the very list OpenSpiel's
    own method gives (what a C++ caller gets) at every state of a random game, for every seat, with and without a
    player, on clones too; a player that is no seat is refused by OpenSpiel as before."""
    for name in (race_name, armata_name):
        assert check_tensors_are_openspiels(pyspiel.load_game(name), 6, 120, ("observation_tensor",)) > 20
