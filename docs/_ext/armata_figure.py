"""A rule's diagram shown on another page (the players' guide), under a caption that page writes.

The rule pages draw :data:`armata_diagrams.DIAGRAMS` with a generated caption that names spaces by their engine
ids. ``.. armata-diagram:: move.step`` draws the same picture, computed by the same board code, and takes its caption
from the directive's body, so the caption speaks to players and is translated with the page that holds it.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import Directive

from armata_diagrams import DIAGRAMS

__all__ = ["DiagramDirective"]


class DiagramDirective(Directive):
    """``.. armata-diagram:: RULE_ID`` followed by the caption: the rule's diagram as inline SVG, then the caption."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0]
        if rule_id not in DIAGRAMS:
            raise self.error(f"armata-diagram: no diagram of rule {rule_id!r}; drawn are {', '.join(sorted(DIAGRAMS))}")
        if not self.content:
            raise self.error(f"armata-diagram {rule_id}: write the caption as the directive's body")
        svg, _ = DIAGRAMS[rule_id]()
        body = svg.split("?>", 1)[-1].strip().replace("\n", " ")
        figure = nodes.raw("", f'<figure class="armata-board armata-diagram">{body}</figure>', format="html")
        caption = nodes.container(classes=["armata-diagram-caption"])
        self.state.nested_parse(self.content, self.content_offset, caption)
        return [figure, caption]
