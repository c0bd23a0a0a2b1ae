"""ActionSpace.legal: a state's legal actions with their indices, worked out once and kept on the state."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from armata_rules import Game
from armata_rules.encoding import ActionSpace, ObservationEncoder, legal_actions_of
from armata_rules.frames import DecisionKind
from armata_rules.observation_vector import SeatVector
from armata_rules.state import GameState
from tests.play import new_game, played_states


def _states(players: int, chance: str, seed: int, steps: int = 400) -> tuple[Game, list[GameState]]:
    game = new_game(players, seed=seed, chance=chance)
    return game, played_states(game, seed, steps - 1)


@pytest.mark.parametrize(("players", "chance", "seed"), [(3, "auto", 2), (4, "explicit", 5)])
def test_legal_lists_the_engines_own_actions_with_their_indices(players: int, chance: str, seed: int) -> None:
    game, states = _states(players, chance, seed)
    space = ActionSpace.of(game)
    simultaneous = 0
    for state in states:
        for seat in (None, *range(players)):
            expected = game.legal_actions(state) if seat is None else legal_actions_of(game, state, seat)
            legal = space.legal(game, state, seat)
            assert legal.actions == tuple(expected)
            if seat is None:
                assert all(a is b for a, b in zip(legal.actions, game.legal_actions(state), strict=True))
            assert legal.indices.dtype == np.intp
            assert legal.indices.tolist() == [space.action_to_index(a) for a in expected]
            assert legal.ordered == tuple(sorted(legal.indices.tolist()))
            assert legal.by_index == {space.action_to_index(a): a for a in expected}
            assert np.array_equal(space.legal_mask(game, state, seat), space.mask(expected))
            assert space.legal(game, state, seat) is legal  # kept on the state
        simultaneous += state.to_act.kind is DecisionKind.SIMULTANEOUS
    assert simultaneous > 0  # the per-seat share of a simultaneous choice was checked


def test_the_listed_objects_are_what_apply_receives() -> None:
    """An index decodes to the very object the engine listed, which ``apply`` takes without checking again."""
    game, states = _states(2, "auto", 1, steps=60)
    space = ActionSpace.of(game)
    state = states[-1]
    listed = game.legal_actions(state)
    legal = space.legal(game, state)
    index = legal.ordered[0]
    assert any(legal.by_index[index] is action for action in listed)


def test_a_copied_space_still_numbers_actions_right() -> None:
    """The space remembers actions by identity; a pickled copy numbers the actions of unpickled states (other
    objects, equal values) as the original does."""
    game, states = _states(3, "auto", 3, steps=120)
    space = ActionSpace.of(game)
    for state in states:
        space.legal(game, state)
    copy = pickle.loads(pickle.dumps(space))
    for state in states[::7]:
        actions = game.legal_actions(state)
        fresh = pickle.loads(pickle.dumps(state))  # new objects: other identities, equal values
        assert copy.legal(game, fresh).indices.tolist() == [space.action_to_index(a) for a in actions]


def test_legal_refuses_what_is_not_a_state() -> None:
    game, _ = _states(2, "auto", 0, steps=1)
    with pytest.raises(TypeError, match="not a game state"):
        ActionSpace.of(game).legal(game, "state")


def test_numpy_integers_number_actions_and_seats_as_python_ints_do() -> None:
    """Learners hold indices and seats as NumPy integers (``action_space.sample()``, ``np.flatnonzero``): every
    entry point that takes one gives what the Python int gives, on the compiled build too (whose native methods
    would refuse a NumPy integer where the signature says ``int``); a float is refused."""
    game, states = _states(3, "auto", 4, steps=60)
    space = ActionSpace.of(game)
    assert space.index_to_action(np.int64(7)) == space.index_to_action(7)
    assert ActionSpace(game.ctx.pack, game.ctx.fortress, np.int64(3)).num_distinct_actions == space.num_distinct_actions
    encoder = ObservationEncoder(game.ctx.pack, game.ctx.fortress, np.int8(3))
    assert encoder.players == 3 and type(encoder.players) is int
    for state in states[::6]:
        for seat in range(3):
            wide = np.int64(seat)
            assert space.legal(game, state, wide) is space.legal(game, state, seat)
            assert np.array_equal(space.legal_mask(game, state, wide), space.legal_mask(game, state, seat))
            assert legal_actions_of(game, state, wide) == legal_actions_of(game, state, seat)
            assert np.array_equal(SeatVector(encoder, wide).of(state), SeatVector(encoder, seat).of(state))
    with pytest.raises(TypeError):
        space.index_to_action(7.0)  # type: ignore[arg-type]
