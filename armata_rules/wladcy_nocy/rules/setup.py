"""Setting a game up (wn.pl:123-181): the city, the vampires on the Station, the minions, the veil, the agent pool,
the supply, the event deck, the relic deck, the first dice pool and the leader.

The random parts are chance steps taken one at a time: each tile but the Station is laid on a free cell (at most 8
outcomes, :class:`~armata_rules.kernel.equipment.topology.TileLayout`), the dice are rolled one die per step. The event
deck is three segments of k cards each, dealt blind (:class:`~armata_rules.kernel.equipment.decks.SegmentedDeck`):
no card is drawn until it is revealed, which is the same as dealing them face down at setup.
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.equipment.decks import SegmentedDeck
from armata_rules.kernel.equipment.dice import DicePool
from armata_rules.kernel.equipment.topology import TileLayout
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose
from armata_rules.kernel.play.flow import log, pop
from armata_rules.kernel.play.handlers import ChanceHandler, DecisionHandler, Refusal
from armata_rules.wladcy_nocy.book import HANDLERS, RULES
from armata_rules.wladcy_nocy.city import GRID, STATION, STATION_TILE, cell_index
from armata_rules.wladcy_nocy.components import BLOOD_START, DICE_PER_VAMPIRE, EXTRA_BLOOD
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.effects import VEIL_START
from armata_rules.wladcy_nocy.frames import ChooseLeader, DayStart, PlaceTile, RollDice
from armata_rules.wladcy_nocy.state import DistrictState, VampireState, WNState

__all__ = ["SETUP_LEADER", "initial_state"]

SETUP_COUNT: Final = RULES.rule(
    "setup.vampires",
    "2 to 5 vampires, in turn order, each with its card, token and seal",
    ("wn.pl:46", "wn.pl:125", "wn.pl:127", "wn.pl:129", "wn.pl:149", "wn.pl:151", "wn.pl:153"),
    "Only the number of vampires counts, whoever runs them; the cards lie in turn order; each vampire starts with 4 "
    "blood tokens and 0 victims; the veil track's side is the one for that number.",
)
SETUP_COMPONENTS: Final = RULES.rule(
    "setup.components",
    "The components the game counts",
    ("wn.pl:19", "wn.pl:20", "wn.pl:27", "wn.pl:28", "wn.pl:29", "wn.pl:30", "wn.pl:31", "wn.pl:48", "wn.pl:64"),
    "Two double-sided veil tracks (one side per number of vampires), six vampire cards, each vampire's token on the "
    "board, victim marker on its card's track and terror seal, 28 blood tokens, one leader token and 12 agent tokens.",
)
SETUP_FIRST_GAMES: Final = RULES.rule(
    "setup.first_games",
    "The line-ups recommended for a first game",
    ("wn.pl:139", "wn.pl:141", "wn.pl:142", "wn.pl:143"),
    "Presets of the vampires for a first game: Imre and Mila, Agnieszka and Laszlo, or Imre and Laszlo; Agnieszka, "
    "Ishtvan and Mila; Agnieszka, Imre, Nevena and Laszlo.",
)
SETUP_CITY: Final = RULES.rule(
    "setup.city",
    "The city: a 3x3 grid, the Station top left, the rest at random",
    ("wn.pl:18", "wn.pl:36", "wn.pl:147", "wn.pl:586-588"),
    "The nine district tiles form a 3x3 grid with the Railway Station in the top-left corner and the others laid at "
    "random, one chance step per tile; only districts sharing a side are adjacent.",
)
SETUP_TOKENS: Final = RULES.rule(
    "setup.tokens",
    "Vampires and minions on the Station; the supply",
    ("wn.pl:32", "wn.pl:155", "wn.pl:157", "wn.pl:158", "wn.pl:159", "wn.pl:165"),
    "Every vampire token stands, ready side up, on the Station, with 2 minions for 2 vampires, 1 for 3 and none for "
    "4 or 5; the supply holds nine minions (or what the box has left) and two extra blood tokens.",
    readings=("minion_supply",),
)
SETUP_VEIL: Final = RULES.rule(
    "setup.veil",
    "The veil starts at 6; the agent pool is the track's number",
    ("wn.pl:103", "wn.pl:127", "wn.pl:161", "wn.pl:163"),
    "The veil marker starts at 6 on the side for the number of vampires, and the agent pool holds as many agents as "
    "that side shows; the rest stay in the box.",
)
SETUP_EVENTS: Final = RULES.rule(
    "setup.events",
    "The event deck: k cards of each act, act I on top",
    ("wn.pl:21-22", "wn.pl:89", "wn.pl:91", "wn.pl:167", "wn.pl:169", "wn.pl:170", "wn.pl:171", "wn.pl:173"),
    "Each act's 18 cards are shuffled and k are dealt face down (6 Easy, 5 Medium, 4 Hard), stacked act III at the "
    "bottom, II in the middle and I on top; the other cards stay in the box.",
)
SETUP_RELICS: Final = RULES.rule(
    "setup.relics",
    "The relic deck, shuffled",
    ("wn.pl:23", "wn.pl:105-107", "wn.pl:175"),
    "The 14 relic cards are shuffled face down beside the Museum.",
)
SETUP_DICE: Final = RULES.rule(
    "setup.dice",
    "The first dice pool",
    ("wn.pl:24", "wn.pl:76", "wn.pl:177"),
    "Two dice per vampire are rolled and kept with their values as the pool; the other dice stay in the box.",
)
SETUP_LEADER: Final = RULES.rule(
    "setup.leader",
    "The first leader",
    ("wn.pl:58-60", "wn.pl:179"),
    "The table gives the leader token, day side up, to a player (the engine asks the player of the first seat), who "
    "picks which of its vampires leads.",
    readings=("starting_leader",),
)


def initial_state(ctx: WNContext) -> WNState:
    """The state before setup's chance steps: the fixed parts of wn.pl:147-181 in place, the tiles and dice to come."""
    station = cell_index(STATION)
    others = sorted(tile for tile in ctx.districts if tile != STATION_TILE)
    layout = TileLayout.start(GRID, {STATION_TILE: STATION}, others)
    vampires = tuple(VampireState(name, station, BLOOD_START) for name in ctx.vampires)
    districts = tuple(
        DistrictState(minions=ctx.station_minions) if cell == station else DistrictState() for cell in range(9)
    )
    deck = SegmentedDeck.build((label, cards, ctx.k) for label, cards in ctx.decks)
    dice = DicePool((), DICE_PER_VAMPIRE * ctx.seats)
    state = WNState(
        vampires=vampires,
        districts=districts,
        layout=layout,
        events=deck,
        dice=dice,
        veil=VEIL_START,
        agent_pool=ctx.pool_size,
        minion_supply=ctx.supply_minions,
        blood_supply=EXTRA_BLOOD,
        relic_deck=tuple(sorted(ctx.relics)),
    )
    leaders = ctx.same_player(0)
    frames = (DayStart(), *([ChooseLeader(0)] if len(leaders) > 1 else []), RollDice(dice.aside), PlaceTile())
    text = (
        f"{ctx.seats} vampires ({', '.join(ctx.vampires)}) gather on the Station; the veil is at {VEIL_START}, "
        f"{ctx.pool_size} agents wait, the event deck holds {deck.cards_left} cards ({ctx.difficulty.value})"
    )
    return log(state, text, frames=frames)


class PlaceTileRules(ChanceHandler[WNContext, WNState, PlaceTile]):
    """wn.pl:147: the next tile, in id order, lands on a free cell, each as likely."""

    def outcomes(self, ctx: WNContext, state: WNState, frame: PlaceTile) -> list[tuple[ChanceOutcome, float]]:
        tile = state.layout.next_tile
        free = state.layout.free_positions()
        return [(ChanceOutcome("tile", f"{tile}@{GRID.index(p)}"), 1 / len(free)) for p in free]

    def apply(self, ctx: WNContext, state: WNState, frame: PlaceTile, outcome: ChanceOutcome) -> WNState:
        free = state.layout.free_positions()
        cell = int(outcome.outcome.rpartition("@")[2])
        layout = state.layout.place_next(free.index(GRID.at(cell)))
        state = log(state, f"{state.layout.next_tile} is laid on cell {cell}", layout=layout)
        return state if not layout.complete else pop(state)


class ChooseLeaderRules(DecisionHandler[WNContext, WNState, ChooseLeader]):
    """wn.pl:179: the player given the leader token picks which of its vampires leads."""

    def candidates(self, ctx: WNContext, state: WNState, frame: ChooseLeader) -> list[Action]:
        return [Choose(frame.seat, ctx.vampires[seat]) for seat in ctx.same_player(frame.seat)]

    def guard(self, ctx: WNContext, state: WNState, frame: ChooseLeader, action: Action) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(SETUP_LEADER, f"the player of {ctx.vampires[frame.seat]} was given the leader token")
        if not isinstance(action, Choose):
            return Refusal(SETUP_LEADER, f"pick the vampire that leads (choose), not {action.kind!r}")
        mine = [ctx.vampires[seat] for seat in ctx.same_player(frame.seat)]
        if action.option not in mine:
            return Refusal(SETUP_LEADER, f"the leader is one of this player's vampires: {', '.join(mine)}")
        return None

    def apply(self, ctx: WNContext, state: WNState, frame: ChooseLeader, action: Action) -> WNState:
        option = action.option if isinstance(action, Choose) else ""
        return log(pop(state), f"{option} takes the leader token", leader=ctx.vampires.index(option))


HANDLERS.handles(PlaceTile, PlaceTileRules)
HANDLERS.handles(ChooseLeader, ChooseLeaderRules)
