"""More scenarios the mutation run over ``rules/`` showed missing (issue 28 §4, second pass): the refusals a player
reads at a counterattack and a ranged counterattack fought at range, a ladder site a reading forbids, two Heal icons
healing two heroes in turn, a hero caught on a platform centre under both readings, a shock avoided or not by
Protection, a reward token pile reshuffled from its discards and a draw from an empty deck, Mechanics' targets,
jumps over two Powerwolves, a step back after an ordinary step, a piece in two supplies of a saved game; and engine
contracts a scenario cannot reach: a move's fast listing against its candidates and guard, every card move of the
effect vocabulary, the compiled build's own copies of :class:`Source` and :class:`Refusal`."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from typing import Any

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    DiscardCard,
    EndMove,
    HealWound,
    Pass,
    PlaceLadder,
    Protect,
    RebelDraw,
    Relocate,
    Step,
    UseAbility,
)
from armata_rules.effect_values import CardZone, MoveCard
from armata_rules.frames import DrawLoot, Fight, MoveFrame, RelocateChoice
from armata_rules.rules.executor import execute
from armata_rules.rules.flow import push
from armata_rules.rules.handlers import HANDLERS, DecisionHandler, Refusal
from armata_rules.rules.setup import SETUP_LADDER
from armata_rules.rules.sources import Source
from armata_rules.rules.strigoi import COUNTERATTACK
from armata_rules.state import GameState, StateFileError
from armata_rules.variants import CentreAttack, CentreRelocation, LadderPlacement, ShockProtection
from tests.scenario import ARMY, CROSS, DANCING, MOON, card_id, draw, game, play, reward, strigoi_attack, turn, wound

DYNAMITE = "matthew:sanctified-with-dynamite"


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


# ------------------------------------------------------------------------------------------ counterattack


def _counter(g: Game) -> GameState:
    """The Master has attacked Matthew from NE:0,0; Matthew may counterattack in melee or at range, or let it be."""
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0), first=0
    )
    state = strigoi_attack(g, state)
    assert state.to_act.decision == "counterattack" and state.to_act.seats == (1,)
    return state


@pytest.mark.clauses("peg19.en:864", "sb19.en:427")
def test_a_counterattack_is_the_attacked_heros_and_answers_the_strigoi_that_attacked() -> None:
    """peg19.en:864 / sb19.en:427: the attacked Powerwolf may counterattack the Strigoi that attacked, or let it be.
    Anything else is refused under the counterattack rule, and the refusal says what is expected: Roel's actions
    and a pass of another kind are not Matthew's choice, the Apprentice did not attack, and an attack the position
    does not allow is named."""
    g = game()
    state = _counter(g)
    now = ("strigoi.counterattack", "Matthew may counterattack or let it be now")
    assert _refusal(g, state, EndMove(0)) == now
    assert _refusal(g, state, Pass(0, "no_counterattack")) == now
    assert _refusal(g, state, AttackStrigoi(0, 0, "melee")) == now
    assert _refusal(g, state, Pass(1, "end_fight_phase")) == now
    assert _refusal(g, state, AttackStrigoi(1, 1, "melee")) == (
        "strigoi.counterattack",
        "a counterattack answers the Strigoi that attacked",
    )
    assert _refusal(g, state, AttackStrigoi(1, 0, "thrown")) == (
        "strigoi.counterattack",
        "no thrown attack on Strigoi 0 is possible from here",
    )


@pytest.mark.clauses("peg19.en:864", "sb19.en:427")
@pytest.mark.parametrize("mode", ["melee", "ranged"])
def test_a_counterattack_is_fought_in_the_way_chosen(mode: str) -> None:
    """peg19.en:864 / sb19.en:427: the counterattack is a melee fight or a ranged attack, as the hero chooses: the
    log says which, and the fight that opens is fought that way, as a counterattack."""
    g = game()
    state = play(g, _counter(g), AttackStrigoi(1, 0, mode))
    assert state.history()[-1].split(": ", 1)[1] == f"Matthew counterattacks ({mode})"
    fight = state.frames[-1]
    assert isinstance(fight, Fight)
    assert (fight.seat, fight.foe, fight.mode, fight.counter) == (1, "strigoi:0", mode, True)


@pytest.mark.clauses("peg19.en:974", "sb19.en:542", "peg19.en:864")
def test_nighttime_rebel_cannot_draw_in_a_counterattack() -> None:
    """peg19.en:974 / sb19.en:542: Nighttime Rebel's owner draws with it in his own turn; Matthew holds it when the
    Master attacks him in Roel's turn. Neither at the choice to counterattack nor in the counterattack's fight
    (peg19.en:864) may he draw with it, and the refusals say why."""
    g = game()
    rebel = next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0), first=0
    )
    matthew = state.heroes[1]
    state = state.with_hero(
        1, replace(matthew, hand=tuple(sorted((*matthew.hand, rebel))), earned=("Nighttime Rebel",))
    )
    state = replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != rebel))
    state = strigoi_attack(g, state)
    assert _refusal(g, state, RebelDraw(1)) == ("strigoi.counterattack", "Matthew may counterattack or let it be now")
    state = play(g, state, AttackStrigoi(1, 0, "melee"))
    assert RebelDraw(1) not in g.legal_actions(state)
    assert _refusal(g, state, RebelDraw(1)) == (
        "advanced.nighttime_rebel",
        "Nighttime Rebel draws on its holder's turn, before the Strigoi act",
    )


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.clauses("peg19.en:760", "peg19.en:764", "peg19.en:765", "peg19.en:766")
@pytest.mark.parametrize(
    "cards, positions, first, sword",
    [
        ([MOON, CROSS], {0: "C:0,0", 1: "C:1,0"}, 0, True),
        ([MOON, DANCING], {0: "N:1,0", 1: "N:0,1"}, 1, False),
        ([MOON, CROSS], {0: "NE:0,0", 1: "C:-1,0"}, 0, False),
    ],
)
def test_the_moves_listed_are_the_candidates_the_guard_lets_through(
    cards: list[str], positions: dict[int, str], first: int, sword: bool
) -> None:
    """The move handler lists its legal actions by a fast path of its own; the handler contract
    (rules.handlers) is that they are exactly its candidates (the steps to each exit, the stop, the move's
    abilities, the reward cards to give to a neighbour) that its guard admits, so enumeration and validation never
    disagree. Checked along a move: at its start, and after each of up to four steps; in the first scene the mover
    holds a Sword to give."""
    g = game()
    hands = {first: [reward(g, "Sword")]} if sword else None
    state = turn(g, cards, positions=positions, hands=hands, first=first)
    handler = HANDLERS[MoveFrame]
    seen_extra = not sword and first == 0  # the other scenes list a gift or an ability
    assert isinstance(handler, DecisionHandler)
    for _ in range(5):
        frame = state.frames[-1]
        if not isinstance(frame, MoveFrame):
            break
        fast = handler.legal(g.ctx, state, frame)
        seen_extra = seen_extra or any(not isinstance(a, (Step, EndMove)) for a in fast)
        generic = DecisionHandler.legal(handler, g.ctx, state, frame)
        assert sorted(map(repr, fast)) == sorted(map(repr, generic))
        steps = [a for a in fast if not isinstance(a, EndMove)]
        if not steps:
            break
        state = g.apply(state, steps[0])
    assert seen_extra


# ------------------------------------------------------------------------------------------ ladders at setup


@pytest.mark.clauses("peg19.en:716", "sb19.en:273", "peg19.it:1271", "peg19.es:2273")
@pytest.mark.parametrize(
    "reading, site, why",
    [
        (LadderPlacement.AWAY_FROM_STRIGOI_ROOMS, "NE:ladder0", "it touches a Strigoi's starting room"),
        (LadderPlacement.AT_CORRIDOR, "N:ladder0", "no corridor meets it"),
    ],
)
def test_a_ladder_site_the_reading_forbids_is_refused_with_its_reason(
    reading: LadderPlacement, site: str, why: str
) -> None:
    """peg19.en:716 / sb19.en:273: a ladder tile goes on the outer edge, not in contact with the Strigoi's starting
    rooms; peg19.it:1271 / peg19.es:2273 read: wherever preferred, as long as it borders a corridor. Under each
    reading a site it forbids is refused under the setup rule, and the refusal names the reading and the reason."""
    g = game(ruleset=editions.PEG19_EN.with_(ladder_placement=reading))
    state = g.initial_state()
    assert state.to_act.decision == "place_ladder"
    assert PlaceLadder(0, site) not in g.legal_actions(state)
    assert _refusal(g, state, PlaceLadder(0, site)) == (
        "setup.ladder",
        f"{site} is not allowed under reading {reading.value}: {why}",
    )


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.parametrize("zone", [CardZone.REWARD_DECK, CardZone.ADVANCED_SUPPLY, CardZone.BOX])
def test_a_card_moved_into_a_supply_joins_it_in_order(zone: CardZone) -> None:
    """The executor performs every card move the effect vocabulary has (:mod:`armata_rules.verify` encodes the
    same ones), including those no rule of the printed game uses yet: a card a hero holds, moved into the reward
    deck (face down), the advanced supply or the box, leaves the hand and joins that supply, which stays sorted;
    nothing else changes."""
    g = game()
    state = turn(g, [MOON, CROSS], hands={0: [reward(g, "Sword")]}, first=0)
    sword = reward(g, "Sword")
    after = execute(state, MoveCard(sword, 0, CardZone.HAND, zone))
    assert sword in state.heroes[0].hand and sword not in after.heroes[0].hand

    def held(at: GameState, supply: CardZone) -> tuple[str, ...]:
        if supply is CardZone.REWARD_DECK:
            return at.reward_deck.hidden
        return at.advanced_supply if supply is CardZone.ADVANCED_SUPPLY else at.box

    for other in (CardZone.REWARD_DECK, CardZone.ADVANCED_SUPPLY, CardZone.BOX):
        expected = tuple(sorted((*held(state, other), sword))) if other is zone else held(state, other)
        assert held(after, other) == expected
    assert after.reward_deck.top == state.reward_deck.top


# ------------------------------------------------------------------------------------------ heal


@pytest.mark.clauses("peg19.en:1046", "sb19.en:624")
def test_two_heal_icons_let_each_wounded_hero_in_the_room_choose_two_wounds_in_turn() -> None:
    """peg19.en:1046 / sb19.en:624: every injured Powerwolf in the room discards one wound counter for each Heal
    icon. Holy Water used wild shows two: Roel and Matthew, in the same room with three wounds each, choose two
    wounds each, Roel first; then the heal is over and Roel's move goes on."""
    g = game()
    holy = reward(g, "Holy Water")
    mine = [wound(g, "Wound", n) for n in (1, 2, 3)]
    his = [wound(g, "Wound", n) for n in (4, 5, 6)]
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:0,0", 1: "C:1,0"},
        hands={0: [holy]},
        wounds={0: mine, 1: his},
        first=0,
    )
    state = play(g, state, UseAbility(0, "heal", holy, "wild"))
    for seat, healed in ((0, mine[0]), (0, mine[2]), (1, his[1]), (1, his[0])):
        assert state.to_act.decision == "heal" and state.to_act.seats == (seat,)
        state = play(g, state, HealWound(seat, healed))
    assert state.heroes[0].wounds == (mine[1],) and state.heroes[1].wounds == (his[2],)
    assert state.to_act.decision != "heal" and isinstance(state.frames[-1], MoveFrame)
    said = [line.split(": ", 1)[1] for line in state.history()[-4:]]
    assert said == [
        f"Roel heals {mine[0]}",
        f"Roel heals {mine[2]}",
        f"Matthew heals {his[1]}",
        f"Matthew heals {his[0]}",
    ]


# ------------------------------------------------------------------------------------------ the centre space


@pytest.mark.clauses("peg19.en:860", "peg19.en:978", "peg19.en:868", "peg19.en:990", "sb19.en:421")
def test_a_hero_caught_on_the_centre_by_an_attack_is_wounded_moved_to_a_ladder_and_blamed_on_the_card() -> None:
    """peg19.en:860 / sb19.en:421: the Master teleports onto Matthew's centre space; Matthew cannot protect
    himself, the pack loses a blood point, he takes the attack's wound and is moved to a ladder of his choice (a
    staircase only if none is free). Matthew already held two wounds: the third costs another blood point, and Roel,
    whose card let the Strigoi attack, earns The Evil Made Me Do It (peg19.en:978); Matthew earns All You Can
    Bleed for a Strigoi's wound."""
    g = game()
    held = [wound(g, "Wound", n) for n in (1, 2)]
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:0,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        wounds={1: held},
        first=0,
    )
    state = strigoi_attack(g, state)
    said = [line.split(": ", 1)[1] for line in state.history()]
    assert said[said.index("the Master teleports to N:0,0") :] == [
        "the Master teleports to N:0,0",
        "Matthew is caught on the centre space",
        "Matthew draws a wound: Bleeding Eyes",
        "Matthew earns All You Can Bleed",
        "third wound: the pack loses a blood point and Matthew recovers",
        "Matthew earns Incense & Iron",
        "Roel earns The Evil Made Me Do It",
    ]
    assert (state.blood.altar, state.blood.inferno) == (0, 2) and state.heroes[1].wounds == ()
    assert state.frames[-1] == RelocateChoice(1, "centre_space", True)
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)
    assert g.legal_actions(state) == [Relocate(1, "SE:ladder0"), Relocate(1, "SE:ladder1")]


@pytest.mark.clauses("peg19.it:1406", "peg19.es:2433", "peg19.en:860", "peg19.fr:1958")
@pytest.mark.parametrize(
    "relocation, targets",
    [
        (CentreRelocation.LADDER_FIRST, ["SE:ladder0", "SE:ladder1"]),
        (CentreRelocation.ANY, None),
    ],
)
def test_under_the_blood_only_reading_the_caught_hero_is_only_moved(
    relocation: CentreRelocation, targets: list[str] | None
) -> None:
    """peg19.it:1406 / peg19.es:2433: the Strigoi landing on a hero's centre space costs the pack a blood point and
    the hero is moved; no attack follows. Where to: a ladder, a staircase only if none is free (peg19.en:860), or
    any free staircase or ladder tile (the other reading): not the staircase C:2,-2 the Apprentice stands on; the
    hero chooses."""
    ruleset = editions.PEG19_EN.with_(centre_attack=CentreAttack.BLOOD_ONLY, centre_relocation=relocation)
    g = game(ruleset=ruleset)
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:0,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "C:2,-2"},
        blood=(12, 2, 0),
        first=0,
    )
    state = strigoi_attack(g, state)
    said = [line.split(": ", 1)[1] for line in state.history()]
    assert said[-2:] == ["the Master teleports to N:0,0", "Matthew is caught on the centre space"]
    assert (state.blood.altar, state.blood.inferno) == (1, 1) and not state.attack_marker
    ladder_first = relocation is CentreRelocation.LADDER_FIRST
    assert state.frames[-1] == RelocateChoice(1, "centre_space", ladder_first)
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)
    targets_ladders = ("SE:ladder0", "SE:ladder1")
    offered = [a.to for a in g.legal_actions(state) if isinstance(a, Relocate)]
    if targets is not None:
        assert offered == targets
    else:
        assert len(offered) == len(set(offered)) and set(offered) == {
            "C:-2,2",
            "NW:0,2",
            "SE:2,0",
            "SW:-2,2",
            *targets_ladders,
        }


@pytest.mark.parametrize(
    "value, changes",
    [
        (Source("roel:army-of-the-night", "card"), {"id": "reward/holy-water#1", "mode": "wild"}),
        (Refusal(COUNTERATTACK, "Matthew may counterattack or let it be now"), {"rule": SETUP_LADDER, "message": "m"}),
    ],
    ids=["Source", "Refusal"],
)
def test_a_rules_value_copied_with_changes_changes_exactly_those_fields(value: Any, changes: dict[str, Any]) -> None:
    """The compiled build copies :class:`Source` and :class:`Refusal` through their own ``_replace`` (the guards and
    the listing of ability uses copy them at every decision), which the interpreted build never calls: asked
    directly, a copy with no change equals the original, a copy with one field changed differs in that field only,
    and a name that is no field is refused as :func:`dataclasses.replace` refuses it."""
    cls = type(value)
    assert value._replace({}) == value and value._replace({}) is not value
    for name, new in changes.items():
        copied = value._replace({name: new})
        assert isinstance(copied, cls)
        for field in dataclasses.fields(cls):
            expected = new if field.name == name else getattr(value, field.name)
            assert getattr(copied, field.name) is expected
    with pytest.raises(TypeError, match=f"{cls.__qualname__} has no field 'colour'"):
        value._replace({"colour": 1})


# ------------------------------------------------------------------------------------------ shocks


def _shocked(reading: ShockProtection) -> tuple[Game, GameState]:
    """Matthew's turn: the Master attacks him from NE:0,0, he takes the wound unprotected and draws a Shock."""
    g = game(("Matthew", "Roel"), ruleset=editions.PEG19_EN.with_(shock_protection=reading))
    state = turn(
        g, [CROSS, MOON], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0), first=0
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")
    state = play(g, state, Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Shock"))
    assert state.to_act.decision == "shock" and state.to_act.seats == (0,)
    return g, state


@pytest.mark.clauses("peg19.it:1589", "peg19.es:2603", "peg19.en:1092")
def test_under_the_not_avoidable_reading_protection_is_refused_against_a_shock() -> None:
    """peg19.it:1589 / peg19.es:2603: Protection avoids receiving a wound token, not a shock's instant effect; the
    shocked Matthew must discard a card (peg19.en:1092): only the discards are listed, and a Protection is refused
    with the reading's reason."""
    g, state = _shocked(ShockProtection.NOT_AVOIDABLE)
    assert all(isinstance(a, DiscardCard) for a in g.legal_actions(state))
    assert _refusal(g, state, Protect(0, DYNAMITE, "discard")) == (
        "wounds.shock",
        "under this reading Protection avoids wound tokens, not shocks",
    )


@pytest.mark.clauses("peg19.en:1038", "sb19.en:618", "peg19.en:949")
def test_protection_avoids_a_shock_by_discarding_a_card_for_it() -> None:
    """peg19.en:1038 / sb19.en:618: Protection avoids a single negative effect, a wound or a shock; a card discarded
    for its icon gives it (peg19.en:949). Matthew discards Sanctified with Dynamite for Protection: the log says he
    avoids the shock, the card leaves his hand for the cards played in front of him, and no other card goes."""
    g, state = _shocked(ShockProtection.AVOIDABLE)
    hand = state.heroes[0].hand
    assert Protect(0, DYNAMITE, "discard") in g.legal_actions(state)
    after = play(g, state, Protect(0, DYNAMITE, "discard"))
    assert after.history()[-1].split(": ", 1)[1] == "Matthew avoids the shock"
    assert after.heroes[0].hand == tuple(c for c in hand if c != DYNAMITE)
    assert after.heroes[0].played == (*state.heroes[0].played, DYNAMITE)


@pytest.mark.clauses("peg19.en:1038", "sb19.en:618")
def test_protection_from_the_card_played_avoids_a_shock_and_is_spent() -> None:
    """peg19.en:1038 / sb19.en:618: Protection avoids a wound or a shock. Roel, attacked in his turn, takes the wound
    and draws a Shock; the Protection icon of When the Moon Shines Red avoids it: the icon is spent, his hand keeps
    every card, and the log says he avoids the shock."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "N:1,0", 1: "C:-1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0), first=0
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")
    state = draw(g, play(g, state, Pass(0, "take_wounds")), wound(g, "Shock"))
    assert state.to_act.decision == "shock" and state.to_act.seats == (0,)
    moon = card_id(g, "Roel", MOON)
    after = play(g, state, Protect(0, moon, "card"))
    assert after.history()[-1].split(": ", 1)[1] == "Roel avoids the shock"
    assert after.heroes[0].spent == (*state.heroes[0].spent, f"{moon}/protection")
    assert after.heroes[0].hand == state.heroes[0].hand


# ------------------------------------------------------------------------------------------ loot


def _drawing(g: Game, what: str, **changes: object) -> GameState:
    """Roel's turn, at the draw of a reward ``what`` (token or card) he won, with the given state changes."""
    state = replace(turn(g, [MOON, CROSS], first=0), **changes)  # type: ignore[arg-type]
    return push(state, DrawLoot(0, what))


@pytest.mark.clauses("peg19.en:1008", "peg19.en:778")
def test_an_empty_reward_token_pile_is_reshuffled_from_its_discards_before_the_draw() -> None:
    """peg19.en:1008: if the reward token pile runs out, the discards are shuffled into a new one. Roel wins a bat
    (peg19.en:778) with the pile empty and three tokens discarded: each is drawn with chance one third; the one
    drawn is his, the other two form the new pile, and the discard pile is empty."""
    g = game()
    start = g.initial_state().reward_tokens.hidden
    discarded = start[:3]
    tokens = replace(g.initial_state().reward_tokens, hidden=(), discard=discarded)
    state = _drawing(g, "token", reward_tokens=tokens, box=tuple(sorted((*g.initial_state().box, *start[3:]))))
    outcomes = g.chance_outcomes(state)
    assert [o.outcome for o, _ in outcomes] == list(discarded)
    assert [p for _, p in outcomes] == pytest.approx([1 / 3] * 3)
    after = g.apply(state, ChanceOutcome("draw_reward_token", discarded[1]))
    assert after.heroes[0].tokens == (discarded[1],)
    assert after.reward_tokens.hidden == (discarded[0], discarded[2]) and after.reward_tokens.discard == ()
    assert after.history()[-1].split(": ", 1)[1] == f"Roel draws {discarded[1]}"


@pytest.mark.clauses("peg19.en:779", "peg19.en:1028")
def test_a_reward_card_drawn_from_an_empty_deck_is_nothing_for_certain() -> None:
    """peg19.en:779: an axe draws a reward card; the deck is never reshuffled (peg19.en:1028), so from an empty deck
    the draw finds nothing, with certainty, and the log says so."""
    g = game()
    state = g.initial_state()
    deck = state.reward_deck
    state = _drawing(g, "card", reward_deck=replace(deck, hidden=()), box=tuple(sorted((*state.box, *deck.hidden))))
    assert g.chance_outcomes(state) == [(ChanceOutcome("draw_reward_card", "nothing"), 1.0)]
    after = g.apply(state, ChanceOutcome("draw_reward_card", "nothing"))
    assert after.history()[-1].split(": ", 1)[1] == "Roel finds nothing: the card stack is empty"


# ------------------------------------------------------------------------------------------ mechanics


@pytest.mark.clauses("peg19.en:1054", "peg19.en:913")
def test_mechanics_turns_each_standing_platform_by_one_to_five_sixths() -> None:
    """peg19.en:1054: Mechanics rotates a platform any way the player likes: each platform still standing can be
    turned by one to five sixths of a turn (none and six are no rotation); a collapsed platform (peg19.en:913) can
    no longer be turned, even asked again at the same point of the game."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, first=1)
    rooms = sorted(g.ctx.fortress.platform_rooms)

    def turns(at: GameState) -> list[str]:
        return sorted(a.target for a in g.legal_actions(at) if isinstance(a, UseAbility) and a.ability == "mechanics")

    assert turns(state) == sorted(f"{room}:{steps}" for room in rooms for steps in range(1, 6))
    cross = card_id(g, "Matthew", CROSS)
    for target in (f"{rooms[0]}:0", f"{rooms[0]}:6"):
        assert _refusal(g, state, UseAbility(1, "mechanics", cross, "card", target))[1] == (
            f"{target!r} is not a target mechanics can reach now"
        )
    gone = replace(state, board=replace(state.board, collapsed=frozenset({rooms[0]})))
    assert turns(gone) == sorted(f"{room}:{steps}" for room in rooms[1:] for steps in range(1, 6))


# ------------------------------------------------------------------------------------------ jumps


@pytest.mark.clauses("peg19.en:765", "sb19.en:315")
def test_a_jump_over_two_powerwolves_in_a_row_costs_no_movement() -> None:
    """peg19.en:765 / sb19.en:315: a Powerwolf crossing a space occupied by another jumps to the next space without
    counting it. Roel, with one step left, may step onto Matthew: the way on leads over Attila, the next space
    beyond Matthew not blocked by the Master, to a free space, and neither jump counts."""
    g = game(("Roel", "Matthew", "Attila"))
    state = turn(
        g,
        [ARMY, ARMY, ARMY],
        positions={0: "C:-2,0", 1: "C:-1,0", 2: "C:-1,1"},
        strigoi={"Master": "C:0,0"},
        first=0,
    )
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, steps_left=1))
    assert Step(0, "C:-1,0") in g.legal_actions(state)
    after = play(g, state, Step(0, "C:-1,0"))
    assert after.heroes[0].position == "C:-1,0" and after.turn is not None and after.turn.steps_left == 1


@pytest.mark.clauses("peg19.en:760", "peg19.en:765")
def test_after_an_ordinary_step_the_hero_may_step_back() -> None:
    """peg19.en:760: the Powerwolf moves up to the card's value; only a jump (peg19.en:765) forbids coming back over
    the hero jumped. Roel steps from C:0,0 to C:1,0, a free space: no jump is under way, so he may step back to
    C:0,0, and each step costs one."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:-2,0"}, first=0)
    assert state.turn is not None
    left = state.turn.steps_left
    state = play(g, state, Step(0, "C:1,0"))
    assert Step(0, "C:0,0") in g.legal_actions(state)
    state = play(g, state, Step(0, "C:0,0"))
    assert state.heroes[0].position == "C:0,0" and state.turn is not None and state.turn.steps_left == left - 2


# ------------------------------------------------------------------------------------------ saved states


def _reloaded(g: Game, state: GameState) -> GameState:
    """``state`` saved to JSON and loaded back through the game's consistency checks."""
    return g.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json")


def test_a_piece_in_two_supplies_is_refused_naming_both() -> None:
    """A saved game with an advanced action card both in the advanced supply and in the box is refused, and the
    message names the two places, as a player would look for them."""
    g = game()
    state = g.initial_state()
    card = state.advanced_supply[0]
    twice = replace(state, box=tuple(sorted((*state.box, card))))
    with pytest.raises(StateFileError) as err:
        _reloaded(g, twice)
    assert str(err.value) == (f"saved.json: box: {card!r} is also in advanced_supply: every piece is in one place only")


@pytest.mark.clauses("peg19.en:880")
def test_a_saved_game_with_a_full_altar_loads_back() -> None:
    """peg19.en:880: there can never be more than five blood points on the altar; a saved game with exactly five on
    it is accepted."""
    g = game()
    state = turn(g, [MOON, CROSS], blood=(9, 5, 0), first=0)
    assert _reloaded(g, state) == state
