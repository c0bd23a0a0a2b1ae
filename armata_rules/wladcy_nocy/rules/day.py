"""The day phase (wn.pl:199-221): the leader token passes on, then the leader resolves every day effect of the city, one
at a time in the order it picks, each only where one side has more tokens (wn.pl:590-592).

The day continues with the event card (:mod:`~armata_rules.wladcy_nocy.rules.events`) and the vampire hunt
(:mod:`~armata_rules.wladcy_nocy.rules.day_fights`), whose frames the day's start stacks in that order.
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.play.actions import Action, Choose
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy import board
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import CELLS, cell_name, named
from armata_rules.wladcy_nocy.content.interpreter import run_effect
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import DayEffects, DayFights, DayStart, NightStart, PickDayEffect, RevealEvent
from armata_rules.wladcy_nocy.state import Phase, WNState

__all__ = ["DAY_EFFECTS", "DAY_ORDER", "LEADER_PASSES", "day_items"]

ROUND: Final = RULES.rule(
    "round.phases",
    "A round is a day, then a night",
    ("wn.pl:7", "wn.pl:201", "wn.pl:207"),
    "The players play together against the game; each round is a day phase (its steps in order) and then a night "
    "phase.",
)
LEADER_PASSES: Final = RULES.rule(
    "day.leader",
    "The leader token passes to the next vampire",
    ("wn.pl:60", "wn.pl:209", "wn.pl:211", "wn.pl:213"),
    "At the start of every day but the first the leader token passes clockwise to the next vampire, whoever runs it, "
    "day side up; the leader acts first and decides in hard cases.",
)
DAY_EFFECTS: Final = RULES.rule(
    "day.effects",
    "Day effects fire where one side has more tokens",
    ("wn.pl:215", "wn.pl:217", "wn.pl:221", "wn.pl:590", "wn.pl:592", "wn.pl:594"),
    "The leader resolves the day effect of every district; it fires only where the minions outnumber the agents (a "
    "sealed district always counts so), never on a tie.",
    readings=("hidden_agents_count", "day_effect_side", "passive_effect_timing"),
)
DAY_ORDER: Final = RULES.rule(
    "day.order",
    "The leader picks the order of the day effects",
    ("wn.pl:219", "wn.pl:221"),
    "Day effects are resolved one at a time, each in full before the next, in the order the leader decides.",
)


def day_items(ctx: WNContext, state: WNState) -> tuple[str, ...]:
    """What the leader resolves by day, as the names it picks them by: each district with a day effect (its cell's
    name) and, under ``passive_effect_timing = each_day``, each placed seal (``seal:VAMPIRE``) and relic in a district
    (``relic:ID``) whose effect is not only a standing one."""
    items = [cell_name(c) for c in CELLS if ctx.districts[state.tile_at(c)].kind == "day"]
    if ctx.ruleset.passive_effect_timing == "each_day":
        items += [f"seal:{v.name}" for v in state.vampires if v.seal >= 0]
        items += [f"relic:{p.relic}" for p in sorted(state.placed_relics, key=lambda p: p.relic)]
    return tuple(items)


def _resolve(ctx: WNContext, state: WNState, item: str) -> WNState:
    """Resolve the day item ``item`` (see :func:`day_items`): its effect runs next, if it fires."""
    cell = named(item)
    if cell is not None:
        tile = state.tile_at(cell)
        if not board.day_effect_fires(ctx, state, cell):
            district = state.districts[cell]
            counts = f"{district.minions} minions, {board.counted_agents(ctx, district)} agents"
            return log(state, f"{tile}: its day effect does not fire ({counts})")
        return run_effect(log(state, f"{tile}'s day effect fires"), ctx.districts[tile].source, "day", here=cell)
    kind, _, name = item.partition(":")
    if kind == "seal":
        seat = ctx.vampires.index(name)
        cell = state.vampires[seat].seal
        return run_effect(log(state, f"{name}'s seal acts"), f"seal:{name}", "seal", cell, seat, seat)
    placed = next(p for p in state.placed_relics if p.relic == name)
    return run_effect(log(state, f"{name} acts"), f"relic:{name}", "placed", placed.cell, placed.by, placed.by)


class DayStartRules(AutoHandler[WNContext, WNState, DayStart]):
    """wn.pl:209-213: the leader token passes on (not in round 1); the day's steps follow in order (wn.pl:207)."""

    def run(self, ctx: WNContext, state: WNState, frame: DayStart) -> WNState:
        if state.round > 1:
            leader = (state.leader + 1) % ctx.seats
            state = log(state, f"the leader token passes to {ctx.vampires[leader]}", leader=leader)
        state = log(state, f"day {state.round} begins", phase=Phase.DAY, relics_used=())
        return replace_top(state, NightStart(), DayFights(), RevealEvent(), DayEffects())


class DayEffectsRules(AutoHandler[WNContext, WNState, DayEffects]):
    """wn.pl:215-219: every day effect once, the leader picking the order when there is one to pick."""

    def run(self, ctx: WNContext, state: WNState, frame: DayEffects) -> WNState:
        left = [item for item in day_items(ctx, state) if item not in frame.done]
        if not left:
            return pop(state)
        if len(left) == 1:
            return _resolve(ctx, replace_top(state, DayEffects((*frame.done, left[0]))), left[0])
        return push(state, PickDayEffect(state.leader, frame.done))


class PickDayEffectRules(DecisionHandler[WNContext, WNState, PickDayEffect]):
    """wn.pl:219: the leader decides which day effect is resolved next."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickDayEffect) -> list[Action]:
        return [Choose(frame.seat, item) for item in day_items(ctx, state) if item not in frame.done]

    def guard(self, ctx: WNContext, state: WNState, frame: PickDayEffect, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(DAY_ORDER, f"the leader ({ctx.vampires[frame.seat]}) decides the order of the day effects")
        if not isinstance(action, Choose):
            return Refusal(DAY_ORDER, f"pick the next day effect (choose), not {action.kind!r}")
        if action.option not in day_items(ctx, state) or action.option in frame.done:
            return Refusal(DAY_ORDER, f"{action.option!r} is no day effect still to resolve today")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickDayEffect, action: Action) -> WNState:
        item = action.option if isinstance(action, Choose) else ""
        state = pop(state)  # the pick; the DayEffects frame below records it
        state = replace_top(state, DayEffects((*frame.done, item)))
        return _resolve(ctx, log(state, f"the leader resolves {item} next"), item)


HANDLERS.handles(DayStart, DayStartRules)
HANDLERS.handles(DayEffects, DayEffectsRules)
HANDLERS.handles(PickDayEffect, PickDayEffectRules)
