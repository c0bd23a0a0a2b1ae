"""The designer's view of the findings (issue 29 §4): the filters the command line and the findings page share, the
JSON object with its format version, the words that differ in each quote (highlighted on the page, never cut off
by the text report), the grid's cells, and the page's own pieces. The page in a browser is checked in
``tests/test_docs.py`` on the built site."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from armata_rules.cli import main
from armata_rules.translations.corpus import Corpus, load_corpus
from armata_rules.translations.differing import excerpt, marks, named_phrases
from armata_rules.translations.finder import KINDS, Citation, Finding, corpus_findings
from armata_rules.translations.matrix import cells, texts
from armata_rules.translations.report import FORMAT_VERSION, QUOTE_WIDTH, render
from armata_rules.translations.selection import CHOICES, Selection, SelectionError, parse_values
from armata_rules.translations.sources import LANGS, Rulebooks
from armata_rules.translations.verdicts import Records, load_records

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
needs_books = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


@pytest.fixture(scope="module")
def records() -> Records:
    return load_records()


@pytest.fixture(scope="module")
def found(corpus: Corpus, records: Records) -> list[Finding]:
    if BOOKS is None:
        pytest.skip("the rulebooks are not beside the repository")
    return corpus_findings(corpus, BOOKS, records)


def _json(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, object]:
    assert main(["ambiguities", "--json", *arguments]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def _ids(data: dict[str, object]) -> list[str]:
    findings = data["findings"]
    assert isinstance(findings, list)
    return [f["id"] for f in findings]


def _finding(id_: str, kind: str, severity: str, citations: list[tuple[str, str, int, str]], **more: object) -> Finding:
    return Finding(id_, kind, severity, "topic", tuple(Citation(*c) for c in citations), **more)  # type: ignore[arg-type]


# --- the filters ---------------------------------------------------------------------------------------------------


def test_filter_values_are_repeated_or_comma_separated_and_unknown_ones_are_named() -> None:
    assert parse_values("kind", ["scope,numeric", " naming ", "scope", ""]) == ("numeric", "scope", "naming")
    assert parse_values("lang", []) == ()
    with pytest.raises(SelectionError) as caught:
        parse_values("kind", ["scope,scop"], "--kind")
    message = str(caught.value)
    assert message.startswith("--kind 'scop': expected one or more of ") and all(k in message for k in KINDS)
    with pytest.raises(SelectionError, match="unknown filter 'colour'"):
        Selection.parse({"colour": ["red"]})
    assert CHOICES["lang"] == LANGS and "unmodelled" in CHOICES["reading"]


def test_a_selection_keeps_a_finding_with_one_value_of_every_filter_given() -> None:
    fr = _finding("a", "scope", "changes-play", [("peg19", "en", 1, "x"), ("peg19", "fr", 2, "y")], reading="movement")
    de = _finding("b", "numeric", "cosmetic", [("peg19", "de", 3, "z")])
    assert Selection().apply([fr, de]) == [fr, de] and not Selection().active
    assert Selection(lang=("fr",)).apply([fr, de]) == [fr]
    assert Selection(lang=("fr", "de")).apply([fr, de]) == [fr, de]
    assert Selection(lang=("fr",), severity=("cosmetic",)).apply([fr, de]) == []
    assert Selection(kind=("numeric",)).apply([fr, de]) == [de]
    assert Selection(reading=("movement",)).apply([fr, de]) == [fr]
    assert Selection(reading=("unmodelled",)).apply([fr, de]) == []  # no reading passes no reading filter
    assert Selection(lang=("fr",), kind=("scope",)).describe() == "lang fr; kind scope"


@needs_books
@pytest.mark.parametrize(
    ("option", "value", "has"),
    [
        ("--lang", "fr", lambda f: any(c["lang"] == "fr" for c in f["citations"])),
        ("--severity", "cosmetic", lambda f: f["severity"] == "cosmetic"),
        ("--kind", "scope", lambda f: f["kind"] == "scope"),
        ("--reading", "ability_timing", lambda f: f["reading"] == "ability_timing"),
    ],
)
def test_each_cli_filter_keeps_exactly_the_findings_that_have_its_value(
    option: str, value: str, has: object, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = _json(capsys)
    assert everything["filters"] == {"lang": [], "severity": [], "kind": [], "reading": []}
    assert callable(has)
    every = everything["findings"]
    assert isinstance(every, list)
    wanted = [f["id"] for f in every if has(f)]
    assert 0 < len(wanted) < len(every), "a filter that keeps all or nothing tests nothing"
    data = _json(capsys, option, value)
    assert _ids(data) == wanted
    assert data["filters"][option.removeprefix("--")] == [value]  # type: ignore[index]


@needs_books
def test_cli_filters_combine_and_take_several_values(capsys: pytest.CaptureFixture[str]) -> None:
    every = _json(capsys)["findings"]
    assert isinstance(every, list)
    langs = lambda f: {c["lang"] for c in f["citations"]}  # noqa: E731
    wanted = [
        f["id"]
        for f in every
        if langs(f) & {"fr", "de"} and f["severity"] == "changes-play" and f["kind"] in ("scope", "ordering")
    ]
    assert wanted
    combined = _json(capsys, "--lang", "fr", "--lang", "de", "--severity", "changes-play", "--kind", "scope,ordering")
    assert _ids(combined) == wanted
    assert combined["filters"] == {
        "lang": ["de", "fr"],
        "severity": ["changes-play"],
        "kind": ["scope", "ordering"],
        "reading": [],
    }
    both = _json(capsys, "--kind", "scope", "--reading", "ability_timing")  # ability_timing is an ordering finding
    assert _ids(both) == []
    assert main(["ambiguities", "--kind", "scope", "--reading", "ability_timing"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("0 of ")


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        (["--lang", "xx"], "de, en, it, fr, es"),
        (["--severity", "fatal"], "changes-play, cosmetic, unreviewed"),
        (["--kind", "scope,scop"], "numeric, modality, tie-break"),
        (["--reading", "nope"], "ability_timing"),
    ],
)
def test_an_unknown_filter_value_is_a_one_line_usage_error_naming_the_valid_ones(
    arguments: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ambiguities", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert captured.err.startswith(f"armata-rules: error: {arguments[0]} ") and named in captured.err


@needs_books
def test_several_langs_cannot_name_the_language_of_a_source_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scan = tmp_path / "scan.txt"
    scan.write_text("Le joueur peut déplacer sa figurine.\n", encoding="utf-8")
    assert main(["ambiguities", "--source", str(scan), "--lang", "fr,de"]) == 2
    assert "one --lang" in capsys.readouterr().err


# --- the JSON form -------------------------------------------------------------------------------------------------


@needs_books
def test_json_is_an_object_with_a_format_version(found: list[Finding], capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys)
    assert set(data) == {"format", "filters", "findings"}
    assert data["format"] == FORMAT_VERSION == 1
    assert _ids(data) == [f.id for f in found]
    findings = data["findings"]
    assert isinstance(findings, list)
    for finding in findings:
        for citation in finding["citations"]:
            assert set(citation) == {"source", "lang", "line", "quote", "differs"}
            for start, end in citation["differs"]:
                assert 0 <= start < end <= len(citation["quote"])
    movement = next(f for f in findings if f["id"] == "movement-may-must-exactly")
    english = next(c for c in movement["citations"] if (c["source"], c["lang"]) == ("peg19", "en"))
    assert "may" in [english["quote"][a:b] for a, b in english["differs"]]


# --- the words that differ -----------------------------------------------------------------------------------------


def test_same_language_quotes_differ_in_the_words_outside_what_they_share() -> None:
    f = _finding(
        "x",
        "modality",
        "changes-play",
        [
            ("peg19", "en", 1, "The player **may** move their Powerwolf up to the value, see page 14."),
            ("sb19", "en", 2, "The player **must** move their Powerwolf up to the value, see page 12."),
        ],
    )
    old, new = marks(f)
    assert [f.citations[0].quote[a:b] for a, b in old] == ["may"]  # the page numbers are each edition's own
    assert [f.citations[1].quote[a:b] for a, b in new] == ["must"]
    unrelated = _finding("y", "scope", "changes-play", [("peg19", "en", 1, "One thing."), ("sb19", "en", 2, "Other.")])
    assert marks(unrelated) == ((), ())  # less than half alike: two different sentences, not compared


def test_across_languages_the_facts_of_the_findings_kind_are_marked_where_they_differ() -> None:
    quotes = [
        ("peg19", "en", 1, "Draw 2 cards and move 3 spaces."),
        ("peg19", "it", 2, "Pesca 4 carte e muovi 3 caselle."),
    ]
    numeric = _finding("n", "numeric", "changes-play", quotes, details={"clause": "en1"})
    en, it = marks(numeric)
    assert [quotes[0][3][a:b] for a, b in en] == ["2"] and [quotes[1][3][a:b] for a, b in it] == ["4"]
    naming = _finding("m", "naming", "changes-play", quotes, details={"clause": "en1"})
    assert marks(naming) == ((), ())  # a naming finding is not about numbers


def test_the_phrases_a_finding_quotes_are_marked_in_its_quotes() -> None:
    assert named_phrases(["at the end ('pendant la manche'), and qu'ils ('la force du Strigoï')"]) == [
        ("la", "force", "du", "strigoi"),
        ("pendant", "la", "manche"),
    ]
    quote = "Si le héros combat pendant la manche, il perd 1 point."
    f = _finding("p", "scope", "changes-play", [("peg19", "fr", 9, quote)], interpretation="'pendant la manche'")
    (spans,) = marks(f)
    assert [quote[a:b] for a, b in spans] == ["pendant la manche"]


def test_a_long_quote_is_shortened_around_its_marks_never_before_them() -> None:
    quote = "word " * 40 + "the DIFFERENCE is here " + "word " * 40
    start = quote.index("DIFFERENCE")
    short = excerpt(quote, [(start, start + len("DIFFERENCE"))])
    assert "DIFFERENCE" in short and short.startswith("...") and short.endswith("...")
    assert len(short) <= QUOTE_WIDTH + 6
    assert excerpt(quote, []) == quote[: QUOTE_WIDTH - 3] + "..."  # nothing known to differ: the start
    assert excerpt("short", [(0, 5)]) == "short"
    far = [(10, 14), (len(quote) - 20, len(quote) - 16)]
    both = excerpt(quote, far)
    assert quote[10:14] in both and quote[-20:-16] in both and "..." in both.strip(".")


@needs_books
def test_the_text_report_keeps_the_words_that_differ_past_its_width(
    found: list[Finding], capsys: pytest.CaptureFixture[str]
) -> None:
    movement = next(f for f in found if f.id == "movement-may-must-exactly")
    english = next(c for c in movement.citations if (c.source, c.lang) == ("peg19", "en"))
    assert english.quote.index("must") > QUOTE_WIDTH  # the old cut at 107 characters lost it
    assert main(["ambiguities", "--kind", "modality"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith(f"peg19.en:{english.line} "))
    assert "may" in line and "must stop" in line and len(line) < len(english.quote)


# --- the grid --------------------------------------------------------------------------------------------------


@needs_books
def test_the_grid_marks_the_texts_whose_records_change_play(
    found: list[Finding], records: Records, corpus: Corpus
) -> None:
    columns = texts(found, records)
    assert columns[:6] == ["peg19.en", "peg19.de", "peg19.it", "peg19.fr", "peg19.es", "sb19.en"]
    movement = next(f for f in found if f.id == "movement-may-must-exactly")
    row = cells(movement, records, corpus)
    assert row["peg19.fr"].state == "play" and "peg19.fr/en760" in row["peg19.fr"].records
    assert row["peg19.en"].state == "quoted" and "read against" in row["peg19.en"].note
    assert {cell.state for cell in row.values()} <= {"play", "cosmetic", "quoted"}
    for f in found:  # every play-changing record of a finding shows as a cell of its text
        row = cells(f, records, corpus)
        for record_id in f.verdicts:
            record = records.by_id[record_id]
            text = record.source if record_id.startswith("contradictions/") else record.judged  # type: ignore[union-attr]
            assert row[text].state == "play", (f.id, record_id)


@needs_books
def test_render_filters_and_counts_what_it_left_out(found: list[Finding], corpus: Corpus) -> None:
    chosen = Selection(lang=("fr",), severity=("changes-play",))
    text = render(found, "text", None, corpus, chosen)
    kept = chosen.apply(found)
    assert text.splitlines()[-1] == f"{len(kept)} of {len(found)} findings (lang fr; severity changes-play)"
    assert 0 < len(kept) < len(found)
    markdown = render(found, "markdown", None, corpus, chosen)
    assert all(f"`{f.id}`" in markdown for f in kept)
    assert not any(f"`{f.id}`" in markdown for f in found if f not in kept)


# --- the page's pieces -----------------------------------------------------------------------------------------


def test_a_quote_on_the_page_keeps_its_emphasis_and_marks_the_words_that_differ() -> None:
    pytest.importorskip("sphinx")
    docs = Path(__file__).resolve().parents[1] / "docs"
    sys.path.insert(0, str(docs / "_ext"))
    sys.path.insert(0, str(docs))
    from armata_findings import mark, quote_nodes
    from docutils import nodes

    quote = "The player **may move** up to *six* spaces **"
    may, six = quote.index("may"), quote.index("six")
    built = quote_nodes(quote, ((may, may + 3), (six, six + 3)))
    text = "".join(node.astext() for node in built)
    assert text == "The player may move up to six spaces "  # markers gone, the unpaired one too
    marked = [node for node in built if isinstance(node, mark)]
    assert [m.astext() for m in marked] == ["may", "six"]
    assert isinstance(marked[0].children[0], nodes.strong) and isinstance(marked[1].children[0], nodes.emphasis)


def test_the_page_check_fails_when_the_filters_hide_the_wrong_findings() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs"
    sys.path.insert(0, str(docs))
    import screenshots

    def page(*rows: tuple[str, bool]) -> str:
        cells_ = "".join(f'<tr data-finding="{i}"{" hidden" if h else ""}></tr>' for i, h in rows)
        entries = "".join(f'<details data-finding="{i}"{" hidden" if h else ""}></details>' for i, h in rows)
        return f'<table id="armata-grid">{cells_}</table>{entries}'

    query = "?lang=fr"
    assert screenshots.filter_problems(page(("a", False), ("b", True)), query, {"a"}) == []
    assert screenshots.filter_problems(page(("a", False), ("b", False)), query, {"a"}) == [
        "b is shown but ?lang=fr leaves it out",
        "?lang=fr should show some findings and hide others; the page shows all or none",
    ]
    assert screenshots.filter_problems(page(("a", True), ("b", False)), query, {"a"})[:2] == [
        "b is shown but ?lang=fr leaves it out",
        "a is hidden but ?lang=fr keeps it",
    ]
    torn = '<table id="armata-grid"><tr data-finding="a" hidden></tr></table><details data-finding="a"></details>'
    assert "disagree" in screenshots.filter_problems(torn, query, {"a"})[0]
    assert screenshots.filter_problems("<p>no grid</p>", query, set()) == ["the page has no grid of findings"]


def test_a_quantifier_finding_across_languages_marks_the_quantifiers() -> None:
    """The new-text finder's kind ``quantifier`` (issue 29's up-to/exactly example) is highlighted like a scope one."""
    en = "The player moves their Powerwolf up to the value shown on the card played."
    it = "Il giocatore muove la propria pedina Powerwolf esattamente del valore indicato sulla carta giocata."
    cites = (Citation("peg19", "en", 760, en), Citation("peg19", "it", 1307, it))
    finding = Finding("x", "quantifier", "changes-play", "up to or exactly", cites, None, None, "automatic", {}, None)
    assert [[quote[a:b] for a, b in spans] for quote, spans in zip((en, it), marks(finding), strict=True)] == [
        ["up to"],
        ["esattamente"],
    ]
