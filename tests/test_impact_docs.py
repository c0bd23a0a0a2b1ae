"""The committed studies behind the docs: current with the readings and presets, never a degenerate interval,
drawn, and refused when malformed."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.sim.editions_study import unmodelled_verdicts
from armata_rules.sim.study import variants

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
pytest.importorskip("sphinx")
pytest.importorskip("matplotlib")

import armata_impact

from armata_rules.sim.impact_plot import pooled_ranking, render_impact_plot


def test_the_committed_study_covers_every_option_of_every_reading() -> None:
    study = armata_impact.load_study()
    baseline = editions.by_name(study["baseline"])
    measured = {(i["reading"], i["option"]) for i in study["impacts"] if i["heroes"] == 0 and i["pairs"] > 0}
    assert measured == {(reading, option) for reading, option, _, _ in variants(baseline)}, (
        "docs/_data/readings_study.json is stale: rerun the command shown on the findings page"
    )
    assert "provisional" in study["pack"]


def _interval_problems(where: str, diff: dict[str, object]) -> list[str]:
    low, high, caveat = diff["low"], diff["high"], diff["caveat"]
    if diff["enough"] != (caveat == ""):
        return [f"{where}: enough is {diff['enough']} with caveat {caveat!r}"]
    if not diff["enough"]:
        return []
    if not (isinstance(low, float | int) and isinstance(high, float | int) and low < high):
        return [f"{where}: an interval shown as informative is [{low}, {high}]"]
    return []


def test_no_interval_of_the_committed_studies_is_degenerate() -> None:
    """Issue 29: rows of `+0 [+0, +0]` where games had changed. Every interval shown has width; every other cell
    says why there is none."""
    problems = []
    for item in armata_impact.load_study()["impacts"]:
        if item["pairs"]:
            where = f"{item['reading']}={item['option']} heroes {item['heroes']}"
            problems += _interval_problems(f"{where} win rate", item["win_rate_diff"])
            problems += _interval_problems(f"{where} rounds", item["rounds_diff"])
            if not item["win_rate_diff"]["enough"]:
                assert str(item["win_rate_diff"]["caveat"]).startswith("not enough games"), where
    for edition in armata_impact.load_editions()["editions"]:
        for row in edition["results"]:
            where = f"{edition['edition']} heroes {row['heroes']}"
            problems += _interval_problems(f"{where} win rate", row["win_rate_diff"])
            problems += _interval_problems(f"{where} rounds", row["rounds_diff"])
    assert problems == []


def test_the_committed_study_is_sized_for_five_points_where_games_changed() -> None:
    """The pooled win-rate interval of every option whose games changed is within ±5 points of its estimate."""
    wide = []
    for item in armata_impact.load_study()["impacts"]:
        diff = item["win_rate_diff"]
        if item["heroes"] == 0 and item["changed"]:
            reach = max(diff["mean"] - diff["low"], diff["high"] - diff["mean"])
            if reach > 0.05:
                wide.append(f"{item['reading']}={item['option']}: ±{100 * reach:.1f} points")
    assert wide == []


def test_the_committed_edition_study_covers_every_preset_and_its_review() -> None:
    study = armata_impact.load_editions()
    assert study["baseline"] == "peg19.en" and "provisional" in study["pack"]
    names = [e["edition"] for e in study["editions"]]
    assert names == [p.name for p in editions.ALL if p.name != "peg19.en"], "docs/_data/editions_study.json is stale"
    for entry in study["editions"]:
        preset = editions.by_name(entry["edition"])
        differing = sorted(k for k, v in preset.readings().items() if v is not editions.PEG19_EN.readings()[k])
        assert entry["readings"] == differing, f"{preset.name}: the preset changed; rerun the study"
        assert [r["heroes"] for r in entry["results"]] == [0, *study["heroes"]]


def test_the_edition_table_counts_the_review_as_it_is_now() -> None:
    """The games do not depend on the review, so the table counts the unmodelled verdicts when the docs are built."""
    study = armata_impact.load_editions()
    lines = armata_impact.editions_lines(study)
    for entry in study["editions"]:
        counted = unmodelled_verdicts(editions.by_name(entry["edition"]))
        row = next(i for i, line in enumerate(lines) if line.startswith(f"   * - ``{entry['edition']}``"))
        assert lines[row + 7] == f"     - {len(counted.unmodelled)} of {len(counted.play)}"
        assert len(counted.unmodelled) <= len(counted.play)


def test_the_edition_table_is_valid_restructured_text_with_a_row_per_count() -> None:
    from docutils.core import publish_doctree

    study = armata_impact.load_editions()
    text = "\n".join(armata_impact.editions_lines(study)).replace(":func:", "")
    tree = publish_doctree(text, settings_overrides={"report_level": 2, "halt_level": 2})
    rows = [n for n in tree.findall() if getattr(n, "tagname", "") == "row"]
    assert len(rows) == 1 + len(study["editions"]) * (1 + len(study["heroes"]))
    assert "armata-rules study editions" in text and "unmodelled" in text
    editions = Path(__file__).resolve().parents[1] / "docs" / "findings" / "editions.rst"
    assert ".. armata-editions-table::" in editions.read_text(encoding="utf-8")


def test_the_ranking_is_by_absolute_effect_and_the_plot_is_an_svg() -> None:
    study = armata_impact.load_study()
    effects = [abs(float(i["win_rate_diff"]["mean"])) for i in pooled_ranking(study)]
    assert effects == sorted(effects, reverse=True)
    svg = render_impact_plot(study, "svg")
    assert ET.fromstring(svg).tag.endswith("svg")


def test_a_malformed_study_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "study.json"
    bad.write_text('{"impacts": 3}')
    with pytest.raises(ValueError, match=r"study.json: impacts: expected a study"):
        armata_impact.load_study(bad)
    bad.write_text("{")
    with pytest.raises(ValueError, match="cannot read the committed study"):
        armata_impact.load_study(bad)
    bad.write_text('{"impacts": []}')
    with pytest.raises(ValueError, match="format: None, the docs read format 2"):
        armata_impact.load_study(bad)
    bad.write_text('{"format": 1, "impacts": []}')
    with pytest.raises(ValueError, match=r"editions: expected a study written by `armata-rules study editions"):
        armata_impact.load_editions(bad)
