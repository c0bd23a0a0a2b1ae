"""The committed reading study behind the docs: current with the readings, drawn, and refused when malformed."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from armata_rules import editions
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
