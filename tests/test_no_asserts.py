"""No ``assert`` statement in the library: a state the rules can reach gets a rule, one they cannot gets a typed
:class:`~armata_rules.errors.EngineInvariantError` (``python -O`` would drop an assert, and a caller cannot tell
an assert from a bug in its own code)."""

from __future__ import annotations

import ast
from pathlib import Path

import armata_rules

PACKAGE = Path(armata_rules.__file__).parent


def test_the_library_has_no_assert_statement_and_raises_no_assertion_error() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: assert")
            if isinstance(node, ast.Name) and node.id == "AssertionError":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: AssertionError")
    assert not found, "\n".join(found)
