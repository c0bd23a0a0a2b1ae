"""The built reference in a real headless Chromium, with the checks ``make docs`` runs (``docs/screenshots.py``): a
player searching "blood points", in English or in German, finds the players' guide among the first results; the
language switch changes the page; the findings pages' filters hide what ``armata-rules ambiguities`` leaves out;
every page keeps within its height budget. Skipped, with the reason, where Playwright or a Chromium is missing; the
checks of the no-browser path run everywhere.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs_site import DOCS, built_site

sys.path[:0] = [str(DOCS), str(DOCS / "_ext")]

import armata_browser  # noqa: E402  (beside the Sphinx extensions)

import screenshots  # noqa: E402


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Chromium, or a skip naming what is missing (a fail when ``$ARMATA_CHROMIUM`` is wrong)."""
    pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the browser extra)")
    try:
        path = armata_browser.find_chromium()
    except armata_browser.NoBrowser as err:
        pytest.skip(str(err))
    except armata_browser.BadBrowser as err:
        pytest.fail(str(err))
    with armata_browser.chromium(path) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def site(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[screenshots.Site]:
    """The English site with the German one in its ``de/`` folder, served over HTTP (built once per run)."""
    pytest.importorskip("sphinx.cmd.build")
    with screenshots.served(built_site(tmp_path_factory, "de")) as served:
        yield served


# --- the search --------------------------------------------------------------------------------------------------


def test_blood_points_finds_the_players_guide_in_english_and_in_german(browser: Any, site: screenshots.Site) -> None:
    assert site.has("de/search.html"), "the German build is there, so its search is checked too"
    assert screenshots.searches(browser, site) == []
    results, _ = screenshots.search_results(browser, site.url("search.html"), "blood points")
    low = [href for href in results[:10] if re.match(r"(clauses|findings|review|impact|api)\b", href)]
    assert low == [], "the corpus, the findings and the API rank below the players' guide and the rules"


def test_without_the_scorer_the_corpus_comes_first(browser: Any, site: screenshots.Site) -> None:
    """The control: the same search with the site's scorer taken out of the search page ranks clause pages among
    the first five, so the ranking above is the scorer's."""
    with screenshots._tab(browser) as tab:

        def without_scorer(route: Any) -> None:
            body = route.fetch().text()
            assert "var Scorer = " in body, "the scorer is in language_data.js"
            route.fulfill(body=body.replace("var Scorer = ", "var unusedScorer = "), content_type="text/javascript")

        tab.route("**/_static/language_data.js*", without_scorer)
        tab.goto(site.url("search.html?q=blood+points"), wait_until="load")
        tab.wait_for_selector("#search-results .search-summary:not(:empty)")
        results = tab.eval_on_selector_all(
            "#search-results ul.search > li > a", "a => a.map(x => x.getAttribute('href'))"
        )
    assert any(href.startswith("clauses/") for href in results[:5]), results[:5]


# --- the language switch ---------------------------------------------------------------------------------------------


def test_the_language_switch_changes_the_page(browser: Any, site: screenshots.Site, tmp_path: Path) -> None:
    assert site.has("de/rules/move/step.html"), "the German twin is there, so the switch to it is tried"
    assert screenshots.switches(browser, site, tmp_path) == []
    assert (tmp_path / "rule-move-step-switched-de.png").is_file()


def test_the_switch_check_fails_on_a_page_without_a_switch(browser: Any, tmp_path: Path) -> None:
    page = tmp_path / "site" / "rules" / "move" / "step.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><body><article><h1>A step</h1><p>No switch here.</p></article></body></html>")
    with screenshots.served(tmp_path / "site") as bare:
        problems = screenshots.switches(browser, bare, tmp_path)
    assert problems == ["language switch: the rule page has no menu of rulebook texts (#armata-lang)"]


# --- the findings pages --------------------------------------------------------------------------------------------


def test_the_findings_pages_hide_what_their_address_filters_out(browser: Any, site: screenshots.Site) -> None:
    """The filters of the address, applied by the pages' script, hide exactly the findings that `armata-rules
    ambiguities` leaves out with the same filters, on the grid and on a page of entries; an unknown value is named,
    not obeyed; a grid row leads to its entry, opened."""
    query = screenshots.FINDINGS_QUERY
    filtered = screenshots.dom(browser, site.url("findings.html" + query))
    assert screenshots.filter_problems(filtered, query) == []
    shown = sum(screenshots.findings_shown(filtered).values())
    assert f'data-shown="{shown}"' in filtered and f"{shown} of " in filtered  # the count the page states
    everything = screenshots.dom(browser, site.url("findings.html"))
    assert screenshots.findings_shown(everything) and all(screenshots.findings_shown(everything).values())
    assert screenshots.filter_problems(everything, query) != []  # the check can fail
    entries = screenshots.dom(browser, site.url("findings/scope.html" + query))
    assert screenshots.filter_problems(entries, query, grid=False) == []
    assert 'id="armata-grid"' not in entries and 'data-filter="kind"' not in entries  # one kind: nothing to pick
    odd = screenshots.dom(browser, site.url("findings.html?kind=scope&kind=scop"))
    assert "Left out, not a valid filter value: kind=scop." in odd
    assert screenshots.filter_problems(odd, "?kind=scope") == []
    row = re.search(r'<a href="(findings/[a-z]+\.html#finding-movement-may-must-exactly)"', everything)
    assert row is not None, "the grid row links to the entry on the page of its kind"
    opened = screenshots.dom(browser, site.url(row.group(1)))
    assert re.search(r'<details class="armata-entry"[^>]*id="finding-movement-may-must-exactly" open', opened)


def test_every_finding_has_one_entry_on_the_page_of_its_kind(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Read from the HTML, no browser needed: the grid has a row per finding linking to the page of its kind, and
    that page, and no other, holds the finding's entry."""
    pytest.importorskip("sphinx.cmd.build")
    from armata_findings import page_of

    from armata_pages import findings
    from armata_text import anchor

    root = built_site(tmp_path_factory)
    grid = (root / "findings.html").read_text(encoding="utf-8")
    rows = {name: page for page, name in re.findall(r'<a href="(findings/[a-z]+)\.html#finding-([a-z0-9-]+)"', grid)}
    entries: dict[str, list[str]] = {}
    for page in sorted((root / "findings").glob("*.html")):
        for name in re.findall(r'<details class="armata-entry"[^>]*id="finding-([a-z0-9-]+)"', page.read_text()):
            entries.setdefault(name, []).append(f"findings/{page.stem}")
    wanted = {anchor(f.id): f"findings/{page_of(f)}" for f in findings()}
    assert len(wanted) > 50
    assert rows == wanted
    assert entries == {name: [page] for name, page in wanted.items()}


def test_sphinx_indexes_a_keyword_of_several_words_whole(tmp_path_factory: pytest.TempPathFactory) -> None:
    """What the scorer relies on (docs/_static/armata-scorer.js): a page's keyword "blood points" is one term of the
    index, stemmed as one string, and the query words alone are terms too."""
    pytest.importorskip("sphinx.cmd.build")
    index = (built_site(tmp_path_factory) / "searchindex.js").read_text(encoding="utf-8")
    assert '"blood point":' in index and '"blood":' in index and '"point":' in index


# --- photographs and heights ---------------------------------------------------------------------------------------


def test_the_photographs_show_their_pages(browser: Any, site: screenshots.Site, tmp_path: Path) -> None:
    assert screenshots.photographs(browser, site, tmp_path) == []
    assert sorted(p.stem for p in tmp_path.glob("*.png") if not p.stem.endswith("-board")) == sorted(
        page.name for page in screenshots.PAGES
    )


def test_every_page_keeps_within_its_budget(browser: Any, site: screenshots.Site) -> None:
    assert screenshots.budgets(browser, site) == []


def test_a_page_over_its_budget_is_named(browser: Any, tmp_path: Path) -> None:
    page = tmp_path / "rules" / "move" / "step.html"
    page.parent.mkdir(parents=True)
    page.write_text('<html><body style="margin:0"><div style="height:3300px">long</div></body></html>')
    (tmp_path / "rules" / "move.html").write_text('<html><body style="margin:0"><p>short</p></body></html>')
    with screenshots.served(tmp_path) as tall:
        problems = screenshots.budgets(browser, tall)
    assert problems == ["rules/move/step.html: 5 screens (3300 px), over its budget of 4"]


def test_budgets_are_found_by_path_and_a_star_stays_in_its_folder() -> None:
    assert screenshots.budget_of("rules/move/step.html") == 4
    assert screenshots.budget_of("rules/move.html") == 3
    assert screenshots.budget_of("api/engine.html") == 16
    assert screenshots.budget_of("index.html") == 3
    assert screenshots.budget_of("players/index.html") == 6  # not the site's index.html
    assert screenshots.budget_of("clauses/game-materials.html") is None
    assert screenshots.budget_of("de/rules/move/step.html") is None  # the English build only


# --- no browser ------------------------------------------------------------------------------------------------------


def test_the_browser_is_the_variable_s_else_the_first_on_the_path_else_playwright_s() -> None:
    on_path = {"chromium-browser": "/usr/bin/chromium-browser", "google-chrome": "/opt/google-chrome"}
    which = on_path.get
    assert armata_browser.find_chromium({}, which, lambda: "/pw/chrome") == "/usr/bin/chromium-browser"
    assert armata_browser.find_chromium({"ARMATA_CHROMIUM": "google-chrome"}, which, lambda: None) == (
        "/opt/google-chrome"
    )
    assert armata_browser.find_chromium({}, lambda name: None, lambda: "/pw/chrome") == "/pw/chrome"
    with pytest.raises(armata_browser.NoBrowser, match=r"^no Chromium found \(set ARMATA_CHROMIUM\)$"):
        armata_browser.find_chromium({}, lambda name: None, lambda: None)
    with pytest.raises(armata_browser.BadBrowser, match="ARMATA_CHROMIUM=/no/such is not an executable program"):
        armata_browser.find_chromium({"ARMATA_CHROMIUM": "/no/such"}, which, lambda: "/pw/chrome")


def test_without_a_chromium_the_checks_are_skipped_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``make docs`` does on a machine without Chromium: the HTML is built, the checks say why they are
    skipped, and the exit status is 0; a wrong ``$ARMATA_CHROMIUM`` is an error, not a skip."""
    pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (the browser extra)")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<html></html>")
    monkeypatch.delenv("ARMATA_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(armata_browser, "_playwright_own", lambda: None)
    assert screenshots.main([str(tmp_path / "site"), str(tmp_path / "shots")]) == 0
    assert capsys.readouterr().out == "screenshots skipped: no Chromium found (set ARMATA_CHROMIUM)\n"
    monkeypatch.setenv("ARMATA_CHROMIUM", "/no/such/chrome")
    assert screenshots.main([str(tmp_path / "site"), str(tmp_path / "shots")]) == 2
    assert capsys.readouterr().err == "screenshots: ARMATA_CHROMIUM=/no/such/chrome is not an executable program\n"
