"""Optional dependencies in tests: skipped where they are not installed, required where CI asks for them.

``make scale`` sets ``ARMATA_REQUIRE_SCALE=1``: there a missing extra or browser fails the test instead of skipping
it, so the run that is meant to exercise Ray, Parquet and Chromium cannot pass by skipping them.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))
import armata_browser  # the docs' screenshots find their browser the same way

REQUIRED = os.environ.get("ARMATA_REQUIRE_SCALE") == "1"


def need(module: str) -> ModuleType:
    """Import ``module``, or skip the test (fail under ``ARMATA_REQUIRE_SCALE=1``) when it is not installed."""
    if REQUIRED:
        return importlib.import_module(module)
    return pytest.importorskip(module)


def need_chromium() -> str:
    """The Chromium to drive (``$ARMATA_CHROMIUM``, else one on ``PATH``, else Playwright's own: see
    ``docs/_ext/armata_browser.py``), or skip (fail when required, or when ``$ARMATA_CHROMIUM`` is wrong)."""
    try:
        return armata_browser.find_chromium()
    except armata_browser.BadBrowser as err:
        pytest.fail(str(err))
    except armata_browser.NoBrowser as err:
        if REQUIRED:
            pytest.fail(f"{err}: `make scale` installs Debian's chromium package")
        pytest.skip(str(err))
