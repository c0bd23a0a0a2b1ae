"""The observation bounds the environments declare: derived from the game, and never exceeded in play (issue 31)."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from armata_rules import Game, editions
from armata_rules.adapters.bounds import observation_high
from armata_rules.encoding import ObservationEncoder, Segment
from armata_rules.sim.bots import GreedyBot, RandomBot

HEROES = ("Attila", "Roel", "Matthew", "Charles", "Falk Maria")


def _high(game: Game) -> tuple[ObservationEncoder, np.ndarray]:
    encoder = ObservationEncoder.of(game)
    return encoder, observation_high(encoder, game)


def _bound(encoder: ObservationEncoder, high: np.ndarray, name: str) -> float:
    segment = next(s for s in encoder.layout() if s.name == name)
    return float(high[segment.start])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["peg19.en", "sb19.en"])
def test_every_observation_of_random_and_greedy_play_is_inside_the_bounds(players: int, edition: str) -> None:
    """Every entry of every seat's vector, at every state of a random and a greedy game, is in ``[0, high]``."""
    worst: np.ndarray | None = None
    for seed, bot in ((players, RandomBot), (players + 10, GreedyBot)):
        game = Game.new(HEROES[:players], ruleset=edition, seed=seed)
        encoder, high = _high(game)
        state, rng = game.initial_state(), random.Random(seed)
        player = bot(rng)
        while True:
            for seat in range(players):
                vector = encoder.encode(game.observation(state, seat))
                outside = [
                    s.name for s in encoder.layout() if (vector[s.start : s.start + s.length] > high[s.start]).any()
                ]
                assert not outside and (vector >= 0).all(), outside
                worst = vector if worst is None else np.maximum(worst, vector)
            if state.is_over:
                break
            state = game.apply(state, player.choose(game, state, game.legal_actions(state)))
    assert worst is not None
    # the blood bounds are reached: the supply starts full
    assert worst[next(s.start for s in encoder.layout() if s.name == "blood.supply")] == _bound(
        encoder, high, "blood.supply"
    )


def test_the_bounds_come_from_the_components_and_tables() -> None:
    game = Game.new(HEROES[:3], seed=0)
    encoder, high = _high(game)
    blood = game.initial_state().blood
    assert _bound(encoder, high, "blood.supply") == blood.supply + blood.altar + blood.inferno == 14  # peg19.en:668
    assert _bound(encoder, high, "blood.altar") == game.ctx.altar_cap == 5  # peg19.en:880
    assert _bound(encoder, high, "strigoi[0].wounds") == 4  # the Supreme side's existence
    assert _bound(encoder, high, "hero[1].hand_size") == len(encoder.cards)
    assert _bound(encoder, high, "stacks.wounds.size") == len(game.pack.wounds)
    assert _bound(encoder, high, "round") == np.inf
    assert _bound(encoder, high, "hero[0].has_chosen") == 1.0
    positions = next(s for s in encoder.layout() if s.name == "hero[0].tokens")
    assert (high[positions.start : positions.start + positions.length] == len(encoder.tokens)).all()
    assert float(high[np.isfinite(high)].max()) < 1000  # not an arbitrary ceiling
    sb19 = Game.new(HEROES[:3], ruleset=editions.SB19_EN, seed=0)
    encoder19, high19 = _high(sb19)
    assert _bound(encoder19, high19, "blood.supply") == 10  # sb19.de:140: fewer counters


class _Relaid:
    """An encoder whose layout is ``segments`` (the encoder is a native class on the compiled build: its methods
    cannot be patched)."""

    def __init__(self, encoder: ObservationEncoder, segments: tuple[Segment, ...]) -> None:
        self._encoder = encoder
        self._segments = segments

    def layout(self) -> tuple[Segment, ...]:
        return self._segments

    def __getattr__(self, name: str) -> object:
        return getattr(self._encoder, name)


def test_a_count_field_with_no_known_bound_is_refused() -> None:
    game = Game.new(HEROES[:2], seed=0)
    encoder = ObservationEncoder.of(game)
    segments = encoder.layout()
    extra = Segment("hero[0].mystery", encoder.size - 1, 1, "count")
    with pytest.raises(ValueError, match=r"observation field hero\[0\]\.mystery: a count with no known bound"):
        observation_high(_Relaid(encoder, (*segments, extra)), game)  # type: ignore[arg-type]
    odd = replace(segments[0], encoding="bits")
    with pytest.raises(ValueError, match="unknown encoding 'bits'"):
        observation_high(_Relaid(encoder, (odd,)), game)  # type: ignore[arg-type]
