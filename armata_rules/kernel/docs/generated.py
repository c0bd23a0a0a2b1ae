"""The generated directive: its content is reStructuredText lines a method makes, parsed in place (titles allowed),
so every generated page is written as the text a person would have typed."""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.util.nodes import nested_parse_with_titles

__all__ = ["Generated"]


class Generated(Directive):
    """Base: subclasses return reStructuredText lines from :meth:`lines`; :attr:`source` names them in warnings."""

    has_content = False
    source = "generated"

    def lines(self) -> list[str]:
        raise NotImplementedError(f"{type(self).__name__} must say its lines")

    def run(self) -> list[nodes.Node]:
        return self.parse(self.lines())

    def parse(self, lines: list[str]) -> list[nodes.Node]:
        """``lines`` of reStructuredText parsed in this directive's document."""
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=self.source), node)
        return list(node.children)
