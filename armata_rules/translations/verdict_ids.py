"""The id of the verdict record behind a finding.

Every passage of the corpus gets a recorded verdict against the English text of its edition (and ``peg19.en``
against ``sb19.en``). The ids follow one scheme, so that a finding names its record without reading it:

- a passage of the corpus: ``CLAUSE@SOURCE``, e.g. ``en760@sb19.en`` (the verdict on what ``sb19.en`` says for
  clause ``en760``);
- a finding on the corpus: the verdict of the first passage it cites from a source other than ``peg19.en``
  (the text every other is compared with), else of its first cited passage;
- a finding on a new text given with ``--source``: ``CLAUSE@FILE#KIND``, e.g. ``en760@my-scan.txt#modality``,
  the clause of the edition it was compared with, the file's name and the kind of difference;
- a finding that cites no passage (the data tables): ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["PIVOT", "new_text_verdict_id", "passage_verdict_id", "verdict_id"]

PIVOT = "peg19.en"


class _Cited(Protocol):
    @property
    def source(self) -> str: ...
    @property
    def lang(self) -> str: ...
    @property
    def line(self) -> int: ...


class _ClauseIndex(Protocol):
    index: dict[tuple[str, int], str]


def passage_verdict_id(clause: str, source: str) -> str:
    """``en760@sb19.en``: the verdict on ``source``'s passage of ``clause``."""
    return f"{clause}@{source}"


def new_text_verdict_id(clause: str, file_name: str, kind: str) -> str:
    """``en760@my-scan.txt#modality``: a difference of ``kind`` between a new text and ``clause``."""
    return f"{clause}@{file_name}#{kind}"


def verdict_id(citations: Sequence[_Cited], corpus: _ClauseIndex) -> str | None:
    """The verdict record of a finding on the corpus that cites ``citations``; ``None`` without a cited passage."""
    located = [
        (f"{c.source}.{c.lang}", corpus.index[(c.source, c.line)])
        for c in citations
        if (c.source, c.line) in corpus.index
    ]
    if not located:
        return None
    source, clause = next(((s, c) for s, c in located if s != PIVOT), located[0])
    return passage_verdict_id(clause, source)
