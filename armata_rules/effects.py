"""The small language of resource changes.

Every change of a counted resource (blood points between supply, altar and inferno; cards between zones; wound
tokens; fight tokens; ladders; pieces on the board) is an *effect value*, defined in
:mod:`armata_rules.effect_values` (compiled in the compiled build) and re-exported here. The engine executes effect
values with :func:`armata_rules.rules.executor.execute`; :mod:`armata_rules.verify` encodes the very same values
symbolically, and runs the very kernels below on Z3 terms, so what is proved is what runs. This module stays Python
in the compiled build (the kernels take Z3 terms; the engine controls break them here). Effects are total: an effect
whose precondition fails (moving a card that is not there) raises
:class:`~armata_rules.errors.EngineInvariantError`, since a rule's guard must have ruled that out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from armata_rules.effect_values import (
    AddWound,
    CardZone,
    CollapsePlatform,
    DefeatStrigoi,
    DestroyLadder,
    DiscardToStack,
    DiscardWound,
    Earn,
    Effect,
    GainBlood,
    GainToken,
    HandOver,
    LeaveOnTop,
    LoseBlood,
    MoveBlood,
    MoveCard,
    MoveHero,
    PlaceFightToken,
    PlaceLadderTile,
    PlaceStrigoi,
    RaiseSupreme,
    RemoveFightToken,
    Reshuffle,
    RotatePlatform,
    SetAttackMarker,
    SpendIcon,
    SpendToken,
    TakeFromStack,
    WoundStrigoi,
)
from armata_rules.kernel.play.effects import Ite, Num, concrete_ite
from armata_rules.state import Pool

__all__ = [
    "STACKS",
    "TRACE",
    "AddWound",
    "CardZone",
    "CollapsePlatform",
    "DefeatStrigoi",
    "DestroyLadder",
    "DiscardToStack",
    "DiscardWound",
    "Earn",
    "Effect",
    "GainBlood",
    "GainToken",
    "HandOver",
    "Ite",
    "LeaveOnTop",
    "LoseBlood",
    "MoveBlood",
    "MoveCard",
    "MoveHero",
    "Num",
    "PlaceFightToken",
    "PlaceLadderTile",
    "PlaceStrigoi",
    "RaiseSupreme",
    "RemoveFightToken",
    "Reshuffle",
    "RotatePlatform",
    "SetAttackMarker",
    "SpendIcon",
    "SpendToken",
    "TakeFromStack",
    "WoundStrigoi",
    "blood_step",
    "concrete_ite",
    "fight_token_room",
    "jump_trail_after",
    "may_attack_strigoi",
    "may_engage",
    "may_step",
    "perishes",
    "step_cost",
    "steps_after",
    "strigoi_win",
    "wound_step",
]


#: When a list, every executed effect is appended to it (conformance tests read it; the engine never does).
TRACE: list[Effect] | None = None


# ---------------------------------------------------------------------------------------------- kernels
# The arithmetic of the rules, written once for two kinds of numbers: Python ints, which the engine runs, and
# Z3 integer terms, which armata_rules.verify reasons about. Conditionals go through ``ite`` so that the same
# code builds a value or a symbolic if-then-else. The idiom (Num, Ite, concrete_ite) is the kernel's
# (armata_rules.kernel.play.effects), re-exported here.


def blood_step(effect: Effect, supply: Num, altar: Num, inferno: Num, ite: Ite = concrete_ite) -> tuple[Num, Num, Num]:
    """Blood counters (supply, altar, inferno) after ``effect``.

    GainBlood: supply → altar unless the altar is at the cap or the supply is empty (peg19.en:780, :880).
    LoseBlood: altar → inferno, else supply → inferno (peg19.en:870). MoveBlood: one counter if the source has one.
    """
    match effect:
        case GainBlood(cap=cap):
            room = ite(altar < cap, ite(supply > 0, altar + 1, altar), altar)
            gained = ite(altar < cap, ite(supply > 0, supply - 1, supply), supply)
            return gained, room, inferno
        case LoseBlood():
            return ite(altar > 0, supply, supply - 1), ite(altar > 0, altar - 1, altar), inferno + 1
        case MoveBlood(source=source, target=target):
            values = {Pool.SUPPLY: supply, Pool.ALTAR: altar, Pool.INFERNO: inferno}
            has = values[source] > 0
            out = dict(values)
            out[source] = ite(has, values[source] - 1, values[source])
            out[target] = ite(has, values[target] + 1, values[target])
            return out[Pool.SUPPLY], out[Pool.ALTAR], out[Pool.INFERNO]
    return supply, altar, inferno


def wound_step(points: Num, value: int, ite: Ite = concrete_ite) -> tuple[Num, object]:
    """A hero's wound points after drawing a wound worth ``value``, and whether it was the third wound point.

    The third point costs a blood point and discards every wound token at once (peg19.en:868-872).
    """
    total = points + value
    third = total >= 3
    return ite(third, 0, total), third


def perishes(wounds: Num, existence: int) -> object:
    """Whether a Strigoi with ``wounds`` is defeated (peg19.en:907)."""
    return wounds >= existence


def strigoi_win(inferno: Num, loss: int) -> object:
    """Whether the inferno holds enough blood points for the Strigoi to win at once (peg19.en:936)."""
    return inferno >= loss


def fight_token_room(on_board: Num, tokens: int) -> object:
    """Whether a fight token is left to place without taking one back (peg19.en:797-799)."""
    return on_board < tokens


def _both(a: object, b: object) -> object:
    return bool(a) and bool(b)


def _negate(a: object) -> object:
    return not a


def _either(a: object, b: object) -> object:
    return bool(a) or bool(b)


def may_engage(engaged: object, negate: Callable[[object], object] = _negate) -> object:
    """Whether the active hero may still have the turn's one encounter or Strigoi fight (peg19.en:801): not once
    one is under way or done this turn. Every rule that starts one (flipping or peeking at an encounter, an attack
    from the fight phase, stopping on or leaping onto an encounter space) asks this kernel."""
    return negate(engaged)


def may_attack_strigoi(
    engaged: object,
    encountered: object,
    after_encounter: object,
    negate: Callable[[object], object] = _negate,
    both: Callable[[object, object], object] = _both,
    either: Callable[[object, object], object] = _either,
) -> object:
    """Whether the active hero may attack a Strigoi from the fight phase: before the turn's one encounter or fight
    (:func:`may_engage`), or, where the ``strigoi_after_encounter`` reading allows an attack after the encounter
    (``after_encounter``: the French and Spanish texts, peg19.fr:1895, peg19.es:2372), once after it. The encounter
    leaves the turn's ``encountered`` flag set and the attack clears it, so one attack at most follows it."""
    return either(may_engage(engaged, negate), both(after_encounter, encountered))


def step_cost(onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """What a step costs: nothing onto a space held by another Powerwolf (the jump), else one (peg19.en:765)."""
    return ite(onto_powerwolf, 0, 1)


def steps_after(steps_left: Num, onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """Movement left after a step: less what it costs (peg19.en:760, :765)."""
    return steps_left - cast(int, step_cost(onto_powerwolf, ite))  # an int, or a Z3 term when ``ite`` is z3's


def jump_trail_after(trail: Num, onto_powerwolf: object, ite: Ite = concrete_ite) -> Num:
    """How many jumped spaces the hero has crossed since the last step that counted: one more after a jump,
    none after a counted step (the interpretation ``jump-lands-beyond``)."""
    return ite(onto_powerwolf, trail + 1, 0)


def may_step(
    steps_left: Num,
    back_on_trail: object,
    both: Callable[[object, object], object] = _both,
    negate: Callable[[object], object] = _negate,
) -> object:
    """Whether a step is allowed: movement is left, and it does not go back onto a space of the current jump
    (the space the jump started from or one already jumped), so a jump always lands beyond (peg19.en:765)."""
    return both(steps_left >= 1, negate(back_on_trail))


# ---------------------------------------------------------------------------------------------- stacks and tokens
STACKS = ("reward_deck", "reward_tokens", "red", "grey", "strigoi_tokens", "wound_stack")
