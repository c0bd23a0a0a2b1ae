"""The fast copier of frozen dataclasses behaves as :func:`dataclasses.replace`."""

from __future__ import annotations

import dataclasses

import pytest

from armata_rules import Game
from armata_rules.immutable import memo, replace
from armata_rules.state import Blood, GameState, TurnState


@dataclasses.dataclass(frozen=True)
class _Plain:
    a: int
    b: str = "x"


def test_copies_every_field_and_overrides_the_changed_ones() -> None:
    state = Game.new(["Attila", "Roel"], seed=3).initial_state()
    changed = replace(state, round=state.round + 4, attack_marker=True)
    assert changed == dataclasses.replace(state, round=state.round + 4, attack_marker=True)
    assert changed.round == state.round + 4 and changed.attack_marker and not state.attack_marker
    assert changed.heroes is state.heroes  # unchanged parts are shared
    assert replace(state) == state and replace(state) is not state


def test_result_is_frozen_and_of_the_same_class() -> None:
    turn = replace(TurnState(seat=1, steps_left=3), steps_left=2, moved=True)
    assert type(turn) is TurnState and turn == TurnState(seat=1, steps_left=2, moved=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        turn.seat = 0  # type: ignore[misc]


def test_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="colour"):
        replace(Blood(1, 2, 3), colour=4)
    with pytest.raises(TypeError):
        replace(GameState.__new__(GameState), nonsense=1)


def test_classes_without_slots_are_copied_through_their_dictionary() -> None:
    plain = _Plain(1)
    assert replace(plain, b="y") == _Plain(1, "y") and plain.b == "x"
    with pytest.raises(TypeError, match="'c'"):
        replace(plain, c=2)


@dataclasses.dataclass(frozen=True)
class _Derived:
    a: int
    double: int = dataclasses.field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "double", 2 * self.a)


def test_classes_with_post_init_use_the_standard_replace() -> None:
    assert replace(_Derived(2), a=5).double == 10


def test_memo_is_neither_copied_nor_pickled() -> None:
    import pickle

    state = Game.new(["Attila", "Roel"], seed=3).initial_state()
    memo(state)["derived"] = 1
    assert "derived" not in memo(replace(state, round=2))
    again = pickle.loads(pickle.dumps(state))
    assert again == state and "derived" not in memo(again)
    assert memo(state.heroes[0]) is not memo(replace(state.heroes[0], wounds=()))
