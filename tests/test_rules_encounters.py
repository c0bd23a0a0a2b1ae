"""Phase 2b: encounters, monster fights, loot, monks, Stealth, fight tokens; wounds and blood points."""

from __future__ import annotations

from typing import Any

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    AttackStrigoi,
    Choose,
    EndMove,
    HealWound,
    Pass,
    Peek,
    PlayReward,
    PlayToken,
    Protect,
    Reactivate,
    Step,
    UseAbility,
)
from armata_rules.frames import Fight, FightPhase
from armata_rules.state import GameState
from armata_rules.variants import StrigoiAfterEncounter
from tests.scenario import (
    CROSS,
    MOON,
    card_id,
    draw,
    encounter,
    game,
    lay_wound,
    play,
    reward,
    token,
    turn,
    wound,
)


def _at_red(g: Game, **kwargs: Any) -> GameState:
    """Roel steps onto the red encounter space C:1,1 and flips."""
    kwargs.setdefault("positions", {0: "C:0,2", 1: "N:2,0"})
    state = turn(g, [MOON, CROSS], **kwargs)
    return play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))


@pytest.mark.clauses("peg19.en:777", "peg19.en:780", "sb19.en:334", "peg19.en:797")
def test_beating_a_monster_with_blood_puts_a_counter_on_the_altar() -> None:
    """peg19.en:777, peg19.en:780, sb19.en:334; then a fight token (peg19.en:797)."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Cultist"))  # strength 3, blood
    assert isinstance(state.frames[-1], Fight)
    state = play(g, state, Pass(0, "resolve"))
    assert (state.blood.supply, state.blood.altar) == (13, 1)
    assert "C:1,1" in state.fight_tokens
    # the fight is over, the turn is not: abilities before the Strigoi act (peg19.en:756, sb19.en:306)
    assert state.to_act.seats == (0,) and state.to_act.decision == "fight"
    legal = g.legal_actions(state)
    assert Pass(0, "end_fight_phase") in legal
    assert not any(a.kind in ("attack_strigoi", "choose", "peek") for a in legal)  # one encounter per turn
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.to_act.seats == (1,)  # no Strigoi on the board: Matthew's turn
    assert "Fire & Forgive" in state.heroes[0].earned  # first red monster (peg19.en:963), at the end of the turn


@pytest.mark.clauses("peg19.en:880", "sb19.en:437")
def test_the_altar_never_holds_more_than_five() -> None:
    """peg19.en:880, sb19.en:437."""
    g = game()
    state = draw(g, _at_red(g, blood=(9, 5, 0)), encounter(g, "red", "Cultist"))
    state = play(g, state, Pass(0, "resolve"))
    assert (state.blood.supply, state.blood.altar) == (9, 5)


@pytest.mark.clauses("peg19.en:775", "peg19.en:1020", "peg19.en:1022", "peg19.en:1008")
def test_rewards_raise_strength_normal_to_the_played_cards_wild_to_the_box() -> None:
    """peg19.en:775, peg19.en:1020, peg19.en:1022; tokens go to their discard pile (peg19.en:1008)."""
    g = game()
    sword, hammer, fang = reward(g, "Sword"), reward(g, "Hammer"), token(g, "Fang")
    state = _at_red(g, hands={0: [sword, hammer]}, tokens={0: [fang]})
    state = draw(g, state, encounter(g, "red", "Zombie"))  # strength 4
    state = play(g, state, PlayReward(0, sword, "normal"), PlayToken(0, fang))
    frame = state.frames[-1]
    assert isinstance(frame, Fight) and frame.bonus == 3
    state = play(g, state, PlayReward(0, hammer, "wild"))
    assert sword in state.heroes[0].played and hammer in state.box and fang in state.reward_tokens.discard
    state = play(g, state, Pass(0, "resolve"))
    assert state.blood.altar == 1  # the Zombie gives blood, and an axe: a reward card drawn
    assert state.to_act.decision == "draw_reward_card"


@pytest.mark.clauses("peg19.en:784-788")
def test_losing_draws_one_wound_unless_protected() -> None:
    """peg19.en:784-788: Protection on the played card blocks the one wound."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "protect"
    moon = card_id(g, "Roel", MOON)
    assert Protect(0, moon, "card") in g.legal_actions(state)
    state = play(g, state, Protect(0, moon, "card"))
    assert state.heroes[0].wounds == ()
    assert any("blocks 1 wound" in line for line in state.history())


def test_taking_the_wound_draws_a_token() -> None:
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    assert state.to_act.decision == "draw_wound"
    state = draw(g, state, wound(g, "Wound"))
    assert state.heroes[0].wounds == (wound(g, "Wound"),)


@pytest.mark.clauses("peg19.en:868-876", "sb19.en:431-433")
def test_the_third_wound_costs_a_blood_point_and_resets_the_hero() -> None:
    """peg19.en:868-876, sb19.en:431-433: altar to inferno, every wound token discarded."""
    g = game()
    double = wound(g, "Double Wound")
    state = draw(g, _at_red(g, blood=(12, 2, 0), wounds={0: [double]}), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Wound"))
    assert state.heroes[0].wounds == ()
    assert (state.blood.altar, state.blood.inferno) == (1, 1)
    state = play(g, state, Pass(0, "end_fight_phase"))  # earned cards join the hand at the end of the turn
    assert "Incense & Iron" in state.heroes[0].earned  # the first defeated Powerwolf (peg19.en:986)


@pytest.mark.clauses("peg19.en:870")
def test_with_an_empty_altar_the_blood_point_comes_from_the_supply() -> None:
    """peg19.en:870: if there are no blood points on the altar, use one from the supply."""
    g = game()
    double = wound(g, "Double Wound")
    state = draw(g, _at_red(g, wounds={0: [double]}), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Wound"))
    assert (state.blood.supply, state.blood.altar, state.blood.inferno) == (13, 0, 1)


@pytest.mark.clauses("peg19.en:1092", "peg19.en:1038")
def test_shock_discards_a_card_or_is_protected() -> None:
    """peg19.en:1092 (discard beside the played cards), peg19.en:1038 (Protection avoids a shock)."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Shock"))
    assert state.to_act.decision == "shock"
    hand = state.heroes[0].hand[0]
    state = play(g, state, g.legal_actions(state)[0])
    assert hand in state.heroes[0].played


@pytest.mark.clauses("peg19.en:792", "sb19.en:347", "peg19.en:794", "sb19.en:349")
def test_monks_set_free_return_the_discard_pile() -> None:
    """peg19.en:792, sb19.en:347 (a Monk: the player chooses, free him or attack him); peg19.en:794, sb19.en:349."""
    g = game()
    army = card_id(g, "Roel", "Army of the Night")
    state = _at_red(g)
    from dataclasses import replace

    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    state = draw(g, state, encounter(g, "red", "Monk"))
    assert {a.option for a in g.legal_actions(state)} == {"free", "attack"}  # type: ignore[attr-defined]
    state = play(g, state, Choose(0, "free"))
    assert army in state.heroes[0].hand and "C:1,1" in state.fight_tokens


@pytest.mark.clauses("peg19.en:795", "sb19.en:350")
def test_an_attacked_monk_becomes_the_top_grey_monster() -> None:
    """peg19.en:795, sb19.en:350."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Monk"))
    state = play(g, state, Choose(0, "attack"))
    assert state.to_act.decision == "draw_grey"
    state = draw(g, state, encounter(g, "grey", "Hellhound"))
    assert isinstance(state.frames[-1], Fight)


@pytest.mark.clauses("peg19.en:1058")
def test_stealth_peeks_and_leaves_the_monster_face_up_for_the_next_hero() -> None:
    """peg19.en:1058: decide whether to fight; the declined monster is the next one met there."""
    g = game()
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})  # a tie: Roel first
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, Step(0, "C:1,1"))
    assert Peek(0, wolves, "card") in g.legal_actions(state)
    state = play(g, state, Peek(0, wolves, "card"))
    zombie = encounter(g, "red", "Zombie")
    state = draw(g, state, zombie)
    assert {a.option for a in g.legal_actions(state)} == {"fight", "decline"}  # type: ignore[attr-defined]
    state = play(g, state, Choose(0, "decline"))
    assert state.red.top == (zombie,)
    assert state.to_act.decision == "move"  # Stealth avoided the stop: the move goes on
    assert "C:1,1" not in state.fight_tokens
    state = play(g, state, Step(0, "C:2,0"), EndMove(0), Pass(0, "end_fight_phase"))
    assert state.to_act.seats == (1,)
    state = play(g, state, Step(1, "N:1,1"), Step(1, "N:0,2"), Choose(1, "flip"))  # Matthew, on a red space
    assert g.chance_outcomes(state) == [(g.chance_outcomes(state)[0][0], 1.0)]
    assert g.chance_outcomes(state)[0][0].outcome == zombie  # the face-up monster, no draw


@pytest.mark.clauses("peg19.en:799")
def test_six_fight_tokens_out_means_taking_one_back_not_from_here() -> None:
    """peg19.en:799: not in the same room, not under another Powerwolf."""
    g = game()
    tokens_out = ("C:-1,-1", "NE:2,-2", "S:1,1", "SW:2,-1", "NW:-2,0", "N:0,2")
    state = _at_red(g, fight_tokens=tokens_out, positions={0: "C:0,2", 1: "S:1,1"})
    state = draw(g, state, encounter(g, "red", "Cultist"))
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "reactivate"
    options = {a.space for a in g.legal_actions(state)}  # type: ignore[attr-defined]
    assert options == {"NE:2,-2", "SW:2,-1", "NW:-2,0", "N:0,2"}  # not C (same room), not S:1,1 (Matthew)
    with pytest.raises(RuleViolation, match=r"encounter\.fight_token"):
        g.apply(state, Reactivate(0, "C:-1,-1"))
    state = play(g, state, Reactivate(0, "N:0,2"))
    assert "N:0,2" not in state.fight_tokens and "C:1,1" in state.fight_tokens


@pytest.mark.clauses("peg19.en:1046", "sb19.en:624", "peg19.en:1084")
def test_heal_discards_a_wound_of_every_injured_powerwolf_in_the_room() -> None:
    """peg19.en:1046, sb19.en:624; the double wound goes with a single Heal (peg19.en:1084)."""
    g = game()
    army = card_id(g, "Roel", "Army of the Night")  # Heal
    double, plain = wound(g, "Double Wound"), wound(g, "Wound")
    state = turn(g, ["Army of the Night", CROSS], positions={0: "C:0,0", 1: "C:1,0"}, wounds={0: [plain], 1: [double]})
    state = play(g, state, UseAbility(0, "heal", army, "card"))
    assert state.heroes[0].wounds == () and state.heroes[1].wounds == ()


def test_heal_lets_the_wounded_choose() -> None:
    g = game()
    army = card_id(g, "Roel", "Army of the Night")
    leg, plain = next(w.id for w in g.pack.wounds if w.movement_penalty), wound(g, "Wound")
    state = turn(g, ["Army of the Night", CROSS], positions={0: "C:0,0", 1: "N:2,0"}, wounds={0: [plain, leg]})
    state = play(g, state, UseAbility(0, "heal", army, "card"))
    assert state.to_act.decision == "heal"
    state = play(g, state, HealWound(0, leg))
    assert state.heroes[0].wounds == (plain,)


@pytest.mark.clauses("peg19.en:756", "peg19.de:165", "sb19.en:306")
def test_abilities_may_be_used_after_the_fight_before_the_strigoi_act() -> None:
    """peg19.en:756 (any time during the turn, not during a fight), peg19.de:165 and sb19.en:306 (before the
    Strigoi move and attack): the first release closed the turn with the fight."""
    g = game()
    roel = g.heroes[0]
    assert roel.value == "Roel"
    state = draw(g, _at_red(g, hands={0: [reward(g, "Holy Water")]}), encounter(g, "red", "Cultist"))
    state = play(g, state, Pass(0, "resolve"))
    legal = g.legal_actions(state)
    uses = [a for a in legal if a.kind in ("use_ability", "give_reward", "rebel_draw")]
    assert uses, legal
    state = play(g, state, uses[0])
    assert state.to_act.seats == (0,) and state.to_act.decision == "fight"


@pytest.mark.clauses("peg19.en:924", "peg19.en:1058")
def test_one_stealth_in_use_gives_one_peek() -> None:
    """peg19.en:924 (each icon once each turn), peg19.en:1058, interpretation stealth-one-peek: the first release
    peeked at every encounter of a move with one Stealth in use, for ever."""
    from dataclasses import replace as dc_replace

    g = game()
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, UseAbility(0, "stealth", wolves, "card"))
    assert state.turn is not None and state.turn.stealthy
    state = play(g, state, Step(0, "C:1,1"))
    assert Peek(0, "", "in_use") in g.legal_actions(state)
    state = play(g, state, Peek(0, "", "in_use"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    state = play(g, state, Choose(0, "decline"))
    assert state.turn is not None and state.turn.stealth_peeked and state.turn.stealthy
    # on to the other red space of the room
    near = next(s for s in g.fortress.neighbours("C:-1,-1", state.board) if state.hero_at(s) is None)
    state = state.with_hero(0, dc_replace(state.heroes[0], position=near))
    state = play(g, state, Step(0, "C:-1,-1"))
    assert state.to_act.decision == "fight"
    assert Peek(0, "", "in_use") not in g.legal_actions(state)
    with pytest.raises(RuleViolation, match="no Stealth in use left to peek with"):
        g.apply(state, Peek(0, "", "in_use"))
    with pytest.raises(RuleViolation, match=r"encounter\.stealth"):
        g.apply(state, Peek(0, "anything", "in_use"))


@pytest.mark.clauses("peg19.en:924", "peg19.en:1058", "peg19.en:1062", "sb19.en:632", "sb19.en:634")
def test_a_peek_puts_stealth_in_use_so_crossing_a_strigoi_after_it_costs_no_second_icon() -> None:
    """stealth-one-peek, in the other order: Roel peeks with his card's Stealth, declines the monster, moves on and
    crosses the Master (peg19.en:1062: 'if they are using Stealth'). Crossing then peeking cost one icon; before
    the fix peeking then crossing needed a second one."""
    g = game()
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"}, strigoi={"Master": "C:2,0"})
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, Step(0, "C:1,1"), Peek(0, wolves, "card"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    state = play(g, state, Choose(0, "decline"))
    assert state.turn is not None and state.turn.stealthy and state.turn.stealth_peeked
    assert Step(0, "C:2,0") in g.legal_actions(state)  # across the Master with the Stealth already in use
    state = play(g, state, Step(0, "C:2,0"))
    assert state.heroes[0].position == "C:2,0"


def _monster_beside_the_master(g: Game, title: str = "Cultist") -> GameState:
    """Roel steps onto the red encounter space NE:-1,1, beside (and in sight of) the Master on NE:0,0, with two
    blood points on the altar (enough for two players), and beats ``title``: the altar then holds three."""
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "NE:-2,2", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = play(g, state, Step(0, "NE:-1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", title))
    return play(g, state, Pass(0, "resolve"))


def _attacks(g: Game, state: GameState) -> list[AttackStrigoi]:
    return [a for a in g.legal_actions(state) if isinstance(a, AttackStrigoi)]


@pytest.mark.clauses(
    "peg19.en:801",
    "peg19.en:880",
    "peg19.fr:1895",
    "peg19.fr:1907",
    "peg19.fr:1976",
    "peg19.es:2372",
    "peg19.es:2453",
    "peg19.es:2460",
)
@pytest.mark.parametrize(
    ("reading", "offered"),
    [
        (StrigoiAfterEncounter.ONE, False),
        (StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI, True),
        (StrigoiAfterEncounter.MONSTER_THEN_STRIGOI, True),
    ],
)
def test_after_a_monster_a_strigoi_may_be_attacked_only_where_the_text_drops_the_end_of_phase_2b(
    reading: StrigoiAfterEncounter, offered: bool
) -> None:
    """peg19.en:801 ('An encounter ends this part of the player's turn. Proceed to Phase 2c') and peg19.en:880
    ('attack a Strigoi instead of a Monster'): the English hero who beat a Monster beside the Master may not attack
    it too. French and Spanish keep one encounter per turn (peg19.fr:1895, peg19.es:2372) and drop both sentences
    (peg19.fr:1976, peg19.es:2453, peg19.es:2460): the same hero may attack the Master once, and no encounter or
    second attack follows."""
    g = game(ruleset=editions.PEG19_EN.with_(strigoi_after_encounter=reading))
    state = _monster_beside_the_master(g)
    assert state.blood.altar == 3 and state.to_act.decision == "fight"
    assert bool(_attacks(g, state)) is offered
    if not offered:
        with pytest.raises(RuleViolation, match=r"fight\.strigoi"):
            g.apply(state, AttackStrigoi(0, 0, "melee"))
        return
    assert {a.mode for a in _attacks(g, state)} == {"melee", "ranged"}
    state = play(g, state, AttackStrigoi(0, 0, "melee"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.to_act.decision == "fight" and isinstance(state.frames[-1], FightPhase)
    legal = g.legal_actions(state)
    assert not any(a.kind in ("attack_strigoi", "choose", "peek") for a in legal)  # one attack, after the encounter
    with pytest.raises(RuleViolation, match=r"fight\.strigoi"):
        g.apply(state, AttackStrigoi(0, 0, "ranged"))
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.to_act.decision == "draw_strigoi_token"  # Phase 2c follows, as after any Phase 2b


@pytest.mark.clauses("peg19.es:2369", "peg19.es:2370", "peg19.fr:1891", "peg19.fr:1893", "peg19.fr:1976")
@pytest.mark.parametrize("choice", ["free", "attack"])
@pytest.mark.parametrize(
    ("reading", "offered"),
    [
        (StrigoiAfterEncounter.ONE, False),
        (StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI, True),
        (StrigoiAfterEncounter.MONSTER_THEN_STRIGOI, False),
    ],
)
def test_after_a_monk_only_the_french_reading_lets_the_hero_attack_a_strigoi(
    reading: StrigoiAfterEncounter, offered: bool, choice: str
) -> None:
    """The Spanish Monk, set free or fought, ends the player's turn ('El turno del jugador termina',
    peg19.es:2369, peg19.es:2370): no attack on a Strigoi follows. The French Monk (peg19.fr:1891, peg19.fr:1893)
    is an encounter like any other, so the attack of peg19.fr:1976 may still follow it."""
    g = game(ruleset=editions.PEG19_EN.with_(strigoi_after_encounter=reading))
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "NE:-2,2", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = play(g, state, Step(0, "NE:-1,1"), Choose(0, "flip"))
    state = play(g, draw(g, state, encounter(g, "red", "Monk")), Choose(0, choice))
    if choice == "attack":
        state = draw(g, state, encounter(g, "grey", "Hellhound"))
        state = play(g, state, Pass(0, "resolve"))
        while state.to_act.decision in ("protect", "draw_wound", "shock"):  # a lost fight: take the wound
            if state.to_act.decision == "draw_wound":
                state = draw(g, state, wound(g, "Wound"))
            else:
                state = play(g, state, g.legal_actions(state)[-1])
    assert state.to_act.decision == "fight" and isinstance(state.frames[-1], FightPhase)
    assert bool(_attacks(g, state)) is offered


def test_the_french_and_spanish_presets_take_their_own_readings() -> None:
    """peg19.fr:1895 with peg19.fr:1976, and peg19.es:2372 with peg19.es:2369-2370; every other text ends Phase 2b
    at the encounter (peg19.en:801, peg19.de:228, peg19.it:1424, sb19.en:356)."""
    assert editions.PEG19_FR.strigoi_after_encounter is StrigoiAfterEncounter.ENCOUNTER_THEN_STRIGOI
    assert editions.PEG19_ES.strigoi_after_encounter is StrigoiAfterEncounter.MONSTER_THEN_STRIGOI
    others = (editions.PEG19_EN, editions.PEG19_DE, editions.PEG19_IT, editions.SB19_EN)
    assert all(p.strigoi_after_encounter is StrigoiAfterEncounter.ONE for p in others)
