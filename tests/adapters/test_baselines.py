"""The baseline win rates: played as documented, and the committed table matches the code that writes it."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
binomtest = pytest.importorskip("scipy.stats").binomtest

from armata_rules.adapters import baselines as bl  # noqa: E402
from armata_rules.adapters.openspiel_mcts import play  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs"
COMMITTED = DOCS / "_data" / "baselines.json"


def _check_cells(data: dict[str, object], games: dict[str, int]) -> None:
    cells = data["results"]
    assert isinstance(cells, list)
    assert [(c["bot"], c["heroes"]) for c in cells] == [(b, n) for b in games for n in bl.HERO_COUNTS]
    for cell in cells:
        assert cell["games"] == games[cell["bot"]] and 0 <= cell["wins"] <= cell["games"]
        interval = binomtest(cell["wins"], cell["games"]).proportion_ci(0.95, method="exact")
        assert (cell["low"], cell["high"]) == (round(interval.low, 4), round(interval.high, 4))
        assert cell["low"] <= cell["rate"] == round(cell["wins"] / cell["games"], 4) <= cell["high"]


def test_a_small_run_counts_the_games_it_plays() -> None:
    games = {"random": 2, "greedy": 2}  # MCTS plays in test_openspiel; here it would cost most of the time
    data = bl.baselines(games, workers=1)  # type: ignore[arg-type]
    assert data["format"] == bl.FORMAT and data["mcts"]["simulations"] == bl.MCTS_SIMULATIONS  # type: ignore[index]
    _check_cells(data, games)
    greedy_two = next(c for c in data["results"] if c["bot"] == "greedy" and c["heroes"] == 2)  # type: ignore[attr-defined]
    expected = [play(2, "greedy", seed, bl.MCTS_SIMULATIONS, bl.MAX_DECISIONS) for seed in range(2)]
    assert greedy_two["wins"] == sum(r.outcome == "powerwolf_win" for r in expected)
    assert greedy_two["decisions"] == round(sum(r.decisions for r in expected) / 2, 1)


def test_the_committed_baselines_are_those_the_code_writes() -> None:
    """``docs/_data/baselines.json`` was written by ``make baselines`` with today's settings: every bot and hero
    count, the documented numbers of games and MCTS budget, and intervals that follow from the counts."""
    data = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert data["format"] == bl.FORMAT and data["command"] == "make baselines" and data["edition"] == "peg19.en"
    assert data["mcts"]["simulations"] == bl.MCTS_SIMULATIONS
    _check_cells(data, dict(bl.GAMES))
    assert all(c["unfinished"] == 0 for c in data["results"])


def test_the_docs_directive_reads_the_baselines_and_refuses_a_stale_file(tmp_path: Path) -> None:
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import armata_rl
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    assert armata_rl.load_baselines()["results"]
    stale = tmp_path / "baselines.json"
    stale.write_text(json.dumps({"format": 0, "results": []}), encoding="utf-8")
    with pytest.raises(ValueError, match="format: the docs read baselines of format 1: run `make baselines`"):
        armata_rl.load_baselines(stale)
    with pytest.raises(ValueError, match="cannot read the baselines"):
        armata_rl.load_baselines(tmp_path / "missing.json")


def test_the_command_line_refuses_bad_settings(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bl.main(["--out", "x.json", "--workers", "0"])
    assert "--workers must be at least 1" in capsys.readouterr().err
