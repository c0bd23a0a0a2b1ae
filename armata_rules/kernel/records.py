"""Game records of any game on the kernel: what was played, saved as JSON, read with validation, replayed to the same
state hash.

A record (format 2) names its game by id, keeps the arguments that set the game up (the definition's ``setup_json``
hook wrote them; its ``setup`` hook reads them back), the chance mode, every action applied and the hash of the
final state. Reading a record never trusts it: its game must be known, its setup must set a game up, every action
must be of the game's vocabulary, and replaying re-runs the actions through the rules, so an action the rules refuse,
or a final hash that differs, is a :class:`RecordError` naming the record, the key and the problem.

A game may have older record formats of its own (Armata's format 1 holds no ``game`` key); its own module reads
those and hands format 2 to :func:`record_from_json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field

from armata_rules.kernel.core.datafile import DataFileError, StrictModel, read_data_file, validate_model
from armata_rules.kernel.games import UnknownGame, load
from armata_rules.kernel.play.actions import Action, action_to_json
from armata_rules.kernel.play.engine import Engine, GameSetupError, set_up
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.play.registry import RuleViolation
from armata_rules.kernel.play.state import KernelState

__all__ = [
    "FORMAT",
    "Record",
    "RecordError",
    "play_actions",
    "read_record",
    "record_from_json",
    "replay_record",
    "write_record",
]

S = TypeVar("S", bound=KernelState)

#: The record format this module writes and reads.
FORMAT = 2


class RecordError(DataFileError):
    """A game record is malformed, or does not replay; the message names the record, the key and the problem."""


@dataclass(frozen=True, slots=True)
class Record:
    """A played game of any game on the kernel, enough to replay it exactly."""

    game: str
    setup: Mapping[str, object]
    chance: Literal["auto", "explicit"]
    actions: tuple[Action, ...]
    final_hash: str

    @classmethod
    def of(cls, engine: Engine[Any, Any], actions: Sequence[Action], final: KernelState) -> Record:
        """The record of ``actions`` played with ``engine``, ending in ``final``."""
        return cls(engine.definition.id, engine.setup_json(), engine.chance, tuple(actions), final.hash())

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT,
            "game": self.game,
            "setup": dict(self.setup),
            "chance": self.chance,
            "actions": [action_to_json(action) for action in self.actions],
            "final_hash": self.final_hash,
        }


class _RecordModel(StrictModel):
    format: int
    game: str
    setup: dict[str, object]
    chance: Literal["auto", "explicit"]
    actions: list[dict[str, object]] = Field(default_factory=list)  # field types: the game's ActionTypes
    final_hash: str


def record_from_json(
    data: object, source: str = "<record>", lookup: Callable[[str], GameDefinition[Any, Any]] = load
) -> Record:
    """The record ``data`` holds (format 2), checked: its game known to ``lookup`` (registered or declared games by
    default), every action of the game's vocabulary, the final hash a sha256. :class:`RecordError` names the key
    and the problem."""
    model = validate_model(_RecordModel, data, source, RecordError)
    if model.format != FORMAT:
        raise RecordError(source, "format", f"unsupported format {model.format}; this reader reads {FORMAT}")
    try:
        definition = lookup(model.game)
    except UnknownGame as err:
        raise RecordError(source, "game", str(err)) from None
    actions = []
    for i, action in enumerate(model.actions):
        try:
            actions.append(definition.actions.from_json(action))
        except ValueError as err:
            raise RecordError(source, f"actions[{i}]", str(err)) from None
    if len(model.final_hash) != 64 or any(c not in "0123456789abcdef" for c in model.final_hash):
        raise RecordError(source, "final_hash", "must be 64 lowercase hex digits (a sha256)")
    return Record(model.game, model.setup, model.chance, tuple(actions), model.final_hash)


def write_record(record: Record, path: str | Path) -> None:
    """Write ``record`` as JSON."""
    Path(path).write_text(json.dumps(record.to_json(), indent=1) + "\n", encoding="utf-8")


def read_record(path: str | Path, lookup: Callable[[str], GameDefinition[Any, Any]] = load) -> Record:
    """Read and check a record file (:func:`record_from_json`); :class:`RecordError` names the file, the key and
    the problem."""
    return record_from_json(read_data_file(path, RecordError), str(path), lookup)


def replay_record(
    record: Record,
    source: str = "<record>",
    lookup: Callable[[str], GameDefinition[Any, Any]] = load,
    **setup: object,
) -> tuple[Engine[Any, Any], KernelState]:
    """Re-run ``record``: set its game up from the record's setup (``setup`` adds or replaces arguments, such as a
    data pack the record names but the library does not bundle), apply every action, compare the final hash.
    Return the engine and the final state; :class:`RecordError` where it breaks."""
    try:
        definition = lookup(record.game)
    except UnknownGame as err:
        raise RecordError(source, "game", str(err)) from None
    if definition.setup is None:
        raise RecordError(source, "game", f"game {record.game} defines no setup from arguments: it cannot replay")
    try:
        engine = Engine(definition, set_up(definition, dict(record.setup) | setup), record.chance)
    except (GameSetupError, TypeError) as err:
        raise RecordError(source, "setup", str(err)) from None
    state = play_actions(engine, record.actions, record.final_hash, source)
    return engine, state


def play_actions(
    engine: Engine[Any, S],
    actions: Sequence[Action],
    final_hash: str,
    source: str,
    error: type[RecordError] = RecordError,
) -> S:
    """Apply ``actions`` from ``engine``'s initial state and check the final state's hash: the state, or ``error``
    (a :class:`RecordError`) naming the action the rules refuse (the problem first, then the rule and its clauses)
    or the hash the replay ends in."""
    state = engine.initial_state()
    for i, action in enumerate(actions):
        try:
            state = engine.apply(state, action)
        except RuleViolation as err:
            refusal = f"{err.message} (rule {err.rule_id}: {', '.join(err.clauses)})"
            raise error(source, f"actions[{i}]", f"refused by the rules: {refusal}") from None
    if state.hash() != final_hash:
        raise error(source, "final_hash", f"the replay ends in state {state.hash()[:16]}…, not {final_hash[:16]}…")
    return state
