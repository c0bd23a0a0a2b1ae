"""The pages of the second game, *Władcy Nocy*: its Polish text clause by clause, its rules, the readings and
interpretations the engine offers where the text disagrees with itself or is silent, the findings, the content the
text lacks, and the glossary, each generated from the game's own files (its rule book, ``spec/wladcy_nocy/``,
``armata_rules/wladcy_nocy/data``), never written by hand.

The rules page, the readings page and the citation links are the kernel's (:mod:`armata_rules.kernel.docs`), made
from this game's :data:`DOCS`: every ``wn.pl:LINE`` (and ``wn.en:LINE``) in running text becomes a link to the clause
of the text holding that line, as Armata's citations link to its clause pages. The text, findings, content and
glossary pages are this game's own. The pages are in Polish with the English glossary term beside each Polish one;
the readings and findings keep their English explanations.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from sphinx.application import Sphinx

import armata_rules.wladcy_nocy.game  # noqa: F401  (registers every rule)
from armata_rules.kernel.docs.extension import add_game, bind
from armata_rules.kernel.docs.generated import Generated
from armata_rules.kernel.docs.hooks import DocsHooks, ReadingEntry, Words
from armata_rules.kernel.docs.markup import escape as _escape
from armata_rules.kernel.docs.readings import ReadingsDirective as _Readings
from armata_rules.kernel.docs.rules import RuleIndexDirective
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.content.loader import printed, provenance
from armata_rules.wladcy_nocy.content.schema import entries
from armata_rules.wladcy_nocy.spec import load_findings, load_glossary, load_informative, load_readings
from armata_rules.wladcy_nocy.texts import WN_TEXTS, WNText, rulebook

__all__ = ["DOCS", "setup"]


@cache
def _text() -> WNText:
    return rulebook()


def _label(citation: str) -> str | None:
    """The label of the clause holding ``citation``'s first line, if there is one."""
    number = int(citation.split(":")[1].split("-", maxsplit=1)[0])
    clause = _text().clause_at(number)
    return None if clause is None else f"wn-{clause.id}"


class _Generated(Generated):
    """A directive of this game's own pages."""

    source = "wladcy_nocy_pages"


class TextDirective(_Generated):
    """The whole Polish text, clause by clause, each with its label (what citations link to) and its lines; the
    clauses that state no rule are marked with the reason they are informative."""

    def lines(self) -> list[str]:
        marked: dict[int, str] = {}
        for citation, entry in load_informative().clauses.items():
            first = int(citation.split(":")[1].split("-")[0])
            marked[first] = f"{entry.kind}: {entry.reason}"
        out: list[str] = []
        for clause in _text().clauses:
            out += [f".. _wn-{clause.id}:", "", f"**{clause.citation}**", ""]
            out += ["| " + _escape(line) if line.strip() else "|" for line in clause.text.splitlines()]
            out.append("")
            if clause.first in marked:
                out += [f"   *informacyjny (informative)*: {_escape(marked[clause.first])}", ""]
        return out


class FindingsDirective(_Generated):
    """Every finding of the text, quoted in Polish with an English gloss, with the readings it feeds."""

    def lines(self) -> list[str]:
        out: list[str] = []
        for key, finding in load_findings().findings.items():
            out += [f".. _wn-finding-{key}:", "", f"``{key}``", "~" * (len(key) + 4), ""]
            out += [f"*{finding.kind}, {finding.severity}*: {_escape(finding.topic)}", ""]
            for quote in finding.quotes:
                out += [f"- {quote.cite}: „{_escape(quote.pl)}” ({_escape(quote.en)})"]
            out.append("")
            if finding.readings:
                refs = ", ".join(f":ref:`{name} <wn-reading-{name}>`" for name in finding.readings)
                out += [f"Odczytania (readings): {refs}", ""]
            out += [f"Rozstrzygnięcie (resolution): {_escape(finding.resolution)}", ""]
        return out


class ContentDirective(_Generated):
    """What the text prints of the game's content and what it lacks: the counts by source, then every slot of
    ``printed.toml`` by section, known (with its citation) or unknown (with the reason)."""

    def lines(self) -> list[str]:
        content = printed()
        counts = provenance(content)
        out = [".. list-table::", "   :header-rows: 1", "", "   * - źródło (source)", "     - wartości (values)"]
        for kind, count in counts.items():
            out += [f"   * - {kind}", f"     - {count}"]
        out.append("")
        sections: dict[str, list[str]] = {}
        for entry in entries(content):
            section = entry.key.split(".")[0]
            if entry.known:
                line = f"- ``{entry.key}``: **znane (known)**, {entry.cite or entry.source}"
            else:
                line = f"- ``{entry.key}``: *nieznane (unknown)*: {_escape(entry.reason or '')}"
                if entry.cite:
                    line += f" ({entry.cite})"
            sections.setdefault(section, []).append(line)
        for section, lines in sections.items():
            out += [f"``{section}``", "~" * (len(section) + 4), "", *lines, ""]
        return out


class GlossaryDirective(_Generated):
    """The Polish terms with their English term and definition, where each is defined and the OCR variants folded
    to it."""

    def lines(self) -> list[str]:
        out = [".. list-table::", "   :header-rows: 1", "   :widths: 20 20 60", ""]
        out += ["   * - polski", "     - English", "     - definition"]
        for term in load_glossary().terms.values():
            variants = f" (OCR: {', '.join(term.ocr_stems)})" if term.ocr_stems else ""
            out += [
                f"   * - **{_escape(term.pl)}**",
                f"     - {_escape(term.en)}",
                f"     - {_escape(term.definition)} {term.defined}{_escape(variants)}",
            ]
        return [*out, ""]


#: The sections of the rules page, in the order a player meets them: a rule belongs to the section its id starts with
#: (a rule of a section not listed here gets one of its own, after these).
RULE_SECTIONS = {
    "setup": "Przygotowanie (setup)",
    "round": "Runda (round)",
    "day": "Dzień (day)",
    "events": "Wydarzenia (events)",
    "dice": "Pula kości (dice pool)",
    "combat": "Walka (combat)",
    "night": "Noc (night)",
    "exhaustion": "Wyczerpanie (exhaustion)",
    "relics": "Relikty (relics)",
    "seals": "Pieczęcie grozy i rytuał (terror seals and the ritual)",
    "end": "Koniec gry (end of the game)",
    "effects": "Efekty zawartości (content effects)",
}


def _readings() -> Sequence[ReadingEntry]:
    """Every reading and interpretation of ``spec/wladcy_nocy/readings.toml``, in its order."""
    return tuple(
        ReadingEntry(
            name,
            reading.kind,
            reading.question,
            dict(reading.options),
            reading.default,
            reading.reason,
            tuple(reading.clauses),
            reading.note,
        )
        for name, reading in load_readings().readings.items()
    )


#: This game's reference pages on the kernel: its rules on one page by section, its readings, its citations linked.
DOCS = DocsHooks(
    prefix="wn",
    rules=RULES,
    texts=WN_TEXTS,
    clause_label=_label,
    sections=RULE_SECTIONS,
    readings=_readings,
    words=Words(
        clauses="Klauzule (clauses)",
        readings="Odczytania (readings)",
        reading="odczytanie (reading)",
        interpretation="interpretacja (interpretation)",
        default="domyślnie, default",
        why="Dlaczego (why)",
        note="Uwaga (note)",
    ),
    rule_label=lambda rule_id: f"wn-rule-{rule_id}",
    section_label=lambda key: f"wn-rules-{key}",
    reading_label=lambda name: f"wn-reading-{name}",
    cite_class="armata-cite",
)

#: Every rule of the book, by section (``wn-rules``).
RulesDirective = bind(RuleIndexDirective, DOCS)
#: Every reading and interpretation (``wn-readings``).
ReadingsDirective = bind(_Readings, DOCS)


def setup(app: Sphinx) -> dict[str, Any]:
    add_game(app, DOCS)
    app.add_directive("wn-text", TextDirective)
    app.add_directive("wn-findings", FindingsDirective)
    app.add_directive("wn-content", ContentDirective)
    app.add_directive("wn-glossary", GlossaryDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
