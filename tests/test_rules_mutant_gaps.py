"""Scenarios the mutation run over ``rules/`` showed missing (issue 28 §4): refusals a player reads word for word
(Nighttime Rebel's draw, the exchange of reward cards, taking back a fight token), what a counterattack offers, the
log of a tie on initiative broken by chance, the fight token taken back when none is in another room and free; and
three engine contracts the scenarios reach only through caches or at import: the step and attack kernels asked
directly, the execution functions still found in :mod:`armata_rules.effects`, one handler per frame type."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    ChooseCard,
    EndMove,
    GiveReward,
    Pass,
    Reactivate,
    RebelDraw,
    Step,
)
from armata_rules.frames import CollapseEscape
from armata_rules.rules.fights import CollapseEscapeRules
from armata_rules.rules.handlers import HANDLERS, handles
from armata_rules.state import GameState
from armata_rules.variants import InitiativeTies
from tests.scenario import ARMY, CROSS, MOON, PRAYER, card_id, draw, encounter, game, play, reward, strigoi_attack, turn


def _refusal(g: Game, state: GameState, action: Action) -> tuple[str, str]:
    """The rule id and the message of the refusal of ``action``."""
    with pytest.raises(RuleViolation) as refused:
        g.apply(state, action)
    return refused.value.rule_id, refused.value.message


def _said(state: GameState, line: str) -> bool:
    """Whether the log has ``line`` (each line is prefixed with its round)."""
    return any(said.split(": ", 1)[1] == line for said in state.history())


# ------------------------------------------------------------------------------------------ Nighttime Rebel


def _rebel_in_roels_hand(g: Game, deck: Iterable[str] | None = None) -> tuple[GameState, str]:
    """Roel's move, with Nighttime Rebel (assigned earlier) in his hand; ``deck``: what is left of the reward deck
    (the rest went into the box), all of it if ``None``."""
    rebel = next(c.id for c in g.pack.advanced_cards if c.title == "Nighttime Rebel")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, first=0)
    hero = state.heroes[0]
    state = state.with_hero(0, replace(hero, hand=tuple(sorted((*hero.hand, rebel))), earned=("Nighttime Rebel",)))
    state = replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != rebel))
    if deck is not None:
        left = tuple(deck)
        gone = tuple(c for c in state.reward_deck.hidden if c not in left)
        state = replace(
            state, reward_deck=replace(state.reward_deck, hidden=left), box=tuple(sorted((*state.box, *gone)))
        )
    return state, rebel


@pytest.mark.clauses("peg19.en:974", "sb19.en:542")
def test_only_its_holder_draws_with_nighttime_rebel_on_his_own_turn() -> None:
    """peg19.en:974 / sb19.en:542: Nighttime Rebel's owner may use it to draw a reward card; Matthew, who does not
    hold it, cannot draw with it in Roel's turn, and the refusal says whose turn it is."""
    g = game()
    state, _ = _rebel_in_roels_hand(g)
    assert RebelDraw(0) in g.legal_actions(state) and RebelDraw(1) not in g.legal_actions(state)
    assert _refusal(g, state, RebelDraw(1)) == ("advanced.nighttime_rebel", "it is Roel's turn")


@pytest.mark.clauses("peg19.en:974", "sb19.en:542", "peg19.en:1028", "sb19.en:580")
def test_nighttime_rebel_draws_the_last_reward_card_but_nothing_from_an_empty_deck() -> None:
    """peg19.en:974 / sb19.en:542: the Rebel draws a reward card and leaves the game. With one card left the draw
    is offered and takes that card; with the deck run out there is nothing more to be found (peg19.en:1028 /
    sb19.en:580): no draw is offered, and one tried is refused with those words, the Rebel kept."""
    g = game()
    last = reward(g, "Hammer")
    state, rebel = _rebel_in_roels_hand(g, deck=(last,))
    assert RebelDraw(0) in g.legal_actions(state)
    state = play(g, state, RebelDraw(0))
    assert rebel in state.box and rebel not in state.heroes[0].hand
    assert state.to_act.decision == "draw_reward_card"
    assert [o.outcome for o, _ in g.chance_outcomes(state)] == [last]
    state = draw(g, state, last)
    assert last in state.heroes[0].hand
    empty, rebel = _rebel_in_roels_hand(g, deck=())
    assert RebelDraw(0) not in g.legal_actions(empty)
    assert _refusal(g, empty, RebelDraw(0)) == (
        "advanced.nighttime_rebel",
        "the reward deck is empty: there is nothing more to be found",
    )
    assert rebel in empty.heroes[0].hand


# ------------------------------------------------------------------------------------------ exchanging reward cards


@pytest.mark.clauses("peg19.en:1030", "sb19.en:582")
def test_only_a_reward_card_in_the_giver_s_hand_changes_hands_and_only_on_his_turn() -> None:
    """peg19.en:1030 / sb19.en:582: Powerwolf on adjacent spaces exchange reward cards, not action cards. Roel, next
    to Matthew, may give his Sword; not Prayer in the Dark (an action card in his hand), not Matthew's Hammer (not
    his), and Matthew cannot hand a card over in Roel's turn (exchange-on-own-turn). Each refusal says why."""
    g = game()
    sword, hammer = reward(g, "Sword"), reward(g, "Hammer")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,0", 1: "C:1,0"}, hands={0: [sword], 1: [hammer]}, first=0)
    prayer = card_id(g, "Roel", PRAYER)
    assert prayer in state.heroes[0].hand
    gifts = {a for a in g.legal_actions(state) if isinstance(a, GiveReward)}
    assert gifts == {GiveReward(0, 1, sword)}
    for card in (prayer, hammer):
        assert _refusal(g, state, GiveReward(0, 1, card)) == (
            "rewards.exchange",
            f"{card!r} is not a reward card in Roel's hand",
        )
    assert _refusal(g, state, GiveReward(1, 0, hammer)) == (
        "rewards.exchange",
        "reward cards change hands on the giver's turn, outside fights, before Phase 2c",
    )
    state = play(g, state, GiveReward(0, 1, sword))
    assert sword in state.heroes[1].hand and _said(state, f"Roel hands {sword} to Matthew")


# ------------------------------------------------------------------------------------------ fight tokens


def _sixth_token(g: Game, state: GameState, seat: int) -> GameState:
    """``seat`` (standing next to the red space C:1,1) steps on it, flips a Cultist and beats it: its fight token
    would be the seventh on the board."""
    state = play(g, state, Step(seat, "C:1,1"), Choose(seat, "flip"))
    state = draw(g, state, encounter(g, "red", "Cultist"))
    return play(g, state, Pass(seat, "resolve"))


@pytest.mark.clauses("peg19.en:797", "peg19.en:799", "sb19.en:352", "sb19.en:354")
def test_only_the_hero_who_just_fought_takes_back_a_fight_token_and_only_an_allowed_one() -> None:
    """peg19.en:799 / sb19.en:354: with all six fight tokens on the board, the player who just finished an encounter
    takes one back, not in his room, not under another Powerwolf. Matthew cannot choose for Roel, Roel cannot do
    anything else, and a token in his room is refused; each refusal says why."""
    g = game()
    out = ("C:-1,-1", "NE:2,-2", "S:1,1", "SW:2,-1", "NW:-2,0", "N:0,2")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "S:1,1"}, fight_tokens=out, first=0)
    state = _sixth_token(g, state, 0)
    assert state.to_act.decision == "reactivate" and state.to_act.seats == (0,)
    now = "Roel takes back a fight token now"
    assert _refusal(g, state, Reactivate(1, "N:0,2")) == ("encounter.fight_token", now)
    assert _refusal(g, state, EndMove(0)) == ("encounter.fight_token", now)
    assert _refusal(g, state, Reactivate(0, "C:-1,-1")) == (
        "encounter.fight_token",
        "'C:-1,-1' is not a token that may be taken (not in your room, not under a hero)",
    )
    state = play(g, state, Reactivate(0, "N:0,2"))
    assert "N:0,2" not in state.fight_tokens and "C:1,1" in state.fight_tokens
    assert _said(state, "the encounter space N:0,2 is reactivated")


@pytest.mark.clauses("peg19.en:799", "sb19.en:354")
def test_when_no_fight_token_is_in_another_room_and_free_any_may_be_taken() -> None:
    """peg19.en:799 / sb19.en:354, the note: 'in the extremely rare possibility that no tokens fulfill both
    requirements, use any token of your choice'. Roel fights in C; two tokens lie in C and the other four under the
    four other Powerwolf: every one of the six is offered."""
    g = game(("Attila", "Falk Maria", "Charles", "Matthew", "Roel"))
    out = ("C:-2,1", "C:-1,-1", "S:1,1", "N:0,2", "NE:2,-2", "SW:2,-1")
    state = turn(
        g,
        [ARMY, ARMY, ARMY, ARMY, MOON],
        positions={0: "S:1,1", 1: "N:0,2", 2: "NE:2,-2", 3: "SW:2,-1", 4: "C:0,2"},
        fight_tokens=out,
        first=4,
    )
    state = _sixth_token(g, state, 4)
    assert state.to_act.decision == "reactivate" and state.to_act.seats == (4,)
    assert set(g.legal_actions(state)) == {Reactivate(4, space) for space in out}
    state = play(g, state, Reactivate(4, "S:1,1"))
    assert "S:1,1" not in state.fight_tokens and "C:1,1" in state.fight_tokens


# ------------------------------------------------------------------------------------------ counterattack


@pytest.mark.clauses("peg19.en:864", "sb19.en:427")
def test_the_attacked_hero_is_offered_the_counterattack_or_to_let_it_be() -> None:
    """peg19.en:864 / sb19.en:427: after the Strigoi's attack, with enough blood points on the altar, the attacked
    Powerwolf can counterattack, in melee or at range. The Master lands on N:0,0 next to Matthew and in his sight:
    Matthew is offered exactly those two counterattacks or to let it be; letting it be closes the Strigoi's act."""
    g = game()
    state = turn(
        g, [MOON, CROSS], positions={0: "C:-1,0", 1: "N:1,0"}, strigoi={"Master": "NE:0,0"}, blood=(12, 2, 0), first=0
    )
    state = strigoi_attack(g, state)
    assert state.to_act.decision == "counterattack" and state.to_act.seats == (1,)
    assert g.legal_actions(state) == [
        AttackStrigoi(1, 0, "melee"),
        AttackStrigoi(1, 0, "ranged"),
        Pass(1, "no_counterattack"),
    ]
    state = play(g, state, Pass(1, "no_counterattack"))
    assert state.to_act.decision != "counterattack"


# ------------------------------------------------------------------------------------------ initiative ties


@pytest.mark.clauses("peg19.en:742", "sb19.en:294")
def test_a_tie_on_initiative_broken_by_chance_is_told_in_the_log() -> None:
    """peg19.en:742 / sb19.en:294: turns follow the initiative values, lowest first. Attila and Falk Maria both play
    Army of the Night (3); under the reading initiative_ties = chance a draw orders them, and the log tells the
    players the order drawn."""
    g = game(("Attila", "Falk Maria", "Charles"), editions.PEG19_EN.with_(initiative_ties=InitiativeTies.CHANCE))
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    cards = (card_id(g, "Attila", ARMY), card_id(g, "Falk Maria", ARMY), card_id(g, "Charles", "Beast of Gévaudan"))
    state = play(g, state, *(ChooseCard(seat, card) for seat, card in enumerate(cards)))
    assert [o.outcome for o, _ in g.chance_outcomes(state)] == ["0,1", "1,0"]
    state = g.apply(state, ChanceOutcome("order_ties", "1,0"))
    assert state.order == (1, 0, 2)
    assert _said(state, "tie on initiative broken by chance: 1,0")


# ------------------------------------------------------------------------------------------ engine contracts


@pytest.mark.clauses("peg19.en:760", "peg19.en:765", "peg19.en:801", "peg19.en:880")
def test_the_step_and_attack_kernels_ask_for_both_conditions() -> None:
    """The guards ask these kernels through a cache of answers (rules.kernels), so a scenario may never call them:
    asked directly, a step needs movement left (peg19.en:760) and must not go back onto the jump (peg19.en:765);
    an attack on a Strigoi after the turn's encounter (peg19.en:801, :880) needs the reading that allows it."""
    from armata_rules import effects

    assert effects.may_step(1, False) is True
    assert effects.may_step(0, False) is False
    assert effects.may_step(1, True) is False
    assert effects.may_attack_strigoi(False, False, False) is True
    assert effects.may_attack_strigoi(True, True, False) is False
    assert effects.may_attack_strigoi(True, True, True) is True
    assert effects.may_attack_strigoi(True, False, True) is False


def test_the_execution_functions_live_in_the_executor_only() -> None:
    """``execute`` and its kin live in rules.executor. armata_rules.effects no longer re-exports them lazily: that
    shim made effects and the executor import each other (issue 33), and nothing read the names through it. A
    missing name is a plain AttributeError that names it."""
    from armata_rules import effects
    from armata_rules.rules import executor

    for name in ("blood_after", "execute", "execute_all", "execute_more"):
        assert callable(getattr(executor, name))
        with pytest.raises(AttributeError) as missing:
            getattr(effects, name)
        assert str(missing.value) == f"module 'armata_rules.effects' has no attribute {name!r}"


def test_a_frame_type_gets_exactly_one_handler() -> None:
    """``handles`` registers one instance of the handler for a frame type; a second registration for the same type
    is refused with an error that names it (two handlers would make the rule that runs depend on import order). The
    collapse's frame is taken out of the registry and registered anew (no new frame class: the compiled build's
    frames cannot be subclassed here); the engine's own handler is put back whatever happens."""
    engine_s = HANDLERS.pop(CollapseEscape)
    try:
        handles(CollapseEscape, CollapseEscapeRules)
        registered = HANDLERS[CollapseEscape]
        assert type(registered) is CollapseEscapeRules and registered is not engine_s
        with pytest.raises(ValueError) as twice:
            handles(CollapseEscape, CollapseEscapeRules)
        assert str(twice.value) == "two handlers for CollapseEscape"
        assert HANDLERS[CollapseEscape] is registered
    finally:
        HANDLERS[CollapseEscape] = engine_s
