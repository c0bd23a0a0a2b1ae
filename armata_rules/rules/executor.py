"""How the engine executes effect values (:mod:`armata_rules.effects`): the state after each change.

The effect values and the arithmetic kernels stay in :mod:`armata_rules.effects`, which is never compiled: the Z3
proofs run the very kernels on symbolic values, and the engine controls break them there. The execution lives here,
with the rules, so that the compiled build compiles it; it calls the kernels through their module (``effects.
blood_step``), so a kernel broken on purpose is the kernel that runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from armata_rules import effects
from armata_rules.effects import (
    STACKS,
    AddWound,
    CardZone,
    CollapsePlatform,
    DefeatStrigoi,
    DestroyLadder,
    DiscardToStack,
    DiscardWound,
    Earn,
    Effect,
    GainBlood,
    GainToken,
    HandOver,
    LeaveOnTop,
    LoseBlood,
    MoveBlood,
    MoveCard,
    MoveHero,
    PlaceFightToken,
    PlaceLadderTile,
    PlaceStrigoi,
    RaiseSupreme,
    RemoveFightToken,
    Reshuffle,
    RotatePlatform,
    SetAttackMarker,
    SpendIcon,
    SpendToken,
    TakeFromStack,
    WoundStrigoi,
)
from armata_rules.errors import EngineInvariantError, expect, require
from armata_rules.immutable import replace, replace_fields
from armata_rules.state import Blood, GameState, HeroState, Stack, sorted_tuple

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_ADVANCED_SUPPLY: Final = CardZone.ADVANCED_SUPPLY
_CARDZONE_BOX: Final = CardZone.BOX
_CARDZONE_CHOSEN: Final = CardZone.CHOSEN
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_PLAYED: Final = CardZone.PLAYED
_CARDZONE_REWARD_DECK: Final = CardZone.REWARD_DECK

__all__ = ["blood_after", "execute", "execute_all", "execute_more"]


def execute_all(state: GameState, effect_values: Iterable[Effect]) -> GameState:
    """Execute ``effect_values`` in order.

    A run of card moves between the zones of one hero (the round's cards to the discard pile, a discard pile taken
    back) changes that hero once per move but the state once per run: the same result as executing them one by one,
    without a copy of the whole state for each card."""
    seat = -1  # the seat whose hero ``hero`` is, moved but not yet put in the state; -1 for none
    hero: HeroState | None = None
    for effect in effect_values:
        if isinstance(effect, MoveCard) and effect.source in _HERO_FIELD and effect.target in _HERO_FIELD:
            owner = effect.seat
            if owner is not None:  # (a move without a seat goes to execute, which refuses it)
                if owner != seat or hero is None:
                    if hero is not None:
                        state = state.with_hero(seat, hero)
                    seat, hero = owner, state.heroes[owner]
                trace = effects.TRACE
                if trace is not None:
                    trace.append(effect)
                hero = replace_fields(hero, _hero_changes(hero, owner, effect.card, effect.source, effect.target))
                continue
        if hero is not None:
            state = state.with_hero(seat, hero)
            seat, hero = -1, None
        state = execute(state, effect)
    if hero is not None:
        state = state.with_hero(seat, hero)
    return state


def execute(state: GameState, effect: Effect) -> GameState:
    """The state after ``effect``."""
    trace = effects.TRACE  # read from the module each time: conformance tests set it
    if trace is not None:
        trace.append(effect)
    # isinstance tests, the most frequent effects first: compiled, a class pattern of ``match`` is a generic
    # isinstance call and a generic attribute read per captured field, an isinstance test on a native class is a
    # type check and its attributes are read natively
    if isinstance(effect, MoveCard):
        return _move_card(state, effect)
    if isinstance(effect, MoveHero):
        seat = effect.seat
        return state.with_hero(seat, state.heroes[seat].moved_to(effect.space))
    if isinstance(effect, (GainBlood, LoseBlood)):
        return replace(state, blood=blood_after(state.blood, effect))
    if isinstance(effect, HandOver):
        card, giver, taker = effect.card, effect.giver, effect.taker
        held = state.heroes[giver]
        if card not in held.hand:
            raise EngineInvariantError(f"{card} is not in the hand of seat {giver}")
        state = state.with_hero(giver, replace(held, hand=_without(held.hand, card)))
        holder = state.heroes[taker]
        return state.with_hero(taker, replace(holder, hand=sorted_tuple([*holder.hand, card])))
    if isinstance(effect, PlaceLadderTile):
        site = effect.site
        if site in state.board.ladders:
            raise EngineInvariantError(f"a ladder already stands on {site}")
        return replace(state, board=replace(state.board, ladders=state.board.ladders | {site}))
    if isinstance(effect, PlaceStrigoi):
        strigoi = list(state.strigoi)
        strigoi[effect.index] = replace(strigoi[effect.index], position=effect.space)
        return replace(state, strigoi=tuple(strigoi))
    return execute_more(state, effect)


def blood_after(blood: Blood, effect: Effect) -> Blood:
    """The blood counters after a blood effect; every other effect leaves them alone."""
    supply, altar, inferno = (
        expect(n, int, "the blood kernel on integers")
        for n in effects.blood_step(effect, blood.supply, blood.altar, blood.inferno)
    )
    require(supply >= 0, "the blood point supply ran dry")
    return Blood(supply, altar, inferno)


#: The field of a hero's state that holds each of its card zones.
_HERO_FIELD: Final = {
    CardZone.HAND: "hand",
    CardZone.CHOSEN: "chosen",
    CardZone.PLAYED: "played",
    CardZone.DISCARD: "discard",
}


def _hero_changes(
    hero: HeroState, seat: int, card: str, source: CardZone | None, target: CardZone | None
) -> dict[str, object]:
    """The fields of ``hero`` after ``card`` leaves its zone ``source`` and/or enters its zone ``target`` (either may
    be ``None``: a zone that is not the hero's). Taken first, then put, as two separate moves would."""
    changes: dict[str, object] = {}
    if source is _CARDZONE_CHOSEN:
        if hero.chosen != card:
            raise EngineInvariantError(f"{card} is not the card chosen by seat {seat}")
        changes["chosen"] = None
    elif source is not None:
        name = _HERO_FIELD[source]
        cards: tuple[str, ...] = getattr(hero, name)
        if card not in cards:
            raise EngineInvariantError(f"{card} is not in the {source.value} of seat {seat}")
        changes[name] = _without(cards, card)
    if target is _CARDZONE_CHOSEN:
        if changes.get("chosen", hero.chosen) is not None:
            raise EngineInvariantError(f"seat {seat} has already chosen a card")
        changes["chosen"] = card
    elif target is not None:
        name = _HERO_FIELD[target]
        held = cast(tuple[str, ...], changes.get(name, getattr(hero, name)))
        # played cards keep the order they were placed in; the other zones are sorted
        changes[name] = (*held, card) if target is _CARDZONE_PLAYED else sorted_tuple([*held, card])
    return changes


def _move_card(state: GameState, effect: MoveCard) -> GameState:
    """A card changes zone: a hero's own zones change in one copy of the hero; a supply and a hero, in turn."""
    card, seat, source, target = effect.card, effect.seat, effect.source, effect.target
    from_hero = source in _HERO_FIELD
    to_hero = target in _HERO_FIELD
    if from_hero or to_hero:
        if seat is None:
            raise EngineInvariantError(f"zone {(source if from_hero else target).value} needs a seat")
        owner = seat
    if not from_hero:
        state = _take_from_supply(state, card, source)
    if from_hero or to_hero:
        hero = state.heroes[owner]
        changes = _hero_changes(hero, owner, card, source if from_hero else None, target if to_hero else None)
        state = state.with_hero(owner, replace_fields(hero, changes))
    if not to_hero:
        state = _put_in_supply(state, card, target)
    return state


def _take_from_supply(state: GameState, card: str, zone: CardZone) -> GameState:
    """``card`` leaves the reward deck, the advanced supply or the box."""
    if zone is _CARDZONE_REWARD_DECK:
        deck = state.reward_deck
        if card not in deck.hidden and card not in deck.top:
            raise EngineInvariantError(f"{card} is not in the reward deck")
        return replace(
            state,
            reward_deck=replace(
                deck, hidden=tuple(c for c in deck.hidden if c != card), top=tuple(c for c in deck.top if c != card)
            ),
        )
    if zone is _CARDZONE_ADVANCED_SUPPLY:
        if card not in state.advanced_supply:
            raise EngineInvariantError(f"{card} is not beside the board")
        return replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != card))
    if zone is not _CARDZONE_BOX:
        raise EngineInvariantError(f"{zone.value} is not a zone a card can leave")
    if card not in state.box:
        raise EngineInvariantError(f"{card} is not in the box")
    return replace(state, box=tuple(c for c in state.box if c != card))


def _put_in_supply(state: GameState, card: str, zone: CardZone) -> GameState:
    """``card`` goes into the reward deck (face down), the advanced supply or the box."""
    if zone is _CARDZONE_REWARD_DECK:
        deck = state.reward_deck
        return replace(state, reward_deck=replace(deck, hidden=sorted_tuple([*deck.hidden, card])))
    if zone is _CARDZONE_ADVANCED_SUPPLY:
        return replace(state, advanced_supply=sorted_tuple([*state.advanced_supply, card]))
    if zone is not _CARDZONE_BOX:
        raise EngineInvariantError(f"{zone.value} is not a zone a card can enter")
    return replace(state, box=sorted_tuple([*state.box, card]))


def _stack_get(state: GameState, name: str) -> Stack:
    if name not in STACKS:
        raise EngineInvariantError(f"no stack {name!r}")
    stack: Stack = getattr(state, name)
    return stack


def _stack_set(state: GameState, name: str, stack: Stack) -> GameState:
    if name not in STACKS:
        raise EngineInvariantError(f"no stack {name!r}")
    return replace_fields(state, {name: stack})


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def _give_up(state: GameState, seat: int, field: str, item: str, stack: str, what: str) -> GameState:
    """``item`` leaves the hero's ``field`` (a token spent, a wound healed) for the discard pile of ``stack``."""
    hero = state.heroes[seat]
    held: tuple[str, ...] = getattr(hero, field)
    if item not in held:
        raise EngineInvariantError(f"seat {seat} holds no {what} {item}")
    state = state.with_hero(seat, replace_fields(hero, {field: _without(held, item)}))
    return execute_more(state, DiscardToStack(stack, item))


def _strigoi(state: GameState, index: int, **changes: object) -> GameState:
    strigoi = list(state.strigoi)
    strigoi[index] = replace_fields(strigoi[index], changes)
    return replace(state, strigoi=tuple(strigoi))


def execute_more(state: GameState, effect: Effect) -> GameState:
    """The second half of :func:`execute`: stacks, tokens, wounds, board, Strigoi, icons, awards."""
    if isinstance(effect, TakeFromStack):
        name, item = effect.stack, effect.item
        stack = _stack_get(state, name)
        if stack.top and stack.top[0] == item:
            return _stack_set(state, name, replace(stack, top=stack.top[1:]))
        if item not in stack.hidden:
            raise EngineInvariantError(f"{item} is not in the {name} stack")
        return _stack_set(state, name, replace(stack, hidden=_without(stack.hidden, item)))
    if isinstance(effect, DiscardToStack):
        stack = _stack_get(state, effect.stack)
        return _stack_set(state, effect.stack, replace(stack, discard=sorted_tuple([*stack.discard, effect.item])))
    if isinstance(effect, SpendIcon):
        seat, key = effect.seat, effect.key
        hero = state.heroes[seat]
        if key in hero.spent:
            raise EngineInvariantError(f"icon {key} is already spent")
        return state.with_hero(seat, replace(hero, spent=sorted_tuple([*hero.spent, key])))
    if isinstance(effect, LeaveOnTop):
        stack = _stack_get(state, effect.stack)
        return _stack_set(state, effect.stack, replace(stack, top=(effect.item, *stack.top)))
    if isinstance(effect, Reshuffle):
        stack = _stack_get(state, effect.stack)
        return _stack_set(
            state, effect.stack, replace(stack, hidden=sorted_tuple([*stack.hidden, *stack.discard]), discard=())
        )
    if isinstance(effect, GainToken):
        hero = state.heroes[effect.seat]
        return state.with_hero(effect.seat, replace(hero, tokens=sorted_tuple([*hero.tokens, effect.token])))
    if isinstance(effect, SpendToken):
        return _give_up(state, effect.seat, "tokens", effect.token, "reward_tokens", "token")
    if isinstance(effect, AddWound):
        hero = state.heroes[effect.seat]
        return state.with_hero(effect.seat, replace(hero, wounds=(*hero.wounds, effect.wound)))
    if isinstance(effect, DiscardWound):
        return _give_up(state, effect.seat, "wounds", effect.wound, "wound_stack", "wound")
    if isinstance(effect, MoveBlood):
        return replace(state, blood=blood_after(state.blood, effect))
    if isinstance(effect, PlaceFightToken):
        space = effect.space
        if space in state.fight_tokens:
            raise EngineInvariantError(f"a fight token already lies on {space}")
        return replace(state, fight_tokens=sorted_tuple([*state.fight_tokens, space]))
    if isinstance(effect, RemoveFightToken):
        return replace(state, fight_tokens=_without(state.fight_tokens, effect.space))
    if isinstance(effect, WoundStrigoi):
        strigoi = state.strigoi[effect.index]
        if strigoi.defeated:
            raise EngineInvariantError(f"the {strigoi.name} is defeated: it takes no wound")
        tokens = strigoi.wound_tokens if effect.wound is None else sorted_tuple([*strigoi.wound_tokens, effect.wound])
        return _strigoi(state, effect.index, wounds=strigoi.wounds + 1, wound_tokens=tokens)
    if isinstance(effect, DefeatStrigoi):
        return _strigoi(state, effect.index, defeated=True, position=None)
    if isinstance(effect, RaiseSupreme):
        return _strigoi(state, effect.index, supreme=True)
    if isinstance(effect, RotatePlatform):
        room, index = effect.room, effect.index
        if room in state.board.collapsed:
            raise EngineInvariantError(f"the platform of {room} has collapsed")
        rotations = list(state.board.rotations)
        rotations[index] = (rotations[index] + effect.steps) % 6
        return replace(state, board=replace(state.board, rotations=tuple(rotations)))
    if isinstance(effect, CollapsePlatform):
        return replace(state, board=replace(state.board, collapsed=state.board.collapsed | {effect.room}))
    if isinstance(effect, DestroyLadder):
        site = effect.site
        if site not in state.board.ladders:
            raise EngineInvariantError(f"no ladder tile on {site}")
        return replace(state, board=replace(state.board, ladders=state.board.ladders - {site}))
    if isinstance(effect, SetAttackMarker):
        return replace(state, attack_marker=effect.on)
    if isinstance(effect, Earn):
        seat, card, title = effect.seat, effect.card, effect.title
        state = execute(state, MoveCard(card, seat, _CARDZONE_ADVANCED_SUPPLY, _CARDZONE_HAND))
        hero = state.heroes[seat]
        if title in hero.earned:
            raise EngineInvariantError(f"seat {seat} already has {title!r}")
        return state.with_hero(seat, replace(hero, earned=sorted_tuple([*hero.earned, title])))
    raise EngineInvariantError(f"unknown effect {effect!r}")
