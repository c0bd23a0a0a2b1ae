"""The invariants a *Władcy Nocy* state read from a file must keep (the definition's ``check_state`` hook): the
vampires of the game in its order, counts within their bounds, every token conserved, every relic in one place, the
dice of the game, and decisions of seats at the table. A state that breaks one is refused with
``StateFileError`` (``SOURCE: KEY: PROBLEM``), nothing being trusted.
"""

from __future__ import annotations

from armata_rules.kernel.play.state import StateFileError
from armata_rules.wladcy_nocy.components import BLOOD_START, DICE_PER_VAMPIRE, EXTRA_BLOOD
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.effects import VEIL_TOP
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["check_state", "problems"]


def _conserved(ctx: WNContext, what: str, held: int, total: int) -> str | None:
    """``held`` tokens of a kind must be ``total`` (removed ones back to their pool) or at most that (into the box)."""
    if ctx.ruleset.removed_tokens == "to_pool" and held != total:
        return f"{held} {what} in play, but the game has {total} (removed_tokens = to_pool)"
    if held > total:
        return f"{held} {what} in play, more than the game's {total}"
    return None


def problems(ctx: WNContext, state: WNState) -> list[tuple[str, str]]:
    """Every broken invariant of ``state`` as (key, problem), in a stable order."""
    found: list[tuple[str, str]] = []
    names = tuple(v.name for v in state.vampires)
    if names != ctx.vampires:
        return [("vampires", f"the game's vampires are {list(ctx.vampires)}, not {list(names)}")]
    if len(state.districts) != 9:
        return [("districts", f"the city has 9 districts, not {len(state.districts)}")]
    if not 0 <= state.veil <= VEIL_TOP:
        found.append(("veil", f"{state.veil} is off the track 0..{VEIL_TOP}"))
    if not 0 <= state.leader < ctx.seats:
        found.append(("leader", f"seat {state.leader} is not at the table"))
    for seat, vampire in enumerate(state.vampires):
        key = f"vampires[{seat}]"
        if not 0 <= vampire.cell < 9:
            found.append((f"{key}.cell", f"{vampire.cell} is no cell of the city"))
        if not 0 <= vampire.blood <= 6:
            found.append((f"{key}.blood", f"{vampire.blood} blood tokens; a vampire holds 0 to 6"))
        if not 0 <= vampire.victims <= ctx.track_tops[seat]:
            found.append((f"{key}.victims", f"{vampire.victims} is off the victim track 0..{ctx.track_tops[seat]}"))
        if vampire.ap < 0:
            found.append((f"{key}.ap", f"{vampire.ap} action points"))
        unknown = [r for r in vampire.relics if r not in ctx.relics]
        if unknown or list(vampire.relics) != sorted(vampire.relics) or len(vampire.relics) > 3:
            found.append((f"{key}.relics", f"{list(vampire.relics)}: sorted relics of the game, at most 3"))
        if vampire.seal >= 0 and not (vampire.seal < 9 and state.districts[vampire.seal].seal == vampire.name):
            found.append((f"{key}.seal", f"cell {vampire.seal} holds no seal of {vampire.name}"))
    for cell, district in enumerate(state.districts):
        key = f"districts[{cell}]"
        if min(district.hidden, district.revealed, district.minions) < 0:
            found.append((key, "a negative count of tokens"))
        if district.seal and (
            district.seal not in ctx.vampires or state.vampires[ctx.vampires.index(district.seal)].seal != cell
        ):
            found.append((f"{key}.seal", f"{district.seal!r} placed no seal here"))
    agents = state.agent_pool + sum(d.agents for d in state.districts)
    minions = state.minion_supply + sum(d.minions for d in state.districts)
    blood = state.blood_supply + sum(v.blood for v in state.vampires)
    for key, what, held, total in (
        ("agent_pool", "agents", agents, ctx.pool_size),
        ("minion_supply", "minions", minions, ctx.station_minions + ctx.supply_minions),
        ("blood_supply", "blood tokens", blood, BLOOD_START * ctx.seats + EXTRA_BLOOD),
    ):
        problem = _conserved(ctx, what, held, total)
        if problem:
            found.append((key, problem))
    relics = [*state.relic_deck, *state.relic_discard, *(r for v in state.vampires for r in v.relics)]
    relics += [p.relic for p in state.placed_relics] + ([state.drawn_relic] if state.drawn_relic else [])
    if sorted(relics) != sorted(ctx.relics):
        found.append(("relic_deck", "every relic of the game must be in exactly one place"))
    if state.dice.dice != DICE_PER_VAMPIRE * ctx.seats:
        found.append(("dice", f"{state.dice.dice} dice; the game uses {DICE_PER_VAMPIRE * ctx.seats}"))
    tiles = {tile for _, tile in state.layout.placed} | set(state.layout.unplaced)
    if tiles != set(ctx.districts):
        found.append(("layout", "the city's tiles are not the game's districts"))
    decks = {label: set(cards) for label, cards in ctx.decks}
    for index, segment in enumerate(state.events.segments):
        if segment.label not in decks or not set(segment.candidates) <= decks[segment.label]:
            found.append((f"events.segments[{index}]", f"act {segment.label!r} holds cards of no such act"))
    for index, frame in enumerate(state.frames):
        seat = getattr(frame, "seat", 0)
        if not isinstance(seat, int) or not 0 <= seat < ctx.seats:
            found.append((f"frames[{index}].seat", f"seat {seat} is not at the table"))
    return found


def check_state(ctx: WNContext, state: WNState, source: str) -> None:
    """Refuse ``state`` (``StateFileError`` naming the first broken invariant) if it breaks one of the game's."""
    found = problems(ctx, state)
    if found:
        key, problem = found[0]
        raise StateFileError(source, key, problem)
