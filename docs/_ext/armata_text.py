"""Text for the generated pages: reStructuredText escaping, the rulebook extraction's Markdown emphasis rendered as
reStructuredText, clause passages marked by language for the language switch, and every ``peg19.en:760`` citation
turned into a link to its clause.

The citation links are a transform over the parsed document, so hand-written pages and every generator get them
without doing anything: a citation in running text becomes a link; in code (``peg19.en:760``) it stays code.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from armata_rules.translations.corpus import Corpus, load_corpus
from armata_rules.translations.sources import LANGS, SOURCES

__all__ = [
    "CITATION",
    "CitationLinks",
    "anchor",
    "clause_label",
    "corpus",
    "escape",
    "passages_block",
    "rich",
]

_EDITIONS = sorted({section.edition for section in SOURCES})
CITATION = re.compile(rf"\b(?:{'|'.join(_EDITIONS)})\.(?:{'|'.join(LANGS)}):\d+(?:-\d+)?\b")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_LIST_START = re.compile(r"^([-+•#]|\(?\w{1,3}[.)])(\s|$)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")


@cache
def corpus() -> Corpus:
    """The clause corpus of ``spec/``, loaded once per build."""
    return load_corpus()


def escape(text: str) -> str:
    """``text`` as literal reStructuredText inline content."""
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def anchor(text: str) -> str:
    """A label made of ``text``: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def clause_label(citation: str) -> str | None:
    """The label of the clause holding ``citation``'s first line, if the corpus has one."""
    clause = corpus().clause_at(citation)
    return None if clause is None else f"clause-{clause.id}"


def _marked(text: str, pattern: re.Pattern[str], marker: str, inner: Any) -> str:
    """Escape ``text``, turning each ``pattern`` match into ``marker``-delimited inline markup.

    Escaped spaces (backslash-space) around the markup let it touch letters, as in ``**7** HEXAGONAL``.
    """
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        body = match.group(1).strip()
        out.append(inner(text[last : match.start()]))
        out.append(f"\\ {marker}{inner(body)}{marker}\\ " if body else "")
        last = match.end()
    out.append(inner(text[last:]))
    return "".join(out)


def rich(text: str) -> str:
    """Rulebook text with its Markdown ``**strong**`` and ``*emphasis*`` as reStructuredText; all else literal.

    An unpaired ``**`` (the extraction cut a bold run across paragraphs) is dropped, and a text that starts like a
    list item (``- a.``, ``1.``) stays a paragraph.
    """
    flat = " ".join(text.split())
    out = _marked(flat, _STRONG, "**", lambda part: _marked(part.replace("**", ""), _EMPHASIS, "*", escape))
    return "\\" + out if _LIST_START.match(out) else out


def passages_block(clause: Any, indent: str = "") -> list[str]:
    """A clause's passages, one container per source, classed by language so the language switch can show one
    language or all side by side."""
    out = [f"{indent}.. container:: armata-passages", ""]
    for _, passage in sorted(clause.passages.items(), key=lambda item: _source_order(item[0])):
        out += [
            f"{indent}   .. container:: armata-passage lang-{passage.lang} edition-{passage.edition}",
            "",
            f"{indent}      :sup:`{passage.lang.upper()}` {passage.citation}",
            "",
            f"{indent}      {rich(passage.quote)}",
            "",
        ]
    for lang in sorted(set(LANGS) - {passage.lang for passage in clause.passages.values()}, key=LANGS.index):
        out += [
            f"{indent}   .. container:: armata-passage armata-missing lang-{lang}",
            "",
            f"{indent}      *No {lang.upper()} text for this clause.*",
            "",
        ]
    return out


def _source_order(source: str) -> tuple[int, str]:
    lang = source.split(".")[1]
    return (LANGS.index(lang) if lang in LANGS else len(LANGS), source)


class CitationLinks(SphinxTransform):
    """Every ``SOURCE.LANG:LINE`` in running text becomes a link to the clause page holding that line."""

    default_priority = 500
    _SKIP = (nodes.literal, nodes.FixedTextElement, nodes.title, nodes.reference, addnodes.pending_xref, nodes.raw)

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            if not CITATION.search(text.astext()) or self._skipped(text):
                continue
            text.parent.replace(text, self._linked(text.astext()))

    def _skipped(self, node: nodes.Node) -> bool:
        parent = node.parent
        while parent is not None:
            if isinstance(parent, self._SKIP):
                return True
            parent = parent.parent
        return False

    @staticmethod
    def _linked(text: str) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        last = 0
        for match in CITATION.finditer(text):
            label = clause_label(match.group(0))
            if label is None:
                continue
            out.append(nodes.Text(text[last : match.start()]))
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
            )
            ref += nodes.inline(match.group(0), match.group(0), classes=["armata-cite"])
            out.append(ref)
            last = match.end()
        out.append(nodes.Text(text[last:]))
        return out
