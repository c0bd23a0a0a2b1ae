"""Symbolic transition systems of the rules' counted resources, built from the engine's own kernels.

Each model has Z3 variables for a small abstract state, the transitions the rules make on it (each named by the
rule that makes it, with its guard), and an initial condition. The arithmetic of every transition is the kernel
the engine runs (:mod:`armata_rules.effects`: ``blood_step``, ``wound_step``, ``perishes``, ``strigoi_win``,
``fight_token_room``), called with ``z3.If`` instead of Python's conditional, so what is proved is what runs.
Parameters that differ by edition and player count (counters, the altar cap, the inferno table, Strigoi existence)
are plain integers: every obligation is checked per preset and per player count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import z3

from armata_rules import effects as real_effects
from armata_rules.components.pack import DataPack
from armata_rules.effects import GainBlood, LoseBlood, MoveBlood
from armata_rules.kernel.verify.induction import Model, Transition
from armata_rules.state import Pool
from armata_rules.variants import LastLadder, Ruleset

__all__ = ["MODELS", "Kernels", "Model", "Params", "Transition", "params_for"]

Expr = Any  # a Z3 expression; z3 ships no type information


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers a proof depends on, for one preset and one player count."""

    preset: str
    players: int
    counters: int
    cap: int
    required: int
    loss: int
    fight_tokens: int
    ladders: int
    existence: tuple[tuple[int, int], tuple[int, int]]  # (side, supreme) for Master, Apprentice
    strigoi_gain: bool


def params_for(ruleset: Ruleset, players: int, pack: DataPack) -> Params:
    """The parameters of ``ruleset`` with ``players`` heroes and ``pack``'s printed tables."""
    tables = pack.tables
    master, apprentice = pack.strigoi_card("Master"), pack.strigoi_card("Apprentice")
    return Params(
        ruleset.name,
        players,
        tables.blood_counters[ruleset.components.value],
        tables.altar_cap,
        tables.altar_required[players],
        tables.inferno_loss[players],
        tables.fight_tokens,
        tables.ladder_tiles,
        ((master.side.existence, master.supreme.existence), (apprentice.side.existence, apprentice.supreme.existence)),
        ruleset.last_ladder is LastLadder.STRIGOI_GAIN,
    )


@dataclass(frozen=True)
class Kernels:
    """The kernels a model is built from: the engine's by default; negative controls swap some for broken ones."""

    blood_step: Callable[..., tuple[Expr, Expr, Expr]] = real_effects.blood_step
    wound_step: Callable[..., tuple[Expr, Expr]] = real_effects.wound_step
    perishes: Callable[..., Expr] = real_effects.perishes
    strigoi_win: Callable[..., Expr] = real_effects.strigoi_win
    fight_token_room: Callable[..., Expr] = real_effects.fight_token_room
    tokens_placed: int = 1
    ladders_destroyed: int = 1
    raise_supreme_on_wound: bool = False


def _ints(*names: str) -> dict[str, Expr]:
    return {n: z3.Int(n) for n in names}


def _with_victory(k: Kernels, p: Params, post: dict[str, Expr], pre: Mapping[str, Expr]) -> dict[str, Expr]:
    """After every change the engine checks the inferno (engine._check_victory)."""
    post["over"] = z3.Or(pre["over"], k.strigoi_win(post["inferno"], p.loss))
    return post


def blood_model(p: Params, k: Kernels) -> Model:
    """Blood counters between supply, altar and inferno, with the game-over flag."""
    v = _ints("supply", "altar", "inferno") | {"over": z3.Bool("over")}

    def effect(e: object, rule: str, name: str) -> Transition:
        def step(s: Mapping[str, Expr]) -> dict[str, Expr]:
            supply, altar, inferno = k.blood_step(e, s["supply"], s["altar"], s["inferno"], z3.If)
            return _with_victory(k, p, {"supply": supply, "altar": altar, "inferno": inferno}, s)

        return Transition(name, rule, lambda s: z3.Not(s["over"]), step)

    transitions = [
        effect(GainBlood(p.cap), "encounter.loot", "gain a blood point"),
        effect(LoseBlood(), "wounds.third", "lose a blood point"),
    ]
    if p.strigoi_gain:
        transitions.append(effect(MoveBlood(Pool.SUPPLY, Pool.INFERNO), "strigoi.ladders", "the Strigoi gain one"))
    return Model(
        "blood",
        v,
        lambda s: z3.And(s["supply"] == p.counters, s["altar"] == 0, s["inferno"] == 0, z3.Not(s["over"])),
        tuple(transitions),
    )


def wound_model(p: Params, k: Kernels) -> Model:
    """One hero's wound points and the blood counters: drawing a wound of value 1 or 2, healing."""
    v = _ints("points", "supply", "altar", "inferno") | {"over": z3.Bool("over")}

    def draw(value: int) -> Transition:
        def step(s: Mapping[str, Expr]) -> dict[str, Expr]:
            points, third = k.wound_step(s["points"], value, z3.If)
            supply, altar, inferno = k.blood_step(LoseBlood(), s["supply"], s["altar"], s["inferno"], z3.If)
            post = {
                "points": points,
                "supply": z3.If(third, supply, s["supply"]),
                "altar": z3.If(third, altar, s["altar"]),
                "inferno": z3.If(third, inferno, s["inferno"]),
            }
            return _with_victory(k, p, post, s)

        return Transition(f"draw a wound worth {value}", "wounds.draw", lambda s: z3.Not(s["over"]), step)

    def heal(value: int) -> Transition:
        def step(s: Mapping[str, Expr]) -> dict[str, Expr]:
            return {
                "points": s["points"] - value,
                "supply": s["supply"],
                "altar": s["altar"],
                "inferno": s["inferno"],
                "over": s["over"],
            }

        return Transition(f"heal a wound worth {value}", "ability.heal", lambda s: s["points"] >= value, step)

    return Model(
        "wounds",
        v,
        lambda s: z3.And(
            s["points"] == 0, s["supply"] == p.counters, s["altar"] == 0, s["inferno"] == 0, z3.Not(s["over"])
        ),
        (draw(1), draw(2), heal(1), heal(2)),
    )


def strigoi_model(p: Params, k: Kernels) -> Model:
    """The two Strigoi: wounds, defeat, the Supreme, the collapses, the pack's victory (fights.strigoi_wounded)."""
    v = _ints("w0", "w1", "collapsed") | {n: z3.Bool(n) for n in ("d0", "d1", "s0", "s1", "won")}

    def existence(s: Mapping[str, Expr], i: int) -> Expr:
        side, supreme = p.existence[i]
        return z3.If(s[f"s{i}"], supreme, side)

    def wound(i: int) -> Transition:
        j = 1 - i

        def step(s: Mapping[str, Expr]) -> dict[str, Expr]:
            w = s[f"w{i}"] + 1
            dies = k.perishes(w, existence(s, i))
            supreme_i = s[f"s{i}"]
            rise = z3.And(dies, z3.Not(supreme_i), z3.Not(s[f"d{j}"]))
            if k.raise_supreme_on_wound:
                rise = z3.Not(s[f"d{j}"])
            j_dies_at_rise = z3.And(rise, s[f"w{j}"] >= p.existence[j][1])
            post = {
                f"w{i}": w,
                f"w{j}": s[f"w{j}"],
                f"d{i}": z3.Or(s[f"d{i}"], dies),
                f"d{j}": z3.Or(s[f"d{j}"], j_dies_at_rise),
                f"s{i}": supreme_i,
                f"s{j}": z3.Or(s[f"s{j}"], rise),
                "won": z3.Or(s["won"], z3.And(dies, supreme_i), j_dies_at_rise),
                "collapsed": z3.If(z3.And(supreme_i, z3.Not(dies)), s["collapsed"] + 1, s["collapsed"]),
            }
            return post

        def guard(s: Mapping[str, Expr]) -> Expr:
            return z3.And(z3.Not(s[f"d{i}"]), z3.Not(s["won"]))

        return Transition(f"wound the {('Master', 'Apprentice')[i]}", "fight.strigoi", guard, step)

    return Model(
        "strigoi",
        v,
        lambda s: z3.And(
            s["w0"] == 0, s["w1"] == 0, s["collapsed"] == 0, *(z3.Not(s[n]) for n in ("d0", "d1", "s0", "s1", "won"))
        ),
        (wound(0), wound(1)),
    )


def board_model(p: Params, k: Kernels) -> Model:
    """Fight tokens on the board and ladder tiles: placed after encounters, cleared, destroyed."""
    v = _ints("tokens", "ladders", "ladders_before")

    def encounter_done(s: Mapping[str, Expr]) -> dict[str, Expr]:
        room = k.fight_token_room(s["tokens"], p.fight_tokens)
        return {
            "tokens": z3.If(room, s["tokens"] + k.tokens_placed, s["tokens"]),
            "ladders": s["ladders"],
            "ladders_before": s["ladders"],
        }

    def gates(s: Mapping[str, Expr]) -> dict[str, Expr]:
        return {"tokens": s["tokens"] - s["tokens"], "ladders": s["ladders"], "ladders_before": s["ladders"]}

    def destroy(s: Mapping[str, Expr]) -> dict[str, Expr]:
        return {"tokens": s["tokens"], "ladders": s["ladders"] - k.ladders_destroyed, "ladders_before": s["ladders"]}

    return Model(
        "board",
        v,
        lambda s: z3.And(
            s["tokens"] == 0, s["ladders"] >= 0, s["ladders"] <= p.ladders, s["ladders_before"] == s["ladders"]
        ),
        (
            Transition("place a fight token", "encounter.fight_token", lambda s: z3.BoolVal(True), encounter_done),
            Transition("open the Gates of Hell", "ability.gates_of_hell", lambda s: z3.BoolVal(True), gates),
            Transition("destroy a ladder", "strigoi.ladders", lambda s: s["ladders"] >= 1, destroy),
        ),
    )


MODELS: dict[str, Callable[[Params, Kernels], Model]] = {
    "blood": blood_model,
    "wounds": wound_model,
    "strigoi": strigoi_model,
    "board": board_model,
}
