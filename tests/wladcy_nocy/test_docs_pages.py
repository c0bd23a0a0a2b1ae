"""The second game's pages (``docs/wladcy_nocy``, made by ``docs/_ext/wladcy_nocy_pages.py``) are generated from its
files: every clause of the text gets the label citations link to, every reading, finding, content slot and term is
on its page, and a citation in running text links to the clause holding its line."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parents[2] / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import wladcy_nocy_pages as pages  # noqa: E402

from armata_rules.wladcy_nocy.content.loader import printed  # noqa: E402
from armata_rules.wladcy_nocy.content.schema import entries  # noqa: E402
from armata_rules.wladcy_nocy.spec import load_findings, load_glossary, load_readings  # noqa: E402
from armata_rules.wladcy_nocy.texts import rulebook  # noqa: E402


def _lines(directive: type[Any]) -> str:
    return "\n".join(directive.lines(object.__new__(directive)))


def test_every_clause_has_the_label_its_citations_link_to() -> None:
    text = _lines(pages.TextDirective)
    for clause in rulebook().clauses:
        assert f".. _wn-{clause.id}:" in text
    assert pages._label("wn.pl:225") == f"wn-{rulebook().clause_at(225).id}"  # type: ignore[union-attr]
    assert pages._label("wn.pl" + ":226") is None  # a blank line belongs to no clause (split: not a citation)
    found = pages.DOCS.citation.finditer("see wn.pl:489-511 and wn.en:550, not peg19.en:760")
    assert [match.group(0) for match in found] == ["wn.pl:489-511", "wn.en:550"]


def test_every_reading_finding_slot_and_term_is_on_its_page() -> None:
    readings, findings = _lines(pages.ReadingsDirective), _lines(pages.FindingsDirective)
    for name in load_readings().readings:
        assert f".. _wn-reading-{name}:" in readings
    for key, finding in load_findings().findings.items():
        assert f".. _wn-finding-{key}:" in findings
        assert all(f"<wn-reading-{name}>" in findings for name in finding.readings)
    content = _lines(pages.ContentDirective)
    assert all(f"``{entry.key}``" in content for entry in entries(printed()))
    glossary = _lines(pages.GlossaryDirective)
    assert all(term.en in glossary for term in load_glossary().terms.values())


def test_every_rule_is_on_the_rules_page_with_its_clauses_and_readings() -> None:
    """Each rule of the book under its section, with its label, every clause it cites and a link to every reading
    it reads; the sections follow a round (setup before the day, the day before the night)."""
    from armata_rules.wladcy_nocy.book import RULES

    text = _lines(pages.RulesDirective)
    for rule in RULES.rules.values():
        label = f".. _wn-rule-{rule.id}:"
        assert label in text
        block = text.split(label, 1)[1].split(".. _wn-rule", 1)[0]
        assert f"``{rule.id}``" in block and all(clause in block for clause in rule.clauses)
        assert all(f"<wn-reading-{name}>" in block for name in rule.readings)
    order = [text.index(f".. _wn-rules-{key}:") for key in ("setup", "day", "combat", "night", "seals", "end")]
    assert order == sorted(order)
