"""The words that differ in a finding's quotes, so the page can highlight them and the text report never cuts a
quote before them.

A finding's citations are grouped by the clause they quote (:meth:`Corpus.clause_at`; a new text's citations by the
clause its finding names). Within a group:

- two quotes in one language from different sources (``peg19.en`` and ``sb19.en``, an edition and a user's scan)
  are compared word by word after accent and case folding (:mod:`difflib`); the words outside their common runs
  differ, page numbers aside. Quotes less than half alike are different sentences of the clause and are not
  compared;
- across languages, the words of the facts the finding is about (numbers for a numeric finding, modal verbs and
  quantifiers for a modality one, turn and round for a scope one, ..., as
  :func:`~armata_rules.translations.lexicon.senses` reads them) are marked where the texts do not state those facts
  equally often.

Everywhere, the phrases the finding names in quotation marks (in its topic, interpretation, details and verdict
notes, such as ``'pendant la manche'``) are marked where a quote holds them. Marks are ``(start, end)`` character
offsets into the quote, sorted and merged.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armata_rules.translations.corpus import Corpus
from armata_rules.translations.finder import Finding
from armata_rules.translations.lexicon import senses, split_words
from armata_rules.translations.verdicts import Records

__all__ = ["Span", "excerpt", "marks", "named_phrases", "words"]

Span = tuple[int, int]

_WORD = re.compile(r"[^\W_]+")
_QUOTED = re.compile(r"(?<![\w])['‘“\"](?!\s)(.+?)(?<!\s)['’”\"](?![\w])")
_MOST_NAMED_WORDS = 12  # a longer quoted passage is a sentence cited, not the words the finding is about
_ALIKE = 0.5  # same-language quotes less alike than this are different sentences
#: The kinds of fact (:data:`~armata_rules.translations.lexicon.RULE_KINDS`) each kind of finding, or dimension of
#: a reviewed one, is about.
_FACTS = {
    "numeric": ("numeric",),
    "quantity": ("numeric", "quantifier"),
    "quantifier": ("quantifier",),
    "modality": ("modality", "negation", "quantifier"),
    "tie-break": ("tie-break",),
    "scope": ("scope", "quantifier"),
    "ordering": ("timing", "scope"),
    "timing": ("timing", "scope"),
    "negation": ("negation",),
    "actor": ("actor",),
}


@dataclass(frozen=True, slots=True)
class _Word:
    start: int
    end: int
    key: str  # accent- and case-folded


def words(text: str) -> list[_Word]:
    """The words of ``text`` as the lexicons read them (accent- and case-folded runs of letters and digits), each
    with the offsets of the word of ``text`` that holds it."""
    return [_Word(start, end, key) for key, (start, end) in _tokens(text)]


def named_phrases(texts: Iterable[str]) -> list[tuple[str, ...]]:
    """The phrases in quotation marks in ``texts`` (``'pendant la manche'``), each as its folded words; sorted,
    without repeats."""
    out: set[tuple[str, ...]] = set()
    for text in texts:
        for match in _QUOTED.finditer(text):
            keys = tuple(w.key for w in words(match.group(1)))
            if 0 < len(keys) <= _MOST_NAMED_WORDS:
                out.add(keys)
    return sorted(out)


def _finding_texts(finding: Finding, records: Records | None) -> list[str]:
    """What the finding says about itself: where the phrases it names are found."""
    texts = [finding.topic, finding.interpretation or "", finding.verdict_note]
    texts += [v for v in finding.details.values() if isinstance(v, str)]
    if records is not None:
        for record_id in sorted({*finding.verdicts, *([finding.verdict] if finding.verdict else [])}):
            record = records.by_id.get(record_id)
            if record is not None:
                texts.append(record.description)
    return texts


def _tokens(quote: str) -> list[tuple[str, Span]]:
    """The words of ``quote`` as the lexicons read them (:func:`~armata_rules.translations.lexicon.split_words`),
    each with the span of the quote's word that holds it."""
    return [(word, m.span()) for m in _WORD.finditer(quote) for word in split_words(m.group())]


@functools.lru_cache(maxsize=4096)
def _read(quote: str, lang: str) -> tuple[tuple[tuple[str, str], Span], ...]:
    """Each run of words of ``quote`` that states a fact, with its (kind, sense) and span (a finding quotes a line
    that other findings quote too: it is read once)."""
    tokens = _tokens(quote)
    return tuple(
        ((s.kind, s.sense), (tokens[s.start][1][0], tokens[s.end - 1][1][1]))
        for s in senses([word for word, _ in tokens], lang)
    )


def _fact_words(quote: str, lang: str, kinds: Iterable[str]) -> list[tuple[tuple[str, str], Span]]:
    """Each run of words of ``quote`` that states a fact of one of ``kinds``, with its (kind, sense)."""
    wanted = set(kinds)
    return [(key, span) for key, span in _read(quote, lang) if key[0] in wanted]


def _same_language(a: str, b: str, lang: str) -> list[Span]:
    """The words of ``a`` outside its common runs with ``b``, when the two are versions of one sentence; a page
    number (each edition has its own pages) is not a difference."""
    wa, wb = words(a), words(b)
    keys = [w.key for w in wa]
    matcher = difflib.SequenceMatcher(None, keys, [w.key for w in wb], autojunk=False)
    if matcher.ratio() < _ALIKE:
        return []
    pages = {span for (kind, _), span in _read(a, lang) if kind == "page"} if any(map(str.isdigit, a)) else set()
    return [
        (w.start, w.end)
        for tag, i1, i2, _, _ in matcher.get_opcodes()
        if tag != "equal"
        for w in wa[i1:i2]
        if (w.start, w.end) not in pages
    ]


def _named(quote: str, phrases: Sequence[tuple[str, ...]]) -> list[Span]:
    ws = words(quote)
    keys = [w.key for w in ws]
    out = []
    for phrase in phrases:
        for i in range(len(keys) - len(phrase) + 1):
            if tuple(keys[i : i + len(phrase)]) == phrase:
                out.append((ws[i].start, ws[i + len(phrase) - 1].end))
    return out


def _merged(spans: Iterable[Span]) -> tuple[Span, ...]:
    out: list[Span] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]))
        else:
            out.append((start, end))
    return tuple(out)


def _group(finding: Finding, index: int, corpus: Corpus | None) -> str:
    """The clause a citation quotes: from the corpus, else the clause the finding names, else the finding's own."""
    c = finding.citations[index]
    if corpus is not None and (c.source, c.line) in corpus.index:
        return corpus.index[(c.source, c.line)]
    clause = finding.details.get("clause")
    return clause if isinstance(clause, str) else ""


def marks(
    finding: Finding, corpus: Corpus | None = None, records: Records | None = None
) -> tuple[tuple[Span, ...], ...]:
    """For each citation of ``finding``, the spans of its quote that differ (see the module's description);
    ``records`` adds the phrases its verdict notes name."""
    cites = finding.citations
    spans: list[list[Span]] = [[] for _ in cites]
    groups: dict[str, list[int]] = defaultdict(list)
    for i, c in enumerate(cites):
        if c.quote:
            groups[_group(finding, i, corpus)].append(i)
    dimension = finding.details.get("dimension")
    facts = {*_FACTS.get(finding.kind, ()), *(_FACTS.get(dimension, ()) if isinstance(dimension, str) else ())}
    for members in groups.values():
        for i in members:
            for j in members:
                if i != j and cites[i].lang == cites[j].lang and cites[i].source != cites[j].source:
                    spans[i] += _same_language(cites[i].quote, cites[j].quote, cites[i].lang)
        if not facts or len({(cites[i].source, cites[i].lang) for i in members}) < 2:
            continue
        found = {i: _fact_words(cites[i].quote, cites[i].lang, facts) for i in members}
        counts: dict[str, Counter[tuple[str, str]]] = defaultdict(Counter)
        for i in members:
            counts[f"{cites[i].source}.{cites[i].lang}"].update(key for key, _ in found[i])
        keys = {key for per_text in counts.values() for key in per_text}
        differing = {key for key in keys if len({per_text[key] for per_text in counts.values()}) > 1}
        for i in members:
            spans[i] += [span for key, span in found[i] if key in differing]
    phrases = named_phrases(_finding_texts(finding, records))
    for i, c in enumerate(cites):
        spans[i] += _named(c.quote, phrases)
    return tuple(_merged(s) for s in spans)


def excerpt(quote: str, spans: Sequence[Span], width: int = 110, context: int = 30) -> str:
    """``quote`` shortened to about ``width`` characters without cutting a marked span: whole when it fits;
    else around the marks (`` ... `` where text is left out), each with ``context`` characters either side, more
    while the excerpt stays within ``width``, so that several marks far apart may make it longer; with no mark,
    its first ``width - 3`` characters."""
    if len(quote) <= width:
        return quote
    if not spans:
        return quote[: width - 3] + "..."
    marked = sum(end - start for start, end in spans)
    room = max(context, (width - marked) // (2 * len(spans)))
    windows = _merged((max(0, start - room), min(len(quote), end + room)) for start, end in spans)
    pieces = [
        (
            _word_start(quote, start, min(s for s, _ in spans if s >= start)),
            _word_end(quote, end, max(e for _, e in spans if e <= end)),
        )
        for start, end in windows
    ]
    out = "... " if pieces[0][0] > 0 else ""
    out += " ... ".join(quote[start:end].strip() for start, end in pieces)
    return out + (" ..." if pieces[-1][1] < len(quote) else "")


def _word_start(text: str, start: int, limit: int) -> int:
    """``start`` moved forward to the beginning of a word, never past ``limit``."""
    if start == 0 or text[start - 1].isspace():
        return start
    space = text.find(" ", start, limit)
    return limit if space < 0 else space + 1


def _word_end(text: str, end: int, limit: int) -> int:
    """``end`` moved back to the end of a word, never before ``limit``."""
    if end >= len(text) or text[end].isspace():
        return end
    space = text.rfind(" ", limit, end)
    return limit if space < 0 else space
