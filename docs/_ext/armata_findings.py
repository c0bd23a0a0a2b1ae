"""The findings pages for a designer: on ``findings.html`` the filters and a grid of findings × texts; on one page
per kind of finding (:data:`PAGES`: ``findings/numeric.html``, ...) a collapsed entry per finding with its quotes,
the words that differ highlighted, under the same filters.

The grid's cells come from :mod:`armata_rules.translations.matrix` (what the recorded review holds for each text),
the highlighted words from :mod:`armata_rules.translations.differing`, and the filters are those of
``armata-rules ambiguities`` (:mod:`armata_rules.translations.selection`): ``docs/_static/armata-findings.js``
applies them in each page, from the address too (``findings.html?lang=fr&severity=changes-play``), by setting
``hidden`` on the grid rows and entries that do not pass.

The entries are split by kind so that a page reads in a few screens: one page for each of the common kinds, one
for all the others. A grid row links to its entry's page. An entry is a ``<details>`` element (the :class:`details`
node) that keeps its ``finding-…`` label, so the links of the rule pages and the impact study land on it wherever
it is (the script opens an entry the address points at). The review of every passage (``armata-verdicts``, on its
own page) is folded the same way, one entry per text.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from functools import cache
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.nodes import nested_parse_with_titles

from armata_rules.translations.differing import Span, marks
from armata_rules.translations.matrix import STATES, cells, texts
from armata_rules.translations.selection import CHOICES, Selection, finding_langs
from armata_rules.translations.verdicts import Records, load_records

import armata_pages
from armata_pages import finding_title, findings, rule_links
from armata_text import anchor, corpus, escape

__all__ = [
    "PAGES",
    "EntriesDirective",
    "FindingsDirective",
    "VerdictsDirective",
    "details",
    "folded",
    "mark",
    "page_of",
    "parse",
    "quote_nodes",
    "setup",
    "setup_nodes",
    "summary",
]

#: How a cell of the grid shows each state of :data:`~armata_rules.translations.matrix.STATES`.
SYMBOLS = {"play": "●", "cosmetic": "◐", "quoted": "○"}
LEGEND = {
    "play": "changes play: a play-changing verdict of the review on this text is the finding's",
    "cosmetic": "differs in wording only",
    "quoted": "quoted (the same, the text others are read against, or not judged)",
}
#: The pages of entries, ``findings/KEY``, and the kinds of finding each holds; :data:`OTHER` holds every other kind.
PAGES: dict[str, tuple[str, ...]] = {
    "underspecified": ("underspecified",),
    "scope": ("scope",),
    "numeric": ("numeric",),
    "other": (),
}
OTHER = "other"
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")


# --- nodes -----------------------------------------------------------------------------------------------------------


class details(nodes.General, nodes.Element):
    """A ``<details>`` element: a collapsed entry whose first child is its :class:`summary`. ``title`` names it for
    references (``:ref:`finding-…```); ``data`` holds its ``data-*`` attributes."""


class summary(nodes.General, nodes.Element):
    """The always-visible line of a :class:`details` entry; its HTML is given whole (``html``), so no transform
    turns a citation in a title into a link inside the toggle."""


class mark(nodes.Inline, nodes.TextElement):
    """Words that differ, highlighted (``<mark>``)."""


def _visit_details(self: Any, node: details) -> None:
    attributes = {f"data-{key}": value for key, value in sorted(node.get("data", {}).items())}
    self.body.append(self.starttag(node, "details", **attributes))


def _depart_details(self: Any, node: details) -> None:
    self.body.append("</details>\n")


def _visit_summary(self: Any, node: summary) -> None:
    self.body.append(f"<summary>{node['html']}</summary>\n")
    raise nodes.SkipNode


def _visit_mark(self: Any, node: mark) -> None:
    self.body.append(self.starttag(node, "mark", suffix=""))


def _depart_mark(self: Any, node: mark) -> None:
    self.body.append("</mark>")


def _pass(self: Any, node: nodes.Node) -> None:
    """Other builders show the content as it is."""


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> None:
    """Register the nodes and the directives of the findings pages and of the review."""
    setup_nodes(app)
    app.add_directive("armata-findings", FindingsDirective)
    app.add_directive("armata-finding-entries", EntriesDirective)
    app.add_directive("armata-verdicts", VerdictsDirective)


def setup_nodes(app: Sphinx) -> None:
    """Register the nodes: HTML for the site; other builders keep an entry's body and the marked words as plain
    content, and leave out the summary line (its HTML is the site's)."""
    plain = dict.fromkeys(("latex", "text", "man", "texinfo"), (_pass, _pass))
    app.add_enumerable_node(
        details, "entry", lambda node: node.get("title", ""), html=(_visit_details, _depart_details), **plain
    )
    app.add_node(summary, html=(_visit_summary, None), **dict.fromkeys(plain, (_skip, None)))
    app.add_node(mark, html=(_visit_mark, _depart_mark), **plain)


def page_of(f: Any) -> str:
    """The key of the page of :data:`PAGES` that holds the finding ``f``'s entry."""
    return next((key for key, kinds in PAGES.items() if f.kind in kinds), OTHER)


# --- building blocks ---------------------------------------------------------------------------------------------


def parse(directive: Directive, lines: list[str]) -> list[nodes.Node]:
    """reStructuredText lines parsed in the directive's document (titles allowed)."""
    holder = nodes.section()
    holder.document = directive.state.document
    nested_parse_with_titles(directive.state, StringList(lines, source="armata_findings"), holder)
    return list(holder.children)


def folded(directive: Directive, label: str, title: str, head: str, body: list[nodes.Node], **data: str) -> details:
    """A collapsed entry labelled ``label`` (a target for ``:ref:``) named ``title``, its summary ``head`` (HTML),
    holding ``body``."""
    node = details(title=title, data=data, classes=["armata-entry"])
    node["ids"].append(label)
    node["names"].append(label)
    directive.state.document.note_explicit_target(node, node)
    node += summary(html=head)
    node += body
    return node


def quote_nodes(quote: str, spans: tuple[Span, ...]) -> list[nodes.Node]:
    """A rulebook quote as nodes: its Markdown ``**strong**`` and ``*emphasis*`` rendered (unpaired markers
    dropped, as :func:`armata_text.rich` does), and the characters of ``spans`` inside :class:`mark` nodes."""
    style = ["" for _ in quote]  # per character: "" shown, "x" a marker left out; then "s" strong, "e" emphasis
    for match in _STRONG.finditer(quote):
        for i in (match.start(), match.start() + 1, match.end() - 2, match.end() - 1):
            style[i] = "x"
        for i in range(match.start(1), match.end(1)):
            style[i] += "s"
    for i in range(len(quote) - 1):
        if quote[i : i + 2] == "**" and style[i] != "x" and style[i + 1] != "x":
            style[i] = style[i + 1] = "x"
    for match in _EMPHASIS.finditer(quote):
        if "x" in style[match.start()] or "x" in style[match.end() - 1]:
            continue
        style[match.start()] = style[match.end() - 1] = "x"
        for i in range(match.start(1), match.end(1)):
            style[i] += "e"
    marked = [any(a <= i < b for a, b in spans) for i in range(len(quote))]
    runs: list[tuple[tuple[bool, bool, bool], str]] = []  # (strong, emphasis, marked), text
    for i, ch in enumerate(quote):
        if "x" in style[i]:
            continue
        key = ("s" in style[i], "e" in style[i], marked[i])
        text = " " if ch.isspace() else ch
        if runs and runs[-1][0] == key:
            runs[-1] = (key, runs[-1][1] + text)
        else:
            runs.append((key, text))
    out: list[nodes.Node] = []
    for (strong, emphasis, is_marked), text in runs:
        inner: nodes.Node = nodes.Text(text)
        if emphasis:
            inner = nodes.emphasis("", "", inner)
        if strong:
            inner = nodes.strong("", "", inner)
        out.append(mark("", "", inner) if is_marked else inner)
    return out


@cache
def review() -> Records:
    """The recorded review, loaded once per build."""
    return load_records()


def _what(f: Any) -> str:
    if f.reading and f.reading != "unmodelled":
        return f"reading ``{f.reading}``"
    return str(f.reading or ("interpretation" if f.interpretation else "to review"))


def _data(f: Any) -> dict[str, str]:
    """The ``data-*`` attributes the filters read."""
    return {
        "finding": f.id,
        "lang": " ".join(finding_langs(f)),
        "severity": f.severity,
        "kind": f.kind,
        "reading": f.reading or "",
    }


def _attributes(data: dict[str, str]) -> str:
    return " ".join(f'data-{key}="{html.escape(value)}"' for key, value in sorted(data.items()))


# --- the findings ------------------------------------------------------------------------------------------------


class FindingsDirective(Directive):
    """The filters and the grid of findings × texts; each row links to its entry on the page of its kind."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        found = findings()
        records = review()
        env = self.state.document.settings.env
        missing = sorted(f"findings/{key}" for key in {page_of(f) for f in found} - _pages_in(env.found_docs))
        if missing:
            raise self.error(f"armata-findings: the grid links to {', '.join(missing)}, which the site lacks")
        here = posixpath.dirname(env.docname)
        hrefs = {key: posixpath.relpath(f"findings/{key}", here or ".") + ".html" for key in PAGES}
        return [
            nodes.raw("", _filters(found), format="html"),
            nodes.raw("", self._grid(found, texts(found, records), records, hrefs), format="html"),
        ]

    @staticmethod
    def _grid(found: tuple[Any, ...], columns: list[str], records: Records, hrefs: dict[str, str]) -> str:
        """The table of findings × texts; each row links to its entry (``hrefs``: each page's address from here)."""
        legend = " ".join(
            f'<span class="armata-cell-{state}">{SYMBOLS[state]}</span> {html.escape(LEGEND[state])}'
            for state in STATES
        )
        head = "".join(f'<th scope="col"><span>{html.escape(text)}</span></th>' for text in columns)
        rows = []
        for f in found:
            row = cells(f, records, corpus())
            tds = []
            for text in columns:
                cell = row.get(text)
                if cell is None:
                    tds.append("<td></td>")
                else:
                    tip = html.escape(cell.describe(text))
                    tds.append(f'<td class="armata-cell-{cell.state}" title="{tip}">{SYMBOLS[cell.state]}</td>')
            title = finding_title(f)
            short = _shortened(title)
            tip = f' title="{html.escape(title)}"' if short != title else ""
            href = f"{hrefs[page_of(f)]}#finding-{anchor(f.id)}"
            rows.append(
                f'<tr class="armata-severity-{f.severity}" {_attributes(_data(f))}>'
                f'<th scope="row"><a href="{href}"{tip}>{html.escape(short)}</a>'
                f'<span class="armata-meta">{html.escape(f.kind)} · {html.escape(f.severity)}</span></th>'
                f"{''.join(tds)}</tr>"
            )
        return (
            f'<p class="armata-legend">{legend}</p>'
            '<div class="armata-grid-wrap"><table class="armata-grid" id="armata-grid">'
            f'<thead><tr><th scope="col">finding</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )


class EntriesDirective(Directive):
    """The filters and one collapsed entry per finding, for the findings of one page of :data:`PAGES` (the
    directive's argument, which must be the page's own name: ``findings/numeric`` holds ``numeric``)."""

    has_content = False
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        key = self.arguments[0]
        docname = self.state.document.settings.env.docname
        if key not in PAGES:
            raise self.error(f"armata-finding-entries: {key!r} is not one of {', '.join(PAGES)}")
        if docname != f"findings/{key}":
            raise self.error(f"armata-finding-entries: the entries {key!r} belong on findings/{key}, not {docname}")
        found = tuple(f for f in findings() if page_of(f) == key)
        if not found:
            raise self.error(f"armata-finding-entries: no finding belongs on findings/{key}")
        kinds = sorted({f.kind for f in found})
        out: list[nodes.Node] = [nodes.raw("", _filters(found), format="html")]
        out += parse(
            self,
            [
                f"{len(found)} findings of kind {', '.join(kinds)}, each folded: open one to read its quotes. "
                "Highlighted are, between two texts in one language, the words outside what they share; across "
                "languages, the words of the fact the finding is about (the numbers of a numeric finding, the modal "
                "verbs of a modality one, ...) where the texts state it differently; and the words its notes quote.",
                "",
            ],
        )
        rules_of = _rules_by_finding()
        for f in found:
            out.append(self._entry(f, rules_of.get(f.id, [])))
        return out

    def _entry(self, f: Any, rules: list[str]) -> details:
        title = finding_title(f)
        head = (
            f'<span class="armata-entry-title">{html.escape(_shortened(title))}</span> '
            f'<span class="armata-meta">{html.escape(f.kind)} · {html.escape(f.severity)}'
            f"{' · ' + html.escape(f.reading) if f.reading else ''}</span>"
        )
        whole = [f"**{escape(title)}**", ""] if _shortened(title) != title else []
        body = parse(self, [*whole, f"``{f.id}`` · {f.kind} · {f.severity} · {_what(f)}", ""])
        if rules:
            body += parse(self, [f"Rules: {rule_links(rules)}.", ""])
        quotes = nodes.bullet_list(classes=["armata-quotes"])
        for c, spans in zip(f.citations, marks(f, corpus(), review()), strict=True):
            paragraph = nodes.paragraph()
            paragraph += nodes.Text(f"{c.source}.{c.lang}:{c.line} ")
            paragraph += quote_nodes(c.quote, spans)
            quotes += nodes.list_item("", paragraph)
        body.append(quotes)
        after = []
        if f.interpretation:
            after += [escape(f.interpretation), ""]
        if f.reading and f.reading != "unmodelled":
            after += [
                f"Chosen by the ruleset reading ``{f.reading}``; every edition preset says which option it takes.",
                "",
            ]
        after += [_verdict_line(f.verdict, f.verdicts, f.verdict_note), ""]
        body += parse(self, after)
        return folded(self, f"finding-{anchor(f.id)}", title, head, body, **_data(f))


def _filters(found: tuple[Any, ...]) -> str:
    """The filter form over ``found``: one group of check boxes per filter, each value with the number of findings
    it keeps (a filter with one value here, such as the kind on a page of one kind, has nothing to choose and is
    left out); the valid values of every filter travel along for the script to read the address with."""
    groups = []
    for name, valid in CHOICES.items():
        boxes = []
        for value in valid:
            count = len(Selection(**{name: (value,)}).apply(found))
            if not count:
                continue
            boxes.append(
                f'<label><input type="checkbox" name="{name}" value="{value}"> {html.escape(value)} '
                f'<span class="armata-count">{count}</span></label>'
            )
        if len(boxes) > 1:
            groups.append(f'<fieldset data-filter="{name}"><legend>{name}</legend>{"".join(boxes)}</fieldset>')
    choices = html.escape(json.dumps({name: list(valid) for name, valid in CHOICES.items()}))
    return (
        f'<form class="armata-filters" id="armata-filters" data-choices="{choices}" hidden>'
        f"{''.join(groups)}"
        '<p class="armata-filter-status"><span id="armata-shown"></span> '
        '<button type="reset">clear the filters</button></p>'
        '<p class="armata-filter-note" id="armata-filter-note" hidden></p>'
        "</form>"
    )


def _pages_in(docnames: Any) -> set[str]:
    """The keys of :data:`PAGES` whose page is among ``docnames``."""
    return {key for key in PAGES if f"findings/{key}" in docnames}


def _shortened(title: str, width: int = 90) -> str:
    """A title in the grid or an entry's summary: whole up to ``width`` characters, else cut at a word with an
    ellipsis (the link's tooltip and the open entry give it whole)."""
    if len(title) <= width:
        return title
    return title[: title.rfind(" ", 0, width)].rstrip(" ,;:(") + " …"


def _rules_by_finding() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for rule_id, found in armata_pages.findings_by_rule().items():
        for f in found:
            out.setdefault(f.id, []).append(rule_id)
    return out


def _verdict_ref(record_id: str) -> str:
    """A link to the table that holds a verdict record (``peg19.de/en760``: the peg19.de review)."""
    return f":ref:`{record_id} <verdicts-{anchor(record_id.partition('/')[0])}>`"


def _verdict_line(verdict: str | None, verdicts: tuple[str, ...], note: str) -> str:
    """A finding's verdict records, linked to the review below."""
    if verdict is None:
        return f"*Verdict:* none ({escape(note)})."
    line = f"*Verdict:* {_verdict_ref(verdict)}"
    others = [v for v in verdicts if v != verdict]
    if others:
        line += "; also " + ", ".join(_verdict_ref(v) for v in others)
    return line + (f" ({escape(note)})." if note else ".")


# --- the review ----------------------------------------------------------------------------------------------------


class VerdictsDirective(Directive):
    """Every verdict of the recorded review, one collapsed entry per text (its counts in the summary):
    play-changing ones with their engine link, cosmetic ones with their note, and the clauses read as the same;
    then the within-text contradictions."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from armata_rules.translations.verdicts import load_contradictions, load_reviews

        listed = {r: f.id for f in findings() for r in f.verdicts}  # the findings computed once for the build

        def engine_ref(record_id: str, engine: str) -> str:
            finding = listed.get(record_id)
            return escape(engine) + (f" (:ref:`finding <finding-{anchor(finding)}>`)" if finding else "")

        out: list[nodes.Node] = []
        for review_ in load_reviews():
            title = f"{review_.judged} against {review_.against}"
            counts = {k: sum(v.kind == k for v in review_.verdicts) for k in ("same", "cosmetic", "changes-play")}
            tally = (
                f"{len(review_.verdicts)} clauses judged: {counts['changes-play']} change play, "
                f"{counts['cosmetic']} cosmetic, {counts['same']} the same"
            )
            lines: list[str] = []
            plays = [v for v in review_.verdicts if v.kind == "changes-play"]
            if plays:
                lines += [".. list-table::", "   :header-rows: 1", "", "   * - verdict", "     - dimension"]
                lines += ["     - what differs", "     - citations", "     - engine"]
                for v in plays:
                    engine = v.engine if not v.unmodelled else f"unmodelled: {v.unmodelled}"
                    lines += [
                        f"   * - ``{v.id}``",
                        f"     - {v.dimension}",
                        f"     - {escape(v.note)}",
                        f"     - {', '.join(f'``{c}``' for c in v.citations)}",
                        f"     - {engine_ref(v.id, engine)}",
                    ]
                lines.append("")
            cosmetic = [v for v in review_.verdicts if v.kind == "cosmetic"]
            if cosmetic:
                lines += ["Cosmetic:", ""]
                lines += [f"- ``{v.clause}`` {escape(v.note)}" for v in cosmetic]
                lines.append("")
            same = [v.clause for v in review_.verdicts if v.kind == "same"]
            if same:
                lines += ["The same: " + ", ".join(f"``{c}``" for c in same), ""]
            head = (
                f'<span class="armata-entry-title">{html.escape(title)}</span> '
                f'<span class="armata-meta">{html.escape(tally)}</span>'
            )
            out.append(folded(self, f"verdicts-{anchor(review_.judged)}", title, head, parse(self, lines)))
        contradictions = load_contradictions()
        if contradictions:
            lines = []
            for c in contradictions:
                link = c.reading or c.interpretation or c.finding or f"unmodelled: {c.unmodelled}"
                lines += [
                    f"- ``{c.record_id}`` ({c.source}, {c.dimension}): {escape(c.description)} "
                    f"{', '.join(f'``{x}``' for x in c.citations)}. Engine: {engine_ref(c.record_id, link)}",
                ]
            lines.append("")
            title = "Within-text contradictions"
            head = (
                f'<span class="armata-entry-title">{title}</span> '
                f'<span class="armata-meta">{len(contradictions)} recorded</span>'
            )
            out.append(folded(self, "verdicts-contradictions", title, head, parse(self, lines)))
        return out
