"""The pages of the second game, *Władcy Nocy*: its Polish text clause by clause, its rules, the readings and
interpretations the engine offers where the text disagrees with itself or is silent, the findings, the content the
text lacks, and the glossary, each generated from the game's own files (its rule book, ``spec/wladcy_nocy/``,
``armata_rules/wladcy_nocy/data``), never written by hand.

Every ``wn.pl:LINE`` (and ``wn.en:LINE``) in running text becomes a link to the clause of the text holding that line
(:class:`WNCitationLinks`), as Armata's citations link to its clause pages. The pages are in Polish with the English
glossary term beside each Polish one; the readings and findings keep their English explanations.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.nodes import nested_parse_with_titles

import armata_rules.wladcy_nocy.game  # noqa: F401  (registers every rule)
from armata_rules.kernel.play.registry import Rule
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.content.loader import printed, provenance
from armata_rules.wladcy_nocy.content.schema import entries
from armata_rules.wladcy_nocy.spec import load_findings, load_glossary, load_informative, load_readings
from armata_rules.wladcy_nocy.texts import WNText, rulebook

from armata_text import CitationLinks

__all__ = ["WN_CITATION", "setup"]

#: A citation of the second game's text: ``wn.pl:225``, ``wn.pl:489-511``, ``wn.en:550``.
WN_CITATION = re.compile(r"\bwn\.(?:pl|en):\d+(?:-\d+)?\b")


@cache
def _text() -> WNText:
    return rulebook()


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|").replace("_", "\\_")


def _label(citation: str) -> str | None:
    """The label of the clause holding ``citation``'s first line, if there is one."""
    number = int(citation.split(":")[1].split("-", maxsplit=1)[0])
    clause = _text().clause_at(number)
    return None if clause is None else f"wn-{clause.id}"


class _Generated(Directive):
    """A directive whose content is reStructuredText made by :meth:`lines`."""

    has_content = False

    def lines(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        nested_parse_with_titles(self.state, StringList(self.lines(), "wladcy_nocy_pages"), container)
        return list(container.children)


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


class ReadingsDirective(_Generated):
    """Every reading (the text disagrees with itself) and interpretation (it is silent), with its question, its
    options, the default and why, and the clauses read."""

    def lines(self) -> list[str]:
        out: list[str] = []
        for name, reading in load_readings().readings.items():
            kind = "odczytanie (reading)" if reading.kind == "reading" else "interpretacja (interpretation)"
            out += [f".. _wn-reading-{name}:", "", f"``{name}``", "~" * (len(name) + 4), ""]
            out += [f"*{kind}*; {_escape(reading.question)}", ""]
            for option, meaning in reading.options.items():
                default = " **(domyślnie, default)**" if option == reading.default else ""
                out.append(f"- ``{option}``{default}: {_escape(meaning)}")
            out += ["", f"Dlaczego (why): {_escape(reading.reason)}", ""]
            out += [f"Klauzule (clauses): {', '.join(reading.clauses)}", ""]
            if reading.note:
                out += [f"Uwaga (note): {_escape(reading.note)}", ""]
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


class RulesDirective(_Generated):
    """Every rule of the game's rule book, by section: its title, its id, what it does, the clauses it implements
    (each a link to its clause of the text) and the readings it reads (each a link to its reading)."""

    def lines(self) -> list[str]:
        readings = load_readings().readings
        sections: dict[str, list[Rule]] = {}
        for rule in RULES.rules.values():
            sections.setdefault(rule.id.split(".", maxsplit=1)[0], []).append(rule)
        order = [key for key in RULE_SECTIONS if key in sections] + sorted(set(sections) - set(RULE_SECTIONS))
        out: list[str] = []
        for key in order:
            heading = RULE_SECTIONS.get(key, key)
            out += [f".. _wn-rules-{key}:", "", heading, "-" * len(heading), ""]
            for rule in sections[key]:
                title = _escape(rule.title)
                out += [f".. _wn-rule-{rule.id}:", "", title, "~" * len(title), ""]
                out += [f"``{rule.id}``: {_escape(rule.summary)}", ""]
                out += [f"Klauzule (clauses): {', '.join(rule.clauses)}", ""]
                if rule.readings:
                    links = [
                        f":ref:`{name} <wn-reading-{name}>`" if name in readings else f"``{name}``"
                        for name in rule.readings
                    ]
                    out += [f"Odczytania (readings): {', '.join(links)}", ""]
        return out


class WNCitationLinks(CitationLinks):
    """Every ``wn.pl:LINE`` in running text becomes a link to the clause of the text holding that line."""

    pattern = WN_CITATION

    @staticmethod
    def label(citation: str) -> str | None:
        return _label(citation)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_transform(WNCitationLinks)
    app.add_directive("wn-text", TextDirective)
    app.add_directive("wn-readings", ReadingsDirective)
    app.add_directive("wn-findings", FindingsDirective)
    app.add_directive("wn-content", ContentDirective)
    app.add_directive("wn-glossary", GlossaryDirective)
    app.add_directive("wn-rules", RulesDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
