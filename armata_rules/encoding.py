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

Both are made for the inner loop of a learner. The encoder works out every field's offset and every value's index
once per game, so encoding an observation is a lookup per value it holds and one NumPy write
(:meth:`ObservationEncoder.encode_into` fills a preallocated row, a batch's for instance); the legal actions of a
state and their indices (:meth:`ActionSpace.legal`) are worked out once per state and kept on it, so a mask is one
NumPy write too and an index is decoded to the very action object the engine listed (which
:meth:`~armata_rules.engine.Game.apply` takes without checking it again).
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations
from operator import getitem
from typing import Any, NamedTuple, SupportsIndex, TypeVar

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
from armata_rules.board.fortress import Fortress, FortressState
from armata_rules.components.icons import Ability, Hero
from armata_rules.components.pack import DataPack
from armata_rules.frames import DecisionKind, ToAct
from armata_rules.immutable import memo
from armata_rules.kernel.play.engine import Engine
from armata_rules.observation import STACKS, HeroView, Observation, StackView, board_seen, strigoi_seen
from armata_rules.rules.context import RulesContext
from armata_rules.state import Blood, GameState, Outcome, StrigoiState

#: An engine of Armata (:class:`armata_rules.engine.Game` is one); typed on the kernel's class, so that Armata's game
#: definition (:mod:`armata_rules.game`) can build an action space without importing the engine module.
ArmataEngine = Engine[RulesContext, GameState]

__all__ = [
    "DECISIONS",
    "ActionSpace",
    "LegalIndices",
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
IndexArray = npt.NDArray[np.intp]


def legal_actions_of(game: ArmataEngine, state: GameState, seat: SupportsIndex) -> list[Action]:
    """The legal actions of ``seat`` now: all of them when it alone decides, its own at a simultaneous choice,
    none when another seat or chance decides. ``seat`` may be any integer (a NumPy one too)."""
    seat = operator.index(seat)
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


class LegalIndices(NamedTuple):
    """The legal actions of one seat (or of whoever decides) at one state, with their indices.

    ``actions`` are the very objects the engine listed, in its order, and ``indices`` their indices in the same
    order; ``by_index`` finds the listed action of an index, ``ordered`` is the indices sorted (OpenSpiel's legal
    actions).
    """

    actions: tuple[Action, ...]
    indices: npt.NDArray[np.intp]
    by_index: dict[int, Action]
    ordered: tuple[int, ...]


#: No legal action (a seat that does not decide now).
_NO_ACTIONS = LegalIndices((), np.zeros(0, dtype=np.intp), {}, ())
#: How many action objects an :class:`ActionSpace` remembers by identity before it starts afresh.
_KNOWN_ACTIONS = 20_000


class ActionSpace:
    """The fixed numbering of every action of a game with this pack, layout and hero count.

    ``num_distinct_actions`` indices: ``action_to_index`` and ``index_to_action`` are inverse bijections; an action
    outside the space (a field value the pack or layout does not know) is refused with ``ValueError``.
    """

    def __init__(self, pack: DataPack, fortress: Fortress, players: SupportsIndex) -> None:
        players = operator.index(players)
        if not 2 <= players <= 5:
            raise ValueError(f"a game has 2 to 5 heroes (peg19.en:884); got {players}")
        self.players = players
        self._setup = (pack, fortress, players)
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
        self._index: dict[object, int] = {a: i for i, a in enumerate(actions)}
        self._ranges = ranges
        self._known: dict[int, tuple[Action, int]] = {}  # see _indexed
        if len(self._index) != len(actions):
            raise ValueError("the action space has a repeated action: the pack or layout repeats an id")

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[DataPack, Fortress, int]]:
        """Pickled as what it is built from (a pack, a layout, a hero count), and built again when unpickled: about a
        seventeenth of the size of its tables, and the only way for the compiled build's native class."""
        return type(self), self._setup

    @classmethod
    def of(cls, game: ArmataEngine) -> ActionSpace:
        """The action space of ``game`` (its pack, layout and hero count)."""
        return cls(game.ctx.pack, game.ctx.fortress, len(game.ctx.heroes))

    @property
    def num_distinct_actions(self) -> int:
        """How many indices there are."""
        return len(self._actions)

    def kind_ranges(self) -> dict[str, range]:
        """The block of indices of each action kind, in layout order."""
        return dict(self._ranges)

    def action_to_index(self, action: object) -> int:
        """The index of ``action``; ``ValueError`` for anything outside the space (an action of another pack, layout
        or hero count, or no action at all)."""
        try:
            return self._index[action]
        except KeyError:
            raise ValueError(f"{action!r} is outside the action space of this pack, layout and hero count") from None

    def index_to_action(self, index: SupportsIndex) -> Action:
        """The action numbered ``index`` (any integer, a NumPy one too; ``TypeError`` for a float or a string)."""
        at = operator.index(index)
        if not 0 <= at < len(self._actions):
            raise ValueError(f"action index {at} is outside 0..{len(self._actions) - 1}")
        return self._actions[at]

    def mask(self, actions: Iterable[Action]) -> BoolArray:
        """A boolean vector with ``True`` at the index of each of ``actions``."""
        out = np.zeros(len(self._actions), dtype=np.bool_)
        out[[self.action_to_index(action) for action in actions]] = True
        return out

    def legal(self, game: ArmataEngine, state: object, seat: SupportsIndex | None = None) -> LegalIndices:
        """The legal actions now with their indices: of ``seat`` (see :func:`legal_actions_of`), or of whoever
        decides. Worked out once per state, space and game (a seat's are those of whoever decides, or their share
        at a simultaneous choice), and kept on the state (which is immutable). The caller must not change it.
        Anything but a state is refused with ``TypeError`` (``state`` is typed to let it in, so that the compiled
        build refuses it with this message too)."""
        if not isinstance(state, GameState):
            raise TypeError(f"not a game state: {state!r:.80}")
        who = None if seat is None else operator.index(seat)
        cache = memo(state)
        key = (self, game, who)
        found: LegalIndices | None = cache.get(key)
        if found is None:
            found = cache[key] = self._legal(game, state, who)
        return found

    def _legal(self, game: ArmataEngine, state: GameState, seat: int | None) -> LegalIndices:
        if seat is None:
            return self._indexed(game.legal_actions(state))
        to_act = state.to_act
        if seat not in to_act.seats:
            return _NO_ACTIONS
        everyone = self.legal(game, state)
        if to_act.kind is not DecisionKind.SIMULTANEOUS:
            return everyone
        return self._indexed([a for a in everyone.actions if getattr(a, "seat", None) == seat])

    def _indexed(self, actions: Sequence[Action]) -> LegalIndices:
        """``actions`` with their indices. The rules build most actions once and share them
        (:func:`armata_rules.interning.interned`), so an action met before is found by identity, which spares
        hashing its fields; each entry holds its action, so its ``id`` cannot be reused while it is kept."""
        known = self._known
        indices = []
        by_index: dict[int, Action] = {}
        for action in actions:
            hit = known.get(id(action))
            if hit is None or hit[0] is not action:  # not met, or met in another life (a copy of this space)
                if len(known) >= _KNOWN_ACTIONS:
                    known.clear()
                hit = known[id(action)] = (action, self.action_to_index(action))
            indices.append(hit[1])
            by_index[hit[1]] = action  # in the loop: compiled, dict(zip(..., strict=True)) is a generic call
        return LegalIndices(tuple(actions), np.array(indices, dtype=np.intp), by_index, tuple(sorted(indices)))

    def legal_mask(self, game: ArmataEngine, state: object, seat: SupportsIndex | None = None) -> BoolArray:
        """The legal actions now as a mask: of ``seat`` (see :func:`legal_actions_of`), or of whoever decides."""
        out = np.zeros(len(self._actions), dtype=np.bool_)
        out[self.legal(game, state, seat).indices] = True
        return out


# ------------------------------------------------------------------------------------------------ observations
@dataclass(frozen=True, slots=True)
class Segment:
    """One field of the observation vector: its name, first index, length and encoding."""

    name: str
    start: int
    length: int
    encoding: str


T = TypeVar("T")


class _Vocab(dict[object, int]):
    """One field's values and the index of each in the vector; a value it does not know is refused, naming the
    field."""

    __slots__ = ("name", "noun", "ordered")

    def __init__(self, name: str, noun: str, values: Sequence[object], start: int, ordered: bool) -> None:
        super().__init__((value, start + i) for i, value in enumerate(values))
        self.name = name
        self.noun = noun
        #: ids in order (``k + 1`` at the ``k``-th), or one value (``1`` at it)
        self.ordered = ordered

    def __missing__(self, key: object) -> int:
        raise ValueError(f"observation field {self.name}: {key!r} is not one of the {len(self)} known {self.noun}")


class _Plan:
    """The layout, laid out once per encoder: each field's segment, and each value's index (see :class:`_Vocab`)."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []
        self.values: list[tuple[object, ...]] = []  # each segment's vocabulary, empty for a count
        self.size = 0

    def _add(self, name: str, encoding: str, length: int, values: Sequence[object]) -> int:
        self.segments.append(Segment(name, self.size, length, encoding))
        self.values.append(tuple(values))
        self.size += length
        return self.size - length

    def count(self, name: str) -> int:
        """A plain count: its index."""
        return self._add(name, "count", 1, ())

    def onehot(self, name: str, vocab: Sequence[object]) -> _Vocab:
        """One value of ``vocab`` or none."""
        return _Vocab(name, "values", vocab, self._add(name, "one-hot", len(vocab), vocab), ordered=False)

    def positions(self, name: str, vocab: Sequence[object]) -> _Vocab:
        """Distinct ids of ``vocab`` in order: ``k + 1`` at the index of the id at position ``k``."""
        return _Vocab(name, "ids", vocab, self._add(name, "position", len(vocab), vocab), ordered=True)


#: How one field of the vector is written (:meth:`ObservationEncoder.field_entries`): the index of a count, or the
#: vocabulary of a field that holds one value or ids in order.
FieldSpec = int | _Vocab
#: The values of fields, one per spec (Python values: ints, strings, tuples of ids, enum members, ``None``).
FieldValues = tuple[Any, ...]
#: One hero's block: the vocabulary or the index of each of its fields, in layout order.
_HeroFields = tuple[_Vocab, _Vocab, _Vocab, int, _Vocab, int, _Vocab, _Vocab, int, _Vocab, _Vocab, _Vocab]
#: How many hero and stack views an encoder remembers before it starts afresh (a few games' worth).
_VIEW_CACHE_SIZE = 8192
#: A hero's or a stack's part of the vector: the view, its block, and the indices and values of its nonzero entries.
_Part = tuple["HeroView | StackView", int, list[int], list[int]]
#: A part's entries as arrays, checked (:meth:`ObservationEncoder.stack_arrays` and the like): what they were written
#: from (a stack's view, the Strigoi, the board), its part (the stack's number, or the Strigoi's or the board's after
#: the stacks), the arrays.
_Arrays = tuple[object, int, "npt.NDArray[np.intp]", "npt.NDArray[np.float32]"]
#: The part numbers of the Strigoi and the board among the parts a seat vector keeps whole (after the stacks).
STRIGOI_PART = len(STACKS)
BOARD_PART = len(STACKS) + 1


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


_STACKS = STACKS


class ObservationEncoder:
    """The fixed-length numeric form of an :class:`~armata_rules.observation.Observation`.

    Built only from the observation, so it hides what the observation hides: another seat's hand, discard pile
    and face-down choice change nothing in the vector.
    """

    def __init__(self, pack: DataPack, fortress: Fortress, players: SupportsIndex) -> None:
        self.players = operator.index(players)
        self._setup = (pack, fortress, self.players)
        self.seats = tuple(range(self.players))
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
        self._lay_out()
        #: An upper bound of every entry: position codes stay below the longest vocabulary, counts (round,
        #: blood points, stack sizes, wounds) below 1000 in any game.
        self.high = float(max(1000, len(self.spaces) + 1, len(self.cards) + 1))

    def __reduce__(self) -> tuple[type[ObservationEncoder], tuple[DataPack, Fortress, int]]:
        """Pickled as what it is built from, and laid out again when unpickled (its view caches start empty): the
        only way for the compiled build's native class."""
        return type(self), self._setup

    @classmethod
    def of(cls, game: ArmataEngine) -> ObservationEncoder:
        """The encoder of ``game`` (its pack, layout and hero count)."""
        return cls(game.ctx.pack, game.ctx.fortress, len(game.ctx.heroes))

    def _lay_out(self) -> None:
        """Every field's segment and every value's index, in layout order: worked out once, read by every encode."""
        plan = _Plan()
        self._player = plan.onehot("player", self.seats)
        self._round = plan.count("round")
        self._kind = plan.onehot("to_act.kind", self._kinds)
        self._to_act_seats = plan.positions("to_act.seats", self.seats)
        self._decision = plan.onehot("to_act.decision", DECISIONS)
        heroes = [hero.value for hero in self._heroes]
        self._hero_fields = tuple(
            (
                plan.onehot(f"hero[{seat}].hero", heroes),
                plan.onehot(f"hero[{seat}].position", self.spaces),
                plan.positions(f"hero[{seat}].hand", self.cards),
                plan.count(f"hero[{seat}].hand_size"),
                plan.onehot(f"hero[{seat}].chosen", self.cards),
                plan.count(f"hero[{seat}].has_chosen"),
                plan.positions(f"hero[{seat}].played", self.cards),
                plan.positions(f"hero[{seat}].discard", self.cards),
                plan.count(f"hero[{seat}].discard_size"),
                plan.positions(f"hero[{seat}].tokens", self.tokens),
                plan.positions(f"hero[{seat}].wounds", self.wounds),
                plan.positions(f"hero[{seat}].earned", self.advanced_titles),
            )
            for seat in self.seats
        )
        self._strigoi_fields = tuple(
            (
                plan.onehot(f"strigoi[{i}].name", self.strigoi_names),
                plan.onehot(f"strigoi[{i}].position", self.spaces),
                plan.count(f"strigoi[{i}].wounds"),
                plan.count(f"strigoi[{i}].defeated"),
                plan.count(f"strigoi[{i}].supreme"),
            )
            for i in range(len(self.strigoi_names))
        )
        self._blood = (plan.count("blood.supply"), plan.count("blood.altar"), plan.count("blood.inferno"))
        self._fight_tokens = plan.positions("fight_tokens", self.spaces)
        self._attack_marker = plan.count("attack_marker")
        self._order = plan.positions("order", self.seats)
        self._stack_fields = tuple(
            (
                name,
                plan.count(f"stacks.{name}.size"),
                plan.positions(f"stacks.{name}.face_up", self.stack_ids[name]),
                plan.positions(f"stacks.{name}.discard", self.stack_ids[name]),
            )
            for name in _STACKS
        )
        self._rotation_fields = tuple(plan.onehot(f"rotation.{room}", self._rotations) for room in self.platform_rooms)
        self._collapsed = plan.positions("collapsed", self.platform_rooms)
        self._ladders = plan.positions("ladders", self.ladder_sites)
        self._outcome = plan.onehot("outcome", self._outcomes)
        self._head_fields: tuple[FieldSpec, ...] = (
            self._player,
            self._round,
            self._kind,
            self._to_act_seats,
            self._decision,
            *self._blood,
            self._fight_tokens,
            self._attack_marker,
            self._order,
            self._outcome,
        )
        self._segments = tuple(plan.segments)
        self._vocabularies = tuple(plan.values)
        self._starts = [segment.start for segment in self._segments]
        self._size = plan.size
        #: The entries of the hero and stack views met lately, by identity, with the block (hero seat, or stack
        #: after the heroes) they were written for: :func:`armata_rules.observation.observe` gives a hero or a stack
        #: that did not change the same view from state to state, so most are looked up, not encoded. Each value
        #: holds its view, so its ``id`` cannot be reused while it is here.
        self._views: dict[int, _Part] = {}
        #: The entries of the parts a seat vector keeps whole (the stacks, the Strigoi, the board) as arrays, by the
        #: identity of what they were written from (:meth:`stack_arrays`, :meth:`strigoi_arrays`,
        #: :meth:`board_arrays`): every seat sees these parts alike, so one seat's are the others'.
        self._arrays: dict[int, _Arrays] = {}

    # -------------------------------------------------------------------------------------------- encode
    def encode(self, obs: Observation) -> Float32Array:
        """The observation as a new ``float32`` vector of length :attr:`size`."""
        out = np.zeros(self._size, dtype=np.float32)
        self._write(obs, out)
        return out

    def encode_into(self, obs: Observation, out: Float32Array) -> None:
        """Write the observation into ``out``, a ``float32`` vector of length :attr:`size` (a row of a batch, say),
        overwriting all of it: what :meth:`encode` returns, without allocating. On a ``ValueError`` (a value no
        vocabulary knows, an id twice) ``out`` holds no meaningful vector."""
        if out.shape != (self._size,) or out.dtype != np.float32:
            raise ValueError(
                f"encode_into writes a float32 vector of shape ({self._size},); got {out.dtype} {out.shape}"
            )
        out.fill(0.0)
        self._write(obs, out)

    def layout(self) -> tuple[Segment, ...]:
        """Every field of the vector, in order."""
        return self._segments

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self._size

    def _write(self, obs: Observation, out: Float32Array) -> None:
        """Write the nonzero entries of ``obs`` into ``out`` (all zeros)."""
        at, values = self._entries(obs)
        out[np.fromiter(at, np.intp, len(at))] = np.fromiter(values, np.float32, len(values))
        if np.count_nonzero(out) != len(at):  # every entry written is nonzero: fewer means an index written twice
            self._refuse_repeated(at)

    def check_entries(self, at: list[int], values: list[Any]) -> None:
        """``ValueError`` if entries of a part of the vector (:meth:`head_entries` and the like) write an index twice
        (naming the field and the id) or hold a value that is zero as a ``float32``. Checked on the Python values:
        an ``int`` is zero as a ``float32`` only if it is ``0``, and the parts' entries are ints (an array's ``all``
        is a ufunc reduction, three times the cost of this loop)."""
        if len(set(at)) != len(at):
            self._refuse_repeated(at)
        for value in values:
            if not value or (type(value) is not int and not np.float32(value)):
                self._refuse_repeated(at)

    def _refuse_repeated(self, at: list[int]) -> None:
        """``ValueError`` naming the field and the id written twice (the same id twice in a collection)."""
        seen: set[int] = set()
        for index in at:
            if index in seen:
                k = bisect_right(self._starts, index) - 1
                segment = self._segments[k]
                item = self._vocabularies[k][index - segment.start]
                raise ValueError(f"observation field {segment.name}: {item!r} appears twice")
            seen.add(index)
        raise ValueError("an observation field holds a value that is zero as a float32")  # a count of 1e-50, say

    def _entries(self, obs: Observation) -> tuple[list[int], list[int]]:
        """The index and value of every nonzero entry of the vector of ``obs``: ``1`` at a one-hot value, ``k + 1``
        at the ``k``-th id of a collection, a count where it is not zero. Built part by part (:meth:`head_entries`,
        each hero's and stack's entries, :meth:`strigoi_entries`, :meth:`board_entries`), the parts that
        :class:`armata_rules.observation_vector.SeatVector` keeps up to date one by one."""
        heroes = obs.heroes
        if len(heroes) != self.players:
            raise ValueError(f"the observation has {len(heroes)} heroes; this encoder is for {self.players}")
        at, values = self.head_entries(
            obs.player,
            obs.round,
            obs.to_act,
            obs.blood,
            obs.fight_tokens,
            obs.attack_marker,
            obs.order,
            obs.outcome,
        )
        cache = self._views
        if len(cache) > _VIEW_CACHE_SIZE:
            cache.clear()
        for block, h in enumerate(heroes):
            hit = cache.get(id(h))
            if hit is None or hit[0] is not h or hit[1] != block:
                hit = cache[id(h)] = (h, block, *self._hero_entries(h, self._hero_fields[block]))
            at += hit[2]
            values += hit[3]
        part_at, part_values = self.strigoi_entries(obs.strigoi)
        at += part_at
        values += part_values
        for block, fields in enumerate(self._stack_fields, start=self.players):
            view = obs.stacks[fields[0]]
            hit = cache.get(id(view))
            if hit is None or hit[0] is not view or hit[1] != block:
                hit = cache[id(view)] = (view, block, *self._stack_entries(view, fields))
            at += hit[2]
            values += hit[3]
        part_at, part_values = self.board_entries(obs.rotations, obs.collapsed, obs.ladders)
        at += part_at
        values += part_values
        return at, values

    @staticmethod
    def head_values(
        player: int,
        round_: int,
        to_act: ToAct,
        blood: Blood,
        fight_tokens: tuple[str, ...],
        attack_marker: bool,
        order: tuple[int, ...],
        outcome: str | None,
    ) -> FieldValues:
        """The values of the head's fields (those that change at almost every decision: the seat, the round, who
        decides, the blood points, the fight tokens, the attack marker, the order and the outcome), one per field of
        :meth:`head_fields`, in that order."""
        return (
            player,
            round_,
            to_act.kind,
            to_act.seats,
            to_act.decision,
            blood.supply,
            blood.altar,
            blood.inferno,
            fight_tokens,
            attack_marker,
            order,
            outcome,
        )

    def head_fields(self) -> tuple[FieldSpec, ...]:
        """How each field of the head is written (:meth:`field_entries`), in the order of :meth:`head_values`."""
        return self._head_fields

    def hero_fields(self, block: int) -> tuple[FieldSpec, ...]:
        """How each field of the hero in seat ``block`` is written (:meth:`field_entries`), in the order of
        :func:`armata_rules.observation.hero_seen` (a :class:`~armata_rules.observation.HeroView`'s fields after the
        seat)."""
        return self._hero_fields[block]

    def field_entries(self, spec: FieldSpec, value: Any) -> tuple[list[int], list[Any]]:
        """The nonzero entries of one field (its ``spec`` from :meth:`head_fields` or :meth:`hero_fields`) holding
        ``value``: a count at its index, unless zero; ``1`` at the index of a value, none for ``None``; ``k + 1`` at
        the index of the ``k``-th id of a collection. ``ValueError``, naming the field, for a value it does not know
        or an id twice (and for a count that is zero as a ``float32``, as :meth:`encode` refuses it)."""
        if isinstance(spec, int):  # a count
            if not value:
                return [], []
            if type(value) is not int and type(value) is not bool and not np.float32(value):
                self._refuse_repeated([spec])  # no index twice: it says that a value is zero as a float32
            return [spec], [value]
        if value is None:
            return [], []
        if not spec.ordered:
            return [spec[value]], [1]
        at: list[int] = []  # a loop: compiled, list(map(spec.__getitem__, ...)) and list(range()) are generic calls
        numbers: list[Any] = []
        for item in value:
            at.append(spec[item])
            numbers.append(len(at))
        if len(set(at)) != len(at):
            self._refuse_repeated(at)
        return at, numbers

    def head_entries(
        self,
        player: int,
        round_: int,
        to_act: ToAct,
        blood: Blood,
        fight_tokens: tuple[str, ...],
        attack_marker: bool,
        order: tuple[int, ...],
        outcome: str | None,
    ) -> tuple[list[int], list[int]]:
        """The nonzero entries of the fields that change at almost every decision: the seat, the round, who decides,
        the blood points, the fight tokens, the attack marker, the order and the outcome. The same as
        :meth:`field_entries` of each of :meth:`head_fields` with :meth:`head_values`, written out for :meth:`encode`
        (a loop over the fields costs a whole encode a tenth more; the seat vectors' tests compare the two)."""
        at = [self._player[player], self._kind[to_act.kind], self._decision[to_act.decision]]
        values = [1, 1, 1]
        if round_:
            at.append(self._round)
            values.append(round_)
        if to_act.seats:
            at += map(self._to_act_seats.__getitem__, to_act.seats)
            values += range(1, len(to_act.seats) + 1)
        supply, altar, inferno = self._blood  # written out: compiled, zip(strict=True) is a generic call
        for index, count in ((supply, blood.supply), (altar, blood.altar), (inferno, blood.inferno)):
            if count:
                at.append(index)
                values.append(count)
        if fight_tokens:
            at += map(self._fight_tokens.__getitem__, fight_tokens)
            values += range(1, len(fight_tokens) + 1)
        if attack_marker:
            at.append(self._attack_marker)
            values.append(1)
        if order:
            at += map(self._order.__getitem__, order)
            values += range(1, len(order) + 1)
        if outcome is not None:
            at.append(self._outcome[outcome])
            values.append(1)
        return at, values

    def entry_arrays(self, at: list[int], values: list[Any]) -> tuple[IndexArray, Float32Array]:
        """Entries (of :meth:`strigoi_entries`, say) as arrays of indices and values, checked (:meth:`check_entries`):
        how a :class:`~armata_rules.observation_vector.SeatVector` writes a part it keeps whole."""
        self.check_entries(at, values)
        return np.array(at, dtype=np.intp), np.array(values, dtype=np.float32)

    def stack_arrays(self, view: StackView, stack: int) -> tuple[IndexArray, Float32Array]:
        """The entries of stack number ``stack`` (in the order of :data:`~armata_rules.observation.STACKS`) for
        ``view``, as :meth:`entry_arrays`. Found by the view's identity when it was met lately
        (:func:`armata_rules.observation.stack_view` gives a stack that did not change the same view, and every seat
        sees a stack alike), else encoded and kept, apart from :meth:`encode`'s lists (which never needs arrays)."""
        hit = self._arrays.get(id(view))
        if hit is None or hit[0] is not view or hit[1] != stack:
            hit = self._keep_arrays(view, stack, *self._stack_entries(view, self._stack_fields[stack]))
        return hit[2], hit[3]

    def strigoi_arrays(self, strigoi: tuple[StrigoiState, ...]) -> tuple[IndexArray, Float32Array]:
        """The entries of the Strigoi as every seat sees them (:func:`~armata_rules.observation.strigoi_seen`), as
        :meth:`entry_arrays`. Found by the tuple's identity when it was met lately (a state shares its Strigoi with
        the state before until one of them changes), as :meth:`stack_arrays`."""
        hit = self._arrays.get(id(strigoi))
        if hit is None or hit[0] is not strigoi or hit[1] != STRIGOI_PART:
            seen = tuple([strigoi_seen(s) for s in strigoi])  # a list display: compiled, map() is a generic call
            hit = self._keep_arrays(strigoi, STRIGOI_PART, *self.strigoi_entries(seen))
        return hit[2], hit[3]

    def board_arrays(self, board: FortressState) -> tuple[IndexArray, Float32Array]:
        """The entries of the board as every seat sees it (:func:`~armata_rules.observation.board_seen`), as
        :meth:`entry_arrays`, found by the board's identity when it was met lately, as :meth:`stack_arrays`."""
        hit = self._arrays.get(id(board))
        if hit is None or hit[0] is not board or hit[1] != BOARD_PART:
            hit = self._keep_arrays(board, BOARD_PART, *self.board_entries(*board_seen(board)))
        return hit[2], hit[3]

    def _keep_arrays(self, source: object, part: int, at: list[int], values: list[int]) -> _Arrays:
        """The entries of ``part`` written from ``source`` as checked arrays (:meth:`entry_arrays`), kept by the
        identity of ``source`` (which the entry holds, so its ``id`` cannot be reused while it is kept)."""
        cache = self._arrays
        if len(cache) > _VIEW_CACHE_SIZE:
            cache.clear()
        kept = cache[id(source)] = (source, part, *self.entry_arrays(at, values))
        return kept

    def strigoi_entries(self, strigoi: tuple[StrigoiState, ...]) -> tuple[list[int], list[int]]:
        """The nonzero entries of the Strigoi as seen (their wound tokens face down)."""
        if len(strigoi) != len(self.strigoi_names):
            raise ValueError(f"the observation has {len(strigoi)} Strigoi; the pack has {len(self.strigoi_names)}")
        at: list[int] = []
        values: list[int] = []
        fields = self._strigoi_fields
        for k in range(len(strigoi)):  # as many as the fields (checked above); zip(strict=True) is a generic call
            s = strigoi[k]
            name, place, strigoi_wounds, defeated, supreme = fields[k]
            at.append(name[s.name])
            values.append(1)
            if s.position is not None:
                at.append(place[s.position])
                values.append(1)
            if s.wounds:
                at.append(strigoi_wounds)
                values.append(s.wounds)
            if s.defeated:
                at.append(defeated)
                values.append(1)
            if s.supreme:
                at.append(supreme)
                values.append(1)
        return at, values

    def board_entries(
        self, rotations: tuple[int, ...], collapsed: tuple[str, ...], ladders: tuple[str, ...]
    ) -> tuple[list[int], list[int]]:
        """The nonzero entries of the board: each platform's rotation, the collapsed rooms and the ladders."""
        if len(rotations) != len(self.platform_rooms):
            raise ValueError(
                f"the observation has {len(rotations)} rotations; the layout has platforms "
                f"{', '.join(self.platform_rooms)}"
            )
        at: list[int] = list(map(getitem, self._rotation_fields, rotations))
        values: list[int] = [1] * len(rotations)
        if collapsed:
            at += map(self._collapsed.__getitem__, collapsed)
            values += range(1, len(collapsed) + 1)
        if ladders:
            at += map(self._ladders.__getitem__, ladders)
            values += range(1, len(ladders) + 1)
        return at, values

    @staticmethod
    def _stack_entries(view: StackView, fields: tuple[str, int, _Vocab, _Vocab]) -> tuple[list[int], list[int]]:
        """The nonzero entries of one stack's block (see :meth:`_entries`)."""
        _, size, face_up, discard = fields
        at: list[int] = []
        values: list[int] = []
        if view.size:
            at.append(size)
            values.append(view.size)
        if view.face_up:
            at += map(face_up.__getitem__, view.face_up)
            values += range(1, len(view.face_up) + 1)
        if view.discard:
            at += map(discard.__getitem__, view.discard)
            values += range(1, len(view.discard) + 1)
        return at, values

    def _hero_entries(self, h: HeroView, fields: _HeroFields) -> tuple[list[int], list[int]]:
        """The nonzero entries of one hero's block (see :meth:`_entries`): :meth:`field_entries` of each of its
        fields, written out (see :meth:`head_entries`)."""
        at: list[int] = []
        values: list[int] = []
        (
            hero,
            position,
            hand,
            hand_size,
            chosen,
            has_chosen,
            played,
            discard,
            discard_size,
            tokens,
            wounds,
            earned,
        ) = fields
        at.append(hero[h.hero])
        values.append(1)
        if h.position is not None:
            at.append(position[h.position])
            values.append(1)
        if h.hand:
            at += map(hand.__getitem__, h.hand)
            values += range(1, len(h.hand) + 1)
        if h.hand_size:
            at.append(hand_size)
            values.append(h.hand_size)
        if h.chosen is not None:
            at.append(chosen[h.chosen])
            values.append(1)
        if h.has_chosen:
            at.append(has_chosen)
            values.append(1)
        if h.played:
            at += map(played.__getitem__, h.played)
            values += range(1, len(h.played) + 1)
        if h.discard:
            at += map(discard.__getitem__, h.discard)
            values += range(1, len(h.discard) + 1)
        if h.discard_size:
            at.append(discard_size)
            values.append(h.discard_size)
        if h.tokens:
            at += map(tokens.__getitem__, h.tokens)
            values += range(1, len(h.tokens) + 1)
        if h.wounds:
            at += map(wounds.__getitem__, h.wounds)
            values += range(1, len(h.wounds) + 1)
        if h.earned:
            at += map(earned.__getitem__, h.earned)
            values += range(1, len(h.earned) + 1)
        return at, values

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
