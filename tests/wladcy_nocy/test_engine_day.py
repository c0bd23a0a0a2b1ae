"""The day phase (wn.pl:199-261): the day effects, the event card with its city plan, its veil penalties and its placed
cards, and the vampire hunt, scenario by scenario."""

from __future__ import annotations

from pathlib import Path

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import ChanceOutcome, Choose
from armata_rules.wladcy_nocy.actions import ActivateDistrict, Move
from armata_rules.wladcy_nocy.content.loader import merge, read_content, synthetic_test
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import (
    BlueSplit,
    DayEffects,
    DayFights,
    NightStart,
    OpTarget,
    PickFighter,
    RevealEvent,
    Turn,
)
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.state import DistrictState, Phase, PlacedCard, PlacedRelic
from tests.wladcy_nocy.helpers import crafted, lines, new_game, night_turn

MUSEUM, CENTRE = 1, 4
EVENT_FRAMES = (NightStart(), DayFights(), RevealEvent())


def _day(game: Game, **kwargs: object) -> object:
    return crafted(game, frames=EVENT_FRAMES, phase=Phase.DAY, **kwargs)  # type: ignore[arg-type]


@pytest.mark.clauses("wn.pl:215", "wn.pl:217", "wn.pl:417", "wn.pl:590", "wn.pl:592")
@pytest.mark.parametrize(
    ("district", "side", "count", "fires"),
    [
        (DistrictState(hidden=1, seal="ishtvan"), "minions", "all_agents", True),  # sealed: always a majority
        (DistrictState(hidden=1), "minions", "all_agents", False),
        (DistrictState(hidden=1), "either_side", "all_agents", True),  # the agents' side fires it too
        (DistrictState(hidden=1, minions=1), "either_side", "all_agents", False),  # a tie fires nothing
        (DistrictState(hidden=2, minions=1), "minions", "revealed_only", True),  # hidden agents uncounted
    ],
)
def test_a_day_effect_fires_where_one_side_has_more_tokens(
    district: DistrictState, side: str, count: str, fires: bool
) -> None:
    """The synthetic Museum draws a relic for the one vampire with 2 victims."""
    game = new_game(day_effect_side=side, hidden_agents_count=count)
    seals = {0: MUSEUM} if district.seal else {}
    state = crafted(game, frames=(NightStart(), DayEffects()), phase=Phase.DAY, victims=[2, 0, 0],
                    districts={MUSEUM: district}, seals=seals)  # fmt: skip
    state = game.apply(state, Choose(0, "top-middle"))
    assert ("muzeum's day effect fires" in lines(state)) == fires


@pytest.mark.clauses("wn.pl:91", "wn.pl:223", "wn.pl:225", "wn.pl:227", "wn.pl:229", "wn.pl:231", "wn.pl:233")
@pytest.mark.parametrize(("veil", "red", "blue"), [(4, 2, (1, 0)), (3, 2, (2, 1))])
def test_the_plan_places_the_veil_tracks_numbers_for_the_veil_now(veil: int, red: int, blue: tuple[int, int]) -> None:
    """Synthetic I-13's plan: red cross middle left, blue-grey pair top middle and bottom middle. Three vampires:
    veil 4-6 reads 2 and (1, 0) (printed, wn.pl:259), veil 1-3 reads the synthetic 2 and (2, 1)."""
    game = new_game()
    state = _day(game, cells=[8, 8, 8], veil=veil)
    state = game.apply(state, ChanceOutcome("event", "synthetic_i_13"))
    assert isinstance(state.frames[-1], BlueSplit)  # the numbers differ: the leader splits them
    state = game.apply(state, Choose(0, "bottom-middle"))
    assert state.districts[3].hidden == red and state.districts[7].hidden == blue[0]
    assert state.districts[1].hidden == blue[1]
    assert any(
        line.startswith(f"the bottom-middle district gets the blue-grey number {blue[0]}") for line in lines(state)
    )


@pytest.mark.clauses("wn.pl:60", "wn.pl:233", "wn.pl:259")
@pytest.mark.parametrize("reading", ["leader", "players"])
def test_the_leader_decides_the_blue_grey_split(reading: str) -> None:
    game = new_game(blue_grey_split_decider=reading)
    state = game.apply(_day(game, cells=[8, 8, 8], leader=2), ChanceOutcome("event", "synthetic_i_13"))
    assert state.frames[-1] == BlueSplit(2, "synthetic_i_13")
    state = game.apply(state, Choose(2, "top-middle"))
    who = "the leader" if reading == "leader" else "the players, through the leader"
    assert any(line.endswith(f"(decided by {who})") for line in lines(state))


@pytest.mark.clauses("wn.pl:225", "wn.pl:237", "wn.pl:243", "wn.pl:245", "wn.pl:247", "wn.pl:257", "wn.pl:523")
@pytest.mark.parametrize(("unit", "veil"), [("per_placement", 5), ("per_agent", 4)])
def test_an_events_agents_landing_beside_a_ready_vampire_or_a_minion_weaken_the_veil(unit: str, veil: int) -> None:
    """Synthetic I-10's red cross is the top-left corner; at veil 6 with 3 vampires it gets 2 agents."""
    game = new_game(veil_penalty_unit=unit)
    state = game.apply(_day(game, cells=[0, 8, 8]), ChanceOutcome("event", "synthetic_i_10"))
    state = game.apply(state, Choose(0, "centre"))  # the blue-grey number 1 to the centre
    assert state.districts[0].hidden == 2 and state.veil == veil
    exhausted = game.apply(_day(game, cells=[0, 8, 8], blood=[0, 4, 4]), ChanceOutcome("event", "synthetic_i_10"))
    exhausted = game.apply(exhausted, Choose(0, "centre"))
    assert exhausted.districts[0].hidden == 2 and not any("agents land beside" in line for line in lines(exhausted))


@pytest.mark.clauses("wn.pl:245", "wn.pl:247", "wn.pl:596")
@pytest.mark.parametrize(("reading", "veil"), [("no_penalty", 6), ("penalty", 4)])
def test_agents_an_effect_cannot_place_cost_veil_only_for_an_event_unless_the_reading_says(
    reading: str, veil: int, tmp_path: Path
) -> None:
    """An owner's extension of the synthetic district 2's night effect (reveal here) adds 2 agents there; the pool
    is empty."""
    extension = tmp_path / "extension.toml"
    extension.write_text(
        'format = 1\nid = "extended"\nnote = "test"\n[districts.unnamed_2]\neffect = { ops = [{ op = "reveal", '
        'where = "here" }, { op = "add_agents", where = "here", n = 2 }], source = "synthetic" }\n',
        encoding="utf-8",
    )
    content = merge(synthetic_test(), read_content(extension), str(extension))
    game = Game.new(["ishtvan", "mila"], content=content, ruleset=READINGS.make(empty_pool_non_event=reading),
                    chance="explicit")  # fmt: skip
    full = {c: DistrictState(hidden=1) for c in (1, 2, 3, 4, 6, 7, 8)} | {0: DistrictState(hidden=1)}
    state = night_turn(game, 0, cells=[5, 0], districts=full)
    assert state.agent_pool == 0

    state = game.apply(state, ActivateDistrict(0))
    assert state.veil == veil and state.pending_veil == 0


@pytest.mark.clauses("wn.pl:566", "wn.pl:634", "wn.pl:636", "wn.pl:638")
@pytest.mark.parametrize(("reading", "landing"), [("always", 8), ("night_only", 0)])
def test_the_urn_redirects_an_events_agents_and_the_veil_is_judged_where_they_land(reading: str, landing: int) -> None:
    game = new_game(passive_relics_by_day=reading)
    state = _day(game, cells=[0, 0, 4])

    state = replace(state, placed_relics=(PlacedRelic("urna_pogrzebowa", 8, 2),),
                    relic_deck=tuple(r for r in state.relic_deck if r != "urna_pogrzebowa"))  # fmt: skip
    state = game.apply(state, ChanceOutcome("event", "synthetic_i_10"))
    state = game.apply(state, Choose(0, "centre"))
    assert state.districts[landing].hidden == 3 if landing == 8 else state.districts[0].hidden == 2
    assert state.veil == (6 if landing == 8 else 4)  # no minion or ready vampire at the Urn's district


@pytest.mark.clauses("wn.pl:60", "wn.pl:219", "wn.pl:237")
def test_the_leader_picks_where_a_cards_text_adds_an_agent() -> None:
    """Synthetic I-02's text adds an agent to a district the leader chooses."""
    game = new_game()
    state = game.apply(_day(game, cells=[8, 8, 8], leader=1), ChanceOutcome("event", "synthetic_i_02"))
    state = game.apply(state, Choose(1, "middle-right"))  # the blue-grey split first
    assert isinstance(state.frames[-1], OpTarget) and state.frames[-1].seat == 1
    state = game.apply(state, Choose(1, "bottom-left"))
    assert state.districts[6].hidden == 1


@pytest.mark.clauses("wn.pl:235", "wn.pl:247", "wn.pl:614", "wn.pl:616", "wn.pl:618")
@pytest.mark.parametrize("reading", ["after_card", "immediate"])
def test_a_placed_card_is_discarded_as_soon_as_its_condition_holds(reading: str) -> None:
    """Synthetic I-18 is placed in the centre until the minions there outnumber the agents; Gang naśladowców's
    synthetic text is placed in the Park."""
    game = new_game(event_discard_timing=reading)
    state = game.apply(_day(game, cells=[8, 8, 8], districts={CENTRE: DistrictState(minions=1)}),
                       ChanceOutcome("event", "synthetic_i_18"))  # fmt: skip
    state = game.apply(state, Choose(0, "bottom-left"))
    text = lines(state)
    discard = text.index("synthetic_i_18's condition holds: the card is discarded")
    resolved = text.index("Synthetic I-18 is resolved")
    assert (discard < resolved) == (reading == "immediate")
    assert state.placed_cards == () and state.in_play == () and state.event_discard == ("synthetic_i_18",)
    kept = game.apply(_day(game, cells=[8, 8, 8]), ChanceOutcome("event", "synthetic_i_18"))
    kept = game.apply(kept, Choose(0, "bottom-left"))
    assert kept.placed_cards == (PlacedCard("synthetic_i_18", CENTRE, -1, "majority", "minions"),)
    assert isinstance(kept.frames[-1], Turn)  # the night: the card waits in the centre, with no minion there


@pytest.mark.clauses("wn.pl:614", "wn.pl:616")
def test_a_placed_card_goes_as_soon_as_a_move_makes_its_condition_hold() -> None:
    game = new_game()
    state = night_turn(game, 0, cells=[5, 8, 8], districts={5: DistrictState(minions=1)})

    state = replace(state, placed_cards=(PlacedCard("synthetic_i_18", CENTRE, -1, "majority", "minions"),))

    moved = game.apply(state, Move(0, CENTRE, 0))
    assert moved.placed_cards != ()  # no minion came along
    moved = game.apply(state, Move(0, CENTRE, 1))
    assert moved.placed_cards == () and moved.event_discard == ("synthetic_i_18",)
    assert lines(moved)[-1] == "synthetic_i_18's condition holds: the card is discarded"


@pytest.mark.clauses("wn.pl:235", "wn.pl:247")
def test_a_card_that_stays_stays_in_play_and_the_others_go_back_to_the_box() -> None:
    game = new_game()
    boxed = game.apply(_day(game, cells=[8, 8, 8]), ChanceOutcome("event", "synthetic_i_05"))
    boxed = game.apply(boxed, Choose(0, "top-right"))
    assert "Synthetic I-05 goes back to the box" in lines(boxed) and boxed.in_play == ()


@pytest.mark.clauses("wn.pl:249", "wn.pl:251", "wn.pl:253", "wn.pl:255", "wn.pl:463", "wn.pl:465")
@pytest.mark.parametrize(("reading", "fights"), [("any_vampire", True), ("ready_only", False)])
def test_a_day_fight_comes_where_a_vampire_meets_3_agents(reading: str, fights: bool) -> None:
    game = new_game(exhausted_in_day_fight=reading)
    state = crafted(game, frames=(NightStart(), DayFights()), phase=Phase.DAY, cells=[4, 8, 8], blood=[0, 4, 4],
                    districts={CENTRE: DistrictState(hidden=3)}, dice=(5, 6, 6, 6, 6, 6))  # fmt: skip
    assert (state.districts[CENTRE] == DistrictState(hidden=0, revealed=0)) == fights
    assert state.phase is Phase.NIGHT


@pytest.mark.clauses("wn.pl:251", "wn.pl:253")
@pytest.mark.parametrize(("reading", "fought"), [("once_per_district", 1), ("while_triggered", 2)])
def test_one_day_fight_per_district_or_again_while_it_holds(reading: str, fought: int) -> None:
    game = new_game(("ishtvan", "mila", "agnieszka", "imre", "nevena"), day_fight_repeat=reading)
    state = crafted(game, frames=(NightStart(), DayFights()), phase=Phase.DAY, cells=[4, 8, 8, 8, 8],
                    districts={CENTRE: DistrictState(hidden=6)}, dice=(1, 1, 1, 2, 2, 2, 6, 6, 6, 6))  # fmt: skip
    assert sum(1 for line in lines(state) if line.startswith("ishtvan fights")) == fought


@pytest.mark.clauses("wn.pl:253", "wn.pl:463")
@pytest.mark.parametrize(("reading", "chooser"), [("leader", 0), ("player", 1)])
def test_where_several_vampires_stand_one_is_chosen_to_fight(reading: str, chooser: int) -> None:
    game = new_game(day_fighter_chooser=reading)
    state = crafted(game, frames=(NightStart(), DayFights()), phase=Phase.DAY, cells=[8, 4, 4], leader=0,
                    districts={CENTRE: DistrictState(hidden=3)})  # fmt: skip
    assert state.frames[-1] == PickFighter(chooser, CENTRE, ())
    assert game.legal_actions(state) == [Choose(chooser, "mila"), Choose(chooser, "agnieszka")]


def _extended(tmp_path: Path, table: str) -> Game:
    """A game on the synthetic pack with an owner's extension of one effect (ops appended, which the loader
    allows), three vampires, chance left to the test."""
    extension = tmp_path / "extension.toml"
    extension.write_text(f'format = 1\nid = "extended"\nnote = "test"\n{table}\n', encoding="utf-8")
    content = merge(synthetic_test(), read_content(extension), str(extension))
    return Game.new(["ishtvan", "mila", "agnieszka"], content=content, chance="explicit")


@pytest.mark.clauses("wn.pl:602", "wn.pl:604", "wn.pl:606", "wn.pl:608")
def test_replacing_a_token_that_has_no_replacement_discards_it(tmp_path: Path) -> None:
    """Synthetic I-05's text, extended to replace 2 minions of the Park by agents, with the pool empty: the plan's 3
    agents and both minions are lost, 1 veil each (an event did it); then the synthetic district 2's night effect,
    extended to replace 2 agents by minions with 1 minion in the supply: one agent is simply discarded."""
    game = _extended(
        tmp_path,
        '[events.I.synthetic_i_05]\neffect = { ops = [{ op = "replace_minions", where = { tile = "park_miejski" }, '
        'n = 2 }], source = "synthetic" }',
    )
    board = {c: DistrictState(hidden=1) for c in (0, 1, 2, 4, 5, 6, 7)} | {
        8: DistrictState(hidden=2),
        PARK_CELL: DistrictState(minions=2),
    }
    state = crafted(game, frames=EVENT_FRAMES, phase=Phase.DAY, cells=[8, 8, 8], districts=board)
    state = game.apply(state, ChanceOutcome("event", "synthetic_i_05"))
    assert state.agent_pool == 0
    state = game.apply(state, Choose(0, "top-right"))  # the blue-grey split
    assert state.districts[PARK_CELL] == DistrictState() and state.veil == 6 - 3 - 2
    game = _extended(
        tmp_path,
        '[districts.unnamed_2]\neffect = { ops = [{ op = "reveal", where = "here" }, { op = "replace_agents", '
        'where = "here", n = 2 }], source = "synthetic" }',
    )

    state = night_turn(game, 0, cells=[5, 0, 0], districts={5: DistrictState(hidden=2, minions=9)})
    assert state.minion_supply == 1
    state = game.apply(state, ActivateDistrict(0))
    assert state.districts[5] == DistrictState(minions=10) and state.veil == 6  # one agent simply discarded


PARK_CELL = 3
