"""The arithmetic of *Władcy Nocy* as int-or-Z3 kernels (:mod:`armata_rules.kernel.play.effects`), written over the
kernel's equipment kernels: what the engine runs on ints is what the proofs run on Z3 terms.

Each kernel is a small pure function of counts and truth values; the rules (``rules/``) and the content interpreter
(``content/interpreter.py``) call them through :mod:`armata_rules.wladcy_nocy.board`, never do the arithmetic
themselves. Conditionals go through ``ite`` (``z3.If`` in a proof), a disjunction through ``either`` (``z3.Or``).
Constants are built from a parameter (``zero = x - x``) so that a kernel mixes no kinds of numbers. This module
stays Python: its functions are called with Z3 terms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from armata_rules.kernel.equipment.counters import spend_step, transfer_step
from armata_rules.kernel.equipment.dice import modify_step
from armata_rules.kernel.equipment.tracks import clamp_step
from armata_rules.kernel.play.effects import IteOf, N, concrete_and, concrete_ite

__all__ = [
    "AP_PER_NIGHT",
    "BLEEDS_TO",
    "BLOOD_MAX",
    "REMOVES_FROM",
    "VEIL_START",
    "VEIL_TOP",
    "ap_change",
    "ap_spend",
    "blood_gain",
    "blood_payment",
    "blood_shed",
    "concrete_not",
    "concrete_or",
    "day_effect_fires",
    "die_bleeds",
    "die_removes",
    "die_value",
    "minion_majority",
    "placement_penalty",
    "relic_cap",
    "ritual_allowed",
    "seal_allowed",
    "veil_lost",
    "veil_step",
    "victims_step",
]

#: The veil track runs 0-6 and starts at 6 (wn.pl:161); strengthening past 6 does nothing (wn.pl:600).
VEIL_TOP: Final = 6
VEIL_START: Final = 6
#: A vampire holds up to 4 blood tokens without Nieskazitelna krew (wn.pl:54, wn.pl:375).
BLOOD_MAX: Final = 4
#: Each vampire gets 2 action points when the night begins (wn.pl:271).
AP_PER_NIGHT: Final = 2
#: A die of 3 or more removes its agent; a die of 4 or less costs the fighter a blood token (wn.pl:473-479).
REMOVES_FROM: Final = 3
BLEEDS_TO: Final = 4
#: The victim levels at which a vampire may hold one relic, then two (wn.pl:533-535).
ONE_RELIC_AT: Final = 2
TWO_RELICS_AT: Final = 5


def concrete_or(a: object, b: object) -> object:
    """``a or b`` as a truth value: the engine's disjunction (a proof passes ``z3.Or``)."""
    return bool(a) or bool(b)


def concrete_not(a: object) -> object:
    """``not a``: the engine's negation (a proof passes ``z3.Not``)."""
    return not a


# ------------------------------------------------------------------------------------------------ the veil
def veil_step(veil: N, delta: N, ite: IteOf[N] = concrete_ite) -> N:
    """The veil moved by ``delta`` (+ strengthens, - weakens), held within 0..6: strengthening a veil at 6 does
    nothing (wn.pl:103, wn.pl:161, wn.pl:598-600), and it never goes below 0."""
    zero = veil - veil
    return clamp_step(veil, delta, zero, zero + VEIL_TOP, ite)


def veil_lost(veil: N) -> object:
    """Whether the veil is down to 0: the players lose at once (wn.pl:444), even while paying a Dark cost
    (wn.pl:401)."""
    return veil <= 0


def placement_penalty(landed: N, near: object, per_agent: object, ite: IteOf[N] = concrete_ite) -> N:
    """The veil an event's placement of ``landed`` agents into one district costs: none unless the district holds a
    minion or a vampire that is not exhausted (``near``, wn.pl:243, wn.pl:523, judged where the agents actually land,
    wn.pl:638); then 1 for the placement, or 1 per agent under ``per_agent`` (reading ``veil_penalty_unit``,
    wn.pl:243 against wn.pl:257)."""
    zero = landed - landed
    charged = ite(per_agent, landed, ite(landed > zero, zero + 1, zero))
    return ite(near, charged, zero)


# ------------------------------------------------------------------------------------------------ dice
def die_value(value: N, modifier: N, ite: IteOf[N] = concrete_ite) -> N:
    """A die's value after a modifier, kept within 1..6 (wn.pl:610-612)."""
    zero = value - value
    return modify_step(value, modifier, zero + 1, zero + 6, ite)


def die_removes(value: N) -> object:
    """Whether a chosen die removes its agent: 3 to 6 (wn.pl:474-475, wn.pl:479)."""
    return value >= REMOVES_FROM


def die_bleeds(value: N) -> object:
    """Whether a chosen die costs the fighter a blood token: 1 to 4 (wn.pl:473-474, wn.pl:479)."""
    return value <= BLEEDS_TO


# ------------------------------------------------------------------------------------------------ blood
def blood_gain(supply: N, blood: N, amount: N, cap: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N, N]:
    """``(supply, blood, gained)`` after a vampire gains up to ``amount`` blood from the supply, never above its
    maximum ``cap`` (4, or 6 with Nieskazitelna krew: wn.pl:54, wn.pl:375, wn.pl:391)."""
    return transfer_step(supply, blood, amount, cap, ite)


def blood_payment(blood: N, owed: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N]:
    """``(blood, unpaid)`` after a vampire pays up to ``owed`` blood tokens: what it cannot pay is left unpaid, for
    the others in its district to pay (wn.pl:483)."""
    paid = ite(owed < blood, owed, blood)
    return blood - paid, owed - paid


def blood_shed(blood: N, cap: N, ite: IteOf[N] = concrete_ite) -> tuple[N, N]:
    """``(blood, excess)``: blood above a vampire's maximum, once its maximum falls (it no longer holds
    Nieskazitelna krew), returns to the supply at once (reading ``immaculate_blood_loss``, wn.pl:54)."""
    zero = blood - blood
    excess = ite(blood > cap, blood - cap, zero)
    return blood - excess, excess


# ------------------------------------------------------------------------------------------------ victims, relics, AP
def victims_step(victims: N, gained: N, cap: N, ite: IteOf[N] = concrete_ite) -> N:
    """Victims after gaining ``gained`` (agents the fighter removed by dice and minions, wn.pl:485), never above
    the track's top ``cap`` (reading ``victim_track_cap``)."""
    raised = victims + gained
    return ite(raised > cap, cap, raised)


def relic_cap(victims: N, ite: IteOf[N] = concrete_ite) -> N:
    """How many relics a vampire may hold: none below 2 victims, one from 2, two from 5 (wn.pl:533-535)."""
    zero = victims - victims
    return ite(victims >= TWO_RELICS_AT, zero + 2, ite(victims >= ONE_RELIC_AT, zero + 1, zero))


def ap_spend(ap: N, cost: N, ite: IteOf[N] = concrete_ite) -> tuple[N, object]:
    """``(ap, spent)``: an action's cost paid from the vampire's action points if it has that many (wn.pl:279,
    wn.pl:304-315)."""
    return spend_step(ap, cost, ite)


def ap_change(ap: N, delta: N, ite: IteOf[N] = concrete_ite) -> N:
    """Action points changed by an effect (wn.pl:271), never below 0."""
    zero = ap - ap
    moved = ap + delta
    return ite(moved < zero, zero, moved)


# ------------------------------------------------------------------------------------------------ majorities
def minion_majority(
    minions: N, agents: N, sealed: object, either: Callable[[object, object], object] = concrete_or
) -> object:
    """Whether a district counts as holding more minions than agents: a sealed one always does (wn.pl:417,
    wn.pl:592); otherwise strictly more minions (wn.pl:221, wn.pl:592)."""
    return either(sealed, minions > agents)


def day_effect_fires(
    minions: N,
    agents: N,
    sealed: object,
    either_side: object,
    either: Callable[[object, object], object] = concrete_or,
    both: Callable[[object, object], object] = concrete_and,
) -> object:
    """Whether a district's day effect fires: one side must have more tokens, a tie fires nothing (wn.pl:590-592);
    the minions' side (a sealed district counts so) fires it, and under ``either_side`` (reading
    ``day_effect_side``) the agents' side too."""
    agents_ahead = both(either_side, agents > minions)
    return either(minion_majority(minions, agents, sealed, either), agents_ahead)


def seal_allowed(
    victims: N,
    level: N,
    minions: N,
    agents: N,
    other_seal: object,
    seal_left: object,
    both: Callable[[object, object], object] = concrete_and,
    negate: Callable[[object], object] = concrete_not,
) -> object:
    """Whether the active vampire may seal its district: the victims that unlock it, ``level`` (9, wn.pl:409), at
    least one minion there, no agents and no other seal (wn.pl:411), and its one seal still unplaced (wn.pl:413)."""
    ready = both(victims >= level, minions >= 1)
    return both(both(ready, agents <= 0), both(negate(other_seal), seal_left))


def ritual_allowed(
    victims: N,
    level: N,
    seals_left: N,
    vampires_elsewhere: N,
    agents: N,
    minions: N,
    vampires: N,
    both: Callable[[object, object], object] = concrete_and,
) -> object:
    """Whether the active vampire may begin the Blood Moon ritual: the victims that unlock it, ``level`` (9,
    wn.pl:423), every seal placed, every vampire in its district, no agents there and at least as many minions as
    vampires (wn.pl:425, wn.pl:433-434)."""
    gathered = both(seals_left <= 0, vampires_elsewhere <= 0)
    return both(both(victims >= level, gathered), both(agents <= 0, minions >= vampires))
