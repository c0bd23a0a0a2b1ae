"""Wounds and blood points: protection, drawing wound tokens, shock, the third wound, healing.

peg19.en:784-790, peg19.en:866-876, peg19.en:1038-1046, peg19.en:1080-1092; sb19.en:338-345, sb19.en:429-433,
sb19.en:590-594, sb19.en:618-624; peg19.de:207-213, peg19.de:473-479, peg19.de:515-527; peg19.it:1416.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from armata_rules.actions import Action, ChanceOutcome, DiscardCard, HealWound, Pass, Protect
from armata_rules.components.icons import Ability
from armata_rules.effects import (
    AddWound,
    CardZone,
    DiscardWound,
    LoseBlood,
    MoveCard,
    Reshuffle,
    TakeFromStack,
    wound_step,
)
from armata_rules.frames import DrawWound, HealChoice, ShockChoice, Wounds
from armata_rules.immutable import replace
from armata_rules.interning import interned
from armata_rules.rules.awards import award
from armata_rules.rules.context import RulesContext
from armata_rules.rules.discards import set_aside
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.flow import log, pop, push, replace_top
from armata_rules.rules.handlers import ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import expect, interpretation, rule
from armata_rules.rules.sources import Source, available_sources, source_units, spend_source
from armata_rules.state import GameState
from armata_rules.variants import ProtectionUnits, SelfWound, SelfWoundCount, ShockProtection

__all__ = [
    "HEAL",
    "NO_TOKEN",
    "PROTECTION",
    "SHOCK",
    "THIRD_WOUND",
    "WOUND_DRAW",
    "card_self_wound",
    "heal_room",
    "incoming_wounds",
    "protection_blocks",
    "self_wound_hurts_in_this_fight",
    "take_wound",
    "wound_outcomes",
    "wound_points",
    "wound_pool",
]

PROTECTION = rule(
    "wounds.protection",
    "Protection blocks one wound or a shock",
    (
        "peg19.en:784",
        "peg19.en:785",
        "peg19.en:786",
        "peg19.en:854",
        "peg19.en:949",
        "peg19.en:1038",
        "peg19.en:1040",
        "peg19.en:1042",
        "peg19.de:208",
        "peg19.de:209",
        "peg19.de:473",
        "peg19.de:475",
        "peg19.it:1591",
        "sb19.en:340",
        "sb19.en:341",
        "sb19.en:415",
        "sb19.en:618",
        "sb19.en:620",
    ),
    "Before drawing, the hero may block wounds one source at a time (the played card, a card discarded from hand, "
    "a reward card, a reward token): by reading, a source blocks one wound per Protection icon it shows, or one "
    "wound whatever its icons (a card discarded from hand always one). Wounds from the hero's own card or weapon "
    "cannot be blocked.",
    readings=("protection_units",),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITY_PROTECTION: Final = Ability.PROTECTION
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_PLAYED: Final = CardZone.PLAYED
_PROTECTIONUNITS_PER_CARD: Final = ProtectionUnits.PER_CARD
_SELFWOUNDCOUNT_ONCE: Final = SelfWoundCount.ONCE
_SELFWOUND_IF_FIGHTS_THIS_TURN: Final = SelfWound.IF_FIGHTS_THIS_TURN
_SELFWOUND_WHEN_PLAYED: Final = SelfWound.WHEN_PLAYED
_SHOCKPROTECTION_NOT_AVOIDABLE: Final = ShockProtection.NOT_AVOIDABLE

WOUND_DRAW = rule(
    "wounds.draw",
    "Drawing wound tokens",
    (
        "peg19.en:788",
        "peg19.en:790",
        "peg19.en:856",
        "peg19.en:1080",
        "peg19.en:1084",
        "peg19.en:1088",
        "peg19.de:211",
        "peg19.de:521",
        "sb19.en:343",
        "sb19.en:417",
        "sb19.en:780",
    ),
    "Each wound not blocked draws a wound token, flipped and kept in front of the hero; a double wound counts "
    "two; penalties last until healed.",
    interpretations=("wound-stack-reshuffles", "no-wound-token-left"),
)

THIRD_WOUND = rule(
    "wounds.third",
    "The third wound",
    (
        "peg19.en:938",
        "peg19.en:940",
        "peg19.en:941",
        "peg19.en:868",
        "peg19.en:870",
        "peg19.en:872",
        "peg19.en:876",
        "peg19.de:523",
        "peg19.it:1416",
        "sb19.en:431",
        "sb19.en:433",
    ),
    "A hero reaching three wound points costs the pack a blood point (altar to inferno, else supply to inferno) "
    "and discards every wound token at once, ignoring the rest of that attack's wounds and every effect.",
)

SELF_WOUND = rule(
    "wounds.self",
    "The played card's self-wound icon",
    (
        "peg19.en:1080",
        "peg19.en:1042",
        "peg19.de:517",
        "peg19.it:1627",
        "peg19.fr:2089",
        "peg19.es:2641",
        "sb19.en:590",
    ),
    "A played action card with the wound icon hurts its own hero, who cannot block it: when the hero fights that "
    "turn or that round, or as soon as it is played (by reading); in each such fight or once in the round (by "
    "reading). A reward card's wound icon follows the same condition ('their action or weapon'). The flag that "
    "records it is cleared when a new round begins.",
    readings=("self_wound", "self_wound_count"),
)

SHOCK = rule(
    "wounds.shock",
    "Shock",
    (
        "peg19.en:1092",
        "peg19.en:1038",
        "peg19.de:527",
        "peg19.de:473",
        "peg19.it:1589",
        "peg19.es:2603",
        "sb19.en:594",
        "sb19.en:618",
    ),
    "A shock wound makes the hero discard a card of their choice from hand beside the played cards, unless a "
    "Protection icon avoids it (where the reading allows).",
    readings=("shock_protection",),
)

HEAL = rule(
    "ability.heal",
    "Heal",
    ("peg19.en:1046", "peg19.en:1084", "peg19.en:1088", "peg19.de:479", "peg19.de:521", "sb19.en:624", "sb19.en:780"),
    "Every injured Powerwolf in the healer's room discards one wound token of their choice per Heal icon; a double "
    "wound goes with one.",
)

interpretation(
    "wound-stack-reshuffles",
    "An empty wound stack",
    "The discarded wound tokens are shuffled into a new stack, for a hero's draw and for the token laid on a "
    "Strigoi alike.",
    "The text reshuffles encounter and reward-token stacks (peg19.en:801, peg19.en:1008) but says nothing about "
    "wounds; wound tokens are reused the same way. The tokens laid face down on a Strigoi's card are the same 15 "
    "(peg19.en:664, peg19.en:728) and never come back (peg19.en:909), so the stack and its discards can run out: "
    "see no-wound-token-left.",
    ("peg19.en:801", "peg19.en:1008", "peg19.en:664", "peg19.en:728", "peg19.en:891", "peg19.en:909"),
)
interpretation(
    "no-wound-token-left",
    "A wound when no wound token is left anywhere",
    "The wound is dealt all the same, with no token: a Strigoi loses the existence point (its count goes up with "
    "no token on its card); a hero takes it as one plain wound point, which is the third if they hold two "
    "(the usual reset follows) and otherwise leaves no mark, as there is no token to keep in front of them.",
    "The 15 wound tokens (peg19.en:664) are shared by the heroes, who draw them (peg19.en:788), and the Strigoi, "
    "on whose cards they stay face down (peg19.en:891, peg19.en:899, peg19.en:909). A hero holds at most two wound "
    "points and the printed Strigoi at most five tokens before the game ends, so with five heroes all 15 can be out "
    "of the stack and its discards; the text does not say what happens then. A token on a Strigoi only marks a "
    "lost existence point (peg19.en:901), so the point is counted without one; with the printed tokens a hero "
    "finds none left only when every hero holds two points, and any token would have been the third.",
    ("peg19.en:664", "peg19.en:788", "peg19.en:891", "peg19.en:899", "peg19.en:901", "peg19.en:909"),
)

#: The chance outcome of a wound draw that finds no token in the stack or its discard pile.
NO_TOKEN: Final = "nothing"


def wound_pool(state: GameState) -> tuple[str, ...]:
    """The wound tokens a draw picks from: the face-down stack, or, once it is empty, its discards (to be
    reshuffled); empty when no token is left anywhere (no-wound-token-left)."""
    stack = state.wound_stack
    return stack.hidden if stack.hidden else stack.discard


def wound_outcomes(state: GameState, decision: str) -> list[tuple[ChanceOutcome, float]]:
    """The chance outcomes of drawing a wound token for ``decision`` (a hero's draw, or the token laid on a
    Strigoi): each token of :func:`wound_pool` alike, or the single outcome ``NO_TOKEN`` when every token is held
    by a hero or lies on a Strigoi card (no-wound-token-left)."""
    pool = wound_pool(state)
    if not pool:
        return [(interned(ChanceOutcome, decision, NO_TOKEN), 1.0)]
    return [(interned(ChanceOutcome, decision, token), 1 / len(pool)) for token in pool]


def take_wound(state: GameState, token: str) -> GameState:
    """``token`` leaves the wound stack, reshuffled from its discards first if it is empty (wound-stack-reshuffles)."""
    if not state.wound_stack.hidden:
        state = execute(state, Reshuffle("wound_stack"))
    return execute(state, TakeFromStack("wound_stack", token))


def self_wound_hurts_in_this_fight(ctx: RulesContext, state: GameState, seat: int) -> bool:
    """Whether a wound icon on what ``seat`` fights with (the played action card, or a reward card played in the
    fight) hurts in the fight being resolved: peg19.en:1080 sets one condition for 'their action or weapon', so
    both follow the ``self_wound`` reading alike. Under 'if the hero fights that turn' a counterattack in another
    hero's turn is not 'that turn'; under 'that round' every fight is; when played, a reward card hurts as it is
    played in the fight (the action card hurt as its turn began)."""
    if ctx.ruleset.self_wound is _SELFWOUND_IF_FIGHTS_THIS_TURN:
        return state.turn is not None and state.turn.seat == seat
    return True


def card_self_wound(ctx: RulesContext, state: GameState, seat: int) -> tuple[GameState, int]:
    """The wounds the played card's self-wound icon deals ``seat`` in the fight being resolved (0 or 1), and the
    state that records it, by the ``self_wound`` and ``self_wound_count`` readings (peg19.en:1080, peg19.de:517)."""
    card = ctx.played_card(state, seat)
    hero = state.heroes[seat]
    if not card.self_wound or ctx.ruleset.self_wound is _SELFWOUND_WHEN_PLAYED:  # it hurt as the turn began
        return state, 0
    if not self_wound_hurts_in_this_fight(ctx, state, seat):
        return state, 0
    if hero.card_wound_taken and ctx.ruleset.self_wound_count is _SELFWOUNDCOUNT_ONCE:
        return state, 0
    state = log(state, f"{card.title} hurts {hero.hero.value} in this fight (self-wound icon)")
    return state.with_hero(seat, replace(hero, card_wound_taken=True)), 1


def protection_blocks(ctx: RulesContext, state: GameState, seat: int, source: Source) -> int:
    """The wounds one use of ``source`` for Protection blocks, by the ``protection_units`` reading: one per
    Protection icon it shows (each icon is an Ability avoiding a single wound, peg19.en:1034, peg19.en:1038), or one
    whatever its icons ('each card or token played ... blocks one wound', peg19.en:854). A card discarded from hand
    blocks one either way (peg19.en:949); a shock is avoided by one use either way."""
    if ctx.ruleset.protection_units is _PROTECTIONUNITS_PER_CARD:
        return 1
    return max(1, source_units(ctx, state, seat, _ABILITY_PROTECTION, source))


def wound_points(ctx: RulesContext, state: GameState, seat: int) -> int:
    """The wound points a hero holds (a double wound counts two)."""
    return sum(ctx.pack.wound_tokens[w].value for w in state.heroes[seat].wounds)


def incoming_wounds(
    ctx: RulesContext,
    state: GameState,
    seat: int,
    count: int,
    origin: str,
    *,
    protectable: bool = True,
    attacker: int | None = None,
) -> GameState:
    """Push what ``count`` wounds on ``seat`` lead to: a protection choice, or straight to the draws."""
    if count <= 0:
        return state
    if protectable and available_sources(ctx, state, seat, _ABILITY_PROTECTION):
        return push(state, Wounds(seat, count, origin, protectable, attacker))
    return push(state, DrawWound(seat, count - 1, origin, attacker))


class WoundsRules(DecisionHandler[Wounds]):
    """Block wounds one at a time, or take them."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: Wounds) -> Iterable[Action]:
        sources = available_sources(ctx, state, frame.seat, _ABILITY_PROTECTION) if frame.protectable else []
        return [
            *(interned(Protect, frame.seat, s.id, s.mode) for s in sources),
            interned(Pass, frame.seat, "take_wounds"),
        ]

    def guard(self, ctx: RulesContext, state: GameState, frame: Wounds, action: Action) -> Refusal | None:
        who = ctx.heroes[frame.seat].value
        if isinstance(action, Pass) and action.seat == frame.seat and action.what == "take_wounds":
            return None
        if not isinstance(action, Protect):
            return Refusal(PROTECTION, f"{who} faces {frame.count} wound(s): protect or take them, not {action.kind}")
        if action.seat != frame.seat:
            return Refusal(PROTECTION, f"the wounds are {who}'s to block, not seat {action.seat}'s")
        if not frame.protectable:
            return Refusal(PROTECTION, "these wounds cannot be blocked (own weapon or action, or the centre space)")
        if Source(action.source, action.mode) not in available_sources(ctx, state, frame.seat, _ABILITY_PROTECTION):
            return Refusal(PROTECTION, f"{action.source} ({action.mode}) gives {who} no Protection to use now")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: Wounds, action: Action) -> GameState:
        if isinstance(action, Pass):
            return replace_top(state, DrawWound(frame.seat, frame.count - 1, frame.origin, frame.attacker))
        action = expect(action, Protect, "wounds: the guard admits only Pass and Protect")
        source = Source(action.source, action.mode)
        units = protection_blocks(ctx, state, frame.seat, source)
        state = execute_all(state, spend_source(ctx, state, frame.seat, _ABILITY_PROTECTION, source))
        if source.mode == "discard":
            state = set_aside(ctx, state, frame.seat, source.id)
        left = max(0, frame.count - units)
        state = log(state, f"{ctx.heroes[frame.seat].value} blocks {frame.count - left} wound(s) with {action.source}")
        if left == 0:
            return pop(state)
        return replace_top(state, replace(frame, count=left))


handles(Wounds, WoundsRules)


class DrawWoundRules(ChanceHandler[DrawWound]):
    """Draw and flip one wound token; the third wound point resets the hero."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: DrawWound) -> list[tuple[ChanceOutcome, float]]:
        return wound_outcomes(state, "draw_wound")

    def apply(self, ctx: RulesContext, state: GameState, frame: DrawWound, outcome: ChanceOutcome) -> GameState:
        seat, token = frame.seat, outcome.outcome
        if token == NO_TOKEN:
            return _untokened_wound(ctx, state, frame)
        wound = ctx.pack.wound_tokens[token]
        _, third = wound_step(wound_points(ctx, state, seat), wound.value)
        state = execute(take_wound(state, token), AddWound(seat, token))
        state = log(state, f"{ctx.heroes[seat].value} draws a wound: {wound.title}")
        if frame.origin in ("strigoi", "curse"):
            state = award(ctx, state, seat, "All You Can Bleed")
        if third:
            return _third_wound(ctx, state, frame)
        state = _next_draw(state, frame)
        if wound.shock and state.heroes[seat].hand:
            state = push(state, ShockChoice(seat))
        return state


handles(DrawWound, DrawWoundRules)


def _next_draw(state: GameState, frame: DrawWound) -> GameState:
    """The frame's next draw, or the frame done."""
    return replace_top(state, replace(frame, left=frame.left - 1)) if frame.left > 0 else pop(state)


def _third_wound(ctx: RulesContext, state: GameState, frame: DrawWound) -> GameState:
    """The pack loses a blood point and the hero discards every wound token; the rest of the draws are void."""
    seat = frame.seat
    state = execute(state, LoseBlood())
    for held in state.heroes[seat].wounds:
        state = execute(state, DiscardWound(seat, held))
    state = log(state, f"third wound: the pack loses a blood point and {ctx.heroes[seat].value} recovers")
    state = award(ctx, state, seat, "Incense & Iron")
    if frame.origin == "strigoi" and frame.attacker is not None and frame.attacker != seat:
        state = award(ctx, state, frame.attacker, "The Evil Made Me Do It")
    return pop(state)


def _untokened_wound(ctx: RulesContext, state: GameState, frame: DrawWound) -> GameState:
    """A wound with no token left anywhere (no-wound-token-left): one plain point, the third if the hero holds two,
    else nothing to keep."""
    seat = frame.seat
    _, third = wound_step(wound_points(ctx, state, seat), 1)
    state = log(state, f"{ctx.heroes[seat].value} is wounded, but no wound token is left to draw")
    if frame.origin in ("strigoi", "curse"):
        state = award(ctx, state, seat, "All You Can Bleed")
    if third:
        return _third_wound(ctx, state, frame)
    return _next_draw(state, frame)


class ShockRules(DecisionHandler[ShockChoice]):
    """Discard a card, or avoid the shock with Protection."""

    def _protections(self, ctx: RulesContext, state: GameState, seat: int) -> list[Source]:
        if ctx.ruleset.shock_protection is _SHOCKPROTECTION_NOT_AVOIDABLE:
            return []
        return available_sources(ctx, state, seat, _ABILITY_PROTECTION)

    def candidates(self, ctx: RulesContext, state: GameState, frame: ShockChoice) -> Iterable[Action]:
        protect = [interned(Protect, frame.seat, s.id, s.mode) for s in self._protections(ctx, state, frame.seat)]
        return [*(interned(DiscardCard, frame.seat, card) for card in state.heroes[frame.seat].hand), *protect]

    def guard(self, ctx: RulesContext, state: GameState, frame: ShockChoice, action: Action) -> Refusal | None:
        who = ctx.heroes[frame.seat].value
        if isinstance(action, DiscardCard) and action.seat == frame.seat:
            if action.card in state.heroes[frame.seat].hand:
                return None
            return Refusal(SHOCK, f"{action.card!r} is not in {who}'s hand")
        if isinstance(action, Protect) and action.seat == frame.seat:
            if Source(action.source, action.mode) in self._protections(ctx, state, frame.seat):
                return None
            if ctx.ruleset.shock_protection is _SHOCKPROTECTION_NOT_AVOIDABLE:
                return Refusal(SHOCK, "under this reading Protection avoids wound tokens, not shocks")
            return Refusal(SHOCK, f"{action.source} ({action.mode}) gives {who} no Protection to use now")
        return Refusal(SHOCK, f"{who} is shocked: discard a card from hand or protect, not {action.kind}")

    def apply(self, ctx: RulesContext, state: GameState, frame: ShockChoice, action: Action) -> GameState:
        if isinstance(action, DiscardCard):
            state = execute(state, MoveCard(action.card, frame.seat, _CARDZONE_HAND, _CARDZONE_PLAYED))
            state = set_aside(ctx, state, frame.seat, action.card)
            return pop(log(state, f"{ctx.heroes[frame.seat].value} is shocked and discards {action.card}"))
        action = expect(action, Protect, "shock: the guard admits only DiscardCard and Protect")
        source = Source(action.source, action.mode)
        state = execute_all(state, spend_source(ctx, state, frame.seat, _ABILITY_PROTECTION, source))
        if source.mode == "discard":
            state = set_aside(ctx, state, frame.seat, source.id)
        return pop(log(state, f"{ctx.heroes[frame.seat].value} avoids the shock"))


handles(ShockChoice, ShockRules)


def heal_room(ctx: RulesContext, state: GameState, healer: int, units: int) -> GameState:
    """Heal every injured Powerwolf in the healer's room by ``units`` wound tokens each (choices pushed)."""
    position = state.heroes[healer].position
    room = None if position is None else ctx.fortress.room_of(position)
    queue: list[tuple[int, int]] = []
    for seat, hero in enumerate(state.heroes):
        if not hero.wounds or hero.position is None:
            continue
        same = seat == healer if room is None else ctx.fortress.room_of(hero.position) == room
        if not same:
            continue
        if len(hero.wounds) <= units:
            for wound in hero.wounds:
                state = execute(state, DiscardWound(seat, wound))
            state = log(state, f"{hero.hero.value} is healed of every wound")
        else:
            queue.append((seat, units))
    return push(state, HealChoice(tuple(queue))) if queue else state


class HealRules(DecisionHandler[HealChoice]):
    """Each healed hero discards the wound tokens of their choice."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: HealChoice) -> Iterable[Action]:
        seat = frame.queue[0][0]
        return [interned(HealWound, seat, wound) for wound in sorted(set(state.heroes[seat].wounds))]

    def guard(self, ctx: RulesContext, state: GameState, frame: HealChoice, action: Action) -> Refusal | None:
        seat = frame.queue[0][0]
        if not isinstance(action, HealWound) or action.seat != seat:
            return Refusal(HEAL, f"{ctx.heroes[seat].value} chooses a wound to heal now")
        if action.wound not in state.heroes[seat].wounds:
            return Refusal(HEAL, f"{ctx.heroes[seat].value} holds no wound {action.wound!r}")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: HealChoice, action: Action) -> GameState:
        action = expect(action, HealWound, "heal: the guard admits only HealWound")
        seat, count = frame.queue[0]
        state = log(execute(state, DiscardWound(seat, action.wound)), f"{ctx.heroes[seat].value} heals {action.wound}")
        rest = frame.queue[1:]
        if count > 1 and state.heroes[seat].wounds:
            rest = ((seat, count - 1), *rest)
        return replace_top(state, HealChoice(rest)) if rest else pop(state)


handles(HealChoice, HealRules)
