"""A self-contained HTML page that steps through a recorded game of any game on the kernel, for a person following it.

The record is replayed and checked first (:func:`~armata_rules.kernel.records.replay_record`), so a page is only
written for a record that reaches its final hash. Each step shows the action taken (as the game describes it, or as
the action reads), who decided it, the round, the log lines it added and, at the end, how the game ended. A game may
add a picture of each state (an SVG or any HTML fragment it builds and escapes itself). Each step has an address,
``page.html#step-12``; keys: →/← (or l/h) step, Home/End jump.

Nothing of the record reaches the page unescaped: texts go in as JSON with ``<`` written ``\\u003c`` (so a log line
cannot close the script that holds it) and are shown as text, never as markup.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader

from armata_rules.kernel.games import load
from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.play.state import KernelState
from armata_rules.kernel.records import Record, replay_record

__all__ = ["PageStep", "replay_page", "replay_steps"]


@dataclass(frozen=True, slots=True)
class PageStep:
    """One step of the page: the action (``""`` for the state after setup), the seat that took it (``None`` for
    chance and setup), the round after it, the log lines it added, the outcome once the game is over, and the
    game's picture of the state after it (``""`` without one)."""

    action: str
    seat: int | None
    round: int
    lines: tuple[str, ...]
    outcome: str | None
    picture: str = ""


def _lines(state: KernelState) -> list[str]:
    log = state.log
    return [] if log is None else log.lines()


def _step(action: str, seat: int | None, before: list[str], state: KernelState, picture: str) -> PageStep:
    after = _lines(state)
    outcome = None if state.outcome is None else str(state.outcome.value)
    return PageStep(action, seat, state.round, tuple(after[len(before) :]), outcome, picture)


def replay_steps(
    record: Record,
    source: str = "<record>",
    lookup: Callable[[str], GameDefinition[Any, Any]] = load,
    *,
    describe: Callable[[Action], str] = str,
    picture: Callable[[Any, Any], str] | None = None,
    **setup: object,
) -> list[PageStep]:
    """The steps of ``record`` (the state after setup first), after checking that it replays to its final hash
    (:class:`~armata_rules.kernel.records.RecordError` where it does not). ``describe`` reads an action,
    ``picture(ctx, state)`` draws a state."""
    engine, _ = replay_record(record, source, lookup, **setup)
    state = engine.initial_state()

    def draw(shown: KernelState) -> str:
        return "" if picture is None else picture(engine.ctx, shown)

    steps = [_step("", None, [], state, draw(state))]
    for action in record.actions:
        before = _lines(state)
        state = engine.apply(state, action)
        seat = getattr(action, "seat", None)
        steps.append(_step(describe(action), seat if isinstance(seat, int) else None, before, state, draw(state)))
    return steps


def _json_for_script(data: object) -> str:
    """JSON safe inside ``<script>``: no ``<`` (so no ``</script>``), and no line or paragraph separator."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def replay_page(
    record: Record,
    source: str = "<record>",
    lookup: Callable[[str], GameDefinition[Any, Any]] = load,
    *,
    title: str | None = None,
    describe: Callable[[Action], str] = str,
    picture: Callable[[Any, Any], str] | None = None,
    seat_names: Mapping[int, str] | None = None,
    **setup: object,
) -> str:
    """The HTML page of ``record`` (see the module's docstring); ``seat_names`` names the seats (``seat N``
    without)."""
    steps = replay_steps(record, source, lookup, describe=describe, picture=picture, **setup)
    names = dict(seat_names or {})
    data = [
        {
            "action": step.action,
            "who": "" if step.seat is None else names.get(step.seat, f"seat {step.seat}"),
            "round": step.round,
            "lines": list(step.lines),
            "outcome": step.outcome,
            "picture": step.picture,
        }
        for step in steps
    ]
    env = Environment(loader=PackageLoader("armata_rules.kernel", "templates"), autoescape=True)
    return env.get_template("replay_page.html.j2").render(
        title=title or f"{record.game}: a recorded game",
        game=record.game,
        decisions=len(record.actions),
        final_hash=record.final_hash,
        steps_json=_json_for_script(data),
    )
