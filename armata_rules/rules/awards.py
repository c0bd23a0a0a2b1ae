"""Advanced action cards: who earns which, when it joins the hand, never two identical (peg19.en:955-990,
sb19.en:512-550, peg19.de:418-453, peg19.it:1543-1547, peg19.es:2553-2557)."""

from __future__ import annotations

from typing import Final

from armata_rules.effects import Earn
from armata_rules.frames import GrantAwards
from armata_rules.immutable import replace
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute
from armata_rules.rules.flow import log, pop
from armata_rules.rules.handlers import AutoHandler, handles
from armata_rules.rules.registry import interpretation, rule
from armata_rules.state import GameState
from armata_rules.variants import AdvancedTiming

__all__ = ["ADVANCED", "NIGHTTIME_REBEL", "award", "check_rebel", "follow_rebel", "grant_pending"]

ADVANCED = rule(
    "advanced.earn",
    "Earning advanced action cards",
    (
        "peg19.en:968",
        "peg19.en:957",
        "peg19.en:959",
        "peg19.en:963",
        "peg19.en:966",
        "peg19.en:978",
        "peg19.en:982",
        "peg19.en:986",
        "peg19.en:990",
        "peg19.de:420",
        "peg19.de:424",
        "peg19.it:1543",
        "peg19.it:1547",
        "peg19.es:2555",
        "sb19.en:514",
        "sb19.en:518",
        "sb19.en:524",
        "sb19.en:527",
        "sb19.en:533",
        "sb19.en:536",
        "sb19.en:546",
        "sb19.en:550",
    ),
    "Fire & Forgive for a hero's first red monster defeated, Fist by Fist for the first grey one; the legendary "
    "cards for the first hero wounded by a Strigoi, the first defeated Powerwolf, the defeater of the first "
    "Strigoi, the player whose card let a Strigoi deal a comrade's third wound. A hero never holds two identical "
    "advanced cards; the card joins the hand at the end of the turn it was earned in, at the end of the earner's "
    "own turn, or at once, by reading (one earned in Phase 3 at the end of Phase 3).",
    readings=("advanced_timing",),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ADVANCEDTIMING_WHEN_EARNED: Final = AdvancedTiming.WHEN_EARNED
_ADVANCEDTIMING_END_OF_EARNERS_TURN: Final = AdvancedTiming.END_OF_EARNERS_TURN

NIGHTTIME_REBEL = rule(
    "advanced.nighttime_rebel",
    "Nighttime Rebel",
    ("peg19.en:972", "peg19.en:974", "peg19.de:435", "peg19.de:437", "sb19.en:540", "sb19.en:542"),
    "As soon as a hero holds a third reward card, Nighttime Rebel goes to the hero with the fewest reward cards "
    "(ties: the lowest initiative this round, then seat order). Its owner may use it for Retrieval or to draw a "
    "reward card, which removes it from the game. It is assigned once and stays with its holder.",
    interpretations=("rebel-counts-hand", "rebel-draw-from-hand", "rebel-assigned-once"),
)

interpretation(
    "rebel-counts-hand",
    "Which reward cards count for Nighttime Rebel",
    "Reward cards in hand.",
    "A hero 'has' the reward cards in hand; cards played this round lie in front of the hero and return to the "
    "hand through the discard pile.",
    ("peg19.en:972", "sb19.en:540"),
)


def award(ctx: RulesContext, state: GameState, seat: int, title: str) -> GameState:
    """``seat`` earns advanced card ``title`` if a copy is left and they hold none: now, or at the end of the turn."""
    hero = state.heroes[seat]
    if title in hero.earned or any(a == (seat, title) for a in state.awards):
        return state
    if not any(ctx.card(c).title == title for c in state.advanced_supply):
        return state
    if ctx.ruleset.advanced_timing is _ADVANCEDTIMING_WHEN_EARNED:
        return _grant(ctx, state, seat, title)
    return log(replace(state, awards=(*state.awards, (seat, title))), f"{hero.hero.value} earns {title}")


def _grant(ctx: RulesContext, state: GameState, seat: int, title: str) -> GameState:
    copies = [c for c in state.advanced_supply if ctx.card(c).title == title]
    if not copies or title in state.heroes[seat].earned:
        return state
    state = execute(state, Earn(seat, copies[0], title))
    return log(state, f"{state.heroes[seat].hero.value} takes {title} into hand")


def grant_pending(ctx: RulesContext, state: GameState) -> GameState:
    """Add the pending advanced cards to their earners' hands: at the end of a turn, every one (the turn it was
    earned in), or the turn's own hero's only under the earner's-turn reading; at the end of Phase 3, every one."""
    pending = state.awards
    if not pending:  # the usual end of turn: no copy of the state
        return state
    turn = state.turn
    if turn is not None and ctx.ruleset.advanced_timing is _ADVANCEDTIMING_END_OF_EARNERS_TURN:
        due = tuple(award for award in pending if award[0] == turn.seat)
        if not due:
            return state
        state = replace(state, awards=tuple(award for award in pending if award[0] != turn.seat))
    else:
        due = pending
        state = replace(state, awards=())
    for seat, title in due:
        state = _grant(ctx, state, seat, title)
    return state


class GrantAwardsRules(AutoHandler[GrantAwards]):
    """End of a turn (or of Phase 3): earned cards join the hands."""

    def run(self, ctx: RulesContext, state: GameState, frame: GrantAwards) -> GameState:
        return pop(grant_pending(ctx, state))


handles(GrantAwards, GrantAwardsRules)


def _reward_cards(ctx: RulesContext, state: GameState, seat: int) -> int:
    return sum(1 for card in state.heroes[seat].hand if card in ctx.pack.rewards)


interpretation(
    "rebel-assigned-once",
    "Nighttime Rebel is assigned once",
    "The first time a hero comes to hold a third reward card (at whatever moment: loot, a gift, Retrieval, a monk, "
    "the discard pile taken back at the end of the round), the Rebel goes from beside the board to the hero with "
    "the fewest reward cards in hand (ties: the lowest initiative of that round, then seat). Once assigned it "
    "stays with its holder; one used to draw is gone from the game.",
    "'Is assigned ... as soon as another player gets their third Reward card' (peg19.en:972; peg19.de:435, "
    "peg19.it:1579, peg19.fr:2029, peg19.es:2575 and sb19.en:540 alike): one assignment satisfies 'as soon as'. "
    "Advanced cards move one way, from beside the board into a hand (peg19.en:957, peg19.en:968, sb19.en:514), "
    "and no clause takes one back from a hand or a discard pile, so the card does not follow later third cards.",
    (
        "peg19.en:957",
        "peg19.en:968",
        "peg19.en:972",
        "peg19.de:435",
        "peg19.it:1579",
        "peg19.fr:2029",
        "peg19.es:2575",
        "sb19.en:514",
        "sb19.en:540",
    ),
)


def follow_rebel(ctx: RulesContext, before: GameState, after: GameState) -> GameState:
    """``after``, with Nighttime Rebel assigned if it is still beside the board and a hero came to hold a third
    reward card between ``before`` and ``after`` (rebel-assigned-once); the engine calls it after every decision."""
    if after.is_over or before.heroes is after.heroes:
        return after
    # only a hand that changed can have reached three reward cards: compare those (identity is enough, the
    # state is immutable), so the usual decision costs a few identity checks; a plain index loop, because a
    # comprehension over zip(..., strict=True) was a generic call and a set each decision (no state adds heroes)
    old_heroes, new_heroes = before.heroes, after.heroes
    for seat in range(len(new_heroes)):
        if (
            old_heroes[seat].hand is not new_heroes[seat].hand
            and _reward_cards(ctx, after, seat) >= 3
            and _reward_cards(ctx, before, seat) < 3
        ):
            return check_rebel(ctx, after)
    return after


def _initiative_rank(ctx: RulesContext, state: GameState, seat: int) -> int:
    """Where ``seat`` stands by initiative this round, lowest first (peg19.en:972's tie-break): its place in the
    round's turn order once the cards are revealed (kept until the next round starts, so the end of the round,
    when the played cards have gone to the discard piles, still knows it); before that, the chosen card's value."""
    if seat in state.order:
        return state.order.index(seat)
    chosen = state.heroes[seat].chosen
    return ctx.card(chosen).initiative if chosen else 99


def check_rebel(ctx: RulesContext, state: GameState) -> GameState:
    """Award Nighttime Rebel if a hero now holds a third reward card and the card is still beside the board: to the
    hero with the fewest reward cards in hand; ties: the lowest initiative this round, then seat."""
    if not any(ctx.card(c).title == "Nighttime Rebel" for c in state.advanced_supply):
        return state
    if any(title == "Nighttime Rebel" for _, title in state.awards):  # assigned, joining its hand at turn's end
        return state
    counts = {seat: _reward_cards(ctx, state, seat) for seat in range(len(state.heroes))}
    rich = [seat for seat, n in counts.items() if n >= 3]
    if not rich:
        return state
    others = [seat for seat in counts if seat not in rich] or list(counts)
    fewest = min(counts[s] for s in others)
    winner = min(
        (s for s in others if counts[s] == fewest), key=lambda seat: (_initiative_rank(ctx, state, seat), seat)
    )
    return award(ctx, state, winner, "Nighttime Rebel")
