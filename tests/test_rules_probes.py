"""Rule defects found by scenario probes (issue 11), each asserted step by step, with its readings both ways."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, editions
from armata_rules.actions import Relocate
from armata_rules.frames import StartRound
from armata_rules.state import GameState
from armata_rules.variants import CentreRelocation
from tests.scenario import draw, game


def _round_one_over(g: Game, on_mark: str) -> GameState:
    """The end of round 1: seat 0 stands on the centre of the platform ``on_mark`` (a Strigoi's mark)."""
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    hero = replace(state.heroes[0], position=g.fortress.platform_centre(on_mark))
    state = replace(state, heroes=(hero, *state.heroes[1:]), round=1, frames=(StartRound(),))
    return g._settle(state)  # the engine runs the automatic frames (the start of round 2) after every action


@pytest.mark.parametrize(
    ("reading", "ladder_only"), [(CentreRelocation.LADDER_FIRST, True), (CentreRelocation.ANY, False)]
)
def test_a_hero_on_a_strigoi_mark_makes_way_when_the_strigoi_arrive(
    reading: CentreRelocation, ladder_only: bool
) -> None:
    """peg19.en:714 and peg19.en:764: two miniatures cannot share a space; the Strigoi arriving in round 2 take
    their marks and the hero standing there moves to a ladder tile (first, by reading, peg19.en:860 against
    sb19.en:421) or staircase, with no attack and no blood point lost (interpretation
    strigoi-arrival-displaces-hero)."""
    g = game(ruleset=editions.PEG19_EN.with_(centre_relocation=reading))
    first, second = g.fortress.strigoi_start_rooms()
    state = _round_one_over(g, first)
    assert state.round == 2 and state.to_act.decision == "place_strigoi"
    blood = state.blood
    state = draw(g, state, f"Master@{first},Apprentice@{second}")
    centre = g.fortress.platform_centre(first)
    assert state.strigoi[0].position == centre
    assert state.to_act.decision == "relocate" and state.to_act.seats == (0,)
    assert state.blood == blood and not state.heroes[0].wounds and not state.attack_marker
    targets = [a.to for a in g.legal_actions(state) if isinstance(a, Relocate)]
    assert targets and centre not in targets
    ladders = set(state.board.ladders)
    assert (set(targets) <= ladders) is ladder_only
    state = g.apply(state, Relocate(0, targets[0]))
    assert state.heroes[0].position == targets[0]
    occupied = [h.position for h in state.heroes] + [s.position for s in state.strigoi]
    assert len(occupied) == len(set(occupied))  # every miniature on its own space
    assert state.to_act.decision == "choose_card" and g.legal_actions(state)


def test_the_strigoi_arrive_without_a_choice_when_their_marks_are_free() -> None:
    """peg19.en:714: nobody on the marks, so Phase 1 follows at once."""
    g = game()
    first, second = g.fortress.strigoi_start_rooms()
    state = _round_one_over(g, "C")
    state = draw(g, state, f"Master@{second},Apprentice@{first}")
    assert state.to_act.decision == "choose_card"
    assert state.strigoi[1].position == g.fortress.platform_centre(first)
