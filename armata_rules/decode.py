"""Moved to :mod:`armata_rules.kernel.core.decode` (issue 33). Its names are re-exported here, the same objects, so
existing imports keep working; but assigning to a name here does not reach the kernel (patch the kernel module)."""

from __future__ import annotations

from armata_rules.kernel.core.decode import DecodeError, decode

__all__ = ["DecodeError", "decode"]
