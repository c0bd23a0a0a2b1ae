"""Sphinx extension: pages generated at build time from the library itself, so the site cannot drift from the code.

``.. armata-board::`` renders the bundled fortress (SVG straight from the board renderer) with its summary table.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from armata_rules.board import Fortress, default_layout, render_svg, summarize


class BoardDirective(Directive):
    """Embed the bundled fortress as inline SVG, then a table of its rooms."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        fortress = Fortress(default_layout())
        svg = render_svg(fortress, fortress.initial_state())
        svg = svg.split("?>", 1)[1]  # drop the XML declaration inside HTML
        figure = nodes.raw("", f'<div class="armata-board">{svg}</div>', format="html")
        summary = summarize(fortress)
        headers = ["room", "slot", "spaces", "platform", "stairs", "red", "grey", "corridors", "books", "Strigoi mark"]
        rows = [
            [
                r.room,
                r.slot,
                r.spaces,
                r.platform_spaces,
                r.stairs,
                r.red,
                r.grey,
                r.corridors,
                r.books,
                "yes" if r.strigoi_mark else "",
            ]
            for r in summary.rooms
        ]
        return [nodes.paragraph(text=summary.provenance), figure, _table(headers, rows)]


def _table(headers: list[str], rows: list[list[Any]]) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(headers))
    table += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    head += _row(headers)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return table


def _row(cells: list[Any]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(text=str(cell))
        row += entry
    return row


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("armata-board", BoardDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}


__all__ = ["setup"]
