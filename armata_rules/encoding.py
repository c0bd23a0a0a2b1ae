"""Numbers for learning agents: a fixed action index space, legal-action masks and observation tensors.

**Actions.** :class:`ActionSpace` numbers every action that could ever be legal in a game of a given data pack,
layout and hero count (the heroes' identities do not matter). Each field of an action is drawn from a finite set
of ids of the pack or layout: seats ``0..n-1``; spaces (including ladder sites); action, advanced and reward card
ids; reward token, wound, encounter and Strigoi action token ids; ability names with the sources that print the
icon; the options the rules offer by name. The indices are laid out kind by kind in the order of
:data:`armata_rules.actions.ACTION_TYPES`, then seat by seat, then by the sorted values of the remaining fields, so
the same pack, layout and hero count always give the same numbering (:meth:`ActionSpace.kind_ranges` lists the
block of each kind). Chance outcomes have indices too (for OpenSpiel's explicit chance nodes).

>>> from armata_rules import Game
>>> game = Game.new(heroes=["Attila", "Roel"], seed=7)
>>> space = ActionSpace.of(game)
>>> state = game.initial_state()
>>> action = game.legal_actions(state)[0]
>>> space.index_to_action(space.action_to_index(action)) == action
True

**Observations.** :class:`ObservationEncoder` turns :meth:`armata_rules.engine.Game.observation` (which already hides
other seats' hands, discard piles and face-down choices) into a flat ``float32`` vector whose layout
(:meth:`ObservationEncoder.layout`) is fixed for the game. Encodings are one-hot (a value from a vocabulary, all
zeros for none), *position codes* (for a collection of distinct ids: ``0`` absent, ``k + 1`` at position ``k``, so
order survives) and plain counts. :meth:`ObservationEncoder.decode` rebuilds the observation exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from armata_rules.actions import (
    ACTION_TYPES,
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    ChooseCard,
    DiscardCard,
    EndMove,
    Escape,
    GiveReward,
    HealWound,
    Pass,
    Peek,
    PlaceLadder,
    PlayReward,
    PlayToken,
    Protect,
    Reactivate,
    RebelDraw,
    Relocate,
    Step,
    UseAbility,
)
from armata_rules.board.fortress import Fortress
from armata_rules.components.icons import Ability, Hero
from armata_rules.components.pack import DataPack
from armata_rules.engine import Game
from armata_rules.frames import DecisionKind, ToAct
from armata_rules.observation import HeroView, Observation, StackView
from armata_rules.state import Blood, GameState, Outcome, StrigoiState

__all__ = [
    "DECISIONS",
    "ActionSpace",
    "ObservationEncoder",
    "Segment",
    "legal_actions_of",
]

#: The options a :class:`~armata_rules.actions.Pass` closes and a :class:`~armata_rules.actions.Choose` picks.
PASS_WHATS = ("end_fight_phase", "end_turn", "fall", "no_counterattack", "resolve", "take_wounds")
CHOOSE_OPTIONS = ("attack", "decline", "fight", "flip", "free", "leave")
#: Every decision name a state can wait on (``""`` once the game is over).
DECISIONS = (
    "",
    "after_strigoi",
    "choose_card",
    "counterattack",
    "draw_grey",
    "draw_red",
    "draw_reward_card",
    "draw_reward_token",
    "draw_strigoi_token",
    "draw_wound",
    "encounter_choice",
    "escape",
    "fight",
    "fight_rewards",
    "heal",
    "move",
    "order_ties",
    "place_ladder",
    "place_strigoi",
    "protect",
    "reactivate",
    "relocate",
    "shock",
    "wound_strigoi",
)
_DISCARDABLE = (Ability.PROTECTION, Ability.STEALTH, Ability.LEAP)  # peg19.en:786, :1062, :918
_MECHANICS_STEPS = range(1, 6)

Float32Array = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]


def legal_actions_of(game: Game, state: GameState, seat: int) -> list[Action]:
    """The legal actions of ``seat`` now: all of them when it alone decides, its own at a simultaneous choice,
    none when another seat or chance decides."""
    to_act = state.to_act
    if seat not in to_act.seats:
        return []
    actions = game.legal_actions(state)
    if to_act.kind is DecisionKind.SIMULTANEOUS:
        return [a for a in actions if getattr(a, "seat", None) == seat]
    return actions


# ------------------------------------------------------------------------------------------------ actions
def _sources(pack: DataPack, ability: Ability) -> list[tuple[str, str]]:
    """Every ``(source id, mode)`` that can ever give ``ability`` (see :mod:`armata_rules.rules.sources`)."""
    found = [(card.id, "card") for card in pack.cards.values() if ability in card.abilities]
    if ability in _DISCARDABLE:
        found += [(card.id, "discard") for card in pack.cards.values() if ability in card.abilities]
        for reward in pack.rewards.values():
            icons = reward.wild.abilities + (() if reward.normal is None else reward.normal.abilities)
            if ability in icons:
                found.append((reward.id, "discard"))
    for reward in pack.rewards.values():
        if reward.normal is not None and ability in reward.normal.abilities:
            found.append((reward.id, "normal"))
        if ability in reward.wild.abilities:
            found.append((reward.id, "wild"))
    found += [(token.id, "token") for token in pack.tokens.values() if ability in token.abilities]
    return sorted(set(found))


def _ability_targets(pack: DataPack, fortress: Fortress, ability: Ability) -> list[str]:
    """Every target an ability can name (see :mod:`armata_rules.rules.abilities`)."""
    if ability in (Ability.LEAP, Ability.PACK):
        return sorted(fortress.spaces)
    if ability is Ability.MECHANICS:
        return [f"{room}:{steps}" for room in fortress.platform_rooms for steps in _MECHANICS_STEPS]
    if ability is Ability.RETRIEVAL:
        return sorted(pack.rewards)
    return [""]


def _chance_outcomes(pack: DataPack, fortress: Fortress, players: int) -> list[Action]:
    """Every chance outcome, decision by decision (see the chance handlers of :mod:`armata_rules.rules`)."""
    out: list[Action] = []

    def add(decision: str, outcomes: Iterable[str]) -> None:
        out.extend(ChanceOutcome(decision, o) for o in outcomes)

    add("draw_grey", sorted(t.id for t in pack.grey))
    add("draw_red", sorted(t.id for t in pack.red))
    add("draw_reward_card", ["nothing", *sorted(pack.rewards)])
    add("draw_reward_token", ["nothing", *sorted(pack.tokens)])
    add("draw_strigoi_token", sorted(pack.strigoi_token_by_id))
    add("draw_wound", ["nothing", *sorted(pack.wound_tokens)])
    add("wound_strigoi", ["nothing", *sorted(pack.wound_tokens)])
    ties = [",".join(map(str, perm)) for size in range(2, players + 1) for perm in permutations(range(players), size)]
    add("order_ties", ties)
    names = [s.title for s in pack.strigoi]
    starts = fortress.strigoi_start_rooms()
    add(
        "place_strigoi",
        [",".join(f"{n}@{r}" for n, r in zip(names, rooms, strict=True)) for rooms in permutations(starts, len(names))],
    )
    return out


def _seat_actions(pack: DataPack, fortress: Fortress, players: int, seat: int) -> dict[str, list[Action]]:
    """Every action of ``seat`` by kind."""
    spaces = sorted(fortress.spaces)
    cards = sorted(pack.cards)
    rewards = sorted(pack.rewards)
    every_card = sorted({*cards, *rewards})
    abilities = sorted(Ability, key=lambda a: a.value)
    stealth = _sources(pack, Ability.STEALTH)
    protection = _sources(pack, Ability.PROTECTION)
    leap = _sources(pack, Ability.LEAP)
    return {
        "place_ladder": [PlaceLadder(seat, site) for site in sorted(fortress.ladder_sites)],
        "choose_card": [ChooseCard(seat, card) for card in cards],
        "step": [Step(seat, to) for to in spaces],
        "end_move": [EndMove(seat)],
        "use_ability": [
            UseAbility(seat, ability.value, source, mode, target)
            for ability in abilities
            for source, mode in _sources(pack, ability)
            for target in _ability_targets(pack, fortress, ability)
        ],
        "give_reward": [GiveReward(seat, to, card) for to in range(players) if to != seat for card in rewards],
        "rebel_draw": [RebelDraw(seat)],
        "attack_strigoi": [
            AttackStrigoi(seat, i, mode) for i in range(len(pack.strigoi)) for mode in ("melee", "ranged")
        ],
        "pass": [Pass(seat, what) for what in PASS_WHATS],
        "peek": [Peek(seat, "", "in_use"), *(Peek(seat, s, m) for s, m in stealth)],
        "choose": [Choose(seat, option) for option in CHOOSE_OPTIONS],
        "play_reward": [PlayReward(seat, card, mode) for card in rewards for mode in ("normal", "wild")],
        "play_token": [PlayToken(seat, token) for token in sorted(pack.tokens)],
        "protect": [Protect(seat, s, m) for s, m in protection],
        "discard_card": [DiscardCard(seat, card) for card in every_card],
        "heal_wound": [HealWound(seat, wound) for wound in sorted(pack.wound_tokens)],
        "reactivate": [Reactivate(seat, space) for space in spaces],
        "relocate": [Relocate(seat, to) for to in spaces],
        "escape": [Escape(seat, s, m, to) for s, m in leap for to in spaces],
    }


class ActionSpace:
    """The fixed numbering of every action of a game with this pack, layout and hero count.

    ``num_distinct_actions`` indices: ``action_to_index`` and ``index_to_action`` are inverse bijections; an action
    outside the space (a field value the pack or layout does not know) is refused with ``ValueError``.
    """

    def __init__(self, pack: DataPack, fortress: Fortress, players: int) -> None:
        if not 2 <= players <= 5:
            raise ValueError(f"a game has 2 to 5 heroes (peg19.en:884); got {players}")
        self.players = players
        by_seat = [_seat_actions(pack, fortress, players, seat) for seat in range(players)]
        actions: list[Action] = []
        ranges: dict[str, range] = {}
        for kind in ACTION_TYPES:
            start = len(actions)
            if kind == "chance":
                actions += _chance_outcomes(pack, fortress, players)
            else:
                for seat_actions in by_seat:
                    actions += seat_actions[kind]
            ranges[kind] = range(start, len(actions))
        self._actions: tuple[Action, ...] = tuple(actions)
        self._index: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        self._ranges = ranges
        if len(self._index) != len(actions):
            raise ValueError("the action space has a repeated action: the pack or layout repeats an id")

    @classmethod
    def of(cls, game: Game) -> ActionSpace:
        """The action space of ``game`` (its pack, layout and hero count)."""
        return cls(game.pack, game.fortress, len(game.heroes))

    @property
    def num_distinct_actions(self) -> int:
        """How many indices there are."""
        return len(self._actions)

    def kind_ranges(self) -> dict[str, range]:
        """The block of indices of each action kind, in layout order."""
        return dict(self._ranges)

    def action_to_index(self, action: Action) -> int:
        """The index of ``action``."""
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action!r} is outside the action space of this pack, layout and hero count") from None

    def index_to_action(self, index: int) -> Action:
        """The action numbered ``index``."""
        if not 0 <= index < len(self._actions):
            raise ValueError(f"action index {index} is outside 0..{len(self._actions) - 1}")
        return self._actions[index]

    def mask(self, actions: Iterable[Action]) -> BoolArray:
        """A boolean vector with ``True`` at the index of each of ``actions``."""
        out = np.zeros(len(self._actions), dtype=np.bool_)
        for action in actions:
            out[self.action_to_index(action)] = True
        return out

    def legal_mask(self, game: Game, state: GameState, seat: int | None = None) -> BoolArray:
        """The legal actions now as a mask: of ``seat`` (see :func:`legal_actions_of`), or of whoever decides."""
        actions = game.legal_actions(state) if seat is None else legal_actions_of(game, state, seat)
        return self.mask(actions)


# ------------------------------------------------------------------------------------------------ observations
@dataclass(frozen=True, slots=True)
class Segment:
    """One field of the observation vector: its name, first index, length and encoding."""

    name: str
    start: int
    length: int
    encoding: str


T = TypeVar("T")


@dataclass
class _Writer:
    """Appends fields to a vector and records the layout."""

    values: list[float] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)

    def _add(self, name: str, encoding: str, values: Sequence[float]) -> None:
        self.segments.append(Segment(name, len(self.values), len(values), encoding))
        self.values.extend(values)

    def scalar(self, name: str, value: float) -> None:
        self._add(name, "count", [float(value)])

    def onehot(self, name: str, vocab: Sequence[T], value: T | None) -> None:
        if value is not None and value not in vocab:
            raise ValueError(f"observation field {name}: {value!r} is not one of the {len(vocab)} known values")
        self._add(name, "one-hot", [1.0 if v == value else 0.0 for v in vocab])

    def positions(self, name: str, vocab: Sequence[T], items: Sequence[T] | None) -> None:
        codes = [0.0] * len(vocab)
        index = {v: i for i, v in enumerate(vocab)}
        for k, item in enumerate(items or ()):
            if item not in index:
                raise ValueError(f"observation field {name}: {item!r} is not one of the {len(vocab)} known ids")
            if codes[index[item]]:
                raise ValueError(f"observation field {name}: {item!r} appears twice")
            codes[index[item]] = k + 1.0
        self._add(name, "position", codes)


@dataclass
class _Reader:
    """Reads fields back in the order they were written."""

    vector: Float32Array
    at: int = 0

    def _take(self, n: int) -> list[float]:
        out = [float(x) for x in self.vector[self.at : self.at + n]]
        self.at += n
        return out

    def scalar(self) -> int:
        return round(self._take(1)[0])

    def onehot(self, vocab: Sequence[T]) -> T | None:
        hot = [v for v, x in zip(vocab, self._take(len(vocab)), strict=True) if x > 0.5]
        return hot[0] if hot else None

    def positions(self, vocab: Sequence[T]) -> tuple[T, ...]:
        codes = self._take(len(vocab))
        return tuple(v for x, v in sorted((x, v) for x, v in zip(codes, vocab, strict=True) if x > 0))


_STACKS = ("reward_cards", "reward_tokens", "red", "grey", "strigoi_tokens", "wounds")


class ObservationEncoder:
    """The fixed-length numeric form of an :class:`~armata_rules.observation.Observation`.

    Built only from the observation, so it hides what the observation hides: another seat's hand, discard pile
    and face-down choice change nothing in the vector.
    """

    def __init__(self, pack: DataPack, fortress: Fortress, players: int) -> None:
        self.players = players
        self.seats = tuple(range(players))
        self.spaces = tuple(sorted(fortress.spaces))
        self.cards = tuple(sorted({*pack.cards, *pack.rewards}))
        self.advanced_titles = tuple(sorted({c.title for c in pack.advanced_cards}))
        self.tokens = tuple(sorted(pack.tokens))
        self.wounds = tuple(sorted(pack.wound_tokens))
        self.strigoi_names = tuple(s.title for s in pack.strigoi)
        self.platform_rooms = fortress.platform_rooms
        self.ladder_sites = tuple(sorted(fortress.ladder_sites))
        self.stack_ids: dict[str, tuple[str, ...]] = {
            "reward_cards": tuple(sorted(pack.rewards)),
            "reward_tokens": self.tokens,
            "red": tuple(sorted(t.id for t in pack.red)),
            "grey": tuple(sorted(t.id for t in pack.grey)),
            "strigoi_tokens": tuple(sorted(pack.strigoi_token_by_id)),
            "wounds": self.wounds,
        }
        self._heroes = tuple(Hero)
        self._kinds = tuple(DecisionKind)
        self._outcomes = tuple(o.value for o in Outcome)
        self._rotations = tuple(range(6))
        self._segments = tuple(self._write(self._blank()).segments)
        #: An upper bound of every entry: position codes stay below the longest vocabulary, counts (round,
        #: blood points, stack sizes, wounds) below 1000 in any game.
        self.high = float(max(1000, len(self.spaces) + 1, len(self.cards) + 1))

    @classmethod
    def of(cls, game: Game) -> ObservationEncoder:
        """The encoder of ``game`` (its pack, layout and hero count)."""
        return cls(game.pack, game.fortress, len(game.heroes))

    # -------------------------------------------------------------------------------------------- encode
    def encode(self, obs: Observation) -> Float32Array:
        """The observation as a ``float32`` vector of length :attr:`size`."""
        return np.asarray(self._write(obs).values, dtype=np.float32)

    def layout(self) -> tuple[Segment, ...]:
        """Every field of the vector, in order."""
        return self._segments

    def _blank(self) -> Observation:
        """An observation with every field empty: its encoding gives the layout."""
        nobody = HeroView(0, "", None, None, 0, None, False, (), None, 0, (), (), ())
        return Observation(
            player=0,
            round=0,
            to_act=ToAct.nobody(),
            heroes=tuple(replace(nobody, seat=s, hero=self._heroes[s].value) for s in self.seats),
            strigoi=tuple(StrigoiState(name) for name in self.strigoi_names),
            blood=Blood(0, 0, 0),
            fight_tokens=(),
            attack_marker=False,
            order=(),
            stacks={name: StackView(0, (), ()) for name in _STACKS},
            rotations=(0,) * len(self.platform_rooms),
            collapsed=(),
            ladders=(),
            outcome=None,
        )

    @property
    def size(self) -> int:
        """The length of the vector."""
        last = self.layout()[-1]
        return last.start + last.length

    def _write(self, obs: Observation) -> _Writer:
        if len(obs.heroes) != self.players:
            raise ValueError(f"the observation has {len(obs.heroes)} heroes; this encoder is for {self.players}")
        w = _Writer()
        w.onehot("player", self.seats, obs.player)
        w.scalar("round", obs.round)
        w.onehot("to_act.kind", self._kinds, obs.to_act.kind)
        w.positions("to_act.seats", self.seats, obs.to_act.seats)
        w.onehot("to_act.decision", DECISIONS, obs.to_act.decision)
        for h in obs.heroes:
            p = f"hero[{h.seat}]."
            w.onehot(p + "hero", self._heroes, Hero(h.hero))
            w.onehot(p + "position", self.spaces, h.position)
            w.positions(p + "hand", self.cards, h.hand)
            w.scalar(p + "hand_size", h.hand_size)
            w.onehot(p + "chosen", self.cards, h.chosen)
            w.scalar(p + "has_chosen", h.has_chosen)
            w.positions(p + "played", self.cards, h.played)
            w.positions(p + "discard", self.cards, h.discard)
            w.scalar(p + "discard_size", h.discard_size)
            w.positions(p + "tokens", self.tokens, h.tokens)
            w.positions(p + "wounds", self.wounds, h.wounds)
            w.positions(p + "earned", self.advanced_titles, h.earned)
        if len(obs.strigoi) != len(self.strigoi_names):
            raise ValueError(f"the observation has {len(obs.strigoi)} Strigoi; the pack has {len(self.strigoi_names)}")
        for i, s in enumerate(obs.strigoi):
            p = f"strigoi[{i}]."
            w.onehot(p + "name", self.strigoi_names, s.name)
            w.onehot(p + "position", self.spaces, s.position)
            w.scalar(p + "wounds", s.wounds)
            w.scalar(p + "defeated", s.defeated)
            w.scalar(p + "supreme", s.supreme)
        w.scalar("blood.supply", obs.blood.supply)
        w.scalar("blood.altar", obs.blood.altar)
        w.scalar("blood.inferno", obs.blood.inferno)
        w.positions("fight_tokens", self.spaces, obs.fight_tokens)
        w.scalar("attack_marker", obs.attack_marker)
        w.positions("order", self.seats, obs.order)
        for name in _STACKS:
            view = obs.stacks[name]
            w.scalar(f"stacks.{name}.size", view.size)
            w.positions(f"stacks.{name}.face_up", self.stack_ids[name], view.face_up)
            w.positions(f"stacks.{name}.discard", self.stack_ids[name], view.discard)
        if len(obs.rotations) != len(self.platform_rooms):
            raise ValueError(
                f"the observation has {len(obs.rotations)} rotations; the layout has platforms "
                f"{', '.join(self.platform_rooms)}"
            )
        for room, rotation in zip(self.platform_rooms, obs.rotations, strict=True):
            w.onehot(f"rotation.{room}", self._rotations, rotation)
        w.positions("collapsed", self.platform_rooms, obs.collapsed)
        w.positions("ladders", self.ladder_sites, obs.ladders)
        w.onehot("outcome", self._outcomes, obs.outcome)
        return w

    # -------------------------------------------------------------------------------------------- decode
    def decode(self, vector: Float32Array) -> Observation:
        """The observation a vector encodes (the inverse of :meth:`encode`)."""
        if vector.shape != (self.size,):
            raise ValueError(f"an observation vector has shape ({self.size},); got {vector.shape}")
        r = _Reader(vector)
        player = _required(r.onehot(self.seats), "player")
        round_ = r.scalar()
        kind = _required(r.onehot(self._kinds), "to_act.kind")
        seats = r.positions(self.seats)
        decision = _required(r.onehot(DECISIONS), "to_act.decision")
        heroes = []
        for seat in self.seats:
            own = seat == player
            hero = _required(r.onehot(self._heroes), f"hero[{seat}].hero")
            position = r.onehot(self.spaces)
            hand = r.positions(self.cards)
            hand_size = r.scalar()
            chosen = r.onehot(self.cards)
            has_chosen = bool(r.scalar())
            played = r.positions(self.cards)
            discard = r.positions(self.cards)
            discard_size = r.scalar()
            tokens = r.positions(self.tokens)
            wounds = r.positions(self.wounds)
            earned = r.positions(self.advanced_titles)
            heroes.append(
                HeroView(
                    seat,
                    hero.value,
                    position,
                    hand if own else None,
                    hand_size,
                    chosen,
                    has_chosen,
                    played,
                    discard if own else None,
                    discard_size,
                    tokens,
                    wounds,
                    earned,
                )
            )
        strigoi = []
        for i in range(len(self.strigoi_names)):
            name = _required(r.onehot(self.strigoi_names), f"strigoi[{i}].name")
            position = r.onehot(self.spaces)
            strigoi.append(StrigoiState(name, position, r.scalar(), bool(r.scalar()), bool(r.scalar())))
        blood = Blood(r.scalar(), r.scalar(), r.scalar())
        fight_tokens = r.positions(self.spaces)
        attack_marker = bool(r.scalar())
        order = r.positions(self.seats)
        stacks = {}
        for name in _STACKS:
            size = r.scalar()
            stacks[name] = StackView(size, r.positions(self.stack_ids[name]), r.positions(self.stack_ids[name]))
        rotations = tuple(_required(r.onehot(self._rotations), f"rotation.{room}") for room in self.platform_rooms)
        collapsed = r.positions(self.platform_rooms)
        ladders = r.positions(self.ladder_sites)
        outcome = r.onehot(self._outcomes)
        return Observation(
            player=player,
            round=round_,
            to_act=ToAct(kind, seats, decision),
            heroes=tuple(heroes),
            strigoi=tuple(strigoi),
            blood=blood,
            fight_tokens=fight_tokens,
            attack_marker=attack_marker,
            order=order,
            stacks=stacks,
            rotations=rotations,
            collapsed=collapsed,
            ladders=ladders,
            outcome=outcome,
        )


def _required(value: T | None, name: str) -> T:
    if value is None:
        raise ValueError(f"observation field {name}: no value is set (all zeros)")
    return value
