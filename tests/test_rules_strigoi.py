"""Phase 2c and 3, fights with the Strigoi, the Supreme and the collapse; the rulebook's worked examples."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import RuleViolation, editions
from armata_rules.actions import AttackStrigoi, Choose, EndMove, Escape, Pass, PlayReward, Step
from armata_rules.frames import DrawWound, Fight, Wounds
from armata_rules.state import GameState
from armata_rules.variants import (
    CentreAttack,
    CentreRelocation,
    CounterAfterFight,
    Counterattack,
    LastLadder,
    StrigoiDamage,
)
from tests.scenario import (
    CROSS,
    MOON,
    PRAYER,
    card_id,
    draw,
    encounter,
    game,
    lay_wound,
    pass_window,
    play,
    reward,
    strigoi_wounds,
    turn,
    wound,
)

MASTER_PLUS_ONE = "strigoi-token/master+1"
MASTER_ZERO = "strigoi-token/master+0#1"


def _end_roels_move(g, state: GameState) -> GameState:  # type: ignore[no-untyped-def]
    return play(g, state, EndMove(0), Pass(0, "end_fight_phase"))


@pytest.mark.clauses("peg19.en:811", "sb19.en:368-370")
def test_worked_example_when_the_moon_shines_red() -> None:
    """peg19.en:811 / sb19.en:368-370: Roel moves 5 spaces onto an encounter, fights, flips a Master token; the
    Master teleports by the book E to the next platform, sees Matthew in a straight line and attacks him; Roel,
    behind an interrupted corridor, is not seen."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,0"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    path = ["C:0,0", "C:0,-1", "C:1,-1", "C:2,-2", "N:0,2"]
    state = play(g, state, *(Step(0, s) for s in path))
    assert state.turn is not None and state.turn.steps_left == 0 and state.turn.encountered
    state = play(g, state, Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "end_fight_phase"))
    assert state.to_act.decision == "draw_strigoi_token"
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "N:0,0"  # E on the NE platform points at N
    assert state.attack_marker
    assert any("the Master attacks Matthew" in line for line in state.history())
    assert not state.heroes[0].wounds  # Roel is not seen


@pytest.mark.clauses("peg19.en:876")
def test_worked_example_falk_marias_double_wound() -> None:
    """peg19.en:876: with a double wound, one more wound is the third: a blood point lost, every token
    discarded, the rest of the attack ignored."""
    g = game(("Falk Maria", "Matthew"))
    double = wound(g, "Double Wound")
    state = turn(
        g,
        ["Army of the Night", "Werewolves of Armenia"],  # no Protection for Falk Maria
        positions={0: "N:2,0", 1: "C:-1,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        wounds={0: [double]},
        blood=(12, 2, 0),
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, MASTER_PLUS_ONE)  # the Master inflicts 1 + 1 = 2 wounds
    assert state.strigoi[0].position == "N:0,0"  # Army of the Night shows B: NE's book B faces out; it bounces to N
    assert state.to_act.decision == "protect"
    state = play(g, state, Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Wound"))
    assert state.heroes[0].wounds == ()
    assert (state.blood.altar, state.blood.inferno) == (1, 1)
    assert state.to_act.decision != "draw_wound"  # the second wound of the attack is ignored


@pytest.mark.clauses("peg19.en:928-930", "peg19.en:930")
def test_worked_example_prayer_in_the_dark_and_the_collapse_under_matthew() -> None:
    """peg19.en:928-930: Sword +2 used normally and Hammer +5 with Wild Strength reach the Supreme's 9; the A book
    of the room without a platform collapses the platform Matthew stands on; without Leap the pack loses a
    blood point and Matthew moves to a staircase or ladder tile."""
    g = game()
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    dancing = card_id(g, "Matthew", "Dancing with the Dead")  # Matthew's Leap card, out of reach for the example
    state = turn(
        g,
        [PRAYER, CROSS],
        positions={0: "S:0,1", 1: "NE:1,0"},
        strigoi={"Master": "S:0,0", "Apprentice": None},
        hands={0: [sword, hammer]},
        blood=(12, 2, 0),
        first=0,
    )
    state = strigoi_wounds(state, {0: 2, 1: 2})
    state = replace(state, strigoi=(replace(state.strigoi[0], supreme=True), replace(state.strigoi[1], defeated=True)))
    matthew = state.heroes[1]
    state = state.with_hero(
        1, replace(matthew, hand=tuple(c for c in matthew.hand if c != dancing), discard=(dancing,))
    )
    state = play(g, state, EndMove(0))
    assert AttackStrigoi(0, 0, "melee") in g.legal_actions(state)
    state = play(g, state, AttackStrigoi(0, 0, "melee"), PlayReward(0, sword, "normal"), PlayReward(0, hammer, "wild"))
    frame = state.frames[-1]
    assert isinstance(frame, Fight) and frame.bonus == 7
    state = play(g, state, Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[0].wounds == 3
    assert "NE" in state.board.collapsed  # A in the centre room points at NE
    assert sword in state.heroes[0].played and hammer in state.box
    assert state.to_act.seats == (1,) and state.to_act.decision == "escape"
    assert g.legal_actions(state) == [Pass(1, "fall")]
    state = play(g, state, Pass(1, "fall"))
    assert (state.blood.altar, state.blood.inferno) == (1, 1)
    assert state.to_act.decision == "relocate"
    target = g.legal_actions(state)[0]
    state = play(g, state, target)
    assert g.fortress.spaces[state.heroes[1].position or ""].kind.is_stairs


@pytest.mark.clauses("peg19.en:917-920")
def test_a_leap_escapes_the_collapse() -> None:
    """peg19.en:917-920: a card with Leap discarded from hand lets the hero jump to a space of the same room."""
    g = game()
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    dancing = card_id(g, "Matthew", "Dancing with the Dead")
    state = turn(
        g,
        [PRAYER, CROSS],
        positions={0: "S:0,1", 1: "NE:1,0"},
        strigoi={"Master": "S:0,0", "Apprentice": None},
        hands={0: [sword, hammer]},
        blood=(12, 2, 0),
        first=0,
    )
    state = strigoi_wounds(state, {0: 2})
    state = replace(state, strigoi=(replace(state.strigoi[0], supreme=True), replace(state.strigoi[1], defeated=True)))
    state = play(
        g,
        state,
        EndMove(0),
        AttackStrigoi(0, 0, "melee"),
        PlayReward(0, sword, "normal"),
        PlayReward(0, hammer, "wild"),
        Pass(0, "resolve"),
    )
    state = lay_wound(g, state)
    state = play(g, state, Escape(1, dancing, "discard", "NE:2,0"))
    assert state.heroes[1].position == "NE:2,0" and state.blood.inferno == 0
    assert dancing in state.heroes[1].played


@pytest.mark.clauses("peg19.en:880-885")
def test_attacking_a_strigoi_needs_the_altar() -> None:
    """peg19.en:880-885: 2 blood points with 2 players."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "S:0,1", 1: "N:2,0"}, strigoi={"Master": "S:0,0"}, blood=(13, 1, 0))
    state = play(g, state, EndMove(0))
    with pytest.raises(RuleViolation, match="the altar holds 1 blood points; 2 are needed"):
        g.apply(state, AttackStrigoi(0, 0, "melee"))


@pytest.mark.clauses("peg19.en:895-897", "sb19.en:452-454")
def test_ranged_attacks_take_only_wild_rewards_and_no_tokens() -> None:
    """peg19.en:895-897, sb19.en:452-454."""
    g = game()
    sword = reward(g, "Sword")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "SE:-2,2", 1: "N:2,0"},
        strigoi={"Master": "C:0,0"},
        blood=(12, 2, 0),
        hands={0: [sword]},
    )
    state = play(g, state, EndMove(0))
    assert AttackStrigoi(0, 0, "ranged") in g.legal_actions(state)
    assert AttackStrigoi(0, 0, "melee") not in g.legal_actions(state)
    state = play(g, state, AttackStrigoi(0, 0, "ranged"))
    assert PlayReward(0, sword, "normal") not in g.legal_actions(state)
    assert PlayReward(0, sword, "wild") in g.legal_actions(state)


@pytest.mark.clauses("peg19.en:907-909", "peg19.en:982")
def test_defeating_the_first_strigoi_raises_the_supreme() -> None:
    """peg19.en:907-909: the other flips and keeps its wounds; Vampires Don't Die for the victor (peg19.en:982)."""
    g = game()
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "S:0,0"},
        blood=(12, 2, 0),
        hands={0: [sword, hammer]},
    )
    state = strigoi_wounds(state, {0: 1, 1: 1})
    state = play(g, state, EndMove(0), AttackStrigoi(0, 1, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[1].defeated and state.strigoi[1].position is None
    assert state.strigoi[0].supreme and state.strigoi[0].wounds == 1
    assert ("Vampires Don't Die" in state.heroes[0].earned) or (0, "Vampires Don't Die") in state.awards


@pytest.mark.clauses("peg19.en:854", "peg19.fr:1952")
@pytest.mark.parametrize(("reading", "expected"), [(StrigoiDamage.DAMAGE, 1), (StrigoiDamage.STRENGTH, 7)])
def test_strigoi_damage_readings(reading: StrigoiDamage, expected: int) -> None:
    """peg19.en:854 (the card's wounds) against peg19.fr:1952 (the Strigoi's strength)."""
    g = game(ruleset=editions.PEG19_EN.with_(strigoi_damage=reading))
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,0"}, strigoi={"Master": "NE:0,0"})
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert any(f"attacks Matthew: {expected} wound(s)" in line for line in state.history())


@pytest.mark.clauses("peg19.en:858", "sb19.en:419")
def test_the_strigoi_attacks_the_nearest_and_ties_go_to_higher_initiative() -> None:
    """peg19.en:858, sb19.en:419."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "N:1,0", 1: "N:-1,1"}, strigoi={"Master": "NE:0,0"})
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert any("attacks Matthew" in line for line in state.history())  # both at distance 1: Matthew has 6 > 4


@pytest.mark.clauses("peg19.en:827", "peg19.en:829")
def test_an_x_card_keeps_the_strigoi_in_place_and_it_does_not_attack() -> None:
    """peg19.en:827, peg19.en:829."""
    g = game(("Attila", "Matthew"))
    state = turn(g, ["We Drink Your Blood", CROSS], positions={0: "C:0,0", 1: "NE:1,0"}, strigoi={"Master": "NE:0,0"})
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "NE:0,0" and not state.attack_marker


@pytest.mark.clauses("peg19.en:826", "sb19.en:385")
def test_neither_strigoi_moves_onto_the_others_platform() -> None:
    """peg19.en:826, sb19.en:385."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, strigoi={"Master": "NE:0,0", "Apprentice": "N:0,0"}
    )
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "NE:0,0"


@pytest.mark.clauses("peg19.en:817", "sb19.en:376")
def test_a_book_facing_nothing_bounces_the_strigoi() -> None:
    """peg19.en:817, sb19.en:376: no room (and no ladder) that way: the opposite direction."""
    g = game()
    state = turn(g, [PRAYER, CROSS], positions={0: "S:2,0", 1: "N:2,0"}, strigoi={"Master": "NE:0,0"})
    state = play(g, state, EndMove(1), Pass(1, "end_fight_phase"))  # Matthew goes first; his card shows A
    state = draw(g, state, MASTER_ZERO)  # NE's book A faces the outside, where no ladder stands
    assert state.strigoi[0].position == "C:0,0"  # bounced to the opposite side: the centre room


def _ladder_case(reading: LastLadder, climber: bool) -> GameState:
    g = game(ruleset=editions.PEG19_EN.with_(last_ladder=reading))
    state = turn(
        g,
        [PRAYER, CROSS],
        positions={0: "C:0,0", 1: "NE:ladder0" if climber else "C:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
    )
    state = replace(state, board=replace(state.board, ladders=frozenset({"NE:ladder0"})))
    state = play(g, state, EndMove(1), Pass(1, "end_fight_phase"))  # Matthew first (6 < 10); his card shows A
    return draw(g, state, MASTER_ZERO)


@pytest.mark.clauses("peg19.en:818", "peg19.en:824", "peg19.it:1374")
@pytest.mark.parametrize("reading", list(LastLadder))
def test_the_strigoi_destroy_the_ladder_the_book_points_at(reading: LastLadder) -> None:
    """peg19.en:818 and peg19.en:824 (the pack loses a blood point) against peg19.it:1374 (the Strigoi gain one)."""
    state = _ladder_case(reading, climber=False)
    assert state.board.ladders == frozenset()
    assert state.strigoi[0].position == "NE:0,0"
    said = state.history()[-1].split(": ", 1)[1]
    if reading is LastLadder.PACK_LOSES:
        assert (state.blood.altar, state.blood.inferno) == (1, 1)
        assert said == "the last ladder is gone: the pack loses a blood point"
    else:
        assert (state.blood.supply, state.blood.altar, state.blood.inferno) == (11, 2, 1)
        assert said == "the last ladder is gone: the Strigoi gain a blood point"


@pytest.mark.clauses("peg19.en:820", "sb19.en:379")
def test_a_hero_on_the_destroyed_ladder_costs_a_blood_point_and_moves() -> None:
    """peg19.en:820, sb19.en:379."""
    state = _ladder_case(LastLadder.PACK_LOSES, climber=True)
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)
    assert state.blood.inferno == 2  # the climber, then the last ladder


@pytest.mark.clauses("peg19.en:860", "sb19.en:421")
@pytest.mark.parametrize(
    ("reading", "ladder_only"), [(CentreRelocation.LADDER_FIRST, True), (CentreRelocation.ANY, False)]
)
def test_a_hero_on_the_landing_centre(reading: CentreRelocation, ladder_only: bool) -> None:
    """peg19.en:860 (a ladder, else a staircase) against sb19.en:421 (any staircase or ladder)."""
    g = game(ruleset=editions.PEG19_EN.with_(centre_relocation=reading))
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:0,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0))
    state = replace(state, board=replace(state.board, ladders=frozenset({"S:ladder2"})))
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert state.blood.inferno == 1 and state.attack_marker
    while state.to_act.decision == "draw_wound":
        state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
    assert state.to_act.decision == "relocate"
    targets = {a.to for a in g.legal_actions(state)}  # type: ignore[attr-defined]
    assert (targets == {"S:ladder2"}) is ladder_only


@pytest.mark.clauses("peg19.en:860", "peg19.it:1406", "peg19.es:2433")
@pytest.mark.parametrize(("reading", "attacked"), [(CentreAttack.ATTACKED, True), (CentreAttack.BLOOD_ONLY, False)])
def test_centre_attack_readings(reading: CentreAttack, attacked: bool) -> None:
    """peg19.en:860 (the caught hero cannot protect himself from the attack) against peg19.it:1406 and
    peg19.es:2433 (the pack loses a blood point and the hero is moved; no attack)."""
    g = game(ruleset=editions.PEG19_EN.with_(centre_attack=reading))
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:0,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0))
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert state.blood.inferno == 1
    assert state.attack_marker is attacked
    assert (state.to_act.decision == "draw_wound") is attacked
    while state.to_act.decision == "draw_wound":
        state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
    assert state.to_act.decision == "relocate"
    assert bool(state.heroes[1].wounds) is attacked


@pytest.mark.clauses("peg19.en:860", "peg19.en:864", "sb19.en:421", "sb19.en:427", "peg19.it:1410")
def test_the_attack_on_the_landing_centre_is_followed_by_a_counterattack() -> None:
    """centre-space-is-attacked: the Master lands on Matthew's centre space and attacks him (peg19.en:860); as after
    every attack, 'the attacked Powerwolf can Counterattack' (peg19.en:864), here under the any-hero reading
    (peg19.it:1410) so that Roel, next to the centre, may. Before the fix no counterattack followed this attack."""
    g = game(ruleset=editions.PEG19_EN.with_(counterattack=Counterattack.ANY_HERO))
    state = turn(g, [MOON, CROSS], positions={0: "N:0,-1", 1: "N:0,0"}, strigoi={"Master": "NE:0,0"}, blood=(11, 3, 0))
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    assert state.blood.inferno == 1 and state.attack_marker
    while state.to_act.decision in ("draw_wound", "relocate", "shock"):
        if state.to_act.decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            state = play(g, state, g.legal_actions(state)[0])
    assert state.heroes[1].position != "N:0,0"  # Matthew was moved first
    assert state.to_act.decision == "counterattack" and state.to_act.seats == (0,)


@pytest.mark.clauses("peg19.en:864", "peg19.it:1410")
@pytest.mark.parametrize(("reading", "offered"), [(Counterattack.ATTACKED_HERO, [1]), (Counterattack.ANY_HERO, [1, 0])])
def test_counterattack_readings(reading: Counterattack, offered: list[int]) -> None:
    """peg19.en:864 (the attacked Powerwolf) against peg19.it:1410 (a Powerwolf)."""
    g = game(ruleset=editions.PEG19_EN.with_(counterattack=reading))
    state = turn(g, [MOON, CROSS], positions={0: "N:0,-1", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0))
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)  # both at distance 1 from N:0,0; Matthew (initiative 6) is attacked
    asked = []
    while state.to_act.decision in ("protect", "draw_wound", "counterattack", "shock"):
        if state.to_act.decision == "counterattack":
            asked.append(state.to_act.seats[0])
            state = play(g, state, Pass(state.to_act.seats[0], "no_counterattack"))
        elif state.to_act.decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            state = play(g, state, g.legal_actions(state)[-1])
    assert asked == offered


@pytest.mark.clauses("peg19.en:864", "peg19.en:1014", "peg19.de:340")
@pytest.mark.parametrize(
    ("reading", "offered"), [(CounterAfterFight.ALLOWED, True), (CounterAfterFight.ONE_FIGHT_PER_TURN, False)]
)
def test_counter_after_fight_readings(reading: CounterAfterFight, offered: bool) -> None:
    """peg19.en:864, peg19.en:1014 (a counterattack follows any fight) against peg19.de:340 (a player fights only one
    Monster or Strigoi in their turn): Roel fought this turn, then the Master attacks him."""
    g = game(ruleset=editions.PEG19_EN.with_(counter_after_fight=reading))
    state = turn(g, [MOON, CROSS], positions={0: "N:0,-1", 1: "C:-1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0))
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, fought=True))
    state = _end_roels_move(g, state)
    state = draw(g, state, MASTER_ZERO)
    asked = []
    while state.to_act.decision in ("protect", "draw_wound", "counterattack", "shock"):
        if state.to_act.decision == "counterattack":
            asked.append(state.to_act.seats[0])
            state = play(g, state, Pass(state.to_act.seats[0], "no_counterattack"))
        elif state.to_act.decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            state = play(g, state, g.legal_actions(state)[-1])
    assert state.attack_marker
    assert (asked == [0]) is offered and (asked == []) is not offered


@pytest.mark.clauses("peg19.en:835-841")
def test_phase_three_curses_the_room_when_nobody_was_attacked() -> None:
    """peg19.en:835-841: the Master teleports by the first player's card and wounds everyone in the room."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:2,-2", 1: "N:1,-2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = _end_roels_move(g, state)
    state = draw(g, state, "strigoi-token/apprentice+0#1")  # the Apprentice moves: SW's E points at NW
    state = play(g, pass_window(g, state), EndMove(1), Pass(1, "end_fight_phase"))
    state = pass_window(g, draw(g, state, "strigoi-token/apprentice+0#2"))
    assert not state.attack_marker
    # Phase 3: the Master reads Roel's E on NE's books: room N, where both heroes stand
    assert state.strigoi[0].position == "N:0,0"
    assert any("the curse falls on room N" in line for line in state.history())


@pytest.mark.clauses("peg19.en:835-841", "peg19.en:860")
@pytest.mark.parametrize("damage", list(StrigoiDamage))
def test_the_curse_landing_on_a_hero_at_the_centre_wounds_him_once_like_the_others(damage: StrigoiDamage) -> None:
    """peg19.en:860: the Master lands on Matthew's centre space: a blood point is lost and he is moved; the wound he
    takes is the curse's single wound (peg19.en:835-841), not the Master's attack damage (1 by its damage, 7 by its
    strength, as the damage readings have it); the rest of the room (Roel) is cursed as well, Matthew not twice."""
    g = game(ruleset=editions.PEG19_EN.with_(strigoi_damage=damage))
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:2,-2", 1: "N:0,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = _end_roels_move(g, state)
    state = draw(g, state, "strigoi-token/apprentice+0#1")
    state = play(g, pass_window(g, state), EndMove(1), Pass(1, "end_fight_phase"))
    state = pass_window(g, draw(g, state, "strigoi-token/apprentice+0#2"))
    said = [line.split(": ", 1)[1] for line in state.history()[-3:]]
    assert said == [
        "the Master teleports to N:0,0",
        "Matthew is caught on the centre space",
        "the curse falls on room N: Roel",
    ]
    wounds = [f for f in state.frames if isinstance(f, (DrawWound, Wounds))]
    assert wounds == [DrawWound(1, 0, "curse", None), Wounds(0, 1, "curse", True, None)]
