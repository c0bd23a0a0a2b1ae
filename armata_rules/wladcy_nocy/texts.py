"""The text of *Władcy Nocy*: where the Polish rulebook is, its citations, its clauses, and OCR folding for matching.

The only source is ``wladcy-nocy_pl.txt`` (``../shared/rulebooks/README.md``), an OCR extraction of 684 lines. Its
source ids: ``wn.pl``, the whole text, and ``wn.en``, the scrap of an English vampire card embedded in it (lines
545-558 only). A citation names a line or a run of lines of one source, as ``wn.pl:LINE`` or ``wn.pl:FIRST-LAST``;
:func:`resolve` turns it into its lines or raises a one-line :class:`CitationError`.

The text splits into clauses (:func:`split_clauses`): paragraphs between blank lines, a list's items, a table's rows,
the card scrap as one block, and a sentence the OCR broke over blank lines joined back. A clause is named after the
source and its first line (``pl225``, ``en545``) and keeps its lines verbatim. ``spec/wladcy_nocy/clauses.json`` holds
them with the file's sha256; rebuild it with ``python -m armata_rules.wladcy_nocy.texts --write`` (``--check`` says
whether it is up to date). Quotes stay verbatim; only matching reads the text through :func:`fold`, which replaces
the OCR misspellings of ``spec/wladcy_nocy/ocr_variants.toml`` by the words they stand for.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Final

from armata_rules.kernel.texts.files import TextFileError, read_text_file
from armata_rules.kernel.texts.textset import Section, TextSet
from armata_rules.wladcy_nocy.spec import OcrVariant, Term, load_ocr_variants, spec_folder

__all__ = [
    "ARMATA_ENV",
    "CLAUSE_KINDS",
    "ENV",
    "FILE_NAME",
    "PACKAGED",
    "SOURCES",
    "WN_TEXTS",
    "CitationError",
    "Clause",
    "Source",
    "TextError",
    "WNText",
    "citation_problems",
    "clauses_document",
    "coverage",
    "default_folder",
    "find_citations",
    "fold",
    "main",
    "render_clauses",
    "resolve",
    "rulebook",
    "split_clauses",
    "term_lines",
    "variant_lines",
    "write_clauses",
]

FILE_NAME = "wladcy-nocy_pl.txt"
#: The folder holding the text; else Armata's variable, else ``shared/rulebooks`` nearby, else the packaged copy.
ENV = "WLADCY_NOCY_RULEBOOKS"
ARMATA_ENV = "ARMATA_RULEBOOKS"
#: Where a built wheel carries the text (``pyproject.toml``: hatch force-include).
PACKAGED = Path(__file__).resolve().parents[1] / "rulebooks_data"
#: The largest text read (the rulebook is about 40 KB).
MAX_TEXT_BYTES = 1024 * 1024
#: The kinds of clause :func:`split_clauses` tells apart.
CLAUSE_KINDS = ("heading", "text", "item", "row", "scrap")


class TextError(ValueError):
    """The rulebook text cannot be found, read or split; one line naming the path and what to do."""


class CitationError(ValueError):
    """A citation that does not resolve; one line naming the citation and why."""


@dataclass(frozen=True, slots=True)
class Source:
    """A source id of the text and the lines it covers (``last = None``: to the end of the file)."""

    id: str
    lang: str
    first: int
    last: int | None


#: ``wn.pl`` is the whole text; ``wn.en`` the English card scrap embedded in it (its lines are ``wn.pl``'s too).
SOURCES: tuple[Source, ...] = (Source("wn.pl", "pl", 1, None), Source("wn.en", "en", 545, 558))
_BY_ID = {source.id: source for source in SOURCES}
#: Blocks of another language: each is one clause of its own source.
_EMBEDDED = tuple(source for source in SOURCES if source.last is not None)


# ------------------------------------------------------------------------------------------------ locating
def default_folder(search_from: Sequence[Path] | None = None, packaged: Path = PACKAGED) -> tuple[Path, str | None]:
    """The folder to read the text from and the environment variable that named it (``None`` if found by looking):
    ``$WLADCY_NOCY_RULEBOOKS``, else ``$ARMATA_RULEBOOKS``, else ``shared/rulebooks`` holding the text beside the
    repository or the working directory (or the folders ``search_from``), else the copy installed with the package.
    """
    for variable in (ENV, ARMATA_ENV):
        value = os.environ.get(variable)
        if value:
            return Path(value), variable
    if search_from is None:
        search_from = (Path(__file__).resolve(), Path.cwd() / "_")
    # the nearest few folders only: an editable checkout has the repository three levels up from this file; a
    # ``shared/`` far up (``/tmp/shared``) is not ours
    for start in search_from:
        for parent in start.parents[:4]:
            for candidate in (parent / "shared" / "rulebooks", parent.parent / "shared" / "rulebooks"):
                if (candidate / FILE_NAME).is_file():
                    return candidate, None
    if (packaged / FILE_NAME).is_file():
        return packaged, None
    return Path("shared") / "rulebooks", None


# ------------------------------------------------------------------------------------------------ clauses
@dataclass(frozen=True, slots=True)
class Clause:
    """A paragraph, list item, table row or embedded block of the text, with its lines verbatim."""

    id: str
    source: str
    first: int
    last: int
    kind: str
    text: str

    @property
    def lines(self) -> range:
        """The clause's line numbers (a sentence broken over blank lines includes them)."""
        return range(self.first, self.last + 1)

    @property
    def citation(self) -> str:
        """``wn.pl:FIRST-LAST`` (or one line) for the whole clause."""
        span = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.source}:{span}"

    def as_json(self) -> dict[str, object]:
        """The clause as ``clauses.json`` stores it."""
        return {
            "id": self.id,
            "source": self.source,
            "first": self.first,
            "last": self.last,
            "kind": self.kind,
            "text": self.text,
        }


_ITEM = re.compile(r"^\s*- ")


def _blocks(lines: Sequence[str]) -> list[tuple[int, int]]:
    """The runs of non-blank lines, as (first, last), 1-based."""
    found = []
    start = 0
    for number, line in enumerate(lines, 1):
        if line.strip():
            start = start or number
        elif start:
            found.append((start, number - 1))
            start = 0
    if start:
        found.append((start, len(lines)))
    return found


def _is_heading(texts: Iterable[str]) -> bool:
    letters = [ch for text in texts for ch in text if ch.isalpha()]
    return bool(letters) and not any(ch.islower() for ch in letters)


def _split_block(lines: Sequence[str], first: int, last: int) -> list[tuple[int, int, str]]:
    """One block of non-blank lines as (first, last, kind) pieces."""
    for source in _EMBEDDED:
        end = source.last if source.last is not None else len(lines)
        if first <= end and source.first <= last:
            if (first, last) != (source.first, end):
                raise TextError(
                    f"{FILE_NAME}: {source.id} should be the block of lines {source.first}-{end}, but the text "
                    f"has a block at lines {first}-{last} there (a changed text?)"
                )
            return [(first, last, "scrap")]
    numbers = range(first, last + 1)
    if all("\t" in lines[n - 1] for n in numbers):
        return [(n, n, "row") for n in numbers]
    if any(_ITEM.match(lines[n - 1]) for n in numbers):
        starts = [n for n in numbers if n == first or _ITEM.match(lines[n - 1])]
        ends = [n - 1 for n in starts[1:]] + [last]
        return [
            (a, b, "item" if _ITEM.match(lines[a - 1]) else "heading" if _is_heading(lines[a - 1 : b]) else "text")
            for a, b in zip(starts, ends, strict=True)
        ]
    return [(first, last, "heading" if _is_heading(lines[first - 1 : last]) else "text")]


def _continues(before: str, after: str) -> bool:
    """Whether a paragraph ending with ``before`` runs on into one starting with ``after``: a sentence the OCR
    broke over blank lines ends with a comma, or with a word before a paragraph that starts with a lowercase word
    (``walki`` / ``i przy rozpatrywaniu``; not ``www.igrology.ru``, which is no word)."""
    before, after = before.rstrip(), after.lstrip()
    words = after.split()
    starts_lowercase = bool(words) and words[0].rstrip(",.;:").isalpha() and words[0][0].islower()
    return before.endswith(",") or (before[-1:].isalpha() and starts_lowercase)


def split_clauses(lines: Sequence[str]) -> tuple[Clause, ...]:
    """The clauses of the text ``lines`` (line 1 first), in order. Deterministic: a function of the lines only."""
    pieces: list[tuple[int, int, str]] = []
    for first, last in _blocks(lines):
        for piece in _split_block(lines, first, last):
            prev = pieces[-1] if pieces else None
            if (
                prev is not None
                and prev[2] == piece[2] == "text"
                and _continues(lines[prev[1] - 1], lines[piece[0] - 1])
            ):
                pieces[-1] = (prev[0], piece[1], "text")
            else:
                pieces.append(piece)
    clauses = []
    for first, last, kind in pieces:
        source = next((s.id for s in _EMBEDDED if kind == "scrap" and s.first == first), "wn.pl")
        prefix = source.split(".")[1]
        clauses.append(Clause(f"{prefix}{first}", source, first, last, kind, "\n".join(lines[first - 1 : last])))
    return tuple(clauses)


# ------------------------------------------------------------------------------------------------ the text
_CITATION = re.compile(r"wn\.(?P<source>[a-z]+):(?P<first>[0-9]+)(?:-(?P<last>[0-9]+))?")
#: A citation candidate in a file: ``wn.`` + letters + ``:`` + a digit; what follows up to a delimiter is kept so
#: that a malformed one (a trailing dash, an en dash for the range) is caught rather than read as a shorter valid one.
_CANDIDATE = re.compile(r"(?<![\w.])wn\.[A-Za-z]+:[0-9][0-9A-Za-z\-–—]*")


@dataclass(frozen=True)
class WNText:
    """The rulebook's lines (1-based, NFC), the path read and the sha256 of its bytes."""

    path: Path
    lines: tuple[str, ...]
    sha256: str

    @classmethod
    def load(cls, folder: str | Path | None = None) -> WNText:
        """Read the text from ``folder`` (default :func:`default_folder`); a missing or unreadable file is a
        :class:`TextError` naming the path and the variable that sets the folder."""
        variable: str | None = None
        if folder is None:
            base, variable = default_folder()
        else:
            base = Path(folder)
        path = base / FILE_NAME
        hint = f"${variable} names {base}" if variable else f"set ${ENV} to the folder holding {FILE_NAME}"
        try:
            lines, sha256 = read_text_file(path, MAX_TEXT_BYTES)
        except TextFileError as err:  # the file's problem, then how to point at another folder
            raise TextError(f"{err} ({hint})") from None
        return cls(path, lines, sha256)

    @cached_property
    def clauses(self) -> tuple[Clause, ...]:
        """The text's clauses (:func:`split_clauses`)."""
        return split_clauses(self.lines)

    @cached_property
    def _clause_at(self) -> dict[int, Clause]:
        return {number: clause for clause in self.clauses for number in clause.lines}

    def clause_at(self, number: int) -> Clause | None:
        """The clause holding line ``number`` (``None`` for a blank line between clauses)."""
        return self._clause_at.get(number)

    def line(self, number: int) -> str:
        """Line ``number``, 1-based."""
        if not 1 <= number <= len(self.lines):
            raise CitationError(f"{FILE_NAME}: has no line {number} (it has {len(self.lines)})")
        return self.lines[number - 1]

    def resolve(self, citation: str) -> range:
        """The lines a citation names; a :class:`CitationError` naming it and why if it is malformed, names a
        line outside its source, starts or ends on a blank line, or runs backwards."""
        found = _CITATION.fullmatch(citation)
        if found is None or any(
            part is not None and part != str(int(part)) for part in (found["first"], found["last"])
        ):
            raise CitationError(f"{citation!r}: malformed citation (write wn.pl:LINE or wn.pl:FIRST-LAST)")
        source = _BY_ID.get(f"wn.{found['source']}")
        if source is None:
            raise CitationError(f"{citation!r}: no source wn.{found['source']} (the sources: wn.pl, wn.en)")
        first = int(found["first"])
        last = int(found["last"]) if found["last"] is not None else first
        end = source.last if source.last is not None else len(self.lines)
        if last < first:
            raise CitationError(f"{citation!r}: reversed range ({first} comes after {last})")
        for number in (first, last):
            if not source.first <= number <= end:
                raise CitationError(f"{citation!r}: line {number} is outside {source.id} (lines {source.first}-{end})")
            if not self.lines[number - 1].strip():
                raise CitationError(f"{citation!r}: line {number} is blank")
        return range(first, last + 1)

    def whole_clauses(self, citation: str) -> tuple[Clause, ...]:
        """The clauses a citation names, which it must cover whole; a :class:`CitationError` if it cuts one."""
        lines = self.resolve(citation)
        clauses = tuple(dict.fromkeys(c for n in lines if (c := self.clause_at(n)) is not None))
        for clause in clauses:
            if clause.first < lines.start or clause.last >= lines.stop:
                raise CitationError(f"{citation!r}: cuts clause {clause.id} ({clause.citation})")
        return clauses


@cache
def rulebook() -> WNText:
    """The text from :func:`default_folder`, read once."""
    return WNText.load()


def resolve(citation: str) -> range:
    """The lines of ``citation`` in :func:`rulebook` (see :meth:`WNText.resolve`)."""
    return rulebook().resolve(citation)


def find_citations(text: str) -> list[tuple[int, str]]:
    """Every citation candidate of ``text`` (``wn.`` + a source + ``:`` + a digit ...), with its 1-based line."""
    return [
        (number, match.group())
        for number, line in enumerate(text.splitlines(), 1)
        for match in _CANDIDATE.finditer(line)
    ]


def citation_problems(files: Iterable[Path], text: WNText | None = None) -> list[str]:
    """``FILE:LINE: PROBLEM`` for every citation of ``files`` that does not resolve, in file order."""
    book = text if text is not None else rulebook()
    problems = []
    for path in files:
        for number, citation in find_citations(path.read_text(encoding="utf-8")):
            try:
                book.resolve(citation)
            except CitationError as err:
                problems.append(f"{path}:{number}: {err}")
    return problems


def coverage(cited_lines: Iterable[int], clauses: Sequence[Clause] | None = None) -> tuple[Clause, ...]:
    """The clauses none of whose lines is in ``cited_lines`` (the rules' and the informative entries' lines): the
    paragraphs nothing implements or explains yet. ``clauses`` defaults to :func:`rulebook`'s."""
    cited = frozenset(cited_lines)
    return tuple(c for c in (clauses if clauses is not None else rulebook().clauses) if cited.isdisjoint(c.lines))


# ------------------------------------------------------------------------------------------------ folding
def _variant_regex(variants: Sequence[OcrVariant]) -> re.Pattern[str]:
    """One pattern for all variants, longest first (``relikwiarz`` before ``relikw``); group ``v<i>`` is the
    variant ``variants[i]``."""
    order = sorted(range(len(variants)), key=lambda i: (-len(variants[i].text), variants[i].text.casefold()))
    parts = []
    for i in order:
        variant = variants[i]
        end = r"(?!\w)" if variant.match == "word" else ""
        parts.append(rf"(?P<v{i}>(?<!\w){re.escape(variant.text)}{end})")
    return re.compile("|".join(parts) or r"(?!x)x", re.IGNORECASE)


@cache
def _default_variants() -> tuple[OcrVariant, ...]:
    return tuple(load_ocr_variants().variants)


def _same_case(found: str, canonical: str) -> str:
    """``canonical`` in the case of the word found: all capitals, a capital first, or lowercase."""
    if len(found) > 1 and found.isupper():
        return canonical.upper()
    if found[:1].isupper():
        return canonical[:1].upper() + canonical[1:].lower()
    return canonical.lower()


def fold(text: str, variants: Sequence[OcrVariant] | None = None) -> str:
    """``text`` with each OCR variant replaced by the word it stands for (``stugusa`` → ``sługusa``,
    ``WAMPYRY`` → ``WAMPIRY``), keeping the found word's case. For matching only: quotes stay verbatim. A text
    without variants comes back unchanged. ``variants`` defaults to ``spec/wladcy_nocy/ocr_variants.toml``."""
    chosen = tuple(variants) if variants is not None else _default_variants()
    pattern = _variant_regex(chosen)

    def replace(match: re.Match[str]) -> str:
        index = int((match.lastgroup or "v0")[1:])
        return _same_case(match.group(), chosen[index].canonical)

    return pattern.sub(replace, text)


def variant_lines(lines: Sequence[str], variants: Sequence[OcrVariant]) -> dict[str, list[int]]:
    """For each variant's text, the lines where :func:`fold` replaces it."""
    pattern = _variant_regex(variants)
    found: dict[str, list[int]] = {variant.text: [] for variant in variants}
    for number, line in enumerate(lines, 1):
        for match in pattern.finditer(line):
            hits = found[variants[int((match.lastgroup or "v0")[1:])].text]
            if not hits or hits[-1] != number:
                hits.append(number)
    return found


# ------------------------------------------------------------------------------------------------ terms
def _stem_regex(stem: str) -> str:
    """Each word of ``stem`` begins a word of the text, the words in order."""
    return r"(?<!\w)" + r"\w*\s+".join(re.escape(word) for word in stem.split())


def _term_matcher(stems: Sequence[str], words: Sequence[str], exclude: Sequence[str]) -> Callable[[str], bool]:
    parts = [_stem_regex(stem) for stem in stems] + [rf"(?<!\w){re.escape(word)}(?!\w)" for word in words]
    pattern = re.compile("|".join(parts))

    def matches(line: str) -> bool:
        folded = line.casefold()
        for found in pattern.finditer(folded):
            word = re.match(r"\w*", folded[found.start() :])
            if not any(word is not None and word.group().startswith(prefix) for prefix in exclude):
                return True
        return False

    return matches


def term_lines(term: Term, lines: Sequence[str], *, folded: bool = False) -> list[int]:
    """The lines where ``term`` occurs: its stems, OCR stems and words in the text as printed, or (``folded``)
    its stems and words in the text passed through :func:`fold`, which must find the same lines."""
    if folded:
        matches = _term_matcher(term.stems, term.words, term.exclude)
        return [n for n, line in enumerate(lines, 1) if matches(fold(line))]
    matches = _term_matcher([*term.stems, *term.ocr_stems], term.words, term.exclude)
    return [n for n, line in enumerate(lines, 1) if matches(line)]


# ------------------------------------------------------------------------------------------------ clauses.json
_NOTE = (
    "Generated by `python -m armata_rules.wladcy_nocy.texts --write` from the rulebook text; do not edit by hand: "
    "curate spec/wladcy_nocy/informative.toml, readings.toml and findings.toml instead."
)


def clauses_document(text: WNText) -> dict[str, object]:
    """``clauses.json``: the source file's name and sha256, the sources, and every clause."""
    return {
        "format": 1,
        "note": _NOTE,
        "file": FILE_NAME,
        "sha256": text.sha256,
        "lines": len(text.lines),
        "sources": [
            {"id": s.id, "lang": s.lang, "first": s.first, "last": s.last if s.last is not None else len(text.lines)}
            for s in SOURCES
        ],
        "clauses": [clause.as_json() for clause in text.clauses],
    }


def render_clauses(text: WNText) -> str:
    """:func:`clauses_document` as the JSON text stored (UTF-8, sorted as the text runs, newline-terminated)."""
    return json.dumps(clauses_document(text), ensure_ascii=False, indent=1) + "\n"


def write_clauses(path: Path | None = None, text: WNText | None = None) -> Path:
    """Write ``clauses.json`` (default: in :func:`~armata_rules.wladcy_nocy.spec.spec_folder`); return its path."""
    target = path if path is not None else spec_folder() / "clauses.json"
    target.write_text(render_clauses(text if text is not None else rulebook()), encoding="utf-8")
    return target


#: The texts this game's rules cite, as the kernel reads them: the Polish text and its English card scrap, resolved by
#: :func:`resolve` (every citation of the rule book is checked against it).
WN_TEXTS: Final = TextSet(
    game="wladcy_nocy",
    sources=tuple(source.id for source in SOURCES),
    pivot="wn.pl",
    grammar=_CITATION,
    resolve=resolve,
    env=ENV,
    files=(("wn", FILE_NAME),),
    sections=tuple(Section(source.id, "wn", source.lang, source.first, source.last) for source in SOURCES),
    packaged=PACKAGED,
    max_bytes=MAX_TEXT_BYTES,
)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m armata_rules.wladcy_nocy.texts [--write | --check]``: rebuild ``clauses.json`` or say whether
    the stored one matches the text (exit status 1 if not)."""
    parser = argparse.ArgumentParser(prog="python -m armata_rules.wladcy_nocy.texts", description=main.__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", action="store_true", help="rebuild spec/wladcy_nocy/clauses.json")
    group.add_argument("--check", action="store_true", help="compare the stored clauses.json with the text (default)")
    args = parser.parse_args(argv)
    try:
        book = rulebook()
        target = spec_folder() / "clauses.json"
        if args.write:
            print(f"{write_clauses(target, book)}: {len(book.clauses)} clauses of {book.path}")
            return 0
        stored = target.read_text(encoding="utf-8") if target.is_file() else ""
    except (TextError, OSError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if stored != render_clauses(book):
        print(f"{target}: out of date with {book.path}; run with --write", file=sys.stderr)
        return 1
    print(f"{target}: up to date ({len(book.clauses)} clauses, sha256 {book.sha256[:12]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
