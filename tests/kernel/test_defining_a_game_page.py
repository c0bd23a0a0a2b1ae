"""The docs page on defining a game on the kernel (``docs/kernel.rst``) stays true: its code runs, and the code it
quotes from the toy game is there to quote."""

from __future__ import annotations

import re
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "kernel.rst"
TOY = Path(__file__).resolve().parents[2] / "armata_rules" / "kernel" / "testing" / "toy.py"


def _code_blocks(text: str) -> list[str]:
    """The bodies of the page's ``code-block:: python`` directives, dedented."""
    blocks = []
    for match in re.finditer(r"^\.\. code-block:: python\n\n((?:   .*\n|\n)+)", text, re.MULTILINE):
        blocks.append("\n".join(line[3:] for line in match.group(1).splitlines()))
    return blocks


def test_the_pages_examples_run() -> None:
    blocks = _code_blocks(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) == 4
    for block in blocks:
        exec(compile(block, str(PAGE), "exec"), {})  # an assert in the example that fails fails the test


def test_every_quoted_piece_of_the_toy_game_exists() -> None:
    text = PAGE.read_text(encoding="utf-8")
    source = TOY.read_text(encoding="utf-8")
    anchors = re.findall(r":(?:start|end)-at: (.+)", text)
    objects = re.findall(r":pyobject: (\w+)", text)
    assert anchors and objects
    for anchor in anchors:
        assert anchor in source, anchor
    for name in objects:
        assert re.search(rf"^(class|def) {name}\b", source, re.MULTILINE), name
