"""Build exact game situations for rule tests: who stands where, which card each plays, what lies on the altar.

A scenario starts from a real game driven through setup and Phase 1 by legal actions, then places pieces and
counters as a test needs them, so the rules under test run exactly as in play. Chance is explicit: a test picks
the outcome of every draw with :func:`draw`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from armata_rules import Game, editions
from armata_rules.actions import Action, ChanceOutcome, ChooseCard
from armata_rules.frames import EndTurn, FightPhase, GrantAwards, MoveFrame, NextTurn, StrigoiPhase
from armata_rules.state import Blood, GameState, HeroState, TurnState
from armata_rules.variants import Ruleset

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")

#: Action card titles the scenarios play (the comment: what each gives).
MOON = "When the Moon Shines Red"  # Roel: initiative 4, movement 5, strength 3, Protection, letter E
PRAYER = "Prayer in the Dark"  # Roel: initiative 10, strength 2, letter A
CROSS = "Killers with the Cross"  # Matthew: initiative 6, movement 5, strength 3, Mechanics, letter A
DANCING = "Dancing with the Dead"  # Matthew: initiative 1, movement 6, strength 2, Leap, letter E
ARMY = "Army of the Night"  # every hero: initiative 3, movement 3, strength 3, Heal, letter B


def game(heroes: Sequence[str] = ("Roel", "Matthew"), ruleset: Ruleset = editions.PEG19_EN) -> Game:
    """A game with explicit chance."""
    return Game.new(heroes, ruleset=ruleset, seed=1, chance="explicit")


def turn(
    g: Game,
    cards: Sequence[str],
    positions: Mapping[int, str] | None = None,
    strigoi: Mapping[str, str | None] | None = None,
    blood: tuple[int, int, int] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    tokens: Mapping[int, Sequence[str]] | None = None,
    wounds: Mapping[int, Sequence[str]] | None = None,
    round_: int = 3,
    first: int | None = None,
    **changes: object,
) -> GameState:
    """The state at the start of the first turn of a round in which seat ``i`` plays ``cards[i]`` (a card title).

    Positions, Strigoi placements (``{"Master": "NE:0,0"}``), blood (supply, altar, inferno), hands (extra cards),
    reward tokens and wounds are then set as given; ``first`` makes that seat's turn the current one whatever the
    initiative; any other GameState field can be overridden by keyword.
    """
    state = g.initial_state()
    while state.to_act.decision == "place_ladder":
        state = g.apply(state, g.legal_actions(state)[0])
    ids = []
    for seat, title in enumerate(cards):
        hero = g.heroes[seat]
        card = next(
            c.id for c in g.pack.action_cards + g.pack.advanced_cards if c.title == title and c.hero in (hero, None)
        )
        ids.append(card)
        if card not in state.heroes[seat].hand:  # an advanced card: hand it over first
            state = state.with_hero(
                seat, replace(state.heroes[seat], hand=tuple(sorted((*state.heroes[seat].hand, card))))
            )
            state = replace(state, advanced_supply=tuple(c for c in state.advanced_supply if c != card))
        state = g.apply(state, ChooseCard(seat, card))
    heroes = list(state.heroes)
    for seat, space in (positions or {}).items():
        heroes[seat] = replace(heroes[seat], position=space)
    for seat, extra in (hands or {}).items():
        heroes[seat] = _with_cards(state, heroes[seat], extra)
        state = replace(
            state,
            reward_deck=replace(state.reward_deck, hidden=tuple(c for c in state.reward_deck.hidden if c not in extra)),
        )
    for seat, held in (tokens or {}).items():
        heroes[seat] = replace(heroes[seat], tokens=tuple(sorted(held)))
        state = replace(
            state,
            reward_tokens=replace(
                state.reward_tokens, hidden=tuple(t for t in state.reward_tokens.hidden if t not in held)
            ),
        )
    for seat, held in (wounds or {}).items():
        heroes[seat] = replace(heroes[seat], wounds=tuple(held))
        state = replace(
            state,
            wound_stack=replace(state.wound_stack, hidden=tuple(w for w in state.wound_stack.hidden if w not in held)),
        )
    state = replace(state, heroes=tuple(heroes), round=round_)
    if strigoi is not None:
        state = replace(state, strigoi=tuple(replace(s, position=strigoi.get(s.name)) for s in state.strigoi))
    if blood is not None:
        state = replace(state, blood=Blood(*blood))
    if first is not None:
        state = _first(g, state, first)
    return replace(state, **changes)  # type: ignore[arg-type]


def _first(g: Game, state: GameState, seat: int) -> GameState:
    order = (seat, *(s for s in state.order if s != seat))
    steps = g.pack.cards[state.heroes[seat].chosen or ""].movement
    frames = (
        *state.frames[:-6],
        NextTurn(1),
        EndTurn(seat),
        GrantAwards(),
        StrigoiPhase(seat),
        FightPhase(seat),
        MoveFrame(seat),
    )
    return replace(state, order=order, frames=frames, turn=TurnState(seat, steps))


def _with_cards(state: GameState, hero: HeroState, extra: Sequence[str]) -> HeroState:
    return replace(hero, hand=tuple(sorted((*hero.hand, *extra))))


def draw(g: Game, state: GameState, outcome: str) -> GameState:
    """Resolve the chance frame on top with ``outcome`` (which must be one of its outcomes)."""
    decision = state.to_act.decision
    return g.apply(state, ChanceOutcome(decision, outcome))


def lay_wound(g: Game, state: GameState, outcome: str | None = None) -> GameState:
    """After a won fight against a Strigoi, chance lays a wound token from the stack face down on its card
    (peg19.en:891): resolve that draw with ``outcome`` (default: the first token listed). Any other state is
    returned as it is, so a test of a fight that may be lost can call it either way."""
    if state.to_act.decision != "wound_strigoi":
        return state
    return draw(g, state, g.chance_outcomes(state)[0][0].outcome if outcome is None else outcome)


def strigoi_wounds(state: GameState, wounds: Mapping[int, int]) -> GameState:
    """Strigoi ``i`` suffers ``wounds[i]`` more wounds: as many tokens leave the wound stack (the first ids in order)
    for its card, face down (peg19.en:891)."""
    hidden = list(state.wound_stack.hidden)
    strigoi = list(state.strigoi)
    for index, count in sorted(wounds.items()):
        laid, hidden = hidden[:count], hidden[count:]
        on_card = tuple(sorted((*strigoi[index].wound_tokens, *laid)))
        strigoi[index] = replace(strigoi[index], wounds=strigoi[index].wounds + count, wound_tokens=on_card)
    return replace(state, strigoi=tuple(strigoi), wound_stack=replace(state.wound_stack, hidden=tuple(hidden)))


def pass_window(g: Game, state: GameState) -> GameState:
    """Close the ability window after the Strigoi act (reading ``not_during_fight``), if it is open, with its
    ``Pass(seat, "end_turn")``: the turn ends. Any other state is returned as it is."""
    from armata_rules.actions import Pass

    if state.to_act.decision != "after_strigoi":
        return state
    return g.apply(state, Pass(state.to_act.seats[0], "end_turn"))


def play(g: Game, state: GameState, *actions: Action) -> GameState:
    """Apply ``actions`` in order."""
    for action in actions:
        state = g.apply(state, action)
    return state


def card_id(g: Game, hero: str, title: str) -> str:
    """The id of ``hero``'s card ``title``."""
    return next(c.id for c in g.pack.action_cards if c.title == title and c.hero is not None and c.hero.value == hero)


def reward(g: Game, title: str, copy: int = 1) -> str:
    """The id of copy ``copy`` of reward card ``title``."""
    return [c.id for c in g.pack.reward_cards if c.title == title][copy - 1]


def token(g: Game, title: str, copy: int = 1) -> str:
    """The id of copy ``copy`` of reward token ``title``."""
    return [t.id for t in g.pack.reward_tokens if t.title == title][copy - 1]


def encounter(g: Game, colour: str, title: str, copy: int = 1) -> str:
    """The id of copy ``copy`` of encounter token ``title``."""
    pool = g.pack.red if colour == "red" else g.pack.grey
    return [t.id for t in pool if t.title == title][copy - 1]


def wound(g: Game, title: str, copy: int = 1) -> str:
    """The id of copy ``copy`` of wound token ``title``."""
    return [w.id for w in g.pack.wounds if w.title == title][copy - 1]


def strigoi_attack(g: Game, state: GameState, seat: int = 0, token: str = "strigoi-token/master+0#1") -> GameState:
    """``seat`` ends the move and the fight phase, the Strigoi action token ``token`` is flipped, and the attack it
    brings is taken: every protection offered is the last one listed (which declines), every wound drawn is the
    first outcome. Returns the state at the first other decision (a counterattack, the next turn, ...)."""
    from armata_rules.actions import EndMove, Pass

    state = play(g, state, EndMove(seat), Pass(seat, "end_fight_phase"))
    state = draw(g, state, token)
    while state.to_act.decision in ("protect", "draw_wound", "shock"):
        if state.to_act.decision == "draw_wound":
            state = draw(g, state, g.chance_outcomes(state)[0][0].outcome)
        else:
            state = play(g, state, g.legal_actions(state)[-1])
    return state
