"""Sphinx directives for the learning-agent pages, generated from the adapters and the committed baselines.

``armata-rl-spaces``     per hero count: the agents, action and observation shapes of every adapter
``armata-rl-bounds``     every field of the observation vector: encoding, entries and upper bound
``armata-rl-baselines``  the pack's win rates with random, greedy and MCTS players (``docs/_data/baselines.json``,
                         written by ``make baselines``; the build plays no game)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from armata_rules.adapters.baselines import FORMAT
from armata_rules.adapters.openspiel_game import HEROES
from armata_rules.adapters.table import Table

from armata_pages import Generated

BASELINES = Path(__file__).resolve().parents[1] / "_data" / "baselines.json"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        out += [f"   * - {row[0]}", *(f"     - {cell}" for cell in row[1:])]
    return [*out, ""]


class SpacesDirective(Generated):
    """Per hero count: agents and the shapes of actions, observations and OpenSpiel's tensors."""

    def lines(self) -> list[str]:
        rows = []
        for n in range(2, 6):
            table = Table(HEROES[:n])
            actions = table.action_space.num_distinct_actions
            chance = table.action_space.kind_ranges()["chance"].stop
            size = table.encoder.size
            memory = n * len(table.encoder.cards)
            rows.append(
                [
                    str(n),
                    ", ".join(HEROES[:n]),
                    f"``Discrete({actions})``",
                    f"``Discrete({actions + 1})``",
                    f"``({size},)``",
                    f"``({size + memory},)``",
                    str(chance),
                ]
            )
        header = [
            "heroes",
            "seats (``seat_0`` …)",
            "action space (AEC, Gymnasium, OpenSpiel)",
            "parallel (with ``WAIT``)",
            "observation",
            "OpenSpiel information state",
            "of which chance outcomes",
        ]
        return _table(header, rows)


class BoundsDirective(Generated):
    """Every field of the observation vector (three heroes), with the bound the spaces declare."""

    def lines(self) -> list[str]:
        table = Table(HEROES[:3])
        high = table.observation_high
        grouped: dict[str, list[Any]] = {}
        for segment in table.encoder.layout():
            name = re.sub(r"\[\d+\]", "[i]", segment.name)
            entry = grouped.setdefault(name, [segment.encoding, segment.length, 0, float(high[segment.start])])
            entry[2] += 1
        rows = [
            [f"``{name}``", encoding, str(length), str(times), "∞" if bound == float("inf") else f"{bound:g}"]
            for name, (encoding, length, times, bound) in grouped.items()
        ]
        return _table(["field", "encoding", "entries", "times", "high"], rows)


def load_baselines(path: Path = BASELINES) -> dict[str, Any]:
    """The committed baselines; a clear error naming the file and the command if missing or of another format."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise ValueError(f"{path}: cannot read the baselines ({err}): run `make baselines`") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("results"), list):
        raise ValueError(f"{path}: format: the docs read baselines of format {FORMAT}: run `make baselines`")
    return data


class BaselinesDirective(Generated):
    """The pack's win rates per player and hero count, with their intervals."""

    def lines(self) -> list[str]:
        self.state.document.settings.env.note_dependency(str(BASELINES))
        data = load_baselines()
        counts = sorted({cell["heroes"] for cell in data["results"]})
        names = {
            "random": "random legal action",
            "greedy": "greedy bot",
            "mcts": f"MCTS, {data['mcts']['simulations']} simulations",
        }
        rows = []
        for bot in dict.fromkeys(cell["bot"] for cell in data["results"]):
            cells = {cell["heroes"]: cell for cell in data["results"] if cell["bot"] == bot}
            row = [names.get(bot, bot)]
            for n in counts:
                c = cells[n]
                row.append(
                    f"{c['wins']} / {c['games']}: {100 * c['rate']:.1f}% [{100 * c['low']:.1f}, {100 * c['high']:.1f}]"
                )
            row.append(" / ".join(f"{cells[n]['decisions']:.0f}" for n in counts))
            rows.append(row)
        header = [
            "pack played by",
            *(f"{n} heroes" for n in counts),
            f"decisions per game ({'/'.join(map(str, counts))})",
        ]
        return _table(header, rows)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("armata-rl-spaces", SpacesDirective)
    app.add_directive("armata-rl-bounds", BoundsDirective)
    app.add_directive("armata-rl-baselines", BaselinesDirective)
    return {"parallel_read_safe": True, "version": "1"}
