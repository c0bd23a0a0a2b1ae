"""The round (peg19.en:730-742, peg19.en:831, peg19.en:1114-1160): start, Phase 1, turn order, end of the round."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations
from math import factorial
from typing import Final

from armata_rules.actions import Action, ChanceOutcome, ChooseCard
from armata_rules.effects import CardZone, MoveCard
from armata_rules.frames import (
    ChanceOrder,
    ChooseCards,
    EndRound,
    EndTurn,
    FightPhase,
    GrantAwards,
    MoveFrame,
    NextTurn,
    PlaceStrigoi,
    StartRound,
    StrigoiPhase,
)
from armata_rules.immutable import memo, replace
from armata_rules.interning import interned
from armata_rules.rules.awards import check_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute_all
from armata_rules.rules.flow import log, pop, push, replace_top, reset_spent, take_back_discard
from armata_rules.rules.handlers import AutoHandler, ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import expect, interpretation, rule
from armata_rules.rules.strigoi import close_phase_two
from armata_rules.rules.wounds import incoming_wounds
from armata_rules.state import GameState, HeroState, TurnState
from armata_rules.variants import IconScope, InitiativeTies, SelfWound

__all__ = ["PHASE_ONE", "ROUND_END", "TURN_ORDER"]

PHASE_ONE = rule(
    "round.phase1",
    "Phase 1: choose a card in secret",
    (
        "peg19.en:732",
        "peg19.en:734",
        "peg19.en:735",
        "peg19.en:736",
        "peg19.en:744",
        "peg19.en:1116",
        "peg19.en:1120",
        "peg19.de:555",
        "peg19.de:559",
        "peg19.en:742",
        "peg19.de:151",
        "peg19.it:1291",
        "peg19.fr:1835",
        "peg19.es:2303",
        "sb19.en:294",
    ),
    "Every hero secretly and simultaneously chooses one action card (or advanced action card) from their hand; "
    "when all have chosen, the cards are revealed.",
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_CHOSEN: Final = CardZone.CHOSEN
_CARDZONE_DISCARD: Final = CardZone.DISCARD
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_PLAYED: Final = CardZone.PLAYED
_ICONSCOPE_PER_ROUND: Final = IconScope.PER_ROUND
_ICONSCOPE_PER_TURN: Final = IconScope.PER_TURN
_INITIATIVETIES_CHANCE: Final = InitiativeTies.CHANCE
_SELFWOUND_WHEN_PLAYED: Final = SelfWound.WHEN_PLAYED

TURN_ORDER = rule(
    "round.turn_order",
    "Turn order by initiative",
    (
        "peg19.en:748",
        "peg19.en:742",
        "peg19.en:750",
        "peg19.de:151",
        "peg19.it:1291",
        "peg19.fr:1835",
        "peg19.es:2303",
        "sb19.en:294",
    ),
    "Heroes take their turns in order of the initiative values on their cards, lowest first; equal values are "
    "ordered by the initiative-ties reading.",
    readings=("initiative_ties",),
    interpretations=("initiative-ties",),
)

ROUND_END = rule(
    "round.end",
    "End of the round",
    (
        "peg19.en:1144",
        "peg19.en:1148",
        "peg19.en:1150",
        "peg19.en:1156",
        "peg19.en:1160",
        "peg19.en:953",
        "peg19.en:831",
        "peg19.en:858",
        "peg19.en:951",
        "peg19.en:1154",
        "peg19.en:1158",
        "peg19.de:591",
        "peg19.de:593",
        "peg19.it:1707",
        "peg19.it:1711",
        "peg19.fr:2171",
        "peg19.fr:2175",
        "peg19.es:2717",
        "peg19.es:2719",
        "sb19.en:508",
        "sb19.en:708",
        "sb19.en:712",
    ),
    "The Strigoi attack marker is removed. A hero with no action or advanced action card left in hand takes back "
    "the whole discard pile; then every card played this round goes to its owner's discard pile, so no card comes "
    "back in the round it was played.",
)

interpretation(
    "initiative-ties",
    "Equal initiative values",
    "By default the hero seated earlier (listed first at setup) goes first; the ruleset may instead order tied "
    "heroes by a fair draw.",
    "Four of each hero's six cards are shared (peg19.en:636), so two heroes can reveal the same value, and no "
    "source says who then goes first. Seat order is deterministic and known before the choice, so players can "
    "plan around it; the Nighttime Rebel tie-break (peg19.en:972) shows that ties between heroes are expected.",
    ("peg19.en:636", "peg19.en:742", "peg19.en:972"),
)

interpretation(
    "no-action-card-at-phase-one",
    "A hand without action cards at the start of a round",
    "The hero takes back the discard pile before choosing.",
    "The round summary returns the discard pile when the last action card has been played (peg19.en:1154); a hand "
    "can still lack action cards at Phase 1 if cards left it otherwise. Taking the discard pile back then is the "
    "same rule applied one step later, and keeps every hero able to play.",
    ("peg19.en:951", "peg19.en:1154"),
)


def _has_action_card(ctx: RulesContext, hand: tuple[str, ...]) -> bool:
    return any(ctx.is_action_card(card) for card in hand)


class StartRoundRules(AutoHandler[StartRound]):
    """A new round: count it, refresh per-round icons, bring in the Strigoi in round 2, open Phase 1."""

    def run(self, ctx: RulesContext, state: GameState, frame: StartRound) -> GameState:
        # the discard piles come back while the ending round's turn order is still known: a third reward card
        # taken back assigns Nighttime Rebel by that round's initiative (peg19.en:972, rebel-assigned-once)
        for seat, hero in enumerate(state.heroes):
            if not _has_action_card(ctx, hero.hand) and hero.discard:
                said = f"{hero.hero.value} has no action card and takes back the discard pile"
                state = log(take_back_discard(state, seat), said)
                state = check_rebel(ctx, state)
        heroes = tuple(replace(h, card_wound_taken=False) if h.card_wound_taken else h for h in state.heroes)
        state = replace(state, round=state.round + 1, order=(), turn=None, heroes=heroes)
        if ctx.ruleset.icon_scope is _ICONSCOPE_PER_ROUND:
            state = reset_spent(state)
        state = log(state, f"round {state.round} begins")
        state = replace_top(state, ChooseCards(tuple(range(len(state.heroes)))))
        if state.round == 2:
            state = push(state, PlaceStrigoi())
        return state


handles(StartRound, StartRoundRules)


class ChooseCardsRules(DecisionHandler[ChooseCards]):
    """Phase 1: every hero picks a card face down; the last pick reveals them and sets the turn order."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: ChooseCards) -> Iterable[Action]:
        return [choice for seat in frame.waiting for choice in _choices(ctx, state.heroes[seat], seat)]

    def legal(self, ctx: RulesContext, state: GameState, frame: ChooseCards) -> list[Action]:
        # legal by construction: action cards in the hands of the heroes still waiting, what the guard asks
        return list(self.candidates(ctx, state, frame))

    def guard(self, ctx: RulesContext, state: GameState, frame: ChooseCards, action: Action) -> Refusal | None:
        if not isinstance(action, ChooseCard):
            return Refusal(PHASE_ONE, f"Phase 1: every hero chooses a card now; {action.kind} is not allowed")
        if not 0 <= action.seat < len(state.heroes):
            return Refusal(PHASE_ONE, f"there is no seat {action.seat}")
        if action.seat not in frame.waiting:
            return Refusal(PHASE_ONE, f"seat {action.seat} has already chosen a card this round")
        hero = state.heroes[action.seat]
        if action.card not in hero.hand:
            return Refusal(PHASE_ONE, f"{action.card!r} is not in the hand of {hero.hero.value}")
        if not ctx.is_action_card(action.card):
            return Refusal(PHASE_ONE, f"{action.card!r} is a reward card: only action cards are played in Phase 1")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: ChooseCards, action: Action) -> GameState:
        action = expect(action, ChooseCard, "Phase 1: the guard admits only ChooseCard")
        state = execute_all(state, (MoveCard(action.card, action.seat, _CARDZONE_HAND, _CARDZONE_CHOSEN),))
        waiting = tuple(seat for seat in frame.waiting if seat != action.seat)
        if waiting:
            return replace_top(state, ChooseCards(waiting))
        return _reveal(ctx, state)


handles(ChooseCards, ChooseCardsRules)


def _choices(ctx: RulesContext, hero: HeroState, seat: int) -> tuple[Action, ...]:
    """A ``ChooseCard`` for each action card in the hand of ``hero``, in ``seat``: kept on the hero (it depends on
    the hand alone), since each pick of Phase 1 lists the hands of every hero still to choose."""
    cache = memo(hero)
    entry: tuple[RulesContext, int, tuple[Action, ...]] | None = cache.get(_choices)
    if entry is None or entry[0] is not ctx or entry[1] != seat:
        cards = tuple(interned(ChooseCard, seat, card) for card in hero.hand if ctx.is_action_card(card))
        entry = cache[_choices] = (ctx, seat, cards)
    return entry[2]


def _reveal(ctx: RulesContext, state: GameState) -> GameState:
    """All cards face up; the turn order follows initiative, lowest first (peg19.en:742)."""
    initiative = {seat: ctx.played_card(state, seat).initiative for seat in range(len(state.heroes))}
    order = tuple(sorted(initiative, key=lambda seat: (initiative[seat], seat)))
    shown = ", ".join(f"{state.heroes[s].hero.value}: {ctx.card(state.heroes[s].chosen or '').title}" for s in order)
    state = log(replace(state, order=order), f"cards revealed ({shown})")
    state = replace_top(state, NextTurn(0))
    if ctx.ruleset.initiative_ties is _INITIATIVETIES_CHANCE:
        groups: dict[int, list[int]] = {}
        for seat in order:
            groups.setdefault(initiative[seat], []).append(seat)
        for value in sorted(groups, reverse=True):
            if len(groups[value]) > 1:
                state = push(state, ChanceOrder(tuple(groups[value])))
    return state


class ChanceOrderRules(ChanceHandler[ChanceOrder]):
    """Heroes tied on initiative are put in a random order (ruleset reading ``initiative_ties = chance``)."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: ChanceOrder) -> list[tuple[ChanceOutcome, float]]:
        weight = 1 / factorial(len(frame.tied))
        return [
            (ChanceOutcome("order_ties", ",".join(map(str, perm))), weight) for perm in permutations(sorted(frame.tied))
        ]

    def apply(self, ctx: RulesContext, state: GameState, frame: ChanceOrder, outcome: ChanceOutcome) -> GameState:
        drawn = iter(int(s) for s in outcome.outcome.split(","))
        order = tuple(next(drawn) if seat in frame.tied else seat for seat in state.order)
        return pop(log(replace(state, order=order), f"tie on initiative broken by chance: {outcome.outcome}"))


handles(ChanceOrder, ChanceOrderRules)


class NextTurnRules(AutoHandler[NextTurn]):
    """Start the next hero's turn in initiative order, or close Phase 2."""

    def run(self, ctx: RulesContext, state: GameState, frame: NextTurn) -> GameState:
        if frame.index >= len(state.order):
            marker = state.attack_marker
            state = log(state, "Phase 2 ends" + (" (a Strigoi attacked this round)" if marker else ""))
            return close_phase_two(state)
        seat = state.order[frame.index]
        hero = state.heroes[seat]
        steps = max(0, ctx.played_card(state, seat).movement - ctx.movement_penalty(hero))
        state = log(state, f"{hero.hero.value}'s turn", turn=TurnState(seat, steps))
        if ctx.ruleset.icon_scope is _ICONSCOPE_PER_TURN:
            state = reset_spent(state)
        card = ctx.played_card(state, seat)
        if card.self_wound and not hero.card_wound_taken and ctx.ruleset.self_wound is _SELFWOUND_WHEN_PLAYED:
            state = state.with_hero(seat, replace(state.heroes[seat], card_wound_taken=True))
            state = log(state, f"{card.title} hurts {hero.hero.value} (self-wound icon)")
            frames = (
                NextTurn(frame.index + 1),
                EndTurn(seat),
                GrantAwards(),
                StrigoiPhase(seat),
                FightPhase(seat),
                MoveFrame(seat),
            )
            return incoming_wounds(ctx, replace_top(state, *frames), seat, 1, "self", protectable=False)
        return replace_top(
            state,
            NextTurn(frame.index + 1),
            EndTurn(seat),
            GrantAwards(),
            StrigoiPhase(seat),
            FightPhase(seat),
            MoveFrame(seat),
        )


handles(NextTurn, NextTurnRules)


class EndTurnRules(AutoHandler[EndTurn]):
    """The turn is over; the cards it played stay in front of the hero until the end of the round (peg19.en:831)."""

    def run(self, ctx: RulesContext, state: GameState, frame: EndTurn) -> GameState:
        return pop(replace(state, turn=None))


handles(EndTurn, EndTurnRules)


class EndRoundRules(AutoHandler[EndRound]):
    """Round summary steps 6-8: remove the attack marker, empty hands take back their discards, played cards out."""

    def run(self, ctx: RulesContext, state: GameState, frame: EndRound) -> GameState:
        if state.attack_marker:
            state = replace(state, attack_marker=False)
        for seat, before in enumerate(state.heroes):
            if not _has_action_card(ctx, before.hand) and before.discard:  # by this round's initiative (972)
                state = log(take_back_discard(state, seat), f"{before.hero.value} takes back the discard pile")
                state = check_rebel(ctx, state)
            hero = state.heroes[seat]
            moves = [MoveCard(card, seat, _CARDZONE_PLAYED, _CARDZONE_DISCARD) for card in hero.played]
            if hero.chosen is not None:
                moves.insert(0, MoveCard(hero.chosen, seat, _CARDZONE_CHOSEN, _CARDZONE_DISCARD))
            state = execute_all(state, moves)
        return replace_top(state, StartRound())


handles(EndRound, EndRoundRules)
