"""The ambiguity report as text, Markdown or JSON (schema: a list of findings ``{id, kind, severity, topic,
citations: [{source, lang, line, quote}], reading, interpretation}``)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from armata_rules.translations.finder import Finding

__all__ = ["render"]


def render(findings: Sequence[Finding], fmt: str) -> str:
    """The findings in ``fmt``: ``text``, ``markdown`` or ``json``."""
    if fmt == "json":
        return json.dumps([f.to_json() for f in findings], ensure_ascii=False, indent=2)
    if fmt == "markdown":
        return _markdown(findings)
    if fmt == "text":
        return _text(findings)
    raise ValueError(f"unknown format {fmt!r}; use text, markdown or json")


def _what(f: Finding) -> str:
    if f.reading and f.reading != "unmodelled":
        return f"reading `{f.reading}`"
    if f.reading == "unmodelled":
        return "unmodelled"
    return "interpretation" if f.interpretation else "to review"


def _text(findings: Sequence[Finding]) -> str:
    lines = []
    for f in findings:
        lines.append(f"[{f.severity}] {f.kind}: {f.topic}  ({f.id}; {_what(f)})")
        for c in f.citations:
            quote = c.quote if len(c.quote) <= 110 else c.quote[:107] + "..."
            lines.append(f"    {c.source}.{c.lang}:{c.line}  {quote}")
        if f.interpretation:
            lines.append(f"    -> {f.interpretation}")
    lines.append(f"{len(findings)} findings")
    return "\n".join(lines)


def _markdown(findings: Sequence[Finding]) -> str:
    out = ["| id | kind | severity | topic | engine |", "| --- | --- | --- | --- | --- |"]
    for f in findings:
        out.append(f"| {f.id} | {f.kind} | {f.severity} | {f.topic} | {_what(f)} |")
    out.append("")
    for f in findings:
        out.append(f"## {f.topic}\n\n`{f.id}` · {f.kind} · {f.severity} · {_what(f)}\n")
        for c in f.citations:
            out.append(f"- `{c.source}.{c.lang}:{c.line}` {c.quote}")
        if f.interpretation:
            out.append(f"\n{f.interpretation}")
        out.append("")
    return "\n".join(out)
