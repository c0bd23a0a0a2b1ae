"""Every legal decision is enumerated and every other one refused, with the rule it breaks, on states of real play.

For states met along seeded games of every preset (both chance modes), every legal action is changed one field at
a time to each value the legal actions of that state (or of the game so far) use for that field: the changed action
must apply exactly when it is itself listed, and otherwise raise :class:`RuleViolation` naming a registered rule,
its clauses and a one-line message, with the state untouched. Deterministic, so a guard that stops refusing, or
refuses in the name of no rule, is caught every run (the mutation run counts on it).
"""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import FIELD_TYPES, Action
from armata_rules.rules import REGISTRY
from armata_rules.state import GameState
from tests.play import new_game, random_play

#: (players, preset, chance, seed) of the games whose states are checked.
GAMES = tuple(
    (2 + k % 4, preset, ("explicit", "auto")[k % 2], 3 + k)
    for k, preset in enumerate(
        (editions.PEG19_EN, editions.SB19_EN, editions.PEG19_DE, editions.PEG19_FR, editions.PEG19_IT) * 2
        + (editions.PEG19_ES,) * 2
    )
)


@cache
def _states(index: int) -> tuple[Game, tuple[GameState, ...]]:
    players, preset, chance, seed = GAMES[index]
    game = new_game(players, ruleset=preset, seed=seed, chance=chance)
    states = tuple(state for state, _ in random_play(game, random.Random(seed), rounds=14, max_steps=700))
    return game, states


def _variants(action: Action, legal: list[Action], seen: dict[str, set[object]]) -> list[Action]:
    """``action`` with one field changed to each other value that field takes in ``legal`` or took before."""
    out: list[Action] = []
    for name, expected in FIELD_TYPES[type(action)]:
        values = {getattr(other, name) for other in legal if hasattr(other, name)} | seen.get(name, set())
        for value in sorted((v for v in values if type(v) is expected), key=repr):
            if value != getattr(action, name):
                out.append(dataclasses.replace(action, **{name: value}))
    return out


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_an_action_applies_exactly_when_it_is_listed_and_is_refused_by_a_rule_otherwise(index: int) -> None:
    game, states = _states(index)
    seen: dict[str, set[object]] = {}
    refused = applied = 0
    for state in states:
        legal = game.legal_actions(state)
        listed = set(legal)
        before = state.hash()
        for action in legal[:12]:
            for variant in _variants(action, legal, seen):
                try:
                    game.apply(state, variant)
                except RuleViolation as refusal:
                    assert variant not in listed, f"{variant} is listed yet refused: {refusal}"
                    assert REGISTRY.get(refusal.rule_id) is refusal.rule, refusal
                    assert refusal.clauses and refusal.message and "\n" not in str(refusal)
                    refused += 1
                else:
                    assert variant in listed, f"{variant} is not listed at {state.to_act} yet was applied"
                    applied += 1
        assert state.hash() == before
        for action in legal:
            for name, _ in FIELD_TYPES[type(action)]:
                seen.setdefault(name, set()).add(getattr(action, name))
    assert refused > 500 and applied > 50, (refused, applied)
