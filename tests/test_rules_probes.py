"""Rule defects found by scenario probes (issue 11), each asserted step by step, with its readings both ways."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import AttackStrigoi, Choose, EndMove, HealWound, Pass, Protect, Relocate, Step, UseAbility
from armata_rules.components.icons import Ability
from armata_rules.frames import DrawWound, EndRound, Fight, GrantAwards, PhaseThree, StartRound, Wounds
from armata_rules.rules.registry import EngineInvariantError, expect, present
from armata_rules.state import Blood, GameState
from armata_rules.variants import CentreRelocation, SelfWoundCount, StrigoiDamage
from tests.scenario import CROSS, MOON, PRAYER, card_id, draw, encounter, game, play, reward, token, turn, wound


def _round_one_over(g: Game, on_mark: str) -> GameState:
    """The end of round 1: seat 0 stands on the centre of the platform ``on_mark`` (a Strigoi's mark)."""
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    hero = replace(state.heroes[0], position=g.fortress.platform_centre(on_mark))
    state = replace(state, heroes=(hero, *state.heroes[1:]), round=1, frames=(StartRound(),))
    return g._settle(state)  # the engine runs the automatic frames (the start of round 2) after every action


@pytest.mark.clauses("peg19.en:714", "peg19.en:764", "peg19.en:860", "sb19.en:421")
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


@pytest.mark.clauses("peg19.en:714")
def test_the_strigoi_arrive_without_a_choice_when_their_marks_are_free() -> None:
    """peg19.en:714: nobody on the marks, so Phase 1 follows at once."""
    g = game()
    first, second = g.fortress.strigoi_start_rooms()
    state = _round_one_over(g, "C")
    state = draw(g, state, f"Master@{second},Apprentice@{first}")
    assert state.to_act.decision == "choose_card"
    assert state.strigoi[1].position == g.fortress.platform_centre(first)


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


@pytest.mark.clauses("peg19.en:837", "peg19.en:841", "peg19.en:822")
def test_phase_three_never_attacks_a_hero_between_the_master_and_a_ladder() -> None:
    """peg19.en:837 and peg19.en:841: in Phase 3 the Master curses instead of attacking on sight, and no
    counterattack answers; the Powerwolf between him and the ladder (peg19.en:822) is not attacked, the ladder
    stands, and the Master, who does not move, curses nobody (interpretation phase-three-ladder)."""
    g = game()
    state = _phase_three(g, matthew="NE:1,0")  # on the straight line from NE:0,0 to NE:ladder0
    history = state.history()
    assert any("Phase 3: no Strigoi attacked; the Master acts" in line for line in history)
    assert any("Matthew stands between the Strigoi and the ladder" in line for line in history)
    assert not any("attacks Matthew" in line for line in history)
    assert state.to_act.decision == "choose_card"  # no wound, no counterattack: the next round begins
    assert "counterattack" not in {a.kind for a in g.legal_actions(state)}
    assert not state.heroes[1].wounds and not state.attack_marker
    assert state.board.ladders == frozenset({"NE:ladder0"})
    assert state.strigoi[0].position == "NE:0,0"
    assert state.blood == Blood(12, 2, 0)


@pytest.mark.clauses("peg19.en:818", "peg19.en:824")
def test_phase_three_destroys_a_ladder_with_nobody_between() -> None:
    """peg19.en:818 and peg19.en:824: the ladder case of the usual move; the Master stays and curses nobody."""
    g = game()
    state = _phase_three(g, matthew="N:2,0")
    assert state.board.ladders == frozenset()
    assert state.strigoi[0].position == "NE:0,0"
    assert (state.blood.altar, state.blood.inferno) == (1, 1)  # the last ladder: the pack loses a blood point
    assert not state.heroes[1].wounds and state.to_act.decision == "choose_card"


@pytest.mark.clauses("peg19.en:822", "peg19.en:864")
def test_in_phase_two_the_hero_between_is_attacked_and_may_counterattack() -> None:
    """peg19.en:822 and peg19.en:864: the same geometry on Matthew's own turn is an attack, then a counterattack."""
    g = game()
    state = turn(
        g,
        [PRAYER, CROSS],
        positions={0: "C:0,0", 1: "NE:1,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = replace(state, board=replace(state.board, ladders=frozenset({"NE:ladder0"})))
    state = play(g, state, EndMove(1), Pass(1, "end_fight_phase"))  # Matthew first (6 < 10)
    state = draw(g, state, "strigoi-token/master+0#1")
    assert any("the Master attacks Matthew" in line for line in state.history())
    state = play(g, state, Pass(1, "take_wounds"))
    state = draw(g, state, wound(g, "Wound"))
    assert state.to_act.decision == "counterattack" and state.attack_marker


AMEN = "Amen & Attack"  # Roel: initiative 5, movement 2, strength 5, self-wound icon, letter C


def _amen_fights_twice(g: Game) -> GameState:
    """Roel plays Amen & Attack, beats a Hellhound, is attacked by the Master (blocked with an Amulet) and
    counterattacks: two fights in his own turn."""
    amulet = token(g, "Amulet")
    state = turn(
        g,
        [AMEN, CROSS],
        positions={0: "N:0,-2", 1: "S:2,0"},
        strigoi={"Master": "NW:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        tokens={0: [amulet]},
    )
    state = play(g, state, Step(0, "N:0,-1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "grey", "Hellhound"))  # strength 4 against Amen & Attack's 5
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "draw_wound"  # the first fight: the card hurts Roel, no Protection offered
    state = draw(g, state, wound(g, "Wound"))
    assert state.heroes[0].wounds == (wound(g, "Wound"),) and state.heroes[0].card_wound_taken
    while state.to_act.decision == "fight":  # abilities may follow a fight (the fight phase returns); Roel uses none
        state = play(g, state, Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")  # NW's book C points at N: the Master lands on N:0,0
    assert state.strigoi[0].position == "N:0,0" and state.to_act.decision == "protect"
    state = play(g, state, Protect(0, amulet, "token"))
    assert state.to_act.decision == "counterattack" and state.to_act.seats == (0,)
    state = play(g, state, AttackStrigoi(0, 0, "melee"))
    assert isinstance(state.frames[-1], Fight) and state.frames[-1].counter
    return play(g, state, Pass(0, "resolve"))  # strength 5 against the Master's 7: the second fight is lost


@pytest.mark.clauses("peg19.en:1080", "peg19.de:517")
@pytest.mark.parametrize(("count", "hurt_again"), [(SelfWoundCount.EACH_FIGHT, True), (SelfWoundCount.ONCE, False)])
def test_the_self_wound_icon_hurts_in_each_fight_or_once_by_reading(count: SelfWoundCount, hurt_again: bool) -> None:
    """peg19.en:1080 (in addition to the damage it causes the enemy: each fight) against peg19.de:517 ('einmalig':
    once in the round)."""
    g = game(ruleset=editions.PEG19_EN.with_(self_wound_count=count))
    state = _amen_fights_twice(g)
    assert (state.to_act.decision == "draw_wound") is hurt_again
    if hurt_again:
        state = draw(g, state, wound(g, "Wound", 2))
    assert len(state.heroes[0].wounds) == (2 if hurt_again else 1)


def test_the_self_wound_count_follows_each_text() -> None:
    """The presets take the reading of their own text."""
    assert editions.PEG19_EN.self_wound_count is SelfWoundCount.EACH_FIGHT
    assert editions.PEG19_IT.self_wound_count is SelfWoundCount.EACH_FIGHT
    assert editions.PEG19_DE.self_wound_count is SelfWoundCount.ONCE


@pytest.mark.clauses("peg19.en:1080", "peg19.de:517")
def test_the_self_wound_flag_is_cleared_each_round() -> None:
    """peg19.en:1080, peg19.de:517: the card hurts again in a later round (a new round clears the record)."""
    g = game(ruleset=editions.PEG19_EN.with_(self_wound_count=SelfWoundCount.ONCE))
    state = turn(g, [AMEN, CROSS])
    state = state.with_hero(0, replace(state.heroes[0], card_wound_taken=True))
    state = g._settle(replace(state, frames=(StartRound(),)))
    assert not any(hero.card_wound_taken for hero in state.heroes)


@pytest.mark.clauses("peg19.en:788", "peg19.de:211", "sb19.en:343", "peg19.en:1084")
@pytest.mark.parametrize("drawn", ["Wound", "Double Wound"])
def test_a_monster_deals_exactly_one_wound_without_protection(drawn: str) -> None:
    """peg19.en:788 ('Monsters always inflict only 1 Wound'), peg19.de:211, sb19.en:343: one wound counter is
    drawn, whatever it shows (a double wound counts two points, peg19.en:1084, but is still one counter)."""
    g = game()
    state = turn(g, ["Army of the Night", CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    unprotected = tuple(c for c in state.heroes[0].hand if Ability.PROTECTION not in g.pack.cards[c].abilities)
    state = state.with_hero(0, replace(state.heroes[0], hand=unprotected))  # no Protection anywhere
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))  # strength 4 against Army of the Night's 3
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "draw_wound"  # no protection to offer: straight to the one draw
    frame = state.frames[-1]
    assert isinstance(frame, DrawWound) and frame.left == 0 and frame.origin == "monster"
    state = draw(g, state, wound(g, drawn))
    assert state.heroes[0].wounds == (wound(g, drawn),)
    assert state.to_act.decision != "draw_wound"


@pytest.mark.clauses("peg19.en:854", "peg19.en:1002", "sb19.en:415", "peg19.fr:1952")
@pytest.mark.parametrize(
    ("reading", "strigoi_token", "wounds"),
    [
        (StrigoiDamage.DAMAGE, "strigoi-token/master+0#1", 1),
        (StrigoiDamage.DAMAGE, "strigoi-token/master+1", 2),
        (StrigoiDamage.STRENGTH, "strigoi-token/master+1", 8),
    ],
)
def test_the_strigoi_token_modifier_adds_to_the_attack(reading: StrigoiDamage, strigoi_token: str, wounds: int) -> None:
    """peg19.en:854 ('the number of Wounds shown on the Strigoi card plus any modifiers on the Strigoi Action token
    revealed'), peg19.en:1002, sb19.en:415; peg19.fr:1952 adds it to the strength."""
    g = game(ruleset=editions.PEG19_EN.with_(strigoi_damage=reading))
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,0"}, strigoi={"Master": "NE:0,0"})
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, strigoi_token)  # the Master lands on N:0,0 and sees Matthew (no Protection at hand)
    frame = state.frames[-1]
    assert isinstance(frame, (Wounds, DrawWound)) and frame.seat == 1
    assert (frame.count if isinstance(frame, Wounds) else frame.left + 1) == wounds
    assert any(f"attacks Matthew: {wounds} wound(s)" in line for line in state.history())


@pytest.mark.clauses("peg19.en:1046", "peg19.de:479", "peg19.it:1595", "sb19.en:624")
def test_one_heal_icon_heals_one_wound_of_every_injured_hero_in_the_room() -> None:
    """peg19.en:1046 ('Every injured Powerwolf in the room discards 1 Wound counter for each Heal icon'),
    peg19.de:479, peg19.it:1595, sb19.en:624: the healer and a comrade in the room each lose one wound; a hero in
    another room keeps his."""
    g = game(("Roel", "Matthew", "Charles"))
    hit, torn, leg, other = wound(g, "Wound"), wound(g, "Torn Arm"), wound(g, "Broken Leg"), wound(g, "Wound", 2)
    state = turn(
        g,
        ["Army of the Night", CROSS, "Beast of Gévaudan"],
        positions={0: "C:-1,0", 1: "C:0,-1", 2: "N:2,0"},
        wounds={0: [hit], 1: [torn, leg], 2: [other]},
        first=0,
    )
    state = play(g, state, UseAbility(0, "heal", card_id(g, "Roel", "Army of the Night"), "card", ""))
    assert state.heroes[0].wounds == ()  # Roel's one wound is gone
    assert state.to_act.decision == "heal" and state.to_act.seats == (1,)  # Matthew chooses which of his two
    assert {a.wound for a in g.legal_actions(state) if isinstance(a, HealWound)} == {torn, leg}
    state = play(g, state, HealWound(1, leg))
    assert state.heroes[1].wounds == (torn,)  # one icon: one wound each, not two
    assert state.heroes[2].wounds == (other,)  # Charles is in another room
    assert state.to_act.decision == "move" and state.to_act.seats == (0,)


@pytest.mark.clauses("peg19.en:1046")
def test_two_heal_icons_heal_two_wounds_of_each_injured_hero() -> None:
    """peg19.en:1046: 'for each Heal icon': Holy Water used with Wild Strength shows two."""
    g = game()
    holy = reward(g, "Holy Water")
    torn, leg = wound(g, "Torn Arm"), wound(g, "Broken Leg")
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "C:0,-1"}, hands={0: [holy]}, wounds={1: [torn, leg]}, first=0
    )
    state = play(g, state, UseAbility(0, "heal", holy, "wild", ""))
    assert state.heroes[1].wounds == () and holy in state.box


def _charles_with_a_discard(g: Game, sword: str) -> GameState:
    """Charles plays Beast of Gévaudan (Retrieval); his discard pile holds two action cards and a Sword."""
    state = turn(g, ["Beast of Gévaudan", CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    hero = state.heroes[0]
    spent = tuple(c for c in hero.hand if g.pack.cards[c].title in ("Amen & Attack", "Army of the Night"))
    hero = replace(hero, hand=tuple(c for c in hero.hand if c not in spent), discard=tuple(sorted((*spent, sword))))
    deck = replace(state.reward_deck, hidden=tuple(c for c in state.reward_deck.hidden if c != sword))
    return replace(state.with_hero(0, hero), reward_deck=deck)


@pytest.mark.clauses("peg19.en:1050", "peg19.de:487", "peg19.fr:2059", "peg19.es:2627", "sb19.en:628")
def test_retrieval_returns_a_reward_card_never_an_action_card() -> None:
    """peg19.en:1050 ('take 1 Reward card from their discard pile'), peg19.de:487, peg19.fr:2059,
    peg19.es:2627, sb19.en:628: during the move and during a fight, only reward cards come back."""
    g = game(("Charles", "Matthew"))
    sword = reward(g, "Sword")
    beast = card_id(g, "Charles", "Beast of Gévaudan")
    state = _charles_with_a_discard(g, sword)
    actions = [a for a in state.heroes[0].discard if a in g.pack.cards]
    assert len(actions) == 2
    offered = [a.target for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "retrieval"]
    assert offered == [sword]
    for card in actions:
        with pytest.raises(RuleViolation, match=r"ability\.retrieval"):
            g.apply(state, UseAbility(0, "retrieval", beast, "card", card))
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    assert isinstance(state.frames[-1], Fight)
    offered = [a.target for a in g.legal_actions(state) if isinstance(a, UseAbility) and a.ability == "retrieval"]
    assert offered == [sword]  # 'this Ability can be used during a fight' (peg19.en:1050)
    for card in actions:
        with pytest.raises(RuleViolation, match=r"ability\.retrieval"):
            g.apply(state, UseAbility(0, "retrieval", beast, "card", card))
    state = play(g, state, UseAbility(0, "retrieval", beast, "card", sword))
    assert sword in state.heroes[0].hand and all(card in state.heroes[0].discard for card in actions)


def test_an_impossible_state_is_a_typed_engine_error_not_an_assertion() -> None:
    """Unreachable states raise EngineInvariantError naming where (asserts vanish under ``python -O``)."""
    g = game()
    state = turn(g, [MOON, CROSS])
    no_card = state.with_hero(0, replace(state.heroes[0], chosen=None))
    with pytest.raises(EngineInvariantError, match="seat 0 has no card this round"):
        g.ctx.played_card(no_card, 0)
    assert expect(Pass(0, "x"), Pass, "here") == Pass(0, "x")
    with pytest.raises(EngineInvariantError, match=r"^here: expected Protect, got Pass$"):
        expect(Pass(0, "x"), Protect, "here")
    assert present(0, "there") == 0
    with pytest.raises(EngineInvariantError, match=r"^there: missing$"):
        present(None, "there")
