"""Sphinx extension: the reference pages are generated at build time from the library itself, so the site cannot
drift from the code.

The generic parts are the kernel's extension (:mod:`armata_rules.kernel.docs`), given Armata's hooks
(:data:`armata_pages.DOCS`): the rules' table of contents and section pages, the page stubs and the citation links.
Modules: :mod:`armata_pages` (a page per rule and per rulebook heading, "how to play"), :mod:`armata_text`
(markup, the language-classed passages, the clause a citation names), :mod:`armata_diagrams` (rule diagrams),
:mod:`armata_examples` (the worked examples), :mod:`armata_findings` (the findings page: filters, the grid of
findings × texts, collapsed entries). A new directive is a :class:`armata_pages.Generated` subclass returning
reStructuredText lines, registered in :func:`setup`.

Directives (each emits reStructuredText that Sphinx then parses):

``armata-board``          the bundled fortress as SVG, with its summary
``armata-diagram``        a rule's diagram under a caption the page writes (the players' guide)
``armata-rule-sections``  the rules' table of contents; ``armata-rule-section`` a section (both the kernel's);
                          ``armata-rule`` a rule
``armata-clause-pages``   the clause corpus' table of contents; ``armata-clause-page`` the clauses of one heading
``armata-howto``          the game in the order it is played, with the readings of each edition
``armata-findings``       the ambiguity report: filters and a grid of findings × texts (registered by armata_findings)
``armata-finding-entries``  one collapsed entry per finding of one page of kinds, under the same filters
``armata-verdicts``       the recorded review of every passage (spec/verdicts), one collapsed entry per text
``armata-proofs``    the proof record of ``proofs/results.json``
``armata-pack``      the bundled data pack with the provenance of every value
``armata-glossary``  game terms in the five languages
``armata-cli``       ``--help`` of every subcommand
``armata-run``       runs the Python code of its body and shows it with what it printed
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import armata_figure
import armata_findings
import armata_glossary
from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.nodes import nested_parse_with_titles

from armata_rules.board import Fortress, default_layout, render_svg, summarize
from armata_rules.cli import _parser
from armata_rules.components import default_pack
from armata_rules.kernel.docs.extension import add_game

import armata_pages
from armata_pages import Generated, invariants_by_rule, rule_links, status_line
from armata_text import anchor as _anchor
from armata_text import escape as _escape

ROOT = Path(__file__).resolve().parents[2]


class ProofsDirective(Generated):
    """The proof record, each invariant anchored and linked to the rules whose transitions it constrains."""

    def lines(self) -> list[str]:
        record = json.loads((ROOT / "proofs" / "results.json").read_text(encoding="utf-8"))
        rules_of: dict[str, list[str]] = defaultdict(list)
        for rule_id, invariants in invariants_by_rule().items():
            for inv in invariants:
                rules_of[inv].append(rule_id)
        out = [
            f"{record['proved']} of {record['obligations']} proof obligations hold (initial states and every "
            "transition, for every edition preset and 2-5 heroes).",
            "",
        ]
        for inv in record["invariants"]:
            heading = f"``{inv['id']}``"
            out += [f".. _invariant-{_anchor(inv['id'])}:", "", heading, "-" * len(heading), ""]
            out += [_escape(inv["statement"]), ""]
            if inv["strengthening"]:
                out += [f"*Strengthening:* {_escape(inv['strengthening'])}", ""]
            out += [f"Clauses: {', '.join(inv['clauses'])}. Status: {status_line(inv['status'])}.", ""]
            if rules_of.get(inv["id"]):
                out += [f"Rules: {rule_links(rules_of[inv['id']])}.", ""]
        return out + _termination_lines(record) + _printed_table_lines(record)


def _termination_lines(record: dict[str, Any]) -> list[str]:
    """The termination proof: the move bound per player count and every obligation's status."""
    termination = record.get("termination")
    if not termination:
        return []
    heading = "Every turn ends"
    out = [".. _termination:", "", heading, "-" * len(heading), ""]
    out += [
        f"{termination['proved']} of {termination['obligations']} ranking-function obligations hold "
        "(:py:mod:`armata_rules.verify.termination`). A move takes at most this many steps, for the pack's "
        "greatest movement value:",
        "",
        ".. list-table::",
        "   :header-rows: 1",
        "",
        "   * - heroes",
        "     - steps per move at most",
    ]
    for players, bound in sorted(termination["move_bound"].items()):
        out += [f"   * - {players}", f"     - {bound}"]
    out += ["", "Obligations:", ""]
    seen: set[str] = set()
    for r in termination["results"]:
        key = f"{r['variant']}: {r['transition']}"
        if key not in seen:
            seen.add(key)
            group = [x for x in termination["results"] if f"{x['variant']}: {x['transition']}" == key]
            ok = all(x["status"] == "proved" for x in group)
            out.append(f"- {_escape(key)}: {'proved' if ok else 'counterexample'}")
    out += ["", f"Rules: {rule_links(['move.step'])}.", ""]
    return out


def _printed_table_lines(record: dict[str, Any]) -> list[str]:
    """The pack's blood tables against every printed table."""
    checks = record.get("printed_tables")
    if not checks:
        return []
    heading = "The tables are the printed ones"
    ok = sum(1 for c in checks if c["ok"])
    tables = sorted({c["cite"] for c in checks})
    out = [heading, "-" * len(heading), ""]
    out += [
        f"{ok} of {len(checks)} values of the data pack's altar and inferno tables equal the {len(tables)} tables "
        f"the texts print ({', '.join(tables)}); :py:mod:`armata_rules.verify.printed` reads them from the texts.",
        "",
    ]
    return out


class PackDirective(Generated):
    """The bundled data pack and the provenance of its values."""

    def lines(self) -> list[str]:
        pack = default_pack()
        out = [_escape(pack.note), ""]

        def table(title: str, header: list[str], rows: list[list[str]]) -> None:
            nonlocal out
            out += [title, "-" * len(title), "", ".. list-table::", "   :header-rows: 1", ""]
            out += ["   * - " + header[0]] + [f"     - {h}" for h in header[1:]]
            for row in rows:
                out += ["   * - " + row[0]] + [f"     - {c}" for c in row[1:]]
            out.append("")

        def cite(item: Any, name: str) -> str:
            source = item.sources.get(name, "provisional")
            return source if source == "provisional" else f"**{source}**"

        seen: set[str] = set()
        rows = []
        for card in (*pack.action_cards, *pack.advanced_cards):
            if (card.title, card.hero) in seen:
                continue
            seen.add((card.title, card.hero))  # type: ignore[arg-type]
            rows.append(
                [
                    _escape(card.title),
                    card.hero.value if card.hero else (card.advanced.value if card.advanced else ""),
                    f"{card.initiative} ({cite(card, 'initiative')})",
                    f"{card.movement} ({cite(card, 'movement')})",
                    f"{card.strength} ({cite(card, 'strength')})",
                    ", ".join(a.value for a in card.abilities) or "—",
                    f"{card.letter} ({cite(card, 'letter')})",
                ]
            )
        table(
            "Action and advanced cards",
            ["title", "hero", "initiative", "movement", "strength", "abilities", "letter"],
            rows,
        )
        rows = []
        for card in {c.title: c for c in pack.reward_cards}.values():
            normal = (
                "wild only"
                if card.normal is None
                else f"+{card.normal.strength} {', '.join(a.value for a in card.normal.abilities)}"
            )
            rows.append(
                [
                    _escape(card.title),
                    f"{normal} ({cite(card, 'normal')})",
                    f"+{card.wild.strength} {', '.join(a.value for a in card.wild.abilities)} ({cite(card, 'wild')})",
                ]
            )
        table("Reward cards", ["title", "used normally", "with Wild Strength"], rows)
        rows = [
            [
                _escape(t.title),
                t.colour.value,
                "monk" if t.monk else str(t.strength),
                ", ".join(x.value for x in t.loot) or "—",
            ]
            for t in {t.title: t for t in (*pack.red, *pack.grey)}.values()
        ]
        table("Encounter tokens (provisional)", ["title", "colour", "strength", "loot"], rows)
        rows = [
            [
                s.title,
                f"{s.side.existence}/{s.side.damage}/{s.side.strength}",
                f"{s.supreme.existence}/{s.supreme.damage}/{s.supreme.strength} ({cite(s, 'supreme')})",
            ]
            for s in pack.strigoi
        ]
        table("Strigoi cards (existence/damage/strength)", ["Strigoi", "coloured side", "Supreme side"], rows)
        t = pack.tables
        rows = [
            ["altar cap", str(t.altar_cap), t.cites.get("altar_cap", "")],
            [
                "blood points to attack (2-5 heroes)",
                " ".join(str(t.altar_required[n]) for n in (2, 3, 4, 5)),
                t.cites.get("altar_required", ""),
            ],
            [
                "blood points on the inferno to lose (2-5 heroes)",
                " ".join(str(t.inferno_loss[n]) for n in (2, 3, 4, 5)),
                t.cites.get("inferno_loss", ""),
            ],
            [
                "blood point counters",
                f"peg19 {t.blood_counters['peg19']}, sb19 {t.blood_counters['sb19']}",
                ", ".join(v for k, v in t.cites.items() if k.startswith("blood_counters")),
            ],
        ]
        table("Printed tables", ["value", "number", "clause"], rows)
        return out


class CliDirective(Generated):
    """``--help`` of the command and its subcommands, and of theirs (``study readings``)."""

    def lines(self) -> list[str]:
        parser = _parser()
        out = ["::", ""] + ["   " + line for line in parser.format_help().splitlines()] + [""]
        return out + self.commands(parser, "armata-rules")

    def commands(self, parser: Any, prog: str) -> list[str]:
        out: list[str] = []
        for action in parser._subparsers._group_actions if parser._subparsers else ():
            for name, sub in action.choices.items():
                title = f"{prog} {name}"
                out += [title, "-" * len(title), "", "::", ""]
                out += ["   " + line for line in sub.format_help().splitlines()] + [""]
                out += self.commands(sub, title)
        return out


class RunDirective(Directive):
    """Run the body as Python and show it followed by what it printed."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        code = "\n".join(self.content)
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(compile(code, "<armata-run>", "exec"), {"__name__": "__armata_run__"})
        source = nodes.literal_block(code, code, language="python")
        output = nodes.literal_block(buffer.getvalue(), buffer.getvalue(), language="text")
        return [source, output]


class BoardDirective(Directive):
    """The bundled fortress as inline SVG, then a table of its rooms."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        fortress = Fortress(default_layout())
        svg = render_svg(fortress, fortress.initial_state()).split("?>", 1)[1]
        figure = nodes.raw("", f'<div class="armata-board">{svg}</div>', format="html")
        summary = summarize(fortress)
        text = [
            "",
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - room",
            "     - slot",
            "     - spaces",
            "     - stairs",
            "     - red",
            "     - grey",
            "     - books",
            "     - Strigoi mark",
        ]
        for r in summary.rooms:
            text += [
                f"   * - {r.room}",
                f"     - {r.slot}",
                f"     - {r.spaces}",
                f"     - {r.stairs}",
                f"     - {r.red}",
                f"     - {r.grey}",
                f"     - {r.books}",
                f"     - {'yes' if r.strigoi_mark else ''}",
            ]
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(text, source="armata_docs"), node)
        return [nodes.paragraph(text=summary.provenance), figure, *node.children]


class ExamplesDirective(Directive):
    """The rulebook's worked examples, played by the engine and drawn, each linked to the rules it exercises."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from armata_examples import EXAMPLES

        out: list[nodes.Node] = []
        for example in EXAMPLES:
            svg, log = example.build()
            label = f"example-{_anchor(example.title)}"
            text = [
                f".. _{label}:",
                "",
                example.title,
                "-" * len(example.title),
                "",
                _escape(example.text),
                "",
                f"Rules: {rule_links(example.rules)}.",
                "",
                ".. raw:: html",
                "",
                f'   <figure class="armata-board">{svg.split("?>", 1)[1].strip().replace(chr(10), " ")}</figure>',
                "",
                ".. code-block:: text",
                "",
                *(f"   {line}" for line in log),
                "",
            ]
            node = nodes.section()
            node.document = self.state.document
            nested_parse_with_titles(self.state, StringList(text, source="armata_examples"), node)
            out += node.children
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    add_game(app, armata_pages.DOCS, {"rule": armata_pages.RuleDirective})
    armata_findings.setup(app)
    app.add_css_file("armata-findings.css")
    app.add_js_file("armata-findings.js")
    app.add_directive("armata-board", BoardDirective)
    app.add_directive("armata-clause-pages", armata_pages.ClausePagesDirective)
    app.add_directive("armata-clause-page", armata_pages.ClausePageDirective)
    app.add_directive("armata-howto", armata_pages.HowToPlayDirective)
    app.add_directive("armata-proofs", ProofsDirective)
    app.add_directive("armata-pack", PackDirective)
    app.add_directive("armata-glossary", armata_glossary.GlossaryDirective)
    app.add_directive("armata-diagram", armata_figure.DiagramDirective)
    app.add_directive("armata-cli", CliDirective)
    app.add_directive("armata-run", RunDirective)
    app.add_directive("armata-examples", ExamplesDirective)
    return {"version": "3", "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["setup"]
