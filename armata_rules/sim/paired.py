"""Moved to :mod:`armata_rules.kernel.sim.paired` (issue 33: any game's study compares its readings the same way).
Its names are re-exported here, the same objects, so existing imports keep working."""

from __future__ import annotations

from armata_rules.kernel.sim.paired import (
    MIN_DISCORDANT,
    NOT_ENOUGH,
    STUDENT_T,
    TANGO,
    Z975,
    Difference,
    WinRate,
    interval_text,
    paired_difference,
    tango_interval,
    win_rate,
    win_rate_difference,
)

__all__ = [
    "MIN_DISCORDANT",
    "NOT_ENOUGH",
    "STUDENT_T",
    "TANGO",
    "Z975",
    "Difference",
    "WinRate",
    "interval_text",
    "paired_difference",
    "tango_interval",
    "win_rate",
    "win_rate_difference",
]
