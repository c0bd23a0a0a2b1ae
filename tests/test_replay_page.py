"""Watching a game: the replay page's content, hidden cards staying hidden, and the page in a real headless Chromium."""

from __future__ import annotations

import io
import json
import re
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from armata_rules import Game, editions
from armata_rules.cli import main
from armata_rules.records import GameRecord, RecordError, save_record
from armata_rules.replay_page import replay_page
from armata_rules.sim.runner import GameSpec, play
from armata_rules.state_view import piece_labels, state_svg
from tests.scale_support import need, need_chromium

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = play(GameSpec(editions.PEG19_EN, 3, 4, max_decisions=120), keep_record=True)
    assert result.record is not None
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(result.record, encoding="utf-8")
    return path


def _data(page: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    assert match is not None
    return dict(json.loads(match.group(1)))


def test_the_page_has_a_step_per_action_and_boards_that_name_their_spaces(record_file: Path) -> None:
    page = replay_page(_load(record_file), str(record_file))
    data = _data(page)
    steps = data["steps"]
    assert isinstance(steps, list) and len(steps) == 121
    assert steps[0]["action"] == "setup" and steps[1]["action"].startswith("PlaceLadder")
    boards = data["boards"]
    assert isinstance(boards, list) and 1 <= len(boards) < len(steps)
    root = ET.fromstring(boards[0].split("?>", 1)[1])
    assert any("data-space" in el.attrib for el in root.iter())
    assert any(step["pieces"] for step in steps)
    assert "<script" in page and "https://" not in page and "http://" not in page.replace("http://www.w3.org", "")


def _load(path: Path) -> GameRecord:
    from armata_rules.records import load_record

    return load_record(path)


def test_each_seat_sees_its_own_hand_and_only_the_size_of_the_others(record_file: Path) -> None:
    record = _load(record_file)
    data = _data(replay_page(record))
    game = Game.new(record.heroes, ruleset=record.ruleset, seed=record.seed)
    state = game.initial_state()
    views = data["views"]
    first = data["steps"][0]["views"]  # type: ignore[index]
    for seat, hero in enumerate(state.heroes):
        mine = views[first[seat]]  # type: ignore[index]
        others = [h for s, h in enumerate(state.heroes) if s != seat]
        assert all(card in mine for card in hero.hand)
        assert not any(card in mine for other in others for card in other.hand)


def test_a_record_that_does_not_replay_gets_no_page(record_file: Path, tmp_path: Path) -> None:
    record = _load(record_file)
    broken = GameRecord(*[getattr(record, f) for f in GameRecord.__dataclass_fields__][:-1], "0" * 64)
    with pytest.raises(RecordError, match="final_hash"):
        replay_page(broken, "broken.json")
    save_record(broken, tmp_path / "broken.json")
    # a replay mismatch is a failed check: exit 1 (README, exit statuses)
    assert main(["replay", str(tmp_path / "broken.json"), "--html", str(tmp_path / "out.html")]) == 1
    assert not (tmp_path / "out.html").exists()


def test_game_state_prints_and_draws_itself() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    state = game.initial_state()
    text = str(state)
    assert text.splitlines()[0].startswith("round 0") and "Attila" in text and "Roel" in text
    svg = state._repr_svg_()
    assert svg is not None and ET.fromstring(svg.split("?>", 1)[1]).tag.endswith("svg")
    assert svg == state_svg(state)


def test_pieces_label_heroes_and_strigoi_where_they_stand() -> None:
    result = play(GameSpec(editions.PEG19_EN, 2, 3, max_decisions=60), keep_record=True)
    assert result.record is not None
    data = json.loads(result.record)
    game = Game.new(data["heroes"], ruleset=editions.PEG19_EN, seed=3)
    from armata_rules.actions import action_from_json

    state = game.initial_state()
    for action in data["actions"]:
        state = game.apply(state, action_from_json(action))
    labels = piece_labels(state)
    for hero in state.heroes:
        assert hero.position is None or hero.hero.value[:2] in labels[hero.position]
    for strigoi in state.strigoi:
        if strigoi.position is not None and not strigoi.defeated:
            assert "S" + strigoi.name[0] in labels[strigoi.position]


def test_the_page_steps_in_a_real_headless_chromium(record_file: Path, tmp_path: Path) -> None:
    chromium = need_chromium()
    playwright = need("playwright.sync_api")
    image = need("PIL.Image")
    html = tmp_path / "game.html"
    assert main(["replay", str(record_file), "--html", str(html)]) == 0
    with playwright.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = p.chromium.launch_persistent_context(
            profile,
            executable_path=chromium,
            headless=True,
            args=FLAGS[1:],
            viewport={"width": 1280, "height": 860},
        )
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(html.as_uri())
            assert page.evaluate("document.body.dataset.step") == "0"
            before = page.screenshot()
            for _ in range(12):
                page.keyboard.press("ArrowRight")
            assert page.evaluate("document.body.dataset.step") == "12"
            assert page.locator("[data-piece]").count() >= 1
            after = page.screenshot()
            page.click("#prev")
            assert page.evaluate("document.body.dataset.step") == "11"
            page.keyboard.press("End")
            assert page.evaluate("document.body.dataset.step") == "120"
        finally:
            browser.close()
    assert errors == []
    for shot in (before, after):
        colours = image.open(io.BytesIO(shot)).convert("RGB").getcolors(maxcolors=1 << 20)
        assert colours is not None and len(colours) > 50  # a drawn board, not a blank page
    assert before != after


def test_the_game_data_holds_no_angle_bracket_whatever_the_names(
    record_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 #6: '<!--<script' in a name put the HTML parser into 'script data double escaped' state and the
    page's script never ran. The payload carries every '<' as \\u003c, and reads back the same."""
    from armata_rules import replay_page as module

    real = module._game_data

    def hostile(*args: Any) -> dict[str, Any]:
        data = real(*args)
        return data | {"title": 'x <!--<script> "</script>', "heroes": ["<!--<script", *data["heroes"][1:]]}

    monkeypatch.setattr(module, "_game_data", hostile)
    page = replay_page(_load(record_file), str(record_file))
    payload = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    assert payload is not None and "<" not in payload.group(1)
    heroes = _data(page)["heroes"]
    assert isinstance(heroes, list) and heroes[0] == "<!--<script"  # JSON reads \\u003c back as '<'
    assert "CSS.escape(space)" in page
