"""The observation encoder writes, bit for bit, what the encoder before issue 31 wrote (tests/encoding_reference.py),
on thousands of observations of random games of every preset, 2 to 5 heroes, both chance modes and every seat."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from armata_rules import Game, editions
from armata_rules.encoding import ObservationEncoder
from armata_rules.observation import Observation
from armata_rules.state import GameState
from tests.encoding_reference import ReferenceEncoder
from tests.play import new_game

#: (preset, heroes, chance mode, seed): every preset, every hero count, both chance modes.
CASES = [
    (ruleset.name, 2 + (i + k) % 4, "explicit" if (i + k) % 3 == 0 else "auto", 10 * i + k)
    for i, ruleset in enumerate(editions.ALL)
    for k in range(2)
]
#: States kept from each game, spread over the whole game (its last state included).
STATES_PER_GAME = 90


@cache
def _game(preset: str, heroes: int, chance: str, seed: int) -> Game:
    return new_game(heroes, ruleset=editions.by_name(preset), seed=seed, chance=chance)


def _encoders(game: Game) -> tuple[ObservationEncoder, ReferenceEncoder]:
    return ObservationEncoder.of(game), ReferenceEncoder(game.pack, game.fortress, len(game.heroes))


def _spread_states(game: Game, seed: int) -> list[GameState]:
    """States of one random game to its end (or 3,000 decisions), ``STATES_PER_GAME`` of them evenly spread."""
    rng = random.Random(seed)
    state = game.initial_state()
    states = [state]
    while not state.is_over and len(states) < 3000:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
    step = max(1, len(states) // STATES_PER_GAME)
    return [*states[:-1:step], states[-1]]


@pytest.mark.parametrize(("preset", "heroes", "chance", "seed"), CASES)
def test_the_encoder_equals_the_reference_bit_for_bit(preset: str, heroes: int, chance: str, seed: int) -> None:
    game = _game(preset, heroes, chance, seed)
    encoder, reference = _encoders(game)
    states = _spread_states(game, seed)
    row = np.full((2, encoder.size), 7.5, dtype=np.float32)  # a dirty buffer: encode_into must clear it
    compared = 0
    for state in states:
        for seat in range(heroes):
            observation = game.observation(state, seat)
            expected = reference.encode(observation)
            vector = encoder.encode(observation)
            assert vector.dtype == np.float32 and vector.shape == expected.shape
            assert vector.tobytes() == expected.tobytes(), (preset, heroes, state.round, seat)
            encoder.encode_into(observation, row[seat % 2])
            assert row[seat % 2].tobytes() == expected.tobytes()
            compared += 1
    assert compared >= 60 * heroes
    assert states[-1].is_over or len(states) > STATES_PER_GAME  # the game was played far, not cut at the start


def test_enough_observations_are_compared() -> None:
    """The cases above compare thousands of observations, over every preset and hero count."""
    total = sum(
        len(_spread_states(_game(*case), case[3])) * case[1]
        for case in CASES  # the games are cached: this replays nothing
    )
    assert total >= 2000
    assert {case[0] for case in CASES} == {r.name for r in editions.ALL}
    assert {case[1] for case in CASES} == {2, 3, 4, 5}
    assert {case[2] for case in CASES} == {"auto", "explicit"}


@pytest.mark.parametrize("heroes", [2, 5])
def test_the_layout_is_the_reference_layout(heroes: int) -> None:
    game = _game("peg19.en", heroes, "auto", 0)
    encoder, reference = _encoders(game)
    observation = game.observation(game.initial_state(), 0)
    assert encoder.layout() == tuple(reference.write(observation).segments)
    assert encoder.size == len(reference.encode(observation))


def _observation() -> tuple[ObservationEncoder, ReferenceEncoder, Observation]:
    game = _game("peg19.en", 3, "auto", 0)
    state = _spread_states(game, 0)[10]
    return (*_encoders(game), game.observation(state, 0))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda o: replace(o, heroes=(replace(o.heroes[0], hand=("no such card",)), *o.heroes[1:])), "hero[0].hand"),
        (lambda o: replace(o, heroes=(*o.heroes[:2], replace(o.heroes[2], position="nowhere"))), "hero[2].position"),
        (lambda o: replace(o, fight_tokens=("nowhere",)), "field fight_tokens: 'nowhere' is not one of"),
        (lambda o: replace(o, order=(0, 0)), "field order: 0 appears twice"),
        (lambda o: replace(o, ladders=(*o.ladders, *o.ladders[:1])), "appears twice"),
        (lambda o: replace(o, outcome="draw"), "field outcome: 'draw' is not one of the 2 known values"),
        (lambda o: replace(o, heroes=o.heroes[:2]), "2 heroes; this encoder is for 3"),
        (lambda o: replace(o, strigoi=o.strigoi[:1]), "1 Strigoi"),
        (lambda o: replace(o, rotations=()), "0 rotations"),
    ],
)
def test_a_malformed_observation_is_refused_as_the_reference_refuses_it(change: object, message: str) -> None:
    """The same one-line ``ValueError``, naming the field, from ``encode``, ``encode_into`` and the reference."""
    encoder, reference, observation = _observation()
    bad = change(observation)  # type: ignore[operator]
    with pytest.raises(ValueError) as expected:
        reference.encode(bad)
    assert message in str(expected.value)
    with pytest.raises(ValueError) as refused:
        encoder.encode(bad)
    assert str(refused.value) == str(expected.value)
    with pytest.raises(ValueError) as refused:
        encoder.encode_into(bad, np.zeros(encoder.size, np.float32))
    assert str(refused.value) == str(expected.value)


def test_encode_into_refuses_a_buffer_of_the_wrong_shape_or_type() -> None:
    encoder, _, observation = _observation()
    with pytest.raises(ValueError, match="float32 vector of shape"):
        encoder.encode_into(observation, np.zeros(encoder.size + 1, np.float32))
    with pytest.raises(ValueError, match="float32 vector of shape"):
        encoder.encode_into(observation, np.zeros(encoder.size, np.float64))
