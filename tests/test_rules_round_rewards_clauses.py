"""Clauses of the round, the encounter's loot, protection, rewards and advanced cards, each checked on the engine:
the component list's single pieces, the board as set up, the order of a turn, the matching encounter pile, what a
beaten monster gives, where Protection comes from, the end of the round, how reward cards are used, and which
event earns which advanced card."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    AttackStrigoi,
    Choose,
    ChooseCard,
    EndMove,
    Pass,
    PlayReward,
    PlayToken,
    Protect,
    Step,
    UseAbility,
)
from armata_rules.board.fortress import Fortress
from armata_rules.board.loader import default_layout
from armata_rules.frames import DecisionKind, Fight
from armata_rules.state import GameState
from armata_rules.variants import AbilityTiming
from tests.scenario import (
    ARMY,
    CROSS,
    DANCING,
    MOON,
    card_id,
    draw,
    encounter,
    game,
    pass_window,
    play,
    reward,
    strigoi_attack,
    token,
    turn,
    wound,
)


def _titles(g: Game, cards: tuple[str, ...]) -> list[str]:
    return [g.ctx.card(c).title for c in cards if c in g.pack.cards]


def _at_red(g: Game, cards: tuple[str, str] = (MOON, CROSS), **kwargs: object) -> GameState:
    """Seat 0 steps onto the red encounter space C:1,1 and flips."""
    kwargs.setdefault("positions", {0: "C:0,2", 1: "N:2,0"})
    state = turn(g, list(cards), **kwargs)  # type: ignore[arg-type]
    return play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))


def _at_grey(g: Game, **kwargs: object) -> GameState:
    """Roel steps onto the grey encounter space N:2,-1 and flips."""
    kwargs.setdefault("positions", {0: "N:2,0", 1: "S:2,0"})
    state = turn(g, [MOON, CROSS], **kwargs)  # type: ignore[arg-type]
    return play(g, state, Step(0, "N:2,-1"), Choose(0, "flip"))


# ---------------------------------------------------------------- components and setup


@pytest.mark.clauses(
    "peg19.en:652", "sb19.en:117", "peg19.en:656", "sb19.en:125", "peg19.en:680", "sb19.en:157", "peg19.en:992"
)
def test_one_altar_one_inferno_one_attack_marker_and_the_two_sided_strigoi_cards() -> None:
    """peg19.en:652 / sb19.en:117 (one altar card), peg19.en:656 / sb19.en:125 (one inferno card), peg19.en:680 /
    sb19.en:157 (one Strigoi attack marker), peg19.en:992 (the Strigoi cards: Master and Apprentice on one side, the
    Supreme Strigoi on the back). One altar and one inferno for the whole pack: blood points won by two heroes land
    on the same altar; the one marker, off the card at the start, goes on it when a Strigoi attacks."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"})
    assert (state.blood.altar, state.blood.inferno) == (0, 0) and state.attack_marker is False
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Cultist"))  # blood
    state = play(g, state, Pass(0, "resolve"), Pass(0, "end_fight_phase"))
    state = play(g, state, Step(1, "N:1,1"), Step(1, "N:0,2"), Choose(1, "flip"))  # Matthew, on a red space
    state = draw(g, state, encounter(g, "red", "Cultist", 2))
    state = play(g, state, Pass(1, "resolve"))
    assert state.blood.altar == 2  # both points on the one shared altar card
    # the marker: two attacks in one round still leave one marker, and the round's end removes it
    g2 = game()
    state = turn(
        g2,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        wounds={1: [wound(g2, "Double Wound")]},
        first=0,
    )
    assert state.attack_marker is False
    state = strigoi_attack(g2, state)  # the Master attacks Matthew: the one marker goes on the Master's card
    assert state.attack_marker is True
    assert (state.blood.altar, state.blood.inferno) == (1, 1)  # Matthew's third wound: from the altar to the inferno
    # the Strigoi cards: two, each with a coloured side in play and a Supreme side on its back
    assert [s.name for s in state.strigoi] == ["Master", "Apprentice"]
    assert not any(s.supreme for s in state.strigoi)
    for name in ("Master", "Apprentice"):
        card = g2.pack.strigoi_card(name)
        assert card.supreme.strength > card.side.strength and card.supreme.existence > card.side.existence


@pytest.mark.clauses("peg19.en:712", "sb19.en:269")
def test_seven_rooms_and_six_platforms_arranged_any_way() -> None:
    """peg19.en:712, sb19.en:269: arrange the 7 rooms and place the 6 platforms any way you wish; for the first
    games the platforms with the Strigoi's mark are best not adjacent. A layout with two platforms swapped and one
    turned sets up as given, and the marked platforms move with their tiles."""
    layout = default_layout()
    fortress = Fortress.of(layout)
    assert len(fortress.rooms) == 7 and len(fortress.platform_rooms) == 6
    assert [room for room in fortress.rooms if room not in fortress.platform_rooms] == [fortress.centre_room]
    marked = fortress.strigoi_start_rooms()
    assert len(marked) == 2
    assert marked[1] not in [fortress.room_in_direction(marked[0], d) for d in range(6)]  # the advice, kept
    rooms = {room.id: room for room in layout.rooms}
    first, other = marked[0], next(r for r in fortress.platform_rooms if r not in marked)
    first_platform, other_platform = rooms[first].platform, rooms[other].platform
    assert first_platform is not None and other_platform is not None
    swapped = tuple(
        replace(room, platform=replace(other_platform, rotation=2))
        if room.id == first
        else replace(room, platform=first_platform)
        if room.id == other
        else room
        for room in layout.rooms
    )
    g = Game.new(["Roel", "Matthew"], seed=1, layout=replace(layout, rooms=swapped, name="my own"))
    state = g.initial_state()
    assert first not in g.fortress.strigoi_start_rooms() and other in g.fortress.strigoi_start_rooms()
    assert g.fortress.rotation(state.board, first) == 2


# ---------------------------------------------------------------- the order of a turn


@pytest.mark.clauses(
    "peg19.en:750", "sb19.en:300", "peg19.en:752", "sb19.en:302", "peg19.en:753", "sb19.en:303", "peg19.en:756"
)
def test_a_turn_is_move_then_fight_then_the_strigoi_in_initiative_order() -> None:
    """peg19.en:750 / sb19.en:300: in initiative order each player takes the actions of their card in this order:
    a. move (peg19.en:752, sb19.en:302), b. fight enemies (peg19.en:753, sb19.en:303), c. the Strigoi move and
    attack. Once the move is over no step is left; once the fight phase is over the Strigoi token comes, then (by
    the golden rule, peg19.en:756) the hero's last chance to use an ability, and only then the next player, by
    initiative (Matthew's Dancing with the Dead, 1, before Attila's Lupus Dei, 8, and
    Roel's Moon, 4)."""
    g = game(("Attila", "Roel", "Matthew"))
    state = turn(
        g,
        ["Lupus Dei", MOON, DANCING],
        positions={0: "S:2,0", 1: "N:2,0", 2: "C:0,2"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
    )
    assert state.order == (2, 1, 0)
    assert state.to_act.seats == (2,) and state.to_act.decision == "move"
    state = play(g, state, Step(2, "C:1,1"))  # onto a red encounter space: the move ends, the fight begins
    assert state.to_act.decision == "fight"
    assert not any(isinstance(a, (Step, EndMove)) for a in g.legal_actions(state))
    with pytest.raises(RuleViolation):
        g.apply(state, Step(2, "C:2,0"))
    state = play(g, state, Choose(2, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(2, "resolve"), Pass(2, "end_fight_phase"))
    assert state.to_act.kind is DecisionKind.CHANCE and state.to_act.decision == "draw_strigoi_token"
    assert state.turn is not None and state.turn.seat == 2  # still Matthew's turn: the Strigoi act in it
    state = draw(g, state, "strigoi-token/apprentice+0#1")
    # still Matthew's turn: his card's Leap may be used after the Strigoi act (peg19.en:756), until he passes
    assert state.to_act.seats == (2,) and state.to_act.decision == "after_strigoi"
    state = play(g, state, Pass(2, "end_turn"))
    assert state.to_act.seats == (1,) and state.to_act.decision == "move"  # then Roel, initiative 4


@pytest.mark.clauses("peg19.en:769", "sb19.en:319", "peg19.en:771", "sb19.en:321", "peg19.en:773", "sb19.en:323")
def test_the_encounter_token_comes_from_the_pile_of_the_space_s_colour() -> None:
    """peg19.en:769-771, sb19.en:319-321: on an encounter mark the hero must stop and flip the top token of the
    matching pile, red for a red space, grey for a grey one. peg19.en:773, sb19.en:323: the red monsters are the
    weaker ones: the strongest red monster is weaker than the average grey one."""
    g = game()
    red = _at_red(g)
    assert red.to_act.decision == "draw_red"
    outcomes = {o.outcome for o, _ in g.chance_outcomes(red)}
    assert outcomes == set(red.red.hidden) and outcomes <= {t.id for t in g.pack.red}
    grey = _at_grey(g)
    assert grey.to_act.decision == "draw_grey"
    outcomes = {o.outcome for o, _ in g.chance_outcomes(grey)}
    assert outcomes == set(grey.grey.hidden) and outcomes <= {t.id for t in g.pack.grey}
    reds = [t.strength for t in g.pack.red if not t.monk]
    greys = [t.strength for t in g.pack.grey]
    assert max(reds) < sum(greys) / len(greys) and sum(reds) / len(reds) < min(greys)


@pytest.mark.clauses("peg19.en:801", "sb19.en:356-358")
def test_one_encounter_per_turn_and_an_empty_pile_reshuffles() -> None:
    """peg19.en:801, sb19.en:356-358: only one encounter per turn, and it ends this part of the turn: after it no
    step, no second flip; on to Phase 2c. If an encounter stack runs out, the discards are reshuffled into a new
    stack."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(0, "resolve"))
    legal = g.legal_actions(state)
    assert not any(isinstance(a, (Step, Choose)) for a in legal)
    assert Pass(0, "end_fight_phase") in legal
    # another red space of the room, free of fight tokens: still no second encounter this turn
    moved = state.with_hero(0, replace(state.heroes[0], position="C:-1,-1"))
    assert not any(isinstance(a, Choose) for a in g.legal_actions(moved))
    # the red pile is used up: the flip draws from the reshuffled discards
    g2 = game()
    start = turn(g2, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"})
    used = tuple(sorted(start.red.hidden))
    start = replace(start, red=replace(start.red, hidden=(), discard=used))
    state = play(g2, start, Step(0, "C:1,1"), Choose(0, "flip"))
    outcomes = {o.outcome for o, _ in g2.chance_outcomes(state)}
    assert outcomes == set(used)
    state = draw(g2, state, encounter(g2, "red", "Ghoul"))
    assert isinstance(state.frames[-1], Fight)


# ---------------------------------------------------------------- loot


@pytest.mark.clauses("peg19.en:778", "sb19.en:330")
def test_a_bat_icon_draws_one_reward_token() -> None:
    """peg19.en:778, sb19.en:330: a bat on the beaten monster's token draws 1 reward token (the Ghoul: bat only, no
    blood, no axe)."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Ghoul"))
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "draw_reward_token"
    fang = token(g, "Fang")
    state = draw(g, state, fang)
    assert state.heroes[0].tokens == (fang,) and fang not in state.reward_tokens.hidden
    assert state.to_act.decision == "fight"  # one token, no card: the fight phase goes on
    assert state.blood.altar == 0 and not [c for c in state.heroes[0].hand if c in g.pack.rewards]


@pytest.mark.clauses("peg19.en:779", "sb19.en:331", "peg19.en:966", "sb19.en:527")
def test_an_axe_icon_draws_one_reward_card_and_a_first_grey_win_earns_fist_by_fist() -> None:
    """peg19.en:779, sb19.en:331: an axe draws 1 reward card (the Wraith: axe only). peg19.en:966, sb19.en:527: the
    first grey monster defeated earns Fist by Fist, not Fire & Forgive."""
    g = game()
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    state = draw(g, _at_grey(g, hands={0: [sword]}), encounter(g, "grey", "Wraith"))  # strength 5
    state = play(g, state, PlayReward(0, sword, "normal"), Pass(0, "resolve"))
    assert state.to_act.decision == "draw_reward_card"
    state = draw(g, state, hammer)
    assert hammer in state.heroes[0].hand and state.heroes[0].tokens == () and state.blood.altar == 0
    assert state.to_act.decision == "fight"
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert "Fist by Fist" in state.heroes[0].earned and "Fire & Forgive" not in state.heroes[0].earned
    assert "Fist by Fist" in _titles(g, state.heroes[0].hand)


@pytest.mark.clauses("peg19.en:782", "sb19.en:336", "peg19.en:963", "sb19.en:524")
def test_no_reward_but_the_heroic_card_all_the_same() -> None:
    """peg19.en:782, sb19.en:336: a monster without reward gives nothing, but the Heroic card is taken either way;
    peg19.en:963, sb19.en:524: the first red monster defeated earns Fire & Forgive."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Rat Swarm"))
    hand = state.heroes[0].hand
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "fight"  # no draw of any kind
    assert state.heroes[0].hand == hand and state.heroes[0].tokens == () and state.blood.altar == 0
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert "Fire & Forgive" in state.heroes[0].earned and "Fist by Fist" not in state.heroes[0].earned
    assert "Fire & Forgive" in _titles(g, state.heroes[0].hand)


# ---------------------------------------------------------------- protection and wounds


@pytest.mark.clauses("peg19.en:785", "sb19.en:340")
@pytest.mark.parametrize(("card", "offered"), [(MOON, True), (ARMY, False)])
def test_protection_on_the_played_card_blocks_the_monster_s_wound(card: str, offered: bool) -> None:
    """peg19.en:785, sb19.en:340: the wound is avoided if there is a Protection ability on the played card; a card
    without it (Army of the Night) offers none."""
    g = game()
    state = draw(g, _at_red(g, (card, CROSS)), encounter(g, "red", "Zombie"))  # strength 4 against 3
    state = play(g, state, Pass(0, "resolve"))
    assert state.to_act.decision == "protect"
    played = card_id(g, "Roel", card)
    assert (Protect(0, played, "card") in g.legal_actions(state)) is offered
    if offered:
        state = play(g, state, Protect(0, played, "card"))
        assert state.heroes[0].wounds == () and state.to_act.decision == "fight"
    else:
        with pytest.raises(RuleViolation):
            g.apply(state, Protect(0, played, "card"))


@pytest.mark.clauses("peg19.en:786", "sb19.en:341")
def test_protection_from_a_discarded_card_or_a_reward_token() -> None:
    """peg19.en:786, sb19.en:341: or the player discards a card (action or reward) from hand, or uses a reward
    token, with the Protection ability. Roel plays Army of the Night (no Protection) and holds Sanctified with
    Dynamite (an action card with Protection), a Shield and an Amulet; a Sword (no Protection) is no source."""
    g = game()
    shield, sword, amulet = reward(g, "Shield"), reward(g, "Sword"), token(g, "Amulet")
    sanctified = card_id(g, "Roel", "Sanctified with Dynamite")
    state = _at_red(g, (ARMY, CROSS), hands={0: [shield, sword]}, tokens={0: [amulet]})
    state = draw(g, state, encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"))
    protects = {(a.source, a.mode) for a in g.legal_actions(state) if isinstance(a, Protect)}
    assert {(sanctified, "discard"), (shield, "discard"), (amulet, "token")} <= protects
    assert not any(source == sword for source, _ in protects)
    assert not any(mode == "card" for _, mode in protects)
    action = play(g, state, Protect(0, sanctified, "discard"))
    assert action.heroes[0].wounds == () and sanctified in action.heroes[0].played
    assert sanctified not in action.heroes[0].hand and sanctified not in action.heroes[0].discard
    tokened = play(g, state, Protect(0, amulet, "token"))
    assert tokened.heroes[0].wounds == () and amulet in tokened.reward_tokens.discard
    assert tokened.heroes[0].tokens == ()


@pytest.mark.clauses("peg19.en:790", "sb19.en:345")
def test_wound_counters_cut_movement_strength_and_abilities_until_healed() -> None:
    """peg19.en:790, sb19.en:345: wound counters may cut movement or strength and may block abilities, as long as
    the hero has them (until healed). A Broken Leg takes a step from Matthew's next turn, a Torn Arm a point of
    Roel's strength (3 - 1 against the Cultist's 3: lost), Bleeding Eyes blocks Protection from every source."""
    g = game()
    leg, arm, eyes = wound(g, "Broken Leg"), wound(g, "Torn Arm"), wound(g, "Bleeding Eyes")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, wounds={1: [leg]})
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert state.turn is not None and state.turn.seat == 1 and state.turn.steps_left == 5 - 1
    healthy = play(g, draw(g, _at_red(g), encounter(g, "red", "Cultist")), Pass(0, "resolve"))
    assert healthy.blood.altar == 1  # strength 3 beats 3
    hurt = play(g, draw(g, _at_red(g, wounds={0: [arm]}), encounter(g, "red", "Cultist")), Pass(0, "resolve"))
    assert hurt.blood.altar == 0 and hurt.to_act.decision == "protect"  # strength 2 does not
    blind = draw(g, _at_red(g, wounds={0: [eyes]}, tokens={0: [token(g, "Amulet")]}), encounter(g, "red", "Zombie"))
    blind = play(g, blind, Pass(0, "resolve"))
    assert not any(isinstance(a, Protect) for a in g.legal_actions(blind))
    assert blind.to_act.decision in ("protect", "draw_wound")


@pytest.mark.clauses("peg19.en:1040")
@pytest.mark.parametrize("reading", list(AbilityTiming))
def test_protection_can_always_be_used_wherever_it_is_shown(reading: AbilityTiming) -> None:
    """peg19.en:1040: Protection 'can always be used wherever it is shown': Matthew's played card (Sanctified with
    Dynamite) blocks a Strigoi's wound in Roel's turn, whatever the reading of the golden rule, which bars other
    abilities of the played card in fights or after the Strigoi act."""
    g = game(ruleset=editions.PEG19_EN.with_(ability_timing=reading))
    sanctified = card_id(g, "Matthew", "Sanctified with Dynamite")
    state = turn(
        g,
        [MOON, "Sanctified with Dynamite"],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")  # the Master lands on N:0,0, next to Matthew
    assert state.turn is not None and state.turn.seat == 0 and state.to_act.seats == (1,)
    assert state.to_act.decision == "protect"
    assert Protect(1, sanctified, "card") in g.legal_actions(state)
    state = play(g, state, Protect(1, sanctified, "card"))
    assert state.heroes[1].wounds == ()


@pytest.mark.clauses("peg19.en:1072", "sb19.en:648")
def test_leap_and_pack_cannot_avoid_a_fight() -> None:
    """peg19.en:1072, sb19.en:648: Leap or Pack cannot be used to avoid a fight with monsters or Strigoi. Matthew
    (Leap on his card, a Grappling Hook in hand) and Attila (Pack) each stand on an encounter space: neither ability
    is offered before the flip, nor during the fight, nor against a Strigoi's wounds."""
    g = game(("Matthew", "Attila"))
    hook = reward(g, "Grappling Hook")
    state = turn(g, [DANCING, "We Drink Your Blood"], positions={0: "C:0,2", 1: "C:2,0"}, hands={0: [hook]}, first=0)
    dancing = card_id(g, "Matthew", DANCING)
    assert any(isinstance(a, UseAbility) and a.ability == "leap" for a in g.legal_actions(state))  # before: yes
    state = play(g, state, Step(0, "C:1,1"))
    assert state.to_act.decision == "fight"
    assert not any(isinstance(a, UseAbility) and a.ability == "leap" for a in g.legal_actions(state))
    with pytest.raises(RuleViolation):
        g.apply(state, UseAbility(0, "leap", dancing, "card", "C:-2,0"))
    state = draw(g, play(g, state, Choose(0, "flip")), encounter(g, "red", "Zombie"))
    assert isinstance(state.frames[-1], Fight)
    assert not any(isinstance(a, UseAbility) and a.ability in ("leap", "pack") for a in g.legal_actions(state))
    g2 = game(("Attila", "Roel"))
    we_drink = card_id(g2, "Attila", "We Drink Your Blood")
    state = turn(g2, ["We Drink Your Blood", MOON], positions={0: "C:0,2", 1: "S:2,0"}, first=0)
    assert any(isinstance(a, UseAbility) and a.ability == "pack" for a in g2.legal_actions(state))
    state = play(g2, state, Step(0, "C:1,1"))
    assert not any(isinstance(a, UseAbility) and a.ability == "pack" for a in g2.legal_actions(state))
    with pytest.raises(RuleViolation):
        g2.apply(state, UseAbility(0, "pack", we_drink, "card", "S:2,1"))
    # a Strigoi's attack: Protection or the wounds, no Leap away
    g3 = game(("Roel", "Matthew"))
    state = turn(g3, [MOON, DANCING], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, first=0)
    state = play(g3, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g3, state, "strigoi-token/master+0#1")
    assert state.to_act.seats == (1,) and state.to_act.decision in ("protect", "draw_wound")
    assert not any(isinstance(a, UseAbility) for a in g3.legal_actions(state))


# ---------------------------------------------------------------- the end of the round and Phase 1


def _finish_round(g: Game, state: GameState) -> GameState:
    """Every remaining turn ends at once (no step, no fight) until the next round's Phase 1."""
    start = state.round
    while state.round == start:
        if state.to_act.kind is DecisionKind.CHANCE:
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            actions = g.legal_actions(state)
            state = g.apply(state, next((a for a in actions if isinstance(a, (EndMove, Pass))), actions[-1]))
    return state


@pytest.mark.clauses(
    "peg19.en:951",
    "sb19.en:508",
    "peg19.en:1150",
    "sb19.en:704",
    "peg19.en:1154",
    "peg19.en:1156",
    "sb19.en:710",
    "peg19.en:1158",
    "sb19.en:712",
    "peg19.en:1160",
    "sb19.en:714",
)
def test_the_round_s_cards_go_to_the_discard_pile_after_the_empty_hand_takes_it_back() -> None:
    """peg19.en:951, sb19.en:508: at the end of the round each player puts all the cards played this round in their
    discard pile; the discard pile returns to the hand only after the last action card in hand was played (or by
    Recovery). Round summary 7 (peg19.en:1150-1154, sb19.en:704-708): a hand without action or advanced cards takes
    back its discard pile; 8 (peg19.en:1156-1158, sb19.en:710-712): then all cards played during the round are
    discarded, so no card comes back in the round it was played; then a new round (peg19.en:1160, sb19.en:714).
    Roel plays his last action card and a Sword; Matthew still holds action cards."""
    g = game()
    sword = reward(g, "Sword")
    army, sanctified = card_id(g, "Roel", ARMY), card_id(g, "Roel", "Sanctified with Dynamite")
    moon, cross = card_id(g, "Roel", MOON), card_id(g, "Matthew", CROSS)
    state = turn(g, [MOON, CROSS], positions={0: "N:2,0", 1: "S:2,0"}, hands={0: [sword]})
    roel = state.heroes[0]
    state = state.with_hero(0, replace(roel, hand=(sword,), discard=(army, sanctified)))  # Moon: his last one
    matthew_discard = (card_id(g, "Matthew", ARMY),)
    state = state.with_hero(
        1,
        replace(
            state.heroes[1],
            hand=tuple(c for c in state.heroes[1].hand if c not in matthew_discard),
            discard=matthew_discard,
        ),
    )
    state = play(g, state, Step(0, "N:2,-1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "grey", "Abomination"))  # 7 against 3 + 2: lost, no advanced card earned
    state = play(g, state, PlayReward(0, sword, "normal"), Pass(0, "resolve"), Protect(0, moon, "card"))
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.heroes[0].hand == () and state.heroes[0].wounds == ()
    assert state.to_act.seats == (1,)  # Matthew's turn: Roel's played cards still lie in front of him
    assert state.heroes[0].chosen == moon and sword in state.heroes[0].played
    assert state.heroes[0].discard == (army, sanctified)
    state = _finish_round(g, state)
    assert state.round == 4
    roel = state.heroes[0]
    assert {army, sanctified} <= set(roel.hand)  # the discard pile came back to the empty hand
    assert moon not in roel.hand and sword not in roel.hand  # not what he played this round
    assert set(roel.discard) == {moon, sword} and roel.played == () and roel.chosen is None
    matthew = state.heroes[1]
    assert set(matthew.discard) == {*matthew_discard, cross}
    assert matthew_discard[0] not in matthew.hand  # action cards left: no take-back
    assert state.to_act.kind is DecisionKind.SIMULTANEOUS and state.to_act.decision == "choose_card"
    assert state.to_act.seats == (0, 1)


@pytest.mark.clauses("peg19.en:953", "sb19.en:510", "peg19.en:951", "sb19.en:508")
def test_recovery_never_returns_a_card_played_this_turn() -> None:
    """peg19.en:953, sb19.en:510: the discard pile is personal and never includes cards played during the current
    turn; peg19.en:951: the Recover ability returns the discard pile. Falk Maria plays Let There Be Night
    (Recovery) and a Sword in a fight; Recovery then brings back her old discard pile, not the Sword, not the
    played card."""
    g = game(("Falk Maria", "Roel"))
    army = card_id(g, "Falk Maria", ARMY)
    night = card_id(g, "Falk Maria", "Let There Be Night")
    sword = reward(g, "Sword")
    state = turn(g, ["Let There Be Night", MOON], positions={0: "C:0,2", 1: "N:2,0"}, hands={0: [sword]}, first=0)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, PlayReward(0, sword, "normal"), Pass(0, "resolve"))
    assert state.heroes[0].discard == (army,)  # the Sword lies beside the played card, not on the discard pile
    state = play(g, state, UseAbility(0, "recovery", night, "card"))
    hero = state.heroes[0]
    assert army in hero.hand and hero.discard == ()
    assert sword not in hero.hand and sword in hero.played and hero.chosen == night


@pytest.mark.clauses("peg19.en:1144", "sb19.en:698", "peg19.en:1148", "sb19.en:702")
@pytest.mark.parametrize("marker", [False, True])
def test_phase_three_only_without_the_attack_marker_which_the_round_removes(marker: bool) -> None:
    """peg19.en:1144, sb19.en:698: after the last player, with no Strigoi attack marker on the Master's card, go to
    Phase 3 (the Master teleports and curses). peg19.en:1148, sb19.en:702: with the marker there, remove it and go
    on to the next step: no Phase 3, the Master stays where he is."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "S:2,0", 1: "N:2,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "SW:0,0"},
        attack_marker=marker,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/apprentice+0#1")  # the Apprentice sees no one
    state = play(g, pass_window(g, state), EndMove(1), Pass(1, "end_fight_phase"))
    state = pass_window(g, draw(g, state, "strigoi-token/apprentice+0#2"))  # nor now: Phase 2 is over
    master = state.strigoi[0]
    if marker:
        assert state.round == 4 and state.attack_marker is False
        assert master.position == "NE:0,0"
        assert not any("Phase 3" in line for line in state.history())
    else:
        assert state.round == 3
        assert any("Phase 3" in line for line in state.history())
        assert master.position != "NE:0,0"  # teleported by the first player's letter
        assert state.to_act.seats == (1,) and state.to_act.decision in ("protect", "draw_wound")  # the curse


@pytest.mark.clauses("peg19.en:1116", "sb19.en:658", "peg19.en:1120", "sb19.en:662-666")
def test_every_round_opens_with_hidden_choices_revealed_together_lowest_initiative_first() -> None:
    """peg19.en:1116, sb19.en:658: all players choose a card from their hand and place it face down;
    peg19.en:1120, sb19.en:662-666: they flip them at the same time and take turns from the lowest initiative.
    In a later round, with an advanced card in hand: a reward card cannot be chosen, the first choice stays hidden
    from the other player, and Matthew's Dancing with the Dead (1) goes before Roel's Fire & Forgive (5)."""
    g = game()
    sword = reward(g, "Sword")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, hands={0: [sword]})
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Rat Swarm"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "end_fight_phase"))  # Fire & Forgive joins Roel's hand
    state = _finish_round(g, state)
    assert state.to_act.kind is DecisionKind.SIMULTANEOUS and state.to_act.seats == (0, 1)
    fire = next(c for c in state.heroes[0].hand if c in g.pack.cards and g.ctx.card(c).title == "Fire & Forgive")
    assert ChooseCard(0, fire) in g.legal_actions(state)
    assert ChooseCard(0, sword) not in g.legal_actions(state)
    with pytest.raises(RuleViolation, match="only action cards"):
        g.apply(state, ChooseCard(0, sword))
    state = play(g, state, ChooseCard(0, fire))
    assert g.observation(state, 1).heroes[0].chosen is None  # face down
    assert state.to_act.seats == (1,) and state.to_act.kind is DecisionKind.SIMULTANEOUS
    state = play(g, state, ChooseCard(1, card_id(g, "Matthew", DANCING)))
    assert g.observation(state, 1).heroes[0].chosen == fire  # flipped together
    assert state.order == (1, 0) and state.to_act.seats == (1,) and state.to_act.decision == "move"


# ---------------------------------------------------------------- advanced cards


def _earns(state: GameState, seat: int) -> set[str]:
    """The advanced cards ``seat`` has earned, in hand already or joining it at the end of a turn."""
    return {*state.heroes[seat].earned, *(title for s, title in state.awards if s == seat)}


@pytest.mark.clauses("peg19.en:978", "sb19.en:546", "peg19.en:986", "sb19.en:550", "peg19.en:990", "sb19.en:533")
@pytest.mark.parametrize("third", [True, False])
def test_a_strigoi_s_wound_earns_the_legendary_cards(third: bool) -> None:
    """In Roel's turn his card's letter sends the Master next to Matthew, who is wounded. peg19.en:990, sb19.en:533:
    All You Can Bleed to the first player who receives a wound from a Strigoi. If it is Matthew's third wound:
    peg19.en:986, sb19.en:550, Incense & Iron to the first defeated Powerwolf; peg19.en:978, sb19.en:546, The Evil
    Made Me Do It to the player whose card let the Strigoi cause a comrade's third wound (Roel, not Matthew)."""
    g = game()
    wounds = {1: [wound(g, "Double Wound")]} if third else {}
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        wounds=wounds,
        first=0,
    )
    state = strigoi_attack(g, state)
    assert state.blood.inferno == (1 if third else 0)
    assert "All You Can Bleed" in _earns(state, 1) and "All You Can Bleed" not in _earns(state, 0)
    assert ("Incense & Iron" in _earns(state, 1)) is third
    assert ("The Evil Made Me Do It" in _earns(state, 0)) is third
    assert "The Evil Made Me Do It" not in _earns(state, 1) and "Incense & Iron" not in _earns(state, 0)


@pytest.mark.clauses("peg19.en:990", "sb19.en:533")
def test_a_monster_s_wound_does_not_earn_all_you_can_bleed() -> None:
    """peg19.en:990, sb19.en:533: the card goes to the first player wounded by a Strigoi; a monster's wound is not
    one."""
    g = game()
    state = draw(g, _at_red(g), encounter(g, "red", "Zombie"))
    state = play(g, state, Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Wound"))
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.heroes[0].wounds == (wound(g, "Wound"),)
    assert "All You Can Bleed" not in _earns(state, 0)


# ---------------------------------------------------------------- reward cards and tokens


@pytest.mark.clauses("peg19.en:1004", "sb19.en:552", "peg19.en:1008", "sb19.en:556")
def test_reward_tokens_any_number_any_time_of_the_turn_then_discarded() -> None:
    """peg19.en:1004-1008, sb19.en:552-556: reward tokens can be used at any time during the turn, as many as the
    player wants; once used they go to the reward token discard pile. Roel heals with Herbs while moving, then adds
    a Fang and a Claw to one fight."""
    g = game()
    herbs, fang, claw = token(g, "Herbs"), token(g, "Fang"), token(g, "Claw")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:0,2", 1: "N:2,0"},
        tokens={0: [herbs, fang, claw]},
        wounds={0: [wound(g, "Wound")]},
    )
    state = play(g, state, UseAbility(0, "heal", herbs, "token"))
    assert state.heroes[0].wounds == () and herbs in state.reward_tokens.discard
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))  # strength 4 against 3
    state = play(g, state, PlayToken(0, fang), PlayToken(0, claw))
    frame = state.frames[-1]
    assert isinstance(frame, Fight) and frame.bonus == 3
    assert state.heroes[0].tokens == () and {fang, claw} <= set(state.reward_tokens.discard)
    state = play(g, state, Pass(0, "resolve"))
    assert state.blood.altar == 1


@pytest.mark.clauses("peg19.en:1016", "sb19.en:564", "peg19.en:1018", "sb19.en:570", "peg19.en:1026", "sb19.en:578")
def test_reward_cards_are_used_normally_or_with_wild_strength_and_some_only_wild() -> None:
    """peg19.en:1016-1018, sb19.en:564-570: a reward card is used in two ways, normally or with Wild Strength (the
    Sword: both offered); peg19.en:1026, sb19.en:578: some can only be used with Wild Strength, having one set of
    icons (Dynamite: wild only)."""
    g = game()
    sword, dynamite = reward(g, "Sword"), reward(g, "Dynamite")
    state = draw(g, _at_red(g, hands={0: [sword, dynamite]}), encounter(g, "red", "Zombie"))
    plays = {(a.card, a.mode) for a in g.legal_actions(state) if isinstance(a, PlayReward)}
    assert plays == {(sword, "normal"), (sword, "wild"), (dynamite, "wild")}
    with pytest.raises(RuleViolation):
        g.apply(state, PlayReward(0, dynamite, "normal"))
    normal = play(g, state, PlayReward(0, sword, "normal"))
    wild = play(g, state, PlayReward(0, sword, "wild"))
    assert isinstance(normal.frames[-1], Fight) and isinstance(wild.frames[-1], Fight)
    assert wild.frames[-1].bonus > normal.frames[-1].bonus
    assert sword in normal.heroes[0].played and sword in wild.box


@pytest.mark.clauses("peg19.en:1108", "sb19.en:610")
def test_the_destruction_icon_removes_the_card_from_the_game() -> None:
    """peg19.en:1108, sb19.en:610: a card with the destruction icon leaves the game after use. Falk Maria's Prayer
    Book (Recovery with Wild Strength only) goes to the box, and so never comes back with the discard pile at the
    end of the round."""
    g = game(("Falk Maria", "Roel"))
    book = reward(g, "Prayer Book")
    army = card_id(g, "Falk Maria", ARMY)
    state = turn(g, [ARMY, MOON], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [book]}, first=0)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=(book,), discard=tuple(c for c in hero.hand if c != book)))
    assert UseAbility(0, "recovery", book, "wild") in g.legal_actions(state)
    assert UseAbility(0, "recovery", book, "normal") not in g.legal_actions(state)
    state = play(g, state, UseAbility(0, "recovery", book, "wild"))
    assert book in state.box and book not in state.heroes[0].hand and book not in state.heroes[0].played
    assert len(state.heroes[0].hand) == 5 and state.heroes[0].discard == ()
    state = _finish_round(g, state)
    hero = state.heroes[0]
    assert book not in (*hero.hand, *hero.discard, *hero.played) and book in state.box
    assert army in hero.discard


@pytest.mark.clauses("peg19.en:897", "sb19.en:454")
@pytest.mark.parametrize(("mode", "token_allowed"), [("ranged", False), ("melee", True)])
def test_no_reward_tokens_in_a_ranged_attack(mode: str, token_allowed: bool) -> None:
    """peg19.en:897, sb19.en:454: during a ranged attack a Powerwolf cannot use reward tokens (reward cards only
    with Wild Strength, peg19.en:895); in a melee fight the Fang may be played."""
    g = game()
    fang, sword = token(g, "Fang"), reward(g, "Sword")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:1,0", 1: "N:2,0"},
        strigoi={"Master": "C:2,0"},
        blood=(12, 2, 0),
        tokens={0: [fang]},
        hands={0: [sword]},
        first=0,
    )
    state = play(g, state, EndMove(0), AttackStrigoi(0, 0, mode))
    frame = state.frames[-1]
    assert isinstance(frame, Fight) and frame.mode == mode
    legal = g.legal_actions(state)
    assert (PlayToken(0, fang) in legal) is token_allowed
    assert PlayReward(0, sword, "wild") in legal
    assert (PlayReward(0, sword, "normal") in legal) is token_allowed
    if not token_allowed:
        with pytest.raises(RuleViolation):
            g.apply(state, PlayToken(0, fang))
        assert state.heroes[0].tokens == (fang,)


@pytest.mark.clauses("peg19.en:1154", "peg19.en:1158", "peg19.en:972")
def test_a_hero_left_without_action_cards_after_the_round_takes_back_the_pile_before_the_next_one() -> None:
    """peg19.en:1154 (step 7: an empty hand takes back the discard pile) comes before peg19.en:1158 (step 8: the
    round's cards are discarded): Roel, holding only two Swords with an empty discard pile, keeps them at step 7,
    then his card and the Hammer he played go to the pile at step 8. He would start the next round with no card to
    play, so he takes the pile back as it begins; that is his third reward card, and Nighttime Rebel goes at once
    (peg19.en:972) to Matthew, who holds none."""
    from armata_rules.frames import EndRound, StartRound
    from armata_rules.rules.handlers import HANDLERS
    from armata_rules.variants import AdvancedTiming

    g = game(("Roel", "Matthew"), editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    swords, hammer = [reward(g, "Sword"), reward(g, "Sword", 2)], reward(g, "Hammer")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [*swords, hammer]}, first=0)
    roel = state.heroes[0]
    actions = tuple(c for c in roel.hand if g.ctx.is_action_card(c))  # out of the game, so none is left to play
    state = state.with_hero(0, replace(roel, hand=tuple(swords), played=(hammer,)))
    state = replace(state, box=tuple(sorted((*state.box, *actions))), frames=(EndRound(),), turn=None)
    state = HANDLERS[EndRound].run(g.ctx, state, EndRound())
    assert state.heroes[0].hand == tuple(swords) and state.heroes[0].discard == (hammer, card_id(g, "Roel", MOON))
    state = HANDLERS[StartRound].run(g.ctx, state, StartRound())
    assert [line.split(": ", 1)[1] for line in state.history()[-3:]] == [
        "Roel has no action card and takes back the discard pile",
        "Matthew takes Nighttime Rebel into hand",
        "round 4 begins",
    ]
    assert state.heroes[0].hand == tuple(sorted((*swords, hammer, card_id(g, "Roel", MOON))))
    assert "advanced/nighttime-rebel" in state.heroes[1].hand
