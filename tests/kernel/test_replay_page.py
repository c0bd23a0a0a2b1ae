"""The replay page of any game on the kernel (:mod:`armata_rules.kernel.replay_page`), on the toy race and on
*Władcy Nocy*: written only for a record that replays, one step per decision with the lines it logged, hostile text
kept text, and (with Chromium and Playwright, required by ``make scale``) a page that steps in a browser."""

from __future__ import annotations

import dataclasses
import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest

from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.records import Record, RecordError, record_from_json
from armata_rules.kernel.replay_page import replay_page, replay_steps
from armata_rules.kernel.sim import batch
from armata_rules.kernel.testing.toy import RACE
from tests.scale_support import need, need_chromium


def _record(seed: int = 3) -> Record:
    result = batch.play(batch.Spec("toy_race", {"seats": 2, "seed": seed}, seed=seed), keep_record=True)
    return record_from_json(json.loads(result.record), "race.json")


def _steps_of(page: str) -> list[dict[str, Any]]:
    found = re.search(r'<script type="application/json" id="steps">(.*?)</script>', page, re.DOTALL)
    assert found is not None
    data: list[dict[str, Any]] = json.loads(found.group(1))
    return data


def test_each_decision_is_a_step_with_the_lines_it_logged() -> None:
    record = _record()
    steps = replay_steps(record)
    assert len(steps) == len(record.actions) + 1
    assert steps[0].action == "" and steps[0].lines == ("round 1: 2 counters line up on a track of 12",)
    engine = Engine(RACE, RACE.setup(**dict(record.setup)))  # type: ignore[misc]
    state, logged = engine.initial_state(), []
    for action, step in zip(record.actions, steps[1:], strict=True):
        before = len(state.log.lines()) if state.log else 0
        state = engine.apply(state, action)
        logged.append(tuple(state.log.lines()[before:]) if state.log else ())
        assert step.action == str(action) and step.round == state.round
    assert [step.lines for step in steps[1:]] == logged
    assert steps[-1].outcome == "finished" and all(step.outcome is None for step in steps[:-1])


def test_the_page_holds_every_step_and_names_the_seats() -> None:
    record = _record()
    page = replay_page(record, seat_names={0: "Ada", 1: "Bo"})
    steps = _steps_of(page)
    assert len(steps) == len(record.actions) + 1
    assert {step["who"] for step in steps[1:]} <= {"Ada", "Bo", ""}
    assert "toy_race: a recorded game" in page and f"{len(record.actions)} decisions" in page


def test_hostile_text_stays_text() -> None:
    """A description or a title that holds markup cannot close the script that holds the steps or add an element."""
    hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)>\u2028"
    page = replay_page(_record(), title=hostile, describe=lambda action: hostile)
    assert "<script>alert(1)" not in page and "<img src=x" not in page
    script = page[page.index('id="steps">') : page.index("</script>", page.index('id="steps">'))]
    assert "\u2028" not in script  # a line separator ends a JavaScript string in older engines
    assert _steps_of(page)[1]["action"] == hostile  # the text itself survives, as data


def test_a_record_that_does_not_replay_gets_no_page() -> None:
    record = _record()
    wrong = dataclasses.replace(record, final_hash="0" * 64)
    with pytest.raises(RecordError, match=r"race\.json: final_hash: the replay ends in state"):
        replay_page(wrong, "race.json")


def test_a_game_may_draw_each_state() -> None:
    steps = replay_steps(_record(), picture=lambda ctx, state: f"<svg data-at='{state.positions}'></svg>")
    assert steps[0].picture == "<svg data-at='(0, 0)'></svg>"


def test_wladcy_nocy_replay_writes_the_page(tmp_path: Path) -> None:
    from armata_rules.wladcy_nocy.cli import main

    argv = ["simulate", "--count", "2", "--difficulty", "easy", "--seed", "12", "--games", "1"]
    argv += ["--content", "synthetic-test", "--allow-synthetic", "--save-records", str(tmp_path), "--json"]
    assert main(argv) == 0
    page = tmp_path / "page.html"
    assert main(["replay", str(tmp_path / "wladcy_nocy-12.json"), "--html", str(page)]) == 0
    steps = _steps_of(page.read_text(encoding="utf-8"))
    assert steps[-1]["outcome"] is not None
    assert {step["who"] for step in steps[1:]} - {""} <= {"agnieszka", "imre"}


def test_the_page_steps_in_a_browser(tmp_path: Path) -> None:
    chromium = need_chromium()
    playwright = need("playwright.sync_api")
    record = _record()
    html = tmp_path / "race.html"
    html.write_text(replay_page(record, seat_names={0: "Ada", 1: "Bo"}), encoding="utf-8")
    steps = _steps_of(html.read_text(encoding="utf-8"))
    with playwright.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = p.chromium.launch_persistent_context(profile, executable_path=chromium, headless=True)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(html.as_uri() + "#step-2")
            assert page.text_content("#say") == f"{steps[2]['who']}: {steps[2]['action']}"
            assert page.locator("#log li").count() == sum(len(s["lines"]) for s in steps[:3])
            assert page.locator("#log li.new").count() == len(steps[2]["lines"])
            page.keyboard.press("End")
            assert page.evaluate("location.hash") == f"#step-{len(steps) - 1}"
            assert page.text_content("#outcome") == "The game is over: finished"
            page.keyboard.press("Home")
            assert page.text_content("#say") == "The game is set up."
            assert errors == []
        finally:
            browser.close()
