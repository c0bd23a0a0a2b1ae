"""The vampire hunt (wn.pl:249-261, wn.pl:461-465): by day, in every district where a vampire stands with 3 or more
agents, the agents attack. The leader orders the fights and picks the fighter where several vampires stand; the
fight is a night fight but for its dice, the lowest only (:mod:`~armata_rules.wladcy_nocy.rules.combat`).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.play.actions import Action, Choose
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import CELLS, cell_name, named
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import DayFights, PickDayFight, PickFighter, StartFight
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["DAY_FIGHTS", "FIGHTER", "day_fight_cells", "fighters"]

#: The agents that make a day fight (wn.pl:251, wn.pl:463).
DAY_FIGHT_AGENTS: Final = 3

DAY_FIGHTS: Final = RULES.rule(
    "day.hunt",
    "A day fight wherever a vampire meets 3 or more agents",
    ("wn.pl:249", "wn.pl:251", "wn.pl:253", "wn.pl:255", "wn.pl:257", "wn.pl:259", "wn.pl:261", "wn.pl:463"),
    "By day there is a fight in every district holding at least one vampire and at least three agents, in the order "
    "the leader decides; every agent there is revealed first, and the fighter may take only the lowest dice.",
    readings=("exhausted_in_day_fight", "day_fight_repeat"),
)
FIGHTER: Final = RULES.rule(
    "day.fighter",
    "One vampire fights",
    ("wn.pl:253", "wn.pl:463"),
    "Where several vampires stand, one is chosen to fight: by the leader, or by the player of the first of them "
    "after the leader under day_fighter_chooser = player.",
    readings=("day_fighter_chooser",),
)


def fighters(ctx: WNContext, state: WNState, cell: int) -> tuple[int, ...]:
    """The vampires of ``cell`` that may fight by day: any, or only ready ones (``exhausted_in_day_fight``)."""
    ready_only = ctx.ruleset.exhausted_in_day_fight == "ready_only"
    return tuple(s for s in state.seat_at(cell) if not (ready_only and state.vampires[s].exhausted))


def day_fight_cells(ctx: WNContext, state: WNState, done: tuple[int, ...]) -> tuple[int, ...]:
    """The districts where a day fight is due (wn.pl:251): each once (``day_fight_repeat = once_per_district``), or
    while the condition holds."""
    again = ctx.ruleset.day_fight_repeat == "while_triggered"
    return tuple(
        c
        for c in CELLS
        if (again or c not in done) and fighters(ctx, state, c) and state.districts[c].agents >= DAY_FIGHT_AGENTS
    )


def _chooser(ctx: WNContext, state: WNState, cell: int) -> int:
    """Who picks the day fighter: the leader, or the player of the first vampire there in turn order from the leader
    (``day_fighter_chooser``)."""
    if ctx.ruleset.day_fighter_chooser == "leader":
        return state.leader
    order = [(s - state.leader) % ctx.seats for s in fighters(ctx, state, cell)]
    return fighters(ctx, state, cell)[order.index(min(order))]


def _start(ctx: WNContext, state: WNState, cell: int, done: tuple[int, ...]) -> WNState:
    """The day fight of ``cell`` begins (its fighter chosen if there is a choice)."""
    state = replace_top(state, DayFights((*done, cell)))
    candidates = fighters(ctx, state, cell)
    if len(candidates) == 1:
        return push(state, StartFight(candidates[0], True))
    return push(state, PickFighter(_chooser(ctx, state, cell), cell, done))


class DayFightsRules(AutoHandler[WNContext, WNState, DayFights]):
    """wn.pl:251-253: the day fights, one district at a time, the leader ordering them."""

    def run(self, ctx: WNContext, state: WNState, frame: DayFights) -> WNState:
        cells = day_fight_cells(ctx, state, frame.done)
        if not cells:
            return pop(state)
        if len(cells) == 1:
            return _start(ctx, state, cells[0], frame.done)
        return push(state, PickDayFight(state.leader, frame.done))


class PickDayFightRules(DecisionHandler[WNContext, WNState, PickDayFight]):
    """wn.pl:253: the leader decides the order of the day fights."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickDayFight) -> list[Action]:
        return [Choose(frame.seat, cell_name(c)) for c in day_fight_cells(ctx, state, frame.done)]

    def guard(self, ctx: WNContext, state: WNState, frame: PickDayFight, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(DAY_FIGHTS, f"the leader ({ctx.vampires[frame.seat]}) orders the day fights")
        if not isinstance(action, Choose) or named(action.option) not in day_fight_cells(ctx, state, frame.done):
            due = ", ".join(cell_name(c) for c in day_fight_cells(ctx, state, frame.done))
            return Refusal(DAY_FIGHTS, f"pick a district where a day fight is due ({due})")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickDayFight, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        cell = named(option)
        state = log(pop(state), f"the leader takes the fight in the {option} district next")
        return _start(ctx, state, -1 if cell is None else cell, frame.done)


class PickFighterRules(DecisionHandler[WNContext, WNState, PickFighter]):
    """wn.pl:253, wn.pl:463: one of the vampires there is chosen to fight."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickFighter) -> list[Action]:
        return [Choose(frame.seat, ctx.vampires[s]) for s in fighters(ctx, state, frame.cell)]

    def guard(self, ctx: WNContext, state: WNState, frame: PickFighter, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(FIGHTER, f"{ctx.vampires[frame.seat]}'s player picks the day fighter")
        allowed = [ctx.vampires[s] for s in fighters(ctx, state, frame.cell)]
        if not isinstance(action, Choose) or action.option not in allowed:
            return Refusal(FIGHTER, f"the fighter is one of {', '.join(allowed)}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickFighter, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        state = log(pop(state), f"{option} is chosen to fight")
        return push(state, StartFight(ctx.vampires.index(option), True))


HANDLERS.handles(DayFights, DayFightsRules)
HANDLERS.handles(PickDayFight, PickDayFightRules)
HANDLERS.handles(PickFighter, PickFighterRules)
