"""The game as an OpenSpiel Python game, registered as ``python_armata_strigoi`` (extra ``[openspiel]``).

Importing this module registers the game with :func:`pyspiel.register_game`; load it with
``pyspiel.load_game("python_armata_strigoi", {"players": 3})``. Its :class:`pyspiel.GameType` says what the game
is: sequential with *explicit* chance (every draw is a chance node, :meth:`armata_rules.engine.Game.chance_outcomes`
with ``chance="explicit"``), imperfect information (hands, face-down choices and stacks are hidden) and identical
rewards (the pack wins or loses together: ``+1``/``-1`` for every player, at the end only).

Parameters: ``players`` (2–5: the first heroes of Attila, Roel, Matthew, Charles, Falk Maria), ``edition`` (a
preset of :mod:`armata_rules.editions`, ``peg19.en`` by default) and ``readings`` (a free ruleset: a JSON object of
readings that differ from the edition, ``'{"movement": "may_exactly"}'``; ``json.dumps(ruleset.to_json())`` gives any
:class:`~armata_rules.variants.Ruleset` whole; empty by default).

Actions are the indices of :class:`armata_rules.encoding.ActionSpace`; chance outcomes come first in that
numbering, so they are below ``max_chance_outcomes``; ``action_to_string`` names the hero and the move
(``"Roel: move to C:1,1"``, :func:`armata_rules.adapters.describe.action_text`). Phase 1's simultaneous choice is
played seat by seat, each seat seeing only that the others have chosen.

What a seat knows:

- the observation tensor is :class:`armata_rules.encoding.ObservationEncoder`'s vector of what it sees now, and the
  observation string the same fields in words (:func:`armata_rules.adapters.describe.observation_text`);
- the information state string is its whole history (perfect recall), readable: its first observation, then one
  line per step of the game with who acted (its own actions in full, the others' by hero, or chance) and every
  field of its observation that changed, so two histories give the same string exactly when they look the same to
  the seat;
- the information state tensor is the observation tensor followed by a memory the current observation lacks: for
  every seat and every card id, ``1`` if the seat has seen that card with that hero (in its own hand or discard
  pile, chosen, played, or given to them by the seat). A fixed-length vector cannot hold every history of a game
  with no bound on its length, so this tensor is a summary, not perfect recall: the string is.

States serialise as their action history (OpenSpiel's default), which replays exactly.

.. warning::

   Never pass a string from anyone you do not trust to ``game.deserialize_state`` or
   ``pyspiel.deserialize_game_and_state``. For every Python game, OpenSpiel's serialised state carries a
   ``__dict__=`` line that is a base64 *pickle*, and OpenSpiel's own C++ side unpickles it before any code of this
   project runs: a crafted string runs code on the machine, as Python's pickle documentation warns. To exchange
   states, use :func:`state_to_record` and :func:`state_from_record`: plain JSON (the parameters and the action
   indices) that is checked and replayed through the rules, action by action.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt
import pyspiel

from armata_rules import editions
from armata_rules.actions import Action, GiveReward
from armata_rules.adapters.describe import action_text, observation_changes, observation_fields, observation_text
from armata_rules.adapters.table import Table, render_ansi
from armata_rules.engine import Game
from armata_rules.errors import present
from armata_rules.frames import DecisionKind
from armata_rules.immutable import memo
from armata_rules.kernel.adapters.openspiel_game import CHANCE_PLAYER, TERMINAL_PLAYER, ActionLine
from armata_rules.observation import Observation
from armata_rules.observation_vector import SeatVector
from armata_rules.state import GameState
from armata_rules.variants import LATER_READINGS, Ruleset

__all__ = [
    "GAME_TYPE",
    "HEROES",
    "MAX_GAME_LENGTH",
    "RECORD_FORMAT",
    "ArmataGame",
    "ArmataObserver",
    "ArmataState",
    "StateRecordError",
    "canonical_readings",
    "ruleset_of",
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
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 3, "edition": "peg19.en", "readings": ""},
)


@dataclass(frozen=True)
class _Setup:
    """What every state of one parameterisation shares: the table, the engine, the initial state."""

    table: Table
    engine: Game
    initial: GameState


def ruleset_of(edition: str, readings: str = "") -> Ruleset:
    """The ruleset of the parameters ``edition`` and ``readings`` (see the module docstring); ``ValueError`` naming
    the parameter for an unknown edition, malformed JSON, or an unknown reading or option."""
    try:
        preset = editions.by_name(edition)
    except ValueError as err:
        raise ValueError(f"python_armata_strigoi: edition: {err}") from None
    if not readings.strip():
        return preset
    try:
        changed = json.loads(readings)
    except ValueError as err:
        raise ValueError(f"python_armata_strigoi: readings: not JSON ({err})") from None
    if not isinstance(changed, dict):
        raise ValueError("python_armata_strigoi: readings: must be a JSON object of reading names to options")
    changed = {key: value for key, value in changed.items() if key != "name"}
    try:
        ruleset = Ruleset.from_json(preset.to_json() | changed)
    except ValueError as err:
        raise ValueError(f"python_armata_strigoi: readings: {err}") from None
    return preset if ruleset.readings() == preset.readings() else ruleset.with_(f"{preset.name}+custom")


def canonical_readings(edition: str, readings: str) -> str:
    """``readings`` as the sorted JSON of the readings that differ from ``edition``: equal games, equal text."""
    ruleset, preset = ruleset_of(edition, readings), editions.by_name(edition)
    changed = {k: v.value for k, v in ruleset.readings().items() if v is not preset.readings()[k]}
    return json.dumps(changed, sort_keys=True) if changed else ""


@cache
def _setup(players: int, edition: str, readings: str = "") -> _Setup:
    if not 2 <= players <= 5:
        raise ValueError(f"python_armata_strigoi: players: a game has 2 to 5 heroes; got {players}")
    table = Table(HEROES[:players], ruleset=ruleset_of(edition, readings))
    engine = table.game(0, chance="explicit")
    initial = engine.initial_state()
    return _Setup(table, engine, initial)


class _Lines:
    """One seat's lines of its information state string, as a prefix of a list that branches share until one of
    them grows it past another's end (then it copies its prefix): a line of history costs one append."""

    __slots__ = ("count", "lines")

    def __init__(self, lines: list[str], count: int) -> None:
        self.lines = lines
        self.count = count

    def then(self, line: str) -> _Lines:
        """These lines and ``line``."""
        if len(self.lines) == self.count:
            self.lines.append(line)
            return _Lines(self.lines, self.count + 1)
        return _Lines([*self.lines[: self.count], line], self.count + 1)

    def text(self) -> str:
        return "\n".join(self.lines[: self.count])


@dataclass(frozen=True, slots=True)
class _Recall:
    """What every seat has seen from the start to one state: its history lines and the cards it saw with whom."""

    lines: tuple[_Lines, ...]
    seen: tuple[frozenset[tuple[int, str]], ...]


def _sightings(obs: Observation) -> set[tuple[int, str]]:
    """The ``(seat, card)`` pairs an observation shows: own hand and discard pile, chosen and played cards."""
    out: set[tuple[int, str]] = set()
    for hero in obs.heroes:
        shown = (*(hero.hand or ()), *(hero.discard or ()), *hero.played, *((hero.chosen,) if hero.chosen else ()))
        out.update((hero.seat, card) for card in shown)
    return out


def _first_recall(setup: _Setup, state: GameState) -> _Recall:
    """Every seat's history at the initial state: what it sees there."""
    lines, seen = [], []
    for seat in range(setup.table.players):
        obs = setup.engine.observation(state, seat)
        hero = setup.engine.heroes[seat].value
        lines.append(_Lines([f"{hero} (seat {seat}) sees at the start: {observation_text(obs)}"], 1))
        seen.append(frozenset(_sightings(obs)))
    return _Recall(tuple(lines), tuple(seen))


def _next_recall(setup: _Setup, known: _Recall, before: GameState, action: Action, after: GameState) -> _Recall:
    """Every seat's history extended by the step ``action`` took from ``before`` to ``after``."""
    engine = setup.engine
    actor = None if before.to_act.kind is DecisionKind.CHANCE else before.to_act.seats[0]
    lines, seen = [], []
    for seat in range(setup.table.players):
        old, new = engine.observation(before, seat), engine.observation(after, seat)
        if actor is None:
            who = "chance"
        elif actor == seat:
            who = "you: " + action_text(action, engine.heroes, engine.pack)
        else:
            who = engine.heroes[actor].value
        step = known.lines[seat].count
        changes = observation_changes(observation_fields(old), observation_fields(new))
        lines.append(known.lines[seat].then(f"{step}. {who} | {changes}"))
        sightings = _sightings(new)
        if actor == seat and isinstance(action, GiveReward):
            sightings.add((action.to, action.card))
        grown = known.seen[seat] | sightings
        seen.append(known.seen[seat] if len(grown) == len(known.seen[seat]) else frozenset(grown))
    return _Recall(tuple(lines), tuple(seen))


def _current_player(state: GameState) -> int:
    """The seat that decides (the first still to choose in Phase 1), chance, or terminal."""
    if state.is_over:
        return TERMINAL_PLAYER
    to_act = state.to_act
    if to_act.kind is DecisionKind.CHANCE:
        return CHANCE_PLAYER
    if not to_act.seats:
        raise RuntimeError(f"the engine stopped with nobody to decide at {to_act} (an engine defect)")
    return to_act.seats[0]


#: The key of a state's sorted chance outcomes in its cache (:func:`armata_rules.immutable.memo`), with the engine.
_CHANCE_OUTCOMES = "openspiel.chance_outcomes"


class _Held(ActionLine):
    """An engine state with the actions that led to it: the last one here, the ones before in the parent holders.

    OpenSpiel's ``clone`` shares it (the engine state is immutable); ``serialize`` pickles only the parameters and
    the action indices, and loading replays them through the rules. That does not make a serialised string safe:
    OpenSpiel unpickles it (code can be smuggled in, whatever a position could not), see the module's warning and
    :func:`state_from_record`. What each seat has seen (its information state) is computed only when asked for,
    from the parent holders, so search that never asks pays nothing for it. A holder keeps only its own action: a
    tuple of every action so far in each holder was a copy of the whole history at every step, and as many copies
    as steps kept alive along a line of play.
    """

    __slots__ = ("_recall", "action", "depth", "params", "parent", "setup", "state")
    parent: _Held | None
    state: GameState

    def __init__(
        self, params: tuple[int, str, str], state: GameState, parent: _Held | None = None, action: int = -1
    ) -> None:
        self.params = params
        #: The table and engine of the game (the parent's: one game along a line of play).
        self.setup: _Setup = _setup(*params) if parent is None else parent.setup
        self.state = state
        self.parent = parent
        #: The index of the action that led here from ``parent`` (``-1`` at the start).
        self.action = action
        #: How many actions led here.
        self.depth: int = 0 if parent is None else parent.depth + 1
        self._recall: _Recall | None = None
        self.player = _current_player(state)
        self.shared = parent is None  # the game's initial state, which every new game starts from

    def then(self, action: int) -> _Held:
        """The holder after ``action``: the engine is given the very action object it listed for the state, which
        it applies without checking it again (an index it did not list is checked, and refused, as before)."""
        setup = self.setup
        space = setup.table.action_space
        listed = space.legal(setup.engine, self.state).by_index.get(action)
        state = setup.engine.apply(self.state, space.index_to_action(action) if listed is None else listed)
        return _Held(self.params, state, self, action)

    def recall(self) -> _Recall:
        """What every seat has seen from the start to here."""
        if self._recall is not None:
            return self._recall
        pending: list[_Held] = []
        node: _Held | None = self
        while node is not None and node._recall is None:
            pending.append(node)
            node = node.parent
        setup = self.setup
        known = node._recall if node is not None and node._recall is not None else None
        for held in reversed(pending):
            if known is None or held.parent is None:
                known = _first_recall(setup, held.state)
            else:
                action = setup.table.action_space.index_to_action(held.action)
                known = _next_recall(setup, known, held.parent.state, action, held.state)
            held._recall = known
        return present(known, "openspiel_game recall")  # the loop ran at least once: self had no recall

    def __getstate__(self) -> tuple[tuple[int, str, str], tuple[int, ...]]:
        return self.params, self.actions

    def __setstate__(self, saved: tuple[tuple[int, str, str], tuple[int, ...]]) -> None:
        params, actions = saved
        held = _Held(params, _setup(*params).initial)
        for action in actions:
            held = held.then(action)
        self.params, self.setup, self.state, self.parent = params, held.setup, held.state, held.parent
        self.action, self.depth = held.action, held.depth
        self._recall = None
        self.player = held.player
        self.shared = held.shared  # the start's holder shares the game's initial state


class ArmataGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: a :class:`~armata_rules.adapters.table.Table` of ``players`` heroes."""

    def __init__(self, params: dict[str, object] | None = None) -> None:
        params = params or {}
        players = int(str(params.get("players", 3)))
        edition = str(params.get("edition", "peg19.en"))
        readings = canonical_readings(edition, str(params.get("readings", "")))
        self.setup = _setup(players, edition, readings)
        self.params = (players, edition, readings)
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
        super().__init__(GAME_TYPE, info, {"players": players, "edition": edition, "readings": readings})

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
        self.params = game.params
        self.held = _Held(self.params, game.setup.initial)

    @property
    def state(self) -> GameState:
        """The engine state."""
        return self.held.state

    @property
    def setup(self) -> _Setup:
        """The table and engine of this state's game."""
        return self.held.setup

    # ------------------------------------------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        """The seat that decides (the first still to choose in Phase 1), chance, or terminal."""
        return self.held.player

    def _legal_actions(self, player: int) -> list[int]:
        """The indices of ``player``'s legal actions, sorted (worked out once per state and seat)."""
        held = self.held
        setup = held.setup
        return list(setup.table.action_space.legal(setup.engine, held.state, player).ordered)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes with their probabilities, by index (worked out once per state)."""
        setup = self.setup
        cache = memo(self.state)
        key = (_CHANCE_OUTCOMES, setup.engine)
        found: list[tuple[int, float]] | None = cache.get(key)
        if found is None:
            space = setup.table.action_space
            found = cache[key] = sorted(
                (space.action_to_index(o), p) for o, p in setup.engine.chance_outcomes(self.state)
            )
        return list(found)

    def _apply_action(self, action: int) -> None:
        held = self.held
        self.held = held.then(action)
        held.left()

    def _action_to_string(self, player: int, action: int) -> str:
        engine = self.setup.engine
        return action_text(self.setup.table.action_space.index_to_action(action), engine.heroes, engine.pack)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.held.state.outcome is not None

    def returns(self) -> list[float]:
        """The pack's result for every seat: +1, -1, or 0 while the game goes on."""
        setup = self.setup
        return [setup.engine.returns(self.state)] * setup.table.players

    def __str__(self) -> str:
        return render_ansi(self.setup.engine, self.state)

    # ------------------------------------------------------------------------------------------- tensors as lists
    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (the current player's without one), as OpenSpiel gives it: a list of the
        same numbers as ``pyspiel.State.observation_tensor``, which a C++ caller still gets.

        From Python, OpenSpiel's own method made a fresh initial state and wrote its tensor to learn the shape,
        wrote this state's, and converted all of it to a list at every call (about 30 µs at 4 heroes on the pure
        build, more than half a raw engine decision). This one writes the seat's kept vector
        (:class:`ArmataObserver`) and builds the list from its nonzero entries. A player that is not a seat
        (chance, the end) is passed to OpenSpiel's own method, which refuses it as before."""
        return self._tensor_list(player, perfect_recall=False)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state tensor, as :meth:`observation_tensor` (the same numbers as
        ``pyspiel.State.information_state_tensor``)."""
        return self._tensor_list(player, perfect_recall=True)

    def _tensor_list(self, player: int | None, perfect_recall: bool) -> list[float]:
        seat = self.current_player() if player is None else player
        if type(seat) is not int or not 0 <= seat < self.params[0]:
            own = pyspiel.State.information_state_tensor if perfect_recall else pyspiel.State.observation_tensor
            found: list[float] = own(self) if player is None else own(self, player)
            return found
        observer = _observer(self.params, perfect_recall)
        observer.set_from(self, seat)
        return observer.tensor_list()


@cache
def _observer(params: tuple[int, str, str], perfect_recall: bool) -> ArmataObserver:
    """The observer that writes the tensors :meth:`ArmataState.observation_tensor` (and, with ``perfect_recall``,
    :meth:`~ArmataState.information_state_tensor`) return, one per parameterisation: as OpenSpiel keeps one of each
    per game."""
    return ArmataObserver(_setup(*params), pyspiel.IIGObservationType(perfect_recall=perfect_recall), None)


class ArmataObserver:
    """OpenSpiel's observer of one seat: the observation tensor and string, or (``perfect_recall``) the information
    state tensor and string (see the module docstring)."""

    def __init__(
        self, setup: _Setup, iig_obs_type: pyspiel.IIGObservationType, params: dict[str, object] | None
    ) -> None:
        if params:
            raise ValueError(f"python_armata_strigoi: the observer takes no parameters; got {sorted(params)}")
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = setup.table.encoder.size
        self.cards = {card: i for i, card in enumerate(setup.table.encoder.cards)}
        memory = setup.table.players * len(self.cards) if self.perfect_recall else 0
        self.tensor = np.zeros(size + memory, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["seen_cards"] = self.tensor[size:].reshape(setup.table.players, len(self.cards))
        self._initial: dict[int, npt.NDArray[np.float32]] = {}
        # each seat's vector, kept up to date from the last state it was set from (armata_rules.observation_vector)
        self._seats = [SeatVector(setup.table.encoder, seat) for seat in range(setup.table.players)]
        # the tensor of the last tensor_list() call, as an array and as a list of floats (see tensor_list)
        self._listed = np.zeros_like(self.tensor)
        self._list: list[float] = [0.0] * self.tensor.size

    def set_from(self, state: ArmataState, player: int) -> None:
        """Fill the tensor with ``player``'s observation of ``state`` (and, with perfect recall, its memory)."""
        encoder, engine = self.setup.table.encoder, self.setup.engine
        if not 0 <= player < len(self._seats):
            raise ValueError(f"there is no player {player!r:.40}; players are 0..{len(self._seats) - 1}")
        if state.state is self.setup.initial:
            # OpenSpiel writes an initial state's tensor to learn the tensor's shape at every observation_tensor()
            # and information_state_tensor() call: that one is encoded once
            known = self._initial.get(player)
            if known is None:
                known = self._initial[player] = encoder.encode(engine.observation(state.state, player))
            self.dict["observation"][:] = known
        else:
            vector = self._seats[player]
            vector.update(state.state)
            self.dict["observation"][:] = vector.vector
        if self.perfect_recall:
            seen = self.dict["seen_cards"]
            seen[:] = 0.0
            for seat, card in state.held.recall().seen[player]:
                seen[seat, self.cards[card]] = 1.0

    def tensor_list(self) -> list[float]:
        """The tensor as a new list of floats, what ``state.observation_tensor()`` gives: the list of the last call
        patched where the tensor changed since, then copied. A float object for every entry (NumPy's ``tolist``) took
        longer than a compiled engine decision; a decision changes a few dozen entries."""
        tensor, listed, values = self.tensor, self._listed, self._list
        changed = (tensor != listed).nonzero()[0]  # the array's method: np.flatnonzero adds Python-level wrappers
        if len(changed):
            now = tensor[changed]
            for index, value in zip(changed.tolist(), now.tolist(), strict=True):
                values[index] = value
            listed[changed] = now
        return list(values)

    def string_from(self, state: ArmataState, player: int) -> str:
        """The information state (with perfect recall) or the current observation, in words."""
        if self.perfect_recall:
            return state.held.recall().lines[player].text()
        return observation_text(self.setup.engine.observation(state.state, player))


pyspiel.register_game(GAME_TYPE, ArmataGame)


#: The version of the JSON that :func:`state_to_record` writes. Format 1 was written before the readings
#: ``protection_units`` and ``discard_timing`` existed, when every edition blocked one wound per Protection icon and
#: kept discarded cards to the end of the round: its ``readings`` say how the game differs from an edition preset of
#: that time. It is still read, each of those two readings that it does not set taking its former option
#: (:data:`~armata_rules.variants.LATER_READINGS`), so it replays as it was played.
RECORD_FORMAT = 2
#: The formats :func:`state_from_record` reads.
_READ_FORMATS = (1, 2)


class StateRecordError(ValueError):
    """A state record is malformed or does not replay; the message names the key and the problem."""


def state_to_record(state: ArmataState) -> dict[str, object]:
    """The state as plain JSON: the game's parameters and the action indices that led to it (chance included).
    The safe counterpart of ``state.serialize()``: nothing in it is ever unpickled. ``readings`` is there only for
    a free ruleset."""
    players, edition, readings = state.params
    return {
        "format": RECORD_FORMAT,
        "game": GAME_TYPE.short_name,
        "players": players,
        "edition": edition,
        **({"readings": readings} if readings else {}),
        "actions": list(state.held.actions),
    }


def state_from_record(data: object) -> ArmataState:
    """The OpenSpiel state a :func:`state_to_record` JSON describes, rebuilt by replaying its actions through the
    rules: :class:`StateRecordError` (``KEY: PROBLEM``) for a wrong key or type, an unknown edition, a player
    count out of range, or an action that is not legal where it stands."""
    if not isinstance(data, dict):
        raise StateRecordError(f"<top>: must be an object; got {type(data).__name__}")
    expected = {"format", "game", "players", "edition", "actions"}
    unknown = sorted(str(k) for k in set(data) - expected - {"readings"})
    if unknown:
        raise StateRecordError(f"{unknown[0]}: unknown key")
    for key in sorted(expected - set(data)):
        raise StateRecordError(f"{key}: missing")
    if data["format"] not in _READ_FORMATS or type(data["format"]) is not int:
        raise StateRecordError(f"format: must be 1 or {RECORD_FORMAT}; got {data['format']!r:.40}")
    if data["game"] != GAME_TYPE.short_name:
        raise StateRecordError(f"game: must be {GAME_TYPE.short_name!r}; got {data['game']!r:.40}")
    players, edition, actions = data["players"], data["edition"], data["actions"]
    if type(players) is not int or not GAME_TYPE.min_num_players <= players <= GAME_TYPE.max_num_players:
        raise StateRecordError(f"players: must be an integer from 2 to 5; got {players!r:.40}")
    if not isinstance(edition, str) or edition not in {r.name for r in editions.ALL}:
        raise StateRecordError(f"edition: must be one of {', '.join(r.name for r in editions.ALL)}")
    readings = data.get("readings", "")
    if not isinstance(readings, str):
        raise StateRecordError("readings: must be a string (the JSON of the readings that differ from the edition)")
    if data["format"] == 1:
        readings = _former_readings(readings)
    try:
        readings = canonical_readings(edition, readings)
    except ValueError as err:
        raise StateRecordError(f"readings: {str(err).rpartition('readings: ')[2]}") from None
    if not isinstance(actions, list) or any(type(a) is not int for a in actions):
        raise StateRecordError("actions: must be a list of integers (action indices)")
    if len(actions) > MAX_GAME_LENGTH:
        raise StateRecordError(f"actions: {len(actions)} actions; a game has at most {MAX_GAME_LENGTH}")
    params = {"players": players, "edition": edition, "readings": readings}
    state = pyspiel.load_game(GAME_TYPE.short_name, params).new_initial_state()
    for number, action in enumerate(actions):
        legal = [outcome for outcome, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if state.is_terminal() or action not in legal:
            raise StateRecordError(f"actions[{number}]: {action} is not legal there")
        state.apply_action(action)
    return state  # type: ignore[no-any-return]


#: The readings added when format 2 replaced format 1 (both of :data:`~armata_rules.variants.LATER_READINGS`). The
#: earlier ones of that table were in the edition presets before format 1 first landed (2026-11-24), so a format-1
#: record's preset has them.
_SINCE_FORMAT_1 = ("protection_units", "discard_timing")


def _former_readings(readings: str) -> str:
    """A format-1 record's ``readings`` with every reading added since format 1 (:data:`_SINCE_FORMAT_1`) that it
    does not set pinned to the option the engine played before; unchanged when it is not a JSON object
    (:func:`canonical_readings` then names the problem)."""
    try:
        changed = json.loads(readings) if readings.strip() else {}
    except ValueError:
        return readings
    if not isinstance(changed, dict):
        return readings
    return json.dumps({name: LATER_READINGS[name].value for name in _SINCE_FORMAT_1} | changed)
