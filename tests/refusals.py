"""The refusals of real play: seeded games of every preset, and on each state every legal action changed one field
at a time. Shared by :mod:`tests.test_refusals` (an action applies exactly when it is listed, and is otherwise
refused by a registered rule) and :mod:`tests.golden` (what each rule's refusals say, recorded).

The record keeps, per game and per rule, a digest of the distinct refusal messages, and a digest of the game's log:
what a player reads when an action is refused, and what the history says, are output like any other, so a changed
word is a changed behaviour (regenerate with ``make golden`` and review).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import FIELD_TYPES, Action
from armata_rules.state import GameState
from tests.play import new_game, random_play

__all__ = ["GAMES", "Tried", "digest", "record", "states", "tried"]

#: (players, preset, chance, seed) of the games whose states are checked.
GAMES = tuple(
    (2 + k % 4, preset, ("explicit", "auto")[k % 2], 3 + k)
    for k, preset in enumerate(
        (editions.PEG19_EN, editions.SB19_EN, editions.PEG19_DE, editions.PEG19_FR, editions.PEG19_IT) * 2
        + (editions.PEG19_ES,) * 2
    )
)


@cache
def states(index: int) -> tuple[Game, tuple[GameState, ...]]:
    """Game ``index`` of :data:`GAMES` and the states met along its seeded random play."""
    players, preset, chance, seed = GAMES[index]
    game = new_game(players, ruleset=preset, seed=seed, chance=chance)
    found = tuple(state for state, _ in random_play(game, random.Random(seed), rounds=14, max_steps=700))
    return game, found


def _variants(action: Action, legal: list[Action], seen: dict[str, set[object]]) -> list[Action]:
    """``action`` with one field changed to each other value that field takes in ``legal`` or took before."""
    out: list[Action] = []
    for name, expected in FIELD_TYPES[type(action)]:
        values = {getattr(other, name) for other in legal if hasattr(other, name)} | seen.get(name, set())
        for value in sorted((v for v in values if type(v) is expected), key=repr):
            if value != getattr(action, name):
                out.append(dataclasses.replace(action, **{name: value}))
    return out


@dataclass(frozen=True, slots=True)
class Tried:
    """One changed action tried on one state: listed or not, and the refusal if it was refused."""

    state: GameState
    action: Action
    listed: bool
    refusal: RuleViolation | None


def tried(index: int) -> Iterator[Tried]:
    """Every changed action of game ``index`` tried on its state (the first 12 legal actions of each state, each
    field changed to the values that field takes in that state or took before), in a fixed order."""
    game, found = states(index)
    seen: dict[str, set[object]] = {}
    for state in found:
        legal = game.legal_actions(state)
        listed = set(legal)
        for action in legal[:12]:
            for variant in _variants(action, legal, seen):
                try:
                    game.apply(state, variant)
                except RuleViolation as refusal:
                    yield Tried(state, variant, variant in listed, refusal)
                else:
                    yield Tried(state, variant, variant in listed, None)
        for action in legal:
            for name, _ in FIELD_TYPES[type(action)]:
                seen.setdefault(name, set()).add(getattr(action, name))


def digest(lines: set[str] | list[str]) -> str:
    """A short digest of ``lines`` (sorted first when a set)."""
    ordered = sorted(lines) if isinstance(lines, set) else lines
    return hashlib.sha256("\n".join(ordered).encode("utf-8")).hexdigest()[:16]


def record(index: int, messages: dict[str, set[str]]) -> dict[str, object]:
    """Game ``index``'s record: per rule, the digest and count of its distinct refusal messages; the log's digest."""
    _, found = states(index)
    return {
        "refusals": {rule: [len(lines), digest(lines)] for rule, lines in sorted(messages.items())},
        "log": digest(found[-1].history()) if found else "",
    }
