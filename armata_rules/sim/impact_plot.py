"""The impact plot: readings ranked by how much they move the heroes' win rate, with 95% intervals.

Works on the JSON form of a study (:meth:`armata_rules.sim.study.StudyReport.to_json`), so the docs can draw a
committed result without playing anything. Needs matplotlib (the ``[scale]`` and ``[docs]`` extras).
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

__all__ = ["pooled_ranking", "render_impact_plot", "win_rate_diff"]


def pooled_ranking(study: Mapping[str, object]) -> list[Mapping[str, object]]:
    """The pooled (all player counts) impacts of a study's JSON, largest absolute win-rate difference first."""
    impacts = study.get("impacts", [])
    if not isinstance(impacts, Sequence):
        raise ValueError("study JSON: impacts: expected a list")
    pooled = [i for i in impacts if isinstance(i, Mapping) and i.get("heroes") == 0 and i.get("pairs")]
    return sorted(pooled, key=lambda i: (-abs(win_rate_diff(i)[0]), str(i.get("reading")), str(i.get("option"))))


def win_rate_diff(impact: Mapping[str, object]) -> tuple[float, float, float]:
    """``(mean, low, high)`` of an impact's win-rate difference; ``ValueError`` if the entry is malformed."""
    diff = impact.get("win_rate_diff")
    if not isinstance(diff, Mapping) or not all(isinstance(diff.get(k), (int, float)) for k in ("mean", "low", "high")):
        raise ValueError(f"study JSON: {impact.get('reading')}: win_rate_diff: expected mean, low and high numbers")
    return float(diff["mean"]), float(diff["low"]), float(diff["high"])


def render_impact_plot(study: Mapping[str, object], fmt: str = "svg") -> bytes:
    """The ranking as a horizontal bar chart (``svg`` or ``png`` bytes)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ranking = pooled_ranking(study)[::-1]  # largest at the top
    labels = [f"{i['reading']} = {i['option']}" for i in ranking]
    means, lows, highs = [], [], []
    for item in ranking:
        mean, low, high = win_rate_diff(item)
        means.append(100 * mean)
        lows.append(100 * (mean - low))
        highs.append(100 * (high - mean))
    fig, ax = plt.subplots(figsize=(8, 0.38 * len(ranking) + 1.6))
    colours = ["#b23a48" if m < 0 else "#2d6a4f" for m in means]
    ax.barh(range(len(ranking)), means, xerr=[lows, highs], color=colours, capsize=3, ecolor="#333333")
    ax.set_yticks(range(len(ranking)), labels, fontsize=8)
    ax.axvline(0, color="#000000", linewidth=0.8)
    ax.set_xlabel("heroes' win rate, option minus baseline (percentage points, 95% CI)")
    heroes = study.get("heroes")
    counts = ", ".join(str(h) for h in heroes) if isinstance(heroes, Sequence) else "?"
    ax.set_title(
        f"Reading impact against {study.get('baseline')} ({study.get('bot')} bot, {study.get('games')} seeds "
        f"x heroes {counts})",
        fontsize=9,
    )
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    plt.close(fig)
    return buffer.getvalue()
