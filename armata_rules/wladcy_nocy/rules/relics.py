"""Relics (wn.pl:105-107, wn.pl:529-566, wn.pl:630-638): drawn at the Museum and given by the leader, held within a
limit set by victims, traded between vampires in one district, used at night by their cards' text, or placed in a
district for good.

A relic whose ops only stand (Nieskazitelna krew's blood maximum, the Urn's redirection) is passive; a relic marked
``placed`` is placed in its holder's district when used; any other is used for its ops, at most once per round
unless its card says otherwise (interpretation ``relic_use_limit``), and one that changes dice only in a fight's
window (interpretation ``dice_relic_timing``, :mod:`~armata_rules.wladcy_nocy.rules.combat`).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose
from armata_rules.kernel.play.flow import log, pop, push, replace_top
from armata_rules.kernel.play.handlers import ChanceHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy import board, effects
from armata_rules.wladcy_nocy.actions import TradeRelic
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.content.interpreter import run_effect
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import DiscardRelic, DrawRelic, GiveRelic
from armata_rules.wladcy_nocy.state import PlacedRelic, WNState

__all__ = [
    "RELIC_LIMIT",
    "RELIC_TRADE",
    "RELIC_USE",
    "give_relic",
    "shed_excess_blood",
    "trade_refusal",
    "trades",
    "usable_relics",
    "use_relic",
]

RELIC_DRAW: Final = RULES.rule(
    "relics.museum",
    "The Museum's relic: drawn by the leader, given to a vampire that may hold one",
    ("wn.pl:107", "wn.pl:175", "wn.pl:531", "wn.pl:537", "wn.pl:539"),
    "When the Museum's effect fires the leader draws the top relic, reveals it and gives it to a vampire that may "
    "hold a relic, itself included; if none may yet, no card is drawn.",
    readings=("museum_recipient",),
)
RELIC_LIMIT: Final = RULES.rule(
    "relics.limit",
    "How many relics a vampire may hold; one over the limit is discarded at once",
    ("wn.pl:533", "wn.pl:535", "wn.pl:562"),
    "No relic below 2 victims, one from 2, two from 5; a vampire that gains a relic over its limit at once discards "
    "one, old or new.",
)
RELIC_TRADE: Final = RULES.rule(
    "relics.trade",
    "Trading relics in one district",
    ("wn.pl:311", "wn.pl:381", "wn.pl:383", "wn.pl:541", "wn.pl:543"),
    "From 2 victims the active vampire may give, take or swap relics with a vampire in its district, for no action "
    "point, both keeping within their limits; once per other vampire per turn (relic_trade_bound).",
    readings=("relic_trade_bound",),
)
RELIC_USE: Final = RULES.rule(
    "relics.use",
    "Using and placing relics",
    ("wn.pl:564", "wn.pl:566", "wn.pl:630", "wn.pl:632"),
    "Relics are used at night as their cards say, some passive, some paid in action points, blood or veil; some are "
    "placed in a district, where they belong to no one and stay; a relic is used at most once per round in total, "
    "whoever holds it (relic_use_limit), in its holder's own turn (relic_use_turn).",
    readings=("relic_use_limit", "relic_use_turn", "passive_relics_by_day"),
)
IMMACULATE: Final = RULES.rule(
    "relics.blood_max",
    "Nieskazitelna krew raises the blood maximum to 6",
    ("wn.pl:54", "wn.pl:375", "wn.pl:391"),
    "A vampire holds up to 4 blood tokens, or 6 while it holds Nieskazitelna krew; losing the relic returns the blood "
    "above 4 to the supply at once (immaculate_blood_loss).",
    readings=("immaculate_blood_loss",),
)


# ------------------------------------------------------------------------------------------------ the Museum
def give_relic(ctx: WNContext, state: WNState, seat: int, relic: str) -> WNState:
    """The vampire ``seat`` takes ``relic``; over its limit it must discard one at once (wn.pl:562)."""
    vampire = state.vampires[seat]
    held = tuple(sorted((*vampire.relics, relic)))
    state = board.with_vampire(state, seat, replace(vampire, relics=held))
    state = log(state, f"{vampire.name} receives {ctx.relics[relic].name}", drawn_relic="")
    if len(held) > board.relic_limit(vampire.victims):
        state = push(log(state, f"{vampire.name} holds more relics than its limit"), DiscardRelic(seat))
    return state


class DrawRelicRules(ChanceHandler[WNContext, WNState, DrawRelic]):
    """wn.pl:537: the top relic of the shuffled deck, any of those left, each as likely."""

    def outcomes(self, ctx: WNContext, state: WNState, frame: DrawRelic) -> list[tuple[ChanceOutcome, float]]:
        return [(ChanceOutcome("relic", relic), 1 / len(state.relic_deck)) for relic in state.relic_deck]

    def apply(self, ctx: WNContext, state: WNState, frame: DrawRelic, outcome: ChanceOutcome) -> WNState:
        relic = outcome.outcome
        deck = tuple(r for r in state.relic_deck if r != relic)
        state = log(state, f"the leader draws {ctx.relics[relic].name}", relic_deck=deck, drawn_relic=relic)
        recipients = board.relic_recipients(ctx, state) if frame.to < 0 else (frame.to,)
        if len(recipients) == 1:
            return give_relic(ctx, pop(state), recipients[0], relic)
        return replace_top(state, GiveRelic(state.leader))


class GiveRelicRules(DecisionHandler[WNContext, WNState, GiveRelic]):
    """wn.pl:537: the leader gives the drawn relic to a vampire that may hold one, itself included."""

    def candidates(self, ctx: WNContext, state: WNState, frame: GiveRelic) -> list[Action]:
        return [Choose(frame.seat, ctx.vampires[seat]) for seat in board.relic_recipients(ctx, state)]

    def guard(self, ctx: WNContext, state: WNState, frame: GiveRelic, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(RELIC_DRAW, f"the leader ({ctx.vampires[frame.seat]}) gives the relic")
        if not isinstance(action, Choose):
            return Refusal(RELIC_DRAW, f"pick the vampire that receives the relic (choose), not {action.kind!r}")
        allowed = [ctx.vampires[seat] for seat in board.relic_recipients(ctx, state)]
        if action.option not in allowed:
            return Refusal(
                RELIC_DRAW, f"{action.option!r} may not receive it; the leader may give it to {', '.join(allowed)}"
            )
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: GiveRelic, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        return give_relic(ctx, pop(state), ctx.vampires.index(option), state.drawn_relic)


class DiscardRelicRules(DecisionHandler[WNContext, WNState, DiscardRelic]):
    """wn.pl:562: a vampire over its limit discards one of its relics at once, old or new."""

    def candidates(self, ctx: WNContext, state: WNState, frame: DiscardRelic) -> list[Action]:
        return [Choose(frame.seat, relic) for relic in state.vampires[frame.seat].relics]

    def guard(self, ctx: WNContext, state: WNState, frame: DiscardRelic, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(RELIC_LIMIT, f"{ctx.vampires[frame.seat]}, over its limit, discards a relic")
        if not isinstance(action, Choose) or action.option not in state.vampires[frame.seat].relics:
            held = ", ".join(state.vampires[frame.seat].relics)
            return Refusal(RELIC_LIMIT, f"discard one of the relics held ({held})")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: DiscardRelic, action: Action) -> WNState:
        relic = action.option if isinstance(action, Choose) else ""
        vampire = state.vampires[frame.seat]
        state = board.with_vampire(
            state, frame.seat, replace(vampire, relics=tuple(r for r in vampire.relics if r != relic))
        )
        state = log(
            pop(state), f"{vampire.name} discards {ctx.relics[relic].name}", relic_discard=(*state.relic_discard, relic)
        )
        return _shed_now(ctx, state)


# ------------------------------------------------------------------------------------------------ trades
def trades(ctx: WNContext, state: WNState, seat: int) -> list[TradeRelic]:
    """Every trade the active vampire may make now (wn.pl:383, wn.pl:541-543)."""
    found = []
    vampire = state.vampires[seat]
    for other in state.seat_at(vampire.cell):
        if other == seat:
            continue
        for give in ("", *vampire.relics):
            for take in ("", *state.vampires[other].relics):
                action = TradeRelic(seat, other, give, take)
                if (give or take) and trade_refusal(ctx, state, seat, action) is None:
                    found.append(action)
    return found


def trade_refusal(ctx: WNContext, state: WNState, seat: int, action: TradeRelic) -> Refusal | None:
    """Why the trade ``action`` of the active vampire ``seat`` is not allowed now, or ``None``."""
    vampire = state.vampires[seat]
    if not board.unlocked(ctx, state, seat, "trade"):
        return Refusal(RELIC_TRADE, f"{vampire.name} trades relics from {ctx.unlock(seat, 'trade')} victims")
    if not 0 <= action.other < ctx.seats or action.other == seat:
        return Refusal(RELIC_TRADE, "a relic is traded with another vampire of the game")
    other = state.vampires[action.other]
    if other.cell != vampire.cell:
        return Refusal(RELIC_TRADE, f"{other.name} is not in {vampire.name}'s district")
    if not action.give and not action.take:
        return Refusal(RELIC_TRADE, "a trade gives or takes a relic")
    if action.give and action.give not in vampire.relics:
        return Refusal(RELIC_TRADE, f"{vampire.name} holds no {action.give!r}")
    if action.take and action.take not in other.relics:
        return Refusal(RELIC_TRADE, f"{other.name} holds no {action.take!r}")
    mine = len(vampire.relics) - bool(action.give) + bool(action.take)
    theirs = len(other.relics) + bool(action.give) - bool(action.take)
    if mine > board.relic_limit(vampire.victims) or theirs > board.relic_limit(other.victims):
        return Refusal(RELIC_LIMIT, "after the trade each vampire must keep within its relic limit")
    if ctx.ruleset.relic_trade_bound == "once_per_pair_per_turn" and action.other in state.trades:
        return Refusal(RELIC_TRADE, f"{vampire.name} has traded with {other.name} this turn")
    return None


def trade(ctx: WNContext, state: WNState, action: TradeRelic) -> WNState:
    """``state`` after the (allowed) trade."""
    vampire, other = state.vampires[action.seat], state.vampires[action.other]
    mine = tuple(sorted({*vampire.relics, action.take} - {action.give, ""}))
    theirs = tuple(sorted({*other.relics, action.give} - {action.take, ""}))
    state = board.with_vampire(state, action.seat, replace(vampire, relics=mine))
    state = board.with_vampire(state, action.other, replace(other, relics=theirs))
    parts = [f"gives {action.give}" if action.give else "", f"takes {action.take}" if action.take else ""]
    text = f"{vampire.name} {' and '.join(p for p in parts if p)} ({other.name})"
    return _shed_now(ctx, log(state, text, trades=tuple(sorted({*state.trades, action.other}))))


# ------------------------------------------------------------------------------------------------ use
def usable_relics(ctx: WNContext, state: WNState, seat: int, *, dice: bool) -> tuple[str, ...]:
    """The relics the vampire ``seat`` may use now: held, used (not only standing), not spent for the round
    (``relic_use_limit``), and changing dice exactly when ``dice`` (in a fight's window, ``dice_relic_timing``)."""
    found = []
    for relic in state.vampires[seat].relics:
        info = ctx.relics[relic]
        if not info.used or info.dice != dice or (info.placed and dice):
            continue
        limit = info.per_round or (1 if ctx.ruleset.relic_use_limit == "once_per_round" else 0)
        if limit and state.relics_used.count(relic) >= limit:
            continue
        found.append(relic)
    return tuple(found)


def use_relic(ctx: WNContext, state: WNState, seat: int, active: int, relic: str) -> WNState:
    """The vampire ``seat`` uses ``relic`` (``active`` is the vampire playing its turn): a placed relic goes into its
    district for good (wn.pl:566); any other's ops run, and the use is counted for the round (wn.pl:630-632)."""
    vampire = state.vampires[seat]
    info = ctx.relics[relic]
    if info.placed:
        state = board.with_vampire(state, seat, replace(vampire, relics=tuple(r for r in vampire.relics if r != relic)))
        placed = tuple(sorted((*state.placed_relics, PlacedRelic(relic, vampire.cell, seat)), key=lambda p: p.relic))
        return _shed_now(ctx, log(state, f"{vampire.name} places {info.name} in its district", placed_relics=placed))
    state = log(state, f"{vampire.name} uses {info.name}", relics_used=(*state.relics_used, relic))
    return run_effect(state, info.source, "relic", vampire.cell, active, seat)


def _shed_now(ctx: WNContext, state: WNState) -> WNState:
    """``state`` with blood above a fallen maximum returned where a relic has just left a hand: "at once" (wn.pl:54)
    is before the automatic steps after it, which the "as soon as" rule :func:`shed_excess_blood` runs only once
    they have (the 1,000,000-decision soak found a vampire at 6 blood over a maximum of 4 when the game ended in the
    same action)."""
    return shed_excess_blood(ctx, state, state)


def shed_excess_blood(ctx: WNContext, before: WNState, after: WNState) -> WNState:
    """As soon as a vampire holds more blood than its maximum (it lost Nieskazitelna krew), the excess returns to the
    supply (reading ``immaculate_blood_loss = return_excess``); under ``keep_until_spent`` it keeps it."""
    if after.outcome is not None or ctx.ruleset.immaculate_blood_loss == "keep_until_spent":
        return after
    for seat, vampire in enumerate(after.vampires):
        blood, excess = effects.blood_shed(vampire.blood, board.blood_max(ctx, after, seat))
        if excess:
            after = board.with_vampire(after, seat, replace(vampire, blood=blood))
            text = f"{vampire.name} may hold {blood} blood now: {excess} go back to the supply"
            after = log(after, text, blood_supply=after.blood_supply + excess)
    return after


HANDLERS.handles(DrawRelic, DrawRelicRules)
HANDLERS.handles(GiveRelic, GiveRelicRules)
HANDLERS.handles(DiscardRelic, DiscardRelicRules)
