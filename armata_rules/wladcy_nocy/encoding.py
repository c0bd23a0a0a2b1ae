"""A fixed numbering of every action a game of *Władcy Nocy* could list, for learning agents that pick by number.

The numbering depends on the context only (its vampires, content and seats): the chance outcomes (tiles on cells,
die faces, event cards, relics), then each seat's actions with every value their fields can take (a cell, a count of
minions, a relic, a die face, an option by name). It numbers more actions than a game ever lists at once; it never
misses one it lists (the conformance suite checks).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armata_rules.kernel.equipment.dice import FACES
from armata_rules.kernel.play.actions import Action, ChanceOutcome, Choose, Pass
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

__all__ = ["ActionSpace", "action_space"]

#: The decisions closed by a pass.
PASSES = ("turn", "window")
#: The simple night actions, in numbering order.
SIMPLE = (Expose, Fight, Recruit, ActivateDistrict, UseBlood, Hunt, WildHunt, UseDark, Seal, BeginRitual)


def _all_actions(ctx: WNContext) -> list[Action]:
    relics = sorted(ctx.relics)
    found: list[Action] = []
    tiles = sorted(tile for tile in ctx.districts if tile != STATION_TILE)
    found += [ChanceOutcome("tile", f"{tile}@{cell}") for tile in tiles for cell in CELLS[1:]]
    found += [ChanceOutcome("die", str(face)) for face in FACES]
    found += [ChanceOutcome("event", card) for card in sorted(ctx.events)]
    found += [ChanceOutcome("relic", relic) for relic in relics]
    options = [*NAMES, *ctx.vampires, *relics, "blood", "dark"]
    options += [f"seal:{name}" for name in ctx.vampires] + [f"relic:{relic}" for relic in relics]
    for seat in range(ctx.seats):
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
    return found


@dataclass(frozen=True)
class ActionSpace:
    """The numbering of the actions of a game of ``ctx``: :meth:`action_to_index` and :meth:`index_to_action` are
    inverse over ``range(num_distinct_actions)``."""

    ctx: WNContext
    actions: tuple[Action, ...] = field(init=False)
    index: dict[Action, int] = field(init=False)

    def __post_init__(self) -> None:
        actions = tuple(_all_actions(self.ctx))
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "index", {action: i for i, action in enumerate(actions)})

    @property
    def num_distinct_actions(self) -> int:
        """How many actions are numbered."""
        return len(self.actions)

    def action_to_index(self, action: Action) -> int:
        """The number of ``action``; ``KeyError`` for one outside the numbering."""
        found = self.index.get(action)
        if found is None:
            raise KeyError(f"{action} is not an action of this game")
        return found

    def index_to_action(self, index: int) -> Action:
        """The action numbered ``index``; ``IndexError`` outside the numbering."""
        if not 0 <= index < len(self.actions):
            raise IndexError(f"action index {index} is outside 0..{len(self.actions) - 1}")
        return self.actions[index]


def action_space(ctx: WNContext) -> ActionSpace:
    """The numbering of every action a game of ``ctx`` could list."""
    return ActionSpace(ctx)
