"""The range of each number of a seat's numeric view of *Władcy Nocy* (:class:`~armata_rules.wladcy_nocy.observation.
ObservationCodec`), for learning frameworks that bound their observation spaces: the definition's
``observation_bounds`` hook.

Each bound comes from the rules, the components or the content of the game, never from play: the tokens the box holds
(wn.pl:13-32), the veil's track (wn.pl:161), the blood maximum (wn.pl:54), the deck of 3k cards that is the game's
timer (wn.pl:167-173, wn.pl:445). Two numbers have no bound the game can give: a vampire's action points, which the
content's effects may raise without limit, and the veil an event card's content may cost when it is a Python hook;
they are unbounded (``inf``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from armata_rules.kernel.equipment.dice import FACES
from armata_rules.kernel.play.game import ObservationBounds
from armata_rules.wladcy_nocy.city import CELLS
from armata_rules.wladcy_nocy.components import AGENT_TOKENS, BLOOD_START, DICE_PER_VAMPIRE, EXTRA_BLOOD, MINION_TOKENS
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.effects import BLOOD_MAX, VEIL_TOP
from armata_rules.wladcy_nocy.observation import FIGHT_DICE, HELD, PHASES

__all__ = ["observation_bounds", "pending_veil_bound"]

#: No bound.
INF: Final = float("inf")
#: A die's highest face; 0 fills a slot of the view that holds no die.
DIE_TOP: Final = max(FACES)


def _cells(selector: object) -> int:
    """How many districts a district selector may pick: one, or every one (``each``, an event card's plan)."""
    if isinstance(selector, Mapping) and "each" in selector:
        return len(CELLS)
    return len(CELLS) if selector == "event_place" else 1


def _op_cost(op: Mapping[str, Any]) -> float:
    """The most veil one op of an event card may leave pending (wn.pl:243-247): 1 for each agent it adds or moves
    (a landing beside a minion or a ready vampire, or an agent the empty pool cannot supply) or minion it replaces,
    and the weakening it states."""
    word = op["op"]
    count = int(op.get("n", 0))
    if word in ("add_agents", "replace_minions"):
        return float(count * _cells(op.get("where")))
    if word == "move_agents":
        return float(count * len(CELLS))
    if word == "veil":
        return float(max(0, -int(op["delta"])))
    return 0.0


def pending_veil_bound(ctx: WNContext) -> float:
    """The most veil an event card may leave pending until it is resolved (wn.pl:247): its city plan's agents by the
    larger band of the veil track (wn.pl:225-233), then its text's; unbounded if a card's text is a Python hook."""
    most = 0.0
    for info in ctx.events.values():
        if info.source in ctx.hooks:
            return INF
        plan = max(
            band.red * len(info.red) + (sum(band.blue) if len(info.blue) == 2 else 0) for band in ctx.bands.values()
        )
        most = max(most, plan + sum(_op_cost(op) for op in ctx.ops(info.source)))
    return most


def observation_bounds(ctx: WNContext) -> ObservationBounds:
    """The least and the greatest value of each number of a view of ``ctx``'s game, in the codec's order."""
    n = ctx.seats
    dice = DICE_PER_VAMPIRE * n
    relics = len(ctx.relics)
    blood_top = max(BLOOD_MAX, *(info.blood_max for info in ctx.relics.values()))
    pairs: list[tuple[float, float]] = [
        (0, n - 1),  # seat
        (1, 3 * ctx.k + 1),  # round: the deck's 3k cards, then the reveal that loses (wn.pl:173, wn.pl:445)
        (0, len(PHASES) - 1),  # phase
        (0, VEIL_TOP),  # veil (wn.pl:161)
        (0, pending_veil_bound(ctx)),  # veil pending from the event card (wn.pl:247)
        (0, n - 1),  # leader
        (0, min(ctx.pool_size, AGENT_TOKENS)),  # agent pool (wn.pl:163)
        (0, MINION_TOKENS),  # minion supply (wn.pl:32)
        (0, BLOOD_START * n + EXTRA_BLOOD),  # blood supply (wn.pl:153, wn.pl:165)
        *[(0, ctx.k)] * len(ctx.decks),  # cards left in each act (wn.pl:167-171)
        (0, relics),  # relic deck
        *[(0, DIE_TOP)] * dice,  # the pool's values, then 0s
        (0, dice),  # dice set aside (wn.pl:191)
        *[(-1, len(ctx.districts) - 1)] * len(CELLS),  # each cell's tile
    ]
    district = [
        (0, ctx.pool_size),  # hidden agents
        (0, ctx.pool_size),  # revealed agents
        (0, MINION_TOKENS),  # minions
        (-1, n - 1),  # the seal's seat
        (0, relics),  # relics placed (wn.pl:566)
        (0, len(ctx.events)),  # event cards placed (wn.pl:614-618)
    ]
    pairs += district * len(CELLS)
    vampire = [
        (0, len(CELLS) - 1),  # cell
        (0, blood_top),  # blood (wn.pl:54, wn.pl:375)
        (0, max(ctx.track_tops)),  # victims (reading victim_track_cap)
        (0, INF),  # action points: 2 a night (wn.pl:271), which effects may raise without limit
        (-1, len(CELLS) - 1),  # the seal's cell
        *[(-1, relics - 1)] * HELD,  # relics held, as indices
    ]
    pairs += vampire * n
    pairs += [
        (-1, n - 1),  # the fighter
        (-1, len(CELLS) - 1),  # the fight's cell
        (0, 1),  # by day
        (0, MINION_TOKENS),  # minions sacrificed (wn.pl:469)
        (-1, ctx.pool_size),  # dice needed, -1 until counted (wn.pl:471)
        *[(0, DIE_TOP)] * FIGHT_DICE,  # dice chosen, then 0s
    ]
    return [float(low) for low, _ in pairs], [float(high) for _, high in pairs]
