"""A fixed numbering of every action a game of *Władcy Nocy* could list, for learning agents that pick by number.

The numbering depends on the context only (its vampires, content and seats): the chance outcomes (tiles on cells,
die faces, event cards, relics), then each seat's actions with every value their fields can take (a cell, a count of
minions, a relic, a die face, an option by name). It numbers more actions than a game ever lists at once; it never
misses one it lists (the conformance suite checks).
"""

from __future__ import annotations

from armata_rules.kernel.equipment.dice import FACES
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose, Pass
from armata_rules.kernel.play.numbering import ActionNumbering
from armata_rules.wladcy_nocy.actions import (
    ActivateDistrict,
    BeginRitual,
    Expose,
    Fight,
    Hunt,
    Move,
    Recruit,
    Sacrifice,
    Seal,
    TakeDie,
    TradeRelic,
    UseBlood,
    UseDark,
    UseRelic,
    WildHunt,
)
from armata_rules.wladcy_nocy.city import CELLS, NAMES, STATION_TILE
from armata_rules.wladcy_nocy.components import MINION_TOKENS
from armata_rules.wladcy_nocy.context import WNContext

__all__ = ["action_space"]

#: The decisions closed by a pass.
PASSES = ("turn", "window")
#: The simple night actions, in numbering order.
SIMPLE = (Expose, Fight, Recruit, ActivateDistrict, UseBlood, Hunt, WildHunt, UseDark, Seal, BeginRitual)


def _blocks(ctx: WNContext) -> dict[str, list[Action]]:
    """The chance outcomes, then each seat's actions."""
    relics = sorted(ctx.relics)
    tiles = sorted(tile for tile in ctx.districts if tile != STATION_TILE)
    chance: list[Action] = [ChanceOutcome("tile", f"{tile}@{cell}") for tile in tiles for cell in CELLS[1:]]
    chance += [ChanceOutcome("die", str(face)) for face in FACES]
    chance += [ChanceOutcome("event", card) for card in sorted(ctx.events)]
    chance += [ChanceOutcome("relic", relic) for relic in relics]
    blocks = {"chance": chance}
    options = [*NAMES, *ctx.vampires, *relics, "blood", "dark"]
    options += [f"seal:{name}" for name in ctx.vampires] + [f"relic:{relic}" for relic in relics]
    for seat in range(ctx.seats):
        found: list[Action] = blocks.setdefault(f"seat {seat}", [])
        found += [Pass(seat, what) for what in PASSES]
        found += [Choose(seat, option) for option in options]
        found += [Move(seat, to, n) for to in CELLS for n in range(MINION_TOKENS + 1)]
        found += [cls(seat) for cls in SIMPLE]
        for other in range(ctx.seats):
            if other == seat:
                continue
            found += [
                TradeRelic(seat, other, give, take) for give in ("", *relics) for take in ("", *relics) if give or take
            ]
        found += [UseRelic(seat, relic) for relic in relics]
        found += [TakeDie(seat, face) for face in FACES]
        found += [Sacrifice(seat, n) for n in range(MINION_TOKENS + 1)]
    return blocks


def action_space(ctx: WNContext) -> ActionNumbering:
    """The numbering of every action a game of ``ctx`` could list: the chance outcomes (block ``chance``), then each
    seat's actions (blocks ``seat 0``, ``seat 1``, ...)."""
    return ActionNumbering(_blocks(ctx))
