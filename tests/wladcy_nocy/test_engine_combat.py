"""Combat and the dice pool (wn.pl:183-195, wn.pl:449-511, wn.pl:610-612, wn.pl:620-624), scenario by scenario."""

from __future__ import annotations

import pytest

from armata_rules.kernel.play.actions import Choose, Pass
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.wladcy_nocy.actions import Fight, Sacrifice, TakeDie
from armata_rules.wladcy_nocy.frames import FightWindow, PickDie, PickOverflow, RollDice
from armata_rules.wladcy_nocy.state import DistrictState
from tests.wladcy_nocy.helpers import lines, new_game, night_turn, play, roll


@pytest.mark.clauses("wn.pl:306", "wn.pl:337", "wn.pl:339", "wn.pl:451", "wn.pl:453", "wn.pl:457", "wn.pl:459")
def test_a_night_fight_faces_the_revealed_agents_only() -> None:
    game = new_game()
    hidden_only = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(hidden=3)})
    with pytest.raises(RuleViolation) as refused:
        game.apply(hidden_only, Fight(0))
    assert refused.value.rule_id == "night.fight" and "no revealed agent" in refused.value.message
    state = night_turn(game, 0, cells=[4, 4, 0], districts={4: DistrictState(hidden=2, revealed=1)}, dice=(5, 6))
    state = game.apply(state, Fight(0))
    assert isinstance(state.frames[-1], PickDie)  # one die for the one revealed agent
    state = game.apply(state, TakeDie(0, 5))
    assert state.districts[4] == DistrictState(hidden=2)  # the hidden agents took no part
    assert state.vampires[0].victims == 1 and state.vampires[1].victims == 0  # only the fighter gains victims
    assert state.vampires[0].ap == 1


@pytest.mark.clauses("wn.pl:473", "wn.pl:474", "wn.pl:475", "wn.pl:479", "wn.pl:481", "wn.pl:507")
def test_every_die_at_once_3_or_more_removes_4_or_less_bleeds() -> None:
    game = new_game(("ishtvan", "mila", "agnieszka"))
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(revealed=6)}, dice=(1, 2, 3, 4, 5, 6))
    state = game.apply(state, Fight(0))
    for value in (1, 2, 3, 4, 5):
        state = game.apply(state, TakeDie(0, value))
    state = roll(game, state, 2, 2, 2, 2, 2, 2)  # the pool emptied with the last die: rolled anew
    assert "the dice [1, 2, 3, 4, 5, 6] remove 4 agents and cost 4 blood" in lines(state)
    assert state.districts[4] == DistrictState(revealed=2)
    assert state.vampires[0].blood == 0 and state.vampires[0].victims == 4
    assert state.agent_pool == game.ctx.pool_size - 2  # removed agents return to the pool (removed_tokens)


@pytest.mark.clauses("wn.pl:469", "wn.pl:495")
@pytest.mark.parametrize(("reading", "supply_back"), [("to_pool", 2), ("to_box", 0)])
def test_sacrificed_minions_remove_as_many_revealed_agents(reading: str, supply_back: int) -> None:
    game = new_game(removed_tokens=reading)
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(revealed=3, minions=2)}, dice=(6, 6))
    supply = state.minion_supply
    with pytest.raises(RuleViolation, match="between 0 and 2 minions"):
        play(game, state, Fight(0), Sacrifice(0, 3))
    state = play(game, state, Fight(0), Sacrifice(0, 2))
    assert state.districts[4] == DistrictState(revealed=0)  # the 6 removed the third agent
    assert state.minion_supply == supply + supply_back
    assert state.vampires[0].victims == 3


@pytest.mark.clauses(
    "wn.pl:255", "wn.pl:339", "wn.pl:457", "wn.pl:463", "wn.pl:471", "wn.pl:477", "wn.pl:481", "wn.pl:499-505"
)
@pytest.mark.parametrize(("reading", "dice_used"), [("reroll_until_enough", 7), ("fight_fewer", 6)])
def test_a_shortfall_rolls_the_pool_anew_once_or_until_enough(reading: str, dice_used: int) -> None:
    """Two vampires have 4 dice; 7 revealed agents need 7: after the 2 left and a full roll of 4, three are still
    missing: rolled anew again, or fought without (reading ``shortfall_repeat``)."""
    game = new_game(("imre", "mila"), shortfall_repeat=reading)
    state = night_turn(game, 0, cells=[4, 8], districts={4: DistrictState(revealed=7)}, dice=(6, 6))
    state = game.apply(state, Fight(0))  # both 6s are taken without a choice, and the pool is empty
    assert isinstance(state.frames[-1], RollDice) and state.fight is not None and state.fight.taken == (6, 6)
    state = roll(game, state, 5, 5, 5, 5)  # four more taken: still 1 short of 7
    state = roll(game, state, 6, 6, 6, 6)  # rolled anew: a second time, or just to refill the pool
    taken = next(line for line in lines(state) if line.startswith("the dice ["))
    assert taken.startswith(f"the dice {[5] * 4 + [6] * (dice_used - 4)}")
    assert state.dice.size == 4 - (dice_used - 6)


@pytest.mark.clauses("wn.pl:255", "wn.pl:463", "wn.pl:477")
def test_by_day_only_the_lowest_dice_are_taken_but_by_night_any() -> None:
    game = new_game()
    night = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(revealed=1)}, dice=(2, 5, 6))
    night = game.apply(night, Fight(0))
    assert game.legal_actions(night) == [TakeDie(0, 2), TakeDie(0, 5), TakeDie(0, 6)]
    with pytest.raises(RuleViolation, match="take a value of the pool"):
        game.apply(night, TakeDie(0, 4))


@pytest.mark.clauses("wn.pl:483", "wn.pl:509")
@pytest.mark.parametrize(("reading", "decider"), [("leader", 0), ("next_seat", 2)])
def test_unpaid_blood_is_spread_over_the_others_there_by_another_player(reading: str, decider: int) -> None:
    game = new_game(("ishtvan", "mila", "agnieszka"), overflow_decider=reading)
    state = night_turn(
        game, 1, cells=[4, 4, 4], blood=[3, 1, 3], districts={4: DistrictState(revealed=3)}, dice=(1, 1, 1, 1)
    )
    state = game.apply(state, Fight(1))  # three 1s: 3 blood owed, Mila pays 1
    assert state.frames[-1] == PickOverflow(decider, 1, 2)
    assert game.legal_actions(state) == [Choose(decider, "ishtvan"), Choose(decider, "agnieszka")]
    state = play(game, state, Choose(decider, "agnieszka"), Choose(decider, "agnieszka"))
    assert [v.blood for v in state.vampires] == [3, 0, 1]
    alone = night_turn(
        game, 1, cells=[4, 4, 0], blood=[0, 1, 3], districts={4: DistrictState(revealed=2)}, dice=(1, 1, 1)
    )
    alone = game.apply(alone, Fight(1))
    assert "1 blood cannot be paid by anyone there: it is ignored" in lines(alone)


@pytest.mark.clauses("wn.pl:485", "wn.pl:511", "wn.pl:624")
def test_victims_count_dice_and_minions_even_for_an_exhausted_fighter_and_stop_at_9() -> None:
    game = new_game()
    state = night_turn(
        game,
        0,
        cells=[4, 0, 0],
        blood=[1, 4, 4],
        victims=[7, 0, 0],
        districts={4: DistrictState(revealed=3, minions=1)},
        dice=(3, 4),
    )
    state = play(game, state, Fight(0), Sacrifice(0, 1), TakeDie(0, 3))
    state = roll(game, state, 1, 1, 1, 1, 1, 1)
    assert state.vampires[0].blood == 0  # exhausted in the fight
    assert state.vampires[0].victims == 9  # 7 + 3, held at the track's top


@pytest.mark.clauses(
    "wn.pl:365", "wn.pl:401", "wn.pl:564", "wn.pl:610", "wn.pl:612", "wn.pl:620", "wn.pl:622", "wn.pl:624"
)
def test_laszlo_uses_his_fight_ability_right_after_the_dice_as_often_as_he_can_pay() -> None:
    """The synthetic Laszlo's Blood ability costs a blood token and adds 1 to the chosen dice (kept within 1..6)."""
    game = new_game(("laszlo", "mila"))
    state = night_turn(game, 0, cells=[4, 0], blood=[2, 4], districts={4: DistrictState(revealed=2)}, dice=(2, 6, 6))
    state = play(game, state, Fight(0), TakeDie(0, 2))  # then a 6, the only value left
    assert isinstance(state.frames[-1], FightWindow)
    assert game.legal_actions(state) == [Choose(0, "blood"), Pass(0, "window")]  # Dark needs 6 victims
    state = game.apply(state, Choose(0, "blood"))
    assert state.fight is not None and state.fight.taken == (3, 6) and state.vampires[0].blood == 1
    state = game.apply(state, Choose(0, "blood"))  # again, paying his last blood: it resolves in full
    assert state.fight is not None and state.fight.taken == (4, 6)  # 2 -> 3 -> 4; the 6 stays 6 (wn.pl:612)
    assert game.legal_actions(state) == [Pass(0, "window")]
    for other in ("turn", "blood", ""):  # only the window's own pass closes it
        with pytest.raises(RuleViolation) as refused:
            game.apply(state, Pass(0, other))
        assert refused.value.rule_id == "combat.window"
        assert "the window is closed by passing it ('window')" in refused.value.message
    state = game.apply(state, Pass(0, "window"))
    assert state.districts[4] == DistrictState() and state.vampires[0].victims == 2


@pytest.mark.clauses("wn.pl:564", "wn.pl:622", "wn.pl:630", "wn.pl:632")
def test_a_dice_relic_is_used_in_a_night_fights_window_once_a_round() -> None:
    game = new_game(("laszlo", "mila"))
    relics = {1: ("zegary_wypaczen",)}
    state = night_turn(
        game, 1, cells=[0, 4], victims=[0, 2], relics=relics, districts={4: DistrictState(revealed=2)}, dice=(1, 3, 5)
    )
    state = play(game, state, Fight(1), TakeDie(1, 1), TakeDie(1, 3))
    assert game.legal_actions(state) == [Choose(1, "zegary_wypaczen"), Pass(1, "window")]
    state = game.apply(state, Choose(1, "zegary_wypaczen"))
    assert state.fight is not None and state.fight.taken == (2, 4) and state.relics_used == ("zegary_wypaczen",)
    assert game.legal_actions(state) == [Pass(1, "window")]  # once per round (wn.pl:632)


@pytest.mark.clauses("wn.pl:177", "wn.pl:185-189", "wn.pl:191", "wn.pl:193", "wn.pl:195")
def test_a_die_used_is_set_aside_until_the_pool_is_empty_then_all_are_rolled() -> None:
    game = new_game()
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(revealed=1)}, dice=(3, 6))
    state = play(game, state, Fight(0), TakeDie(0, 6))
    assert state.dice.values == (3,) and state.dice.aside == 5
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(revealed=1)}, dice=(6,))
    state = game.apply(state, Fight(0))
    assert state.frames[-1] == RollDice(6)  # every die, the 6 just used included
