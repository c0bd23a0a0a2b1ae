"""The ambiguity report as text, Markdown or JSON: the findings a :class:`~.selection.Selection` keeps.

The JSON form is an object ``{format, filters, findings}``: :data:`FORMAT_VERSION`, the filters given (``{lang,
severity, kind, reading}``, lists of values), and the findings ``{id, kind, severity, topic, citations: [{source,
lang, line, quote, differs}], reading, interpretation, verdict, verdicts, verdict_note}``, where ``differs`` lists
the ``[start, end]`` character offsets of the quote's words that differ (:mod:`armata_rules.translations.differing`).

Each finding names its verdict records (``peg19.de/en760``, see :mod:`armata_rules.translations.verdict_ids`) and
what the engine does about them. The text form shortens a long quote around the words that differ, never before
them. Given the recorded review, the text and Markdown forms end with the verdict counts of each text: same,
cosmetic, changes-play, and how the play-changing ones are handled.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence

from armata_rules.translations.corpus import Corpus
from armata_rules.translations.differing import Span, excerpt, marks
from armata_rules.translations.finder import Finding
from armata_rules.translations.selection import Selection
from armata_rules.translations.verdicts import HANDLING, KINDS, Record, Records, handling

__all__ = ["FORMAT_VERSION", "QUOTE_WIDTH", "render", "review_summary"]

#: The version of the JSON form; a change that could break a reader increments it.
FORMAT_VERSION = 1
#: The text form shows a quote whole up to this many characters, else shortened around the words that differ.
QUOTE_WIDTH = 110
_SHOWN = 3  # verdict ids shown in full before "and N more"


def render(
    findings: Sequence[Finding],
    fmt: str,
    records: Records | None = None,
    corpus: Corpus | None = None,
    selection: Selection | None = None,
) -> str:
    """The findings ``selection`` keeps (default: all) in ``fmt``: ``text``, ``markdown`` or ``json``. ``corpus``
    tells which quotes are of one clause (to find the words that differ); with ``records``, the verdict notes name
    words too, and the text and Markdown forms end with :func:`review_summary`."""
    chosen = selection or Selection()
    kept = chosen.apply(findings)
    if fmt == "json":
        data = {
            "format": FORMAT_VERSION,
            "filters": chosen.to_json(),
            "findings": [_json(f, marks(f, corpus, records)) for f in kept],
        }
        return json.dumps(data, ensure_ascii=False, indent=2)
    if fmt == "markdown":
        return _markdown(kept, records)
    if fmt == "text":
        return _text(kept, records, corpus, _tally(kept, findings, chosen))
    raise ValueError(f"unknown format {fmt!r}; use text, markdown or json")


def _json(finding: Finding, spans: Sequence[Sequence[Span]]) -> dict[str, object]:
    data = finding.to_json()
    data["citations"] = [
        {**c.to_json(), "differs": [list(span) for span in marked]}
        for c, marked in zip(finding.citations, spans, strict=True)
    ]
    return data


def _tally(kept: Sequence[Finding], findings: Sequence[Finding], selection: Selection) -> str:
    """``12 findings``, or ``12 of 83 findings (lang fr; severity changes-play)`` when filtered."""
    if not selection.active:
        return f"{len(kept)} findings"
    return f"{len(kept)} of {len(findings)} findings ({selection.describe()})"


def _what(f: Finding) -> str:
    if f.reading and f.reading != "unmodelled":
        return f"reading `{f.reading}`"
    if f.reading == "unmodelled":
        return "unmodelled"
    return "interpretation" if f.interpretation else "to review"


def _verdicts(f: Finding) -> str:
    """``verdict peg19.de/en760 (with peg19.fr/en760, ... and 3 more)``, or why there is none."""
    if f.verdict is None:
        return f"no verdict: {f.verdict_note}" if f.verdict_note else "no verdict"
    others = [v for v in f.verdicts if v != f.verdict]
    text = f"verdict {f.verdict}"
    if others:
        shown = ", ".join(others[:_SHOWN]) + (f" and {len(others) - _SHOWN} more" if len(others) > _SHOWN else "")
        text += f" (with {shown})"
    return text + (f"; {f.verdict_note}" if f.verdict_note else "")


def _counts(records: Sequence[Record]) -> str:
    plays = [handling(r) for r in records if r.kind == "changes-play"]
    return ", ".join(f"{plays.count(h)} {h}" for h in HANDLING)


def review_summary(records: Records) -> list[str]:
    """One line per text of the review (its verdicts by kind, and how the play-changing ones are handled), one
    for the within-text contradictions, one for the total."""
    lines = []
    every: list[Record] = []
    for review in records.reviews:
        kinds = [v.kind for v in review.verdicts]
        counts = ", ".join(f"{kinds.count(k)} {k}" for k in KINDS)
        lines.append(f"{review.judged} against {review.against}: {counts} ({_counts(review.verdicts)})")
        every += review.verdicts
    contradictions = records.contradictions
    lines.append(f"within-text contradictions: {len(contradictions)} ({_counts(contradictions)})")
    plays = len(records.play)
    lines.append(f"play-changing records in all: {plays} ({_counts([*every, *contradictions])})")
    return lines


def _text(findings: Sequence[Finding], records: Records | None, corpus: Corpus | None, count: str) -> str:
    lines = []
    for f in findings:
        lines.append(f"[{f.severity}] {f.kind}: {f.topic}  ({f.id}; {_what(f)})")
        for c, spans in zip(f.citations, marks(f, corpus, records), strict=True):
            lines.append(f"    {c.source}.{c.lang}:{c.line}  {excerpt(c.quote, spans, QUOTE_WIDTH)}")
        if f.interpretation:
            lines.append(f"    -> {f.interpretation}")
        lines.append(f"    {_verdicts(f)}")
    lines.append(count)
    if records is not None:
        lines.append("Recorded verdicts per text (spec/verdicts), play-changing ones by what the engine does:")
        lines += [f"  {line}" for line in review_summary(records)]
    return "\n".join(lines)


def _md(text: str, cell: bool = False) -> str:
    """``text`` (a quote from a user's scan, say) safe in Markdown: no raw HTML (``<``, ``>``, ``&`` escaped, so
    ``<script>`` in a scan stays text), on one line, and in a table cell no ``|`` that would split it."""
    text = html.escape(text, quote=False).replace("\r", " ").replace("\n", " ")
    return text.replace("|", "\\|") if cell else text


def _markdown(findings: Sequence[Finding], records: Records | None) -> str:
    out = ["| id | kind | severity | topic | engine | verdict |", "| --- | --- | --- | --- | --- | --- |"]
    for f in findings:
        row = (f.id, f.kind, f.severity, f.topic, _what(f), f.verdict or "")
        out.append("| " + " | ".join(_md(v, cell=True) for v in row) + " |")
    out.append("")
    for f in findings:
        out.append(f"## {_md(f.topic)}\n\n`{f.id}` · {f.kind} · {f.severity} · {_what(f)}\n")
        for c in f.citations:
            out.append(f"- `{_md(c.source)}.{c.lang}:{c.line}` {_md(c.quote)}")
        if f.interpretation:
            out.append(f"\n{_md(f.interpretation)}")
        out.append(f"\n{_verdicts(f)}")
        out.append("")
    if records is not None:
        out += ["## Recorded verdicts", ""]
        out += [f"- {line}" for line in review_summary(records)]
        out.append("")
    return "\n".join(out)
