"""The finder (:mod:`armata_rules.kernel.texts.finder`) knows no game: a tiny text set of the test's own, with its
readings, interpretations, curated findings and review, gets every kind of finding, in the finder's order, each
linked to its records."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from armata_rules.kernel.play.registry import Interpretation
from armata_rules.kernel.texts.align import Glossary, cross_similarity
from armata_rules.kernel.texts.corpus import Corpus, clauses, group
from armata_rules.kernel.texts.files import TextFiles
from armata_rules.kernel.texts.finder import Citation, FinderSources, Finding, corpus_findings
from armata_rules.kernel.texts.verdicts import Records, load_records
from tests.kernel.tiny_texts import tiny_text_set

TINY = """Take 2 cards.
Roll the die 3 times and keep the best.
Score 5 points for each monster.

Prenez 2 cartes.
Lancez le dé 4 fois et gardez le meilleur.
Marquez 6 points pour chaque monstre.
Les règles de la variante ont 40 pages de notes au sujet de rien.
"""

REVIEW = """judged = "t.fr"
against = "t.en"
same = ["en1"]

[cosmetic]
en3 = "the French print's own scoring table"

[changes-play.en2]
dimension = "quantity"
description = "three rolls in English, four in French"
citations = ["t.en:2", "t.fr:6"]
unmodelled = "no edition of the test's plays the French count"
"""

FINDINGS = """[findings.notes]
kind = "missing-clause"
severity = "cosmetic"
topic = "The French text adds a sentence about notes"
citations = ["t.fr:8"]
reason = "it changes nothing"

[reviewed]
numbers-en3 = "the French scoring is the French print's own"
"""


class Hand(Enum):
    """The options of the test's reading ``hand``."""

    TWO = "two"
    ALL = "all"


@dataclass(frozen=True)
class _Option:
    value: object
    summary: str
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class _Reading:
    name: str
    title: str
    kind: str
    finding: str
    options: tuple[_Option, ...]


READINGS = (
    _Reading(
        "hand",
        "How many cards to take",
        "discrepancy",
        "hand-size",
        (_Option(Hand.TWO, "two cards", ("t.en:1",)), _Option(Hand.ALL, "every card", ("t.fr:5",))),
    ),
    _Reading("tie", "Who wins a tie", "interpretation", "t.tie", (_Option("first", "the first player", ()),)),
)

INTERPRETATIONS = (
    Interpretation("t.tie", "Ties", "The first player wins a tie.", "No text says.", ("t.en:1",)),
    Interpretation("t.draw", "Drawing", "Cards are drawn from the top.", "No text says.", ("t.en:1",)),
)


def _setup(tmp_path: Path) -> tuple[Corpus, TextFiles, Records]:
    (tmp_path / "tiny.txt").write_text(TINY, encoding="utf-8")
    texts = tiny_text_set()
    files = TextFiles.load(texts, tmp_path)
    terms = Glossary(
        {
            "card": {"en": ("card",), "fr": ("carte",)},
            "die": {"en": ("die",), "fr": ("dé",)},
            "monster": {"en": ("monster",), "fr": ("monstre",)},
        }
    )
    pivot, groups, extras = group(texts, files, lambda a, la, b, lb: cross_similarity(a, la, b, lb, terms))
    corpus = Corpus(clauses(texts.pivot, pivot, groups, extras), dict(files.checksums))
    review = tmp_path / "verdicts"
    review.mkdir()
    (review / "t.fr.toml").write_text(REVIEW, encoding="utf-8")
    (tmp_path / "findings.toml").write_text(FINDINGS, encoding="utf-8")
    return corpus, files, load_records(review)


def _data_check() -> list[Finding]:
    return [Finding("t-data", "internal-contradiction", "changes-play", "The data disagree", (), origin="automatic")]


def test_a_tiny_text_set_gets_every_kind_of_finding_in_order(tmp_path: Path) -> None:
    corpus, files, records = _setup(tmp_path)
    sources = FinderSources(READINGS, {"hand": "numeric"}, INTERPRETATIONS, tmp_path, extra=_data_check)
    found = corpus_findings(corpus, files, records, sources)
    assert [(f.id, f.kind, f.severity, f.origin) for f in found] == [
        ("hand-size", "numeric", "changes-play", "curated"),
        ("t.tie", "underspecified", "changes-play", "curated"),
        ("t.draw", "underspecified", "changes-play", "curated"),
        ("notes", "missing-clause", "cosmetic", "curated"),
        ("review-t-fr-en2", "numeric", "changes-play", "review"),  # the record no finding names
        ("t-data", "internal-contradiction", "changes-play", "automatic"),  # the automatic ones come last
        ("numbers-en2", "numeric", "unreviewed", "automatic"),
        ("numbers-en3", "numeric", "cosmetic", "automatic"),  # reviewed in findings.toml
    ]
    by_id = {f.id: f for f in found}
    hand = by_id["hand-size"]
    assert hand.citations == (Citation("t", "en", 1, "Take 2 cards."), Citation("t", "fr", 5, "Prenez 2 cartes."))
    assert hand.details == {"options": "two: two cards; all: every card"}
    assert (hand.reading, hand.verdict, hand.verdicts) == ("hand", "t.fr/en1", ())
    assert by_id["t.tie"].interpretation == "The first player wins a tie."  # the registered decision
    assert by_id["t.draw"].interpretation == "Cards are drawn from the top. No text says."
    assert by_id["notes"].details == {"reason": "it changes nothing"}
    assert by_id["t-data"].verdict_note.startswith("the finding cites no passage of the corpus")
    review = by_id["review-t-fr-en2"]
    assert (review.reading, review.interpretation) == ("unmodelled", "no edition of the test's plays the French count")
    assert (review.verdict, review.verdicts) == ("t.fr/en2", ("t.fr/en2",))
    numbers = by_id["numbers-en2"]
    assert numbers.topic == "The sources print different numbers in clause en2: t.en prints 3; t.fr prints 4."
    assert numbers.verdict == "t.fr/en2" and numbers.verdict_note.endswith("left unmodelled")
    assert by_id["numbers-en3"].interpretation == "reviewed: the French scoring is the French print's own"
    assert [f.to_json()["id"] for f in found] == list(by_id)


def test_a_game_groups_its_sources_and_a_cited_clause_is_left_alone(tmp_path: Path) -> None:
    corpus, files, _ = _setup(tmp_path)
    alone = corpus_findings(corpus, files, Records((), ()), FinderSources())
    assert [f.id for f in alone] == ["numbers-en2", "numbers-en3"]  # no spec folder: nothing curated
    together = FinderSources(number_group=lambda source, sources: "the tiny print")
    assert corpus_findings(corpus, files, Records((), ()), together) == []
    best = Interpretation("t.best", "Keeping the best", "The highest roll.", "No text says.", ("t.fr:6",))
    cited = corpus_findings(corpus, files, Records((), ()), FinderSources(interpretations=(best,)))
    assert [f.id for f in cited] == ["t.best", "numbers-en3"]  # a clause a finding cites gets no automatic one
