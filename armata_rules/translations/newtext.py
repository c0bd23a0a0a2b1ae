"""New texts: a user's rulebook file (a clean copy, or an OCR'd page or a few) compared with the edition.

The file is read as a scan (:mod:`~armata_rules.kernel.texts.scan`), the edition's sentences of the same language
are located in it (:mod:`~armata_rules.translations.locate`), and where sentences are not found as they stand the
scan's text in their place is compared with them word by word (:mod:`~armata_rules.translations.changes`): scan
damage is undone, and every change left is reported, by the kind of fact it changes (a number, a quantifier, a
modal verb, a negation, a comparative, a time, a turn or round, an actor, a parenthesis) or as ``unclassified``,
quoting the words on both sides. A sentence left out or added is reported too, as changing play when it states a
rule. Every finding cites the line of the user's file where the difference is. A file may hold a part of the rules
only: it is compared over the span it covers, and nothing outside it is "left out".
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from armata_rules.datafile import DataFileError, read_regular_file
from armata_rules.kernel.texts.repeats import Repeat, repeated_runs
from armata_rules.kernel.texts.scan import ScanText, read_scan
from armata_rules.kernel.texts.verdict_ids import new_text_verdict_id
from armata_rules.translations.changes import Change, compare, judged
from armata_rules.translations.corpus import Corpus
from armata_rules.translations.finder import Citation, Finding
from armata_rules.translations.lexicon import RULE_KINDS
from armata_rules.translations.locate import Gap, Match, Reference, RefSentence, locate, reference
from armata_rules.translations.sources import LANGS, SOURCES, RulebookError, Rulebooks

__all__ = ["MAX_TEXT_BYTES", "editions_of", "find_in_text", "read_lines"]

_EDGE_NOISE = 40  # text this short at either end of a scan is a header or a cut sentence


#: The largest rulebook text read: about 25 copies of one language's rules (a scan with duplicated pages fits).
MAX_TEXT_BYTES = 1024 * 1024


def read_lines(path: str | Path) -> list[str]:
    """The lines of a text file, or a :class:`RulebookError` naming the file and the problem. Read with the data
    files' guards (:func:`~armata_rules.datafile.read_regular_file`): a FIFO, a device such as ``/dev/zero``, a
    directory or a file over :data:`MAX_TEXT_BYTES` is refused at once instead of blocking or filling memory."""
    path = Path(path)
    try:
        data = read_regular_file(path, MAX_TEXT_BYTES)
    except DataFileError as err:
        raise RulebookError(f"{path}: {err.problem}") from None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as err:
        raise RulebookError(f"{path}: is not UTF-8 text ({err.reason} at byte {err.start})") from None


def editions_of(lang: str, books: Rulebooks) -> list[str]:
    """The editions with text in ``lang``, the ones with full rules in that language first."""
    full = [s.edition for s in SOURCES if s.lang == lang]
    side = [e for e in sorted(books.lines) if e not in full and lang in set(books.multilingual.values())]
    return full + side


def find_in_text(
    path: str | Path, lang: str, corpus: Corpus, books: Rulebooks, edition: str | None = None, name: str | None = None
) -> list[Finding]:
    """Differences between a rulebook text file in ``lang`` and the edition (by default the edition the file
    matches best), each citing the file's line."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; languages: {', '.join(LANGS)}")
    candidates = [edition] if edition else editions_of(lang, books)
    if edition is not None and edition not in books.lines:
        raise ValueError(f"unknown edition {edition!r}; editions: {', '.join(sorted(books.lines))}")
    lines = read_lines(path)
    label = name or Path(path).name
    repeats = repeated_runs(lines)
    for repeat in repeats:  # compared once: the later copies are blanked, so line numbers stay the user's
        lines[repeat.first - 1 : repeat.last] = [""] * (repeat.last - repeat.first + 1)
    best: tuple[int, Reference, ScanText, list[Match], list[Gap]] | None = None
    for candidate in candidates:
        ref = reference(books, corpus, candidate, lang)
        if not ref.sentences:
            continue
        scan = read_scan(lines, ref.key)
        matches, gaps = locate(ref.sentences, scan)
        covered = sum(m.end - m.start for m in matches)
        if best is None or covered > best[0]:
            best = (covered, ref, scan, matches, gaps)
    if best is None:
        raise ValueError(f"the rulebooks have no {lang} text" + (f" in edition {edition}" if edition else ""))
    covered, ref, scan, _, gaps = best
    if covered == 0:
        if not scan.key:
            return []
        raise ValueError(f"{path}: no sentence of the {ref.source} rules was found in it; is it in {lang}?")
    found = [_repeat_finding(repeat, label, lang, ref) for repeat in repeats]
    for gap in gaps:
        found.extend(_compare_gap(gap, ref, scan, lang, label))
    return _unique_ids(found)


def _unique_ids(found: list[Finding]) -> list[Finding]:
    """Two findings of one kind on one line (two sentences of a paragraph): the later ones numbered ``#2``..."""
    seen: dict[str, int] = {}
    out = []
    for f in found:
        seen[f.id] = seen.get(f.id, 0) + 1
        out.append(f if seen[f.id] == 1 else replace(f, id=f"{f.id}#{seen[f.id]}"))
    return out


def _repeat_finding(repeat: Repeat, label: str, lang: str, ref: Reference) -> Finding:
    """A page the file holds twice: reported, so the user knows it was compared once."""
    where, earlier = f"lines {repeat.first}-{repeat.last}", f"{repeat.of_first}-{repeat.of_last}"
    title = f"{label} {where} repeat its lines {earlier} (a page scanned twice?); compared once."
    citations = (
        Citation(label, lang, repeat.of_first, ""),
        Citation(label, lang, repeat.first, ""),
    )
    clause = f"{ref.source}-lines{repeat.of_first}"
    return Finding(
        f"{label}:{repeat.first}:repeated-text",
        "repeated-text",
        "cosmetic",
        title,
        citations,
        None,
        None,
        "automatic",
        {"clause": clause, "repeats": [repeat.of_first, repeat.of_last]},
        new_text_verdict_id(clause, label, "repeated-text"),
    )


def _edge_window(gap: Gap, ref: Reference, at_start: bool) -> tuple[int, int]:
    """At either end of the scan, only the edition sentences next to the scan's first (or last) found one can
    be in the gap: as many as the gap's text could hold."""
    room = 2 * (gap.end - gap.start) + _EDGE_NOISE
    first, last = gap.first, gap.last
    if at_start:
        while first < last and room > 0:
            last -= 1
            room -= len(ref.sentences[last].key)
        return last, gap.last
    while first < last and room > 0:
        room -= len(ref.sentences[first].key)
        first += 1
    return gap.first, first


def _windows(gap: Gap, ref: Reference) -> list[int]:
    """The edition sentences the gap's text may hold: all of them inside the scan; at its start or end, or
    between two excerpts, only those next to the found sentences, as many as the text could hold."""
    if not gap.edge:
        return list(range(gap.first, gap.last))
    if gap.jump:
        after, before = _edge_window(gap, ref, False), _edge_window(gap, ref, True)
        return sorted(set(range(*after)) | set(range(*before)))
    return list(range(*_edge_window(gap, ref, gap.start == 0)))


def _compare_gap(gap: Gap, ref: Reference, scan: ScanText, lang: str, label: str) -> list[Finding]:
    """The findings of one gap: the edition sentences it may hold compared with its text in one word diff."""
    if gap.start >= gap.end and gap.edge:
        return []  # the scan begins or ends here: the rest of the edition is simply not in it
    olds = [ref.sentences[i] for i in _windows(gap, ref)]
    text = _gap_text(scan, gap.start, gap.end)
    at_start, at_end = gap.edge and gap.start == 0, gap.edge and gap.end == len(scan.key)
    found = compare(
        [s.text for s in olds],
        text,
        lang,
        words=ref.words,
        pairs=ref.pairs,
        leads=[*(s.lead for s in olds), ref.sentences[gap.last].lead if gap.last < len(ref.sentences) else ""],
        cut_start=at_start or gap.jump,
        cut_end=at_end or gap.jump,
        between=gap.jump,
    )
    out: list[Finding] = []
    by_sentence: dict[int, list[Change]] = {}
    for change in found.changes:
        by_sentence.setdefault(change.sentence, []).append(change)
    for index in sorted(by_sentence):
        old = olds[index] if index >= 0 else _neighbour(ref, gap)
        out.extend(_differences(old, by_sentence[index], found.quotes.get(index, ""), gap, scan, ref, label))
    for dropped in found.dropped:
        old = olds[dropped.sentence]
        line = scan.line_at(gap.start + dropped.at)
        title = f"{label} leaves out a sentence of {ref.source}:{old.line} (at line {line}): *{_bare(dropped.text)}*."
        out.append(_finding(label, "missing-clause", title, ref, old, line, "", judged(dropped.text, lang)))
    for added in found.added:
        line = scan.line_at(gap.start + added.at)
        near = olds[added.near] if added.near >= 0 else _neighbour(ref, gap)
        title = (
            f"{label} line {line} adds a sentence that {ref.source} does not have "
            f"(near {ref.source}:{near.line}): *{_bare(added.text)}*."
        )
        severity = judged(added.text, lang)
        out.append(_finding(label, "missing-clause", title, ref, near, line, added.text, severity, quote_old=False))
    return out


def _gap_text(scan: ScanText, start: int, end: int) -> str:
    """The scan's text behind key characters ``start``..``end``, with the marks around them (a bracket, a full
    stop) up to the neighbouring key characters, and without markdown's asterisks (the edition's are left out
    too)."""
    first = scan.origin[start - 1] + 1 if start > 0 else 0
    last = scan.origin[end] if end < len(scan.key) else len(scan.text)
    return re.sub(r"\*+", "", scan.text[first:last])


def _bare(text: str) -> str:
    """A sentence quoted in a title: without the full stop (or the like) the title's own punctuation follows."""
    return text.strip().rstrip(" .;:!?")


def _neighbour(ref: Reference, gap: Gap) -> RefSentence:
    """The edition sentence next to a gap that holds none: the one found before it (else the one after)."""
    return ref.sentences[gap.first - 1 if gap.first > 0 else min(gap.last, len(ref.sentences) - 1)]


#: The order of a sentence's findings: the facts of the rules first, as the lexicons rank them.
_KIND_ORDER = {kind: n for n, kind in enumerate((*RULE_KINDS, "parenthesis", "unclassified"))}
_SEVERITY_ORDER = ("changes-play", "unreviewed", "cosmetic")


def _differences(
    old: RefSentence,
    found: list[Change],
    quote: str,
    gap: Gap,
    scan: ScanText,
    ref: Reference,
    label: str,
) -> list[Finding]:
    """One finding for each kind of change between an edition sentence and its counterpart in the scan
    (``quote``), each change quoted on both sides."""
    there = f"{ref.source}:{old.line}"
    by_kind: dict[str, list[Change]] = {}
    for change in found:
        for kind in change.kinds:
            by_kind.setdefault(kind, []).append(change)
    out = []
    for kind in sorted(by_kind, key=_KIND_ORDER.__getitem__):
        changes = by_kind[kind]
        lines = [scan.line_at(gap.start + c.at) for c in changes]
        title = "; ".join(c.describe(f"{label} line {n}", there) for c, n in zip(changes, lines, strict=True)) + "."
        severity = min((c.severity for c in changes), key=_SEVERITY_ORDER.index)
        details: dict[str, object] = {"was": old.text, "changes": [{"was": c.was, "now": c.now} for c in changes]}
        out.append(_finding(label, kind, title, ref, old, lines[0], quote, severity, details=details))
    return out


def _finding(
    label: str,
    kind: str,
    title: str,
    ref: Reference,
    old: RefSentence,
    line: int,
    new: str,
    severity: str,
    *,
    quote_old: bool = True,
    details: dict[str, object] | None = None,
) -> Finding:
    citations = (
        Citation(ref.edition, ref.lang, old.line, old.text if quote_old else ""),
        Citation(label, ref.lang, line, new),
    )
    return Finding(
        f"{label}:{line}:{kind}",
        kind,
        severity,
        title,
        citations,
        None,
        None,
        "automatic",
        {"clause": old.clause, **(details or {})},
        new_text_verdict_id(old.clause, label, kind),
    )
