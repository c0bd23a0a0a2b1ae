"""The players' guide (``docs/players/``), its translations and the glossary of game terms: every clause a page
cites exists, every rule and finding it links is there, every translation keeps the links of its English message,
and every name the glossary gives is the one its language's rulebook prints."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule)
from armata_rules.rules import REGISTRY
from armata_rules.translations.align import glossary
from armata_rules.translations.sources import LANGS, SOURCES, Rulebooks
from armata_rules.translations.text import squash

DOCS = Path(__file__).resolve().parents[1] / "docs"
pytest.importorskip("sphinx")
pofile = pytest.importorskip("babel.messages.pofile")
sys.path.insert(0, str(DOCS / "_ext"))

import armata_glossary  # noqa: E402

import armata_pages  # noqa: E402
from armata_text import CITATION, anchor, corpus, escape  # noqa: E402

PAGES = sorted((DOCS / "players").glob("*.rst"))
LOCALES = DOCS / "locales"
TRANSLATED = ("de", "fr", "it", "es")
ROLE = re.compile(r":(?:ref|doc):`(?:[^`<]*<)?([^`<>]+)>?`")


def _labels(text: str) -> list[str]:
    return re.findall(r"[<`]((?:rule|finding)-[a-z0-9-]+)>?`", " ".join(text.split()))


def test_the_guide_has_its_topics_and_the_blood_page_answers_first() -> None:
    names = {page.stem for page in PAGES}
    assert names >= {"index", "setup", "round", "moving", "fights", "blood", "wounds", "strigoi", "abilities"}
    assert names >= {"fortress", "end"}
    blood = (DOCS / "players" / "blood.rst").read_text(encoding="utf-8")
    body = blood[blood.index("Blood points\n====") :]
    assert body.split("\n")[3] == "How do blood points work?", "the question is the first heading of the page"
    for word in ("supply", "altar", "inferno", "5 at most", "peg19.en:884-885", "peg19.en:940-941"):
        assert word in body[:2500], word


def test_every_page_cites_clauses_that_exist_and_links_rules_and_findings_that_exist() -> None:
    rules = {f"rule-{anchor(rule_id)}" for rule_id in REGISTRY}
    findings = {f"finding-{anchor(finding.id)}" for finding in armata_pages.findings()}
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        cited = CITATION.findall(text)
        assert page.stem == "index" or len(cited) >= 5, f"{page.name} cites almost no clause"
        assert [c for c in cited if corpus().clause_at(c) is None] == [], page.name
        assert [label for label in _labels(text) if label not in rules | findings] == [], page.name
        if page.stem != "index":
            assert any(label.startswith("rule-") for label in _labels(text)), f"{page.name} links no rule page"


def test_every_page_has_keywords_in_the_five_languages() -> None:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert re.search(r"^\.\. meta::\n   :keywords: ", text, re.M), page.name
    blood = (DOCS / "players" / "blood.rst").read_text(encoding="utf-8")
    keywords = " ".join(blood[: blood.index(":description:")].split())
    for word in ("blood points", "Blutpunkte", "punti sangue", "points de sang", "puntos sangre"):
        assert word in keywords, word


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_of_every_page_is_translated_with_its_links(lang: str) -> None:
    for page in PAGES:
        po = LOCALES / lang / "LC_MESSAGES" / "players" / f"{page.stem}.po"
        with po.open("rb") as handle:
            catalog = pofile.read_po(handle)
        messages = [message for message in catalog if message.id]
        assert len(messages) >= 10, po
        for message in messages:
            where = f"{po.relative_to(DOCS)}: {str(message.id)[:60]!r}"
            assert message.string and not message.fuzzy, f"untranslated: {where}"
            assert sorted(CITATION.findall(message.id)) == sorted(CITATION.findall(message.string)), where
            assert sorted(ROLE.findall(message.id)) == sorted(ROLE.findall(message.string)), where
            assert message.id.count("**") == message.string.count("**"), where


def test_the_german_guide_uses_the_german_rulebook_words() -> None:
    with (LOCALES / "de" / "LC_MESSAGES" / "players" / "blood.po").open("rb") as handle:
        catalog = pofile.read_po(handle)
    assert catalog.get("Blood points").string == "Blutpunkte"
    words = " ".join(str(message.string) for message in catalog)
    for word in ("Truppe", "Altar", "Infernokarte", "Verletzung", "Leiterplättchen"):  # peg19.de's own terms
        assert word in words, word


def _printed() -> dict[str, str]:
    """Each language's rulebook text (its rules and its part of the multilingual pages), squashed."""
    books = Rulebooks.load()
    text: dict[str, list[str]] = {lang: [] for lang in LANGS}
    for section in SOURCES:
        text[section.lang] += books.lines[section.edition][section.first - 1 : section.last]
    for number, lang in sorted(books.multilingual.items()):
        text[lang].append(books.lines["sb19"][number - 1])
    return {lang: squash(" ".join(lines)) for lang, lines in text.items()}


def test_every_glossary_name_is_printed_in_its_language_and_matches_the_finders_stems() -> None:
    printed = _printed()
    stems = glossary()
    terms = armata_glossary.load_terms()
    assert len(terms) >= 40
    for term in terms:
        for lang in LANGS:
            for name in term.names[lang]:
                assert squash(name) in printed[lang], f"{term.key}: {name!r} is not in the {lang} text"
            if term.concept is None or not term.names[lang]:
                continue
            matches = any(term.concept in stems.concepts(name, lang) for name in term.names[lang])
            assert matches != (lang in term.stems_differ), f"{term.key} {lang}: stems_differ is out of date"
        assert [c for c in CITATION.findall(term.definition) if corpus().clause_at(c) is None] == [], term.key
        assert CITATION.search(term.definition), f"{term.key}: the definition cites no clause"


def test_the_glossary_page_gives_definitions_and_names_not_stems() -> None:
    text = "\n".join(armata_glossary.glossary_lines("en"))
    assert text.startswith(".. glossary::")
    assert "   Blood point\n      A counter the pack wins" in text
    assert ":sup:`DE` *Blutpunkt*" in text and ":sup:`FR` *Point de Sang*" in text
    assert "ferit\n" not in text and "croll" not in text  # the finder's stems are gone
    assert ":sup:`FR` — (the French text as extracted" in text  # a missing name says why


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_glossary_definition_is_translated_citing_the_same_clauses(lang: str) -> None:
    data = tomllib.loads(armata_glossary.DATA.read_text(encoding="utf-8"))["terms"]
    assert len(data) >= 40
    for key, raw in data.items():
        english, text = raw["definition"], raw.get(f"definition_{lang}")
        assert isinstance(text, str) and text.strip(), f"{key}: no {lang} definition"
        assert text != english, f"{key}: the {lang} definition is the English one"
        assert CITATION.findall(text) == CITATION.findall(english), f"{key}: the {lang} definition cites other clauses"


def test_the_german_glossary_defines_in_german_and_keeps_the_names() -> None:
    text = "\n".join(armata_glossary.glossary_lines("de"))
    blood = next(term for term in armata_glossary.load_terms() if term.key == "blood_point")
    assert blood.definitions["de"].startswith("Ein Marker, den die Truppe")
    assert f"   Blood point\n      {blood.definitions['de']}" in text  # the English heading keeps the anchor
    assert "A counter the pack wins" not in text and "Truppe" in text
    assert ":sup:`DE` *Blutpunkt*" in text and ":sup:`FR` *Point de Sang*" in text
    for term in armata_glossary.load_terms():
        assert f"\n      {escape(term.definitions['de'])}\n" in text, term.key


def test_a_glossary_term_without_a_translated_definition_is_refused(tmp_path: Path) -> None:
    names = 'en = "Altar"\nde = "Altar"\nit = "Altare"\nfr = "Autel"\nes = "Altar"\n'
    cites = "(peg19.en:780)."
    texts = (
        f'definition = "The card {cites}"\ndefinition_de = "Die Karte {cites}"\ndefinition_it = "La carta {cites}"\n'
    )
    data = tmp_path / "glossary.toml"
    data.write_text(f"[terms.altar]\n{names}{texts}" + f'definition_es = "La carta {cites}"\n', encoding="utf-8")
    with pytest.raises(armata_glossary.GlossaryError, match="'altar': no fr definition"):
        armata_glossary.load_terms(data)
    data.write_text(
        f"[terms.altar]\n{names}{texts}"
        + 'definition_fr = "La carte (peg19.en:781)."\n'
        + f'definition_es = "La carta {cites}"\n',
        encoding="utf-8",
    )
    with pytest.raises(armata_glossary.GlossaryError, match="'altar': the fr definition cites other clauses"):
        armata_glossary.load_terms(data)


def test_a_glossary_term_without_a_language_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "glossary.toml"
    data.write_text('[terms.altar]\nen = "Altar"\nde = "Altar"\nit = "Altare"\nfr = "Autel"\ndefinition = "x"\n')
    with pytest.raises(armata_glossary.GlossaryError, match="'altar': no es name"):
        armata_glossary.load_terms(data)


def test_the_howto_calls_only_real_differences_differences() -> None:
    text = "\n".join(armata_pages.HowToPlayDirective.lines(None))  # type: ignore[arg-type]  # reads the registry
    assert "the editions differ: ``seat_order``" not in text
    assert "*Equal initiative values* — every edition takes ``seat_order``" in text
    assert "the editions differ: ``may_up_to`` in peg19.de" in text  # a real difference still is one
