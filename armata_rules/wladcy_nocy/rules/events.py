"""The event card of the day (wn.pl:223-247): the leader reveals the top card, places the agents of its city plan by
the veil track's numbers, resolves its text, and only then weakens the veil by what the card cost (wn.pl:247).

The card is drawn when it is revealed, uniformly from the cards of its act not yet seen
(:class:`~armata_rules.kernel.equipment.decks.SegmentedDeck`): at most 18 outcomes per chance step. Revealing from an
empty deck loses the game (:mod:`~armata_rules.wladcy_nocy.rules.end`). Cards placed on a district or a vampire's
card are discarded as soon as their condition holds (wn.pl:614-618): at the end of their own card, and after every
action (:func:`discard_placed_cards`, one of the game's "as soon as" rules).

An ability may also take the top card only to mark where it acts (Nevena's, wn.pl:626-628; the op ``event_place``):
the card is drawn as a reveal draws it, so the deck, the game's timer, is one card shorter, but it is never resolved
(:class:`EventPlaceRules`).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose
from armata_rules.kernel.play.flow import log, pop, replace_top
from armata_rules.kernel.play.handlers import AutoHandler, ChanceHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy import board
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import cell_name, named
from armata_rules.wladcy_nocy.content.interpreter import discard_fulfilled
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import BlueSplit, EventPlace, FlushVeil, Ops, PlaceAgents, RevealEvent, Spawn
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["BLUE_SPLIT", "EVENT_CARD", "EVENT_PLACE", "FLUSH", "SPAWN", "discard_placed_cards"]

EVENT_CARD: Final = RULES.rule(
    "events.reveal",
    "The leader reveals and resolves the top event card",
    ("wn.pl:91", "wn.pl:223", "wn.pl:225", "wn.pl:237"),
    "Each day the leader reveals the top card of the event deck: first its city plan's agents come, hidden, then "
    "the leader resolves its text.",
)
SPAWN: Final = RULES.rule(
    "events.spawn",
    "The city plan and the veil track place the agents",
    ("wn.pl:225", "wn.pl:227", "wn.pl:229", "wn.pl:231", "wn.pl:233", "wn.pl:259"),
    "The veil track's numbers for its position (veil 4-6: the left numbers, 1-3: the right ones) say how many agents "
    "come: the red cross's one number to its district, the blue-grey pair's two numbers to theirs, both the same if "
    "equal, split by decision if they differ. Plans address positions of the city, not tiles.",
)
BLUE_SPLIT: Final = RULES.rule(
    "events.blue_split",
    "Who splits the blue-grey numbers",
    ("wn.pl:60", "wn.pl:233", "wn.pl:259"),
    "When the two blue-grey numbers differ, the leader decides which position gets which (the players decide, "
    "with the leader's word final, under blue_grey_split_decider = players).",
    readings=("blue_grey_split_decider",),
)
FLUSH: Final = RULES.rule(
    "events.after_card",
    "An event weakens the veil once the card is resolved; the card then leaves or stays",
    ("wn.pl:235", "wn.pl:247"),
    "The veil an event card costs is taken once the card is fully resolved; then the card goes back to the box, "
    "unless it stays in play or lies where it was placed.",
)
EVENT_PLACE: Final = RULES.rule(
    "events.place_only",
    "An event card an ability draws or discards only marks where the ability acts",
    ("wn.pl:445", "wn.pl:626-628"),
    "An ability that draws or discards an event card (Nevena's) takes the top card of the deck, which is one card "
    "shorter, the game's timer with it; the card's city plan only marks the positions where the ability acts: no "
    "agents come by the plan, its text is not resolved, and it is discarded. When the deck is empty the game is lost, "
    "a player having to take an event card from an empty deck (game_lost), or no card marks a place and what acts "
    "there acts nowhere (no_place).",
    readings=("event_place_empty_deck",),
)


def discard_placed_cards(ctx: WNContext, before: WNState, after: WNState) -> WNState:
    """As soon as a placed event card's condition holds where it lies, it is discarded (wn.pl:614-616): checked after
    every action (the card being resolved waits for its end, :class:`FlushVeil`)."""
    if after.outcome is not None or not after.placed_cards:
        return after
    return discard_fulfilled(ctx, after)


class RevealEventRules(ChanceHandler[WNContext, WNState, RevealEvent]):
    """wn.pl:225: the top card of the deck, which is any card of its act not yet seen, each as likely."""

    def outcomes(self, ctx: WNContext, state: WNState, frame: RevealEvent) -> list[tuple[ChanceOutcome, float]]:
        cards = state.events.candidates()
        return [(ChanceOutcome("event", card), 1 / len(cards)) for card in cards]

    def apply(self, ctx: WNContext, state: WNState, frame: RevealEvent, outcome: ChanceOutcome) -> WNState:
        deck, card = state.events.draw(state.events.candidates().index(outcome.outcome))
        info = ctx.events[card]
        text = f"the leader reveals {info.name} (act {info.deck}); {deck.cards_left} cards left"
        state = log(state, text, events=deck, card=card)
        return replace_top(state, FlushVeil(card), Ops(info.source, "event"), Spawn(card))


def _demands(ctx: WNContext, state: WNState, card: str, first: int) -> tuple[tuple[int, int], ...]:
    """The plan's agents as (cell, count): the red crosses' number, then the blue-grey pair's, ``first`` (a cell)
    getting the pair's first number."""
    info = ctx.events[card]
    band = ctx.bands["high" if state.veil >= 4 else "low"]
    demands = [(cell, band.red) for cell in info.red]
    if len(info.blue) == 2:
        a, b = info.blue if first in (-1, info.blue[0]) else (info.blue[1], info.blue[0])
        demands += [(a, band.blue[0]), (b, band.blue[1])]
    return tuple((cell, n) for cell, n in demands if n > 0)


def _decider(ctx: WNContext, state: WNState) -> int:
    """Who splits the blue-grey numbers: the leader, or (``players``) the table, whose choice the leader's player
    announces (wn.pl:233, wn.pl:259)."""
    return state.leader


class SpawnRules(AutoHandler[WNContext, WNState, Spawn]):
    """wn.pl:225-233: the plan's agents by the veil track's numbers for the veil now."""

    def run(self, ctx: WNContext, state: WNState, frame: Spawn) -> WNState:
        info = ctx.events[frame.card]
        band = ctx.bands["high" if state.veil >= 4 else "low"]
        if len(info.blue) == 2 and band.blue[0] != band.blue[1]:
            return replace_top(state, BlueSplit(_decider(ctx, state), frame.card))
        return replace_top(state, PlaceAgents(_demands(ctx, state, frame.card, -1), True))


class BlueSplitRules(DecisionHandler[WNContext, WNState, BlueSplit]):
    """wn.pl:233, wn.pl:259: the blue-grey numbers differ; the position that gets the first one is decided."""

    def candidates(self, ctx: WNContext, state: WNState, frame: BlueSplit) -> list[Action]:
        return [Choose(frame.seat, cell_name(cell)) for cell in ctx.events[frame.card].blue]

    def guard(self, ctx: WNContext, state: WNState, frame: BlueSplit, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(BLUE_SPLIT, f"the leader ({ctx.vampires[frame.seat]}) splits the blue-grey numbers")
        if not isinstance(action, Choose):
            return Refusal(BLUE_SPLIT, f"pick the position that gets the first number (choose), not {action.kind!r}")
        if named(action.option) not in ctx.events[frame.card].blue:
            names = ", ".join(cell_name(c) for c in ctx.events[frame.card].blue)
            return Refusal(BLUE_SPLIT, f"{action.option!r} is no blue-grey position of the card ({names})")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: BlueSplit, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        first = named(option)
        who = "the leader" if ctx.ruleset.blue_grey_split_decider == "leader" else "the players, through the leader"
        number = ctx.bands["high" if state.veil >= 4 else "low"].blue[0]
        state = log(state, f"the {option} district gets the blue-grey number {number} (decided by {who})")
        return replace_top(state, PlaceAgents(_demands(ctx, state, frame.card, -1 if first is None else first), True))


class EventPlaceRules(ChanceHandler[WNContext, WNState, EventPlace]):
    """wn.pl:626-628: the top card, any card of its act not yet seen as a reveal's is, marks the place of the effect
    below it and is discarded unresolved."""

    def outcomes(self, ctx: WNContext, state: WNState, frame: EventPlace) -> list[tuple[ChanceOutcome, float]]:
        cards = state.events.candidates()
        return [(ChanceOutcome("event", card), 1 / len(cards)) for card in cards]

    def apply(self, ctx: WNContext, state: WNState, frame: EventPlace, outcome: ChanceOutcome) -> WNState:
        deck, card = state.events.draw(state.events.candidates().index(outcome.outcome))
        info = ctx.events[card]
        cells = info.red if frame.mark == "red" else info.blue
        state = pop(state)
        effect = state.frames[-1] if state.frames else None
        who = ctx.vampires[effect.active] if isinstance(effect, Ops) and effect.active >= 0 else "the effect"
        marked = " and ".join(cell_name(cell) for cell in cells) or "no position"
        text = (
            f"{who} {frame.take}s {info.name} (act {info.deck}) only for its plan: its {frame.mark} crosses mark "
            f"{marked}; the card is not resolved and is discarded; {deck.cards_left} cards left"
        )
        state = log(state, text, events=deck, unresolved_events=(*state.unresolved_events, card))
        return replace_top(state, replace(effect, place=cells)) if isinstance(effect, Ops) else state


class FlushVeilRules(AutoHandler[WNContext, WNState, FlushVeil]):
    """wn.pl:247, wn.pl:235, wn.pl:614-618: the card's weakening applied, placed cards checked, the card put away."""

    def run(self, ctx: WNContext, state: WNState, frame: FlushVeil) -> WNState:
        info = ctx.events[frame.card]
        pending = state.pending_veil
        state = pop(log(state, f"{info.name} is resolved", pending_veil=0, card=""))
        if pending:
            state = board.change_veil(state, -pending, f"{info.name} weakens the veil")
        state = discard_fulfilled(ctx, state)
        if any(p.card == frame.card for p in state.placed_cards) or frame.card in state.event_discard:
            return state
        if info.stays:
            return log(state, f"{info.name} stays in play", in_play=(*state.in_play, frame.card))
        return log(state, f"{info.name} goes back to the box")


HANDLERS.handles(RevealEvent, RevealEventRules)
HANDLERS.handles(Spawn, SpawnRules)
HANDLERS.handles(BlueSplit, BlueSplitRules)
HANDLERS.handles(FlushVeil, FlushVeilRules)
HANDLERS.handles(EventPlace, EventPlaceRules)
