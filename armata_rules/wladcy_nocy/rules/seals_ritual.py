"""Terror seals and the Blood Moon ritual (wn.pl:405-437): from 9 victims a vampire may seal its district and, once
every seal is placed and the Family is gathered in a district with no agents and enough minions, begin the ritual,
which wins the game.
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.flow import log
from armata_rules.kernel.play.handlers import Refusal
from armata_rules.wladcy_nocy import board, effects
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.city import cell_name
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["RITUAL", "SEAL", "ritual", "ritual_refusal", "seal", "seal_refusal"]

SEAL: Final = RULES.rule(
    "seals.seal",
    "Sealing a district",
    ("wn.pl:70", "wn.pl:314", "wn.pl:409", "wn.pl:411", "wn.pl:413", "wn.pl:415", "wn.pl:417"),
    "From 9 victims, for 1 action point and a minion of the district, the active vampire places its one terror seal "
    "in its district, if a minion is there and no agent and no other seal; a sealed district always counts as "
    "holding more minions than agents and keeps its own effect; the seal adds a passive effect.",
    readings=("hidden_agents_count", "passive_effect_timing"),
)
RITUAL: Final = RULES.rule(
    "seals.ritual",
    "The Blood Moon ritual",
    ("wn.pl:315", "wn.pl:423", "wn.pl:425", "wn.pl:431", "wn.pl:433", "wn.pl:434", "wn.pl:435", "wn.pl:437"),
    "From 9 victims, for 1 action point, the active vampire begins the ritual if every seal is placed and every "
    "vampire stands in its district, where there is no agent and at least as many minions as vampires; the players "
    "then win.",
    readings=("hidden_agents_count", "ritual_success"),
)


def seal_refusal(ctx: WNContext, state: WNState, seat: int) -> Refusal | None:
    """Why the active vampire ``seat`` may not seal its district now, or ``None``."""
    vampire = state.vampires[seat]
    district = state.districts[vampire.cell]
    allowed = effects.seal_allowed(
        vampire.victims,
        ctx.unlock(seat, "seal"),
        district.minions,
        board.counted_agents(ctx, district),
        bool(district.seal),
        vampire.seal < 0,
    )
    if allowed:
        return None
    if vampire.seal >= 0:
        return Refusal(SEAL, f"{vampire.name} has placed its one seal already")
    if not board.unlocked(ctx, state, seat, "seal"):
        return Refusal(SEAL, f"{vampire.name} seals from {ctx.unlock(seat, 'seal')} victims")
    if district.seal:
        return Refusal(SEAL, f"the district holds {district.seal}'s seal already")
    if district.minions < 1:
        return Refusal(SEAL, "sealing needs a minion in the district")
    return Refusal(SEAL, "sealing needs a district without agents")


def seal(ctx: WNContext, state: WNState, seat: int) -> WNState:
    """The active vampire seals its district: a minion removed, its seal placed (wn.pl:411)."""
    vampire = state.vampires[seat]
    state = board.take_minions(ctx, state, vampire.cell, 1)
    state = board.with_district(state, vampire.cell, replace(state.districts[vampire.cell], seal=vampire.name))
    state = board.with_vampire(state, seat, replace(state.vampires[seat], seal=vampire.cell))
    return log(state, f"{vampire.name} seals the {cell_name(vampire.cell)} district ({state.tile_at(vampire.cell)})")


def ritual_refusal(ctx: WNContext, state: WNState, seat: int) -> Refusal | None:
    """Why the active vampire ``seat`` may not begin the ritual now, or ``None``."""
    vampire = state.vampires[seat]
    district = state.districts[vampire.cell]
    seals_left = sum(1 for v in state.vampires if v.seal < 0)
    elsewhere = sum(1 for v in state.vampires if v.cell != vampire.cell)
    agents = board.counted_agents(ctx, district)
    level = ctx.unlock(seat, "ritual")
    if effects.ritual_allowed(vampire.victims, level, seals_left, elsewhere, agents, district.minions, ctx.seats):
        return None
    if not board.unlocked(ctx, state, seat, "ritual"):
        return Refusal(RITUAL, f"{vampire.name} begins the ritual from {ctx.unlock(seat, 'ritual')} victims")
    if seals_left:
        return Refusal(RITUAL, f"every seal must be placed first ({seals_left} are not)")
    if elsewhere:
        return Refusal(RITUAL, f"every vampire must be in this district ({elsewhere} are not)")
    if agents:
        return Refusal(RITUAL, "the ritual's district must hold no agents")
    return Refusal(RITUAL, f"the ritual needs at least {ctx.seats} minions here, one per vampire")


def ritual(ctx: WNContext, state: WNState, seat: int) -> WNState:
    """The ritual is performed: the game ends in the players' victory (wn.pl:425, wn.pl:443)."""
    return log(state, f"{ctx.vampires[seat]} begins the Blood Moon ritual", ritual=True)
