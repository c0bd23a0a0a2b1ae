"""A self-contained HTML page that steps through a recorded game, for a person following it.

The record is first replayed and checked (:func:`armata_rules.records.replay`), so a page is only written for a
record that reaches its final hash. Each step reads as a sentence (:mod:`armata_rules.action_text`); the board marks
the step's moves as python-chess marks a last move (the spaces left and reached highlighted, an arrow between them)
and draws every piece, token and counter: the heroes and the Strigoi with their wounds and reward tokens, the fight
tokens, and the blood track (supply, altar, inferno). The log shows every line the step added highlighted; a click
on a line opens the step that wrote it, and each line links to the page of the rule that wrote it
(:mod:`armata_rules.log_rules`). Each step has an address, ``page.html#step-12``, which follows navigation. The
seat views are the engine's own :meth:`~armata_rules.engine.Game.observation`, with cards by title and spaces by
name (:mod:`armata_rules.names`), so hidden cards stay hidden. Keys: →/← (or l/h) step, Home/End jump, PageUp/
PageDown jump 20 steps, space plays and pauses.

Rule links go to ``RULES_URL + "rules/SECTION/NAME.html"``, the address scheme of the docs' rule pages. The default
``rules_url``, ``docs/``, fits a page written beside the built site (``make docs-html`` builds it into
``build/docs``, so a page written into ``build/`` links into it); give the site's address, or any relative path to
it, as ``rules_url`` (``armata-rules replay GAME --html PAGE --rules-url URL``) when the page lives elsewhere.

The page stays small: the board is drawn once and each other board (turned platforms, collapses, ladders placed or
destroyed) is sent as its differences from it, line by line; each step sends only what changed since the step
before.
"""

from __future__ import annotations

import difflib
import json
import re
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from armata_rules.action_text import describe, names_of, waiting
from armata_rules.actions import Action, AttackStrigoi, Reactivate
from armata_rules.board.fortress import FortressState
from armata_rules.board.layout import Layout
from armata_rules.components.pack import DataPack
from armata_rules.engine import Game
from armata_rules.log_rules import rule_of_line
from armata_rules.names import Names
from armata_rules.observation import HeroView
from armata_rules.records import GameRecord, replay
from armata_rules.rules.registry import REGISTRY
from armata_rules.state import GameState, Log

__all__ = ["DEFAULT_RULES_URL", "replay_page", "rule_href"]

#: Where the rule links point by default: the built docs beside the page.
DEFAULT_RULES_URL = "docs/"

#: An id inside a log line (``attila:lupus-dei``, ``token/fang#2``, ``NE:1,-1``, ``SE:ladder2``), with the words
#: before it that its name repeats ("the encounter space NE:1,-1" reads "the red encounter space at ...").
_ID = re.compile(r"(?P<said>the encounter space |the ladder )?(?P<id>[A-Za-z][\w+-]*(?:[:/][\w+#,-]+)+)")
_PLACED = re.compile(r"(Master|Apprentice)@(\w+)(,?)")  # "the Strigoi arrive: Master@NE,Apprentice@SW"


def rule_href(rule_id: str, rules_url: str = DEFAULT_RULES_URL) -> str:
    """The address of rule ``rule_id``'s page in the docs at ``rules_url``: ``move.step`` → ``…rules/move/step.html``
    (the scheme of ``docs/_ext/armata_pages.py``)."""
    section, _, name = rule_id.partition(".")
    base = rules_url if not rules_url or rules_url.endswith("/") else rules_url + "/"
    return f"{base}rules/{section}/{name}.html"


def _states(game: Game, actions: tuple[Action, ...]) -> list[GameState]:
    states = [game.initial_state()]
    for action in actions:
        states.append(game.apply(states[-1], action))
    return states


def _new_lines(log: Log | None, known: int) -> list[str]:
    """The texts of the log's lines after the first ``known``, oldest first, without their ``round N:`` date (the
    log is a chain from the newest line back: only the new lines are walked)."""
    out = []
    while log is not None and log.seq >= known:
        out.append(log.text)
        log = log.previous
    return out[::-1]


def _named_line(names: Names, board: FortressState, text: str) -> str:
    """A log line with the ids in it replaced by titles and space names."""
    fortress = names.fortress

    def placed(match: re.Match[str]) -> str:
        room = match.group(2)
        where = names.space(fortress.platform_centre(room), board) if room in fortress.rooms else room
        return f"the {match.group(1)} on {where}{', ' if match.group(3) else ''}"

    text = _PLACED.sub(placed, text)

    def name(match: re.Match[str]) -> str:
        found = match.group("id")
        rest = ""
        while found:
            if names.knows(found):
                return (match.group("said") or "") + names.title(found) + rest
            if found in names.spaces(board):
                return names.space(found, board) + rest
            cut = found.rfind(",")
            if cut < 0:
                break
            found, rest = found[:cut], found[cut:] + rest
        return match.group(0)

    return _ID.sub(name, text)


# ------------------------------------------------------------------------------------------------ what a step shows
def _hero_fields(names: Names, board: FortressState, view: HeroView) -> dict[str, object]:
    chosen: str | None = None
    if view.chosen is not None:
        chosen = names.title(view.chosen)
    elif view.has_chosen:
        chosen = ""  # chosen, face down
    return {
        "sid": view.position,
        "at": None if view.position is None else names.space(view.position, board),
        "hand": view.hand_size if view.hand is None else names.titles(view.hand),
        "chosen": chosen,
        "played": names.titles(view.played),
        "discard": view.discard_size if view.discard is None else names.titles(view.discard),
        "tokens": names.titles(view.tokens),
        "wounds": names.titles(view.wounds),
        "earned": names.titles(view.earned),
    }


def _shown(game: Game, names: Names, state: GameState, board: int) -> dict[str, object]:
    """Everything a step shows, as flat keys (``h0.at``, ``s1.wounds`` ...): the page sends only the keys whose
    value changed since the step before. ``hX.*`` is hero X as every other seat sees it; ``oX.*`` holds only the
    fields hero X's own seat sees otherwise (the hand, the discard pile, the card chosen face down)."""
    seats = len(state.heroes)
    views = [game.observation(state, seat) for seat in range(seats)]
    out: dict[str, object] = {
        "board": board,
        "round": state.round,
        "waiting": waiting(names, state),
        "blood": [state.blood.supply, state.blood.altar, state.blood.inferno],
        "marker": state.attack_marker,
        "fight": sorted(state.fight_tokens),
        "order": [names.hero(seat) for seat in state.order],
    }
    for hero in range(seats):
        public = _hero_fields(names, state.board, views[(hero + 1) % seats].heroes[hero])
        own = _hero_fields(names, state.board, views[hero].heroes[hero])
        for key, value in public.items():
            out[f"h{hero}.{key}"] = value
        for key, value in own.items():
            out[f"o{hero}.{key}"] = value if value != public[key] else None
    for index, strigoi in enumerate(views[0].strigoi):
        card = game.pack.strigoi_card(strigoi.name)
        out[f"s{index}.name"] = strigoi.name
        out[f"s{index}.sid"] = None if strigoi.defeated else strigoi.position
        out[f"s{index}.at"] = None if strigoi.position is None else names.space(strigoi.position, state.board)
        out[f"s{index}.wounds"] = strigoi.wounds
        out[f"s{index}.existence"] = card.supreme.existence if strigoi.supreme else card.side.existence
        out[f"s{index}.supreme"] = strigoi.supreme
        out[f"s{index}.defeated"] = strigoi.defeated
    for name, stack in sorted(views[0].stacks.items()):
        out[f"stack.{name}"] = [stack.size, names.titles(stack.face_up), len(stack.discard)]
    return out


def _marks(before: GameState, after: GameState, action: Action | None) -> dict[str, list[Any]]:
    """The step's marks on the board, as python-chess marks a move: each piece that moved (from, to, what), and
    the spaces the action aimed at (an attack from the hero to the Strigoi, a fight token taken back)."""
    moves: list[list[object]] = []
    for seat, (was, now) in enumerate(zip(before.heroes, after.heroes, strict=True)):
        if was.position != now.position:
            moves.append([was.position, now.position, f"h{seat}"])
    for index, (was_s, now_s) in enumerate(zip(before.strigoi, after.strigoi, strict=True)):
        if was_s.position != now_s.position and not now_s.defeated:
            moves.append([was_s.position, now_s.position, f"s{index}"])
    spots: list[str] = []
    if isinstance(action, AttackStrigoi):
        source, target = before.heroes[action.seat].position, before.strigoi[action.strigoi].position
        if source is not None and target is not None:
            moves.append([source, target, "attack"])
    if isinstance(action, Reactivate):
        spots.append(action.space)
    return {"moves": moves, "spots": spots}


def _boards(svgs: list[str]) -> dict[str, object]:
    """The first board in full and each other as its differences from it: copied line ranges ``[from, to]`` and
    new lines."""
    base = svgs[0].splitlines()
    variants: list[list[object]] = []
    for svg in svgs[1:]:
        lines = svg.splitlines()
        ops: list[object] = []
        matcher = difflib.SequenceMatcher(None, base, lines, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                ops.append([i1, i2])
            else:
                ops.extend(lines[j1:j2])
        variants.append(ops)
    return {"base": base, "variants": variants}


def _game_data(record: GameRecord, game: Game, states: list[GameState], rules_url: str) -> dict[str, object]:
    from armata_rules.board.svg import render_svg

    names = names_of(game)
    boards: dict[FortressState, int] = {}
    board_svgs: list[str] = []
    steps: list[dict[str, object]] = []
    log: list[list[object]] = []
    rule_index: dict[str, int] = {}
    shown_before: dict[str, object] = {}
    for i, state in enumerate(states):
        if state.board not in boards:
            boards[state.board] = len(board_svgs)
            board_svgs.append(render_svg(game.fortress, state.board, title=f"{record.ruleset.name} replay"))
        shown = _shown(game, names, state, boards[state.board])
        lines = _new_lines(state.log, len(log))
        for text in lines:
            rule_id = rule_of_line(text)
            if rule_id is not None and rule_id not in rule_index:
                rule_index[rule_id] = len(rule_index)
            log.append([_named_line(names, state.board, text), -1 if rule_id is None else rule_index[rule_id]])
        if i == 0:
            say = f"The game is set up for {_listed([h.value for h in game.heroes])}; ruleset {record.ruleset.name}"
            marks: dict[str, list[Any]] = {"moves": [], "spots": []}
            who = None
        else:
            action = record.actions[i - 1]
            say = describe(names, states[i - 1], action)
            marks = _marks(states[i - 1], state, action)
            who = action.seat
        steps.append(
            {
                "say": say,
                "who": who,
                "lines": len(lines),
                "marks": marks,
                "changed": {k: v for k, v in shown.items() if k not in shown_before or shown_before[k] != v},
            }
        )
        shown_before = shown
    rules = []
    for rule_id in rule_index:
        rule = REGISTRY[rule_id]
        rules.append([rule.id, rule.title, rule_href(rule.id, rules_url)])
    tables = game.pack.tables
    return {
        "title": f"{', '.join(record.heroes)}: {record.ruleset.name}, seed {record.seed}",
        "heroes": list(record.heroes),
        "strigoi": len(states[0].strigoi),
        "tables": {
            "altar_required": tables.altar_required[len(game.heroes)],
            "inferno_loss": tables.inferno_loss[len(game.heroes)],
            "altar_cap": tables.altar_cap,
        },
        "boards": _boards(board_svgs),
        "log": log,
        "rules": rules,
        "steps": steps,
    }


def _listed(items: list[str]) -> str:
    return f"{', '.join(items[:-1])} and {items[-1]}" if len(items) > 1 else "".join(items)


# ------------------------------------------------------------------------------------------------ the page
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("armata_rules", "templates"),
        autoescape=select_autoescape(["html", "j2"]),
        keep_trailing_newline=True,
    )


def _asset(name: str) -> str:
    """A script or style sheet of the page (inlined as it is by the template: it holds no markup to escape)."""
    return resources.files("armata_rules").joinpath("templates", name).read_text(encoding="utf-8")


def replay_page(
    record: GameRecord,
    source: str = "<record>",
    pack: DataPack | None = None,
    layout: Layout | None = None,
    rules_url: str = DEFAULT_RULES_URL,
) -> str:
    """The page for ``record`` (checked by replaying it first; :class:`~armata_rules.records.RecordError` if not).
    Its log links each line to the rule's page under ``rules_url`` (see the module's notes)."""
    game, _ = replay(record, source, pack, layout)
    data = _game_data(record, game, _states(game, record.actions), rules_url)
    # no '<' at all inside the script element: '</script' would end it, and '<!--' followed by '<script' puts the
    # HTML parser in its "script data double escaped" state, so the page's script would never run; JSON reads
    # \u003c as '<' again
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    template = _environment().get_template("replay_page.html.j2")
    return template.render(
        title=str(data["title"]),
        payload=payload,
        style=_asset("replay_page.css"),
        script=_asset("replay_page.js"),
    )
