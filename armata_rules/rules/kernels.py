"""Moved to :mod:`armata_rules.kernel.play.kernels` (issue 33): the kernels' answers on concrete values, each asked
once per kernel and arguments. Its names are re-exported here, the same objects."""

from __future__ import annotations

from armata_rules.kernel.play.kernels import (
    _ANSWERS,  # noqa: F401  (the tests read it)
    _ANSWERS_MAX,  # noqa: F401  (the tests read it)
    answer,
    answer2,
)

__all__ = ["answer", "answer2"]
