"""What the kernel's adapters share: the episodes of one game set up one way, with their numbering of actions, each
seat's numeric observation, its legal action indices and a text picture of a state.

A :class:`GameTable` holds a :class:`~armata_rules.kernel.play.game.GameDefinition` and the arguments of its ``setup``
hook. It needs the definition's learning hooks (:data:`ADAPTER_HOOKS`) and refuses a definition that lacks one, or a
setup argument the game refuses, with a one-line error naming it. Each episode is a new
:class:`~armata_rules.kernel.play.engine.Engine`: a game whose setup arguments hold a ``seed`` (as its
``setup_json`` writes them) plays each episode with the episode's seed in its place, so the same seed and the same
actions replay the same episode; a game without one replays the same chance every episode.

The numeric observation is the game's ``observation_codec`` applied to its ``observe`` hook, as ``float32``; its
bounds come from the optional ``observation_bounds`` hook, and are ``-inf`` to ``inf`` without it (the kernel cannot
know them). A seat's legal actions are the engine's own (in a simultaneous decision, those of the seat), numbered by
the game's ``action_space`` hook.

A table pickles (and copies) as its game's id, its setup arguments and its engine type, and is set up again from
them when unpickled: an environment factory holding one goes to a worker process that is spawned (Gymnasium's
``AsyncVectorEnv`` on macOS and Windows). Its game must be one :func:`~armata_rules.kernel.games.load` finds by that
id there: declared as an entry point, or registered by the module that defines the game's state type, which the
worker imports if it must.
"""

from __future__ import annotations

import importlib
import pickle
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, cast

import numpy as np
import numpy.typing as npt

from armata_rules.kernel.core.immutable import Memo, memo
from armata_rules.kernel.games import UnknownGame, load
from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import ChanceMode, Engine, set_up
from armata_rules.kernel.play.frames import DecisionKind, ToAct
from armata_rules.kernel.play.game import ActionIndex, GameDefinition, KernelContext, ObservationCodec
from armata_rules.kernel.play.state import KernelState

__all__ = [
    "ADAPTER_HOOKS",
    "ILLEGAL_ACTION_POLICIES",
    "RENDER_MODES",
    "GameTable",
    "Hooks",
    "IllegalActionError",
    "IllegalActionPolicy",
    "LegalIndices",
    "check_count",
    "check_policy",
    "check_render_mode",
    "episode_seed",
    "hooks_of",
    "render_text",
    "table_of",
    "whole_index",
]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

#: The definition's hooks every adapter needs, in the order an error lists the missing ones.
ADAPTER_HOOKS = ("setup", "setup_json", "seat_count", "observe", "observation_codec", "action_space", "returns")

#: What an adapter does with an action index that is not legal now: ``lose`` ends the episode with ``-1`` for the
#: seat that played it and ``0`` for the others (PettingZoo's classic convention), ``raise`` raises
#: :class:`IllegalActionError`, ``ignore`` leaves the state as it was (the same seat decides again).
IllegalActionPolicy = Literal["lose", "raise", "ignore"]
ILLEGAL_ACTION_POLICIES: tuple[IllegalActionPolicy, ...] = ("lose", "raise", "ignore")

#: The render modes of the kernel's environments: ``ansi`` returns the text of :meth:`GameTable.text`, ``human`` prints
#: it. (A picture needs the game's own drawing; the kernel has none.)
RENDER_MODES = ("ansi", "human")


class IllegalActionError(ValueError):
    """An adapter received an action that is not legal now; the message names the seat, the index and the
    decision."""


@dataclass(frozen=True, slots=True)
class Hooks(Generic[C, S]):
    """The learning hooks of a definition, each known to be there."""

    setup: Callable[..., C]
    setup_json: Callable[[C], Mapping[str, object]]
    seat_count: Callable[[C], int]
    observe: Callable[[C, S, int], object]
    observation_codec: Callable[[C], ObservationCodec]
    action_space: Callable[[C], ActionIndex]
    returns: Callable[[C, S], tuple[float, ...]]


def hooks_of(definition: GameDefinition[C, S]) -> Hooks[C, S]:
    """The learning hooks of ``definition``; ``ValueError`` naming every one it lacks."""
    d = definition
    if (
        d.setup is None
        or d.setup_json is None
        or d.seat_count is None
        or d.observe is None
        or d.observation_codec is None
        or d.action_space is None
        or d.returns is None
    ):
        missing = [name for name in ADAPTER_HOOKS if getattr(d, name) is None]
        raise ValueError(f"game {d.id}: the learning adapters need the hooks {', '.join(missing)}")
    return Hooks(d.setup, d.setup_json, d.seat_count, d.observe, d.observation_codec, d.action_space, d.returns)


def check_policy(policy: object) -> IllegalActionPolicy:
    """``policy`` if it is one of :data:`ILLEGAL_ACTION_POLICIES`; ``ValueError`` naming it otherwise."""
    for known in ILLEGAL_ACTION_POLICIES:
        if policy == known:
            return known
    raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_POLICIES)}; got {policy!r:.40}")


def check_render_mode(mode: object, modes: tuple[str, ...] = RENDER_MODES) -> str | None:
    """``mode`` if it is ``None`` or one of ``modes`` (by default :data:`RENDER_MODES`); ``ValueError`` naming it
    otherwise."""
    if mode is None or (isinstance(mode, str) and mode in modes):
        return mode
    raise ValueError(f"render_mode must be one of {', '.join(modes)} or None; got {mode!r:.40}")


def check_count(name: str, value: object) -> int | None:
    """``value`` if it is ``None`` or a positive ``int`` (an episode's ``max_cycles`` or ``max_steps``);
    ``ValueError`` naming ``name`` otherwise."""
    if value is None or (type(value) is int and value >= 1):
        return value
    raise ValueError(f"{name} must be a positive integer or None; got {value!r:.40}")


@dataclass(frozen=True, slots=True)
class LegalIndices:
    """A seat's legal actions now: their indices in increasing order, and the action the engine listed for each
    (given back to the engine as is, which applies it without checking it again)."""

    indices: tuple[int, ...]
    by_index: Mapping[int, Action]


_NONE = LegalIndices((), {})


class GameTable(Generic[C, S]):
    """One game set up one way, and what every adapter reads of its episodes (see the module docstring)."""

    def __init__(
        self,
        definition: GameDefinition[C, S],
        setup: Mapping[str, object],
        *,
        engine_type: Callable[[C, ChanceMode], Engine[C, S]] | None = None,
    ) -> None:
        self.definition = definition
        self.hooks: Hooks[C, S] = hooks_of(definition)
        # each episode's setup is the caller's own arguments with the episode's seed (objects the caller passed, a
        # data pack say, stay the same objects: the game's JSON form of them may only name them)
        self._arguments = dict(setup)
        self._engine_type = engine_type
        self.ctx: C = set_up(definition, setup)  # GameSetupError names the game and a wrong argument
        #: The setup arguments, as the game writes them back (its ``setup_json``): all of them, plain JSON data.
        self.setup: dict[str, object] = dict(self.hooks.setup_json(self.ctx))
        self.seats = self.hooks.seat_count(self.ctx)
        self.action_space = self.hooks.action_space(self.ctx)
        self.codec = self.hooks.observation_codec(self.ctx)
        self.num_actions = self.action_space.num_distinct_actions
        # the key under which this table keeps a seat's legal indices on a state (a fresh object: no one else has it)
        self._key = ("kernel.adapters.legal", object())
        sample = self._engine(self.ctx, "auto")
        self.size = len(self.vector(sample, sample.initial_state(), 0))
        self.low, self.high = self._bounds()

    def __repr__(self) -> str:
        return f"GameTable({self.definition.id}, {self.setup!r:.200})"

    def __reduce__(self) -> tuple[Callable[..., GameTable[Any, Any]], tuple[object, ...]]:
        """Pickled as its game's id (with the module of its state type, which registers it), its setup arguments and
        its engine type, set up again when unpickled (see the module docstring). ``pickle.PicklingError`` if the
        game's id does not find this very definition."""
        game = self.definition
        try:
            found = _definition(game.id, game.state_type.__module__)
        except (UnknownGame, ImportError):
            found = None
        if found is not game:
            raise pickle.PicklingError(
                f"game {game.id}: a table pickles as its game's id, which does not find this definition (register it in"
                " the module of its state type, or declare it as an entry point)"
            )
        return _unpickled_table, (game.id, game.state_type.__module__, self._arguments, self._engine_type)

    @property
    def seeded(self) -> bool:
        """Whether the game's setup takes a ``seed`` (each episode then gets its own)."""
        return "seed" in self.setup

    def engine(self, seed: int | None = None, chance: ChanceMode = "auto") -> Engine[C, S]:
        """An engine for a new episode: with ``seed`` (and a seeded game), the setup with that seed."""
        ctx = self.ctx if seed is None or not self.seeded else set_up(self.definition, self._arguments | {"seed": seed})
        return self._engine(ctx, chance)

    def _engine(self, ctx: C, chance: ChanceMode) -> Engine[C, S]:
        """The game's engine for ``ctx``: ``engine_type``'s (a game's own subclass of the kernel's
        :class:`~armata_rules.kernel.play.engine.Engine`, say), else the kernel's."""
        if self._engine_type is not None:
            return self._engine_type(ctx, chance)
        return Engine(self.definition, ctx, chance)

    def _bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        hook = self.definition.observation_bounds
        if hook is None:
            return np.full(self.size, -np.inf, np.float32), np.full(self.size, np.inf, np.float32)
        low, high = (np.asarray(side, dtype=np.float32) for side in hook(self.ctx))
        game = self.definition.id
        for name, side in (("low", low), ("high", high)):
            if side.shape != (self.size,):
                problem = f"has shape {side.shape}; the codec gives {self.size} numbers"
                raise ValueError(f"game {game}: observation_bounds {name} {problem}")
        if not (low <= high).all():
            raise ValueError(f"game {game}: observation_bounds: low exceeds high at entry {int(np.argmax(low > high))}")
        return low, high

    # ------------------------------------------------------------------------------------------- a state
    def to_act(self, state: S) -> ToAct | None:
        """Who decides now; ``None`` once the game is over."""
        if state.outcome is not None or not state.frames:
            return None
        return state.frames[-1].to_act()

    def decider(self, state: S) -> int | None:
        """The seat that decides now (the first of a simultaneous decision, which the adapters play seat by seat);
        ``None`` once the game is over. ``RuntimeError`` if a live state waits on no seat (an engine defect: with
        chance resolved by the engine, every live state waits on a seat)."""
        to_act = self.to_act(state)
        if to_act is None:
            return None
        if not to_act.seats or to_act.kind not in (DecisionKind.PLAYER, DecisionKind.SIMULTANEOUS):
            raise RuntimeError(f"game {self.definition.id}: the engine stopped at {to_act} with no seat to decide")
        return to_act.seats[0]

    def legal(self, engine: Engine[C, S], state: S, seat: int) -> LegalIndices:
        """``seat``'s legal actions now with their indices (none when another seat or chance decides), worked out
        once per state, seat and engine."""
        to_act = self.to_act(state)
        if to_act is None or seat not in to_act.seats:
            return _NONE
        cache = memo(cast(Memo, state))
        key = (self._key, engine, seat)
        found: LegalIndices | None = cache.get(key)
        if found is None:
            actions = engine.legal_actions(state)
            if to_act.kind is DecisionKind.SIMULTANEOUS:
                actions = [action for action in actions if action.seat == seat]
            by_index = {self._index(action): action for action in actions}
            found = cache[key] = LegalIndices(tuple(sorted(by_index)), by_index)
        return found

    def legal_action(self, engine: Engine[C, S], state: S, seat: int, index: int | None) -> Action | None:
        """The action the engine listed for ``seat`` now under ``index`` (given back to the engine as is); ``None`` if
        ``index`` is ``None`` or not one of the seat's legal indices. What an adapter's ``step`` asks: a game's table
        may answer it without building :meth:`legal`'s whole answer."""
        return None if index is None else self.legal(engine, state, seat).by_index.get(index)

    def _index(self, action: Action) -> int:
        try:
            return self.action_space.action_to_index(action)
        except (KeyError, IndexError, ValueError):
            raise RuntimeError(f"game {self.definition.id}: listed {action} has no index in its action_space") from None

    def mask(self, engine: Engine[C, S], state: S, seat: int) -> npt.NDArray[np.int8]:
        """``1`` at each of ``seat``'s legal action indices, ``0`` elsewhere."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[np.asarray(self.legal(engine, state, seat).indices, dtype=np.intp)] = 1
        return mask

    def vector(self, engine: Engine[C, S], state: S, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` observes of ``state`` (the ``observe`` hook), as the codec's numbers."""
        seen = self.hooks.observe(engine.ctx, state, seat)
        vector = np.asarray(self.codec.encode(seen), dtype=np.float32)
        if vector.ndim != 1:
            raise RuntimeError(f"game {self.definition.id}: the observation codec gives shape {vector.shape}, not flat")
        return vector

    def returns(self, engine: Engine[C, S], state: S) -> tuple[float, ...]:
        """Each seat's return (the ``returns`` hook): its result at the end, 0 while the game goes on."""
        return tuple(float(value) for value in self.hooks.returns(engine.ctx, state))

    def action(self, index: int) -> Action:
        """The action numbered ``index`` (``IndexError`` or ``KeyError`` outside the numbering)."""
        return self.action_space.index_to_action(index)

    def text(self, state: S, last: Action | None = None, returns: tuple[float, ...] | None = None) -> str:
        """A short text picture of ``state``: the round and who decides, the last line of its history, the last
        action, and the outcome with each seat's return once the game is over."""
        to_act = self.to_act(state)
        if to_act is None:
            who = "game over"
        elif to_act.kind is DecisionKind.SIMULTANEOUS:
            who = f"seats {', '.join(map(str, to_act.seats))} decide {to_act.decision or '-'} at once"
        else:
            who = f"seat {', '.join(map(str, to_act.seats))} decides {to_act.decision or '-'}"
        lines = [f"{self.definition.title}, round {state.round}: {who}"]
        if state.log is not None:
            lines.append(f"last event: {state.log.text}")
        if last is not None:
            lines.append(f"last action: {last}")
        if state.outcome is not None:
            shown = "" if returns is None else f"; returns {', '.join(f'{value:g}' for value in returns)}"
            lines.append(f"outcome: {state.outcome.value}{shown}")
        return "\n".join(lines)


def _definition(game_id: str, module: str) -> GameDefinition[Any, Any]:
    """The definition of ``game_id``, importing ``module`` (where its state type is defined) first if no game of that
    id is registered or declared yet."""
    try:
        return load(game_id)
    except UnknownGame:
        importlib.import_module(module)
        return load(game_id)


def _unpickled_table(
    game_id: str,
    module: str,
    arguments: dict[str, object],
    engine_type: Callable[[Any, ChanceMode], Engine[Any, Any]] | None,
) -> GameTable[Any, Any]:
    """A pickled :class:`GameTable` set up again (see :meth:`GameTable.__reduce__`)."""
    return GameTable(_definition(game_id, module), arguments, engine_type=engine_type)


def table_of(game: GameDefinition[C, S] | GameTable[C, S], setup: Mapping[str, object]) -> GameTable[C, S]:
    """An environment's table: ``game`` itself if it is a table already set up (then ``setup`` must be empty:
    ``TypeError`` naming its arguments), else the table of the definition ``game`` set up from ``setup``."""
    if isinstance(game, GameTable):
        if setup:
            raise TypeError(f"a table is already set up: setup arguments {', '.join(sorted(setup))} are not taken")
        return game
    return GameTable(game, setup)


def render_text(
    mode: str | None, table: GameTable[C, S], engine: Engine[C, S], state: S, last: Action | None
) -> str | None:
    """What ``render()`` gives in the kernel's :data:`RENDER_MODES`: nothing without a mode, the text of
    :meth:`GameTable.text` for ``ansi``, that text printed (and ``None``) for ``human``."""
    if mode is None:
        return None
    returns = table.returns(engine, state) if state.outcome is not None else None
    text = table.text(state, last, returns)
    if mode == "ansi":
        return text
    print(text, flush=True)
    return None


def whole_index(action: object) -> int | None:
    """``action`` as an action index if it is a Python or NumPy integer (not a ``bool``), else ``None``: ``117.0``,
    ``"117"`` and ``np.float32(117)`` are not action 117."""
    if type(action) is int:  # what most agents pass: no other check to make
        return action
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        return None
    return int(action)


def episode_seed(seeds: np.random.Generator) -> int:
    """The seed of the next episode, drawn from the environment's generator (as Armata's environments draw it)."""
    return int(seeds.integers(2**31))
