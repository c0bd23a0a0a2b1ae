"""Moved to :mod:`armata_rules.kernel.play.dispatch` (issue 33): the engine's hot path, which lists a state's legal
actions once and applies one of them. Its names are re-exported here, the same objects; each now takes the game
definition first (Armata's is :data:`armata_rules.game.ARMATA`, whose "as soon as" rule is the Nighttime Rebel's)."""

from __future__ import annotations

from armata_rules.kernel.play.dispatch import (
    apply_checked,
    apply_listed,
    checked_state,
    listed_actions,
    refusal,
    top,
)

__all__ = ["apply_checked", "apply_listed", "checked_state", "listed_actions", "refusal", "top"]
