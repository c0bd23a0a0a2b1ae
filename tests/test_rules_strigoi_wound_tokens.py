"""The wound token a won fight lays face down on a Strigoi's card (issue 28): it comes from the heroes' own wound stack,
chance picks it, nobody sees it, and it never goes back (peg19.en:891, :899, :901, :909; sb19.en:448, :456, :458,
:466; the same in peg19.de, .it, .fr and .es)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from armata_rules import Game
from armata_rules.actions import AttackStrigoi, ChanceOutcome, EndMove, Pass, PlayReward
from armata_rules.encoding import ObservationEncoder
from armata_rules.frames import DrawWound
from armata_rules.state import GameState, Outcome, StateFileError
from tests.scenario import ARMY, CROSS, HEROES, MOON, draw, game, play, reward, strigoi_wounds, turn, wound

MASTER_ID = 0


def _hammer_on_the_master(g: Game) -> GameState:
    """Roel, next to the Master (strength 7) with a Hammer, attacks it in melee: 3 + a wild Hammer's 5 wins; the
    state waits for chance to lay the wound token (the reproduction of issue 28)."""
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:0,1", 1: "N:2,-2"},
        strigoi={"Master": "S:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        hands={0: [hammer]},
    )
    return play(g, state, EndMove(0), AttackStrigoi(0, 0, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))


@pytest.mark.clauses(
    "peg19.en:891",
    "sb19.en:448",
    "peg19.en:664",
    "peg19.en:728",
    "peg19.de:326",
    "peg19.it:1437",
    "peg19.fr:1987",
    "peg19.es:2464",
)
def test_a_won_melee_fight_takes_a_token_from_the_wound_stack_onto_the_strigoi_card() -> None:
    """peg19.en:891 / sb19.en:448 (de:326 'legt einen Verletzungsmarker verdeckt auf die Strigoi-Karte', fr:1987
    'face cachée', it:1437 and es:2464 'a wound token on the Strigoi card'): the winner places a wound token face
    down on the Strigoi card, one of the 15 wound tokens set out beside the board for all (peg19.en:664,
    peg19.en:728). Chance picks it among the stack's tokens, each as likely; it leaves the stack for the card."""
    g = game()
    state = _hammer_on_the_master(g)
    assert state.to_act.is_chance and state.to_act.decision == "wound_strigoi"
    assert state.strigoi[MASTER_ID].wounds == 0  # not yet: the token is being drawn
    stack = state.wound_stack.hidden
    outcomes = g.chance_outcomes(state)
    assert [o.outcome for o, _ in outcomes] == list(stack) and len(stack) == 15
    assert all(p == pytest.approx(1 / 15) for _, p in outcomes)
    double = wound(g, "Double Wound")
    state = draw(g, state, double)
    master = state.strigoi[MASTER_ID]
    assert master.wound_tokens == (double,) and master.wounds == 1
    assert double not in state.wound_stack.hidden and len(state.wound_stack.hidden) == 14
    assert not state.wound_stack.discard and not any(h.wounds for h in state.heroes)
    g.state_from_json(state.to_json())  # the 15 tokens are all accounted for (conservation)


@pytest.mark.clauses("peg19.en:899", "sb19.en:456", "peg19.de:334", "peg19.fr:1995")
def test_a_won_ranged_attack_lays_a_token_from_the_stack_too() -> None:
    """peg19.en:899 / sb19.en:456 (de:334, fr:1995): a won ranged attack places a wound token face down on the
    Strigoi card as a melee win does. Roel's 3 + a wild Sword's 4 reach the Master's 7 from SE."""
    g = game()
    sword = reward(g, "Sword")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "SE:-2,2", 1: "N:2,-2"},
        strigoi={"Master": "C:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        hands={0: [sword]},
    )
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, "ranged"), PlayReward(0, sword, "wild"), Pass(0, "resolve"))
    assert state.to_act.decision == "wound_strigoi"
    leg = wound(g, "Broken Leg", 2)
    state = draw(g, state, leg)
    assert state.strigoi[MASTER_ID].wound_tokens == (leg,) and leg not in state.wound_stack.hidden


@pytest.mark.clauses("peg19.en:901", "sb19.en:458", "peg19.de:336", "peg19.it:1445", "peg19.fr:1997", "peg19.es:2470")
def test_the_token_on_the_strigoi_does_nothing_there_and_can_no_longer_hurt_a_hero() -> None:
    """peg19.en:901 / sb19.en:458 (and de:336, it:1445, fr:1997, es:2470): the token's icons have no effect on the
    Strigoi, it only shows a lost existence point; but it is gone from the heroes' stack, so a Double Wound laid on
    the Master is no longer among the wounds a hero can draw."""
    g = game()
    double = wound(g, "Double Wound")
    state = draw(g, _hammer_on_the_master(g), double)
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)  # no shock, no draw for anyone
    hurt = replace(state, frames=(*state.frames, DrawWound(1, 0, "monster")))
    drawable = {o.outcome for o, _ in g.chance_outcomes(hurt)}
    assert double not in drawable and wound(g, "Double Wound", 2) in drawable and len(drawable) == 14


@pytest.mark.clauses("peg19.en:891", "sb19.en:448")
def test_nobody_sees_which_token_lies_on_the_strigoi() -> None:
    """peg19.en:891 / sb19.en:448: the token lies face down. Every seat's observation shows the wound (its number),
    never the token: two games that differ only in which token went on the card look the same to every seat, the
    encoded vectors too, and the log does not name it."""
    g = game()
    before = _hammer_on_the_master(g)
    plain, double = wound(g, "Wound"), wound(g, "Double Wound")
    one, other = draw(g, before, plain), draw(g, before, double)
    assert one.strigoi != other.strigoi and one.hash() != other.hash()
    encoder = ObservationEncoder.of(g)
    for seat in range(len(g.heroes)):
        seen_one, seen_other = g.observation(one, seat), g.observation(other, seat)
        assert seen_one.strigoi[MASTER_ID].wounds == 1 and seen_one.strigoi[MASTER_ID].wound_tokens == ()
        assert seen_one.strigoi == seen_other.strigoi
        assert seen_one.stacks["wounds"] == seen_other.stacks["wounds"]
        assert np.array_equal(encoder.encode(seen_one), encoder.encode(seen_other))
    assert one.history() == other.history()
    assert any("a wound token goes face down on the Master's card" in line for line in one.history())


@pytest.mark.clauses("peg19.en:891", "sb19.en:448", "peg19.en:801")
def test_an_empty_wound_stack_is_reshuffled_from_its_discards_before_the_token_is_taken() -> None:
    """peg19.en:891: the token comes from the wound stack; when it is empty, its discards are shuffled into a new
    stack first, as for a hero's draw (the interpretation wound-stack-reshuffles, after peg19.en:801)."""
    g = game()
    state = _hammer_on_the_master(g)
    every = state.wound_stack.hidden
    state = replace(state, wound_stack=replace(state.wound_stack, hidden=(), discard=every))
    assert [o.outcome for o, _ in g.chance_outcomes(state)] == list(every)
    shock = wound(g, "Shock")
    state = draw(g, state, shock)
    assert state.strigoi[MASTER_ID].wound_tokens == (shock,)
    assert state.wound_stack.discard == () and len(state.wound_stack.hidden) == 14


@pytest.mark.clauses(
    "peg19.en:907",
    "peg19.en:909",
    "sb19.en:464",
    "sb19.en:466",
    "peg19.de:344",
    "peg19.de:346",
    "peg19.it:1451",
    "peg19.fr:2005",
    "peg19.es:2476",
)
def test_the_supreme_keeps_its_tokens_and_the_defeated_strigoi_takes_its_own_out_of_play() -> None:
    """peg19.en:907-909 / sb19.en:464-466 (de:344 counts the tokens, de:346 'behält alle bisher erhaltenen
    Verletzungsmarker', it:1451, fr:2005, es:2476): the Apprentice's second token defeats it; the Master flips to
    the Supreme keeping its token. The Apprentice's two tokens stay on its card, out of play: none goes back to the
    stack or its discards, and the game's 15 tokens are still all accounted for."""
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
    state = strigoi_wounds(state, {0: 1, 1: 1})
    master_token, apprentice_token = state.strigoi[0].wound_tokens[0], state.strigoi[1].wound_tokens[0]
    state = play(g, state, EndMove(0), AttackStrigoi(0, 1, "melee"), PlayReward(0, hammer, "wild"), Pass(0, "resolve"))
    arm = wound(g, "Torn Arm")
    state = draw(g, state, arm)
    master, apprentice = state.strigoi
    assert apprentice.defeated and apprentice.wound_tokens == tuple(sorted((apprentice_token, arm)))
    assert master.supreme and master.wound_tokens == (master_token,) and master.wounds == 1
    out_of_the_stack = {master_token, apprentice_token, arm}
    assert not out_of_the_stack & {*state.wound_stack.hidden, *state.wound_stack.discard}
    assert len(state.wound_stack.hidden) == 12
    g.state_from_json(state.to_json())


def _everything_out(g: Game) -> GameState:
    """Five heroes (Attila first, next to the Supreme Master at S:0,0, with a Sword and a Hammer) each hold two
    plain-value wound tokens; the defeated Apprentice holds two and the Supreme three: all 15 are out of the
    stack and its discards (the most the printed Strigoi hold before the game ends)."""
    singles = [
        wound(g, title, copy)
        for title, copies in (("Wound", 6), ("Shock", 2), ("Bleeding Eyes", 1))
        for copy in range(1, copies + 1)
    ]
    held = {0: singles[0:2], 1: singles[2:4], 2: singles[4:6], 3: singles[6:8], 4: [singles[8], wound(g, "Torn Arm")]}
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    state = turn(
        g,
        [ARMY] * 5,
        positions={0: "S:0,1", 1: "N:2,-2", 2: "N:2,0", 3: "C:2,0", 4: "C:-1,0"},
        strigoi={"Master": "S:0,0", "Apprentice": None},
        blood=(10, 4, 0),
        hands={0: [sword, hammer]},
        wounds=held,
        first=0,
    )
    state = strigoi_wounds(state, {0: 3, 1: 2})
    master, apprentice = state.strigoi
    state = replace(state, strigoi=(replace(master, supreme=True), replace(apprentice, defeated=True)))
    assert not state.wound_stack.hidden and not state.wound_stack.discard
    return state


@pytest.mark.clauses("peg19.en:664", "peg19.en:909", "sb19.en:466", "peg19.en:945")
def test_with_no_wound_token_left_anywhere_the_strigoi_still_loses_the_existence_point() -> None:
    """peg19.en:664: there are 15 wound tokens; with five heroes holding two each and five on the Strigoi cards
    (peg19.en:909 keeps them), none is left. A win against the Supreme (3 wounds, existence 4) still costs it its
    last existence point (the interpretation no-wound-token-left): chance has the one outcome 'nothing', and the
    pack wins (peg19.en:945)."""
    g = game(HEROES)
    state = _everything_out(g)
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
    assert g.chance_outcomes(state) == [(ChanceOutcome("wound_strigoi", "nothing"), 1.0)]
    state = draw(g, state, "nothing")
    master = state.strigoi[MASTER_ID]
    assert master.wounds == 4 and len(master.wound_tokens) == 3 and master.defeated
    assert state.outcome is Outcome.POWERWOLF_WIN


@pytest.mark.clauses("peg19.en:664", "peg19.en:788", "peg19.en:868", "sb19.en:431")
def test_with_no_wound_token_left_a_hero_holding_two_points_takes_the_third_wound() -> None:
    """peg19.en:788: a hurt hero must draw a wound token; with none left (every token held or on a Strigoi card)
    the wound is taken all the same as one plain point (no-wound-token-left): for a hero holding two points it is
    the third (peg19.en:868 / sb19.en:431): the pack loses a blood point and the hero discards their tokens."""
    g = game(HEROES)
    state = _everything_out(g)
    state = replace(state, frames=(*state.frames, DrawWound(1, 0, "monster")))
    assert g.chance_outcomes(state) == [(ChanceOutcome("draw_wound", "nothing"), 1.0)]
    held = state.heroes[1].wounds
    state = draw(g, state, "nothing")
    assert not state.heroes[1].wounds and set(held) == set(state.wound_stack.discard)
    assert (state.blood.altar, state.blood.inferno) == (3, 1)


@pytest.mark.clauses("peg19.en:891", "sb19.en:448")
@pytest.mark.parametrize(
    ("change", "key"),
    [
        ("in the stack too", "wound_stack.hidden"),
        ("more tokens than wounds", "strigoi[0].wounds"),
        ("a card on the Strigoi", "strigoi[0].wound_tokens"),
    ],
)
def test_a_state_file_must_keep_the_strigois_tokens_out_of_every_pile(change: str, key: str) -> None:
    """peg19.en:891 / sb19.en:448: a token on a Strigoi's card is nowhere else, and each is one wound: a state file
    with the token in the stack too, with more tokens than wounds, or with another piece on the card is refused."""
    g = game()
    state = draw(g, _hammer_on_the_master(g), wound(g, "Wound"))
    master = state.strigoi[MASTER_ID]
    if change == "in the stack too":
        state = replace(
            state,
            wound_stack=replace(
                state.wound_stack, hidden=tuple(sorted((*state.wound_stack.hidden, *master.wound_tokens)))
            ),
        )
    elif change == "more tokens than wounds":
        state = replace(state, strigoi=(replace(master, wounds=0), state.strigoi[1]))
    else:
        card = state.heroes[0].hand[0]
        hero = replace(state.heroes[0], hand=state.heroes[0].hand[1:])
        state = replace(
            state.with_hero(0, hero),
            strigoi=(
                replace(master, wounds=2, wound_tokens=tuple(sorted((*master.wound_tokens, card)))),
                state.strigoi[1],
            ),
        )
    with pytest.raises(StateFileError) as err:
        g.state_from_json(state.to_json(), "saved.json")
    assert err.value.key == key, str(err.value)
