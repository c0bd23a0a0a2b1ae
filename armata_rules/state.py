"""The immutable game state.

A :class:`GameState` holds ids only (cards, tokens, spaces); what an id means is in the game's data pack and layout.
Collections whose order carries no meaning are kept as *sorted* tuples, so equal states compare, hash and serialise
alike in every process. Nothing here mutates: the engine builds new states with :func:`dataclasses.replace`, and
unchanged parts are shared between a state and its successor.

The decision stack ``frames`` says what happens next; its top frame says who decides (see :mod:`armata_rules.frames`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, fields
from enum import Enum

from armata_rules.board.fortress import FortressState, SpaceId
from armata_rules.components.icons import Hero
from armata_rules.frames import Frame, ToAct
from armata_rules.immutable import Memo, replace

__all__ = [
    "Blood",
    "GameState",
    "HeroState",
    "Log",
    "Outcome",
    "Pool",
    "Stack",
    "StrigoiState",
    "TurnState",
    "sorted_tuple",
]


def sorted_tuple(items: Iterator[str] | tuple[str, ...] | list[str] | frozenset[str] | set[str]) -> tuple[str, ...]:
    """A sorted tuple: the canonical form of an unordered collection of ids."""
    return tuple(sorted(items))


class Pool(Enum):
    """Where a blood point counter lies (peg19.en:722, peg19.en:870)."""

    SUPPLY = "supply"
    ALTAR = "altar"
    INFERNO = "inferno"


@dataclass(frozen=True, slots=True)
class Blood:
    """Blood point counters in the supply, on the altar and on the inferno card."""

    supply: int
    altar: int
    inferno: int

    def get(self, pool: Pool) -> int:
        """Counters in ``pool``."""
        return int(getattr(self, pool.value))

    @property
    def total(self) -> int:
        """All counters: constant through a game (conservation)."""
        return self.supply + self.altar + self.inferno


@dataclass(frozen=True, slots=True)
class Stack:
    """A face-down stack and its discard pile.

    The face-down part is unordered (``hidden``, sorted): drawing is a chance event over what is left, which is the
    same as drawing from a shuffled stack. Tokens left face up on top (Stealth, peg19.en:1058) are in ``top``,
    topmost first, and are drawn before any hidden one.
    """

    hidden: tuple[str, ...] = ()
    top: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """Items left to draw."""
        return len(self.hidden) + len(self.top)


@dataclass(frozen=True, slots=True)
class HeroState(Memo):
    """One Powerwolf: position, cards in each zone, reward tokens, wounds, earned advanced cards, spent icons.

    ``hand``, ``discard`` and ``tokens`` are sorted ids. ``chosen`` is the action card chosen in Phase 1 (face down
    until all have chosen, then the card played for the round); ``played`` holds the other cards placed in front of
    the hero this round (peg19.en:949, peg19.en:1020). ``spent`` records the ability icons already used in the
    current scope (turn or round, by reading) as ``"SOURCE_ID/ability/INDEX"``.

    A hero often stays the same object through many game states, so data derived from it alone (the sources of its
    abilities) is cached on it (:class:`~armata_rules.immutable.Memo`).
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


@dataclass(frozen=True, slots=True)
class StrigoiState:
    """The Master or the Apprentice: where it stands, wounds suffered, defeated, flipped to the Supreme side."""

    name: str
    position: SpaceId | None = None
    wounds: int = 0
    defeated: bool = False
    supreme: bool = False


@dataclass(frozen=True, slots=True)
class TurnState:
    """What the active hero has done this turn (Phase 2).

    ``encountered``: stopped on an active encounter space; ``engaged``: the turn's one encounter or Strigoi fight has
    happened (peg19.en:801); ``fought``: the hero fought; ``stealthy``: Stealth is in use for this move;
    ``declined``: the encounter space where a peeked monster was left; ``token``: the Strigoi action token flipped;
    ``trail``: during a jump over other Powerwolves, the space the jump started from and the spaces jumped so far
    (empty after a step that counted), none of which the hero may step back onto.
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


class Outcome(Enum):
    """How a game ended."""

    POWERWOLF_WIN = "powerwolf_win"  # the Supreme Strigoi is defeated (peg19.en:945)
    STRIGOI_WIN = "strigoi_win"  # the inferno reaches the table value (peg19.en:936)


@dataclass(frozen=True, slots=True)
class Log:
    """One line of the game's history, linked to the line before: appending is O(1) and shares the past."""

    seq: int
    round: int
    text: str
    previous: Log | None = None

    def lines(self) -> list[str]:
        """The whole history, oldest first, as ``"round N: text"``."""
        out = []
        node: Log | None = self
        while node is not None:
            out.append(f"round {node.round}: {node.text}")
            node = node.previous
        return out[::-1]


@dataclass(frozen=True, slots=True)
class GameState(Memo):
    """Everything about a game at one moment. Compare with ``==``; fingerprint with :meth:`hash`."""

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
    log: Log | None = None

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

    def history(self) -> list[str]:
        """The log, oldest first."""
        return [] if self.log is None else self.log.lines()

    def to_json(self) -> dict[str, object]:
        """A canonical JSON-ready form (without the log): equal states give equal JSON."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name != "log"}

    def hash(self) -> str:
        """A fingerprint of the state: same seed and same actions give the same hash, in any process."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(_plain(v) for v in value)  # type: ignore[type-var]
    names = _FIELD_NAMES.get(type(value))
    if names is None and hasattr(value, "__dataclass_fields__"):
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))  # type: ignore[arg-type]
    if names is not None:
        plain: dict[str, object] = {"__type__": type(value).__name__}
        for name in names:
            plain[name] = _plain(getattr(value, name))
        return plain
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}  # the fields of each dataclass met, looked up once
