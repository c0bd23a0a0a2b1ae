"""A seat's vector kept up to date part by part (armata_rules.observation_vector) is, bit for bit, the encoder's vector
of the seat's observation: on random games of every preset and hero count, every seat, the states given in play
order, in a shuffled order and from two games in turn; a state the encoder refuses changes nothing."""

from __future__ import annotations

import copy
import gc
import pickle
import random
from dataclasses import replace

import numpy as np
import pytest

from armata_rules import Game, editions
from armata_rules.adapters.table import Table
from armata_rules.encoding import ObservationEncoder
from armata_rules.observation import STACKS, board_seen, strigoi_seen
from armata_rules.observation_vector import SeatVector
from armata_rules.state import GameState
from tests.play import new_game, played_states

#: (preset, heroes, chance mode, seed): every preset, every hero count, both chance modes.
CASES = [
    (ruleset.name, 2 + (i + k) % 4, "explicit" if (i + k) % 3 == 1 else "auto", 31 * i + k)
    for i, ruleset in enumerate(editions.ALL)
    for k in range(2)
]


def _states(game: Game, seed: int, limit: int = 700) -> list[GameState]:
    """Every state of one random game, to its end or ``limit`` decisions."""
    return played_states(game, seed, limit)


def _expected(game: Game, encoder: ObservationEncoder, state: GameState, seat: int) -> np.ndarray:
    return encoder.encode(game.observation(state, seat))


@pytest.mark.parametrize(("preset", "heroes", "chance", "seed"), CASES)
def test_the_seat_vector_is_the_encoders_vector_in_play_and_in_any_order(
    preset: str, heroes: int, chance: str, seed: int
) -> None:
    game = new_game(heroes, ruleset=editions.by_name(preset), seed=seed, chance=chance)
    encoder = ObservationEncoder.of(game)
    states = _states(game, seed)
    shuffled = random.Random(seed).sample(states, len(states))
    compared = 0
    for order in (states, shuffled):
        vectors = [SeatVector(encoder, seat) for seat in range(heroes)]
        for state in order:
            for seat, vector in enumerate(vectors):
                assert np.array_equal(vector.of(state), _expected(game, encoder, state, seat)), (seat, state.round)
                compared += 1
    assert compared == 2 * heroes * len(states)


def test_two_episodes_side_by_side_on_one_table_keep_their_own_vectors() -> None:
    """The table keeps one vector per episode and seat, so two games played in turn do not rewrite each other's."""
    table = Table(("Attila", "Roel", "Matthew"))
    games = [table.game(seed) for seed in (1, 2)]
    plays = [_states(game, seed, 300) for seed, game in enumerate(games, start=1)]
    for k in range(max(map(len, plays))):
        for game, states in zip(games, plays, strict=True):
            state = states[min(k, len(states) - 1)]
            seat = k % 3
            assert np.array_equal(table.vector(game, state, seat), _expected(game, table.encoder, state, seat))
    assert len(table._seat_vectors) == 2
    # the table holds an episode weakly, the last one asked about too: once its engine is gone, so are its vectors
    del game, games, plays
    gc.collect()
    assert len(table._seat_vectors) == 0 and table._last_vectors is not None and table._last_vectors[0]() is None


def test_a_vector_given_out_is_a_copy() -> None:
    game = new_game(2, seed=3)
    vector = SeatVector(ObservationEncoder.of(game), 0)
    state = game.initial_state()
    given = vector.of(state)
    given[:] = 9.0
    assert np.array_equal(vector.of(state), _expected(game, ObservationEncoder.of(game), state, 0))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: replace(s, heroes=(replace(s.heroes[0], hand=("no such card",)), *s.heroes[1:])), "hero[0].hand"),
        (lambda s: replace(s, heroes=(*s.heroes[:1], replace(s.heroes[1], position="nowhere"))), "hero[1].position"),
        (lambda s: replace(s, fight_tokens=("nowhere",)), "field fight_tokens: 'nowhere' is not one of"),
        (lambda s: replace(s, order=(0, 0)), "field order: 0 appears twice"),
        (lambda s: replace(s, heroes=s.heroes[:1]), "the state has 1 heroes; this encoder is for 2"),
    ],
)
def test_a_state_the_encoder_refuses_changes_nothing(change: object, message: str) -> None:
    """The encoder's one-line ``ValueError``, and the vector is still the last good state's, part for part: the
    next good state is written right."""
    game = new_game(2, seed=5)
    encoder = ObservationEncoder.of(game)
    states = _states(game, 5, 40)
    vector = SeatVector(encoder, 0)
    before = vector.of(states[20])
    bad = change(states[30])  # type: ignore[operator]
    with pytest.raises(ValueError) as refused:
        vector.update(bad)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)
    assert np.array_equal(vector.vector, before)
    for state in (states[30], states[20], states[39]):
        assert np.array_equal(vector.of(state), _expected(game, encoder, state, 0))


def test_a_seat_outside_the_table_is_refused() -> None:
    encoder = ObservationEncoder.of(new_game(2, seed=1))
    for seat in (-1, 2):
        with pytest.raises(ValueError, match=f"there is no seat {seat}; seats are 0..1"):
            SeatVector(encoder, seat)


def test_the_table_refuses_a_seat_outside_it() -> None:
    table = Table(("Attila", "Roel", "Matthew"))
    game = table.game(1)
    for seat in (-1, 3):
        with pytest.raises(ValueError, match=f"there is no seat {seat}; seats are 0..2"):
            table.vector(game, game.initial_state(), seat)
        with pytest.raises(ValueError, match=f"there is no seat {seat}; seats are 0..2"):
            table.seat_vector(game, seat)


def test_field_entries_write_the_three_encodings_and_refuse_what_encode_refuses() -> None:
    """The seat vectors write the head and the heroes field by field: a count at its index (nothing for zero), ``1``
    at a value's index (nothing for ``None``), ``k + 1`` at the ``k``-th id's; a value no field knows, an id twice
    and a count that is zero as a ``float32`` are refused, naming the field where there is one."""
    game = new_game(3, seed=2)
    encoder = ObservationEncoder.of(game)
    player, round_, kind, seats, decision, *_ = encoder.head_fields()
    start = {segment.name: segment.start for segment in encoder.layout()}
    assert round_ == start["round"]
    assert encoder.field_entries(round_, 4) == ([round_], [4])
    assert encoder.field_entries(round_, 0) == ([], [])
    assert encoder.field_entries(player, 2) == ([start["player"] + 2], [1])
    assert encoder.field_entries(kind, None) == ([], [])
    assert encoder.field_entries(seats, (2, 0)) == ([start["to_act.seats"] + 2, start["to_act.seats"]], [1, 2])
    with pytest.raises(ValueError, match=r"field to_act\.seats: 0 appears twice"):
        encoder.field_entries(seats, (0, 0))
    with pytest.raises(ValueError, match=r"field to_act\.decision: 'no such decision' is not one of"):
        encoder.field_entries(decision, "no such decision")
    with pytest.raises(ValueError, match="zero as a float32"):
        encoder.field_entries(round_, 1e-50)
    hand = encoder.hero_fields(1)[2]
    with pytest.raises(ValueError, match=r"field hero\[1\].hand: 'no such card'"):
        encoder.field_entries(hand, ("no such card",))


def test_a_table_pickles_and_copies_as_what_it_is_set_up_from() -> None:
    """A pickled or (deep-)copied table is set up again from its heroes, ruleset, pack and layout: it numbers
    actions and writes vectors as the original does, and starts with no episodes' seat vectors."""
    table = Table(("Attila", "Roel", "Matthew"), ruleset="peg19.de")
    game = table.game(4)
    state = _states(game, 4, 60)[-1]
    table.vector(game, state, 0)
    for copied in (pickle.loads(pickle.dumps(table)), copy.copy(table), copy.deepcopy(table)):
        assert copied is not table and copied.heroes == table.heroes and copied.ruleset == table.ruleset
        assert copied.num_actions == table.num_actions and np.array_equal(copied.high, table.high)
        assert len(copied._seat_vectors) == 0
        again = copied.game(4)
        assert np.array_equal(
            copied.vector(again, again.initial_state(), 1), table.vector(game, game.initial_state(), 1)
        )
        assert (
            copied.legal(again, again.initial_state(), 0).indices == table.legal(game, game.initial_state(), 0).indices
        )


def test_the_parts_kept_whole_are_encoded_once_for_every_seat() -> None:
    """The Strigoi and the board, as a stack, are encoded once per object and shared by every seat's vector (every
    seat sees them alike): the arrays are the entries of the encoder's own part methods, the same array objects for
    the same part, new ones for another object holding another value."""
    game = new_game(3, seed=4)
    encoder = ObservationEncoder.of(game)
    states = _states(game, 4, 200)
    first, last = states[0], states[-1]
    at, values = encoder.strigoi_arrays(first.strigoi)
    expected_at, expected_values = encoder.strigoi_entries(tuple(strigoi_seen(s) for s in first.strigoi))
    assert at.tolist() == expected_at and values.tolist() == expected_values
    assert at.dtype == np.intp and values.dtype == np.float32
    at, values = encoder.board_arrays(first.board)
    assert (at.tolist(), values.tolist()) == encoder.board_entries(*board_seen(first.board))
    assert encoder.strigoi_arrays(first.strigoi)[0] is encoder.strigoi_arrays(first.strigoi)[0]
    assert encoder.board_arrays(first.board)[1] is encoder.board_arrays(first.board)[1]
    assert first.strigoi is not last.strigoi and first.strigoi != last.strigoi
    assert encoder.strigoi_arrays(first.strigoi)[0] is not encoder.strigoi_arrays(last.strigoi)[0]
    vectors = [SeatVector(encoder, seat) for seat in range(3)]
    for vector in vectors:
        vector.update(last)
    strigoi_part = len(STACKS)
    assert vectors[0]._at[strigoi_part] is vectors[1]._at[strigoi_part] is vectors[2]._at[strigoi_part]
    assert vectors[0]._at[strigoi_part + 1] is vectors[2]._at[strigoi_part + 1]


@pytest.mark.parametrize(
    ("at", "values", "message"),
    [
        ([3, 3], [1, 2], "appears twice"),
        ([3, 4], [1, 0], "zero as a float32"),
        ([3, 4], [1, 1e-50], "zero as a float32"),
        ([3, 4], [1, 0.0], "zero as a float32"),
    ],
)
def test_entry_arrays_refuse_an_index_twice_and_a_value_zero_as_a_float32(
    at: list[int], values: list[object], message: str
) -> None:
    encoder = ObservationEncoder.of(new_game(2, seed=1))
    with pytest.raises(ValueError, match=message):
        encoder.entry_arrays(at, values)
    indices, numbers = encoder.entry_arrays([3, 4], [1, 2.5])
    assert indices.tolist() == [3, 4] and numbers.tolist() == [1.0, 2.5]
