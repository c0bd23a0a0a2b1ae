"""Findings: where the rulebook texts disagree or say too little, with citations, quotes and what the engine does.

Four sources of findings on the corpus: the rulesets' readings (every play-changing disagreement the engine
models), the registered interpretations (where every text is silent), ``spec/findings.toml`` (curated findings
that change nothing the engine models, or that it leaves unmodelled, with the reason), and the recorded review
(``spec/verdicts``): every play-changing verdict or contradiction that none of the others covers becomes a finding
of its own (origin ``review``; records that give the same reason for staying unmodelled make one finding). An
automatic pass compares the numbers of aligned clauses and reports any difference no curated finding covers.

Every finding names its verdict records, ids ``FILE/KEY`` of ``spec/verdicts`` such as ``peg19.de/en760`` (how:
:mod:`armata_rules.translations.verdict_ids`), so every play-changing verdict is listed by some finding.
Texts no one has curated (a user's scan) are compared by :mod:`armata_rules.translations.newtext`; their findings
have ids ``new:FILE/CLAUSE#KIND`` instead.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace

from armata_rules.components.pack import DataPack
from armata_rules.kernel.texts.text import _PAGE
from armata_rules.kernel.texts.verdict_ids import link_verdicts
from armata_rules.rules.registry import INTERPRETATIONS
from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import Corpus, citation_lines
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.verdicts import Contradiction, Record, Records, load_records
from armata_rules.variants import READINGS

__all__ = ["KINDS", "Citation", "Finding", "corpus_findings", "table_consistency"]

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

_READING_KIND = {
    "components": "numeric",
    "ladder_placement": "scope",
    "movement": "modality",
    "icon_scope": "scope",
    "ability_timing": "ordering",
    "initiative_ties": "tie-break",
    "counterattack": "scope",
    "strigoi_damage": "naming",
    "last_ladder": "naming",
    "centre_relocation": "ordering",
    "leap_landing": "scope",
    "advanced_timing": "ordering",
    "shock_protection": "scope",
    "protection_units": "numeric",
    "self_wound": "scope",
    "discard_timing": "ordering",
}

_DIMENSION_KIND = {
    "modality": "modality",
    "scope": "scope",
    "quantity": "numeric",
    "timing": "ordering",
    "condition": "scope",
    "actor": "actor",
    "exception": "scope",
    "outcome": "scope",
}


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
        """The documented JSON form (see docs/findings)."""
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


def _cite(books: Rulebooks, citation: str) -> Citation:
    edition, lang, first, _ = citation_lines(citation)
    text = books.line(edition, first).strip()
    return Citation(edition, lang, first, text)


def corpus_findings(corpus: Corpus, books: Rulebooks, records: Records | None = None) -> list[Finding]:
    """Every finding on the curated corpus: readings, interpretations, curated extras, the review's otherwise
    uncovered play-changing records, automatic numbers; each with its verdict records (default: ``spec/verdicts``)."""
    found: list[Finding] = []
    for spec in READINGS:
        citations = tuple(_cite(books, c) for option in spec.options for c in option.clauses)
        summary = "; ".join(f"{o.value.value}: {o.summary}" for o in spec.options)
        if spec.kind == "interpretation":
            interp = next((i for i in INTERPRETATIONS.values() if i.id == spec.finding), None)
            found.append(
                Finding(
                    spec.finding,
                    "underspecified",
                    "changes-play",
                    spec.title,
                    citations,
                    spec.name,
                    interp.decision if interp else summary,
                )
            )
        else:
            found.append(
                Finding(
                    spec.finding,
                    _READING_KIND.get(spec.name, "scope"),
                    "changes-play",
                    spec.title,
                    citations,
                    spec.name,
                    None,
                    details={"options": summary},
                )
            )
    covered = {f.id for f in found}
    for interp in INTERPRETATIONS.values():
        if interp.id in covered:
            continue
        citations = tuple(_cite(books, c) for c in interp.clauses)
        found.append(
            Finding(
                interp.id,
                "underspecified",
                "changes-play",
                interp.topic,
                citations,
                None,
                f"{interp.decision} {interp.reasoning}",
            )
        )
    found.extend(_curated(books))
    found.extend(table_consistency())
    reviewed = _reviewed()
    for candidate in _automatic_numbers(corpus, books, found):
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
    return _with_verdicts(found, corpus, books, records or load_records())


def _with_verdicts(found: list[Finding], corpus: Corpus, books: Rulebooks, records: Records) -> list[Finding]:
    """Each finding with its verdict records, then one finding per reason for the play-changing records no
    finding names, placed before the automatic ones."""
    reading_findings = {spec.name: spec.finding for spec in READINGS}
    linked = []
    for f in found:
        link = link_verdicts(f, records, corpus, reading_findings)
        linked.append(replace(f, verdict=link.verdict, verdicts=link.verdicts, verdict_note=link.note))
    named = {r for f in linked for r in f.verdicts}
    reviewed = _review_findings([r for r in records.play if r.record_id not in named], books)
    curated = [f for f in linked if f.origin != "automatic"]
    return curated + reviewed + [f for f in linked if f.origin == "automatic"]


def _review_findings(records: list[Record], books: Rulebooks) -> list[Finding]:
    """A finding for each reason given by play-changing records that no reading, interpretation or curated
    finding covers (they all stay unmodelled): the first record's description, every record's citations."""
    groups: dict[str, list[Record]] = {}
    for record in records:
        groups.setdefault(record.unmodelled, []).append(record)
    out = []
    for reason, group in groups.items():
        first = group[0]
        kind = "internal-contradiction" if isinstance(first, Contradiction) else _DIMENSION_KIND[first.dimension]
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


def _reviewed() -> dict[str, str]:
    data = tomllib.loads((spec_folder() / "findings.toml").read_text(encoding="utf-8"))
    reviewed: dict[str, str] = data.get("reviewed", {})
    return reviewed


def _curated(books: Rulebooks) -> list[Finding]:
    data = tomllib.loads((spec_folder() / "findings.toml").read_text(encoding="utf-8"))
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


_NUMBERING = re.compile(r"^\W*\d{1,2}(?=\W|$)")


def _printed_numbers(quote: str) -> frozenset[int]:
    """Numbers printed as digits, not list numbering, page references, ones or years: the rules' quantities."""
    text = _NUMBERING.sub(" ", _PAGE.sub(" ", quote))
    return frozenset(n for n in map(int, re.findall(r"(?<![\d.])\d+(?![\d])", text)) if 2 <= n < 1900)


def _automatic_numbers(corpus: Corpus, books: Rulebooks, known: list[Finding]) -> list[Finding]:
    """Clauses whose sources print different quantities, not covered by a known finding.

    The ScriBabs component list prints each count once for all its languages: its lines count together.
    """
    known_lines = {(c.source, c.line) for f in known for c in f.citations}
    out = []
    for clause in corpus.clauses:
        if clause.informative or len(clause.passages) < 2:
            continue
        groups: dict[str, set[int]] = {}
        for source, passage in clause.passages.items():
            key = "sb19 (all languages)" if source.startswith("sb19.") and source != "sb19.en" else source
            groups.setdefault(key, set()).update(_printed_numbers(passage.quote))
        if "sb19 (all languages)" in groups and "sb19.en" in groups:
            groups["sb19 (all languages)"] |= groups.pop("sb19.en")
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


def table_consistency(pack: DataPack | None = None) -> list[Finding]:
    """Z3 decides, for each edition's counts and every player count, whether the printed numbers fit together:
    the altar requirement under the cap, and enough counters that the supply cannot run dry before the inferno
    ends the game. A table that does not fit is an internal contradiction of that edition."""
    import z3

    from armata_rules.components.pack import EDITIONS, default_pack

    pack = pack or default_pack()
    tables = pack.tables
    out = []
    for edition in EDITIONS:
        counters = z3.IntVal(tables.blood_counters[edition])
        for players in (2, 3, 4, 5):
            required, loss = tables.altar_required[players], tables.inferno_loss[players]
            inferno, altar = z3.Ints("inferno altar")
            solver = z3.Solver()
            # a state of play: the inferno below the loss, the altar within the cap, and no counter left to lose
            solver.add(
                inferno >= 0,
                inferno < loss,
                altar >= 0,
                altar <= tables.altar_cap,
                counters - inferno - altar < 1,
                altar == 0,
            )
            dry = solver.check() == z3.sat
            if required > tables.altar_cap or dry:
                cites = [
                    tables.cites.get("altar_required", ""),
                    tables.cites.get("inferno_loss", ""),
                    tables.cites.get(f"blood_counters.{edition}", ""),
                ]
                out.append(
                    Finding(
                        f"tables-{edition}-{players}",
                        "internal-contradiction",
                        "changes-play",
                        f"The {edition} tables do not fit together with {players} players",
                        (),
                        "unmodelled",
                        f"cap {tables.altar_cap}, {required} needed to attack, "
                        f"{tables.blood_counters[edition]} counters, "
                        f"inferno loses at {loss}"
                        + ("; the supply can run dry" if dry else "")
                        + f" ({', '.join(c for c in cites if c)})",
                        "automatic",
                    )
                )
    return out
