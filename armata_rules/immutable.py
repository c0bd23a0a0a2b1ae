"""Moved to :mod:`armata_rules.kernel.core.immutable` (issue 33). Its names are re-exported here, the same objects, so
existing imports keep working; but assigning to a name here does not reach the kernel (patch the kernel module)."""

from __future__ import annotations

from armata_rules.kernel.core.immutable import (
    HAND_WRITTEN_INITS,  # noqa: F401  (the tests read it)
    Memo,
    Value,
    _constructor_copier,  # noqa: F401  (the tests read it)
    check_changes,
    empty_memo,
    frozen_init,
    memo,
    replace,
    replace_fields,
    share_memo,
)

__all__ = [
    "Memo",
    "Value",
    "check_changes",
    "empty_memo",
    "frozen_init",
    "memo",
    "replace",
    "replace_fields",
    "share_memo",
]
