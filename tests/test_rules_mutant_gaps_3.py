"""More scenarios the mutation run over ``rules/`` and the kernel's engine loop showed missing (issue 28 §4, third
pass): a hero standing between a Strigoi and a ladder on the square next to the ladder, and the log of the ladder
left standing; Nighttime Rebel when it is the last advanced card beside the board, and when every hero already holds
three reward cards; a Monk left in peace after Stealth; a reward token without strength in a fight; the refusals a
player reads for a seat the table does not have in Phase 1 and for an action of another kind during a move; a turn
of a platform that strands a jumping hero with both Strigoi on the board; and an engine contract a scenario cannot
reach: the kernel's :func:`~armata_rules.kernel.play.dispatch.refusal` is the guard's answer at a decision, and an
invariant error where no decision is due."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    Choose,
    ChooseCard,
    EndMove,
    GiveReward,
    Pass,
    Peek,
    PlayToken,
    Step,
    UseAbility,
)
from armata_rules.frames import EndRound, Fight, GrantAwards, PhaseThree
from armata_rules.game import ARMATA
from armata_rules.kernel.core.errors import EngineInvariantError
from armata_rules.kernel.play.dispatch import refusal
from armata_rules.state import GameState, Outcome
from armata_rules.variants import AdvancedTiming
from tests.scenario import (
    CROSS,
    MOON,
    PRAYER,
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


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _said(state: GameState) -> list[str]:
    """The history's lines without their round prefix."""
    return [line.split(": ", 1)[1] for line in state.history()]


# ------------------------------------------------------------------------------------------ ladders


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


@pytest.mark.clauses("peg19.en:818", "peg19.en:822", "peg19.en:837", "peg19.en:841")
def test_a_hero_next_to_the_ladder_stands_between_it_and_the_strigoi() -> None:
    """peg19.en:822: a Powerwolf between the Strigoi and the ladder tile saves the ladder (peg19.en:818). The line
    from the Master on NE:0,0 to NE:ladder0 crosses NE:1,0 and then NE:2,-1, the space next to the ladder: Matthew
    there stands between them as much as on NE:1,0. In Phase 3 the Master curses instead of attacking on sight and
    no counterattack answers (peg19.en:837, peg19.en:841): the log says who stands between, that the ladder stands
    and that the Master stays and curses nobody; the ladder is still on the board and no blood point is lost."""
    g = game()
    state = _phase_three(g, matthew="NE:2,-1")
    said = _said(state)
    between = said.index("Matthew stands between the Strigoi and the ladder")
    assert said[between + 1] == "the ladder stands; the Master stays and curses nobody"
    assert not any("destroys the ladder" in line or "attacks Matthew" in line for line in said)
    assert state.board.ladders == frozenset({"NE:ladder0"})
    assert state.strigoi[0].position == "NE:0,0"
    assert (state.blood.altar, state.blood.inferno) == (2, 0)
    assert not state.heroes[1].wounds and state.to_act.decision == "choose_card"


# ------------------------------------------------------------------------------------------ Nighttime Rebel


def _rebel(g: Game) -> str:
    return next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")


@pytest.mark.clauses("peg19.en:972", "sb19.en:540")
def test_nighttime_rebel_is_assigned_when_it_is_the_last_advanced_card_beside_the_board() -> None:
    """peg19.en:972: the Rebel is assigned 'as soon as another player gets their third Reward card', whatever else
    is left beside the board. Here every other advanced card has left the game, so the Rebel is the only one there:
    Roel hands Matthew a Hammer beside his two Swords, and the Rebel goes at once (when-earned timing) to Roel, who
    has the fewest reward cards (tied with Attila, the lower initiative this round)."""
    g = game(("Roel", "Matthew", "Attila"), editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    rebel = _rebel(g)
    hammer = reward(g, "Hammer")
    state = turn(
        g,
        [MOON, CROSS, "Lupus Dei"],
        positions={0: "C:0,0", 1: "C:1,0", 2: "N:2,0"},
        hands={0: [hammer], 1: [reward(g, "Sword"), reward(g, "Sword", 2)]},
        first=0,
    )
    others = tuple(c for c in state.advanced_supply if c != rebel)
    assert others and rebel in state.advanced_supply
    state = replace(state, advanced_supply=(rebel,), box=tuple(sorted((*state.box, *others))))
    after = play(g, state, GiveReward(0, 1, hammer))
    assert [rebel in hero.hand for hero in after.heroes] == [True, False, False]
    assert after.advanced_supply == ()
    assert _said(after)[-1] == "Roel takes Nighttime Rebel into hand"


@pytest.mark.clauses("peg19.en:972", "sb19.en:540")
def test_nighttime_rebel_goes_to_the_fewest_even_when_every_hero_holds_three_reward_cards() -> None:
    """peg19.en:972: the Rebel goes to the player with the fewest reward cards. In a saved game (the engine loads
    it) where Roel holds four reward cards, Matthew three, and the Rebel is still beside the board, Roel hands
    Matthew one: nobody is left below three, and the Rebel goes to Roel, who now holds the fewest (three against
    four); the game goes on with Roel's move."""
    g = game(ruleset=editions.PEG19_EN.with_(advanced_timing=AdvancedTiming.WHEN_EARNED))
    rebel = _rebel(g)
    roel = [reward(g, "Hammer"), reward(g, "Sword"), reward(g, "Sword", 2), reward(g, "Holy Water")]
    matthew = [reward(g, "Dynamite"), reward(g, "Hammer", 2), reward(g, "Holy Water", 2)]
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, hands={0: roel, 1: matthew}, first=0)
    state = g.state_from_json(json.loads(json.dumps(state.to_json())), "saved.json")
    assert rebel in state.advanced_supply and state.awards == ()
    after = play(g, state, GiveReward(0, 1, roel[0]))
    assert rebel in after.heroes[0].hand and rebel not in after.heroes[1].hand
    assert _said(after)[-1] == "Roel takes Nighttime Rebel into hand"
    assert after.to_act.decision == "move" and after.to_act.seats == (0,)


# ------------------------------------------------------------------------------------------ monk


def _stealth_on_a_monk(g: Game) -> GameState:
    """Roel, with Army of the Night in his discard pile, steps onto the red space C:1,1 and peeks with his card's
    Stealth: the token is a Monk, and the discard pile is back in his hand."""
    state = turn(g, ["Werewolves of Armenia"] * 2, positions={0: "C:0,2", 1: "N:2,0"})  # a tie: Roel first
    army = card_id(g, "Roel", "Army of the Night")
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(c for c in hero.hand if c != army), discard=(army,)))
    wolves = card_id(g, "Roel", "Werewolves of Armenia")
    state = play(g, state, Step(0, "C:1,1"), Peek(0, wolves, "card"))
    return draw(g, state, encounter(g, "red", "Monk"))


@pytest.mark.clauses("peg19.en:1060", "peg19.en:792", "peg19.en:795")
def test_a_monk_left_in_peace_is_said_and_turns_into_no_monster() -> None:
    """peg19.en:1060: after Stealth on a Monk the hero 'can then decide if they want to fight the Monk'; leaving
    him is not attacking him (peg19.en:795: an attacked Monk turns into a grey Monster). The log says so, no grey
    Monster is drawn, and the encounter is over with its fight token on the space."""
    g = game()
    state = _stealth_on_a_monk(g)
    grey = len(state.grey.hidden)
    state = play(g, state, Choose(0, "leave"))
    assert _said(state)[-2:] == ["Roel leaves the monk in peace", "a fight token goes on C:1,1"]
    assert not any("attacks the monk" in line for line in _said(state))
    assert state.to_act.decision != "draw_grey" and len(state.grey.hidden) == grey
    assert "C:1,1" in state.fight_tokens


# ------------------------------------------------------------------------------------------ reward tokens


@pytest.mark.clauses("peg19.en:1008", "peg19.en:775", "peg19.en:1040")
def test_a_reward_token_without_strength_is_neither_offered_nor_taken_in_a_fight() -> None:
    """peg19.en:775: a reward token played in a fight adds its strength; peg19.en:1008: tokens give bonuses and
    abilities. The Claw adds 2 and is offered in Matthew's counterattack; the Amulet adds nothing (its Protection,
    peg19.en:1040, is used against a wound, not played into the fight's Strength), so it is not offered there."""
    g = game()
    claw, amulet = token(g, "Claw"), token(g, "Amulet")
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        tokens={1: [claw, amulet]},
        first=0,
    )
    state = play(g, strigoi_attack(g, state), AttackStrigoi(1, 0, "melee"))
    assert isinstance(state.frames[-1], Fight)
    played = [a for a in g.legal_actions(state) if isinstance(a, PlayToken)]
    assert played == [PlayToken(1, claw)]
    # and the guard agrees with the list: the Amulet played into the fight was accepted for +0 and spent
    assert _refusal(g, state, PlayToken(1, amulet)) == (
        "rewards.use",
        "Amulet adds no strength to a fight: use its ability instead",
    )


# ------------------------------------------------------------------------------------------ refusals


@pytest.mark.clauses("peg19.en:734", "peg19.en:744")
def test_a_card_chosen_for_a_seat_the_table_does_not_have_is_refused_as_such() -> None:
    """peg19.en:734 / peg19.en:744: in Phase 1 every player chooses a card. A choice for seat 2 of a two-hero game,
    or for seat -1, is refused under the Phase 1 rule, and the refusal says there is no such seat (not that the
    seat has chosen already)."""
    g = game()
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    assert state.to_act.decision == "choose_card"
    card = state.heroes[0].hand[0]
    assert _refusal(g, state, ChooseCard(2, card)) == ("round.phase1", "there is no seat 2")
    assert _refusal(g, state, ChooseCard(-1, card)) == ("round.phase1", "there is no seat -1")


@pytest.mark.clauses("peg19.en:760")
def test_an_action_of_another_kind_during_a_move_is_refused_naming_it() -> None:
    """peg19.en:760: in the move the Powerwolf steps or stops; an action of another kind (a pass of the fight phase,
    a card choice of Phase 1) is refused under the step rule, and the refusal names the mover and the kind."""
    g = game()
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "N:2,0"}, first=0)
    assert state.to_act.decision == "move"
    assert _refusal(g, state, Pass(0, "end_fight_phase")) == ("move.step", "Roel is moving: step or stop, not pass")
    card = state.heroes[0].hand[0]
    assert _refusal(g, state, ChooseCard(0, card)) == ("move.step", "Roel is moving: step or stop, not choose_card")


# ------------------------------------------------------------------------------------------ strands


@pytest.mark.clauses(
    "peg19.en:756", "peg19.en:764", "peg19.en:765", "peg19.en:1054", "sb19.en:306", "sb19.en:314", "sb19.en:638"
)
def test_a_platform_turn_that_strands_a_jumping_hero_is_refused_with_the_strigoi_on_the_board() -> None:
    """As tests/test_rules_movement.py's platform test (peg19.en:764: two miniatures cannot stay on one space;
    peg19.en:1054: Mechanics turns a platform), with both Strigoi standing on the board, far from the SW room:
    Matthew, jumping onto Roel's space, may not turn SW by four or five sixths, which would leave him there with no
    way on; the refusal says so, and every turn that is listed leaves a legal action."""
    g = game(("Roel", "Matthew"), editions.SB19_EN)
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "SW:-1,0", 1: "SW:0,0"},
        strigoi={"Master": "NE:0,0", "Apprentice": "N:2,0"},
        first=1,
    )
    state = replace(state, board=replace(state.board, rotations=(2, 4, 3, 0, 0, 0)))
    state = play(g, state, Step(1, "SW:-1,0"))  # onto Roel: a jump
    cross = card_id(g, "Matthew", CROSS)
    listed = g.legal_actions(state)
    for steps in (4, 5):
        stranding = UseAbility(1, "mechanics", cross, "card", f"SW:{steps}")
        assert stranding not in listed
        rule_id, message = _refusal(g, state, stranding)
        assert (rule_id, message) == (
            "move.stop",
            "two miniatures cannot stay on the same space: after that, Matthew could not move on from SW:-1,0 to a "
            "free space",
        )
    assert UseAbility(1, "mechanics", cross, "card", "SW:1") in listed
    for action in listed:
        if isinstance(action, UseAbility):
            assert g.legal_actions(g.apply(state, action)), action


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.clauses("peg19.en:760")
def test_the_kernels_refusal_is_the_guards_answer_and_no_decision_is_an_invariant_error() -> None:
    """:func:`armata_rules.kernel.play.dispatch.refusal` (which the kernel's conformance checks ask) answers at a
    decision what the engine's guard answers: ``None`` for a legal step, and for another seat's step the refusal a
    player reads, with the rule. Where no decision is due (chance decides, or the game is over) asking is a
    programming error: :class:`EngineInvariantError`, not a refusal."""
    g = game()
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        first=0,
    )
    assert refusal(ARMATA, g.ctx, state, Step(0, "C:0,0")) is None
    refused = refusal(ARMATA, g.ctx, state, Step(1, "C:0,0"))
    assert refused is not None and (refused.rule.id, refused.message) == (
        "move.step",
        "it is Roel's turn, not seat 1's",
    )
    refused = refusal(ARMATA, g.ctx, state, Pass(0, "end_fight_phase"))
    assert refused is not None and refused.message == "Roel is moving: step or stop, not pass"
    chance = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    assert g.chance_outcomes(chance)
    with pytest.raises(EngineInvariantError):
        refusal(ARMATA, g.ctx, chance, Step(0, "C:0,0"))
    over = replace(state, outcome=Outcome.STRIGOI_WIN)
    with pytest.raises(EngineInvariantError):
        refusal(ARMATA, g.ctx, over, Step(0, "C:0,0"))
