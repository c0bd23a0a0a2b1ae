"""The reading and changing of a *Władcy Nocy* state that every rule shares: counts, predicates, and the token moves,
each through the game's kernels (:mod:`armata_rules.wladcy_nocy.effects`) and the equipment's
(:mod:`armata_rules.kernel.equipment`).

Every function is pure: it returns a new state (and, where it matters, how many tokens moved) and writes the history.
Where removed or spent tokens go is the reading ``removed_tokens``: back to their pool, or into the box.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.equipment.tokens import flip_step, move_step, place_step
from armata_rules.kernel.play.flow import log
from armata_rules.wladcy_nocy import effects
from armata_rules.wladcy_nocy.city import cell_name
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.state import DistrictState, VampireState, WNState

__all__ = [
    "blood_max",
    "change_ap",
    "change_veil",
    "counted_agents",
    "day_effect_fires",
    "gain_blood",
    "gain_victims",
    "lose_blood",
    "minion_majority",
    "move_minions",
    "near",
    "predicate",
    "put_agents",
    "put_minions",
    "redirect_cell",
    "relic_limit",
    "relic_recipients",
    "reveal_all",
    "shift_agents",
    "spend_ap",
    "take_agents",
    "take_minions",
    "unlocked",
    "weaken_later",
    "with_district",
    "with_vampire",
]


def _int(value: object) -> int:
    return cast(int, value)


# ------------------------------------------------------------------------------------------------ reading
def with_vampire(state: WNState, seat: int, vampire: VampireState) -> WNState:
    """``state`` with the vampire of ``seat`` replaced."""
    return replace(state, vampires=(*state.vampires[:seat], vampire, *state.vampires[seat + 1 :]))


def with_district(state: WNState, cell: int, district: DistrictState) -> WNState:
    """``state`` with the district of ``cell`` replaced."""
    return replace(state, districts=(*state.districts[:cell], district, *state.districts[cell + 1 :]))


def blood_max(ctx: WNContext, state: WNState, seat: int) -> int:
    """The most blood the vampire may hold: 4, or what a relic it holds allows (6 for Nieskazitelna krew,
    wn.pl:54, wn.pl:375)."""
    held = max((ctx.relics[relic].blood_max for relic in state.vampires[seat].relics), default=0)
    return max(effects.BLOOD_MAX, held)


def relic_limit(victims: int) -> int:
    """How many relics a vampire with ``victims`` may hold (wn.pl:533-535)."""
    return _int(effects.relic_cap(victims))


def unlocked(ctx: WNContext, state: WNState, seat: int, action: str) -> bool:
    """Whether the vampire has the victims that unlock ``action`` (wn.pl:281-283, wn.pl:304-315)."""
    return state.vampires[seat].victims >= ctx.unlock(seat, action)


def counted_agents(ctx: WNContext, district: DistrictState) -> int:
    """The agents a condition counts: all of them, or only the revealed ones (reading ``hidden_agents_count``)."""
    return district.agents if ctx.ruleset.hidden_agents_count == "all_agents" else district.revealed


def near(state: WNState, cell: int) -> bool:
    """Whether district ``cell`` holds a minion or a vampire that is not exhausted: an event's agent landing there
    weakens the veil (wn.pl:243, wn.pl:523)."""
    return state.districts[cell].minions > 0 or any(not v.exhausted for v in state.vampires if v.cell == cell)


def minion_majority(ctx: WNContext, state: WNState, cell: int) -> bool:
    """Whether district ``cell`` counts as holding more minions than agents (wn.pl:417, wn.pl:592)."""
    district = state.districts[cell]
    return bool(effects.minion_majority(district.minions, counted_agents(ctx, district), bool(district.seal)))


def day_effect_fires(ctx: WNContext, state: WNState, cell: int) -> bool:
    """Whether the day effect of district ``cell`` fires (wn.pl:221, wn.pl:590-592; interpretation
    ``day_effect_side``)."""
    district = state.districts[cell]
    either = ctx.ruleset.day_effect_side == "either_side"
    return bool(effects.day_effect_fires(district.minions, counted_agents(ctx, district), bool(district.seal), either))


def predicate(ctx: WNContext, state: WNState, cell: int, pred: Mapping[str, Any]) -> bool:
    """Whether the vocabulary's predicate ``pred`` holds in district ``cell`` (content/ops.py's PREDICATES)."""
    district = state.districts[cell]
    name = pred["pred"]
    if name == "sealed":
        found = bool(district.seal)
    elif name == "has_minion":
        found = district.minions > 0
    elif name == "has_vampire":
        found = any(v.cell == cell for v in state.vampires)
    elif name == "has_ready_vampire":
        found = any(v.cell == cell and not v.exhausted for v in state.vampires)
    elif name == "no_agents":
        found = district.agents == 0
    else:  # majority; the vocabulary has no other predicate
        minions = minion_majority(ctx, state, cell)
        agents = not district.seal and counted_agents(ctx, district) > district.minions
        found = minions if pred["side"] == "minions" else agents
    return found != bool(pred.get("negate", False))


# ------------------------------------------------------------------------------------------------ the veil
def change_veil(state: WNState, delta: int, why: str) -> WNState:
    """The veil moved by ``delta`` now, within 0..6 (wn.pl:161, wn.pl:600); reaching 0 ends the game, which the
    end test sees before anything else runs (wn.pl:444)."""
    veil = _int(effects.veil_step(state.veil, delta))
    if veil == state.veil:
        return log(state, f"{why}: the veil stays at {veil}")
    verb = "strengthens" if delta > 0 else "weakens"
    return log(state, f"{why}: the veil {verb} from {state.veil} to {veil}", veil=veil)


def weaken_later(state: WNState, amount: int, why: str) -> WNState:
    """An event weakens the veil by ``amount``, applied once the card is fully resolved (wn.pl:247)."""
    if amount <= 0:
        return state
    return log(state, f"{why}: the veil will weaken by {amount}", pending_veil=state.pending_veil + amount)


# ------------------------------------------------------------------------------------------------ blood and victims
def gain_blood(ctx: WNContext, state: WNState, seat: int, amount: int, why: str) -> tuple[WNState, int]:
    """The vampire gains up to ``amount`` blood from the supply, never above its maximum (wn.pl:54, wn.pl:375);
    gaining any un-exhausts it (wn.pl:525). The state and the blood gained."""
    vampire = state.vampires[seat]
    supply, blood, gained = effects.blood_gain(state.blood_supply, vampire.blood, amount, blood_max(ctx, state, seat))
    if gained == 0:
        return log(state, f"{why}: {vampire.name} gains no blood"), 0
    state = with_vampire(state, seat, replace(vampire, blood=blood))
    return log(state, f"{why}: {vampire.name} gains {gained} blood ({blood})", blood_supply=supply), gained


def lose_blood(ctx: WNContext, state: WNState, seat: int, amount: int, why: str) -> tuple[WNState, int]:
    """The vampire discards up to ``amount`` blood tokens (to the supply, or the box under ``removed_tokens =
    to_box``); at 0 it is exhausted (wn.pl:517). The state and what it could not pay."""
    vampire = state.vampires[seat]
    blood, unpaid = effects.blood_payment(vampire.blood, amount)
    paid = vampire.blood - blood
    if paid == 0:
        return state, unpaid
    supply = state.blood_supply + paid if ctx.ruleset.removed_tokens == "to_pool" else state.blood_supply
    state = with_vampire(state, seat, replace(vampire, blood=blood))
    tail = ": it is exhausted" if blood == 0 else f" ({blood} left)"
    return log(state, f"{why}: {vampire.name} loses {paid} blood{tail}", blood_supply=supply), unpaid


def gain_victims(ctx: WNContext, state: WNState, seat: int, amount: int, why: str) -> WNState:
    """The vampire's victims rise by ``amount``, up to its track's top (wn.pl:485; reading ``victim_track_cap``)."""
    vampire = state.vampires[seat]
    victims = _int(effects.victims_step(vampire.victims, amount, ctx.track_tops[seat]))
    if victims == vampire.victims:
        return state
    state = with_vampire(state, seat, replace(vampire, victims=victims))
    return log(state, f"{why}: {vampire.name}'s victims rise to {victims}")


def change_ap(state: WNState, seat: int, delta: int, why: str) -> WNState:
    """The vampire's action points changed by an effect (wn.pl:271), never below 0."""
    vampire = state.vampires[seat]
    ap = _int(effects.ap_change(vampire.ap, delta))
    state = with_vampire(state, seat, replace(vampire, ap=ap))
    return log(state, f"{why}: {vampire.name} has {ap} action points")


def spend_ap(state: WNState, seat: int, cost: int) -> WNState:
    """The vampire pays ``cost`` action points (a guard has checked it has them, wn.pl:279)."""
    vampire = state.vampires[seat]
    ap, _ = effects.ap_spend(vampire.ap, cost)
    return with_vampire(state, seat, replace(vampire, ap=_int(ap)))


# ------------------------------------------------------------------------------------------------ agents
def put_agents(state: WNState, cell: int, count: int, hidden: bool) -> tuple[WNState, int]:
    """Up to ``count`` agents from the pool into district ``cell``, hidden side up unless ``hidden`` is false
    (wn.pl:225, wn.pl:237): as many as the pool holds. The state and how many were placed."""
    district = state.districts[cell]
    held = district.hidden if hidden else district.revealed
    pool, there, placed = place_step(state.agent_pool, held, count)
    if placed == 0:
        return state, 0
    changed = replace(district, hidden=there) if hidden else replace(district, revealed=there)
    return replace(with_district(state, cell, changed), agent_pool=pool), placed


def _sides(ctx: WNContext) -> tuple[str, str]:
    """The order in which an effect takes a district's agents (interpretation ``agent_side_order``)."""
    return ("revealed", "hidden") if ctx.ruleset.agent_side_order == "revealed_first" else ("hidden", "revealed")


def take_agents(
    ctx: WNContext, state: WNState, cell: int, count: int, sides: tuple[str, ...] | None = None
) -> tuple[WNState, int]:
    """Up to ``count`` agents removed from district ``cell`` (``sides`` in order, default by
    ``agent_side_order``), back to the pool or into the box (``removed_tokens``). The state and how many."""
    district = state.districts[cell]
    pool = state.agent_pool
    removed = 0
    for side in sides if sides is not None else _sides(ctx):
        held = getattr(district, side)
        taken = min(held, count - removed)
        left, returned = move_step(held, pool, taken)
        district = replace(district, **{side: left})
        pool = returned if ctx.ruleset.removed_tokens == "to_pool" else pool
        removed += taken
    return replace(with_district(state, cell, district), agent_pool=pool), removed


def shift_agents(ctx: WNContext, state: WNState, source: int, target: int, count: int) -> tuple[WNState, int]:
    """Up to ``count`` agents moved from ``source`` to ``target``, each keeping its side (``agent_side_order``
    says which go first). The state and how many moved."""
    moved = 0
    for side in _sides(ctx):
        there = getattr(state.districts[source], side)
        taken = min(there, count - moved)
        if taken == 0:
            continue
        left, arrived = move_step(there, getattr(state.districts[target], side), taken)
        state = with_district(state, source, replace(state.districts[source], **{side: left}))
        state = with_district(state, target, replace(state.districts[target], **{side: arrived}))
        moved += taken
    return state, moved


def reveal_all(state: WNState, cell: int) -> WNState:
    """Every agent of district ``cell`` turned to its revealed side (wn.pl:331); revealed ones are unaffected."""
    district = state.districts[cell]
    if district.hidden == 0:
        return state
    hidden, revealed = flip_step(district.hidden, district.revealed)
    state = with_district(state, cell, replace(district, hidden=hidden, revealed=revealed))
    return log(state, f"{district.hidden} agents are revealed in the {cell_name(cell)} district")


# ------------------------------------------------------------------------------------------------ minions
def put_minions(state: WNState, cell: int, count: int) -> tuple[WNState, int]:
    """Up to ``count`` minions from the supply into district ``cell``: as many as the supply holds (wn.pl:347)."""
    district = state.districts[cell]
    supply, there, placed = place_step(state.minion_supply, district.minions, count)
    if placed == 0:
        return state, 0
    state = with_district(state, cell, replace(district, minions=there))
    return replace(state, minion_supply=supply), placed


def take_minions(ctx: WNContext, state: WNState, cell: int, count: int) -> WNState:
    """``count`` minions removed from district ``cell`` (a guard has checked they are there), back to the supply or
    into the box (``removed_tokens``)."""
    district = state.districts[cell]
    left, supply = move_step(district.minions, state.minion_supply, count)
    state = with_district(state, cell, replace(district, minions=left))
    return replace(state, minion_supply=supply) if ctx.ruleset.removed_tokens == "to_pool" else state


def move_minions(state: WNState, source: int, target: int, count: int) -> WNState:
    """``count`` minions moved along with a vampire (wn.pl:323)."""
    if count == 0:
        return state
    left, arrived = move_step(state.districts[source].minions, state.districts[target].minions, count)
    state = with_district(state, source, replace(state.districts[source], minions=left))
    return with_district(state, target, replace(state.districts[target], minions=arrived))


# ------------------------------------------------------------------------------------------------ relics
def relic_recipients(ctx: WNContext, state: WNState) -> tuple[int, ...]:
    """The seats the leader may give a drawn relic (wn.pl:537): every vampire that may hold a relic (2 victims,
    wn.pl:535), or only one with room left (interpretation ``museum_recipient``). None: no card is drawn
    (wn.pl:539)."""
    return tuple(
        seat
        for seat, vampire in enumerate(state.vampires)
        if unlocked(ctx, state, seat, "relic_1")
        and (ctx.ruleset.museum_recipient == "unlocked" or len(vampire.relics) < relic_limit(vampire.victims))
    )


def redirect_cell(ctx: WNContext, state: WNState) -> int:
    """The district where a placed relic redirects the agents an event card adds (wn.pl:634-638), or -1: the first
    such relic by id, if passive relics act by day (reading ``passive_relics_by_day``)."""
    if ctx.ruleset.passive_relics_by_day == "night_only" and state.phase.value != "night":
        return -1
    for placed in sorted(state.placed_relics, key=lambda p: p.relic):
        if ctx.relics[placed.relic].redirect:
            return placed.cell
    return -1
