"""Phase 2b with Stealth on a Monk (peg19.en:1060): the hero takes the discard pile back at once, instead of the
normal encounter, and then fights the Monk as a grey monster or leaves him (interpretation stealth-monk-resolves)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game
from armata_rules.actions import Choose, Peek, Step
from armata_rules.frames import Fight
from armata_rules.state import GameState
from tests.scenario import card_id, draw, encounter, game, play, turn


def _stealth_on_a_monk(g: Game) -> tuple[GameState, str]:
    """Roel, with Army of the Night in his discard pile, steps onto the red space C:1,1 and peeks with his card's
    Stealth: the token is a Monk. Returns the state and the discarded card."""
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})  # a tie: Roel first
    army = card_id(g, "Roel", "Army of the Night")
    hero = state.heroes[0]
    assert army in hero.hand
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, Step(0, "C:1,1"), Peek(0, wolves, "card"))
    return draw(g, state, encounter(g, "red", "Monk")), army


@pytest.mark.clauses("peg19.en:1060", "peg19.it:1609", "peg19.es:2615")
def test_stealth_on_a_monk_recovers_the_discard_pile_before_the_choice() -> None:
    """peg19.en:1060: 'automatically recovers all the cards from their discard pile and can then decide if they
    want to fight the Monk'; the choice is to attack him or leave him, not to set him free a second time."""
    g = game()
    state, army = _stealth_on_a_monk(g)
    assert army in state.heroes[0].hand and state.heroes[0].discard == ()
    assert {a.option for a in g.legal_actions(state)} == {"attack", "leave"}  # type: ignore[attr-defined]


@pytest.mark.clauses("peg19.en:1060")
def test_a_monk_left_in_peace_ends_the_encounter_with_its_fight_token() -> None:
    """peg19.en:1060, interpretation stealth-monk-resolves: the encounter has taken place, so the space gets its
    fight token, and the hand keeps the recovered cards."""
    g = game()
    state, army = _stealth_on_a_monk(g)
    state = play(g, state, Choose(0, "leave"))
    assert "C:1,1" in state.fight_tokens and army in state.heroes[0].hand


@pytest.mark.clauses("peg19.en:1060")
def test_a_monk_fought_after_stealth_turns_into_a_grey_monster() -> None:
    """peg19.en:1060: 'fight the Monk by turning it into a grey Monster, following the normal rules'."""
    g = game()
    state, _ = _stealth_on_a_monk(g)
    state = play(g, state, Choose(0, "attack"))
    assert state.to_act.decision == "draw_grey"
    state = draw(g, state, encounter(g, "grey", "Hellhound"))
    assert isinstance(state.frames[-1], Fight)
