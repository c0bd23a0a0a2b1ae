"""The recorded review: a verdict for every passage of every clause, read against the English text of its edition.

``spec/verdicts/*.toml`` holds one file per text compared (``peg19.de`` against ``peg19.en``, ``sb19.en`` against
``peg19.en``, each language of sb19's addendum against ``sb19.en``). A verdict is ``same``, ``cosmetic`` (wording,
layout, alignment or page references only, with a note) or ``changes-play`` (a dimension, a one-sentence
description, citations, and what the engine does about it: a ``Ruleset`` reading, a registered interpretation, a
curated finding, or a stated reason for staying unmodelled). Within-text contradictions are recorded in
``contradictions.toml`` with the same links.

This module loads and checks the files; :func:`review_problems` is what the test suite and the docs rely on.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import Corpus

__all__ = [
    "DIMENSIONS",
    "KINDS",
    "Contradiction",
    "Review",
    "Verdict",
    "VerdictError",
    "load_contradictions",
    "load_reviews",
    "review_problems",
    "verdicts_folder",
]

KINDS = ("same", "cosmetic", "changes-play")
DIMENSIONS = ("modality", "scope", "quantity", "timing", "condition", "actor", "exception", "outcome")
_COVERS = ("judged-or-against", "judged")
_LINKS = ("reading", "interpretation", "finding", "unmodelled")


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
        """``peg19.de/en760``: the verdict's record id."""
        return f"{self.judged}/{self.clause}"

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

    def required(self, corpus: Corpus) -> list[str]:
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


def verdicts_folder() -> Path:
    """``spec/verdicts`` (or its packaged copy)."""
    return spec_folder() / "verdicts"


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


def load_reviews(folder: Path | None = None) -> tuple[Review, ...]:
    """Every review file of ``folder`` (default :func:`verdicts_folder`), sorted by file name."""
    root = folder or verdicts_folder()
    paths = sorted(p for p in root.glob("*.toml") if p.name != "contradictions.toml")
    return tuple(_load_review(p) for p in paths)


def load_contradictions(folder: Path | None = None) -> tuple[Contradiction, ...]:
    """The within-text contradictions of ``folder``'s ``contradictions.toml`` (empty if absent)."""
    path = (folder or verdicts_folder()) / "contradictions.toml"
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for cid, raw in sorted(data.get("contradictions", {}).items()):
        key = f"contradictions.{cid}"
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
    corpus: Corpus,
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
