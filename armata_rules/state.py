"""The immutable game state.

A :class:`GameState` holds ids only (cards, tokens, spaces); what an id means is in the game's data pack and layout.
Collections whose order carries no meaning are kept as *sorted* tuples, so equal states compare, hash and serialise
alike in every process. Nothing here mutates: the engine builds new states with
:func:`armata_rules.immutable.replace`, and unchanged parts are shared between a state and its successor.

The value classes write their own ``__init__``, one store per field, checked in with
:func:`~armata_rules.immutable.frozen_init`: the compiled build makes them native classes, built and read in C.

The decision stack ``frames`` says what happens next; its top frame says who decides (see :mod:`armata_rules.frames`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Final

from armata_rules import frames as frames_module
from armata_rules.board.fortress import FortressState, SpaceId
from armata_rules.components.icons import Hero
from armata_rules.decode import DecodeError, decode
from armata_rules.frames import Frame, ToAct
from armata_rules.immutable import Memo, Value, check_changes, frozen_init, replace, share_memo
from armata_rules.kernel.core.fast_enum import FastEnum  # its home: compiled, a base class is read there
from armata_rules.kernel.play.frames import FrameTypes
from armata_rules.kernel.play.state import (
    Log,
    Stack,
    StateFileError,
    _log_from_entries,  # noqa: F401  (pickles of a log made before the move name it here)
    sorted_tuple,
)
from armata_rules.kernel.play.state import plain as _plain

__all__ = [
    "FRAME_TYPES",
    "Blood",
    "GameState",
    "HeroState",
    "Log",
    "Outcome",
    "Pool",
    "Stack",
    "StateFileError",
    "StrigoiState",
    "TurnState",
    "sorted_tuple",
]


class Pool(FastEnum):
    """Where a blood point counter lies (peg19.en:722, peg19.en:870)."""

    SUPPLY = "supply"
    ALTAR = "altar"
    INFERNO = "inferno"


@dataclass(frozen=True, slots=True, init=False)
class Blood(Value):
    """Blood point counters in the supply, on the altar and on the inferno card."""

    supply: int
    altar: int
    inferno: int

    def __init__(self, supply: int, altar: int, inferno: int) -> None:
        self.supply = supply  # type: ignore[misc]
        self.altar = altar  # type: ignore[misc]
        self.inferno = inferno  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> Blood:
        """A copy with ``changes`` (see :func:`~armata_rules.immutable.replace`), built by the constructor."""
        check_changes(Blood, changes)
        return Blood(
            changes.get("supply", self.supply), changes.get("altar", self.altar), changes.get("inferno", self.inferno)
        )

    def get(self, pool: Pool) -> int:
        """Counters in ``pool``."""
        return int(getattr(self, pool.value))

    @property
    def total(self) -> int:
        """All counters: constant through a game (conservation)."""
        return self.supply + self.altar + self.inferno


frozen_init(Blood)


@dataclass(frozen=True, slots=True, init=False)
class HeroState(Memo):
    """One Powerwolf: position, cards in each zone, reward tokens, wounds, earned advanced cards, spent icons.

    ``hand``, ``discard`` and ``tokens`` are sorted ids. ``chosen`` is the action card chosen in Phase 1 (face down
    until all have chosen, then the card played for the round); ``played`` holds the other cards placed in front of
    the hero this round (peg19.en:949, peg19.en:1020). ``spent`` records the ability icons already used in the
    current scope (turn or round, by reading) as ``"SOURCE_ID/ability/INDEX"``.

    A hero often stays the same object through many game states, so data derived from it alone (the sources of its
    abilities) is cached on it (:class:`~armata_rules.immutable.Memo`). Only data derived from the hero's cards,
    tokens, spent icons and wounds may be cached there, never from its position: :meth:`moved_to` hands the cache
    on to the moved hero.
    """

    hero: Hero
    position: SpaceId | None = None
    hand: tuple[str, ...] = ()
    chosen: str | None = None
    played: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()
    wounds: tuple[str, ...] = ()
    earned: tuple[str, ...] = ()
    spent: tuple[str, ...] = ()
    card_wound_taken: bool = False

    def __init__(
        self,
        hero: Hero,
        position: SpaceId | None = None,
        hand: tuple[str, ...] = (),
        chosen: str | None = None,
        played: tuple[str, ...] = (),
        discard: tuple[str, ...] = (),
        tokens: tuple[str, ...] = (),
        wounds: tuple[str, ...] = (),
        earned: tuple[str, ...] = (),
        spent: tuple[str, ...] = (),
        card_wound_taken: bool = False,
    ) -> None:
        self.hero = hero  # type: ignore[misc]
        self.position = position  # type: ignore[misc]
        self.hand = hand  # type: ignore[misc]
        self.chosen = chosen  # type: ignore[misc]
        self.played = played  # type: ignore[misc]
        self.discard = discard  # type: ignore[misc]
        self.tokens = tokens  # type: ignore[misc]
        self.wounds = wounds  # type: ignore[misc]
        self.earned = earned  # type: ignore[misc]
        self.spent = spent  # type: ignore[misc]
        self.card_wound_taken = card_wound_taken  # type: ignore[misc]
        self._memo = None  # type: ignore[misc]  # no cache yet (see Memo); the slot is Memo's

    def _replace(self, changes: dict[str, Any], /) -> HeroState:
        """See :meth:`GameState._replace`: a loop over ``changes``, tested in the order the engine changes them most."""
        hero = self.hero
        position = self.position
        hand = self.hand
        chosen = self.chosen
        played = self.played
        discard = self.discard
        tokens = self.tokens
        wounds = self.wounds
        earned = self.earned
        spent = self.spent
        card_wound_taken = self.card_wound_taken
        for name, value in changes.items():
            if name == "position":
                position = value
            elif name == "hand":
                hand = value
            elif name == "spent":
                spent = value
            elif name == "played":
                played = value
            elif name == "chosen":
                chosen = value
            elif name == "discard":
                discard = value
            elif name == "tokens":
                tokens = value
            elif name == "wounds":
                wounds = value
            elif name == "earned":
                earned = value
            elif name == "card_wound_taken":
                card_wound_taken = value
            elif name == "hero":
                hero = value
            else:
                check_changes(HeroState, {name: value})  # raises: no such field
        return HeroState(hero, position, hand, chosen, played, discard, tokens, wounds, earned, spent, card_wound_taken)

    def moved_to(self, space: SpaceId | None) -> HeroState:
        """This hero on ``space``, sharing this hero's cache (which never depends on the position): a step keeps
        what was derived from the hero's cards."""
        moved = replace(self, position=space)
        share_memo(self, moved)
        return moved


frozen_init(HeroState)


@dataclass(frozen=True, slots=True, init=False)
class StrigoiState(Value):
    """The Master or the Apprentice: where it stands, wounds suffered, defeated, flipped to the Supreme side.

    ``wound_tokens`` (sorted ids) are the wound tokens lying face down on its card, taken from the heroes' wound
    stack (peg19.en:891, peg19.en:899): they stay there when it perishes or rises as the Supreme (peg19.en:909), and
    nobody sees which they are (observations keep their number only). ``wounds`` counts the existence points lost,
    one per token on the card; it exceeds the number of tokens only by wounds dealt when no wound token was left
    anywhere (the interpretation ``no-wound-token-left``).
    """

    name: str
    position: SpaceId | None = None
    wounds: int = 0
    defeated: bool = False
    supreme: bool = False
    wound_tokens: tuple[str, ...] = ()

    def __init__(
        self,
        name: str,
        position: SpaceId | None = None,
        wounds: int = 0,
        defeated: bool = False,
        supreme: bool = False,
        wound_tokens: tuple[str, ...] = (),
    ) -> None:
        self.name = name  # type: ignore[misc]
        self.position = position  # type: ignore[misc]
        self.wounds = wounds  # type: ignore[misc]
        self.defeated = defeated  # type: ignore[misc]
        self.supreme = supreme  # type: ignore[misc]
        self.wound_tokens = wound_tokens  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> StrigoiState:
        """See :meth:`Blood._replace`."""
        check_changes(StrigoiState, changes)
        return StrigoiState(
            changes.get("name", self.name),
            changes.get("position", self.position),
            changes.get("wounds", self.wounds),
            changes.get("defeated", self.defeated),
            changes.get("supreme", self.supreme),
            changes.get("wound_tokens", self.wound_tokens),
        )


frozen_init(StrigoiState)


@dataclass(frozen=True, slots=True, init=False)
class TurnState(Value):
    """What the active hero has done this turn (Phase 2).

    ``encountered``: stopped on an active encounter space, and kept after the encounter: where the
    ``strigoi_after_encounter`` reading lets one attack on a Strigoi follow it, that attack (and, under
    ``monster_then_strigoi``, a Monk) clears it; ``engaged``: the turn's one encounter or Strigoi fight has
    happened (peg19.en:801); ``fought``: the hero fought; ``stealthy``: Stealth is in use for this move;
    ``declined``: the encounter space where a peeked monster was left; ``token``: the Strigoi action token flipped;
    ``trail``: during a jump over other Powerwolves, the space the jump started from and the spaces jumped so far
    (empty after a step that counted), none of which the hero may step back onto; ``stealth_peeked``: the Stealth
    in use has been spent on a peek (stealth-one-peek).
    """

    seat: int
    steps_left: int
    moved: bool = False
    encountered: bool = False
    fought: bool = False
    engaged: bool = False
    stealthy: bool = False
    declined: str | None = None
    token: str | None = None
    trail: tuple[SpaceId, ...] = ()
    stealth_peeked: bool = False

    def __init__(
        self,
        seat: int,
        steps_left: int,
        moved: bool = False,
        encountered: bool = False,
        fought: bool = False,
        engaged: bool = False,
        stealthy: bool = False,
        declined: str | None = None,
        token: str | None = None,
        trail: tuple[SpaceId, ...] = (),
        stealth_peeked: bool = False,
    ) -> None:
        self.seat = seat  # type: ignore[misc]
        self.steps_left = steps_left  # type: ignore[misc]
        self.moved = moved  # type: ignore[misc]
        self.encountered = encountered  # type: ignore[misc]
        self.fought = fought  # type: ignore[misc]
        self.engaged = engaged  # type: ignore[misc]
        self.stealthy = stealthy  # type: ignore[misc]
        self.declined = declined  # type: ignore[misc]
        self.token = token  # type: ignore[misc]
        self.trail = trail  # type: ignore[misc]
        self.stealth_peeked = stealth_peeked  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> TurnState:
        """See :meth:`GameState._replace`."""
        seat = self.seat
        steps_left = self.steps_left
        moved = self.moved
        encountered = self.encountered
        fought = self.fought
        engaged = self.engaged
        stealthy = self.stealthy
        declined = self.declined
        token = self.token
        trail = self.trail
        stealth_peeked = self.stealth_peeked
        for name, value in changes.items():
            if name == "steps_left":
                steps_left = value
            elif name == "trail":
                trail = value
            elif name == "moved":
                moved = value
            elif name == "encountered":
                encountered = value
            elif name == "engaged":
                engaged = value
            elif name == "fought":
                fought = value
            elif name == "token":
                token = value
            elif name == "stealthy":
                stealthy = value
            elif name == "declined":
                declined = value
            elif name == "stealth_peeked":
                stealth_peeked = value
            elif name == "seat":
                seat = value
            else:
                check_changes(TurnState, {name: value})  # raises: no such field
        return TurnState(
            seat, steps_left, moved, encountered, fought, engaged, stealthy, declined, token, trail, stealth_peeked
        )


frozen_init(TurnState)


class Outcome(FastEnum):
    """How a game ended."""

    POWERWOLF_WIN = "powerwolf_win"  # the Supreme Strigoi is defeated (peg19.en:945)
    STRIGOI_WIN = "strigoi_win"  # the inferno reaches the table value (peg19.en:936)


@dataclass(init=False, frozen=True, slots=True, repr=False)
class GameState(Memo):
    """Everything about a game at one moment. Compare with ``==``; fingerprint with :meth:`hash`.

    ``==`` and the builtin ``hash()`` follow the game position, as :meth:`hash` and :meth:`to_json` do: the log
    (how the game got here) is left out, so two ways to the same position give equal states. ``repr`` is one short
    line whatever the length of the game.
    """

    round: int
    heroes: tuple[HeroState, ...]
    board: FortressState
    strigoi: tuple[StrigoiState, ...]
    blood: Blood
    reward_deck: Stack
    reward_tokens: Stack
    red: Stack
    grey: Stack
    strigoi_tokens: Stack
    wound_stack: Stack
    advanced_supply: tuple[str, ...]
    fight_tokens: tuple[SpaceId, ...] = ()
    attack_marker: bool = False
    box: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    turn: TurnState | None = None
    frames: tuple[Frame, ...] = ()
    awards: tuple[tuple[int, str], ...] = ()
    chance_count: int = 0
    outcome: Outcome | None = None
    log: Log | None = field(default=None, compare=False)

    def __init__(
        self,
        round: int,
        heroes: tuple[HeroState, ...],
        board: FortressState,
        strigoi: tuple[StrigoiState, ...],
        blood: Blood,
        reward_deck: Stack,
        reward_tokens: Stack,
        red: Stack,
        grey: Stack,
        strigoi_tokens: Stack,
        wound_stack: Stack,
        advanced_supply: tuple[str, ...],
        fight_tokens: tuple[SpaceId, ...] = (),
        attack_marker: bool = False,
        box: tuple[str, ...] = (),
        order: tuple[int, ...] = (),
        turn: TurnState | None = None,
        frames: tuple[Frame, ...] = (),
        awards: tuple[tuple[int, str], ...] = (),
        chance_count: int = 0,
        outcome: Outcome | None = None,
        log: Log | None = None,
    ) -> None:
        self.round = round  # type: ignore[misc]
        self.heroes = heroes  # type: ignore[misc]
        self.board = board  # type: ignore[misc]
        self.strigoi = strigoi  # type: ignore[misc]
        self.blood = blood  # type: ignore[misc]
        self.reward_deck = reward_deck  # type: ignore[misc]
        self.reward_tokens = reward_tokens  # type: ignore[misc]
        self.red = red  # type: ignore[misc]
        self.grey = grey  # type: ignore[misc]
        self.strigoi_tokens = strigoi_tokens  # type: ignore[misc]
        self.wound_stack = wound_stack  # type: ignore[misc]
        self.advanced_supply = advanced_supply  # type: ignore[misc]
        self.fight_tokens = fight_tokens  # type: ignore[misc]
        self.attack_marker = attack_marker  # type: ignore[misc]
        self.box = box  # type: ignore[misc]
        self.order = order  # type: ignore[misc]
        self.turn = turn  # type: ignore[misc]
        self.frames = frames  # type: ignore[misc]
        self.awards = awards  # type: ignore[misc]
        self.chance_count = chance_count  # type: ignore[misc]
        self.outcome = outcome  # type: ignore[misc]
        self.log = log  # type: ignore[misc]
        self._memo = None  # type: ignore[misc]  # no cache yet (see Memo); the slot is Memo's

    def _replace(self, changes: dict[str, Any], /) -> GameState:
        """See :meth:`Blood._replace`. Written as a loop over ``changes`` (about one name a call, tested in the order
        the engine changes them most), not a lookup per field: the engine copies game states several times a
        decision."""
        round = self.round
        heroes = self.heroes
        board = self.board
        strigoi = self.strigoi
        blood = self.blood
        reward_deck = self.reward_deck
        reward_tokens = self.reward_tokens
        red = self.red
        grey = self.grey
        strigoi_tokens = self.strigoi_tokens
        wound_stack = self.wound_stack
        advanced_supply = self.advanced_supply
        fight_tokens = self.fight_tokens
        attack_marker = self.attack_marker
        box = self.box
        order = self.order
        turn = self.turn
        frames = self.frames
        awards = self.awards
        chance_count = self.chance_count
        outcome = self.outcome
        log = self.log
        for name, value in changes.items():
            if name == "frames":
                frames = value
            elif name == "heroes":
                heroes = value
            elif name == "log":
                log = value
            elif name == "turn":
                turn = value
            elif name == "strigoi_tokens":
                strigoi_tokens = value
            elif name == "chance_count":
                chance_count = value
            elif name == "awards":
                awards = value
            elif name == "strigoi":
                strigoi = value
            elif name == "order":
                order = value
            elif name == "wound_stack":
                wound_stack = value
            elif name == "attack_marker":
                attack_marker = value
            elif name == "round":
                round = value
            elif name == "fight_tokens":
                fight_tokens = value
            elif name == "red":
                red = value
            elif name == "board":
                board = value
            elif name == "blood":
                blood = value
            elif name == "grey":
                grey = value
            elif name == "advanced_supply":
                advanced_supply = value
            elif name == "reward_tokens":
                reward_tokens = value
            elif name == "reward_deck":
                reward_deck = value
            elif name == "outcome":
                outcome = value
            elif name == "box":
                box = value
            else:
                check_changes(GameState, {name: value})  # raises: no such field
        return GameState(
            round,
            heroes,
            board,
            strigoi,
            blood,
            reward_deck,
            reward_tokens,
            red,
            grey,
            strigoi_tokens,
            wound_stack,
            advanced_supply,
            fight_tokens,
            attack_marker,
            box,
            order,
            turn,
            frames,
            awards,
            chance_count,
            outcome,
            log,
        )

    @property
    def to_act(self) -> ToAct:
        """Who decides now, and what kind of decision it is."""
        if self.outcome is not None or not self.frames:
            return ToAct.nobody()
        return self.frames[-1].to_act()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.outcome is not None

    def with_hero(self, seat: int, hero: HeroState) -> GameState:
        """This state with the hero in ``seat`` replaced."""
        heroes = list(self.heroes)
        heroes[seat] = hero
        return replace(self, heroes=tuple(heroes))

    def hero_at(self, space: SpaceId) -> int | None:
        """The seat of the hero standing on ``space``, if any."""
        for seat, hero in enumerate(self.heroes):
            if hero.position == space:
                return seat
        return None

    def __str__(self) -> str:
        """A few lines for people: round, who acts, blood points, the Strigoi, each hero."""
        from armata_rules.state_view import state_text

        return state_text(self)

    def _repr_svg_(self) -> str | None:
        """The board with its pieces, for notebooks (bundled layout; ``None`` for a state not on that layout)."""
        from armata_rules.state_view import state_svg

        try:
            return state_svg(self)
        except (KeyError, ValueError):
            return None

    def history(self) -> list[str]:
        """The log, oldest first.

        A method, not a property like :attr:`to_act`: it walks the whole log and builds a new list on each call.
        """
        return [] if self.log is None else self.log.lines()

    def __repr__(self) -> str:
        to_act = self.to_act
        lines = 0 if self.log is None else self.log.seq + 1
        return (
            f"<GameState round={self.round} to_act={to_act.kind.value}{list(to_act.seats)}:{to_act.decision} "
            f"outcome={None if self.outcome is None else self.outcome.value} hash={self.hash()[:12]} log={lines} lines>"
        )

    def to_json(self) -> dict[str, object]:
        """A canonical JSON-ready form (without the log): equal states give equal JSON."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name != "log"}

    @classmethod
    def from_json(cls, data: object, source: str = "<state>") -> GameState:
        """The state :meth:`to_json` wrote (``from_json(s.to_json()) == s``, same :meth:`hash`), without a log.

        Raises :class:`StateFileError` (``SOURCE: KEY: PROBLEM``) on a wrong type, a missing or unknown key, an
        unknown frame or enum value, or an unordered list that the state keeps sorted.
        """
        try:
            state = decode(cls, data, {Frame: _FRAME_TYPES})
        except DecodeError as err:
            raise StateFileError(source, err.key, err.problem) from None
        _check_sorted(state, source)
        return state

    def hash(self) -> str:
        """A fingerprint of the state: same seed and same actions give the same hash, in any process."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


frozen_init(GameState)


#: The frame classes a state may hold, by class name (the ``__type__`` tag of :meth:`GameState.to_json`).
FRAME_TYPES: Final = FrameTypes(
    cls
    for name in frames_module.__all__
    if isinstance(cls := getattr(frames_module, name), type) and issubclass(cls, Frame) and is_dataclass(cls)
)
_FRAME_TYPES: Final = FRAME_TYPES.by_tag


def _check_sorted(state: GameState, source: str) -> None:
    """The collections the state keeps as sorted tuples must come sorted, or equal states would compare unequal."""
    lists: list[tuple[str, tuple[str, ...]]] = []
    for seat, hero in enumerate(state.heroes):
        lists += [(f"heroes[{seat}].{name}", getattr(hero, name)) for name in ("hand", "discard", "tokens")]
    for name in ("reward_deck", "reward_tokens", "red", "grey", "strigoi_tokens", "wound_stack"):
        lists.append((f"{name}.hidden", getattr(state, name).hidden))
    lists += [(f"strigoi[{index}].wound_tokens", s.wound_tokens) for index, s in enumerate(state.strigoi)]
    lists += [("advanced_supply", state.advanced_supply), ("fight_tokens", state.fight_tokens)]
    for key, items in lists:
        if list(items) != sorted(items):
            raise StateFileError(source, key, "must be sorted: the state keeps this collection in sorted order")
