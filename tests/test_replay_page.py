"""Watching a game: the replay page's content, hidden cards staying hidden, a compact page, and the page in a real
headless Chromium (step addresses, the move marked, the step's log lines highlighted, tokens and counters drawn)."""

from __future__ import annotations

import io
import json
import re
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from armata_rules import Game, editions
from armata_rules.action_text import describe, names_of
from armata_rules.actions import Action, Step
from armata_rules.cli import main
from armata_rules.log_rules import rule_of_line
from armata_rules.records import GameRecord, RecordError, load_record, save_record
from armata_rules.replay_page import DEFAULT_RULES_URL, replay_page, rule_href
from armata_rules.rules.registry import REGISTRY
from armata_rules.sim.runner import GameSpec, play
from armata_rules.state import GameState
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
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = play(GameSpec(editions.PEG19_EN, 3, 4, max_decisions=120), keep_record=True)
    assert result.record is not None
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(result.record, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def moving_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-hero game whose step 5 is a step onto an encounter space: a move with a from and a to, and a log line.
    Step 4 (the second card chosen) reveals the cards and starts the first turn: two log lines."""
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=3)
    start = game.initial_state()
    for ladder in game.legal_actions(start):
        actions = [ladder]
        state = game.apply(start, ladder)
        for _ in range(3):
            actions.append(game.legal_actions(state)[0])
            state = game.apply(state, actions[-1])
        for step in game.legal_actions(state):
            if isinstance(step, Step) and len(game.apply(state, step).history()) > len(state.history()):
                actions.append(step)
                path = tmp_path_factory.mktemp("moving") / "moving.json"
                save_record(GameRecord.of(game, actions, game.apply(state, step)), path)
                return path
    raise AssertionError("no ladder site lets the first step reach an encounter space")


def _data(page: str) -> dict[str, Any]:
    match = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    assert match is not None
    return dict(json.loads(match.group(1)))


def _steps_in_full(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Each step as the page rebuilds it: the step before with this step's changes."""
    out: list[dict[str, Any]] = []
    whole: dict[str, Any] = {}
    for step in data["steps"]:
        whole = whole | step["changed"]
        out.append(whole)
    return out


def _board(data: dict[str, Any], index: int) -> str:
    boards = data["boards"]
    if index == 0:
        return "\n".join(boards["base"])
    lines: list[str] = []
    for op in boards["variants"][index - 1]:
        lines.extend([op] if isinstance(op, str) else boards["base"][op[0] : op[1]])
    return "\n".join(lines)


def _states(record: GameRecord) -> tuple[Game, list[GameState]]:
    game = Game.new(record.heroes, ruleset=record.ruleset, seed=record.seed)
    states = [game.initial_state()]
    for action in record.actions:
        states.append(game.apply(states[-1], action))
    return game, states


def test_each_step_reads_as_a_sentence_and_its_boards_are_the_engine_s(record_file: Path) -> None:
    from armata_rules.board.svg import render_svg

    record = load_record(record_file)
    page = replay_page(record, str(record_file))
    data = _data(page)
    steps = data["steps"]
    assert len(steps) == 121
    assert steps[0]["say"] == "The game is set up for Attila, Falk Maria and Charles; ruleset peg19.en"
    assert steps[1]["say"].startswith("Attila places a ladder tile at ") and steps[1]["say"].endswith("stands on it")
    game, states = _states(record)
    names = names_of(game)
    for i in range(1, len(steps)):
        assert steps[i]["say"] == describe(names, states[i - 1], record.actions[i - 1])
        assert "seat=" not in steps[i]["say"] and "None" not in steps[i]["say"]
    # every distinct board, rebuilt from the first and its differences, is the engine's drawing of it
    boards = list(dict.fromkeys(state.board for state in states))
    assert 1 < len(boards) < len(steps)
    full = _steps_in_full(data)
    for state, shown in zip(states, full, strict=True):
        drawn = render_svg(game.fortress, state.board, title="peg19.en replay")
        assert _board(data, shown["board"]) == drawn.rstrip("\n")
    root = ET.fromstring(_board(data, 0).split("?>", 1)[1])
    assert any("data-space" in el.attrib for el in root.iter())
    assert "<script" in page and "https://" not in page and "http://" not in page.replace("http://www.w3.org", "")


def test_the_pieces_tokens_and_counters_are_those_of_each_state(record_file: Path) -> None:
    record = load_record(record_file)
    data = _data(replay_page(record))
    _, states = _states(record)
    full = _steps_in_full(data)
    assert full[0]["blood"] == [states[0].blood.supply, 0, 0]
    for state, shown in zip(states, full, strict=True):
        assert shown["blood"] == [state.blood.supply, state.blood.altar, state.blood.inferno]
        assert shown["fight"] == sorted(state.fight_tokens) and shown["marker"] == state.attack_marker
        for seat, hero in enumerate(state.heroes):
            assert shown[f"h{seat}.sid"] == hero.position
            assert len(shown[f"h{seat}.wounds"]) == len(hero.wounds)
            assert len(shown[f"h{seat}.tokens"]) == len(hero.tokens)
        for index, strigoi in enumerate(state.strigoi):
            assert shown[f"s{index}.wounds"] == strigoi.wounds
            assert shown[f"s{index}.sid"] == (None if strigoi.defeated else strigoi.position)
    assert any(shown["fight"] for shown in full)
    assert any(shown[f"h{seat}.wounds"] for shown in full for seat in range(3))
    # step 0: nobody is on the board yet, and no view says "at None"
    assert all(full[0][f"h{seat}.at"] is None for seat in range(3))
    assert "None" not in json.dumps(data) and " at null" not in json.dumps(data)


def test_each_seat_sees_its_own_cards_by_title_and_only_the_number_of_the_others(record_file: Path) -> None:
    record = load_record(record_file)
    data = _data(replay_page(record))
    game, states = _states(record)
    names = names_of(game)
    for state, shown in zip(states, _steps_in_full(data), strict=True):
        for seat, hero in enumerate(state.heroes):
            assert shown[f"h{seat}.hand"] == len(hero.hand)  # what every other seat sees
            assert shown[f"o{seat}.hand"] == [names.title(card) for card in hero.hand]  # what this seat sees
            assert shown[f"h{seat}.discard"] == len(hero.discard)
            if hero.chosen is not None and state.to_act.decision == "choose_card":
                assert shown[f"h{seat}.chosen"] == ""  # chosen, face down
                assert shown[f"o{seat}.chosen"] == names.title(hero.chosen)
    assert not any(re.search(r"[a-z-]+:[a-z-]+", str(value)) for value in _steps_in_full(data)[-1].values())


def test_each_log_line_is_named_and_links_to_the_rule_that_wrote_it(record_file: Path) -> None:
    record = load_record(record_file)
    _, states = _states(record)
    raw = [line.split(": ", 1)[1] for line in states[-1].history()]
    data = _data(replay_page(record, rules_url="https://example.org/armata"))
    assert len(data["log"]) == len(raw) == sum(step["lines"] for step in data["steps"])
    for text, (named, rule) in zip(raw, data["log"], strict=True):
        rule_id = rule_of_line(text)
        assert rule_id is not None and data["rules"][rule][0] == rule_id
        assert data["rules"][rule][2] == f"https://example.org/armata/rules/{rule_id.replace('.', '/')}.html"
        assert not re.search(r"\b(?:C|N|NE|SE|S|SW|NW):(?:-?\d|ladder)|[a-z]+/[a-z]", named), named  # no id left
    assert rule_href("move.step") == f"{DEFAULT_RULES_URL}rules/move/step.html" == "docs/rules/move/step.html"
    assert rule_href("game.over", "") == "rules/game/over.html"


def test_rule_links_follow_the_docs_address_of_every_rule_page() -> None:
    pytest.importorskip("sphinx")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import armata_pages
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    for rule_id in REGISTRY:
        assert rule_href(rule_id, "") == armata_pages.rule_docname(rule_id) + ".html"


def test_the_page_is_compact(record_file: Path) -> None:
    """The board is sent once with the other boards as differences, and each step sends what changed: 121 steps
    fit in 160 kB (a full board SVG is 80 kB; a page of one SVG per board and full text views was 610 kB)."""
    record = load_record(record_file)
    page = replay_page(record)
    data = _data(page)
    base = len(json.dumps(data["boards"]["base"]))
    assert base > 50_000
    assert all(len(json.dumps(variant)) < base / 20 for variant in data["boards"]["variants"])
    assert len(json.dumps(data["steps"], ensure_ascii=False)) / len(data["steps"]) < 450
    assert len(page.encode()) < 160_000


def test_a_record_that_does_not_replay_gets_no_page(record_file: Path, tmp_path: Path) -> None:
    record = load_record(record_file)
    broken = GameRecord(*[getattr(record, f) for f in GameRecord.__dataclass_fields__][:-1], "0" * 64)
    with pytest.raises(RecordError, match="final_hash"):
        replay_page(broken, "broken.json")
    save_record(broken, tmp_path / "broken.json")
    # a replay mismatch is a failed check: exit 1 (README, exit statuses)
    assert main(["replay", str(tmp_path / "broken.json"), "--html", str(tmp_path / "out.html")]) == 1
    assert not (tmp_path / "out.html").exists()


def test_the_command_line_writes_the_rule_links_it_is_given(record_file: Path, tmp_path: Path) -> None:
    html = tmp_path / "page.html"
    assert main(["replay", str(record_file), "--html", str(html), "--rules-url", "../site/"]) == 0
    hrefs = {rule[2] for rule in _data(html.read_text(encoding="utf-8"))["rules"]}
    assert hrefs and all(href.startswith("../site/rules/") for href in hrefs)
    assert main(["replay", str(record_file), "--html", str(html)]) == 0
    assert all(rule[2].startswith(DEFAULT_RULES_URL) for rule in _data(html.read_text(encoding="utf-8"))["rules"])


def test_game_state_prints_and_draws_itself() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    state = game.initial_state()
    text = str(state)
    assert text.splitlines()[0].startswith("round 0") and "Attila" in text and "Roel" in text
    assert "None" not in text
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


def _browser(p: Any, chromium: str, profile: str) -> Any:
    return p.chromium.launch_persistent_context(
        profile, executable_path=chromium, headless=True, args=FLAGS[1:], viewport={"width": 1280, "height": 860}
    )


def _centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_step_address_opens_that_step_with_its_move_marked_and_its_log_lines_highlighted(
    moving_record: Path, tmp_path: Path
) -> None:
    chromium = need_chromium()
    playwright = need("playwright.sync_api")
    html = tmp_path / "replay.html"
    assert main(["replay", str(moving_record), "--html", str(html)]) == 0
    record = load_record(moving_record)
    game, states = _states(record)
    step: Action = record.actions[4]
    assert isinstance(step, Step)
    start, end = states[4].heroes[0].position, step.to
    assert start is not None
    data = _data(html.read_text(encoding="utf-8"))
    lines = data["log"]
    written = [i for i, s in enumerate(data["steps"]) for _ in range(s["lines"])]
    with playwright.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = _browser(p, chromium, profile)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(html.as_uri() + "#step-5")
            # step 5 is shown ...
            assert page.evaluate("document.body.dataset.step") == "5"
            assert page.text_content("#say") == describe(game, states[4], step)
            assert page.text_content("#stepno") == "step 5 / 5"
            # ... with its move marked: both spaces highlighted, an arrow from one to the other, the hero on arrival
            assert page.locator(f'[data-mark="from"][data-mark-space="{start}"]').count() == 1
            assert page.locator(f'[data-mark="to"][data-mark-space="{end}"]').count() == 1
            assert page.locator(f'[data-arrow="hero"][data-from="{start}"][data-to="{end}"]').count() == 1
            hero, cell = _centre(page, '[data-piece="h0"] circle'), _centre(page, f'[data-space="{end}"]')
            assert abs(hero[0] - cell[0]) < 3 and abs(hero[1] - cell[1]) < 3
            # ... and every log line it wrote highlighted, the later ones not shown; each links to its rule's page
            current = page.locator("#log li.current a.line").all_text_contents()
            assert current == [lines[i][0] for i in range(len(lines)) if written[i] == 5] and current
            assert page.locator("#log li:not([hidden])").count() == sum(1 for i in written if i <= 5)
            href = page.locator("#log li.current a.rule").first.get_attribute("href")
            assert href == rule_href(data["rules"][lines[written.index(5)][1]][0])
            assert href == "docs/rules/encounter/flip.html"
            # a click on a line of step 4 opens step 4, every one of its lines highlighted; the address follows
            page.locator('#log li[data-line-step="4"] a.line').first.click()
            page.wait_for_function("document.body.dataset.step === '4'")
            assert page.evaluate("location.hash") == "#step-4"
            assert page.locator("#log li.current").count() == data["steps"][4]["lines"] >= 2
            page.keyboard.press("ArrowRight")
            assert page.evaluate("location.hash") == "#step-5"
            page.goto(html.as_uri() + "#step-0")
            assert page.evaluate("document.body.dataset.step") == "0"
            assert page.locator("[data-mark]").count() == 0 and "None" not in page.text_content("#view")
            assert "not on the board yet" in page.text_content("#view")
        finally:
            browser.close()
    assert errors == []


def test_the_page_steps_and_draws_every_token_and_counter_in_a_real_headless_chromium(
    record_file: Path, tmp_path: Path
) -> None:
    chromium = need_chromium()
    playwright = need("playwright.sync_api")
    image = need("PIL.Image")
    html = tmp_path / "game.html"
    assert main(["replay", str(record_file), "--html", str(html)]) == 0
    record = load_record(record_file)
    game, states = _states(record)
    final = states[-1]
    names = names_of(game)
    with playwright.sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        browser = _browser(p, chromium, profile)
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
            assert page.evaluate("location.hash") == "#step-12"
            assert page.locator("[data-piece]").count() >= 1
            after = page.screenshot()
            page.click("#prev")
            assert page.evaluate("document.body.dataset.step") == "11"
            page.keyboard.press("End")
            assert page.evaluate("document.body.dataset.step") == "120"
            # every token and counter of the last state is drawn
            assert page.locator("[data-fight-token]").count() == len(final.fight_tokens) > 0
            for seat, hero in enumerate(final.heroes):
                pips = page.locator(f'[data-piece="h{seat}"] [data-pip="wound"]').count()
                assert pips == (len(hero.wounds) if hero.position is not None else 0)
                tokens = page.locator(f'[data-piece="h{seat}"] [data-pip="token"]').count()
                assert tokens == (len(hero.tokens) if hero.position is not None else 0)
            for index, strigoi in enumerate(final.strigoi):
                if strigoi.position is not None and not strigoi.defeated:
                    assert page.locator(f'[data-piece="s{index}"] [data-pip="wound"]').count() == strigoi.wounds
            blood = final.blood
            for pool, count in (("supply", blood.supply), ("altar", blood.altar), ("inferno", blood.inferno)):
                assert page.locator(f'[data-pool="{pool}"]').get_attribute("data-count") == str(count)
                assert page.locator(f'[data-pool="{pool}"] [data-counter="1"]').count() == count
            # a seat sees its own hand by title; the table sees sizes only
            page.get_by_role("tab", name="Attila").click()
            own = page.text_content('#view li[data-hero="0"]') or ""
            assert all(names.title(card) in own for card in final.heroes[0].hand)
            page.get_by_role("tab", name="Table").click()
            assert "hidden" in (page.text_content('#view li[data-hero="0"]') or "")
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
    page = replay_page(load_record(record_file), str(record_file))
    payload = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    assert payload is not None and "<" not in payload.group(1)
    heroes = _data(page)["heroes"]
    assert isinstance(heroes, list) and heroes[0] == "<!--<script"  # JSON reads \\u003c back as '<'
    assert "CSS.escape(space)" in page
    assert "<title>Armata Strigoi replay: x &lt;!--&lt;script&gt; &#34;&lt;/script&gt;</title>" in page
