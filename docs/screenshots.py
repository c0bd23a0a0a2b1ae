"""Check the built site in a headless browser: photographs of its main pages, the search, the language switch, and
the length of every page.

Usage: ``python docs/screenshots.py SITE OUT`` (``make screenshots``: SITE is ``build/docs``, OUT
``build/screenshots``). Playwright drives the Chromium :mod:`armata_browser` finds (``$ARMATA_CHROMIUM``, else
``chromium``, ``chromium-browser`` or ``google-chrome`` on ``PATH``, else Playwright's own download); when there is
none, one line says the checks are skipped and the exit status is 0. The site is served over HTTP on 127.0.0.1 as a
reader gets it, each page in a fresh browser context (nothing stored, an English browser unless said otherwise).
The checks:

- photographs (:data:`PAGES`): each saved as ``OUT/NAME.png``, not blank, the size asked for, and where the page
  must show something, that it does: a board drawing in the board's colours (photographed on its own,
  ``OUT/NAME-board.png``); the menu of rulebook texts on the rule pages, where one language looks different from
  all side by side; the grid or the entries of the findings pages, where filters given in the address hide exactly
  the findings ``armata-rules ambiguities`` leaves out with the same filters;
- the search (:data:`SEARCHES`): "blood points" on ``search.html`` puts a page of the players' guide among the
  first three results, and "Blutpunkte" does on the German build (``SITE/de/search.html``; skipped with a line when
  that build is absent); the search page raises no script error;
- the language switch: the German link of a rule page opens that page in German (skipped with a line without the
  German build), and choosing all the rulebook texts side by side in the page's menu changes the page;
- the height of every page :data:`BUDGETS` names, in screens of 1280x800: within its budget.

Exit status 1 names every check that failed. ``python docs/screenshots.py --measure PAGE...`` prints the size in
bytes and the height in screens of each page instead.
"""

from __future__ import annotations

import argparse
import math
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import partial
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qs, quote_plus

from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))
import armata_browser  # beside the Sphinx extensions, on the path above

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from playwright.sync_api import Page as Tab

__all__ = [
    "BUDGETS",
    "PAGES",
    "SEARCHES",
    "Page",
    "Search",
    "Site",
    "blank",
    "budget_of",
    "budgets",
    "check",
    "dom",
    "filter_problems",
    "findings_shown",
    "heights",
    "main",
    "photographs",
    "search_results",
    "searches",
    "served",
    "shows_colour",
    "switches",
]

#: The encounter-space red and the stairs brown of ``armata_rules/board/svg.py``: a drawn board shows them.
BOARD_COLOURS = ((0xC8, 0x41, 0x2F), (0xB5, 0x8B, 0x57))
WIDTH, HEIGHT = 1280, 2400  # the photographs
SCREEN = (1280, 800)  # the screen a page's length is counted in
#: The filters the findings pages are checked with: a language and a severity, as a designer would link them.
FINDINGS_QUERY = "?lang=fr&severity=changes-play"
#: How long a page or the search may take, in milliseconds.
TIMEOUT = 60_000


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
    Page("players", "players/index.html"),
    Page("howto", "howto.html"),
    Page("rules", "rules/index.html"),
    Page("rule-move-step", "rules/move/step.html", "?lang=all", True, ('data-armata-lang="all"', "armata-langbar")),
    Page("rule-move-step-de", "rules/move/step.html", "?lang=de", True, ('data-armata-lang="de"', "armata-langbar")),
    Page("rule-strigoi-move", "rules/strigoi/move.html", board=True),
    Page("findings", "findings.html", dom=('id="armata-grid"', 'id="armata-filters"')),
    Page("findings-filtered", "findings.html", FINDINGS_QUERY, dom=('id="armata-grid"',), filtered=True),
    Page("findings-scope", "findings/scope.html", dom=('id="armata-filters"', "armata-entry")),
    Page("findings-scope-filtered", "findings/scope.html", FINDINGS_QUERY, dom=("armata-entry",), filtered=True),
    Page("examples", "examples.html", board=True),
    Page("board", "board.html", board=True),
    Page("api", "api.html"),
)


@dataclass(frozen=True)
class Search:
    """A search on a build's search page (``path``) that must put a result whose address starts with ``expect``
    among the first ``within``; ``locale`` is the browser's language (a German reader opens the German build)."""

    name: str
    path: str
    query: str
    locale: str
    expect: str = "players/"
    within: int = 3


#: The German term is the rulebook's own (peg19.de:319 "BLUTPUNKTE AUF DEM ALTAR").
SEARCHES = (
    Search("search-en", "search.html", "blood points", "en-US"),
    Search("search-de", "de/search.html", "Blutpunkte", "de-DE"),
)

#: The most screens of 1280x800 each page may take, by path in the English build (the first pattern that matches
#: counts; ``*`` stays within a folder). Rule pages show one language by default and take four screens at most; the
#: other budgets are the height measured when they were set with a screen or more of room (issue 32). Not measured:
#: the clause corpus (``clauses/*``, the rulebooks' text; ``wladcy_nocy/tekst.html``, the second game's), the generated
#: indexes and the search page.
BUDGETS: tuple[tuple[str, int], ...] = (
    ("rules/*/*.html", 4),
    ("rules/*.html", 3),
    ("players/*.html", 6),
    ("index.html", 3),
    ("howto.html", 12),
    ("tutorial.html", 3),
    ("examples.html", 5),
    ("board.html", 4),
    ("glossary.html", 12),
    ("clauses.html", 3),
    ("findings.html", 8),
    ("findings/*.html", 6),
    ("review.html", 3),
    ("impact.html", 21),
    ("proofs.html", 7),
    ("pack.html", 8),
    ("cli.html", 15),
    ("rl.html", 23),
    ("rl_*.html", 16),
    ("api.html", 9),
    ("api_kernel.html", 9),  # 8 measured with the kernel's texts and docs modules (18 more), and a screen of room
    ("kernel.html", 13),  # with the sections on simulating, proving termination and the replay page
    ("wladcy_nocy/index.html", 3),
    ("wladcy_nocy/reguly.html", 16),
    ("wladcy_nocy/uzycie.html", 4),
    ("wladcy_nocy/odczytania.html", 16),
    ("wladcy_nocy/ustalenia.html", 9),
    ("wladcy_nocy/zawartosc.html", 11),
    ("wladcy_nocy/slowniczek.html", 4),
    ("wladcy_nocy/reguly.html", 16),
    ("api/*.html", 16),
)


def _matches(path: str, pattern: str) -> bool:
    """Whether the site path ``path`` matches ``pattern`` segment by segment (``*`` never crosses a ``/``)."""
    parts, wanted = path.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(fnmatchcase(a, b) for a, b in zip(parts, wanted, strict=True))


def budget_of(path: str) -> int | None:
    """The budget in screens of the page at ``path`` (relative to the site), or ``None`` when it has none."""
    return next((screens for pattern, screens in BUDGETS if _matches(path, pattern)), None)


@contextmanager
def _tab(browser: Browser, locale: str = "en-US", size: tuple[int, int] = SCREEN) -> Iterator[Tab]:
    """A page in a fresh browser context: nothing stored, the browser's language ``locale``, a window of ``size``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
    context.set_default_timeout(TIMEOUT)
    try:
        yield context.new_page()
    finally:
        context.close()


def dom(browser: Browser, url: str) -> str:
    """The document of ``url`` after its scripts ran."""
    with _tab(browser) as tab:
        tab.goto(url, wait_until="load")
        return str(tab.content())


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


def filter_problems(document: str, query: str, expected: set[str] | None = None, grid: bool = True) -> list[str]:
    """What is wrong with a findings page filtered by ``query``: no grid (``grid``: the page of the grid), no
    finding, a finding shown that the filters leave out or hidden that they keep (``expected``: the ids they keep;
    default :func:`_selected`), and on the page of the grid, a finding they keep that has no row. A page of
    entries holds the findings of its kinds only, so there only those it holds are compared."""
    if grid and 'id="armata-grid"' not in document:
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
    if grid:
        problems += [f"{f} is kept by {query} but not on the page" for f in sorted(keep - set(shown))]
    if all(shown.values()) or not any(shown.values()):
        problems.append(f"{query} should show some findings and hide others; the page shows all or none")
    return problems


class _Quiet(SimpleHTTPRequestHandler):
    """A file server that keeps quiet about each request."""

    def log_message(self, format: str, *args: object) -> None:
        """Nothing: a check prints what it found, not the requests it made."""


@dataclass(frozen=True)
class Site:
    """A built site on disk (``root``) and the address it is served at (``base``, ending in ``/``)."""

    root: Path
    base: str

    def has(self, path: str) -> bool:
        """Whether the site holds the page ``path``."""
        return (self.root / path).is_file()

    def url(self, path: str) -> str:
        """The address of the page ``path`` (with its query)."""
        return self.base + path


@contextmanager
def served(root: Path) -> Iterator[Site]:
    """The site at ``root`` served over HTTP on a free port of 127.0.0.1 for the ``with`` block: as a reader gets
    it, so that the search page can fetch the pages it summarises, which a ``file:`` page may not."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(root, f"http://127.0.0.1:{server.server_port}/")
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def heights(browser: Browser, urls: Sequence[str]) -> dict[str, int]:
    """The height in pixels of each page at :data:`SCREEN` width, as a first visit with an English browser shows
    it."""
    out: dict[str, int] = {}
    with _tab(browser) as tab:
        for url in urls:
            tab.goto(url, wait_until="load")
            out[url] = int(tab.evaluate("document.documentElement.scrollHeight"))
    return out


def screens(height: int) -> int:
    """How many screens of :data:`SCREEN` a page of ``height`` pixels takes."""
    return math.ceil(height / SCREEN[1])


def search_results(browser: Browser, url: str, query: str, locale: str = "en-US") -> tuple[list[str], list[str]]:
    """The addresses of the results the search page at ``url`` lists for ``query``, best first, once it is done;
    and the errors its scripts raised meanwhile (a search that does not finish in :data:`TIMEOUT` is one)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    errors: list[str] = []
    with _tab(browser, locale) as tab:
        tab.on("pageerror", lambda error: errors.append(str(error)))
        tab.goto(f"{url}?q={quote_plus(query)}", wait_until="load")
        # searchtools.js writes its closing line ("Search finished, found ...") when every result is listed; a
        # script error on the way stops it, so wait for one or the other
        deadline = time.monotonic() + TIMEOUT / 1000
        while not errors:
            try:
                tab.wait_for_function(
                    "() => { const line = document.querySelector('#search-results .search-summary');"
                    " return line !== null && line.textContent.trim().length > 0; }",
                    timeout=1000,
                )
                break
            except PlaywrightTimeout:
                if time.monotonic() > deadline:
                    errors.append(f"the search did not finish in {TIMEOUT // 1000} s")
        hrefs: list[str] = tab.eval_on_selector_all(
            "#search-results ul.search > li > a", "links => links.map(a => a.getAttribute('href'))"
        )
    return hrefs, errors


def blank(image: Image.Image) -> bool:
    """True when the picture is one colour or nearly (under 1% of pixels differ from the most common one)."""
    small = image.convert("RGB").resize((image.width // 4, image.height // 4))
    counts = small.getcolors(maxcolors=small.width * small.height) or []
    top = max(count for count, _ in counts)
    return top > 0.99 * small.width * small.height


def shows_colour(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12, least: int = 200) -> bool:
    """True when at least ``least`` pixels are within ``tolerance`` of ``colour`` on each channel."""
    rgb = image.convert("RGB")
    near = 0
    for pixel_count, pixel in rgb.getcolors(maxcolors=rgb.width * rgb.height) or []:
        if isinstance(pixel, tuple) and all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True)):
            near += pixel_count
    return near >= least


def photographs(browser: Browser, site: Site, out: Path) -> list[str]:
    """Photograph every page of :data:`PAGES` into ``out`` and check each; return what failed, one line each."""
    problems: list[str] = []
    for page in PAGES:
        if not site.has(page.path):
            problems.append(f"{page.name}: {site.root / page.path} does not exist")
            continue
        png = out / f"{page.name}.png"
        with _tab(browser, size=(WIDTH, HEIGHT)) as tab:
            tab.goto(site.url(page.path + page.query), wait_until="load")
            tab.screenshot(path=str(png))
            document = tab.content()
            if page.board:
                problems += _board(tab, out / f"{page.name}-board.png", page.name)
        problems += [f"{page.name}: the page has no {text}" for text in page.dom if text not in document]
        if page.filtered:
            grid = 'id="armata-grid"' in page.dom
            problems += [f"{page.name}: {p}" for p in filter_problems(document, page.query, grid=grid)]
        with Image.open(png) as image:
            if image.size != (WIDTH, HEIGHT):
                problems.append(f"{page.name}: the screenshot is {image.size}, expected {(WIDTH, HEIGHT)}")
            if blank(image):
                problems.append(f"{page.name}: the screenshot is blank")
        print(f"screenshots: {png}")
    both, one = out / "rule-move-step.png", out / "rule-move-step-de.png"
    if both.exists() and one.exists():
        with Image.open(both) as a, Image.open(one) as b:
            if ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None:
                problems.append("rule-move-step-de: showing one language looks the same as all side by side")
    return problems


def _board(tab: Tab, png: Path, name: str) -> list[str]:
    """The page's first board drawing, scrolled into view and photographed into ``png``: it must show the board's
    colours (a rule page puts its diagram below the rulebook's text, out of the first photograph)."""
    drawing = tab.locator(".armata-board svg").first
    if tab.locator(".armata-board svg").count() == 0 or not drawing.is_visible():
        return [f"{name}: no board drawing is visible"]
    drawing.screenshot(path=str(png))
    with Image.open(png) as image:
        if not all(shows_colour(image, colour) for colour in BOARD_COLOURS):
            return [f"{name}: the board drawing does not show the board's colours"]
    return []


def searches(browser: Browser, site: Site) -> list[str]:
    """Run every search of :data:`SEARCHES` whose build is there; return what failed."""
    problems: list[str] = []
    for search in SEARCHES:
        if not site.has(search.path):
            if search.path == "search.html":
                problems.append(f"{search.name}: {site.root / search.path} does not exist")
            else:
                print(f"screenshots: {search.name} skipped: {site.root / search.path} is absent (not built)")
            continue
        results, errors = search_results(browser, site.url(search.path), search.query, search.locale)
        first = next((i for i, href in enumerate(results) if href.startswith(search.expect)), None)
        where = "none" if first is None else f"result {first + 1}, {results[first]}"
        print(f"screenshots: {search.name}: {search.query!r} lists {len(results)} results; {search.expect}: {where}")
        if first is None or first >= search.within:
            top = ", ".join(results[: search.within]) or "nothing"
            problems.append(
                f"{search.name}: no page of {search.expect} among the first {search.within} results for "
                f"{search.query!r} (they are {top})"
            )
        problems += [f"{search.name}: the search page raised {error!r}" for error in sorted(set(errors))]
    return problems


def _article_text(tab: Tab) -> str:
    """The text a reader sees in the page's article."""
    return str(tab.evaluate("(document.querySelector('article') || document.body).innerText"))


RULE_PAGE = "rules/move/step.html"  # the page whose language switch is tried


def switches(browser: Browser, site: Site, out: Path) -> list[str]:
    """The language switch of a rule page: its German link opens the page in German, and the choice is kept (the
    English start page then opens in German), when the German build is there; and choosing all the rulebook texts
    side by side in the page's menu changes the page. Return what failed."""
    from playwright.sync_api import Error as PlaywrightError

    if not site.has(RULE_PAGE):
        return [f"language switch: {site.root / RULE_PAGE} does not exist"]
    problems: list[str] = []
    twin = f"de/{RULE_PAGE}"
    with _tab(browser) as tab:
        tab.goto(site.url(RULE_PAGE), wait_until="load")
        before = _article_text(tab)
        link = tab.locator('.armata-sitelang a[hreflang="de"]')
        if not site.has(twin):
            print(f"screenshots: the switch to German skipped: {site.root / twin} is absent (not built)")
        elif link.count() == 0:
            problems.append("language switch: the rule page has no link to its German page (.armata-sitelang)")
        else:
            link.first.click()
            tab.wait_for_url(lambda url: url != site.url(RULE_PAGE), wait_until="load")
            lang = str(tab.evaluate("document.documentElement.lang"))
            tab.screenshot(path=str(out / "rule-move-step-switched-de.png"))
            if tab.url.split("#")[0].split("?")[0] != site.url(twin):
                problems.append(f"language switch: the German link opened {tab.url}, not {site.url(twin)}")
            elif not lang.startswith("de") or _article_text(tab) == before:
                problems.append(f"language switch: the page it opened is not in German (lang={lang!r})")
            else:
                tab.goto(site.url("index.html"), wait_until="load")
                try:
                    tab.wait_for_url(site.url("de/index.html"), wait_until="load", timeout=5_000)
                except PlaywrightError:
                    problems.append(f"language switch: the choice of German is not kept ({tab.url} stays)")
                else:
                    print(f"screenshots: the German link opens {twin}, and the start page then opens in German")
    with _tab(browser) as tab:
        tab.goto(site.url(RULE_PAGE), wait_until="load")
        menu = tab.locator("select#armata-lang")
        if menu.count() == 0:
            return [*problems, "language switch: the rule page has no menu of rulebook texts (#armata-lang)"]
        one = tab.screenshot(full_page=True)
        menu.select_option("all")
        if tab.screenshot(full_page=True) == one:
            problems.append("language switch: choosing all the rulebook texts side by side does not change the page")
    return problems


def budgets(browser: Browser, site: Site) -> list[str]:
    """Measure every page :data:`BUDGETS` names; return the pages over their budget."""
    paths = sorted(p.relative_to(site.root).as_posix() for p in site.root.rglob("*.html"))
    paths = [path for path in paths if budget_of(path) is not None]
    measured = heights(browser, [site.url(path) for path in paths])
    problems: list[str] = []
    for path in paths:
        height, budget = measured[site.url(path)], budget_of(path)
        if budget is not None and screens(height) > budget:
            problems.append(f"{path}: {screens(height)} screens ({height} px), over its budget of {budget}")
    print(f"screenshots: {len(paths)} pages measured against their budgets")
    return problems


def check(root: Path, out: Path, browser: Browser) -> list[str]:
    """Every check of the module's description on the site built at ``root``; return what failed, one line
    each."""
    out.mkdir(parents=True, exist_ok=True)
    with served(root) as site:
        return [
            *photographs(browser, site, out),
            *searches(browser, site),
            *switches(browser, site, out),
            *budgets(browser, site),
        ]


def main(argv: Sequence[str] | None = None) -> int:
    """Check the site (or measure pages); print each problem and return 1 if there is any, 0 when skipped."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0], allow_abbrev=False)
    parser.add_argument(
        "paths",
        type=Path,
        nargs="+",
        metavar="PATH",
        help="the built site (build/docs) and the folder for the PNG files; with --measure, the pages to measure",
    )
    parser.add_argument("--measure", action="store_true", help="print each page's bytes and screens of 1280x800")
    args = parser.parse_args(argv)
    if args.measure:
        missing = [str(p) for p in args.paths if not p.is_file()]
        if missing:
            parser.error(f"no such page: {', '.join(missing)}")
    elif len(args.paths) != 2:
        parser.error("give the built site and the folder for the PNG files")
    elif not (args.paths[0] / "index.html").is_file():
        parser.error(f"{args.paths[0]} holds no built site (no index.html): build it first")
    try:
        with armata_browser.chromium() as browser:
            if args.measure:
                measured = heights(browser, [page.resolve().as_uri() for page in args.paths])
                for page in args.paths:
                    height = measured[page.resolve().as_uri()]
                    print(
                        f"{page}: {page.stat().st_size} bytes, {height} px high: {screens(height)} screens of "
                        f"{SCREEN[0]}x{SCREEN[1]}"
                    )
                return 0
            problems = check(args.paths[0], args.paths[1], browser)
    except armata_browser.NoBrowser as err:
        if args.measure:
            print(f"screenshots: cannot measure: {err}", file=sys.stderr)
            return 1
        print(f"screenshots skipped: {err}")
        return 0
    except armata_browser.BadBrowser as err:
        print(f"screenshots: {err}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"screenshots: {problem}", file=sys.stderr)
    print(f"screenshots: {'all checks passed' if not problems else f'{len(problems)} problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
