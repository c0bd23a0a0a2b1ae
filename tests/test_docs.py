"""The generated reference: it builds with no warning at all, gives every rule and clause its page, links every
citation to its clause and every finding, proof and example to its rules, and renders the rulebook's emphasis; its
German build leads each rule with the German text and translates the site's own words, and every page of both links
to itself in every language."""

from __future__ import annotations

import re
import sys
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

from tests.docs_site import built_site  # noqa: E402

import armata_i18n  # noqa: E402
import screenshots  # noqa: E402
from armata_i18n import LANGUAGES, language_links  # noqa: E402
from armata_text import rich, rulebook_text, title_case  # noqa: E402


def _anchor(rule_id: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", rule_id.lower())


def _page(rule_id: str) -> str:
    section, _, name = rule_id.partition(".")
    return f"rules/{section}/{name}.html"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site with no warning at all (Sphinx's or Python's), built once per run (tests/docs_site.py)."""
    return built_site(tmp_path_factory)


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
    pages = [site / "findings.html", *sorted((site / "findings").glob("*.html"))]
    findings = "".join(page.read_text(encoding="utf-8") for page in pages)
    assert 'id="finding-movement-may-must-exactly"' in findings and "peg19.fr" in findings
    assert 'href="../rules/move/step.html#rule-move-step"' in findings
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
    finding is a collapsed entry with its quotes' differing words marked, on the page of its kind (issue 32); the
    review is on a page of its own."""
    findings = (site / "findings.html").read_text(encoding="utf-8")
    article = findings[findings.index("<article") :]
    assert article.index('id="armata-filters"') < article.index('id="armata-grid"')
    assert "armata-entry" not in article and 'id="the-json-form"' not in article
    assert 'id="the-json-form"' in (site / "findings" / "newtext.html").read_text(encoding="utf-8")
    assert '<a href="findings/other.html#finding-movement-may-must-exactly">' in findings  # a row links to its entry
    other = (site / "findings" / "other.html").read_text(encoding="utf-8")
    entry = re.search(
        r'<details class="armata-entry"[^>]*id="finding-movement-may-must-exactly">.*?</details>', other, re.S
    )
    assert entry is not None and 'data-lang="de en it fr es"' in entry.group(0)
    assert "<mark><strong>may</strong></mark>" in entry.group(0)
    assert 'class="armata-cell-play" title="peg19.fr: changes play (peg19.fr/en760)"' in findings
    assert 'id="verdicts-peg19-fr"' not in findings
    review = (site / "review.html").read_text(encoding="utf-8")
    assert '<details class="armata-entry" id="verdicts-peg19-fr">' in review
    assert 'href="../review.html#verdicts-peg19-fr"' in other  # a finding's records link to the review
    impact = (site / "impact.html").read_text(encoding="utf-8")
    assert 'href="findings/other.html#finding-movement-may-must-exactly"' in impact


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


# --- the site in five languages (issue 32 §1) -------------------------------------------------------------------


@pytest.fixture(scope="module")
def site_de(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The German build beside the English one, as ``make docs-html`` lays them out (``SITE/de``), built once per
    run in a child process like the Makefile's (tests/docs_site.py)."""
    return built_site(tmp_path_factory, "de") / "de"


def _pages(site: Path) -> list[Path]:
    """Every page of one language's build (not the other languages' builds inside the English one)."""
    return sorted(p for p in site.rglob("*.html") if p.relative_to(site).parts[0] not in {*LANGUAGES, "_static"})


def _article(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text[text.index("<article") : text.index("</article>")]


def _passages(page: Path) -> list[str]:
    """The text of every rulebook passage on ``page``."""
    found = re.findall(r'<div class="armata-passage [^"]*"[^>]*>(.*?)</div>', page.read_text(encoding="utf-8"), re.S)
    return [re.sub(r"<[^>]+>", "", passage) for passage in found]


def test_every_page_links_to_itself_in_every_language(site: Path, site_de: Path) -> None:
    """The switch is on every page of both builds, and each of its links leads to a page the other build has."""
    for root, pages in ((site, _pages(site)), (site_de, _pages(site_de))):
        assert len(pages) > 100
        for page in pages:
            text = page.read_text(encoding="utf-8")
            nav = re.search(r'<nav class="armata-sitelang".*?</nav>', text, re.S)
            assert nav is not None, f"no language switch on {page.relative_to(root)}"
            links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', nav.group(0)))
            assert sorted(links.values()) == sorted(LANGUAGES), page
            for href, lang in links.items():
                if lang in {"en", "de"}:  # the two languages built here
                    assert (page.parent / href).resolve().is_file(), f"{page.relative_to(root)}: {lang} → {href}"
    move = (site / "rules" / "move" / "step.html").read_text(encoding="utf-8")
    assert '<a href="../../de/rules/move/step.html" hreflang="de"' in move


def test_a_rule_page_leads_with_the_text_of_its_language_and_folds_the_engine(site: Path, site_de: Path) -> None:
    """Issue 32: the rulebook's own text of the reader's language first, then the differences, then (folded) what
    the engine does; no `strigoi.attack · section …` line above the rule."""
    for root, lang in ((site, "en"), (site_de, "de")):
        for rule in REGISTRY.values():
            article = _article(root / _page(rule.id))
            first = re.search(r'class="armata-passage (?:armata-missing )?lang-(\w+)', article)
            assert first is not None and first.group(1) == lang, f"{lang}: {rule.id} opens with {first}"
            engine = article.index('<details class="armata-fold armata-engine"')
            assert article.index("armata-passages") < engine, rule.id
            assert article.index(f'<span class="pre">{rule.id}</span>') > engine, f"{rule.id}: its id leads the page"
    attack = _article(site / _page("strigoi.attack"))
    assert attack.index('<details class="armata-fold armata-differences"') < attack.index("armata-engine")


def test_the_german_build_translates_labels_headings_and_prose(site: Path, site_de: Path) -> None:
    attack = (site_de / _page("strigoi.attack")).read_text(encoding="utf-8")
    assert "<h1>Ein Strigoi greift einen Powerwolf an<" in attack
    assert "<summary>Was die Spiel-Engine tut</summary>" in attack
    assert 'aria-label="Sprache"' in attack and 'data-armata-all="alle fünf nebeneinander"' in attack
    assert ">Phase 2a: Bewegung<" in attack  # the navigation's section titles
    assert "<h1>Die Regeln<" in (site_de / "rules" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Die Strigoi<" in (site_de / "rules" / "strigoi.html").read_text(encoding="utf-8")
    altar = (site_de / "clauses" / "blood-points-on-the-altar.html").read_text(encoding="utf-8")
    assert "<h1>Blutpunkte auf dem Altar<" in altar and "<h2>peg19.de:321 — Spieleranzahl<" in altar
    english = (site / _page("strigoi.attack")).read_text(encoding="utf-8")
    assert "<summary>What the engine does</summary>" in english and 'aria-label="Language"' in english


def test_the_catalogues_translate_every_message_of_the_extension() -> None:
    """A label or rule title added without its translations shows English on the other builds: this names it."""
    babel = pytest.importorskip("babel.messages.pofile")
    wanted = {message.id for message in armata_i18n.extension_messages() if message.id}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = DOCS / "locales" / lang / "LC_MESSAGES" / "armata.po"
        with path.open("rb") as source:
            translated = {m.id for m in babel.read_po(source) if m.id and m.string and not m.fuzzy}
        assert sorted(wanted - translated) == [], f"{path}: untranslated (run sphinx-intl update, see armata_i18n)"


def test_clause_text_shows_no_markdown_heading_marker_and_no_imprint(site: Path) -> None:
    """Issue 32: `### BLOOD POINTS ON THE ALTAR` showed its markers; a Spanish clause ran on into the copyright."""
    pages = [*sorted((site / "rules").rglob("*.html")), *sorted((site / "clauses").glob("*.html"))]
    texts = [text for page in pages for text in _passages(page)]
    assert len(texts) > 1000
    assert [t for t in texts if re.search(r"(^|\s)#{1,6}\s", t)] == []
    assert [t for t in texts if re.search(r"©|copyright|all rights reserved", t, re.I)] == []
    summary = (site / "clauses" / "round-summary.html").read_text(encoding="utf-8")
    assert "formando una nueva pila. (Prácticamente un jugador no recupera nunca las cartas" in summary


def test_clause_headings_say_where_and_how_the_clause_starts(site: Path) -> None:
    altar = (site / "clauses" / "blood-points-on-the-altar.html").read_text(encoding="utf-8")
    assert "<h2>peg19.en:884 — Number of players<" in altar
    assert "<h1>Blood Points on the Altar<" in altar and "<h2>peg19.en:882 — Blood Points on the Altar<" in altar
    headings = [
        h for page in sorted((site / "clauses").glob("*.html")) for h in re.findall(r"<h2>([^<]*)", page.read_text())
    ]
    assert len(headings) > 300 and [h for h in headings if not re.match(r"(peg19|sb19)\.\w\w:\d+", h)] == []


def test_rulebook_text_drops_heading_markers_and_the_imprint() -> None:
    assert rulebook_text("### ► Melee Fight") == "► Melee Fight"
    assert rulebook_text("x ## BLOOD POINTS\nON THE ALTAR") == "x BLOOD POINTS ON THE ALTAR"
    assert rulebook_text("Seat #3 and # sign") == "Seat #3 and sign"
    assert rulebook_text("(Prácticamente …). © Boardgame Copyright 2019 by Scribabs") == "(Prácticamente …)."
    assert rich("### BLOOD POINTS ON THE ALTAR") == "BLOOD POINTS ON THE ALTAR"


def test_a_heading_in_capitals_becomes_a_title_in_its_language() -> None:
    assert title_case("BLOOD POINTS ON THE ALTAR") == "Blood Points on the Altar"
    assert title_case("BLUTPUNKTE AUF DEM ALTAR", "de") == "Blutpunkte auf dem Altar"
    assert title_case("PUNTI SANGUE SULL'ALTARE", "it") == "Punti Sangue sull'Altare"
    assert title_case("DÉFAITE D'UN STRIGOÏ ET MONTÉE", "fr") == "Défaite d'un Strigoï et Montée"
    assert title_case("A. EIN STRIGOI-ANGRIFF", "de") == "A. Ein Strigoi-Angriff"


def test_a_language_link_climbs_out_of_its_build_and_into_the_other() -> None:
    links = {link.code: link for link in language_links("rules/move/step", "../../", "en")}
    assert list(links) == list(LANGUAGES) and links["en"].current and not links["de"].current
    assert links["en"].href == "../../rules/move/step.html" and links["fr"].href == "../../fr/rules/move/step.html"
    german = {link.code: link.href for link in language_links("index", "./", "de")}
    assert german == {
        "en": "../index.html",
        "de": "../de/index.html",
        "fr": "../fr/index.html",
        "it": "../it/index.html",
        "es": "../es/index.html",
    }
