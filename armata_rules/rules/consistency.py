"""Whether a game state read from a file could be a state of this game: the checks behind
:meth:`armata_rules.engine.Game.state_from_json`.

:meth:`GameState.from_json <armata_rules.state.GameState.from_json>` checks types and order; it knows no game. A
state that passes it can still break the rules' bookkeeping: a hero with seven wounds, one card in two hands, a
wound token on a hero and in the stack (or on a Strigoi's card), an unknown id, two heroes on one space, blood out
of bounds, a negative round, four heroes in a three-hero game. The rules then fail deep inside (a ``KeyError`` on an
unknown card) or leave a live state with no legal action. Here each such state is refused with a
:class:`~armata_rules.state.StateFileError` (``SOURCE: KEY: PROBLEM``) that names the key and the broken invariant:
seats and heroes, positions on the board, one place per piece (cards, tokens, wounds and encounter and Strigoi
tokens are conserved against the game's own setup), wound points and blood within their bounds and conserved, the
board's rotations, the Strigoi (one that perished stands nowhere, and the other is then the Supreme), the turn order,
the frames' seats and what a pending decision implies (no unblockable wounds offered for Protection, no move after
the turn's encounter). Last, a state that passes is asked for its legal actions:
one that cannot be played on, or that is live with no legal action, is refused too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from armata_rules.frames import (
    AfterStrigoi,
    AfterStrigoiChoice,
    ChooseCards,
    CollapseEscape,
    CounterChoice,
    EncounterChoice,
    EncounterDone,
    EndTurn,
    Fight,
    FightPhase,
    Frame,
    HealChoice,
    MoveFrame,
    NextTurn,
    OfferCounter,
    ReactivateChoice,
    RelocateChoice,
    StrigoiPhase,
    TurnEndDiscards,
    Wounds,
)
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState, StateFileError
from armata_rules.variants import DiscardTiming

__all__ = ["check_consistent", "pieces"]

#: Most wound points a hero can hold: a third wound point is lost at once (peg19.en:1080, peg19.en:664).
MAX_WOUND_POINTS = 2


def pieces(state: GameState) -> Iterator[tuple[str, str]]:
    """Every piece with an id, with the key of the place it is in (``heroes[1].hand``, ``red.discard``): cards,
    reward tokens, wound tokens (held by a hero, in the stack, or face down on a Strigoi's card, defeated or not:
    peg19.en:891, peg19.en:909), encounter tokens and Strigoi action tokens, in a fixed order."""
    for seat, hero in enumerate(state.heroes):
        for name in ("hand", "played", "discard", "tokens", "wounds"):
            for piece in getattr(hero, name):
                yield f"heroes[{seat}].{name}", piece
        if hero.chosen is not None:
            yield f"heroes[{seat}].chosen", hero.chosen
    for index, strigoi in enumerate(state.strigoi):
        for piece in strigoi.wound_tokens:
            yield f"strigoi[{index}].wound_tokens", piece
    for name in ("reward_deck", "reward_tokens", "red", "grey", "strigoi_tokens", "wound_stack"):
        stack = getattr(state, name)
        for part in ("hidden", "top", "discard"):
            for piece in getattr(stack, part):
                yield f"{name}.{part}", piece
    for piece in state.advanced_supply:
        yield "advanced_supply", piece
    for piece in state.box:
        yield "box", piece


def check_consistent(ctx: RulesContext, state: GameState, setup: GameState, source: str) -> None:
    """Refuse ``state`` with a :class:`StateFileError` naming the key and the invariant it breaks, if it could not
    be a state of the game whose context is ``ctx`` and whose state after setup is ``setup``."""
    _check_counters(state, source)
    _check_seats(ctx, state, setup, source)
    _check_pieces(state, setup, source)
    _check_wounds(ctx, state, source)
    _check_blood(ctx, state, setup, source)
    _check_board(ctx, state, source)
    _check_positions(ctx, state, source)
    _check_strigoi(state, source)
    _check_order_and_frames(state, source)
    _check_turn_end_discards(ctx, state, source)
    _check_turn_places(ctx, state, source)


def _refuse(source: str, key: str, problem: str) -> StateFileError:
    return StateFileError(source, key, problem)


def _check_counters(state: GameState, source: str) -> None:
    if state.round < 0:
        raise _refuse(source, "round", f"must be 0 or more; got {state.round}")
    if state.chance_count < 0:
        raise _refuse(source, "chance_count", f"must be 0 or more; got {state.chance_count}")
    for name in ("supply", "altar", "inferno"):
        value = getattr(state.blood, name)
        if value < 0:
            raise _refuse(source, f"blood.{name}", f"must be 0 or more; got {value}")


def _check_seats(ctx: RulesContext, state: GameState, setup: GameState, source: str) -> None:
    if len(state.heroes) != len(ctx.heroes):
        raise _refuse(source, "heroes", f"{len(state.heroes)} heroes in a game of {len(ctx.heroes)}")
    for seat, (hero, expected) in enumerate(zip(state.heroes, ctx.heroes, strict=True)):
        if hero.hero is not expected:
            raise _refuse(source, f"heroes[{seat}].hero", f"is {hero.hero.value}; this game seats {expected.value}")
    names = [s.name for s in setup.strigoi]
    if [s.name for s in state.strigoi] != names:
        raise _refuse(source, "strigoi", f"must be the game's Strigoi in order: {', '.join(names)}")


def _check_pieces(state: GameState, setup: GameState, source: str) -> None:
    """One place per piece, and the game's pieces only: the multiset of ids equals the one set out at setup."""
    expected = Counter(piece for _, piece in pieces(setup))
    where: dict[str, str] = {}
    for key, piece in pieces(state):
        if piece not in expected:
            raise _refuse(source, key, f"{piece!r} is no card or token of this game")
        if piece in where:
            raise _refuse(source, key, f"{piece!r} is also in {where[piece]}: every piece is in one place only")
        where[piece] = key
    # a token being resolved is held by its frame (the encounter token fought, the Strigoi action token flipped)
    held = {value for frame in state.frames for value in (getattr(frame, "token", None), getattr(frame, "foe", None))}
    if state.turn is not None:
        held.add(state.turn.token)
    missing = sorted(piece for piece in expected if piece not in where and piece not in held)
    if missing:
        raise _refuse(source, "<top>", f"{missing[0]!r} is nowhere: every piece of the game must be in one place")
    # the reward deck lies face down and is never rebuilt (peg19.en:724, peg19.en:1028; peg19.de:406, peg19.es:2535):
    # it has no face-up card and no discard pile, and a card put there would never be drawn again
    for part in ("top", "discard"):
        cards = getattr(state.reward_deck, part)
        if cards:
            raise _refuse(
                source,
                f"reward_deck.{part}",
                f"{cards[0]!r}: the reward deck lies face down and has no discard pile (peg19.en:724, peg19.en:1028)",
            )


def _check_wounds(ctx: RulesContext, state: GameState, source: str) -> None:
    for index, strigoi in enumerate(state.strigoi):
        key = f"strigoi[{index}]"
        for piece in strigoi.wound_tokens:
            if piece not in ctx.pack.wound_tokens:
                raise _refuse(source, f"{key}.wound_tokens", f"{piece!r} is no wound token: only those go on its card")
        if strigoi.wounds < len(strigoi.wound_tokens):
            raise _refuse(
                source,
                f"{key}.wounds",
                f"{strigoi.wounds} wound(s) under {len(strigoi.wound_tokens)} wound token(s) on its card: each token "
                "is a lost existence point (peg19.en:901)",
            )
    for seat, hero in enumerate(state.heroes):
        points = sum(ctx.pack.wound_tokens[w].value for w in hero.wounds)
        if points > MAX_WOUND_POINTS:
            raise _refuse(
                source,
                f"heroes[{seat}].wounds",
                f"{points} wound points; a hero holds at most {MAX_WOUND_POINTS} (the third is lost at once)",
            )


def _check_blood(ctx: RulesContext, state: GameState, setup: GameState, source: str) -> None:
    blood, start = state.blood, setup.blood
    total, expected = blood.supply + blood.altar + blood.inferno, start.supply + start.altar + start.inferno
    if total != expected:
        raise _refuse(source, "blood", f"{total} blood points in all; this game has {expected} (they are conserved)")
    cap = ctx.pack.tables.altar_cap
    if blood.altar > cap:
        raise _refuse(source, "blood.altar", f"{blood.altar} on the altar; it holds at most {cap}")


def _check_board(ctx: RulesContext, state: GameState, source: str) -> None:
    fortress = ctx.fortress
    rooms = fortress.platform_rooms
    if len(state.board.rotations) != len(rooms):
        raise _refuse(source, "board.rotations", f"must give one rotation for each of the {len(rooms)} platforms")
    for index, rotation in enumerate(state.board.rotations):
        if not 0 <= rotation <= 5:
            raise _refuse(source, f"board.rotations[{index}]", f"must be 0 to 5 (60° steps); got {rotation}")
    for room in sorted(state.board.collapsed):
        if room not in rooms:
            raise _refuse(source, "board.collapsed", f"{room!r} is no platform room of this fortress")
    for ladder in sorted(state.board.ladders):
        if ladder not in fortress.ladder_sites:
            raise _refuse(source, "board.ladders", f"{ladder!r} is no ladder site of this fortress")
    for space in state.fight_tokens:
        if space not in fortress.encounter_spaces:
            raise _refuse(source, "fight_tokens", f"{space!r} is no encounter space of this fortress")


def _check_positions(ctx: RulesContext, state: GameState, source: str) -> None:
    """Pieces stand on spaces of the board in play; no two heroes share one, save the moving hero in the middle of a
    jump (peg19.en:764, peg19.en:765). A hero may share a Strigoi's space for a while (crossing it with Stealth, or
    caught on a platform centre the Strigoi teleports to, until relocated), so that is not checked."""
    fortress = ctx.fortress
    in_move = state.turn is not None and any(isinstance(frame, MoveFrame) for frame in state.frames)
    moving = state.turn.seat if state.turn is not None and in_move else -1
    # a hero whose ladder tile was destroyed, or whose platform collapses, stands off the board until moved
    relocating = any(isinstance(frame, (RelocateChoice, CollapseEscape)) for frame in state.frames)
    taken: dict[str, int] = {}
    for seat, hero in enumerate(state.heroes):
        space = hero.position
        if space is None:
            if state.round >= 1:  # every hero is on the board from the first round on (peg19.en:716)
                raise _refuse(source, f"heroes[{seat}].position", "missing: every hero is on the board after setup")
            continue
        if space not in fortress.spaces or (not fortress.in_play(space, state.board) and not relocating):
            raise _refuse(source, f"heroes[{seat}].position", f"{space!r} is no space of the board in play")
        other = taken.get(space)
        if other is not None and moving not in (seat, other):
            raise _refuse(
                source,
                f"heroes[{seat}].position",
                f"{space} is held by heroes[{other}] too: two miniatures cannot stay on one space (peg19.en:764)",
            )
        taken[space] = seat
    for index, strigoi in enumerate(state.strigoi):
        space = strigoi.position
        if space is None or strigoi.defeated:
            continue
        if space not in fortress.spaces or not fortress.in_play(space, state.board):
            raise _refuse(source, f"strigoi[{index}].position", f"{space!r} is no space of the board in play")


def _check_strigoi(state: GameState, source: str) -> None:
    """A Strigoi that perished has left the board; when one has perished, the other is the Supreme at once, and none
    is the Supreme before (peg19.en:708, peg19.en:907, peg19.en:909); once both have perished, the pack has won
    (peg19.en:708, peg19.en:945)."""
    strigoi = state.strigoi
    for index, one in enumerate(strigoi):
        if one.defeated and one.position is not None:
            raise _refuse(
                source,
                f"strigoi[{index}].position",
                f"the {one.name} has perished, so it stands nowhere (peg19.en:907)",
            )
    if len(strigoi) != 2:
        return
    for index, (one, other) in enumerate(((strigoi[0], strigoi[1]), (strigoi[1], strigoi[0]))):
        if one.defeated:
            continue
        if other.defeated and not one.supreme:
            raise _refuse(
                source,
                f"strigoi[{index}].supreme",
                f"the {other.name} has perished, so the {one.name} is the Supreme Strigoi (peg19.en:708, peg19.en:909)",
            )
        if one.supreme and not other.defeated:
            raise _refuse(
                source,
                f"strigoi[{index}].supreme",
                f"the {one.name} is the Supreme Strigoi while the {other.name} lives: the Supreme rises only when the "
                "other perishes (peg19.en:909)",
            )
    if all(one.defeated for one in strigoi) and state.outcome is None:
        raise _refuse(source, "outcome", "missing: both Strigoi have perished, so the pack has won (peg19.en:708)")


def _check_order_and_frames(state: GameState, source: str) -> None:
    seats = range(len(state.heroes))
    if len(set(state.order)) != len(state.order) or any(seat not in seats for seat in state.order):
        raise _refuse(source, "order", f"must list distinct seats of 0 to {len(state.heroes) - 1}")
    turn = state.turn
    if turn is not None:
        if turn.seat not in seats:
            raise _refuse(source, "turn.seat", f"seat {turn.seat} is not at the table")
        if turn.steps_left < 0:
            raise _refuse(source, "turn.steps_left", f"must be 0 or more; got {turn.steps_left}")
        if turn.seat not in state.order:
            raise _refuse(
                source,
                "turn.seat",
                f"seat {turn.seat} has a turn but is not in the round's order {list(state.order)}: heroes take their "
                "turns in the order of initiative (peg19.en:750)",
            )
    for index, (seat, _) in enumerate(state.awards):
        if seat not in seats:
            raise _refuse(source, f"awards[{index}]", f"seat {seat} is not at the table")
    for index, frame in enumerate(state.frames):
        frame_seat: object = getattr(frame, "seat", None)
        if isinstance(frame_seat, int) and frame_seat not in seats:
            raise _refuse(source, f"frames[{index}].seat", f"seat {frame_seat} is not at the table")
        unchosen = tuple(seat for seat, hero in enumerate(state.heroes) if hero.chosen is None)
        if isinstance(frame, ChooseCards) and tuple(frame.waiting) != unchosen:
            raise _refuse(
                source, f"frames[{index}].waiting", f"must be the seats with no card chosen yet, {list(unchosen)}"
            )
        if isinstance(frame, (*_IN_A_TURN, NextTurn)) and unchosen:
            raise _refuse(
                source, f"heroes[{unchosen[0]}].chosen", "missing: every hero has chosen a card before the turns begin"
            )
        if isinstance(frame, Wounds) and not frame.protectable:
            raise _refuse(
                source,
                f"frames[{index}].protectable",
                "false: wounds that cannot be blocked are drawn at once, never offered for Protection (peg19.en:1042)",
            )
        if isinstance(frame, MoveFrame) and turn is not None and turn.engaged:
            raise _refuse(
                source,
                "turn.engaged",
                "true while the hero moves: the turn's encounter or Strigoi fight comes after the move, and ends this "
                "part of the turn (peg19.en:801)",
            )
        if isinstance(frame, _IN_A_TURN):
            if turn is None:
                raise _refuse(source, "turn", f"missing: frames[{index}] ({type(frame).__name__}) is part of a turn")
            if isinstance(frame, _OF_THE_TURNS_HERO) and frame_seat != turn.seat:
                raise _refuse(
                    source, f"frames[{index}].seat", f"seat {frame_seat} is not the seat whose turn it is ({turn.seat})"
                )


#: Frames of a hero's turn (Phase 2) that belong to the hero whose turn it is.
_OF_THE_TURNS_HERO: tuple[type[Frame], ...] = (
    MoveFrame,
    FightPhase,
    EncounterDone,
    EncounterChoice,
    EndTurn,
    StrigoiPhase,
    ReactivateChoice,
    AfterStrigoi,
    AfterStrigoiChoice,
)
#: Every frame that only exists inside a hero's turn, so the state has a turn while one is stacked: those above and
#: those that may belong to another hero (a counterattack, a fight's or a heal's choice).
_IN_A_TURN: tuple[type[Frame], ...] = (
    *_OF_THE_TURNS_HERO,
    Fight,
    HealChoice,
    OfferCounter,
    CounterChoice,
    TurnEndDiscards,
)


def _check_turn_end_discards(ctx: RulesContext, state: GameState, source: str) -> None:
    """Cards noted for the end of the turn (the ``discard_timing`` reading ``end_of_turn``) lie beside their
    heroes' played cards, each once, on a note directly above the turn's end (peg19.en:949, peg19.en:1092)."""
    seats = range(len(state.heroes))
    for index, frame in enumerate(state.frames):
        if not isinstance(frame, TurnEndDiscards):
            continue
        key = f"frames[{index}]"
        if ctx.ruleset.discard_timing is not DiscardTiming.END_OF_TURN:
            raise _refuse(
                source,
                key,
                f"TurnEndDiscards under discard_timing {ctx.ruleset.discard_timing.value}: only "
                "end_of_turn sends discarded cards to the discard pile at the end of the turn",
            )
        if index == 0 or not isinstance(state.frames[index - 1], EndTurn):
            raise _refuse(source, key, "TurnEndDiscards must lie directly above the turn's EndTurn")
        if not frame.cards or len(set(frame.cards)) != len(frame.cards):
            raise _refuse(source, f"{key}.cards", "must note one or more distinct (seat, card) pairs")
        for number, (seat, card) in enumerate(frame.cards):
            if seat not in seats:
                raise _refuse(source, f"{key}.cards[{number}]", f"seat {seat} is not at the table")
            if card not in state.heroes[seat].played:
                raise _refuse(
                    source,
                    f"{key}.cards[{number}]",
                    f"{card!r} is not beside heroes[{seat}]'s played cards, where a discarded card waits for the end "
                    "of the turn",
                )


def _check_turn_places(ctx: RulesContext, state: GameState, source: str) -> None:
    """The turn's places are spaces of the board, and a hero stopped for an encounter still to be played stands on an
    encounter space (peg19.en:760): no move is offered before it is played (not even Leap), while after it the hero
    may leap on (peg19.en:756)."""
    turn = state.turn
    if turn is None:
        return
    fortress = ctx.fortress
    for index, space in enumerate(turn.trail):
        if space not in fortress.spaces:
            raise _refuse(source, f"turn.trail[{index}]", f"{space!r} is no space of this fortress")
    if turn.declined is not None and turn.declined not in fortress.encounter_spaces:
        raise _refuse(source, "turn.declined", f"{turn.declined!r} is no encounter space of this fortress")
    here = state.heroes[turn.seat].position
    # once the encounter has been played (engaged), a Leap may take the hero elsewhere in the same fight phase
    if turn.encountered and not turn.engaged and here not in fortress.encounter_spaces:
        raise _refuse(
            source, "turn.encountered", f"the hero stopped for an encounter stands on {here}, no encounter space"
        )
