"""Game records: what was played, saved as JSON, loaded with validation, replayed to the same state hash.

A record holds the ruleset, the ids of the data pack and layout, the heroes, the seed, the chance mode and every
action applied, with the hash of the final state. Replaying re-runs the actions through the engine: an action the
rules refuse, or a final hash that differs, is reported as a :class:`RecordError` naming the record and the place.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from armata_rules.actions import Action, action_from_json, action_to_json
from armata_rules.board.layout import Layout
from armata_rules.components.pack import DataPack
from armata_rules.datafile import DataFileError, StrictModel, read_data_file, validate_model
from armata_rules.engine import Game, GameSetupError
from armata_rules.rules.registry import RuleViolation
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["FORMAT_VERSION", "GameRecord", "RecordError", "load_record", "replay", "save_record"]

FORMAT_VERSION = 1


class RecordError(DataFileError):
    """A game record is malformed, or does not replay; the message names the record, the key and the problem."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A played game, enough to replay it exactly."""

    ruleset: Ruleset
    pack: str
    layout: str
    heroes: tuple[str, ...]
    seed: int
    chance: Literal["auto", "explicit"]
    actions: tuple[Action, ...]
    final_hash: str

    @classmethod
    def of(cls, game: Game, actions: Sequence[Action], final: GameState) -> GameRecord:
        """The record of ``actions`` played in ``game``, ending in ``final``."""
        return cls(
            game.ruleset,
            game.pack.id,
            game.fortress.layout.name,
            tuple(h.value for h in game.heroes),
            game.seed,
            game.chance,
            tuple(actions),
            final.hash(),
        )

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT_VERSION,
            "ruleset": self.ruleset.to_json(),
            "pack": self.pack,
            "layout": self.layout,
            "heroes": list(self.heroes),
            "seed": self.seed,
            "chance": self.chance,
            "actions": [action_to_json(a) for a in self.actions],
            "final_hash": self.final_hash,
        }


class _RecordModel(StrictModel):
    format: int
    ruleset: dict[str, str]
    pack: str
    layout: str
    heroes: list[str]
    seed: int
    chance: Literal["auto", "explicit"]
    actions: list[dict[str, object]] = Field(default_factory=list)  # field types: action_from_json
    final_hash: str


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write ``record`` as JSON."""
    Path(path).write_text(json.dumps(record.to_json(), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> GameRecord:
    """Read and validate a record file; ``RecordError`` names the file, the key and the problem."""
    source = str(path)
    model = validate_model(_RecordModel, read_data_file(path, RecordError), source, RecordError)
    if model.format != FORMAT_VERSION:
        raise RecordError(source, "format", f"unsupported format {model.format}; this library reads {FORMAT_VERSION}")
    try:
        ruleset = Ruleset.from_json(model.ruleset)
    except ValueError as err:
        raise RecordError(source, "ruleset", str(err)) from None
    actions = []
    for i, data in enumerate(model.actions):
        try:
            actions.append(action_from_json(data))
        except ValueError as err:
            raise RecordError(source, f"actions[{i}]", str(err)) from None
    if len(model.final_hash) != 64 or any(c not in "0123456789abcdef" for c in model.final_hash):
        raise RecordError(source, "final_hash", "must be 64 lowercase hex digits (a sha256)")
    return GameRecord(
        ruleset,
        model.pack,
        model.layout,
        tuple(model.heroes),
        model.seed,
        model.chance,
        tuple(actions),
        model.final_hash,
    )


def replay(
    record: GameRecord, source: str = "<record>", pack: DataPack | None = None, layout: Layout | None = None
) -> tuple[Game, GameState]:
    """Re-run ``record``; return the game and its final state, or raise :class:`RecordError` where it breaks."""
    if pack is not None and pack.id != record.pack:
        raise RecordError(source, "pack", f"the record was played with pack {record.pack!r}, not {pack.id!r}")
    if pack is None and record.pack != "default":
        raise RecordError(source, "pack", f"pack {record.pack!r} is not bundled: supply it to replay")
    if layout is not None and layout.name != record.layout:
        raise RecordError(source, "layout", f"the record was played on layout {record.layout!r}, not {layout.name!r}")
    if layout is None and record.layout != "default":
        raise RecordError(source, "layout", f"layout {record.layout!r} is not bundled: supply it to replay")
    try:
        game = Game.new(
            record.heroes, ruleset=record.ruleset, seed=record.seed, pack=pack, layout=layout, chance=record.chance
        )
    except GameSetupError as err:
        raise RecordError(source, "heroes", str(err)) from None
    state = game.initial_state()
    for i, action in enumerate(record.actions):
        try:
            state = game.apply(state, action)
        except RuleViolation as err:
            # the problem first, then the rule and its clauses: what went wrong matters before where it is written
            refusal = f"{err.message} (rule {err.rule_id}: {', '.join(err.clauses)})"
            raise RecordError(source, f"actions[{i}]", f"refused by the rules: {refusal}") from None
    if state.hash() != record.final_hash:
        raise RecordError(
            source, "final_hash", f"the replay ends in state {state.hash()[:16]}…, not {record.final_hash[:16]}…"
        )
    return game, state
