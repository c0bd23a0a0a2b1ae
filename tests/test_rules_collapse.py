"""The crumbling fortress, scene by scene: which platform a wound on the Supreme Strigoi brings down (none for a card
showing X or a book pointing at a platform already gone), the Supreme and a hero on the centre space, and the heroes
on the collapsing platform, who leap to an empty space of the room or fall, one after the other by initiative
(peg19.en:913-926, peg19.en:1070; sb19.en:470-489, sb19.en:646)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation
from armata_rules.actions import Action, AttackStrigoi, EndMove, Escape, Pass, PlayReward, Relocate
from armata_rules.frames import RelocateChoice
from armata_rules.state import GameState, Outcome
from tests.scenario import (
    ARMY,
    CROSS,
    DANCING,
    MOON,
    PRAYER,
    card_id,
    game,
    lay_wound,
    play,
    reward,
    strigoi_wounds,
    turn,
)

#: Attila's card with the letter X (initiative 2, strength 4, Pack).
DRINK = "We Drink Your Blood"
SUPREME = 0  # the Master, risen as the Supreme Strigoi in every scene below


def _supreme_scene(
    g: Game,
    cards: Sequence[str],
    positions: Mapping[int, str],
    supreme: str,
    wounds: int = 2,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> GameState:
    """Seat 0's turn: it holds a Sword and a Hammer, the altar is full; the Master is the Supreme at ``supreme``
    with ``wounds`` tokens on its card; the Apprentice perished with two and is off the board."""
    extra = {0: [reward(g, "Sword"), reward(g, "Hammer")], **(hands or {})}
    state = turn(
        g,
        list(cards),
        positions=dict(positions),
        strigoi={"Master": supreme, "Apprentice": "SW:0,0"},
        hands=extra,
        blood=(9, 5, 0),
        first=0,
    )
    state = strigoi_wounds(state, {SUPREME: wounds, 1: 2})
    master, apprentice = state.strigoi
    return replace(state, strigoi=(replace(master, supreme=True), replace(apprentice, defeated=True, position=None)))


def _wound_the_supreme(g: Game, state: GameState) -> GameState:
    """Seat 0 stops and attacks the Supreme in melee with the Sword (normal, +2) and the Hammer (wild, +5): 9 with
    Prayer in the Dark's 2, reaching the Supreme's 9; chance lays the first wound token listed on its card."""
    state = play(
        g,
        state,
        EndMove(0),
        AttackStrigoi(0, SUPREME, "melee"),
        PlayReward(0, reward(g, "Sword"), "normal"),
        PlayReward(0, reward(g, "Hammer"), "wild"),
        Pass(0, "resolve"),
    )
    return lay_wound(g, state)


def _said(state: GameState, line: str) -> bool:
    """Whether the log has ``line`` (each line is prefixed with its round)."""
    return any(said.split(": ", 1)[1] == line for said in state.history())


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _room_left(g: Game, state: GameState, room: str) -> set[str]:
    """The spaces of ``room`` off its platform that no hero and no undefeated Strigoi holds."""
    platform = set(g.fortress.iter_platform_spaces(room))
    held = {h.position for h in state.heroes} | {s.position for s in state.strigoi if not s.defeated}
    return {s for s in g.fortress.room_spaces(room, g.fortress.initial_state()) if s not in platform | held}


@pytest.mark.clauses("peg19.en:913", "sb19.en:470", "peg19.en:827", "sb19.en:386")
def test_a_wound_dealt_with_a_card_showing_x_collapses_no_platform() -> None:
    """peg19.en:913 / sb19.en:470: the platform is found by the book matching the letter on the player's card in the
    room without a platform; no book shows X (an X card keeps a Strigoi in its room, peg19.en:827 / sb19.en:386), so
    Attila's wound with We Drink Your Blood brings nothing down (collapse-letter-x), and the log says why."""
    g = game(("Attila", "Matthew"))
    state = _supreme_scene(g, [DRINK, CROSS], {0: "S:0,1", 1: "NE:1,0"}, "S:0,0")
    state = _wound_the_supreme(g, state)
    assert state.strigoi[SUPREME].wounds == 3 and not state.strigoi[SUPREME].defeated
    assert state.board.collapsed == frozenset()
    assert _said(state, "the card shows X: no platform collapses")
    assert not any("collapses" in line and "no platform" not in line for line in state.history())
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)  # no escape: Matthew's platform stands


@pytest.mark.clauses("peg19.en:913", "sb19.en:470")
def test_a_book_pointing_at_a_platform_already_gone_brings_nothing_down_and_says_so() -> None:
    """peg19.en:913 / sb19.en:470: 'if that platform was already destroyed, nothing happens': Roel's E points at NW,
    which fell before; no other platform falls, the log says the book points at a platform already gone and never
    that one collapses."""
    g = game()
    state = _supreme_scene(g, [MOON, CROSS], {0: "S:0,1", 1: "N:2,-2"}, "S:0,0")
    state = replace(state, board=g.fortress.collapsed(state.board, "NW"))
    state = _wound_the_supreme(g, state)
    assert state.strigoi[SUPREME].wounds == 3
    assert state.board.collapsed == frozenset({"NW"})
    assert _said(state, "the book E points at a platform already gone: nothing collapses")
    assert not _said(state, "the platform of NW collapses")


@pytest.mark.clauses("peg19.en:926", "sb19.en:489", "peg19.en:922", "sb19.en:485")
def test_the_supreme_goes_to_the_centre_of_the_room_without_a_platform_and_a_hero_there_makes_way() -> None:
    """peg19.en:926 / sb19.en:489: the Supreme on the collapsing platform moves to the centre of the room without a
    platform. Roel (Prayer in the Dark, A: NE), off the platform at NE:2,0, wounds him on NE:1,0; Matthew stands on
    the centre C:0,0 and makes way to a staircase or ladder tile of his choice (the places peg19.en:922 / sb19.en:485
    gives a hero off the board), without a blood point lost, as no attack or fall caused it."""
    g = game()
    state = _supreme_scene(g, [PRAYER, CROSS], {0: "NE:2,0", 1: "C:0,0"}, "NE:1,0")
    blood = state.blood
    state = _wound_the_supreme(g, state)
    assert state.board.collapsed == frozenset({"NE"})
    assert state.strigoi[SUPREME].position == g.fortress.platform_centre(g.fortress.centre_room) == "C:0,0"
    assert _said(state, "the platform of NE collapses")
    assert _said(state, "the Supreme Strigoi goes to the centre of the room without a platform")
    assert state.frames[-1] == RelocateChoice(1, "make_way")
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)
    assert state.blood == blood
    view = g.fortress.view(state.board)
    held = {h.position for h in state.heroes} | {"C:0,0"}
    targets = {a.to for a in g.legal_actions(state) if isinstance(a, Relocate)}
    assert targets == {s for s in view.stairs if s not in held} and targets
    choice = sorted(targets)[0]
    state = play(g, state, Relocate(1, choice))
    assert state.heroes[1].position == choice and state.blood == blood
    assert state.to_act.decision == "fight" and state.to_act.seats == (0,)  # Roel's turn goes on


@pytest.mark.clauses(
    "peg19.en:915",
    "peg19.en:918",
    "peg19.en:920",
    "peg19.en:922",
    "sb19.en:478",
    "sb19.en:481",
    "sb19.en:483",
    "sb19.en:485",
)
def test_two_heroes_on_the_collapsing_platform_each_leap_or_fall_in_turn() -> None:
    """peg19.en:915-922 / sb19.en:478-485: every Powerwolf on the collapsing platform escapes with a Leap or falls.
    Charles (Army of the Night, initiative 3) and Matthew (Killers with the Cross, 6) stand on NE's platform, each
    with a Grappling Hook; the engine asks them one after the other in the round's initiative order, Charles first
    although Matthew sits before him. Charles leaps clear; Matthew's leap then avoids the space Charles took; Matthew
    falls: the pack loses a blood point and he goes to a staircase or ladder tile."""
    g = game(("Roel", "Matthew", "Charles"))
    hook, hook2 = reward(g, "Grappling Hook"), reward(g, "Grappling Hook", 2)
    state = _supreme_scene(
        g,
        [PRAYER, CROSS, ARMY],
        {0: "S:0,1", 1: "NE:1,0", 2: "NE:-1,0"},
        "S:0,0",
        hands={1: [hook], 2: [hook2]},
    )
    assert state.order == (0, 2, 1)
    state = _wound_the_supreme(g, state)
    assert state.board.collapsed == frozenset({"NE"})
    assert state.to_act.decision == "escape" and state.to_act.seats == (2,)
    # both still stand on the fallen platform, off the board in play: a saved game of this moment loads again
    assert g.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json") == state
    first = _room_left(g, state, "NE")
    leaps = [a for a in g.legal_actions(state) if isinstance(a, Escape)]
    assert {a.to for a in leaps} == first
    assert {(a.seat, a.source) for a in leaps} == {(2, hook2)}  # his own hook, in any of its modes
    landing = sorted(first)[0]
    state = play(g, state, Escape(2, hook2, "normal", landing))
    assert state.heroes[2].position == landing and hook2 not in state.heroes[2].hand
    assert _said(state, f"Charles leaps clear to {landing}")
    assert state.to_act.decision == "escape" and state.to_act.seats == (1,)
    legal = g.legal_actions(state)
    assert {a.to for a in legal if isinstance(a, Escape)} == first - {landing}
    assert Pass(1, "fall") in legal
    blood = state.blood
    state = play(g, state, Pass(1, "fall"))
    assert (state.blood.altar, state.blood.inferno) == (blood.altar - 1, blood.inferno + 1)
    assert _said(state, "Matthew falls with the rubble: a blood point lost")
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)


@pytest.mark.clauses("peg19.en:920", "sb19.en:483", "peg19.en:1070", "sb19.en:646")
def test_the_leap_from_the_rubble_lands_only_on_a_space_nobody_holds() -> None:
    """peg19.en:920 / sb19.en:483: the leap goes to any other space of the room, and peg19.en:1070 / sb19.en:646
    says an empty one: Roel attacks the Supreme from NE:-2,0, both off NE's platform; Matthew, on the platform, may
    leap (Dancing with the Dead) to every free space of NE but Roel's and the Supreme's, which are refused."""
    g = game()
    dancing = card_id(g, "Matthew", DANCING)
    state = _supreme_scene(g, [PRAYER, DANCING], {0: "NE:-2,0", 1: "NE:1,0"}, "NE:-2,1")
    state = _wound_the_supreme(g, state)
    assert state.board.collapsed == frozenset({"NE"}) and state.strigoi[SUPREME].position == "NE:-2,1"
    assert state.to_act.decision == "escape" and state.to_act.seats == (1,)
    targets = {a.to for a in g.legal_actions(state) if isinstance(a, Escape)}
    assert targets == _room_left(g, state, "NE") and "NE:-2,0" not in targets and "NE:-2,1" not in targets
    for taken in ("NE:-2,0", "NE:-2,1"):
        assert _refusal(g, state, Escape(1, dancing, "card", taken)) == (
            "fight.collapse",
            f"{taken!r} is not an empty space left in room NE",
        )


@pytest.mark.clauses("peg19.en:915", "peg19.en:917", "peg19.en:918", "sb19.en:478", "sb19.en:480", "sb19.en:481")
def test_only_the_hero_on_the_collapsing_platform_decides_and_only_a_leap_saves_him() -> None:
    """peg19.en:915-918 / sb19.en:478-481: the Powerwolf on the collapsing platform escapes with a Leap on the card
    played or on a card or token from hand; nothing else saves him and nobody else decides for him. Roel cannot leap
    in Matthew's place, Matthew cannot do anything else, a Sword (no Leap) does not save him, and the leap must stay
    in NE; each refusal names the collapse rule and says why."""
    g = game()
    dancing = card_id(g, "Matthew", DANCING)
    sword = reward(g, "Sword", 2)
    state = _supreme_scene(g, [PRAYER, DANCING], {0: "S:0,1", 1: "NE:1,0"}, "S:0,0", hands={1: [sword]})
    state = _wound_the_supreme(g, state)
    assert state.to_act.decision == "escape" and state.to_act.seats == (1,)
    landing = sorted(_room_left(g, state, "NE"))[0]
    decide = "Matthew is on the collapsing platform: leap to safety or fall"
    assert _refusal(g, state, Escape(0, dancing, "card", landing)) == ("fight.collapse", decide)
    assert _refusal(g, state, EndMove(1)) == ("fight.collapse", decide)
    assert _refusal(g, state, Escape(1, sword, "discard", landing)) == (
        "fight.collapse",
        f"{sword} (discard) gives Matthew no Leap to use now",
    )
    assert _refusal(g, state, Escape(1, dancing, "card", "N:2,-2")) == (
        "fight.collapse",
        "'N:2,-2' is not an empty space left in room NE",
    )
    state = play(g, state, Escape(1, dancing, "card", landing))
    assert state.heroes[1].position == landing and state.blood.inferno == 0
    assert _said(state, f"Matthew leaps clear to {landing}")


@pytest.mark.clauses("peg19.en:945", "sb19.en:502", "peg19.en:907", "sb19.en:464")
def test_defeating_the_supreme_wins_the_game_and_the_log_says_so() -> None:
    """peg19.en:907 / sb19.en:464: wounds reaching the existence value (the Supreme's 4) defeat him; peg19.en:945 /
    sb19.en:502: the pack wins. The log tells the players, and no platform falls after the last wound."""
    g = game()
    state = _supreme_scene(g, [PRAYER, CROSS], {0: "S:0,1", 1: "NE:1,0"}, "S:0,0", wounds=3)
    state = _wound_the_supreme(g, state)
    assert state.strigoi[SUPREME].defeated and state.outcome is Outcome.POWERWOLF_WIN
    assert _said(state, "the Master perishes")
    assert _said(state, "the Supreme Strigoi is defeated: the pack wins")
    assert state.board.collapsed == frozenset() and g.legal_actions(state) == []
