"""A recorded review and the verdict ids of findings (:mod:`armata_rules.kernel.texts.verdicts`,
:mod:`armata_rules.kernel.texts.verdict_ids`) know no game: a tiny review of the test's own, of a French text read
against an English one, is loaded, checked against a tiny corpus and linked to a finding."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from armata_rules.kernel.texts.verdict_ids import link_verdicts, new_text_verdict_id
from armata_rules.kernel.texts.verdicts import VerdictError, handling, load_records, review_problems

REVIEW = """judged = "t.fr"
against = "t.en"
same = ["c1"]

[cosmetic]
c2 = "another word for the same card"

[changes-play.c3]
dimension = "modality"
description = "English 'may', French 'doit' (must)"
citations = ["t.en:3", "t.fr:6"]
reading = "strict"
"""

CONTRADICTIONS = """[contradictions.two-counts]
source = "t.en"
dimension = "quantity"
description = "two cards on line 1, three on line 2"
citations = ["t.en:1", "t.en:2"]
interpretation = "t.count"
"""


@dataclass(frozen=True)
class _Clause:
    id: str
    passages: dict[str, object]


@dataclass(frozen=True)
class _Corpus:
    clauses: tuple[_Clause, ...]
    index: dict[tuple[str, int], str] = field(default_factory=dict)


@dataclass(frozen=True)
class _Cited:
    source: str
    lang: str
    line: int


@dataclass(frozen=True)
class _Finding:
    id: str
    kind: str
    severity: str
    reading: str | None
    citations: tuple[_Cited, ...]


CORPUS = _Corpus(
    tuple(_Clause(cid, {"t.en": cid, "t.fr": cid}) for cid in ("c1", "c2", "c3")),
    {("t", 3): "c3", ("t", 6): "c3"},
)


def _folder(tmp_path: Path, review: str = REVIEW) -> Path:
    (tmp_path / "t.fr.toml").write_text(review, encoding="utf-8")
    (tmp_path / "contradictions.toml").write_text(CONTRADICTIONS, encoding="utf-8")
    return tmp_path


def test_a_tiny_review_is_loaded_and_checked(tmp_path: Path) -> None:
    records = load_records(_folder(tmp_path))
    assert [(v.id, v.kind) for v in records.reviews[0].verdicts] == [
        ("t.fr/c1", "same"),
        ("t.fr/c2", "cosmetic"),
        ("t.fr/c3", "changes-play"),
    ]
    assert [r.record_id for r in records.play] == ["t.fr/c3", "contradictions/two-counts"]
    assert [handling(r) for r in records.play] == ["reading", "interpretation"]
    assert records.passage("t.fr", "c3") is records.by_id["t.fr/c3"]
    assert records.passage("t.en", "c3") is None  # the pivot's passage is judged by a review in its own language
    assert review_problems(records.reviews, records.contradictions, CORPUS, ["strict"], ["t.count"], {}) == []
    wider = _Corpus((*CORPUS.clauses, _Clause("c4", {"t.fr": "c4"})))
    assert review_problems(records.reviews, records.contradictions, wider, [], ["t.count"], {}) == [
        "t.fr.toml: c4: no verdict",
        "t.fr.toml: c3: reading 'strict' is not a Ruleset reading",
    ]


def test_a_review_that_does_not_read_is_named(tmp_path: Path) -> None:
    with pytest.raises(VerdictError, match=r"^t\.fr\.toml: c1: judged twice$"):
        load_records(_folder(tmp_path, REVIEW.replace('same = ["c1"]', 'same = ["c1", "c1"]')))
    with pytest.raises(VerdictError, match=r"^t\.fr\.toml: judged: 't\.de' is not the file's name"):
        load_records(_folder(tmp_path, REVIEW.replace('judged = "t.fr"', 'judged = "t.de"')))


def test_a_finding_names_its_records(tmp_path: Path) -> None:
    records = load_records(_folder(tmp_path))
    cited = (_Cited("t", "fr", 6),)
    strict = _Finding("strict-or-not", "modality", "changes-play", "strict", cited)
    link = link_verdicts(strict, records, CORPUS, {"strict": "strict-or-not"})
    assert (link.verdict, link.verdicts, link.note) == ("t.fr/c3", ("t.fr/c3",), "")
    cosmetic = _Finding("wording", "modality", "cosmetic", None, cited)
    link = link_verdicts(cosmetic, records, CORPUS, {})
    assert (link.verdict, link.verdicts) == ("t.fr/c3", ())
    assert link.note == (
        "the passage changes play in another respect (English 'may', French 'doit' (must)), handled by reading strict"
    )
    nowhere = _Finding("nowhere", "numeric", "cosmetic", None, (_Cited("t", "fr", 9),))
    assert link_verdicts(nowhere, records, CORPUS, {}).verdict is None
    assert new_text_verdict_id("c3", "scan.txt", "modality") == "new:scan.txt/c3#modality"
