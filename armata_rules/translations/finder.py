"""Findings: where the rulebook texts disagree or say too little, with citations, quotes and what the engine does.

Three sources of findings on the corpus: the rulesets' readings (every play-changing disagreement the engine
models), the registered interpretations (where every text is silent), and ``spec/findings.toml`` (curated
findings that change nothing the engine models, or that it leaves unmodelled, with the reason). An automatic pass
compares the numbers of aligned clauses and reports any difference no curated finding covers.

On texts no one has curated, :func:`find_in_text` aligns a file's paragraphs and sentences to the corpus text of
the same language and reports each difference of facts: a number, a modal verb, a comparative, a scope word,
a sentence missing or added. Spacing damage from PDF extraction changes no fact and is not reported.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from armata_rules.components.pack import DataPack
from armata_rules.rules.registry import INTERPRETATIONS
from armata_rules.translations.align import align, same_similarity, spec_folder
from armata_rules.translations.corpus import Corpus, citation_lines
from armata_rules.translations.sources import LANGS, Rulebooks
from armata_rules.translations.text import _PAGE, facts, paragraphs, repair, sentences, squash
from armata_rules.variants import READINGS

__all__ = ["KINDS", "Citation", "Finding", "corpus_findings", "find_in_text", "table_consistency"]

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
    "self_wound": "scope",
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

    def to_json(self) -> dict[str, object]:
        """The documented JSON form (see docs/ambiguities)."""
        return {
            "id": self.id,
            "kind": self.kind,
            "severity": self.severity,
            "topic": self.topic,
            "citations": [c.to_json() for c in self.citations],
            "reading": self.reading,
            "interpretation": self.interpretation,
        }


def _cite(books: Rulebooks, citation: str) -> Citation:
    edition, lang, first, _ = citation_lines(citation)
    text = books.line(edition, first).strip()
    return Citation(edition, lang, first, text)


def corpus_findings(corpus: Corpus, books: Rulebooks) -> list[Finding]:
    """Every finding on the curated corpus: readings, interpretations, curated extras, automatic numbers."""
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
    return found


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
                f"Numbers differ: {clause.title}",
                citations,
                None,
                None,
                "automatic",
                {"numbers": detail},
            )
        )
    return out


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


# ------------------------------------------------------------------------------------------------ new texts
def find_in_text(
    path: str | Path, lang: str, corpus: Corpus, books: Rulebooks, edition: str | None = None, name: str | None = None
) -> list[Finding]:
    """Differences of facts between a rulebook text file and the corpus text of the same language."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    from armata_rules.translations.sources import RulebookError

    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise RulebookError(f"{path}: cannot be read: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise RulebookError(f"{path}: is not UTF-8 text ({err.reason} at byte {err.start})") from None
    label = name or path.name
    reference = _reference_source(corpus, lang, edition)
    ref = [(c, c.passages[reference]) for c in corpus.clauses if reference in c.passages]
    ref.sort(key=lambda item: item[1].lines[0])
    new = paragraphs(lines, 1, len(lines))
    ref_texts = [p.quote for _, p in ref]
    scores: dict[tuple[int, int], float] = {}

    def score(i: int, j: int) -> float:
        if (i, j) not in scores:
            scores[(i, j)] = same_similarity(ref_texts[i], new[j].text)
        return scores[(i, j)]

    pairs = align(ref_texts, [p.text for p in new], score, 0.3)
    found: list[Finding] = []
    matched_ref = {i for i, _ in pairs}
    for i, j in pairs:
        clause, passage = ref[i]
        if squash(passage.quote) == squash(new[j].text):
            continue
        found.extend(
            _compare(clause.id, passage.quote, passage.source, passage.lines[0], new[j].text, new[j].line, lang, label)
        )
    for i, (clause, passage) in enumerate(ref):
        if i not in matched_ref and len(squash(passage.quote)) > 20:
            found.append(
                _finding(
                    label,
                    "missing-clause",
                    f"Missing: {clause.title}",
                    passage.source,
                    passage.lines[0],
                    passage.quote,
                    None,
                    "",
                    {"clause": clause.id},
                )
            )
    return found


def _reference_source(corpus: Corpus, lang: str, edition: str | None) -> str:
    counts: Counter[str] = Counter()
    for clause in corpus.clauses:
        for source in clause.passages:
            if source.endswith(f".{lang}") and (edition is None or source.startswith(edition)):
                counts[source] += 1
    if not counts:
        raise ValueError(f"the corpus has no {lang} text" + (f" for edition {edition}" if edition else ""))
    return counts.most_common(1)[0][0]


def _compare(
    clause: str, old: str, source: str, old_line: int, text: str, line: int, lang: str, label: str
) -> list[Finding]:
    out: list[Finding] = []
    old_s, new_s = sentences(repair(old)), sentences(repair(text))
    pairs = align(old_s, new_s, lambda a, b: same_similarity(old_s[a], new_s[b]), 0.25)
    matched_old = {a for a, _ in pairs}
    matched_new = {b for _, b in pairs}
    for a, b in pairs:
        if squash(old_s[a]) == squash(new_s[b]):
            continue
        before, after = facts(old_s[a], lang), facts(new_s[b], lang)
        for kind, part in (
            ("numeric", "numbers"),
            ("modality", "modal"),
            ("tie-break", "comparative"),
            ("scope", "scope"),
        ):
            if getattr(before, part) != getattr(after, part):
                out.append(
                    _finding(
                        label,
                        kind,
                        f"{part.capitalize()} changed",
                        source,
                        old_line,
                        old_s[a],
                        line,
                        new_s[b],
                        {"clause": clause, "was": before.to_json().get(part), "now": after.to_json().get(part)},
                    )
                )
    for a, sentence in enumerate(old_s):
        if a not in matched_old and len(squash(sentence)) > 12:
            out.append(
                _finding(
                    label,
                    "missing-clause",
                    "Sentence dropped",
                    source,
                    old_line,
                    sentence,
                    line,
                    "",
                    {"clause": clause},
                )
            )
    for b, sentence in enumerate(new_s):
        if b not in matched_new and len(squash(sentence)) > 12:
            out.append(
                _finding(
                    label, "missing-clause", "Sentence added", source, old_line, "", line, sentence, {"clause": clause}
                )
            )
    return out


def _finding(
    label: str,
    kind: str,
    topic: str,
    source: str,
    old_line: int,
    old: str,
    line: int | None,
    new: str,
    details: dict[str, object],
) -> Finding:
    edition, lang = source.split(".")
    citations = [Citation(edition, lang, old_line, old)] if old else [Citation(edition, lang, old_line, "")]
    if line is not None:
        citations.append(Citation(label, lang, line, new))
    fid = f"{label}:{line if line is not None else old_line}:{kind}"
    return Finding(
        fid,
        kind,
        "changes-play" if kind != "missing-clause" else "unreviewed",
        topic,
        tuple(citations),
        None,
        None,
        "automatic",
        details,
    )
