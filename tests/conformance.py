"""Conformance: what the engine did in one step must be what the symbolic models say the same rules do.

Every effect the engine executes is traced (:data:`armata_rules.effects.TRACE`); blood effects are replayed through
the Z3 terms of ``blood_step``, wound draws through ``wound_step``, Strigoi wounds through the Strigoi model, and
the results must equal the engine's new state.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import z3

from armata_rules import effects
from armata_rules.effects import AddWound, DiscardWound, Effect, GainBlood, LoseBlood, MoveBlood, WoundStrigoi
from armata_rules.engine import Game
from armata_rules.kernel.play.effects import tracing
from armata_rules.state import GameState, Outcome
from armata_rules.verify.models import Kernels, params_for, strigoi_model


@contextmanager
def traced() -> Iterator[list[Effect]]:
    """Collect the effects executed inside the block."""
    with tracing(effects) as trace:
        yield trace


def _int(term: Any) -> int:
    value = z3.simplify(term)
    assert z3.is_int_value(value), f"not a number: {value}"
    return int(value.as_long())


def _bool(term: Any) -> bool:
    value = z3.simplify(term)
    assert z3.is_true(value) or z3.is_false(value), f"not a truth value: {value}"
    return bool(z3.is_true(value))


def check_step(game: Game, before: GameState, after: GameState, trace: list[Effect]) -> None:
    """Assert that the engine's step from ``before`` to ``after`` satisfies the symbolic relations."""
    _check_blood(before, after, trace)
    _check_wounds(game, before, after, trace)
    _check_strigoi(game, before, after, trace)
    if after.blood.inferno >= game.ctx.inferno_loss:
        assert after.outcome is not None, "the inferno is full but the game goes on"


def _check_blood(before: GameState, after: GameState, trace: list[Effect]) -> None:
    supply, altar, inferno = before.blood.supply, before.blood.altar, before.blood.inferno
    for effect in trace:
        if isinstance(effect, (GainBlood, LoseBlood, MoveBlood)):
            terms = effects.blood_step(effect, z3.IntVal(supply), z3.IntVal(altar), z3.IntVal(inferno), z3.If)
            supply, altar, inferno = (_int(t) for t in terms)
    assert (supply, altar, inferno) == (after.blood.supply, after.blood.altar, after.blood.inferno), (
        f"blood {before.blood} -> {after.blood} but the traced effects give {(supply, altar, inferno)}"
    )


def _check_wounds(game: Game, before: GameState, after: GameState, trace: list[Effect]) -> None:
    values = game.pack.wound_tokens
    held = {seat: list(hero.wounds) for seat, hero in enumerate(before.heroes)}
    reset_pending: dict[int, set[str]] = {seat: set() for seat in held}
    for effect in trace:
        if isinstance(effect, AddWound):
            points = sum(values[w].value for w in held[effect.seat])
            new_points, third = effects.wound_step(z3.IntVal(points), values[effect.wound].value, z3.If)
            held[effect.seat].append(effect.wound)
            if _bool(third):
                assert _int(new_points) == 0
                reset_pending[effect.seat] = set(held[effect.seat])
                held[effect.seat] = []
            else:
                assert _int(new_points) == points + values[effect.wound].value
        elif isinstance(effect, DiscardWound):
            if effect.wound in reset_pending[effect.seat]:
                reset_pending[effect.seat].discard(effect.wound)
            else:
                held[effect.seat].remove(effect.wound)
    for seat, hero in enumerate(after.heroes):
        assert sorted(hero.wounds) == sorted(held[seat]), f"seat {seat}: wounds differ from the symbolic account"


def _check_strigoi(game: Game, before: GameState, after: GameState, trace: list[Effect]) -> None:
    hits = [e.index for e in trace if isinstance(e, WoundStrigoi)]
    if not hits:
        return
    params = params_for(game.ruleset, len(game.heroes), game.pack)
    model = strigoi_model(params, Kernels())
    state = {
        "w0": z3.IntVal(before.strigoi[0].wounds),
        "w1": z3.IntVal(before.strigoi[1].wounds),
        "d0": z3.BoolVal(before.strigoi[0].defeated),
        "d1": z3.BoolVal(before.strigoi[1].defeated),
        "s0": z3.BoolVal(before.strigoi[0].supreme),
        "s1": z3.BoolVal(before.strigoi[1].supreme),
        "won": z3.BoolVal(before.outcome is Outcome.POWERWOLF_WIN),
        "collapsed": z3.IntVal(len(before.board.collapsed)),
    }
    for index in hits:
        transition = model.transitions[index]
        assert _bool(transition.guard(state)), "the engine wounded a Strigoi the model says cannot be wounded"
        state = {**state, **transition.step(state)}
    for i in (0, 1):
        assert _int(state[f"w{i}"]) == after.strigoi[i].wounds
        assert _bool(state[f"d{i}"]) == after.strigoi[i].defeated
        assert _bool(state[f"s{i}"]) == after.strigoi[i].supreme
    assert _bool(state["won"]) == (after.outcome is Outcome.POWERWOLF_WIN)
    assert len(after.board.collapsed) <= _int(state["collapsed"])
