"""Actions and observations in words for the adapters: readable, and one text per action index (issue 31)."""

from __future__ import annotations

import pytest

from armata_rules import Game
from armata_rules.actions import ChanceOutcome, ChooseCard, GiveReward, PlayReward, Step, UseAbility
from armata_rules.adapters.describe import action_text, observation_changes, observation_fields, observation_text
from armata_rules.encoding import ActionSpace

HEROES = ("Attila", "Roel", "Matthew", "Charles", "Falk Maria")


@pytest.mark.parametrize("players", [2, 5])
def test_every_action_index_has_its_own_text(players: int) -> None:
    game = Game.new(HEROES[:players], seed=0)
    space = ActionSpace.of(game)
    texts = [action_text(space.index_to_action(i), game.heroes, game.pack) for i in range(space.num_distinct_actions)]
    assert len(set(texts)) == len(texts)
    assert not [t for t in texts if "(seat=" in t or "Action(" in t]  # no dataclass repr left


def test_actions_read_as_hero_and_move() -> None:
    game = Game.new(HEROES[:3], seed=0)
    heroes, pack = game.heroes, game.pack

    def text(action: object) -> str:
        return action_text(action, heroes, pack)  # type: ignore[arg-type]

    assert text(Step(1, "C:1,1")) == "Roel: move to C:1,1"
    assert text(ChooseCard(0, "attila:army-of-the-night")) == "Attila: choose Army of the Night"
    assert text(ChooseCard(0, "falk-maria:army-of-the-night")) == "Attila: choose Army of the Night (Falk Maria's)"
    assert text(PlayReward(2, "reward/sword#2", "wild")) == "Matthew: play Sword #2 (wild side)"
    assert text(GiveReward(0, 2, "reward/sword#1")) == "Attila: give Sword #1 to Matthew"
    assert text(UseAbility(1, "leap", "reward/grappling-hook#1", "discard", "S:2,0")) == (
        "Roel: use leap (Grappling Hook #1, discarded) on S:2,0"
    )
    assert text(ChanceOutcome("order_ties", "2,0")) == "chance: order ties: Matthew, Attila"
    assert text(ChanceOutcome("draw_red", "red/monk#3")) == "chance: draw red: Monk #3"


def test_observations_read_by_field_and_show_what_changed() -> None:
    game = Game.new(HEROES[:2], seed=3)
    state = game.initial_state()
    before = observation_fields(game.observation(state, 1))
    assert before["player"] == "Roel" and before["Attila.hand"] == "hidden" and before["Roel.hand_size"] == "6"
    after_state = game.apply(state, game.legal_actions(state)[0])
    after = observation_fields(game.observation(after_state, 1))
    assert after["Attila.position"] == after_state.heroes[0].position  # the ladder Attila now stands on
    changes = observation_changes(before, after)
    assert changes.startswith("to_act: player place_ladder (Attila) -> player place_ladder (Roel)")
    assert f"Attila.position: none -> {after['Attila.position']}" in changes
    assert observation_changes(after, after) == "-"
    text = observation_text(game.observation(state, 0))
    assert text.startswith("player=Attila; round=0; ") and "Roel.hand=hidden" in text
