"""The kernel's rulesets of named readings (:mod:`armata_rules.kernel.play.readings`): a game's ruleset class bound
to its table of readings, made from choices, refused with one line when wrong, and round-tripped through JSON."""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from enum import Enum

import pytest

from armata_rules.kernel.games import load
from armata_rules.kernel.play.readings import Reading, ReadingError, ReadingSet
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.testing.conformance import ConformanceError, check_citations
from armata_rules.kernel.testing.toy import RACE


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


class Unit(Enum):
    PER_PLACEMENT = "per_placement"
    PER_AGENT = "per_agent"


@dataclass(frozen=True, slots=True)
class Named:
    name: str = "custom"
    unit: Unit = Unit.PER_PLACEMENT
    decider: str = "leader"


def test_enum_fields_hold_members_and_write_their_values() -> None:
    readings = ReadingSet(Named, TABLE, name_field="name")
    assert list(readings.readings) == ["unit", "decider"]
    assert readings.make(unit="per_agent") == Named(unit=Unit.PER_AGENT)
    assert readings.make(unit=Unit.PER_AGENT, name="mine") == Named("mine", Unit.PER_AGENT)
    assert readings.value("unit", "per_agent") is Unit.PER_AGENT
    ruleset = readings.replace(Named("mine"), decider="next_seat")
    assert ruleset == Named("mine", Unit.PER_PLACEMENT, "next_seat")
    assert readings.to_json(ruleset) == {"name": "mine", "unit": "per_placement", "decider": "next_seat"}
    assert readings.from_json(readings.to_json(ruleset)) == ruleset
    assert readings.changed(Named(unit=Unit.PER_AGENT)) == {"unit": "per_agent"}
    with pytest.raises(ReadingError, match=re.escape("reading unit has no option <Other.X: 'per_agent'>")):
        readings.make(unit=Other.X)
    with pytest.raises(ReadingError, match=re.escape("reading unit has no option <Unit.PER_AGENT: 'per_agent'>")):
        readings.from_json({"unit": Unit.PER_AGENT})  # a member is no JSON
    with pytest.raises(ReadingError, match="a ruleset's name is a string; got int"):
        readings.from_json({"name": 3})
    assert readings.check(Named(unit=Unit.PER_AGENT)) == Named(unit=Unit.PER_AGENT)
    with pytest.raises(ReadingError, match=re.escape("Named.unit holds 'per_agent', not a member of its enum")):
        readings.check(Named(unit="per_agent"))  # type: ignore[arg-type]  # a member's value is not a member


class Other(Enum):
    X = "per_agent"


def test_a_strict_set_refuses_a_missing_reading_unless_it_came_later() -> None:
    lenient = ReadingSet(Named, TABLE, name_field="name")
    assert lenient.from_json({"decider": "next_seat"}) == Named(decider="next_seat")
    strict = ReadingSet(Named, TABLE, name_field="name", strict=True)
    with pytest.raises(ReadingError, match=r"^reading unit is missing$"):
        strict.from_json({"decider": "leader"})
    assert strict.from_json({"unit": "per_agent", "decider": "leader"}) == Named(unit=Unit.PER_AGENT)
    # a file written before the reading `unit` existed was played per agent: it reads back so
    later = ReadingSet(Named, TABLE, name_field="name", strict=True, added_later={"unit": "per_agent"})
    assert later.from_json({"name": "old", "decider": "leader"}) == Named("old", Unit.PER_AGENT)
    assert later.from_json({"unit": "per_placement", "decider": "leader"}) == Named()
    with pytest.raises(ReadingError, match=r"^reading decider is missing$"):
        later.from_json({"unit": "per_agent"})
    with pytest.raises(ReadingError, match="added_later: 'unit' = 'per_token' is no reading's option"):
        ReadingSet(Named, TABLE, name_field="name", added_later={"unit": "per_token"})


def test_an_enum_or_a_name_field_that_disagrees_with_the_table_is_refused() -> None:
    class Shape(Enum):
        ROUND = "round"
        PER_AGENT = "per_agent"

    @dataclass(frozen=True)
    class WrongEnum:
        unit: Shape = Shape.ROUND
        decider: str = "leader"

    with pytest.raises(ReadingError, match=r"WrongEnum.unit: the values of Shape \(round, per_agent\) are not"):
        ReadingSet(WrongEnum, TABLE)
    with pytest.raises(ReadingError, match="Named has no name field 'title'"):
        ReadingSet(Named, TABLE, name_field="title")
    with pytest.raises(ReadingError, match=r"fields without a reading \['name'\]"):
        ReadingSet(Named, TABLE)
    with pytest.raises(ReadingError, match="no reading may be called so"):
        ReadingSet(Rules, TABLE, name_field="unit")


def test_a_game_whose_rule_reads_no_reading_of_its_set_is_refused_and_readings_cite_its_text() -> None:
    book = RuleBook("toy_race")
    book.rule("race.walk", "Walk", ("race.en:3",), "Walk.", readings=("unit", "pace"))
    readings = ReadingSet(Rules, TABLE)
    with pytest.raises(
        ValueError, match=re.escape("game toy_race: rules read no reading of its ruleset: race.walk reads 'pace'")
    ):
        dataclasses.replace(RACE, rules=book, readings=readings)
    game = dataclasses.replace(RACE, readings=readings)
    # the reading `decider` of TABLE cites no clause, so the game's citations are not all there
    with pytest.raises(ConformanceError, match="reading decider cites no clause"):
        check_citations(game)
    cited = ReadingSet(Rules, (TABLE[0], Reading("decider", ("leader", "next_seat"), "leader", ("race.en:4",))))
    assert check_citations(dataclasses.replace(RACE, readings=cited)) == check_citations(RACE) + 2


@pytest.mark.parametrize("game", ["armata_strigoi", "wladcy_nocy"])
def test_every_game_names_its_readings_and_its_rules_read_only_those(game: str) -> None:
    definition = load(game)
    assert definition.readings is not None
    read = {name for rule in definition.rules.rules.values() for name in rule.readings}
    assert read and read <= set(definition.readings.readings)
    default = definition.readings.default()
    assert definition.readings.from_json(definition.readings.to_json(default)) == default
