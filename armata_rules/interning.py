"""Moved to :mod:`armata_rules.kernel.core.interning` (issue 33). Its names are re-exported here, the same objects, so
existing imports keep working; but assigning to a name here does not reach the kernel (patch the kernel module)."""

from __future__ import annotations

from armata_rules.kernel.core.interning import (
    _INTERNED,  # noqa: F401  (the tests read it)
    interned,
)

__all__ = ["interned"]
