"""The clause corpus and the ambiguity finder: citations hold, every clause is accounted for, known findings are
found, planted changes are caught, and spacing damage is not reported."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule)
from armata_rules.cli import main
from armata_rules.rules import REGISTRY
from armata_rules.translations.align import glossary
from armata_rules.translations.corpus import build_corpus, corpus_path, load_corpus, save_corpus
from armata_rules.translations.finder import KINDS, corpus_findings
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.sources import LANGS, SOURCES, Rulebooks
from armata_rules.translations.text import facts, repair, squash

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
needs_books = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")


@pytest.fixture(scope="module")
def books() -> Rulebooks:
    assert BOOKS is not None
    return BOOKS


@pytest.fixture(scope="module")
def corpus():  # type: ignore[no-untyped-def]
    return load_corpus()


@needs_books
def test_every_passage_quotes_its_lines(books: Rulebooks, corpus) -> None:  # type: ignore[no-untyped-def]
    for clause in corpus.clauses:
        for passage in clause.passages.values():
            for line in passage.lines:
                text = books.line(passage.edition, line).strip()
                assert text and text in passage.quote, (clause.id, passage.citation)


@needs_books
def test_the_stored_corpus_is_current(books: Rulebooks, tmp_path: Path) -> None:
    fresh = tmp_path / "clauses.json"
    save_corpus(build_corpus(books), fresh)
    assert json.loads(fresh.read_text()) == json.loads(corpus_path().read_text())


def test_every_clause_has_a_rule_or_a_reason(corpus) -> None:  # type: ignore[no-untyped-def]
    lonely = [c.id for c in corpus.clauses if not c.rules and not c.informative]
    assert lonely == []


def test_every_rule_cites_clauses_that_exist(corpus) -> None:  # type: ignore[no-untyped-def]
    for rule in REGISTRY.values():
        assert rule.clauses
        for citation in rule.clauses:
            assert re.fullmatch(r"(peg19|sb19)\.(de|en|it|fr|es):\d+(-\d+)?", citation), citation
            assert corpus.clause_at(citation) is not None, (rule.id, citation)


@needs_books
def test_rule_citations_point_at_text_in_their_language(books: Rulebooks) -> None:
    for rule in REGISTRY.values():
        for citation in rule.clauses:
            source, _, lines = citation.partition(":")
            edition, lang = source.split(".")
            first = int(lines.split("-")[0])
            assert books.line(edition, first).strip(), citation
            assert books.language_of(edition, first) == lang, (rule.id, citation)


@needs_books
def test_known_findings_are_reported(books: Rulebooks, corpus) -> None:  # type: ignore[no-untyped-def]
    findings = {f.id: f for f in corpus_findings(corpus, books)}
    may_must = findings["movement-may-must-exactly"]
    quotes = {(c.source, c.lang, c.line): c.quote for c in may_must.citations}
    assert "**may**" in quotes[("peg19", "en", 760)] and "**must**" in quotes[("sb19", "en", 310)]
    counts = findings["counts-reward-cards-blood-points"]
    assert any("27" in c.quote for c in counts.citations) and any("28" in c.quote for c in counts.citations)
    assert any("14" in c.quote for c in counts.citations) and any("10" in c.quote for c in counts.citations)
    icons = findings["ability-icon-once-per-turn-or-round"]
    assert any("once each turn" in c.quote for c in icons.citations)
    assert any("once each round" in c.quote for c in icons.citations)
    for finding in findings.values():
        assert finding.kind in KINDS
        if finding.severity == "changes-play":
            assert finding.reading or finding.interpretation, finding.id
        for c in finding.citations:
            assert c.quote and c.quote in books.line(c.source, c.line), (finding.id, c)
    assert not [f.id for f in findings.values() if f.severity == "unreviewed"]


def test_glossary_names_every_term_in_every_language() -> None:
    for concept, names in glossary().terms.items():
        assert set(names) == set(LANGS), concept


def test_facts_read_numbers_modality_and_scope() -> None:
    f = facts("The player must move up to 5 spaces each round (see p. 14).", "en")
    assert f.numbers == (5,) and f.modal["must"] == 1 and f.scope["round"] == 1
    assert facts("Il giocatore può muovere", "it").modal["may"] == 1
    assert repair("F ASE 2a. S trigoi") == "FASE 2a. Strigoi"
    assert squash("F ASE") == squash("FASE")


def _english_copy(books: Rulebooks, path: Path, change: dict[int, tuple[str, str]] | None = None) -> None:
    section = next(s for s in SOURCES if s.source == "peg19.en")
    lines = list(books.lines["peg19"][section.first - 1 : section.last])
    for line, (old, new) in (change or {}).items():
        index = line - section.first
        assert old in lines[index], (line, old)
        lines[index] = lines[index].replace(old, new, 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@needs_books
def test_an_unchanged_copy_reports_nothing(books: Rulebooks, corpus, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "copy.txt"
    _english_copy(books, path)
    assert find_in_text(path, "en", corpus, books, "peg19") == []


@needs_books
def test_spacing_damage_alone_reports_nothing(books: Rulebooks, corpus, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ocr.txt"
    _english_copy(books, path)
    rng = random.Random(7)
    damaged = []
    for line in path.read_text(encoding="utf-8").splitlines():
        words = line.split(" ")
        for i, word in enumerate(words):
            if len(word) > 4 and word.isalpha() and rng.random() < 0.25:
                words[i] = word[0] + " " + word[1:]  # "Strigoi" -> "S trigoi"
        damaged.append(" ".join(words))
    path.write_text("\n".join(damaged) + "\n", encoding="utf-8")
    assert find_in_text(path, "en", corpus, books, "peg19") == []


@needs_books
def test_planted_changes_are_each_reported(books: Rulebooks, corpus, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "planted.txt"
    changes = {
        648: ("27", "29"),  # a number
        760: ("**may**", "**must**"),  # may -> must
        742: ("lowest value", "highest value"),  # lower -> higher
        953: (
            'Important: The "Discard Pile" is personal and never includes cards played during the current turn.',
            "Important:",
        ),  # a sentence dropped
    }
    _english_copy(books, path, changes)
    found = find_in_text(path, "en", corpus, books, "peg19")
    by_line = {(f.citations[0].line, f.kind) for f in found}
    assert (648, "numeric") in by_line
    assert (760, "modality") in by_line
    assert (742, "tie-break") in by_line
    assert (953, "missing-clause") in by_line
    assert len(found) == 4, [(f.citations[0].line, f.kind) for f in found]


def test_cli_ambiguities_json(capsys: pytest.CaptureFixture[str]) -> None:
    if BOOKS is None:
        pytest.skip("the rulebooks are not beside the repository")
    assert main(["ambiguities", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["findings"]
    shape = {"id", "kind", "severity", "topic", "citations", "reading", "interpretation"}
    shape |= {"verdict", "verdicts", "verdict_note"}
    assert data and all(set(f) == shape for f in data)
    assert set(data[0]["citations"][0]) == {"source", "lang", "line", "quote", "differs"}
    assert main(["ambiguities", "--source", "nowhere.txt:en"]) == 2
    assert main(["ambiguities", "--source", "nowhere.txt:xx"]) == 2


def test_z3_decides_whether_an_editions_tables_fit_together() -> None:
    """With the printed tables every edition fits; a pack with too few counters is reported."""
    from dataclasses import replace

    from armata_rules.components import default_pack
    from armata_rules.translations.finder import table_consistency

    assert table_consistency() == []
    pack = default_pack()
    short = replace(pack, tables=replace(pack.tables, blood_counters={"peg19": 14, "sb19": 4}))
    found = table_consistency(short)
    assert {f.id for f in found} == {"tables-sb19-5"}  # 4 counters: at 4 in the inferno no counter is left
    assert all(f.kind == "internal-contradiction" for f in found)
