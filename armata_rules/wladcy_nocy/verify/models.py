"""Symbolic models of *Władcy Nocy*'s counted state, built from the game's own kernels.

Each model is a small abstract state (Z3 variables by name), its initial condition and the transitions the rules make
on it (:class:`~armata_rules.kernel.verify.induction.Model`), each named by the rule of the game's book that makes
it. The arithmetic of every transition is the kernel the engine runs (:mod:`armata_rules.wladcy_nocy.effects`:
``veil_step``, ``placement_penalty``, ``blood_gain``, ``blood_payment``, ``die_removes`` ...; and the kernel's
equipment: ``place_step``, ``move_step``, ``take_step``, ``draw_counts`` ...), called with ``z3.If``, ``z3.And`` and
``z3.Or``: what is proved is what runs. Readings change transitions where the engine reads them (``removed_tokens``,
``veil_penalty_unit``, ``immaculate_blood_loss`` ...).

A transition that acts on "some vampire" or "some district" takes its index as a free Z3 integer bounded by its
guard, so a model has as many transitions whatever the number of vampires. Numbers the text lacks are symbolic: the
agent pool ``P`` (0 <= P <= 12, wn.pl:31, wn.pl:163) and the red and blue-grey spawn numbers (>= 0, wn.pl:227-233)
are variables no transition changes, bounded by the model's domain; so is every amount an effect may name. A few
variables are ghosts, the history an invariant speaks of (the veil before the last move, the victims before the last
gain, the counts of the card being resolved), as in Armata's models.

:class:`Params` holds the numbers of one setting: the preset's ruleset, the number of vampires N and the difficulty
(k cards per act); :class:`Kernels` the kernels a model is built from, the engine's unless a negative control
(:mod:`armata_rules.wladcy_nocy.verify.controls`) swaps one for a broken copy.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import z3

from armata_rules.kernel.equipment.decks import draw_counts
from armata_rules.kernel.equipment.dice import FACES, refill_step, take_step
from armata_rules.kernel.equipment.tokens import flip_step, move_step, place_step
from armata_rules.kernel.verify.induction import Model, Transition
from armata_rules.wladcy_nocy import effects
from armata_rules.wladcy_nocy.city import STATION, cell_index
from armata_rules.wladcy_nocy.components import (
    AGENT_TOKENS,
    BLOOD_START,
    DICE_PER_VAMPIRE,
    EXTRA_BLOOD,
    MINION_TOKENS,
    SUPPLY_MINIONS,
    Difficulty,
)
from armata_rules.wladcy_nocy.content.loader import printed
from armata_rules.wladcy_nocy.content.schema import DECKS, RELIC_COUNT
from armata_rules.wladcy_nocy.context import STATION_MINIONS
from armata_rules.wladcy_nocy.readings import Ruleset

__all__ = ["CELLS", "MODELS", "Expr", "Kernels", "Params", "minion_total", "params_for"]

#: A Z3 expression (z3 ships no type information).
Expr = Any
#: The districts of the city, as cells 0..8 (wn.pl:147).
CELLS: Final = 9
#: The Station's cell, where the vampires and the first minions start (wn.pl:147, wn.pl:155).
STATION_CELL: Final = cell_index(STATION)
#: The top of the victim track under ``victim_track_cap = nine`` (wn.pl:314-315).
VICTIM_TOP: Final = 9


def minion_total(ruleset: Ruleset, seats: int) -> tuple[int, int]:
    """(minions on the Station, minions in the supply) at setup for ``seats`` vampires under the reading
    ``minion_supply`` (wn.pl:32, wn.pl:157-159, wn.pl:165): 9 or what the box has left, the Station's taken out of
    the 9, or 9 always."""
    station = STATION_MINIONS[seats]
    if ruleset.minion_supply == "rest_of_box":
        return station, min(SUPPLY_MINIONS, MINION_TOKENS - station)
    if ruleset.minion_supply == "station_from_supply":
        return station, SUPPLY_MINIONS - station
    return station, SUPPLY_MINIONS


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers a proof depends on, for one preset, number of vampires and difficulty."""

    preset: str
    ruleset: Ruleset
    seats: int
    difficulty: str
    cards_per_deck: int
    decks: int
    blood_total: int
    blood_max: int
    immaculate_max: int
    immaculate_cards: int
    agent_tokens: int
    station_minions: int
    supply_minions: int
    minion_tokens: int
    dice: int
    victim_top: int
    relic_cards: int
    levels: tuple[tuple[str, int], ...]

    @property
    def setting(self) -> str:
        """The setting's name in records: ``N/difficulty``."""
        return f"{self.seats}/{self.difficulty}"

    @property
    def minion_total(self) -> int:
        """The minions in play: on the Station and in the supply (wn.pl:157-159, wn.pl:165)."""
        return self.station_minions + self.supply_minions

    def level(self, action: str) -> int:
        """The victims at which ``action`` unlocks (wn.pl:304-315, wn.pl:535)."""
        return dict(self.levels)[action]


@functools.cache
def _printed_facts() -> tuple[tuple[int, ...], tuple[tuple[str, int], ...]]:
    """What the printed content says that the models read: the blood maxima its relics give (Nieskazitelna krew's
    6, wn.pl:54) and the unlock levels (wn.pl:304-315, wn.pl:535), the lowest of any vampire for each action."""
    content = printed()
    maxima = []
    for relic in content.relics.values():
        slot = relic.effect
        for op in (slot.ops or []) if slot is not None else []:
            data = op.model_dump()
            if data["op"] == "blood_max":
                maxima.append(int(data["value"]))
    levels: dict[str, int] = {}
    for vampire in content.vampires.values():
        unlocks = vampire.unlocks.value if vampire.unlocks is not None else None
        if unlocks is None:
            continue
        for action, level in unlocks.model_dump().items():
            levels[action] = min(levels.get(action, int(level)), int(level))
    return tuple(sorted(maxima)), tuple(sorted(levels.items()))


def params_for(preset: str, ruleset: Ruleset, seats: int, difficulty: str) -> Params:
    """The parameters of ``ruleset`` (named ``preset``) with ``seats`` vampires at ``difficulty``."""
    maxima, levels = _printed_facts()
    station, supply = minion_total(ruleset, seats)
    return Params(
        preset=preset,
        ruleset=ruleset,
        seats=seats,
        difficulty=difficulty,
        cards_per_deck=Difficulty(difficulty).cards_per_deck,
        decks=len(DECKS),
        blood_total=BLOOD_START * seats + EXTRA_BLOOD,
        blood_max=effects.BLOOD_MAX,
        immaculate_max=max(maxima, default=effects.BLOOD_MAX),
        immaculate_cards=len(maxima),
        agent_tokens=AGENT_TOKENS,
        station_minions=station,
        supply_minions=supply,
        minion_tokens=MINION_TOKENS,
        dice=DICE_PER_VAMPIRE * seats,
        victim_top=VICTIM_TOP,
        relic_cards=RELIC_COUNT,
        levels=levels,
    )


@dataclass(frozen=True)
class Kernels:
    """The kernels a model is built from: the engine's by default; a negative control swaps one for a broken copy.
    ``dark_cost_first`` is the order the interpreter runs a Dark ability's ops in (its cost, then its effect, the end
    test between them, wn.pl:401); a control turns it round."""

    veil_step: Callable[..., Expr] = effects.veil_step
    veil_lost: Callable[..., Expr] = effects.veil_lost
    placement_penalty: Callable[..., Expr] = effects.placement_penalty
    die_value: Callable[..., Expr] = effects.die_value
    die_removes: Callable[..., Expr] = effects.die_removes
    die_bleeds: Callable[..., Expr] = effects.die_bleeds
    blood_gain: Callable[..., tuple[Expr, Expr, Expr]] = effects.blood_gain
    blood_payment: Callable[..., tuple[Expr, Expr]] = effects.blood_payment
    blood_shed: Callable[..., tuple[Expr, Expr]] = effects.blood_shed
    victims_step: Callable[..., Expr] = effects.victims_step
    relic_cap: Callable[..., Expr] = effects.relic_cap
    ap_spend: Callable[..., tuple[Expr, Expr]] = effects.ap_spend
    ap_change: Callable[..., Expr] = effects.ap_change
    day_effect_fires: Callable[..., Expr] = effects.day_effect_fires
    seal_allowed: Callable[..., Expr] = effects.seal_allowed
    ritual_allowed: Callable[..., Expr] = effects.ritual_allowed
    dark_cost_first: bool = True


# ------------------------------------------------------------------------------------------------ helpers
Vars = Mapping[str, Expr]
Step = dict[str, Expr]


def _ints(*names: str) -> dict[str, Expr]:
    return {name: z3.Int(name) for name in names}


def _bools(*names: str) -> dict[str, Expr]:
    return {name: z3.Bool(name) for name in names}


def _pick(values: Sequence[Expr], index: Expr) -> Expr:
    """``values[index]`` for a symbolic index (a guard keeps it in range)."""
    found = values[-1]
    for at in range(len(values) - 2, -1, -1):
        found = z3.If(index == at, values[at], found)
    return found


def _put(prefix: str, count: int, index: Expr, new: Expr, s: Vars) -> Step:
    """``prefix{i}`` set to ``new`` where ``i == index``, the others as they were."""
    return {f"{prefix}{i}": z3.If(index == i, new, s[f"{prefix}{i}"]) for i in range(count)}


def _row(prefix: str, count: int, s: Vars) -> list[Expr]:
    return [s[f"{prefix}{i}"] for i in range(count)]


def _within(index: Expr, count: int) -> Expr:
    return z3.And(index >= 0, index < count)


def _true(s: Vars) -> Expr:
    return z3.BoolVal(True)


def _returned(p: Params, supply: Expr, amount: Expr) -> Expr:
    """The supply after ``amount`` tokens are removed from play: back to it (``removed_tokens = to_pool``) or into
    the box (wn.pl:163, wn.pl:475, wn.pl:485)."""
    return supply + amount if p.ruleset.removed_tokens == "to_pool" else supply


# ------------------------------------------------------------------------------------------------ the veil
def veil_model(p: Params, k: Kernels) -> Model:
    """The veil: every move of the marker, the end test after each, and a Dark ability's cost and effect in the
    interpreter's order. Ghosts: the veil before the last move and the move asked (``before``, ``asked``), and
    whether the last Dark ability's cost took the veil to 0 and whether its effect ran."""
    v = _ints("veil", "before", "asked") | _bools("lost", "over", "cost_zero", "effect_ran")

    def moved(s: Vars, delta: Expr) -> Step:
        veil = k.veil_step(s["veil"], delta, z3.If)
        lost = k.veil_lost(veil)
        return {
            "veil": veil,
            "before": s["veil"],
            "asked": delta,
            "lost": z3.Or(s["lost"], lost),
            "over": z3.Or(s["over"], lost),
            "cost_zero": z3.BoolVal(False),
            "effect_ran": z3.BoolVal(False),
        }

    def live(s: Vars) -> Expr:
        return z3.Not(s["over"])

    def move(name: str, rule: str, delta: Callable[[Vars], Expr], guard: Callable[[Vars], Expr] = live) -> Transition:
        return Transition(name, rule, guard, lambda s: moved(s, delta(s)))

    def dark(s: Vars) -> Step:
        cost, effect = z3.Int("dark_cost"), z3.Int("dark_effect")
        if k.dark_cost_first:
            paid = k.veil_step(s["veil"], -cost, z3.If)
            stop = k.veil_lost(paid)
            veil = z3.If(stop, paid, k.veil_step(paid, effect, z3.If))
            before, asked, ran = z3.If(stop, s["veil"], paid), z3.If(stop, -cost, effect), z3.Not(stop)
        else:
            first = k.veil_step(s["veil"], effect, z3.If)
            veil = k.veil_step(first, -cost, z3.If)
            stop, before, asked, ran = k.veil_lost(veil), first, -cost, z3.BoolVal(True)
        lost = k.veil_lost(veil)
        return {
            "veil": veil,
            "before": before,
            "asked": asked,
            "lost": z3.Or(s["lost"], lost),
            "over": z3.Or(s["over"], lost),
            "cost_zero": stop,
            "effect_ran": ran,
        }

    def ends(s: Vars) -> Step:
        return {"over": z3.BoolVal(True), "cost_zero": z3.BoolVal(False), "effect_ran": z3.BoolVal(False)}

    pending = z3.Int("pending")
    transitions = (
        move("recruit a minion: the veil strengthens by 1", "night.recruit", lambda s: z3.IntVal(1)),
        move("the Wild Hunt: the veil weakens by 1", "night.wild_hunt", lambda s: z3.IntVal(-1)),
        move("an exhausted vampire recovers: the veil weakens by 1", "exhaustion.recovery", lambda s: z3.IntVal(-1)),
        move("an effect moves the veil by any amount", "effects.in_order", lambda s: z3.Int("delta")),
        move(
            "an event card's weakening, once the card is resolved",
            "events.after_card",
            lambda s: -pending,
            lambda s: z3.And(live(s), pending >= 0),
        ),
        Transition(
            "a Dark ability: its cost, then its effect",
            "night.dark",
            lambda s: z3.And(live(s), z3.Int("dark_cost") >= 1),
            dark,
        ),
        Transition("the game ends otherwise (the ritual, an empty deck)", "end.over", live, ends),
    )
    start = effects.VEIL_START
    return Model(
        "veil",
        v,
        lambda s: z3.And(
            s["veil"] == start,
            s["before"] == start,
            s["asked"] == 0,
            *(z3.Not(s[name]) for name in ("lost", "over", "cost_zero", "effect_ran")),
        ),
        transitions,
    )


# ------------------------------------------------------------------------------------------------ blood
def blood_model(p: Params, k: Kernels) -> Model:
    """Blood on the vampires' cards and in the supply, who holds Nieskazitelna krew, action points, and a fight's
    blood with its overflow (wn.pl:483). Per vampire ``i``: ``blood{i}``, ``holds{i}`` (the relic), ``ap{i}``,
    ``waits{i}`` (its night turn has not come), ``gift{i}`` (an effect gave it action points while exhausted) and
    ``with{i}`` (it stands in the fighter's district). A fight's ghosts: ``bleeds`` owed by its dice, ``paid``,
    ``owed`` (still to spread), ``ignored`` and ``avail`` (the blood of the fighter and the vampires with it when the
    dice were resolved). Every transition ends with the "as soon as" rule: a vampire exhausted by it loses its
    action points (wn.pl:521)."""
    n = p.seats
    v: dict[str, Expr] = _ints("supply", "fighter", "bleeds", "paid", "owed", "ignored", "avail")
    v |= _bools("night", "fighting")
    for i in range(n):
        v |= _ints(f"blood{i}", f"ap{i}") | _bools(f"holds{i}", f"waits{i}", f"gift{i}", f"with{i}")
    who, payer = z3.Int("who"), z3.Int("payer")

    def cap(s: Vars, i: int) -> Expr:
        return z3.If(s[f"holds{i}"], p.immaculate_max, p.blood_max)

    def caps(s: Vars) -> list[Expr]:
        return [cap(s, i) for i in range(n)]

    def settled(s: Vars, post: Step) -> Step:
        """``post`` with the as-soon-as rules: AP lost at exhaustion (wn.pl:521), a gift forgotten once blood comes
        back (wn.pl:525)."""
        out = dict(post)
        for i in range(n):
            blood = out.get(f"blood{i}", s[f"blood{i}"])
            ap = out.get(f"ap{i}", s[f"ap{i}"])
            out[f"ap{i}"] = z3.If(z3.And(s[f"blood{i}"] > 0, blood == 0), 0, ap)
            out[f"gift{i}"] = z3.And(out.get(f"gift{i}", s[f"gift{i}"]), blood == 0)
        return out

    def idle(s: Vars) -> Expr:
        return z3.And(_within(who, n), z3.Not(s["fighting"]))

    def in_turn(s: Vars) -> Expr:
        return z3.And(idle(s), s["night"], z3.Not(_pick(_row("waits", n, s), who)))

    def paid_turn(s: Vars) -> Expr:
        return z3.And(in_turn(s), _pick(_row("ap", n, s), who) >= 1)

    def gain(amount: Callable[[Vars], Expr], spend: int) -> Callable[[Vars], Step]:
        def step(s: Vars) -> Step:
            supply, blood, _ = k.blood_gain(
                s["supply"], _pick(_row("blood", n, s), who), amount(s), _pick(caps(s), who), z3.If
            )
            post = {"supply": supply} | _put("blood", n, who, blood, s)
            if spend:
                left, _ = k.ap_spend(_pick(_row("ap", n, s), who), z3.IntVal(spend), z3.If)
                post |= _put("ap", n, who, left, s)
            return settled(s, post)

        return step

    def lose(s: Vars) -> Step:
        held = _pick(_row("blood", n, s), who)
        blood, _ = k.blood_payment(held, z3.Int("amount"), z3.If)
        post = {"supply": _returned(p, s["supply"], held - blood)} | _put("blood", n, who, blood, s)
        return settled(s, post)

    def nightfall(s: Vars) -> Step:
        post: Step = {"night": z3.BoolVal(True)}
        no_ap = p.ruleset.exhausted_night_ap == "no_ap"
        for i in range(n):
            post[f"ap{i}"] = z3.If(z3.And(no_ap, s[f"blood{i}"] == 0), 0, effects.AP_PER_NIGHT)
            post[f"waits{i}"] = z3.BoolVal(True)
            post[f"gift{i}"] = z3.BoolVal(False)
        return settled(s, post)

    def turn_begins(s: Vars) -> Step:
        held = _pick(_row("blood", n, s), who)
        supply, blood, _ = k.blood_gain(s["supply"], held, z3.IntVal(1), _pick(caps(s), who), z3.If)
        exhausted = held == 0
        post = {"supply": z3.If(exhausted, supply, s["supply"])}
        post |= _put("blood", n, who, z3.If(exhausted, blood, held), s)
        post |= _put("waits", n, who, z3.BoolVal(False), s)
        return settled(s, post)

    def night_ends(s: Vars) -> Step:
        post: Step = {"night": z3.BoolVal(False)}
        for i in range(n):
            post[f"ap{i}"] = z3.IntVal(0)
            post[f"gift{i}"] = z3.BoolVal(False)
        return settled(s, post)

    def ap_effect(s: Vars) -> Step:
        held = _pick(_row("ap", n, s), who)
        post = _put("ap", n, who, k.ap_change(held, z3.Int("delta"), z3.If), s)
        exhausted = _pick(_row("blood", n, s), who) == 0
        post |= _put("gift", n, who, z3.Or(_pick(_row("gift", n, s), who), exhausted), s)
        return settled(s, post)

    def ap_spent(s: Vars) -> Step:
        left, _ = k.ap_spend(_pick(_row("ap", n, s), who), z3.Int("cost"), z3.If)
        return settled(s, _put("ap", n, who, left, s))

    def relic_moves(receiver: Expr | None) -> Callable[[Vars], Step]:
        """Nieskazitelna krew passes to ``receiver`` (``None``: leaves every hand); blood above a fallen maximum
        returns to the supply (reading ``immaculate_blood_loss``)."""

        def step(s: Vars) -> Step:
            post: Step = {}
            returned = z3.IntVal(0)
            for i in range(n):
                holds = z3.BoolVal(False) if receiver is None else receiver == i
                post[f"holds{i}"] = holds
                if p.ruleset.immaculate_blood_loss == "return_excess":
                    top = z3.If(holds, p.immaculate_max, p.blood_max)
                    blood, excess = k.blood_shed(s[f"blood{i}"], top, z3.If)
                    post[f"blood{i}"] = blood
                    returned = returned + excess
            post["supply"] = s["supply"] + returned
            return settled(s, post)

        return step

    def resolve(s: Vars) -> Step:
        owed = z3.Int("dice_bleed")
        held = _pick(_row("blood", n, s), who)
        blood, unpaid = k.blood_payment(held, owed, z3.If)
        post: Step = {"fighting": z3.BoolVal(True), "fighter": who, "bleeds": owed}
        others = z3.IntVal(0)
        for i in range(n):
            present = z3.Bool(f"with{i}_now")
            post[f"with{i}"] = present
            others = others + z3.If(z3.And(present, who != i), s[f"blood{i}"], 0)
        post |= {"paid": held - blood, "owed": unpaid, "ignored": z3.IntVal(0), "avail": held + others}
        post["supply"] = _returned(p, s["supply"], held - blood)
        post |= _put("blood", n, who, blood, s)
        return settled(s, post)

    def payers(s: Vars) -> list[Expr]:
        return [z3.And(s[f"with{i}"], s["fighter"] != i) for i in range(n)]

    def pay_one(s: Vars) -> Step:
        held = _pick(_row("blood", n, s), payer)
        blood, _ = k.blood_payment(held, z3.IntVal(1), z3.If)
        post = _put("blood", n, payer, blood, s)
        post |= {"paid": s["paid"] + 1, "owed": s["owed"] - 1, "supply": _returned(p, s["supply"], held - blood)}
        return settled(s, post)

    def pay_in_turn(s: Vars) -> Step:
        left = s["owed"]
        post: Step = {}
        for i, present in enumerate(payers(s)):
            blood, rest = k.blood_payment(s[f"blood{i}"], left, z3.If)
            post[f"blood{i}"] = z3.If(present, blood, s[f"blood{i}"])
            left = z3.If(present, rest, left)
        paid = s["owed"] - left
        post |= {"paid": s["paid"] + paid, "owed": z3.IntVal(0), "ignored": s["ignored"] + left}
        post["supply"] = _returned(p, s["supply"], paid)
        return settled(s, post)

    def ignore(s: Vars) -> Step:
        return {"ignored": s["ignored"] + s["owed"], "owed": z3.IntVal(0)}

    def fight_over(s: Vars) -> Step:
        return {"fighting": z3.BoolVal(False)}

    amount = z3.Int("amount")
    transitions = (
        Transition("Hunt: one blood from the supply", "night.hunt", paid_turn, gain(lambda s: z3.IntVal(1), 1)),
        Transition(
            "the Wild Hunt: blood up to the maximum",
            "night.wild_hunt",
            paid_turn,
            gain(lambda s: _pick(caps(s), who), 1),
        ),
        Transition(
            "an effect gives blood",
            "effects.in_order",
            lambda s: z3.And(idle(s), amount >= 1),
            gain(lambda s: amount, 0),
        ),
        Transition(
            "an effect or an ability's cost takes blood",
            "effects.in_order",
            lambda s: z3.And(idle(s), amount >= 1),
            lose,
        ),
        Transition(
            "night falls: 2 action points each",
            "night.start",
            lambda s: z3.And(z3.Not(s["night"]), z3.Not(s["fighting"])),
            nightfall,
        ),
        Transition(
            "a vampire's night turn begins (an exhausted one recovers)",
            "exhaustion.recovery",
            lambda s: z3.And(idle(s), s["night"], _pick(_row("waits", n, s), who)),
            turn_begins,
        ),
        Transition(
            "the night ends",
            "night.end",
            lambda s: z3.And(s["night"], z3.Not(s["fighting"]), *(z3.Not(w) for w in _row("waits", n, s))),
            night_ends,
        ),
        Transition("an effect changes the active vampire's action points", "effects.in_order", in_turn, ap_effect),
        Transition(
            "an action's points are spent",
            "night.turn",
            lambda s: z3.And(in_turn(s), z3.Int("cost") >= 0),
            ap_spent,
        ),
        Transition("Nieskazitelna krew passes to a vampire", "relics.blood_max", idle, relic_moves(who)),
        Transition("Nieskazitelna krew leaves every hand", "relics.blood_max", idle, relic_moves(None)),
        Transition(
            "a fight's dice cost the fighter blood",
            "combat.resolve",
            lambda s: z3.And(idle(s), z3.Int("dice_bleed") >= 0),
            resolve,
        ),
        Transition(
            "one unpaid blood token, paid by a vampire the decider picks",
            "combat.overflow",
            lambda s: z3.And(
                s["fighting"],
                s["owed"] >= 1,
                _within(payer, n),
                _pick(payers(s), payer),
                _pick(_row("blood", n, s), payer) >= 1,
            ),
            pay_one,
        ),
        Transition(
            "the unpaid blood, paid in turn by the vampires there",
            "combat.overflow",
            lambda s: z3.And(s["fighting"], s["owed"] >= 1),
            pay_in_turn,
        ),
        Transition(
            "the unpaid blood no vampire there can pay is ignored",
            "combat.overflow",
            lambda s: z3.And(
                s["fighting"],
                s["owed"] >= 1,
                *(z3.Implies(present, s[f"blood{i}"] == 0) for i, present in enumerate(payers(s))),
            ),
            ignore,
        ),
        Transition("the fight ends", "combat.victims", lambda s: z3.And(s["fighting"], s["owed"] == 0), fight_over),
    )

    def init(s: Vars) -> Expr:
        parts = [
            s["supply"] == p.blood_total - BLOOD_START * n,
            z3.Not(s["night"]),
            z3.Not(s["fighting"]),
            *(s[name] == 0 for name in ("fighter", "bleeds", "paid", "owed", "ignored", "avail")),
        ]
        for i in range(n):
            parts += [s[f"blood{i}"] == BLOOD_START, s[f"ap{i}"] == 0]
            parts += [z3.Not(s[f"{name}{i}"]) for name in ("holds", "waits", "gift", "with")]
        return z3.And(*parts)

    return Model("blood", v, init, transitions)


# ------------------------------------------------------------------------------------------------ agents
def agent_model(p: Params, k: Kernels) -> Model:
    """Agents in the pool and in each district (hidden and revealed), and the veil an event card being resolved owes
    (``pending``, applied once the card is resolved, wn.pl:247). The constants ``P`` (the pool, 0..12), ``red``,
    ``blue_a`` and ``blue_b`` (the veil track's numbers) are symbolic. Ghosts of the card being resolved: the veil its
    own text takes (``text``), the penalised placements in the reading's unit (``penalised``: one per placement
    beside a minion or a ready vampire, or one per agent under ``per_agent``, wn.pl:243) and the agents the empty
    pool could not supply (``unplaced``, wn.pl:245)."""
    v: dict[str, Expr] = _ints("pool", "P", "red", "blue_a", "blue_b", "pending", "text", "penalised", "unplaced")
    v |= _bools("card")
    for c in range(CELLS):
        v |= _ints(f"hidden{c}", f"revealed{c}")
    cell, target = z3.Int("cell"), z3.Int("target")
    near, first, face_up = z3.Bool("near"), z3.Bool("first"), z3.Bool("face_up")
    per_agent = p.ruleset.veil_penalty_unit == "per_agent"

    def counted(placed: Expr, first_landing: Expr) -> Expr:
        """The penalised placements ``placed`` agents landing make, in the reading's unit (wn.pl:243, wn.pl:257)."""
        unit = placed if per_agent else z3.If(z3.And(first_landing, placed > 0), 1, 0)
        return z3.If(near, unit, 0)

    def cells(s: Vars) -> Expr:
        return z3.And(_within(cell, CELLS), _within(target, CELLS), cell != target)

    def land(s: Vars, count: Expr) -> tuple[Step, Expr]:
        """``count`` agents from the pool into ``cell``, hidden unless ``face_up`` (wn.pl:225, wn.pl:237)."""
        hidden, revealed = _pick(_row("hidden", CELLS, s), cell), _pick(_row("revealed", CELLS, s), cell)
        pool, here, placed = place_step(s["pool"], z3.If(face_up, revealed, hidden), count, z3.If)
        post = {"pool": pool} | _put("hidden", CELLS, cell, z3.If(face_up, hidden, here), s)
        post |= _put("revealed", CELLS, cell, z3.If(face_up, here, revealed), s)
        return post, placed

    def event_lands(count: Callable[[Vars], Expr]) -> Callable[[Vars], Step]:
        def step(s: Vars) -> Step:
            post, placed = land(s, count(s))
            missing = count(s) - placed
            cost = k.placement_penalty(placed, near, z3.BoolVal(per_agent), z3.If)
            charged = cost if per_agent else z3.If(first, cost, 0)
            return post | {
                "pending": s["pending"] + charged + missing,
                "penalised": s["penalised"] + counted(placed, first),
                "unplaced": s["unplaced"] + missing,
            }

        return step

    def effect_lands(s: Vars) -> Step:
        return land(s, z3.Int("n"))[0]

    def shifted(s: Vars, hidden_moved: Expr, revealed_moved: Expr) -> Step:
        post: Step = {}
        for side, moved in (("hidden", hidden_moved), ("revealed", revealed_moved)):
            row = _row(side, CELLS, s)
            left, arrived = move_step(_pick(row, cell), _pick(row, target), moved)
            for c in range(CELLS):
                post[f"{side}{c}"] = z3.If(cell == c, left, z3.If(target == c, arrived, row[c]))
        return post

    def event_moves(s: Vars) -> Step:
        moved = z3.Int("moved")
        cost = k.placement_penalty(moved, near, z3.BoolVal(per_agent), z3.If)
        post = shifted(s, moved, z3.IntVal(0))
        return post | {"pending": s["pending"] + cost, "penalised": s["penalised"] + counted(moved, z3.BoolVal(True))}

    def event_replaces(s: Vars) -> Step:
        count = z3.Int("minions_replaced")
        post, placed = land(s, count)
        cost = k.placement_penalty(placed, near, z3.BoolVal(per_agent), z3.If)
        missing = count - placed
        return post | {
            "pending": s["pending"] + cost + missing,
            "penalised": s["penalised"] + counted(placed, z3.BoolVal(True)),
            "unplaced": s["unplaced"] + missing,
        }

    def removed(s: Vars) -> Step:
        hidden_out, revealed_out = z3.Int("hidden_out"), z3.Int("revealed_out")
        hidden, revealed = _pick(_row("hidden", CELLS, s), cell), _pick(_row("revealed", CELLS, s), cell)
        left_hidden, _ = move_step(hidden, s["pool"], hidden_out)
        left_revealed, _ = move_step(revealed, s["pool"], revealed_out)
        post = _put("hidden", CELLS, cell, left_hidden, s) | _put("revealed", CELLS, cell, left_revealed, s)
        return post | {"pool": _returned(p, s["pool"], hidden_out + revealed_out)}

    def removable(s: Vars) -> Expr:
        hidden_out, revealed_out = z3.Int("hidden_out"), z3.Int("revealed_out")
        return z3.And(
            _within(cell, CELLS),
            hidden_out >= 0,
            revealed_out >= 0,
            hidden_out <= _pick(_row("hidden", CELLS, s), cell),
            revealed_out <= _pick(_row("revealed", CELLS, s), cell),
        )

    def revealed_all(s: Vars) -> Step:
        down, up = flip_step(_pick(_row("hidden", CELLS, s), cell), _pick(_row("revealed", CELLS, s), cell))
        return _put("hidden", CELLS, cell, down, s) | _put("revealed", CELLS, cell, up, s)

    def movable(s: Vars) -> Expr:
        hidden_moved, revealed_moved = z3.Int("hidden_moved"), z3.Int("revealed_moved")
        return z3.And(
            cells(s),
            hidden_moved >= 0,
            revealed_moved >= 0,
            hidden_moved <= _pick(_row("hidden", CELLS, s), cell),
            revealed_moved <= _pick(_row("revealed", CELLS, s), cell),
        )

    def card(s: Vars) -> Expr:
        return z3.And(s["card"], _within(cell, CELLS))

    zeroed = {name: z3.IntVal(0) for name in ("pending", "text", "penalised", "unplaced")}
    transitions = (
        Transition(
            "an event card is revealed", "events.reveal", lambda s: z3.Not(s["card"]), lambda s: {"card": True} | zeroed
        ),
        Transition("the red cross's agents land", "events.spawn", card, event_lands(lambda s: s["red"])),
        Transition(
            "a blue-grey cross's agents land",
            "events.spawn",
            card,
            event_lands(lambda s: z3.If(z3.Bool("second"), s["blue_b"], s["blue_a"])),
        ),
        Transition(
            "the card's text adds agents",
            "events.placement",
            lambda s: z3.And(card(s), z3.Int("text_n") >= 1),
            event_lands(lambda s: z3.Int("text_n")),
        ),
        Transition(
            "the leader places one agent of a demand the pool runs short of",
            "events.placement",
            card,
            event_lands(lambda s: z3.IntVal(1)),
        ),
        Transition(
            "the card's text moves agents into a district",
            "events.placement",
            lambda s: z3.And(
                s["card"], cells(s), z3.Int("moved") >= 0, z3.Int("moved") <= _pick(_row("hidden", CELLS, s), cell)
            ),
            event_moves,
        ),
        Transition(
            "the card's text replaces minions by agents",
            "effects.replace",
            lambda s: z3.And(card(s), z3.Int("minions_replaced") >= 0),
            event_replaces,
        ),
        Transition(
            "the card's own text weakens the veil",
            "events.after_card",
            lambda s: z3.And(s["card"], z3.Int("weakening") >= 1),
            lambda s: {"pending": s["pending"] + z3.Int("weakening"), "text": s["text"] + z3.Int("weakening")},
        ),
        Transition(
            "the card is resolved: its weakening applied",
            "events.after_card",
            lambda s: s["card"],
            lambda s: {"card": z3.BoolVal(False)} | zeroed,
        ),
        Transition(
            "an effect outside an event adds agents",
            "effects.in_order",
            lambda s: z3.And(_within(cell, CELLS), z3.Int("n") >= 0),
            effect_lands,
        ),
        Transition(
            "the agents of a district are revealed", "night.expose", lambda s: _within(cell, CELLS), revealed_all
        ),
        Transition("a fight, an ability or an effect removes agents", "combat.resolve", removable, removed),
        Transition(
            "an effect outside an event moves agents",
            "effects.in_order",
            movable,
            lambda s: shifted(s, z3.Int("hidden_moved"), z3.Int("revealed_moved")),
        ),
    )

    def domain(s: Vars) -> Expr:
        return z3.And(s["P"] >= 0, s["P"] <= p.agent_tokens, s["red"] >= 0, s["blue_a"] >= 0, s["blue_b"] >= 0)

    def init(s: Vars) -> Expr:
        empty = [s[f"{side}{c}"] == 0 for side in ("hidden", "revealed") for c in range(CELLS)]
        return z3.And(s["pool"] == s["P"], z3.Not(s["card"]), *empty, *(s[name] == 0 for name in zeroed))

    return Model("agents", v, init, transitions, domain)


# ------------------------------------------------------------------------------------------------ minions
def minion_model(p: Params, k: Kernels) -> Model:
    """Minions in the supply and in each district."""
    v: dict[str, Expr] = _ints("supply") | {f"minions{c}": z3.Int(f"minions{c}") for c in range(CELLS)}
    cell, target, count = z3.Int("cell"), z3.Int("target"), z3.Int("count")

    def here(s: Vars) -> Expr:
        return _pick(_row("minions", CELLS, s), cell)

    def added(s: Vars, amount: Expr) -> Step:
        supply, there, _ = place_step(s["supply"], here(s), amount, z3.If)
        return {"supply": supply} | _put("minions", CELLS, cell, there, s)

    def taken(s: Vars, amount: Expr) -> Step:
        left, _ = move_step(here(s), s["supply"], amount)
        return {"supply": _returned(p, s["supply"], amount)} | _put("minions", CELLS, cell, left, s)

    def takeable(s: Vars) -> Expr:
        return z3.And(_within(cell, CELLS), count >= 0, count <= here(s))

    def moved(s: Vars) -> Step:
        row = _row("minions", CELLS, s)
        left, arrived = move_step(_pick(row, cell), _pick(row, target), count)
        return {f"minions{c}": z3.If(cell == c, left, z3.If(target == c, arrived, row[c])) for c in range(CELLS)}

    transitions = (
        Transition(
            "recruit a minion from the supply",
            "night.recruit",
            lambda s: z3.And(_within(cell, CELLS), s["supply"] >= 1),
            lambda s: added(s, z3.IntVal(1)),
        ),
        Transition(
            "an effect adds minions (agents replaced by minions too)",
            "effects.replace",
            lambda s: z3.And(_within(cell, CELLS), count >= 1),
            lambda s: added(s, count),
        ),
        Transition("minions sacrificed in a fight", "combat.sacrifice", takeable, lambda s: taken(s, count)),
        Transition(
            "a seal takes a minion",
            "seals.seal",
            lambda s: z3.And(_within(cell, CELLS), here(s) >= 1),
            lambda s: taken(s, z3.IntVal(1)),
        ),
        Transition("an effect replaces minions by agents", "effects.replace", takeable, lambda s: taken(s, count)),
        Transition(
            "minions move along with a vampire",
            "night.move",
            lambda s: z3.And(takeable(s), _within(target, CELLS), target != cell),
            moved,
        ),
    )

    def init(s: Vars) -> Expr:
        board = [s[f"minions{c}"] == (p.station_minions if c == STATION_CELL else 0) for c in range(CELLS)]
        return z3.And(s["supply"] == p.supply_minions, *board)

    return Model("minions", v, init, transitions)


# ------------------------------------------------------------------------------------------------ victims and relics
def relic_model(p: Params, k: Kernels) -> Model:
    """Victims and relics. Per vampire: ``victims{i}``, the ghosts ``prev{i}`` (its victims before the last step)
    and ``gained{i}`` (what the last step gave it), ``relics{i}`` held and ``discards{i}`` (it holds one over its
    limit and must discard at once, wn.pl:562). The relic deck, the discard pile, the relics placed in districts and
    the one drawn at the Museum and not yet given."""
    n = p.seats
    v: dict[str, Expr] = _ints("deck", "discard", "placed", "drawn")
    for i in range(n):
        v |= _ints(f"victims{i}", f"prev{i}", f"gained{i}", f"relics{i}") | _bools(f"discards{i}")
    who, other, gain = z3.Int("who"), z3.Int("other"), z3.Int("gain")
    give, take = z3.Int("give"), z3.Int("take")

    def calm(s: Vars) -> Expr:
        return z3.And(*(z3.Not(s[f"discards{i}"]) for i in range(n)))

    def still(s: Vars, post: Step) -> Step:
        """``post`` with the victims' ghosts of a step that gave no victims."""
        return post | {f"prev{i}": s[f"victims{i}"] for i in range(n)} | {f"gained{i}": z3.IntVal(0) for i in range(n)}

    def rises(s: Vars) -> Step:
        victims = k.victims_step(_pick(_row("victims", n, s), who), gain, z3.IntVal(p.victim_top), z3.If)
        post = _put("victims", n, who, victims, s) | {f"prev{i}": s[f"victims{i}"] for i in range(n)}
        return post | {f"gained{i}": z3.If(who == i, gain, 0) for i in range(n)}

    def cap(s: Vars, seat: Expr) -> Expr:
        return k.relic_cap(_pick(_row("victims", n, s), seat), z3.If)

    def given(s: Vars) -> Step:
        held = _pick(_row("relics", n, s), who) + 1
        post = _put("relics", n, who, held, s) | {"drawn": z3.IntVal(0)}
        return still(s, post | _put("discards", n, who, held > cap(s, who), s))

    def may_receive(s: Vars) -> Expr:
        unlocked = _pick(_row("victims", n, s), who) >= p.level("relic_1")
        if p.ruleset.museum_recipient == "has_room":
            return z3.And(unlocked, _pick(_row("relics", n, s), who) < cap(s, who))
        return unlocked

    def discarded(s: Vars) -> Step:
        held = _pick(_row("relics", n, s), who) - 1
        post = _put("relics", n, who, held, s) | _put("discards", n, who, z3.BoolVal(False), s)
        return still(s, post | {"discard": s["discard"] + 1})

    def traded(s: Vars) -> Step:
        row = _row("relics", n, s)
        mine, theirs = _pick(row, who) - give + take, _pick(row, other) + give - take
        return still(s, {f"relics{i}": z3.If(who == i, mine, z3.If(other == i, theirs, row[i])) for i in range(n)})

    def may_trade(s: Vars) -> Expr:
        row = _row("relics", n, s)
        return z3.And(
            calm(s),
            s["drawn"] == 0,
            _within(who, n),
            _within(other, n),
            who != other,
            _pick(_row("victims", n, s), who) >= p.level("trade"),
            z3.Or(give == 0, give == 1),
            z3.Or(take == 0, take == 1),
            give + take >= 1,
            give <= _pick(row, who),
            take <= _pick(row, other),
            _pick(row, who) - give + take <= cap(s, who),
            _pick(row, other) + give - take <= cap(s, other),
        )

    transitions = (
        Transition(
            "the fighter's victims rise by the agents removed",
            "combat.victims",
            lambda s: z3.And(calm(s), _within(who, n), gain >= 0),
            rises,
        ),
        Transition(
            "an ability's kills add victims",
            "effects.abilities",
            lambda s: z3.And(calm(s), _within(who, n), gain >= 0),
            rises,
        ),
        Transition(
            "the leader draws a relic at the Museum",
            "relics.museum",
            lambda s: z3.And(
                calm(s),
                s["drawn"] == 0,
                s["deck"] >= 1,
                z3.Or(*(s[f"victims{i}"] >= p.level("relic_1") for i in range(n))),
            ),
            lambda s: still(s, {"deck": s["deck"] - 1, "drawn": z3.IntVal(1)}),
        ),
        Transition(
            "the leader gives the drawn relic",
            "relics.museum",
            lambda s: z3.And(calm(s), s["drawn"] == 1, _within(who, n), may_receive(s)),
            given,
        ),
        Transition(
            "a vampire over its limit discards a relic",
            "relics.limit",
            lambda s: z3.And(_within(who, n), _pick(_row("discards", n, s), who)),
            discarded,
        ),
        Transition("two vampires in one district trade relics", "relics.trade", may_trade, traded),
        Transition(
            "a relic is placed in a district",
            "relics.use",
            lambda s: z3.And(calm(s), _within(who, n), _pick(_row("relics", n, s), who) >= 1),
            lambda s: still(
                s, _put("relics", n, who, _pick(_row("relics", n, s), who) - 1, s) | {"placed": s["placed"] + 1}
            ),
        ),
    )

    def init(s: Vars) -> Expr:
        parts = [s["deck"] == p.relic_cards, s["discard"] == 0, s["placed"] == 0, s["drawn"] == 0]
        for i in range(n):
            parts += [s[f"{name}{i}"] == 0 for name in ("victims", "prev", "gained", "relics")]
            parts.append(z3.Not(s[f"discards{i}"]))
        return z3.And(*parts)

    return Model("relics", v, init, transitions)


# ------------------------------------------------------------------------------------------------ seals and the ritual
def seal_model(p: Params, k: Kernels) -> Model:
    """Seals, the ritual, and what they read: per vampire its seal's cell (-1 while unplaced), its district and
    victims; per district its seal's owner (-1 if none), minions and agents (hidden, revealed). Ghosts: the victims,
    minions and agents (every agent) where the last seal was placed. Every other change of the board (vampires
    moving, agents and minions coming and going, victims rising) is one transition that may change them all."""
    n = p.seats
    v: dict[str, Expr] = _ints("last_victims", "last_minions", "last_agents") | _bools("ritual", "sealed_any")
    for i in range(n):
        v |= _ints(f"seal{i}", f"cell{i}", f"victims{i}")
    for c in range(CELLS):
        v |= _ints(f"owner{c}", f"minions{c}", f"hidden{c}", f"revealed{c}")
    who = z3.Int("who")
    all_agents = p.ruleset.hidden_agents_count == "all_agents"

    def at(s: Vars, prefix: str, cell: Expr) -> Expr:
        return _pick(_row(prefix, CELLS, s), cell)

    def counted(s: Vars, cell: Expr) -> Expr:
        revealed = at(s, "revealed", cell)
        return at(s, "hidden", cell) + revealed if all_agents else revealed

    def seal_allowed(s: Vars) -> Expr:
        cell = _pick(_row("cell", n, s), who)
        allowed = k.seal_allowed(
            _pick(_row("victims", n, s), who),
            z3.IntVal(p.level("seal")),
            at(s, "minions", cell),
            counted(s, cell),
            at(s, "owner", cell) >= 0,
            _pick(_row("seal", n, s), who) < 0,
            z3.And,
            z3.Not,
        )
        return z3.And(z3.Not(s["ritual"]), _within(who, n), allowed)

    def sealed(s: Vars) -> Step:
        cell = _pick(_row("cell", n, s), who)
        left, _ = move_step(at(s, "minions", cell), z3.IntVal(0), z3.IntVal(1))
        post = _put("minions", CELLS, cell, left, s) | _put("owner", CELLS, cell, who, s)
        post |= _put("seal", n, who, cell, s)
        return post | {
            "last_victims": _pick(_row("victims", n, s), who),
            "last_minions": at(s, "minions", cell),
            "last_agents": at(s, "hidden", cell) + at(s, "revealed", cell),
            "sealed_any": z3.BoolVal(True),
        }

    def ritual_allowed(s: Vars) -> Expr:
        cell = _pick(_row("cell", n, s), who)
        seals_left = z3.Sum([z3.If(s[f"seal{i}"] < 0, 1, 0) for i in range(n)])
        elsewhere = z3.Sum([z3.If(s[f"cell{i}"] != cell, 1, 0) for i in range(n)])
        allowed = k.ritual_allowed(
            _pick(_row("victims", n, s), who),
            z3.IntVal(p.level("ritual")),
            seals_left,
            elsewhere,
            counted(s, cell),
            at(s, "minions", cell),
            z3.IntVal(n),
            z3.And,
        )
        return z3.And(z3.Not(s["ritual"]), _within(who, n), allowed)

    fresh = {
        name: z3.Int(f"{name}_new")
        for name in v
        if name.startswith(("cell", "victims", "minions", "hidden", "revealed"))
    }

    def changes(s: Vars) -> Expr:
        parts = [z3.Not(s["ritual"])]
        for name, value in fresh.items():
            parts.append(z3.And(value >= 0, value < CELLS) if name.startswith("cell") else value >= 0)
        return z3.And(*parts)

    transitions = (
        Transition("the active vampire seals its district", "seals.seal", seal_allowed, sealed),
        Transition(
            "the active vampire begins the ritual",
            "seals.ritual",
            ritual_allowed,
            lambda s: {"ritual": z3.BoolVal(True)},
        ),
        Transition(
            "the board changes (moves, agents, minions, victims)",
            "night.turn",
            changes,
            lambda s: dict(fresh),
        ),
    )

    def domain(s: Vars) -> Expr:
        parts = []
        for i in range(n):
            parts += [s[f"seal{i}"] >= -1, s[f"seal{i}"] < CELLS, _within(s[f"cell{i}"], CELLS), s[f"victims{i}"] >= 0]
        for c in range(CELLS):
            parts += [s[f"owner{c}"] >= -1, s[f"owner{c}"] < n]
            parts += [s[f"{name}{c}"] >= 0 for name in ("minions", "hidden", "revealed")]
        return z3.And(*parts)

    def init(s: Vars) -> Expr:
        parts = [
            z3.Not(s["ritual"]),
            z3.Not(s["sealed_any"]),
            *(s[f"last_{x}"] == 0 for x in ("victims", "minions", "agents")),
        ]
        for i in range(n):
            parts += [s[f"seal{i}"] == -1, s[f"cell{i}"] == STATION_CELL, s[f"victims{i}"] == 0]
        for c in range(CELLS):
            parts += [s[f"owner{c}"] == -1, s[f"hidden{c}"] == 0, s[f"revealed{c}"] == 0]
            parts.append(s[f"minions{c}"] == (p.station_minions if c == STATION_CELL else 0))
        return z3.And(*parts)

    return Model("seals", v, init, transitions, domain)


# ------------------------------------------------------------------------------------------------ dice
def dice_model(p: Params, k: Kernels) -> Model:
    """The dice pool (dice in the pool, dice set aside), the value of a chosen die, and a fight's resolution: the
    agents its dice remove and the blood they cost as the kernels count them (``removes``, ``bleeds``), beside the
    ghosts ``at_least_3`` and ``at_most_4``, the same counts as the text states them (wn.pl:473-479)."""
    v = _ints("pool", "aside", "value", "removes", "bleeds", "at_least_3", "at_most_4")
    face = z3.Int("face")

    def taken(s: Vars) -> Step:
        pool, aside = take_step(s["pool"], s["aside"], z3.IntVal(1))
        return {"pool": pool, "aside": aside}

    def refilled(s: Vars) -> Step:
        pool, aside = refill_step(s["pool"], s["aside"], z3.If)
        return {"pool": pool, "aside": aside}

    def resolved(s: Vars) -> Step:
        value = s["value"]
        return {
            "removes": s["removes"] + z3.If(k.die_removes(value), 1, 0),
            "bleeds": s["bleeds"] + z3.If(k.die_bleeds(value), 1, 0),
            "at_least_3": s["at_least_3"] + z3.If(value >= 3, 1, 0),
            "at_most_4": s["at_most_4"] + z3.If(value <= 4, 1, 0),
        }

    counts = ("removes", "bleeds", "at_least_3", "at_most_4")
    transitions = (
        Transition("a die is taken from the pool", "combat.dice", lambda s: s["pool"] >= 1, taken),
        Transition("the empty pool is rolled anew", "dice.pool", lambda s: s["pool"] == 0, refilled),
        Transition(
            "a die is rolled", "dice.pool", lambda s: z3.Or(*(face == f for f in FACES)), lambda s: {"value": face}
        ),
        Transition(
            "a chosen die is modified",
            "dice.modified",
            _true,
            lambda s: {"value": k.die_value(s["value"], z3.Int("modifier"), z3.If)},
        ),
        Transition("a chosen die is resolved", "combat.resolve", _true, resolved),
        Transition(
            "a fight's dice are chosen anew", "combat.fight", _true, lambda s: {name: z3.IntVal(0) for name in counts}
        ),
    )
    return Model(
        "dice",
        v,
        lambda s: z3.And(
            s["pool"] == 0, s["aside"] == p.dice, s["value"] >= 1, s["value"] <= 6, *(s[name] == 0 for name in counts)
        ),
        transitions,
    )


# ------------------------------------------------------------------------------------------------ day effects
def day_model(p: Params, k: Kernels) -> Model:
    """One district's tokens, its seal, and whether its day effect fired when the leader last resolved it."""
    v = _ints("minions", "hidden", "revealed") | _bools("sealed", "fired", "checked")
    fresh = {name: z3.Int(f"{name}_new") for name in ("minions", "hidden", "revealed")}
    all_agents = p.ruleset.hidden_agents_count == "all_agents"
    either = p.ruleset.day_effect_side == "either_side"

    def resolved(s: Vars) -> Step:
        agents = s["hidden"] + s["revealed"] if all_agents else s["revealed"]
        fires = k.day_effect_fires(s["minions"], agents, s["sealed"], z3.BoolVal(either), z3.Or, z3.And)
        return {"fired": fires, "checked": z3.BoolVal(True)}

    transitions = (
        Transition("the leader resolves the district's day effect", "day.effects", _true, resolved),
        Transition(
            "the district's tokens change, or it is sealed",
            "night.turn",
            lambda s: z3.And(*(value >= 0 for value in fresh.values())),
            lambda s: dict(fresh) | {"sealed": z3.Or(s["sealed"], z3.Bool("sealed_now")), "checked": z3.BoolVal(False)},
        ),
    )
    return Model(
        "day",
        v,
        lambda s: z3.And(z3.Not(s["checked"]), z3.Not(s["fired"]), z3.Not(s["sealed"])),
        transitions,
        lambda s: z3.And(s["minions"] >= 0, s["hidden"] >= 0, s["revealed"] >= 0),
    )


# ------------------------------------------------------------------------------------------------ the leader
def leader_model(p: Params, k: Kernels) -> Model:
    """The leader token: the seat chosen at setup (``first``), the round, and the pass at each new day. The engine
    passes it with its own arithmetic (``rules/day.py``): the game has no kernel for it, so the model writes the
    same step, and the soak checks the engine against it."""
    n = p.seats
    v = _ints("leader", "first", "round") | _bools("chosen")
    pick = z3.Int("pick")
    transitions = (
        Transition(
            "the table gives the leader token at setup",
            "setup.leader",
            lambda s: z3.And(s["round"] == 1, z3.Not(s["chosen"]), _within(pick, n)),
            lambda s: {"leader": pick, "first": pick, "chosen": z3.BoolVal(True)},
        ),
        Transition(
            "a new round's day begins: the token passes on",
            "day.leader",
            _true,
            lambda s: {
                "round": s["round"] + 1,
                "leader": z3.If(s["round"] + 1 > 1, (s["leader"] + 1) % n, s["leader"]),
            },
        ),
    )
    return Model(
        "leader",
        v,
        lambda s: z3.And(s["leader"] == 0, s["first"] == 0, s["round"] == 1, z3.Not(s["chosen"])),
        transitions,
    )


# ------------------------------------------------------------------------------------------------ the event deck
def deck_model(p: Params, k: Kernels) -> Model:
    """The event deck's three acts (cards left in each, top first), the cards revealed, the cards an ability took
    only to mark a place (Nevena's, wn.pl:626-628), the round, whether this round's card is revealed, and the loss at
    an empty deck."""
    v = _ints("act1", "act2", "act3", "reveals", "taken", "round") | _bools("shown", "over")
    acts = ("act1", "act2", "act3")

    def drawn(s: Vars, counter: str, shown: Expr) -> Step:
        counts = draw_counts([s[name] for name in acts], z3.If)
        return dict(zip(acts, counts, strict=True)) | {counter: s[counter] + 1, "shown": shown}

    def left(s: Vars) -> Expr:
        return s["act1"] + s["act2"] + s["act3"]

    def live(s: Vars) -> Expr:
        return z3.Not(s["over"])

    transitions = [
        Transition(
            "the leader reveals the top event card",
            "events.reveal",
            lambda s: z3.And(z3.Not(s["shown"]), live(s), left(s) >= 1),
            lambda s: drawn(s, "reveals", z3.BoolVal(True)),
        ),
        Transition(
            "a card must be revealed from an empty deck",
            "end.over",
            lambda s: z3.And(z3.Not(s["shown"]), live(s), left(s) == 0),
            lambda s: {"over": z3.BoolVal(True)},
        ),
        Transition(
            "an ability takes the top card only to mark a place",
            "events.place_only",
            lambda s: z3.And(live(s), left(s) >= 1),
            lambda s: drawn(s, "taken", s["shown"]),
        ),
        Transition(
            "the round ends",
            "night.end",
            lambda s: z3.And(s["shown"], live(s)),
            lambda s: {"round": s["round"] + 1, "shown": z3.BoolVal(False)},
        ),
    ]
    if p.ruleset.event_place_empty_deck == "game_lost":
        transitions.append(
            Transition(
                "an ability must take a card from an empty deck",
                "events.place_only",
                lambda s: z3.And(live(s), left(s) == 0),
                lambda s: {"over": z3.BoolVal(True)},
            )
        )
    k_cards = p.cards_per_deck
    return Model(
        "deck",
        v,
        lambda s: z3.And(
            *(s[name] == k_cards for name in acts),
            s["reveals"] == 0,
            s["taken"] == 0,
            s["round"] == 1,
            z3.Not(s["shown"]),
            z3.Not(s["over"]),
        ),
        tuple(transitions),
    )


#: Every model, by name.
MODELS: Final[dict[str, Callable[[Params, Kernels], Model]]] = {
    "veil": veil_model,
    "blood": blood_model,
    "agents": agent_model,
    "minions": minion_model,
    "relics": relic_model,
    "seals": seal_model,
    "dice": dice_model,
    "day": day_model,
    "leader": leader_model,
    "deck": deck_model,
}
