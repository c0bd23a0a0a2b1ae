"""Optional dependencies in tests: skipped where they are not installed, required where CI asks for them.

``make scale`` sets ``ARMATA_REQUIRE_SCALE=1``: there a missing extra or browser fails the test instead of skipping
it, so the run that is meant to exercise Ray, Parquet and Chromium cannot pass by skipping them.
"""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType

import pytest

REQUIRED = os.environ.get("ARMATA_REQUIRE_SCALE") == "1"
CHROMIUM = "/usr/bin/chromium"


def need(module: str) -> ModuleType:
    """Import ``module``, or skip the test (fail under ``ARMATA_REQUIRE_SCALE=1``) when it is not installed."""
    if REQUIRED:
        return importlib.import_module(module)
    return pytest.importorskip(module)


def need_chromium() -> str:
    """The system's Chromium (Debian's ``chromium`` package), or skip (fail when required)."""
    if shutil.which(CHROMIUM) is None:
        if REQUIRED:
            pytest.fail(f"{CHROMIUM} is missing: `make scale` installs Debian's chromium package")
        pytest.skip(f"{CHROMIUM} is not installed (make scale installs it)")
    return CHROMIUM
