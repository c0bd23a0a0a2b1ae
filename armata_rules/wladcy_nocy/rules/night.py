"""The night phase (wn.pl:267-425): every vampire gets 2 action points; the leader plays first, the others clockwise,
each doing all its actions before the next; the night ends when all have played, and the next round's day begins.

The night actions are the table of wn.pl:304-315, each unlocked at a victim level (the content's ``unlocks``):
move, expose, fight, recruit, activate the district's night effect, the Blood ability, hunt, trade relics, the Wild
Hunt, the Dark ability, seal and the ritual; the active vampire may also use its relics (wn.pl:564-566).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, Pass
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, DecisionHandler, Refusal
from armata_rules.kernel.play.registry import Rule
from armata_rules.wladcy_nocy import board
from armata_rules.wladcy_nocy.actions import (
    ActivateDistrict,
    BeginRitual,
    Expose,
    Fight,
    Hunt,
    Move,
    Recruit,
    Seal,
    TradeRelic,
    UseBlood,
    UseDark,
    UseRelic,
    WildHunt,
)
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import cell_name, neighbours
from armata_rules.wladcy_nocy.content.interpreter import run_effect
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.effects import AP_PER_NIGHT
from armata_rules.wladcy_nocy.frames import DayStart, NightStart, RoundEnd, StartFight, Turn, TurnStart
from armata_rules.wladcy_nocy.rules.exhaustion import recover
from armata_rules.wladcy_nocy.rules.relics import trade, trade_refusal, trades, usable_relics, use_relic
from armata_rules.wladcy_nocy.rules.seals_ritual import RITUAL, SEAL, ritual, ritual_refusal, seal, seal_refusal
from armata_rules.wladcy_nocy.state import Phase, WNState

__all__ = ["NIGHT", "TURN", "night_actions"]

NIGHT: Final = RULES.rule(
    "night.start",
    "The night: 2 action points each, the leader first, then clockwise",
    ("wn.pl:269", "wn.pl:271", "wn.pl:273", "wn.pl:275", "wn.pl:285", "wn.pl:287"),
    "At nightfall every vampire gets 2 action points; the leader plays first and the others follow clockwise, each "
    "doing all its actions before the next; the night ends once every vampire has played.",
    readings=("exhausted_night_ap", "passive_effect_timing"),
)
TURN: Final = RULES.rule(
    "night.turn",
    "The active vampire spends its action points",
    ("wn.pl:279", "wn.pl:281", "wn.pl:283", "wn.pl:304-315", "wn.en:545-558"),
    "The active vampire's player chooses its actions, any of them more than once, each unlocked at its victim level "
    "(the levels of its card, which the table prints and the card scrap shows) and paid in action points, and may "
    "end its turn with points left (or only once they are spent under "
    "end_turn_with_ap = must_spend).",
    readings=("end_turn_with_ap",),
)
MOVE: Final = RULES.rule(
    "night.move",
    "Move to an adjacent district",
    ("wn.pl:304", "wn.pl:321", "wn.pl:323", "wn.pl:113"),
    "For 1 action point the active vampire moves to a district sharing a side with its own, taking along any number "
    "of the minions there; minions serve every vampire.",
)
EXPOSE: Final = RULES.rule(
    "night.expose",
    "Expose the agents",
    ("wn.pl:121", "wn.pl:305", "wn.pl:329", "wn.pl:331"),
    "For 1 action point every agent of the active vampire's district is turned to its revealed side.",
)
FIGHT_ACTION: Final = RULES.rule(
    "night.fight",
    "Fight the revealed agents",
    ("wn.pl:306", "wn.pl:337", "wn.pl:339", "wn.pl:451"),
    "For 1 action point the active vampire fights the revealed agents of its district (a fight needs at least one).",
)
RECRUIT: Final = RULES.rule(
    "night.recruit",
    "Recruit a minion",
    ("wn.pl:307", "wn.pl:345", "wn.pl:347", "wn.pl:349"),
    "For 2 action points a minion comes from the supply into the active vampire's district, and the veil strengthens "
    "by 1; not with an empty supply.",
)
ACTIVATE: Final = RULES.rule(
    "night.activate",
    "Activate the district's night effect",
    ("wn.pl:36", "wn.pl:308", "wn.pl:355", "wn.pl:357"),
    "For the action points its tile shows the active vampire uses the night effect of its district, which acts for "
    "it; a district may be activated several times a round.",
    readings=("night_effect_majority",),
)
BLOOD_ABILITY: Final = RULES.rule(
    "night.blood",
    "Use the Blood ability",
    ("wn.pl:309", "wn.pl:363", "wn.pl:365"),
    "For no action point, usually paying blood, the active vampire uses its Blood ability at night (Laszlo's in "
    "fights); it resolves in full even if paying exhausts the vampire.",
)
HUNT: Final = RULES.rule(
    "night.hunt",
    "Hunt",
    ("wn.pl:310", "wn.pl:373", "wn.pl:375"),
    "From 1 victim, for 1 action point, the active vampire regains a blood token from the supply, up to its maximum.",
)
WILD_HUNT: Final = RULES.rule(
    "night.wild_hunt",
    "The Wild Hunt",
    ("wn.pl:283", "wn.pl:312", "wn.pl:389", "wn.pl:391", "wn.pl:393"),
    "From 4 victims, for 1 action point, the active vampire refills its blood to its maximum from the supply, and "
    "the veil weakens by 1.",
)
DARK_ABILITY: Final = RULES.rule(
    "night.dark",
    "Use the Dark ability",
    ("wn.pl:313", "wn.pl:399", "wn.pl:401", "wn.pl:403"),
    "From 6 victims, for no action point, the active vampire uses its Dark ability at night (Laszlo's in fights), "
    "paid by weakening the veil; a cost that brings the veil to 0 loses at once, whatever the effect.",
)
ROUND_END: Final = RULES.rule(
    "night.end",
    "The night ends; the next round begins",
    ("wn.pl:287",),
    "Once every vampire has played its turn the night ends and the day of the next round begins.",
)


def _ability_refusal(ctx: WNContext, state: WNState, seat: int, which: str) -> Refusal | None:
    ability = ctx.blood(seat) if which == "blood" else ctx.dark(seat)
    rule = BLOOD_ABILITY if which == "blood" else DARK_ABILITY
    vampire = state.vampires[seat]
    if not board.unlocked(ctx, state, seat, which):
        return Refusal(rule, f"{vampire.name} uses its {which} ability from {ctx.unlock(seat, which)} victims")
    if ability.timing != "night":
        return Refusal(rule, f"{ability.name} is used in fights, right after the dice are chosen (wn.pl:622)")
    if vampire.blood < ability.blood_cost:
        return Refusal(rule, f"{ability.name} costs {ability.blood_cost} blood; {vampire.name} has {vampire.blood}")
    return None


def _cost(ctx: WNContext, state: WNState, action: Action) -> tuple[int, Rule]:
    """The action points ``action`` costs and the rule that sets it (wn.pl:304-315)."""
    seat = action.seat if action.seat is not None else 0
    if isinstance(action, Recruit):
        return 2, RECRUIT
    if isinstance(action, ActivateDistrict):
        info = ctx.districts[state.tile_at(state.vampires[seat].cell)]
        return info.cost, ACTIVATE
    rules: dict[type, Rule] = {
        Move: MOVE,
        Expose: EXPOSE,
        Fight: FIGHT_ACTION,
        Hunt: HUNT,
        WildHunt: WILD_HUNT,
    }
    if type(action) in rules:
        return 1, rules[type(action)]
    if isinstance(action, Seal):
        return 1, SEAL
    if isinstance(action, BeginRitual):
        return 1, RITUAL
    return 0, TURN


def _refusal(ctx: WNContext, state: WNState, frame: Turn, action: Action) -> Refusal | None:
    """Why ``action`` is not allowed in the turn of ``frame.seat`` now, or ``None``."""
    seat = frame.seat
    vampire = state.vampires[seat]
    if isinstance(action, UseRelic) and ctx.ruleset.relic_use_turn == "any_night_turn":
        if not 0 <= action.seat < ctx.seats or action.relic not in usable_relics(ctx, state, action.seat, dice=False):
            return Refusal(TURN, f"no vampire of seat {action.seat} may use {action.relic!r} now")
        return None
    if action.seat != seat:
        return Refusal(TURN, f"it is {vampire.name}'s turn")
    if isinstance(action, Pass):
        if action.what != "turn":
            return Refusal(TURN, f"a turn is ended by passing the turn ('turn'), not {action.what!r:.40}")
        if ctx.ruleset.end_turn_with_ap == "must_spend" and vampire.ap > 0:
            return Refusal(TURN, f"{vampire.name} must spend its {vampire.ap} action points first (must_spend)")
        return None
    cost, rule = _cost(ctx, state, action)
    if vampire.ap < cost:
        return Refusal(rule, f"{action.kind} costs {cost} action points; {vampire.name} has {vampire.ap}")
    district = state.districts[vampire.cell]
    if isinstance(action, Move):
        if action.to not in neighbours(vampire.cell):
            return Refusal(MOVE, f"cell {action.to} is not adjacent to the {cell_name(vampire.cell)} district")
        if not 0 <= action.minions <= district.minions:
            return Refusal(MOVE, f"{district.minions} minions are there to take along, not {action.minions}")
        return None
    if isinstance(action, Expose):
        return None
    if isinstance(action, Fight):
        return None if district.revealed else Refusal(FIGHT_ACTION, "no revealed agent is there to fight")
    if isinstance(action, Recruit):
        return None if state.minion_supply else Refusal(RECRUIT, "the supply holds no minion")
    if isinstance(action, ActivateDistrict):
        info = ctx.districts[state.tile_at(vampire.cell)]
        if info.kind != "night":
            return Refusal(ACTIVATE, f"{info.name} has no night effect")
        if ctx.ruleset.night_effect_majority == "majority" and not board.minion_majority(ctx, state, vampire.cell):
            return Refusal(ACTIVATE, f"{info.name} needs more minions than agents (night_effect_majority)")
        return None
    if isinstance(action, UseBlood):
        return _ability_refusal(ctx, state, seat, "blood")
    if isinstance(action, UseDark):
        return _ability_refusal(ctx, state, seat, "dark")
    if isinstance(action, Hunt):
        return (
            None
            if board.unlocked(ctx, state, seat, "hunt")
            else Refusal(HUNT, f"hunting needs {ctx.unlock(seat, 'hunt')} victims")
        )
    if isinstance(action, WildHunt):
        if board.unlocked(ctx, state, seat, "wild_hunt"):
            return None
        return Refusal(WILD_HUNT, f"the Wild Hunt needs {ctx.unlock(seat, 'wild_hunt')} victims")
    if isinstance(action, TradeRelic):
        return trade_refusal(ctx, state, seat, action)
    if isinstance(action, Seal):
        return seal_refusal(ctx, state, seat)
    if isinstance(action, BeginRitual):
        return ritual_refusal(ctx, state, seat)
    if isinstance(action, UseRelic):
        if action.relic not in usable_relics(ctx, state, seat, dice=False):
            return Refusal(TURN, f"{vampire.name} may not use {action.relic!r} now")
        return None
    return Refusal(TURN, f"{action.kind!r} is no night action")


def night_actions(ctx: WNContext, state: WNState, seat: int) -> list[Action]:
    """Every action worth checking in the turn of ``seat`` (the guard filters them)."""
    vampire = state.vampires[seat]
    found: list[Action] = [
        Move(seat, to, n) for to in neighbours(vampire.cell) for n in range(state.districts[vampire.cell].minions + 1)
    ]
    found += [cls(seat) for cls in (Expose, Fight, Recruit, ActivateDistrict, UseBlood, Hunt, WildHunt, UseDark)]
    found += trades(ctx, state, seat)
    found += [Seal(seat), BeginRitual(seat)]
    holders = range(ctx.seats) if ctx.ruleset.relic_use_turn == "any_night_turn" else (seat,)
    found += [UseRelic(holder, relic) for holder in holders for relic in usable_relics(ctx, state, holder, dice=False)]
    found.append(Pass(seat, "turn"))
    return found


def _act(ctx: WNContext, state: WNState, frame: Turn, action: Action) -> WNState:
    """``state`` after the allowed ``action`` of the active vampire."""
    seat = frame.seat
    name = ctx.vampires[seat]
    cost, _ = _cost(ctx, state, action)
    if cost:
        state = board.spend_ap(state, seat, cost)
    cell = state.vampires[seat].cell
    if isinstance(action, Move):
        state = board.move_minions(state, cell, action.to, action.minions)
        state = board.with_vampire(state, seat, replace(state.vampires[seat], cell=action.to))
        along = f" with {action.minions} minions" if action.minions else ""
        return log(state, f"{name} moves to the {cell_name(action.to)} district{along}")
    if isinstance(action, Expose):
        return log(board.reveal_all(state, cell), f"{name} exposes the agents of its district")
    if isinstance(action, Fight):
        return push(state, StartFight(seat, False))
    if isinstance(action, Recruit):
        state, _ = board.put_minions(state, cell, 1)
        return board.change_veil(log(state, f"{name} recruits a minion"), 1, "a new minion")
    if isinstance(action, ActivateDistrict):
        info = ctx.districts[state.tile_at(cell)]
        return run_effect(log(state, f"{name} activates {info.name}"), info.source, "night", cell, seat)
    if isinstance(action, UseBlood | UseDark):
        which = "blood" if isinstance(action, UseBlood) else "dark"
        ability = ctx.blood(seat) if which == "blood" else ctx.dark(seat)
        return run_effect(log(state, f"{name} uses {ability.name}"), ability.source, which, cell, seat)
    if isinstance(action, Hunt):
        return board.gain_blood(ctx, state, seat, 1, f"{name} hunts")[0]
    if isinstance(action, WildHunt):
        state, _ = board.gain_blood(ctx, state, seat, board.blood_max(ctx, state, seat), f"{name} begins the Wild Hunt")
        return board.change_veil(state, -1, "the Wild Hunt")
    if isinstance(action, TradeRelic):
        return trade(ctx, state, action)
    if isinstance(action, Seal):
        return seal(ctx, state, seat)
    if isinstance(action, BeginRitual):
        return ritual(ctx, state, seat)
    if isinstance(action, UseRelic):
        return use_relic(ctx, state, action.seat, seat, action.relic)
    return log(pop(state), f"{name} ends its turn")  # Pass


class NightStartRules(AutoHandler[WNContext, WNState, NightStart]):
    """wn.pl:271-275: 2 action points each (none for the exhausted under ``no_ap``), the leader first."""

    def run(self, ctx: WNContext, state: WNState, frame: NightStart) -> WNState:
        no_ap = ctx.ruleset.exhausted_night_ap == "no_ap"
        vampires = tuple(replace(v, ap=0 if no_ap and v.exhausted else AP_PER_NIGHT) for v in state.vampires)
        state = log(state, f"night {state.round} falls", vampires=vampires, phase=Phase.NIGHT)
        order = [(state.leader + step) % ctx.seats for step in range(ctx.seats)]
        return replace_top(state, RoundEnd(), *(TurnStart(seat) for seat in reversed(order)))


class TurnStartRules(AutoHandler[WNContext, WNState, TurnStart]):
    """wn.pl:277, wn.pl:527: an exhausted vampire recovers first; then its seal's and its district's placed relics'
    passive effects act (``passive_effect_timing = owner_turn_start``), and it plays."""

    def run(self, ctx: WNContext, state: WNState, frame: TurnStart) -> WNState:
        seat = frame.seat
        state = log(replace_top(state, Turn(seat)), f"{ctx.vampires[seat]}'s turn", trades=())
        if state.vampires[seat].exhausted:
            state = recover(ctx, state, seat)
        if ctx.ruleset.passive_effect_timing == "owner_turn_start":
            vampire = state.vampires[seat]
            for placed in sorted(state.placed_relics, key=lambda p: p.relic, reverse=True):
                if placed.cell == vampire.cell:
                    state = run_effect(state, f"relic:{placed.relic}", "placed", placed.cell, seat, placed.by)
            if vampire.seal >= 0:
                state = run_effect(state, f"seal:{vampire.name}", "seal", vampire.seal, seat, seat)
        return state


class TurnRules(DecisionHandler[WNContext, WNState, Turn]):
    """wn.pl:279, wn.pl:304-315: the active vampire's actions, one at a time."""

    def candidates(self, ctx: WNContext, state: WNState, frame: Turn) -> list[Action]:
        return night_actions(ctx, state, frame.seat)

    def guard(self, ctx: WNContext, state: WNState, frame: Turn, action: Action) -> Refusal | None:
        return _refusal(ctx, state, frame, action)

    def apply(self, ctx: WNContext, state: WNState, frame: Turn, action: Action) -> WNState:
        return _act(ctx, state, frame, action)


class RoundEndRules(AutoHandler[WNContext, WNState, RoundEnd]):
    """wn.pl:287: the night is over; the next round's day begins."""

    def run(self, ctx: WNContext, state: WNState, frame: RoundEnd) -> WNState:
        vampires = tuple(replace(v, ap=0) for v in state.vampires)
        state = log(state, f"night {state.round} ends", vampires=vampires)
        return replace_top(replace(state, round=state.round + 1), DayStart())


HANDLERS.handles(NightStart, NightStartRules)
HANDLERS.handles(TurnStart, TurnStartRules)
HANDLERS.handles(Turn, TurnRules)
HANDLERS.handles(RoundEnd, RoundEndRules)
