"""The [scale] extra: Ray tasks agree with local processes, Parquet results resume and answer DuckDB, the study runs.

Skipped where the extra is not installed; ``make scale`` (CI) requires it.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.cli import main
from armata_rules.sim import backends
from armata_rules.sim.runner import GameSpec, play
from armata_rules.variants import Counterattack
from tests.scale_support import need

ray = need("ray")
need("pyarrow")
duckdb = need("duckdb")
need("matplotlib")

from armata_rules.sim.impact_plot import pooled_ranking, render_impact_plot  # noqa: E402
from armata_rules.sim.store import ResultStore, StoreError  # noqa: E402

SPECS = [
    GameSpec(editions.PEG19_EN, 2, 0),
    GameSpec(editions.SB19_EN, 3, 1),
    GameSpec(editions.PEG19_EN.with_(counterattack=Counterattack.ANY_HERO), 4, 2),
    GameSpec(editions.PEG19_FR, 5, 3, bot="random"),
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """One embedded Ray for the module: the backend joins it instead of starting its own each time."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_ray_local_processes_and_serial_play_agree(local_ray: None) -> None:
    serial = [play(s) for s in SPECS]
    on_ray = backends.run_specs(SPECS, backend="ray")
    assert on_ray == serial
    assert [r.final_hash for r in backends.run_specs(SPECS, backend="ray", workers=1)] == [r.final_hash for r in serial]


def test_ray_keeps_records_for_the_driver_to_write(local_ray: None, tmp_path: Path) -> None:
    backends.run_specs(SPECS[:2], backend="ray", records=tmp_path)
    assert len(list(tmp_path.glob("*.json"))) == 2


def test_a_stored_run_resumes_without_replaying_stored_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = ResultStore(tmp_path / "results", batch=1)
    first = backends.run_specs(SPECS[:2], store=store)
    assert len(store.parts()) == 2
    played: list[GameSpec] = []
    real = backends.play

    def counting(spec: GameSpec, keep_record: bool = False) -> object:
        played.append(spec)
        return real(spec, keep_record)

    monkeypatch.setattr(backends, "play", counting)
    seen = []
    results = backends.run_specs(SPECS, store=ResultStore(tmp_path / "results"), progress=seen.append)
    assert played == SPECS[2:]
    assert results[:2] == first and len(seen) == 4
    assert sorted(r.key for r in ResultStore(tmp_path / "results").results()) == sorted(s.key for s in SPECS)


def test_duckdb_reads_the_results_folder_as_one_table(tmp_path: Path) -> None:
    results = backends.run_specs(SPECS, store=ResultStore(tmp_path, batch=2))
    rows = duckdb.sql(
        f"SELECT seed, preset, heroes, bot, outcome, rounds, final_hash, readings.counterattack "
        f"FROM '{tmp_path}/*.parquet' ORDER BY seed"
    ).fetchall()
    assert [(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows] == [
        (r.seed, r.preset, r.heroes, r.bot, r.outcome, r.rounds, r.final_hash) for r in results
    ]
    assert [r[7] for r in rows] == ["attacked_hero", "attacked_hero", "any_hero", "attacked_hero"]
    wins = duckdb.sql(f"SELECT sum((outcome = 'powerwolf_win')::INT) FROM '{tmp_path}/*.parquet'").fetchall()
    assert wins == [(sum(r.powerwolf_won for r in results),)]


def test_a_store_refuses_what_is_not_a_results_folder(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="is a file"):
        ResultStore(tmp_path / "file")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "part-1.parquet").write_text("not parquet")
    with pytest.raises(StoreError, match=r"part-1.parquet: \(file\): not a readable Parquet file"):
        ResultStore(tmp_path / "broken").results()


def test_cli_simulate_on_ray_stores_and_resumes(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--heroes", "2", "--games", "3", "--backend", "ray", "--store", str(tmp_path), "--json"]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    parts = sorted(tmp_path.glob("*.parquet"))
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert sorted(tmp_path.glob("*.parquet")) == parts  # nothing new was played


def test_cli_study_on_ray_writes_the_study_and_its_plot(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, plot = tmp_path / "study.json", tmp_path / "impact.svg"
    args = ["study", "readings", "--heroes", "2-3", "--games", "2", "--backend", "ray", "--out", str(out)]
    assert main([*args, "--plot", str(plot)]) == 0
    assert "Reading impact against peg19.en" in capsys.readouterr().out
    data = json.loads(out.read_text())
    assert data["heroes"] == [2, 3] and "provisional" in data["pack"]
    assert {i["heroes"] for i in data["impacts"]} == {0, 2, 3}
    assert all(i["pairs"] == 2 * (2 if i["heroes"] == 0 else 1) for i in data["impacts"])
    root = ET.fromstring(plot.read_bytes())
    assert root.tag.endswith("svg")
    assert len(pooled_ranking(data)) == len([i for i in data["impacts"] if i["heroes"] == 0])


def test_cli_study_editions_on_ray_matches_local_processes(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "editions.json"
    args = ["study", "editions", "--heroes", "2-3", "--games", "2", "--seed", "3", "--json"]
    assert main([*args, "--backend", "ray", "--out", str(out)]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert json.loads(out.read_text()) == on_ray
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == on_ray
    assert on_ray["format"] == 1 and len(on_ray["editions"]) == len(editions.ALL) - 1
    assert all([r["heroes"] for r in e["results"]] == [0, 2, 3] for e in on_ray["editions"])
    assert all(e["results"][0]["pairs"] == 4 for e in on_ray["editions"])


def test_the_plot_refuses_a_malformed_study() -> None:
    with pytest.raises(ValueError, match="movement: win_rate_diff"):
        render_impact_plot({"impacts": [{"reading": "movement", "heroes": 0, "pairs": 3, "win_rate_diff": {}}]})


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_ctrl_c_stops_cleanly_and_the_run_resumes(tmp_path: Path, backend: str) -> None:
    """Ctrl-C reaches the whole foreground process group, Ray's workers included (issue 30 #2: Ray's core worker
    aborted the driver with "you have likely discovered a bug in Ray", exit 1, and the buffered results were lost)."""
    import os
    import signal
    import subprocess
    import sys
    import time

    store = tmp_path / "results"
    args = ["simulate", "--heroes", "2", "--games", "400", "--workers", "2", "--store", str(store), "--json"]
    args += ["--backend", backend]
    # A shell's background job may start with SIGINT ignored; a terminal's Ctrl-C reaches Python's own handler.
    code = "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    code += f"from armata_rules.cli import main; sys.exit(main({args!r}))"
    child = subprocess.Popen(
        [sys.executable, "-c", code], start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 120
    while not list(store.glob("part-*.parquet")) and time.monotonic() < deadline and child.poll() is None:
        time.sleep(0.5)
    os.killpg(child.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group gets SIGINT
    _, err = child.communicate(timeout=120)
    text = err.decode()
    assert child.returncode == 130, text
    assert "interrupted" in text and "run the same command to resume" in text
    assert "Traceback" not in text and "bug in Ray" not in text and "StackTrace" not in text
    stored = ResultStore(store).results()
    assert 0 < len(stored) <= 400
    assert f"interrupted: {len(stored)} of 400 games are stored" in text  # what it says it kept, it kept
    assert {r.seed for r in stored} <= set(range(400))
    assert {r.final_hash for r in stored[:3]} == {
        play(GameSpec(editions.PEG19_EN, 2, r.seed)).final_hash for r in stored[:3]
    }
