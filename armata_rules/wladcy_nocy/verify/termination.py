"""Every game of *Władcy Nocy* ends, and so does every night turn: ranking functions checked by Z3 over the kernels
the engine runs.

**The game.** The event deck is the timer (wn.pl:167-173, wn.pl:445): each round reveals one card, and revealing from
an empty deck loses. The *game variant* is the lexicographic tuple (cards left in the deck, stage, day effects left,
day fights left, night turns left), the stage ordering a round's parts so that each macro step lowers the tuple:
the day before its card (0), the day after it (2), the night (1); the reveal lowers the cards left, which outranks the
stage. Cards left are counted by the deck kernel (:func:`~armata_rules.kernel.equipment.decks.draw_counts`). A day
fight lowers the fights left because each district fights once a day (reading ``day_fight_repeat``); under
``while_triggered`` a fight whose dice all show 1 or 2 removes nobody and is due again, the expected counterexample.
So a game lasts at most 3k rounds.

**A night turn.** Every decision of a turn lowers the *turn variant*, the lexicographic tuple (relic deck, relic
trades left, relic uses left, action points, veil, the active vampire's blood): an action paid in action points
lowers them (:func:`~armata_rules.wladcy_nocy.effects.ap_spend`), the Dark ability the veil
(:func:`~armata_rules.wladcy_nocy.effects.veil_step`), the Blood ability blood
(:func:`~armata_rules.wladcy_nocy.effects.blood_payment`), a relic use the round's uses (reading
``relic_use_limit``), a trade the trades left (reading ``relic_trade_bound``). Without the bound a trade lowers
nothing: the expected counterexample is a 0-AP trade loop. The rule-level proof takes content effects as neutral;
:func:`check_content` then runs every effect a turn can repeat (night districts, abilities, relics) through the same
obligation, op by op, and flags any that give back what they cost (a night effect that returns its action points, a
Blood ability that costs nothing: its cost is only "usually" blood, wn.pl:365) instead of hanging on it; hooks are
listed as not proved.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import z3

from armata_rules.kernel.equipment.decks import draw_counts
from armata_rules.kernel.verify.ranking import find_rise, read, values
from armata_rules.wladcy_nocy import effects
from armata_rules.wladcy_nocy.content.schema import Content, EffectSlot
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.verify.models import CELLS, Params

__all__ = [
    "GAME_CONTROLS",
    "TERMINATION_READINGS",
    "TURN_CONTROLS",
    "TerminationKernels",
    "TerminationResult",
    "TurnStep",
    "check_content",
    "check_termination_readings",
    "prove_game",
    "prove_termination",
    "prove_turn",
    "turn_steps",
]

Expr = Any
Tuple = tuple[Expr, ...]


@dataclass(frozen=True)
class TerminationKernels:
    """The kernels the termination proofs are built from: the engine's by default; a control swaps one."""

    draw_counts: Callable[..., tuple[Expr, ...]] = draw_counts
    ap_spend: Callable[..., tuple[Expr, Expr]] = effects.ap_spend
    ap_change: Callable[..., Expr] = effects.ap_change
    veil_step: Callable[..., Expr] = effects.veil_step
    blood_payment: Callable[..., tuple[Expr, Expr]] = effects.blood_payment
    blood_gain: Callable[..., tuple[Expr, Expr, Expr]] = effects.blood_gain
    die_removes: Callable[..., Expr] = effects.die_removes


@dataclass(frozen=True, slots=True)
class TerminationResult:
    """One obligation: ``variant`` (``game``, ``turn`` or ``content``) falls, staying >= 0, over ``transition`` in
    ``setting``; or a counterexample. ``bound`` is what the proof bounds (rounds of a game), 0 if nothing."""

    variant: str
    transition: str
    setting: str
    status: str
    seconds: float
    bound: int = 0
    counterexample: dict[str, str] = field(default_factory=dict)


def _check(
    variant: str,
    name: str,
    setting: str,
    before: Tuple,
    after: Tuple,
    hypothesis: Expr,
    shown: Mapping[str, Expr],
    bound: int = 0,
) -> TerminationResult:
    start = time.perf_counter()
    found = find_rise([hypothesis], before, after)
    cex: dict[str, str] = {}
    if found is not None:
        cex = read(found, shown)
        cex["after"] = values(found, after)
    status = "counterexample" if cex else "proved"
    return TerminationResult(variant, name, setting, status, time.perf_counter() - start, bound, cex)


# ------------------------------------------------------------------------------------------------ the game
def prove_game(p: Params, kernels: TerminationKernels | None = None) -> list[TerminationResult]:
    """The game variant falls with every macro step of a round, for ``p``'s number of vampires and difficulty; it
    bounds a game at 3k rounds."""
    k = kernels or TerminationKernels()
    acts = list(z3.Ints("act1 act2 act3"))
    stage, items, fights, turns = z3.Ints("stage items fights turns")
    fresh_items, fresh_fights = z3.Ints("items_after fights_after")
    dice = list(z3.Ints("die1 die2 die3"))
    agents = z3.Int("agents")
    before = (z3.Sum(acts), stage, items, fights, turns)
    domain = z3.And(
        *(z3.And(a >= 0, a <= p.cards_per_deck) for a in acts),
        z3.Or(stage == 0, stage == 1, stage == 2),
        items >= 0,
        fights >= 0,
        fights <= CELLS,
        turns >= 0,
        turns <= p.seats,
    )
    once = p.ruleset.day_fight_repeat == "once_per_district"

    def fought() -> tuple[Tuple, Expr]:
        removed = z3.Sum([z3.If(k.die_removes(d), 1, 0) for d in dice])
        due_again = z3.BoolVal(False) if once else agents - removed >= 3
        guard = z3.And(stage == 2, fights >= 1, agents >= 3, *(z3.And(d >= 1, d <= 6) for d in dice))
        return (z3.Sum(acts), stage, items, z3.If(due_again, fights, fights - 1), turns), guard

    revealed = k.draw_counts(acts, z3.If)
    steps: list[tuple[str, Tuple, Expr]] = [
        ("a day effect is resolved", (z3.Sum(acts), stage, items - 1, fights, turns), z3.And(stage == 0, items >= 1)),
        (
            "the event card is revealed",
            (z3.Sum(list(revealed)), z3.IntVal(2), fresh_items, fresh_fights, turns),
            z3.And(stage == 0, z3.Sum(acts) >= 1, fresh_items >= 0, fresh_fights >= 0, fresh_fights <= CELLS),
        ),
        ("a day fight is fought", *fought()),
        (
            "an ability takes the top event card only to mark a place",
            (z3.Sum(list(revealed)), stage, fresh_items, fresh_fights, turns),
            z3.And(z3.Sum(acts) >= 1, fresh_items >= 0, fresh_fights >= 0, fresh_fights <= CELLS),
        ),
        (
            "night falls",
            (z3.Sum(acts), z3.IntVal(1), items, fights, z3.IntVal(p.seats)),
            z3.And(stage == 2, fights == 0),
        ),
        ("a night turn ends", (z3.Sum(acts), stage, items, fights, turns - 1), z3.And(stage == 1, turns >= 1)),
        (
            "the night ends; the next day begins",
            (z3.Sum(acts), z3.IntVal(0), fresh_items, fights, turns),
            z3.And(stage == 1, turns == 0, fresh_items >= 0),
        ),
    ]
    shown = {"cards left": z3.Sum(acts), "stage": stage, "day effects": items, "fights": fights, "turns": turns}
    bound = p.decks * p.cards_per_deck
    return [
        _check("game", name, p.setting, before, after, z3.And(domain, guard), shown, bound)
        for name, after, guard in steps
    ]


# ------------------------------------------------------------------------------------------------ a night turn
#: The turn variant's components, most significant first.
COMPONENTS: Final = ("relic deck", "trades left", "relic uses left", "action points", "veil", "blood")


@dataclass(frozen=True, slots=True)
class TurnStep:
    """A decision of a night turn: ``change`` maps the components before to those after; ``guard`` says when the
    rules allow it."""

    name: str
    rule: str
    change: Callable[[Tuple], Tuple]
    guard: Callable[[Tuple], Expr] = lambda c: z3.BoolVal(True)


def _fresh(name: str) -> Expr:
    return z3.Int(name)


def turn_steps(p: Params, kernels: TerminationKernels | None = None) -> tuple[TurnStep, ...]:
    """Every kind of decision in a night turn, as changes of the turn variant, under ``p``'s readings."""
    k = kernels or TerminationKernels()
    bounded_trades = p.ruleset.relic_trade_bound == "once_per_pair_per_turn"
    limited_uses = p.ruleset.relic_use_limit == "once_per_round"
    cost = z3.Int("cost")

    def paid(c: Tuple) -> Tuple:
        relic_deck, trades, uses, ap, _, _ = c
        left, _ = k.ap_spend(ap, cost, z3.If)
        return relic_deck, trades, uses, left, _fresh("veil_after"), _fresh("blood_after")

    def blood_ability(c: Tuple) -> Tuple:
        relic_deck, trades, uses, ap, veil, blood = c
        left, _ = k.blood_payment(blood, cost, z3.If)
        return relic_deck, trades, uses, ap, veil, left

    def dark_ability(c: Tuple) -> Tuple:
        relic_deck, trades, uses, ap, veil, blood = c
        return relic_deck, trades, uses, ap, k.veil_step(veil, -cost, z3.If), blood

    def trade(c: Tuple) -> Tuple:
        relic_deck, trades, _, ap, veil, blood = c
        return relic_deck, trades - 1 if bounded_trades else trades, _fresh("uses_after"), ap, veil, blood

    def relic_use(c: Tuple) -> Tuple:
        relic_deck, trades, uses, _, _, _ = c
        drawn = z3.Int("drawn")
        after_uses = uses - 1 if limited_uses else uses
        return relic_deck - drawn, trades, after_uses, _fresh("ap_after"), _fresh("veil_after"), _fresh("blood_after")

    def costs(low: int, high: int) -> Callable[[Tuple], Expr]:
        return lambda c: z3.And(cost >= low, cost <= high, c[3] >= cost)

    return (
        TurnStep(
            "an action paid in action points (move, expose, fight, recruit, a night effect, hunt, the Wild Hunt, seal, "
            "the ritual)",
            "night.turn",
            paid,
            costs(1, 2),
        ),
        TurnStep(
            "the Blood ability, paid in blood",
            "night.blood",
            blood_ability,
            lambda c: z3.And(cost >= 1, c[5] >= cost),
        ),
        TurnStep("the Dark ability, paid in veil", "night.dark", dark_ability, lambda c: z3.And(cost >= 1, c[4] >= 1)),
        TurnStep(
            "a relic trade (no action point)",
            "relics.trade",
            trade,
            lambda c: c[1] >= 1 if bounded_trades else z3.BoolVal(True),
        ),
        TurnStep(
            "a relic is used (it may give action points, blood, veil or a relic)",
            "relics.use",
            relic_use,
            lambda c: z3.And(c[2] >= 1, z3.Or(z3.Int("drawn") == 0, z3.And(z3.Int("drawn") == 1, c[0] >= 1))),
        ),
    )


def _components(prefix: str = "") -> Tuple:
    return tuple(z3.Int(f"{prefix}{name}") for name in COMPONENTS)


def _turn_domain(c: Tuple, p: Params) -> Expr:
    relic_deck, trades, uses, ap, veil, blood = c
    return z3.And(
        relic_deck >= 0,
        relic_deck <= p.relic_cards,
        trades >= 0,
        trades <= p.seats - 1,
        uses >= 0,
        ap >= 0,
        veil >= 1,
        veil <= effects.VEIL_TOP,
        blood >= 0,
        blood <= p.immaculate_max,
    )


def _fresh_domain(p: Params) -> Expr:
    """What the values a step leaves open may be: the components' own ranges."""
    veil, blood = _fresh("veil_after"), _fresh("blood_after")
    return z3.And(
        veil >= 0,
        veil <= effects.VEIL_TOP,
        blood >= 0,
        blood <= p.immaculate_max,
        _fresh("uses_after") >= 0,
        _fresh("ap_after") >= 0,
        z3.Or(z3.Int("drawn") == 0, z3.Int("drawn") == 1),
    )


def prove_turn(p: Params, kernels: TerminationKernels | None = None) -> list[TerminationResult]:
    """The turn variant falls with every decision of a night turn (content effects neutral)."""
    before = _components()
    shown = dict(zip(COMPONENTS, before, strict=True))
    results = []
    for step in turn_steps(p, kernels):
        after = step.change(before)
        hypothesis = z3.And(_turn_domain(before, p), step.guard(before), _fresh_domain(p))
        results.append(_check("turn", step.name, str(p.seats), before, after, hypothesis, shown))
    return results


def prove_termination(params: Sequence[Params]) -> list[TerminationResult]:
    """The game variant for every setting, the turn variant for every number of vampires among them."""
    results = [r for p in params for r in prove_game(p)]
    seen: set[int] = set()
    for p in params:
        if p.seats not in seen:
            seen.add(p.seats)
            results += prove_turn(p)
    return results


# ------------------------------------------------------------------------------------------------ content
def _ops_changes(ops: Sequence[Mapping[str, Any]], c: Tuple, k: TerminationKernels) -> tuple[Tuple, Expr]:
    """The components after ``ops`` run for the active vampire, and what the values they leave open may be: action
    points (``ap``), the veil (``veil``), its blood (``blood``, from a supply of any size), a relic drawn
    (``draw_relic``: one fewer in the deck, the uses left then anything); the other ops change none of them."""
    relic_deck, trades, uses, ap, veil, blood = c
    open_values = []
    for index, op in enumerate(ops):
        word = op["op"]
        mine = op.get("target") in ("active", "holder", "leader_choice")
        if word == "ap" and mine:
            ap = k.ap_change(ap, z3.IntVal(int(op["delta"])), z3.If)
        elif word == "veil":
            veil = k.veil_step(veil, z3.IntVal(int(op["delta"])), z3.If)
        elif word == "blood" and mine:
            delta = int(op["delta"])
            if delta > 0:
                supply = z3.Int(f"supply_{index}")
                open_values.append(supply >= 0)
                _, blood, _ = k.blood_gain(supply, blood, z3.IntVal(delta), z3.IntVal(6), z3.If)
            else:
                blood, _ = k.blood_payment(blood, z3.IntVal(-delta), z3.If)
        elif word == "draw_relic":
            relic_deck = z3.If(relic_deck >= 1, relic_deck - 1, relic_deck)
            uses = z3.Int(f"uses_{index}")
            open_values.append(uses >= 0)
    return (relic_deck, trades, uses, ap, veil, blood), z3.And(*open_values)


@dataclass(frozen=True, slots=True)
class _Item:
    key: str
    source: str
    slot: EffectSlot | None
    start: Callable[[Tuple], Tuple]
    guard: Callable[[Tuple], Expr]
    known: bool = True


def _items(content: Content, p: Params, k: TerminationKernels) -> list[_Item]:
    """What a night turn can repeat: night districts (paid in action points; a district of unknown kind is listed
    too), Blood and Dark abilities, relics that are used (a use counted for the round)."""
    found = []
    for tile, district in sorted(content.districts.items()):
        kind = district.kind.value if district.kind is not None else None
        if kind == "day":
            continue
        cost = district.cost.value if district.cost is not None else None

        def spend(c: Tuple, cost: int | None = cost) -> Tuple:
            left, _ = k.ap_spend(c[3], z3.IntVal(cost or 0), z3.If)
            return c[0], c[1], c[2], left, c[4], c[5]

        def affordable(c: Tuple, cost: int | None = cost) -> Expr:
            return c[3] >= (cost or 0)

        known = kind == "night" and cost is not None
        found.append(_Item(f"districts.{tile}.effect", f"district:{tile}", district.effect, spend, affordable, known))
    for name, vampire in sorted(content.vampires.items()):
        for which in ("blood", "dark"):
            ability = getattr(vampire, which)
            if ability is None:
                continue
            found.append(
                _Item(
                    f"vampires.{name}.{which}.effect",
                    f"{which}:{name}",
                    ability.effect,
                    lambda c: c,
                    lambda c: c[4] >= 1,
                )
            )
    limited = p.ruleset.relic_use_limit == "once_per_round"
    for relic_id, relic in sorted(content.relics.items()):
        placed = relic.placed.value if relic.placed is not None else None
        printed_limit = relic.per_round.value if relic.per_round is not None else None
        if placed:
            continue

        def use(c: Tuple, counted: bool = limited or bool(printed_limit)) -> Tuple:
            return c[0], c[1], c[2] - 1 if counted else c[2], c[3], c[4], c[5]

        found.append(_Item(f"relics.{relic_id}.effect", f"relic:{relic_id}", relic.effect, use, lambda c: c[2] >= 1))
    return found


_STANDING: Final = frozenset({"blood_max", "redirect_agents"})


def check_content(content: Content, p: Params, kernels: TerminationKernels | None = None) -> list[TerminationResult]:
    """Each effect of ``content`` a night turn can repeat, with its cost, through the turn variant: ``proved``, a
    ``counterexample`` (the effect gives back what it costs: a turn could repeat it for ever), ``hook`` (Python, not
    proved) or ``unknown`` (the content does not say). Relics whose ops only stand (Nieskazitelna krew) are never
    used, so never repeated."""
    k = kernels or TerminationKernels()
    before = _components()
    shown = dict(zip(COMPONENTS, before, strict=True))
    results = []
    for item in _items(content, p, k):
        slot = item.slot
        if slot is None or not slot.known:
            results.append(TerminationResult("content", item.key, content.id, "unknown", 0.0))
            continue
        if slot.hook is not None:
            results.append(TerminationResult("content", item.key, content.id, "hook", 0.0))
            continue
        if not item.known:  # a district whose kind or cost the content does not say
            results.append(TerminationResult("content", item.key, content.id, "unknown", 0.0))
            continue
        ops = [op.model_dump() for op in slot.ops or []]
        if item.source.startswith("relic:") and {str(op["op"]) for op in ops} <= _STANDING:
            continue
        after, open_values = _ops_changes(ops, item.start(before), k)
        cost_guard = z3.And(
            *(
                before[5] >= -int(op["delta"])
                for op in ops
                if op["op"] == "blood" and op.get("target") == "active" and int(op["delta"]) < 0
            )
        )
        hypothesis = z3.And(_turn_domain(before, p), item.guard(before), cost_guard, open_values)
        results.append(_check("content", item.key, content.id, before, after, hypothesis, shown))
    return results


# ------------------------------------------------------------------------------------------------ controls
def _free_actions(ap: Expr, cost: Expr, ite: Any = None) -> tuple[Expr, Expr]:
    """Broken: an action's points are never paid."""
    return ap, z3.BoolVal(True)


def _deck_never_shrinks(counts: Sequence[Expr], ite: Any = None) -> tuple[Expr, ...]:
    """Broken: revealing a card leaves the deck as it was."""
    return tuple(counts)


#: Negative controls of the game variant: (name, what is broken, kernels).
GAME_CONTROLS: Final = (
    (
        "deck-never-shrinks",
        "revealing an event card leaves the deck as it was",
        TerminationKernels(draw_counts=_deck_never_shrinks),
    ),
)
#: Negative controls of the turn variant.
TURN_CONTROLS: Final = (
    ("actions-cost-nothing", "an action's points are never paid", TerminationKernels(ap_spend=_free_actions)),
)


#: The readings the termination proofs need, and the other option each must fail under: a 0-AP trade loop, a relic
#: used again and again, a day fight fought again and again.
TERMINATION_READINGS: Final = (
    ("relic_trade_bound", "unbounded"),
    ("relic_use_limit", "printed_only"),
    ("day_fight_repeat", "while_triggered"),
)


def check_termination_readings(p: Params) -> list[tuple[str, str, TerminationResult]]:
    """For each of :data:`TERMINATION_READINGS`, the first counterexample of the game or turn variant under the
    other option (``p``'s ruleset with that one reading changed); a result ``proved`` if there is none."""
    found = []
    for name, option in TERMINATION_READINGS:
        changed = dataclasses.replace(p, ruleset=READINGS.replace(p.ruleset, **{name: option}))
        results = prove_game(changed) + prove_turn(changed)
        failing = next((r for r in results if r.status != "proved"), None)
        found.append((name, option, failing or TerminationResult("turn", "every step", changed.setting, "proved", 0.0)))
    return found
