"""Any game on the kernel as an OpenSpiel Python game (extra ``[openspiel]``).

:func:`register` registers a :class:`~armata_rules.kernel.play.game.GameDefinition` with
:func:`pyspiel.register_game`, as ``python_<game id>`` unless another name is given; load it with
``pyspiel.load_game(name, parameters)``. Registering is explicit: importing this module registers nothing, and a name
OpenSpiel already knows from elsewhere is refused (Armata's own ``python_armata_strigoi``, say, from
:mod:`armata_rules.adapters.openspiel_game`).

The parameters are the game's setup arguments, as its ``setup_json`` hook writes them, with the defaults given at
registration. OpenSpiel's parameters are numbers, booleans and strings, and its game strings
(``name(key=value,...)``) split at ``,``, ``(``, ``)`` and ``=``: a string is passed with those characters (and
``%``) escaped as ``%2C``, ``%28``, ``%29``, ``%3D`` (``%25``), and a list, an object or ``null`` as its compact
JSON text, escaped the same way (``heroes=["Attila"%2C"Roel"]``). :func:`game_parameters` writes a setup that way. A
game is set up as given and its parameters written back canonically, so equal games have equal game strings.

What the :class:`pyspiel.GameType` says, from the definition: sequential play (a simultaneous decision is played seat
by seat, each seat seeing of the others what the game's ``observe`` hook shows); explicit chance (every chance
outcome a chance node, with its probability);
perfect or imperfect information as the ``perfect_information`` hook says; the utility from the ``payoffs`` hook
(identical, zero-sum, constant-sum, or general-sum between ``-inf`` and ``inf`` without it); rewards at the end
only, the ``returns`` hook. ``min_num_players`` and ``max_num_players`` are the definition's ``seats``; a game's
number of players is its ``seat_count``. Actions are the indices of the ``action_space`` hook, and
``max_chance_outcomes`` is one more than the highest index of a chance outcome.

What a seat knows: the observation tensor is the ``observe`` hook through the ``observation_codec`` and the
observation string the same numbers in words (``index=value`` for each non-zero entry); the information state
string is the seat's whole history (perfect recall): what it saw at the start, then one line per step with who acted
(its own actions in full; the others' and chance's in full only in a game of perfect information, else just who)
and the entries of its observation that changed. The kernel offers no information state tensor: a fixed-length
vector cannot hold a history of unbounded length, and a summary is the game's to choose.

An action that is not legal where it is applied is refused with ``ValueError`` naming the game, the index and the
decision. States serialise as their action history (OpenSpiel's default); OpenSpiel unpickles a serialised state,
so never deserialise a string from anyone you do not trust.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final, cast
from urllib.parse import unquote

import numpy as np
import numpy.typing as npt
import pyspiel

from armata_rules.kernel.adapters.table import GameTable, hooks_of
from armata_rules.kernel.core.errors import present
from armata_rules.kernel.core.immutable import Memo, empty_memo, memo
from armata_rules.kernel.play.actions import Action, ChanceOutcome
from armata_rules.kernel.play.engine import Engine, GameSetupError, set_up
from armata_rules.kernel.play.frames import DecisionKind
from armata_rules.kernel.play.game import GameDefinition, Payoffs

__all__ = [
    "CHANCE_PLAYER",
    "MAX_GAME_LENGTH",
    "TERMINAL_PLAYER",
    "ActionLine",
    "KernelObserver",
    "KernelSpielGame",
    "KernelSpielState",
    "game_parameters",
    "register",
    "registered",
]

#: OpenSpiel needs a bound on the number of actions in a game; a game may set another at registration.
MAX_GAME_LENGTH = 100_000

_NAME = re.compile(r"[a-z][a-z0-9_]*")
_ESCAPES = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}


@dataclass(frozen=True)
class _Registration:
    """A game registered with OpenSpiel: its name, definition and type, the default setup (as parameters) and which
    parameters are JSON text."""

    name: str
    definition: GameDefinition[Any, Any]
    game_type: pyspiel.GameType
    defaults: Mapping[str, object]
    json_keys: frozenset[str]
    max_game_length: int


_REGISTERED: dict[str, _Registration] = {}


def _escape(text: str) -> str:
    return "".join(_ESCAPES.get(char, char) for char in text)


def _encode(value: object) -> object:
    """A setup argument as an OpenSpiel parameter (see the module docstring)."""
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return _escape(value)
    return _escape(json.dumps(value, sort_keys=True, separators=(",", ":")))


def _encoded(setup: Mapping[str, object]) -> dict[str, object]:
    return {key: _encode(value) for key, value in sorted(setup.items())}


def registered() -> tuple[str, ...]:
    """The names of the games this module has registered with OpenSpiel, sorted."""
    return tuple(sorted(_REGISTERED))


def register(
    definition: GameDefinition[Any, Any],
    name: str | None = None,
    *,
    defaults: Mapping[str, object] | None = None,
    max_game_length: int = MAX_GAME_LENGTH,
) -> str:
    """Register ``definition`` with OpenSpiel as ``name`` (``python_<game id>`` by default) and return the name.

    ``defaults`` are the setup arguments of the game ``pyspiel.load_game(name)`` loads (none by default: the game's
    ``setup`` must then accept none); every setup argument the game writes back is a parameter. Registering the same
    definition under the same name again returns the name and changes nothing. ``ValueError`` (one line) for a name
    that is not a lower-case identifier or is taken (by another game here, or by anyone else in OpenSpiel), a
    definition without the learning hooks, or defaults the game refuses.
    """
    name = f"python_{definition.id}" if name is None else name
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(f"OpenSpiel name {name!r:.60} must be a lower-case identifier")
    known = _REGISTERED.get(name)
    if known is not None:
        if known.definition is not definition:
            raise ValueError(f"OpenSpiel name {name} is taken by game {known.definition.id}")
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel name {name} is registered already, by another module; pass another name")
    if type(max_game_length) is not int or max_game_length < 1:
        raise ValueError(f"max_game_length must be a positive integer; got {max_game_length!r:.40}")
    hooks = hooks_of(definition)
    try:
        setup = dict(hooks.setup_json(set_up(definition, dict(defaults or {}))))
    except GameSetupError as err:
        raise ValueError(f"{name}: defaults: {err}") from None
    json_keys = frozenset(key for key, value in setup.items() if not isinstance(value, (bool, int, float, str)))
    game_type = _game_type(definition, name, _encoded(setup))
    _REGISTERED[name] = _Registration(name, definition, game_type, _encoded(setup), json_keys, max_game_length)
    # OpenSpiel keeps the creator until the process ends; a class, unlike a function, outlives the interpreter's
    # shutdown without a crash (pybind11 would release a function without the GIL)
    creator = type(f"KernelSpielGame_{name}", (KernelSpielGame,), {"registered_name": name, "__module__": __name__})
    pyspiel.register_game(game_type, creator)
    return name


def _game_type(definition: GameDefinition[Any, Any], name: str, parameters: dict[str, object]) -> pyspiel.GameType:
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=name,
        long_name=f"{definition.title} (armata-rules kernel)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information.PERFECT_INFORMATION
        if definition.perfect_information
        else information.IMPERFECT_INFORMATION,
        utility=_utility(definition.payoffs),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=definition.seats.stop - 1,
        min_num_players=definition.seats.start,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def _utility(payoffs: Payoffs | None) -> pyspiel.GameType.Utility:
    utility = pyspiel.GameType.Utility
    if payoffs is None:
        return utility.GENERAL_SUM
    if payoffs.identical:
        return utility.IDENTICAL
    if payoffs.total is None:
        return utility.GENERAL_SUM
    return utility.ZERO_SUM if payoffs.total == 0 else utility.CONSTANT_SUM


def _registration(name: str) -> _Registration:
    found = _REGISTERED.get(name)
    if found is None:
        raise ValueError(f"no game registered here as {name!r:.60}; registered: {', '.join(registered()) or '(none)'}")
    return found


def _decode(registration: _Registration, key: str, value: object) -> object:
    """An OpenSpiel parameter back as a setup argument; ``ValueError`` naming it if it is not valid JSON."""
    if not isinstance(value, str):
        return value
    text = unquote(value)
    if key not in registration.json_keys:
        return text
    try:
        return json.loads(text)
    except ValueError as err:
        raise ValueError(f"{registration.name}: {key}: not JSON ({err})") from None


def _setup_of(registration: _Registration, params: Mapping[str, object]) -> dict[str, object]:
    """The setup arguments that OpenSpiel ``params`` give (the defaults for those not given)."""
    unknown = sorted(set(params) - set(registration.defaults))
    if unknown:
        raise ValueError(
            f"{registration.name}: unknown parameter {unknown[0]!r:.40}; parameters: "
            + ", ".join(sorted(registration.defaults))
        )
    given = dict(registration.defaults) | dict(params)
    return {key: _decode(registration, key, value) for key, value in given.items()}


def _canonical(registration: _Registration, setup: Mapping[str, object]) -> dict[str, object]:
    """The parameters of the game ``setup`` sets up, as the game writes its setup back; ``ValueError`` (one line,
    naming the game and the argument) for a setup the game refuses."""
    hooks = hooks_of(registration.definition)
    try:
        return _encoded(hooks.setup_json(set_up(registration.definition, setup)))
    except GameSetupError as err:
        raise ValueError(f"{registration.name}: {err}") from None


def game_parameters(name: str, setup: Mapping[str, object]) -> dict[str, object]:
    """The OpenSpiel parameters of the game registered as ``name`` set up from ``setup`` (plain setup arguments,
    the defaults for those not given), canonical: ``pyspiel.load_game(name, game_parameters(name, setup))``.
    ``ValueError`` (one line, naming the game and the argument) for an unknown argument or a setup the game
    refuses."""
    registration = _registration(name)
    unknown = sorted(set(setup) - set(registration.defaults))
    if unknown:
        raise ValueError(f"{name}: unknown setup argument {unknown[0]!r:.40}")
    return _canonical(registration, _setup_of(registration, {}) | dict(setup))


@dataclass(frozen=True)
class _Setup:
    """What every state of one game of a registered name shares: the table, its engine (chance explicit), the
    initial state and the bound on chance outcomes."""

    registration: _Registration
    table: GameTable[Any, Any]
    engine: Engine[Any, Any]
    initial: Any
    max_chance_outcomes: int


@cache
def _setup(name: str, parameters: tuple[tuple[str, object], ...]) -> _Setup:
    registration = _registration(name)
    table = GameTable(registration.definition, _setup_of(registration, dict(parameters)))  # canonical: set up before
    engine = table.engine(chance="explicit")
    chance = [index for index in range(table.num_actions) if isinstance(table.action(index), ChanceOutcome)]
    return _Setup(registration, table, engine, engine.initial_state(), max(chance) + 1 if chance else 0)


def _key(parameters: Mapping[str, object]) -> tuple[tuple[str, object], ...]:
    """Canonical parameters as a hashable key (their values are numbers and strings)."""
    return tuple(sorted(parameters.items()))


class KernelSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of a registered definition under given parameters (see the module docstring)."""

    #: The name it is registered under (set on the class :func:`register` makes for each game).
    registered_name: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        name = self.registered_name
        registration = _registration(name)
        self.name = name
        self.parameters = _canonical(registration, _setup_of(registration, dict(params or {})))
        self.key = _key(self.parameters)
        self.setup = _setup(name, self.key)
        table, payoffs = self.setup.table, registration.definition.payoffs
        info = pyspiel.GameInfo(
            num_distinct_actions=table.num_actions,
            max_chance_outcomes=self.setup.max_chance_outcomes,
            num_players=table.seats,
            min_utility=-math.inf if payoffs is None else payoffs.low,
            max_utility=math.inf if payoffs is None else payoffs.high,
            utility_sum=None if payoffs is None or payoffs.identical else payoffs.total,
            max_game_length=registration.max_game_length,
        )
        super().__init__(registration.game_type, info, self.parameters)

    def new_initial_state(self) -> KernelSpielState:
        """The state before the first decision."""
        return KernelSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, object] | None = None
    ) -> KernelObserver:
        """The observer OpenSpiel asks for observations (and, with perfect recall, information states)."""
        return KernelObserver(self.setup, iig_obs_type, params)


#: OpenSpiel's player ids of a terminal and of a chance node, as ints (read once: each read of the enum is a call).
TERMINAL_PLAYER: Final = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER: Final = int(pyspiel.PlayerId.CHANCE)


class ActionLine:
    """A node of a line of play: the index of the action that led to it from ``parent``, the node before (``None``
    at the start). The actions from the start are walked back along the parents when asked for, never kept in each
    node (which made every step copy all the ones before it). The OpenSpiel states' holders are such nodes."""

    #: Whether more than one OpenSpiel state may hold this node: the start of a line (every game of a game object
    #: starts from its one initial state), or a node OpenSpiel's ``clone`` copied (it shares the node).
    __slots__ = ("player", "shared")
    shared: bool
    #: OpenSpiel's current player here: the seat that decides, chance or terminal (worked out when the node is
    #: made: OpenSpiel asks for it several times a step, and search at every node).
    player: int
    action: int
    parent: ActionLine | None
    #: The engine state here (immutable, with its cache of derived data: :func:`~armata_rules.immutable.memo`).
    state: Memo

    def __deepcopy__(self, memo: dict[int, object]) -> ActionLine:
        """OpenSpiel's ``clone`` deep-copies a state: the copy shares this node (its engine state is immutable), which
        two states now hold."""
        self.shared = True
        return self

    def left(self) -> None:
        """The OpenSpiel state that held this node moved on to a child (``apply_action``): unless the node is
        :attr:`shared`, its engine state's cache is emptied. The node stays in the line, its state with it (a seat's
        information state is worked out from the line only when asked for), but nothing along a line of play asks
        the cache again: kept, the legal listings, board views and the like of every state so far made a fifth of a
        compiled OpenSpiel decision in the garbage collector's walks. Anything asked again is worked out again (the
        cache holds only what follows from the state)."""
        if not self.shared:
            empty_memo(self.state)

    @property
    def actions(self) -> tuple[int, ...]:
        """The indices of the actions from the start to here, chance included."""
        found: list[int] = []
        node: ActionLine = self
        while node.parent is not None:
            found.append(node.action)
            node = node.parent
        return tuple(reversed(found))


class _Held(ActionLine):
    """An engine state with the index of the action that led to it and its parent, which holds the ones before
    (OpenSpiel's ``clone`` shares it: the engine state is immutable). Serialised as the game's name, parameters and
    action indices, replayed through the rules when loaded. A seat's history lines are worked out only when its
    information state is asked for. A holder keeps only its own action: a tuple of every action so far in each
    holder was a copy of the whole history at every step, and as many copies as steps kept alive along a line."""

    __slots__ = ("_lines", "_vectors", "action", "depth", "key", "name", "parent", "state")
    parent: _Held | None
    state: Any

    def __init__(
        self,
        name: str,
        key: tuple[tuple[str, object], ...],
        state: Any,
        parent: _Held | None = None,
        action: int = -1,
    ) -> None:
        self.name = name
        self.key = key
        self.state = state
        self.parent = parent
        #: The index of the action that led here from ``parent`` (``-1`` at the start).
        self.action = action
        #: How many actions led here.
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.player = _player(self.setup, state, name)
        self._vectors: dict[int, npt.NDArray[np.float32]] = {}
        self._lines: dict[int, str] = {}
        self.shared = parent is None  # the game's initial state, which every new game starts from

    @property
    def setup(self) -> _Setup:
        return _setup(self.name, self.key)

    def chance(self) -> dict[int, tuple[ChanceOutcome, float]]:
        """At a chance node, each outcome with its probability by index (worked out once per state)."""
        setup = self.setup
        cache = memo(cast(Memo, self.state))
        key = ("kernel.openspiel.chance", setup.engine)
        found: dict[int, tuple[ChanceOutcome, float]] | None = cache.get(key)
        if found is None:
            space = setup.table.action_space
            pairs = setup.engine.chance_outcomes(self.state)
            found = cache[key] = {space.action_to_index(outcome): (outcome, p) for outcome, p in pairs}
        return found

    def then(self, index: int) -> _Held:
        """The holder after the action numbered ``index``; ``ValueError`` naming it if it is not legal here."""
        setup = self.setup
        player = self.player
        chosen: Action | None = None
        if player == CHANCE_PLAYER:
            outcome = self.chance().get(index)
            chosen = None if outcome is None else outcome[0]
        elif player >= 0:
            chosen = setup.table.legal_action(setup.engine, self.state, player, index)
        if chosen is None:
            to_act = setup.table.to_act(self.state)
            where = "the end of the game" if to_act is None else f"{to_act.decision or to_act.kind.value}"
            who = "chance" if player == CHANCE_PLAYER else f"player {player}"
            raise ValueError(f"{self.name}: action {index!r:.40} is not legal for {who} at {where} (move {self.depth})")
        return _Held(self.name, self.key, setup.engine.apply(self.state, chosen), self, index)

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` observes here, as numbers (worked out once)."""
        found = self._vectors.get(seat)
        if found is None:
            setup = self.setup
            found = self._vectors[seat] = setup.table.vector(setup.engine, self.state, seat)
        return found

    def line(self, seat: int) -> str:
        """``seat``'s line of history for the step into this holder (its first line at the start)."""
        found = self._lines.get(seat)
        if found is None:
            found = self._lines[seat] = self._line(seat)
        return found

    def _line(self, seat: int) -> str:
        now = self.vector(seat)
        if self.parent is None:
            return f"seat {seat} sees at the start: {_entries(now, np.flatnonzero(now))}"
        parent, index = self.parent, self.action
        actor = parent.player
        action = self.setup.table.action(index)
        if actor == CHANCE_PLAYER:
            who = f"chance: {action}" if self.setup.registration.definition.perfect_information else "chance"
        elif actor == seat:
            who = f"you: {action}"
        else:
            shown = self.setup.registration.definition.perfect_information
            who = f"seat {actor}: {action}" if shown else f"seat {actor}"
        changed = np.flatnonzero(now != parent.vector(seat))
        return f"{self.depth}. {who} | {_entries(now, changed) if len(changed) else 'no change'}"

    def history(self, seat: int) -> str:
        """``seat``'s information state: its lines from the start to here."""
        lines: list[str] = []
        node: _Held | None = self
        while node is not None:
            lines.append(node.line(seat))
            node = node.parent
        return "\n".join(reversed(lines))

    def __getstate__(self) -> tuple[str, tuple[tuple[str, object], ...], tuple[int, ...]]:
        return self.name, self.key, self.actions

    def __setstate__(self, saved: tuple[str, tuple[tuple[str, object], ...], tuple[int, ...]]) -> None:
        name, key, actions = saved
        held = _Held(name, key, _setup(name, key).initial)
        for index in actions:
            held = held.then(index)
        self.name, self.key, self.state, self.parent = name, key, held.state, held.parent
        self.action, self.depth = held.action, held.depth
        self.player = held.player
        self.shared = held.shared  # the start's holder shares the game's initial state
        self._vectors = {}
        self._lines = {}


def _player(setup: _Setup, state: Any, name: str) -> int:
    """OpenSpiel's current player in ``state``: the seat that decides, chance, or terminal."""
    to_act = setup.table.to_act(state)
    if to_act is None:
        return TERMINAL_PLAYER
    if to_act.kind is DecisionKind.CHANCE:
        return CHANCE_PLAYER
    return present(setup.table.decider(state), f"{name} current player")


def _entries(vector: npt.NDArray[np.float32], indices: npt.NDArray[np.intp]) -> str:
    """``index=value`` for each of ``indices`` of ``vector``."""
    return " ".join(f"{int(i)}={float(vector[i]):g}" for i in indices) or "(all zero)"


class KernelSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an immutable engine state (see the module docstring)."""

    def __init__(self, game: KernelSpielGame) -> None:
        super().__init__(game)
        self.held = _Held(game.name, game.key, game.setup.initial)

    @property
    def state(self) -> Any:
        """The engine state."""
        return self.held.state

    def current_player(self) -> int:
        """The seat that decides, chance, or terminal."""
        return self.held.player

    def _legal_actions(self, player: int) -> list[int]:
        """The indices of ``player``'s legal actions, sorted (none for a seat that does not decide now)."""
        setup = self.held.setup
        if player < 0 or player != self.held.player:
            return []
        return list(setup.table.legal(setup.engine, self.held.state, player).indices)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities, by index, sorted."""
        if self.held.player != CHANCE_PLAYER:
            return []
        return sorted((index, probability) for index, (_, probability) in self.held.chance().items())

    def _apply_action(self, action: int) -> None:
        held = self.held
        self.held = held.then(action)
        held.left()

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.held.setup.table.action(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return bool(self.held.state.outcome is not None)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (the current player's without one): the list
        ``pyspiel.State.observation_tensor`` gives (a C++ caller still gets that one), read from the holder's kept
        vector. Asked from Python, OpenSpiel's own method made a fresh initial state and wrote its tensor to learn
        the shape at every call. A player that is not a seat (chance, the end) goes to OpenSpiel's method, which
        refuses it as before."""
        seat = self.current_player() if player is None else player
        if type(seat) is not int or not 0 <= seat < self.held.setup.table.seats:
            own = pyspiel.State.observation_tensor
            found: list[float] = own(self) if player is None else own(self, player)
            return found
        values: list[float] = self.held.vector(seat).tolist()
        return values

    def returns(self) -> list[float]:
        """Each seat's return (the ``returns`` hook): its result at the end, 0 while the game goes on."""
        setup = self.held.setup
        return list(setup.table.returns(setup.engine, self.held.state))

    def __str__(self) -> str:
        setup = self.held.setup
        state = self.held.state
        returns = setup.table.returns(setup.engine, state) if state.outcome is not None else None
        return f"{setup.table.text(state, None, returns)}\nstate {state.hash()}"


class KernelObserver:
    """OpenSpiel's observer of one seat: the observation tensor and string, or (``perfect_recall``) the information
    state string (see the module docstring)."""

    def __init__(
        self, setup: _Setup, iig_obs_type: pyspiel.IIGObservationType | None, params: dict[str, object] | None
    ) -> None:
        if params:
            raise ValueError(f"{setup.registration.name}: the observer takes no parameters; got {sorted(params)}")
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        size = 0 if self.perfect_recall else setup.table.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {} if self.perfect_recall else {"observation": self.tensor}

    def set_from(self, state: KernelSpielState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state`` (nothing with perfect recall)."""
        if not self.perfect_recall:
            self.tensor[:] = state.held.vector(player)

    def string_from(self, state: KernelSpielState, player: int) -> str:
        """The information state (with perfect recall) or the current observation, in words."""
        if self.perfect_recall:
            return state.held.history(player)
        vector = state.held.vector(player)
        return _entries(vector, np.flatnonzero(vector))
