"""*Władcy Nocy* through the kernel's adapters (:mod:`armata_rules.wladcy_nocy.adapters`): each framework's own
checks pass on the synthetic pack, the game keeps the promises of its optional hooks (the observation's bounds, the
hidden decks, identical payoffs), OpenSpiel knows it as ``python_wladcy_nocy``, and an agent is a vampire, whoever
runs it (wn.pl:125)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from armata_rules.kernel.adapters import pettingzoo_env as pz  # noqa: E402
from armata_rules.kernel.play.engine import Engine  # noqa: E402
from armata_rules.kernel.testing.conformance import ADAPTER_CHECKS, check_adapters  # noqa: E402
from armata_rules.wladcy_nocy.adapters import OPENSPIEL_NAME, definition_for, register_openspiel  # noqa: E402
from armata_rules.wladcy_nocy.bounds import observation_bounds, pending_veil_bound  # noqa: E402
from armata_rules.wladcy_nocy.content.loader import load_content, synthetic_test  # noqa: E402
from armata_rules.wladcy_nocy.context import new_context  # noqa: E402
from armata_rules.wladcy_nocy.game import WLADCY_NOCY  # noqa: E402
from armata_rules.wladcy_nocy.observation import observation_codec, observe  # noqa: E402
from armata_rules.wladcy_nocy.sim.ritual import ritual_action  # noqa: E402
from armata_rules.wladcy_nocy.state import WNOutcome  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the frameworks' advice (an unbounded entry ...)

TWO = {"vampires": ["imre", "mila"], "content": "synthetic-test"}
#: A game of the ritual player that runs out of cards (test_outcomes_from_start.py).
DECK_EMPTY = {"vampires": ["agnieszka", "imre"], "difficulty": "easy", "content": "synthetic-test", "seed": 6}
#: Five vampires run by three players: the first runs Agnieszka and Ishtvan, the second Mila and Laszlo.
FIVE: dict[str, Any] = {
    "vampires": ["agnieszka", "ishtvan", "mila", "laszlo", "nevena"],
    "controllers": [0, 0, 1, 1, 2],
    "difficulty": "hard",
    "content": "synthetic-test",
    "seed": 3,
}
PACK = Path(__file__).parents[2] / "armata_rules" / "wladcy_nocy" / "data" / "synthetic_test.toml"


def test_each_frameworks_own_checks_pass_on_the_synthetic_pack() -> None:
    name = register_openspiel()
    assert name == OPENSPIEL_NAME == "python_wladcy_nocy"
    assert check_adapters(WLADCY_NOCY, [TWO, FIVE], openspiel_name=name, cycles=150, sims=2) == ADAPTER_CHECKS


def test_openspiel_loads_the_game_as_an_identical_payoff_game_of_imperfect_information() -> None:
    register_openspiel()
    game = pyspiel.load_game(OPENSPIEL_NAME)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.min_num_players, kind.max_num_players) == (2, 5)
    assert game.num_players() == 2 and (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    parameters = {"vampires": '["agnieszka"%2C"ishtvan"%2C"mila"]', "controllers": "[0%2C0%2C1]"}
    three = pyspiel.load_game(OPENSPIEL_NAME, parameters)
    assert three.num_players() == 3  # a player per vampire: two vampires of one player are two players here


@pytest.mark.parametrize("setup", [DECK_EMPTY, FIVE], ids=["two", "five"])
def test_every_view_of_a_whole_game_keeps_within_its_bounds(setup: dict[str, Any]) -> None:
    """A game of the ritual player, every seat's view after every decision, within the bounds; the round's bound,
    3k + 1 (wn.pl:173, wn.pl:445), is reached by the games that run out of cards."""
    ctx = new_context(**setup)
    engine = Engine(WLADCY_NOCY, ctx)
    codec = observation_codec(ctx)
    low, high = (np.asarray(side) for side in observation_bounds(ctx))
    assert low.shape == high.shape == (codec.length,)
    state = engine.initial_state()
    highest = np.full(codec.length, -np.inf)
    while True:
        for seat in range(ctx.seats):
            view = np.asarray(codec.encode(observe(ctx, state, seat)))
            assert ((low <= view) & (view <= high)).all(), np.flatnonzero((view < low) | (view > high))
            highest = np.maximum(highest, view)
        if state.outcome is not None:
            break
        state = engine.apply(state, ritual_action(ctx, state, engine.legal_actions(state)))
    assert state.outcome is WNOutcome.DECK_EMPTY
    assert highest[1] == high[1] == 3 * ctx.k + 1  # the round
    assert highest[3] == high[3] == 6  # the veil starts at its top (wn.pl:161)


def test_the_pending_veil_bound_counts_the_worst_card() -> None:
    """Ostatnia krucjata's text adds an agent to up to every district (wn.pl:257): with its plan's 2 + 2 + 1 agents
    at the low band (synthetic), it may leave 14 veil pending before it is resolved (wn.pl:247)."""
    ctx = new_context(["imre", "mila"], content="synthetic-test")
    assert pending_veil_bound(ctx) == 14.0


def test_a_seat_is_a_vampire_and_every_seat_gets_the_same_reward() -> None:
    """Three players run five vampires: there are five agents, one per vampire in turn order, each rewarded alike."""
    env = pz.raw_env(WLADCY_NOCY, **FIVE)
    env.reset(seed=5)
    assert env.possible_agents == [f"seat_{seat}" for seat in range(5)]
    rng = random.Random(5)
    final: dict[str, float] = {}
    for agent in env.agent_iter(5_000):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert sorted(final) == env.possible_agents
    assert len(set(final.values())) == 1 and set(final.values()) <= {-1.0, 1.0}


def test_an_owners_content_plays_through_the_adapters(tmp_path: Path) -> None:
    """An owner's content is no bundled pack: the definition bound to it sets each episode up with it."""
    mine = tmp_path / "mine.toml"
    mine.write_text(PACK.read_text(encoding="utf-8").replace('id = "synthetic-test"', 'id = "mine"'), encoding="utf-8")
    content = load_content(mine)
    assert content.id == "mine" and content != synthetic_test()
    env = pz.raw_env(definition_for(content), vampires=["imre", "mila"], content="mine")
    env.reset(seed=1)
    env.reset(seed=2)  # a new episode is set up again, with the same content
    assert env.table.setup["content"] == "mine"
    with pytest.raises(Exception, match="mine"):
        pz.raw_env(WLADCY_NOCY, vampires=["imre", "mila"], content="mine")
