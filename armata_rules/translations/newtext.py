"""New texts: a user's rulebook file (a clean copy, or an OCR'd page or a few) compared with the edition.

The file is read as a scan (:mod:`~armata_rules.translations.scan`), the edition's sentences of the same language
are located in it (:mod:`~armata_rules.translations.locate`), and where a sentence is not found as it stands the
sentences in its place are compared by what they say: numbers, modal verbs, comparatives, turn or round,
negations, actors; a sentence left out or added is reported too. Damage from scanning changes none of these and
is never reported. Every finding cites the line of the user's file where the difference is.
"""

from __future__ import annotations

import difflib
import itertools
import re
from bisect import bisect_left
from dataclasses import dataclass
from pathlib import Path

from armata_rules.datafile import DataFileError, read_regular_file
from armata_rules.translations.align import align, same_similarity
from armata_rules.translations.corpus import Corpus
from armata_rules.translations.finder import Citation, Finding
from armata_rules.translations.lexicon import actors, negations
from armata_rules.translations.locate import Gap, Match, Reference, RefSentence, locate, reference
from armata_rules.translations.repeats import Repeat, repeated_runs
from armata_rules.translations.scan import ScanText, normalize, read_scan, rejoin
from armata_rules.translations.sources import LANGS, SOURCES, RulebookError, Rulebooks
from armata_rules.translations.text import facts
from armata_rules.translations.verdict_ids import new_text_verdict_id

__all__ = ["MAX_TEXT_BYTES", "editions_of", "find_in_text", "read_lines"]

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\s+(?=-\s)")
_MIN_SENTENCE = 12  # key length below which a lone dropped or added piece is a label, not a sentence
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


@dataclass(frozen=True, slots=True)
class _Piece:
    """A sentence of the scan: key characters ``start``..``end``."""

    start: int
    end: int


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
    return found


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


def _pieces(scan: ScanText, start: int, end: int) -> list[_Piece]:
    """The scan's sentences between key characters ``start`` and ``end``."""
    if start >= end:
        return []
    first, last = scan.origin[start], scan.origin[end - 1] + 1
    cuts = {first, last}
    cuts.update(first + m.end() for m in _SENTENCE_END.finditer(scan.text[first:last]))
    cuts.update(b for b in scan.breaks if first < b < last)
    bounds = sorted(cuts)
    out = []
    for a, b in itertools.pairwise(bounds):
        ka, kb = bisect_left(scan.origin, a), bisect_left(scan.origin, b)
        if kb - ka >= 3:
            out.append(_Piece(ka, kb))
    return out


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


def _compare_gap(gap: Gap, ref: Reference, scan: ScanText, lang: str, label: str) -> list[Finding]:
    if gap.start >= gap.end and gap.edge:
        return []  # the scan begins or ends here: the rest of the edition is simply not in it
    at_start = gap.edge and gap.start == 0
    first, last = _edge_window(gap, ref, at_start) if gap.edge else (gap.first, gap.last)
    olds = list(ref.sentences[first:last])
    news = _pieces(scan, gap.start, gap.end)
    new_texts = [scan.key[p.start : p.end] for p in news]
    pairs = align(
        [s.key for s in olds], new_texts, lambda i, j: same_similarity(olds[i].key, new_texts[j]), threshold=0.25
    )
    out: list[Finding] = []
    for i, j in pairs:
        old, piece = olds[i], news[j]
        new_key = new_texts[j]
        if old.key == new_key or (gap.edge and (old.key.endswith(new_key) or old.key.startswith(new_key))):
            continue
        out.extend(_differences(old, piece, scan, ref, lang, label))
    paired_old = {i for i, _ in pairs}
    paired_new = {j for _, j in pairs}
    if not gap.edge:
        for i, old in enumerate(olds):
            if i not in paired_old and len(old.key) > _MIN_SENTENCE:
                line = scan.line_at(gap.start if gap.start < len(scan.key) else gap.start - 1)
                title = f"{label} leaves out a sentence of {ref.source}:{old.line} (at line {line})."
                out.append(_finding(label, "missing-clause", title, ref, old, line, "", "unreviewed"))
    for j, piece in enumerate(news):
        size = piece.end - piece.start
        if j in paired_new or size <= _MIN_SENTENCE or (gap.edge and size <= _EDGE_NOISE):
            continue
        line = scan.line_at(piece.start)
        text = scan.text_between(piece.start, piece.end)
        near = olds[min(j, len(olds) - 1)] if olds else _neighbour(ref, gap)
        title = f"{label} line {line} adds a sentence that {ref.source} does not have (near {ref.source}:{near.line})."
        out.append(_finding(label, "missing-clause", title, ref, near, line, text, "unreviewed", quote_old=False))
    return out


def _neighbour(ref: Reference, gap: Gap) -> RefSentence:
    return ref.sentences[min(gap.first, len(ref.sentences) - 1)]


def _described(counts: dict[str, int]) -> str:
    return " and ".join(sorted(counts)) if counts else "nothing of the kind"


def _differences(
    old: RefSentence, piece: _Piece, scan: ScanText, ref: Reference, lang: str, label: str
) -> list[Finding]:
    """Each kind of fact that differs between an edition sentence and the scan's sentence in its place."""
    new_text = rejoin(scan.text_between(piece.start, piece.end), ref.words, ref.pairs)
    old_text = normalize(old.text)
    line = _first_change(old.key, scan, piece)
    where = f"{label} line {line}"
    there = f"{ref.source}:{old.line}"
    before, after = facts(old_text, lang), facts(new_text, lang)
    out = []
    if before.numbers != after.numbers:
        was = ", ".join(map(str, before.numbers)) or "no number"
        now = ", ".join(map(str, after.numbers)) or "no number"
        out.append(("numeric", f"{where} prints {now} where {there} prints {was}."))
    for kind, part, verb in (
        ("modality", "modal", "says"),
        ("tie-break", "comparative", "compares with"),
        ("scope", "scope", "counts per"),
    ):
        was_c, now_c = getattr(before, part), getattr(after, part)
        if was_c != now_c:
            gone, new = was_c - now_c, now_c - was_c
            out.append((kind, f"{where} {verb} {_described(new)} where {there} {verb} {_described(gone)}."))
    was_n, now_n = negations(old_text, lang), negations(new_text, lang)
    if was_n != now_n:
        change = "adds a negation to" if now_n > was_n else "drops a negation of"
        out.append(("negation", f"{where} {change} the sentence of {there}."))
    was_a, now_a = actors(old_text, lang), actors(new_text, lang)
    if was_a != now_a:
        out.append(
            ("actor", f"{where} names {_described(now_a - was_a)} where {there} names {_described(was_a - now_a)}.")
        )
    return [
        _finding(label, kind, title, ref, old, line, new_text, "changes-play", details={"was": old_text})
        for kind, title in out
    ]


def _first_change(old_key: str, scan: ScanText, piece: _Piece) -> int:
    """The user's line holding the first character where the scan's sentence departs from the edition's."""
    new_key = scan.key[piece.start : piece.end]
    matcher = difflib.SequenceMatcher(None, old_key, new_key, autojunk=False)
    for tag, _, _, j1, _ in matcher.get_opcodes():
        if tag != "equal":
            return scan.line_at(piece.start + min(j1, max(0, len(new_key) - 1)))
    return scan.line_at(piece.start)


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
