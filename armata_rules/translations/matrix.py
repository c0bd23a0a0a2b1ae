"""Which texts differ in each finding: the grid of findings × texts of the findings page.

A finding's cell for a text (``peg19.fr``) says what the recorded review (``spec/verdicts``) holds there:

- ``play``: one of the finding's own play-changing records is that text's (a verdict judging it, or a
  contradiction within it);
- ``cosmetic``: the text's passage of a clause the finding quotes is judged a difference of wording only;
- ``quoted``: the text is quoted, and its note says what the review holds: the text another is read against
  there, judged the same, a play-changing difference another finding answers for, or no verdict on those lines
  (a user's scan, a line outside the corpus).

A text the finding neither quotes nor names in a record has no cell.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armata_rules.translations.corpus import Corpus
from armata_rules.translations.finder import Finding
from armata_rules.translations.sources import FILES, LANGS
from armata_rules.translations.verdicts import Contradiction, Records

__all__ = ["STATES", "Cell", "cells", "texts"]

#: The states of a cell, the strongest first.
STATES = ("play", "cosmetic", "quoted")
_LANG_ORDER = ("en", *(lang for lang in LANGS if lang != "en"))


@dataclass(frozen=True, slots=True)
class Cell:
    """A text's cell in a finding's row: its state, what the review holds there, and the records that say so."""

    state: str
    note: str
    records: tuple[str, ...] = ()

    def describe(self, text: str) -> str:
        """A one-line explanation, for a tooltip: ``peg19.fr: changes play (peg19.fr/en760)``."""
        return f"{text}: {self.note}" + (f" ({', '.join(self.records)})" if self.records else "")


def _order(text: str) -> tuple[int, int, str]:
    edition, _, lang = text.partition(".")
    editions = list(FILES)
    return (
        editions.index(edition) if edition in editions else len(editions),
        _LANG_ORDER.index(lang) if lang in _LANG_ORDER else len(_LANG_ORDER),
        text,
    )


def texts(findings: Iterable[Finding], records: Records | None = None) -> list[str]:
    """Every text the findings quote or their records name, in column order: the editions in the order of the
    rulebook files, English first, then the other languages."""
    found = {f"{c.source}.{c.lang}" for f in findings for c in f.citations}
    if records is not None:
        for f in findings:
            found.update(text for text, _ in _own(f, records))
    return sorted(found, key=_order)


def _own(finding: Finding, records: Records) -> list[tuple[str, str]]:
    """``(text, record id)`` of each record the finding names that judges a text or lies within one."""
    ids = sorted({*finding.verdicts, *([finding.verdict] if finding.verdict else [])})
    out = []
    for record_id in ids:
        record = records.by_id.get(record_id)
        if record is None:
            continue
        out.append((record.source if isinstance(record, Contradiction) else record.judged, record_id))
    return out


def cells(finding: Finding, records: Records, corpus: Corpus | None = None) -> dict[str, Cell]:
    """The cells of ``finding``'s row, by text (see the module's description)."""
    found: dict[tuple[str, str], list[str]] = {}  # (text, note) -> record ids

    def note(text: str, what: str, record_id: str) -> None:
        found.setdefault((text, what), []).append(record_id)

    for text, record_id in _own(finding, records):
        record = records.by_id[record_id]
        if record.kind == "changes-play" and record_id in finding.verdicts:
            note(text, _PLAY, record_id)
        elif record.kind == "cosmetic":
            note(text, _COSMETIC, record_id)
    quoted = {f"{c.source}.{c.lang}" for c in finding.citations}
    for c in finding.citations:
        text = f"{c.source}.{c.lang}"
        clause = corpus.index.get((c.source, c.line)) if corpus is not None else None
        verdict = records.passage(text, clause) if clause is not None else None
        if verdict is None:
            continue
        if verdict.judged != text:
            note(text, f"quoted; {verdict.judged} is read against it here", verdict.id)
        elif verdict.kind == "cosmetic":
            note(text, _COSMETIC, verdict.id)
        elif verdict.kind == "same":
            note(text, "quoted; judged the same", verdict.id)
        elif verdict.id not in finding.verdicts:
            note(text, "quoted; changes play in a respect another finding answers for", verdict.id)
    out: dict[str, Cell] = {}
    for text in sorted({text for text, _ in found} | quoted, key=_order):
        notes = sorted((what for t, what in found if t == text), key=_rank)
        if not notes:
            out[text] = Cell("quoted", "quoted; no verdict on these lines")
            continue
        state = "play" if notes[0] == _PLAY else "cosmetic" if notes[0] == _COSMETIC else "quoted"
        out[text] = Cell(state, notes[0], _unique(found[(text, notes[0])]))
    return out


_PLAY = "changes play"
_COSMETIC = "differs in wording only"


def _rank(note: str) -> tuple[int, str]:
    return (0 if note == _PLAY else 1 if note == _COSMETIC else 2, note)


def _unique(ids: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(set(ids)))
