"""The kernel's Sphinx extension (:mod:`armata_rules.kernel.docs`) on the toy race: a tiny site built in a temporary
folder from the race's :data:`~armata_rules.kernel.testing.toy.DOCS` has a page per rule and links its citations; a
one-page index and the readings come from the same hooks."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

from sphinx.cmd.build import build_main

from armata_rules.kernel.docs.extension import add_game
from armata_rules.kernel.docs.hooks import DocsHooks, Words
from armata_rules.kernel.docs.rules import rules_by_section
from armata_rules.kernel.docs.stubs import stubs, write_stubs
from armata_rules.kernel.testing.toy import DOCS, RULEBOOK

_CONF = """
import dataclasses

from armata_rules.kernel.docs.extension import add_game
from armata_rules.kernel.docs.hooks import ReadingEntry
from armata_rules.kernel.testing import toy

project = "race"
exclude_patterns = ["_build"]


def setup(app):
    add_game(app, {hooks})
"""

#: The race's text, one labelled line each: what its citations link to.
_TEXT = "\n".join(f".. _race-line-{n}:\n\n{line}\n" for n, line in enumerate(RULEBOOK, 1))


def _build(tmp_path: Path, hooks: str, pages: dict[str, str]) -> Path:
    """Build a site of ``pages`` (``name → reST``) whose ``conf.py`` adds the race with ``hooks`` (Python source)."""
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "conf.py").write_text(_CONF.format(hooks=hooks), encoding="utf-8")
    for name, text in pages.items():
        (src / f"{name}.rst").parent.mkdir(parents=True, exist_ok=True)
        (src / f"{name}.rst").write_text(text, encoding="utf-8")
    status = build_main(["-W", "-q", "-b", "html", str(src), str(out)])
    assert status == 0, f"the build failed with status {status}"
    return out


def _text(page: Path) -> str:
    """A built page's body as plain words."""
    body = page.read_text(encoding="utf-8").split('role="main"', 1)[-1]
    return " ".join(re.sub(r"<[^>]+>", " ", body).replace("¶", "").split())


def test_a_site_of_the_race_has_a_page_per_rule_and_links_each_citation(tmp_path: Path) -> None:
    index = "Race\n====\n\nThe walk is race.en:3, not ``race.en:4``.\n\n.. toctree::\n\n   text\n   rules/index\n"
    text = f"The text\n========\n\n{_TEXT}"
    rules = "Rules\n=====\n\n.. race-rule-sections::\n"
    out = _build(tmp_path, "toy.DOCS", {"index": index, "text": text, "rules/index": rules})
    move = out / "rules" / "race" / "move.html"
    assert "Walk or roll race.move : On a turn the player chooses to walk one space or to roll" in _text(move)
    assert "Clauses: race.en:3" in _text(move)
    assert 'href="../../text.html#race-line-3"><span class="std std-ref">race.en:3</span>' in move.read_text("utf-8")
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="text.html#race-line-3"><span class="std std-ref">race.en:3</span></a>' in home
    assert "<code" in home and "race.en:4" in home and "race-line-4" not in home  # code stays code
    section = _text(out / "rules" / "race.html")
    assert "The race rule what it does Players take turns in seat order" in section
    assert sorted(p.name for p in (tmp_path / "src" / "rules" / "race").glob("*.rst")) == [
        "bump.rst",
        "die.rst",
        "finish.rst",
        "move.rst",
        "turn.rst",
    ]


def test_one_page_of_every_rule_and_the_readings_come_from_the_same_hooks(tmp_path: Path) -> None:
    hooks = (
        'dataclasses.replace(toy.DOCS, rule_pages=None, readings=lambda: [ReadingEntry("tie", '
        '"interpretation", "Who wins a tie?", {"first": "seat order", "none": "nobody"}, "first", "race.en:6 says the '
        'first", ("race.en:6",))])'
    )
    page = f"Race\n====\n\n.. race-rules::\n\nReadings\n--------\n\n.. race-readings::\n\n{_TEXT}"
    out = _build(tmp_path, hooks, {"index": page})
    words = _text(out / "index.html")
    assert "The race Players take turns in seat order race.turn : Only the player whose turn it is acts." in words
    assert "tie interpretation ; Who wins a tie? first (default) : seat order none : nobody" in words
    assert "Why: race.en:6 says the first Clauses: race.en:6" in words
    assert not (tmp_path / "src" / "rules").exists()  # no page per rule: no stubs


def test_stale_stubs_are_removed_and_changed_ones_rewritten(tmp_path: Path) -> None:
    write_stubs(DOCS, tmp_path)
    stale = tmp_path / "rules" / "race" / "gone.rst"
    stale.write_text(f"{DOCS.stub_mark}\n\n.. race-rule:: race.gone\n", encoding="utf-8")
    mine = tmp_path / "rules" / "race" / "mine.rst"
    mine.write_text("A page someone wrote.\n", encoding="utf-8")
    (tmp_path / "rules" / "race" / "move.rst").write_text("edited\n", encoding="utf-8")
    write_stubs(DOCS, tmp_path)
    assert not stale.exists() and mine.exists()
    assert (tmp_path / "rules" / "race" / "move.rst").read_text(encoding="utf-8") == stubs(DOCS)["rules/race/move.rst"]


def test_rules_go_in_the_hooks_section_order_then_sorted() -> None:
    hooks = dataclasses.replace(DOCS, sections={})
    assert list(rules_by_section(hooks)) == ["race"]
    assert [rule.id for rule in rules_by_section(hooks)["race"]] == [
        "race.turn",
        "race.move",
        "race.die",
        "race.bump",
        "race.finish",
    ]
    assert hooks.section_title("race") == "Race" and DOCS.section_title("race") == "The race"


def test_the_hooks_refuse_a_bad_prefix_and_the_extension_an_unknown_override() -> None:
    with pytest.raises(ValueError, match="docs prefix must be"):
        dataclasses.replace(DOCS, prefix="Race game")
    with pytest.raises(ValueError, match="no generic directive 'rulez'"):
        add_game(object(), DOCS, {"rulez": object})  # type: ignore[arg-type,dict-item]


def test_a_citation_outside_the_games_sources_or_text_is_not_linked() -> None:
    found = [match.group(0) for match in DOCS.citation.finditer("race.en:3, race.en:12 and peg19.en:760")]
    assert found == ["race.en:3", "race.en:12"]
    assert DOCS.clause_label("race.en:3") == "race-line-3" and DOCS.clause_label("race.en:12") is None
    assert isinstance(DOCS, DocsHooks) and Words().clauses == "Clauses"
