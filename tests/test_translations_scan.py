"""New texts as they really come: OCR'd scans of a page or a few. Seeded scan damage (``tests/scan_damage.py``)
must give no finding in any language; each planted real change must be found at the right line of the user's
file; ``--source`` accepts paths holding ``:``; findings name their verdict record; the rulebooks are found in
the installed package when no checkout is beside it."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest

from armata_rules.cli import main
from armata_rules.translations.changes import mend, split
from armata_rules.translations.corpus import Corpus, load_corpus
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.scan import key, read_scan
from armata_rules.translations.sources import FILES, PACKAGED, Rulebooks, default_folder
from armata_rules.translations.verdict_ids import new_text_verdict_id
from tests.scan_damage import HEADERS, PLANTS, clean_paragraphs, damage, found, plant

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
needs_books = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")
SOURCES = ("peg19.de", "peg19.en", "peg19.it", "peg19.fr", "peg19.es", "sb19.en")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def books() -> Rulebooks:
    assert BOOKS is not None
    return BOOKS


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


def test_the_key_ignores_scan_damage() -> None:
    assert key("P owerwolf peuv ent") == key("Powerwolf peuvent")
    assert key("“Discard Pile” can’t") == key('"Discard Pile" can\'t')
    assert key("Fähigkeit Straße") == key("Fahigkeit Strasse")
    assert key("move-\nment") == key("movement")
    assert key("may") != key("must")


def test_reading_a_scan_reflows_and_leaves_out_page_furniture() -> None:
    lines = [
        "12   ARMATA STRIGOI",
        "",
        "The Powerwolf may move a num-",
        "ber of spaces. Two miniatures",
        "",
        "— 12 —",
        "ARMATA STRIGOI   13",
        "",
        "cannot stay in the same space.",
        "• Next item here.",
        "— 13 —",
    ]
    scan = read_scan(lines)
    assert (
        scan.text
        == "The Powerwolf may move a number of spaces. Two miniatures cannot stay in the same space. - Next item here."
    )
    assert scan.furniture == (1, 6, 7, 11)
    at = scan.key.index("cannot")
    assert scan.line_at(at) == 9 and scan.line_at(scan.key.index("number")) == 3
    assert scan.text.index("- Next") in scan.breaks


def test_word_breaks_moved_by_a_scanner_are_laid_over_the_editions() -> None:
    edition = split("les Powerwolf peuvent aller à l'autel")
    scan = split("lesP owerwolf peuv ent aller à l 'autel")
    assert scan.word_keys() == ["lesp", "owerwolf", "peuv", "ent", "aller", "a", "l", "autel"]
    mended = mend(edition, scan)
    assert mended.word_keys() == edition.word_keys()
    assert mended.quote(1, 3) == "P owerwolf peuv ent"  # quoted as the scan prints it
    changed = mend(edition, split("les Strigoi peuvent aller"))  # different letters: breaks left as they are
    assert changed.word_keys() == ["les", "strigoi", "peuvent", "aller"]


@needs_books
@pytest.mark.parametrize("source", SOURCES)
def test_a_damaged_copy_gives_no_finding(books: Rulebooks, corpus: Corpus, tmp_path: Path, source: str) -> None:
    edition, lang = source.split(".")
    damaged = damage(clean_paragraphs(books, source), lang, seed=11)
    path = tmp_path / "scan.txt"
    path.write_text(damaged.text(), encoding="utf-8")
    assert len(damaged.lines) > len(clean_paragraphs(books, source))  # wrapped: many more lines than paragraphs
    assert find_in_text(path, lang, corpus, books, edition) == []
    assert find_in_text(path, lang, corpus, books) == []  # the edition is found without being named


@needs_books
@pytest.mark.parametrize("source", SOURCES)
def test_planted_changes_are_found_at_their_lines(
    books: Rulebooks, corpus: Corpus, tmp_path: Path, source: str
) -> None:
    edition, lang = source.split(".")
    changed, plants = plant(clean_paragraphs(books, source), lang, seed=5)
    assert {p.kind for p in plants} == set(PLANTS)
    damaged = damage(changed, lang, seed=5)
    path = tmp_path / "scan.txt"
    path.write_text(damaged.text(), encoding="utf-8")
    findings = find_in_text(path, lang, corpus, books, edition)
    cited = [(f.kind, f.citations[-1].line) for f in findings]
    missed = [p for p in plants if not found(p, damaged, cited)]
    assert missed == []
    for f in findings:
        assert f.citations[-1].source == "scan.txt"
        assert f.topic.endswith(".") and "…" not in f.topic
        assert f.verdict == new_text_verdict_id(str(f.details["clause"]), "scan.txt", f.kind)


@needs_books
def test_a_few_pages_are_located_within_the_edition(books: Rulebooks, corpus: Corpus, tmp_path: Path) -> None:
    paragraphs = clean_paragraphs(books, "peg19.it")
    path = tmp_path / "pagine.txt"
    path.write_text(damage(paragraphs, "it", seed=3, pages=(6, 2)).text(), encoding="utf-8")
    assert find_in_text(path, "it", corpus, books) == []
    changed, plants = plant(paragraphs, "it", seed=3, kinds=("number",))
    damaged = damage(changed, "it", seed=3)
    headers = [n for n, line in enumerate(damaged.lines, start=1) if HEADERS["it"] in line]
    line = min(damaged.lines_of(plants[0].paragraph, plants[0].first, plants[0].last))
    page = sum(1 for n in headers if n <= line) - 1  # the page holding the change, and the next
    fragment = damage(changed, "it", seed=3, pages=(page, 2))
    path.write_text(fragment.text(), encoding="utf-8")
    findings = find_in_text(path, "it", corpus, books, "peg19")
    assert [f.kind for f in findings] == ["numeric"]
    assert findings[0].citations[-1].line in fragment.lines_of(plants[0].paragraph, plants[0].first, plants[0].last)


@needs_books
def test_cli_accepts_paths_holding_colons(books: Rulebooks, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    odd = tmp_path / "scan:2024.txt"
    changed, _ = plant(clean_paragraphs(books, "peg19.fr"), "fr", seed=2, kinds=("modal",))
    odd.write_text(damage(changed, "fr", seed=2).text(), encoding="utf-8")
    assert main(["ambiguities", "--source", str(odd), "--lang", "fr", "--edition", "peg19", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["findings"]
    assert [f["kind"] for f in data] == ["modality"]
    assert data[0]["citations"][1]["source"] == "scan:2024.txt"
    assert data[0]["verdict"].startswith("new:scan:2024.txt/") and data[0]["verdict"].endswith("#modality")
    assert data[0]["verdicts"] == []
    assert (
        main(["ambiguities", "--source", f"{odd}:fr:peg19", "--format", "json"]) == 0
    )  # the old form, read from the right
    assert json.loads(capsys.readouterr().out)["findings"] == data
    assert main(["ambiguities", "--source", f"{odd}:fr", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["findings"] == data
    assert main(["ambiguities", "--source", str(odd)]) == 2  # no language
    assert main(["ambiguities", "--source", str(odd), "--lang", "fr", "--edition", "peg20"]) == 2
    assert "peg20" in capsys.readouterr().err


@needs_books
def test_corpus_findings_name_their_verdict_and_read_as_sentences(
    books: Rulebooks, corpus: Corpus, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ambiguities", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["findings"]
    may_must = next(f for f in data if f["id"] == "movement-may-must-exactly")
    assert may_must["verdict"] == "sb19.en/en760"
    assert {"peg19.fr/en760", "sb19.en/en760"} <= set(may_must["verdicts"])  # the review may add records to it
    for f in data:
        assert not f["topic"].endswith("…"), f["topic"]
        if f["citations"]:
            source, _, clause = f["verdict"].partition("/")
            assert clause in corpus.by_id or source == "contradictions", f


def test_rulebooks_fall_back_to_the_installed_package_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ARMATA_RULEBOOKS", raising=False)
    nowhere = tmp_path / "site" / "armata_rules" / "translations" / "sources.py"
    packaged = tmp_path / "site" / "armata_rules" / "rulebooks_data"
    # a machine may hold shared/rulebooks above the temporary folder (/tmp/shared): then it is found first
    above = any((parent / "shared" / "rulebooks").is_dir() for parent in tmp_path.parents)
    if not above:
        assert default_folder([nowhere], packaged) == Path("shared/rulebooks")  # nothing anywhere: the named default
    if BOOKS is not None:
        packaged.mkdir(parents=True)
        for name in FILES.values():
            shutil.copy(BOOKS.folder / name, packaged / name)
        if not above:
            assert default_folder([nowhere], packaged) == packaged
        assert Rulebooks.load(default_folder([nowhere], packaged)).checksums == BOOKS.checksums
        beside = tmp_path / "shared" / "rulebooks"
        beside.mkdir(parents=True)
        assert default_folder([nowhere], packaged) == beside  # a checkout's ../shared/rulebooks comes first
        monkeypatch.setenv("ARMATA_RULEBOOKS", str(tmp_path))
        assert default_folder([nowhere], packaged) == tmp_path


def test_the_wheel_ships_the_rulebooks_where_the_fallback_looks() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    shipped = {Path(target) for target in included.values()}
    relative = PACKAGED.relative_to(ROOT)
    for name in FILES.values():
        assert relative / name in shipped
        source = next(s for s, t in included.items() if Path(t) == relative / name)
        assert Path(source).name == name and Path(source).parent == Path("../shared/rulebooks")


@needs_books
def test_markdown_output_escapes_html_from_a_scan(
    books: Rulebooks, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30 #12: --format markdown copied a scan's text verbatim, so <script> in a scan reached the Markdown as
    raw HTML. A planted change makes a finding whose quote carries the scan's line."""
    scan = tmp_path / "hostile.txt"
    changed, _ = plant(clean_paragraphs(books, "peg19.fr"), "fr", seed=2, kinds=("modal",))
    text = damage(changed, "fr", seed=2).text()
    lines = text.split("\n")
    lines = [line + " <script>alert(1)</script> | x" if line.strip() else line for line in lines]
    scan.write_text("\n".join(lines), encoding="utf-8")
    assert main(["ambiguities", "--source", f"{scan}:fr:peg19", "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "<script>" not in out


@pytest.mark.parametrize("kind", ["fifo", "device", "directory", "too large"])
def test_a_source_that_is_not_a_regular_text_file_is_refused_at_once(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30 #1: `ambiguities --source` read with read_text: a FIFO blocked for ever, /dev/zero filled memory,
    and there was no size cap. It now reads with the data files' guards."""
    import os

    from armata_rules.translations.newtext import MAX_TEXT_BYTES

    path = tmp_path / "scan.txt"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path = Path("/dev/zero")
    elif kind == "directory":
        path.mkdir()
    else:
        path.write_bytes(b"x" * (MAX_TEXT_BYTES + 1))
    assert main(["ambiguities", "--source", f"{path}:it:peg19"]) == 2
    err = capsys.readouterr().err.strip()
    assert str(path) in err and "Traceback" not in err and len(err.splitlines()) == 1
    expected = {"fifo": "a FIFO", "device": "a device", "directory": "a directory", "too large": "is larger than"}
    assert expected[kind] in err


@needs_books
@pytest.mark.parametrize(
    ("damage_kind", "expected"),
    [
        ("empty", "has 0 lines, but the peg19 sources need 2781"),
        ("half", "has 1390 lines, but the peg19 sources need 2781"),
        ("short sb19", "has 700 lines, but the sb19 sources need 799"),
        ("fifo", "a FIFO"),
        ("directory", "a directory"),
        ("not utf-8", "is not UTF-8 text"),
    ],
)
def test_a_damaged_rulebooks_folder_is_refused_in_one_line(
    damage_kind: str, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30 #1: `ambiguities --rulebooks DIR` with a short, empty or half file ended in an IndexError
    traceback (``multilingual_languages``), and the folder's files were read without the data files' guards."""
    import os

    assert BOOKS is not None
    for name in FILES.values():
        shutil.copy(BOOKS.folder / name, tmp_path / name)
    peg, sb = tmp_path / FILES["peg19"], tmp_path / FILES["sb19"]
    lines = peg.read_text(encoding="utf-8").splitlines(keepends=True)
    if damage_kind == "empty":
        peg.write_text("")
    elif damage_kind == "half":
        peg.write_text("".join(lines[:1390]), encoding="utf-8")
    elif damage_kind == "short sb19":
        sb.write_text("".join(sb.read_text(encoding="utf-8").splitlines(keepends=True)[:700]), encoding="utf-8")
    elif damage_kind == "fifo":
        peg.unlink()
        os.mkfifo(peg)
    elif damage_kind == "directory":
        peg.unlink()
        peg.mkdir()
    else:
        peg.write_bytes(b"\xff\xfe" + peg.read_bytes())
    assert main(["ambiguities", "--rulebooks", str(tmp_path), "--format", "json"]) == 2
    err = capsys.readouterr().err.strip()
    assert expected in err and "Traceback" not in err and len(err.splitlines()) == 1


@needs_books
def test_a_line_outside_a_rulebook_is_an_error_not_a_line_from_the_end() -> None:
    from armata_rules.translations.sources import RulebookError

    assert BOOKS is not None
    with pytest.raises(RulebookError, match="has no line 0"):
        BOOKS.line("peg19", 0)
    with pytest.raises(RulebookError, match="has no line 9999"):
        BOOKS.line("peg19", 9999)


def _page_numbers_by_pairs(lines: list[str]) -> set[int]:
    """The page-number rule as first written: every number line against every other (n² on a file of numbers)."""
    from armata_rules.translations.scan import _PAGE_NUMBER

    numbers = {n: int(m.group(1)) for n, line in enumerate(lines) if (m := _PAGE_NUMBER.match(line.strip()))}
    filled = [n for n, line in enumerate(lines) if line.strip()]
    ends = set(filled[:3] + filled[-3:])
    return {
        n
        for n, value in numbers.items()
        if any(ch in "—–-|[]·•" for ch in lines[n])
        or n in ends
        or any(0 < abs(o - value) <= 2 and 20 <= abs(m - n) <= 80 * abs(o - value) for m, o in numbers.items())
    }


@pytest.mark.parametrize("seed", range(20))
def test_page_numbers_found_by_bisection_are_those_found_pair_by_pair(seed: int) -> None:
    """Issue 30 #1: a scan of nothing but number lines took time quadratic in its length (20,000 lines: 23 s)
    because every number was compared with every other. The bisection finds exactly the same page numbers."""
    import random

    from armata_rules.translations.scan import _page_numbers

    rng = random.Random(seed)
    lines = []
    for _ in range(rng.randint(0, 400)):
        roll = rng.random()
        if roll < 0.5:
            lines.append(str(rng.randint(0, 12)))
        elif roll < 0.6:
            lines.append(f"— {rng.randint(0, 12)} —")
        elif roll < 0.7:
            lines.append("")
        else:
            lines.append("The Strigoi moves one step.")
    assert _page_numbers(lines) == _page_numbers_by_pairs(lines)


@needs_books
def test_a_scan_holding_the_rules_eight_times_is_compared_once_and_says_so(
    books: Rulebooks, corpus: Corpus, tmp_path: Path
) -> None:
    """Issue 30 #13: with the rules 8 times over (duplicated pages are common in scans) every sentence was found 8
    times, dropped as a non-anchor, and the scan refused ("no sentence of the peg19.en rules was found")."""
    changed, plants = plant(clean_paragraphs(books, "peg19.en"), "en", seed=5)
    damaged = damage(changed, "en", seed=5)
    path = tmp_path / "scan.txt"
    path.write_text("\n".join(damaged.lines * 8) + "\n", encoding="utf-8")
    findings = find_in_text(path, "en", corpus, books, "peg19")
    repeats = [f for f in findings if f.kind == "repeated-text"]
    size = len(damaged.lines)
    assert [f.citations[-1].line for f in repeats] == [k * size + 1 for k in range(1, 8)]
    assert all(f.citations[0].line == 1 and f.severity == "cosmetic" for f in repeats)
    cited = [(f.kind, f.citations[-1].line) for f in findings if f.kind != "repeated-text"]
    assert [p for p in plants if not found(p, damaged, cited)] == []  # the first copy is compared as usual
    assert all(line <= size for _, line in cited)


@needs_books
def test_one_page_scanned_twice_is_reported_and_nothing_else(books: Rulebooks, corpus: Corpus, tmp_path: Path) -> None:
    paragraphs = clean_paragraphs(books, "peg19.it")
    first, again, rest = (damage(paragraphs, "it", seed=3, pages=pages).lines for pages in ((0, 3), (2, 1), (3, 2)))
    path = tmp_path / "pagine.txt"
    path.write_text("\n".join(first + again + rest) + "\n", encoding="utf-8")
    findings = find_in_text(path, "it", corpus, books, "peg19")
    assert [f.kind for f in findings] == ["repeated-text"]
    assert f"lines {len(first) + 1}-" in findings[0].topic or f"lines {len(first) + 2}-" in findings[0].topic


@needs_books
def test_no_source_repeats_a_run_of_its_own_lines(books: Rulebooks) -> None:
    """The repeat finder sets nothing aside in the rulebooks themselves: no clean text is mistaken for a copy."""
    from armata_rules.translations.repeats import repeated_runs

    for name in SOURCES:
        assert repeated_runs(clean_paragraphs(books, name)) == [], name
