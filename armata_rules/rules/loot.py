"""Loot: what a beaten monster gives, and drawing reward cards and tokens (peg19.en:777-782, peg19.en:1008,
peg19.en:1028, sb19.en:329-336, sb19.en:556, sb19.en:580, peg19.de:191-205)."""

from __future__ import annotations

from typing import Final

from armata_rules.actions import ChanceOutcome
from armata_rules.components.icons import Loot
from armata_rules.effects import CardZone, DiscardToStack, GainBlood, GainToken, MoveCard, Reshuffle, TakeFromStack
from armata_rules.frames import DrawLoot
from armata_rules.interning import interned
from armata_rules.rules.awards import award, check_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.flow import log, pop, push
from armata_rules.rules.handlers import ChanceHandler, handles
from armata_rules.rules.registry import rule
from armata_rules.state import GameState

__all__ = ["LOOT", "monster_lost", "monster_won"]

LOOT = rule(
    "encounter.loot",
    "Winning a fight against a monster",
    (
        "peg19.en:777",
        "peg19.en:778",
        "peg19.en:779",
        "peg19.en:780",
        "peg19.en:782",
        "peg19.en:880",
        "peg19.en:1028",
        "peg19.de:191",
        "peg19.de:195",
        "peg19.de:199",
        "peg19.de:203",
        "sb19.en:329",
        "sb19.en:330",
        "sb19.en:331",
        "sb19.en:334",
    ),
    "Strength at least the monster's wins: a bat draws a reward token, an axe a reward card (none once the deck "
    "is empty: it never reshuffles), blood puts a counter on the altar, never above the cap. A first red or grey "
    "win earns the heroic card.",
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_REWARD_DECK: Final = CardZone.REWARD_DECK
_LOOT_BAT: Final = Loot.BAT
_LOOT_BLOOD: Final = Loot.BLOOD


class DrawLootRules(ChanceHandler[DrawLoot]):
    """Draw a reward token (the stack reshuffles) or a reward card (the deck never does)."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: DrawLoot) -> list[tuple[ChanceOutcome, float]]:
        if frame.what == "card":
            pool = state.reward_deck.hidden
        else:
            pool = state.reward_tokens.hidden or state.reward_tokens.discard
        if not pool:
            return [(ChanceOutcome(f"draw_reward_{frame.what}", "nothing"), 1.0)]
        return [(interned(ChanceOutcome, f"draw_reward_{frame.what}", item), 1 / len(pool)) for item in pool]

    def apply(self, ctx: RulesContext, state: GameState, frame: DrawLoot, outcome: ChanceOutcome) -> GameState:
        who = ctx.heroes[frame.seat].value
        if outcome.outcome == "nothing":
            return pop(log(state, f"{who} finds nothing: the {frame.what} stack is empty"))
        if frame.what == "card":
            state = execute(state, MoveCard(outcome.outcome, frame.seat, _CARDZONE_REWARD_DECK, _CARDZONE_HAND))
            state = check_rebel(ctx, state)
        else:
            if not state.reward_tokens.hidden:
                state = execute(state, Reshuffle("reward_tokens"))
            state = execute_all(
                state, (TakeFromStack("reward_tokens", outcome.outcome), GainToken(frame.seat, outcome.outcome))
            )
        return pop(log(state, f"{who} draws {outcome.outcome}"))


handles(DrawLoot, DrawLootRules)


def monster_won(ctx: RulesContext, state: GameState, seat: int, token_id: str) -> GameState:
    """Loot and heroic card for beating monster ``token_id``; the token is discarded (peg19.en:777-782)."""
    token = ctx.pack.encounters[token_id]
    state = execute(state, DiscardToStack(token.colour.value, token.id))
    draws = []
    for loot in token.loot:
        if loot is _LOOT_BLOOD:
            state = execute(state, GainBlood(ctx.altar_cap))
        else:
            draws.append(DrawLoot(seat, "token" if loot is _LOOT_BAT else "card"))
    title = "Fire & Forgive" if token.colour.value == "red" else "Fist by Fist"
    state = award(ctx, state, seat, title)
    return push(state, *draws)


def monster_lost(ctx: RulesContext, state: GameState, token_id: str) -> GameState:
    """The monster stays unbeaten: its token is discarded all the same (peg19.en:797)."""
    token = ctx.pack.encounters[token_id]
    return execute(state, DiscardToStack(token.colour.value, token.id))
