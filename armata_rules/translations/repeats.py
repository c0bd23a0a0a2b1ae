"""Moved to :mod:`armata_rules.kernel.texts.repeats` (issue 33): finding a text's repeated runs knows no game. Its
names are re-exported here, the same objects, so existing imports keep working."""

from __future__ import annotations

from armata_rules.kernel.texts.repeats import MIN_REPEATED_CHARS, Repeat, repeated_runs

__all__ = ["MIN_REPEATED_CHARS", "Repeat", "repeated_runs"]
