"""Moved to :mod:`armata_rules.kernel.texts.verdict_ids` (issue 33): how a finding names its verdict record knows no
game. Its names are re-exported here, the same objects, so existing imports keep working."""

from __future__ import annotations

from armata_rules.kernel.texts.verdict_ids import (
    NEW_TEXT,
    VerdictLink,
    kind_mismatch,
    link_verdicts,
    names_finding,
    new_text_verdict_id,
)

__all__ = ["NEW_TEXT", "VerdictLink", "kind_mismatch", "link_verdicts", "names_finding", "new_text_verdict_id"]
