"""The aligned clause corpus (``spec/clauses.json``): every paragraph of every source, aligned to the English
text of the Pegasus print, with its lines, quote and facts; the rule ids implementing each clause.

The corpus is built by :func:`build_corpus` from the rulebook files (``armata-rules ambiguities --rebuild``) and
kept in ``spec/``; ``spec/alignment.toml`` corrects the alignment by hand (``[move]``) and names the lines that are
no rules text at all, the imprint and credits (``[exclude]``), which are left out so that no clause carries them.
``spec/informative.toml`` marks the clauses no rule implements and says why. Rule ids are not stored: they come
from the rule registry each time the corpus is loaded, so they cannot drift.

The corpus types and the alignment are the kernel's (:mod:`armata_rules.kernel.texts.corpus`, moved there in issue
33; its names are re-exported here); Armata adds the ScriBabs side-by-side lists and the corrections by hand.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from armata_rules.kernel.texts.align import same_similarity
from armata_rules.kernel.texts.corpus import Clause, Corpus, Groups, Passage, citation_lines, clauses, group
from armata_rules.kernel.texts.text import Paragraph
from armata_rules.translations.align import cross_similarity, spec_folder
from armata_rules.translations.sources import FILES, LANGS, SOURCES, Rulebooks
from armata_rules.translations.textset import ARMATA_TEXTS

__all__ = ["Clause", "Corpus", "Passage", "build_corpus", "citation_lines", "excluded_lines", "load_corpus"]

PIVOT = ARMATA_TEXTS.pivot
FORMAT_VERSION = 1


def build_corpus(books: Rulebooks) -> Corpus:
    """Align every source to the English Pegasus text and collect the clauses."""
    pivot, groups, extras = group(ARMATA_TEXTS, books, cross_similarity, excluded_lines(books))
    _attach_multilingual(books, pivot, groups, extras)
    _apply_moves(pivot, groups, extras)
    return Corpus(clauses(PIVOT, pivot, groups, extras), dict(books.checksums))


def _alignment_spec() -> dict[str, dict[str, str]]:
    """The tables of ``spec/alignment.toml``."""
    data: dict[str, dict[str, str]] = tomllib.loads((spec_folder() / "alignment.toml").read_text(encoding="utf-8"))
    return data


def excluded_lines(books: Rulebooks) -> dict[tuple[str, int], str]:
    """(edition, line) → why the line is no rules text, for every non-empty line of the ranges that the
    ``[exclude]`` table of ``spec/alignment.toml`` names (``"peg19.es:2723-2781" = "the back page's imprint"``).
    A range must lie within its source's lines and hold text: a stale entry is an error, not a silent no-op."""
    sections = {s.source: s for s in SOURCES}
    out: dict[tuple[str, int], str] = {}
    for citation, reason in sorted(_alignment_spec().get("exclude", {}).items()):
        source, _, lines = citation.partition(":")
        first, _, last = lines.partition("-")
        section = sections.get(source)
        if section is None or not first.isdigit() or not (last or first).isdigit():
            raise ValueError(f"spec/alignment.toml: [exclude] {citation!r}: expected SOURCE:FIRST-LAST of a source")
        low, high = int(first), int(last or first)
        if not section.first <= low <= high <= section.last:
            raise ValueError(
                f"spec/alignment.toml: [exclude] {citation}: outside {source} (lines {section.first}-{section.last})"
            )
        found = [n for n in range(low, high + 1) if books.lines[section.edition][n - 1].strip()]
        if not found:
            raise ValueError(f"spec/alignment.toml: [exclude] {citation}: the lines hold no text")
        out.update(((section.edition, n), reason) for n in found)
    return out


def _apply_moves(pivot: list[Paragraph], groups: Groups, extras: list[tuple[str, Paragraph]]) -> None:
    """Manual corrections from ``spec/alignment.toml``."""
    moves = _alignment_spec().get("move", {})
    index = {f"en{p.line}": i for i, p in enumerate(pivot)}
    for citation, target in moves.items():
        source, _, line = citation.partition(":")
        number = int(line)
        found = None
        for k, (src, par) in enumerate(extras):
            if src == source and par.line == number:
                found = extras.pop(k)[1]
                break
        if found is None:
            for group in groups.values():
                for par in list(group.get(source, [])):
                    if par.line == number:
                        group[source].remove(par)
                        found = par
                if source in group and not group[source]:
                    del group[source]
        if found is None or target not in index:
            raise ValueError(f"spec/alignment.toml: cannot move {citation} to {target}")
        groups[index[target]].setdefault(source, []).append(found)


def _attach_multilingual(
    books: Rulebooks,
    pivot: list[Paragraph],
    groups: Groups,
    extras: list[tuple[str, Paragraph]],
) -> None:
    """The ScriBabs component list and addendum: each block's English line finds its English clause."""
    lines = books.lines["sb19"]
    blocks: list[list[tuple[int, str]]] = []
    block: list[tuple[int, str]] = []
    for number in sorted(books.multilingual):
        if block and number > block[-1][0] + 1 and books.multilingual[number] == "de":
            blocks.append(block)
            block = []
        block.append((number, books.multilingual[number]))
    if block:
        blocks.append(block)
    for block in blocks:
        english = " ".join(lines[n - 1] for n, lang in block if lang == "en")
        if not english.strip():
            continue
        best = max(range(len(pivot)), key=lambda i: same_similarity(pivot[i].text, english))
        if same_similarity(pivot[best].text, english) < 0.2:
            for n, lang in block:
                extras.append((f"sb19.{lang}", Paragraph(n, lines[n - 1].strip())))
            continue
        for n, lang in block:
            if lines[n - 1].strip():
                groups[best].setdefault(f"sb19.{lang}", []).append(Paragraph(n, lines[n - 1].strip()))


# --------------------------------------------------------------------------------------------- files
def corpus_path() -> Path:
    """``spec/clauses.json``."""
    return spec_folder() / "clauses.json"


def save_corpus(corpus: Corpus, path: Path | None = None) -> None:
    """Write the corpus as JSON (rule ids and informative marks are not stored: they are attached on load)."""
    data = {
        "format": FORMAT_VERSION,
        "note": "Generated by `armata-rules ambiguities --rebuild` from ../shared/rulebooks; do not edit by hand: "
        "curate spec/informative.toml and spec/findings.toml instead.",
        "sources": [
            {
                "id": s.source,
                "edition": s.edition,
                "lang": s.lang,
                "file": FILES[s.edition],
                "first": s.first,
                "last": s.last,
            }
            for s in SOURCES
        ],
        "checksums": corpus.checksums,
        "clauses": [
            {
                "id": c.id,
                "section": c.section,
                "passages": {
                    s: {"lines": list(p.lines), "quote": p.quote, "facts": p.facts} for s, p in c.passages.items()
                },
            }
            for c in corpus.clauses
        ],
    }
    (path or corpus_path()).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _is_label(quote: str) -> bool:
    """A heading, a figure label or a bare number: short, and not a sentence."""
    text = quote.replace("*", "").replace("►", "").replace("#", "").strip()
    if len(text) <= 8:
        return True
    letters = [ch for ch in text if ch.isalpha()]
    if len(text) <= 70 and letters and sum(ch.isupper() for ch in letters) >= 0.7 * len(letters):
        return True
    if len(text) > 70:
        return False
    body = text.rstrip("!:.")
    return not any(mark in body for mark in (". ", "; ", ", ")) and (text.isupper() or len(text.split()) <= 8)


def load_corpus(path: Path | None = None) -> Corpus:
    """The stored corpus with informative marks and implementing rules attached."""
    from armata_rules.rules import REGISTRY  # the corpus sits below the rules; only loading links them

    data = json.loads((path or corpus_path()).read_text(encoding="utf-8"))
    informative = tomllib.loads((spec_folder() / "informative.toml").read_text(encoding="utf-8"))
    marks: dict[str, str] = informative.get("clauses", {})
    found = []
    for c in data["clauses"]:
        passages = {s: Passage(s, tuple(p["lines"]), p["quote"], p["facts"]) for s, p in c["passages"].items()}
        mark = marks.get(c["id"], "")
        if not mark and all(_is_label(p.quote) for p in passages.values()):
            mark = "a heading or label: it names what follows and states no rule"
        found.append(Clause(c["id"], c["section"], passages, mark, pivot=PIVOT))
    corpus = Corpus(found, data["checksums"])
    for rule in REGISTRY.values():
        for citation in rule.clauses:
            clause = corpus.clause_at(citation)
            if clause is not None and rule.id not in clause.rules:
                clause.rules.append(rule.id)
    return corpus


__all__ += ["LANGS", "corpus_path", "save_corpus"]
