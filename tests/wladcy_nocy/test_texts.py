"""The text of *Władcy Nocy* (issue 34): finding it, its citations, its clauses, ``clauses.json``, coverage and
OCR folding (:mod:`armata_rules.wladcy_nocy.texts`).

Planted faults show each check can fail: a changed line makes ``clauses.json`` stale, a bad citation in a file is
reported with its place, a clause no citation reaches is uncovered. A bad citation is never written literally in
this file (the scan of ``tests/wladcy_nocy/`` would report it): :func:`cite` builds it.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from armata_rules.wladcy_nocy import texts
from armata_rules.wladcy_nocy.spec import load_informative, load_ocr_variants, spec_folder
from armata_rules.wladcy_nocy.texts import (
    ENV,
    FILE_NAME,
    PACKAGED,
    CitationError,
    TextError,
    WNText,
    citation_problems,
    coverage,
    default_folder,
    find_citations,
    fold,
    render_clauses,
    rulebook,
    split_clauses,
    variant_lines,
    write_clauses,
)

ROOT = Path(__file__).resolve().parents[2]
#: Where citations of this game may stand (the other engineers' content and data files included).
CITING = (
    ROOT / "armata_rules" / "wladcy_nocy",
    ROOT / "spec" / "wladcy_nocy",
    ROOT / "tests" / "wladcy_nocy",
    ROOT / "docs",
)
TEXT_SUFFIXES = {".py", ".toml", ".json", ".md", ".rst", ".txt", ".po", ".html", ".j2"}


def cite(body: str) -> str:
    """A citation ``wn.<body>``, built so that a bad one planted here is no citation of this file."""
    return "wn." + body


@pytest.fixture
def fresh_rulebook() -> Iterator[None]:
    """Forget the cached text before and after a test that changes where it is read from."""
    rulebook.cache_clear()
    yield
    rulebook.cache_clear()


@pytest.fixture(scope="module")
def book() -> WNText:
    return WNText.load()


def _files(folders: tuple[Path, ...]) -> list[Path]:
    return sorted(
        path
        for folder in folders
        if folder.is_dir()
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in TEXT_SUFFIXES and "_build" not in path.parts
    )


# ------------------------------------------------------------------------------------------------ the text
def test_the_text_is_the_684_line_polish_rulebook(book: WNText) -> None:
    assert len(book.lines) == 684
    assert book.lines[2] == "WŁADCY NOCY"
    assert book.lines[682] == "www.igrology.ru/eng"
    assert book.sha256 == hashlib.sha256(book.path.read_bytes()).hexdigest()


def test_every_non_blank_line_lies_in_exactly_one_clause(book: WNText) -> None:
    owners: dict[int, list[str]] = {}
    for clause in book.clauses:
        assert book.lines[clause.first - 1].strip() and book.lines[clause.last - 1].strip(), clause.id
        assert clause.text == "\n".join(book.lines[clause.first - 1 : clause.last])  # verbatim
        for number in clause.lines:
            owners.setdefault(number, []).append(clause.id)
    for number, line in enumerate(book.lines, 1):
        if line.strip():
            assert len(owners.get(number, [])) == 1, (number, owners.get(number))
    ids = [clause.id for clause in book.clauses]
    assert len(set(ids)) == len(ids)
    assert [c.first for c in book.clauses] == sorted(c.first for c in book.clauses)


def test_the_english_card_scrap_is_one_wn_en_clause(book: WNText) -> None:
    scrap = [clause for clause in book.clauses if clause.source == "wn.en"]
    assert [(c.id, c.first, c.last, c.kind) for c in scrap] == [("en545", 545, 558, "scrap")]
    assert "Gates of Hell" in scrap[0].text
    assert all(clause.id == f"pl{clause.first}" for clause in book.clauses if clause.source == "wn.pl")


def test_the_splitter_follows_the_ocr_structure(book: WNText) -> None:
    by_id = {clause.id: clause for clause in book.clauses}
    # a sentence the OCR broke over blank lines is one clause; so is a credit line ending in a comma
    assert (by_id["pl185"].first, by_id["pl185"].last) == (185, 189)
    assert (by_id["pl671"].first, by_id["pl671"].last) == (671, 673)
    # a web address is no continuation, and flavour starting lowercase after a heading stays apart from it
    assert (by_id["pl681"].last, by_id["pl683"].first) == (681, 683)
    assert (by_id["pl351"].kind, by_id["pl353"].kind) == ("heading", "text")
    # the action table and the index: a clause per row; the component list: a clause per item
    assert all(by_id[f"pl{n}"].kind == "row" for n in range(304, 316))
    assert all(by_id[f"pl{n}"].kind == "row" for n in range(642, 666))
    assert (by_id["pl21"].kind, by_id["pl21"].last) == ("item", 22)  # "(po 18 każdego poziomu ...)" continues it
    assert [by_id[f"pl{n}"].kind for n in (473, 474, 475)] == ["item", "item", "item"]
    assert by_id["pl293"].kind == "heading" and by_id["pl293"].last == 294
    assert {clause.kind for clause in book.clauses} == set(texts.CLAUSE_KINDS)


def test_split_clauses_on_a_planted_text() -> None:
    lines = [
        "TYTUŁ",
        "",
        "Zdanie przerwane",
        "",
        "w połowie przez OCR.",
        "",
        "Lista:",
        "- pierwszy",
        "(ciąg dalszy)",
        " - drugi",
        "",
        "a\t1",
        "b\t2",
    ]
    found = [(c.id, c.first, c.last, c.kind) for c in split_clauses(lines)]
    assert found == [
        ("pl1", 1, 1, "heading"),
        ("pl3", 3, 5, "text"),
        ("pl7", 7, 7, "text"),
        ("pl8", 8, 9, "item"),
        ("pl10", 10, 10, "item"),
        ("pl12", 12, 12, "row"),
        ("pl13", 13, 13, "row"),
    ]
    assert split_clauses(lines) == split_clauses(list(lines))  # a function of the lines only


def test_a_text_whose_scrap_block_moved_is_refused() -> None:
    lines = ["x"] * 560
    lines[543] = ""  # line 544 blank, so lines 545-560 form one block, not 545-558
    with pytest.raises(TextError, match=r"wn\.en should be the block of lines 545-558"):
        split_clauses(lines)


# ------------------------------------------------------------------------------------------------ clauses.json
def test_clauses_json_is_up_to_date_and_names_the_text(book: WNText) -> None:
    stored_text = (spec_folder() / "clauses.json").read_text(encoding="utf-8")
    assert stored_text == render_clauses(book), "run: python -m armata_rules.wladcy_nocy.texts --write"
    stored = json.loads(stored_text)
    assert stored["file"] == FILE_NAME
    assert stored["sha256"] == hashlib.sha256(book.path.read_bytes()).hexdigest()
    assert len(stored["clauses"]) == len(book.clauses)


def test_a_changed_text_makes_clauses_json_stale(
    book: WNText,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    fresh_rulebook: None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    changed = list(book.lines)
    changed[224] = changed[224].replace("wierzchnią", "spodnią")  # one word of wn.pl:225
    (tmp_path / FILE_NAME).write_text("\n".join(changed) + "\n", encoding="utf-8")
    monkeypatch.setenv(ENV, str(tmp_path))
    planted = WNText.load(tmp_path)
    assert planted.sha256 != book.sha256
    assert render_clauses(planted) != render_clauses(book)
    assert texts.main(["--check"]) == 1
    assert "out of date" in capsys.readouterr().err


def test_check_passes_and_write_reproduces_the_stored_file(
    book: WNText, tmp_path: Path, fresh_rulebook: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert texts.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out
    target = write_clauses(tmp_path / "clauses.json", book)
    assert target.read_text(encoding="utf-8") == (spec_folder() / "clauses.json").read_text(encoding="utf-8")


# ------------------------------------------------------------------------------------------------ citations
@pytest.mark.parametrize(
    ("citation", "lines"),
    [
        ("wn.pl:225", (225, 225)),
        ("wn.pl:473-475", (473, 475)),
        ("wn.en:545-558", (545, 558)),
        ("wn.en:556", (556, 556)),
    ],
)
def test_citations_resolve_to_their_lines(book: WNText, citation: str, lines: tuple[int, int]) -> None:
    found = book.resolve(citation)
    assert (found.start, found.stop - 1) == lines


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ("pl225-", "malformed"),
        ("pl::225", "malformed"),
        ("pl:twelve", "malformed"),
        ("pl:07", "malformed"),
        ("pl:225–227", "malformed"),
        ("fr:3", "no source wn.fr"),
        ("pl:0", "line 0 is outside wn.pl"),
        ("pl:685", "line 685 is outside wn.pl"),
        ("pl:2", "line 2 is blank"),
        ("pl:183-197", "line 197 is blank"),
        ("en:544", "line 544 is outside wn.en"),
        ("en:540-550", "line 540 is outside wn.en"),
        ("en:559", "line 559 is outside wn.en"),
        ("pl:20-10", "reversed range"),
    ],
)
def test_a_bad_citation_is_a_one_line_error_naming_it(book: WNText, body: str, why: str) -> None:
    citation = cite(body)
    with pytest.raises(CitationError) as raised:
        book.resolve(citation)
    message = str(raised.value)
    assert citation in message and why in message and "\n" not in message


def test_whole_clauses_refuses_a_citation_that_cuts_a_clause(book: WNText) -> None:
    assert [c.id for c in book.whole_clauses("wn.pl:568-580")][:2] == ["pl568", "pl570"]
    with pytest.raises(CitationError, match="cuts clause pl185"):
        book.whole_clauses("wn.pl:189")


def test_every_citation_of_the_game_resolves() -> None:
    files = _files(CITING)
    found = sum(len(find_citations(path.read_text(encoding="utf-8"))) for path in files)
    assert found > 200  # the spec files alone cite the text a few hundred times: the scan reads them
    problems = citation_problems(files)
    assert not problems, "\n".join(problems)


def test_the_scan_reports_a_planted_bad_citation_with_its_place(tmp_path: Path) -> None:
    planted = tmp_path / "notes.toml"
    planted.write_text(
        f'ok = "{cite("pl:225")}"\nbad = "{cite("pl:9999")}, {cite("pl:12-")}"\nscrap = "{cite("en:600")}."\n',
        encoding="utf-8",
    )
    problems = citation_problems([planted])
    assert len(problems) == 3
    assert problems[0].startswith(f"{planted}:2: ") and "9999" in problems[0]
    assert "malformed" in problems[1]
    assert problems[2].startswith(f"{planted}:3: ") and "outside wn.en" in problems[2]


def test_a_template_is_no_citation() -> None:
    assert find_citations("cite as `wn.pl:LINE` or `wn.pl:FIRST-LAST`") == []
    assert find_citations("see wn.pl:225. And wn.pl:473-475,") == [(1, "wn.pl:225"), (1, "wn.pl:473-475")]


# ------------------------------------------------------------------------------------------------ coverage
def test_coverage_lists_the_clauses_no_citation_reaches() -> None:
    lines = ["NAGŁÓWEK", "", "Reguła pierwsza.", "", "Reguła druga,", "", "ciąg dalszy.", "", "a\t1", "b\t2"]
    clauses = split_clauses(lines)
    assert [c.id for c in clauses] == ["pl1", "pl3", "pl5", "pl9", "pl10"]
    assert [c.id for c in coverage([], clauses)] == ["pl1", "pl3", "pl5", "pl9", "pl10"]
    # one line of a clause covers it (line 7 is the second half of pl5); a blank line covers nothing
    assert [c.id for c in coverage([1, 7, 8], clauses)] == ["pl3", "pl9", "pl10"]
    assert coverage(range(1, 11), clauses) == ()


def test_coverage_of_the_text_with_the_informative_clauses(book: WNText) -> None:
    informative = set()
    for citation in load_informative().clauses:
        for clause in book.whole_clauses(citation):
            informative.update(clause.lines)
    uncovered = {clause.id for clause in coverage(informative, book.clauses)}
    assert {"pl7", "pl225", "pl304", "en545", "pl209"} <= uncovered  # rules: for the rules to cite
    assert not {"pl9", "pl319", "pl640", "pl665", "pl683", "pl293"} & uncovered


# ------------------------------------------------------------------------------------------------ folding
def test_fold_maps_every_variant_to_its_canonical_form() -> None:
    for variant in load_ocr_variants().variants:
        assert fold(variant.text).casefold() == variant.canonical.casefold(), variant.text
        assert fold(variant.text.upper()) == variant.canonical.upper()
    assert fold("stugusa") == "sługusa"
    assert fold("Stugusem") == "Sługusem"
    assert fold("STUGUSA") == "SŁUGUSA"
    assert fold("relikwiarzów") == "reliktów"  # the longer variant wins over relikw
    assert fold("relikwinnemu wampirowi") == "relikt innemu wampirowi"
    assert fold("4. POLOWANIE NA WAMPYRY") == "4. POLOWANIE NA WAMPIRY"


def test_fold_leaves_words_that_only_contain_a_variant() -> None:
    # a word variant is a whole word, a prefix variant starts a word
    assert fold("usunąć relikty relikt przesunąć") == "usunąć relikty relikt przesunąć"
    assert fold("nieslugus") == "nieslugus"


def test_each_variant_occurs_on_the_lines_it_lists_and_folding_removes_it(book: WNText) -> None:
    variants = load_ocr_variants().variants
    found = variant_lines(book.lines, variants)
    for variant in variants:
        assert found[variant.text] == variant.lines, variant.text
        pattern = re.compile(
            rf"(?<!\w){re.escape(variant.text)}" + (r"(?!\w)" if variant.match == "word" else ""), re.I
        )
        for number in variant.lines:
            assert pattern.search(book.lines[number - 1])
            assert not pattern.search(fold(book.lines[number - 1])), (variant.text, number)


def test_fold_leaves_a_line_without_variants_unchanged(book: WNText) -> None:
    with_variants = {n for variant in load_ocr_variants().variants for n in variant.lines}
    unchanged = [n for n in range(1, len(book.lines) + 1) if n not in with_variants]
    assert len(unchanged) > 600
    assert all(fold(book.lines[n - 1]) == book.lines[n - 1] for n in unchanged)
    assert all(fold(book.lines[n - 1]) != book.lines[n - 1] for n in with_variants)


# ------------------------------------------------------------------------------------------------ locating
def test_the_environment_variables_come_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "wn"))
    monkeypatch.setenv("ARMATA_RULEBOOKS", str(tmp_path / "armata"))
    assert default_folder() == (tmp_path / "wn", ENV)
    monkeypatch.delenv(ENV)
    assert default_folder() == (tmp_path / "armata", "ARMATA_RULEBOOKS")


def test_the_text_is_found_beside_a_checkout_else_in_the_package(
    book: WNText, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.delenv("ARMATA_RULEBOOKS", raising=False)
    nowhere = tmp_path / "site" / "armata_rules" / "wladcy_nocy" / "texts.py"
    packaged = tmp_path / "site" / "armata_rules" / "rulebooks_data"
    above = any((parent / "shared" / "rulebooks" / FILE_NAME).is_file() for parent in tmp_path.parents)
    if not above:
        assert default_folder([nowhere], packaged) == (Path("shared") / "rulebooks", None)
    packaged.mkdir(parents=True)
    shutil.copy(book.path, packaged / FILE_NAME)
    if not above:
        assert default_folder([nowhere], packaged) == (packaged, None)
    beside = tmp_path / "shared" / "rulebooks"
    beside.mkdir(parents=True)
    if not above:
        assert default_folder([nowhere], packaged) == (packaged, None)  # a folder without the text is skipped
    shutil.copy(book.path, beside / FILE_NAME)
    assert default_folder([nowhere], packaged) == (beside, None)


def test_a_missing_text_is_a_one_line_error_naming_the_path_and_the_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, str(tmp_path))
    with pytest.raises(TextError) as raised:
        WNText.load()
    message = str(raised.value)
    assert str(tmp_path / FILE_NAME) in message and f"${ENV}" in message and "\n" not in message
    with pytest.raises(TextError, match=rf"set \${ENV} to the folder"):
        WNText.load(tmp_path)


def test_the_wheel_ships_the_text_where_the_fallback_looks() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    target = PACKAGED.relative_to(ROOT) / FILE_NAME
    sources = [source for source, shipped in included.items() if Path(shipped) == target]
    assert sources == [f"../shared/rulebooks/{FILE_NAME}"]
    assert included.get("spec") == "armata_rules/spec_data"  # spec/wladcy_nocy ships with it
