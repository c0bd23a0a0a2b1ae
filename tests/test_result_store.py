"""The result store trusts nothing it reads back: every part and row is checked, a row of another engine is refused,
two runs never interleave or duplicate, and ``--verify`` replays stored games against what is stored.

Needs the [scale] extra (pyarrow, DuckDB); skipped where it is missing, required by ``make scale``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from armata_rules import editions
from armata_rules.cli import main
from armata_rules.sim import backends
from armata_rules.sim.runner import GameSpec, play
from tests.scale_support import need

pa = need("pyarrow")
pq = need("pyarrow.parquet")
duckdb = need("duckdb")

from armata_rules.sim import store as store_module  # noqa: E402
from armata_rules.sim.store import ResultStore, StoreError, row_digest  # noqa: E402

SPECS = [GameSpec(editions.PEG19_EN, 2, seed) for seed in range(3)]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A results folder holding the three games of :data:`SPECS`, in one part."""
    backends.run_specs(SPECS, store=ResultStore(tmp_path / "results"))
    return tmp_path / "results"


def _part(folder: Path) -> Path:
    (part,) = sorted(folder.glob("part-*.parquet"))
    return part


def _rewrite(folder: Path, change: Any, *, redigest: bool = False, schema: Any = None) -> None:
    """Rewrite the folder's only part with ``change(rows)`` applied (and the digests recomputed, when asked):
    what a damaged disk, a careless script or a tamperer could leave."""
    part = _part(folder)
    table = pq.read_table(part)
    rows = table.to_pylist()
    change(rows)
    if redigest:
        for row in rows:
            row["digest"] = row_digest(row)
    pq.write_table(pa.Table.from_pylist(rows, schema=schema or table.schema), part)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("readings", None, "row 0: readings: is null"),
        ("rounds", None, "row 0: rounds: is null"),
        ("seed", None, "row 0: seed: is null"),
        ("outcome", "powerwolf_win", "row 0: digest: does not match"),  # the tampered outcome of the issue
        ("final_hash", "0" * 64, "row 0: digest: does not match"),
    ],
)
def test_a_null_or_edited_row_is_refused_naming_the_part_and_row(
    folder: Path, column: str, value: object, message: str
) -> None:
    def change(rows: list[dict[str, Any]]) -> None:
        if column == "outcome" and rows[0][column] == value:  # the game's own outcome: tamper the other way
            rows[0][column] = "strigoi_win"
        else:
            rows[0][column] = value

    _rewrite(folder, change)
    with pytest.raises(StoreError, match=message) as caught:
        ResultStore(folder).results()
    assert str(_part(folder)) in str(caught.value) and "\n" not in str(caught.value)


def test_a_row_whose_fields_disagree_is_refused_even_with_a_recomputed_digest(folder: Path) -> None:
    def another_seed(rows: list[dict[str, Any]]) -> None:
        rows[0]["seed"] = 99  # the key was computed for seed 0

    _rewrite(folder, another_seed, redigest=True)
    with pytest.raises(StoreError, match=r"row 0: key: .* is not the key of the row's"):
        ResultStore(folder).results()

    def impossible_outcome(rows: list[dict[str, Any]]) -> None:
        rows[0]["seed"] = 0
        rows[0]["outcome"] = "won"

    _rewrite(folder, impossible_outcome, redigest=True)
    with pytest.raises(StoreError, match="row 0: outcome: 'won' is not one of"):
        ResultStore(folder).results()


def test_a_part_with_another_schema_is_refused(folder: Path) -> None:
    table = pq.read_table(_part(folder))
    index = table.schema.get_field_index("heroes")
    text = table.set_column(index, pa.field("heroes", pa.string()), pa.array([str(h) for h in table["heroes"]]))
    pq.write_table(text, _part(folder))
    with pytest.raises(StoreError, match="heroes: has another type"):
        ResultStore(folder).results()


def test_rows_of_another_engine_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "engine_id", lambda: "0.0.1+oldoldoldoldold0")
    backends.run_specs(SPECS[:1], store=ResultStore(tmp_path))
    monkeypatch.undo()
    with pytest.raises(StoreError, match=r"row 0: engine: played by engine 0\.0\.1\+oldoldoldoldold0, not by this"):
        ResultStore(tmp_path).results()
    assert main(["simulate", "--heroes", "2", "--games", "1", "--store", str(tmp_path), "--json"]) == 2


def test_two_runs_on_one_store_keep_each_game_once(tmp_path: Path) -> None:
    backends.run_specs(SPECS[:2], store=ResultStore(tmp_path))
    backends.run_specs(SPECS, store=ResultStore(tmp_path))
    backends.run_specs(SPECS, store=ResultStore(tmp_path))
    ((count,),) = duckdb.sql(f"SELECT count(*) FROM '{tmp_path}/*.parquet'").fetchall()
    assert count == len(SPECS)


def test_a_second_writer_is_refused_while_the_first_holds_the_folder(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with ResultStore(folder).writing() as stored:
        assert sorted(stored) == sorted(spec.key for spec in SPECS)
        with pytest.raises(StoreError, match="another run is writing to it"):
            backends.run_specs(SPECS, store=ResultStore(folder))
        args = ["simulate", "--heroes", "2", "--games", "3", "--store", str(folder), "--json"]
        assert main(args) == 2
        assert "another run is writing to it" in capsys.readouterr().err
    assert main(args) == 0  # the lock went with the first writer


def test_the_documented_query_counts_a_duplicated_part_once(folder: Path) -> None:
    part = _part(folder)
    shutil.copy(part, part.with_name("part-99999999999999999999-copy.parquet"))  # a copied or re-synced part
    assert len(ResultStore(folder).results()) == len(SPECS)
    query = (
        "SELECT heroes, count(*), avg((outcome = 'powerwolf_win')::INT) "
        f"FROM (SELECT DISTINCT ON (key) * FROM '{folder}/*.parquet') GROUP BY heroes"
    )
    wins = sum(play(spec).powerwolf_won for spec in SPECS)
    assert duckdb.sql(query).fetchall() == [(2, 3, wins / 3)]


def test_verify_replays_stored_games_and_fails_on_one_that_differs(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ResultStore(folder).verify(10) == []
    args = ["simulate", "--heroes", "2", "--games", "3", "--store", str(folder), "--verify", "3", "--json"]
    assert main(args) == 0
    assert "3 stored game(s) replay as stored" in capsys.readouterr().err

    def forged(rows: list[dict[str, Any]]) -> None:
        rows[1]["rounds"] += 1  # a forged result whose digest is made to fit

    _rewrite(folder, forged, redigest=True)
    problems = ResultStore(folder).verify(10)
    assert len(problems) == 1 and "row 1: replays with another rounds" in problems[0]
    assert main(args) == 1
    assert "do not replay as stored" in capsys.readouterr().err
    assert main(["simulate", "--heroes", "2", "--games", "1", "--verify", "2"]) == 2  # --verify needs --store
