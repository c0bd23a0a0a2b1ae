"""More scenarios the mutation run over ``rules/`` and the kernel's engine loop showed missing (issue 28 §4, fourth
pass): a Shield used with Wild Strength, whose two Protection icons block two of a Strigoi's wounds; wounds that
cannot be blocked, pending in a saved game; both Strigoi arriving on heroes' spaces, at even odds; a healer whose
room leaves out a hero of a lower seat; a reward card's ability listed for the hero who holds it after another held
it; the Nighttime Rebel draw said; a saved game that still records a perished Strigoi's space, where a Leap may land
and no attack is offered; the even odds of the Strigoi action tokens; and every Protection icon of a card, a token
or a reward card's normal side counted, in a pack that prints two; the Supreme offered as a target once the Master
perished; Recovery and The Gates of Hell offered only with something to act on; one position listed under two
timing readings; the stops refused under the 'must move' and 'exactly' readings; a reward card's Heal in the turn's
own fight under the heal-before-fight reading; and a reward card whose normal side alone shows Stealth, discarded
for it, in one position listed under two packs; ties on initiative drawn in turn order, and no draw without a tie;
a move taken to nothing by two Broken Legs; a saved game whose turn already had its encounter; and a saved game
with Nighttime Rebel beside the board where a hand changes but nobody comes to hold a third reward card; and an
engine contract a scenario cannot reach: every effect the executor runs is traced, a batched card move too."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from functools import cache
from importlib import resources

import pytest

from armata_rules import Game, RuleViolation, editions, effects
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    Choose,
    ChooseCard,
    EndMove,
    Pass,
    Protect,
    RebelDraw,
    Relocate,
    Step,
    UseAbility,
)
from armata_rules.components.pack import DataPack, parse_pack
from armata_rules.effects import CardZone, DiscardToStack, GainBlood, MoveCard, PlaceFightToken
from armata_rules.frames import RelocateChoice, StartRound, Wounds
from armata_rules.kernel.play.effects import tracing
from armata_rules.state import GameState, StateFileError
from armata_rules.variants import AbilityTiming, CentreRelocation, InitiativeTies, Movement, ProtectionUnits
from tests.scenario import (
    ARMY,
    CROSS,
    DANCING,
    MOON,
    card_id,
    draw,
    encounter,
    game,
    play,
    reward,
    token,
    turn,
    wound,
)


def _said(state: GameState) -> list[str]:
    """The history's lines without their round prefix."""
    return [line.split(": ", 1)[1] for line in state.history()]


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _reloaded(g: Game, state: GameState) -> GameState:
    """``state`` saved and loaded again (the loader checks that every piece is in one place)."""
    return g.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json")


# ------------------------------------------------------------------------------------------ protection

#: The English preset with one wound blocked per Protection icon (its own preset blocks one per card).
PER_ICON = editions.PEG19_EN.with_(protection_units=ProtectionUnits.PER_ICON)


@pytest.mark.clauses(
    "peg19.en:854",
    "peg19.en:1034",
    "peg19.en:1038",
    "peg19.de:289",
    "peg19.de:469",
    "peg19.de:473",
    "peg19.it:1585",
    "peg19.it:1589",
    "peg19.fr:2049",
    "sb19.en:614",
    "sb19.en:618",
)
def test_a_shield_used_with_wild_strength_blocks_a_wound_per_protection_icon() -> None:
    """peg19.en:854: a Strigoi's attack inflicts the wounds on its card plus the token's modifier, and the Powerwolf
    prevents them with Protection; peg19.en:1034 / peg19.en:1038: each icon is an ability, and each Protection
    avoids one wound (the reading protection_units per_icon; per_card is in test_rules_protection_units). The
    Master (damage 1) flips its +1 token and attacks Matthew for two wounds. Matthew's Shield
    shows two Protection icons on its Wild Strength side (one on its normal side): used wild it blocks both wounds
    (no wound is drawn and the Shield goes back to the box), used normally only one, and the other is still to
    block or take. Kills the mutant of WoundsRules.apply that counts the icons of no ability (one unit whatever the
    source)."""
    g = game(ruleset=PER_ICON)
    shield = reward(g, "Shield")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [shield]},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+1")
    assert _said(state)[-1] == "the Master attacks Matthew: 2 wound(s)"
    assert state.to_act.decision == "protect" and Protect(1, shield, "wild") in g.legal_actions(state)
    wild = play(g, state, Protect(1, shield, "wild"))
    assert _said(wild)[-1] == f"Matthew blocks 2 wound(s) with {shield}"
    assert wild.heroes[1].wounds == () and shield in wild.box and shield not in wild.heroes[1].hand
    assert wild.to_act.decision == "counterattack"
    normal = play(g, state, Protect(1, shield, "normal"))
    assert _said(normal)[-1] == f"Matthew blocks 1 wound(s) with {shield}"
    assert normal.to_act.decision == "protect" and Pass(1, "take_wounds") in g.legal_actions(normal)


@pytest.mark.clauses("peg19.en:860", "peg19.de:295", "peg19.fr:1958", "peg19.en:1042", "peg19.de:475")
def test_wounds_that_cannot_be_blocked_pending_in_a_saved_game_refuse_every_protection() -> None:
    """peg19.en:860: a Powerwolf caught on a platform's centre 'cannot protect himself' (peg19.de:295,
    peg19.fr:1958); peg19.en:1042: nor against his own card's or weapon's wound. Play sends such wounds straight to
    the draws, and the loader refuses a saved game that holds them pending (test_state_consistency); a state built
    in code can still hold them at the protect decision: Matthew holds a Shield and a card with Protection, yet only
    taking the wounds is listed, and every Protect is refused under the protection rule, saying the wounds cannot be
    blocked. Kills the mutants of WoundsRules.guard that change that refusal's rule or message."""
    g = game()
    shield = reward(g, "Shield")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [shield]},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+1")
    pending = state.frames[-1]
    assert isinstance(pending, Wounds) and pending.protectable
    sources = [a for a in g.legal_actions(state) if isinstance(a, Protect)]
    assert state.to_act.decision == "protect" and len(sources) == 4
    state = replace(state, frames=(*state.frames[:-1], replace(pending, protectable=False)))
    with pytest.raises(StateFileError, match="protectable: false: wounds that cannot be blocked are drawn at once"):
        _reloaded(g, state)
    assert g.legal_actions(state) == [Pass(1, "take_wounds")]
    for action in sources:
        assert _refusal(g, state, action) == (
            "wounds.protection",
            "these wounds cannot be blocked (own weapon or action, or the centre space)",
        )


# ------------------------------------------------------------------------------------------ setup


@pytest.mark.clauses("peg19.en:714", "peg19.it:1269", "peg19.fr:1813", "peg19.es:2271", "peg19.en:764", "peg19.en:860")
def test_both_strigoi_arriving_on_heroes_make_both_give_way_the_first_seat_first_at_even_odds() -> None:
    """peg19.en:714: at the start of round 2 each Strigoi goes on a different space with the Strigoi's mark,
    'randomly' (interpretation strigoi-random-marks: a fair draw, each way one half); peg19.en:764: two miniatures
    cannot share a space, so a hero standing there makes way to a staircase or ladder tile of the player's choice
    (interpretation strigoi-arrival-displaces-hero, a ladder tile first by the reading of peg19.en:860). Roel stands
    on one mark and Matthew on the other: both are said to make way, both relocation choices wait (saved with the
    game as Strigoi arrivals), and Roel, the first seat, chooses first, then Matthew. Kills the mutants of
    PlaceStrigoiRules that weigh one placement 1.5, push the choices in seat order (Matthew first), say nothing,
    or record another reason."""
    g = game()
    first, second = g.fortress.strigoi_start_rooms()
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    heroes = (
        replace(state.heroes[0], position=g.fortress.platform_centre(second)),
        replace(state.heroes[1], position=g.fortress.platform_centre(first)),
        *state.heroes[2:],
    )
    state = g._settle(replace(state, heroes=heroes, round=1, frames=(StartRound(),)))  # the start of round 2
    assert state.round == 2 and state.to_act.decision == "place_strigoi"
    odds = [(outcome.outcome, chance) for outcome, chance in g.chance_outcomes(state)]
    assert odds == [(f"Master@{first},Apprentice@{second}", 0.5), (f"Master@{second},Apprentice@{first}", 0.5)]
    state = draw(g, state, f"Master@{first},Apprentice@{second}")
    assert _said(state)[-2:] == [
        "Matthew stands on the Master's space and makes way",
        "Roel stands on the Apprentice's space and makes way",
    ]
    ladder_first = g.ctx.ruleset.centre_relocation is CentreRelocation.LADDER_FIRST
    assert state.frames[-2:] == (
        RelocateChoice(1, "strigoi_arrival", ladder_first),
        RelocateChoice(0, "strigoi_arrival", ladder_first),
    )
    assert state.to_act.decision == "relocate" and state.to_act.seats == (0,)
    state = play(g, state, next(a for a in g.legal_actions(state) if isinstance(a, Relocate)))
    assert state.to_act.decision == "relocate" and state.to_act.seats == (1,)


# ------------------------------------------------------------------------------------------ heal


@pytest.mark.clauses("peg19.en:1046", "peg19.de:479", "peg19.it:1595", "peg19.fr:2055")
def test_a_healer_heals_in_the_room_whatever_lies_outside_it_in_a_lower_seat() -> None:
    """peg19.en:1046: the Powerwolf heals themselves and every comrade in the same room, one wound per Heal icon
    (peg19.de:479, peg19.it:1595, peg19.fr:2055). Matthew (seat 1), with a Broken Leg, uses the Heal of Army of
    the Night on N:2,0; Roel (seat 0), with a Torn Arm, stands in another room. Matthew is healed and Roel keeps
    his wound. Kills the mutant of heal_room that stops at the first wounded hero outside the room."""
    g = game()
    army = card_id(g, "Matthew", ARMY)
    arm, leg = wound(g, "Torn Arm"), wound(g, "Broken Leg")
    state = turn(g, [MOON, ARMY], positions={0: "C:0,0", 1: "N:2,0"}, wounds={0: [arm], 1: [leg]}, first=1)
    state = play(g, state, UseAbility(1, "heal", army, "card", ""))
    assert _said(state)[-1] == "Matthew is healed of every wound"
    assert state.heroes[1].wounds == () and state.heroes[0].wounds == (arm,)
    assert leg in state.wound_stack.discard and state.to_act.decision == "move"


# ------------------------------------------------------------------------------------------ abilities


@pytest.mark.clauses("peg19.en:1034", "peg19.de:469", "peg19.it:1585", "peg19.en:1046", "peg19.de:479")
def test_a_reward_card_s_ability_is_listed_for_the_hero_who_holds_it_after_another_did() -> None:
    """peg19.en:1034: each ability icon on a reward card is an ability the Powerwolf holding it may use; Holy Water
    heals (peg19.en:1046). In one game Roel holds Holy Water in his turn, and his heal uses are listed; later
    Matthew holds the same card in his: the uses listed are Matthew's (seat 1), not Roel's again, and the guard
    accepts them. Kills the mutant of _uses that keeps the listed uses of a source under no seat."""
    g = game()
    holy = reward(g, "Holy Water")
    roel = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [holy]}, first=0)
    assert [a for a in g.legal_actions(roel) if isinstance(a, UseAbility) and a.source == holy] == [
        UseAbility(0, "heal", holy, "normal", ""),
        UseAbility(0, "heal", holy, "wild", ""),
    ]
    matthew = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={1: [holy]}, first=1)
    listed = [a for a in g.legal_actions(matthew) if isinstance(a, UseAbility) and a.source == holy]
    assert listed == [UseAbility(1, "heal", holy, "normal", ""), UseAbility(1, "heal", holy, "wild", "")]
    assert all(a.seat == 1 for a in listed)
    healed = play(g, matthew, listed[0])
    assert _said(healed)[-1] == f"Matthew uses heal ({holy}, normal)"


@pytest.mark.clauses("peg19.en:974", "peg19.de:437", "peg19.it:1579", "peg19.fr:2031", "peg19.es:2575")
def test_drawing_with_nighttime_rebel_is_said_and_removes_the_card() -> None:
    """peg19.en:974: Nighttime Rebel can be used to draw a reward card directly, and is then removed from the game
    (peg19.de:437, peg19.it:1579, peg19.fr:2031, peg19.es:2575). Roel, holding it, draws: the log says he gives
    it up to draw, the card goes to the box, and the draw from the reward deck follows. Kills the mutant of
    apply_ability that logs nothing readable for the draw."""
    g = game()
    rebel = next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    state = replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != rebel))
    state = state.with_hero(0, replace(state.heroes[0], hand=tuple(sorted((*state.heroes[0].hand, rebel)))))
    assert RebelDraw(0) in g.legal_actions(state)
    state = play(g, state, RebelDraw(0))
    assert _said(state)[-1] == "Roel gives up Nighttime Rebel to draw a reward card"
    assert rebel in state.box and rebel not in state.heroes[0].hand
    assert state.to_act.decision == "draw_reward_card"


@pytest.mark.clauses("peg19.en:907", "peg19.de:344", "peg19.en:1070", "peg19.en:764", "peg19.en:895", "peg19.de:330")
def test_a_saved_game_s_perished_strigoi_is_no_target_and_its_space_is_free_to_land_on() -> None:
    """peg19.en:907: a Strigoi whose wounds reach its existence perishes (peg19.de:344), and the other rises as the
    Supreme. The loader refuses a saved game that still records the perished Master on N:0,0 (a perished Strigoi
    stands nowhere: test_state_consistency); a state built in code can, and the engine ignores it. Matthew, on N:2,0
    in line with it, is offered no attack on it (peg19.en:895, peg19.de:330: a Powerwolf attacks a Strigoi he sees;
    the Supreme is far away in SW), and the attack is refused; with Leap on Dancing with the Dead (peg19.en:1070:
    any space of the room, peg19.en:764: not one another miniature holds) he may land on N:0,0 as on any free space
    of the room. Kills the mutants of _occupied that count a Strigoi's space when it is defeated or has one, and of
    attack_options that skip only a Strigoi defeated and off the board."""
    g = game(("Matthew", "Roel"))
    dancing = card_id(g, "Matthew", DANCING)
    state = turn(
        g,
        [DANCING, MOON],
        positions={0: "N:2,0", 1: "C:0,0"},
        strigoi={"Master": "N:0,0", "Apprentice": "SW:0,0"},
        blood=(12, 2, 0),
        first=0,
    )
    master, apprentice = state.strigoi
    state = replace(state, strigoi=(replace(master, defeated=True), replace(apprentice, supreme=True)))
    with pytest.raises(StateFileError, match=r"strigoi\[0\]\.position: the Master has perished, so it stands nowhere"):
        _reloaded(g, state)
    assert state.strigoi[0].position == "N:0,0" and state.strigoi[0].defeated
    assert state.blood.altar >= g.ctx.altar_required
    state = play(g, state, EndMove(0))
    assert state.to_act.decision == "fight"
    assert not any(isinstance(a, AttackStrigoi) for a in g.legal_actions(state))
    assert _refusal(g, state, AttackStrigoi(0, 0, "ranged"))[1] == (
        "no ranged attack on Strigoi 0 is possible from here"
    )
    leap = UseAbility(0, "leap", dancing, "card", "N:0,0")
    assert leap in g.legal_actions(state)
    state = play(g, state, leap)
    assert state.heroes[0].position == "N:0,0"


# ------------------------------------------------------------------------------------------ chance


@pytest.mark.clauses("peg19.en:805", "peg19.de:236")
def test_every_strigoi_action_token_face_down_is_as_likely_to_be_flipped() -> None:
    """peg19.en:805: after moving and any encounter the player flips the top Strigoi action token of the stack
    (peg19.de:236); the stack lies face down, so each of its tokens is as likely to be on top: seven tokens, one
    seventh each, and the odds add up to one. Kills the mutant of DrawStrigoiTokenRules.outcomes that gives each
    two sevenths."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, first=0)
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert state.to_act.decision == "draw_strigoi_token"
    odds = g.chance_outcomes(state)
    assert sorted(outcome.outcome for outcome, _ in odds) == sorted(state.strigoi_tokens.hidden)
    assert len(odds) == 7 and all(chance == pytest.approx(1 / 7) for _, chance in odds)
    assert sum(chance for _, chance in odds) == pytest.approx(1.0)


# ------------------------------------------------------------------------------------------ protection icons


@cache
def _doubled_pack() -> DataPack:
    """The bundled pack, but with two Protection icons on When the Moon Shines Red, on the Amulet and on the
    Shield's normal side (the text prints no card's icons: a pack may show two)."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for card in data["action_cards"]:
        if card["title"] == MOON:
            card["abilities"] = ["protection", "protection"]
    for held in data["reward_tokens"]:
        if held["title"] == "Amulet":
            held["abilities"] = ["protection", "protection"]
    for card in data["reward_cards"]:
        if card["title"] == "Shield":
            card["normal"]["abilities"] = ["protection", "protection"]
    return parse_pack(data, "<test: two Protection icons on a card, a token and a normal side>")


@pytest.mark.clauses(
    "peg19.en:854",
    "peg19.en:1034",
    "peg19.en:1038",
    "peg19.de:469",
    "peg19.de:473",
    "peg19.it:1585",
    "peg19.it:1589",
    "peg19.fr:2049",
    "sb19.en:614",
    "sb19.en:618",
)
@pytest.mark.parametrize("used", ["card", "token", "normal"])
def test_each_protection_icon_of_the_played_card_a_token_or_a_normal_side_blocks_a_wound(used: str) -> None:
    """peg19.en:1034 / peg19.en:1038: each icon is an ability, and each Protection avoids one wound (as
    test_a_shield_used_with_wild_strength_blocks_a_wound_per_protection_icon). In a pack where When the Moon Shines
    Red, the Amulet and the Shield's normal side each show two Protection icons, the Master (+1) attacks Roel for
    two wounds in his turn: his played card, the Amulet or the Shield used normally blocks both, and no wound is
    drawn (the reading protection_units per_icon). Kills the mutants of source_units that count one icon (or none)
    for a played card, a reward card's normal side or a token."""
    g = Game.new(("Roel", "Matthew"), ruleset=PER_ICON, seed=1, chance="explicit", pack=_doubled_pack())
    shield, amulet = reward(g, "Shield"), token(g, "Amulet")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "N:1,0", 1: "C:-1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={0: [shield]},
        tokens={0: [amulet]},
        first=0,
    )
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+1")
    assert _said(state)[-1] == "the Master attacks Roel: 2 wound(s)"
    source = {"card": card_id(g, "Roel", MOON), "token": amulet, "normal": shield}[used]
    protect = Protect(0, source, used)
    assert protect in g.legal_actions(state)
    state = play(g, state, protect)
    assert _said(state)[-1] == f"Roel blocks 2 wound(s) with {source}"
    assert state.heroes[0].wounds == () and state.to_act.decision != "protect"


# ------------------------------------------------------------------------------------------ the Supreme


@pytest.mark.clauses("peg19.en:907", "peg19.en:909", "peg19.de:344", "peg19.en:895", "peg19.de:330")
def test_the_supreme_is_offered_as_a_target_once_the_master_has_perished() -> None:
    """peg19.en:907 / peg19.en:909: when the Master perishes, the Apprentice turns into the Supreme Strigoi
    (peg19.de:344), whom the pack must now defeat; peg19.en:895: a Powerwolf may attack a Strigoi he sees (and one
    next to him in melee). Matthew stands on N:1,0 next to the Supreme on N:0,0 with enough blood on the altar: the
    attacks on the Supreme (Strigoi 1) are offered, though the perished Master (Strigoi 0) comes first in the
    list of Strigoi. Kills the mutant of attack_options that stops at a Strigoi defeated or off the board."""
    g = game(("Matthew", "Roel"))
    state = turn(
        g,
        [DANCING, MOON],
        positions={0: "N:1,0", 1: "C:0,0"},
        strigoi={"Master": None, "Apprentice": "N:0,0"},
        blood=(12, 2, 0),
        first=0,
    )
    master, apprentice = state.strigoi
    state = replace(state, strigoi=(replace(master, defeated=True), replace(apprentice, supreme=True)))
    state = play(g, state, EndMove(0))
    attacks = [a for a in g.legal_actions(state) if isinstance(a, AttackStrigoi)]
    assert AttackStrigoi(0, 1, "melee") in attacks and all(a.strigoi == 1 for a in attacks)


# ------------------------------------------------------------------------------------------ targets


@pytest.mark.clauses("peg19.en:1096", "peg19.en:1100", "peg19.en:1034")
def test_recovery_and_the_gates_of_hell_are_offered_only_with_something_to_act_on() -> None:
    """peg19.en:1096: Recovery returns the discard pile to the hand; peg19.en:1100: The Gates of Hell removes every
    fight token from the board. Roel holds a Prayer Book (Recovery, with Wild Strength) and the Bell of the Damned
    (The Gates of Hell, with Wild Strength): with an empty discard pile and no fight token on the board neither is
    offered (and both are refused, with nothing to act on); with a card in his discard pile and a fight token on
    C:1,1 both are. Kills the mutants of _targets that offer them always."""
    g = game()
    book, bell = reward(g, "Prayer Book"), reward(g, "Bell of the Damned")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [book, bell]}, first=0)
    assert state.heroes[0].discard == () and state.fight_tokens == ()
    recovery, gates = UseAbility(0, "recovery", book, "wild", ""), UseAbility(0, "gates_of_hell", bell, "wild", "")
    listed = g.legal_actions(state)
    assert recovery not in listed and gates not in listed
    assert _refusal(g, state, recovery) == ("ability.recovery", "recovery has nothing to act on now")
    assert _refusal(g, state, gates) == ("ability.gates_of_hell", "gates_of_hell has nothing to act on now")
    army = card_id(g, "Roel", ARMY)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    state = replace(state, fight_tokens=("C:1,1",))
    listed = g.legal_actions(state)
    assert recovery in listed and gates in listed


# ------------------------------------------------------------------------------------------ readings


@pytest.mark.clauses("peg19.en:756", "peg19.de:165", "sb19.en:306", "sb19.en:614")
def test_one_position_lists_the_played_card_s_abilities_by_each_game_s_timing_reading() -> None:
    """peg19.en:756: the played card's abilities may not be used during a fight (golden rule); peg19.de:165 and
    sb19.en:306 / sb19.en:614 allow them any time in the turn before the Strigoi act, so in the turn's own fight
    too (readings not_during_fight and before_strigoi_acts). Roel, who played Army of the Night (Heal), fights a
    Zombie in his turn: the one position, listed by a game under each reading in turn, offers the card's Heal under
    the second reading only, whichever was asked first. Kills the mutant of _usable_sources that reuses the
    sources worked out for a hero under another game's reading."""
    strict = game(ruleset=editions.PEG19_EN.with_(ability_timing=AbilityTiming.NOT_DURING_FIGHT))
    loose = game(ruleset=editions.PEG19_EN.with_(ability_timing=AbilityTiming.BEFORE_STRIGOI_ACTS))
    state = turn(strict, [ARMY, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    state = play(strict, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(strict, state, encounter(strict, "red", "Zombie"))
    assert state.to_act.decision == "fight_rewards"
    heal = UseAbility(0, "heal", card_id(strict, "Roel", ARMY), "card", "")
    assert heal not in strict.legal_actions(state)
    assert heal in loose.legal_actions(state)
    assert heal not in strict.legal_actions(state)


# ------------------------------------------------------------------------------------------ stopping


@pytest.mark.clauses("sb19.en:310", "peg19.en:760", "peg19.en:764")
def test_under_must_move_a_hero_next_to_another_may_not_stop_before_a_step() -> None:
    """sb19.en:310: the Powerwolf must move (reading must_up_to; peg19.en:760 says may), at least one step when one
    is possible. Roel, on C:0,0, has Matthew on C:1,0, the first of his exits (a jump, peg19.en:764, is a step too,
    here with ways on): stopping at once is refused, and the refusal says the hero must take at least one step.
    Kills the mutants of _guard_stop that ask whether a step is possible with no context or no seat (which fail on
    the occupied exit), and that change the refusal's text."""
    g = game(ruleset=editions.PEG19_EN.with_(movement=Movement.MUST_UP_TO))
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, first=0)
    assert g.ctx.fortress.exits("C:0,0", state.board)[0] == "C:1,0"
    assert _refusal(g, state, EndMove(0)) == (
        "move.stop",
        "under the 'must move' reading the hero must take at least one step",
    )
    assert EndMove(0) not in g.legal_actions(state)


@pytest.mark.clauses("peg19.fr:1853", "peg19.en:760")
def test_under_exactly_a_hero_with_one_step_left_moves_on() -> None:
    """peg19.fr:1853: the Powerwolf moves the number shown (reading may_exactly; peg19.en:760: up to it). Roel
    (movement 5) walks four steps out and back to C:0,0: with one step left he may not stop there, and the refusal
    says so; after the fifth step he may. Kills the mutant of _guard_stop that lets him stop with one step left."""
    g = game(ruleset=editions.PEG19_EN.with_(movement=Movement.MAY_EXACTLY))
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,0"), Step(0, "C:2,0"), Step(0, "C:1,0"), Step(0, "C:0,0"))
    assert state.turn is not None and state.turn.steps_left == 1
    assert EndMove(0) not in g.legal_actions(state)
    assert _refusal(g, state, EndMove(0)) == (
        "move.stop",
        "under the 'exactly' reading the hero moves on: 1 steps left",
    )
    state = play(g, state, Step(0, "C:1,0"))
    assert EndMove(0) in g.legal_actions(state)


@pytest.mark.clauses("peg19.en:764", "peg19.en:766", "peg19.en:1062", "peg19.de:176", "sb19.en:316")
def test_a_hero_may_cross_a_strigoi_off_a_dead_end_when_the_way_on_is_back_to_his_own_space() -> None:
    """peg19.en:766 / peg19.en:1062: with Stealth a Powerwolf may move through a Strigoi's space (peg19.de:176,
    sb19.en:316); peg19.en:764: two miniatures cannot end on the same space, so a step onto it needs a way on to a
    free space. Roel plays Amen & Attack (movement 2) on NE:1,-2, a dead end whose one exit is NE:0,-2, where the
    Master stands; the Apprentice stands on NE:-1,-1, the Master's space's only other exit. Roel spends the Shadow
    token for Stealth: the step onto the Master is listed and applies (one step left, and the way on is back to
    NE:1,-2, the space Roel leaves, free once he has left it), and from there only that step back is listed (the
    Apprentice, one step further, would leave him no step to move off it). Kills the mutant of _can_leave that
    looks at the standing of no seat (mutant 10), for which Roel's own space is a Powerwolf's, to jump and not to
    stop on: the step onto the Master would be refused."""
    g = game()
    shadow = token(g, "Shadow")
    state = turn(
        g,
        ["Amen & Attack", CROSS],
        positions={0: "NE:1,-2", 1: "C:0,0"},
        strigoi={"Master": "NE:0,-2", "Apprentice": "NE:-1,-1"},
        tokens={0: [shadow]},
        first=0,
    )
    exits = g.ctx.fortress.exits
    assert exits("NE:1,-2", state.board) == ("NE:0,-2",)
    assert sorted(exits("NE:0,-2", state.board)) == ["NE:-1,-1", "NE:1,-2"]
    assert state.turn is not None and state.turn.steps_left == 2
    state = play(g, state, UseAbility(0, "stealth", shadow, "token", ""))
    assert Step(0, "NE:0,-2") in g.legal_actions(state)
    state = play(g, state, Step(0, "NE:0,-2"))
    assert state.heroes[0].position == "NE:0,-2" and state.turn is not None and state.turn.steps_left == 1
    assert g.legal_actions(state) == [Step(0, "NE:1,-2")]
    state = play(g, state, Step(0, "NE:1,-2"))
    assert state.heroes[0].position == "NE:1,-2" and EndMove(0) in g.legal_actions(state)


# ------------------------------------------------------------------------------------------ heal in a fight


@pytest.mark.clauses("peg19.en:1034", "peg19.de:469", "sb19.en:306", "peg19.de:165")
def test_under_heal_before_fight_a_reward_card_s_heal_is_offered_in_the_turn_s_own_fight() -> None:
    """peg19.en:1034: the Heal on an action card cannot be used during a fight, whereas one on a reward card can be
    used at once; peg19.de:469: to heal during a fight the Powerwolf plays a reward token or card. Under the reading
    before_strigoi_acts_heal_before_fight (sb19.en:306, peg19.de:165: the card's abilities any time before the
    Strigoi act, its Heal only before a fight) Roel, who played Army of the Night (Heal) and holds Holy Water,
    fights a Zombie in his turn: the Holy Water's Heal is offered, normally and with Wild Strength, and the card's
    is not. Kills the mutants of _stage_sources that drop the other heal sources or leave none."""
    g = game(ruleset=editions.PEG19_EN.with_(ability_timing=AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT))
    holy = reward(g, "Holy Water")
    state = turn(g, [ARMY, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, hands={0: [holy]}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = draw(g, state, encounter(g, "red", "Zombie"))
    assert state.to_act.decision == "fight_rewards"
    assert [a for a in g.legal_actions(state) if isinstance(a, UseAbility)] == [
        UseAbility(0, "heal", holy, "normal", ""),
        UseAbility(0, "heal", holy, "wild", ""),
    ]


# ------------------------------------------------------------------------------------------ discards


@cache
def _stealthy_crossbow_pack() -> DataPack:
    """The bundled pack, but with Stealth on the Crossbow's normal side only (the text prints no card's icons)."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for card in data["reward_cards"]:
        if card["title"] == "Crossbow":
            card["normal"]["abilities"] = ["stealth"]
            assert "stealth" not in card["wild"].get("abilities", [])
    return parse_pack(data, "<test: Stealth on the Crossbow's normal side only>")


@pytest.mark.clauses("peg19.en:786", "peg19.en:1062", "peg19.de:209")
def test_a_reward_card_whose_normal_side_alone_shows_stealth_may_be_discarded_for_it() -> None:
    """peg19.en:786 / peg19.en:1062: a card (action or reward) from the hand showing the ability may be discarded
    for Protection or Stealth (peg19.de:209). In a pack where the Crossbow shows Stealth on its normal side only,
    Roel may discard it for Stealth in his move; in the bundled pack (no Stealth on it) he may not. The one position
    is listed by a game of each pack, in turn, and each answers by its own pack. Kills the mutants of _card_icons
    that read the wild side alone, and of sources_by_ability that reuse sources worked out under another game."""
    bundled = game()
    printed = Game.new(("Roel", "Matthew"), seed=1, chance="explicit", pack=_stealthy_crossbow_pack())
    crossbow = reward(bundled, "Crossbow")
    assert reward(printed, "Crossbow") == crossbow
    state = turn(bundled, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, hands={0: [crossbow]}, first=0)
    discard = UseAbility(0, "stealth", crossbow, "discard", "")
    assert discard not in bundled.legal_actions(state)
    assert discard in printed.legal_actions(state)
    assert discard not in bundled.legal_actions(state)
    state = play(printed, state, discard)
    assert state.turn is not None and state.turn.stealthy and crossbow in state.heroes[0].played


# ------------------------------------------------------------------------------------------ turn order


def _revealed(g: Game, cards: list[tuple[str, str]]) -> GameState:
    """Setup done, then every seat chooses its card (hero, title) in Phase 1: the state after the reveal."""
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    for seat, (hero, title) in enumerate(cards):
        state = g.apply(state, ChooseCard(seat, card_id(g, hero, title)))
    return state


@pytest.mark.clauses("peg19.en:742", "peg19.de:151", "peg19.en:636")
def test_ties_on_initiative_are_drawn_in_turn_order_and_no_draw_without_a_tie() -> None:
    """peg19.en:742: in Phase 2 the players take turns in initiative order, lowest first (peg19.de:151); heroes
    share cards (peg19.en:636), so values tie, and under the reading initiative_ties = chance a fair draw orders
    the tied heroes (interpretation initiative-ties). Roel and Matthew reveal Sanctified with Dynamite (7), Attila
    and Charles Army of the Night (3): the tie of the first turns (Attila and Charles) is drawn first, then Roel's
    and Matthew's, and the turns follow the draws. With no tie (Roel 4, Matthew 6) nothing is drawn: Roel's move
    follows the reveal at once. Kills the mutants of _reveal that draw the later tie first, or draw for one hero."""
    ruleset = editions.PEG19_EN.with_(initiative_ties=InitiativeTies.CHANCE)
    g = game(("Roel", "Matthew", "Attila", "Charles"), ruleset)
    dynamite = "Sanctified with Dynamite"
    state = _revealed(g, [("Roel", dynamite), ("Matthew", dynamite), ("Attila", ARMY), ("Charles", ARMY)])
    assert state.to_act.decision == "order_ties"
    assert [outcome.outcome for outcome, _ in g.chance_outcomes(state)] == ["2,3", "3,2"]
    state = draw(g, state, "3,2")
    assert [outcome.outcome for outcome, _ in g.chance_outcomes(state)] == ["0,1", "1,0"]
    state = draw(g, state, "1,0")
    assert state.order == (3, 2, 1, 0) and state.to_act.decision == "move" and state.to_act.seats == (3,)
    g = game(ruleset=ruleset)
    state = _revealed(g, [("Roel", MOON), ("Matthew", CROSS)])
    assert state.order == (0, 1) and state.to_act.decision == "move" and state.to_act.seats == (0,)


@pytest.mark.clauses("peg19.en:1088", "peg19.en:790", "peg19.de:211")
def test_a_move_taken_to_nothing_by_penalties_allows_no_step() -> None:
    """peg19.en:1088: a penalty wound reduces the Powerwolf's movement (peg19.en:790, peg19.de:211) until healed.
    Roel plays Amen & Attack (movement 2) with two Broken Legs (-1 each): his turn starts with no step left, so no
    step is offered, and a step is refused; he can only stop (or use an ability). Kills the mutant of NextTurnRules
    that leaves at least one step."""
    g = game()
    legs = [wound(g, "Broken Leg"), wound(g, "Broken Leg", 2)]
    state = turn(g, ["Amen & Attack", CROSS], positions={0: "C:0,0", 1: "N:2,0"}, wounds={0: legs}, first=1)
    state = play(g, state, EndMove(1), Pass(1, "end_fight_phase"))
    # the Strigoi are not on the board (turn()): no token is flipped, and Roel's turn begins
    assert state.turn is not None and state.turn.seat == 0 and state.turn.steps_left == 0
    listed = g.legal_actions(state)
    assert EndMove(0) in listed and not any(isinstance(a, Step) for a in listed)
    assert _refusal(g, state, Step(0, "C:1,0")) == ("move.step", "no movement left this turn")


@pytest.mark.clauses("peg19.en:801", "peg19.en:760", "peg19.en:771")
def test_a_saved_game_whose_turn_had_its_encounter_does_not_stop_the_hero_on_another() -> None:
    """peg19.en:801: one encounter per turn; peg19.en:760 / peg19.en:771: a Powerwolf moving onto an encounter mark
    stops to fight it. The loader refuses a saved game recording that Roel's turn already had its encounter while he
    is still moving (test_state_consistency); a state built in code can: stepping onto the red space C:1,1 does not
    stop him there for a second one, and his move goes on. Kills the mutant of MoveRules.apply that asks whether an
    encounter may start without the turn's record."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    assert state.turn is not None
    state = replace(state, turn=replace(state.turn, engaged=True))
    with pytest.raises(StateFileError, match=r"turn\.engaged: true while the hero moves"):
        _reloaded(g, state)
    state = play(g, state, Step(0, "C:1,1"))
    assert state.heroes[0].position == "C:1,1" and state.to_act.decision == "move"
    assert state.turn is not None and not state.turn.encountered and state.turn.steps_left == 4


# ------------------------------------------------------------------------------------------ Nighttime Rebel


@pytest.mark.clauses("peg19.en:972", "peg19.de:435", "sb19.en:540")
def test_a_hand_that_changes_without_a_third_reward_card_earned_leaves_the_rebel_beside_the_board() -> None:
    """peg19.en:972: Nighttime Rebel is assigned 'as soon as another player gets their third Reward card'
    (peg19.de:435), once (interpretation rebel-assigned-once). A saved game (the engine loads it) has Roel holding
    four reward cards, Matthew three and Attila none, with the Rebel still beside the board. In his turn Matthew
    discards an action card for Stealth: his hand changes, but nobody comes to hold a third reward card, so the
    Rebel is neither assigned nor earned, and stays beside the board. Kills the mutants of follow_rebel (the check
    after every decision) that look again whenever a hand changes, whenever a hero holds fewer than three, or when
    the changed hand held three already."""
    g = game(("Roel", "Matthew", "Attila"))
    rebel = next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")
    roel = [reward(g, "Hammer"), reward(g, "Sword"), reward(g, "Sword", 2), reward(g, "Holy Water")]
    matthew = [reward(g, "Dynamite"), reward(g, "Hammer", 2), reward(g, "Holy Water", 2)]
    state = turn(
        g,
        [MOON, CROSS, ARMY],
        positions={0: "C:0,0", 1: "N:2,0", 2: "S:2,0"},
        hands={0: roel, 1: matthew},
        first=1,
    )
    state = _reloaded(g, state)
    assert rebel in state.advanced_supply and state.awards == ()
    stealth = UseAbility(1, "stealth", card_id(g, "Matthew", "Werewolves of Armenia"), "discard", "")
    state = play(g, state, stealth)
    assert _said(state)[-1] == "Matthew uses stealth (matthew:werewolves-of-armenia, discard)"
    assert rebel in state.advanced_supply and state.awards == ()
    assert all(rebel not in hero.hand for hero in state.heroes)


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.clauses("peg19.en:779", "peg19.en:780", "peg19.en:786", "peg19.en:797")
def test_every_effect_the_executor_runs_is_traced_a_batched_card_move_too() -> None:
    """The conformance checks (tests/conformance.py) replay the effects the executor traces
    (:data:`armata_rules.effects.TRACE`). Roel beats a Cultist (peg19.en:779 / peg19.en:780: its blood icon puts a
    blood point on the altar; peg19.en:797: a fight token on the space): the trace holds the token discarded, the
    blood gained and the fight token placed. Losing to a Zombie instead, he discards Sanctified with Dynamite for
    Protection (peg19.en:786), a card move the executor batches: it is traced all the same. Kills the mutants of
    execute and execute_all that trace nothing, or None."""
    g = game()
    state = turn(g, [ARMY, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    cultist, zombie = encounter(g, "red", "Cultist"), encounter(g, "red", "Zombie")
    won = draw(g, state, cultist)
    with tracing(effects) as trace:
        play(g, won, Pass(0, "resolve"))
    assert trace == [DiscardToStack("red", cultist), GainBlood(g.ctx.altar_cap), PlaceFightToken("C:1,1")]
    lost = play(g, draw(g, state, zombie), Pass(0, "resolve"))
    sanctified = card_id(g, "Roel", "Sanctified with Dynamite")
    with tracing(effects) as trace:
        play(g, lost, Protect(0, sanctified, "discard"))
    assert trace[0] == MoveCard(sanctified, 0, CardZone.HAND, CardZone.PLAYED)
