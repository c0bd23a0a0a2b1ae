"""More scenarios the mutation run over ``rules/`` and the kernel's engine loop showed missing (issue 28 §4, third
pass): a hero standing between a Strigoi and a ladder on the square next to the ladder, and the log of the ladder
left standing; Nighttime Rebel when it is the last advanced card beside the board, and when every hero already holds
three reward cards; a Monk left in peace after Stealth; a reward token without strength in a fight; the refusals a
player reads for a seat the table does not have in Phase 1 and for an action of another kind during a move; a turn
of a platform that strands a jumping hero with both Strigoi on the board; the flip listed for the hero who stopped
on an encounter space, and an encounter ended on a space that already holds its fight token (a saved game); the
self-wound icons of the played card and of a weapon by the 'that turn' reading, a strength taken to nothing by
penalties, and a counterattack that is not the turn's hero's fight; Stealth to cross a Strigoi back to where the
hero came from, after a jump, and only with a step left for it; Leap onto an encounter space in the fight phase,
after the turn's attack and after the Strigoi act; a jump into a dead end held by Powerwolves; the last ladder's
fall that empties the blood supply; a grey pile reshuffled, two Monsters left face up, and Stealth on a Monk said;
and an engine contract a scenario cannot reach: the kernel's :func:`~armata_rules.kernel.play.dispatch.refusal` is
the guard's answer at a decision, and an invariant error where no decision is due."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    Choose,
    ChooseCard,
    EndMove,
    GiveReward,
    Pass,
    Peek,
    PlayReward,
    PlayToken,
    Step,
    UseAbility,
)
from armata_rules.frames import EndRound, Fight, GrantAwards, PhaseThree
from armata_rules.game import ARMATA
from armata_rules.kernel.core.errors import EngineInvariantError
from armata_rules.kernel.play.dispatch import refusal
from armata_rules.state import GameState, Outcome
from armata_rules.variants import AdvancedTiming
from tests.fuzz import time_limit
from tests.scenario import (
    ARMY,
    CROSS,
    DANCING,
    MOON,
    PRAYER,
    card_id,
    draw,
    encounter,
    game,
    play,
    reward,
    strigoi_attack,
    token,
    turn,
    wound,
)


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _said(state: GameState) -> list[str]:
    """The history's lines without their round prefix."""
    return [line.split(": ", 1)[1] for line in state.history()]


# ------------------------------------------------------------------------------------------ ladders


def _phase_three(g: Game, matthew: str) -> GameState:
    """Phase 3 after a round without attacks: Matthew played first (his card shows A, which NE's books point at
    the ladder NE:ladder0), the Master stands on NE:0,0, the altar allows a counterattack."""
    state = turn(
        g,
        [PRAYER, CROSS],
        positions={0: "C:0,0", 1: matthew},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    board = replace(state.board, ladders=frozenset({"NE:ladder0"}))
    state = replace(state, board=board, order=(1, 0), turn=None, frames=(EndRound(), GrantAwards(), PhaseThree()))
    return g._settle(state)  # the engine runs Phase 3, an automatic frame, after every action


@pytest.mark.clauses("peg19.en:818", "peg19.en:822", "peg19.en:837", "peg19.en:841")
def test_a_hero_next_to_the_ladder_stands_between_it_and_the_strigoi() -> None:
    """peg19.en:822: a Powerwolf between the Strigoi and the ladder tile saves the ladder (peg19.en:818). The line
    from the Master on NE:0,0 to NE:ladder0 crosses NE:1,0 and then NE:2,-1, the space next to the ladder: Matthew
    there stands between them as much as on NE:1,0. In Phase 3 the Master curses instead of attacking on sight and
    no counterattack answers (peg19.en:837, peg19.en:841): the log says who stands between, that the ladder stands
    and that the Master stays and curses nobody; the ladder is still on the board and no blood point is lost."""
    g = game()
    state = _phase_three(g, matthew="NE:2,-1")
    said = _said(state)
    between = said.index("Matthew stands between the Strigoi and the ladder")
    assert said[between + 1] == "the ladder stands; the Master stays and curses nobody"
    assert not any("destroys the ladder" in line or "attacks Matthew" in line for line in said)
    assert state.board.ladders == frozenset({"NE:ladder0"})
    assert state.strigoi[0].position == "NE:0,0"
    assert (state.blood.altar, state.blood.inferno) == (2, 0)
    assert not state.heroes[1].wounds and state.to_act.decision == "choose_card"


# ------------------------------------------------------------------------------------------ Nighttime Rebel


def _rebel(g: Game) -> str:
    return next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")


@pytest.mark.clauses("peg19.en:972", "sb19.en:540")
def test_nighttime_rebel_is_assigned_when_it_is_the_last_advanced_card_beside_the_board() -> None:
    """peg19.en:972: the Rebel is assigned 'as soon as another player gets their third Reward card', whatever else
    is left beside the board. Here every other advanced card has left the game, so the Rebel is the only one there:
    Roel hands Matthew a Hammer beside his two Swords, and the Rebel goes at once (when-earned timing) to Roel, who
    has the fewest reward cards (tied with Attila, the lower initiative this round)."""
    g = game(("Roel", "Matthew", "Attila"), editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    rebel = _rebel(g)
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS, "Lupus Dei"],
        positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0"},
        hands={0: [hammer], 1: [reward(g, "Sword"), reward(g, "Sword", 2)]},
        first=0,
    )
    others = tuple(c for c in state.advanced_supply if c != rebel)
    assert others and rebel in state.advanced_supply
    state = replace(state, advanced_supply=(rebel,), box=tuple(sorted((*state.box, *others))))
    after = play(g, state, GiveReward(0, 1, hammer))
    assert [rebel in hero.hand for hero in after.heroes] == [True, False, False]
    assert after.advanced_supply == ()
    assert _said(after)[-1] == "Roel takes Nighttime Rebel into hand"


@pytest.mark.clauses("peg19.en:972", "sb19.en:540")
def test_nighttime_rebel_goes_to_the_fewest_even_when_every_hero_holds_three_reward_cards() -> None:
    """peg19.en:972: the Rebel goes to the player with the fewest reward cards. In a saved game (the engine loads
    it) where Roel holds four reward cards, Matthew three, and the Rebel is still beside the board, Roel hands
    Matthew one: nobody is left below three, and the Rebel goes to Roel, who now holds the fewest (three against
    four); the game goes on with Roel's move."""
    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    rebel = _rebel(g)
    roel = [reward(g, "Hammer"), reward(g, "Sword"), reward(g, "Sword", 2), reward(g, "Holy Water")]
    matthew = [reward(g, "Dynamite"), reward(g, "Hammer", 2), reward(g, "Holy Water", 2)]
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, hands={0: roel, 1: matthew}, first=0)
    state = g.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json")
    assert rebel in state.advanced_supply and state.awards == ()
    after = play(g, state, GiveReward(0, 1, roel[0]))
    assert rebel in after.heroes[0].hand and rebel not in after.heroes[1].hand
    assert _said(after)[-1] == "Roel takes Nighttime Rebel into hand"
    assert after.to_act.decision == "move" and after.to_act.seats == (0,)


# ------------------------------------------------------------------------------------------ monk


def _stealth_on_a_monk(g: Game) -> GameState:
    """Roel, with Army of the Night in his discard pile, steps onto the red space C:1,1 and peeks with his card's
    Stealth: the token is a Monk, and the discard pile is back in his hand."""
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})  # a tie: Roel first
    army = card_id(g, "Roel", "Army of the Night")
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, Step(0, "C:1,1"), Peek(0, wolves, "card"))
    return draw(g, state, encounter(g, "red", "Monk"))


@pytest.mark.clauses("peg19.en:1060", "peg19.en:792", "peg19.en:795")
def test_a_monk_left_in_peace_is_said_and_turns_into_no_monster() -> None:
    """peg19.en:1060: after Stealth on a Monk the hero 'can then decide if they want to fight the Monk'; leaving
    him is not attacking him (peg19.en:795: an attacked Monk turns into a grey Monster). The log says so, no grey
    Monster is drawn, and the encounter is over with its fight token on the space."""
    g = game()
    state = _stealth_on_a_monk(g)
    grey = len(state.grey.hidden)
    state = play(g, state, Choose(0, "leave"))
    assert _said(state)[-2:] == ["Roel leaves the monk in peace", "a fight token goes on C:1,1"]
    assert not any("attacks the monk" in line for line in _said(state))
    assert state.to_act.decision != "draw_grey" and len(state.grey.hidden) == grey
    assert "C:1,1" in state.fight_tokens


# ------------------------------------------------------------------------------------------ reward tokens


@pytest.mark.clauses("peg19.en:1008", "peg19.en:775", "peg19.en:1040")
def test_a_reward_token_without_strength_is_neither_offered_nor_taken_in_a_fight() -> None:
    """peg19.en:775: a reward token played in a fight adds its strength; peg19.en:1008: tokens give bonuses and
    abilities. The Claw adds 2 and is offered in Matthew's counterattack; the Amulet adds nothing (its Protection,
    peg19.en:1040, is used against a wound, not played into the fight's Strength), so it is not offered there."""
    g = game()
    claw, amulet = token(g, "Claw"), token(g, "Amulet")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        tokens={1: [claw, amulet]},
        first=0,
    )
    state = play(g, strigoi_attack(g, state), AttackStrigoi(1, 0, "melee"))
    assert isinstance(state.frames[-1], Fight)
    played = [a for a in g.legal_actions(state) if isinstance(a, PlayToken)]
    assert played == [PlayToken(1, claw)]
    # and the guard agrees with the list: the Amulet played into the fight was accepted for +0 and spent
    assert _refusal(g, state, PlayToken(1, amulet)) == (
        "rewards.use",
        "Amulet adds no strength to a fight: use its ability instead",
    )


# ------------------------------------------------------------------------------------------ refusals


@pytest.mark.clauses("peg19.en:734", "peg19.en:744")
def test_a_card_chosen_for_a_seat_the_table_does_not_have_is_refused_as_such() -> None:
    """peg19.en:734 / peg19.en:744: in Phase 1 every player chooses a card. A choice for seat 2 of a two-hero game,
    or for seat -1, is refused under the Phase 1 rule, and the refusal says there is no such seat (not that the
    seat has chosen already)."""
    g = game()
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    assert state.to_act.decision == "choose_card"
    card = state.heroes[0].hand[0]
    assert _refusal(g, state, ChooseCard(2, card)) == ("round.phase1", "there is no seat 2")
    assert _refusal(g, state, ChooseCard(-1, card)) == ("round.phase1", "there is no seat -1")


@pytest.mark.clauses("peg19.en:760")
def test_an_action_of_another_kind_during_a_move_is_refused_naming_it() -> None:
    """peg19.en:760: in the move the Powerwolf steps or stops; an action of another kind (a pass of the fight phase,
    a card choice of Phase 1) is refused under the step rule, and the refusal names the mover and the kind."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    assert state.to_act.decision == "move"
    assert _refusal(g, state, Pass(0, "end_fight_phase")) == ("move.step", "Roel is moving: step or stop, not pass")
    card = state.heroes[0].hand[0]
    assert _refusal(g, state, ChooseCard(0, card)) == ("move.step", "Roel is moving: step or stop, not choose_card")


# ------------------------------------------------------------------------------------------ strands


@pytest.mark.clauses(
    "peg19.en:756", "peg19.en:764", "peg19.en:765", "peg19.en:1054", "sb19.en:306", "sb19.en:314", "sb19.en:638"
)
def test_a_platform_turn_that_strands_a_jumping_hero_is_refused_with_the_strigoi_on_the_board() -> None:
    """As tests/test_rules_movement.py's platform test (peg19.en:764: two miniatures cannot stay on one space;
    peg19.en:1054: Mechanics turns a platform), with both Strigoi standing on the board, far from the SW room:
    Matthew, jumping onto Roel's space, may not turn SW by four or five sixths, which would leave him there with no
    way on; the refusal says so, and every turn that is listed leaves a legal action."""
    g = game(("Roel", "Matthew"), editions.SB19_EN)
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "SW:-1,0", 1: "SW:0,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "N:2,0"},
        first=1,
    )
    state = replace(state, board=replace(state.board, rotations=(2, 4, 3, 0, 0, 0)))
    state = play(g, state, Step(1, "SW:-1,0"))  # onto Roel: a jump
    cross = card_id(g, "Matthew", CROSS)
    listed = g.legal_actions(state)
    for steps in (4, 5):
        stranding = UseAbility(1, "mechanics", cross, "card", f"SW:{steps}")
        assert stranding not in listed
        rule_id, message = _refusal(g, state, stranding)
        assert (rule_id, message) == (
            "move.stop",
            "two miniatures cannot stay on the same space: after that, Matthew could not move on from SW:-1,0 to a "
            "free space",
        )
    assert UseAbility(1, "mechanics", cross, "card", "SW:1") in listed
    for action in listed:
        if isinstance(action, UseAbility):
            assert g.legal_actions(g.apply(state, action)), action


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.clauses("peg19.en:760")
def test_the_kernels_refusal_is_the_guards_answer_and_no_decision_is_an_invariant_error() -> None:
    """:func:`armata_rules.kernel.play.dispatch.refusal` (which the kernel's conformance checks ask) answers at a
    decision what the engine's guard answers: ``None`` for a legal step, and for another seat's step the refusal a
    player reads, with the rule. Where no decision is due (chance decides, or the game is over) asking is a
    programming error: :class:`EngineInvariantError`, not a refusal."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        first=0,
    )
    assert refusal(ARMATA, g.ctx, state, Step(0, "C:0,0")) is None
    refused = refusal(ARMATA, g.ctx, state, Step(1, "C:0,0"))
    assert refused is not None and (refused.rule.id, refused.message) == (
        "move.step",
        "it is Roel's turn, not seat 1's",
    )
    refused = refusal(ARMATA, g.ctx, state, Pass(0, "end_fight_phase"))
    assert refused is not None and refused.message == "Roel is moving: step or stop, not pass"
    chance = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert g.chance_outcomes(chance)
    with pytest.raises(EngineInvariantError):
        refusal(ARMATA, g.ctx, chance, Step(0, "C:0,0"))
    over = replace(state, outcome=Outcome.STRIGOI_WIN)
    with pytest.raises(EngineInvariantError):
        refusal(ARMATA, g.ctx, over, Step(0, "C:0,0"))


# ------------------------------------------------------------------------------------------ encounters


@pytest.mark.clauses("peg19.en:760", "peg19.en:771", "peg19.en:1058")
def test_the_flip_of_an_encounter_is_listed_for_the_hero_who_stopped_on_it() -> None:
    """peg19.en:760 / peg19.en:771: a Powerwolf who moves onto an encounter mark must stop and flip the top token of
    the matching pile; peg19.en:1058: with Stealth he may flip it and decide afterwards. Roel steps onto the red
    space C:1,1, which ends his move: what is listed is his flip, then his Stealth peek (with the icon of
    Werewolves of Armenia, the card he played). The flip listed is Roel's, of seat 0, and is the one the guard
    accepts, and taking it flips the red encounter."""
    g = game()
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})  # a tie: Roel first
    state = play(g, state, Step(0, "C:1,1"))
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    listed = g.legal_actions(state)
    assert listed == [Choose(0, "flip"), Peek(0, wolves, "card")]
    assert all(refusal(ARMATA, g.ctx, state, action) is None for action in listed)
    flipped = g.apply(state, listed[0])
    assert _said(flipped)[-1] == "Roel flips the red encounter" and flipped.to_act.decision == "draw_red"


@pytest.mark.clauses("peg19.en:797")
def test_an_encounter_on_a_space_that_already_holds_its_fight_token_ends_without_a_second_one() -> None:
    """peg19.en:797: after the encounter the player places a fight token on the encounter space. Play never starts
    an encounter on a space with a fight token, but a saved game can hold one (the engine loads it): Roel fights a
    Zombie on C:1,1, where a fight token already lies. He loses and takes the wound; the encounter then ends with
    the one token on C:1,1 (no second one is placed, and nothing is said of it), and his fight phase goes on."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    assert state.fight_tokens == ()
    saved = replace(state, fight_tokens=("C:1,1",)).to_json()
    state = g.state_from_json(json.loads(json.dumps(saved)), "saved.json")
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Bleeding Eyes"))
    assert _said(state)[-2:] == ["strength 3 against Zombie's 4: lost", "Roel draws a wound: Bleeding Eyes"]
    assert state.fight_tokens == ("C:1,1",)
    assert (state.to_act.decision, state.to_act.seats) == ("fight", (0,))
    assert g.legal_actions(state) == [Pass(0, "end_fight_phase")]


# ------------------------------------------------------------------------------------------ self-wounds


@pytest.mark.clauses("peg19.en:1080", "peg19.de:517")
@pytest.mark.parametrize(("reading", "hurt"), [("if_fights_this_turn", False), ("if_fights_this_round", True)])
def test_a_self_wound_that_does_not_hurt_in_a_counterattack_deals_no_wound(reading: str, hurt: bool) -> None:
    """peg19.en:1080: 'if the Powerwolf fights that turn', their action card's wound icon causes a wound;
    peg19.de:517 reads 'in this round'. Matthew, who played Amen & Attack (a self-wound icon), counterattacks the
    Master in Roel's turn and loses the fight. Under 'that turn' this is not his turn: the icon deals no wound at
    all (not merely goes unrecorded), so no wound is drawn and his own turn begins with the one wound of the
    Master's attack; under 'that round' the icon hurts him and a wound is drawn."""
    from armata_rules.variants import SelfWound

    g = game(ruleset=editions.PEG19_EN.with_(self_wound=SelfWound(reading)))
    state = turn(
        g, [MOON, "Amen & Attack"], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0)
    )
    state = strigoi_attack(g, state)  # the Master lands on N:0,0, next to Matthew, and wounds him once
    wounds = state.heroes[1].wounds
    assert state.to_act.decision == "counterattack" and len(wounds) == 1
    state = play(g, state, AttackStrigoi(1, 0, "melee"), Pass(1, "resolve"))
    assert "strength 5 against the Master's 7: the attack fails" in _said(state)
    assert ("Amen & Attack hurts Matthew in this fight (self-wound icon)" in _said(state)) is hurt
    assert state.heroes[1].card_wound_taken is hurt
    if hurt:
        assert state.to_act.decision == "draw_wound"
    else:
        assert (state.to_act.decision, state.to_act.seats) == ("move", (1,)) and _said(state)[-1] == "Matthew's turn"
        assert state.heroes[1].wounds == wounds


@pytest.mark.clauses("peg19.en:1080", "peg19.en:775")
def test_a_weapon_s_wound_icon_hurts_in_the_hero_s_own_turn_under_that_turn() -> None:
    """peg19.en:1080: 'if the Powerwolf fights that turn, their action or weapon ... causes a wound'. Under that
    reading Roel fights a Zombie in his own turn with a Battle Axe (+3, a wound icon): he wins (3 + 3 against 4),
    earns his loot, and the Axe's wound is drawn for him after it."""
    from armata_rules.variants import SelfWound

    g = game(ruleset=editions.PEG19_EN.with_(self_wound=SelfWound.IF_FIGHTS_THIS_TURN))
    axe = reward(g, "Battle Axe")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, hands={0: [axe]}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    state = play(g, state, PlayReward(0, axe, "normal"), Pass(0, "resolve"))
    assert "strength 6 against Zombie's 4: won" in _said(state)
    assert state.to_act.decision == "draw_reward_card"
    state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
    assert state.to_act.decision == "draw_wound" and not state.heroes[0].wounds
    state = draw(g, state, wound(g, "Wound"))
    assert state.heroes[0].wounds == (wound(g, "Wound"),)
    assert _said(state)[-2:] == ["Roel draws a wound: Wound", "a fight token goes on C:1,1"]


@pytest.mark.clauses("peg19.en:775", "peg19.en:1088", "peg19.en:777")
def test_a_hero_whose_penalties_take_all_the_card_s_strength_fights_with_the_bonuses_alone() -> None:
    """peg19.en:1088: a penalty wound reduces the Powerwolf's strength; peg19.en:775: his strength is the played
    card's plus the bonuses. Roel plays Prayer in the Dark (strength 2) with two Torn Arms (-1 each): the card gives
    nothing, not less than nothing, and not more. With a Fang (+1) his strength is 1 against a Ghoul's 2: he loses
    (peg19.en:777 asks equal or greater) and a wound is coming."""
    g = game()
    fang = token(g, "Fang")
    arms = [wound(g, "Torn Arm"), wound(g, "Torn Arm", 2)]
    state = turn(g, [PRAYER, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, tokens={0: [fang]}, wounds={0: arms}, first=0)
    assert g.ctx.strength_penalty(state.heroes[0]) == 2 == g.ctx.played_card(state, 0).strength
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Ghoul"))
    state = play(g, state, PlayToken(0, fang), Pass(0, "resolve"))
    assert _said(state)[-2:] == ["Roel uses Fang", "strength 1 against Ghoul's 2: lost"]
    assert state.to_act.decision == "protect" and state.to_act.seats == (0,)


@pytest.mark.clauses("peg19.en:864", "peg19.de:340")
def test_a_counterattack_in_another_hero_s_turn_is_not_recorded_as_that_hero_s_fight() -> None:
    """peg19.en:864: the attacked Powerwolf may counterattack; peg19.de:340: a player fights once in their turn,
    which the turn's record (saved with the game) keeps for the hero whose turn it is. Matthew counterattacks the
    Master in Roel's turn with Dynamite and wounds him: that is Matthew's fight, and Roel's turn record is left as
    it was, Roel not having fought."""
    g = game()
    dynamite = reward(g, "Dynamite")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [dynamite]},
        first=0,
    )
    state = strigoi_attack(g, state)  # the Master lands on N:0,0, next to Matthew
    before = state.turn
    assert state.to_act.decision == "counterattack" and before is not None and not before.fought
    state = play(g, state, AttackStrigoi(1, 0, "melee"), PlayReward(1, dynamite, "wild"), Pass(1, "resolve"))
    assert _said(state)[-1] == "strength 10 against the Master's 7: a wound"
    assert state.to_act.decision == "wound_strigoi" and state.turn == before
    saved = state.to_json()["turn"]
    assert isinstance(saved, dict) and saved["fought"] is False


# ------------------------------------------------------------------------------------------ stealth


@pytest.mark.clauses("peg19.en:766", "peg19.en:1062", "peg19.en:764")
def test_with_stealth_a_hero_may_cross_a_strigoi_back_to_the_space_he_came_from() -> None:
    """peg19.en:766 / peg19.en:1062: with Stealth a Powerwolf may move through a Strigoi's space, not stay on it
    (peg19.en:764). With the SW platform turned by four sixths, Roel stands on SW:1,0 next to the Master on SW:0,0,
    whose other ways out are Matthew's, Attila's and Charles's spaces. Roel walks out and back (two steps left),
    uses a Shadow's Stealth, and may step onto the Master's space with one step left: the space he came from is
    free again, so from there he has a way on, back to it, and it is the only one."""
    g = game(("Roel", "Matthew", "Attila", "Charles"))
    shadow = token(g, "Shadow")
    state = turn(
        g,
        ["Sanctified with Dynamite", CROSS, ARMY, ARMY],
        positions={0: "SW:1,0", 1: "SW:-1,0", 2: "SW:0,-1", 3: "SW:1,-1"},
        strigoi={"Master": "SW:0,0", "Apprentice": "N:0,0"},
        tokens={0: [shadow]},
        first=0,
    )
    rotations = list(state.board.rotations)
    rotations[g.ctx.fortress.platform_rooms.index("SW")] = 4
    state = replace(state, board=replace(state.board, rotations=tuple(rotations)))
    assert Step(0, "SW:0,0") not in g.legal_actions(state)  # no Stealth yet
    state = play(g, state, Step(0, "SW:0,1"), Step(0, "SW:1,0"), UseAbility(0, "stealth", shadow, "token", ""))
    assert state.turn is not None and state.turn.steps_left == 2 and state.turn.stealthy
    assert Step(0, "SW:0,0") in g.legal_actions(state)
    state = play(g, state, Step(0, "SW:0,0"))
    assert g.legal_actions(state) == [Step(0, "SW:1,0")]
    state = play(g, state, Step(0, "SW:1,0"), EndMove(0))
    assert state.heroes[0].position == "SW:1,0" and state.to_act.decision == "fight"


@pytest.mark.clauses("peg19.en:766", "peg19.en:1062", "peg19.en:764")
def test_with_stealth_a_jump_whose_only_way_on_crosses_a_strigoi_is_allowed() -> None:
    """peg19.en:764: a Powerwolf may not stay on another's space, so a jump needs a way on; peg19.en:766 /
    peg19.en:1062: with Stealth that way may pass through a Strigoi. With the SW platform turned by four sixths,
    Roel on SW:1,-1 can only go onto Matthew on SW:0,-1, whose only other way out is the Master's SW:0,0. Without
    Stealth the jump is refused (no way on); with a Shadow's Stealth it is listed, and Roel goes over Matthew,
    through the Master, to the free SW:1,0 and may stop there."""
    g = game()
    shadow = token(g, "Shadow")
    state = turn(
        g,
        ["Sanctified with Dynamite", CROSS],
        positions={0: "SW:1,-1", 1: "SW:0,-1"},
        strigoi={"Master": "SW:0,0", "Apprentice": "N:0,0"},
        tokens={0: [shadow]},
        first=0,
    )
    rotations = list(state.board.rotations)
    rotations[g.ctx.fortress.platform_rooms.index("SW")] = 4
    state = replace(state, board=replace(state.board, rotations=tuple(rotations)))
    assert _refusal(g, state, Step(0, "SW:0,-1")) == (
        "move.step",
        "SW:0,-1 is taken and the hero could not move on from it to a free space",
    )
    state = play(g, state, UseAbility(0, "stealth", shadow, "token", ""))
    assert g.legal_actions(state) == [Step(0, "SW:0,-1"), EndMove(0)]
    state = play(g, state, Step(0, "SW:0,-1"))
    assert g.legal_actions(state) == [Step(0, "SW:0,0")]
    state = play(g, state, Step(0, "SW:0,0"), Step(0, "SW:1,0"))
    assert EndMove(0) in g.legal_actions(state) and state.heroes[0].position == "SW:1,0"


# ------------------------------------------------------------------------------------------ leaps


def _leaping(strigoi: dict[str, str | None], herbs: bool = False) -> tuple[Game, GameState, str]:
    """Under the reading where Leap lands on any space of the room (sb19.en:646, peg19.de:503) and one attack on a
    Strigoi may follow an encounter (peg19.fr:1895): Matthew, who played Dancing with the Dead (Leap), on NE:2,0 at
    the start of his turn, holding Herbs if asked; Roel far away. Returns the game, the state and the card."""
    from armata_rules.variants import LeapLanding, StrigoiAfterEncounter

    ruleset = editions.PEG19_EN.with_(
        leap_landing=LeapLanding.ANY_SPACE, strigoi_after_encounter=StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI
    )
    g = game(("Matthew", "Roel"), ruleset)
    held = {0: [token(g, "Herbs")]} if herbs else None
    state = turn(
        g, [DANCING, MOON], positions={0: "NE:2,0", 1: "C:0,0"}, strigoi=strigoi, blood=(12, 2, 0), tokens=held, first=0
    )
    return g, state, card_id(g, "Matthew", DANCING)


@pytest.mark.clauses("peg19.de:503", "peg19.en:1072", "peg19.en:771")
def test_a_leap_in_the_fight_phase_onto_an_encounter_space_starts_the_encounter() -> None:
    """peg19.de:503: Leap lands on any space of the room; peg19.en:1072: it cannot avoid a fight; peg19.en:771: a
    Powerwolf on an encounter mark must flip its token. Matthew stops on NE:2,0, and in the fight phase leaps onto
    the grey encounter space NE:-1,2: his fight phase stays, now waiting for that encounter, which he must flip."""
    g, state, dancing = _leaping({"Master": "N:0,0"})
    state = play(g, state, EndMove(0), UseAbility(0, "leap", dancing, "card", "NE:-1,2"))
    assert state.heroes[0].position == "NE:-1,2"
    assert (state.to_act.decision, state.to_act.seats) == ("fight", (0,))
    assert g.legal_actions(state)[0] == Choose(0, "flip") and Pass(0, "end_fight_phase") not in g.legal_actions(state)
    state = play(g, state, Choose(0, "flip"))
    assert _said(state)[-1] == "Matthew flips the grey encounter" and state.to_act.decision == "draw_grey"


@pytest.mark.clauses("peg19.de:503", "peg19.en:801", "peg19.fr:1895")
def test_a_leap_onto_an_encounter_space_after_the_turn_s_attack_starts_nothing() -> None:
    """peg19.en:801: one encounter per turn; under the reading where one attack on a Strigoi may follow an
    encounter (peg19.fr:1895), never one before it nor a second. Matthew attacks the Master at range and fails;
    then he leaps onto the encounter space NE:-1,1, next to the Master. The turn's fight is spent: no encounter
    starts, and no second attack on the Master is offered (the leap is no encounter it could follow): he can only
    pass."""
    g, state, dancing = _leaping({"Master": "NE:0,0"})
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, "ranged"), Pass(0, "resolve"))
    assert _said(state)[-1] == "strength 2 against the Master's 7: the attack fails"
    state = play(g, state, UseAbility(0, "leap", dancing, "card", "NE:-1,1"))
    assert state.heroes[0].position == "NE:-1,1" and "NE:-1,1" in g.ctx.fortress.encounter_spaces
    assert g.legal_actions(state) == [Pass(0, "end_fight_phase")]
    assert state.turn is not None and not state.turn.encountered


@pytest.mark.clauses("peg19.de:503", "peg19.en:750", "peg19.en:801")
def test_a_leap_onto_an_encounter_space_after_the_strigoi_act_starts_no_encounter() -> None:
    """peg19.en:750 / peg19.en:801: the encounter belongs to Phase 2b, before the Strigoi act. Matthew passes his
    fight phase, the Master acts, and in the window after it (he still holds Herbs, so it stays open) he leaps onto
    the grey encounter space NE:-1,2: no encounter starts, and the turn's record (saved with the game) says so; he
    may still heal or end his turn."""
    g, state, dancing = _leaping({"Master": "N:0,0"}, herbs=True)
    herbs = token(g, "Herbs")
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")
    assert state.to_act.decision == "after_strigoi"
    state = play(g, state, UseAbility(0, "leap", dancing, "card", "NE:-1,2"))
    assert state.heroes[0].position == "NE:-1,2" and state.to_act.decision == "after_strigoi"
    assert g.legal_actions(state) == [Pass(0, "end_turn"), UseAbility(0, "heal", herbs, "token", "")]
    assert state.turn is not None and not state.turn.encountered
    saved = state.to_json()["turn"]
    assert isinstance(saved, dict) and saved["encountered"] is False


# ------------------------------------------------------------------------------------------ blood


@pytest.mark.clauses("peg19.it:1374", "peg19.en:936", "peg19.en:940")
def test_the_last_ladder_s_fall_that_empties_the_supply_gives_the_strigoi_the_game() -> None:
    """peg19.it:1374: when the last ladder falls the Strigoi gain a blood point, from the supply; peg19.en:936 /
    peg19.en:940: five blood points on the inferno win a five-player game for them. With the ten blood points of
    the ScriBabs box, one in the supply, five on the altar and four on the inferno, the Master destroys the last
    ladder in Matthew's turn: the supply's last point goes to the inferno (the supply may run empty) and the Strigoi
    win."""
    from armata_rules.variants import LastLadder

    heroes = ("Roel", "Matthew", "Attila", "Charles", "Falk Maria")
    g = game(heroes, editions.SB19_EN.with_(last_ladder=LastLadder.STRIGOI_GAIN))
    assert g.initial_state().blood.supply == 10 and g.ctx.inferno_loss == 5
    state = turn(
        g,
        [PRAYER, CROSS, ARMY, ARMY, ARMY],
        positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0", 3: "S:2,0", 4: "SW:1,1"},
        strigoi={"Master": "NE:0,0"},
        blood=(1, 5, 4),
        first=1,
    )
    state = replace(state, board=replace(state.board, ladders=frozenset({"NE:ladder0"})))
    step = next(a for a in g.legal_actions(state) if isinstance(a, Step))  # he must move (sb19.en:310)
    state = play(g, state, step, EndMove(1), Pass(1, "end_fight_phase"))  # Matthew's card shows A
    state = draw(g, state, "strigoi-token/master+0#1")  # NE's book A points at the ladder NE:ladder0
    assert _said(state)[-3:] == [
        "the Master destroys the ladder NE:ladder0",
        "the last ladder is gone: the Strigoi gain a blood point",
        "the inferno is full: the Strigoi win",
    ]
    assert (state.blood.supply, state.blood.altar, state.blood.inferno) == (0, 5, 5)
    assert state.outcome is Outcome.STRIGOI_WIN and g.legal_actions(state) == []


# ------------------------------------------------------------------------------------------ jumps


@pytest.mark.clauses("peg19.en:764", "peg19.en:760")
def test_a_jump_into_a_dead_end_held_by_powerwolves_is_refused_at_once() -> None:
    """peg19.en:764: two miniatures cannot stay on one space, so a jump needs a free space to go on to. Roel on
    SW:0,-2 faces Matthew on SW:1,-2, whose only other way leads to Attila on SW:2,-2 and Charles on SW:2,-1, who
    only lead to each other: jumping onto Matthew would leave Roel nowhere to stop. The jump is not listed and is
    refused, and the engine says so at once (going round Attila and Charles is no way on)."""
    g = game(("Roel", "Matthew", "Attila", "Charles"))
    state = turn(
        g,
        [MOON, CROSS, ARMY, ARMY],
        positions={0: "SW:0,-2", 1: "SW:1,-2", 2: "SW:2,-2", 3: "SW:2,-1"},
        strigoi={"Master": "NE:0,0", "Apprentice": "N:0,0"},
        first=0,
    )
    exits = g.ctx.fortress.exits
    assert set(exits("SW:1,-2", state.board)) == {"SW:0,-2", "SW:2,-2"}
    assert set(exits("SW:2,-2", state.board)) == {"SW:1,-2", "SW:2,-1"} and exits("SW:2,-1", state.board) == (
        "SW:2,-2",
    )
    with time_limit(5, TimeoutError):  # fail instead of hanging
        listed = g.legal_actions(state)
        refused = _refusal(g, state, Step(0, "SW:1,-2"))
    assert Step(0, "SW:1,-2") not in listed and EndMove(0) in listed
    assert refused == ("move.step", "SW:1,-2 is taken and the hero could not move on from it to a free space")


@pytest.mark.clauses("peg19.en:764", "peg19.en:766", "peg19.en:1062")
def test_crossing_a_strigoi_after_a_jump_costs_a_step_the_hero_must_still_have() -> None:
    """peg19.en:766 / peg19.en:1062: with Stealth a Powerwolf moves through a Strigoi's space, a step like any
    other; peg19.en:764: he may not stay there nor on another Powerwolf. Matthew stands on NE:-1,1, whose only way
    on (but back) is the Master's NE:0,0. Roel, with a Shadow's Stealth in use, may jump onto Matthew from NE:-2,2
    with two steps left (over Matthew for nothing, through the Master for one, then on to a free space); having
    walked there from NE:-2,1 he has one step left, which the Master's space would take: the jump is refused."""
    g = game()
    shadow = token(g, "Shadow")

    def stealthy(at: str) -> GameState:
        state = turn(
            g,
            ["Amen & Attack", CROSS],
            positions={0: at, 1: "NE:-1,1"},
            strigoi={"Master": "NE:0,0", "Apprentice": "N:0,0"},
            tokens={0: [shadow]},
            first=0,
        )
        return play(g, state, UseAbility(0, "stealth", shadow, "token", ""))

    fresh = stealthy("NE:-2,2")
    assert set(g.ctx.fortress.exits("NE:-1,1", fresh.board)) == {"NE:-2,2", "NE:0,0"}
    assert fresh.turn is not None and fresh.turn.steps_left == 2
    assert Step(0, "NE:-1,1") in g.legal_actions(fresh)
    walked = play(g, stealthy("NE:-2,1"), Step(0, "NE:-2,2"))
    assert walked.turn is not None and walked.turn.steps_left == 1 and walked.turn.stealthy
    assert g.legal_actions(walked) == [Step(0, "NE:-2,1"), EndMove(0)]
    assert _refusal(g, walked, Step(0, "NE:-1,1")) == (
        "move.step",
        "NE:-1,1 is taken and the hero could not move on from it to a free space",
    )


# ------------------------------------------------------------------------------------------ encounter piles


@pytest.mark.clauses("peg19.en:801", "peg19.de:503", "peg19.en:771")
def test_a_grey_pile_drawn_empty_is_reshuffled_from_its_discards_when_a_grey_encounter_is_flipped() -> None:
    """peg19.en:801: if an encounter stack runs out, its discards are reshuffled into a new one. Every grey token
    lies in the grey discards (the red pile is still full) when Matthew leaps onto the grey encounter space NE:-1,2
    and flips it: the grey discards are shuffled into a new grey pile, the token drawn is one of them, and the rest
    stay hidden in the pile."""
    g, state, dancing = _leaping({"Master": "N:0,0"})
    grey = state.grey.hidden
    assert grey and state.red.hidden and not state.grey.discard
    state = replace(state, grey=replace(state.grey, hidden=(), discard=grey))
    state = play(g, state, EndMove(0), UseAbility(0, "leap", dancing, "card", "NE:-1,2"), Choose(0, "flip"))
    assert {outcome.outcome for outcome, _ in g.chance_outcomes(state)} == set(grey)
    state = draw(g, state, encounter(g, "grey", "Wraith"))
    assert _said(state)[-1] == "Matthew meets Wraith (strength 5)"
    assert state.grey.discard == () and set(state.grey.hidden) == set(grey) - {encounter(g, "grey", "Wraith")}


@pytest.mark.clauses("peg19.en:1058")
def test_the_monster_left_face_up_last_is_the_next_one_met() -> None:
    """peg19.en:1058: a Monster left face up on top of its pile 'will be the next Monster fought by any player' on
    an encounter space of that colour. Two heroes have left a red Monster face up, a Ghoul and then a Zombie on
    top of it: when Roel flips the red encounter on C:1,1, the Zombie is what he meets, for certain."""
    g = game()
    zombie, ghoul = encounter(g, "red", "Zombie"), encounter(g, "red", "Ghoul")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    hidden = tuple(t for t in state.red.hidden if t not in (zombie, ghoul))
    state = replace(state, red=replace(state.red, top=(zombie, ghoul), hidden=hidden))
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    assert [(outcome.outcome, chance) for outcome, chance in g.chance_outcomes(state)] == [(zombie, 1.0)]
    state = draw(g, state, zombie)
    assert _said(state)[-1] == "Roel meets Zombie (strength 4)" and state.red.top == (ghoul,)


@pytest.mark.clauses("peg19.en:1060")
def test_stealth_on_a_monk_is_said_with_the_discard_pile_recovered() -> None:
    """peg19.en:1060: the hero who meets a Monk with Stealth recovers the discard pile at once; the log says so,
    right after the meeting, before he decides whether to fight."""
    g = game()
    state = _stealth_on_a_monk(g)
    assert _said(state)[-2:] == [
        "Roel meets a monk",
        "Roel uses Stealth on the monk and recovers the discard pile",
    ]
    assert card_id(g, "Roel", "Army of the Night") in state.heroes[0].hand and state.heroes[0].discard == ()
    assert state.to_act.decision == "encounter_choice"
