"""The game as an OpenSpiel Python game, registered as ``python_armata_strigoi`` (extra ``[openspiel]``).

Importing this module registers the game with :func:`pyspiel.register_game`; load it with
``pyspiel.load_game("python_armata_strigoi", {"players": 3})``. Its :class:`pyspiel.GameType` says what the game
is: sequential with *explicit* chance (every draw is a chance node, :meth:`armata_rules.engine.Game.chance_outcomes`
with ``chance="explicit"``), imperfect information (hands, face-down choices and stacks are hidden) and identical
rewards (the pack wins or loses together: ``+1``/``-1`` for every player, at the end only).

Parameters: ``players`` (2–5: the first heroes of Attila, Roel, Matthew, Charles, Falk Maria) and ``edition`` (a
preset of :mod:`armata_rules.editions`, ``peg19.en`` by default).

Actions are the indices of :class:`armata_rules.encoding.ActionSpace`; chance outcomes come first in that
numbering, so they are below ``max_chance_outcomes``. Phase 1's simultaneous choice is played seat by seat, each
seat seeing only that the others have chosen. The observation tensor is
:class:`armata_rules.encoding.ObservationEncoder`'s vector; the information state string identifies the seat's
whole history of observations (perfect recall) by a chained digest, so two histories that look the same to the
seat give the same string. States serialise as their action history (OpenSpiel's default), which replays exactly.

.. warning::

   Never pass a string from anyone you do not trust to ``game.deserialize_state`` or
   ``pyspiel.deserialize_game_and_state``. For every Python game, OpenSpiel's serialised state carries a
   ``__dict__=`` line that is a base64 *pickle*, and OpenSpiel's own C++ side unpickles it before any code of this
   project runs: a crafted string runs code on the machine, as Python's pickle documentation warns. To exchange
   states, use :func:`state_to_record` and :func:`state_from_record`: plain JSON (the parameters and the action
   indices) that is checked and replayed through the rules, action by action.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import pyspiel

from armata_rules import editions
from armata_rules.adapters.table import Table, render_ansi
from armata_rules.encoding import legal_actions_of
from armata_rules.engine import Game
from armata_rules.frames import DecisionKind
from armata_rules.state import GameState

__all__ = [
    "GAME_TYPE",
    "HEROES",
    "MAX_GAME_LENGTH",
    "RECORD_FORMAT",
    "ArmataGame",
    "ArmataObserver",
    "ArmataState",
    "StateRecordError",
    "state_from_record",
    "state_to_record",
]

#: The heroes seated for ``players`` seats: the first ``players`` of these.
HEROES = ("Attila", "Roel", "Matthew", "Charles", "Falk Maria")
#: OpenSpiel needs a bound on the number of actions in a game: far beyond any game seen (a few thousand).
MAX_GAME_LENGTH = 100_000

GAME_TYPE = pyspiel.GameType(
    short_name="python_armata_strigoi",
    long_name="Armata Strigoi (armata-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.IDENTICAL,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 3, "edition": "peg19.en"},
)


@dataclass(frozen=True)
class _Setup:
    """What every state of one parameterisation shares: the table, the engine, the initial state."""

    table: Table
    engine: Game
    initial: GameState


@cache
def _setup(players: int, edition: str) -> _Setup:
    if not 2 <= players <= 5:
        raise ValueError(f"python_armata_strigoi: players: a game has 2 to 5 heroes; got {players}")
    table = Table(HEROES[:players], ruleset=editions.by_name(edition))
    engine = table.game(0, chance="explicit")
    initial = engine.initial_state()
    return _Setup(table, engine, initial)


def _recall(table: Table, engine: Game, state: GameState, previous: Sequence[str]) -> list[str]:
    """Every seat's chained digest of its observations, extended by ``state`` (perfect recall)."""
    return [
        hashlib.sha256(
            previous[seat].encode() + table.encoder.encode(engine.observation(state, seat)).tobytes()
        ).hexdigest()
        for seat in range(table.players)
    ]


class _Held:
    """An engine state with the actions that led to it.

    OpenSpiel's ``clone`` shares it (the engine state is immutable); ``serialize`` pickles only the parameters and
    the action indices, and loading replays them through the rules. That does not make a serialised string safe:
    OpenSpiel unpickles it (code can be smuggled in, whatever a position could not), see the module's warning and
    :func:`state_from_record`. Each seat's digest of what it has seen (its information state) is computed
    only when asked for, from the parent holders, so search that never asks pays nothing for it.
    """

    __slots__ = ("_recall", "actions", "params", "parent", "state")

    def __init__(
        self, params: tuple[int, str], actions: tuple[int, ...], state: GameState, parent: _Held | None = None
    ) -> None:
        self.params = params
        self.actions = actions
        self.state = state
        self.parent = parent
        self._recall: tuple[str, ...] | None = None

    def then(self, action: int) -> _Held:
        """The holder after ``action``."""
        setup = _setup(*self.params)
        state = setup.engine.apply(self.state, setup.table.action_space.index_to_action(action))
        return _Held(self.params, (*self.actions, action), state, self)

    def recall(self) -> tuple[str, ...]:
        """Every seat's chained digest of its observations from the start to here."""
        if self._recall is not None:
            return self._recall
        pending: list[_Held] = []
        node: _Held | None = self
        while node is not None and node._recall is None:
            pending.append(node)
            node = node.parent
        setup = _setup(*self.params)
        known = ("",) * setup.table.players if node is None or node._recall is None else node._recall
        for held in reversed(pending):
            known = tuple(_recall(setup.table, setup.engine, held.state, known))
            held._recall = known
        return known

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return self

    def __getstate__(self) -> tuple[tuple[int, str], tuple[int, ...]]:
        return self.params, self.actions

    def __setstate__(self, saved: tuple[tuple[int, str], tuple[int, ...]]) -> None:
        params, actions = saved
        held = _Held(params, (), _setup(*params).initial)
        for action in actions:
            held = held.then(action)
        self.params, self.actions, self.state, self.parent = params, held.actions, held.state, held.parent
        self._recall = None


class ArmataGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: a :class:`~armata_rules.adapters.table.Table` of ``players`` heroes."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        params = params or {}
        players = int(str(params.get("players", 3)))
        edition = str(params.get("edition", "peg19.en"))
        self.setup = _setup(players, edition)
        space = self.setup.table.action_space
        info = pyspiel.GameInfo(
            num_distinct_actions=space.num_distinct_actions,
            max_chance_outcomes=space.kind_ranges()["chance"].stop,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, {"players": players, "edition": edition})

    def new_initial_state(self) -> ArmataState:
        """The state after setup: the first hero places a ladder."""
        return ArmataState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, object] | None = None
    ) -> ArmataObserver:
        """The observer OpenSpiel asks for observations and information states."""
        return ArmataObserver(self.setup, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class ArmataState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an immutable engine state.

    Its Python attributes are what OpenSpiel copies on ``clone`` and pickles on ``serialize``: the parameters, the
    engine state (shared, being immutable) and each seat's digest of what it has seen.
    """

    def __init__(self, game: ArmataGame) -> None:
        super().__init__(game)
        setup = game.setup
        self.params = (setup.table.players, setup.table.ruleset.name)
        self.held = _Held(self.params, (), setup.initial)

    @property
    def state(self) -> GameState:
        """The engine state."""
        return self.held.state

    @property
    def setup(self) -> _Setup:
        """The table and engine of this state's game."""
        return _setup(*self.params)

    # ------------------------------------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        """The seat that decides (the first still to choose in Phase 1), chance, or terminal."""
        to_act = self.state.to_act
        if self.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if to_act.kind is DecisionKind.CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if not to_act.seats:
            raise RuntimeError(f"the engine stopped with nobody to decide at {to_act} (an engine defect)")
        return to_act.seats[0]

    def _legal_actions(self, player: int) -> list[int]:
        setup = self.setup
        return sorted(
            setup.table.action_space.action_to_index(a) for a in legal_actions_of(setup.engine, self.state, player)
        )

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities, by index."""
        setup = self.setup
        space = setup.table.action_space
        return sorted((space.action_to_index(o), p) for o, p in setup.engine.chance_outcomes(self.state))

    def _apply_action(self, action: int) -> None:
        self.held = self.held.then(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.setup.table.action_space.index_to_action(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_over

    def returns(self) -> list[float]:
        """The pack's result for every seat: +1, -1, or 0 while the game goes on."""
        setup = self.setup
        return [setup.engine.returns(self.state)] * setup.table.players

    def __str__(self) -> str:
        return render_ansi(self.setup.engine, self.state)


class ArmataObserver:
    """OpenSpiel's observer: the observation tensor and strings of one seat."""

    def __init__(
        self, setup: _Setup, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, object] | None
    ) -> None:
        if params:
            raise ValueError(f"python_armata_strigoi: the observer takes no parameters; got {sorted(params)}")
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(setup.table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ArmataState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state``."""
        self.tensor[:] = self.setup.table.encoder.encode(self.setup.engine.observation(state.state, player))

    def string_from(self, state: ArmataState, player: int) -> str:
        """The information state (with perfect recall) or the current observation, as a string."""
        if self.perfect_recall:
            return f"seat {player} history {state.held.recall()[player]}"
        return repr(self.setup.engine.observation(state.state, player))


pyspiel.register_game(GAME_TYPE, ArmataGame)


#: The version of the JSON that :func:`state_to_record` writes.
RECORD_FORMAT = 1


class StateRecordError(ValueError):
    """A state record is malformed or does not replay; the message names the key and the problem."""


def state_to_record(state: ArmataState) -> dict[str, object]:
    """The state as plain JSON: the game's parameters and the action indices that led to it (chance included).
    The safe counterpart of ``state.serialize()``: nothing in it is ever unpickled."""
    players, edition = state.params
    return {
        "format": RECORD_FORMAT,
        "game": GAME_TYPE.short_name,
        "players": players,
        "edition": edition,
        "actions": list(state.held.actions),
    }


def state_from_record(data: object) -> ArmataState:
    """The OpenSpiel state a :func:`state_to_record` JSON describes, rebuilt by replaying its actions through the
    rules: :class:`StateRecordError` (``KEY: PROBLEM``) for a wrong key or type, an unknown edition, a player
    count out of range, or an action that is not legal where it stands."""
    if not isinstance(data, dict):
        raise StateRecordError(f"<top>: must be an object; got {type(data).__name__}")
    expected = {"format", "game", "players", "edition", "actions"}
    unknown = sorted(str(k) for k in set(data) - expected)
    if unknown:
        raise StateRecordError(f"{unknown[0]}: unknown key")
    for key in sorted(expected - set(data)):
        raise StateRecordError(f"{key}: missing")
    if data["format"] != RECORD_FORMAT or type(data["format"]) is not int:
        raise StateRecordError(f"format: must be {RECORD_FORMAT}; got {data['format']!r:.40}")
    if data["game"] != GAME_TYPE.short_name:
        raise StateRecordError(f"game: must be {GAME_TYPE.short_name!r}; got {data['game']!r:.40}")
    players, edition, actions = data["players"], data["edition"], data["actions"]
    if type(players) is not int or not GAME_TYPE.min_num_players <= players <= GAME_TYPE.max_num_players:
        raise StateRecordError(f"players: must be an integer from 2 to 5; got {players!r:.40}")
    if not isinstance(edition, str) or edition not in {r.name for r in editions.ALL}:
        raise StateRecordError(f"edition: must be one of {', '.join(r.name for r in editions.ALL)}")
    if not isinstance(actions, list) or any(type(a) is not int for a in actions):
        raise StateRecordError("actions: must be a list of integers (action indices)")
    if len(actions) > MAX_GAME_LENGTH:
        raise StateRecordError(f"actions: {len(actions)} actions; a game has at most {MAX_GAME_LENGTH}")
    state = pyspiel.load_game(GAME_TYPE.short_name, {"players": players, "edition": edition}).new_initial_state()
    for number, action in enumerate(actions):
        legal = [outcome for outcome, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if state.is_terminal() or action not in legal:
            raise StateRecordError(f"actions[{number}]: {action} is not legal there")
        state.apply_action(action)
    return state  # type: ignore[no-any-return]
