"""Simulation results in Parquet: one row per game, in a folder of part files that DuckDB reads as one table.

Each flush writes a new part file (written aside, then renamed, so an interrupted write leaves no broken file);
rows are never rewritten. A run that finds a folder already holding some of its games skips them: that is how an
interrupted run resumes. Query with DuckDB, e.g.::

    SELECT heroes, avg((outcome = 'powerwolf_win')::INT) FROM 'results/*.parquet' GROUP BY heroes

``readings`` is a struct column, one field per reading (``readings.movement``). Needs the ``[scale]`` extra.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from typing import Any

from armata_rules.datafile import DataFileError
from armata_rules.sim.runner import GameResult
from armata_rules.variants import READINGS

__all__ = ["COLUMNS", "ResultStore", "StoreError"]

#: The columns of a results table, in order.
COLUMNS = (
    "key",
    "seed",
    "preset",
    "readings",
    "heroes",
    "bot",
    "outcome",
    "rounds",
    "decisions",
    "blood_lost",
    "ending",
    "final_hash",
)


class StoreError(DataFileError):
    """A results folder holds a file that is not a results table."""


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
            ("outcome", pa.string()),
            ("rounds", pa.int32()),
            ("decisions", pa.int32()),
            ("blood_lost", pa.int32()),
            ("ending", pa.string()),
            ("final_hash", pa.string()),
        ]
    )


class ResultStore:
    """A folder of Parquet part files holding game results; results are buffered and written in batches."""

    def __init__(self, folder: str | Path, batch: int = 200, seconds: float = 10.0) -> None:
        self.folder = Path(folder)
        self.batch = batch
        self.seconds = seconds
        self._pa = _pyarrow()
        self._buffer: list[GameResult] = []
        self._last = time.monotonic()
        if self.folder.exists() and not self.folder.is_dir():
            raise StoreError(str(self.folder), "(path)", "is a file; results are stored in a folder")
        self.folder.mkdir(parents=True, exist_ok=True)

    def parts(self) -> list[Path]:
        """The part files, in name order."""
        return sorted(self.folder.glob("part-*.parquet"))

    def results(self) -> list[GameResult]:
        """Every stored result, in part and row order (records are not stored)."""
        out: list[GameResult] = []
        for part in self.parts():
            try:
                table = self._pa.parquet.read_table(part)
            except Exception as err:  # pyarrow raises several types for a damaged file
                raise StoreError(str(part), "(file)", f"not a readable Parquet file: {err}") from None
            missing = [c for c in COLUMNS if c not in table.column_names]
            if missing:
                raise StoreError(str(part), missing[0], "column missing; not a results table")
            for row in table.to_pylist():
                out.append(
                    GameResult(
                        row["seed"],
                        row["heroes"],
                        row["outcome"],
                        row["rounds"],
                        row["decisions"],
                        row["blood_lost"],
                        row["ending"],
                        row["final_hash"],
                        row["preset"],
                        dict(row["readings"]),
                        row["bot"],
                        row["key"],
                    )
                )
        return out

    def results_by_key(self) -> dict[str, GameResult]:
        """Stored results by spec key."""
        return {r.key: r for r in self.results()}

    def add(self, result: GameResult) -> None:
        """Buffer ``result``; write a part when the batch is full or ``seconds`` have passed."""
        self._buffer.append(result)
        if len(self._buffer) >= self.batch or time.monotonic() - self._last >= self.seconds:
            self.flush()

    def flush(self) -> None:
        """Write the buffered results as a new part file."""
        self._last = time.monotonic()
        if not self._buffer:
            return
        pa = self._pa
        rows = [
            {
                "key": r.key,
                "seed": r.seed,
                "preset": r.preset,
                "readings": {spec.name: r.readings.get(spec.name) for spec in READINGS},
                "heroes": r.heroes,
                "bot": r.bot,
                "outcome": r.outcome,
                "rounds": r.rounds,
                "decisions": r.decisions,
                "blood_lost": r.blood_lost,
                "ending": r.ended_by,
                "final_hash": r.final_hash,
            }
            for r in self._buffer
        ]
        table = pa.Table.from_pylist(rows, schema=_schema(pa))
        name = f"part-{time.time_ns():020d}-{uuid.uuid4().hex[:8]}.parquet"
        tmp = self.folder / f".{name}.tmp"
        pa.parquet.write_table(table, tmp)
        os.replace(tmp, self.folder / name)
        self._buffer.clear()
