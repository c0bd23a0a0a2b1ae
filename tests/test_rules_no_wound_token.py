"""A wound when no wound token is left anywhere, for a hero who does not hold two wound points (the interpretation
no-wound-token-left, peg19.en:664, :788, :891, :909): the wound is dealt all the same, leaves no mark, does not
count as a third wound, and a wound from a Strigoi or its curse still earns All You Can Bleed (peg19.en:990).

With the printed components a hero finds the stack and its discards empty only when every hero holds two points
(tests/test_rules_strigoi_wound_tokens.py covers that third wound). A data pack whose Supreme Strigoi has more
existence points than the printed 4 lets its card hold more tokens, so the stack runs dry while a hero holds one
point: the scenes below play such a pack, the printed one with the Supreme's existence raised to 20.
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from functools import cache
from importlib import resources

import pytest

from armata_rules import Game
from armata_rules.actions import AttackStrigoi, ChanceOutcome, EndMove, Pass, PlayReward
from armata_rules.components.pack import DataPack, parse_pack
from armata_rules.state import GameState
from tests.scenario import CROSS, DANCING, MOON, draw, pass_window, play, reward, strigoi_wounds, turn, wound

#: Attila's card with the letter X: a Strigoi moved by it stays where it is and attacks nobody (peg19.en:827).
DRINK = "We Drink Your Blood"
SUPREME = 0  # the Master, risen as the Supreme Strigoi


@cache
def _enduring_pack() -> DataPack:
    """The bundled pack, but a Supreme Strigoi with 20 existence points (on either card)."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for card in data["strigoi"]:
        card["supreme"]["existence"] = 20
    return parse_pack(data, "<test: the Supreme Strigoi with 20 existence points>")


def _game(heroes: tuple[str, str]) -> Game:
    return Game.new(heroes, seed=1, chance="explicit", pack=_enduring_pack())


def _dry(g: Game, cards: tuple[str, str], positions: dict[int, str], supreme: str) -> GameState:
    """Each hero holds one plain Wound (one point); the Apprentice perished with two tokens, the Supreme Master holds
    the other eleven: none of the 15 is left in the stack or its discards."""
    state = turn(
        g,
        list(cards),
        positions=positions,
        strigoi={"Master": supreme, "Apprentice": None},
        blood=(12, 2, 0),
        hands={0: [reward(g, "Sword"), reward(g, "Hammer")]},
        wounds={0: [wound(g, "Wound")], 1: [wound(g, "Wound", 2)]},
    )
    state = strigoi_wounds(state, {SUPREME: 11, 1: 2})
    master, apprentice = state.strigoi
    state = replace(state, strigoi=(replace(master, supreme=True), replace(apprentice, defeated=True)))
    assert not state.wound_stack.hidden and not state.wound_stack.discard
    return state


def _said(state: GameState, line: str) -> int:
    """How many times the log has ``line`` (each line is prefixed with its round)."""
    return sum(said.split(": ", 1)[1] == line for said in state.history())


def _holds(g: Game, state: GameState, seat: int, title: str) -> bool:
    """Whether ``seat`` has earned ``title``: pending until the end of the turn, or in hand."""
    return (seat, title) in state.awards or any(
        c in g.pack.cards and g.pack.cards[c].title == title for c in state.heroes[seat].hand
    )


@pytest.mark.clauses("peg19.en:788", "peg19.en:868", "peg19.en:664", "peg19.en:990", "sb19.en:417", "sb19.en:533")
def test_a_strigoi_s_two_wounds_with_no_token_left_leave_no_mark_and_earn_all_you_can_bleed() -> None:
    """The Supreme (damage 2) ends Roel's turn on N:0,0 and attacks Matthew, who holds one point. Each wound would
    draw a token (peg19.en:788 / sb19.en:417); none is left (peg19.en:664: 15 in all), so chance has the one outcome
    'nothing' twice over, each wound is taken as a plain point that leaves no mark, and the second draw still follows
    the first. Matthew never reaches three points (peg19.en:868: the pack keeps its blood) and keeps his one token;
    as the first hero wounded by a Strigoi he earns All You Can Bleed (peg19.en:990 / sb19.en:533)."""
    g = _game(("Roel", "Matthew"))
    state = _dry(g, (MOON, CROSS), {0: "S:0,1", 1: "N:2,0"}, "NE:0,0")
    blood, held = state.blood, state.heroes[1].wounds
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert _said(state, "the Master attacks Matthew: 2 wound(s)") == 1
    state = play(g, state, Pass(1, "take_wounds"))
    for _ in range(2):
        assert g.chance_outcomes(state) == [(ChanceOutcome("draw_wound", "nothing"), 1.0)]
        state = draw(g, state, "nothing")
        assert state.heroes[1].wounds == held and state.blood == blood
    assert _said(state, "Matthew is wounded, but no wound token is left to draw") == 2
    assert state.to_act.decision != "draw_wound"
    assert _holds(g, state, 1, "All You Can Bleed") and not _holds(g, state, 0, "All You Can Bleed")
    assert not any("third wound" in line for line in state.history())


@pytest.mark.clauses("peg19.en:837", "peg19.en:841", "peg19.en:788", "peg19.en:990", "sb19.en:533")
def test_the_curse_with_no_token_left_leaves_no_mark_and_earns_all_you_can_bleed() -> None:
    """peg19.en:837: with no Strigoi attack in the round, Phase 3 sends the Master (here the Supreme) by the first
    player's card into a room and curses every Powerwolf there with one wound, which Protection may block
    (peg19.en:841). Matthew (Dancing with the Dead, E) is first: the Supreme goes from SW to NW and sees nobody;
    Attila's X keeps it there; Phase 3 takes it back by E to SW, where Attila stands with one point. He takes the
    wound; no token is left to draw, so it leaves no mark; a curse is a Strigoi's wound, so Attila earns All You Can
    Bleed (peg19.en:990 / sb19.en:533), in his hand at the end of Phase 3."""
    g = _game(("Attila", "Matthew"))
    state = _dry(g, (DRINK, DANCING), {0: "SW:2,0", 1: "SE:0,2"}, "SW:0,0")
    assert state.order == (1, 0)
    blood, held = state.blood, state.heroes[0].wounds
    state = pass_window(g, play(g, state, EndMove(1), Pass(1, "end_fight_phase")))
    state = pass_window(g, play(g, state, EndMove(0), Pass(0, "end_fight_phase")))
    assert _said(state, "the curse falls on room SW: Attila") == 1 and not state.attack_marker
    state = play(g, state, Pass(0, "take_wounds"))
    assert g.chance_outcomes(state) == [(ChanceOutcome("draw_wound", "nothing"), 1.0)]
    state = draw(g, state, "nothing")
    assert _said(state, "Attila is wounded, but no wound token is left to draw") == 1
    assert state.heroes[0].wounds == held and state.blood == blood
    assert _holds(g, state, 0, "All You Can Bleed") and not _holds(g, state, 1, "All You Can Bleed")
    assert state.to_act.decision == "choose_card"  # the round is over


@pytest.mark.clauses("peg19.en:899", "peg19.en:901", "peg19.en:909", "sb19.en:456", "sb19.en:458", "sb19.en:466")
def test_a_win_against_the_supreme_with_no_token_left_still_costs_it_a_point_and_the_log_says_so() -> None:
    """peg19.en:899 / sb19.en:456: a won fight puts a wound token on the Strigoi's card; the token only shows a lost
    existence point (peg19.en:901 / sb19.en:458) and the Supreme keeps his wounds (peg19.en:909 / sb19.en:466). With
    none left the point is lost all the same, with no token, and the log tells the players so."""
    g = _game(("Roel", "Matthew"))
    state = _dry(g, (MOON, CROSS), {0: "S:0,1", 1: "N:2,0"}, "S:0,0")
    state = play(
        g,
        state,
        EndMove(0),
        AttackStrigoi(0, SUPREME, "melee"),
        PlayReward(0, reward(g, "Sword"), "normal"),
        PlayReward(0, reward(g, "Hammer"), "wild"),
        Pass(0, "resolve"),
    )
    assert g.chance_outcomes(state) == [(ChanceOutcome("wound_strigoi", "nothing"), 1.0)]
    state = draw(g, state, "nothing")
    master = state.strigoi[SUPREME]
    assert master.wounds == 12 and len(master.wound_tokens) == 11 and not master.defeated
    assert _said(state, "no wound token is left: the Master loses an existence point all the same") == 1
    assert state.board.collapsed == frozenset({"NW"})  # Roel's E: the wound on the Supreme brings NW down
