"""Sphinx directives for the measured impact of each reading, from the committed study in ``docs/_data/``.

``armata-impact-ranking``  the plot (matplotlib, inlined as SVG) and a table ranking the readings by effect
``armata-impact-detail``   per reading and option: every player count, with the finding it comes from

The study is ``armata-rules study readings`` run once and committed (``docs/_data/readings_study.json``); the docs
build draws it without playing a game. Regenerate it with the command shown on the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.nodes import nested_parse_with_titles

from armata_rules.sim.impact_plot import pooled_ranking, render_impact_plot, win_rate_diff
from armata_rules.variants import READINGS

STUDY = Path(__file__).resolve().parents[1] / "_data" / "readings_study.json"


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def load_study(path: Path = STUDY) -> dict[str, Any]:
    """The committed study; a clear error naming the file if it is missing or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: cannot read the committed study: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("impacts"), list):
        raise ValueError(f"{path}: impacts: expected a study written by `armata-rules study readings --out`")
    return data


def _points(mean: float, low: float, high: float) -> str:
    return f"{100 * mean:+.0f} [{100 * low:+.0f}, {100 * high:+.0f}]"


def _rounds(diff: dict[str, float | None]) -> str:
    if diff.get("mean") is None:
        return "-"
    return f"{diff['mean']:+.1f} [{diff['low']:+.1f}, {diff['high']:+.1f}]"


def _settings(study: dict[str, Any]) -> list[str]:
    heroes = study["heroes"]
    command = (
        f"armata-rules study readings --heroes {heroes[0]}-{heroes[-1]} --games {study['games']} "
        f"--seed {study['seed']} --baseline {study['baseline']} --bot {study['bot']} "
        "--out docs/_data/readings_study.json"
    )
    return [
        f"Measured against the ``{study['baseline']}`` preset with the ``{study['bot']}`` bot: "
        f"{study['games']} seeds for each of {', '.join(str(h) for h in heroes)} heroes, every option played on the "
        "same seeds as the baseline (common random numbers), so each seed gives a pair of games and the intervals "
        "are paired 95% Student-t intervals on the per-seed differences.",
        "",
        ".. warning::",
        "",
        "   Most card values in the bundled data pack are **provisional** (the rulebook prints few of them), so these "
        "impacts hold for that pack and that bot, not for the printed game. An option whose games never differ from "
        "the baseline's (*changed* 0) was not exercised by the bot: its effect is unmeasured, not shown to be nil.",
        "",
        "Reproduce or extend it (``--backend ray`` runs it on a Ray cluster)::",
        "",
        f"   {command}",
        "",
    ]


class _Generated(Directive):
    has_content = False

    def lines(self, study: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        env.note_dependency(str(STUDY))
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(self.lines(load_study()), source=str(STUDY)), node)
        return node.children


class ImpactRankingDirective(_Generated):
    """The plot and the ranking table (pooled over player counts)."""

    def lines(self, study: dict[str, Any]) -> list[str]:
        svg = render_impact_plot(study, "svg").decode("utf-8")
        svg = svg[svg.index("<svg") :]
        out = _settings(study)
        out += [".. raw:: html", ""]
        out += [
            f'   <div class="armata-impact-plot">{line}' if i == 0 else f"   {line}"
            for i, line in enumerate([*svg.splitlines(), "</div>"])
        ]
        out += ["", ".. list-table::", "   :header-rows: 1", ""]
        out += [
            "   * - reading = option",
            "     - changed",
            "     - won (baseline → option)",
            "     - Δ won, points [95% CI]",
            "     - Δ rounds [95% CI]",
        ]
        for item in pooled_ranking(study):
            mean, low, high = win_rate_diff(item)
            mark = " **(interval excludes 0)**" if low > 0 or high < 0 else ""
            out += [
                f"   * - :ref:`{item['reading']} = {item['option']} <impact-{_anchor(str(item['reading']))}>`",
                f"     - {item['changed']}/{item['pairs']}",
                f"     - {item['baseline_win_rate']:.0%} → {item['option_win_rate']:.0%}",
                f"     - {_points(mean, low, high)}{mark}",
                f"     - {_rounds(item['rounds_diff'])}",
            ]
        return [*out, ""]


class ImpactDetailDirective(_Generated):
    """Per reading: its finding, and each option's impact at every player count."""

    def lines(self, study: dict[str, Any]) -> list[str]:
        out = _settings(study)
        by_reading: dict[str, list[dict[str, Any]]] = {}
        for item in study["impacts"]:
            by_reading.setdefault(str(item["reading"]), []).append(item)
        for spec in READINGS:
            items = by_reading.get(spec.name)
            if not items:
                continue
            title = f"{spec.title} (``{spec.name}``)"
            out += [f".. _impact-{_anchor(spec.name)}:", "", title, "-" * len(title), ""]
            out += [f"The finding: :ref:`finding-{_anchor(spec.finding)}`.", ""]
            out += [".. list-table::", "   :header-rows: 1", ""]
            out += [
                "   * - option",
                "     - heroes",
                "     - changed",
                "     - won",
                "     - Δ won, points [95% CI]",
                "     - Δ rounds [95% CI]",
            ]
            for item in items:
                if not item["pairs"]:
                    continue
                mean, low, high = win_rate_diff(item)
                out += [
                    f"   * - ``{item['option']}``",
                    f"     - {'all' if item['heroes'] == 0 else item['heroes']}",
                    f"     - {item['changed']}/{item['pairs']}",
                    f"     - {item['baseline_win_rate']:.0%} → {item['option_win_rate']:.0%}",
                    f"     - {_points(mean, low, high)}",
                    f"     - {_rounds(item['rounds_diff'])}",
                ]
            out.append("")
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("armata-impact-ranking", ImpactRankingDirective)
    app.add_directive("armata-impact-detail", ImpactDetailDirective)
    return {"parallel_read_safe": True, "version": "1"}
