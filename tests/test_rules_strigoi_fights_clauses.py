"""Clause-by-clause scenarios for the Strigoi's turn, fights with the Strigoi, their defeat, the crumbling fortress,
the third wound and the end of the game (peg19.en:700-708, 754, 805-941, 1104, 1128-1140; sb19.en equivalents)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    AttackStrigoi,
    EndMove,
    Escape,
    Pass,
    PlayReward,
    PlayToken,
    Protect,
    Relocate,
    Step,
)
from armata_rules.board.sight import sees
from armata_rules.frames import Fight
from armata_rules.state import GameState, Outcome
from armata_rules.variants import Ruleset
from tests.scenario import (
    ARMY,
    CROSS,
    DANCING,
    MOON,
    PRAYER,
    card_id,
    draw,
    game,
    lay_wound,
    pass_window,
    play,
    reward,
    strigoi_wounds,
    token,
    turn,
    wound,
)

MASTER_ZERO = "strigoi-token/master+0#1"
MASTER_ZERO_2 = "strigoi-token/master+0#2"
MASTER_PLUS_ONE = "strigoi-token/master+1"
APPRENTICE_ZERO = "strigoi-token/apprentice+0#1"
APPRENTICE_ZERO_2 = "strigoi-token/apprentice+0#2"


def _end_turn(g: Game, state: GameState, seat: int) -> GameState:
    """``seat`` ends the move and the fight phase without fighting (the previous hero first passes the ability
    window after the Strigoi act, if it is open)."""
    return play(g, pass_window(g, state), EndMove(seat), Pass(seat, "end_fight_phase"))


def _take_everything(g: Game, state: GameState) -> GameState:
    """Resolve an attack's aftermath with no protection, the first wound outcome, no shock card kept, no
    counterattack and no ability used after it."""
    while state.to_act.decision in ("protect", "draw_wound", "shock", "counterattack", "after_strigoi"):
        if state.to_act.decision == "after_strigoi":
            state = pass_window(g, state)
        elif state.to_act.decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        elif state.to_act.decision == "counterattack":
            state = play(g, state, Pass(state.to_act.seats[0], "no_counterattack"))
        else:
            state = play(g, state, g.legal_actions(state)[-1])
    return state


def _supreme(state: GameState, index: int, wounds: int) -> GameState:
    """Strigoi ``index`` is the Supreme with ``wounds`` (tokens face down on its card); the other one is defeated and
    off the board."""
    state = strigoi_wounds(state, {index: wounds})
    strigoi = list(state.strigoi)
    strigoi[index] = replace(strigoi[index], supreme=True)
    strigoi[1 - index] = replace(strigoi[1 - index], defeated=True, position=None)
    return replace(state, strigoi=tuple(strigoi))


# ------------------------------------------------------------------------------------------ Phase 2c: the move


@pytest.mark.clauses("peg19.en:754", "sb19.en:304", "peg19.en:805", "sb19.en:362", "peg19.en:1128", "sb19.en:678")
def test_the_strigoi_acts_after_the_move_and_the_fight_and_the_token_names_which() -> None:
    """peg19.en:754 / sb19.en:304: the turn runs move, fight, then 'Strigoi Moves and Attacks'.
    peg19.en:805 / sb19.en:362 and peg19.en:1128 / sb19.en:678: after moving and fighting the player flips the top
    Strigoi action token; the Strigoi it shows (here the Apprentice, not the Master) teleports to the centre of the
    adjacent platform in the direction of the book that carries the card's letter on its own platform."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,-2"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    assert state.to_act.decision == "move" and state.to_act.seats == (0,)
    state = play(g, state, EndMove(0))
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)  # the fight comes before the Strigoi
    assert state.strigoi[0].position == "NE:0,0" and state.strigoi[1].position == "SW:0,0"
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.to_act.decision == "draw_strigoi_token"
    state = draw(g, state, APPRENTICE_ZERO)
    # Roel's letter E: on the SW platform (books FABCDE) E points at NW; on the NE platform it would point at N
    assert state.strigoi[1].position == g.fortress.platform_centre("NW") == "NW:0,0"
    assert state.strigoi[0].position == "NE:0,0"  # the Master, not shown, stays
    assert APPRENTICE_ZERO in state.strigoi_tokens.discard


@pytest.mark.clauses("peg19.en:807", "sb19.en:364")
def test_the_strigoi_teleports_where_no_corridor_leads() -> None:
    """peg19.en:807 / sb19.en:364: the Strigoi is teleported even if the corridor is interrupted: no straight
    corridor joins the NE platform's centre to the N platform's, and no single step does, yet the Master arrives."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "C:2,0"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    assert sees(g.fortress, state.board, "NE:0,0", "N:0,0") is None
    assert "N:0,0" not in g.fortress.exits("NE:0,0", state.board)
    state = _end_turn(g, state, 0)
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "N:0,0"


@pytest.mark.clauses("peg19.en:809", "sb19.en:366", "peg19.en:1132", "sb19.en:682")
def test_after_moving_the_strigoi_attacks_whom_it_sees_and_the_marker_goes_down_before_the_next_turn() -> None:
    """peg19.en:809 / sb19.en:366: after moving, the Strigoi may attack a Powerwolf. peg19.en:1132 / sb19.en:682: if
    it sees a Powerwolf it attacks; the fight is resolved and the Strigoi attack marker is put on the Master's card
    before the next player moves. Matthew, out of the Master's sight from NE, is seen from N after the teleport."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,0"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    assert sees(g.fortress, state.board, "NE:0,0", "N:2,0") is None
    state = _end_turn(g, state, 0)
    assert not state.attack_marker
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "N:0,0"
    assert state.attack_marker
    assert state.to_act.decision == "protect" and state.to_act.seats == (1,)  # the attack is on Matthew
    state = _take_everything(g, state)
    assert len(state.heroes[1].wounds) == 1 and not state.heroes[0].wounds
    assert state.to_act.decision == "move" and state.to_act.seats == (1,)
    assert state.attack_marker


@pytest.mark.clauses("peg19.en:1136", "sb19.en:688")
def test_a_strigoi_that_sees_nobody_hands_the_turn_to_the_next_player() -> None:
    """peg19.en:1136 / sb19.en:688: if the Strigoi does not see anyone, the next player takes their turn: no attack,
    no wound, no marker."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:2,-2"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    state = _end_turn(g, state, 0)
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "N:0,0"
    assert not state.attack_marker
    assert state.to_act.decision == "move" and state.to_act.seats == (1,)
    assert not state.heroes[0].wounds and not state.heroes[1].wounds


@pytest.mark.clauses("peg19.en:852", "sb19.en:413")
def test_at_the_end_of_each_turn_a_strigoi_moves_by_that_players_card() -> None:
    """peg19.en:852 / sb19.en:413: at the end of each player's turn a Strigoi teleports by the card that player used
    for the round: Roel's E takes the Master from NE to N, then Matthew's A takes it from N to the centre room.
    (The marker is already down from an earlier attack, so no Phase 3 moves the Master afterwards.)"""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:2,-2", 1: "NE:1,-2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        attack_marker=True,
    )
    state = _end_turn(g, state, 0)
    state = draw(g, state, MASTER_ZERO)
    assert state.strigoi[0].position == "N:0,0"
    assert state.to_act.seats == (1,)
    state = _end_turn(g, state, 1)
    state = draw(g, state, MASTER_ZERO_2)
    assert state.strigoi[0].position == "C:0,0"
    assert state.strigoi[1].position == "SW:0,0"


@pytest.mark.clauses("peg19.en:856", "sb19.en:417")
@pytest.mark.parametrize("protections", [0, 1, 2])
def test_one_wound_counter_is_drawn_for_each_wound_not_prevented(protections: int) -> None:
    """peg19.en:856 / sb19.en:417: the Master with a +1 token inflicts 2 wounds on Roel; each card played with
    Protection blocks one (peg19.en:854), and Roel draws one wound counter for each wound he does not prevent."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "N:1,0", 1: "C:1,0"}, strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"}
    )
    state = _end_turn(g, state, 0)
    state = draw(g, state, MASTER_PLUS_ONE)
    assert state.to_act.decision == "protect" and state.to_act.seats == (0,)
    blockers = [
        Protect(0, card_id(g, "Roel", MOON), "card"),
        Protect(0, card_id(g, "Roel", PRAYER), "discard"),
    ]
    state = play(g, state, *blockers[:protections])
    if protections < 2:
        state = play(g, state, Pass(0, "take_wounds"))
    draws = 0
    while state.to_act.decision == "draw_wound":
        state = draw(g, state, wound(g, "Wound", draws + 1))
        draws += 1
    assert draws == 2 - protections
    assert len(state.heroes[0].wounds) == 2 - protections


# ------------------------------------------------------------------------------------------ Phase 3


@pytest.mark.clauses("peg19.en:831", "sb19.en:390", "peg19.en:833", "sb19.en:394", "peg19.en:1140", "sb19.en:694")
@pytest.mark.parametrize("attacked", [True, False])
def test_after_the_last_turn_the_marker_decides_whether_phase_three_comes(attacked: bool) -> None:
    """peg19.en:831 / sb19.en:390-392: after the last player's turn the players check the Master's card for the
    Strigoi attack marker: if it is there, they remove it and the next round starts; if not, Phase 3 follows.
    peg19.en:833 / sb19.en:394: Phase 3 is only a possible additional Strigoi turn. peg19.en:1140 / sb19.en:694
    (step 6 of the round summary): after the last player with no marker, go to Phase 3.
    In the first turn the Master (attacked) or the Apprentice (not) acts; Matthew's turn moves the Apprentice."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:2,-2", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = _end_turn(g, state, 0)
    state = draw(g, state, MASTER_ZERO if attacked else APPRENTICE_ZERO)
    state = _take_everything(g, state)
    assert state.attack_marker is attacked
    wounds_before = [len(h.wounds) for h in state.heroes]
    master_before = state.strigoi[0].position
    state = _end_turn(g, state, 1)
    state = _take_everything(g, draw(g, state, APPRENTICE_ZERO_2))
    cursed = any("the curse falls" in line for line in state.history())
    assert cursed is not attacked
    assert not state.attack_marker  # removed at the end of the round either way
    assert state.round == 4 and state.to_act.decision == "choose_card"
    if attacked:
        assert state.strigoi[0].position == master_before == "N:0,0"
        assert [len(h.wounds) for h in state.heroes] == wounds_before
    else:
        # Phase 3: the Master teleports from NE by Roel's E (the round's first player) to N and curses the room
        assert state.strigoi[0].position == "N:0,0"
        assert [len(h.wounds) for h in state.heroes] == [n + 1 for n in wounds_before]


@pytest.mark.clauses("peg19.en:839", "sb19.en:400")
def test_with_a_strigoi_defeated_the_supreme_takes_the_additional_turn() -> None:
    """peg19.en:839 / sb19.en:400: if a Strigoi has been defeated, the Supreme Strigoi performs Phase 3: the
    Master is gone, so the Supreme Apprentice teleports by the first player's card and curses the room it reaches."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "NW:1,1", 1: "NW:-1,2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
    )
    state = _supreme(state, 1, 2)
    state = _end_turn(g, state, 0)  # the Supreme moves with no token: SW by E to NW, where it sees nobody
    assert state.strigoi[1].position == "NW:0,0" and not state.attack_marker
    state = _take_everything(g, _end_turn(g, state, 1))
    history = state.history()
    # A on NW faces nothing: it bounces to the centre room, where it sees nobody
    assert "the Apprentice teleports to C:0,0" in " ".join(history) and not any("attacks" in h for h in history)
    # Phase 3: the Supreme reads Roel's E in the centre room: NW, where both heroes stand
    assert any("Phase 3: no Strigoi attacked; the Apprentice acts" in line for line in state.history())
    assert state.strigoi[1].position == "NW:0,0"
    assert all(len(h.wounds) == 1 for h in state.heroes)
    assert state.round == 4


# ------------------------------------------------------------------------------------------ fighting the Strigoi


@pytest.mark.clauses("peg19.en:845", "sb19.en:406", "peg19.en:847", "sb19.en:408", "peg19.en:848", "sb19.en:409")
def test_combat_with_a_strigoi_goes_both_ways() -> None:
    """peg19.en:845-848 / sb19.en:406-409: combat between a Strigoi and a Powerwolf happens in two ways: (a) the
    Strigoi attacks a Powerwolf (its wounds land on the hero), (b) a Powerwolf attacks a Strigoi (the wound lands on
    the Strigoi card). Here Roel wounds the Apprentice in melee, then the Master attacks Matthew."""
    g = game()
    claw, fang = token(g, "Claw"), token(g, "Fang")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "S:0,0"},
        blood=(12, 2, 0),
        tokens={0: [claw, fang]},
    )
    state = play(g, state, EndMove(0))
    assert AttackStrigoi(0, 1, "melee") in g.legal_actions(state)
    state = play(g, state, AttackStrigoi(0, 1, "melee"), PlayToken(0, claw), PlayToken(0, fang), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[1].wounds == 1 and not state.heroes[0].wounds  # (b)
    state = play(g, state, Pass(0, "end_fight_phase"))
    state = _take_everything(g, draw(g, state, MASTER_ZERO))
    assert len(state.heroes[1].wounds) == 1 and state.strigoi[0].wounds == 0  # (a)


@pytest.mark.clauses("peg19.en:884", "sb19.en:441", "peg19.en:885", "sb19.en:442")
@pytest.mark.parametrize(("players", "required"), [(2, 2), (3, 3), (4, 3), (5, 4)])
def test_the_altar_table_gates_an_attack_on_a_strigoi(players: int, required: int) -> None:
    """peg19.en:884-885 / sb19.en:441-442: blood points required on the altar to attack a Strigoi: 2, 3, 3, 4 for
    2, 3, 4, 5 players. One fewer refuses the attack; exactly as many allows it."""
    heroes = ("Roel", "Matthew", "Attila", "Charles", "Falk Maria")[:players]
    g = game(heroes)
    cards = [MOON, *([ARMY] * (players - 1))]
    spaces = ["S:0,1", "N:2,0", "N:2,-2", "N:1,-2", "N:1,1"]
    base = turn(
        g,
        cards,
        positions=dict(enumerate(spaces[:players])),
        strigoi={"Master": "S:0,0", "Apprentice": "SW:0,0"},
        first=0,
    )
    short = play(g, replace(base, blood=replace(base.blood, altar=required - 1)), EndMove(0))
    assert AttackStrigoi(0, 0, "melee") not in g.legal_actions(short)
    with pytest.raises(RuleViolation, match=f"the altar holds {required - 1} blood points; {required} are needed"):
        g.apply(short, AttackStrigoi(0, 0, "melee"))
    enough = play(g, replace(base, blood=replace(base.blood, altar=required)), EndMove(0))
    assert AttackStrigoi(0, 0, "melee") in g.legal_actions(enough)
    assert isinstance(g.apply(enough, AttackStrigoi(0, 0, "melee")).frames[-1], Fight)


@pytest.mark.clauses("peg19.en:887", "sb19.en:444")
@pytest.mark.parametrize("altar", [1, 2])
def test_enough_blood_allows_a_counterattack_in_melee_or_at_range(altar: int) -> None:
    """peg19.en:887 / sb19.en:444: with enough blood points on the altar (2 with 2 players) a Powerwolf can attack
    or counterattack the Strigoi, in melee or at range. Matthew, next to the Master's landing space and in its sight,
    is offered both after its attack; with one blood point short, no counterattack at all."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(14 - altar, altar, 0),
    )
    state = draw(g, _end_turn(g, state, 0), MASTER_ZERO)
    while state.to_act.decision in ("protect", "draw_wound", "shock"):
        if state.to_act.decision == "draw_wound":
            state = draw(g, state, wound(g, "Wound"))
        else:
            state = play(g, state, g.legal_actions(state)[-1])
    if altar >= 2:
        assert state.to_act.decision == "counterattack" and state.to_act.seats == (1,)
        options = set(g.legal_actions(state))
        assert {AttackStrigoi(1, 0, "melee"), AttackStrigoi(1, 0, "ranged")} <= options
    else:
        assert state.to_act.decision == "move" and state.to_act.seats == (1,)


@pytest.mark.clauses("peg19.en:891", "sb19.en:448")
@pytest.mark.parametrize(("tokens", "wins"), [(("Claw", "Fang"), True), (("Claw",), False)])
def test_a_melee_fight_adds_rewards_to_the_cards_strength_and_equal_wins(tokens: tuple[str, ...], wins: bool) -> None:
    """peg19.en:891 / sb19.en:448: from a space adjacent to the Strigoi, the hero fights in melee with the played
    card's strength plus any reward cards and tokens; reaching the Strigoi's strength (equal is enough) wins and puts
    a wound on its card. Roel's 3 + Claw 2 + Fang 1 = 6 equals the Apprentice's 6; without the Fang, 5 falls short."""
    g = game()
    held = [token(g, t) for t in tokens]
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,-2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "S:0,0"},
        blood=(12, 2, 0),
        tokens={0: held},
    )
    state = play(g, state, EndMove(0))
    assert g.fortress.corridor_adjacent("S:0,1", "S:0,0", state.board)
    state = play(g, state, AttackStrigoi(0, 1, "melee"))
    assert all(PlayToken(0, t) in g.legal_actions(state) for t in held)
    state = play(g, state, *(PlayToken(0, t) for t in held), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[1].wounds == (1 if wins else 0)
    assert not state.strigoi[1].defeated


@pytest.mark.clauses("peg19.en:899", "sb19.en:456")
@pytest.mark.parametrize(("weapon", "wins"), [("Sword", True), ("Silver Dagger", False)])
def test_a_ranged_attack_wins_at_equal_strength(weapon: str, wins: bool) -> None:
    """peg19.en:899 / sb19.en:456: a ranged attack wins when the total strength is equal to or greater than the
    Strigoi's, and puts a wound on its card. Roel's 3 + a wild Sword's 4 = 7 equals the Master's 7; a wild Silver
    Dagger's 3 makes 6, which loses."""
    g = game()
    card = reward(g, weapon)
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "SE:-2,2", 1: "N:2,-2"},
        strigoi={"Master": "C:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        hands={0: [card]},
    )
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, "ranged"), PlayReward(0, card, "wild"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[0].wounds == (1 if wins else 0)


@pytest.mark.clauses("peg19.en:901", "sb19.en:458")
def test_a_wound_on_a_strigoi_is_one_existence_point_and_nothing_else() -> None:
    """peg19.en:901 / sb19.en:458: the icons on wound tokens have no effect on a Strigoi: the token only shows one
    existence point lost. A win against the Master (existence 2) adds exactly one wound and leaves it standing; no
    wound is drawn and no icon strikes anyone."""
    g = game()
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,-2"},
        strigoi={"Master": "S:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        hands={0: [hammer]},
    )
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[0].wounds == 1 and not state.strigoi[0].defeated and not state.strigoi[1].supreme
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)  # no wound draw, no shock
    assert not any(h.wounds for h in state.heroes)


# ------------------------------------------------------------------------------------------ defeat and the Supreme


def _supreme_fight(
    g: Game,
    cards: tuple[str, str],
    roel: str,
    master: str,
    wounds: int,
    matthew: str = "N:2,-2",
    matthew_hand: tuple[str, ...] = (),
    **changes: object,
) -> GameState:
    """Roel, first, stands at ``roel`` next to the Supreme Master (``wounds`` already) at ``master`` holding a Sword
    and a Hammer, with blood enough on the altar."""
    state = turn(
        g,
        list(cards),
        positions={0: roel, 1: matthew},
        strigoi={"Master": master, "Apprentice": "SW:0,0"},
        hands={0: [reward(g, "Sword"), reward(g, "Hammer")], 1: list(matthew_hand)},
        blood=(12, 2, 0),
        first=0,
        **changes,
    )
    return _supreme(state, 0, wounds)


def _nine(g: Game, state: GameState) -> GameState:
    """Roel attacks the Master in melee with the Sword (normal, +2) and the Hammer (wild, +5): 9 with Prayer in the
    Dark, 10 with When the Moon Shines Red; chance lays the first wound token listed on its card."""
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    state = play(
        g,
        state,
        EndMove(0),
        AttackStrigoi(0, 0, "melee"),
        PlayReward(0, sword, "normal"),
        PlayReward(0, hammer, "wild"),
        Pass(0, "resolve"),
    )
    return lay_wound(g, state)


@pytest.mark.clauses("peg19.en:909", "sb19.en:466")
def test_the_supreme_keeps_its_wounds_and_moves_every_turn_without_a_token() -> None:
    """peg19.en:909 / sb19.en:466: when the Apprentice perishes, the Master's card flips: it keeps the wound it had,
    takes the Supreme's damage (2), and from now on moves every turn by the player's card without a Strigoi action
    token being flipped: at the end of Roel's turn it teleports from NE by E to N at once and attacks Matthew."""
    g = game()
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "S:0,0"},
        blood=(12, 2, 0),
        hands={0: [hammer]},
    )
    state = strigoi_wounds(state, {0: 1, 1: 1})
    tokens = state.strigoi_tokens
    state = play(g, state, EndMove(0), AttackStrigoi(0, 1, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[1].defeated and state.strigoi[0].supreme and state.strigoi[0].wounds == 1
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.to_act.decision != "draw_strigoi_token"
    assert state.strigoi_tokens == tokens
    assert state.strigoi[0].position == "N:0,0"
    assert any("the Master attacks Matthew: 2 wound(s)" in line for line in state.history())


@pytest.mark.clauses("peg19.en:909", "sb19.en:466", "peg19.en:1104", "sb19.en:606")
@pytest.mark.parametrize(("rewards", "wounded"), [(("Hammer",), False), (("Sword", "Hammer"), True)])
def test_the_supreme_fights_with_its_new_strength_and_existence(rewards: tuple[str, ...], wounded: bool) -> None:
    """peg19.en:909 / sb19.en:466: the Supreme has new values for existence, damage and strength. Roel's 3 + a wild
    Hammer's 5 = 8 would beat the Master's 7 but not the Supreme's 9; with a Sword too, 10 wounds it. peg19.en:1104 /
    sb19.en:606: existence is how many wounds a Strigoi must suffer: with its 4, a second wound does not defeat the
    Supreme, which the Master's printed 2 would have."""
    g = game()
    state = _supreme_fight(g, (MOON, CROSS), "S:0,1", "S:0,0", 1)
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, "melee"))
    modes = {"Sword": "normal", "Hammer": "wild"}
    state = play(g, state, *(PlayReward(0, reward(g, r), modes[r]) for r in rewards), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[0].wounds == (2 if wounded else 1)
    assert not state.strigoi[0].defeated and state.outcome is None


@pytest.mark.clauses("peg19.en:1104", "sb19.en:606")
@pytest.mark.parametrize(("supreme", "wounds", "defeated"), [(False, 0, False), (False, 1, True), (True, 3, True)])
def test_the_existence_value_is_the_number_of_wounds_that_defeats_a_strigoi(
    supreme: bool, wounds: int, defeated: bool
) -> None:
    """peg19.en:1104 / sb19.en:606: the existence value is how many wounds a Strigoi must suffer before it is
    defeated: 2 for the Master (one wound leaves it standing, the second defeats it), 4 for the Supreme."""
    g = game()
    state = _supreme_fight(g, (MOON, CROSS), "S:0,1", "S:0,0", wounds)
    if not supreme:
        master, apprentice = state.strigoi
        state = replace(
            state, strigoi=(replace(master, supreme=False), replace(apprentice, defeated=False, position="SW:0,0"))
        )
    state = _nine(g, state)
    assert state.strigoi[0].wounds == wounds + 1
    assert state.strigoi[0].defeated is defeated


@pytest.mark.clauses("peg19.en:913", "sb19.en:470")
@pytest.mark.parametrize("already", [False, True])
def test_each_wound_on_the_supreme_collapses_the_platform_the_centre_book_points_at(already: bool) -> None:
    """peg19.en:913 / sb19.en:470-474: once the Supreme is in play, each time a Powerwolf wounds him, the platform
    found from the room without a platform by the book of the played card's letter collapses (Roel's E: NW); if that
    platform is already gone, nothing happens (no other platform falls)."""
    g = game()
    state = _supreme_fight(g, (MOON, CROSS), "S:0,1", "S:0,0", 1)
    if already:
        state = replace(state, board=g.fortress.collapsed(state.board, "NW"))
    assert state.board.collapsed == (frozenset({"NW"}) if already else frozenset())
    state = _nine(g, state)
    assert state.strigoi[0].wounds == 2
    assert state.board.collapsed == frozenset({"NW"})


def _collapse_under_matthew(g: Game, matthew_card: str, matthew_hand: tuple[str, ...] = ()) -> GameState:
    """Roel (Prayer in the Dark, letter A) wounds the Supreme: the A book of the centre room collapses NE, where
    Matthew stands on the platform at NE:1,0."""
    state = _supreme_fight(g, (PRAYER, matthew_card), "S:0,1", "S:0,0", 2, matthew="NE:1,0", matthew_hand=matthew_hand)
    state = _nine(g, state)
    assert "NE" in state.board.collapsed
    assert state.to_act.decision == "escape" and state.to_act.seats == (1,)
    return state


def _without(g: Game, state: GameState, seat: int, *cards: str) -> GameState:
    hero = state.heroes[seat]
    return state.with_hero(seat, replace(hero, hand=tuple(c for c in hero.hand if c not in cards)))


@pytest.mark.clauses("peg19.en:915", "sb19.en:478", "peg19.en:917", "sb19.en:480")
def test_the_leap_on_the_played_card_escapes_the_collapse() -> None:
    """peg19.en:915 / sb19.en:478: a Powerwolf on the collapsing platform can escape from the rubble if
    (peg19.en:917 / sb19.en:480) the card played in Phase 1 shows Leap: Matthew played Dancing with the Dead and
    leaps with it, without discarding anything; no blood point is lost."""
    g = game()
    dancing = card_id(g, "Matthew", DANCING)
    state = _collapse_under_matthew(g, DANCING)
    leaps = [a for a in g.legal_actions(state) if isinstance(a, Escape)]
    assert leaps and all(a.source == dancing and a.mode == "card" for a in leaps)
    hand = state.heroes[1].hand
    state = play(g, state, leaps[0])
    assert state.heroes[1].position == leaps[0].to and state.heroes[1].hand == hand
    assert state.blood.inferno == 0


@pytest.mark.clauses("peg19.en:918", "sb19.en:481")
def test_a_reward_card_with_leap_from_the_hand_escapes_the_collapse() -> None:
    """peg19.en:918 / sb19.en:481: or the Powerwolf plays a card from their hand (here a reward card, the Grappling
    Hook) with the Leap ability; without any Leap, falling is the only choice."""
    g = game()
    hook = reward(g, "Grappling Hook")
    dancing = card_id(g, "Matthew", DANCING)
    state = _collapse_under_matthew(g, CROSS, matthew_hand=(hook,))
    state_without = _without(g, state, 1, dancing, hook)
    assert g.legal_actions(state_without) == [Pass(1, "fall")]
    state = _without(g, state, 1, dancing)
    leaps = [a for a in g.legal_actions(state) if isinstance(a, Escape)]
    assert leaps and {a.source for a in leaps} == {hook}
    state = play(g, state, leaps[0])
    assert hook not in state.heroes[1].hand and state.heroes[1].position == leaps[0].to
    assert state.blood.inferno == 0


@pytest.mark.clauses("peg19.en:920", "sb19.en:483")
def test_the_leap_lands_on_any_other_free_space_of_the_room() -> None:
    """peg19.en:920 / sb19.en:483: the leap takes the Powerwolf to any other space in the room: every free space of
    NE that is not on the fallen platform, near or far, and nothing outside the room."""
    g = game()
    state = _collapse_under_matthew(g, DANCING)
    platform = set(g.fortress.iter_platform_spaces("NE"))
    room = set(g.fortress.room_spaces("NE", g.fortress.initial_state()))
    occupied = {h.position for h in state.heroes}
    targets = {a.to for a in g.legal_actions(state) if isinstance(a, Escape)}
    assert targets == room - platform - occupied
    assert len(targets) == len(room) - len(platform)
    with pytest.raises(RuleViolation):
        g.apply(state, Escape(1, card_id(g, "Matthew", DANCING), "card", "N:2,-2"))


@pytest.mark.clauses("peg19.en:922", "sb19.en:485")
def test_without_a_leap_the_pack_loses_a_blood_point_and_the_hero_goes_to_stairs_or_a_ladder() -> None:
    """peg19.en:922 / sb19.en:485: otherwise the pack immediately loses a blood point and the player moves their
    Powerwolf to any staircase or ladder tile of their choice."""
    g = game()
    state = _collapse_under_matthew(g, CROSS)
    state = _without(g, state, 1, card_id(g, "Matthew", DANCING))
    blood = state.blood
    state = play(g, state, Pass(1, "fall"))
    assert (state.blood.altar, state.blood.inferno) == (blood.altar - 1, blood.inferno + 1)
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)
    view = g.fortress.view(state.board)
    occupied = {h.position for h in state.heroes} | {s.position for s in state.strigoi}
    targets = {a.to for a in g.legal_actions(state) if isinstance(a, Relocate)}
    assert targets == {s for s in view.stairs if s not in occupied}
    assert state.board.ladders <= targets and any(g.fortress.spaces[t].kind.is_stairs for t in targets)
    choice = sorted(targets)[-1]
    state = play(g, state, Relocate(1, choice))
    assert state.heroes[1].position == choice


@pytest.mark.clauses("peg19.en:926", "sb19.en:489")
def test_the_supreme_on_the_collapsing_platform_goes_to_the_centre_of_the_room_without_a_platform() -> None:
    """peg19.en:926 / sb19.en:489: if the Supreme is on the collapsing platform, he moves to the centre of the room
    without a platform. Roel (letter A) wounds him from his own platform in NE, which falls."""
    g = game()
    state = _supreme_fight(g, (PRAYER, CROSS), "NE:1,0", "NE:0,0", 2)
    state = _nine(g, state)
    assert "NE" in state.board.collapsed
    assert state.strigoi[0].position == g.fortress.platform_centre(g.fortress.centre_room) == "C:0,0"


# ------------------------------------------------------------------------------------------ the end of the game


@pytest.mark.clauses("peg19.en:700", "sb19.en:257", "peg19.en:708", "sb19.en:263")
def test_the_pack_wins_only_when_both_strigoi_are_defeated() -> None:
    """peg19.en:700 / sb19.en:257: the Powerwolf win as a team, and to win they have to defeat both vampires.
    peg19.en:708 / sb19.en:263: when one Strigoi perishes the other immediately becomes the Supreme and the
    fortress starts to crumble; when both are defeated the pack wins. Defeating the Apprentice ends nothing; a wound on
    the Supreme collapses a platform; defeating the Supreme wins the game and no decision follows."""
    g = game()
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,-2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "S:0,0"},
        blood=(12, 2, 0),
        hands={0: [hammer]},
    )
    state = strigoi_wounds(state, {1: 1})
    state = play(g, state, EndMove(0), AttackStrigoi(0, 1, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))
    state = lay_wound(g, state)
    assert state.strigoi[1].defeated and state.strigoi[0].supreme  # at once, in the same fight
    assert state.outcome is None and g.legal_actions(state)
    crumbling = _nine(g, _supreme_fight(g, (MOON, CROSS), "S:0,1", "S:0,0", 0))
    assert crumbling.board.collapsed == frozenset({"NW"}) and crumbling.outcome is None
    last = _nine(g, _supreme_fight(g, (MOON, CROSS), "S:0,1", "S:0,0", 3))
    assert all(s.defeated for s in last.strigoi)
    assert last.outcome is Outcome.POWERWOLF_WIN
    assert g.legal_actions(last) == []


@pytest.mark.clauses("peg19.en:706", "sb19.en:261")
@pytest.mark.parametrize("altar", [0, 2])
def test_the_strigoi_are_invulnerable_until_blood_points_are_collected(altar: int) -> None:
    """peg19.en:706 / sb19.en:261: victory comes from defeating both Strigoi, and to make them vulnerable the
    Powerwolf must first collect blood points: with an empty altar no attack on a Strigoi is possible, with the blood
    points collected it is."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,-2"},
        strigoi={"Master": "S:0,0", "Apprentice": "SW:0,0"},
        blood=(14 - altar, altar, 0),
    )
    state = play(g, state, EndMove(0))
    attacks = [a for a in g.legal_actions(state) if isinstance(a, AttackStrigoi)]
    assert bool(attacks) is (altar > 0)
    if not attacks:
        with pytest.raises(RuleViolation):
            g.apply(state, AttackStrigoi(0, 0, "melee"))


@pytest.mark.clauses(
    "peg19.en:936",
    "sb19.en:493",
    "peg19.en:938",
    "sb19.en:495",
    "peg19.en:940",
    "sb19.en:497",
    "peg19.en:941",
    "sb19.en:498",
)
@pytest.mark.parametrize(("players", "loss"), [(2, 3), (3, 3), (4, 4), (5, 5)])
@pytest.mark.parametrize("short", [1, 2])
def test_the_strigoi_win_at_once_when_the_inferno_holds_the_tables_blood_points(
    players: int, loss: int, short: int
) -> None:
    """peg19.en:936 / sb19.en:493: if at any time the inferno holds as many blood points as the table says for the
    player count, the Strigoi win. peg19.en:938-941 / sb19.en:495-498: 3, 3, 4, 5 blood points for 2, 3, 4, 5
    players. Matthew stands on the centre of the platform the Master lands on: the pack loses a blood point in the
    middle of Roel's turn; one short of the table the game ends there and then (no decision follows), two short it
    goes on."""
    heroes = ("Roel", "Matthew", "Attila", "Charles", "Falk Maria")[:players]
    g = game(heroes)
    others = {seat: space for seat, space in enumerate(["C:2,-1", "S:1,1", "SW:1,1"], 2) if seat < players}
    state = turn(
        g,
        [MOON, *([ARMY] * (players - 1))],
        positions={0: "C:-1,0", 1: "N:0,0", **others},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(14 - 2 - (loss - short), 2, loss - short),
        first=0,
    )
    state = draw(g, _end_turn(g, state, 0), MASTER_ZERO)
    assert state.blood.inferno == loss - short + 1
    if short == 1:
        assert state.outcome is Outcome.STRIGOI_WIN
        assert g.legal_actions(state) == []
        assert state.heroes[1].position == "N:0,0"  # not even moved off the centre: the game is over
    else:
        assert state.outcome is None and g.legal_actions(state)


@pytest.mark.clauses("peg19.en:872", "sb19.en:433")
@pytest.mark.parametrize(
    ("ruleset", "counters"), [(editions.PEG19_EN, 14), (editions.SB19_EN, 10)], ids=["peg19", "sb19"]
)
@pytest.mark.parametrize(("held", "drawn"), [(("Wound", "Wound"), "Wound"), (("Wound",), "Double Wound")])
def test_the_third_wound_discards_every_wound_and_the_rest_of_the_attack(
    ruleset: Ruleset, counters: int, held: tuple[str, ...], drawn: str
) -> None:
    """peg19.en:872 / sb19.en:433: the Powerwolf who gets the third wound (a Double Wound counts too) costs the pack a
    blood point and discards all their wound counters at once, even if the attack would have inflicted more: back to
    full strength. Roel takes a step (both editions allow it), then the Master (+1 token) inflicts 2 wounds on
    Matthew; the first drawn is his third."""
    g = game(ruleset=ruleset)
    mine = [wound(g, title, n) for n, title in enumerate(held, 1)]
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(counters - 2, 2, 0),
        wounds={1: mine},
    )
    state = play(g, state, Step(0, "C:-2,0"), EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, MASTER_PLUS_ONE)
    assert state.to_act.decision == "protect" and state.to_act.seats == (1,)
    state = play(g, state, Pass(1, "take_wounds"))
    token = wound(g, drawn, len(held) + 1 if drawn == "Wound" else 1)
    state = draw(g, state, token)
    assert state.heroes[1].wounds == ()
    assert (state.blood.altar, state.blood.inferno) == (1, 1)
    assert state.to_act.decision != "draw_wound"  # the attack's second wound is not drawn
    assert set(mine) | {token} <= set(state.wound_stack.discard)
