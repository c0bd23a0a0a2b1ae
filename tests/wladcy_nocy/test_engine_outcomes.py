"""Whole games on the synthetic pack reach every ending the rules allow (wn.pl:441-445), deterministically: random
and simple players lose to the veil; the ritual player (:mod:`armata_rules.wladcy_nocy.sim.ritual`) outlasts the
deck in a complete game (and wins the ritual from the start: ``test_outcomes_from_start.py``); the hunter
(:mod:`armata_rules.wladcy_nocy.sim.bots`) wins it by legal play from a crafted state where the Family is one seal
away from it. The synthetic pack's values are invented: no balance figure may be
read from these games."""

from __future__ import annotations

import random

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.equipment.decks import SegmentedDeck
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import NightStart, RoundEnd, Turn
from armata_rules.wladcy_nocy.sim.bots import greedy_action, hunter_action, play
from armata_rules.wladcy_nocy.sim.ritual import ritual_action
from armata_rules.wladcy_nocy.state import DistrictState, Phase, WNOutcome
from tests.wladcy_nocy.helpers import SYNTHETIC, crafted, lines, new_game

FIVE = ["agnieszka", "imre", "ishtvan", "laszlo", "mila"]


def _random(seed: int) -> object:
    rng = random.Random(seed)
    return lambda game, state: rng.choice(game.legal_actions(state))


@pytest.mark.clauses("wn.pl:441", "wn.pl:444")
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_play_loses_to_the_veil(n: int) -> None:
    game = Game.new(FIVE[:n], content=SYNTHETIC, seed=n)
    final = play(game, _random(n))  # type: ignore[arg-type]
    assert final.outcome is WNOutcome.VEIL_LOST and final.veil == 0
    assert game.seat_returns(final) == (-1.0,) * n
    assert lines(final)[-1].startswith("the veil is torn")


@pytest.mark.clauses("wn.pl:167", "wn.pl:173", "wn.pl:441", "wn.pl:445")
def test_the_ritual_player_outlasts_the_deck_in_a_complete_game() -> None:
    """Five vampires at Hard: 12 cards, so the loss comes when round 13's card cannot be revealed."""
    endings = {}
    for seed in range(6):
        game = Game.new(FIVE, difficulty="hard", content=SYNTHETIC, seed=seed)
        final = play(game, lambda game, state: ritual_action(game.ctx, state, game.legal_actions(state)))
        endings[seed] = (final.outcome, final.round)
    assert set(endings.values()) == {(WNOutcome.DECK_EMPTY, 13)}


@pytest.mark.clauses("wn.pl:409-413", "wn.pl:425", "wn.pl:431-435", "wn.pl:437", "wn.pl:443")
def test_legal_play_from_one_seal_short_wins_by_the_ritual() -> None:
    """Three vampires with 9 victims each gathered in the centre with 4 minions and no agent; Mila's and
    Agnieszka's seals are placed. The hunter seals the centre with Ishtvan (a minion removed) and begins the ritual."""
    game = new_game(chance="auto")
    state = crafted(
        game,
        frames=(RoundEnd(), Turn(0)),
        cells=[4, 4, 4],
        victims=[9, 9, 9],
        ap=[2, 2, 2],
        seals={1: 1, 2: 2},
        districts={4: DistrictState(minions=4), 7: DistrictState(hidden=2)},
    )
    final = play(game, hunter_action, state)
    assert final.outcome is WNOutcome.RITUAL
    assert final.districts[4] == DistrictState(minions=3, seal="ishtvan")
    assert lines(final)[-2:] == [
        "ishtvan begins the Blood Moon ritual",
        "the Blood Moon rises over the city: the players win",
    ]
    assert game.seat_returns(final) == (1.0, 1.0, 1.0)


@pytest.mark.clauses("wn.pl:173", "wn.pl:445")
def test_an_empty_deck_at_the_reveal_loses_whoever_plays() -> None:
    """A crafted last night: the deck is spent; the next day's reveal ends the game."""
    game = new_game(chance="auto")
    state = crafted(game, frames=(RoundEnd(), Turn(2), Turn(1), Turn(0)), ap=[2, 2, 2])
    spent = SegmentedDeck(tuple(replace(s, count=0) for s in state.events.segments))
    final = play(game, greedy_action, replace(state, events=spent))
    assert final.outcome is WNOutcome.DECK_EMPTY and final.round == state.round + 1
    assert final.phase is Phase.DAY


@pytest.mark.clauses("wn.pl:401", "wn.pl:444")
def test_the_veil_at_zero_ends_the_game_before_anything_else() -> None:
    game = new_game(chance="auto")
    state = crafted(game, frames=(NightStart(),), phase=Phase.DAY, veil=1, blood=[0, 4, 4], leader=0)
    assert state.outcome is WNOutcome.VEIL_LOST  # Ishtvan's recovery weakens the veil to 0 (wn.pl:277)
    assert state.vampires[0].blood == 1 and state.frames[-1] == Turn(0)
