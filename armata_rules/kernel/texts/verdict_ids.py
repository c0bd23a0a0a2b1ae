"""How a finding names its verdict record: one id scheme for the recorded review and the finder.

A record of a game's review (``spec/verdicts`` for Armata) is named ``FILE/KEY`` after its file and key
(:mod:`~armata_rules.kernel.texts.verdicts`): ``peg19.de/en760`` is the verdict on the German passage of clause
``en760``, ``contradictions/de-strigoi-card`` a within-text contradiction. A finding on the corpus gives:

- ``verdicts``: every play-changing record that names the finding (possibly none): by its finding or
  interpretation id; by its reading, if the finding is that reading's own (a curated finding that also names a
  reading takes that reading's records on the passages it cites); a finding made from records no other finding
  covers lists those records;
- ``verdict``: its main record: the first of ``verdicts`` on a passage it cites, else the first of ``verdicts``;
  with none, the verdict on a passage it cites (a play-changing one first);
- ``verdict_note``: why ``verdict`` is ``None`` (the finding cites no passage of the corpus, as the check of the data
  tables), or why its kind differs from the finding's: a play-changing interpretation on a ``same`` or ``cosmetic``
  verdict (every text says the same: the engine fills a silence they share, not a difference between them), or a
  cosmetic finding on a passage whose verdict changes play in another respect, which another link handles.

A finding on a new text (``--source``) has no record: its id is ``new:FILE/CLAUSE#KIND`` (the file's name, the
clause of the edition it was compared with, the kind of difference), e.g. ``new:my-scan.txt/en760#modality``.
Record ids never hold ``:``, so the two forms cannot be confused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from armata_rules.kernel.texts.verdicts import Record, Records, Verdict, handling

__all__ = ["NEW_TEXT", "VerdictLink", "kind_mismatch", "link_verdicts", "names_finding", "new_text_verdict_id"]

NEW_TEXT = "new:"


class _Cited(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def lang(self) -> str: ...
    @property
    def line(self) -> int: ...


class _Finding(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def severity(self) -> str: ...
    @property
    def reading(self) -> str | None: ...
    @property
    def citations(self) -> Sequence[_Cited]: ...


class _ClauseIndex(Protocol):
    index: dict[tuple[str, int], str]


@dataclass(frozen=True, slots=True)
class VerdictLink:
    """The records behind a finding: the main one, all that name it, and a note where the main one is missing or
    of another kind than the finding."""

    verdict: str | None
    verdicts: tuple[str, ...]
    note: str = ""


def new_text_verdict_id(clause: str, file_name: str, kind: str) -> str:
    """``new:my-scan.txt/en760#modality``: a difference of ``kind`` between a new text and ``clause``."""
    return f"{NEW_TEXT}{file_name}/{clause}#{kind}"


def _cited_records(citations: Sequence[_Cited], records: Records, corpus: _ClauseIndex) -> list[Verdict]:
    out: list[Verdict] = []
    for c in citations:
        clause = corpus.index.get((c.source, c.line))
        verdict = None if clause is None else records.passage(f"{c.source}.{c.lang}", clause)
        if verdict is not None and verdict not in out:
            out.append(verdict)
    return out


def names_finding(record: Record, finding: _Finding, own_reading: bool, cited: Sequence[Verdict]) -> bool:
    """Whether ``record`` names ``finding``: by id, or by reading (``own_reading``: the finding is the reading's
    own; otherwise only a record on a passage the finding cites)."""
    if finding.id in (record.finding, record.interpretation):
        return True
    if not record.reading or record.reading != finding.reading:
        return False
    return own_reading or record in cited


def link_verdicts(
    finding: _Finding, records: Records, corpus: _ClauseIndex, reading_findings: Mapping[str, str]
) -> VerdictLink:
    """The records behind a finding on the corpus (see the module's description)."""
    cited = _cited_records(finding.citations, records, corpus)
    own = finding.reading is not None and reading_findings.get(finding.reading) == finding.id
    linked = [r for r in records.play if names_finding(r, finding, own, cited)]
    main: Record | None = next((r for r in cited if r in linked), linked[0] if linked else None)
    if main is None:
        main = next((r for r in cited if r.kind == "changes-play"), cited[0] if cited else None)
    if main is None:
        return VerdictLink(None, (), "the finding cites no passage of the corpus, so no verdict record judges it")
    verdicts = tuple(r.record_id for r in linked)
    return VerdictLink(main.record_id, verdicts, _note(finding, main, linked))


def _note(finding: _Finding, main: Record, linked: Sequence[Record]) -> str:
    """Why the main record's kind differs from the finding's, where a reason exists; ``""`` otherwise."""
    if not kind_mismatch(finding.severity, main):
        return ""
    if finding.kind == "underspecified" and main.kind != "changes-play":
        return (
            f"every text says the same here ({main.kind}); the engine's interpretation fills a silence they share, "
            "not a difference between them"
        )
    handled = handling(main)
    if main.kind == "changes-play" and main not in linked:
        # an unmodelled record is listed by a finding of its own, made from the records left unmodelled
        link = "left unmodelled" if handled == "unmodelled" else f"handled by {handled} {getattr(main, handled)}"
        return f"the passage changes play in another respect ({main.description}), {link}"
    return ""


def kind_mismatch(severity: str, record: Record) -> str:
    """What is inconsistent between a finding's severity and its record's kind; ``""`` when they agree."""
    if severity == "changes-play" and record.kind != "changes-play":
        return f"a play-changing finding on a {record.kind} verdict ({record.record_id})"
    if severity != "changes-play" and record.kind == "changes-play":
        return f"a {severity} finding on a play-changing verdict ({record.record_id})"
    return ""
