"""Sphinx directives for the measured impact of each reading, from the committed study in ``docs/_data/``.

``armata-impact-ranking``  the plot (matplotlib, inlined as SVG) and a table ranking the readings by effect
``armata-impact-detail``   per reading and option: every player count, with the finding it comes from
``armata-editions-table``  each edition preset against peg19.en, with the play-changing verdicts it does not model

The studies are ``armata-rules study readings`` and ``armata-rules study editions`` run once and committed
(``docs/_data/readings_study.json``, ``docs/_data/editions_study.json``); the docs build draws them without playing
a game. Regenerate them with the commands shown on the pages.
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

from armata_rules.editions import by_name
from armata_rules.sim.editions_study import unmodelled_verdicts
from armata_rules.sim.impact_plot import pooled_ranking, render_impact_plot
from armata_rules.sim.paired import MIN_DISCORDANT, interval_text
from armata_rules.translations.verdicts import verdicts_folder
from armata_rules.variants import READINGS

DATA = Path(__file__).resolve().parents[1] / "_data"
STUDY = DATA / "readings_study.json"
EDITIONS = DATA / "editions_study.json"


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


#: The JSON format of each committed study that these directives read.
FORMATS = {"readings": 2, "editions": 1}


def _load(path: Path, kind: str, key: str) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: cannot read the committed study: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get(key), list):
        raise ValueError(f"{path}: {key}: expected a study written by `armata-rules study {kind} --out`")
    if data.get("format") != FORMATS[kind]:
        raise ValueError(
            f"{path}: format: {data.get('format')!r}, the docs read format {FORMATS[kind]}: rerun the command shown "
            "on the page"
        )
    return data


def load_study(path: Path = STUDY) -> dict[str, Any]:
    """The committed reading study; a clear error naming the file if it is missing or malformed."""
    return _load(path, "readings", "impacts")


def load_editions(path: Path = EDITIONS) -> dict[str, Any]:
    """The committed edition study; a clear error naming the file if it is missing or malformed."""
    return _load(path, "editions", "editions")


def _interval(diff: Any, scale: float = 1.0) -> str:
    """A difference of the JSON as ``+3.1 [+0.4, +5.8]``, or its caveat in words."""
    text = interval_text(diff.get("mean"), diff.get("low"), diff.get("high"), str(diff.get("caveat", "")), scale)
    return text if diff.get("enough") else f"*{text}*"


def _won(diff: Any) -> str:
    """The win-rate difference in points, marked when it tells (interval clear of zero and p < 0.05)."""
    text = _interval(diff, 100)
    low, high, p = diff.get("low"), diff.get("high"), diff.get("p_value")
    clear = diff.get("enough") and low is not None and high is not None and (low > 0 or high < 0)
    return f"**{text}**" if clear and p is not None and p < 0.05 else text


def _discordant(diff: Any) -> str:
    """``b : c, p = ...``: the pairs won only with the option, only with the baseline, and McNemar's exact p."""
    p = diff.get("p_value")
    shown = "" if p is None else ", p < 0.001" if p < 0.001 else f", p = {p:.3f}"
    return f"{diff.get('option_only', 0)} : {diff.get('baseline_only', 0)}{shown}"


METHODS = [
    "Each seed gives a pair of games, one per arm (common random numbers). The win-rate difference is tested with "
    "McNemar's exact test on the pairs whose winner changed (*b* won only with the option, *c* only with the "
    "baseline; :func:`scipy.stats.binomtest` of *b* in *b* + *c*), and its 95% interval is Tango's score interval "
    "for paired proportions (Tango, *Statistics in Medicine* 17, 1998, 891-908; recommended for small samples by "
    "Fagerland, Lydersen and Laake, *Statistics in Medicine* 33, 2014, 2850-2875). Where fewer than "
    f"{MIN_DISCORDANT} pairs changed winner, no split of them could reach p < 0.05, and the table says *not enough "
    "games* instead of an interval. The difference in rounds has a paired Student-t interval; where every pair "
    "differs by the same amount the table says *no spread* instead of an interval of zero width. **Bold**: the "
    "interval excludes zero and p < 0.05.",
]


def _settings(study: dict[str, Any]) -> list[str]:
    heroes = study["heroes"]
    command = (
        f"armata-rules study readings --heroes {heroes[0]}-{heroes[-1]} --games {study['games']} "
        f"--seed {study['seed']} --baseline {study['baseline']} --bot {study['bot']} --workers 2 "
        "--out docs/_data/readings_study.json"
    )
    return [
        f"Measured against the ``{study['baseline']}`` preset with the ``{study['bot']}`` bot: "
        f"{study['games']} seeds for each of {', '.join(str(h) for h in heroes)} heroes, every option played on the "
        "same seeds as the baseline.",
        "",
        *METHODS,
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
    source = STUDY

    def lines(self, study: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def load(self) -> dict[str, Any]:
        return load_study(self.source)

    def run(self) -> list[nodes.Node]:
        env = self.state.document.settings.env
        env.note_dependency(str(self.source))
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(self.lines(self.load()), source=str(self.source)), node)
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
            "     - winner changed (b : c), McNemar",
            "     - Δ won, points [95% CI]",
            "     - Δ rounds [95% CI]",
        ]
        for item in pooled_ranking(study):
            out += [
                f"   * - :ref:`{item['reading']} = {item['option']} <impact-{_anchor(str(item['reading']))}>`",
                f"     - {item['changed']}/{item['pairs']}",
                f"     - {item['baseline_win_rate']:.0%} → {item['option_win_rate']:.0%}",
                f"     - {_discordant(item['win_rate_diff'])}",
                f"     - {_won(item['win_rate_diff'])}",
                f"     - {_interval(item['rounds_diff'])}",
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
                "     - winner changed (b : c), McNemar",
                "     - Δ won, points [95% CI]",
                "     - Δ rounds [95% CI]",
            ]
            for item in items:
                if not item["pairs"]:
                    continue
                out += [
                    f"   * - ``{item['option']}``",
                    f"     - {'all' if item['heroes'] == 0 else item['heroes']}",
                    f"     - {item['changed']}/{item['pairs']}",
                    f"     - {item['baseline_win_rate']:.0%} → {item['option_win_rate']:.0%}",
                    f"     - {_discordant(item['win_rate_diff'])}",
                    f"     - {_won(item['win_rate_diff'])}",
                    f"     - {_interval(item['rounds_diff'])}",
                ]
            out.append("")
        return out


class EditionsTableDirective(_Generated):
    """Each edition preset against the baseline, per hero count, beside the verdicts the preset does not model
    (counted from ``spec/verdicts`` at build time: the review moves on without the games changing)."""

    source = EDITIONS

    def load(self) -> dict[str, Any]:
        env = self.state.document.settings.env
        for path in sorted(verdicts_folder().glob("*.toml")):
            env.note_dependency(str(path))
        return load_editions(self.source)

    def lines(self, study: dict[str, Any]) -> list[str]:
        return editions_lines(study)


def editions_lines(study: dict[str, Any]) -> list[str]:
    """The edition study as reStructuredText: how it was measured, the table, and what the table cannot say.

    The unmodelled verdicts are counted from the review as it is now, not as it was when the games were played."""
    heroes = study["heroes"]
    counts = {e["edition"]: unmodelled_verdicts(by_name(e["edition"])) for e in study["editions"]}
    baseline = study["baseline"]
    command = (
        f"armata-rules study editions --heroes {heroes[0]}-{heroes[-1]} --games {study['games']} "
        f"--seed {study['seed']} --bot {study['bot']} --workers 2 --out docs/_data/editions_study.json"
    )
    out = [
        f"Each edition preset played against ``{baseline}`` with the ``{study['bot']}`` bot: {study['games']} seeds "
        f"for each of {', '.join(str(h) for h in heroes)} heroes, the same seeds for every preset.",
        "",
        *(m.replace("only with the option", "only with the edition") for m in METHODS),
        "",
        ".. warning::",
        "",
        "   A preset plays its text's reading of the points the engine models as readings, and the English rules "
        "everywhere else. *Unmodelled* counts the text's play-changing verdicts (``spec/verdicts/<edition>.toml``, "
        "read against peg19.en) that the preset does not play: those handled by an interpretation the engine applies "
        "to every text, those marked unmodelled, and those whose finding names no reading the preset sets apart from "
        f"``{baseline}``. A row below is the effect of the modelled differences only, for the bundled pack "
        "(card values mostly **provisional**) and this bot, not the effect of playing from that rulebook.",
        "",
        "Reproduce or extend it (``--backend ray`` runs it on a Ray cluster)::",
        "",
        f"   {command}",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - edition",
        "     - heroes",
        f"     - won ({baseline} → edition)",
        "     - winner changed (b : c), McNemar",
        "     - Δ won, points [95% CI]",
        f"     - rounds ({baseline} → edition)",
        "     - Δ rounds [95% CI]",
        "     - unmodelled play-changing verdicts",
    ]
    for edition in study["editions"]:
        verdicts = counts[edition["edition"]]
        for row in edition["results"]:
            pooled = row["heroes"] == 0
            name = f"``{edition['edition']}``"
            if edition.get("same_games_as"):
                name += f" (same readings as ``{edition['same_games_as']}``)"
            base, mine = row["baseline_wins"], row["edition_wins"]
            out += [
                f"   * - {name}" if pooled else "   * -",
                f"     - {'all' if pooled else row['heroes']}",
                f"     - {base['rate']:.0%} → {mine['rate']:.0%}" if row["pairs"] else "     - no pairs",
                f"     - {_discordant(row['win_rate_diff'])}",
                f"     - {_won(row['win_rate_diff'])}",
                f"     - {row['baseline_rounds']:.1f} → {row['edition_rounds']:.1f}" if row["pairs"] else "     - -",
                f"     - {_interval(row['rounds_diff'])}",
                f"     - {len(verdicts.unmodelled)} of {len(verdicts.play)}" if pooled else "     -",
            ]
    out += ["", "Readings each preset takes apart from the baseline:", ""]
    for edition in study["editions"]:
        readings = ", ".join(f"``{r}``" for r in edition["readings"]) or "none"
        out.append(f"* ``{edition['edition']}``: {readings}")
    return [*out, ""]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("armata-impact-ranking", ImpactRankingDirective)
    app.add_directive("armata-impact-detail", ImpactDetailDirective)
    app.add_directive("armata-editions-table", EditionsTableDirective)
    return {"parallel_read_safe": True, "version": "1"}
