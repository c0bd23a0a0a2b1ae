"""What one seat sees of a game of *Władcy Nocy*, and its fixed-length numeric form for learning agents.

Everything on the table is visible: the city, the tokens, the vampires' cards and relics (a drawn relic is revealed,
wn.pl:537), the veil, the dice pool (wn.pl:189). Hidden are the event deck (which cards were dealt, and their order,
wn.pl:167-173: a seat sees how many are left in each act) and the relic deck (wn.pl:175: a seat sees its size).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from armata_rules.wladcy_nocy.components import AGENT_TOKENS, DICE_PER_VAMPIRE
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["HELD", "PHASES", "ObservationCodec", "WNView", "observation_codec", "observe"]

#: The phases by number.
PHASES: Final = ("setup", "day", "night")
#: The relic slots shown per vampire: its limit is 2 (wn.pl:533), and a third is held for a moment before one is
#: discarded (wn.pl:562).
HELD: Final = 3
#: The dice values shown of a fight (one per agent; agents never exceed their tokens, wn.pl:31).
FIGHT_DICE: Final = AGENT_TOKENS


@dataclass(frozen=True, slots=True)
class WNView:
    """A seat's view: its seat, the round and phase (index of :data:`PHASES`), the veil and the veil pending from an
    event, the leader, the supply (agents, minions, blood), the cards left in each act, the relic deck's size, the
    dice pool (values sorted, then 0s) and the dice set aside, each cell's tile (index among the tiles, sorted), each
    district (hidden, revealed, minions, seal's seat or -1, relics placed, event cards placed), each vampire (cell,
    blood, victims, action points, seal's cell or -1, relics held as indices or -1), and the fight (fighter or -1,
    cell, day, sacrificed, dice needed, dice chosen then 0s)."""

    seat: int
    round: int
    phase: int
    veil: int
    pending_veil: int
    leader: int
    supply: tuple[int, int, int]
    deck: tuple[int, ...]
    relic_deck: int
    dice: tuple[int, ...]
    dice_aside: int
    tiles: tuple[int, ...]
    districts: tuple[tuple[int, ...], ...]
    vampires: tuple[tuple[int, ...], ...]
    fight: tuple[int, ...]


def _relic_index(ctx: WNContext, relic: str) -> int:
    return sorted(ctx.relics).index(relic)


def observe(ctx: WNContext, state: WNState, seat: int) -> WNView:
    """The game as ``seat`` sees it; ``ValueError`` for a seat that is not at the table."""
    if type(seat) is not int or not 0 <= seat < ctx.seats:
        raise ValueError(f"seat must be 0 to {ctx.seats - 1}; got {seat!r}")
    tiles = sorted(ctx.districts)
    dice_count = DICE_PER_VAMPIRE * ctx.seats
    districts = tuple(
        (
            d.hidden,
            d.revealed,
            d.minions,
            ctx.vampires.index(d.seal) if d.seal else -1,
            len(state.relics_at(cell)),
            sum(1 for p in state.placed_cards if p.cell == cell),
        )
        for cell, d in enumerate(state.districts)
    )
    vampires = tuple(
        (
            v.cell,
            v.blood,
            v.victims,
            v.ap,
            v.seal,
            *(_relic_index(ctx, r) for r in v.relics),
            *(-1,) * (HELD - len(v.relics)),
        )
        for v in state.vampires
    )
    fight = state.fight
    if fight is None:
        fighting: tuple[int, ...] = (-1, -1, 0, 0, 0, *(0,) * FIGHT_DICE)
    else:
        taken = fight.taken[:FIGHT_DICE]
        fighting = (fight.seat, fight.cell, int(fight.day), fight.sacrificed, fight.need, *taken)
        fighting += (0,) * (FIGHT_DICE - len(taken))
    return WNView(
        seat,
        state.round,
        PHASES.index(state.phase.value),
        state.veil,
        state.pending_veil,
        state.leader,
        (state.agent_pool, state.minion_supply, state.blood_supply),
        state.events.counts,
        len(state.relic_deck),
        state.dice.values + (0,) * (dice_count - len(state.dice.values)),
        state.dice.aside,
        tuple(tiles.index(state.tile_at(cell)) if state.tile_at(cell) else -1 for cell in range(9)),
        districts,
        vampires,
        fighting,
    )


@dataclass(frozen=True, slots=True)
class ObservationCodec:
    """A view as a flat list of floats, in :class:`WNView`'s field order, and back; its length depends only on the
    number of vampires."""

    seats: int

    @property
    def length(self) -> int:
        """How many numbers a view of this game is."""
        return 6 + 3 + 3 + 1 + DICE_PER_VAMPIRE * self.seats + 1 + 9 + 9 * 6 + self.seats * (5 + HELD) + 5 + FIGHT_DICE

    def encode(self, observation: WNView) -> list[float]:
        o = observation
        flat = [o.seat, o.round, o.phase, o.veil, o.pending_veil, o.leader, *o.supply, *o.deck, o.relic_deck]
        flat += [*o.dice, o.dice_aside, *o.tiles]
        flat += [n for row in o.districts for n in row] + [n for row in o.vampires for n in row] + list(o.fight)
        return [float(n) for n in flat]

    def decode(self, vector: list[float]) -> WNView:
        if len(vector) != self.length:
            raise ValueError(f"a view of {self.seats} vampires has {self.length} numbers; got {len(vector)}")
        numbers = [int(n) for n in vector]
        dice = DICE_PER_VAMPIRE * self.seats

        def take(count: int) -> tuple[int, ...]:
            nonlocal numbers
            taken, numbers = tuple(numbers[:count]), numbers[count:]
            return taken

        seat, round_, phase, veil, pending, leader = take(6)
        agents, minions, blood = take(3)
        deck = take(3)
        (relic_deck,) = take(1)
        pool = take(dice)
        (aside,) = take(1)
        tiles = take(9)
        districts = tuple(take(6) for _ in range(9))
        vampires = tuple(take(5 + HELD) for _ in range(self.seats))
        fight = take(5 + FIGHT_DICE)
        return WNView(
            seat,
            round_,
            phase,
            veil,
            pending,
            leader,
            (agents, minions, blood),
            deck,
            relic_deck,
            pool,
            aside,
            tiles,
            districts,
            vampires,
            fight,
        )


def observation_codec(ctx: WNContext) -> ObservationCodec:
    """The numeric form of a view of ``ctx``'s game."""
    return ObservationCodec(ctx.seats)
