"""Photograph the main pages of the built site with headless Chromium and check each shows its page.

Usage: ``python docs/screenshots.py SITE OUT`` (``make screenshots``: SITE is ``build/docs``). Each page is loaded
from disk by Debian's ``chromium`` (installed by ``make browser``; never downloaded) with a fresh profile and no
network services, saved as ``OUT/NAME.png`` and checked: not blank, wide enough to be the page, and for the pages
that show something particular, that it is there (a board drawing's colours on a rule with a diagram; the language
switch is on the rule pages, and showing one language changes the picture; the findings page has its grid, and
filters given in its address hide exactly the findings ``armata-rules ambiguities`` leaves out with the same
filters). Exit status 1 names every page that failed.

``python docs/screenshots.py --measure SITE/findings.html`` prints a page's size in bytes and its height in screens
of 1280x800 instead.
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs

from PIL import Image, ImageChops

__all__ = [
    "PAGES",
    "Page",
    "blank",
    "check",
    "dom",
    "filter_problems",
    "findings_shown",
    "main",
    "measure",
    "shoot",
    "shows_colour",
]

#: The encounter-space red and the stairs brown of ``armata_rules/board/svg.py``: a drawn board shows them.
BOARD_COLOURS = ((0xC8, 0x41, 0x2F), (0xB5, 0x8B, 0x57))
WIDTH, HEIGHT = 1280, 2400
SCREEN = (1280, 800)  # the screen a page's length is counted in
#: The filters the findings page is checked with: a language and a severity, as a designer would link them.
FINDINGS_QUERY = "?lang=fr&severity=changes-play"


@dataclass(frozen=True)
class Page:
    """A page to photograph: its path in the site, a query, whether a board drawing must be visible, and what its
    document must hold once its scripts have run."""

    name: str
    path: str
    query: str = ""
    board: bool = False
    dom: tuple[str, ...] = ()
    filtered: bool = False  # a findings page: its shown and hidden entries must be those its query selects


PAGES = (
    Page("index", "index.html"),
    Page("howto", "howto.html"),
    Page("rules", "rules/index.html"),
    Page("rule-move-step", "rules/move/step.html", "?lang=all", True, ('data-armata-lang="all"', "armata-langbar")),
    Page("rule-move-step-de", "rules/move/step.html", "?lang=de", True, ('data-armata-lang="de"', "armata-langbar")),
    Page("rule-strigoi-move", "rules/strigoi/move.html", board=True),
    Page("findings", "findings.html", dom=('id="armata-grid"', "armata-entry")),
    Page("findings-filtered", "findings.html", FINDINGS_QUERY, dom=('id="armata-grid"',), filtered=True),
    Page("examples", "examples.html", board=True),
    Page("board", "board.html", board=True),
)


def browser() -> str:
    """The path of Debian's ``chromium``, or a clear error."""
    path = shutil.which("chromium")
    if path is None:
        raise SystemExit("screenshots: chromium not found; `make browser` installs Debian's package")
    return path


def _chromium(profile: Path, *arguments: str, size: tuple[int, int] = (WIDTH, HEIGHT)) -> str:
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
        f"--window-size={size[0]},{size[1]}",
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


class _Entries(HTMLParser):
    """Each element of a document that carries ``data-finding``: the finding's id and whether it is hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if names.get("data-finding"):
            self.found.append((str(names["data-finding"]), "hidden" in names))


def findings_shown(document: str) -> dict[str, bool]:
    """Each finding of a findings page's document and whether it is shown; ``ValueError`` when its grid row and
    its entry disagree (one hidden, the other not)."""
    parser = _Entries()
    parser.feed(document)
    shown: dict[str, bool] = {}
    for finding, hidden in parser.found:
        if shown.setdefault(finding, not hidden) == hidden:
            raise ValueError(f"finding {finding}: its grid row and its entry disagree on being shown")
    return shown


def _selected(query: str) -> set[str]:
    """The findings ``armata-rules ambiguities`` keeps with the filters of ``query`` (``?lang=fr&kind=scope``)."""
    from armata_rules.translations.corpus import load_corpus
    from armata_rules.translations.finder import corpus_findings
    from armata_rules.translations.selection import Selection
    from armata_rules.translations.sources import Rulebooks

    selection = Selection.parse(parse_qs(query.lstrip("?")))
    return {f.id for f in selection.apply(corpus_findings(load_corpus(), Rulebooks.load()))}


def filter_problems(document: str, query: str, expected: set[str] | None = None) -> list[str]:
    """What is wrong with a findings page filtered by ``query``: no grid, no finding, a finding shown that the
    filters leave out or hidden that they keep (``expected``: the ids they keep; default :func:`_selected`)."""
    if 'id="armata-grid"' not in document:
        return ["the page has no grid of findings"]
    try:
        shown = findings_shown(document)
    except ValueError as err:
        return [str(err)]
    if not shown:
        return ["the page has no finding"]
    keep = _selected(query) if expected is None else expected
    problems = [f"{f} is shown but {query} leaves it out" for f in sorted(shown) if shown[f] and f not in keep]
    problems += [f"{f} is hidden but {query} keeps it" for f in sorted(shown) if not shown[f] and f in keep]
    problems += [f"{f} is kept by {query} but not on the page" for f in sorted(keep - set(shown))]
    if all(shown.values()) or not any(shown.values()):
        problems.append(f"{query} should show some findings and hide others; the page shows all or none")
    return problems


def measure(page: Path, profile: Path) -> tuple[int, int, int]:
    """``(bytes, height in pixels, screens)`` of a built page at :data:`SCREEN`: the height is read by a script
    added to a copy of the page beside it (so its styles and scripts load as they do for the page itself)."""
    text = page.read_text(encoding="utf-8")
    probe = (
        "<script>window.addEventListener('load', function () { document.documentElement.setAttribute("
        "'data-measured-height', String(document.documentElement.scrollHeight)); });</script>"
    )
    copy = page.with_name(f".measure-{page.name}")
    copy.write_text(text.replace("</body>", probe + "</body>"), encoding="utf-8")
    try:
        document = _chromium(profile, "--dump-dom", copy.resolve().as_uri(), size=SCREEN)
    finally:
        copy.unlink()
    match = re.search(r'data-measured-height="(\d+)"', document)
    if match is None:
        raise SystemExit(f"screenshots: could not measure {page}")
    height = int(match.group(1))
    return len(page.read_bytes()), height, math.ceil(height / SCREEN[1])


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
                document = dom(url, Path(profile)) if page.dom or page.filtered else ""
            except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
                problems.append(f"{page.name}: chromium failed: {err}")
                continue
        problems += [f"{page.name}: the page has no {text}" for text in page.dom if text not in document]
        if page.filtered:
            problems += [f"{page.name}: {problem}" for problem in filter_problems(document, page.query)]
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
    parser.add_argument("site", type=Path, help="the built site (build/docs), or with --measure a page of it")
    parser.add_argument("out", type=Path, nargs="?", help="folder for the PNG files")
    parser.add_argument("--measure", action="store_true", help="print the page's bytes and screens of 1280x800")
    args = parser.parse_args(argv)
    if args.measure:
        with tempfile.TemporaryDirectory(prefix="armata-chromium-") as profile:
            size, height, screens = measure(args.site, Path(profile))
        print(f"{args.site}: {size} bytes, {height} px high: {screens} screens of {SCREEN[0]}x{SCREEN[1]}")
        return 0
    if args.out is None:
        parser.error("the folder for the PNG files is missing")
    problems = check(args.site, args.out)
    for problem in problems:
        print(f"screenshots: {problem}", file=sys.stderr)
    print(f"screenshots: {len(PAGES) - len({p.split(':')[0] for p in problems})} of {len(PAGES)} pages look right")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
