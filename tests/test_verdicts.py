"""The recorded review (spec/verdicts): every passage judged, every play-changing verdict tied to the engine and
listed by a finding of ``armata-rules ambiguities``, which names its records by the review's own ids."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule and interpretation)
from armata_rules.cli import main
from armata_rules.rules import INTERPRETATIONS
from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import load_corpus
from armata_rules.translations.finder import Finding, corpus_findings
from armata_rules.translations.report import review_summary
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.verdict_ids import kind_mismatch, new_text_verdict_id
from armata_rules.translations.verdicts import (
    Records,
    Verdict,
    VerdictError,
    handling,
    load_contradictions,
    load_records,
    load_reviews,
    review_problems,
)
from armata_rules.variants import READINGS

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None


def _findings() -> dict[str, dict[str, object]]:
    data = tomllib.loads((spec_folder() / "findings.toml").read_text(encoding="utf-8"))
    findings: dict[str, dict[str, object]] = data["findings"]
    return findings


def _problems(folder: Path | None = None) -> list[str]:
    return review_problems(
        load_reviews(folder),
        load_contradictions(folder),
        load_corpus(),
        [spec.name for spec in READINGS],
        INTERPRETATIONS,
        _findings(),
    )


def test_every_passage_has_a_verdict_and_every_play_change_a_link() -> None:
    assert _problems() == []


def test_every_text_is_reviewed() -> None:
    judged = {review.judged for review in load_reviews()}
    assert judged == {
        "peg19.de",
        "peg19.it",
        "peg19.fr",
        "peg19.es",
        "sb19.en",
        "sb19.de",
        "sb19.it",
        "sb19.fr",
        "sb19.es",
    }


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "verdicts"
    folder.mkdir()
    for path in (spec_folder() / "verdicts").glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_a_missing_verdict_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.it.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"en603", ', "", 1), encoding="utf-8")
    assert "peg19.it.toml: en603: no verdict" in _problems(folder)


def test_an_unlinked_play_change_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.fr.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reading = "movement"\n', "", 1), encoding="utf-8")
    problems = _problems(folder)
    assert any(p.startswith("peg19.fr.toml: en760: changes play but names no") for p in problems)


def test_an_unknown_reading_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "sb19.en.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reading = "movement"', 'reading = "walking"', 1), encoding="utf-8")
    assert "sb19.en.toml: en760: reading 'walking' is not a Ruleset reading" in _problems(folder)


def test_a_bad_dimension_names_file_and_key(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.de.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('dimension = "timing"', 'dimension = "vibes"', 1), encoding="utf-8")
    with pytest.raises(VerdictError, match=r"peg19\.de\.toml: changes-play\.en756\.dimension: 'vibes'"):
        load_reviews(folder)


def test_a_file_must_be_named_after_the_text_it_judges(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "peg19.de.toml").rename(folder / "german.toml")
    with pytest.raises(VerdictError, match=r"german\.toml: judged: 'peg19\.de' is not the file's name"):
        load_reviews(folder)


# A finding cites a line of every text whose records it summarises, so a translator can jump to the passage.


def _citation_gaps(records: Records, findings: Mapping[str, Mapping[str, object]]) -> list[str]:
    """Play-changing records whose finding cites no line of the record's own text (the judged text of a verdict,
    the source of a contradiction), and records that cite none themselves where no finding of theirs does: the
    finding made of an unmodelled record takes that record's citations."""
    gaps = []
    for record in records.play:
        source = record.judged if isinstance(record, Verdict) else record.source
        finding = findings.get(record.finding) if record.finding else None
        cited = finding.get("citations", []) if finding is not None else []
        by_finding = isinstance(cited, list) and any(str(c).partition(":")[0] == source for c in cited)
        if finding is not None and not by_finding:
            gaps.append(f"{record.record_id}: finding {record.finding!r} cites no line of {source}")
        elif finding is None and not any(c.partition(":")[0] == source for c in record.citations):
            gaps.append(f"{record.record_id}: cites no line of {source}")
    return gaps


def test_findings_cite_a_line_of_every_text_they_summarise(records: Records) -> None:
    assert _citation_gaps(records, _findings()) == []


def test_a_finding_that_cites_only_the_english_side_is_reported(records: Records) -> None:
    findings = _findings()
    setup = dict(findings["de-setup-missing"])
    cited = setup["citations"]
    assert isinstance(cited, list)
    setup["citations"] = [c for c in cited if not c.startswith("peg19.de:")]
    gaps = _citation_gaps(records, {**findings, "de-setup-missing": setup})
    assert gaps == [
        f"peg19.de/en{line}: finding 'de-setup-missing' cites no line of peg19.de" for line in range(710, 729, 2)
    ]


def test_an_unmodelled_record_that_cites_only_the_english_side_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.de.toml"
    text = path.read_text(encoding="utf-8")
    cited = 'citations = ["peg19.de:394", "peg19.en:1014"]\n'
    assert cited in text
    path.write_text(text.replace(cited, 'citations = ["peg19.en:1014"]\n', 1), encoding="utf-8")
    assert _citation_gaps(load_records(folder), _findings()) == ["peg19.de/en1014: cites no line of peg19.de"]


# The finder and the review share one id scheme: every finding names records of spec/verdicts.


@pytest.fixture(scope="module")
def records() -> Records:
    return load_records()


@pytest.fixture(scope="module")
def findings(records: Records) -> list[Finding]:
    if BOOKS is None:
        pytest.skip("the rulebooks are not beside the repository")
    return corpus_findings(load_corpus(), BOOKS, records)


def _kind_problems(findings: list[Finding], records: Records) -> list[str]:
    """Findings whose main record is of another kind with no stated reason, or whose reason does not hold."""
    listed = {r: f.id for f in findings for r in f.verdicts}
    problems = []
    for f in findings:
        if f.verdict is None:
            continue
        record = records.by_id[f.verdict]
        mismatch = kind_mismatch(f.severity, record)
        if mismatch and not f.verdict_note:
            problems.append(f"{f.id}: {mismatch}")
        elif f.verdict_note:
            silent = f.kind == "underspecified" and record.kind != "changes-play"
            elsewhere = record.kind == "changes-play" and listed.get(record.record_id, f.id) != f.id
            if not (silent or elsewhere):
                problems.append(f"{f.id}: the note does not hold: {f.verdict_note}")
    return problems


def test_record_ids_are_file_and_key(records: Records) -> None:
    assert records.by_id["peg19.de/en760"].kind == "same"
    assert records.by_id["contradictions/de-heal-before-fight"].kind == "changes-play"
    assert all(":" not in rid and rid.count("/") == 1 for rid in records.by_id)
    assert records.passage("peg19.de", "en760") is records.by_id["peg19.de/en760"]
    assert records.passage("peg19.en", "en760") is records.by_id["sb19.en/en760"]  # the pivot: read against sb19.en
    assert records.passage("sb19.it", "en760") is None  # the addendum has no such passage
    assert new_text_verdict_id("en760", "scan.txt", "modality") == "new:scan.txt/en760#modality"


def test_every_corpus_finding_names_a_recorded_verdict(findings: list[Finding], records: Records) -> None:
    for f in findings:
        if f.verdict is None:
            assert f.verdict_note and not f.verdicts, f.id
            continue
        assert f.verdict in records.by_id, f"{f.id}: {f.verdict}"
        assert f.verdict in f.verdicts or not f.verdicts, f.id
        assert all(records.by_id[r].kind == "changes-play" for r in f.verdicts), f.id
        if f.severity == "changes-play" and f.kind != "underspecified":
            assert f.verdicts, f"{f.id}: a play-changing difference that no record of the review names"


def test_finding_and_verdict_kinds_agree(findings: list[Finding], records: Records) -> None:
    assert _kind_problems(findings, records) == []


def test_every_play_changing_record_is_listed_by_a_finding(findings: list[Finding], records: Records) -> None:
    listed = {r for f in findings for r in f.verdicts}
    assert [r.record_id for r in records.play if r.record_id not in listed] == []
    french = next(f for f in findings if "peg19.fr/en915" in f.verdicts)
    assert french.origin == "review" and french.reading == "unmodelled" and len(french.verdicts) == 24


def test_an_unlinked_verdict_becomes_a_finding_and_a_wrong_kind_is_caught(tmp_path: Path) -> None:
    if BOOKS is None:
        pytest.skip("the rulebooks are not beside the repository")
    folder = _copy(tmp_path)
    path = folder / "peg19.fr.toml"
    text = path.read_text(encoding="utf-8")
    unlinked = 'unmodelled = "The French says must; a test reason."\n'
    path.write_text(text.replace('reading = "movement"\n', unlinked, 1), encoding="utf-8")
    changed = load_records(folder)
    found = corpus_findings(load_corpus(), BOOKS, changed)
    review = next(f for f in found if f.interpretation == "The French says must; a test reason.")
    assert review.verdicts == ("peg19.fr/en760",) and review.severity == "changes-play"
    movement = next(f for f in found if f.id == "movement-may-must-exactly")
    assert movement.verdicts == ("sb19.en/en760", "contradictions/sb19-must-or-may-move")
    path = folder / "sb19.en.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reading = "movement"\n', 'reading = "movement"\nfinding = "names-in-print"\n', 1))
    found = corpus_findings(load_corpus(), BOOKS, load_records(folder))
    assert "names-in-print: a cosmetic finding on a play-changing verdict (sb19.en/en760)" in _kind_problems(
        found, load_records(folder)
    )


def test_the_summary_counts_every_text(records: Records, capsys: pytest.CaptureFixture[str]) -> None:
    lines = review_summary(records)
    assert len(lines) == len(records.reviews) + 2
    de = next(r for r in records.reviews if r.judged == "peg19.de")
    kinds = [v.kind for v in de.verdicts]
    plays = [handling(v) for v in de.verdicts if v.kind == "changes-play"]
    assert lines[0] == (
        f"peg19.de against peg19.en: {kinds.count('same')} same, {kinds.count('cosmetic')} cosmetic, "
        f"{kinds.count('changes-play')} changes-play ({plays.count('reading')} reading, "
        f"{plays.count('interpretation')} interpretation, {plays.count('finding')} finding, "
        f"{plays.count('unmodelled')} unmodelled)"
    )
    assert lines[-1].startswith(f"play-changing records in all: {len(records.play)} (")
    if BOOKS is None:
        return
    assert main(["ambiguities"]) == 0
    out = capsys.readouterr().out
    assert all(line in out for line in lines) and "verdict sb19.en/en760" in out
