"""Every edition preset × every reading, written out: a preset that drops or changes a reading fails here, and
the change then needs its finding (the table is the engine's answer to "which text plays which rule")."""

from __future__ import annotations

import pytest

from armata_rules import editions
from armata_rules.variants import Ruleset

TABLE: dict[str, dict[str, str]] = {
    "peg19.de": {
        "ability_timing": "before_strigoi_acts_heal_before_fight",
        "advanced_timing": "end_of_earners_turn",
        "centre_attack": "attacked",
        "centre_relocation": "any",
        "components": "peg19",
        "counter_after_fight": "one_fight_per_turn",
        "counterattack": "attacked_hero",
        "icon_scope": "per_round",
        "initiative_ties": "seat_order",
        "ladder_placement": "away_from_strigoi_rooms",
        "last_ladder": "pack_loses",
        "leap_landing": "any_space",
        "movement": "may_up_to",
        "self_wound": "if_fights_this_round",
        "self_wound_count": "once",
        "shock_protection": "avoidable",
        "strigoi_after_encounter": "one",
        "strigoi_damage": "damage",
    },
    "peg19.en": {
        "ability_timing": "not_during_fight",
        "advanced_timing": "end_of_earners_turn",
        "centre_attack": "attacked",
        "centre_relocation": "ladder_first",
        "components": "peg19",
        "counter_after_fight": "allowed",
        "counterattack": "attacked_hero",
        "icon_scope": "per_turn",
        "initiative_ties": "seat_order",
        "ladder_placement": "away_from_strigoi_rooms",
        "last_ladder": "pack_loses",
        "leap_landing": "not_encounter",
        "movement": "may_up_to",
        "self_wound": "if_fights_this_turn",
        "self_wound_count": "each_fight",
        "shock_protection": "avoidable",
        "strigoi_after_encounter": "one",
        "strigoi_damage": "damage",
    },
    "peg19.it": {
        "ability_timing": "not_during_fight",
        "advanced_timing": "end_of_turn",
        "centre_attack": "blood_only",
        "centre_relocation": "ladder_first",
        "components": "peg19",
        "counter_after_fight": "allowed",
        "counterattack": "any_hero",
        "icon_scope": "per_round",
        "initiative_ties": "seat_order",
        "ladder_placement": "at_corridor",
        "last_ladder": "strigoi_gain",
        "leap_landing": "not_encounter",
        "movement": "may_up_to",
        "self_wound": "if_fights_this_round",
        "self_wound_count": "each_fight",
        "shock_protection": "not_avoidable",
        "strigoi_after_encounter": "one",
        "strigoi_damage": "damage",
    },
    "peg19.fr": {
        "ability_timing": "not_during_fight",
        "advanced_timing": "end_of_turn",
        "centre_attack": "attacked",
        "centre_relocation": "ladder_first",
        "components": "peg19",
        "counter_after_fight": "allowed",
        "counterattack": "attacked_hero",
        "icon_scope": "per_round",
        "initiative_ties": "seat_order",
        "ladder_placement": "away_from_strigoi_rooms",
        "last_ladder": "pack_loses",
        "leap_landing": "not_encounter",
        "movement": "may_exactly",
        "self_wound": "if_fights_this_round",
        "self_wound_count": "each_fight",
        "shock_protection": "avoidable",
        "strigoi_after_encounter": "encounter_then_strigoi",
        "strigoi_damage": "strength",
    },
    "peg19.es": {
        "ability_timing": "not_during_fight",
        "advanced_timing": "end_of_turn",
        "centre_attack": "blood_only",
        "centre_relocation": "ladder_first",
        "components": "peg19",
        "counter_after_fight": "allowed",
        "counterattack": "any_hero",
        "icon_scope": "per_round",
        "initiative_ties": "seat_order",
        "ladder_placement": "at_corridor",
        "last_ladder": "strigoi_gain",
        "leap_landing": "not_encounter",
        "movement": "may_up_to",
        "self_wound": "if_fights_this_round",
        "self_wound_count": "each_fight",
        "shock_protection": "not_avoidable",
        "strigoi_after_encounter": "monster_then_strigoi",
        "strigoi_damage": "damage",
    },
    "sb19.en": {
        "ability_timing": "before_strigoi_acts",
        "advanced_timing": "when_earned",
        "centre_attack": "attacked",
        "centre_relocation": "any",
        "components": "sb19",
        "counter_after_fight": "allowed",
        "counterattack": "attacked_hero",
        "icon_scope": "per_round",
        "initiative_ties": "seat_order",
        "ladder_placement": "away_from_strigoi_rooms",
        "last_ladder": "pack_loses",
        "leap_landing": "any_space",
        "movement": "must_up_to",
        "self_wound": "when_played",
        "self_wound_count": "each_fight",
        "shock_protection": "avoidable",
        "strigoi_after_encounter": "one",
        "strigoi_damage": "damage",
    },
}


@pytest.mark.parametrize("preset", editions.ALL, ids=lambda p: p.name)
def test_each_preset_plays_the_readings_of_its_text(preset: Ruleset) -> None:
    assert {k: v.value for k, v in preset.readings().items()} == TABLE[preset.name]


def test_the_table_covers_every_preset_and_every_reading() -> None:
    assert set(TABLE) == {p.name for p in editions.ALL}
    assert all(set(row) == set(editions.PEG19_EN.readings()) for row in TABLE.values())
