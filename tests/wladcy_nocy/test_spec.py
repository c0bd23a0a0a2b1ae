"""The curated spec of *Władcy Nocy* (issue 34): ``spec/wladcy_nocy/`` informative clauses, readings, findings,
glossary and OCR variants, held against the text, and the loaders' one-line errors for malformed files
(:mod:`armata_rules.wladcy_nocy.spec`)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from armata_rules.wladcy_nocy.spec import (
    SpecError,
    load_findings,
    load_glossary,
    load_informative,
    load_ocr_variants,
    load_readings,
    spec_folder,
)
from armata_rules.wladcy_nocy.texts import WNText, term_lines

#: The readings and interpretations of WLADCY_NOCY.md §4.
DESIGN_READINGS = {
    "veil_penalty_unit",
    "minion_supply",
    "removed_tokens",
    "hidden_agents_count",
    "exhausted_in_day_fight",
    "exhausted_night_ap",
    "end_turn_with_ap",
    "overflow_decider",
    "blue_grey_split_decider",
    "day_fighter_chooser",
    "shortfall_repeat",
    "day_fight_repeat",
    "night_effect_majority",
    "passive_relics_by_day",
    "immaculate_blood_loss",
    "victim_track_cap",
    "ritual_success",
    "empty_pool_non_event",
    "event_discard_timing",
    "relic_trade_bound",
    "starting_leader",
}
#: The five contradictions of WLADCY_NOCY.md §6 "Texts and the finder" (its "deciders" item is two findings).
DESIGN_FINDINGS = {
    "minion-count",
    "two-vampires-or-one",
    "blue-grey-decider",
    "day-fighter-decider",
    "ritual-success",
    "relics-night-only-vs-urn",
}


@pytest.fixture(scope="module")
def book() -> WNText:
    return WNText.load()


def _lines(book: WNText, citation: str) -> str:
    found = book.resolve(citation)
    return "\n".join(book.lines[found.start - 1 : found.stop - 1])


# ------------------------------------------------------------------------------------------------ informative
def test_informative_entries_name_whole_clauses_with_a_reason(book: WNText) -> None:
    seen: dict[str, str] = {}
    for citation, entry in load_informative().clauses.items():
        assert entry.reason.strip()
        for clause in book.whole_clauses(citation):  # raises if the citation cuts a clause
            assert clause.id not in seen, f"{clause.id} in {seen.get(clause.id)} and {citation}"
            seen[clause.id] = citation
    # the design note's list: story, the twelve flavour paragraphs, tips, index, credits
    for number in (9, 11, 319, 327, 335, 343, 353, 361, 371, 379, 387, 397, 407, 421, 570, 580, 642, 667, 683):
        assert f"pl{number}" in seen, number
    # wn.pl:7 is story, but it states that the game is cooperative: a rule
    assert "pl7" not in seen


def test_every_heading_is_informative_except_the_numbered_day_steps(book: WNText) -> None:
    informative = {c.id for citation in load_informative().clauses for c in book.whole_clauses(citation)}
    headings = {clause.id for clause in book.clauses if clause.kind == "heading"}
    assert headings - informative == {"pl209", "pl215", "pl223", "pl249"}


# ------------------------------------------------------------------------------------------------ readings
def test_readings_hold_the_design_notes_and_each_citation_resolves(book: WNText) -> None:
    readings = load_readings().readings
    assert set(readings) >= DESIGN_READINGS
    assert {name for name, r in readings.items() if r.origin == "found"} == set(readings) - DESIGN_READINGS
    for name, reading in readings.items():
        assert reading.default in reading.options, name
        assert reading.kind in {"reading", "interpretation"}
        for citation in reading.clauses:
            book.resolve(citation)


def test_a_reading_of_the_text_has_two_sides() -> None:
    """A reading is where the text disagrees with itself: it has at least two options and cites two places."""
    for name, reading in load_readings().readings.items():
        if reading.kind == "reading":
            assert len(reading.options) >= 2 and len(reading.clauses) >= 2, name


# ------------------------------------------------------------------------------------------------ findings
def test_findings_quote_the_text_verbatim_and_feed_known_readings(book: WNText) -> None:
    findings = load_findings().findings
    readings = load_readings().readings
    assert set(findings) >= DESIGN_FINDINGS
    for key, finding in findings.items():
        assert finding.origin == ("design" if key in DESIGN_FINDINGS else "found"), key
        for quote in finding.quotes:
            assert quote.pl in _lines(book, quote.cite), (key, quote.cite)
            assert quote.en.strip()
        for name in finding.readings:
            assert name in readings
        if finding.severity == "changes-play":
            assert finding.readings, f"{key} changes play but feeds no reading"
        if finding.kind == "internal-contradiction":  # the text disagrees with itself: a reading, not a silence
            assert any(readings[name].kind == "reading" for name in finding.readings), key


# ------------------------------------------------------------------------------------------------ glossary
def test_each_term_occurs_on_the_lines_it_lists(book: WNText) -> None:
    terms = load_glossary().terms
    assert {term.pl for term in terms.values()} >= {"sługus", "zasłona", "prowodyr", "relikt", "zdolność Mroku"}
    for key, term in terms.items():
        assert term_lines(term, book.lines) == term.lines, key
        # folding the OCR variants and matching the stems finds the same lines as matching the OCR stems
        assert term_lines(term, book.lines, folded=True) == term.lines, key
        defined = book.resolve(term.defined)
        assert set(defined) & set(term.lines), f"{key}: {term.defined} does not name the term"


def test_ocr_stems_find_the_misspelt_lines() -> None:
    terms = load_glossary().terms
    assert {491, 495, 511, 221} <= set(terms["minion"].lines)  # stugusem, stugusa, slugus
    assert {30, 129} <= set(terms["leader"].lines)  # przewodry, prowadzycy
    assert 249 in terms["vampire"].lines  # WAMPYRY
    variants = [variant.text.casefold() for variant in load_ocr_variants().variants]
    for key, term in terms.items():
        for stem in term.ocr_stems:
            assert any(text.startswith(stem) for text in variants), f"{key}: {stem} is no listed OCR variant"


def test_a_term_without_its_ocr_stems_misses_lines(book: WNText) -> None:
    minion = load_glossary().terms["minion"]
    bare = minion.model_copy(update={"ocr_stems": []})
    assert set(minion.lines) - set(term_lines(bare, book.lines)) == {221, 491, 495, 511}


# ------------------------------------------------------------------------------------------------ malformed files
@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    for path in spec_folder().glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def _one_line(err: pytest.ExceptionInfo[SpecError]) -> str:
    message = str(err.value)
    assert "\n" not in message
    return message


def test_the_spec_files_load(spec_copy: Path) -> None:
    assert load_ocr_variants(spec_copy).variants
    assert load_informative(spec_copy).clauses
    assert load_readings(spec_copy).readings
    assert load_findings(spec_copy).findings
    assert load_glossary(spec_copy).terms


def test_a_toml_syntax_error_names_the_file(spec_copy: Path) -> None:
    path = spec_copy / "readings.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[readings.broken\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        load_readings(spec_copy)
    assert _one_line(err).startswith(f"{path}: <file>: is not valid TOML")


def _append(addition: str) -> Callable[[str], str]:
    return lambda text: text + "\n" + addition


@pytest.mark.parametrize(
    ("name", "edit", "key", "problem"),
    [
        (
            "readings.toml",
            _append(
                '[readings.planted]\nkind = "reading"\nquestion = "q"\noptions = { a = "A", b = "B" }\n'
                'default = "c"\nclauses = ["wn.pl:225"]\nreason = "r"\norigin = "found"\n'
            ),
            "readings.planted",
            "default 'c' is not one of the options",
        ),
        (
            "readings.toml",
            _append(
                '[readings.planted]\nkind = "guess"\nquestion = "q"\noptions = { a = "A" }\ndefault = "a"\n'
                'clauses = ["wn.pl:225"]\nreason = "r"\norigin = "found"\n'
            ),
            "readings.planted.kind",
            "Input should be 'reading' or 'interpretation'",
        ),
        (
            "readings.toml",
            _append(
                '[readings.planted]\nkind = "reading"\nquestion = "q"\noptions = { a = "A" }\ndefault = "a"\n'
                'clauses = ["wn.pl 225"]\nreason = "r"\norigin = "found"\n'
            ),
            "readings.planted.clauses[0]",
            "String should match pattern",
        ),
        (
            "informative.toml",
            lambda text: text.replace('"wn.pl:3" = { kind', '"wn.pl:3" = { page = 1, kind', 1),
            "clauses.wn.pl:3.page",
            "unknown key",
        ),
        (
            "ocr_variants.toml",
            _append(
                '[[variants]]\ntext = "Stugus"\ncanonical = "sługus"\nmatch = "prefix"\nlines = [491]\n'
                'origin = "found"\n'
            ),
            "<file>",
            "variant 'Stugus' is listed twice",
        ),
        (
            "glossary.toml",
            _append(
                '[terms.planted]\npl = "p"\nen = "e"\ndefinition = "d"\ndefined = "wn.pl:3"\nstems = ["Wampir"]\n'
                "lines = [3]\n"
            ),
            "terms.planted",
            "stem 'Wampir' must be lowercase",
        ),
        (
            "findings.toml",
            _append(
                '[findings.planted]\ntopic = "t"\nkind = "silence"\nseverity = "no-change"\n'
                'quotes = [{ cite = "wn.pl:3", pl = "WŁADCY", en = "LORDS" }]\nreadings = ["no_such_reading"]\n'
                'resolution = "r"\norigin = "found"\n'
            ),
            "findings.planted.readings[0]",
            "no reading 'no_such_reading'",
        ),
    ],
)
def test_a_malformed_entry_is_a_one_line_error_with_file_and_key(
    spec_copy: Path, name: str, edit: Callable[[str], str], key: str, problem: str
) -> None:
    path = spec_copy / name
    before = path.read_text(encoding="utf-8")
    after = edit(before)
    assert after != before
    path.write_text(after, encoding="utf-8")
    loader: Callable[[Path], object] = {
        "readings.toml": load_readings,
        "informative.toml": load_informative,
        "ocr_variants.toml": load_ocr_variants,
        "glossary.toml": load_glossary,
        "findings.toml": load_findings,
    }[name]
    with pytest.raises(SpecError) as err:
        loader(spec_copy)
    message = _one_line(err)
    assert message.startswith(f"{path}: {key}: "), message
    assert problem in message, message
