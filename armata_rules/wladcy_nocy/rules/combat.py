"""Combat (wn.pl:449-511, wn.pl:620-624): one vampire fights the agents of its district, by night the revealed ones
with any dice of the pool, by day every agent (revealed first) with the lowest dice only.

The fighter may first sacrifice minions, each removing a revealed agent (wn.pl:469); it then takes one die per
revealed agent left (wn.pl:471), the pool rolled anew whenever it runs empty (wn.pl:481); right after the dice are
chosen it may use its fight abilities (Laszlo's, wn.pl:622) and, by night, relics that change dice; then every die
is resolved at once (wn.pl:473-479), the blood it cannot pay spread over the other vampires there (wn.pl:483), and
it gains a victim per agent removed (wn.pl:485).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, Choose, Pass
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy import board, effects
from armata_rules.wladcy_nocy.actions import Sacrifice, TakeDie
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import cell_name
from armata_rules.wladcy_nocy.content.interpreter import run_effect
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import (
    FightDice,
    FightEnd,
    FightResolve,
    FightSacrifice,
    FightWindow,
    Overflow,
    PickDie,
    PickOverflow,
    StartFight,
)
from armata_rules.wladcy_nocy.rules.dice import roll_anew
from armata_rules.wladcy_nocy.rules.relics import usable_relics, use_relic
from armata_rules.wladcy_nocy.state import FightState, WNState

__all__ = ["FIGHT", "FIGHT_DICE", "OVERFLOW", "SACRIFICE", "WINDOW", "window_options"]

FIGHT: Final = RULES.rule(
    "combat.fight",
    "One vampire fights the agents of its district",
    ("wn.pl:451", "wn.pl:453", "wn.pl:457", "wn.pl:459", "wn.pl:463", "wn.pl:465", "wn.pl:491"),
    "Only one vampire fights, always against a group of agents in its district; other vampires there may lose blood "
    "but take no part. By night the fighter is the one that took the Fight action and faces the revealed agents; by "
    "day it faces every agent, all revealed first.",
)
SACRIFICE: Final = RULES.rule(
    "combat.sacrifice",
    "Minions sacrificed to remove revealed agents",
    ("wn.pl:469", "wn.pl:495"),
    "At the start of a fight the fighter may remove any number of minions of its district, removing as many revealed "
    "agents.",
    readings=("removed_tokens",),
)
FIGHT_DICE: Final = RULES.rule(
    "combat.dice",
    "One die per revealed agent: any by night, the lowest by day",
    ("wn.pl:255", "wn.pl:339", "wn.pl:457", "wn.pl:463", "wn.pl:471", "wn.pl:477", "wn.pl:481", "wn.pl:499-505"),
    "The fighter takes from the pool one die per revealed agent left, any values by night, only the lowest by day; "
    "if the pool runs short it takes every die left, remembers the values, rolls all dice anew and goes on taking "
    "(once only under shortfall_repeat = fight_fewer).",
    readings=("shortfall_repeat",),
)
WINDOW: Final = RULES.rule(
    "combat.window",
    "Abilities and relics right after the dice are chosen",
    ("wn.pl:365", "wn.pl:401", "wn.pl:564", "wn.pl:620", "wn.pl:622", "wn.pl:624"),
    "Right after choosing its dice the fighter may use its fight abilities (Laszlo's), one or both, as often as it "
    "can pay for them, day or night; by night also a relic that changes dice. A seal's or placed relic's dice change "
    "applies to every fight in its district.",
    readings=("dice_relic_timing", "passive_effect_timing"),
)
RESOLVE: Final = RULES.rule(
    "combat.resolve",
    "Every chosen die at once: 3-6 removes an agent, 1-4 costs a blood token",
    ("wn.pl:473", "wn.pl:474", "wn.pl:475", "wn.pl:479", "wn.pl:481", "wn.pl:507"),
    "1 or 2: the agent stays and the fighter discards a blood token; 3 or 4: the agent is removed and the fighter "
    "discards a blood token; 5 or 6: the agent is removed. All dice are resolved at once.",
    readings=("removed_tokens",),
)
OVERFLOW: Final = RULES.rule(
    "combat.overflow",
    "Blood the fighter cannot pay",
    ("wn.pl:483", "wn.pl:509"),
    "Blood the fighter cannot discard is spread by another player over the other vampires in its district; once "
    "none of them has blood left, the rest is ignored.",
    readings=("overflow_decider",),
)
VICTIMS: Final = RULES.rule(
    "combat.victims",
    "The fighter's victims",
    ("wn.pl:485", "wn.pl:511", "wn.pl:624"),
    "After the dice, the fighter's victims rise by one per agent the fight removed, by dice or by minions, even if it "
    "is now exhausted; no other vampire gains victims.",
    readings=("victim_track_cap",),
)


def _fight(state: WNState) -> FightState:
    fight = state.fight
    if fight is None:
        raise ValueError("no fight is under way")
    return fight


def window_options(ctx: WNContext, state: WNState, seat: int) -> list[str]:
    """What the fighter may use in its window now: ``blood``/``dark`` (its fight-timed abilities it can pay for and
    has unlocked) and, by night, relics that change dice (wn.pl:622; ``dice_relic_timing``)."""
    fight = _fight(state)
    vampire = state.vampires[seat]
    found = []
    blood, dark = ctx.blood(seat), ctx.dark(seat)
    if (
        blood.timing == "fight"
        and board.unlocked(ctx, state, seat, "blood")
        and vampire.blood >= max(1, blood.blood_cost)
    ):
        found.append("blood")
    if dark.timing == "fight" and board.unlocked(ctx, state, seat, "dark"):
        found.append("dark")
    if not fight.day:
        found += usable_relics(ctx, state, seat, dice=True)
    return found


def _passive_dice(ctx: WNContext, state: WNState, fight: FightState) -> WNState:
    """The dice changes of the seals and placed relics of the fight's district (interpretation
    ``passive_effect_timing``): applied to the chosen dice before the window."""
    sources = [f"seal:{state.districts[fight.cell].seal}"] if state.districts[fight.cell].seal else []
    sources += [f"relic:{relic}" for relic in state.relics_at(fight.cell)]
    taken = fight.taken
    for source in sources:
        for op in ctx.ops(source):
            if op["op"] == "dice_modify":
                taken = tuple(int(effects.die_value(v, int(op["delta"]))) for v in taken)
                state = log(state, f"{source} changes the chosen dice to {list(taken)}")
    return replace(state, fight=replace(fight, taken=taken))


class StartFightRules(AutoHandler[WNContext, WNState, StartFight]):
    """wn.pl:451, wn.pl:255, wn.pl:465: the fight begins; by day every agent there is revealed first."""

    def run(self, ctx: WNContext, state: WNState, frame: StartFight) -> WNState:
        vampire = state.vampires[frame.seat]
        cell = vampire.cell
        if frame.day:
            state = board.reveal_all(state, cell)
        when = "day" if frame.day else "night"
        text = (
            f"{vampire.name} fights {state.districts[cell].revealed} agents in the {cell_name(cell)} district ({when})"
        )
        state = log(state, text, fight=FightState(frame.seat, cell, frame.day))
        state = replace_top(state, FightEnd(frame.seat), FightResolve(frame.seat), FightDice(frame.seat))
        district = state.districts[cell]
        if district.minions and district.revealed:
            state = push(state, FightSacrifice(frame.seat))
        return state


class FightSacrificeRules(DecisionHandler[WNContext, WNState, FightSacrifice]):
    """wn.pl:469: any number of minions, each removing a revealed agent."""

    def candidates(self, ctx: WNContext, state: WNState, frame: FightSacrifice) -> list[Action]:
        district = state.districts[_fight(state).cell]
        return [Sacrifice(frame.seat, n) for n in range(min(district.minions, district.revealed) + 1)]

    def guard(self, ctx: WNContext, state: WNState, frame: FightSacrifice, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(SACRIFICE, f"the fighter ({ctx.vampires[frame.seat]}) decides its sacrifice")
        if not isinstance(action, Sacrifice):
            return Refusal(SACRIFICE, f"say how many minions to sacrifice, not {action.kind!r}")
        district = state.districts[_fight(state).cell]
        most = min(district.minions, district.revealed)
        if not 0 <= action.count <= most:
            return Refusal(SACRIFICE, f"between 0 and {most} minions may be sacrificed here; not {action.count}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: FightSacrifice, action: Action) -> WNState:
        count = action.count if isinstance(action, Sacrifice) else 0
        fight = _fight(state)
        if count:
            state = board.take_minions(ctx, state, fight.cell, count)
            state, _ = board.take_agents(ctx, state, fight.cell, count, ("revealed",))
        text = f"{ctx.vampires[frame.seat]} sacrifices {count} minions"
        return log(pop(state), text, fight=replace(fight, sacrificed=count))


class FightDiceRules(AutoHandler[WNContext, WNState, FightDice]):
    """wn.pl:471, wn.pl:477, wn.pl:481, wn.pl:195: one die per revealed agent left, the pool rolled anew when empty."""

    def run(self, ctx: WNContext, state: WNState, frame: FightDice) -> WNState:
        fight = _fight(state)
        if fight.need < 0:
            fight = replace(fight, need=state.districts[fight.cell].revealed)
            state = log(state, f"{ctx.vampires[frame.seat]} needs {fight.need} dice", fight=fight)
        short = len(fight.taken) < fight.need
        if state.dice.empty:
            if short and ctx.ruleset.shortfall_repeat == "fight_fewer" and fight.rerolls >= 1:
                text = f"the dice run short again: the fight uses {len(fight.taken)} dice"
                state = log(state, text, fight=replace(fight, need=len(fight.taken)))
            elif short:
                state = replace(state, fight=replace(fight, rerolls=fight.rerolls + 1))
            return roll_anew(state)
        if not short:
            state = _passive_dice(ctx, pop(state), fight)
            if window_options(ctx, state, frame.seat):
                state = push(state, FightWindow(frame.seat))
            return state
        choices = state.dice.choices(lowest_only=fight.day)
        if len(choices) > 1:
            return push(state, PickDie(frame.seat))
        return _take(state, fight, choices[0])


def _take(state: WNState, fight: FightState, value: int) -> WNState:
    name = state.vampires[fight.seat].name
    taken = replace(fight, taken=(*fight.taken, value))
    return log(state, f"{name} takes a {value} from the pool", dice=state.dice.take(value), fight=taken)


class PickDieRules(DecisionHandler[WNContext, WNState, PickDie]):
    """wn.pl:339, wn.pl:477: any value of the pool by night, the lowest by day."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickDie) -> list[Action]:
        return [TakeDie(frame.seat, v) for v in state.dice.choices(lowest_only=_fight(state).day)]

    def guard(self, ctx: WNContext, state: WNState, frame: PickDie, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(FIGHT_DICE, f"the fighter ({ctx.vampires[frame.seat]}) takes the dice")
        if not isinstance(action, TakeDie):
            return Refusal(FIGHT_DICE, f"take a die from the pool, not {action.kind!r}")
        choices = state.dice.choices(lowest_only=_fight(state).day)
        if action.value not in choices:
            which = "the lowest value" if _fight(state).day else "a value of the pool"
            return Refusal(FIGHT_DICE, f"take {which} ({', '.join(map(str, choices))}), not {action.value}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickDie, action: Action) -> WNState:
        value = action.value if isinstance(action, TakeDie) else 0
        return _take(pop(state), _fight(state), value)


class FightWindowRules(DecisionHandler[WNContext, WNState, FightWindow]):
    """wn.pl:622: right after the dice are chosen, the fighter's fight abilities (and, by night, dice relics)."""

    def candidates(self, ctx: WNContext, state: WNState, frame: FightWindow) -> list[Action]:
        found: list[Action] = [Choose(frame.seat, option) for option in window_options(ctx, state, frame.seat)]
        return [*found, Pass(frame.seat, "window")]

    def guard(self, ctx: WNContext, state: WNState, frame: FightWindow, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(WINDOW, f"the fighter ({ctx.vampires[frame.seat]}) uses its abilities now")
        if isinstance(action, Pass):
            if action.what != "window":
                return Refusal(WINDOW, f"the window is closed by passing it ('window'), not {action.what!r:.40}")
            return None
        if not isinstance(action, Choose) or action.option not in window_options(ctx, state, frame.seat):
            allowed = ", ".join(window_options(ctx, state, frame.seat)) or "nothing"
            return Refusal(WINDOW, f"the fighter may use {allowed} now, or pass")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: FightWindow, action: Action) -> WNState:
        if isinstance(action, Pass):
            return pop(state)
        option = action.option if isinstance(action, Choose) else ""
        cell = state.vampires[frame.seat].cell
        if option in ("blood", "dark"):
            ability = ctx.blood(frame.seat) if option == "blood" else ctx.dark(frame.seat)
            state = log(state, f"{ctx.vampires[frame.seat]} uses {ability.name}")
            return run_effect(state, ability.source, option, cell, frame.seat)
        return use_relic(ctx, state, frame.seat, frame.seat, option)


class FightResolveRules(AutoHandler[WNContext, WNState, FightResolve]):
    """wn.pl:473-479: every chosen die at once."""

    def run(self, ctx: WNContext, state: WNState, frame: FightResolve) -> WNState:
        fight = _fight(state)
        removes = sum(1 for v in fight.taken if effects.die_removes(v))
        bleeds = sum(1 for v in fight.taken if effects.die_bleeds(v))
        state, removed = board.take_agents(ctx, state, fight.cell, removes, ("revealed",))
        text = f"the dice {sorted(fight.taken)} remove {removed} agents and cost {bleeds} blood"
        state = log(state, text, fight=replace(fight, removed=removed))
        state, unpaid = board.lose_blood(ctx, state, frame.seat, bleeds, "the fight")
        state = pop(state)
        return push(state, Overflow(frame.seat, unpaid)) if unpaid else state


def _payers(state: WNState, fighter: int) -> tuple[int, ...]:
    cell = state.vampires[fighter].cell
    return tuple(s for s in state.seat_at(cell) if s != fighter and state.vampires[s].blood > 0)


def _overflow_decider(ctx: WNContext, state: WNState, fighter: int) -> int:
    """Who spreads the unpaid blood (wn.pl:483): the leader, or the player of the next vampire after the fighter
    whose player is another (reading ``overflow_decider``; with no other player, the fighter's own)."""
    if ctx.ruleset.overflow_decider == "leader":
        return state.leader
    for step in range(1, ctx.seats):
        seat = (fighter + step) % ctx.seats
        if ctx.controllers[seat] != ctx.controllers[fighter]:
            return seat
    return fighter


class OverflowRules(AutoHandler[WNContext, WNState, Overflow]):
    """wn.pl:483: the unpaid blood is spread over the other vampires there; once none has blood, it is ignored."""

    def run(self, ctx: WNContext, state: WNState, frame: Overflow) -> WNState:
        payers = _payers(state, frame.seat)
        if not payers or frame.owed == 0:
            if frame.owed:
                state = log(state, f"{frame.owed} blood cannot be paid by anyone there: it is ignored")
            return pop(state)
        if len(payers) == 1 or frame.owed >= sum(state.vampires[s].blood for s in payers):
            state = pop(state)
            owed = frame.owed
            for seat in payers:
                state, owed = board.lose_blood(ctx, state, seat, owed, f"{ctx.vampires[frame.seat]}'s fight")
            return log(state, f"{owed} blood cannot be paid by anyone there: it is ignored") if owed else state
        return replace_top(state, PickOverflow(_overflow_decider(ctx, state, frame.seat), frame.seat, frame.owed))


class PickOverflowRules(DecisionHandler[WNContext, WNState, PickOverflow]):
    """wn.pl:483: another player picks who pays each token the fighter could not."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickOverflow) -> list[Action]:
        return [Choose(frame.seat, ctx.vampires[s]) for s in _payers(state, frame.fighter)]

    def guard(self, ctx: WNContext, state: WNState, frame: PickOverflow, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(OVERFLOW, f"{ctx.vampires[frame.seat]}'s player spreads the unpaid blood")
        payers = [ctx.vampires[s] for s in _payers(state, frame.fighter)]
        if not isinstance(action, Choose) or action.option not in payers:
            return Refusal(OVERFLOW, f"the next token is paid by one of {', '.join(payers)}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickOverflow, action: Action) -> WNState:
        seat = ctx.vampires.index(action.option) if isinstance(action, Choose) else frame.fighter
        state, _ = board.lose_blood(ctx, state, seat, 1, f"{ctx.vampires[frame.fighter]}'s fight")
        return replace_top(state, Overflow(frame.fighter, frame.owed - 1))


class FightEndRules(AutoHandler[WNContext, WNState, FightEnd]):
    """wn.pl:485: the fighter gains a victim per agent removed by dice or minions, even if exhausted."""

    def run(self, ctx: WNContext, state: WNState, frame: FightEnd) -> WNState:
        fight = _fight(state)
        state = board.gain_victims(ctx, state, frame.seat, fight.removed + fight.sacrificed, "the fight")
        return replace(pop(state), fight=None)


HANDLERS.handles(StartFight, StartFightRules)
HANDLERS.handles(FightSacrifice, FightSacrificeRules)
HANDLERS.handles(FightDice, FightDiceRules)
HANDLERS.handles(PickDie, PickDieRules)
HANDLERS.handles(FightWindow, FightWindowRules)
HANDLERS.handles(FightResolve, FightResolveRules)
HANDLERS.handles(Overflow, OverflowRules)
HANDLERS.handles(PickOverflow, PickOverflowRules)
HANDLERS.handles(FightEnd, FightEndRules)
