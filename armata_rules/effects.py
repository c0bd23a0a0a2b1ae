"""The small language of resource changes.

Every change of a counted resource (blood points between supply, altar and inferno; cards between zones; wound
tokens; fight tokens; ladders; pieces on the board) is an *effect value* defined here. The engine executes effect
values with :func:`execute`; :mod:`armata_rules.verify` encodes the very same values symbolically, so what is proved
is what runs. Effects are total: an effect whose precondition fails (moving a card that is not there) raises
``AssertionError``, since a rule's guard must have ruled that out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import Enum

from armata_rules.state import Blood, GameState, HeroState, sorted_tuple

__all__ = [
    "CardZone",
    "Effect",
    "GainBlood",
    "LoseBlood",
    "MoveCard",
    "MoveHero",
    "PlaceLadderTile",
    "PlaceStrigoi",
    "blood_after",
    "execute",
    "execute_all",
]


class CardZone(Enum):
    """Where a hero's card can be."""

    HAND = "hand"
    CHOSEN = "chosen"  # the card chosen in Phase 1 / played for the round
    PLAYED = "played"  # other cards in front of the hero this round
    DISCARD = "discard"
    REWARD_DECK = "reward_deck"  # face down beside the board; never reshuffled (peg19.en:1028)
    ADVANCED_SUPPLY = "advanced_supply"  # advanced action cards beside the board (peg19.en:720)
    BOX = "box"  # removed from the game (peg19.en:1022)


@dataclass(frozen=True, slots=True)
class Effect:
    """Base of effect values."""


@dataclass(frozen=True, slots=True)
class GainBlood(Effect):
    """A counter from the supply to the altar, unless the altar is at its cap or the supply is empty.

    peg19.en:780 (a blood icon puts a counter on the altar), peg19.en:880 (never more than the cap on the altar).
    """

    cap: int


@dataclass(frozen=True, slots=True)
class LoseBlood(Effect):
    """The pack loses a blood point: altar → inferno, or supply → inferno when the altar is empty (peg19.en:870)."""


@dataclass(frozen=True, slots=True)
class MoveCard(Effect):
    """A card of ``seat`` (or of the board's supplies) moves from one zone to another."""

    card: str
    seat: int | None
    source: CardZone
    target: CardZone


@dataclass(frozen=True, slots=True)
class MoveHero(Effect):
    """The hero in ``seat`` now stands on ``space`` (``None``: off the board)."""

    seat: int
    space: str | None


@dataclass(frozen=True, slots=True)
class PlaceLadderTile(Effect):
    """A ladder tile is placed on a ladder site (setup step 2, peg19.en:716)."""

    site: str


@dataclass(frozen=True, slots=True)
class PlaceStrigoi(Effect):
    """Strigoi number ``index`` (0 Master, 1 Apprentice) now stands on ``space``."""

    index: int
    space: str | None


def execute_all(state: GameState, effects: Iterable[Effect]) -> GameState:
    """Execute ``effects`` in order."""
    for effect in effects:
        state = execute(state, effect)
    return state


def execute(state: GameState, effect: Effect) -> GameState:
    """The state after ``effect``."""
    match effect:
        case GainBlood() | LoseBlood():
            return replace(state, blood=blood_after(state.blood, effect))
        case MoveCard():
            return _move_card(state, effect)
        case MoveHero(seat=seat, space=space):
            return state.with_hero(seat, replace(state.heroes[seat], position=space))
        case PlaceLadderTile(site=site):
            assert site not in state.board.ladders, f"a ladder already stands on {site}"
            return replace(state, board=replace(state.board, ladders=state.board.ladders | {site}))
        case PlaceStrigoi(index=index, space=space):
            strigoi = list(state.strigoi)
            strigoi[index] = replace(strigoi[index], position=space)
            return replace(state, strigoi=tuple(strigoi))
    raise AssertionError(f"unknown effect {effect!r}")


def blood_after(blood: Blood, effect: Effect) -> Blood:
    """The blood counters after a blood effect; every other effect leaves them alone."""
    match effect:
        case GainBlood(cap=cap):
            if blood.altar >= cap or blood.supply == 0:
                return blood
            return Blood(blood.supply - 1, blood.altar + 1, blood.inferno)
        case LoseBlood():
            if blood.altar > 0:
                return Blood(blood.supply, blood.altar - 1, blood.inferno + 1)
            assert blood.supply > 0, "the blood point supply ran dry"
            return Blood(blood.supply - 1, blood.altar, blood.inferno + 1)
    return blood


def _zone(hero: HeroState, zone: CardZone) -> tuple[str, ...]:
    if zone is CardZone.HAND:
        return hero.hand
    if zone is CardZone.PLAYED:
        return hero.played
    assert zone is CardZone.DISCARD, f"{zone.value} is not a zone of a hero's cards"
    return hero.discard


def _with_zone(hero: HeroState, zone: CardZone, cards: tuple[str, ...]) -> HeroState:
    if zone is CardZone.HAND:
        return replace(hero, hand=cards)
    if zone is CardZone.PLAYED:
        return replace(hero, played=cards)
    assert zone is CardZone.DISCARD, f"{zone.value} is not a zone of a hero's cards"
    return replace(hero, discard=cards)


def _move_card(state: GameState, effect: MoveCard) -> GameState:
    card, seat = effect.card, effect.seat
    hero = state.heroes[seat] if seat is not None else None

    def take(zone: CardZone) -> GameState | HeroState:
        nonlocal hero
        if zone is CardZone.REWARD_DECK:
            deck = state.reward_deck
            assert card in deck.hidden or card in deck.top, f"{card} is not in the reward deck"
            return replace(
                state,
                reward_deck=replace(
                    deck, hidden=tuple(c for c in deck.hidden if c != card), top=tuple(c for c in deck.top if c != card)
                ),
            )
        if zone is CardZone.ADVANCED_SUPPLY:
            assert card in state.advanced_supply, f"{card} is not beside the board"
            return replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != card))
        if zone is CardZone.BOX:
            assert card in state.box, f"{card} is not in the box"
            return replace(state, box=tuple(c for c in state.box if c != card))
        assert hero is not None, f"zone {zone.value} needs a seat"
        if zone is CardZone.CHOSEN:
            assert hero.chosen == card, f"{card} is not the card chosen by seat {seat}"
            return replace(hero, chosen=None)
        cards = _zone(hero, zone)
        assert card in cards, f"{card} is not in the {zone.value} of seat {seat}"
        index = cards.index(card)
        return _with_zone(hero, zone, cards[:index] + cards[index + 1 :])

    def put(zone: CardZone, current: GameState) -> GameState:
        if zone is CardZone.REWARD_DECK:
            deck = current.reward_deck
            return replace(current, reward_deck=replace(deck, hidden=sorted_tuple([*deck.hidden, card])))
        if zone is CardZone.ADVANCED_SUPPLY:
            return replace(current, advanced_supply=sorted_tuple([*current.advanced_supply, card]))
        if zone is CardZone.BOX:
            return replace(current, box=sorted_tuple([*current.box, card]))
        assert seat is not None
        holder = current.heroes[seat]
        if zone is CardZone.CHOSEN:
            assert holder.chosen is None, f"seat {seat} has already chosen a card"
            return current.with_hero(seat, replace(holder, chosen=card))
        if zone is CardZone.PLAYED:
            return current.with_hero(seat, replace(holder, played=(*holder.played, card)))
        return current.with_hero(seat, _with_zone(holder, zone, sorted_tuple([*_zone(holder, zone), card])))

    taken = take(effect.source)
    if isinstance(taken, HeroState):
        assert seat is not None
        state = state.with_hero(seat, taken)
    else:
        state = taken
    return put(effect.target, state)
