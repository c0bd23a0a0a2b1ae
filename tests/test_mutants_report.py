"""The mutation report counts a survivor as equivalent only while its triage entry matches the mutant it was
checked with; everything else is a missing test, and the rate says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mutants import TRIAGE, Score, Triage, module_of, mutated_line, parse_results, read_triage, sample, score

RESULTS = """
    armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_1: killed
    armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_2: survived
    armata_rules.rules.fights.x_strigoi_wounded__mutmut_3: survived
    armata_rules.rules.settle.x_pick__mutmut_4: survived
    armata_rules.rules.settle.x_pick__mutmut_5: not checked
    armata_rules.rules.settle.x_pick__mutmut_6: no tests
"""


def test_results_are_read_per_mutant_and_grouped_by_module() -> None:
    results = parse_results(RESULTS)
    assert len(results) == 6 and results["armata_rules.rules.settle.x_pick__mutmut_5"] == "not checked"
    assert module_of("armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_2") == "armata_rules.rules.fights"
    assert module_of("armata_rules.effects.x_steps_after__mutmut_9") == "armata_rules.effects"


def test_a_triaged_survivor_counts_only_while_its_line_matches() -> None:
    results = parse_results(RESULTS)
    triage = {
        "armata_rules.rules.fights.x_strigoi_wounded__mutmut_3": Triage("", "return None", "unreachable", "why"),
        "armata_rules.rules.settle.x_pick__mutmut_4": Triage("", "if u <= total:", "equivalent", "why"),
    }
    lines = {
        "armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_2": "return Refusal(None, 'x')",
        "armata_rules.rules.fights.x_strigoi_wounded__mutmut_3": "return None",
        "armata_rules.rules.settle.x_pick__mutmut_4": "if u < total + 1:",  # the code moved on: stale
    }
    found = score(results, triage, lines)
    fights, settle = found.rows["armata_rules.rules.fights"], found.rows["armata_rules.rules.settle"]
    assert (fights["killed"], fights["survived"], fights["triaged"]) == (1, 1, 1)
    assert (settle["survived"], settle["triaged"], settle["not run"], settle["no tests"]) == (1, 0, 1, 1)
    assert found.untriaged == (
        "armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_2",
        "armata_rules.rules.settle.x_pick__mutmut_4",
    )
    assert found.stale == ("armata_rules.rules.settle.x_pick__mutmut_4",)
    assert Score.rate(found.total) == pytest.approx(1 / 3)
    assert Score.rate({}) is None


def test_the_sample_is_seeded_and_drawn_from_mutants_not_yet_run() -> None:
    results = {f"armata_rules.effects.x_f__mutmut_{i}": "not checked" for i in range(50)}
    results["armata_rules.effects.x_f__mutmut_99"] = "killed"
    first = sample(results, 10, seed=3)
    assert first == sample(results, 10, seed=3) and first == sorted(first) and len(set(first)) == 10
    assert "armata_rules.effects.x_f__mutmut_99" not in first
    assert len(sample(results, 500, seed=3)) == 50


def test_the_mutated_line_is_the_first_added_line_of_the_diff() -> None:
    show = "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-    return a\n+    return b\n"
    assert mutated_line(show) == "return b"


def test_the_triage_file_is_well_formed_and_every_entry_gives_a_reason() -> None:
    entries = read_triage()
    assert len(entries) >= 90
    assert all(entry.reason and entry.line and entry.name.startswith("armata_rules.") for entry in entries.values())


def test_a_malformed_triage_entry_is_refused_with_its_index(tmp_path: Path) -> None:
    bad = tmp_path / "triage.toml"
    bad.write_text('[[mutant]]\nname = "a"\nline = "b"\nkind = "maybe"\nreason = "c"\n', encoding="utf-8")
    kinds = "equivalent, unreachable, killed"
    with pytest.raises(ValueError, match=rf"mutant\[0\]: kind must be one of {kinds}, not 'maybe'"):
        read_triage(bad)
    bad.write_text('[[mutant]]\nname = "a"\nkind = "equivalent"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"mutant\[0\]: missing or not text: line, reason"):
        read_triage(bad)
    assert TRIAGE.exists()


def test_a_run_log_is_read_as_results_and_a_survivor_killed_by_hand_counts_as_killed() -> None:
    log = "⠋ 3/10 🎉 1\r🎉 armata_rules.effects.x_f__mutmut_1\n🙁 armata_rules.effects.x_f__mutmut_2\n"
    results = parse_results(log)
    assert results == {
        "armata_rules.effects.x_f__mutmut_1": "killed",
        "armata_rules.effects.x_f__mutmut_2": "survived",
    }
    triage = {"armata_rules.effects.x_f__mutmut_2": Triage("", "return 1", "killed", "test_x fails under pytest")}
    found = score(results, triage, {"armata_rules.effects.x_f__mutmut_2": "return 1"})
    row = found.rows["armata_rules.effects"]
    assert (row["killed"], row["by hand"], row["survived"]) == (2, 1, 0) and found.untriaged == ()
