"""Checks every game defined on the kernel must pass, run through the kernel's own loop (dispatch and settle).

Each check takes a :class:`~armata_rules.kernel.play.game.GameDefinition` and contexts of that game (the fixed facts
of a few games: seats, data, seed), plays seeded random games and raises :class:`ConformanceError`, one line naming
the game, the context and what broke, at the first fault. :func:`check_game` runs them all; a test of a game calls it
with a few contexts. So far: random play to the end (every listed action applies, every state but the last has one,
the end comes), illegal actions refused by a rule of the game's book, the decision kind of each frame matching its
handler, chance outcomes that are distinct and sum to 1, determinism for a seed, the action codec's round trip, the
state's JSON and pickle round trips, the numbering of actions (a bijection, covering every listed action), each
seat's observation surviving its numeric form, and the game's record (:mod:`armata_rules.kernel.records`) replayed by an
:class:`~armata_rules.kernel.play.engine.Engine` to the same state. :func:`check_adapters` runs the learning
frameworks' own checks on the kernel's adapters (:mod:`armata_rules.kernel.adapters`) for the game, skipping a
framework that is not installed.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import math
import pickle
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeVar, cast

from armata_rules.kernel.play.actions import Action, ChanceOutcome, action_to_json
from armata_rules.kernel.play.dispatch import apply_checked, apply_listed, listed_actions, refusal, top
from armata_rules.kernel.play.frames import DecisionKind
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.handlers import AutoHandler, ChanceHandler, DecisionHandler
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.kernel.play.settle import settle
from armata_rules.kernel.play.state import KernelState
from armata_rules.kernel.records import Record, RecordError, record_from_json, replay_record

__all__ = [
    "ADAPTER_CHECKS",
    "ConformanceError",
    "Play",
    "check_action_space",
    "check_adapters",
    "check_chance",
    "check_citations",
    "check_codec",
    "check_determinism",
    "check_game",
    "check_kinds",
    "check_observations",
    "check_random_play",
    "check_record_replay",
    "check_refusals",
    "check_round_trips",
    "check_unlisted",
]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

#: The handler class that each kind of decision needs.
_HANDLER_OF_KIND: dict[DecisionKind, type] = {
    DecisionKind.AUTOMATIC: AutoHandler,
    DecisionKind.CHANCE: ChanceHandler,
    DecisionKind.PLAYER: DecisionHandler,
    DecisionKind.SIMULTANEOUS: DecisionHandler,
}


class ConformanceError(Exception):
    """A game broke one of the kernel's contracts; the message names the game, the context and the fault."""


@dataclass(frozen=True)
class Play(Generic[C, S]):
    """One game of ``game`` under ``ctx``, played through the kernel's loop as an engine plays it, without an
    engine's argument checks: listed actions are applied by identity, any other is guarded first."""

    game: GameDefinition[C, S]
    ctx: C
    auto_chance: bool = True
    #: This play's own key for the actions listed on a state (a copy made by ``dataclasses.replace`` gets anew).
    key: object = field(default_factory=lambda: ("conformance", object()), init=False, repr=False, compare=False)

    def start(self) -> S:
        """The state before the first decision."""
        return settle(self.game, self.ctx, self.game.initial_state(self.ctx), self.auto_chance)

    def legal(self, state: S) -> list[Action]:
        """The legal actions now (a copy)."""
        return list(listed_actions(self.game, self.ctx, self.key, state))

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; :class:`RuleViolation` if the rules refuse it now."""
        new = apply_listed(self.game, self.ctx, self.key, self.auto_chance, state, action)
        if new is not None:
            return new
        frame, handler = top(self.game, state)
        if frame is None or handler is None:
            raise ValueError(f"{self.game.id}: the game is over; {action} cannot be taken")
        if isinstance(handler, ChanceHandler):
            if action not in [outcome for outcome, _ in handler.outcomes(self.ctx, state, frame)]:
                raise ValueError(f"{self.game.id}: chance decides now; {action} is not an outcome")
        else:
            refused = refusal(self.game, self.ctx, state, action)
            if refused is not None:
                raise RuleViolation(refused.rule, refused.message, action)
        return apply_checked(self.game, self.ctx, self.auto_chance, state, action)


def _where(game: GameDefinition[Any, Any], ctx: object) -> str:
    return f"{game.id} ({ctx!r:.120})"


def random_play(play: Play[C, S], seed: int, max_decisions: int) -> Iterator[tuple[S, Action | None]]:
    """The states of a seeded random game, each with the action taken from it (``None`` for the last); a
    :class:`ConformanceError` if no action is listed before the end, or the game outlasts ``max_decisions``."""
    rng = random.Random(seed)
    state = play.start()
    for _ in range(max_decisions):
        if state.outcome is not None:
            yield state, None
            return
        actions = play.legal(state)
        if not actions:
            decision = state.frames[-1].to_act().decision if state.frames else "(no frame)"
            raise ConformanceError(f"{_where(play.game, play.ctx)}: no legal action at {decision}, yet not over")
        action = rng.choice(actions)
        yield state, action
        state = play.apply(state, action)
    raise ConformanceError(f"{_where(play.game, play.ctx)}: seed {seed} did not end in {max_decisions} decisions")


def check_random_play(play: Play[C, S], seed: int, max_decisions: int) -> int:
    """Play a seeded random game to its end; each listed action applies. The number of decisions taken."""
    return sum(1 for _, action in random_play(play, seed, max_decisions) if action is not None)


def check_kinds(play: Play[C, S], seed: int, max_decisions: int) -> None:
    """Each frame met is one of the game's frame types, and its decision kind matches its handler's class."""
    for state, _ in random_play(play, seed, max_decisions):
        for frame in state.frames:
            if type(frame) not in play.game.frames:
                raise ConformanceError(f"{_where(play.game, play.ctx)}: {type(frame).__name__} is not listed")
            kind = frame.to_act().kind
            handler = play.game.handlers.by_frame[type(frame)]
            if not isinstance(handler, _HANDLER_OF_KIND[kind]):
                raise ConformanceError(
                    f"{_where(play.game, play.ctx)}: {type(frame).__name__} is decided by {kind.value}, "
                    f"but its handler is a {type(handler).__name__}"
                )


def check_chance(play: Play[C, S], seed: int, max_decisions: int) -> None:
    """At every chance frame met, the outcomes are distinct, chance's own, and their probabilities sum to 1."""
    for state, _ in random_play(play, seed, max_decisions):
        frame, handler = top(play.game, state)
        if frame is None or not isinstance(handler, ChanceHandler):
            continue
        outcomes = handler.outcomes(play.ctx, state, frame)
        actions = [outcome for outcome, _ in outcomes]
        total = math.fsum(probability for _, probability in outcomes)
        if len(set(actions)) != len(actions) or not all(isinstance(a, ChanceOutcome) for a in actions):
            raise ConformanceError(f"{_where(play.game, play.ctx)}: {frame} lists a repeated or foreign outcome")
        if not math.isclose(total, 1.0, abs_tol=1e-9) or any(p <= 0 for _, p in outcomes):
            raise ConformanceError(f"{_where(play.game, play.ctx)}: {frame}'s probabilities sum to {total}")


def check_refusals(play: Play[C, S], seed: int, max_decisions: int) -> int:
    """At every decision met, a listed action moved to another seat, when it is not listed itself, is refused by
    the frame's guard with a rule of the game's book, and applying it raises :class:`RuleViolation` naming that
    rule. The number of refusals checked."""
    checked = 0
    seats = play.game.seats.stop
    for state, _ in random_play(play, seed, max_decisions):
        frame, handler = top(play.game, state)
        if frame is None or not isinstance(handler, DecisionHandler):
            continue
        listed = play.legal(state)
        for action in listed[:3]:
            seat = action.seat
            if seat is None:
                continue
            values = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
            wrong = type(action)(**(values | {"seat": (seat + 1) % seats}))
            if wrong in listed:
                continue
            refused = refusal(play.game, play.ctx, state, wrong)
            if refused is None:
                raise ConformanceError(f"{_where(play.game, play.ctx)}: {wrong} is not listed, yet the guard allows it")
            if play.game.rules.rules.get(refused.rule.id) is not refused.rule:
                raise ConformanceError(f"{_where(play.game, play.ctx)}: {refused.rule.id} is not in the game's book")
            try:
                play.apply(state, wrong)
            except RuleViolation as err:
                if err.rule_id != refused.rule.id:
                    raise ConformanceError(f"{_where(play.game, play.ctx)}: {wrong} refused by {err.rule_id}") from None
            else:
                raise ConformanceError(f"{_where(play.game, play.ctx)}: {wrong} was applied, yet the guard refuses it")
            checked += 1
    return checked


def check_unlisted(play: Play[C, S], seed: int, max_decisions: int, per_decision: int = 6) -> int:
    """At every decision met, ``per_decision`` actions drawn at random from the whole of the game's numbering (its
    ``action_space`` hook), of any kind, seat and value, and for each of the first three listed actions two more of
    its own type (a pass with another word, a move to another cell): each one not listed is refused by the frame's
    guard, and applying it raises :class:`RuleViolation`. A guard that lets through an action
    :meth:`legal_actions` does not list breaks "every legal decision is enumerable" (a learner's mask would hide a
    move the engine takes). The number of unlisted actions checked; 0 for a game without a numbering."""
    game = play.game
    if game.action_space is None:
        return 0
    space = game.action_space(play.ctx)
    size = space.num_distinct_actions
    by_type: dict[type, list[int]] = {}
    for index in range(size):
        by_type.setdefault(type(space.index_to_action(index)), []).append(index)
    rng = random.Random(seed ^ 0x5EED)
    checked = 0
    for state, _ in random_play(play, seed, max_decisions):
        frame, handler = top(game, state)
        if frame is None or not isinstance(handler, DecisionHandler):
            continue
        listed = play.legal(state)
        drawn = [rng.randrange(size) for _ in range(per_decision)]
        for mate in listed[:3]:
            indices = by_type.get(type(mate), [])
            drawn += [indices[rng.randrange(len(indices))] for _ in range(2 if indices else 0)]
        for index in drawn:
            action = space.index_to_action(index)
            if action in listed:
                continue
            if refusal(game, play.ctx, state, action) is None:
                raise ConformanceError(f"{_where(game, play.ctx)}: {action} is not listed, yet the guard allows it")
            try:
                play.apply(state, action)
            except RuleViolation:
                checked += 1
            else:
                raise ConformanceError(f"{_where(game, play.ctx)}: {action} is not listed, yet it was applied")
    return checked


def check_determinism(play: Play[C, S], seed: int, max_decisions: int) -> str:
    """Two plays of one seed reach the same states, hash for hash. The last state's hash."""
    first = [state.hash() for state, _ in random_play(play, seed, max_decisions)]
    again = [state.hash() for state, _ in random_play(dataclasses.replace(play), seed, max_decisions)]
    if first != again:
        step = next(i for i, (a, b) in enumerate(zip(first, again, strict=False)) if a != b)
        raise ConformanceError(f"{_where(play.game, play.ctx)}: seed {seed} played twice differs at step {step}")
    return first[-1]


def check_codec(play: Play[C, S], seed: int, max_decisions: int) -> None:
    """Every listed action is of the game's vocabulary, well typed, and survives its JSON form."""
    for _, action in random_play(play, seed, max_decisions):
        if action is None:
            continue
        wrong = play.game.actions.check(action)
        if wrong is not None:
            raise ConformanceError(f"{_where(play.game, play.ctx)}: listed {action}: {wrong}")
        if play.game.actions.from_json(action_to_json(action)) != action:
            raise ConformanceError(f"{_where(play.game, play.ctx)}: {action} does not survive its JSON form")


def check_round_trips(play: Play[C, S], seed: int, max_decisions: int, every: int = 7) -> int:
    """Every ``every``-th state survives pickling (log included) and its JSON form (the state type's
    ``from_json``), with the same hash; play goes on from the copy with the same legal actions. The number of
    states checked."""
    from_json = getattr(play.game.state_type, "from_json", None)
    if from_json is None:
        raise ConformanceError(f"{play.game.id}: the state type has no from_json")
    checked = 0
    for index, (state, _) in enumerate(random_play(play, seed, max_decisions)):
        if index % every:
            continue
        pickled = pickle.loads(pickle.dumps(state))
        if pickled != state or pickled.hash() != state.hash() or pickled.log != state.log:
            raise ConformanceError(f"{_where(play.game, play.ctx)}: state {index} does not survive pickling")
        decoded = from_json(state.to_json())
        if decoded != state or decoded.hash() != state.hash():
            raise ConformanceError(f"{_where(play.game, play.ctx)}: state {index} does not survive its JSON form")
        if play.legal(decoded) != play.legal(state):
            raise ConformanceError(f"{_where(play.game, play.ctx)}: state {index}'s copy lists other actions")
        checked += 1
    return checked


def check_action_space(play: Play[C, S], seed: int, max_decisions: int) -> int:
    """The game's numbering of actions (its ``action_space`` hook) is a bijection between ``range(n)`` and the
    actions it numbers, and numbers every action listed in a seeded random game. The size of the numbering."""
    game = play.game
    if game.action_space is None:
        raise ConformanceError(f"{game.id}: a game needs an action_space hook (learning agents pick by number)")
    space = game.action_space(play.ctx)
    size = space.num_distinct_actions
    seen: dict[Action, int] = {}
    for index in range(size):
        action = space.index_to_action(index)
        if action in seen or space.action_to_index(action) != index:
            raise ConformanceError(f"{_where(game, play.ctx)}: action index {index} ({action}) does not map back")
        seen[action] = index
    for _, taken in random_play(play, seed, max_decisions):
        if taken is not None and taken not in seen:
            raise ConformanceError(f"{_where(game, play.ctx)}: listed {taken} has no index")
    return size


def check_observations(play: Play[C, S], seed: int, max_decisions: int, every: int = 5) -> int:
    """At every ``every``-th state of a seeded random game, each seat's observation (the ``observe`` hook)
    survives its numeric form (the ``observation_codec`` hook), and a numeric form keeps its length. The number of
    observations checked."""
    game = play.game
    if game.observe is None or game.observation_codec is None or game.seat_count is None:
        raise ConformanceError(f"{game.id}: a game needs observe, observation_codec and seat_count hooks")
    codec = game.observation_codec(play.ctx)
    seats = range(game.seat_count(play.ctx))
    checked = 0
    length: int | None = None
    for index, (state, _) in enumerate(random_play(play, seed, max_decisions)):
        if index % every:
            continue
        for seat in seats:
            seen = game.observe(play.ctx, state, seat)
            vector = codec.encode(seen)
            if length is None:
                length = len(vector)
            if len(vector) != length:
                raise ConformanceError(f"{_where(game, play.ctx)}: seat {seat}'s observation changes length")
            if codec.decode(vector) != seen:
                raise ConformanceError(
                    f"{_where(game, play.ctx)}: state {index}, seat {seat}: the observation "
                    "does not survive its numeric form"
                )
            checked += 1
    return checked


def check_record_replay(play: Play[C, S], seed: int, max_decisions: int) -> int:
    """A seeded random game, kept as a record of the game's setup (its ``setup_json`` hook) and actions, survives
    its JSON form and replays through an :class:`~armata_rules.kernel.play.engine.Engine` set up anew by the game's
    ``setup`` hook to the same final state. The number of actions replayed."""
    game = play.game
    if game.setup is None or game.setup_json is None:
        raise ConformanceError(f"{game.id}: a game needs setup and setup_json hooks for its records to replay")
    taken = [(state, action) for state, action in random_play(play, seed, max_decisions)]
    actions = [action for _, action in taken if action is not None]
    chance: Any = "auto" if play.auto_chance else "explicit"
    record = Record(game.id, game.setup_json(play.ctx), chance, tuple(actions), taken[-1][0].hash())
    try:
        data = json.loads(json.dumps(record.to_json()))
        again = record_from_json(data, f"{game.id} record", lambda _: game)
        replay_record(again, f"{game.id} record", lambda _: game)
    except (RecordError, TypeError, ValueError) as err:
        raise ConformanceError(f"{_where(game, play.ctx)}: seed {seed}'s record does not replay: {err}") from None
    return len(actions)


def check_citations(game: GameDefinition[Any, Any]) -> int:
    """Every rule and interpretation of the game's book, and every reading of its rulesets, cites at least one
    clause, and every clause it cites reads as the game's citation grammar and resolves to lines of its texts (the
    definition's ``texts``). The number of citations checked; :class:`ConformanceError` listing the first
    problems."""
    if game.texts is None:
        raise ConformanceError(f"{game.id}: a game names the texts its rules cite (the definition's texts)")
    cited = [(f"rule {rule.id}", rule.clauses) for rule in game.rules.rules.values()]
    cited += [(f"interpretation {i.id}", i.clauses) for i in game.rules.interpretations.values()]
    if game.readings is not None:
        cited += [(f"reading {reading.name}", reading.clauses) for reading in game.readings.readings.values()]
    problems = [f"{who} cites no clause" for who, clauses in cited if not clauses]
    checked = 0
    for who, clauses in cited:
        for clause in clauses:
            checked += 1
            problem = game.texts.problem(clause)
            if problem is not None:
                problems.append(f"{who}: {problem}")
    if problems:
        shown = "; ".join(problems[:5])
        raise ConformanceError(f"{game.id}: {len(problems)} citations do not resolve: {shown}")
    return checked


def check_game(
    game: GameDefinition[C, S], contexts: Sequence[C], *, seeds: int = 2, max_decisions: int = 20_000
) -> int:
    """Every check, for each context, with chance resolved by the seeded generator and explicitly, over ``seeds``
    random games each. The number of decisions played by the random-play check."""
    if not contexts:
        raise ConformanceError(f"{game.id}: no context to check")
    check_citations(game)
    decisions = 0
    for ctx in contexts:
        for auto_chance in (True, False):
            play = Play(game, ctx, auto_chance)
            for seed in range(seeds):
                decisions += check_random_play(play, seed, max_decisions)
                check_kinds(play, seed, max_decisions)
                check_chance(play, seed, max_decisions)
                check_refusals(play, seed, max_decisions)
                check_unlisted(play, seed, max_decisions)
                check_determinism(play, seed, max_decisions)
                check_codec(play, seed, max_decisions)
                check_round_trips(play, seed, max_decisions)
                check_record_replay(play, seed, max_decisions)
                check_observations(play, seed, max_decisions)
            check_action_space(play, 0, max_decisions)
    return decisions


#: The frameworks' own checks :func:`check_adapters` runs, in order, each named ``framework.check``.
ADAPTER_CHECKS = (
    "pettingzoo.api_test",
    "pettingzoo.seed_test",
    "pettingzoo.parallel_api_test",
    "pettingzoo.state_test",
    "gymnasium.check_env",
    "openspiel.random_sim_test",
)

#: The module each framework is imported as.
_FRAMEWORK_MODULES = {"pettingzoo": "pettingzoo", "gymnasium": "gymnasium", "openspiel": "pyspiel"}


def _installed(framework: str) -> bool:
    return importlib.util.find_spec(_FRAMEWORK_MODULES[framework]) is not None


def _adapter_check(
    name: str, game: GameDefinition[Any, Any], setup: Mapping[str, object], run: Callable[[], object]
) -> None:
    """Run one framework check; a failure of any kind, the adapter's construction included, is a
    :class:`ConformanceError` naming the game, the setup and the check (a framework reports with
    ``AssertionError``, its own errors or ours)."""
    try:
        run()
    except Exception as err:
        problem = " ".join(f"{type(err).__name__}: {err}".split())
        raise ConformanceError(f"{game.id} ({dict(setup)!r:.120}): {name}: {problem:.300}") from err


def _pettingzoo_api_test(game: GameDefinition[Any, Any], setup: dict[str, Any], cycles: int) -> None:
    from pettingzoo.test import api_test

    from armata_rules.kernel.adapters.pettingzoo_env import env

    api_test(env(game, **setup), num_cycles=cycles)


def _pettingzoo_seed_test(game: GameDefinition[Any, Any], setup: dict[str, Any], cycles: int) -> None:
    from pettingzoo.test import seed_test

    from armata_rules.kernel.adapters.pettingzoo_env import env

    seed_test(partial(env, game, **setup), num_cycles=cycles)


def _pettingzoo_parallel_api_test(game: GameDefinition[Any, Any], setup: dict[str, Any], cycles: int) -> None:
    from pettingzoo.test import parallel_api_test

    from armata_rules.kernel.adapters.pettingzoo_env import parallel_env

    # PettingZoo's test samples each agent's action without its mask: illegal ones must leave the game as it was
    parallel_api_test(parallel_env(game, illegal_action="ignore", **setup), num_cycles=cycles)


def _pettingzoo_state_test(game: GameDefinition[Any, Any], setup: dict[str, Any], cycles: int) -> None:
    from pettingzoo.test import state_test

    from armata_rules.kernel.adapters.pettingzoo_env import env, parallel_env

    # the global state through the wrapped AEC environment and the parallel one; the test samples actions without
    # their masks, as parallel_api_test does
    state_test(env(game, illegal_action="ignore", **setup), parallel_env(game, **setup), num_cycles=cycles)


def _gymnasium_check_env(game: GameDefinition[Any, Any], setup: dict[str, Any], seat: int | None) -> None:
    from gymnasium.utils.env_checker import check_env

    from armata_rules.kernel.adapters.gymnasium_env import KernelEnv

    check_env(KernelEnv(game, seat=seat, **setup))


def _openspiel_random_sim_test(name: str, setup: dict[str, Any], sims: int) -> None:
    import pyspiel

    from armata_rules.kernel.adapters.openspiel_game import game_parameters

    game = pyspiel.load_game(name, game_parameters(name, setup))
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def check_adapters(
    game: GameDefinition[Any, Any],
    setups: Sequence[Mapping[str, object]],
    *,
    openspiel_name: str | None = None,
    cycles: int = 200,
    sims: int = 2,
) -> tuple[str, ...]:
    """The learning frameworks' own checks of the kernel's adapters for ``game`` set up from each of ``setups`` (the
    arguments of its ``setup`` hook): PettingZoo's ``api_test`` and ``seed_test`` of the AEC environment and its
    ``parallel_api_test`` of the parallel one (``cycles`` cycles each), its ``state_test`` of both (the global state),
    Gymnasium's ``check_env`` of the environment
    playing every seat and of one playing seat 0 against the kernel's random bot, and OpenSpiel's
    ``random_sim_test`` (``sims`` games, with serialisation) of the game registered as ``openspiel_name``
    (``python_<game id>`` by default; the first setup gives its defaults).
    A framework that is not installed is skipped. :class:`ConformanceError` at the first failure. The checks run,
    in the order of :data:`ADAPTER_CHECKS` (a skipped framework's are missing)."""
    if not setups:
        raise ConformanceError(f"{game.id}: no setup to check the adapters with")
    ran: list[str] = []
    arguments = [cast(dict[str, Any], dict(setup)) for setup in setups]
    if _installed("pettingzoo"):
        for setup in arguments:
            _adapter_check("pettingzoo.api_test", game, setup, partial(_pettingzoo_api_test, game, setup, cycles))
            _adapter_check("pettingzoo.seed_test", game, setup, partial(_pettingzoo_seed_test, game, setup, cycles))
            parallel = partial(_pettingzoo_parallel_api_test, game, setup, cycles)
            _adapter_check("pettingzoo.parallel_api_test", game, setup, parallel)
            state = partial(_pettingzoo_state_test, game, setup, cycles)
            _adapter_check("pettingzoo.state_test", game, setup, state)
        ran += ["pettingzoo.api_test", "pettingzoo.seed_test", "pettingzoo.parallel_api_test", "pettingzoo.state_test"]
    if _installed("gymnasium"):
        for setup in arguments:
            for seat in (None, 0):
                _adapter_check("gymnasium.check_env", game, setup, partial(_gymnasium_check_env, game, setup, seat))
        ran.append("gymnasium.check_env")
    if _installed("openspiel"):
        from armata_rules.kernel.adapters.openspiel_game import register

        try:
            name = register(game, openspiel_name, defaults=arguments[0])
        except ValueError as err:
            raise ConformanceError(f"{game.id}: openspiel: {err}") from None
        for setup in arguments:
            simulate = partial(_openspiel_random_sim_test, name, setup, sims)
            _adapter_check("openspiel.random_sim_test", game, setup, simulate)
        ran.append("openspiel.random_sim_test")
    return tuple(ran)
