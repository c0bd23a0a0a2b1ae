"""Findings on a game's clause corpus: where its texts disagree or say too little, with citations, quotes and what
the engine does about it; for any game, from what the game supplies (:class:`FinderSources`).

Five sources of findings, in this order: the game's readings (every play-changing disagreement its engine models,
one option per reading; a reading of kind ``"interpretation"`` is a silence the engine fills), its registered
interpretations that no reading already covers (where every text is silent), the curated ``findings.toml`` of the
game's spec folder (findings that change nothing the engine models, or that it leaves unmodelled, with the reason),
the game's own extra findings, and an automatic pass that compares the numbers printed in each clause's passages and
reports a difference that no finding before it cites. A ``[reviewed]`` table of ``findings.toml`` marks automatic
findings someone has looked at: they become ``cosmetic`` with the note given.

Every finding is then linked to the game's recorded review
(:func:`~armata_rules.kernel.texts.verdict_ids.link_verdicts`), and each reason given by play-changing records that no
finding names becomes a finding of its own (origin ``review``), placed before the automatic ones.

The kernel names no game: readings and interpretations are read through the small shapes below
(:class:`ReadingLike`, :class:`InterpretationLike`), which a game's own types fit as they are.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path
from typing import Any, Protocol

from armata_rules.kernel.texts.corpus import Corpus, citation_lines
from armata_rules.kernel.texts.text import _PAGE
from armata_rules.kernel.texts.verdict_ids import link_verdicts
from armata_rules.kernel.texts.verdicts import Contradiction, Record, Records

__all__ = [
    "DEFAULT_READING_KIND",
    "DIMENSION_KIND",
    "KINDS",
    "Books",
    "Citation",
    "FinderSources",
    "Finding",
    "InterpretationLike",
    "OptionLike",
    "ReadingLike",
    "corpus_findings",
    "own_group",
]

#: Every kind of finding, the classification the reports filter by.
KINDS = (
    "numeric",
    "modality",
    "tie-break",
    "scope",
    "missing-clause",
    "naming",
    "ordering",
    "internal-contradiction",
    "underspecified",
    "negation",
    "actor",
    "repeated-text",
    "quantifier",
    "timing",
    "parenthesis",
    "unclassified",
)

#: The kind of finding a review record of each dimension (:data:`~armata_rules.kernel.texts.verdicts.DIMENSIONS`)
#: makes.
DIMENSION_KIND: Mapping[str, str] = {
    "modality": "modality",
    "scope": "scope",
    "quantity": "numeric",
    "timing": "ordering",
    "condition": "scope",
    "actor": "actor",
    "exception": "scope",
    "outcome": "scope",
}

#: The kind of a reading's finding when the game's table does not name it.
DEFAULT_READING_KIND = "scope"


class Books(Protocol):
    """A game's text files as the finder reads them: line ``number`` (from 1) of file ``file``."""

    def line(self, file: str, number: int, /) -> str: ...


class OptionLike(Protocol):
    """One option of a reading: its value (an :class:`~enum.Enum` member, or the option's text), what it means, and
    the clauses that say it (citations ``FILE.LANG:FIRST-LAST``)."""

    @property
    def value(self) -> object: ...
    @property
    def summary(self) -> str: ...
    @property
    def clauses(self) -> Sequence[str]: ...


class ReadingLike(Protocol):
    """A reading as the finder reads it: its ``name``, a ``title``, its ``kind`` (``"interpretation"`` where every
    text is silent, anything else where they disagree), the id of its finding, and its options."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def finding(self) -> str: ...
    @property
    def options(self) -> Sequence[OptionLike]: ...


class InterpretationLike(Protocol):
    """A decision the engine makes where every text is silent (the kernel's
    :class:`~armata_rules.kernel.play.registry.Interpretation` fits)."""

    @property
    def id(self) -> str: ...
    @property
    def topic(self) -> str: ...
    @property
    def decision(self) -> str: ...
    @property
    def reasoning(self) -> str: ...
    @property
    def clauses(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Citation:
    """A line of a source and what it says there."""

    source: str
    lang: str
    line: int
    quote: str

    def to_json(self) -> dict[str, object]:
        """``{source, lang, line, quote}``."""
        return {"source": self.source, "lang": self.lang, "line": self.line, "quote": self.quote}


@dataclass(frozen=True, slots=True)
class Finding:
    """A disagreement or a gap: what kind, how much it matters, where, and what the engine does about it."""

    id: str
    kind: str
    severity: str
    topic: str
    citations: tuple[Citation, ...]
    reading: str | None = None
    interpretation: str | None = None
    origin: str = "curated"
    details: dict[str, object] = field(default_factory=dict)
    verdict: str | None = None
    verdicts: tuple[str, ...] = ()
    verdict_note: str = ""

    def to_json(self) -> dict[str, object]:
        """The documented JSON form: every field but ``origin`` and ``details``."""
        return {
            "id": self.id,
            "kind": self.kind,
            "severity": self.severity,
            "topic": self.topic,
            "citations": [c.to_json() for c in self.citations],
            "reading": self.reading,
            "interpretation": self.interpretation,
            "verdict": self.verdict,
            "verdicts": list(self.verdicts),
            "verdict_note": self.verdict_note or None,
        }


def own_group(source: str, sources: Collection[str]) -> str:
    """Each source counts its numbers on its own (the default of :attr:`FinderSources.number_group`)."""
    return source


def _no_extra() -> Iterable[Finding]:
    return ()


@dataclass(frozen=True, slots=True)
class FinderSources:
    """What a game supplies to the finder.

    ``readings``: its readings, in order; ``reading_kinds``: the kind of finding of each reading that is no
    interpretation, by reading name (others are :data:`DEFAULT_READING_KIND`); ``interpretations``: its registered
    interpretations, in order; ``spec_folder``: the folder whose ``findings.toml`` holds the curated findings
    (``None``: the game curates none); ``number_group``: the group a source's numbers count in, given the sources of
    the clause (a print that gives a count once for all its languages counts them together); ``extra``: the game's
    own findings (checks of its data, say), computed when the findings are.
    """

    readings: Sequence[ReadingLike] = ()
    reading_kinds: Mapping[str, str] = field(default_factory=dict)
    interpretations: Sequence[InterpretationLike] = ()
    spec_folder: Path | None = None
    number_group: Callable[[str, Collection[str]], str] = own_group
    extra: Callable[[], Iterable[Finding]] = _no_extra


def _cite(books: Books, citation: str) -> Citation:
    """The first line of ``citation`` (``peg19.en:760-762``), quoted from the books."""
    edition, lang, first, _ = citation_lines(citation)
    text = books.line(edition, first).strip()
    return Citation(edition, lang, first, text)


def corpus_findings(corpus: Corpus, books: Books, records: Records, sources: FinderSources) -> list[Finding]:
    """Every finding on the corpus, each with its records of ``records`` (see the module's description)."""
    found = _reading_findings(books, sources)
    covered = {f.id for f in found}
    found += [_interpretation_finding(books, i) for i in sources.interpretations if i.id not in covered]
    curated = _findings_file(sources.spec_folder)
    found += _curated(books, curated)
    found += sources.extra()
    reviewed: dict[str, str] = curated.get("reviewed", {})
    for candidate in _automatic_numbers(corpus, books, found, sources.number_group):
        note = reviewed.get(candidate.id)
        found.append(
            candidate
            if note is None
            else Finding(
                candidate.id,
                candidate.kind,
                "cosmetic",
                candidate.topic,
                candidate.citations,
                None,
                f"reviewed: {note}",
                "automatic",
                candidate.details,
            )
        )
    return _with_verdicts(found, corpus, books, records, {spec.name: spec.finding for spec in sources.readings})


def _option_text(value: object) -> object:
    """An option's value as a finding prints it: an enum member's value, anything else as it is."""
    return value.value if isinstance(value, Enum) else value


def _reading_findings(books: Books, sources: FinderSources) -> list[Finding]:
    """A finding per reading: an interpretation's with the registered decision (else the options), a disagreement's
    with its options."""
    out = []
    for spec in sources.readings:
        citations = tuple(_cite(books, c) for option in spec.options for c in option.clauses)
        summary = "; ".join(f"{_option_text(o.value)}: {o.summary}" for o in spec.options)
        if spec.kind == "interpretation":
            interp = next((i for i in sources.interpretations if i.id == spec.finding), None)
            decision = interp.decision if interp else summary
            out.append(
                Finding(spec.finding, "underspecified", "changes-play", spec.title, citations, spec.name, decision)
            )
        else:
            kind = sources.reading_kinds.get(spec.name, DEFAULT_READING_KIND)
            out.append(
                Finding(
                    spec.finding,
                    kind,
                    "changes-play",
                    spec.title,
                    citations,
                    spec.name,
                    None,
                    details={"options": summary},
                )
            )
    return out


def _interpretation_finding(books: Books, interp: InterpretationLike) -> Finding:
    """The finding of an interpretation no reading covers: its decision and reasoning."""
    citations = tuple(_cite(books, c) for c in interp.clauses)
    return Finding(
        interp.id,
        "underspecified",
        "changes-play",
        interp.topic,
        citations,
        None,
        f"{interp.decision} {interp.reasoning}",
    )


def _findings_file(folder: Path | None) -> dict[str, Any]:
    """The tables of ``folder``'s ``findings.toml`` (none without a folder)."""
    if folder is None:
        return {}
    return tomllib.loads((folder / "findings.toml").read_text(encoding="utf-8"))


def _curated(books: Books, data: Mapping[str, Any]) -> list[Finding]:
    """The ``[findings]`` of ``findings.toml``, by id in file order, each citation quoted from the books."""
    out = []
    for fid, item in data.get("findings", {}).items():
        citations = tuple(_cite(books, c) for c in item["citations"])
        out.append(
            Finding(
                fid,
                item["kind"],
                item["severity"],
                item["topic"],
                citations,
                item.get("reading"),
                item.get("interpretation"),
                details={"reason": item.get("reason", "")},
            )
        )
    return out


def _with_verdicts(
    found: list[Finding], corpus: Corpus, books: Books, records: Records, reading_findings: Mapping[str, str]
) -> list[Finding]:
    """Each finding with its verdict records, then one finding per reason for the play-changing records no
    finding names, placed before the automatic ones."""
    linked = []
    for f in found:
        link = link_verdicts(f, records, corpus, reading_findings)
        linked.append(replace(f, verdict=link.verdict, verdicts=link.verdicts, verdict_note=link.note))
    named = {r for f in linked for r in f.verdicts}
    reviewed = _review_findings([r for r in records.play if r.record_id not in named], books)
    curated = [f for f in linked if f.origin != "automatic"]
    return curated + reviewed + [f for f in linked if f.origin == "automatic"]


def _review_findings(records: list[Record], books: Books) -> list[Finding]:
    """A finding for each reason given by play-changing records that no reading, interpretation or curated
    finding covers (they all stay unmodelled): the first record's description, every record's citations."""
    groups: dict[str, list[Record]] = {}
    for record in records:
        groups.setdefault(record.unmodelled, []).append(record)
    out = []
    for reason, group in groups.items():
        first = group[0]
        kind = "internal-contradiction" if isinstance(first, Contradiction) else DIMENSION_KIND[first.dimension]
        cited: dict[str, Citation] = {}
        for record in group:
            for c in record.citations:
                cited.setdefault(c.partition("-")[0], _cite(books, c))
        topic = first.description
        if len(group) > 1:
            topic += f" The same holds for {len(group) - 1} more record{'s' if len(group) > 2 else ''} of the review."
        ids = tuple(r.record_id for r in group)
        out.append(
            Finding(
                "review-" + first.record_id.replace("/", "-").replace(".", "-"),
                kind,
                "changes-play",
                topic,
                tuple(cited.values()),
                "unmodelled",
                reason,
                "review",
                {"dimension": first.dimension},
                ids[0],
                ids,
            )
        )
    return out


_NUMBERING = re.compile(r"^\W*\d{1,2}(?=\W|$)")


def _printed_numbers(quote: str) -> frozenset[int]:
    """Numbers printed as digits, not list numbering, page references, ones or years: the rules' quantities."""
    text = _NUMBERING.sub(" ", _PAGE.sub(" ", quote))
    return frozenset(n for n in map(int, re.findall(r"(?<![\d.])\d+(?![\d])", text)) if 2 <= n < 1900)


def _automatic_numbers(
    corpus: Corpus, books: Books, known: list[Finding], number_group: Callable[[str, Collection[str]], str]
) -> list[Finding]:
    """Clauses whose sources print different quantities, not covered by a known finding; sources count their numbers
    by ``number_group``."""
    known_lines = {(c.source, c.line) for f in known for c in f.citations}
    out = []
    for clause in corpus.clauses:
        if clause.informative or len(clause.passages) < 2:
            continue
        groups: dict[str, set[int]] = {}
        for source, passage in clause.passages.items():
            key = number_group(source, clause.passages.keys())
            groups.setdefault(key, set()).update(_printed_numbers(passage.quote))
        variants: dict[frozenset[int], list[str]] = {}
        for key, numbers in groups.items():
            variants.setdefault(frozenset(numbers), []).append(key)
        if len(variants) < 2:
            continue
        cited = [(p.edition, p.lines[0]) for p in clause.passages.values()]
        if any(c in known_lines for c in cited):
            continue
        citations = tuple(
            Citation(p.edition, p.lang, p.lines[0], books.line(p.edition, p.lines[0]).strip())
            for p in clause.passages.values()
        )
        detail = {", ".join(keys): sorted(numbers) for numbers, keys in variants.items()}
        out.append(
            Finding(
                f"numbers-{clause.id}",
                "numeric",
                "unreviewed",
                _numbers_title(clause.id, variants),
                citations,
                None,
                None,
                "automatic",
                {"numbers": detail},
            )
        )
    return out


def _numbers_title(clause: str, variants: dict[frozenset[int], list[str]]) -> str:
    """A sentence: which sources print which numbers in a clause."""
    parts = []
    for numbers, keys in sorted(variants.items(), key=lambda item: sorted(item[1])):
        verb = "print" if len(keys) > 1 else "prints"
        parts.append(f"{', '.join(sorted(keys))} {verb} {', '.join(map(str, sorted(numbers))) or 'none'}")
    return f"The sources print different numbers in clause {clause}: " + "; ".join(parts) + "."
