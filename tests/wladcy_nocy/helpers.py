"""Shared helpers of the engine tests of *Władcy Nocy*: games on the synthetic pack with chance left to the test, and
states crafted for a scenario with every token conserved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.equipment.dice import DicePool
from armata_rules.kernel.equipment.topology import TileLayout
from armata_rules.kernel.play.actions import Action, ChanceOutcome
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.settle import settle
from armata_rules.wladcy_nocy.city import GRID
from armata_rules.wladcy_nocy.components import BLOOD_START, EXTRA_BLOOD
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import RoundEnd, Turn
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.rules.setup import initial_state
from armata_rules.wladcy_nocy.state import DistrictState, Phase, VampireState, WNState

SYNTHETIC = "synthetic-test"
#: The city the crafted states use: the Station top left, then the other tiles in this order, row by row.
CITY = (
    "dworzec_kolejowy",
    "muzeum",
    "szpital_psychiatryczny",
    "park_miejski",
    "unnamed_1",
    "unnamed_2",
    "unnamed_3",
    "unnamed_4",
    "unnamed_5",
)


def new_game(
    vampires: Sequence[str] = ("ishtvan", "mila", "agnieszka"),
    *,
    chance: str = "explicit",
    difficulty: str = "medium",
    **readings: str,
) -> Game:
    """A game on the synthetic pack, chance left to the test unless ``chance="auto"``."""
    ruleset = READINGS.make(**readings)
    return Game.new(list(vampires), difficulty=difficulty, content=SYNTHETIC, ruleset=ruleset, chance=chance)  # type: ignore[arg-type]


def city(tiles: Sequence[str] = CITY) -> TileLayout:
    """The layout with ``tiles[i]`` on cell ``i``."""
    return TileLayout(GRID, tuple((GRID.at(i), tile) for i, tile in enumerate(tiles)), ())


def crafted(
    game: Game,
    *,
    frames: Sequence[Frame],
    phase: Phase = Phase.NIGHT,
    cells: Sequence[int] | None = None,
    blood: Sequence[int] | None = None,
    victims: Sequence[int] | None = None,
    ap: Sequence[int] | None = None,
    relics: Mapping[int, tuple[str, ...]] | None = None,
    seals: Mapping[int, int] | None = None,
    districts: Mapping[int, DistrictState] | None = None,
    dice: Sequence[int] | None = None,
    veil: int = 6,
    leader: int = 0,
    tiles: Sequence[str] = CITY,
) -> WNState:
    """A state of ``game`` for a scenario: the synthetic city laid as :data:`CITY`, the vampires, districts, dice (a
    full pool 1, 2, 3 ... by default) and veil as given, and the agent pool, minion supply, blood supply and relic
    deck set so that every token is conserved; its automatic steps are run (chance is the test's)."""
    ctx = game.ctx
    base = initial_state(ctx)
    n = ctx.seats
    vampires = tuple(
        VampireState(
            name,
            (cells or [0] * n)[seat],
            (blood or [BLOOD_START] * n)[seat],
            (victims or [0] * n)[seat],
            (relics or {}).get(seat, ()),
            (seals or {}).get(seat, -1),
            (ap or [0] * n)[seat],
        )
        for seat, name in enumerate(ctx.vampires)
    )
    board = tuple((districts or {}).get(cell, DistrictState()) for cell in range(9))
    for seat, cell in (seals or {}).items():
        board = (*board[:cell], replace(board[cell], seal=ctx.vampires[seat]), *board[cell + 1 :])
    agents = sum(d.agents for d in board)
    minions = sum(d.minions for d in board)
    held = {r for rs in (relics or {}).values() for r in rs}
    dice_count = 2 * n
    values = (1, 2, 3, 4, 5, 6, 1, 2, 3, 4)[:dice_count] if dice is None else dice
    pool = DicePool.of(values, dice_count - len(values))
    state = replace(
        base,
        vampires=vampires,
        districts=board,
        layout=city(tiles),
        dice=pool,
        veil=veil,
        leader=leader,
        phase=phase,
        agent_pool=ctx.pool_size - agents,
        minion_supply=ctx.station_minions + ctx.supply_minions - minions,
        blood_supply=BLOOD_START * n + EXTRA_BLOOD - sum(v.blood for v in vampires),
        relic_deck=tuple(r for r in base.relic_deck if r not in held),
        frames=tuple(frames),
    )
    return settle(game.definition, ctx, state, game.chance == "auto")


def night_turn(game: Game, seat: int, **kwargs: object) -> WNState:
    """A crafted state at the night turn of ``seat`` (2 action points each unless ``ap`` says otherwise)."""
    kwargs.setdefault("ap", [2] * game.ctx.seats)
    return crafted(game, frames=(RoundEnd(), Turn(seat)), **kwargs)  # type: ignore[arg-type]


def play(game: Game, state: WNState, *actions: Action) -> WNState:
    """``state`` after ``actions`` in turn."""
    for action in actions:
        state = game.apply(state, action)
    return state


def roll(game: Game, state: WNState, *faces: int) -> WNState:
    """``state`` after dice showing ``faces`` are rolled, one chance step each."""
    return play(game, state, *(ChanceOutcome("die", str(face)) for face in faces))


def lines(state: WNState) -> list[str]:
    """The history, without the round prefix."""
    return [line.partition(": ")[2] for line in (state.log.lines() if state.log else [])]
