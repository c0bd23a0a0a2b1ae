"""Rulesets and edition presets: derived from the citations, serialisable, refusing what is not a reading."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.variants import (
    READING_SET,
    READINGS,
    SOURCES,
    AbilityTiming,
    ComponentEdition,
    IconScope,
    LadderPlacement,
    Movement,
    Ruleset,
)

RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"


def test_presets_follow_their_sources() -> None:
    assert editions.PEG19_EN.movement is Movement.MAY_UP_TO
    assert editions.SB19_EN.movement is Movement.MUST_UP_TO
    assert editions.PEG19_FR.movement is Movement.MAY_EXACTLY
    assert editions.PEG19_EN.icon_scope is IconScope.PER_TURN
    assert editions.PEG19_DE.icon_scope is IconScope.PER_ROUND
    assert editions.PEG19_IT.ladder_placement is LadderPlacement.AT_CORRIDOR
    assert editions.PEG19_DE.ability_timing is AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT
    assert editions.SB19_EN.ability_timing is AbilityTiming.BEFORE_STRIGOI_ACTS
    assert editions.SB19_EN.components is ComponentEdition.SB19
    assert [p.name for p in editions.ALL] == list(SOURCES)


def test_each_option_cites_clauses_and_every_source_resolves() -> None:
    for spec in READINGS:
        assert len(spec.options) >= 2, spec.name
        for option in spec.options:
            assert option.clauses, (spec.name, option.value)
            for clause in option.clauses:
                assert re.fullmatch(r"(peg19|sb19)\.(de|en|it|fr|es):\d+(-\d+)?", clause), clause
        for source in SOURCES:
            spec.for_source(source)


def test_discrepancies_are_said_by_at_least_two_sources_apart() -> None:
    for spec in READINGS:
        if spec.kind == "discrepancy":
            assert sum(bool(o.sources) for o in spec.options) >= 2, spec.name


def test_ruleset_json_round_trip_and_custom_readings() -> None:
    custom = editions.PEG19_EN.with_(movement=Movement.MAY_EXACTLY)
    assert custom.name == "peg19.en+custom" and custom.movement is Movement.MAY_EXACTLY
    assert Ruleset.from_json(custom.to_json()) == custom
    with pytest.raises(ValueError, match=r"^no reading 'flying'; the readings are components, ladder_placement"):
        editions.PEG19_EN.with_(flying=Movement.MAY_UP_TO)
    with pytest.raises(ValueError, match=r"^reading movement has no option <IconScope\.PER_TURN: 'per_turn'>"):
        editions.PEG19_EN.with_(movement=IconScope.PER_TURN)
    with pytest.raises(ValueError, match="is not a reading of 'movement'"):
        dataclasses.replace(editions.PEG19_EN, movement=IconScope.PER_TURN)  # the class checks its own fields
    with pytest.raises(ValueError, match=r"^reading movement has no option 'sometimes'; its options are may_up_to"):
        Ruleset.from_json(custom.to_json() | {"movement": "sometimes"})
    with pytest.raises(ValueError, match=r"^reading components is missing$"):
        Ruleset.from_json({"name": "x"})
    with pytest.raises(ValueError, match=r"^a ruleset's name is a string; got int$"):
        Ruleset.from_json(custom.to_json() | {"name": 3})
    with pytest.raises(ValueError, match="no edition preset"):
        editions.by_name("peg19.nl")
    assert editions.by_name("PEG19.FR") is editions.PEG19_FR


@pytest.mark.skipif(not RULEBOOKS.is_dir(), reason="the rulebooks are not beside the repository")
def test_reading_citations_point_at_lines_that_exist() -> None:
    files = {
        "peg19": (RULEBOOKS / "pegasus-2019_de-en-it-fr-es.txt").read_text(encoding="utf-8").splitlines(),
        "sb19": (RULEBOOKS / "scribabs_multilingual-setup_en-rules_addendum.txt")
        .read_text(encoding="utf-8")
        .splitlines(),
    }
    for spec in READINGS:
        for option in spec.options:
            for clause in option.clauses:
                source, _, lines = clause.partition(":")
                first = int(lines.split("-")[0])
                assert files[source.split(".")[0]][first - 1].strip(), clause


def test_the_ruleset_is_the_kernel_s_reading_set_with_enum_fields_and_a_name() -> None:
    french = editions.PEG19_FR
    assert READING_SET.ruleset_type is Ruleset and READING_SET.strict
    assert READING_SET.to_json(french) == french.to_json() and next(iter(french.to_json())) == "name"
    assert Ruleset.from_json(french.to_json()) == french
    assert READING_SET.changed(Ruleset().with_(movement=french.movement)) == {"movement": "may_exactly"}
    assert set(READING_SET.readings) == {spec.name for spec in READINGS}
    assert READING_SET.readings["movement"].clauses  # every option's clauses, read by the conformance check
