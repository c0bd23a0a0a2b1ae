"""A recorded review of a game's texts: a verdict for every passage of every clause, read against the text of the
game's pivot, and the contradictions found within one text.

A game's ``verdicts`` folder holds one TOML file per text compared (for Armata, ``peg19.de`` against ``peg19.en``,
``sb19.en`` against ``peg19.en``, each language of sb19's addendum against ``sb19.en``). A verdict is ``same``,
``cosmetic`` (wording, layout, alignment or page references only, with a note) or ``changes-play`` (a dimension, a
one-sentence description, citations, and what the engine does about it: a ruleset reading, a registered
interpretation, a curated finding, or a stated reason for staying unmodelled). Within-text contradictions are
recorded in ``contradictions.toml`` with the same links.

Record ids: a record is named by its file's stem and its key, ``FILE/KEY``. ``peg19.de/en760`` is the verdict on
clause ``en760`` in ``peg19.de.toml`` (the German passage read against ``peg19.en``); ``contradictions/de-strigoi-card``
is a contradiction of ``contradictions.toml``. A review file is named after the text it judges, so each passage has
one record: the passage of the pivot (the text every other is read against) is judged in the review of the other
text in its language (:meth:`Records.passage`). Record ids hold no ``:``, so they cannot be mistaken for the ids of
findings on new texts (:mod:`armata_rules.kernel.texts.verdict_ids`).

This module loads and checks the files of a folder the game names (Armata's: :mod:`armata_rules.translations.verdicts`);
:func:`review_problems` is what the test suites and the docs rely on.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

__all__ = [
    "CONTRADICTIONS",
    "DIMENSIONS",
    "HANDLING",
    "KINDS",
    "Clauses",
    "Contradiction",
    "Record",
    "Records",
    "Review",
    "Verdict",
    "VerdictError",
    "handling",
    "load_contradictions",
    "load_records",
    "load_reviews",
    "review_problems",
]

KINDS = ("same", "cosmetic", "changes-play")
DIMENSIONS = ("modality", "scope", "quantity", "timing", "condition", "actor", "exception", "outcome")
_COVERS = ("judged-or-against", "judged")
_LINKS = ("reading", "interpretation", "finding", "unmodelled")
HANDLING = _LINKS  # what the engine does about a play-changing record, in order of precedence
CONTRADICTIONS = "contradictions"
_KEY = re.compile(r"[a-z0-9][a-z0-9-]*")


class _Clause(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def passages(self) -> Mapping[str, object]: ...


class Clauses(Protocol):
    """What a review is checked against: the clauses of a game's corpus, each with its passages by source."""

    @property
    def clauses(self) -> Sequence[_Clause]: ...


class VerdictError(ValueError):
    """A malformed verdict file: the message names the file, the key and the problem."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The verdict on one clause of ``judged`` read against ``against``."""

    clause: str
    judged: str
    against: str
    kind: str
    note: str = ""
    dimension: str = ""
    citations: tuple[str, ...] = ()
    reading: str = ""
    interpretation: str = ""
    finding: str = ""
    unmodelled: str = ""

    @property
    def id(self) -> str:
        """``peg19.de/en760``: the verdict's record id (its file's stem and its key)."""
        return f"{self.judged}/{self.clause}"

    @property
    def record_id(self) -> str:
        """The record id, as for a :class:`Contradiction`."""
        return self.id

    @property
    def description(self) -> str:
        """What differs (``changes-play``) or the note (``cosmetic``)."""
        return self.note

    @property
    def engine(self) -> str:
        """What the engine does, in a few words."""
        if self.reading:
            return f"reading {self.reading}"
        if self.interpretation:
            return f"interpretation {self.interpretation}"
        if self.finding:
            return f"finding {self.finding}"
        if self.unmodelled:
            return "unmodelled"
        return ""


@dataclass(frozen=True, slots=True)
class Review:
    """Every verdict of one text against its reference, and which clauses the file must cover."""

    judged: str
    against: str
    covers: str
    verdicts: tuple[Verdict, ...]
    path: Path

    def required(self, corpus: Clauses) -> list[str]:
        """The clause ids this review must judge, in corpus order."""
        sources = (self.judged,) if self.covers == "judged" else (self.judged, self.against)
        return [c.id for c in corpus.clauses if any(s in c.passages for s in sources)]


@dataclass(frozen=True, slots=True)
class Contradiction:
    """Two places of one text that state the same rule differently."""

    id: str
    source: str
    dimension: str
    description: str
    citations: tuple[str, ...]
    reading: str = ""
    interpretation: str = ""
    finding: str = ""
    unmodelled: str = ""

    @property
    def record_id(self) -> str:
        """``contradictions/de-strigoi-card``: the record id (its file's stem and its key)."""
        return f"{CONTRADICTIONS}/{self.id}"

    @property
    def kind(self) -> str:
        """Always ``changes-play``: two statements of one rule that differ are a play-changing point."""
        return "changes-play"


Record = Verdict | Contradiction


def handling(record: Record) -> str:
    """How the engine handles a play-changing record: ``reading``, ``interpretation``, ``finding`` or
    ``unmodelled`` (the first link it names); ``""`` for a ``same`` or ``cosmetic`` verdict."""
    if record.kind != "changes-play":
        return ""
    return next((name for name in _LINKS if getattr(record, name)), "")


def _strs(path: Path, key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise VerdictError(f"{path.name}: {key}: expected a list of strings")
    return tuple(value)


def _str(path: Path, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise VerdictError(f"{path.name}: {key}: expected a string")
    return value


def _play(path: Path, clause: str, judged: str, against: str, raw: object) -> Verdict:
    key = f"changes-play.{clause}"
    if not isinstance(raw, dict):
        raise VerdictError(f"{path.name}: {key}: expected a table")
    unknown = sorted(set(raw) - {"dimension", "description", "citations", *_LINKS})
    if unknown:
        raise VerdictError(f"{path.name}: {key}: unknown key {unknown[0]!r}")
    dimension = _str(path, f"{key}.dimension", raw.get("dimension"))
    if dimension not in DIMENSIONS:
        raise VerdictError(f"{path.name}: {key}.dimension: {dimension!r} is not one of {', '.join(DIMENSIONS)}")
    links = {name: _str(path, f"{key}.{name}", raw[name]) for name in _LINKS if name in raw}
    return Verdict(
        clause,
        judged,
        against,
        "changes-play",
        _str(path, f"{key}.description", raw.get("description")),
        dimension,
        _strs(path, f"{key}.citations", raw.get("citations")),
        **links,
    )


def _load_review(path: Path) -> Review:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise VerdictError(f"{path.name}: not valid TOML: {exc}") from exc
    judged = _str(path, "judged", data.get("judged"))
    if judged != path.stem:
        raise VerdictError(f"{path.name}: judged: {judged!r} is not the file's name; record ids are FILE/CLAUSE")
    against = _str(path, "against", data.get("against"))
    covers = _str(path, "covers", data.get("covers", "judged-or-against"))
    if covers not in _COVERS:
        raise VerdictError(f"{path.name}: covers: {covers!r} is not one of {', '.join(_COVERS)}")
    verdicts: list[Verdict] = []
    for clause in _strs(path, "same", data.get("same", [])):
        verdicts.append(Verdict(clause, judged, against, "same"))
    cosmetic = data.get("cosmetic", {})
    if not isinstance(cosmetic, dict):
        raise VerdictError(f"{path.name}: cosmetic: expected a table")
    for clause, note in cosmetic.items():
        verdicts.append(Verdict(clause, judged, against, "cosmetic", _str(path, f"cosmetic.{clause}", note)))
    plays = data.get("changes-play", {})
    if not isinstance(plays, dict):
        raise VerdictError(f"{path.name}: changes-play: expected a table")
    verdicts.extend(_play(path, clause, judged, against, raw) for clause, raw in plays.items())
    seen: set[str] = set()
    for verdict in verdicts:
        if verdict.clause in seen:
            raise VerdictError(f"{path.name}: {verdict.clause}: judged twice")
        seen.add(verdict.clause)
    return Review(judged, against, covers, tuple(verdicts), path)


def load_reviews(folder: Path) -> tuple[Review, ...]:
    """Every review file of ``folder``, sorted by file name."""
    paths = sorted(p for p in folder.glob("*.toml") if p.name != "contradictions.toml")
    return tuple(_load_review(p) for p in paths)


def load_contradictions(folder: Path) -> tuple[Contradiction, ...]:
    """The within-text contradictions of ``folder``'s ``contradictions.toml`` (empty if absent)."""
    path = folder / "contradictions.toml"
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for cid, raw in sorted(data.get("contradictions", {}).items()):
        key = f"contradictions.{cid}"
        if not _KEY.fullmatch(cid):
            raise VerdictError(f"{path.name}: {key}: ids are lower-case letters, digits and '-'")
        if not isinstance(raw, dict):
            raise VerdictError(f"{path.name}: {key}: expected a table")
        links = {name: _str(path, f"{key}.{name}", raw[name]) for name in _LINKS if name in raw}
        dimension = _str(path, f"{key}.dimension", raw.get("dimension"))
        if dimension not in DIMENSIONS:
            raise VerdictError(f"{path.name}: {key}.dimension: {dimension!r} is not one of {', '.join(DIMENSIONS)}")
        out.append(
            Contradiction(
                cid,
                _str(path, f"{key}.source", raw.get("source")),
                dimension,
                _str(path, f"{key}.description", raw.get("description")),
                _strs(path, f"{key}.citations", raw.get("citations")),
                **links,
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class Records:
    """Every record of the review, by record id, and the record of each passage."""

    reviews: tuple[Review, ...]
    contradictions: tuple[Contradiction, ...]
    by_id: dict[str, Record] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        records: dict[str, Record] = {v.id: v for review in self.reviews for v in review.verdicts}
        records.update((c.record_id, c) for c in self.contradictions)
        object.__setattr__(self, "by_id", records)

    def passage(self, source: str, clause: str) -> Verdict | None:
        """The verdict on ``source``'s passage of ``clause``: the review of ``source`` itself, or for the text the
        others are read against (``peg19.en``), the review of the other text in its language (``sb19.en``)."""
        lang = source.rpartition(".")[2]
        for review in self.reviews:
            own = review.judged == source
            pivot = review.against == source and review.covers == "judged-or-against"
            pivot = pivot and review.judged.rpartition(".")[2] == lang
            if own or pivot:
                verdict = self.by_id.get(f"{review.judged}/{clause}")
                if isinstance(verdict, Verdict):
                    return verdict
        return None

    @property
    def play(self) -> tuple[Record, ...]:
        """Every play-changing record: the verdicts in file order, then the contradictions."""
        verdicts = tuple(v for review in self.reviews for v in review.verdicts if v.kind == "changes-play")
        return verdicts + self.contradictions


def load_records(folder: Path) -> Records:
    """The reviews and contradictions of ``folder``."""
    return Records(load_reviews(folder), load_contradictions(folder))


def _link_problems(
    where: str,
    item: Verdict | Contradiction,
    readings: Iterable[str],
    interpretations: Iterable[str],
    findings: Mapping[str, Mapping[str, object]],
) -> list[str]:
    problems = []
    if not (item.reading or item.interpretation or item.finding or item.unmodelled):
        problems.append(f"{where}: changes play but names no reading, interpretation, finding or unmodelled reason")
    if item.reading and item.reading not in set(readings):
        problems.append(f"{where}: reading {item.reading!r} is not a Ruleset reading")
    if item.interpretation and item.interpretation not in set(interpretations):
        problems.append(f"{where}: interpretation {item.interpretation!r} is not registered")
    if item.finding:
        finding = findings.get(item.finding)
        if finding is None:
            problems.append(f"{where}: finding {item.finding!r} is not in spec/findings.toml")
        elif not (item.reading or item.interpretation or item.unmodelled) and not (
            finding.get("reading") or finding.get("interpretation")
        ):
            problems.append(f"{where}: finding {item.finding!r} gives neither a reading nor an interpretation")
    return problems


def review_problems(
    reviews: Sequence[Review],
    contradictions: Sequence[Contradiction],
    corpus: Clauses,
    readings: Iterable[str],
    interpretations: Iterable[str],
    findings: Mapping[str, Mapping[str, object]],
) -> list[str]:
    """Everything wrong with the review: a passage without a verdict, a verdict on a clause that does not exist or
    has no passage to judge, a ``changes-play`` verdict or contradiction with no engine link, or a broken link."""
    readings, interpretations = sorted(readings), sorted(interpretations)
    problems: list[str] = []
    for review in reviews:
        required = review.required(corpus)
        judged = {v.clause for v in review.verdicts}
        problems += [f"{review.path.name}: {cid}: no verdict" for cid in required if cid not in judged]
        problems += [
            f"{review.path.name}: {cid}: not a clause with a {review.judged} or {review.against} passage"
            for cid in sorted(judged - set(required))
        ]
        for verdict in review.verdicts:
            if verdict.kind == "changes-play":
                where = f"{review.path.name}: {verdict.clause}"
                problems += _link_problems(where, verdict, readings, interpretations, findings)
    for item in contradictions:
        problems += _link_problems(f"contradictions.toml: {item.id}", item, readings, interpretations, findings)
    return problems
