"""The headless browser of the docs' screenshots and of the browser tests: Playwright driving a Chromium that is
already on the machine.

One driver for both (the ``browser`` extra's Playwright) and one way to find the browser, so ``make docs`` and
the tests run on macOS, Fedora or a user account without root: ``$ARMATA_CHROMIUM`` if set, else ``chromium``,
``chromium-browser`` or ``google-chrome`` on ``PATH``, else the Chromium Playwright downloaded itself
(``playwright install chromium``) if it did. Nothing is downloaded or installed here; when no Chromium is found
:class:`NoBrowser` says so in one line and the caller skips.

It lives beside the Sphinx extensions (not in ``armata_rules``, which does not need a browser, nor in ``tests``,
whose helpers import pytest) because ``docs/screenshots.py`` and the tests both put this folder on ``sys.path``.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["ARGS", "ENV", "NAMES", "BadBrowser", "NoBrowser", "chromium", "find_chromium"]

#: The variable that names the Chromium (or Chrome) to drive, when it is not on ``PATH``.
ENV = "ARMATA_CHROMIUM"
#: The commands looked for on ``PATH``, in this order.
NAMES = ("chromium", "chromium-browser", "google-chrome")
#: Arguments for a quiet, repeatable headless run (Playwright adds ``--headless`` and ``--no-sandbox`` itself).
ARGS = (
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
)


class NoBrowser(Exception):
    """No Chromium, or no Playwright to drive one: the message says which, in one line, for a skip."""


class BadBrowser(Exception):
    """``$ARMATA_CHROMIUM`` names something that is not a program: a mistake to report, not a reason to skip."""


def _playwright_own() -> str | None:
    """The Chromium Playwright downloaded itself, if it did (``None`` when Playwright is missing or did not)."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Error:
        return None
    return path if Path(path).is_file() else None


def find_chromium(
    environ: Mapping[str, str] | None = None,
    which: Callable[[str], str | None] | None = None,
    own: Callable[[], str | None] | None = None,
) -> str:
    """The path of the Chromium to drive: ``$ARMATA_CHROMIUM``, else the first of :data:`NAMES` on ``PATH``,
    else Playwright's own. :class:`BadBrowser` when the variable names no program, :class:`NoBrowser` when none
    is found. ``environ``, ``which`` and ``own`` stand in for the environment, ``shutil.which`` and the look-up
    of Playwright's own Chromium."""
    env = os.environ if environ is None else environ
    which = which or shutil.which
    own = own or _playwright_own
    named = env.get(ENV, "").strip()
    if named:
        path = which(named)
        if path is None:
            raise BadBrowser(f"{ENV}={named} is not an executable program")
        return path
    for name in NAMES:
        path = which(name)
        if path is not None:
            return path
    path = own()
    if path is None:
        raise NoBrowser(f"no Chromium found (set {ENV})")
    return path


@contextmanager
def chromium(path: str | None = None) -> Iterator[Browser]:
    """A headless Chromium driven by Playwright for the ``with`` block: the one at ``path``, else
    :func:`find_chromium`'s. :class:`NoBrowser` when Playwright is not installed or no Chromium is found."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise NoBrowser("Playwright is not installed (pip install -e '.[browser]')") from None
    executable = path or find_chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=list(ARGS))
        try:
            yield browser
        finally:
            browser.close()
