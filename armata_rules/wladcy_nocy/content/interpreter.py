"""The content interpreter: the ops of :mod:`~armata_rules.wladcy_nocy.content.ops` executed against the state,
each through the board's helpers and so through the game's kernels (:mod:`armata_rules.wladcy_nocy.board`,
:mod:`armata_rules.wladcy_nocy.effects`).

An effect runs as an :class:`~armata_rules.wladcy_nocy.frames.Ops` frame, one op per automatic step: the end of the
game is checked between two ops, so a Dark ability whose cost brings the veil to 0 loses before its effect
(wn.pl:401). An op whose selector is ``leader_choice`` waits for the leader's pick (:class:`OpTarget`); agents are
added through :class:`PlaceAgents`, which asks the leader where the last agents go when the pool runs short
(wn.pl:257) and counts the veil an event's placements cost (wn.pl:243-247). A ``hook`` (a function inside this
package) runs as one step, ``hook(ctx, state, frame) -> state``; the proof record lists it as not proved.

What each selector picks depends on who runs the effect (``Ops.context``): ``here`` is the district of the acting
vampire, of the district whose effect it is, or of the seal or relic; ``active`` the acting vampire; ``holder`` the
relic's holder; ``event_place`` the positions marked on the event card the effect's ``event_place`` op took from the
deck (:class:`EventPlace`, a chance step; the card only marks the place and is never resolved, wn.pl:626-628).
:mod:`armata_rules.wladcy_nocy.context` refuses content that names one where it means nothing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, Choose
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy import board, effects
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import CELLS, cell_index, cell_name, named
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import DrawRelic, EventPlace, Ops, OpTarget, PickPlacement, PlaceAgents
from armata_rules.wladcy_nocy.state import PlacedCard, WNState

__all__ = [
    "ABILITY",
    "CARD_DISCARD",
    "EFFECT_TARGET",
    "OPS_IN_ORDER",
    "PLACEMENT",
    "REPLACE",
    "discard_fulfilled",
    "run_effect",
]

OPS_IN_ORDER: Final = RULES.rule(
    "effects.in_order",
    "An effect is resolved in full, op by op",
    ("wn.pl:219", "wn.pl:401", "wn.pl:596"),
    "An effect's ops run in order, one step each, so the end of the game is checked between a cost and its effect; "
    "effects change the veil only where their ops say so.",
)
EFFECT_TARGET: Final = RULES.rule(
    "effects.leader_choice",
    "The leader decides where an effect acts",
    ("wn.pl:60", "wn.pl:219", "wn.pl:237"),
    "Where an effect leaves the district or vampire open, the leader picks it among those it can act on.",
)
PLACEMENT: Final = RULES.rule(
    "events.placement",
    "Agents come from the pool; an event's placements weaken the veil",
    ("wn.pl:225", "wn.pl:237", "wn.pl:243", "wn.pl:245", "wn.pl:247", "wn.pl:257", "wn.pl:523", "wn.pl:634-638"),
    "Agents enter hidden unless the card says otherwise. An event's agent landing where a minion or a ready vampire "
    "is costs 1 veil (per placement, or per agent); each agent the empty pool cannot supply costs 1 (an event's "
    "always, another effect's only under empty_pool_non_event = penalty); an event's weakening waits for the end "
    "of the card. When the pool runs short the leader picks where the last agents go. A placed relic that "
    "redirects an event's agents takes them, and the veil is judged where they land.",
    readings=("veil_penalty_unit", "empty_pool_non_event", "passive_relics_by_day"),
)
CARD_DISCARD: Final = RULES.rule(
    "events.placed_cards",
    "Placed event cards are discarded as soon as their condition holds",
    ("wn.pl:235", "wn.pl:614-616", "wn.pl:618"),
    "A card placed on a district or a vampire's card is discarded as soon as its condition holds there, never before "
    "it is placed; while its own card is being resolved the check waits for the end of the card (after_card) or is "
    "made at once (immediate).",
    readings=("event_discard_timing",),
)
REPLACE: Final = RULES.rule(
    "effects.replace",
    "Replacing agents by minions and minions by agents",
    ("wn.pl:602", "wn.pl:604", "wn.pl:606", "wn.pl:608"),
    "An agent to be replaced by a minion when the supply has none is simply discarded; a minion to be replaced by an "
    "agent when the pool has none is discarded, and the veil weakens by 1 if an event card caused it.",
    readings=("agent_side_order",),
)
ABILITY: Final = RULES.rule(
    "effects.abilities",
    "What abilities kill and recruit",
    ("wn.pl:365", "wn.pl:367", "wn.pl:403"),
    "Agents killed by a Blood or Dark ability add no victims unless the ability says so (Laszlo's Blood ability); "
    "minions gained by an ability never strengthen the veil.",
    readings=("agent_side_order",),
)

#: The contexts in which effects run: an event card, a district's day or night effect, the Blood or Dark ability,
#: a held relic, a seal's or a placed relic's passive effect.
ABILITIES: Final = frozenset({"blood", "dark"})


def run_effect(
    state: WNState, source: str, context: str, here: int = -1, active: int = -1, holder: int = -1
) -> WNState:
    """``state`` with the effect ``source`` pushed to run next."""
    return push(state, Ops(source, context, 0, here, active, holder))


# ------------------------------------------------------------------------------------------------ selectors
def _cells(ctx: WNContext, state: WNState, frame: Ops | OpTarget, selector: object) -> tuple[int, ...] | None:
    """The cells a district selector picks; ``None`` for ``leader_choice`` (the leader decides)."""
    if selector == "leader_choice":
        return None
    if selector == "here":
        return (frame.here,) if frame.here >= 0 else ()
    if selector == "event_place":
        return frame.place
    if isinstance(selector, Mapping) and "at" in selector:
        row, col = selector["at"]
        return (cell_index((int(row), int(col))),)
    if isinstance(selector, Mapping) and "tile" in selector:
        cell = state.cell_of(str(selector["tile"]))
        return (cell,) if cell >= 0 else ()
    if isinstance(selector, Mapping) and "each" in selector:
        return tuple(c for c in CELLS if all(board.predicate(ctx, state, c, p) for p in selector["each"]))
    return ()


def _seat(frame: Ops | OpTarget, selector: object) -> int | None:
    """The seat a vampire selector picks (-1 for none); ``None`` for ``leader_choice``."""
    if selector == "leader_choice":
        return None
    return frame.active if selector == "active" else frame.holder


def _choice_arg(op: Mapping[str, Any]) -> str | None:
    """The argument of ``op`` left to the leader before it runs, if any (a drawn relic's recipient is picked once the
    relic is drawn, wn.pl:537)."""
    if op["op"] == "draw_relic":
        return None
    for name in ("where", "from", "to", "target"):
        value = op.get(name)
        if value == "leader_choice" or (isinstance(value, Mapping) and value.get("vampire") == "leader_choice"):
            return name
    return None


def _options(ctx: WNContext, state: WNState, op: Mapping[str, Any], arg: str, frame: Ops | OpTarget) -> list[str]:
    """What the leader may pick for the argument ``arg`` of ``op``: cells (by name) or vampires (by id)."""
    word = op["op"]
    if arg == "target" or isinstance(op.get(arg), Mapping):
        return list(ctx.vampires)
    if word in ("remove_agents", "replace_agents") or (word == "move_agents" and arg == "from"):
        target = _cells(ctx, state, frame, op.get("to")) if word == "move_agents" else None
        return [cell_name(c) for c in CELLS if state.districts[c].agents > 0 and (target is None or c not in target)]
    if word == "replace_minions":
        return [cell_name(c) for c in CELLS if state.districts[c].minions > 0]
    if word == "reveal":
        return [cell_name(c) for c in CELLS if state.districts[c].hidden > 0]
    if word == "move_agents" and arg == "to":
        sources = _cells(ctx, state, frame, op.get("from")) or ()
        return [cell_name(c) for c in CELLS if c not in sources]
    return [cell_name(c) for c in CELLS]


# ------------------------------------------------------------------------------------------------ the ops
def _event_place(ctx: WNContext, state: WNState, op: Mapping[str, Any]) -> WNState:
    """The ``event_place`` op: the top event card is taken (a chance step, :class:`EventPlace`) to mark the place of
    the effect's later ops. With the deck empty the game is lost (the end test sees the frame, wn.pl:445) or, under
    ``event_place_empty_deck = no_place``, no card marks a place and those ops act nowhere."""
    if state.events.empty and ctx.ruleset.event_place_empty_deck == "no_place":
        top = state.frames[-1]
        state = replace_top(state, replace(top, place=())) if isinstance(top, Ops) else state
        return log(state, "the event deck is empty: no card marks a place, so what acts there acts nowhere")
    return push(state, EventPlace(str(op["take"]), str(op["mark"])))


def _card_of(frame: Ops | OpTarget) -> str:
    return frame.source.partition(":")[2] if frame.context == "event" else ""


def _veil(ctx: WNContext, state: WNState, frame: Ops | OpTarget, op: Mapping[str, Any]) -> WNState:
    delta = int(op["delta"])
    what = f"{frame.source} ({op['kind']})"
    if delta < 0 and frame.context == "event":
        return board.weaken_later(state, -delta, what)
    return board.change_veil(state, delta, what)


def _penalty(ctx: WNContext, state: WNState, cell: int, landed: int, why: str) -> WNState:
    """An event's agents landed in ``cell``: the veil it costs, weakened once the card is resolved (wn.pl:243)."""
    per_agent = ctx.ruleset.veil_penalty_unit == "per_agent"
    cost = int(effects.placement_penalty(landed, board.near(state, cell), per_agent))
    return board.weaken_later(state, cost, f"agents land beside minions or a ready vampire ({cell_name(cell)})")


def _unplaced(ctx: WNContext, state: WNState, missing: int, event: bool) -> WNState:
    """``missing`` agents the empty pool could not supply: 1 veil each for an event's (deferred, wn.pl:245,
    wn.pl:247), and for another effect's only under ``empty_pool_non_event = penalty`` (wn.pl:596)."""
    if missing <= 0:
        return state
    if event:
        return board.weaken_later(state, missing, f"{missing} agents cannot be placed: the pool is empty")
    if ctx.ruleset.empty_pool_non_event == "penalty":
        return board.change_veil(state, -missing, f"{missing} agents cannot be placed: the pool is empty")
    return log(state, f"{missing} agents cannot be placed: the pool is empty (no penalty outside an event)")


def _apply(
    ctx: WNContext, state: WNState, frame: Ops | OpTarget, op: Mapping[str, Any], chosen: object = None
) -> WNState:
    """``state`` after ``op``; ``chosen`` is the leader's pick (a cell or a seat) for the argument left to it."""
    word = op["op"]
    arg = _choice_arg(op)

    def cells(name: str) -> tuple[int, ...]:
        if name == arg:
            return (int(str(chosen)),)
        return _cells(ctx, state, frame, op.get(name)) or ()

    def seat(name: str) -> int:
        if name == arg:
            return int(str(chosen))
        value = op.get(name)
        found = _seat(frame, value["vampire"] if isinstance(value, Mapping) else value)
        return -1 if found is None else found

    event = frame.context == "event"
    if word == "add_agents":
        demands = tuple((cell, int(op["n"])) for cell in cells("where"))
        return push(state, PlaceAgents(demands, event, bool(op.get("hidden", True))))
    if word == "move_agents":
        targets = cells("to")
        if not targets:
            return log(state, f"{frame.source}: no district to move agents to")
        for source in cells("from"):
            if source == targets[0]:
                continue
            state, moved = board.shift_agents(ctx, state, source, targets[0], int(op["n"]))
            state = log(
                state, f"{frame.source}: {moved} agents move from {cell_name(source)} to {cell_name(targets[0])}"
            )
            if event and moved:
                state = _penalty(ctx, state, targets[0], moved, frame.source)
        return state
    if word == "reveal":
        for cell in cells("where"):
            state = board.reveal_all(state, cell)
        return state
    if word in ("remove_agents", "replace_agents"):
        for cell in cells("where"):
            state, removed = board.take_agents(ctx, state, cell, int(op["n"]))
            state = log(state, f"{frame.source}: {removed} agents are removed from {cell_name(cell)}")
            if word == "replace_agents" and removed:
                state, placed = board.put_minions(state, cell, removed)
                state = log(state, f"{frame.source}: {placed} minions replace them ({removed - placed} discarded)")
            if word == "remove_agents" and frame.context in ABILITIES and frame.active >= 0:
                ability = ctx.blood(frame.active) if frame.context == "blood" else ctx.dark(frame.active)
                if ability.adds_victims:
                    state = board.gain_victims(ctx, state, frame.active, removed, ability.name)
        return state
    if word == "replace_minions":
        for cell in cells("where"):
            count = min(int(op["n"]), state.districts[cell].minions)
            state = board.take_minions(ctx, state, cell, count)
            state, placed = board.put_agents(state, cell, count, True)
            state = log(state, f"{frame.source}: {count} minions are replaced by {placed} agents in {cell_name(cell)}")
            if event and placed:
                state = _penalty(ctx, state, cell, placed, frame.source)
            if event:
                state = board.weaken_later(state, count - placed, "a minion is discarded with no agent to replace it")
        return state
    if word == "add_minions":
        for cell in cells("where"):
            state, placed = board.put_minions(state, cell, int(op["n"]))
            state = log(state, f"{frame.source}: {placed} minions join the {cell_name(cell)} district")
            if placed and op["veil_bonus"] and frame.context not in ABILITIES:
                state = board.change_veil(state, placed, f"{frame.source}: new minions")
        return state
    if word == "veil":
        return _veil(ctx, state, frame, op)
    if word == "blood":
        target = seat("target")
        if target < 0:
            return state
        delta = int(op["delta"])
        if delta > 0:
            return board.gain_blood(ctx, state, target, delta, frame.source)[0]
        return board.lose_blood(ctx, state, target, -delta, frame.source)[0]
    if word == "ap":
        target = seat("target")
        if target < 0 or state.phase.value != "night":
            return log(state, f"{frame.source}: action points count only at night; nothing changes")
        return board.change_ap(state, target, int(op["delta"]), frame.source)
    if word == "dice_modify":
        fight = state.fight
        if fight is None or not fight.taken:
            return log(state, f"{frame.source}: no dice are chosen; nothing changes")
        values = tuple(int(effects.die_value(v, int(op["delta"]))) for v in fight.taken)
        return log(state, f"{frame.source}: the chosen dice become {list(values)}", fight=replace(fight, taken=values))
    if word == "draw_relic":
        if not state.relic_deck:
            return log(state, f"{frame.source}: the relic deck is empty; no card is drawn")
        if not board.relic_recipients(ctx, state):
            return log(state, f"{frame.source}: no vampire may hold a relic yet; no card is drawn (wn.pl:539)")
        return push(state, DrawRelic(-1 if op["to"] == "leader_choice" else seat("to")))
    if word == "place_card":
        return _place_card(ctx, state, frame, op, chosen if arg == "where" else None)
    if word == "event_place":
        return _event_place(ctx, state, op)
    # blood_max and redirect_agents act while their relic is held or placed (board.blood_max, board.redirect_cell)
    return log(state, f"{frame.source}: {word} acts while its relic is held or placed")


def _place_card(
    ctx: WNContext, state: WNState, frame: Ops | OpTarget, op: Mapping[str, Any], chosen: object
) -> WNState:
    card = _card_of(frame)
    where = op["where"]
    pred = op["discard_when"]
    if isinstance(where, Mapping) and "vampire" in where:
        seat = int(str(chosen)) if chosen is not None else _seat(frame, where["vampire"])
        if seat is None or seat < 0:
            return log(state, f"{frame.source}: no vampire card to place the card on")
        placed = PlacedCard(card, -1, seat, str(pred["pred"]), str(pred.get("side", "")), bool(pred.get("negate")))
        where_text = f"{ctx.vampires[seat]}'s card"
    else:
        cells = (int(str(chosen)),) if chosen is not None else _cells(ctx, state, frame, where) or ()
        if not cells:
            return log(state, f"{frame.source}: no district to place the card in")
        placed = PlacedCard(card, cells[0], -1, str(pred["pred"]), str(pred.get("side", "")), bool(pred.get("negate")))
        where_text = f"the {cell_name(cells[0])} district"
    state = log(state, f"{card} is placed on {where_text}", placed_cards=(*state.placed_cards, placed))
    if ctx.ruleset.event_discard_timing == "immediate":
        state = discard_fulfilled(ctx, state, card)
    return state


def _holds(ctx: WNContext, state: WNState, placed: PlacedCard) -> bool:
    cell = placed.cell if placed.cell >= 0 else state.vampires[placed.seat].cell
    pred: dict[str, object] = {"pred": placed.pred, "negate": placed.negate}
    if placed.side:
        pred["side"] = placed.side
    return board.predicate(ctx, state, cell, pred)


def discard_fulfilled(ctx: WNContext, state: WNState, only: str | None = None) -> WNState:
    """Every placed event card (or only the card ``only``) whose condition holds where it lies, discarded
    (wn.pl:614-618). A card still being resolved is left alone unless it is ``only``."""
    kept = []
    for placed in state.placed_cards:
        waiting = placed.card == state.card and only != placed.card
        if (only is None or placed.card == only) and not waiting and _holds(ctx, state, placed):
            state = log(state, f"{placed.card}'s condition holds: the card is discarded")
            state = replace(state, event_discard=(*state.event_discard, placed.card))
            continue
        kept.append(placed)
    if len(kept) == len(state.placed_cards):
        return state
    return replace(state, placed_cards=tuple(kept))


# ------------------------------------------------------------------------------------------------ handlers
def _call_hook(ctx: WNContext, state: WNState, frame: Ops) -> WNState:
    module_name, _, function = ctx.hooks[frame.source].partition(":")
    hook: Callable[[WNContext, WNState, Ops], WNState] = getattr(importlib.import_module(module_name), function)
    return hook(ctx, log(state, f"{frame.source}: the hook {ctx.hooks[frame.source]} runs"), frame)


class OpsRules(AutoHandler[WNContext, WNState, Ops]):
    """wn.pl:219, wn.pl:401: the next op of the effect, one per step."""

    def run(self, ctx: WNContext, state: WNState, frame: Ops) -> WNState:
        if frame.source in ctx.hooks:
            return _call_hook(ctx, pop(state), frame)
        ops = ctx.ops(frame.source)
        if frame.index >= len(ops):
            return pop(state)
        op = ops[frame.index]
        state = replace_top(state, replace(frame, index=frame.index + 1))
        arg = _choice_arg(op)
        if arg is None:
            return _apply(ctx, state, frame, op)
        options = _options(ctx, state, op, arg, frame)
        if not options:
            return log(state, f"{frame.source}: {op['op']} has nothing to act on")
        target = OpTarget(
            state.leader, frame.source, frame.context, frame.index, frame.here, frame.active, frame.holder, frame.place
        )
        return push(state, target)


def _op_of(ctx: WNContext, frame: OpTarget) -> Mapping[str, Any]:
    return ctx.ops(frame.source)[frame.index]


class OpTargetRules(DecisionHandler[WNContext, WNState, OpTarget]):
    """wn.pl:60, wn.pl:219: the leader picks the district or vampire an op acts on."""

    def candidates(self, ctx: WNContext, state: WNState, frame: OpTarget) -> list[Action]:
        op = _op_of(ctx, frame)
        return [Choose(frame.seat, option) for option in _options(ctx, state, op, str(_choice_arg(op)), frame)]

    def guard(self, ctx: WNContext, state: WNState, frame: OpTarget, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(EFFECT_TARGET, f"the leader ({ctx.vampires[frame.seat]}) decides where the effect acts")
        if not isinstance(action, Choose):
            return Refusal(EFFECT_TARGET, f"pick where {frame.source} acts (choose), not {action.kind!r}")
        op = _op_of(ctx, frame)
        options = _options(ctx, state, op, str(_choice_arg(op)), frame)
        if action.option not in options:
            return Refusal(EFFECT_TARGET, f"{action.option!r} is not one of {', '.join(options)}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: OpTarget, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        chosen = named(option)
        picked: int = chosen if chosen is not None else ctx.vampires.index(option)
        state = log(pop(state), f"the leader picks {option} for {frame.source}")
        return _apply(ctx, state, frame, _op_of(ctx, frame), picked)


def _landing(ctx: WNContext, state: WNState, cell: int, event: bool) -> int:
    """Where an agent meant for ``cell`` lands: a placed relic may redirect an event's agents (wn.pl:634-638)."""
    if not event:
        return cell
    redirect = board.redirect_cell(ctx, state)
    return cell if redirect < 0 else redirect


def _place(
    ctx: WNContext, state: WNState, frame: PlaceAgents | PickPlacement, index: int, count: int
) -> tuple[WNState, int, tuple[int, ...]]:
    """Up to ``count`` agents of demand ``index`` placed; the state, how many, and the demands that have landed."""
    cell = frame.demands[index][0]
    landing = _landing(ctx, state, cell, frame.event)
    state, placed = board.put_agents(state, landing, count, frame.hidden)
    landed = frame.landed
    if placed:
        where = cell_name(landing) + ("" if landing == cell else f" (redirected from {cell_name(cell)})")
        state = log(state, f"{placed} agents arrive in the {where} district")
        if frame.event and (ctx.ruleset.veil_penalty_unit == "per_agent" or index not in landed):
            state = _penalty(ctx, state, landing, placed, "an event")
        landed = tuple(sorted({*landed, index}))
    return state, placed, landed


class PlaceAgentsRules(AutoHandler[WNContext, WNState, PlaceAgents]):
    """wn.pl:225, wn.pl:243-247, wn.pl:257: agents from the pool; the leader decides when it runs short."""

    def run(self, ctx: WNContext, state: WNState, frame: PlaceAgents) -> WNState:
        demands = frame.demands
        total = sum(n for _, n in demands)
        targets = {cell for cell, n in demands if n > 0}
        if total == 0:
            return pop(state)
        if state.agent_pool >= total or len(targets) == 1 or state.agent_pool == 0:
            landed = frame.landed
            missing = 0
            for index, (_, count) in enumerate(demands):
                if count == 0:
                    continue
                state, placed, landed = _place(ctx, state, replace(frame, landed=landed), index, count)
                missing += count - placed
            return _unplaced(ctx, pop(state), missing, frame.event)
        return replace_top(state, PickPlacement(state.leader, demands, frame.event, frame.hidden, frame.landed))


class PickPlacementRules(DecisionHandler[WNContext, WNState, PickPlacement]):
    """wn.pl:257: the pool cannot supply every agent; the leader places them one at a time where it decides."""

    def candidates(self, ctx: WNContext, state: WNState, frame: PickPlacement) -> list[Action]:
        cells = sorted({cell for cell, n in frame.demands if n > 0})
        return [Choose(frame.seat, cell_name(cell)) for cell in cells]

    def guard(self, ctx: WNContext, state: WNState, frame: PickPlacement, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(PLACEMENT, f"the leader ({ctx.vampires[frame.seat]}) places the agents")
        if not isinstance(action, Choose):
            return Refusal(PLACEMENT, f"pick a district for the next agent (choose), not {action.kind!r}")
        cell = named(action.option)
        if cell is None or not any(c == cell and n > 0 for c, n in frame.demands):
            return Refusal(PLACEMENT, f"{action.option!r} is not a district still waiting for an agent")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: PickPlacement, action: Action) -> WNState:
        cell = named(action.option) if isinstance(action, Choose) else None
        index = next(i for i, (c, n) in enumerate(frame.demands) if c == cell and n > 0)
        state, _, landed = _place(ctx, state, frame, index, 1)
        demands = tuple((c, n - 1 if i == index else n) for i, (c, n) in enumerate(frame.demands))
        return replace_top(state, PlaceAgents(demands, frame.event, frame.hidden, landed))


HANDLERS.handles(Ops, OpsRules)
HANDLERS.handles(OpTarget, OpTargetRules)
HANDLERS.handles(PlaceAgents, PlaceAgentsRules)
HANDLERS.handles(PickPlacement, PickPlacementRules)
