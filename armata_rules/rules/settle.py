"""Moved to :mod:`armata_rules.kernel.play.settle` (issue 33): the engine's inner loop, which runs automatic frames
(and, in auto mode, chance) until a decision is due, and the seeded chance generator. Its names are re-exported
here, the same objects; :func:`settle` now takes the game definition first (Armata's is
:data:`armata_rules.game.ARMATA`, whose end test is the full inferno)."""

from __future__ import annotations

from armata_rules.kernel.play.settle import MAX_AUTOMATIC_STEPS, pick, settle, uniform

__all__ = ["MAX_AUTOMATIC_STEPS", "pick", "settle", "uniform"]
