"""Abilities, rewards and advanced cards, each against its clauses, with the readings tested both ways."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    ChooseCard,
    EndMove,
    GiveReward,
    Pass,
    Protect,
    RebelDraw,
    Step,
    UseAbility,
)
from armata_rules.frames import Fight
from armata_rules.rules.sources import Source
from armata_rules.state import GameState
from armata_rules.variants import AbilityTiming, AdvancedTiming, IconScope, LeapLanding
from tests.scenario import (
    CROSS,
    DANCING,
    MOON,
    card_id,
    draw,
    encounter,
    game,
    play,
    reward,
    strigoi_attack,
    token,
    turn,
)


@pytest.mark.clauses("peg19.en:1054", "sb19.en:638", "peg19.it:1599")
def test_mechanics_turns_a_platform_with_what_stands_on_it() -> None:
    """peg19.en:1054, sb19.en:638, peg19.it:1599."""
    g = game(("Matthew", "Roel"))
    state = turn(g, [CROSS, MOON], positions={0: "C:0,0", 1: "NE:1,0"}, first=0)
    cross = card_id(g, "Matthew", CROSS)
    before = g.fortress.cell("NE:1,0", state.board)
    state = play(g, state, UseAbility(0, "mechanics", cross, "card", "NE:1"))
    assert g.fortress.rotation(state.board, "NE") == 1
    assert state.heroes[1].position == "NE:1,0" and g.fortress.cell("NE:1,0", state.board) != before
    with pytest.raises(RuleViolation, match=r"ability\.mechanics|no mechanics to use"):
        g.apply(state, UseAbility(0, "mechanics", cross, "card", "NE:1"))  # the icon is spent


@pytest.mark.clauses("peg19.en:1070", "sb19.en:646", "peg19.de:503")
@pytest.mark.parametrize(
    ("reading", "onto_encounter"), [(LeapLanding.NOT_ENCOUNTER, False), (LeapLanding.ANY_SPACE, True)]
)
def test_leap_lands_in_the_same_room(reading: LeapLanding, onto_encounter: bool) -> None:
    """peg19.en:1070 (not an encounter space) against sb19.en:646 / peg19.de:503 (any space)."""
    g = game(("Matthew", "Roel"), editions.PEG19_EN.with_(leap_landing=reading))
    state = turn(g, [DANCING, MOON], positions={0: "NE:2,0", 1: "C:0,0"})
    dancing = card_id(g, "Matthew", DANCING)
    targets = {a.target for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "leap"}
    assert targets and all(t.startswith("NE:") for t in targets)
    assert ("NE:-1,2" in targets) is onto_encounter  # a grey encounter space of room NE
    assert not any("ladder" in t for t in targets)
    state = play(g, state, UseAbility(0, "leap", dancing, "card", "NE:0,2"))
    assert state.heroes[0].position == "NE:0,2"


@pytest.mark.clauses("peg19.en:1066", "sb19.en:642")
def test_pack_joins_a_comrade_s_room() -> None:
    """peg19.en:1066, sb19.en:642: an empty space, not an encounter space, in a room with another Powerwolf."""
    g = game(("Attila", "Roel"))
    state = turn(g, ["We Drink Your Blood", MOON], positions={0: "C:0,0", 1: "S:2,0"})
    targets = {a.target for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "pack"}
    assert targets and all(t.startswith("S:") for t in targets)
    assert "S:2,0" not in targets and "S:1,1" not in targets  # occupied; a red encounter space


@pytest.mark.clauses("peg19.en:1096", "peg19.en:1050")
def test_recovery_and_retrieval() -> None:
    """peg19.en:1096 (the whole discard pile back), peg19.en:1050 (one reward card back)."""
    g = game(("Falk Maria", "Roel"))
    sword = reward(g, "Sword")
    army = card_id(g, "Falk Maria", "Army of the Night")
    state = turn(g, ["Let There Be Night", MOON], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army, sword)))
    night = card_id(g, "Falk Maria", "Let There Be Night")
    state = play(g, state, UseAbility(0, "recovery", night, "card"))
    assert {army, sword} <= set(state.heroes[0].hand) and state.heroes[0].discard == ()
    g2 = game(("Charles", "Roel"))
    state = turn(g2, ["Beast of Gévaudan", MOON], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, discard=(sword,)))
    beast = card_id(g2, "Charles", "Beast of Gévaudan")
    state = play(g2, state, UseAbility(0, "retrieval", beast, "card", sword))
    assert sword in state.heroes[0].hand
    with pytest.raises(RuleViolation, match="no ability called 'flight'"):
        play(g2, state, UseAbility(0, "flight", beast, "card"))


@pytest.mark.clauses("peg19.en:1100", "sb19.en:602")
def test_the_gates_of_hell_clear_every_fight_token() -> None:
    """peg19.en:1100, sb19.en:602."""
    g = game()
    bell = reward(g, "Bell of the Damned")
    state = turn(
        g, [MOON, CROSS], positions={0: "C:1,1", 1: "N:2,0"}, hands={0: [bell]}, fight_tokens=("C:1,1", "N:0,2")
    )
    state = play(g, state, UseAbility(0, "gates_of_hell", bell, "wild"))
    assert state.fight_tokens == () and bell in state.box
    state = play(g, state, EndMove(0))
    assert state.to_act.decision == "fight" and not (state.turn and state.turn.encountered)  # no fight where it stands


@pytest.mark.clauses("peg19.en:1030", "sb19.en:582")
def test_reward_cards_change_hands_between_adjacent_powerwolf() -> None:
    """peg19.en:1030, sb19.en:582: reward cards, never action cards or tokens."""
    g = game()
    sword = reward(g, "Sword")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, hands={0: [sword]})
    assert GiveReward(0, 1, sword) in g.legal_actions(state)
    assert not any(isinstance(a, GiveReward) and a.card == card_id(g, "Roel", MOON) for a in g.legal_actions(state))
    state = play(g, state, GiveReward(0, 1, sword))
    assert sword in state.heroes[1].hand and sword not in state.heroes[0].hand
    far = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [sword]})
    with pytest.raises(RuleViolation, match="not on a space adjacent"):
        g.apply(far, GiveReward(0, 1, sword))


@pytest.mark.clauses("peg19.en:1030", "sb19.en:582", "peg19.de:408")
def test_reward_cards_change_hands_on_the_giver_s_turn_outside_fights() -> None:
    """exchange-on-own-turn: while moving and in Phase 2b before and after the turn's fight, never during it. The
    interpretation said 'before any fight' while the engine offered the gift after it too; the text now says what
    the engine does."""
    from armata_rules.actions import Choose

    g = game()
    sword = reward(g, "Sword")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "C:2,0"}, hands={0: [sword]})
    gift = GiveReward(0, 1, sword)
    state = play(g, state, Step(0, "C:1,1"))  # onto a red encounter space: the move ends
    assert state.to_act.decision == "fight" and gift in g.legal_actions(state)  # before the flip
    state = play(g, state, Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    assert isinstance(state.frames[-1], Fight) and gift not in g.legal_actions(state)  # during the fight
    with pytest.raises(RuleViolation, match="outside fights"):
        g.apply(state, gift)
    state = play(g, state, Pass(0, "resolve"))
    assert gift in g.legal_actions(state)  # after it, before the Strigoi act


@pytest.mark.clauses("peg19.en:1028")
def test_the_reward_deck_never_reshuffles() -> None:
    """peg19.en:1028: when the deck runs out there is nothing more to be found."""
    from armata_rules.actions import Choose, PlayReward

    g = game()
    sword = reward(g, "Sword")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, hands={0: [sword]})
    state = replace(state, reward_deck=replace(state.reward_deck, hidden=()))
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Grave Robber"))  # strength 4, an axe: a reward card
    state = play(g, state, PlayReward(0, sword, "normal"), Pass(0, "resolve"))
    assert state.to_act.decision == "draw_reward_card"
    assert [o.outcome for o, _ in g.chance_outcomes(state)] == ["nothing"]
    state = draw(g, state, "nothing")
    assert any("finds nothing" in line for line in state.history())


@pytest.mark.clauses("peg19.en:924", "sb19.en:487", "peg19.de:361")
@pytest.mark.parametrize(("reading", "second_use"), [(IconScope.PER_TURN, True), (IconScope.PER_ROUND, False)])
def test_an_icon_is_spent_for_a_turn_or_a_round(reading: IconScope, second_use: bool) -> None:
    """peg19.en:924 (once each turn) against sb19.en:487, peg19.de:361 (once each round)."""
    g = game(ruleset=editions.PEG19_EN.with_(icon_scope=reading))
    moon = card_id(g, "Roel", MOON)
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:1,0"})
    state = replace(
        state,
        heroes=tuple(replace(h, spent=(f"{moon}/protection",) if i == 0 else ()) for i, h in enumerate(state.heroes)),
    )
    # Roel's own turn is under way: the spent icon stays spent; the next turn (Matthew's) resets it per turn.
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert (f"{moon}/protection" not in state.heroes[0].spent) is second_use


@pytest.mark.clauses("peg19.en:756", "sb19.en:306", "sb19.en:614", "peg19.de:165", "peg19.de:469")
@pytest.mark.parametrize(
    ("reading", "in_fight"),
    [
        (AbilityTiming.NOT_DURING_FIGHT, False),
        (AbilityTiming.BEFORE_STRIGOI_ACTS, True),
        (AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT, False),
    ],
)
def test_the_golden_rule_readings(reading: AbilityTiming, in_fight: bool) -> None:
    """peg19.en:756 (not during a fight) against sb19.en:306, sb19.en:614 (before the Strigoi act, so in the
    turn's own fight too) and peg19.de:165 with peg19.de:469 (before the Strigoi act, but the played card's Heal
    'stets vor einem Kampf': always before a fight)."""
    g = game(("Falk Maria", "Roel"), editions.PEG19_EN.with_(ability_timing=reading))
    from armata_rules.actions import Choose
    from tests.scenario import wound

    state = turn(
        g, ["Army of the Night", MOON], positions={0: "C:0,2", 1: "N:2,0"}, wounds={0: [wound(g, "Wound")]}, first=0
    )
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    assert isinstance(state.frames[-1], Fight)
    heal = [a for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "heal" and a.mode == "card"]
    assert bool(heal) is in_fight


@pytest.mark.clauses("peg19.en:756", "sb19.en:306", "sb19.en:614", "peg19.de:165", "peg19.de:469")
@pytest.mark.parametrize("reading", list(AbilityTiming))
def test_no_reading_lets_the_played_card_heal_in_a_counterattack(reading: AbilityTiming) -> None:
    """A counterattack comes after the Strigoi moved and attacked, in another hero's turn: 'before the Strigoi
    moves and attacks' (sb19.en:306, sb19.en:614, peg19.de:165) is over, and peg19.en:756 bars fights anyway.
    Before the fix the before_strigoi_acts presets (peg19.de, sb19.en) offered the played card's Heal there."""
    from armata_rules.actions import AttackStrigoi
    from tests.scenario import wound

    g = game(("Roel", "Falk Maria"), editions.PEG19_EN.with_(ability_timing=reading))
    state = turn(
        g,
        [MOON, "Army of the Night"],  # Falk Maria's card shows Heal
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        wounds={1: [wound(g, "Wound")]},
        first=0,
    )
    state = strigoi_attack(g, state)  # the Master lands on N:0,0, next to Falk Maria
    assert state.to_act.decision == "counterattack"
    state = play(g, state, AttackStrigoi(1, 0, "melee"))
    assert isinstance(state.frames[-1], Fight) and state.frames[-1].counter
    heals = [a for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "heal"]
    assert not [a for a in heals if a.mode == "card"]
    card = card_id(g, "Falk Maria", "Army of the Night")
    with pytest.raises(RuleViolation, match="heal"):
        g.apply(state, UseAbility(1, "heal", card, "card", ""))


@pytest.mark.clauses("peg19.en:864", "sb19.en:306", "sb19.en:614", "peg19.de:165")
@pytest.mark.parametrize("reading", list(AbilityTiming))
def test_a_counterattack_in_the_heros_own_turn_is_after_the_strigoi_acted(reading: AbilityTiming) -> None:
    """The Strigoi acting in Roel's turn attacks Roel himself (peg19.en:864): his counterattack is still after the
    Strigoi moved and attacked, so under no reading is it the turn's own fight in which the before-the-Strigoi-act
    readings (sb19.en:306, sb19.en:614, peg19.de:165) allow the played card's Heal."""
    from armata_rules.actions import AttackStrigoi
    from tests.scenario import wound

    g = game(("Roel", "Matthew"), editions.PEG19_EN.with_(ability_timing=reading))
    state = turn(
        g,
        ["Army of the Night", CROSS],  # Roel's card shows Heal
        positions={0: "N:1,0", 1: "C:-1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        wounds={0: [wound(g, "Wound")]},
        first=0,
    )
    state = strigoi_attack(g, state)
    assert state.to_act.decision == "counterattack" and state.to_act.seats == (0,)
    state = play(g, state, AttackStrigoi(0, 0, "melee"))
    fight = state.frames[-1]
    assert isinstance(fight, Fight) and fight.counter and state.turn is not None and state.turn.seat == 0
    card = card_id(g, "Roel", "Army of the Night")
    assert not [a for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.mode == "card"]
    with pytest.raises(RuleViolation, match="heal"):
        g.apply(state, UseAbility(0, "heal", card, "card", ""))


@pytest.mark.clauses("peg19.en:957", "sb19.en:514")
@pytest.mark.parametrize(
    ("reading", "in_hand_at_once"),
    [
        (AdvancedTiming.END_OF_TURN, False),
        (AdvancedTiming.END_OF_EARNERS_TURN, False),
        (AdvancedTiming.WHEN_EARNED, True),
    ],
)
def test_advanced_cards_join_the_hand_at_the_end_of_the_turn_or_at_once(
    reading: AdvancedTiming, in_hand_at_once: bool
) -> None:
    """peg19.en:957 (at the end of their turn) against sb19.en:514 (when the events occur)."""
    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=reading))
    from armata_rules.actions import Choose

    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, strigoi={"Master": "NE:0,0"})
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "end_fight_phase"))
    assert state.to_act.decision == "draw_strigoi_token"  # still Roel's turn
    has = any(g.pack.cards[c].title == "Fire & Forgive" for c in state.heroes[0].hand if c in g.pack.cards)
    assert has is in_hand_at_once


@pytest.mark.clauses("peg19.en:957", "peg19.de:420", "peg19.it:1543", "peg19.es:2555", "sb19.en:514")
@pytest.mark.parametrize(
    ("reading", "after_roels_turn", "after_matthews_turn"),
    [
        (AdvancedTiming.END_OF_EARNERS_TURN, False, True),
        (AdvancedTiming.END_OF_TURN, True, True),
        (AdvancedTiming.WHEN_EARNED, True, True),
    ],
)
def test_a_card_earned_in_another_hero_s_turn_joins_by_reading(
    reading: AdvancedTiming, after_roels_turn: bool, after_matthews_turn: bool
) -> None:
    """The Master wounds Matthew during Roel's turn: Matthew earns All You Can Bleed. 'At the end of their turn'
    (peg19.en:957, 'am Ende ihres Zuges' peg19.de:420) is Matthew's own turn; 'alla fine del turno che lo ha visto
    protagonista' (peg19.it:1543, peg19.es:2555 alike) is the turn it happened in, Roel's; sb19.en:514 at once.
    Before, one interpretation (awards-end-of-current-turn) read every text as Italian and Spanish do."""
    from tests.scenario import draw as draw_outcome

    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=reading))
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        first=0,
    )

    def holds(state: GameState) -> bool:
        return any(c in g.pack.cards and g.ctx.card(c).title == "All You Can Bleed" for c in state.heroes[1].hand)

    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw_outcome(g, state, "strigoi-token/master+0#1")  # the Master lands on N:0,0, next to Matthew
    while state.turn is not None and state.turn.seat == 0:  # the attack, then the end of Roel's turn
        if state.to_act.decision == "draw_wound":
            state = draw_outcome(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            actions = g.legal_actions(state)
            state = play(g, state, next((a for a in actions if isinstance(a, Pass)), actions[-1]))
    assert any("Matthew draws a wound" in line for line in state.history())
    assert holds(state) is after_roels_turn
    while state.turn is not None and state.turn.seat == 1:  # Matthew's turn, played out
        if state.to_act.kind.value == "chance":
            state = draw_outcome(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            actions = g.legal_actions(state)
            state = play(g, state, next((a for a in actions if isinstance(a, (EndMove, Pass))), actions[-1]))
    assert holds(state) is after_matthews_turn


@pytest.mark.clauses("peg19.en:959")
def test_never_two_identical_advanced_cards() -> None:
    """peg19.en:959: a second first-red-win does not give a second Fire & Forgive."""
    from armata_rules.rules.awards import award

    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"})
    state = award(g.ctx, state, 0, "Fire & Forgive")
    state = award(g.ctx, state, 0, "Fire & Forgive")
    titles = [g.pack.cards[c].title for c in state.heroes[0].hand if c in g.pack.cards]
    assert titles.count("Fire & Forgive") == 1


@pytest.mark.clauses("peg19.en:972-974")
def test_nighttime_rebel_goes_to_the_fewest_reward_cards_and_draws_one() -> None:
    """peg19.en:972-974: assigned when another player gets a third reward card; it may draw a reward card and
    leave the game."""
    from armata_rules.rules.awards import check_rebel

    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    cards = [reward(g, "Sword"), reward(g, "Sword", 2), reward(g, "Hammer")]
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={1: cards})
    state = check_rebel(g.ctx, state)
    rebel = next(c for c in state.heroes[0].hand if c in g.pack.cards and g.pack.cards[c].title == "Nighttime Rebel")
    assert RebelDraw(0) in g.legal_actions(state)
    state = play(g, state, RebelDraw(0))
    assert rebel in state.box and state.to_act.decision == "draw_reward_card"


@pytest.mark.clauses("peg19.en:1040", "peg19.en:1034")
def test_protection_is_used_against_a_wound_not_in_the_middle_of_a_move() -> None:
    """peg19.en:1040: Protection avoids a single Wound or Shock, so there is nothing for it to do during a move;
    the refusal names the icon rule (peg19.en:1034: an icon is used when its card allows) and the stage."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, UseAbility(0, "protection", card_id(g, "Roel", MOON), "card", ""))
    assert (refused.value.rule_id, refused.value.message) == ("ability.icons", "protection cannot be used now (move)")


@pytest.mark.clauses("peg19.en:1042", "sb19.en:620")
def test_protection_cannot_block_ones_own_weapon() -> None:
    """peg19.en:1042, sb19.en:620: the self-wound icon of the played card hurts even with Protection at hand."""
    g = game()
    amen = card_id(g, "Roel", "Amen & Attack")  # self-wound icon
    from armata_rules.actions import Choose

    state = turn(g, ["Amen & Attack", CROSS], positions={0: "C:0,2", 1: "N:2,0"}, tokens={0: [token(g, "Amulet")]})
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "draw_wound"  # no protection offered for the self-wound
    assert state.heroes[0].card_wound_taken and amen in (state.heroes[0].chosen or "")


@pytest.mark.clauses("peg19.en:1038", "peg19.it:1589", "peg19.es:2603")
@pytest.mark.parametrize(("reading", "offered"), [("avoidable", True), ("not_avoidable", False)])
def test_protection_against_a_shock_by_reading(reading: str, offered: bool) -> None:
    """peg19.en:1038 (a wound or a shock) against peg19.it:1589 / peg19.es:2603 (a wound token only)."""
    from armata_rules.actions import Choose
    from armata_rules.variants import ShockProtection
    from tests.scenario import wound

    g = game(ruleset=editions.PEG19_EN.with_(shock_protection=ShockProtection(reading)))
    state = turn(
        g,
        [MOON, CROSS],  # strength 3 against the Zombie's 4: a lost fight, a wound, a shock
        positions={0: "C:0,2", 1: "N:2,0"},
        tokens={0: [token(g, "Amulet")]},
        first=0,
    )
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Shock"))
    assert state.to_act.decision == "shock"
    assert any(isinstance(a, Protect) for a in g.legal_actions(state)) is offered


@pytest.mark.clauses("sb19.en:590")
def test_self_wound_when_played_hurts_without_a_fight() -> None:
    """sb19.en:590 states no condition: under that reading the card hurts as soon as its turn begins."""
    from armata_rules.variants import SelfWound

    g2 = game(ruleset=editions.PEG19_EN.with_(self_wound=SelfWound.WHEN_PLAYED))
    state = g2.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g2.apply(state, g2.legal_actions(state)[0])
    amen = card_id(g2, "Roel", "Amen & Attack")
    state = play(g2, state, ChooseCard(0, amen), ChooseCard(1, card_id(g2, "Matthew", DANCING)))
    while state.to_act.seats != (0,):
        state = play(g2, state, g2.legal_actions(state)[0])
    assert state.heroes[0].card_wound_taken
    assert any("hurts Roel" in line for line in state.history())


@pytest.mark.clauses("peg19.en:1080", "peg19.de:517")
@pytest.mark.parametrize(("reading", "hurt"), [("if_fights_this_turn", False), ("if_fights_this_round", True)])
def test_self_wound_on_a_counterattack_by_reading(reading: str, hurt: bool) -> None:
    """peg19.en:1080 (if the hero fights that turn) against peg19.de:517 (in this round): a counterattack during
    another hero's turn."""
    from armata_rules.actions import AttackStrigoi
    from armata_rules.variants import SelfWound

    g = game(ruleset=editions.PEG19_EN.with_(self_wound=SelfWound(reading)))
    state = turn(
        g, [MOON, "Amen & Attack"], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0)
    )
    state = strigoi_attack(g, state)  # the Master lands on N:0,0, next to Matthew
    assert state.to_act.decision == "counterattack"
    state = play(g, state, AttackStrigoi(1, 0, "melee"), Pass(1, "resolve"))
    assert state.heroes[1].card_wound_taken is hurt


@pytest.mark.clauses("peg19.en:1080", "peg19.de:517", "peg19.it:1627", "sb19.en:590")
@pytest.mark.parametrize(("reading", "hurt"), [("if_fights_this_turn", False), ("if_fights_this_round", True)])
def test_a_weapon_s_wound_icon_in_a_counterattack_follows_the_action_card_s_reading(reading: str, hurt: bool) -> None:
    """peg19.en:1080: 'if the Powerwolf fights that turn, their action or weapon is so lethal that it causes a
    wound': one condition for the action card and the weapon. Matthew counterattacks during Roel's turn with a
    Battle Axe (a reward card with the wound icon). Before the fix the Axe hurt him under every reading, though
    his action card's icon did not under 'that turn' (peg19.en's reading)."""
    from armata_rules.actions import AttackStrigoi, PlayReward
    from armata_rules.variants import SelfWound
    from tests.scenario import draw as draw_outcome

    g = game(ruleset=editions.PEG19_EN.with_(self_wound=SelfWound(reading)))
    axe = reward(g, "Battle Axe")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [axe]},
    )
    assert not g.ctx.card(card_id(g, "Matthew", CROSS)).self_wound
    state = strigoi_attack(g, state)  # the Master lands on N:0,0, next to Matthew
    assert state.to_act.decision == "counterattack"
    wounds = len(state.heroes[1].wounds)
    state = play(g, state, AttackStrigoi(1, 0, "melee"), PlayReward(1, axe, "normal"), Pass(1, "resolve"))
    while state.to_act.decision == "draw_wound":
        state = draw_outcome(g, state, g.chance_outcomes(state)[0][0].outcome)
    assert (len(state.heroes[1].wounds) > wounds) is hurt
    assert any("Battle Axe" in line for line in state.history())


@pytest.mark.clauses("peg19.en:974")
def test_nighttime_rebel_played_for_the_round_cannot_be_given_up_to_draw() -> None:
    """peg19.en:974 with rebel-draw-from-hand: the first release offered the draw while the Rebel was the card
    played this round, removed it, and crashed later ('seat 0 has no card this round')."""
    g = game()
    state = turn(g, ["Nighttime Rebel", "Killers with the Cross"], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    assert not any(isinstance(a, RebelDraw) for a in g.legal_actions(state))
    with pytest.raises(RuleViolation, match="does not hold Nighttime Rebel"):
        g.apply(state, RebelDraw(0))
    rebel = state.heroes[0].chosen
    assert rebel is not None and g.ctx.card(rebel).title == "Nighttime Rebel"


@pytest.mark.clauses("peg19.en:957", "peg19.en:968", "peg19.en:972", "peg19.de:435", "sb19.en:514", "sb19.en:540")
def test_nighttime_rebel_is_assigned_once_and_stays_with_its_holder() -> None:
    """peg19.en:972: the Rebel 'is assigned ... as soon as another player gets their third Reward card'; advanced
    cards move one way, into a hand (peg19.en:957, peg19.en:968), so a later third card does not take it back.
    Before the fix (rebel-follows-the-third-card) it left Attila's hand for Roel's mid-turn."""
    g = game(("Roel", "Matthew", "Attila"))
    rebel = next(c for c in g.pack.advanced_cards if c.title == "Nighttime Rebel").id
    swords = [reward(g, "Sword"), reward(g, "Sword", 2)]
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS, "Lupus Dei"],
        positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0"},
        hands={0: [hammer], 1: swords},
        first=0,
    )
    attila = state.heroes[2]
    state = state.with_hero(2, replace(attila, hand=tuple(sorted((*attila.hand, rebel)))))
    state = replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != rebel))
    assert GiveReward(0, 1, hammer) in g.legal_actions(state)
    after = play(g, state, GiveReward(0, 1, hammer))  # Matthew now holds three reward cards
    assert rebel in after.heroes[2].hand and rebel not in after.heroes[0].hand  # Attila keeps it
    assert not any("Nighttime Rebel" in line for line in after.history()[-3:])


@pytest.mark.clauses("peg19.en:972", "sb19.en:540")
def test_nighttime_rebel_is_assigned_as_soon_as_a_hero_holds_a_third_reward_card() -> None:
    """peg19.en:972: the Rebel 'is assigned ... as soon as another player gets their third Reward card': Roel hands
    Matthew a Hammer beside his two Swords in the middle of Roel's move, and the Rebel goes at once (under the
    when-earned timing, straight into the hand) to the hero with the fewest reward cards, Roel (tied with Attila,
    the lower initiative this round), before anything else happens."""
    g = game(("Roel", "Matthew", "Attila"), editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    rebel = next(c for c in g.pack.advanced_cards if c.title == "Nighttime Rebel").id
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS, "Lupus Dei"],
        positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0"},
        hands={0: [hammer], 1: [reward(g, "Sword"), reward(g, "Sword", 2)]},
        first=0,
    )
    assert rebel in state.advanced_supply
    after = play(g, state, GiveReward(0, 1, hammer))
    assert [rebel in hero.hand for hero in after.heroes] == [True, False, False]
    assert [line.split(": ", 1)[1] for line in after.history()[-2:]] == [
        "Roel hands reward/hammer#1 to Matthew",
        "Roel takes Nighttime Rebel into hand",
    ]
    assert after.to_act.decision == "move" and after.to_act.seats == (0,)


@pytest.mark.clauses("peg19.en:972", "peg19.en:1154", "peg19.de:435", "sb19.en:540")
def test_nighttime_rebel_tie_at_the_end_of_the_round_goes_to_the_lowest_initiative_of_that_round() -> None:
    """peg19.en:972: 'in case of a tie, the card will go to the player with the lowest Initiative value that
    round'. Attila takes back a discard pile with three reward cards as the round ends (peg19.en:1154), after the
    round's cards have left play; Roel and Matthew hold none, and Matthew played initiative 1 against Roel's 4.
    Before the fix every hero counted as initiative 99 there and seat order gave the card to Roel."""
    g = game(("Roel", "Matthew", "Attila"))
    rewards = [reward(g, "Sword"), reward(g, "Sword", 2), reward(g, "Hammer")]
    state = turn(g, [MOON, DANCING, "Lupus Dei"], positions={0: "C:0,0", 1: "N:2,0", 2: "S:2,0"}, round_=1)
    attila = state.heroes[2]
    state = state.with_hero(2, replace(attila, hand=(), discard=tuple(sorted((*attila.hand, *rewards)))))
    deck = state.reward_deck
    state = replace(state, reward_deck=replace(deck, hidden=tuple(c for c in deck.hidden if c not in rewards)))
    while state.round == 1:  # every hero ends the turn at once
        actions = g.legal_actions(state)
        state = g.apply(state, next((a for a in actions if isinstance(a, (EndMove, Pass))), actions[0]))
    assert state.awards == ((1, "Nighttime Rebel"),)  # Matthew: it joins his hand at the end of his turn
    log = state.history()
    assert log.index("round 1: Attila takes back the discard pile") < log.index(
        "round 1: Matthew earns Nighttime Rebel"
    )


def test_nighttime_rebel_played_this_round_stays() -> None:
    from armata_rules.rules.awards import follow_rebel

    g = game(("Roel", "Matthew", "Attila"))
    swords = [reward(g, "Sword"), reward(g, "Sword", 2)]
    state = turn(g, ["Nighttime Rebel", CROSS, "Lupus Dei"], positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0"})
    richer = state.with_hero(
        1, replace(state.heroes[1], hand=tuple(sorted((*state.heroes[1].hand, *swords, reward(g, "Hammer")))))
    )
    assert follow_rebel(g.ctx, state, richer) is richer  # Roel plays the Rebel this round: it stays with him


def test_sources_compare_and_hash_by_id_and_mode() -> None:
    """Source writes its own __eq__ and __hash__ (native when compiled): they must agree with the dataclass ones."""
    same, twin, other = Source("x", "card"), Source("x", "card"), Source("x", "wild")
    assert same == twin and hash(same) == hash(twin) and {same: 1}[twin] == 1
    assert same != other and same != Source("y", "card") and same != ("x", "card")
    assert dataclasses.astuple(same) == ("x", "card")
    assert len({same, twin, other}) == 2


def test_listed_uses_are_shared_between_listings_and_match_a_fresh_listing() -> None:
    """The uses listed for a seat are kept per source and target on the game (abilities._uses_of): each listing
    must still equal one built from scratch by another game, and give the very same objects again."""
    first, second = Game.new(["Attila", "Roel"], seed=11), Game.new(["Attila", "Roel"], seed=11)
    state, rng = first.initial_state(), random.Random(11)
    for _ in range(300):
        if state.is_over:
            break
        listed = first.legal_actions(state)
        assert listed == second.legal_actions(state)
        assert all(a is b for a, b in zip(listed, first.legal_actions(state), strict=True))
        state = first.apply(state, rng.choice(listed))
