"""Which rule clauses a scenario test checks: the link from the clause corpus to the tests.

A scenario test names the clauses it checks with ``@pytest.mark.clauses("peg19.en:764", "sb19.en:314", ...)``. This
module reads those markers from the test sources (no test is run) and lists every rule-bearing clause of the
English texts (a clause of ``spec/clauses.json`` that a registered rule implements and that ``peg19.en`` or
``sb19.en`` prints) with the tests that cite it. ``python -m tests.clause_coverage`` (``make coverage-clauses``)
prints the table and the figure; ``--missing`` lists the clauses no test cites yet; ``--json`` for machines.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

import armata_rules.engine  # noqa: F401  (registers every rule, so the corpus knows which clauses bear one)
from armata_rules.translations.corpus import Clause, Corpus, load_corpus

TESTS = Path(__file__).resolve().parent
ENGLISH = ("peg19.en", "sb19.en")
#: Citations of another game's text (Władcy Nocy's ``wn.pl``), which its own tests resolve: not Armata's corpus.
OTHER_GAMES = ("wn.",)


@dataclass(frozen=True, slots=True)
class Marker:
    """One citation on one test: ``tests/test_x.py::test_y`` cites ``peg19.en:764``."""

    test: str
    citation: str
    line: int


@dataclass
class ClauseCoverage:
    """A rule-bearing clause, its English citations, its rules and the tests that cite it."""

    clause: Clause
    citations: tuple[str, ...]
    tests: list[str] = field(default_factory=list)


def _marker_args(decorator: ast.expr) -> list[ast.expr] | None:
    """The arguments of ``pytest.mark.clauses(...)``, or ``None`` for another decorator."""
    if not isinstance(decorator, ast.Call):
        return None
    func = decorator.func
    if isinstance(func, ast.Attribute) and func.attr == "clauses":
        inner = func.value
        if isinstance(inner, ast.Attribute) and inner.attr == "mark":
            return list(decorator.args)
    return None


def markers(folder: Path = TESTS) -> list[Marker]:
    """Every clause citation on every test function under ``folder``, in file and line order; a citation that is
    not a string literal raises ``ValueError`` naming where it is."""
    found: list[Marker] = []
    for path in sorted(folder.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for decorator in node.decorator_list:
                args = _marker_args(decorator)
                if args is None:
                    continue
                for arg in args:
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        raise ValueError(f"{path}:{arg.lineno}: a clauses marker takes string citations only")
                    if arg.value.startswith(OTHER_GAMES):
                        continue
                    test = f"{path.relative_to(folder.parent)}::{node.name}"
                    found.append(Marker(test, arg.value, arg.lineno))
    return sorted(found, key=lambda m: (m.test, m.line))


def coverage(corpus: Corpus | None = None, found: list[Marker] | None = None) -> list[ClauseCoverage]:
    """Every rule-bearing clause of the English texts with the tests whose markers cite it (in any language: a
    marker on ``peg19.de:173`` covers the clause the German line belongs to), in corpus order."""
    corpus = corpus or load_corpus()
    found = markers() if found is None else found
    rows = {
        clause.id: ClauseCoverage(clause, tuple(clause.passages[s].citation for s in ENGLISH if s in clause.passages))
        for clause in corpus.clauses
        if clause.rules and any(source in clause.passages for source in ENGLISH)
    }
    for marker in found:
        clause = corpus.clause_at(marker.citation)
        if clause is not None and clause.id in rows and marker.test not in rows[clause.id].tests:
            rows[clause.id].tests.append(marker.test)
    return list(rows.values())


def unresolved(corpus: Corpus | None = None, found: list[Marker] | None = None) -> list[Marker]:
    """Markers whose citation names no clause of the corpus (a typo, or a line of no clause)."""
    corpus = corpus or load_corpus()
    found = markers() if found is None else found
    return [m for m in found if corpus.clause_at(m.citation) is None]


def main(argv: list[str] | None = None) -> int:
    """Print the coverage table (or ``--json``); exit 1 if a marker cites no clause, else 0."""
    parser = argparse.ArgumentParser(prog="python -m tests.clause_coverage", description=__doc__.split("\n")[0])
    parser.add_argument("--missing", action="store_true", help="list only the clauses no test cites")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)
    corpus = load_corpus()
    found = markers()
    rows = coverage(corpus, found)
    bad = unresolved(corpus, found)
    covered = sum(1 for row in rows if row.tests)
    if args.json:
        payload = {
            "format": 1,
            "clauses": len(rows),
            "covered": covered,
            "rows": [
                {"clause": r.clause.id, "citations": list(r.citations), "rules": r.clause.rules, "tests": r.tests}
                for r in rows
                if not (args.missing and r.tests)
            ],
            "unresolved": [{"test": m.test, "citation": m.citation} for m in bad],
        }
        print(json.dumps(payload, indent=2))
    else:
        for row in rows:
            if args.missing and row.tests:
                continue
            tests = ", ".join(t.split("::")[1] for t in row.tests) or "-- no scenario test --"
            print(f"{' '.join(row.citations):28} {', '.join(row.clause.rules)[:40]:40} {tests}")
        for marker in bad:
            print(f"unresolved: {marker.test} cites {marker.citation}, which is no clause", file=sys.stderr)
        share = 100 * covered / len(rows) if rows else 100.0
        print(
            f"{covered} of {len(rows)} rule-bearing clauses of peg19.en and sb19.en have a scenario test ({share:.1f}%)"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
