"""What one hero may see (peg19.en:704: players may not share details of their cards).

Hidden from a hero: the other heroes' hands and discard piles (only their sizes show), a card chosen face down in
Phase 1 until all are revealed, the face-down part of every stack (only its size shows; tokens left face up on
top by Stealth are seen by all, peg19.en:1058), and which wound tokens lie face down on a Strigoi's card (only
their number shows, as its wounds; peg19.en:891, peg19.en:899).
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.board.fortress import FortressState
from armata_rules.frames import ChooseCards, ToAct
from armata_rules.immutable import memo, replace
from armata_rules.rules.context import RulesContext
from armata_rules.state import Blood, GameState, HeroState, Stack, StrigoiState

__all__ = [
    "STACKS",
    "HeroView",
    "Observation",
    "StackView",
    "board_seen",
    "hero_seen",
    "hero_view",
    "observe",
    "secret_choice",
    "stack_view",
    "state_stacks",
    "strigoi_seen",
]


@dataclass(frozen=True, slots=True)
class StackView:
    """A stack as everyone sees it."""

    size: int
    face_up: tuple[str, ...]
    discard: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HeroView:
    """A hero as the observer sees them: own cards in full, others' by count."""

    seat: int
    hero: str
    position: str | None
    hand: tuple[str, ...] | None
    hand_size: int
    chosen: str | None
    has_chosen: bool
    played: tuple[str, ...]
    discard: tuple[str, ...] | None
    discard_size: int
    tokens: tuple[str, ...]
    wounds: tuple[str, ...]
    earned: tuple[str, ...]


#: A hero's fields as a seat sees them (:func:`hero_seen`): hero, position, hand (``None`` if hidden), hand size,
#: chosen card (``None`` if none or hidden), whether one is chosen, played cards, discard pile (``None`` if hidden),
#: discard size, tokens, wound tokens, earned advanced cards.
HeroSeen = tuple[
    str,
    str | None,
    tuple[str, ...] | None,
    int,
    str | None,
    bool,
    tuple[str, ...],
    tuple[str, ...] | None,
    int,
    tuple[str, ...],
    tuple[str, ...],
    tuple[str, ...],
]


@dataclass(frozen=True, slots=True)
class Observation:
    """The game from one seat's point of view."""

    player: int
    round: int
    to_act: ToAct
    heroes: tuple[HeroView, ...]
    strigoi: tuple[StrigoiState, ...]
    blood: Blood
    fight_tokens: tuple[str, ...]
    attack_marker: bool
    order: tuple[int, ...]
    stacks: dict[str, StackView]
    rotations: tuple[int, ...]
    collapsed: tuple[str, ...]
    ladders: tuple[str, ...]
    outcome: str | None


#: Stack views made lately, by the identity of their stack: a state shares every stack that did not change with the
#: state before it, so its view is found, not made again (and an encoder can recognise it). Each entry holds its
#: stack, so its ``id`` cannot be reused while it is here; the table starts afresh when it is full.
_STACK_VIEWS: dict[int, tuple[Stack, StackView]] = {}
_STACK_VIEWS_SIZE = 4096


def stack_view(stack: Stack) -> StackView:
    """The stack as everyone sees it: its size, the tokens face up on top and the discard pile."""
    hit = _STACK_VIEWS.get(id(stack))
    if hit is None or hit[0] is not stack:
        if len(_STACK_VIEWS) >= _STACK_VIEWS_SIZE:
            _STACK_VIEWS.clear()
        hit = _STACK_VIEWS[id(stack)] = (stack, StackView(stack.size, stack.top, stack.discard))
    return hit[1]


def strigoi_seen(strigoi: StrigoiState) -> StrigoiState:
    """A Strigoi as everyone sees it: its wound tokens lie face down, so only their number (``wounds``) shows."""
    return replace(strigoi, wound_tokens=()) if strigoi.wound_tokens else strigoi


#: The first part of the key of a hero's views in its cache (:func:`armata_rules.immutable.memo`).
_VIEW = "observation.view"


def hero_seen(hero: HeroState, own: bool, chosen_visible: bool) -> HeroSeen:
    """The hero's fields as seen by itself (``own``) or by another seat, its chosen card shown or not: those of its
    :class:`HeroView` after the seat, in order. The other seats' hands and discard piles are ``None`` (only their
    sizes show), and so is a card chosen face down."""
    return (
        hero.hero.value,
        hero.position,
        hero.hand if own else None,
        len(hero.hand),
        hero.chosen if chosen_visible else None,
        hero.chosen is not None,
        hero.played,
        hero.discard if own else None,
        len(hero.discard),
        hero.tokens,
        hero.wounds,
        hero.earned,
    )


def hero_view(hero: HeroState, seat: int, own: bool, chosen_visible: bool) -> HeroView:
    """The hero in ``seat`` as seen by itself (``own``) or by another seat, its chosen card shown or not
    (:func:`hero_seen`). Made once per hero state and kept on it: a hero who did not change between two states is
    seen as the very same view, which spares building it again (and lets an encoder recognise it). The key holds
    the position: a hero who only moved shares its cache with the hero before the step
    (:meth:`armata_rules.state.HeroState.moved_to`)."""
    cache = memo(hero)
    key = (_VIEW, seat, own, chosen_visible, hero.position)
    view: HeroView | None = cache.get(key)
    if view is None:
        view = cache[key] = HeroView(seat, *hero_seen(hero, own, chosen_visible))
    return view


#: The stacks an observation shows, by name, in the order of :func:`state_stacks`.
STACKS = ("reward_cards", "reward_tokens", "red", "grey", "strigoi_tokens", "wounds")


def state_stacks(state: GameState) -> tuple[Stack, ...]:
    """The state's stacks named by :data:`STACKS`, in that order."""
    return state.reward_deck, state.reward_tokens, state.red, state.grey, state.strigoi_tokens, state.wound_stack


def board_seen(board: FortressState) -> tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]:
    """The board as everyone sees it: each platform's rotation, the collapsed rooms and the ladders (both sorted)."""
    return board.rotations, tuple(sorted(board.collapsed)), tuple(sorted(board.ladders))


def secret_choice(state: GameState) -> bool:
    """Whether the heroes are choosing their cards face down now (Phase 1): each sees only that the others chose."""
    return bool(state.frames) and isinstance(state.frames[-1], ChooseCards)


def observe(ctx: RulesContext, state: GameState, player: int) -> Observation:
    """The observation of seat ``player``."""
    if not 0 <= player < len(state.heroes):
        raise ValueError(f"there is no seat {player}; seats are 0..{len(state.heroes) - 1}")
    secret = secret_choice(state)
    rotations, collapsed, ladders = board_seen(state.board)
    heroes = [
        hero_view(hero, seat, seat == player, seat == player or not secret) for seat, hero in enumerate(state.heroes)
    ]
    return Observation(
        player=player,
        round=state.round,
        to_act=state.to_act,
        heroes=tuple(heroes),
        strigoi=tuple(map(strigoi_seen, state.strigoi)),
        blood=state.blood,
        fight_tokens=state.fight_tokens,
        attack_marker=state.attack_marker,
        order=state.order,
        stacks=dict(zip(STACKS, map(stack_view, state_stacks(state)), strict=True)),
        rotations=rotations,
        collapsed=collapsed,
        ladders=ladders,
        outcome=None if state.outcome is None else state.outcome.value,
    )
