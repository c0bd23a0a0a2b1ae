"""Citation links: every citation of a game's text in running text (``peg19.en:760``, ``wn.pl:225``) becomes a link
to the clause holding its first line. A transform over the parsed document, so hand-written pages and every
generator get it without doing anything; a citation in code (````race.en:3````), a title or a link stays as it is."""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform

from armata_rules.kernel.docs.hooks import DocsHooks

__all__ = ["CitationLinks", "citation_links"]

_SKIP = (nodes.literal, nodes.FixedTextElement, nodes.title, nodes.reference, addnodes.pending_xref, nodes.raw)


class CitationLinks(SphinxTransform):
    """Links the citations of one game (:attr:`hooks`); :func:`citation_links` makes the class of a game."""

    default_priority = 500
    hooks: ClassVar[DocsHooks]

    def apply(self, **kwargs: Any) -> None:
        pattern = self.hooks.citation
        for text in list(self.document.findall(nodes.Text)):
            if pattern.search(text.astext()) and not _skipped(text):
                text.parent.replace(text, self._linked(text.astext()))

    def _label(self, citation: str) -> str | None:
        """The clause label of ``citation``, if it names one of the game's sources and a clause holds its line."""
        if citation.split(":", maxsplit=1)[0] not in self.hooks.texts.sources:
            return None
        return self.hooks.clause_label(citation)

    def _linked(self, text: str) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        last = 0
        for match in self.hooks.citation.finditer(text):
            label = self._label(match.group(0))
            if label is None:
                continue
            out.append(nodes.Text(text[last : match.start()]))
            ref = addnodes.pending_xref(
                "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
            )
            ref += nodes.inline(match.group(0), match.group(0), classes=[self.hooks.cite_class])
            out.append(ref)
            last = match.end()
        out.append(nodes.Text(text[last:]))
        return out


def _skipped(node: nodes.Node) -> bool:
    """Whether ``node`` is inside code, a title, a link or raw markup."""
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP):
            return True
        parent = parent.parent
    return False


def citation_links(hooks: DocsHooks) -> type[CitationLinks]:
    """The transform linking the citations of the game ``hooks`` describes."""
    return type(f"CitationLinks_{hooks.prefix}", (CitationLinks,), {"hooks": hooks})
