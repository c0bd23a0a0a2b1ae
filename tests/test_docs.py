"""The generated reference: it builds with warnings as errors, and shows every rule, clause and finding."""

from __future__ import annotations

from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule)
from armata_rules.rules import REGISTRY
from armata_rules.translations.corpus import load_corpus

DOCS = Path(__file__).resolve().parents[1] / "docs"
sphinx = pytest.importorskip("sphinx.cmd.build")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    status = sphinx.build_main(["-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(out)])
    assert status == 0, "the Sphinx build failed (warnings are errors)"
    return out


def test_every_rule_and_clause_appears(site: Path) -> None:
    rules = (site / "rules.html").read_text(encoding="utf-8")
    for rule in REGISTRY.values():
        assert f'id="rule-{rule.id.replace(".", "-").replace("_", "-")}"' in rules, rule.id
    clauses = (site / "clauses.html").read_text(encoding="utf-8")
    for clause in load_corpus().clauses:
        assert f'id="clause-{clause.id}"' in clauses, clause.id


def test_a_rule_can_be_found_by_its_name_in_every_language(site: Path) -> None:
    index = (site / "searchindex.js").read_text(encoding="utf-8").lower()
    for name in ("leap", "sprung", "balzo", "saut", "salto", "autel"):
        assert f'"{name}"' in index, name


def test_findings_proofs_and_pack_pages(site: Path) -> None:
    findings = (site / "findings.html").read_text(encoding="utf-8")
    assert "movement-may-must-exactly" in findings and "peg19.fr" in findings
    assert "912 of 912" in (site / "proofs.html").read_text(encoding="utf-8")
    pack = (site / "pack.html").read_text(encoding="utf-8")
    assert "peg19.en:928" in pack and "provisional" in pack
    assert "refused:" in (site / "tutorial.html").read_text(encoding="utf-8")
    examples = (site / "examples.html").read_text(encoding="utf-8")
    assert "the Master attacks Matthew" in examples and "the platform of NE collapses" in examples
