"""The executor: a batch of effects gives the state (and the effect trace) that executing them one by one gives."""

from __future__ import annotations

import random

import pytest

from armata_rules import Game, effects
from armata_rules.effects import AddWound, CardZone, Effect, GainBlood, MoveCard
from armata_rules.errors import EngineInvariantError
from armata_rules.kernel.play.effects import tracing
from armata_rules.rules.executor import execute, execute_all
from armata_rules.state import GameState


def _one_by_one(state: GameState, batch: list[Effect]) -> GameState:
    for effect in batch:
        state = execute(state, effect)
    return state


def _traced(run: object, state: GameState, batch: list[Effect]) -> tuple[GameState, list[Effect]]:
    with tracing(effects) as trace:
        return run(state, batch), trace  # type: ignore[operator]


def _mid_game() -> GameState:
    game = Game.new(["Attila", "Falk Maria", "Charles"], seed=21)
    state, rng = game.initial_state(), random.Random(21)
    while state.round < 3 or not any(h.discard for h in state.heroes) or not any(h.played for h in state.heroes):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def test_runs_of_moves_between_a_hero_s_zones_equal_moves_one_by_one() -> None:
    state = _mid_game()
    rng = random.Random(3)
    for _ in range(40):
        batch: list[Effect] = []
        heroes = list(state.heroes)
        for _ in range(rng.randrange(1, 7)):
            seat = rng.randrange(len(heroes))
            hero = heroes[seat]
            zones = [z for z in ("hand", "discard", "played") if getattr(hero, z)]
            if rng.random() < 0.25 or not zones:  # between the moves, effects on the state and on the same hero
                batch.append(GainBlood(cap=5) if rng.random() < 0.5 else AddWound(seat, f"wound-{len(batch)}"))
                heroes[seat] = _one_by_one(state.with_hero(seat, hero), [batch[-1]]).heroes[seat]
                continue
            zone = rng.choice(zones)
            card = rng.choice(getattr(hero, zone))
            source = {"hand": CardZone.HAND, "discard": CardZone.DISCARD, "played": CardZone.PLAYED}[zone]
            target = rng.choice([z for z in (CardZone.HAND, CardZone.DISCARD, CardZone.PLAYED) if z is not source])
            batch.append(MoveCard(card, seat, source, target))
            heroes[seat] = _one_by_one(state.with_hero(seat, hero), [batch[-1]]).heroes[seat]
        batched, batched_trace = _traced(execute_all, state, batch)
        single, single_trace = _traced(_one_by_one, state, batch)
        assert batched == single and batched_trace == single_trace == batch


def test_a_bad_move_in_a_run_is_refused_and_the_state_is_untouched() -> None:
    state = _mid_game()
    seat = next(s for s, h in enumerate(state.heroes) if h.discard)
    card = state.heroes[seat].discard[0]
    batch: list[Effect] = [
        MoveCard(card, seat, CardZone.DISCARD, CardZone.HAND),
        MoveCard(card, seat, CardZone.DISCARD, CardZone.HAND),  # no longer in the discard pile
    ]
    before = state.to_json()
    with pytest.raises(EngineInvariantError, match="not in the discard"):
        execute_all(state, batch)
    assert state.to_json() == before
