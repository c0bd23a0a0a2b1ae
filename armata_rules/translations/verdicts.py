"""Armata's recorded review, in ``spec/verdicts``: the kernel's review (:mod:`armata_rules.kernel.texts.verdicts`,
moved there in issue 33, its names re-exported here as the same objects) read from Armata's spec folder by default.
"""

from __future__ import annotations

from pathlib import Path

from armata_rules.kernel.texts import verdicts as _review
from armata_rules.kernel.texts.verdicts import (
    DIMENSIONS,
    HANDLING,
    KINDS,
    Contradiction,
    Record,
    Records,
    Review,
    Verdict,
    VerdictError,
    handling,
    review_problems,
)
from armata_rules.translations.align import spec_folder

__all__ = [
    "DIMENSIONS",
    "HANDLING",
    "KINDS",
    "Contradiction",
    "Record",
    "Records",
    "Review",
    "Verdict",
    "VerdictError",
    "handling",
    "load_contradictions",
    "load_records",
    "load_reviews",
    "review_problems",
    "verdicts_folder",
]


def verdicts_folder() -> Path:
    """``spec/verdicts`` (or its packaged copy)."""
    return spec_folder() / "verdicts"


def load_reviews(folder: Path | None = None) -> tuple[Review, ...]:
    """Every review file of ``folder`` (default :func:`verdicts_folder`), sorted by file name."""
    return _review.load_reviews(folder or verdicts_folder())


def load_contradictions(folder: Path | None = None) -> tuple[Contradiction, ...]:
    """The within-text contradictions of ``folder``'s ``contradictions.toml`` (empty if absent)."""
    return _review.load_contradictions(folder or verdicts_folder())


def load_records(folder: Path | None = None) -> Records:
    """The reviews and contradictions of ``folder`` (default :func:`verdicts_folder`)."""
    return _review.load_records(folder or verdicts_folder())
