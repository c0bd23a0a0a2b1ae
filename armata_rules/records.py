"""Game records: what was played, saved as JSON, loaded with validation, replayed to the same state hash.

A record holds the ruleset, the ids of the data pack and layout, the heroes, the seed, the chance mode and every
action applied, with the hash of the final state. Replaying re-runs the actions through the engine: an action the
rules refuse, or a final hash that differs, is reported as a :class:`RecordError` naming the record and the place.

:func:`save_record` writes format 1, Armata's own. :func:`load_record` reads it, and also the kernel's format 2
(:mod:`armata_rules.kernel.records`: a ``game`` key, the setup arguments under ``setup``) of an Armata game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from armata_rules.actions import Action, action_from_json, action_to_json
from armata_rules.board.layout import Layout
from armata_rules.components.pack import DataPack
from armata_rules.datafile import StrictModel, read_data_file, validate_model
from armata_rules.engine import Game, GameSetupError
from armata_rules.game import ARMATA
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.records import FORMAT as KERNEL_FORMAT
from armata_rules.kernel.records import RecordError as KernelRecordError
from armata_rules.kernel.records import play_actions, record_from_json
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["FORMAT_VERSION", "GameRecord", "RecordError", "load_record", "replay", "save_record"]

FORMAT_VERSION = 1


class RecordError(KernelRecordError):
    """A game record of Armata is malformed, or does not replay; the message names the record, the key and the
    problem. A kind of the kernel's :class:`~armata_rules.kernel.records.RecordError`."""


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


class _SetupModel(StrictModel):
    """The ``setup`` of a format-2 record of an Armata game (``armata_rules.game_setup.setup_json``)."""

    heroes: list[str]
    ruleset: dict[str, str]
    seed: int
    pack: str
    layout: str


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write ``record`` as JSON."""
    Path(path).write_text(json.dumps(record.to_json(), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> GameRecord:
    """Read and validate a record file; ``RecordError`` names the file, the key and the problem."""
    source = str(path)
    data = read_data_file(path, RecordError)
    found = data.get("format") if isinstance(data, dict) else None
    if type(found) is int and found == KERNEL_FORMAT:
        return _from_kernel_record(data, source)  # type: ignore[arg-type]  # a dict, as found says
    if type(found) is int and found != FORMAT_VERSION:  # the format first: the keys differ between formats
        supported = f"{FORMAT_VERSION} and {KERNEL_FORMAT}"
        raise RecordError(source, "format", f"unsupported format {found}; this library reads {supported}")
    model = validate_model(_RecordModel, data, source, RecordError)
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


def _from_kernel_record(data: dict[str, object], source: str) -> GameRecord:
    """The Armata game a format-2 record holds; :class:`RecordError` for another game or a malformed setup."""
    record = record_from_json(data, source, lambda game: ARMATA if game == ARMATA.id else _not_armata(source, game))
    try:
        setup = validate_model(_SetupModel, record.setup, source, RecordError)
    except RecordError as err:
        raise RecordError(source, f"setup.{err.key}", err.problem) from None
    try:
        ruleset = Ruleset.from_json(setup.ruleset)
    except ValueError as err:
        raise RecordError(source, "setup.ruleset", str(err)) from None
    return GameRecord(
        ruleset,
        setup.pack,
        setup.layout,
        tuple(setup.heroes),
        setup.seed,
        record.chance,
        record.actions,
        record.final_hash,
    )


def _not_armata(source: str, game: str) -> GameDefinition[Any, Any]:
    raise RecordError(source, "game", f"a record of game {game!r:.40}, not {ARMATA.id} (read it with its own game)")


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
    state = play_actions(game, record.actions, record.final_hash, source, RecordError)
    return game, state
