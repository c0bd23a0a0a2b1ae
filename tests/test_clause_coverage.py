"""The link from clauses to scenario tests (``tests/clause_coverage.py``, ``make coverage-clauses``): every marker
names a real clause, and the share of rule-bearing clauses with a scenario test never falls."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clause_coverage import Marker, coverage, main, markers, unresolved

#: Rule-bearing clauses of peg19.en and sb19.en with at least one scenario test: every one of them (issue 28: rules
#: right, clause by clause). A rule that cites a new clause needs a scenario test citing it too. (202 until the
#: ScriBabs ability introduction and Protection note, sb19.en:614 and 620, joined their clauses en1034 and en1042.)
COVERED_AT_LEAST = 200


def test_every_marker_cites_a_clause_of_the_corpus() -> None:
    found = markers()
    assert len(found) > 100
    assert unresolved(found=found) == []


def test_a_marker_that_cites_no_clause_is_reported() -> None:
    bad = Marker("tests/test_x.py::test_y", "peg19.en:9999", 1)
    assert unresolved(found=[bad]) == [bad]


def test_every_rule_bearing_clause_has_a_scenario_test() -> None:
    rows = coverage()
    missing = [", ".join(row.citations) for row in rows if not row.tests]
    assert len(rows) >= COVERED_AT_LEAST
    assert missing == [], f"clauses a rule implements but no scenario test cites: {missing}"


def test_a_marker_needs_string_literals(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text(
        'import pytest\nC = "peg19.en:764"\n@pytest.mark.clauses(C)\ndef test_a():\n    pass\n', encoding="utf-8"
    )
    with pytest.raises(ValueError, match="string citations only"):
        markers(tmp_path / "tests")


def test_the_report_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--json", "--missing"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["format"] == 1 and report["covered"] >= COVERED_AT_LEAST
    assert all(not row["tests"] for row in report["rows"])
