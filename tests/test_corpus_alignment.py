"""The clause corpus against the rulebooks where the automatic alignment went wrong: each language's definition of
an ability sits in that ability's clause (the translations print the abilities in another order), the Phase 2
list items sit in their items' clauses, and no clause carries the imprint or the credits (``[exclude]`` of
``spec/alignment.toml``), while every other paragraph of every source stays in the corpus."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from armata_rules.translations import corpus as corpus_module
from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import Corpus, excluded_lines, load_corpus
from armata_rules.translations.sources import SOURCES, Rulebooks
from armata_rules.translations.text import paragraphs
from tests.test_glossary_stems import HEADINGS

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
pytestmark = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")

#: Where each ability is defined in the ScriBabs English rules (its own order: Stealth before Mechanics).
SB19_HEADINGS = {
    "protection": "sb19.en:618",
    "heal": "sb19.en:624",
    "retrieval": "sb19.en:628",
    "stealth": "sb19.en:632",
    "mechanics": "sb19.en:638",
    "pack": "sb19.en:642",
    "leap": "sb19.en:646",
    "shock": "sb19.en:594",
    "recovery": "sb19.en:598",
    "gates_of_hell": "sb19.en:602",
    "existence": "sb19.en:606",
}

#: The Phase 2 list (peg19.en:752-754: move, fight, the Strigoi) in every language of the Pegasus print.
PHASE2_ITEMS = {
    "en752": ("peg19.de:161", "peg19.it:1299", "peg19.fr:1845", "peg19.es:2311"),
    "en753": ("peg19.de:162", "peg19.it:1300", "peg19.fr:1846", "peg19.es:2312"),
    "en754": ("peg19.de:163", "peg19.it:1301", "peg19.fr:1847", "peg19.es:2313"),
}

#: Words only the imprint and the credits print: copyright and trademark notices (the German reprint notice is
#: its "all rights reserved"), publisher, distributor, customer service, credits and translators. No language of
#: the rules prints "Tutti i diritti riservati", "Tous droits réservés" or "Todos los derechos reservados": the
#: Pegasus print's imprint is in English and German only.
IMPRINT_MARKERS = (
    "©",
    "copyright",
    "all rights reserved",
    "trademarks of",
    "published by",
    "pegasus spiele",
    "pegasus-spiele",
    "pegasus.de",
    "distribution:",
    "nachdruck oder veröffentlichung",
    "vorheriger genehmigung",
    "reklamation",
    "a game by",
    "illustrations by",
    "translation by",
    "übersetzung ferdinand",
    "traduction française par",
    "traducción española por",
    "regolamento italiano a cura",
)


@pytest.fixture(scope="module")
def books() -> Rulebooks:
    assert BOOKS is not None
    return BOOKS


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


def misplaced(corpus: Corpus, expected: Mapping[str, Sequence[str]]) -> list[str]:
    """``CITATION in CLAUSE, not EXPECTED`` for every citation whose line the corpus puts in another clause."""
    out = []
    for clause_id, citations in sorted(expected.items()):
        for citation in citations:
            found = corpus.clause_at(citation)
            where = "no clause" if found is None else found.id
            if where != clause_id:
                out.append(f"{citation} in {where}, not {clause_id}")
    return out


def _definitions() -> dict[str, tuple[str, ...]]:
    """Clause id → the line defining its ability in every language of both prints."""
    out = {}
    for term, citations in HEADINGS.items():
        english = next(c for c in citations if c.startswith("peg19.en:"))
        out["en" + english.partition(":")[2]] = (*citations, SB19_HEADINGS[term])
    return out


def test_every_ability_definition_sits_in_its_abilitys_clause(corpus: Corpus) -> None:
    definitions = _definitions()
    assert len(definitions) == 11 and all(len(c) == 6 for c in definitions.values())
    assert misplaced(corpus, definitions) == []


def test_a_definition_aligned_to_another_ability_is_reported(corpus: Corpus) -> None:
    swapped = {"en1054": ("peg19.it:1613",), "en1050": ("peg19.it:1599",)}  # Retrieval and Mechanics swapped
    assert misplaced(corpus, swapped) == [
        "peg19.it:1599 in en1054, not en1050",
        "peg19.it:1613 in en1050, not en1054",
    ]


def test_the_phase_2_list_items_sit_in_their_items_clauses(corpus: Corpus) -> None:
    assert misplaced(corpus, PHASE2_ITEMS) == []


def imprint_quotes(corpus: Corpus) -> list[str]:
    """``CLAUSE SOURCE:LINES 'marker'`` for every passage that quotes an imprint or credits marker."""
    out = []
    for clause in corpus.clauses:
        for passage in clause.passages.values():
            text = passage.quote.lower()
            out += [f"{clause.id} {passage.citation} {m!r}" for m in IMPRINT_MARKERS if m in text]
    return out


def test_no_clause_carries_the_imprint_or_the_credits(corpus: Corpus) -> None:
    assert imprint_quotes(corpus) == []


def test_every_imprint_marker_is_printed_in_the_excluded_lines(books: Rulebooks) -> None:
    """The markers are words the rulebooks print (a marker printed nowhere would check nothing)."""
    excluded = " ".join(books.line(edition, n) for edition, n in excluded_lines(books)).lower()
    assert [m for m in IMPRINT_MARKERS if m not in excluded] == []


def test_only_the_excluded_lines_are_left_out(books: Rulebooks, corpus: Corpus) -> None:
    left_out = excluded_lines(books)
    for section in SOURCES:
        for par in paragraphs(books.lines[section.edition], section.first, section.last):
            key = (section.edition, par.line)
            assert (key in corpus.index) != (key in left_out), (section.source, par.line)


def test_every_informative_mark_names_a_clause_of_the_corpus(corpus: Corpus) -> None:
    """A line left out of the corpus leaves no mark behind in ``spec/informative.toml``."""
    marks = tomllib.loads((spec_folder() / "informative.toml").read_text(encoding="utf-8"))["clauses"]
    assert sorted(set(marks) - set(corpus.by_id)) == []


def _with_exclude(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, table: str) -> None:
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "alignment.toml").write_text(f"[exclude]\n{table}\n", encoding="utf-8")
    monkeypatch.setattr(corpus_module, "spec_folder", lambda: spec)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('"peg19.es:2790-2795" = "x"', "[exclude] peg19.es:2790-2795: outside peg19.es (lines 2180-2781)"),
        ('"peg19.es:2724-2726" = "x"', "[exclude] peg19.es:2724-2726: the lines hold no text"),
        ('"peg19.xx:10" = "x"', "[exclude] 'peg19.xx:10': expected SOURCE:FIRST-LAST of a source"),
    ],
)
def test_a_bad_exclusion_is_a_one_line_error(
    books: Rulebooks, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, table: str, message: str
) -> None:
    _with_exclude(monkeypatch, tmp_path, table)
    with pytest.raises(ValueError) as err:
        excluded_lines(books)
    assert str(err.value) == f"spec/alignment.toml: {message}"


def test_an_exclusion_names_each_line_with_its_reason(
    books: Rulebooks, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _with_exclude(monkeypatch, tmp_path, '"peg19.de:135-137" = "the customer service"')
    assert excluded_lines(books) == {("peg19", 136): "the customer service", ("peg19", 137): "the customer service"}
