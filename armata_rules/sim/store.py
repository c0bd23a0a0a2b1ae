"""Simulation results in Parquet: one row per game, in a folder of part files that DuckDB reads as one table.

Each flush writes a new part file (written aside, then renamed, so an interrupted write leaves no broken file);
rows are never rewritten. A run that finds a folder already holding some of its games skips them: that is how an
interrupted run resumes. One run writes to a folder at a time (:meth:`ResultStore.writing` holds a lock), and a
game already stored is never written again, so a key appears once. Query with DuckDB, e.g.::

    SELECT heroes, avg((outcome = 'powerwolf_win')::INT)
    FROM (SELECT DISTINCT ON (key) * FROM 'results/*.parquet') GROUP BY heroes

(``DISTINCT ON (key)`` also keeps the answer right for a folder written by a version that could duplicate rows.)

Nothing read back is trusted: every part must have exactly the results schema, every row must be complete, within
its ranges, match its own ``key`` (recomputed from the row's readings, heroes, seed, bot and caps) and its
``digest`` (a SHA-256 over the row's other fields), and have been played by this engine (``engine``: see
:func:`armata_rules.build.engine_id`). A folder that fails any of these is refused with one line naming the part
and the row; a folder written by another engine is refused too, since its games may no longer play that way.
:meth:`ResultStore.verify` replays a sample of stored games and compares them field by field, final state hash
included. ``readings`` is a struct column, one field per reading (``readings.movement``). Needs the ``[scale]``
extra.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import random
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from armata_rules.build import engine_id
from armata_rules.datafile import DataFileError
from armata_rules.sim.bots import BOTS
from armata_rules.sim.game import OUTCOMES, GameResult, GameSpec, play
from armata_rules.variants import READINGS, Ruleset

__all__ = ["COLUMNS", "ResultStore", "StoreError", "StoredGame", "row_digest"]

#: The columns of a results table, in order.
COLUMNS = (
    "key",
    "seed",
    "preset",
    "readings",
    "heroes",
    "bot",
    "max_rounds",
    "max_decisions",
    "outcome",
    "rounds",
    "decisions",
    "blood_lost",
    "ending",
    "final_hash",
    "engine",
    "digest",
)

#: How a game that ended can have ended, per outcome (``error`` games say why in their own words).
_ENDINGS = {
    "powerwolf_win": ("Supreme Strigoi defeated",),
    "strigoi_win": ("inferno full",),
    "unfinished": ("round limit", "decision cap"),
}


class StoreError(DataFileError):
    """A results folder cannot be used: not a folder, a damaged or foreign file, a row that is not a result, rows of
    another engine, or another run writing to it. The message names the part and the row."""


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise RuntimeError("Parquet results need the [scale] extra: pip install 'armata-rules[scale]'") from None
    return pyarrow


def _schema(pa: Any) -> Any:
    readings = pa.struct([(spec.name, pa.string()) for spec in READINGS])
    return pa.schema(
        [
            ("key", pa.string()),
            ("seed", pa.int64()),
            ("preset", pa.string()),
            ("readings", readings),
            ("heroes", pa.int8()),
            ("bot", pa.string()),
            ("max_rounds", pa.int32()),
            ("max_decisions", pa.int32()),
            ("outcome", pa.string()),
            ("rounds", pa.int32()),
            ("decisions", pa.int32()),
            ("blood_lost", pa.int32()),
            ("ending", pa.string()),
            ("final_hash", pa.string()),
            ("engine", pa.string()),
            ("digest", pa.string()),
        ]
    )


def row_digest(row: dict[str, Any]) -> str:
    """The SHA-256 (hex) of a row's fields other than ``digest``, as sorted JSON: a row edited or damaged after it
    was written no longer matches it."""
    fields = {name: row[name] for name in COLUMNS if name != "digest"}
    return hashlib.sha256(json.dumps(fields, sort_keys=True, ensure_ascii=True).encode()).hexdigest()


class StoredGame:
    """A stored row read back: the spec that played it and its result, both checked against the row."""

    __slots__ = ("part", "result", "row", "spec")

    def __init__(self, part: Path, row: int, spec: GameSpec, result: GameResult) -> None:
        self.part = part
        self.row = row
        self.spec = spec
        self.result = result


def _row_of(result: GameResult, spec: GameSpec, engine: str) -> dict[str, Any]:
    row: dict[str, Any] = {
        "key": result.key,
        "seed": result.seed,
        "preset": result.preset,
        "readings": {spec_.name: result.readings.get(spec_.name) for spec_ in READINGS},
        "heroes": result.heroes,
        "bot": result.bot,
        "max_rounds": spec.max_rounds,
        "max_decisions": spec.max_decisions,
        "outcome": result.outcome,
        "rounds": result.rounds,
        "decisions": result.decisions,
        "blood_lost": result.blood_lost,
        "ending": result.ended_by,
        "final_hash": result.final_hash,
        "engine": engine,
    }
    row["digest"] = row_digest(row)
    return row


def _check_row(row: dict[str, Any], engine: str) -> tuple[GameSpec, GameResult]:
    """The spec and result a row holds; ``ValueError`` (``column: problem``) where it is not a result of this
    engine."""
    for name in COLUMNS:
        if row.get(name) is None:
            raise ValueError(f"{name}: is null")
    readings = row["readings"]
    for name, value in readings.items():
        if value is None:
            raise ValueError(f"readings.{name}: is null")
    if row["digest"] != row_digest(row):
        raise ValueError("digest: does not match the row's fields (the row was edited or damaged after it was written)")
    if row["engine"] != engine:
        raise ValueError(f"engine: played by engine {row['engine']}, not by this one ({engine}); use a new folder")
    if row["outcome"] not in OUTCOMES:
        raise ValueError(f"outcome: {row['outcome']!r} is not one of {', '.join(OUTCOMES)}")
    endings = _ENDINGS.get(row["outcome"])
    if endings is not None and row["ending"] not in endings:
        raise ValueError(f"ending: {row['ending']!r} is not how a game with outcome {row['outcome']!r} ends")
    if not 2 <= row["heroes"] <= 5:
        raise ValueError(f"heroes: {row['heroes']} is not 2 to 5")
    if row["bot"] not in BOTS:
        raise ValueError(f"bot: {row['bot']!r} is not one of {', '.join(BOTS)}")
    for name in ("max_rounds", "max_decisions"):
        if row[name] < 1:
            raise ValueError(f"{name}: {row[name]} is below 1")
    for name in ("rounds", "decisions", "blood_lost"):
        if row[name] < 0:
            raise ValueError(f"{name}: {row[name]} is negative")
    if row["decisions"] > row["max_decisions"]:
        raise ValueError(f"decisions: {row['decisions']} is over the cap of {row['max_decisions']}")
    final_hash = row["final_hash"]
    if len(final_hash) != 64 or any(ch not in "0123456789abcdef" for ch in final_hash):
        raise ValueError("final_hash: is not a SHA-256 in hex")
    try:
        ruleset = Ruleset.from_json({"name": row["preset"], **readings})
    except ValueError as err:
        raise ValueError(f"readings: {err}") from None
    spec = GameSpec(ruleset, row["heroes"], row["seed"], row["bot"], row["max_rounds"], row["max_decisions"])
    if spec.key != row["key"]:
        raise ValueError(f"key: {row['key']!r} is not the key of the row's readings, heroes, seed, bot and caps")
    result = GameResult(
        row["seed"],
        row["heroes"],
        row["outcome"],
        row["rounds"],
        row["decisions"],
        row["blood_lost"],
        row["ending"],
        final_hash,
        row["preset"],
        {name: str(value) for name, value in readings.items()},
        row["bot"],
        row["key"],
    )
    return spec, result


class ResultStore:
    """A folder of Parquet part files holding game results; results are buffered and written in batches."""

    def __init__(self, folder: str | Path, batch: int = 200, seconds: float = 10.0) -> None:
        self.folder = Path(folder)
        self.batch = batch
        self.seconds = seconds
        self.engine = engine_id()
        self._pa = _pyarrow()
        self._buffer: list[tuple[GameResult, GameSpec]] = []
        self._written: set[str] = set()
        self._last = time.monotonic()
        if self.folder.exists() and not self.folder.is_dir():
            raise StoreError(str(self.folder), "(path)", "is a file; results are stored in a folder")
        self.folder.mkdir(parents=True, exist_ok=True)

    def parts(self) -> list[Path]:
        """The part files, in name order."""
        return sorted(self.folder.glob("part-*.parquet"))

    def games(self) -> list[StoredGame]:
        """Every stored game, checked (see the module's docstring), once per key, in part and row order."""
        expected = _schema(self._pa)
        out: dict[str, StoredGame] = {}
        for part in self.parts():
            try:
                table = self._pa.parquet.read_table(part)
            except Exception as err:  # pyarrow raises several types for a damaged file
                reason = str(err).splitlines()[0] if str(err) else type(err).__name__
                raise StoreError(str(part), "(file)", f"not a readable Parquet file: {reason}") from None
            missing = [c for c in COLUMNS if c not in table.column_names]
            if missing:
                raise StoreError(str(part), missing[0], "column missing; not a results table of this version")
            if not table.schema.remove_metadata().equals(expected):
                wrong = next(
                    (f.name for f in expected if table.schema.field(f.name).type != f.type),
                    "(columns)",
                )
                raise StoreError(str(part), wrong, "has another type or order than a results table's")
            for index, row in enumerate(table.to_pylist()):
                try:
                    spec, result = _check_row(row, self.engine)
                except ValueError as err:
                    raise StoreError(str(part), f"row {index}", str(err)) from None
                seen = out.get(result.key)
                if seen is not None:
                    if seen.result != result:
                        raise StoreError(
                            str(part), f"row {index}", f"key {result.key} is stored twice with different results"
                        )
                    continue
                out[result.key] = StoredGame(part, index, spec, result)
        return list(out.values())

    def results(self) -> list[GameResult]:
        """Every stored result, checked, once per key, in part and row order (records are not stored)."""
        return [game.result for game in self.games()]

    def results_by_key(self) -> dict[str, GameResult]:
        """Stored results by spec key."""
        return {game.result.key: game.result for game in self.games()}

    def verify(self, sample: int, seed: int = 0) -> list[str]:
        """Replay ``sample`` stored games (drawn with ``seed``; all of them if there are fewer) and compare each
        with its row; one line per game that does not replay to what is stored (empty: all agree)."""
        games = self.games()
        chosen = random.Random(seed).sample(games, min(sample, len(games)))
        problems = []
        for game in sorted(chosen, key=lambda g: (g.part.name, g.row)):
            replayed = play(game.spec)
            if replayed != game.result:
                differ = [
                    name
                    for name in ("outcome", "rounds", "decisions", "blood_lost", "ended_by", "final_hash")
                    if getattr(replayed, name) != getattr(game.result, name)
                ]
                problems.append(f"{game.part}: row {game.row}: replays with another {', '.join(differ)}")
        return problems

    @contextlib.contextmanager
    def writing(self) -> Iterator[dict[str, GameResult]]:
        """Hold the folder's write lock while the block runs (a second run on the folder is refused at once, not
        interleaved), yield the results already stored by key, and write what is buffered when the block ends,
        however it ends."""
        lock_path = self.folder / ".lock"
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise StoreError(str(self.folder), "(folder)", "another run is writing to it; wait for it") from None
            stored = self.results_by_key()
            self._written = set(stored)
            try:
                yield stored
            finally:
                self.flush()
        finally:
            os.close(fd)  # releases the lock

    def add(self, result: GameResult, spec: GameSpec) -> None:
        """Buffer the result of ``spec``, unless that game is stored already; write a part when the batch is full
        or ``seconds`` have passed."""
        if result.key != spec.key:
            raise ValueError(f"result of key {result.key} added for spec {spec.key}")
        if result.key in self._written:
            return
        self._written.add(result.key)
        self._buffer.append((result, spec))
        if len(self._buffer) >= self.batch or time.monotonic() - self._last >= self.seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered results as a new part file."""
        self._last = time.monotonic()
        if not self._buffer:
            return
        pa = self._pa
        rows = [_row_of(result, spec, self.engine) for result, spec in self._buffer]
        table = pa.Table.from_pylist(rows, schema=_schema(pa))
        name = f"part-{time.time_ns():020d}-{uuid.uuid4().hex[:8]}.parquet"
        tmp = self.folder / f".{name}.tmp"
        pa.parquet.write_table(table, tmp)
        os.replace(tmp, self.folder / name)
        self._buffer.clear()
