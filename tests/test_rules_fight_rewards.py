"""Reward cards and reward tokens in a fight, melee and ranged: what is allowed, what is refused and why.

peg19.en:1016-1026 (a reward card is used normally or with Wild Strength; some cards only with Wild Strength),
peg19.en:895 and peg19.en:897 (a ranged attack takes reward cards only in Wild Strength mode, and no reward tokens),
peg19.en:1008 (reward tokens, used at any time in the turn). Each refusal names the rule and leads with the problem;
the messages are the ones a player reads, so each is checked word for word.
"""

from __future__ import annotations

import pytest

from armata_rules import Game, RuleViolation
from armata_rules.actions import Action, AttackStrigoi, ChanceOutcome, EndMove, Pass, PlayReward, PlayToken
from armata_rules.frames import Fight
from armata_rules.state import GameState
from tests.scenario import CROSS, MOON, game, play, reward, strigoi_attack, token, turn

RULE = "rewards.use"


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _fight(g: Game, mode: str) -> GameState:
    """Matthew, attacked by the Master, counterattacks in ``mode`` holding a Sword, Dynamite and a Claw token."""
    state = turn(
        g,
        [MOON, CROSS],
        positions={0: "C:-1,0", 1: "N:1,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(12, 2, 0),
        hands={1: [reward(g, "Sword"), reward(g, "Dynamite")]},
        tokens={1: [token(g, "Claw")]},
        first=0,
    )
    state = play(g, strigoi_attack(g, state), AttackStrigoi(1, 0, mode))
    fight = state.frames[-1]
    assert isinstance(fight, Fight) and fight.mode == mode and fight.counter
    return state


@pytest.mark.clauses("peg19.en:1016", "peg19.en:1018", "peg19.en:1020", "peg19.en:775")
def test_in_a_melee_fight_a_reward_card_used_normally_adds_its_strength() -> None:
    """peg19.en:1016-1020: used normally, a card adds the value at its top left (the Sword: 2) and stays beside the
    action card; peg19.en:775 adds it to the fight's Strength."""
    g = game()
    state = _fight(g, "melee")
    sword = reward(g, "Sword")
    assert PlayReward(1, sword, "normal") in g.legal_actions(state)
    after = play(g, state, PlayReward(1, sword, "normal"))
    fight = after.frames[-1]
    assert isinstance(fight, Fight) and fight.bonus == 2
    assert sword not in after.heroes[1].hand


@pytest.mark.clauses("peg19.en:1026", "peg19.en:1022")
def test_a_card_with_only_wild_strength_is_refused_when_used_normally() -> None:
    """peg19.en:1026: some reward cards can only be used with Wild Strength (Dynamite has one set of icons)."""
    g = game()
    state = _fight(g, "melee")
    dynamite = reward(g, "Dynamite")
    assert PlayReward(1, dynamite, "normal") not in g.legal_actions(state)
    assert _refusal(g, state, PlayReward(1, dynamite, "normal")) == (
        RULE,
        "Dynamite can only be used with Wild Strength",
    )
    assert PlayReward(1, dynamite, "wild") in g.legal_actions(state)


@pytest.mark.clauses("peg19.en:895")
def test_a_ranged_attack_takes_reward_cards_only_with_wild_strength() -> None:
    """peg19.en:895: in a ranged attack the hero plays reward cards "only in Wild Strength mode": the Sword used
    normally is refused (and not listed), used wild it adds 4."""
    g = game()
    state = _fight(g, "ranged")
    sword = reward(g, "Sword")
    assert PlayReward(1, sword, "normal") not in g.legal_actions(state)
    assert _refusal(g, state, PlayReward(1, sword, "normal")) == (
        RULE,
        "a ranged attack counts reward cards only in Wild Strength",
    )
    fight = play(g, state, PlayReward(1, sword, "wild")).frames[-1]
    assert isinstance(fight, Fight) and fight.bonus == 4


@pytest.mark.clauses("peg19.en:897", "peg19.en:1008")
def test_reward_tokens_count_in_a_melee_fight_but_not_in_a_ranged_attack() -> None:
    """peg19.en:1008: a reward token may be used at any time of the turn (the Claw adds 2 in melee);
    peg19.en:897: "During a Ranged attack, a Powerwolf CANNOT use Reward tokens"."""
    g = game()
    claw = token(g, "Claw")
    melee = _fight(g, "melee")
    assert PlayToken(1, claw) in g.legal_actions(melee)
    fight = play(g, melee, PlayToken(1, claw)).frames[-1]
    assert isinstance(fight, Fight) and fight.bonus == 2
    ranged = _fight(g, "ranged")
    assert PlayToken(1, claw) not in g.legal_actions(ranged)
    assert _refusal(g, ranged, PlayToken(1, claw)) == (RULE, "reward tokens cannot be used in a ranged attack")


@pytest.mark.clauses("peg19.en:1016", "peg19.en:1008")
def test_only_the_fighters_own_rewards_in_the_ways_printed_are_accepted() -> None:
    """Cards and tokens the fighter does not hold, a card that is no reward card, a mode that is neither of the two
    ways of peg19.en:1016, another hero's action and an action of no fight are each refused with their reason."""
    g = game()
    state = _fight(g, "melee")
    hammer = reward(g, "Hammer")
    action_card = state.heroes[1].hand[0]
    assert not action_card.startswith("reward/")
    assert _refusal(g, state, PlayReward(1, hammer, "normal")) == (
        RULE,
        f"{hammer!r} is not a reward card in Matthew's hand",
    )
    assert _refusal(g, state, PlayReward(1, action_card, "normal")) == (
        RULE,
        f"{action_card!r} is not a reward card in Matthew's hand",
    )
    assert _refusal(g, state, PlayReward(1, reward(g, "Sword"), "thrown")) == (
        RULE,
        "a reward card is used 'normal' or 'wild', not 'thrown'",
    )
    fang = token(g, "Fang")
    assert _refusal(g, state, PlayToken(1, fang)) == (RULE, f"Matthew holds no reward token {fang!r}")
    assert _refusal(g, state, PlayReward(0, reward(g, "Sword"), "normal")) == (
        RULE,
        "Matthew is fighting: only Matthew decides now",
    )
    assert _refusal(g, state, ChanceOutcome("draw_strigoi_token", "x")) == (
        RULE,
        "Matthew is fighting: only Matthew decides now",
    )
    assert _refusal(g, state, EndMove(1)) == (RULE, "Matthew is fighting: play rewards, use an ability, or resolve")
    assert _refusal(g, state, Pass(1, "end_fight_phase")) == (
        RULE,
        "Matthew is fighting: play rewards, use an ability, or resolve",
    )
    assert Pass(1, "resolve") in g.legal_actions(state)
