"""The generated reference: it builds with no warning at all, gives every rule and clause its page, links every
citation to its clause and every finding, proof and example to its rules, and renders the rulebook's emphasis."""

from __future__ import annotations

import re
import shutil
import sys
import warnings
from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule)
from armata_rules.rules import REGISTRY
from armata_rules.translations.corpus import load_corpus

DOCS = Path(__file__).resolve().parents[1] / "docs"
sphinx = pytest.importorskip("sphinx.cmd.build")
Image = pytest.importorskip("PIL.Image")
sys.path.insert(0, str(DOCS))
sys.path.insert(0, str(DOCS / "_ext"))

import screenshots  # noqa: E402
from armata_text import rich  # noqa: E402


def _anchor(rule_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower())


def _page(rule_id: str) -> str:
    section, _, name = rule_id.partition(".")
    return f"rules/{section}/{name}.html"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = sphinx.build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)])
    assert status == 0, "the Sphinx build failed (warnings are errors)"
    assert [str(w.message) for w in caught] == [], "the docs build raised Python warnings"
    return out


def test_every_rule_has_its_page_and_every_clause_appears(site: Path) -> None:
    for rule in REGISTRY.values():
        page = (site / _page(rule.id)).read_text(encoding="utf-8")
        assert f'id="rule-{_anchor(rule.id)}"' in page, rule.id
        assert "armata-passage lang-en" in page, rule.id
    clauses = "".join(p.read_text(encoding="utf-8") for p in sorted((site / "clauses").glob("*.html")))
    for clause in load_corpus().clauses:
        assert f'id="clause-{clause.id}"' in clauses, clause.id


def test_rule_pages_list_the_scenario_tests_that_check_them(site: Path) -> None:
    """Issue 28: the rule pages of the reference list the scenarios that check each rule."""
    unlisted = [rule.id for rule in REGISTRY.values() if "Scenario tests" not in (site / _page(rule.id)).read_text()]
    assert unlisted == [], f"rule pages with no scenario test listed: {unlisted}"
    step = (site / _page("move.step")).read_text(encoding="utf-8")
    assert "tests/test_rules_movement.py::" in step


def test_citations_link_to_their_clause_and_emphasis_is_rendered(site: Path) -> None:
    step = (site / _page("move.step")).read_text(encoding="utf-8")
    assert re.search(r'href="[^"]*clauses/[^"]*#clause-en767"><span[^>]*>peg19\.en:767<', step)
    board = (site / "board.html").read_text(encoding="utf-8")
    assert 'clauses/phase-2-player-turns.html#clause-en767"' in board
    for page in [*sorted((site / "rules").rglob("*.html")), *sorted((site / "clauses").glob("*.html"))]:
        text = re.sub(r"<(script|style)\b.*?</\1>", "", page.read_text(encoding="utf-8"), flags=re.S)
        assert "**" not in text, page
    assert "<strong>HEXAGONAL TILES</strong>" in (site / "clauses" / "game-materials.html").read_text(encoding="utf-8")


def test_rich_keeps_the_text_and_renders_markdown() -> None:
    assert rich("7 **HEXAGONAL TILES**") == "7 \\ **HEXAGONAL TILES**\\ "
    assert rich("- a. *x* y") == "\\- a. \\ *x*\\  y"
    assert rich("Combate**") == "Combate"
    assert rich("a_b `c` |d|") == "a\\_b \\`c\\` \\|d\\|"


def test_findings_proofs_and_examples_link_back_to_rules(site: Path) -> None:
    findings = (site / "findings.html").read_text(encoding="utf-8")
    assert 'id="finding-movement-may-must-exactly"' in findings and "peg19.fr" in findings
    assert 'href="rules/move/step.html#rule-move-step"' in findings
    assert "Numbers differ: 3. Each player" not in findings, "a cut-off rulebook line as a title"
    proofs = (site / "proofs.html").read_text(encoding="utf-8")
    assert "912 of 912" in proofs and 'id="invariant-altar-cap"' in proofs and 'href="rules/' in proofs
    examples = (site / "examples.html").read_text(encoding="utf-8")
    assert "the Master attacks Matthew" in examples and "the platform of NE collapses" in examples
    assert 'href="rules/strigoi/move.html#rule-strigoi-move"' in examples
    pack = (site / "pack.html").read_text(encoding="utf-8")
    assert "peg19.en:928" in pack and "provisional" in pack
    assert "refused:" in (site / "tutorial.html").read_text(encoding="utf-8")


def test_the_findings_page_opens_with_the_grid_and_folds_the_findings_and_the_review(site: Path) -> None:
    """Issue 29 §4: the page opens with filters and a grid of findings × texts, not with the JSON schema; every
    finding is a collapsed entry with its quotes' differing words marked; the review is on a page of its own."""
    findings = (site / "findings.html").read_text(encoding="utf-8")
    article = findings[findings.index("<article") :]
    assert article.index('id="armata-filters"') < article.index('id="armata-grid"') < article.index("armata-entry")
    assert article.index('id="armata-grid"') < article.index('id="the-json-form"')
    assert '<a href="#finding-movement-may-must-exactly">' in findings  # a grid row links to its entry
    entry = re.search(
        r'<details class="armata-entry"[^>]*id="finding-movement-may-must-exactly">.*?</details>', findings, re.S
    )
    assert entry is not None and 'data-lang="de en it fr es"' in entry.group(0)
    assert "<mark><strong>may</strong></mark>" in entry.group(0)
    assert 'class="armata-cell-play" title="peg19.fr: changes play (peg19.fr/en760)"' in findings
    assert 'id="verdicts-peg19-fr"' not in findings
    review = (site / "review.html").read_text(encoding="utf-8")
    assert '<details class="armata-entry" id="verdicts-peg19-fr">' in review
    assert 'href="review.html#verdicts-peg19-fr"' in findings  # a finding's records link to the review
    impact = (site / "impact.html").read_text(encoding="utf-8")
    assert 'href="findings.html#finding-movement-may-must-exactly"' in impact


def test_the_findings_page_in_a_browser_hides_what_its_address_filters_out(site: Path, tmp_path: Path) -> None:
    """The filters of the address, applied by the page's script in headless Chromium, hide exactly the findings that
    `armata-rules ambiguities` leaves out with the same filters; an unknown value is named, not obeyed."""
    if shutil.which("chromium") is None:
        pytest.skip("chromium is not installed (make browser installs it)")
    url = (site / "findings.html").resolve().as_uri()
    filtered = screenshots.dom(url + screenshots.FINDINGS_QUERY, tmp_path / "a")
    assert screenshots.filter_problems(filtered, screenshots.FINDINGS_QUERY) == []
    shown = sum(screenshots.findings_shown(filtered).values())
    assert f'data-shown="{shown}"' in filtered and f"{shown} of " in filtered  # the count the page states
    everything = screenshots.dom(url, tmp_path / "b")
    assert screenshots.findings_shown(everything) and all(screenshots.findings_shown(everything).values())
    assert screenshots.filter_problems(everything, screenshots.FINDINGS_QUERY) != []  # the check can fail
    odd = screenshots.dom(url + "?kind=scope&kind=scop", tmp_path / "c")
    assert "Left out, not a valid filter value: kind=scop." in odd
    assert screenshots.filter_problems(odd, "?kind=scope") == []
    opened = screenshots.dom(url + "#finding-movement-may-must-exactly", tmp_path / "d")
    assert re.search(r'<details class="armata-entry"[^>]*id="finding-movement-may-must-exactly" open', opened)


def test_geometric_rules_are_drawn(site: Path) -> None:
    for rule_id in ("move.step", "strigoi.attack", "strigoi.move", "fight.collapse"):
        page = (site / _page(rule_id)).read_text(encoding="utf-8")
        assert '<figure class="armata-board armata-diagram"><svg' in page, rule_id
    assert "armata-diagram" not in (site / _page("round.end")).read_text(encoding="utf-8")


def test_how_to_play_walks_the_round_with_every_rule_and_the_editions_readings(site: Path) -> None:
    howto = (site / "howto.html").read_text(encoding="utf-8")
    for rule in REGISTRY.values():
        assert f'#rule-{_anchor(rule.id)}"' in howto, rule.id
    steps = re.findall(r"<h2>\d+\. ([^<]+)<a", howto)
    assert steps[:4] == ["Before the game", "Setup: ladders", "Phase 1: initiative", "Phase 2a: move"]
    assert steps.index("Phase 3 and the end of the round") > steps.index("Phase 2c: the Strigoi act")
    assert '<code class="docutils literal notranslate"><span class="pre">must_up_to</span></code> in sb19.en' in howto


def test_a_rule_can_be_found_by_its_name_in_every_language(site: Path) -> None:
    index = (site / "searchindex.js").read_text(encoding="utf-8").lower()
    for name in ("leap", "sprung", "balzo", "saut", "salto", "autel"):
        assert f'"{name}"' in index, name


def test_screenshot_checks_tell_blank_from_drawn() -> None:
    size = (screenshots.WIDTH, screenshots.HEIGHT)
    white = Image.new("RGB", size, (255, 255, 255))
    assert screenshots.blank(white)
    assert not screenshots.shows_colour(white, screenshots.BOARD_COLOURS[0])
    drawn = white.copy()
    drawn.paste(screenshots.BOARD_COLOURS[0], (0, 0, 400, 400))
    assert not screenshots.blank(drawn)
    assert screenshots.shows_colour(drawn, screenshots.BOARD_COLOURS[0])
    assert not screenshots.shows_colour(drawn, screenshots.BOARD_COLOURS[1])
