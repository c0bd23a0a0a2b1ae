"""The ruleset of *Władcy Nocy*: one field per reading or interpretation of ``spec/wladcy_nocy/readings.toml``, each
defaulting to the option the file defends (WLADCY_NOCY.md §4).

:class:`Ruleset` is the game's choice of every reading; :data:`READINGS` binds it to the file through the kernel's
:class:`~armata_rules.kernel.play.readings.ReadingSet`, which checks at import that the class and the file agree
(the same names, each default the file's) and makes, checks and round-trips rulesets. A rule of the engine names the
readings it reads (``RULES.rule(..., readings=(...))``); the preset of the Polish print is
:data:`armata_rules.wladcy_nocy.editions.WN_PL`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from armata_rules.kernel.play.readings import Reading, ReadingSet
from armata_rules.wladcy_nocy.spec import load_readings

__all__ = ["READINGS", "Ruleset"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One option of every reading and interpretation (``spec/wladcy_nocy/readings.toml`` says what each means)."""

    veil_penalty_unit: Literal["per_placement", "per_agent"] = "per_placement"
    minion_supply: Literal["rest_of_box", "station_from_supply", "nine_always"] = "rest_of_box"
    removed_tokens: Literal["to_pool", "to_box"] = "to_pool"
    hidden_agents_count: Literal["all_agents", "revealed_only"] = "all_agents"
    exhausted_in_day_fight: Literal["any_vampire", "ready_only"] = "any_vampire"
    exhausted_night_ap: Literal["normal_ap", "no_ap"] = "normal_ap"
    end_turn_with_ap: Literal["may_pass", "must_spend"] = "may_pass"
    overflow_decider: Literal["leader", "next_seat"] = "leader"
    blue_grey_split_decider: Literal["leader", "players"] = "leader"
    day_fighter_chooser: Literal["leader", "player"] = "leader"
    shortfall_repeat: Literal["reroll_until_enough", "fight_fewer"] = "reroll_until_enough"
    day_fight_repeat: Literal["once_per_district", "while_triggered"] = "once_per_district"
    night_effect_majority: Literal["none", "majority"] = "none"
    passive_relics_by_day: Literal["always", "night_only"] = "always"
    immaculate_blood_loss: Literal["return_excess", "keep_until_spent"] = "return_excess"
    victim_track_cap: Literal["nine", "content"] = "nine"
    ritual_success: Literal["preconditions_only"] = "preconditions_only"
    empty_pool_non_event: Literal["no_penalty", "penalty"] = "no_penalty"
    event_discard_timing: Literal["after_card", "immediate"] = "after_card"
    relic_trade_bound: Literal["once_per_pair_per_turn", "unbounded"] = "once_per_pair_per_turn"
    starting_leader: Literal["seat_0_decides"] = "seat_0_decides"
    museum_recipient: Literal["unlocked", "has_room"] = "unlocked"
    relic_use_turn: Literal["own_turn", "any_night_turn"] = "own_turn"
    relic_use_limit: Literal["once_per_round", "printed_only"] = "once_per_round"
    passive_effect_timing: Literal["owner_turn_start", "each_day"] = "owner_turn_start"
    agent_side_order: Literal["revealed_first", "hidden_first"] = "revealed_first"
    day_effect_side: Literal["minions", "either_side"] = "minions"
    dice_relic_timing: Literal["fight_window"] = "fight_window"
    event_place_empty_deck: Literal["game_lost", "no_place"] = "game_lost"


def _table() -> tuple[Reading, ...]:
    """The readings of ``readings.toml``: options in the file's order, the default, the clauses."""
    return tuple(
        Reading(name, tuple(entry.options), entry.default, tuple(entry.clauses))
        for name, entry in load_readings().readings.items()
    )


#: The readings of the game, bound to :class:`Ruleset` (checked against ``readings.toml`` at import).
READINGS: Final[ReadingSet[Ruleset]] = ReadingSet(Ruleset, _table())
