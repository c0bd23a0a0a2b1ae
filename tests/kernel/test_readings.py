"""The kernel's rulesets of named readings (:mod:`armata_rules.kernel.play.readings`): a game's ruleset class bound
to its table of readings, made from choices, refused with one line when wrong, and round-tripped through JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from armata_rules.kernel.play.readings import Reading, ReadingError, ReadingSet


@dataclass(frozen=True, slots=True)
class Rules:
    unit: str = "per_placement"
    decider: str = "leader"


TABLE = (
    Reading("unit", ("per_placement", "per_agent"), "per_placement", ("race.en:3",)),
    Reading("decider", ("leader", "next_seat"), "leader"),
)


def test_a_set_makes_defaults_and_choices() -> None:
    readings = ReadingSet(Rules, TABLE)
    assert readings.default() == Rules()
    assert readings.make(unit="per_agent") == Rules(unit="per_agent")
    assert readings.replace(Rules(decider="next_seat"), unit="per_agent") == Rules("per_agent", "next_seat")
    assert readings.changed(Rules(decider="next_seat")) == {"decider": "next_seat"}
    assert readings.changed(Rules()) == {}
    assert readings.options("decider") == ("leader", "next_seat")
    assert list(readings.readings) == ["unit", "decider"]


def test_unknown_readings_and_options_are_refused_in_one_line() -> None:
    readings = ReadingSet(Rules, TABLE)
    with pytest.raises(ReadingError, match=r"no reading 'colour'; the readings are unit, decider"):
        readings.make(colour="red")
    with pytest.raises(ReadingError, match=r"reading unit has no option 'per_token'; its options are per_placement"):
        readings.make(unit="per_token")
    with pytest.raises(ReadingError, match="no reading"):
        readings.options("colour")
    with pytest.raises(ReadingError, match="has no option"):
        readings.check(Rules(unit="nonsense"))
    with pytest.raises(ReadingError, match="not a Rules"):
        readings.check("per_agent")
    assert readings.check(Rules()) == Rules()


def test_json_round_trip_and_malformed_json() -> None:
    readings = ReadingSet(Rules, TABLE)
    ruleset = Rules(unit="per_agent")
    data = json.loads(json.dumps(readings.to_json(ruleset)))
    assert data == {"unit": "per_agent", "decider": "leader"}
    assert readings.from_json(data) == ruleset
    assert readings.from_json({}) == Rules()
    with pytest.raises(ReadingError, match="JSON object"):
        readings.from_json(["unit"])
    with pytest.raises(ReadingError, match="has no option 3"):
        readings.from_json({"unit": 3})


def test_a_class_that_disagrees_with_its_table_is_refused() -> None:
    @dataclass(frozen=True)
    class Short:
        unit: str = "per_placement"

    @dataclass(frozen=True)
    class WrongDefault:
        unit: str = "per_agent"
        decider: str = "leader"

    with pytest.raises(ReadingError, match=r"readings without a field \['decider'\]"):
        ReadingSet(Short, TABLE)
    with pytest.raises(ReadingError, match="defaults to 'per_agent', but the reading's default is 'per_placement'"):
        ReadingSet(WrongDefault, TABLE)
    with pytest.raises(ReadingError, match="not a dataclass"):
        ReadingSet(dict, TABLE)


def test_a_reading_needs_distinct_options_and_a_default_among_them() -> None:
    with pytest.raises(ReadingError, match="default 'c' is not one of"):
        Reading("x", ("a", "b"), "c")
    with pytest.raises(ReadingError, match="distinct"):
        Reading("x", ("a", "a"), "a")
    with pytest.raises(ReadingError, match="distinct"):
        Reading("x", (), "a")
