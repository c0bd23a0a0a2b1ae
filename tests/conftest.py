"""Hypothesis profiles: ``ci`` (deterministic, bounded; the default) and ``soak`` (many more examples); the build
under test (pure Python or compiled) in the report header, checked against ``ARMATA_BUILD``.

Select with ``ARMATA_HYPOTHESIS_PROFILE=soak`` (``make soak``).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=3000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("ARMATA_HYPOTHESIS_PROFILE", "ci"))


def pytest_report_header() -> str:
    """Say which build the tests run on (see :mod:`armata_rules.build`)."""
    from armata_rules.build import describe

    return f"armata_rules: {describe()}"


def pytest_sessionstart(session: pytest.Session) -> None:
    """With ``ARMATA_BUILD=pure`` or ``compiled`` (the Makefile sets it), stop at once if the other build is the one
    imported: a compiled module left in the tree would otherwise shadow the source under test, or a failed build
    would test the pure package twice."""
    from armata_rules.build import compiled_modules

    wanted = os.environ.get("ARMATA_BUILD", "")
    compiled = compiled_modules()
    if wanted == "pure" and compiled:
        shadowing = ", ".join(compiled)
        pytest.exit(f"ARMATA_BUILD=pure, but compiled modules shadow the source: {shadowing} (make clean-compiled)", 4)
    if wanted == "compiled" and not compiled:
        pytest.exit("ARMATA_BUILD=compiled, but no compiled module is imported (make compiled)", 4)
