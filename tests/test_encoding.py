"""The action index space, legal masks and observation tensors (armata_rules.encoding)."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from armata_rules import Game
from armata_rules.actions import Action, ChanceOutcome, Step
from armata_rules.encoding import ActionSpace, ObservationEncoder, legal_actions_of
from armata_rules.frames import ChooseCards, DecisionKind
from armata_rules.state import GameState
from tests.play import new_game, played_states


@cache
def _game(players: int, chance: str = "auto", seed: int = 0) -> Game:
    return new_game(players, seed=seed, chance=chance)


@cache
def _space(players: int) -> ActionSpace:
    return ActionSpace.of(_game(players))


@cache
def _encoder(players: int) -> ObservationEncoder:
    return ObservationEncoder.of(_game(players))


def _states(game: Game, seed: int, steps: int) -> list[GameState]:
    """The states of a random legal game (seeds chosen to run clear of engine defects being fixed)."""
    return played_states(game, seed, steps)


@pytest.mark.parametrize("players", [2, 5])
def test_every_index_round_trips(players: int) -> None:
    space = _space(players)
    for index in range(space.num_distinct_actions):
        assert space.action_to_index(space.index_to_action(index)) == index


def test_the_space_depends_on_the_hero_count_not_the_heroes() -> None:
    other = ActionSpace.of(Game.new(heroes=["Roel", "Charles", "Falk Maria"]))
    assert other.num_distinct_actions == _space(3).num_distinct_actions
    assert [other.index_to_action(i) for i in range(0, 19000, 997)] == [
        _space(3).index_to_action(i) for i in range(0, 19000, 997)
    ]
    assert _space(2).num_distinct_actions < _space(3).num_distinct_actions < _space(5).num_distinct_actions


def test_kind_blocks_follow_the_documented_order() -> None:
    ranges = _space(3).kind_ranges()
    assert list(ranges)[:3] == ["chance", "place_ladder", "choose_card"]
    starts = [r.start for r in ranges.values()]
    assert starts == sorted(starts) and ranges["escape"].stop == _space(3).num_distinct_actions
    for kind, block in ranges.items():
        assert {_space(3).index_to_action(i).kind for i in block} == {kind}


def test_actions_outside_the_space_are_refused() -> None:
    space = _space(2)
    with pytest.raises(ValueError, match="outside the action space"):
        space.action_to_index(Step(0, "nowhere"))
    with pytest.raises(ValueError, match="outside the action space"):
        space.action_to_index(Step(2, sorted(_game(2).fortress.spaces)[0]))  # no seat 2 with two heroes
    with pytest.raises(ValueError, match="outside 0"):
        space.index_to_action(space.num_distinct_actions)
    with pytest.raises(ValueError, match="outside 0"):
        space.index_to_action(-1)


@pytest.mark.parametrize(("players", "chance", "seed"), [(2, "explicit", 1), (3, "auto", 3), (5, "explicit", 4)])
def test_every_legal_action_has_an_index_and_the_mask_is_exact(players: int, chance: str, seed: int) -> None:
    game = _game(players, chance, seed)
    space = _space(players)
    for state in _states(game, seed, 250):
        legal = game.legal_actions(state)
        mask = space.legal_mask(game, state)
        assert mask.dtype == np.bool_ and mask.shape == (space.num_distinct_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(space.action_to_index(a) for a in legal)
        assert int(mask.sum()) == len(legal)  # no two legal actions share an index
        if state.to_act.kind is DecisionKind.CHANCE:
            assert all(isinstance(a, ChanceOutcome) for a in legal)


def test_a_seat_sees_only_its_own_actions_at_the_simultaneous_choice() -> None:
    game = _game(3)
    state = next(s for s in _states(game, 3, 60) if s.to_act.kind is DecisionKind.SIMULTANEOUS)
    waiting = state.to_act.seats
    per_seat = [legal_actions_of(game, state, seat) for seat in waiting]
    assert all(per_seat) and all(
        getattr(a, "seat", None) == seat for seat, acts in zip(waiting, per_seat, strict=True) for a in acts
    )
    assert sum(map(len, per_seat)) == len(game.legal_actions(state))
    idle = next(s for s in _states(game, 3, 60) if s.to_act.kind is DecisionKind.PLAYER)
    others = [seat for seat in range(3) if seat not in idle.to_act.seats]
    assert all(not legal_actions_of(game, idle, seat) for seat in others)


@pytest.mark.parametrize(("players", "chance", "seed"), [(2, "auto", 0), (3, "explicit", 2), (5, "auto", 1)])
def test_every_observation_field_round_trips(players: int, chance: str, seed: int) -> None:
    game, encoder = _game(players, chance, seed), _encoder(players)
    for state in _states(game, seed, 300)[::3]:
        for seat in range(players):
            observation = game.observation(state, seat)
            vector = encoder.encode(observation)
            assert vector.dtype == np.float32 and vector.shape == (encoder.size,)
            assert encoder.decode(vector) == observation


def test_a_pickled_encoder_lays_out_and_encodes_as_the_original() -> None:
    """Pickled as its pack, layout and hero count, and laid out again (its view caches start empty)."""
    game, encoder = _game(3, "auto", 2), _encoder(3)
    copy = pickle.loads(pickle.dumps(encoder))
    assert copy is not encoder and copy.layout() == encoder.layout() and copy.high == encoder.high
    for state in _states(game, 2, 120)[::5]:
        observation = game.observation(state, 1)
        assert np.array_equal(copy.encode(observation), encoder.encode(observation))


def test_the_layout_covers_the_vector_without_gaps() -> None:
    encoder = _encoder(3)
    at = 0
    for segment in encoder.layout():
        assert segment.start == at and segment.length > 0
        at += segment.length
    assert at == encoder.size
    names = [s.name for s in encoder.layout()]
    assert len(names) == len(set(names)) and "hero[2].hand" in names and "blood.altar" in names


def test_decode_refuses_a_vector_of_the_wrong_shape() -> None:
    with pytest.raises(ValueError, match="shape"):
        _encoder(2).decode(np.zeros(3, dtype=np.float32))


def _hide_differently(state: GameState, seat: int, rng: random.Random, game: Game) -> GameState:
    """``state`` with ``seat``'s hidden cards (hand, discard pile, a face-down choice) swapped for others."""
    hero = state.heroes[seat]
    pool = sorted({*game.pack.cards, *game.pack.rewards} - {*hero.hand, *hero.discard, *hero.played})
    rng.shuffle(pool)
    hand = tuple(sorted(pool[: len(hero.hand)]))
    discard = tuple(sorted(pool[len(hero.hand) : len(hero.hand) + len(hero.discard)]))
    chosen = hero.chosen
    if chosen is not None and state.frames and isinstance(state.frames[-1], ChooseCards):
        chosen = pool[-1]
    return state.with_hero(seat, replace(hero, hand=hand, discard=discard, chosen=chosen))


@settings(max_examples=40)
@given(
    players=st.sampled_from([2, 3, 5]),
    steps=st.integers(0, 180),
    observer=st.integers(0, 4),
    shuffle=st.integers(0, 2**16),
)
def test_hidden_cards_of_other_seats_never_reach_the_tensor(
    players: int, steps: int, observer: int, shuffle: int
) -> None:
    game, encoder = _game(players, "auto", 2), _encoder(players)
    state = _states(game, 2, steps)[-1]
    observer %= players
    rng = random.Random(shuffle)
    changed = state
    for seat in range(players):
        if seat != observer:
            changed = _hide_differently(changed, seat, rng, game)
    seen = encoder.encode(game.observation(state, observer))
    assert np.array_equal(seen, encoder.encode(game.observation(changed, observer)))
    other = (observer + 1) % players
    if state.heroes[other].hand:  # the change is real: the owner sees it
        assert not np.array_equal(
            encoder.encode(game.observation(state, other)), encoder.encode(game.observation(changed, other))
        )


def test_actions_are_hashable_values() -> None:
    action: Action = _space(2).index_to_action(5)
    assert action == _space(2).index_to_action(5) and hash(action) == hash(_space(2).index_to_action(5))
