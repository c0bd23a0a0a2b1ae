"""Negative controls on the running engine: break a real kernel or rule in place and watch the checks catch it.

The proofs' own controls (:mod:`armata_rules.verify.mutants`, :mod:`armata_rules.verify.termination`) break copies
of the kernels inside the prover. These break the functions the engine itself calls, module attribute by module
attribute, play checked games (:func:`armata_rules.sim.soak.soak`) and require that the soak reports a problem
naming the property that was broken; then they put the real function back. A control that passes unnoticed means
the invariants checked on real play do not cover what the proofs claim.

The soak is passed in (a :class:`CheckedPlay`), never imported: the soak checks this package's invariants, so
:mod:`armata_rules.sim` imports :mod:`armata_rules.verify`, and the other way round would close a circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from armata_rules.actions import Step
from armata_rules.components.icons import HERO_NAMES as HEROES
from armata_rules.effects import GainBlood
from armata_rules.engine import Game
from armata_rules.frames import MoveFrame
from armata_rules.immutable import replace
from armata_rules.kernel.verify.controls import CheckedPlay, CheckedPlayReport, EngineControl, broken
from armata_rules.kernel.verify.controls import run_engine_control as kernel_run
from armata_rules.state import GameState

__all__ = [
    "ENGINE_CONTROLS",
    "CheckedPlay",
    "CheckedPlayReport",
    "EngineControl",
    "broken",
    "crowded_move",
    "longest_move",
    "run_engine_control",
    "run_jump_control",
]


def _free_jump(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda steps_left, back_on_trail, *rest: steps_left >= 1


def _always_room(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda on_board, tokens: True


def _no_cap(real: Callable[..., Any]) -> Callable[..., Any]:
    def step(effect: object, *counters: Any) -> Any:
        return real(GainBlood(10**6) if isinstance(effect, GainBlood) else effect, *counters)

    return step


def _no_third(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda points, value, *rest: (points + value, points + value >= 4)


def _never(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda inferno, loss: False


def _late(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda wounds, existence: wounds >= existence + 1


def _always_attack(real: Callable[..., Any]) -> Callable[..., Any]:
    return lambda engaged, encountered, after_encounter, *rest: True


ENGINE_CONTROLS: tuple[EngineControl, ...] = (
    EngineControl(
        "engine-no-altar-cap",
        "effects.blood_step lets a blood point onto a full altar",
        "armata_rules.effects",
        "blood_step",
        _no_cap,
        "altar-cap",
    ),
    EngineControl(
        "engine-no-wound-reset",
        "rules.wounds uses a wound kernel whose third wound comes one point late",
        "armata_rules.rules.wounds",
        "wound_step",
        _no_third,
        "wound",
    ),
    EngineControl(
        "engine-free-jump",
        "rules.movement's guard lets a jump step back (the first release)",
        "armata_rules.effects",
        "may_step",
        _free_jump,
        "move variant",
    ),
    EngineControl(
        "engine-strigoi-never-win",
        "the engine never ends the game on a full inferno",
        "armata_rules.game",
        "strigoi_win",
        _never,
        "inferno",
    ),
    EngineControl(
        "engine-early-defeat",
        "rules.fights defeats a Strigoi one wound late",
        "armata_rules.rules.fights",
        "perishes",
        _late,
        "defeat",
    ),
    EngineControl(
        "engine-second-fight",
        "rules.fights offers an attack after the turn's encounter or fight",
        "armata_rules.rules.fights",
        "may_attack_strigoi",
        _always_attack,
        "second encounter or fight",
    ),
    EngineControl(
        "engine-endless-fight-tokens",
        "rules.encounters never takes a fight token back when all are out",
        "armata_rules.rules.encounters",
        "fight_token_room",
        _always_room,
        "fight-token",
    ),
)


def run_engine_control(
    control: EngineControl, decisions: int = 40_000, seed: int = 0, *, soak: CheckedPlay[CheckedPlayReport]
) -> tuple[bool, str]:
    """Play checked games by ``soak`` with ``control`` in place: (caught, the first problem the soak reported)."""
    caught, report = kernel_run(control, soak, decisions, seed)
    first = report.problems[0] if report.problems else ""
    return caught, first or f"nothing noticed in {report.decisions} decisions"


def crowded_move(players: int = 5, seed: int = 0) -> tuple[Game, GameState]:
    """A position where the first hero to move has every other Powerwolf on the spaces ahead of it, in a row:
    the position where a free jump loops. Built from a real game: setup played by the seeded engine, then the
    other heroes set down along the mover's corridors."""
    game = Game.new(HEROES[:players], seed=seed)
    state = game.initial_state()
    while not (state.frames and isinstance(state.frames[-1], MoveFrame)):
        state = game.apply(state, game.legal_actions(state)[0])
    frame = state.frames[-1]
    mover = frame.seat if isinstance(frame, MoveFrame) else 0
    start = here = state.heroes[mover].position
    path: list[str] = []
    while here is not None and len(path) < players - 1:
        ahead = [s for s in game.fortress.neighbours(here, state.board) if s not in path and s != start]
        here = ahead[0] if ahead else None
        if here is not None:
            path.append(here)
    others = [s for s in range(players) if s != mover]
    heroes = list(state.heroes)
    for seat, space in zip(others, path, strict=False):
        heroes[seat] = replace(heroes[seat], position=space)
    return game, replace(state, heroes=tuple(heroes))


def longest_move(game: Game, state: GameState, limit: int) -> int:
    """The most steps any sequence of legal steps takes from ``state`` (a move under way), exploring the real
    engine's ``legal_actions`` and ``apply``; stops counting at ``limit``."""
    best: dict[tuple[object, ...], int] = {}

    def key(s: GameState) -> tuple[object, ...]:
        turn = s.turn
        seat = s.frames[-1].seat if s.frames else -1  # type: ignore[attr-defined]
        return (s.heroes[seat].position, None if turn is None else (turn.steps_left, turn.trail))

    def explore(s: GameState, depth: int) -> int:
        if depth >= limit:
            return depth
        k = key(s)
        if best.get(k, -1) >= depth:
            return best[k]
        deepest = depth
        for action in game.legal_actions(s):
            if isinstance(action, Step):
                after = game.apply(s, action)
                if after.frames and isinstance(after.frames[-1], MoveFrame):
                    deepest = max(deepest, explore(after, depth + 1))
                else:
                    deepest = max(deepest, depth + 1)
                if deepest >= limit:
                    break
        best[k] = deepest
        return deepest

    return explore(state, 0)


def run_jump_control(broken_guard: bool) -> tuple[bool, str]:
    """The longest move from the crowded position stays within the proved bound with the real guard; with the
    first release's free jump it runs past it. (``True`` when the outcome is the expected one.)"""
    from armata_rules.verify.termination import move_bound

    game, state = crowded_move()
    players = len(state.heroes)
    turn = state.turn
    bound = move_bound(players, 0 if turn is None else turn.steps_left)
    control = next(c for c in ENGINE_CONTROLS if c.name == "engine-free-jump")
    if broken_guard:
        with broken(control):
            longest = longest_move(game, state, bound + 1)
        return longest > bound, f"longest move {longest} steps, bound {bound}"
    longest = longest_move(game, state, bound + 1)
    return longest <= bound, f"longest move {longest} steps, bound {bound}"
