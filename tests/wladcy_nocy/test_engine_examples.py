"""The worked examples of the Polish text, played through the engine as acceptance tests (WLADCY_NOCY.md §6 item 7).

The examples' diagrams are missing from the text; each test builds the situation the example's words describe, on
the synthetic pack (whose values the text prints where it prints them), and checks the outcome the text states."""

from __future__ import annotations

import pytest

from armata_rules.kernel.play.actions import ChanceOutcome, Choose, Pass
from armata_rules.wladcy_nocy.actions import Fight, Sacrifice, TakeDie
from armata_rules.wladcy_nocy.content.loader import printed
from armata_rules.wladcy_nocy.frames import (
    DayEffects,
    DayFights,
    NightStart,
    PickDie,
    PickFighter,
    PickPlacement,
    RevealEvent,
    RollDice,
)
from armata_rules.wladcy_nocy.state import DistrictState, Phase
from tests.wladcy_nocy.helpers import crafted, lines, new_game, night_turn, play, roll

MUSEUM, HOSPITAL = 1, 2  # cells of the crafted city (tests/wladcy_nocy/helpers.py)


@pytest.mark.clauses("wn.pl:219", "wn.pl:221", "wn.pl:537", "wn.pl:590-592", "wn.pl:594", "wn.pl:596")
def test_the_hospital_resolved_before_the_museum_lets_the_museum_yield_a_relic() -> None:
    """wn.pl:221: the Museum holds an agent and a minion, the Hospital a minion; resolving the Hospital first moves
    the agent out of the Museum, which then has more minions than agents and yields a relic."""
    game = new_game()
    districts = {MUSEUM: DistrictState(hidden=1, minions=1), HOSPITAL: DistrictState(minions=1)}
    state = crafted(game, frames=(NightStart(), DayEffects()), phase=Phase.DAY, districts=districts, victims=[2, 0, 0])
    state = game.apply(state, Choose(0, "top-right"))  # the Hospital first
    assert [str(a) for a in game.legal_actions(state)] == ["Choose(seat=0, option='top-middle')"]  # from where
    state = game.apply(state, Choose(0, "top-middle"))  # the agent leaves the Museum
    assert state.districts[MUSEUM] == DistrictState(minions=1)
    assert state.districts[HOSPITAL] == DistrictState(hidden=1, minions=1)
    assert state.pending_veil == 0 and state.veil == 6  # a district effect moves the agent: no penalty (wn.pl:596)
    state = game.apply(state, Choose(0, "top-middle"))  # now the Museum
    assert "muzeum's day effect fires" in lines(state)
    state = game.apply(state, ChanceOutcome("relic", "urna_pogrzebowa"))  # only Ishtvan may hold a relic
    assert state.vampires[0].relics == ("urna_pogrzebowa",)


@pytest.mark.clauses("wn.pl:219", "wn.pl:221", "wn.pl:592")
def test_the_museum_resolved_first_yields_nothing() -> None:
    """The counterpart of wn.pl:221: a tie in the Museum (one agent, one minion) fires nothing."""
    game = new_game()
    districts = {MUSEUM: DistrictState(hidden=1, minions=1), HOSPITAL: DistrictState(minions=1)}
    state = crafted(game, frames=(NightStart(), DayEffects()), phase=Phase.DAY, districts=districts, victims=[2, 0, 0])
    state = game.apply(state, Choose(0, "top-middle"))
    assert "muzeum: its day effect does not fire (1 minions, 1 agents)" in lines(state)
    assert state.relic_deck == crafted(game, frames=()).relic_deck


@pytest.mark.clauses(
    "wn.pl:225", "wn.pl:227", "wn.pl:233", "wn.pl:243", "wn.pl:245", "wn.pl:247", "wn.pl:251", "wn.pl:253",
    "wn.pl:255", "wn.pl:257", "wn.pl:259", "wn.pl:261", "wn.pl:463", "wn.pl:477",
)  # fmt: skip
def test_the_last_crusade_takes_the_veil_from_4_to_1_and_starts_a_three_agent_day_fight() -> None:
    """wn.pl:257-261: 3 vampires, veil 4; Ostatnia krucjata's red cross puts 2 agents bottom left, where 2 vampires
    stand and 1 agent waits (1 veil, one placement); the leader puts the blue-grey agent top left; the card's text
    wants an agent in each of 3 empty districts, the pool holds 1 (2 veil). The veil ends at 1, and the bottom-left
    district's 3 agents fight one of its vampires by day, revealed first, with the lowest dice."""
    game = new_game(("ishtvan", "mila", "agnieszka"))
    districts = {
        6: DistrictState(hidden=1),  # bottom left: 1 agent and 2 vampires
        1: DistrictState(hidden=1),
        2: DistrictState(hidden=1),
        5: DistrictState(hidden=1),
        4: DistrictState(hidden=1),  # the third vampire's district
    }
    state = crafted(
        game,
        frames=(NightStart(), DayFights(), RevealEvent()),
        phase=Phase.DAY,
        cells=[6, 6, 4],
        districts=districts,
        veil=4,
        dice=(1, 2, 5, 6, 6, 6),
    )
    assert state.agent_pool == 4
    state = game.apply(state, ChanceOutcome("event", "ostatnia_krucjata"))
    assert {str(a) for a in game.legal_actions(state)} == {
        "Choose(seat=0, option='top-left')",
        "Choose(seat=0, option='middle-left')",
    }
    state = game.apply(state, Choose(0, "top-left"))  # the leader's pick (wn.pl:259)
    assert state.districts[6].hidden == 3 and state.districts[0].hidden == 1 and state.districts[3].agents == 0
    assert state.pending_veil == 1  # one placement beside the two ready vampires (veil_penalty_unit)
    assert isinstance(state.frames[-1], PickPlacement)
    assert {str(a) for a in game.legal_actions(state)} == {
        "Choose(seat=0, option='middle-left')",
        "Choose(seat=0, option='bottom-middle')",
        "Choose(seat=0, option='bottom-right')",
    }
    state = game.apply(state, Choose(0, "bottom-right"))  # "the player adds the agent to any district"
    assert state.veil == 1 and state.pending_veil == 0  # 4 - 2 (unplaced) - 1 (placement)
    assert isinstance(state.frames[-1], PickFighter)  # two vampires there: one is chosen to fight
    state = game.apply(state, Choose(0, "mila"))
    assert state.districts[6].revealed == 3 - 1 and state.districts[6].hidden == 0  # all revealed, the 5 removed one
    assert "the dice [1, 2, 5] remove 1 agents and cost 2 blood" in lines(state)  # the lowest dice only
    assert state.vampires[1].blood == 2 and state.vampires[1].victims == 1


@pytest.mark.clauses(
    "wn.pl:469", "wn.pl:471", "wn.pl:479", "wn.pl:481", "wn.pl:483", "wn.pl:485", "wn.pl:491", "wn.pl:495",
    "wn.pl:499", "wn.pl:503", "wn.pl:505", "wn.pl:507", "wn.pl:509", "wn.pl:511", "wn.pl:517", "wn.pl:521",
)  # fmt: skip
def test_the_worked_fight_sacrifice_reroll_overflow_and_three_victims() -> None:
    """wn.pl:489-511: 3 vampires; Ishtvan (1 blood) and Mila share a district with 1 minion and 4 revealed agents;
    the pool shows 6 and 2. Ishtvan sacrifices the minion (3 agents left), takes 6 and 2, rolls all six dice anew
    (1, 1, 3, 4, 4, 4) and takes a 4: 2, 4, 6 remove 2 agents and cost 2 blood; Ishtvan pays 1 and is exhausted,
    Mila pays the other; Ishtvan's victims rise by 3."""
    game = new_game(("ishtvan", "mila", "agnieszka"))
    state = night_turn(
        game,
        0,
        cells=[4, 4, 0],
        blood=[1, 4, 4],
        districts={4: DistrictState(revealed=4, minions=1)},
        dice=(2, 6),
    )
    state = game.apply(state, Fight(0))
    assert [str(a) for a in game.legal_actions(state)] == ["Sacrifice(seat=0, count=0)", "Sacrifice(seat=0, count=1)"]
    state = game.apply(state, Sacrifice(0, 1))
    assert state.districts[4] == DistrictState(revealed=3)
    assert isinstance(state.frames[-1], PickDie)
    state = play(game, state, TakeDie(0, 6))  # then the 2, the only die left, and the pool is empty
    assert isinstance(state.frames[-1], RollDice) and state.fight is not None and state.fight.taken == (6, 2)
    state = roll(game, state, 1, 1, 3, 4, 4, 4)
    assert state.dice.values == (1, 1, 3, 4, 4, 4)
    state = game.apply(state, TakeDie(0, 4))
    assert state.dice.values == (1, 1, 3, 4, 4) and state.dice.aside == 1
    assert state.districts[4] == DistrictState(revealed=1)  # 2 of the 3 removed (the 4 and the 6)
    assert state.vampires[0].blood == 0 and state.vampires[1].blood == 3  # Mila pays what Ishtvan cannot
    assert state.vampires[0].victims == 3 and state.vampires[1].victims == 0  # 2 by dice, 1 by the minion
    assert state.vampires[0].ap == 0  # exhausted: its action point left is lost (wn.pl:521)
    assert state.fight is None
    assert game.legal_actions(state) == [Pass(0, "turn")]


def _gang_card_is_known() -> bool:
    cards = printed().events
    gang = cards.unsorted.get("gang_nasladowcow") if cards is not None else None
    return gang is not None and gang.effect is not None and gang.effect.known


@pytest.mark.xfail(strict=True, reason="needs the card text of Gang naśladowców (wn.pl:618), which the text lacks")
@pytest.mark.clauses("wn.pl:614", "wn.pl:616", "wn.pl:618")
def test_the_copycat_gang_is_discarded_at_once_and_the_veil_returns_to_6() -> None:
    """wn.pl:618: with 2 minions and no agent in the City Park, revealing Gang naśladowców weakens the veil by 4,
    adds 1 agent in the park, places the card there and discards it at once; the veil can then return to 6. The
    printed content has no text for the card: the test runs once an owner's content supplies it."""
    assert _gang_card_is_known(), "the printed content does not know the card's text"
