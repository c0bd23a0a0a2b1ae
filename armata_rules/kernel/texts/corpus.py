"""A clause corpus: every paragraph of every source of a game's texts, aligned to the paragraphs of its pivot, with
its lines, quote and facts.

A source id reads ``FILE.LANG`` (``peg19.en``, ``wn.pl``); a citation ``FILE.LANG:FIRST-LAST``. :func:`group` aligns
each section of a :class:`~armata_rules.kernel.texts.textset.TextSet` with the pivot's (within one language by the
squashed text, across languages by a scorer the game gives, which may read its glossary), keeping the order of both;
a paragraph the ordered pass leaves is placed by its best match alone, or becomes a clause of its own. A line that a
narrower section covers (a block of another language inside a text) is that section's, not the wider one's.
:func:`clauses` turns the groups into :class:`Clause` objects named after the pivot's language and line (``en760``,
``pl225``). A game adds its own steps between the two (Armata: the side-by-side lists of one print, corrections by
hand) and stores the corpus where it likes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from armata_rules.kernel.texts.align import align, same_similarity
from armata_rules.kernel.texts.text import Paragraph, facts, paragraphs
from armata_rules.kernel.texts.textset import Section, TextSet

__all__ = [
    "Clause",
    "Corpus",
    "CrossScore",
    "Groups",
    "Lines",
    "Passage",
    "citation_lines",
    "clauses",
    "group",
    "headings",
    "passage",
    "section_paragraphs",
]


@dataclass(frozen=True, slots=True)
class Passage:
    """What one source says for a clause: its lines, the quoted text, the facts read from it."""

    source: str
    lines: tuple[int, ...]
    quote: str
    facts: dict[str, object]

    @property
    def edition(self) -> str:
        """The key of the file the passage is in (``peg19``, ``wn``)."""
        return self.source.split(".")[0]

    @property
    def lang(self) -> str:
        """The language code."""
        return self.source.split(".")[1]

    @property
    def citation(self) -> str:
        """``peg19.en:760`` or ``peg19.en:760-762``."""
        first, last = self.lines[0], self.lines[-1]
        return f"{self.source}:{first}" if first == last else f"{self.source}:{first}-{last}"


@dataclass
class Clause:
    """One clause of the rules in every source that has it (``pivot``: the source its title is read from)."""

    id: str
    section: str
    passages: dict[str, Passage]
    informative: str = ""
    rules: list[str] = field(default_factory=list)
    pivot: str = ""

    @property
    def title(self) -> str:
        """A short title: the start of the pivot's text (or of any text)."""
        passage = self.passages.get(self.pivot) or next(iter(self.passages.values()))
        text = passage.quote.replace("*", "")
        return text if len(text) <= 72 else text[:69].rsplit(" ", 1)[0] + "…"


@dataclass
class Corpus:
    """The clauses, the checksums of the files they were aligned on, and an index from (file, line) to clause."""

    clauses: list[Clause]
    checksums: dict[str, str]
    index: dict[tuple[str, int], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for clause in self.clauses:
            for passage in clause.passages.values():
                for line in passage.lines:
                    self.index.setdefault((passage.edition, line), clause.id)
        self.by_id = {clause.id: clause for clause in self.clauses}

    def clause_at(self, citation: str) -> Clause | None:
        """The clause containing the first line of ``citation`` (``peg19.en:760-762``), if any."""
        source, _, lines = citation.partition(":")
        first = int(lines.split("-")[0])
        clause_id = self.index.get((source.split(".")[0], first))
        return None if clause_id is None else self.by_id[clause_id]


def citation_lines(citation: str) -> tuple[str, str, int, int]:
    """``peg19.en:760-762`` → ("peg19", "en", 760, 762)."""
    source, _, lines = citation.partition(":")
    edition, lang = source.split(".")
    first, _, last = lines.partition("-")
    return edition, lang, int(first), int(last or first)


class Lines(Protocol):
    """A game's text files as read: their lines by file key, and the language of a line."""

    @property
    def lines(self) -> Mapping[str, tuple[str, ...]]: ...

    def language_of(self, file: str, number: int) -> str | None: ...


#: How alike two paragraphs of two languages are (0..1): ``score(a, lang_a, b, lang_b)``.
CrossScore = Callable[[str, str, str, str], float]
#: Pivot paragraph index → source → the paragraphs aligned to it.
Groups = dict[int, dict[str, list[Paragraph]]]


def headings(pars: list[Paragraph]) -> dict[int, str]:
    """Line → the heading over it: the last paragraph before it (or itself) in capitals, 3 to 60 characters."""
    section, out = "", {}
    for par in pars:
        text = par.text.replace("*", "").replace("►", "").strip()
        if text.isupper() and 3 <= len(text) <= 60:
            section = text.title()
        out[par.line] = section
    return out


def passage(source: str, pars: Iterable[Paragraph], lang: str) -> Passage:
    """The passage of ``source`` made of ``pars``, in line order, with the facts its quote states in ``lang``."""
    pars = sorted(pars, key=lambda p: p.line)
    quote = " ".join(p.text for p in pars)
    return Passage(source, tuple(p.line for p in pars), quote, facts(quote, lang).to_json())


def section_paragraphs(books: Lines, section: Section, left_out: Mapping[tuple[str, int], str]) -> list[Paragraph]:
    """The paragraphs of a section in its own language, but the lines left out of the corpus."""
    lines = books.lines[section.file]
    last = section.last if section.last is not None else len(lines)
    pars = paragraphs(lines, section.first, last)
    return [
        p
        for p in pars
        if (section.file, p.line) not in left_out and books.language_of(section.file, p.line) == section.lang
    ]


def group(
    texts: TextSet, books: Lines, cross: CrossScore, left_out: Mapping[tuple[str, int], str] | None = None
) -> tuple[list[Paragraph], Groups, list[tuple[str, Paragraph]]]:
    """Align every section of ``texts`` to its pivot's: the pivot's paragraphs, the paragraphs of every source
    grouped by the pivot paragraph they align to, and those aligned to none (``extras``, by source)."""
    left_out = left_out or {}
    sections = {s.source: s for s in texts.sections}
    pivot_lang = sections[texts.pivot].lang
    pivot = section_paragraphs(books, sections[texts.pivot], left_out)
    groups: Groups = {i: {texts.pivot: [p]} for i, p in enumerate(pivot)}
    extras: list[tuple[str, Paragraph]] = []
    for section in texts.sections:
        if section.source == texts.pivot:
            continue
        pars = section_paragraphs(books, section, left_out)
        if section.lang == pivot_lang:
            scores = [[same_similarity(p.text, q.text) for q in pars] for p in pivot]
            threshold = 0.25
        else:
            scores = [[cross(p.text, pivot_lang, q.text, section.lang) for q in pars] for p in pivot]
            threshold = 0.3
        pairs = align(pivot, pars, lambda i, j, sc=scores: sc[i][j], threshold)  # type: ignore[arg-type, misc]
        left: list[tuple[str, Paragraph]] = []
        _attach(groups, pairs, pars, section.source, scores, threshold, left)
        # translations sometimes reorder a section: place what the ordered pass left by its best match alone
        for source, par in left:
            j = pars.index(par)
            best = max(range(len(pivot)), key=lambda i: scores[i][j])
            if scores[best][j] >= threshold + 0.15 and len(par.text) > 25:
                groups[best].setdefault(source, []).append(par)
            else:
                extras.append((source, par))
    return pivot, groups, extras


def _attach(
    groups: Groups,
    pairs: list[tuple[int, int]],
    pars: list[Paragraph],
    source: str,
    scores: list[list[float]],
    threshold: float,
    extras: list[tuple[str, Paragraph]],
) -> None:
    matched = {j: i for i, j in pairs}
    previous: int | None = None
    for j, par in enumerate(pars):
        if j in matched:
            previous = matched[j]
            groups[previous].setdefault(source, []).append(par)
        elif previous is not None and scores[previous][j] >= threshold / 2:
            groups[previous].setdefault(source, []).append(par)  # a translation split the paragraph in two
        else:
            extras.append((source, par))


def clauses(
    pivot_source: str, pivot: list[Paragraph], groups: Groups, extras: list[tuple[str, Paragraph]]
) -> list[Clause]:
    """A clause per pivot paragraph (``en760``: its language and line) with every passage aligned to it, then one
    per paragraph aligned to none (``peg19-de-135``: its source and line)."""
    pivot_lang = pivot_source.split(".")[1]
    heading = headings(pivot)
    out = []
    for i, p in enumerate(pivot):
        passages = {source: passage(source, pars, source.split(".")[1]) for source, pars in sorted(groups[i].items())}
        out.append(Clause(f"{pivot_lang}{p.line}", heading[p.line], passages, pivot=pivot_source))
    for source, par in extras:
        out.append(
            Clause(
                f"{source.replace('.', '-')}-{par.line}",
                "",
                {source: passage(source, [par], source.split(".")[1])},
                pivot=pivot_source,
            )
        )
    return out
