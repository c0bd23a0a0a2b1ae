"""The night phase (wn.pl:267-425), exhausted vampires (wn.pl:515-527), relics (wn.pl:529-566, wn.pl:630-638), seals
and the ritual (wn.pl:405-437), scenario by scenario; every refused action names the rule it breaks and leaves the
state as it was."""

from __future__ import annotations

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose, Pass
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.kernel.play.settle import settle
from armata_rules.wladcy_nocy.actions import (
    ActivateDistrict,
    BeginRitual,
    Expose,
    Fight,
    Hunt,
    Move,
    Recruit,
    Seal,
    TradeRelic,
    UseBlood,
    UseDark,
    UseRelic,
    WildHunt,
)
from armata_rules.wladcy_nocy.board import minion_majority
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.frames import DayEffects, DiscardRelic, NightStart, RoundEnd, Turn, TurnStart
from armata_rules.wladcy_nocy.state import DistrictState, Phase, WNOutcome
from tests.wladcy_nocy.helpers import crafted, lines, new_game, night_turn, play

PARK, UNNAMED_2, UNNAMED_3, UNNAMED_5 = 3, 5, 6, 8  # cells of the crafted city (helpers.CITY)


def _refused(game: object, state: object, action: Action, rule: str, words: str) -> None:
    """``action`` is refused by ``rule`` (its id and clauses named), the state untouched."""
    before = state.hash()  # type: ignore[attr-defined]
    with pytest.raises(RuleViolation) as refused:
        game.apply(state, action)  # type: ignore[attr-defined]
    assert refused.value.rule_id == rule and refused.value.clauses == RULES.rules[rule].clauses
    assert words in refused.value.message and str(refused.value).startswith(f"{rule} (wn.pl:")
    assert state.hash() == before  # type: ignore[attr-defined]


@pytest.mark.clauses(
    "wn.pl:269", "wn.pl:271", "wn.pl:273", "wn.pl:275", "wn.pl:285", "wn.pl:287", "wn.pl:60", "wn.pl:209",
    "wn.pl:211", "wn.pl:213",
)  # fmt: skip
def test_the_night_gives_2_action_points_and_runs_from_the_leader_clockwise() -> None:
    game = new_game(("ishtvan", "mila", "agnieszka"))
    state = crafted(game, frames=(NightStart(),), phase=Phase.DAY, leader=1)
    assert state.frames == (RoundEnd(), TurnStart(0), TurnStart(2), Turn(1))
    assert [v.ap for v in state.vampires] == [2, 2, 2] and state.phase is Phase.NIGHT
    state = play(game, state, Pass(1, "turn"), Pass(2, "turn"))
    assert state.frames[-1] == Turn(0)
    state = game.apply(state, Pass(0, "turn"))  # the night ends; the next day's leader is the next vampire
    assert state.round == 2 and state.leader == 2 and state.phase is Phase.DAY
    assert "the leader token passes to agnieszka" in lines(state)


@pytest.mark.clauses("wn.pl:279", "wn.pl:281", "wn.pl:283", "wn.pl:304-315")
@pytest.mark.parametrize("reading", ["may_pass", "must_spend"])
def test_a_turn_ends_when_the_player_says_or_once_its_points_are_spent(reading: str) -> None:
    game = new_game(end_turn_with_ap=reading)
    state = night_turn(game, 0)
    _refused(game, state, Hunt(0), "night.hunt", "hunting needs 1 victims")  # unlocked at 1 victim (wn.pl:310)
    if reading == "must_spend":
        _refused(game, state, Pass(0, "turn"), "night.turn", "must spend its 2 action points first")
        state = play(game, state, Move(0, 1, 0), Move(0, 0, 0))
    assert game.apply(state, Pass(0, "turn")).phase is Phase.DAY  # the crafted night had one turn left
    _refused(game, state, Move(1, 1, 0), "night.turn", "it is ishtvan's turn")
    # only the turn's own pass ends it: the fight window's pass, or any other word, is refused (the state machine
    # found a turn ended by Pass(0, "window"), which the action space numbers apart from the turn's pass)
    for other in ("window", "mila", ""):
        _refused(game, state, Pass(0, other), "night.turn", "a turn is ended by passing the turn ('turn')")


@pytest.mark.clauses("wn.pl:113", "wn.pl:304", "wn.pl:321", "wn.pl:323", "wn.pl:586-588")
def test_a_vampire_moves_to_an_adjacent_district_with_minions_along() -> None:
    game = new_game()
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(minions=2)})
    _refused(game, state, Move(0, 0, 0), "night.move", "not adjacent")  # diagonal: no
    _refused(game, state, Move(0, 1, 3), "night.move", "2 minions are there to take along, not 3")
    state = game.apply(state, Move(0, 1, 2))
    assert state.vampires[0].cell == 1 and state.districts[1].minions == 2 and state.districts[4].minions == 0
    assert state.vampires[0].ap == 1


@pytest.mark.clauses("wn.pl:121", "wn.pl:305", "wn.pl:329", "wn.pl:331")
def test_expose_reveals_every_agent_of_the_district() -> None:
    game = new_game()
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(hidden=2, revealed=1)})
    state = game.apply(state, Expose(0))
    assert state.districts[4] == DistrictState(revealed=3) and state.vampires[0].ap == 1


@pytest.mark.clauses("wn.pl:307", "wn.pl:345", "wn.pl:347", "wn.pl:349", "wn.pl:598", "wn.pl:600")
def test_recruiting_costs_2_points_strengthens_the_veil_and_needs_a_minion_in_the_supply() -> None:
    game = new_game()
    state = night_turn(game, 0, veil=5)
    supply = state.minion_supply
    after = game.apply(state, Recruit(0))
    assert after.veil == 6 and after.districts[0].minions == 1 and after.minion_supply == supply - 1
    assert after.vampires[0].ap == 0
    full = night_turn(game, 0, veil=6)
    assert game.apply(full, Recruit(0)).veil == 6  # a veil at 6 stays at 6 (wn.pl:600)
    empty = night_turn(game, 0, districts={4: DistrictState(minions=supply)})
    _refused(game, empty, Recruit(0), "night.recruit", "the supply holds no minion")
    _refused(game, night_turn(game, 0, ap=[1, 2, 2]), Recruit(0), "night.recruit", "costs 2 action points")


@pytest.mark.clauses("wn.pl:36", "wn.pl:308", "wn.pl:355", "wn.pl:357")
@pytest.mark.parametrize("reading", ["none", "majority"])
def test_a_night_effect_costs_its_tiles_points_and_acts_for_the_activating_vampire(reading: str) -> None:
    """The synthetic Park (night, 2 AP) adds a minion there; the Museum is a day tile."""
    game = new_game(night_effect_majority=reading)
    state = night_turn(game, 0, cells=[PARK, 0, 0], districts={PARK: DistrictState(hidden=1)})
    if reading == "majority":
        _refused(game, state, ActivateDistrict(0), "night.activate", "needs more minions than agents")
        return
    after = game.apply(state, ActivateDistrict(0))
    assert after.districts[PARK].minions == 1 and after.vampires[0].ap == 0
    _refused(game, night_turn(game, 0, cells=[1, 0, 0]), ActivateDistrict(0), "night.activate", "no night effect")


@pytest.mark.clauses("wn.pl:309", "wn.pl:363", "wn.pl:365", "wn.pl:367", "wn.pl:403")
def test_a_blood_ability_costs_no_points_resolves_in_full_and_its_kills_add_no_victims() -> None:
    """The synthetic Blood abilities cost a blood token and remove an agent there."""
    game = new_game()
    state = night_turn(game, 0, cells=[4, 0, 0], blood=[1, 4, 4], districts={4: DistrictState(revealed=2)})
    state = game.apply(state, UseBlood(0))
    assert state.vampires[0].blood == 0 and state.districts[4].revealed == 1  # exhausted, yet it resolved
    assert state.vampires[0].victims == 0 and state.vampires[0].ap == 0  # no victim; its points are lost
    _refused(game, state, UseBlood(0), "night.blood", "costs 1 blood; ishtvan has 0")


@pytest.mark.clauses("wn.pl:310", "wn.pl:373", "wn.pl:375")
def test_hunting_regains_a_blood_token_up_to_the_maximum() -> None:
    game = new_game()
    state = night_turn(game, 0, victims=[1, 0, 0], blood=[3, 4, 4])
    state = game.apply(state, Hunt(0))
    assert state.vampires[0].blood == 4 and state.blood_supply == 2
    assert game.apply(state, Hunt(0)).vampires[0].blood == 4  # at its maximum it gains nothing


@pytest.mark.clauses("wn.pl:283", "wn.pl:312", "wn.pl:389", "wn.pl:391", "wn.pl:393")
def test_the_wild_hunt_refills_blood_and_weakens_the_veil() -> None:
    game = new_game()
    _refused(game, night_turn(game, 0, victims=[3, 0, 0]), WildHunt(0), "night.wild_hunt", "needs 4 victims")
    state = game.apply(night_turn(game, 0, victims=[4, 0, 0], blood=[1, 4, 4]), WildHunt(0))
    assert state.vampires[0].blood == 4 and state.veil == 5 and state.vampires[0].ap == 1


@pytest.mark.clauses("wn.pl:313", "wn.pl:399", "wn.pl:401", "wn.pl:403")
def test_a_dark_cost_that_takes_the_veil_to_0_loses_before_the_effect() -> None:
    """The synthetic Dark abilities cost 1 veil and then reveal the agents there."""
    game = new_game()
    _refused(game, night_turn(game, 0, victims=[5, 0, 0]), UseDark(0), "night.dark", "from 6 victims")
    state = night_turn(game, 0, cells=[4, 0, 0], victims=[6, 0, 0], veil=2, districts={4: DistrictState(hidden=2)})
    state = game.apply(state, UseDark(0))
    assert state.veil == 1 and state.districts[4] == DistrictState(revealed=2) and state.vampires[0].ap == 2
    state = game.apply(state, UseDark(0))
    assert state.outcome is WNOutcome.VEIL_LOST and state.veil == 0
    state = night_turn(game, 0, cells=[4, 0, 0], victims=[6, 0, 0], veil=1, districts={4: DistrictState(hidden=2)})
    lost = game.apply(state, UseDark(0))
    assert lost.outcome is WNOutcome.VEIL_LOST and lost.districts[4] == DistrictState(hidden=2)  # no effect ran


@pytest.mark.clauses("wn.pl:26", "wn.pl:517", "wn.pl:521", "wn.pl:525", "wn.pl:277", "wn.pl:527")
@pytest.mark.parametrize(("reading", "ap"), [("normal_ap", 2), ("no_ap", 0)])
def test_an_exhausted_vampire_recovers_when_its_turn_comes(reading: str, ap: int) -> None:
    game = new_game(exhausted_night_ap=reading)
    state = crafted(game, frames=(NightStart(),), phase=Phase.DAY, blood=[0, 4, 4], veil=4)
    assert state.vampires[0].blood == 1 and not state.vampires[0].exhausted  # gaining blood un-exhausts it
    assert state.veil == 3 and state.vampires[0].ap == ap and state.frames[-1] == Turn(0)
    assert "ishtvan's recovery does not go unnoticed: the veil weakens from 4 to 3" in lines(state)


@pytest.mark.clauses("wn.pl:277", "wn.pl:521", "wn.pl:527")
def test_an_exhausted_vampire_with_no_blood_to_regain_stays_exhausted_and_holds_no_points() -> None:
    """Under removed_tokens = to_box the blood supply can run dry: the vampire cannot regain a token, stays
    exhausted, and an exhausted vampire holds no action points (wn.pl:521). The state machine found it playing its
    turn exhausted with 2."""
    game = new_game(removed_tokens="to_box")
    waiting = crafted(game, frames=(Turn(1),), phase=Phase.DAY, blood=[0, 4, 4], veil=4)
    state = settle(game.definition, game.ctx, replace(waiting, blood_supply=0, frames=(NightStart(),)), False)
    assert state.frames[-1] == Turn(0) and state.vampires[0].exhausted and state.vampires[0].ap == 0
    assert "ishtvan stays exhausted: its 2 action points are lost" in lines(state) and state.veil == 3
    assert game.legal_actions(state) == [Pass(0, "turn")]


@pytest.mark.clauses("wn.pl:517", "wn.pl:521")
def test_the_points_left_are_lost_as_soon_as_a_vampire_is_exhausted() -> None:
    game = new_game()
    state = night_turn(game, 0, cells=[4, 0, 0], blood=[1, 4, 4], districts={4: DistrictState(revealed=1)}, dice=(1, 1))
    state = game.apply(state, Fight(0))
    assert state.vampires[0].exhausted and state.vampires[0].ap == 0
    assert "ishtvan is exhausted: its 1 action points are lost" in lines(state)
    assert game.legal_actions(state) == [Pass(0, "turn")]


@pytest.mark.clauses("wn.pl:70", "wn.pl:314", "wn.pl:409", "wn.pl:411", "wn.pl:413", "wn.pl:415", "wn.pl:417")
def test_sealing_needs_9_victims_a_minion_no_agent_and_no_seal_and_counts_as_a_majority() -> None:
    game = new_game(("mila", "imre"))
    base = {"cells": [4, 0], "victims": [9, 9], "ap": [3, 2]}
    _refused(game, night_turn(game, 0, cells=[4, 0], victims=[8, 9], districts={4: DistrictState(minions=1)}), Seal(0),
             "seals.seal", "seals from 9 victims")  # fmt: skip
    _refused(game, night_turn(game, 0, **base), Seal(0), "seals.seal", "needs a minion")  # type: ignore[arg-type]
    _refused(game, night_turn(game, 0, districts={4: DistrictState(minions=1, hidden=1)}, **base), Seal(0),  # type: ignore[arg-type]
             "seals.seal", "without agents")  # fmt: skip
    state = night_turn(game, 0, districts={4: DistrictState(minions=1)}, **base)  # type: ignore[arg-type]
    state = game.apply(state, Seal(0))
    assert state.districts[4] == DistrictState(seal="mila") and state.vampires[0].seal == 4
    assert state.vampires[0].ap == 2
    _refused(game, game.apply(state, Move(0, 1, 0)), Seal(0), "seals.seal", "has placed its one seal already")
    # the sealed district counts as holding more minions than agents, with none there (wn.pl:417)

    assert minion_majority(game.ctx, state, 4)


@pytest.mark.clauses("wn.pl:415", "wn.pl:566")
@pytest.mark.parametrize("reading", ["owner_turn_start", "each_day"])
def test_a_seals_passive_effect_acts_when_the_reading_says(reading: str) -> None:
    """Mila's synthetic seal gives her a blood token."""
    game = new_game(("mila", "imre"), passive_effect_timing=reading)
    state = crafted(game, frames=(NightStart(),), phase=Phase.DAY, blood=[2, 4], seals={0: 4})
    assert state.vampires[0].blood == (3 if reading == "owner_turn_start" else 2)


@pytest.mark.clauses(
    "wn.pl:315", "wn.pl:423", "wn.pl:425", "wn.pl:431", "wn.pl:433", "wn.pl:434", "wn.pl:435", "wn.pl:437", "wn.pl:443"
)
def test_the_ritual_needs_every_seal_the_family_gathered_no_agent_and_enough_minions() -> None:
    game = new_game(("mila", "imre"))
    ready = {"cells": [4, 4], "victims": [9, 9], "seals": {0: 1, 1: 2}, "districts": {4: DistrictState(minions=2)}}
    for change, words in (
        ({"victims": [8, 9]}, "begins the ritual from 9 victims"),
        ({"seals": {0: 1}}, "every seal must be placed first (1 are not)"),
        ({"cells": [4, 5]}, "every vampire must be in this district (1 are not)"),
        ({"districts": {4: DistrictState(minions=2, hidden=1)}}, "must hold no agents"),
        ({"districts": {4: DistrictState(minions=1)}}, "at least 2 minions here"),
    ):
        _refused(game, night_turn(game, 0, **(ready | change)), BeginRitual(0), "seals.ritual", words)  # type: ignore[arg-type]
    won = game.apply(night_turn(game, 0, **ready), BeginRitual(0))  # type: ignore[arg-type]
    assert won.outcome is WNOutcome.RITUAL and game.legal_actions(won) == []


@pytest.mark.clauses("wn.pl:311", "wn.pl:381", "wn.pl:383", "wn.pl:541", "wn.pl:543", "wn.pl:533", "wn.pl:535")
@pytest.mark.parametrize("reading", ["once_per_pair_per_turn", "unbounded"])
def test_relics_are_given_taken_or_swapped_in_one_district_within_the_limits(reading: str) -> None:
    game = new_game(("mila", "imre", "nevena"), relic_trade_bound=reading)
    relics = {0: ("unnamed_1",), 1: ("unnamed_2",)}
    state = night_turn(game, 0, cells=[4, 4, 0], victims=[2, 5, 5], relics=relics)
    assert set(game.legal_actions(state)) >= {
        TradeRelic(0, 1, "unnamed_1", ""),
        TradeRelic(0, 1, "unnamed_1", "unnamed_2"),
    }
    _refused(game, state, TradeRelic(0, 1, "", "unnamed_2"), "relics.limit", "within its relic limit")  # 2 victims: 1
    _refused(game, state, TradeRelic(0, 2, "unnamed_1", ""), "relics.trade", "not in mila's district")
    state = game.apply(state, TradeRelic(0, 1, "unnamed_1", "unnamed_2"))  # a swap
    assert state.vampires[0].relics == ("unnamed_2",) and state.vampires[1].relics == ("unnamed_1",)
    assert state.vampires[0].ap == 2
    if reading == "once_per_pair_per_turn":
        _refused(game, state, TradeRelic(0, 1, "unnamed_2", ""), "relics.trade", "has traded with imre this turn")
    else:
        assert game.apply(state, TradeRelic(0, 1, "unnamed_2", "")).vampires[1].relics == ("unnamed_1", "unnamed_2")
    _refused(game, night_turn(game, 0, cells=[4, 4, 0], victims=[1, 5, 5], relics=relics),
             TradeRelic(0, 1, "unnamed_1", ""), "relics.trade", "trades relics from 2 victims")  # fmt: skip


@pytest.mark.clauses("wn.pl:564", "wn.pl:566", "wn.pl:630", "wn.pl:632")
@pytest.mark.parametrize(("reading", "uses"), [("once_per_round", 1), ("printed_only", 3)])
def test_a_relic_is_used_at_night_by_its_card_and_a_placed_one_stays(reading: str, uses: int) -> None:
    """Synthetic relic 1 gives its holder an action point; synthetic relic 11 is placed and adds a minion there."""
    game = new_game(("mila", "imre"), relic_use_limit=reading)
    state = night_turn(game, 0, cells=[4, 0], victims=[5, 0], relics={0: ("unnamed_1", "unnamed_11")})
    for _ in range(uses):
        state = game.apply(state, UseRelic(0, "unnamed_1"))
    assert state.vampires[0].ap == 2 + uses
    assert (UseRelic(0, "unnamed_1") in game.legal_actions(state)) == (reading == "printed_only")
    state = game.apply(state, UseRelic(0, "unnamed_11"))
    assert state.vampires[0].relics == ("unnamed_1",) and state.relics_at(4) == ("unnamed_11",)
    _refused(game, state, UseRelic(1, "unnamed_1"), "night.turn", "it is mila's turn")


@pytest.mark.clauses("wn.pl:279", "wn.pl:285", "wn.pl:564")
@pytest.mark.parametrize("reading", ["own_turn", "any_night_turn"])
def test_who_may_use_a_relic_in_anothers_turn(reading: str) -> None:
    game = new_game(("mila", "imre"), relic_use_turn=reading)
    state = night_turn(game, 1, victims=[5, 0], relics={0: ("unnamed_2",)})
    listed = UseRelic(0, "unnamed_2") in game.legal_actions(state)
    assert listed == (reading == "any_night_turn")


@pytest.mark.clauses("wn.pl:54", "wn.pl:375", "wn.pl:391")
@pytest.mark.parametrize(("reading", "left"), [("return_excess", 4), ("keep_until_spent", 6)])
def test_nieskazitelna_krew_raises_the_blood_maximum_to_6(reading: str, left: int) -> None:
    game = new_game(("mila", "imre"), immaculate_blood_loss=reading)
    state = night_turn(game, 0, cells=[4, 4], victims=[4, 5], blood=[2, 4], relics={0: ("nieskazitelna_krew",)})
    state = game.apply(state, WildHunt(0))
    assert state.vampires[0].blood == 6
    state = game.apply(state, TradeRelic(0, 1, "nieskazitelna_krew", ""))
    assert state.vampires[0].blood == left and state.vampires[1].relics == ("nieskazitelna_krew",)


@pytest.mark.clauses("wn.pl:54", "wn.pl:375", "wn.pl:391", "wn.pl:562")
def test_discarding_nieskazitelna_krew_returns_the_excess_at_once_before_the_steps_after_it() -> None:
    """Over its relic limit, a vampire at 6 blood discards Nieskazitelna krew: the 2 tokens above 4 go back before
    the automatic steps that follow the discard, so a game that ends in those steps ends with the blood in bounds
    (the million-decision soak found one ending at 6 over a maximum of 4)."""
    game = new_game(("mila", "imre"))
    state = crafted(game, frames=(NightStart(), DiscardRelic(0)), phase=Phase.DAY, victims=[2, 1], blood=[6, 4],
                    relics={0: ("nieskazitelna_krew", "unnamed_1")})  # fmt: skip
    after = game.apply(state, Choose(0, "nieskazitelna_krew"))
    assert after.vampires[0].blood == 4 and after.blood_supply == state.blood_supply + 2
    found = lines(after)
    discard = found.index("mila discards Nieskazitelna krew")
    assert found[discard + 1] == "mila may hold 4 blood now: 2 go back to the supply"


@pytest.mark.clauses("wn.pl:107", "wn.pl:175", "wn.pl:531", "wn.pl:537", "wn.pl:539", "wn.pl:562")
@pytest.mark.parametrize("reading", ["unlocked", "has_room"])
def test_the_museums_relic_goes_to_a_vampire_that_may_hold_one(reading: str) -> None:
    """Mila holds her one relic (2 victims); Imre has 1 victim: only Mila may hold one. Under ``unlocked`` she gets
    the relic and discards one at once; under ``has_room`` no card is drawn."""
    game = new_game(("mila", "imre"), museum_recipient=reading)
    districts = {1: DistrictState(minions=1)}

    state = crafted(game, frames=(NightStart(), DayEffects()), phase=Phase.DAY, victims=[2, 1],
                    relics={0: ("unnamed_1",)}, districts=districts)  # fmt: skip
    state = game.apply(state, Choose(0, "top-middle"))  # the Museum's day effect fires
    if reading == "has_room":
        assert "draw_relic" not in str(state.frames) and len(state.relic_deck) == 13
        assert any("no vampire may hold a relic yet" in line for line in lines(state))
        return
    state = game.apply(state, ChanceOutcome("relic", "unnamed_5"))
    assert state.frames[-1] == DiscardRelic(0) and state.vampires[0].relics == ("unnamed_1", "unnamed_5")
    state = game.apply(state, Choose(0, "unnamed_1"))
    assert state.vampires[0].relics == ("unnamed_5",) and state.relic_discard == ("unnamed_1",)
