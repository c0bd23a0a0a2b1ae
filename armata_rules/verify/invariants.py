"""The invariants the project proves, declared once: what each says, the clauses behind it, its symbolic form
over a model of :mod:`armata_rules.verify.models`, and its concrete form over a real game state (checked after
every step of the state-machine tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import z3

from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState
from armata_rules.verify.models import Params

__all__ = ["CONCRETE_ONLY", "INVARIANTS", "Invariant"]

Expr = Any


@dataclass(frozen=True, slots=True)
class Invariant:
    """One property of every reachable state.

    ``model`` names the symbolic model it is proved on (``None`` when it is a property of the printed tables
    alone), ``symbolic`` builds it over the model's variables, ``concrete`` checks it on a game state.
    """

    id: str
    title: str
    statement: str
    clauses: tuple[str, ...]
    model: str | None
    symbolic: Callable[[Mapping[str, Expr], Params], Expr]
    concrete: Callable[[RulesContext, GameState], bool]
    strengthening: str = ""


def _wound_points(ctx: RulesContext, state: GameState) -> list[int]:
    return [sum(ctx.pack.wound_tokens[w].value for w in hero.wounds) for hero in state.heroes]


def _existence(ctx: RulesContext, state: GameState, i: int) -> int:
    s = state.strigoi[i]
    card = ctx.pack.strigoi_card(s.name)
    return card.supreme.existence if s.supreme else card.side.existence


def _cards_conserved(ctx: RulesContext, state: GameState) -> bool:
    places: Counter[str] = Counter()
    for hero in state.heroes:
        places.update(hero.hand)
        places.update(hero.played)
        places.update(hero.discard)
        if hero.chosen is not None:
            places[hero.chosen] += 1
    places.update(state.reward_deck.hidden)
    places.update(state.reward_deck.top)
    places.update(state.advanced_supply)
    places.update(state.box)
    heroes = {card for hero in ctx.heroes for card in ctx.pack.hero_cards(hero)}
    advanced = {card.id for card in ctx.pack.advanced_cards}
    owned = heroes | advanced | set(ctx.pack.reward_deck(ctx.edition))
    return set(places) == owned and all(n == 1 for n in places.values())


INVARIANTS: tuple[Invariant, ...] = (
    Invariant(
        "altar-cap",
        "The altar cap",
        "The altar never holds more than the cap (5) of blood points, nor fewer than none.",
        ("peg19.en:880", "sb19.en:437"),
        "blood",
        lambda s, p: z3.And(s["altar"] >= 0, s["altar"] <= p.cap),
        lambda ctx, st: 0 <= st.blood.altar <= ctx.altar_cap,
    ),
    Invariant(
        "blood-conservation",
        "Blood points are conserved",
        "Supply, altar and inferno always hold the edition's counters between them, none negative.",
        ("peg19.en:668", "sb19.de:140", "peg19.en:870"),
        "blood",
        lambda s, p: z3.And(s["supply"] + s["altar"] + s["inferno"] == p.counters, s["supply"] >= 0, s["inferno"] >= 0),
        lambda ctx, st: st.blood.total == ctx.pack.tables.blood_counters[ctx.edition] and st.blood.supply >= 0,
        strengthening="the game stops as soon as the inferno reaches the table value (inferno-ends-the-game), so "
        "the supply still holds a counter whenever a blood point is lost from an empty altar",
    ),
    Invariant(
        "inferno-ends-the-game",
        "The inferno ends the game at once",
        "Whenever the inferno holds the table's blood points for the player count, the game is over.",
        ("peg19.en:936", "peg19.en:940-941", "sb19.en:493"),
        "blood",
        lambda s, p: z3.Implies(s["inferno"] >= p.loss, s["over"]),
        lambda ctx, st: st.blood.inferno < ctx.inferno_loss or st.is_over,
    ),
    Invariant(
        "wound-reset",
        "The third wound resets the hero",
        "After any complete transition no hero holds 3 or more wound points.",
        ("peg19.en:868", "peg19.en:872", "sb19.en:433"),
        "wounds",
        lambda s, p: z3.And(s["points"] >= 0, s["points"] <= 2),
        lambda ctx, st: all(0 <= points <= 2 for points in _wound_points(ctx, st)),
    ),
    Invariant(
        "wound-blood",
        "Wounds keep the blood counters conserved",
        "Drawing and healing wounds keeps the blood counters conserved and the altar within its cap.",
        ("peg19.en:868", "peg19.en:870"),
        "wounds",
        lambda s, p: z3.And(
            s["supply"] + s["altar"] + s["inferno"] == p.counters,
            s["supply"] >= 0,
            s["altar"] >= 0,
            s["altar"] <= p.cap,
            z3.Implies(s["inferno"] >= p.loss, s["over"]),
        ),
        lambda ctx, st: st.blood.total == ctx.pack.tables.blood_counters[ctx.edition],
    ),
    Invariant(
        "strigoi-defeat",
        "A Strigoi with enough wounds is defeated",
        "A Strigoi still in play has fewer wounds than its existence on its current side.",
        ("peg19.en:907", "sb19.en:464"),
        "strigoi",
        lambda s, p: z3.And(
            *(
                z3.Implies(z3.Not(s[f"d{i}"]), s[f"w{i}"] < z3.If(s[f"s{i}"], p.existence[i][1], p.existence[i][0]))
                for i in (0, 1)
            )
        ),
        lambda ctx, st: all(s.defeated or s.wounds < _existence(ctx, st, i) for i, s in enumerate(st.strigoi)),
    ),
    Invariant(
        "one-supreme",
        "At most one Supreme, and only after a defeat",
        "Never two Supreme Strigoi; a Supreme exists only once the other Strigoi has perished.",
        ("peg19.en:909", "sb19.en:466"),
        "strigoi",
        lambda s, p: z3.And(
            z3.Not(z3.And(s["s0"], s["s1"])), z3.Implies(s["s0"], s["d1"]), z3.Implies(s["s1"], s["d0"])
        ),
        lambda ctx, st: (
            sum(s.supreme for s in st.strigoi) <= 1
            and all(not s.supreme or st.strigoi[1 - i].defeated for i, s in enumerate(st.strigoi))
        ),
    ),
    Invariant(
        "collapse-after-supreme",
        "Platforms collapse only after the Supreme exists",
        "A collapsed platform means a Supreme Strigoi is (or was) in play.",
        ("peg19.en:909", "peg19.en:913", "sb19.en:470"),
        "strigoi",
        lambda s, p: z3.Implies(s["collapsed"] > 0, z3.Or(s["s0"], s["s1"])),
        lambda ctx, st: not st.board.collapsed or any(s.supreme for s in st.strigoi),
    ),
    Invariant(
        "fight-tokens",
        "At most six fight tokens",
        "The board never holds more fight tokens than the game has (6), nor fewer than none.",
        ("peg19.en:660", "peg19.en:797", "peg19.en:799"),
        "board",
        lambda s, p: z3.And(s["tokens"] >= 0, s["tokens"] <= p.fight_tokens),
        lambda ctx, st: (
            0 <= len(st.fight_tokens) <= ctx.pack.tables.fight_tokens
            and len(set(st.fight_tokens)) == len(st.fight_tokens)
        ),
    ),
    Invariant(
        "ladders-never-increase",
        "Ladders never increase",
        "Once placed, ladder tiles only leave the board; never more than the game has (5).",
        ("peg19.en:638", "peg19.en:818"),
        "board",
        lambda s, p: z3.And(s["ladders"] >= 0, s["ladders"] <= s["ladders_before"], s["ladders"] <= p.ladders),
        lambda ctx, st: len(st.board.ladders) <= ctx.pack.tables.ladder_tiles,
    ),
    Invariant(
        "blood-tables",
        "The blood tables fit the counters",
        "For every player count the altar requirement fits under the cap, and the edition has at least as many "
        "counters as the inferno table, so the supply never runs dry before the inferno ends the game.",
        ("peg19.en:880", "peg19.en:884-885", "peg19.en:940-941", "peg19.en:668", "sb19.de:140"),
        None,
        lambda s, p: z3.And(p.required <= p.cap, p.loss <= p.counters, p.required >= 1),
        lambda ctx, st: ctx.altar_required <= ctx.altar_cap,
    ),
)

CONCRETE_ONLY: tuple[tuple[str, str, Callable[[RulesContext, GameState], bool]], ...] = (
    (
        "cards-conserved",
        "Every card is in exactly one place: a deck, a hand, in front of a hero, a discard pile, beside the board, "
        "or the box (peg19.en:949-953, peg19.en:1022).",
        _cards_conserved,
    ),
    (
        "no-identical-advanced",
        "No hero holds two identical advanced action cards (peg19.en:959, sb19.en:518).",
        lambda ctx, st: all(
            len(
                [
                    c
                    for c in (*h.hand, *h.discard, *h.played, *((h.chosen,) if h.chosen else ()))
                    if c in ctx.pack.cards and ctx.card(c).advanced is not None
                ]
            )
            == len(
                {
                    ctx.card(c).title
                    for c in (*h.hand, *h.discard, *h.played, *((h.chosen,) if h.chosen else ()))
                    if c in ctx.pack.cards and ctx.card(c).advanced is not None
                }
            )
            for h in st.heroes
        ),
    ),
    (
        "icons-once",
        "Each ability icon of the played card is spent at most once in its scope (peg19.en:924, sb19.en:487).",
        lambda ctx, st: all(len(set(h.spent)) == len(h.spent) for h in st.heroes),
    ),
)
