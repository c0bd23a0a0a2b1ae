"""Bots: a random legal player and a simple greedy one.

A bot picks one of the legal actions of the hero who decides now (at a simultaneous decision, the first hero
still to choose). Bots see the whole state: they are tools for balance studies and tests, not fair opponents.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Protocol

from armata_rules.actions import (
    Action,
    AttackStrigoi,
    Choose,
    ChooseCard,
    EndMove,
    Pass,
    PlayReward,
    PlayToken,
    Protect,
    Step,
    UseAbility,
)
from armata_rules.board.fortress import SpaceId
from armata_rules.engine import Game
from armata_rules.errors import expect
from armata_rules.frames import Fight
from armata_rules.rules.fights import strigoi_strength
from armata_rules.state import GameState

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]


class Bot(Protocol):
    """Anything that picks an action."""

    name: str

    def choose(self, game: Game, state: GameState, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (never empty)."""
        ...


def _own(state: GameState, actions: Sequence[Action]) -> list[Action]:
    seats = state.to_act.seats
    if len(seats) > 1:
        mine = [a for a in actions if getattr(a, "seat", None) == seats[0]]
        return mine or list(actions)
    return list(actions)


class RandomBot:
    """Picks uniformly among the legal actions of the hero who decides."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, state: GameState, actions: Sequence[Action]) -> Action:
        return self.rng.choice(_own(state, actions))


class GreedyBot:
    """Plays for the pack: fights it can win, heals, protects, keeps blood points, attacks the Strigoi when it can.

    Movement heads for the nearest active encounter space it expects to beat, or next to a Strigoi once the altar
    allows an attack; fights play the fewest rewards that reach the foe's strength.
    """

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, state: GameState, actions: Sequence[Action]) -> Action:
        mine = _own(state, actions)
        decision = state.to_act.decision
        pick = {
            "choose_card": self._card,
            "move": self._move,
            "fight": self._fight_phase,
            "fight_rewards": self._fight,
            "protect": self._protect,
            "shock": self._shock,
            "encounter_choice": self._encounter_choice,
            "counterattack": self._counter,
            "after_strigoi": self._after_strigoi,
        }.get(decision)
        choice = pick(game, state, mine) if pick is not None else None
        return choice if choice is not None else self.rng.choice(mine)

    # -------------------------------------------------------------------------------------------- decisions
    def _card(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        cards = [a for a in actions if isinstance(a, ChooseCard)]
        if not cards:
            return None
        pack = game.pack
        hurt = len(state.heroes[cards[0].seat].wounds)

        def score(a: ChooseCard) -> float:
            card = pack.cards[a.card]
            care = sum(1 for x in card.abilities if x.value in ("heal", "protection")) * 3 * hurt
            return (
                card.strength * 1.2
                + card.movement
                + len(card.abilities)
                + care
                - 2 * card.self_wound
                + self.rng.random()
            )

        return max(cards, key=score)

    def _move(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        seat = state.to_act.seats[0]
        heals = [
            a for a in actions if isinstance(a, UseAbility) and a.ability == "heal" and a.mode in ("card", "token")
        ]
        if heals and self._wounded_nearby(game, state, seat):
            return heals[0]
        goals = self._goals(game, state, seat)
        steps = [a for a in actions if isinstance(a, Step)]
        here = state.heroes[seat].position
        if not goals or here is None or not steps:
            return next((a for a in actions if isinstance(a, EndMove)), None)
        dist = _distances(game, state, goals)
        best = min(steps, key=lambda a: (dist.get(a.to, 99), self.rng.random()))
        stop = next((a for a in actions if isinstance(a, EndMove)), None)
        on_centre = game.fortress.spaces[here].is_platform_centre
        if dist.get(best.to, 99) < dist.get(here, 99) or (on_centre and stop is None):
            return best
        if on_centre:  # never linger where a Strigoi may land (peg19.en:860)
            return next((a for a in steps if not game.fortress.spaces[a.to].is_platform_centre), stop)
        return stop or best

    def _after_strigoi(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        """After the Strigoi act: heal the wounds in its room with the played card or a token, else end the turn."""
        seat = state.to_act.seats[0]
        heals = [
            a for a in actions if isinstance(a, UseAbility) and a.ability == "heal" and a.mode in ("card", "token")
        ]
        if heals and self._wounded_nearby(game, state, seat):
            return heals[0]
        return next((a for a in actions if isinstance(a, Pass)), None)

    def _wounded_nearby(self, game: Game, state: GameState, seat: int) -> bool:
        here = state.heroes[seat].position
        room = None if here is None else game.fortress.room_of(here)
        return any(
            h.wounds and h.position is not None and (game.fortress.room_of(h.position) == room or s == seat)
            for s, h in enumerate(state.heroes)
        )

    def _goals(self, game: Game, state: GameState, seat: int) -> set[SpaceId]:
        ctx = game.ctx
        strength = _max_strength(game, state, seat)
        if state.blood.altar >= ctx.altar_required:
            targets: set[SpaceId] = set()
            for i, s in enumerate(state.strigoi):
                if s.position and not s.defeated and strength >= strigoi_strength(ctx, state, i):
                    targets |= set(game.fortress.neighbours(s.position, state.board))
            if targets:
                return targets
        goals = set()
        for sid in game.fortress.view(state.board).cells:
            kind = game.fortress.spaces[sid].kind
            if not kind.is_encounter or sid in state.fight_tokens:
                continue
            if (kind.value == "grey" and strength < 6) or strength < 3:
                continue
            other = state.hero_at(sid)
            if other is None or other == seat:
                goals.add(sid)
        return goals

    def _fight_phase(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        seat = state.to_act.seats[0]
        flip = next((a for a in actions if isinstance(a, Choose) and a.option == "flip"), None)
        if flip is not None:
            return flip
        attacks = [a for a in actions if isinstance(a, AttackStrigoi)]
        strength = _max_strength(game, state, seat, ranged=False)
        for attack in sorted(attacks, key=lambda a: a.mode != "melee"):
            if (
                _max_strength(game, state, seat, ranged=attack.mode == "ranged")
                >= strigoi_strength(game.ctx, state, attack.strigoi)
                and strength > 0
            ):
                return attack
        return next((a for a in actions if isinstance(a, Pass)), None)

    def _fight(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        frame = state.frames[-1]
        frame = expect(frame, Fight, "sim.bots._fight")  # the guard admitted only this kind
        need = _foe_strength(game, state, frame) - _base_strength(game, state, frame.seat) - frame.bonus
        resolve = next(a for a in actions if isinstance(a, Pass))
        if need <= 0:
            return resolve
        plays = [a for a in actions if isinstance(a, (PlayReward, PlayToken))]
        if sum(_bonus(game, a) for a in self._best_plays(game, plays)) < need:
            return resolve  # cannot win: keep the rewards
        normal = sorted(
            (a for a in plays if not (isinstance(a, PlayReward) and a.mode == "wild")), key=lambda a: -_bonus(game, a)
        )
        wild = sorted(
            (a for a in plays if isinstance(a, PlayReward) and a.mode == "wild"), key=lambda a: _bonus(game, a)
        )
        for play in normal:
            if _bonus(game, play) > 0:
                return play
        for play in wild:
            if _bonus(game, play) >= need:
                return play
        return wild[-1] if wild else resolve

    def _best_plays(self, game: Game, plays: Iterable[Action]) -> list[Action]:
        best: dict[str, Action] = {}
        for play in plays:
            key = play.card if isinstance(play, PlayReward) else play.token  # type: ignore[attr-defined]
            if key not in best or _bonus(game, play) > _bonus(game, best[key]):
                best[key] = play
        return list(best.values())

    def _protect(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        protects = [a for a in actions if isinstance(a, Protect)]
        order = {"card": 0, "token": 1, "normal": 2, "discard": 3, "wild": 4}
        return min(protects, key=lambda a: order.get(a.mode, 9)) if protects else None

    def _shock(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        protects = [a for a in actions if isinstance(a, Protect) and a.mode in ("card", "token")]
        return protects[0] if protects else None

    def _encounter_choice(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        options = {a.option: a for a in actions if isinstance(a, Choose)}
        seat = state.to_act.seats[0]
        if "free" in options:
            return options["free"] if state.heroes[seat].discard else options.get("attack")
        if "fight" in options:
            return options["fight"]
        return options.get("leave") or options.get("attack")

    def _counter(self, game: Game, state: GameState, actions: list[Action]) -> Action | None:
        seat = state.to_act.seats[0]
        for attack in (a for a in actions if isinstance(a, AttackStrigoi)):
            if _max_strength(game, state, seat, ranged=attack.mode == "ranged") >= strigoi_strength(
                game.ctx, state, attack.strigoi
            ):
                return attack
        return next((a for a in actions if isinstance(a, Pass)), None)


def _base_strength(game: Game, state: GameState, seat: int) -> int:
    hero = state.heroes[seat]
    if hero.chosen is None:
        return 0
    return max(0, game.pack.cards[hero.chosen].strength - game.ctx.strength_penalty(hero))


def _max_strength(game: Game, state: GameState, seat: int, ranged: bool = False) -> int:
    hero = state.heroes[seat]
    total = _base_strength(game, state, seat)
    for card in hero.hand:
        reward = game.pack.rewards.get(card)
        if reward is not None:
            total += reward.wild.strength
    if not ranged:
        total += sum(game.pack.tokens[t].strength for t in hero.tokens)
    return total


def _foe_strength(game: Game, state: GameState, frame: Fight) -> int:
    if frame.foe.startswith("strigoi:"):
        return strigoi_strength(game.ctx, state, int(frame.foe.split(":")[1]))
    return game.pack.encounters[frame.foe].strength


def _bonus(game: Game, action: Action) -> int:
    if isinstance(action, PlayToken):
        return game.pack.tokens[action.token].strength
    if isinstance(action, PlayReward):
        reward = game.pack.rewards[action.card]
        side = reward.wild if action.mode == "wild" else reward.normal
        return 0 if side is None else side.strength
    return 0


def _distances(game: Game, state: GameState, goals: set[SpaceId]) -> dict[SpaceId, int]:
    """Steps from every space to the nearest goal (corridors and tunnels, ignoring other pieces)."""
    fortress, board = game.fortress, state.board
    dist = dict.fromkeys(sorted(goals), 0)
    queue = deque(sorted(goals))
    while queue:
        space = queue.popleft()
        for nxt in (*fortress.neighbours(space, board), *fortress.tunnel_exits(space, board)):
            if nxt not in dist:
                dist[nxt] = dist[space] + 1
                queue.append(nxt)
    return dist


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, rng: random.Random) -> Bot:
    """A bot by name (``random`` or ``greedy``)."""
    if name not in BOTS:
        raise ValueError(f"no bot called {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](rng)
