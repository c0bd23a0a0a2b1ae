"""The fast copier of frozen dataclasses behaves as :func:`dataclasses.replace`; hand-written ``__init__`` methods
(for the compiled build) match their fields."""

from __future__ import annotations

import ast
import copy
import dataclasses
import functools
import inspect
import itertools
import os
import pickle
import random
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from armata_rules import Game
from armata_rules.board.books import BookTarget, BookTargetKind
from armata_rules.board.fortress import FortressState
from armata_rules.board.sight import SightLine
from armata_rules.effects import CardZone, Effect
from armata_rules.frames import DecisionKind, Frame, ToAct
from armata_rules.immutable import HAND_WRITTEN_INITS, Memo, Value, _constructor_copier, frozen_init, memo, replace
from armata_rules.rules.handlers import Refusal
from armata_rules.rules.movement import MOVE_STEP, MOVE_STOP
from armata_rules.rules.sources import Source
from armata_rules.state import Blood, GameState, HeroState, Log, Pool, Stack, StrigoiState, TurnState

COMPILED = os.environ.get("ARMATA_BUILD") == "compiled"


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


def test_classes_without_slots_use_the_standard_replace() -> None:
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
    state = Game.new(["Attila", "Roel"], seed=3).initial_state()
    memo(state)["derived"] = 1
    assert "derived" not in memo(replace(state, round=2))
    again = pickle.loads(pickle.dumps(state))
    assert again == state and "derived" not in memo(again)
    assert memo(state.heroes[0]) is not memo(replace(state.heroes[0], wounds=()))


def test_every_way_of_making_a_memo_starts_its_cache_empty() -> None:
    """memo() reads the ``_memo`` slot directly, so the constructor, every copier, pickling and copying must set it
    (to ``None``): for each kind of Memo the engine makes, checked as soon as it is made."""
    game = Game.new(["Attila", "Roel"], seed=3)
    state = game.initial_state()
    fortress, board, hero = game.fortress, state.board, state.heroes[0]
    makers: list[Callable[[], Memo]] = [
        lambda: Game.new(["Attila", "Roel"], seed=4).ctx,
        lambda: replace(game.ctx, seed=5),
        lambda: replace(state, round=2),
        lambda: replace(hero, wounds=("w",)),
        lambda: replace(board, ladders=frozenset()),
        lambda: fortress.rotated(board, fortress.platform_rooms[0], 1),
        lambda: fortress.view(fortress.rotated(board, fortress.platform_rooms[1], 2)),
        lambda: pickle.loads(pickle.dumps(state)),
        lambda: pickle.loads(pickle.dumps(hero)),
        lambda: pickle.loads(pickle.dumps(board)),
        lambda: copy.copy(state),
        lambda: copy.deepcopy(hero),
    ]
    for make in makers:
        obj = make()
        assert obj._memo is None, type(obj).__name__
        memo(obj)["derived"] = 1
        assert obj._memo == {"derived": 1}


def test_copies_of_slotted_classes_keep_their_slots() -> None:
    state = Game.new(["Attila", "Roel"], seed=3).initial_state()
    hero = replace(state.heroes[0], wounds=("w",))
    assert type(hero) is type(state.heroes[0]) and not hasattr(hero, "__dict__")
    assert not hasattr(replace(state, round=1), "__dict__")


def test_a_moved_hero_shares_the_cache_of_its_cards_and_no_other_copy_does() -> None:
    state = Game.new(["Attila", "Roel"], seed=3).initial_state()
    hero = state.heroes[0]
    memo(hero)["derived from the cards"] = 1
    moved = hero.moved_to("elsewhere")
    assert moved.position == "elsewhere" and hero.position != "elsewhere"
    assert memo(moved) is memo(hero)
    assert memo(replace(hero, hand=())) is not memo(hero)


def test_what_is_cached_on_heroes_matches_a_fresh_computation_through_random_play() -> None:
    """The hero cache is handed on through steps: nothing in it may depend on where the hero stands."""
    import random

    from armata_rules.rules.sources import _all_sources, sources_by_ability

    compared = 0
    for seed in (1, 2, 3, 4):  # games of any length: the count is over all of them
        game = Game.new(["Attila", "Roel", "Charles"], seed=seed)
        rng = random.Random(seed)
        state = game.initial_state()
        start = compared
        while not state.is_over and compared - start < 3_000:
            for hero in state.heroes:
                for in_fight in (False, True):
                    assert sources_by_ability(game.ctx, hero, in_fight) == _all_sources(game.ctx, hero, in_fight)
                    compared += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert compared >= 2_000


def test_the_state_classes_write_their_own_init() -> None:
    assert {Blood, Stack, HeroState, StrigoiState, TurnState, Log, GameState, FortressState} <= set(HAND_WRITTEN_INITS)
    assert set(_values_outside_states()) <= set(HAND_WRITTEN_INITS)


@pytest.mark.parametrize("cls", HAND_WRITTEN_INITS, ids=lambda cls: cls.__qualname__)
def test_a_hand_written_init_takes_the_fields_in_order_with_their_defaults_and_stores_each(cls: type) -> None:
    if COMPILED:
        assert not isinstance(cls.__dict__["__init__"], types.FunctionType)  # the native one stands
        pytest.skip("the hand-written source is checked on the pure build, which runs it")
    written = cls.__dict__["__init__"].__wrapped__
    fields = [f for f in dataclasses.fields(cls) if f.init]
    parameters = list(inspect.signature(written).parameters.values())[1:]
    assert [p.name for p in parameters] == [f.name for f in fields]
    assert [p.default for p in parameters] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]
    # run the hand-written body on a mutable stand-in: each field must receive its own argument, and a class with
    # computed fields must call __post_init__ once, after the stores
    stand_in = types.SimpleNamespace()
    post_init_saw: list[dict[str, object]] = []
    stand_in.__post_init__ = lambda: post_init_saw.append(dict(vars(stand_in)))
    marks = [object() for _ in fields]
    written(stand_in, *marks)
    del stand_in.__post_init__
    stored: dict[str, object] = {f.name: mark for f, mark in zip(fields, marks, strict=True)}
    if issubclass(cls, Memo):
        stored["_memo"] = None  # a cached value starts without its cache, set rather than left unset (see Memo)
    assert vars(stand_in) == stored
    assert len(post_init_saw) == ("__post_init__" in cls.__dict__)
    assert all({k: v for k, v in seen.items() if k != "__post_init__"} == stored for seen in post_init_saw)


@pytest.mark.parametrize("cls", HAND_WRITTEN_INITS, ids=lambda cls: cls.__qualname__)
def test_a_class_with_a_hand_written_init_stays_frozen_and_pickles_without_its_memo(cls: type) -> None:
    state = Game.new(["Attila", "Roel"], seed=5).initial_state()
    examples: dict[type, Any] = {
        GameState: state,
        HeroState: state.heroes[1],
        StrigoiState: state.strigoi[0],
        Blood: state.blood,
        Stack: state.red,
        TurnState: TurnState(seat=1, steps_left=2, trail=("a1",)),
        Log: Log(1, 0, "b", Log(0, 0, "a")),
    }
    value: Any = examples[cls] if cls in examples else _values_outside_states()[cls][0]
    name = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, getattr(value, name))
    if isinstance(value, Memo):
        memo(value)["derived"] = 1
    for again in (pickle.loads(pickle.dumps(value)), copy.copy(value), copy.deepcopy(value)):
        assert type(again) is cls and again == value
        if isinstance(again, Memo):
            assert "derived" not in memo(again)


def test_frozen_init_refuses_a_field_it_cannot_set_plainly() -> None:
    @dataclasses.dataclass(frozen=True, init=False)
    class _Factory(Value):
        items: tuple[int, ...] = dataclasses.field(default_factory=tuple)

        def __init__(self, items: tuple[int, ...] = ()) -> None:
            self.items = items  # type: ignore[misc]

        def _replace(self, changes: dict[str, object], /) -> _Factory:
            return self

    with pytest.raises(TypeError, match=r"_Factory\.items: frozen_init takes plain init fields"):
        frozen_init(_Factory)
    assert _Factory not in HAND_WRITTEN_INITS

    @dataclasses.dataclass(frozen=True, init=False)
    class _Derived(Value):
        a: int
        twice: int = dataclasses.field(init=False, default=0)

        def __init__(self, a: int) -> None:
            self.a = a  # type: ignore[misc]

        def _replace(self, changes: dict[str, object], /) -> _Derived:
            return self

    with pytest.raises(TypeError, match=r"_Derived\.twice: .* fields that __post_init__ computes"):
        frozen_init(_Derived)  # nothing computes `twice`

    @dataclasses.dataclass(frozen=True, init=False)
    class _NoCopy(Value):
        a: int

        def __init__(self, a: int) -> None:
            self.a = a  # type: ignore[misc]

    try:
        assert frozen_init(_NoCopy) is _NoCopy  # no _replace: copied through its constructor
        assert replace(_NoCopy(1), a=2) == _NoCopy(2)
        with pytest.raises(TypeError, match="'b'"):
            replace(_NoCopy(1), b=2)
    finally:
        HAND_WRITTEN_INITS.remove(_NoCopy)  # a test class: the other tests go over the engine's own


@pytest.mark.parametrize("cls", [c for c in HAND_WRITTEN_INITS if not hasattr(c, "_replace")], ids=str)
def test_the_constructor_copier_changes_exactly_the_named_field(cls: type) -> None:
    """A class without ``_replace`` (the frames) is copied through its constructor on the compiled build: the copier
    agrees with dataclasses.replace for every field, and refuses an unknown one."""
    a, b = _values_outside_states()[cls][:2]
    copier = _constructor_copier(cls)
    assert copier(a, {}) == a and copier(a, {}) is not a
    for field in dataclasses.fields(cls):
        value = getattr(b, field.name)
        mine = copier(a, {field.name: value})
        assert mine == dataclasses.replace(a, **{field.name: value}) and getattr(mine, field.name) is value
    with pytest.raises(TypeError, match="has no field 'colour_of'"):
        copier(a, {"colour_of": 1})


def _examples_from_fields(cls: type) -> list[object]:
    """Two instances of the frame or effect class ``cls`` that differ in every field (made from the field types)."""
    samples: dict[str, tuple[object, object]] = {
        "int": (1, 2),
        "str": ("a", "b"),
        "str | None": (None, "c"),
        "CardZone": (CardZone.HAND, CardZone.DISCARD),
        "Pool": (Pool.SUPPLY, Pool.INFERNO),
        "bool": (True, False),
        "int | None": (None, 3),
        "tuple[int, ...]": ((1,), (2, 3)),
        "tuple[tuple[int, int], ...]": (((0, 1),), ((1, 2),)),
        "tuple[tuple[int, str], ...]": (((0, "a"),), ((1, "b"), (0, "c"))),
    }
    return [cls(*[samples[written][i] for written in _annotations_as_written(cls)]) for i in (0, 1)]


def _annotations_as_written(cls: type) -> list[str]:
    """The field annotations of the class ``cls``, read from the source of its module (the compiled build keeps
    only the outer types: ``tuple`` for ``tuple[int, ...]``)."""
    return _annotations_in_module(cls.__module__)[cls.__name__]


@functools.cache
def _annotations_in_module(name: str) -> dict[str, list[str]]:
    """The field annotations of each class in the module ``name``, as written in its source."""
    source = Path(str(sys.modules[name].__file__)).with_name(name.rsplit(".", 1)[-1] + ".py").read_text("utf-8")
    return {
        node.name: [ast.unparse(n.annotation) for n in node.body if isinstance(n, ast.AnnAssign)]
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
    }


def _values_outside_states() -> dict[type, list[object]]:
    """Distinct instances of each checked-in class that is no part of a game state."""
    built = {cls: _examples_from_fields(cls) for cls in HAND_WRITTEN_INITS if issubclass(cls, (Frame, Effect))}
    return built | {
        Source: [Source("c1", "card"), Source("t2", "token"), Source("c1", "wild")],
        SightLine: [SightLine(0, (("a1", 1), ("a2", 2))), SightLine(3, ()), SightLine(3, (("b1", 1),))],
        Refusal: [Refusal(MOVE_STEP, "no"), Refusal(MOVE_STOP, "not yet"), Refusal(MOVE_STOP, "no")],
        FortressState: [
            FortressState((0, 1), frozenset({"r1"}), frozenset({"L1"})),
            FortressState((2, 3), frozenset(), frozenset({"L1", "L2"})),
            FortressState((0, 1)),
        ],
        ToAct: [
            ToAct(DecisionKind.PLAYER, (1,), "move"),
            ToAct(DecisionKind.SIMULTANEOUS, (0, 2), "choose_card"),
            ToAct(DecisionKind.CHANCE),
        ],
        BookTarget: [
            BookTarget(BookTargetKind.ROOM, 2, "r1"),
            BookTarget(BookTargetKind.LADDER, 3, None, "L1"),
            BookTarget(BookTargetKind.NOTHING, 4, "r2", "L2"),
        ],
    }


def _instances_met_in_play() -> dict[type, list[object]]:
    """Instances of each checked-in class met along a random game, at most 40 distinct ones of each."""
    game = Game.new(["Attila", "Roel", "Charles"], seed=11)
    rng = random.Random(11)
    state = game.initial_state()
    met: dict[type, list[object]] = {cls: [] for cls in HAND_WRITTEN_INITS if cls not in _values_outside_states()}
    while not state.is_over and min(len(found) for found in met.values()) < 40:
        parts = [state, *state.heroes, *state.strigoi, state.blood, state.red, state.grey, state.reward_deck]
        for part in [*parts, state.turn, state.log]:
            if part is not None and part not in met[type(part)][-3:]:
                met[type(part)].append(part)
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return met


def _same(mine: object, theirs: object) -> bool:
    """The very object copied, not an equal one; but a compiled class keeps an int unboxed and boxes a new object on
    each read (CPython shares only -5..256), so an int is compared by value."""
    return mine is theirs or (type(mine) is int and type(theirs) is int and mine == theirs)


def test_each_hand_written_copy_changes_exactly_the_named_field() -> None:
    """``_replace`` (what replace uses on the compiled build) agrees with dataclasses.replace for every field, between
    instances met in play: a field copied from the wrong attribute would show as a difference."""
    checked = 0
    for cls, instances in (_instances_met_in_play() | _values_outside_states()).items():
        if not hasattr(cls, "_replace"):
            continue  # copied through the constructor: test_the_constructor_copier_changes_exactly_the_named_field
        assert len(instances) >= 2, cls
        for a, b in itertools.pairwise(instances):
            assert cls._replace(a, {}) == a and cls._replace(a, {}) is not a  # type: ignore[attr-defined]
            init_fields = [f for f in dataclasses.fields(cls) if f.init]  # the others are computed from these
            for field in init_fields:
                value = getattr(b, field.name)
                mine = cls._replace(a, {field.name: value})  # type: ignore[attr-defined]
                theirs = dataclasses.replace(a, **{field.name: value})  # type: ignore[type-var]
                assert mine == theirs
                assert all(_same(getattr(mine, f.name), getattr(theirs, f.name)) for f in init_fields)
                assert all(getattr(mine, f.name) == getattr(theirs, f.name) for f in dataclasses.fields(cls))
                checked += 1
        with pytest.raises(TypeError, match="has no field 'colour'"):
            cls._replace(instances[0], {"colour": 1})  # type: ignore[attr-defined]
    assert checked > 1000
