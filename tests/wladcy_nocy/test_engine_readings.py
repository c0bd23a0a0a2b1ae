"""The ruleset of *Władcy Nocy* (:mod:`armata_rules.wladcy_nocy.readings`): one field per reading and interpretation
of ``spec/wladcy_nocy/readings.toml``, each rule naming the readings it reads, and every reading with two sides
toggled by a scenario test that shows play change."""

from __future__ import annotations

import ast
import typing
from dataclasses import fields
from pathlib import Path

import pytest

from armata_rules.wladcy_nocy.actions import Fight, TakeDie, UseBlood
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.content.loader import synthetic_test
from armata_rules.wladcy_nocy.content.schema import Slot
from armata_rules.wladcy_nocy.editions import EDITIONS, WN_PL
from armata_rules.wladcy_nocy.engine import WLADCY_NOCY, Game
from armata_rules.wladcy_nocy.readings import READINGS, Ruleset
from armata_rules.wladcy_nocy.spec import load_readings
from armata_rules.wladcy_nocy.state import DistrictState
from tests.wladcy_nocy.helpers import new_game, night_turn, play

TESTS = Path(__file__).resolve().parent


def test_the_ruleset_has_one_field_per_reading_with_its_options_and_default() -> None:
    spec = load_readings().readings
    assert [f.name for f in fields(Ruleset)] == list(spec)
    hints = typing.get_type_hints(Ruleset)
    for name, reading in spec.items():
        assert typing.get_args(hints[name]) == tuple(reading.options), name
        assert getattr(WN_PL, name) == reading.default
    assert EDITIONS == {"wn_pl": WN_PL} and READINGS.changed(WN_PL) == {}


def test_every_rule_names_readings_of_the_ruleset_and_every_reading_is_read_by_a_rule() -> None:
    assert WLADCY_NOCY.rules is RULES
    named = {reading for rule in RULES.rules.values() for reading in rule.readings}
    assert named == set(READINGS.readings)


def _toggled() -> set[str]:
    """The readings a scenario test sets to other than the default (keywords of ``new_game`` or
    ``READINGS.make``, keys of a ``ruleset`` mapping), read from the tests' source."""
    found: set[str] = set()
    for path in sorted(TESTS.glob("test_engine_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg in READINGS.readings:
                found.add(node.arg)
            if isinstance(node, ast.Dict):
                found |= {k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in READINGS.readings}
    return found


def test_every_reading_with_two_sides_is_toggled_by_a_scenario_test() -> None:
    two_sided = {name for name, reading in READINGS.readings.items() if len(reading.options) > 1}
    assert two_sided - _toggled() == set()
    single = {name for name, reading in READINGS.readings.items() if len(reading.options) == 1}
    assert single == {"ritual_success", "starting_leader", "dice_relic_timing"}


@pytest.mark.clauses("wn.pl:485", "wn.pl:545-558")
@pytest.mark.parametrize(("victim_track_cap", "victims"), [("nine", 9), ("content", 10)])
def test_the_victim_track_stops_at_9_or_at_the_cards_printed_top(victim_track_cap: str, victims: int) -> None:
    """A content whose Mila card's track goes to 12 (the printed tracks are on the cards, wn.pl:545-558)."""
    pack = synthetic_test()
    mila = pack.vampires["mila"].model_copy(update={"track_top": Slot[int](value=12, source="synthetic")})
    content = pack.model_copy(update={"vampires": {**pack.vampires, "mila": mila}})
    ruleset = READINGS.make(victim_track_cap=victim_track_cap)
    game = Game.new(["mila", "imre"], content=content, ruleset=ruleset, chance="explicit")
    state = night_turn(game, 0, cells=[4, 0], victims=[8, 0], districts={4: DistrictState(revealed=2)}, dice=(5, 6, 6))
    state = play(game, state, Fight(0), TakeDie(0, 5))
    assert state.vampires[0].victims == victims


@pytest.mark.clauses("wn.pl:367", "wn.pl:604")
@pytest.mark.parametrize(("agent_side_order", "left"), [("revealed_first", (1, 0)), ("hidden_first", (0, 1))])
def test_an_effect_that_removes_agents_takes_the_side_the_reading_says(
    agent_side_order: str, left: tuple[int, int]
) -> None:
    """The synthetic Blood abilities remove one agent there."""
    game = new_game(agent_side_order=agent_side_order)
    state = night_turn(game, 0, cells=[4, 0, 0], districts={4: DistrictState(hidden=1, revealed=1)})
    state = game.apply(state, UseBlood(0))
    assert (state.districts[4].hidden, state.districts[4].revealed) == left
