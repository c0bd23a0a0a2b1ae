"""The ability window after the Strigoi act (reading ``ability_timing = not_during_fight``), against the texts that
end ability use when the Strigoi act (peg19.de, sb19.en)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import EndMove, GiveReward, Pass, UseAbility
from armata_rules.state import GameState, TurnState
from armata_rules.variants import AbilityTiming, Ruleset
from tests.scenario import ARMY, MOON, card_id, draw, game, play, reward, turn


def _attacked(ruleset: Ruleset, spent_heal: bool = False) -> tuple[Game, GameState, list[str]]:
    """Falk Maria (Heal on her card) stays on N:1,0; the Master teleports from NE by her card's letter onto N:0,0
    and attacks her; she takes the wound and lets the counterattack go. Returns the game, the state at the first
    other decision, and the decisions met on the way."""
    g = game(("Falk Maria", "Roel"), ruleset)
    blood = g.initial_state().blood
    total = blood.supply + blood.altar + blood.inferno
    army = card_id(g, "Falk Maria", ARMY)
    state = turn(
        g,
        [ARMY, MOON],
        positions={0: "N:1,0", 1: "C:0,0"},
        strigoi={"Master": "NE:0,0"},
        blood=(total - 2, 2, 0),
        first=0,
        turn=TurnState(0, 0),  # no step left: the move ends at once whatever the movement reading
    )
    if spent_heal:
        state = state.with_hero(0, replace(state.heroes[0], spent=(f"{army}/heal",)))
    state = play(g, state, EndMove(0), Pass(0, "end_fight_phase"))
    state = draw(g, state, "strigoi-token/master+0#1")
    seen: list[str] = []
    while state.to_act.decision in ("protect", "draw_wound", "counterattack"):
        decision = state.to_act.decision
        seen.append(decision)
        if decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            state = play(g, state, Pass(0, "take_wounds" if decision == "protect" else "no_counterattack"))
    return g, state, seen


@pytest.mark.clauses(
    "peg19.en:756",
    "peg19.it:1303",
    "peg19.fr:1849",
    "peg19.es:2315",
    "peg19.en:750",
    "peg19.en:831",
    "peg19.en:852",
    "peg19.it:1381",
    "peg19.fr:1933",
    "peg19.es:2408",
    "peg19.en:1046",
    "peg19.en:864",
)
def test_a_hero_wounded_by_the_strigoi_may_heal_before_the_turn_ends() -> None:
    """peg19.en:756: the played card's abilities 'at any time during their turn ... but not during a fight'; the
    Strigoi's move and attack is part of the turn (peg19.en:750), so once the attack, its wound and the
    counterattack (peg19.en:864) are over, Falk Maria heals (peg19.en:1046) the wound it gave her before the next
    player goes (peg19.en:831). Before, the turn ended at once after the Strigoi act."""
    g, state, seen = _attacked(editions.PEG19_EN)
    assert seen == ["protect", "draw_wound", "counterattack"]  # the window follows the whole Strigoi phase
    assert state.to_act.decision == "after_strigoi" and state.to_act.seats == (0,)
    assert state.turn is not None and state.turn.seat == 0 and state.heroes[0].wounds
    army = card_id(g, "Falk Maria", ARMY)
    heal = UseAbility(0, "heal", army, "card", "")
    assert g.legal_actions(state) == [Pass(0, "end_turn"), heal]
    state = play(g, state, heal)
    assert state.heroes[0].wounds == ()
    # the icon is spent and nothing else is usable: the window closes and the next hero's turn begins
    assert state.to_act.decision == "move" and state.to_act.seats == (1,)


@pytest.mark.clauses(
    "peg19.en:756", "peg19.it:1303", "peg19.fr:1849", "peg19.es:2315", "peg19.de:165", "sb19.en:306", "sb19.en:614"
)
@pytest.mark.parametrize(
    ("preset", "window"),
    [
        (editions.PEG19_EN, True),
        (editions.PEG19_IT, True),
        (editions.PEG19_FR, True),
        (editions.PEG19_ES, True),
        (editions.PEG19_DE, False),
        (editions.SB19_EN, False),
    ],
    ids=["peg19.en", "peg19.it", "peg19.fr", "peg19.es", "peg19.de", "sb19.en"],
)
def test_the_window_after_the_strigoi_by_preset(preset: Ruleset, window: bool) -> None:
    """The four texts whose golden rule says 'at any time during the turn, but not during a fight' (peg19.en:756,
    peg19.it:1303, peg19.fr:1849, peg19.es:2315) open the window once the Strigoi phase is over; the German and
    ScriBabs texts end ability use 'before the Strigoi move and attack' (peg19.de:165, sb19.en:306, sb19.en:614),
    so their turn ends with the Strigoi phase."""
    g, state, _ = _attacked(preset)
    if window:
        assert state.to_act.decision == "after_strigoi" and state.to_act.seats == (0,)
        assert UseAbility(0, "heal", card_id(g, "Falk Maria", ARMY), "card", "") in g.legal_actions(state)
    else:
        assert state.to_act.decision == "move" and state.to_act.seats == (1,)


@pytest.mark.clauses("sb19.en:306", "sb19.en:614", "peg19.de:165")
@pytest.mark.parametrize(
    "reading", [AbilityTiming.BEFORE_STRIGOI_ACTS, AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT]
)
def test_no_heal_after_the_strigoi_where_abilities_end_when_it_acts(reading: AbilityTiming) -> None:
    """sb19.en:306 and sb19.en:614 ('before the Strigoi moves and attacks'), peg19.de:165 ('bevor die Strigoi sich
    bewegen und angreifen'): with everything else as in peg19.en, the wounded hero keeps her wound into the next
    hero's turn."""
    _, state, _ = _attacked(editions.PEG19_EN.with_(ability_timing=reading))
    assert state.to_act.decision == "move" and state.to_act.seats == (1,)
    assert state.heroes[0].wounds


@pytest.mark.clauses("peg19.en:756", "peg19.en:924")
def test_no_window_when_no_ability_is_usable() -> None:
    """peg19.en:756 with peg19.en:924: her card's only icon is spent this turn, and she holds nothing else to use,
    so no empty decision is offered: the turn ends with the Strigoi phase."""
    _, state, seen = _attacked(editions.PEG19_EN, spent_heal=True)
    assert seen == ["protect", "draw_wound", "counterattack"]
    assert state.to_act.decision == "move" and state.to_act.seats == (1,)
    assert state.heroes[0].wounds


@pytest.mark.clauses("peg19.en:756", "peg19.en:831", "peg19.en:1030", "sb19.en:582")
def test_passing_the_window_ends_the_turn() -> None:
    """Pass(seat, 'end_turn') closes the window and the turn (peg19.en:831): the next hero moves, the wound stays
    and the Heal can no longer be used. The window is for abilities: a reward card does not change hands there
    (peg19.en:1030, sb19.en:582, exchange-on-own-turn)."""
    g, state, _ = _attacked(editions.PEG19_EN)
    assert state.to_act.decision == "after_strigoi"
    with pytest.raises(RuleViolation, match="before Phase 2c"):
        g.apply(state, GiveReward(0, 1, reward(g, "Sword")))
    with pytest.raises(RuleViolation, match="end the turn"):
        g.apply(state, Pass(0, "end_fight_phase"))
    after = play(g, state, Pass(0, "end_turn"))
    assert after.to_act.decision == "move" and after.to_act.seats == (1,)
    assert after.turn is not None and after.turn.seat == 1 and after.heroes[0].wounds
    with pytest.raises(RuleViolation):
        g.apply(after, UseAbility(0, "heal", card_id(g, "Falk Maria", ARMY), "card", ""))
