"""Moved to :mod:`armata_rules.kernel.texts.scan` (issue 33): reading a scan knows no game. Its names are re-exported
here, the same objects, so existing imports keep working; assigning to a name here does not reach the kernel."""

from __future__ import annotations

from armata_rules.kernel.texts.scan import (
    _PAGE_NUMBER,  # noqa: F401  (the tests read it)
    PAGE_LABEL,
    ScanText,
    _page_numbers,  # noqa: F401  (the tests read it)
    key,
    key_with_origins,
    normalize,
    read_scan,
)

__all__ = ["PAGE_LABEL", "ScanText", "key", "key_with_origins", "normalize", "read_scan"]
