"""The state of a game of *Władcy Nocy*: immutable, canonical, with a JSON form and a hash that are the same in every
process (as the kernel's toy game's, :mod:`armata_rules.kernel.testing.toy`).

:class:`WNState` holds the vampires in turn order (seat = vampire; wn.pl:129), the nine districts by cell, the tile
layout, the leader, the veil, the supply (agents, minions, blood), the event deck, the relic deck, the dice pool, the
pending veil of an event card being resolved (wn.pl:247), the event cards that stay in play (wn.pl:235) or were
discarded once placed (wn.pl:614-616), those an ability took from the deck only to mark a place and discarded
unresolved (wn.pl:626-628; the deck's timer counts them), the cards and relics placed in the city, the fight under
way, and the kernel's flow fields (``frames``, ``chance_count``, ``outcome``, ``log``, ``round``). Exhaustion is no
field: a vampire is exhausted exactly while it holds no blood (wn.pl:517, wn.pl:525).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Final

from armata_rules.kernel.core.decode import DecodeError, decode
from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Memo, empty_memo
from armata_rules.kernel.equipment.decks import SegmentedDeck
from armata_rules.kernel.equipment.dice import DicePool
from armata_rules.kernel.equipment.topology import TileLayout
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.state import Log, StateFileError, plain
from armata_rules.wladcy_nocy.frames import FRAMES

__all__ = [
    "DistrictState",
    "FightState",
    "Phase",
    "PlacedCard",
    "PlacedRelic",
    "VampireState",
    "WNOutcome",
    "WNState",
]


#: The fields whose values the kernel's equipment checks as they are built (a sorted dice pool, say).
_EQUIPMENT: Final = (("layout", TileLayout), ("events", SegmentedDeck), ("dice", DicePool))


def _refused_key(data: object) -> str:
    """The field of a state's JSON form whose equipment refused its value ("<state>" if none can be told)."""
    if isinstance(data, dict):
        for name, kind in _EQUIPMENT:
            try:
                decode(kind, data.get(name))
            except (ValueError, TypeError):
                return name
    return "<state>"


class Phase(FastEnum):
    """Where a round is: setting up, the day phase or the night phase (wn.pl:201)."""

    SETUP = "setup"
    DAY = "day"
    NIGHT = "night"


class WNOutcome(FastEnum):
    """How a game ended (wn.pl:441-445)."""

    RITUAL = "ritual"  # the Blood Moon ritual was performed: the players win (wn.pl:443)
    VEIL_LOST = "veil_lost"  # the veil reached 0: the players lose (wn.pl:444)
    DECK_EMPTY = "deck_empty"  # an event card had to be revealed from an empty deck: the players lose (wn.pl:445)


@dataclass(frozen=True, slots=True)
class VampireState:
    """One vampire: its id, its district (cell), blood tokens, victims, relics (sorted ids), the cell of its terror
    seal (-1 while unplaced) and its action points (live at night only)."""

    name: str
    cell: int
    blood: int
    victims: int = 0
    relics: tuple[str, ...] = ()
    seal: int = -1
    ap: int = 0

    @property
    def exhausted(self) -> bool:
        """Exhausted exactly while it holds no blood: losing the last token exhausts it, gaining any un-exhausts it
        (wn.pl:517, wn.pl:525)."""
        return self.blood == 0


@dataclass(frozen=True, slots=True)
class DistrictState:
    """One district: its hidden and revealed agents, its minions and the owner of its terror seal ("" if none)."""

    hidden: int = 0
    revealed: int = 0
    minions: int = 0
    seal: str = ""

    @property
    def agents(self) -> int:
        """Every agent there, hidden or revealed."""
        return self.hidden + self.revealed


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """An event card placed on a district (``cell``) or on a vampire's card (``seat``; the other is -1), with the
    condition that discards it (wn.pl:614-618): a predicate of the vocabulary, read at its district."""

    card: str
    cell: int
    seat: int
    pred: str
    side: str = ""
    negate: bool = False


@dataclass(frozen=True, slots=True)
class PlacedRelic:
    """A relic placed in a district (wn.pl:566): it belongs to no one and stays there; ``by`` is the seat of the
    vampire that placed it."""

    relic: str
    cell: int
    by: int


@dataclass(frozen=True, slots=True)
class FightState:
    """The fight under way: the fighter's seat and cell, day or night, the minions sacrificed (wn.pl:469), the dice
    values chosen so far (wn.pl:471), how many are needed (-1 until counted), how many times the pool was rolled
    anew for it (wn.pl:481), and the agents its dice removed (wn.pl:485)."""

    seat: int
    cell: int
    day: bool
    sacrificed: int = 0
    taken: tuple[int, ...] = ()
    need: int = -1
    rerolls: int = 0
    removed: int = 0


@dataclass(frozen=True, slots=True, repr=False)
class WNState(Memo):
    """A game of *Władcy Nocy* at one moment (see the module docstring)."""

    vampires: tuple[VampireState, ...]
    districts: tuple[DistrictState, ...]
    layout: TileLayout
    events: SegmentedDeck
    dice: DicePool
    veil: int
    agent_pool: int
    minion_supply: int
    blood_supply: int
    relic_deck: tuple[str, ...]
    leader: int = 0
    phase: Phase = Phase.SETUP
    relic_discard: tuple[str, ...] = ()
    drawn_relic: str = ""
    pending_veil: int = 0
    card: str = ""
    in_play: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()
    unresolved_events: tuple[str, ...] = ()
    placed_cards: tuple[PlacedCard, ...] = ()
    placed_relics: tuple[PlacedRelic, ...] = ()
    relics_used: tuple[str, ...] = ()
    trades: tuple[int, ...] = ()
    fight: FightState | None = None
    ritual: bool = False
    round: int = 1
    frames: tuple[Frame, ...] = ()
    chance_count: int = 0
    outcome: WNOutcome | None = None
    log: Log | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        empty_memo(self)

    def __repr__(self) -> str:
        return (
            f"<WNState round={self.round} {self.phase.value} veil={self.veil} "
            f"outcome={self.outcome and self.outcome.value} hash={self.hash()[:12]}>"
        )

    def to_json(self) -> dict[str, object]:
        """The canonical JSON-ready form, without the log: equal positions give equal JSON."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self) if f.name != "log"}

    @classmethod
    def from_json(cls, data: object, source: str = "<state>") -> WNState:
        """The state :meth:`to_json` wrote, without a log; :class:`StateFileError` (``SOURCE: KEY: PROBLEM``) names
        what is wrong, a value the equipment refuses (an unsorted dice pool, say) included."""
        try:
            return decode(cls, data, {Frame: FRAMES.by_tag})
        except DecodeError as err:
            raise StateFileError(source, err.key, err.problem) from None
        except (ValueError, TypeError) as err:
            raise StateFileError(source, _refused_key(data), str(err).splitlines()[0][:300]) from None

    def hash(self) -> str:
        """A fingerprint of the position, the same in every process."""
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # ------------------------------------------------------------------------------------------ reading
    def seat_at(self, cell: int) -> tuple[int, ...]:
        """The seats of the vampires in district ``cell``, in turn order."""
        return tuple(seat for seat, vampire in enumerate(self.vampires) if vampire.cell == cell)

    def tile_at(self, cell: int) -> str:
        """The tile lying on ``cell`` ("" while the city is being laid)."""
        for position, tile in self.layout.placed:
            if position[0] * 3 + position[1] == cell:
                return tile
        return ""

    def cell_of(self, tile: str) -> int:
        """The cell ``tile`` lies on (-1 while it is not laid)."""
        for position, placed in self.layout.placed:
            if placed == tile:
                return position[0] * 3 + position[1]
        return -1

    def relics_at(self, cell: int) -> tuple[str, ...]:
        """The relics placed in district ``cell``, sorted."""
        return tuple(sorted(p.relic for p in self.placed_relics if p.cell == cell))
