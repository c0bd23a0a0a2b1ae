"""Every turn ends: ranking functions checked by Z3 over the kernels the engine runs.

Two kinds of decision in a hero's turn cost nothing a rule counts elsewhere, so they could loop:

* **steps** (Phase 2a). A step onto a free space spends a point of movement, a step onto another Powerwolf's space
  spends none (peg19.en:765). The *move variant* ``steps_left * (k + 1) + (k - jumped)``, where ``k`` is the number
  of other Powerwolves and ``jumped`` how many of their spaces the current jump has crossed, falls with every step
  the guard allows: a counted step lowers ``steps_left`` and clears the jump; a jump adds a space not crossed
  before. The arithmetic is :func:`~armata_rules.effects.steps_after`, :func:`~armata_rules.effects.jump_trail_after`
  and the guard :func:`~armata_rules.effects.may_step`, called with Z3 terms. So a move takes at most
  ``S * (k + 1) + k`` steps for a card of movement ``S``, and then its ``EndMove``.
* **resource decisions** (abilities, gifts, Nighttime Rebel, rewards and tokens in a fight, protections). Each one
  spends a counted resource; the *resource variant* is the lexicographic quadruple (advanced cards the hero may
  still earn, cards in the discard pile, Nighttime Rebel still usable, cards in hand + reward tokens + unspent icons
  of the played card), which every such decision lowers: Recovery and Retrieval refill the hand, but only by
  emptying the discard pile, which nothing refills during a turn (used cards lie beside the played card until the
  turn ends, peg19.en:949). The same transition may also bring an advanced card into the hero's hand (a third
  wound let through after a protection, a monster defeated, the Rebel for a third reward card): that adds to the
  hand, but spends one of the titles the hero may still earn, which only fall (each title once per hero,
  peg19.en:959; the cards come from beside the board and never go back, peg19.en:957).

The other decisions of a turn close a frame (``EndMove``, ``Pass``, a choice), and a turn opens a bounded number of
frames (one encounter or Strigoi fight, peg19.en:801). The ability window after the Strigoi act (reading
not_during_fight) is opened once per turn and comes back only after an ability used in it, a resource decision: it
closes when nothing is left to use or on its ``Pass``. The negative controls replace a kernel by the first
release's free jump, or Recovery by one that takes back the cards just played, and each must give a
counterexample. The conformance side (``tests/``) checks on random play that the engine's real transitions lower
these same variants.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import z3

from armata_rules import effects
from armata_rules.components.pack import DataPack, default_pack
from armata_rules.kernel.verify.ranking import find_rise, read, values
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState

__all__ = [
    "MOVE_CONTROLS",
    "RESOURCE_CONTROLS",
    "MoveKernels",
    "ResourceStep",
    "TerminationResult",
    "move_bound",
    "move_variant",
    "prove_move_variant",
    "prove_resource_variant",
    "prove_termination",
    "resource_steps",
    "resource_variant",
]

Expr = Any  # a Z3 expression; z3 ships no type information


@dataclass(frozen=True, slots=True)
class MoveKernels:
    """The movement kernels a proof is built from: the engine's by default."""

    steps_after: Callable[..., Expr] = effects.steps_after
    jump_trail_after: Callable[..., Expr] = effects.jump_trail_after
    may_step: Callable[..., Expr] = effects.may_step


@dataclass(frozen=True, slots=True)
class TerminationResult:
    """One obligation: a variant falls (and stays non-negative) over one transition, or a counterexample."""

    variant: str
    transition: str
    players: int
    status: str
    seconds: float
    bound: int
    counterexample: dict[str, str] = field(default_factory=dict)


def move_bound(players: int, movement: int) -> int:
    """Most steps a move can take: the move variant's starting value for ``movement`` points and ``players`` heroes."""
    others = players - 1
    return movement * (others + 1) + others


def _ite(condition: Expr, then: Expr, otherwise: Expr) -> Expr:
    return z3.If(condition, then, otherwise)


def prove_move_variant(players: int, movement: int, kernels: MoveKernels | None = None) -> list[TerminationResult]:
    """The move variant falls with every allowed step, for ``players`` heroes (``players - 1`` others to jump)."""
    kernels = kernels or MoveKernels()
    others = players - 1
    steps = z3.Int("steps_left")
    jumped = [z3.Bool(f"jumped_{i}") for i in range(others)]
    count = z3.Sum([z3.If(j, 1, 0) for j in jumped]) if jumped else z3.IntVal(0)

    def variant(s: Expr, crossed: Expr) -> Expr:
        return s * (others + 1) + (others - crossed)

    before = variant(steps, count)
    domain = z3.And(steps >= 0, steps <= movement)
    transitions: list[tuple[str, Expr, Expr, list[Expr]]] = []
    # a counted step onto a free space; it may or may not be the space the jump started from
    back = z3.Bool("back_on_trail")
    guard = kernels.may_step(steps, back, z3.And, z3.Not)
    trail = kernels.jump_trail_after(count, False, _ite)
    transitions.append(
        (
            "step onto a free space",
            guard,
            kernels.steps_after(steps, False, _ite),
            [z3.And(j, trail > 0) for j in jumped],
        )
    )
    for i in range(others):
        guard = kernels.may_step(steps, jumped[i], z3.And, z3.Not)
        trail = kernels.jump_trail_after(count, True, _ite)
        after = [trail > 0 if n == i else z3.And(j, trail > 0) for n, j in enumerate(jumped)]
        transitions.append((f"jump over Powerwolf {i + 1}", guard, kernels.steps_after(steps, True, _ite), after))
    results = []
    for name, guard, steps_post, jumped_post in transitions:
        start = time.perf_counter()
        count_post = z3.Sum([z3.If(j, 1, 0) for j in jumped_post]) if jumped_post else z3.IntVal(0)
        after = variant(steps_post, count_post)
        found = find_rise([domain, guard], (before,), (after,), also=(steps_post >= 0,))
        cex: dict[str, str] = {}
        if found is not None:
            cex = read(found, {str(v): v for v in (steps, back, *jumped)})
            cex |= read(found, {"variant before": before, "variant after": after})
        status = "counterexample" if cex else "proved"
        elapsed = time.perf_counter() - start
        results.append(TerminationResult("move", name, players, status, elapsed, move_bound(players, movement), cex))
    return results


Resources = tuple[Expr, Expr, Expr, Expr]


@dataclass(frozen=True, slots=True)
class ResourceStep:
    """A decision that spends a resource, as changes to (earnable, discard, rebel, pool): ``earnable`` is the count
    of advanced-card titles the hero may still earn, ``pool`` hand + tokens + unspent icons. ``guard`` says when the
    rules allow it, over the same variables."""

    name: str
    rule: str
    change: Callable[[Expr, Expr, Expr, Expr], Resources]
    guard: Callable[[Expr, Expr, Expr, Expr], Expr] = lambda e, d, r, p: z3.BoolVal(True)


def _earn(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
    """An advanced card joins the hand within the same transition (peg19.en:957 read 'when earned', or the Rebel):
    one title fewer to earn, one card more in the pool, the Rebel perhaps among them."""
    return e - 1, d, z3.FreshInt("rebel_after_earning"), p + 1


def _earn_guard(e: Expr, d: Expr, r: Expr, p: Expr) -> Expr:
    return e >= 1


def resource_steps(
    recovery_takes_played: bool = False, earning_costs_nothing: bool = False
) -> tuple[ResourceStep, ...]:
    """Every resource decision of a turn, alone and followed by an advanced card earned in the same transition.
    ``recovery_takes_played`` is a negative control: a Recovery that also took back the card just used for it (into
    the pool) would let a hero use it again and again. ``earning_costs_nothing`` is another: a model without the
    earnable titles (the variant before the soak found a protection, a third wound and an earned card in one
    transition) misses that the card adds to the pool."""

    def spend(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
        return e, d, r, p - 1

    def recovery(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
        if recovery_takes_played:
            return e, d, r, p - 1 + d + 1
        return e, z3.IntVal(0), r, p - 1 + d

    def retrieval(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
        return e, d - 1, r, p - 1 + 1

    def rebel(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
        return e, d, z3.IntVal(0), p + 1  # the Rebel leaves the game, a reward card is drawn

    has_pool = lambda e, d, r, p: p >= 1  # noqa: E731 - a guard is a one-line predicate
    refills = lambda e, d, r, p: z3.And(p >= 1, d >= 1)  # noqa: E731
    alone = (
        ResourceStep("use an icon (card, discarded card, reward, token)", "ability.icons", spend, has_pool),
        ResourceStep("hand a reward card over", "rewards.exchange", spend, has_pool),
        ResourceStep("play a reward card or token in a fight", "rewards.use", spend, has_pool),
        ResourceStep("protect with an icon", "wounds.protection", spend, has_pool),
        ResourceStep("Recovery: the discard pile back to hand", "ability.recovery", recovery, refills),
        ResourceStep("Retrieval: a reward card from the discard pile", "ability.retrieval", retrieval, refills),
        ResourceStep("Nighttime Rebel's draw", "advanced.nighttime_rebel", rebel, lambda e, d, r, p: r == 1),
    )
    earn = _earn
    if earning_costs_nothing:
        earn = lambda e, d, r, p: (e, d, r, p + 1)  # noqa: E731 - the control: an earned card spends nothing
    return alone + tuple(_then_earn(step, earn) for step in alone)


def _then_earn(step: ResourceStep, earn: Callable[[Expr, Expr, Expr, Expr], Resources]) -> ResourceStep:
    """``step`` followed, in the same transition, by an advanced card earned."""

    def change(e: Expr, d: Expr, r: Expr, p: Expr) -> Resources:
        return earn(*step.change(e, d, r, p))

    def guard(e: Expr, d: Expr, r: Expr, p: Expr) -> Expr:
        return z3.And(step.guard(e, d, r, p), _earn_guard(*step.change(e, d, r, p)))

    return ResourceStep(f"{step.name}, then an advanced card earned", step.rule, change, guard)


def prove_resource_variant(steps: tuple[ResourceStep, ...] | None = None) -> list[TerminationResult]:
    """The resource variant falls lexicographically, staying non-negative, with every resource decision."""
    earnable, discard, rebel, pool = z3.Ints("earnable discard rebel pool")
    domain = z3.And(z3.Or(rebel == 0, rebel == 1), earnable >= 0, discard >= 0, pool >= 0)
    before = (earnable, discard, rebel, pool)
    results = []
    for step in steps or resource_steps():
        start = time.perf_counter()
        post = step.change(*before)
        # the Rebel flag stays a flag (an earned card may or may not be the Rebel: a free choice of 0 or 1)
        found = find_rise([domain, step.guard(*before), z3.Or(post[2] == 0, post[2] == 1)], before, post)
        cex: dict[str, str] = {}
        if found is not None:
            cex = read(found, {str(v): v for v in before})
            cex["after"] = values(found, post)
        status = "counterexample" if cex else "proved"
        results.append(TerminationResult("resources", step.name, 0, status, time.perf_counter() - start, 0, cex))
    return results


def _free_jump(steps_left: Expr, back_on_trail: Expr, both: Any = None, negate: Any = None) -> Expr:
    """The first release's guard: any step while movement is left, back onto the jumped space included."""
    return steps_left >= 1


#: Negative controls of the move variant: (name, what is broken, kernels).
MOVE_CONTROLS: tuple[tuple[str, str, MoveKernels], ...] = (
    (
        "free-jump",
        "a jump may step back onto the space it crossed (the first release)",
        MoveKernels(may_step=_free_jump),
    ),
    (
        "jump-costs-nothing-ever",
        "the jump trail is never kept, so every jump looks like the first",
        MoveKernels(jump_trail_after=lambda trail, onto, ite=None: z3.IntVal(0)),
    ),
)

#: Negative controls of the resource variant.
RESOURCE_CONTROLS: tuple[tuple[str, str, tuple[ResourceStep, ...]], ...] = (
    (
        "recovery-takes-played",
        "Recovery also takes back the card just used for it",
        resource_steps(recovery_takes_played=True),
    ),
    (
        "earning-costs-nothing",
        "an advanced card earned in the same transition spends nothing the variant counts",
        resource_steps(earning_costs_nothing=True),
    ),
)


def prove_termination(pack: DataPack | None = None) -> list[TerminationResult]:
    """Both variants, the move variant for 2-5 heroes at the pack's greatest movement value."""
    pack = pack or default_pack()
    movement = max(card.movement for card in (*pack.action_cards, *pack.advanced_cards))
    results = [r for players in (2, 3, 4, 5) for r in prove_move_variant(players, movement)]
    return results + prove_resource_variant()


def move_variant(state: GameState) -> int:
    """The move variant of the concrete state in a Phase 2a move (what the Z3 obligations reason about)."""
    turn = state.turn
    if turn is None:
        return 0
    others = len(state.heroes) - 1
    # the trail holds the space the jump started from, then the jumped ones: count the distinct jumped spaces, as
    # the proof's booleans do, so a step back onto one of them (a broken guard) leaves the variant where it was
    jumped = len(set(turn.trail[1:]))
    return turn.steps_left * (others + 1) + (others - jumped)


def resource_variant(ctx: RulesContext, state: GameState, seat: int) -> tuple[int, int, int, int]:
    """(advanced-card titles still to earn, discard pile, Nighttime Rebel held, hand + tokens + unspent icons of the
    played card) of ``seat``: a title is still to earn while a copy lies beside the board and the hero has not
    earned it."""
    hero = state.heroes[seat]
    earnable = len({ctx.card(c).title for c in state.advanced_supply} - set(hero.earned))
    held = (*hero.hand, *(() if hero.chosen is None else (hero.chosen,)))
    rebel = any(ctx.is_action_card(c) and ctx.card(c).title == "Nighttime Rebel" for c in held)
    icons = 0
    if hero.chosen is not None:
        icons = sum(
            1 for a in dict.fromkeys(ctx.card(hero.chosen).abilities) if f"{hero.chosen}/{a.value}" not in hero.spent
        )
    return earnable, len(hero.discard), int(rebel), len(hero.hand) + len(hero.tokens) + icons
