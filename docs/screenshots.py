"""Photograph the main pages of the built site with headless Chromium and check each shows its page.

Usage: ``python docs/screenshots.py SITE OUT`` (``make screenshots``: SITE is ``build/docs``). Each page is loaded
from disk by Debian's ``chromium`` (installed by ``make browser``; never downloaded) with a fresh profile and no
network services, saved as ``OUT/NAME.png`` and checked: not blank, wide enough to be the page, and for the pages
that show something particular, that it is there (a board drawing's colours on a rule with a diagram; the language
switch is on the rule pages, and showing one language changes the picture). Exit status 1 names every page that
failed.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

__all__ = ["PAGES", "Page", "blank", "check", "dom", "main", "shoot", "shows_colour"]

#: The encounter-space red and the stairs brown of ``armata_rules/board/svg.py``: a drawn board shows them.
BOARD_COLOURS = ((0xC8, 0x41, 0x2F), (0xB5, 0x8B, 0x57))
WIDTH, HEIGHT = 1280, 2400


@dataclass(frozen=True)
class Page:
    """A page to photograph: its path in the site, a query, whether a board drawing must be visible, and what its
    document must hold once its scripts have run."""

    name: str
    path: str
    query: str = ""
    board: bool = False
    dom: tuple[str, ...] = ()


PAGES = (
    Page("index", "index.html"),
    Page("howto", "howto.html"),
    Page("rules", "rules/index.html"),
    Page("rule-move-step", "rules/move/step.html", "?lang=all", True, ('data-armata-lang="all"', "armata-langbar")),
    Page("rule-move-step-de", "rules/move/step.html", "?lang=de", True, ('data-armata-lang="de"', "armata-langbar")),
    Page("rule-strigoi-move", "rules/strigoi/move.html", board=True),
    Page("findings", "findings.html"),
    Page("examples", "examples.html", board=True),
    Page("board", "board.html", board=True),
)


def browser() -> str:
    """The path of Debian's ``chromium``, or a clear error."""
    path = shutil.which("chromium")
    if path is None:
        raise SystemExit("screenshots: chromium not found; `make browser` installs Debian's package")
    return path


def _chromium(profile: Path, *arguments: str) -> str:
    """Run headless Chromium with a fresh profile and no background network; return what it printed."""
    command = [
        browser(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--hide-scrollbars",
        f"--window-size={WIDTH},{HEIGHT}",
        "--virtual-time-budget=5000",
        *arguments,
    ]
    return subprocess.run(command, check=True, capture_output=True, text=True, timeout=120).stdout


def shoot(url: str, out: Path, profile: Path) -> None:
    """Save a screenshot of ``url`` to ``out``."""
    _chromium(profile, f"--screenshot={out}", url)


def dom(url: str, profile: Path) -> str:
    """The document of ``url`` after its scripts ran."""
    return _chromium(profile, "--dump-dom", url)


def blank(image: Image.Image) -> bool:
    """True when the picture is one colour or nearly (under 1% of pixels differ from the most common one)."""
    small = image.convert("RGB").resize((WIDTH // 4, HEIGHT // 4))
    counts = small.getcolors(maxcolors=small.width * small.height) or []
    top = max(count for count, _ in counts)
    return top > 0.99 * small.width * small.height


def shows_colour(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12, least: int = 200) -> bool:
    """True when at least ``least`` pixels are within ``tolerance`` of ``colour`` on each channel."""
    rgb = image.convert("RGB")
    near = 0
    for pixel_count, pixel in rgb.getcolors(maxcolors=rgb.width * rgb.height) or []:
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True)):
            near += pixel_count
    return near >= least


def check(site: Path, out: Path) -> list[str]:
    """Photograph every page of :data:`PAGES`; return what failed, one line each."""
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    for page in PAGES:
        source = site / page.path
        if not source.exists():
            problems.append(f"{page.name}: {source} does not exist (build the site first)")
            continue
        png = out / f"{page.name}.png"
        url = source.resolve().as_uri() + page.query
        with tempfile.TemporaryDirectory(prefix="armata-chromium-") as profile:
            try:
                shoot(url, png, Path(profile))
                document = dom(url, Path(profile)) if page.dom else ""
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
                problems.append(f"{page.name}: chromium failed: {err}")
                continue
        problems += [f"{page.name}: the page has no {text}" for text in page.dom if text not in document]
        with Image.open(png) as image:
            if image.size != (WIDTH, HEIGHT):
                problems.append(f"{page.name}: the screenshot is {image.size}, expected {(WIDTH, HEIGHT)}")
            if blank(image):
                problems.append(f"{page.name}: the screenshot is blank")
            if page.board and not all(shows_colour(image, colour) for colour in BOARD_COLOURS):
                problems.append(f"{page.name}: no board drawing is visible")
        print(f"screenshots: {png}")
    both, one = out / "rule-move-step.png", out / "rule-move-step-de.png"
    if both.exists() and one.exists():
        with Image.open(both) as a, Image.open(one) as b:
            if ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None:
                problems.append("rule-move-step-de: showing one language looks the same as all side by side")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Photograph and check; print each problem and return 1 if there is any."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (build/docs)")
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    args = parser.parse_args(argv)
    problems = check(args.site, args.out)
    for problem in problems:
        print(f"screenshots: {problem}", file=sys.stderr)
    print(f"screenshots: {len(PAGES) - len({p.split(':')[0] for p in problems})} of {len(PAGES)} pages look right")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
