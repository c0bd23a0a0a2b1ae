"""Sphinx extension: the reference pages are generated at build time from the library itself, so the site cannot
drift from the code.

Directives (each emits reStructuredText that Sphinx then parses):

``armata-board``     the bundled fortress as SVG, with its summary
``armata-rules``     every registered rule: clauses in every language, what the engine does, readings,
                     interpretations, invariants and their proof status, a link to the code
``armata-clauses``   every clause of the corpus, all sources side by side
``armata-findings``  the ambiguity report, one anchored section per finding
``armata-verdicts``  the recorded review of every passage (spec/verdicts), separate from the findings
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
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.nodes import nested_parse_with_titles

import armata_rules.engine  # noqa: F401  (registers every rule)
from armata_rules.board import Fortress, default_layout, render_svg, summarize
from armata_rules.cli import _parser
from armata_rules.components import default_pack
from armata_rules.rules import INTERPRETATIONS, REGISTRY
from armata_rules.translations.align import glossary
from armata_rules.translations.corpus import load_corpus
from armata_rules.translations.sources import Rulebooks
from armata_rules.variants import READINGS
from armata_rules.verify import INVARIANTS
from armata_rules.verify.models import MODELS, Kernels, params_for

ROOT = Path(__file__).resolve().parents[2]
SECTIONS = {
    "components": "Components",
    "setup": "Setup",
    "round": "The round",
    "move": "Phase 2a: moving",
    "encounter": "Phase 2b: encounters",
    "fight": "Fights",
    "rewards": "Rewards",
    "wounds": "Wounds and blood points",
    "ability": "Abilities",
    "advanced": "Advanced action cards",
    "strigoi": "The Strigoi",
    "game": "The game as a whole",
}


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def _anchor(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class _Generated(Directive):
    """Base: subclasses return reStructuredText lines; they are parsed in place."""

    has_content = False

    def lines(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(self.lines(), source="armata_docs"), node)
        return node.children


def _passages_table(clause: Any) -> list[str]:
    out = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 12 10 78",
        "",
        "   * - source",
        "     - lines",
        "     - text",
    ]
    for source, passage in sorted(clause.passages.items()):
        lines = passage.citation.split(":")[1]
        out += [f"   * - {source}", f"     - {lines}", f"     - {_escape(passage.quote.replace('**', ''))}"]
    return [*out, ""]


def _proof_status() -> dict[str, dict[str, dict[str, str]]]:
    record = json.loads((ROOT / "proofs" / "results.json").read_text(encoding="utf-8"))
    return {inv["id"]: inv["status"] for inv in record["invariants"]}


def _invariants_by_rule() -> dict[str, list[str]]:
    from armata_rules import editions

    params = params_for(editions.PEG19_EN, 3, default_pack())
    touched: dict[str, set[str]] = defaultdict(set)
    for inv in INVARIANTS:
        if inv.model is None:
            continue
        for transition in MODELS[inv.model](params, Kernels()).transitions:
            touched[transition.rule].add(inv.id)
    return {rule: sorted(ids) for rule, ids in touched.items()}


def _status_line(status: dict[str, dict[str, str]]) -> str:
    total = sum(len(v) for v in status.values())
    proved = sum(1 for v in status.values() for s in v.values() if s == "proved")
    return f"proved for {proved} of {total} preset × player-count combinations"


class RulesDirective(_Generated):
    """Every rule, grouped by rulebook section."""

    def lines(self) -> list[str]:
        corpus = load_corpus()
        status = _proof_status()
        invariants = _invariants_by_rule()
        readings = {spec.name: spec for spec in READINGS}
        by_section: dict[str, list[Any]] = defaultdict(list)
        for rule in REGISTRY.values():
            by_section[rule.id.split(".")[0]].append(rule)
        out: list[str] = []
        for key, title in SECTIONS.items():
            rules = by_section.get(key, [])
            if not rules:
                continue
            out += [title, "-" * len(title), ""]
            for rule in rules:
                heading = f"{rule.title} (``{rule.id}``)"
                out += [f".. _rule-{_anchor(rule.id)}:", "", heading, "~" * len(heading), ""]
                out += [f"**What the engine does.** {_escape(rule.summary)}", ""]
                out += [f"Code: :py:mod:`{rule.module}` · clauses: {', '.join(rule.clauses)}", ""]
                for name in rule.readings:
                    spec = readings[name]
                    out += [f"**Reading** ``{name}`` — {spec.title} (see :ref:`finding-{_anchor(spec.finding)}`):", ""]
                    for option in spec.options:
                        sources = ", ".join(option.sources) or "no source: an interpretation"
                        out += [
                            f"- ``{option.value.value}``: {_escape(option.summary)} — presets: {sources}; "
                            f"clauses: {', '.join(option.clauses)}"
                        ]
                    out.append("")
                for name in rule.interpretations:
                    interp = INTERPRETATIONS[name]
                    out += [
                        f"**Interpretation** ({_escape(interp.topic)}): {_escape(interp.decision)} "
                        f"*Why:* {_escape(interp.reasoning)}",
                        "",
                    ]
                for inv in invariants.get(rule.id, []):
                    out += [f"**Invariant** ``{inv}``: {_status_line(status[inv])} (:ref:`proofs`).", ""]
                seen = set()
                for citation in rule.clauses:
                    clause = corpus.clause_at(citation)
                    if clause is None or clause.id in seen:
                        continue
                    seen.add(clause.id)
                    out += [f"Clause :ref:`{clause.id} <clause-{clause.id}>`:", ""]
                    out += _passages_table(clause)
        return out


class ClausesDirective(_Generated):
    """Every clause of the corpus."""

    def lines(self) -> list[str]:
        out: list[str] = []
        for clause in load_corpus().clauses:
            heading = f"{clause.id}: {_escape(clause.title)}"
            out += [f".. _clause-{clause.id}:", "", heading, "-" * len(heading), ""]
            if clause.rules:
                out += ["Implemented by " + ", ".join(f":ref:`{r} <rule-{_anchor(r)}>`" for r in clause.rules), ""]
            else:
                out += [f"Informative: {_escape(clause.informative)}", ""]
            out += _passages_table(clause)
        return out


class FindingsDirective(_Generated):
    """The ambiguity report of the corpus."""

    def lines(self) -> list[str]:
        from armata_rules.translations.finder import corpus_findings

        findings = corpus_findings(load_corpus(), Rulebooks.load())
        out = [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - finding",
            "     - kind",
            "     - severity",
            "     - engine",
        ]
        for f in findings:
            what = (
                f"reading ``{f.reading}``"
                if f.reading and f.reading != "unmodelled"
                else (f.reading or "interpretation")
            )
            out += [
                f"   * - :ref:`{_escape(f.topic)} <finding-{_anchor(f.id)}>`",
                f"     - {f.kind}",
                f"     - {f.severity}",
                f"     - {what}",
            ]
        out.append("")
        for f in findings:
            heading = _escape(f.topic)
            out += [f".. _finding-{_anchor(f.id)}:", "", heading, "-" * len(heading), ""]
            out += [f"``{f.id}`` · {f.kind} · {f.severity}", ""]
            for c in f.citations:
                out += [f"- ``{c.source}.{c.lang}:{c.line}`` {_escape(c.quote)}"]
            out.append("")
            if f.interpretation:
                out += [_escape(f.interpretation), ""]
            if f.reading and f.reading != "unmodelled":
                out += [
                    f"Chosen by the ruleset reading ``{f.reading}``; every edition preset says which option it takes.",
                    "",
                ]
            out += [_verdict_line(f.verdict, f.verdicts, f.verdict_note), ""]
        return out


def _verdict_ref(record_id: str) -> str:
    """A link to the table that holds a verdict record (``peg19.de/en760``: the peg19.de review)."""
    return f":ref:`{record_id} <verdicts-{_anchor(record_id.partition('/')[0])}>`"


def _verdict_line(verdict: str | None, verdicts: tuple[str, ...], note: str) -> str:
    """A finding's verdict records, linked to the review below."""
    if verdict is None:
        return f"*Verdict:* none ({_escape(note)})."
    line = f"*Verdict:* {_verdict_ref(verdict)}"
    others = [v for v in verdicts if v != verdict]
    if others:
        line += "; also " + ", ".join(_verdict_ref(v) for v in others)
    return line + (f" ({_escape(note)})." if note else ".")


class VerdictsDirective(_Generated):
    """Every verdict of the recorded review: play-changing ones with their engine link, cosmetic ones with their
    note, and the clauses read as the same, per text; then the within-text contradictions."""

    def lines(self) -> list[str]:
        from armata_rules.translations.finder import corpus_findings
        from armata_rules.translations.verdicts import load_contradictions, load_reviews

        listed = {r: f.id for f in corpus_findings(load_corpus(), Rulebooks.load()) for r in f.verdicts}

        def engine_ref(record_id: str, engine: str) -> str:
            finding = listed.get(record_id)
            return _escape(engine) + (f" (:ref:`finding <finding-{_anchor(finding)}>`)" if finding else "")

        out: list[str] = []
        for review in load_reviews():
            title = f"{review.judged} against {review.against}"
            counts = {k: sum(v.kind == k for v in review.verdicts) for k in ("same", "cosmetic", "changes-play")}
            out += [f".. _verdicts-{_anchor(review.judged)}:", "", title, "~" * len(title), ""]
            out += [
                f"{len(review.verdicts)} clauses judged: {counts['changes-play']} change play, "
                f"{counts['cosmetic']} cosmetic, {counts['same']} the same.",
                "",
            ]
            plays = [v for v in review.verdicts if v.kind == "changes-play"]
            if plays:
                out += [".. list-table::", "   :header-rows: 1", "", "   * - verdict", "     - dimension"]
                out += ["     - what differs", "     - citations", "     - engine"]
                for v in plays:
                    engine = v.engine if not v.unmodelled else f"unmodelled: {v.unmodelled}"
                    out += [
                        f"   * - ``{v.id}``",
                        f"     - {v.dimension}",
                        f"     - {_escape(v.note)}",
                        f"     - {', '.join(f'``{c}``' for c in v.citations)}",
                        f"     - {engine_ref(v.id, engine)}",
                    ]
                out.append("")
            cosmetic = [v for v in review.verdicts if v.kind == "cosmetic"]
            if cosmetic:
                out += ["Cosmetic:", ""]
                out += [f"- ``{v.clause}`` {_escape(v.note)}" for v in cosmetic]
                out.append("")
            same = [v.clause for v in review.verdicts if v.kind == "same"]
            if same:
                out += ["The same: " + ", ".join(f"``{c}``" for c in same), ""]
        contradictions = load_contradictions()
        if contradictions:
            out += [".. _verdicts-contradictions:", "", "Within-text contradictions", "~~~~~~~~~~~~~~~~~~~~~~~~~~", ""]
            for c in contradictions:
                link = c.reading or c.interpretation or c.finding or f"unmodelled: {c.unmodelled}"
                out += [
                    f"- ``{c.record_id}`` ({c.source}, {c.dimension}): {_escape(c.description)} "
                    f"{', '.join(f'``{x}``' for x in c.citations)}. Engine: {engine_ref(c.record_id, link)}",
                ]
            out.append("")
        return out


class ProofsDirective(_Generated):
    """The proof record."""

    def lines(self) -> list[str]:
        record = json.loads((ROOT / "proofs" / "results.json").read_text(encoding="utf-8"))
        out = [
            f"{record['proved']} of {record['obligations']} proof obligations hold (initial states and every "
            "transition, for every edition preset and 2-5 heroes).",
            "",
        ]
        out += [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - invariant",
            "     - statement",
            "     - clauses",
            "     - status",
        ]
        for inv in record["invariants"]:
            out += [
                f"   * - ``{inv['id']}``",
                f"     - {_escape(inv['statement'])}"
                + (f" *Strengthening:* {_escape(inv['strengthening'])}" if inv["strengthening"] else ""),
                f"     - {', '.join(inv['clauses'])}",
                f"     - {_status_line(inv['status'])}",
            ]
        return [*out, ""]


class PackDirective(_Generated):
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


class GlossaryDirective(_Generated):
    """Game terms in five languages."""

    def lines(self) -> list[str]:
        out = [
            ".. list-table::",
            "   :header-rows: 1",
            "",
            "   * - term",
            "     - de",
            "     - en",
            "     - it",
            "     - fr",
            "     - es",
        ]
        for concept, names in glossary().terms.items():
            out += [f"   * - {concept.replace('_', ' ')}"]
            out += [f"     - {', '.join(names.get(lang, ()))}" for lang in ("de", "en", "it", "fr", "es")]
        return [*out, ""]


class CliDirective(_Generated):
    """``--help`` of the command and its subcommands."""

    def lines(self) -> list[str]:
        parser = _parser()
        out = ["::", ""] + ["   " + line for line in parser.format_help().splitlines()] + [""]
        for action in parser._subparsers._group_actions:  # type: ignore[union-attr]
            for name, sub in action.choices.items():  # type: ignore[union-attr]
                out += [f"armata-rules {name}", "-" * (13 + len(name)), "", "::", ""]
                out += ["   " + line for line in sub.format_help().splitlines()] + [""]
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
    """The rulebook's worked examples, played by the engine and drawn."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from armata_examples import moon_shines_red, prayer_in_the_dark

        out: list[nodes.Node] = []
        for title, build, text in (
            (
                "When the Moon Shines Red",
                moon_shines_red,
                "Roel's five steps and the Master's lines of sight from its new platform are highlighted (R: Roel, "
                "Mt: Matthew, M: the Master, A: the Apprentice). The book E on the NE platform points at N; from its "
                "centre the Master sees Matthew down a corridor; the corridor towards Roel is interrupted "
                "(peg19.en:811).",
            ),
            (
                "Prayer in the Dark",
                prayer_in_the_dark,
                "Roel (R) plays the Sword normally and breaks the Hammer: 2 + 2 + 5 = 9, the Supreme's strength. The "
                "book A of the room without a platform points at NE, whose platform collapses under Matthew (Mt); "
                "without a Leap the pack loses a blood point (peg19.en:928-930).",
            ),
        ):
            svg, log = build()
            section = nodes.section(ids=[_anchor(title)])
            section += nodes.title(text=title)
            section += nodes.paragraph(text=text)
            section += nodes.raw("", f'<div class="armata-board">{svg.split("?>", 1)[1]}</div>', format="html")
            section += nodes.literal_block("\n".join(log), "\n".join(log), language="text")
            out.append(section)
        return out


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("armata-board", BoardDirective)
    app.add_directive("armata-rules", RulesDirective)
    app.add_directive("armata-clauses", ClausesDirective)
    app.add_directive("armata-findings", FindingsDirective)
    app.add_directive("armata-verdicts", VerdictsDirective)
    app.add_directive("armata-proofs", ProofsDirective)
    app.add_directive("armata-pack", PackDirective)
    app.add_directive("armata-glossary", GlossaryDirective)
    app.add_directive("armata-cli", CliDirective)
    app.add_directive("armata-run", RunDirective)
    app.add_directive("armata-examples", ExamplesDirective)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["setup"]
