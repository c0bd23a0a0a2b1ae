"""Each equipment kernel's properties, proved with Z3 on the very functions the engine runs.

A :class:`Property` names a kernel of :mod:`armata_rules.kernel.equipment`, says in words what holds, and builds the
Z3 obligation from the kernel it is given: symbolic integers, the hypotheses (counts are ``>= 0``, a value is on its
track ...) and the goal. The kernel is called on Z3 terms with ``ite=z3.If`` (and ``both=z3.And``), so what is
proved is what the value classes run on ints. A property is proved when no assignment meets the hypotheses and
breaks the goal; otherwise Z3's model is the counterexample.

A proof that cannot fail proves nothing: each property also has a *negative control*, a deliberately broken variant
of its kernel (an off-by-one clamp, a leaking transfer ...), which the prover must refute. :func:`prove_all` runs both
and returns one :class:`PropertyResult` per property.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

import z3

from armata_rules.kernel.equipment import counters, decks, dice, tokens, topology, tracks
from armata_rules.kernel.play.effects import concrete_and, concrete_ite

__all__ = ["PROPERTIES", "Obligation", "Property", "PropertyResult", "Verdict", "prove", "prove_all"]

#: The most milliseconds Z3 may spend on one obligation before the verdict is ``unknown``.
TIMEOUT_MS: Final = 10_000

Kernel = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Obligation:
    """What Z3 is asked: under ``hypothesis``, does ``goal`` hold for every value of ``variables`` (shown by name in
    a counterexample)?"""

    variables: dict[str, Any]
    hypothesis: Any
    goal: Any


@dataclass(frozen=True, slots=True)
class Property:
    """A property of the equipment kernel ``kernel`` (``module.function``), stated in words; ``build`` makes its
    obligation from a kernel of the same signature, the real one or ``control``, a broken variant that must be
    refuted (``control_description`` says how it is broken)."""

    name: str
    statement: str
    kernel: Kernel
    build: Callable[[Kernel], Obligation]
    control: Kernel
    control_description: str

    @property
    def kernel_name(self) -> str:
        """``module.function`` of the kernel, the module named within the equipment package."""
        return f"{self.kernel.__module__.rpartition('.')[2]}.{self.kernel.__name__}"


@dataclass(frozen=True, slots=True)
class Verdict:
    """Z3's answer for one obligation: ``proved``, ``counterexample`` (``model`` gives each variable's value, by
    name) or ``unknown`` (Z3 gave up)."""

    status: str
    model: tuple[tuple[str, str], ...]
    seconds: float

    def describe(self) -> str:
        """One line: the status, and the counterexample if there is one."""
        shown = ", ".join(f"{name}={value}" for name, value in self.model)
        return f"{self.status} ({shown})" if shown else self.status


@dataclass(frozen=True, slots=True)
class PropertyResult:
    """A property's verdict with its real kernel (``result``) and with its negative control (``control``)."""

    name: str
    statement: str
    kernel: str
    result: Verdict
    control: Verdict
    control_description: str

    @property
    def ok(self) -> bool:
        """Whether the property is proved and its control refuted."""
        return self.result.status == "proved" and self.control.status == "counterexample"


def prove(obligation: Obligation) -> Verdict:
    """Z3's verdict on ``obligation``."""
    start = time.perf_counter()
    solver = z3.Solver()
    solver.set(timeout=TIMEOUT_MS)
    solver.add(obligation.hypothesis, z3.Not(obligation.goal))
    answer = solver.check()
    model: tuple[tuple[str, str], ...] = ()
    if answer == z3.sat:
        found = solver.model()
        model = tuple(
            (name, str(found.eval(term, model_completion=True))) for name, term in sorted(obligation.variables.items())
        )
    status = "proved" if answer == z3.unsat else "counterexample" if answer == z3.sat else "unknown"
    return Verdict(status, model, time.perf_counter() - start)


def prove_all(properties: Sequence[Property] | None = None) -> tuple[PropertyResult, ...]:
    """Every property proved with its kernel and refuted with its control, in the order of :data:`PROPERTIES`."""
    return tuple(
        PropertyResult(
            item.name,
            item.statement,
            item.kernel_name,
            prove(item.build(item.kernel)),
            prove(item.build(item.control)),
            item.control_description,
        )
        for item in (PROPERTIES if properties is None else properties)
    )


def _ints(names: str) -> dict[str, Any]:
    return {name: z3.Int(name) for name in names.split()}


def _nonnegative(*terms: Any) -> Any:
    return z3.And(*(term >= 0 for term in terms))


# ---------------------------------------------------------------------------------------------- counters


def _transfer_conserves(kernel: Kernel) -> Obligation:
    v = _ints("source target amount cap")
    s, t, a, c = v["source"], v["target"], v["amount"], v["cap"]
    after_s, after_t, _ = kernel(s, t, a, c, z3.If)
    return Obligation(v, z3.And(_nonnegative(s, t, a), t <= c), after_s + after_t == s + t)


def _transfer_bounds(kernel: Kernel) -> Obligation:
    v = _ints("source target amount cap")
    s, t, a, c = v["source"], v["target"], v["amount"], v["cap"]
    after_s, after_t, moved = kernel(s, t, a, c, z3.If)
    goal = z3.And(after_s >= 0, after_t >= 0, after_t <= c, moved >= 0, moved <= a)
    return Obligation(v, z3.And(_nonnegative(s, t, a), t <= c), goal)


def _leaking_transfer(source: Any, target: Any, amount: Any, cap: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the source pays what was asked, even when less arrives."""
    _, after_t, moved = counters.transfer_step(source, target, amount, cap, ite)
    return source - amount, after_t, moved


def _uncapped_transfer(source: Any, target: Any, amount: Any, cap: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the target's cap is ignored."""
    moved = ite(amount < source, amount, source)
    return source - moved, target + moved, moved


def _budget_never_negative(kernel: Kernel) -> Obligation:
    v = _ints("budget cost")
    b, c = v["budget"], v["cost"]
    after, spent = kernel(b, c, z3.If)
    goal = z3.And(after >= 0, spent == (b >= c), after == z3.If(spent, b - c, b))
    return Obligation(v, _nonnegative(b, c), goal)


def _unchecked_spend(budget: Any, cost: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the cost is paid whatever is left."""
    return budget - cost, z3.BoolVal(True)


# ---------------------------------------------------------------------------------------------- tracks


def _track_range(kernel: Kernel) -> Obligation:
    v = _ints("value delta lo hi")
    x, d, lo, hi = v["value"], v["delta"], v["lo"], v["hi"]
    after = kernel(x, d, lo, hi, z3.If)
    return Obligation(v, z3.And(lo <= x, x <= hi), z3.And(lo <= after, after <= hi))


def _clamp_off_by_one(value: Any, delta: Any, lo: Any, hi: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the top is clamped one step too high."""
    return tracks.clamp_step(value, delta, lo, hi + 1, ite)


def _track_ends(kernel: Kernel) -> Obligation:
    v = _ints("value delta lo hi")
    x, d, lo, hi = v["value"], v["delta"], v["lo"], v["hi"]
    after = kernel(x, d, lo, hi, z3.If)
    goal = z3.And(
        z3.Implies(z3.And(x == hi, d >= 0), after == hi),  # stepping up at the top does nothing
        z3.Implies(z3.And(x == lo, d <= 0), after == lo),  # nor stepping down at the bottom
        z3.Implies(z3.And(lo <= x + d, x + d <= hi), after == x + d),  # inside, a step is exact
    )
    return Obligation(v, z3.And(lo <= x, x <= hi), goal)


def _wrapping_track(value: Any, delta: Any, lo: Any, hi: Any, ite: Any = concrete_ite) -> Any:
    """Broken: a step past the top wraps round to the bottom."""
    moved = value + delta
    return ite(moved < lo, lo, ite(hi < moved, lo, moved))


def _band_partition(kernel: Kernel) -> Obligation:
    v = _ints("value lo s1 s2 hi")
    x, lo, s1, s2, hi = v["value"], v["lo"], v["s1"], v["s2"], v["hi"]
    bands = [(lo, s1), (s1, s2), (s2, hi + 1)]  # three bands: [lo, s1), [s1, s2), [s2, hi]
    inside = [kernel(x, start, end, z3.And) for start, end in bands]
    total = z3.Or(*inside)
    disjoint = z3.And(*(z3.Not(z3.And(inside[i], inside[j])) for i in range(3) for j in range(i + 1, 3)))
    hypothesis = z3.And(lo < s1, s1 < s2, s2 <= hi, lo <= x, x <= hi)
    return Obligation(v, hypothesis, z3.And(total, disjoint))


def _inclusive_band(value: Any, start: Any, end: Any, both: Any = concrete_and) -> Any:
    """Broken: a band also holds the next band's start."""
    return both(start <= value, value <= end)


def _unlock_at_level(kernel: Kernel) -> Obligation:
    v = _ints("value more level")
    x, y, level = v["value"], v["more"], v["level"]
    goal = z3.And(
        kernel(level, level),  # unlocked at its level
        z3.Not(kernel(level - 1, level)),  # not one below
        z3.Implies(z3.And(kernel(x, level), y >= x), kernel(y, level)),  # and from there on
    )
    return Obligation(v, z3.BoolVal(True), goal)


def _late_unlock(value: Any, level: Any) -> Any:
    """Broken: unlocks one level late."""
    return value > level


def _floor_loses(kernel: Kernel) -> Obligation:
    v = _ints("value delta hi")
    x, d, hi = v["value"], v["delta"], v["hi"]
    zero = z3.IntVal(0)
    after = tracks.clamp_step(x, d, zero, hi, z3.If)
    goal = kernel(after, zero) == (x + d <= 0)
    return Obligation(v, z3.And(zero <= x, x <= hi, hi >= 1), goal)


def _floor_below(value: Any, floor: Any) -> Any:
    """Broken: only going below the floor loses, which the clamp never lets happen."""
    return value < floor


# ---------------------------------------------------------------------------------------------- dice


def _die_range(kernel: Kernel) -> Obligation:
    v = _ints("value modifier")
    x, m = v["value"], v["modifier"]
    after = kernel(x, m, z3.IntVal(dice.DIE_MIN), z3.IntVal(dice.DIE_MAX), z3.If)
    faces = z3.And(after >= dice.DIE_MIN, after <= dice.DIE_MAX)
    return Obligation(v, z3.And(x >= dice.DIE_MIN, x <= dice.DIE_MAX), faces)


def _die_off_by_one(value: Any, modifier: Any, lo: Any, hi: Any, ite: Any = concrete_ite) -> Any:
    """Broken: a modified die may show 7."""
    return dice.modify_step(value, modifier, lo, hi + 1, ite)


def _die_threshold_split(kernel: Kernel) -> Obligation:
    v = _ints("value threshold")
    x, t = v["value"], v["threshold"]
    split = z3.Xor(kernel(x, t), dice.at_most(x, t - 1))
    return Obligation(v, z3.And(x >= dice.DIE_MIN, x <= dice.DIE_MAX), split)


def _die_strict_threshold(value: Any, threshold: Any) -> Any:
    """Broken: a die must beat the threshold, not meet it."""
    return value > threshold


def _die_threshold_monotone(kernel: Kernel) -> Obligation:
    v = _ints("value modifier threshold")
    x, m, t = v["value"], v["modifier"], v["threshold"]
    after = kernel(x, m, z3.IntVal(dice.DIE_MIN), z3.IntVal(dice.DIE_MAX), z3.If)
    hypothesis = z3.And(x >= dice.DIE_MIN, x <= dice.DIE_MAX, m >= 0, dice.at_least(x, t))
    return Obligation(v, hypothesis, dice.at_least(after, t))


def _wrapping_die(value: Any, modifier: Any, lo: Any, hi: Any, ite: Any = concrete_ite) -> Any:
    """Broken: a die modified past 6 wraps round to 1."""
    moved = value + modifier
    return ite(moved < lo, lo, ite(hi < moved, lo, moved))


def _pool_size(kernel: Kernel) -> Obligation:
    v = _ints("pool aside count")
    p, a, c = v["pool"], v["aside"], v["count"]
    after_p, after_a = kernel(p, a, c)
    goal = z3.And(after_p + after_a == p + a, after_p >= 0, after_a >= 0)
    return Obligation(v, z3.And(_nonnegative(p, a, c), c <= p), goal)


def _lost_die(pool: Any, aside: Any, count: Any) -> Any:
    """Broken: a die taken is not set aside."""
    return pool - count, aside


def _refill(kernel: Kernel) -> Obligation:
    v = _ints("pool aside")
    p, a = v["pool"], v["aside"]
    after_p, after_a = kernel(p, a, z3.If)
    goal = z3.And(
        after_p + after_a == p + a,
        z3.Implies(p == 0, z3.And(after_p == a, after_a == 0)),  # an empty pool: every die is rolled
        z3.Implies(p > 0, z3.And(after_p == p, after_a == a)),  # otherwise nothing happens
    )
    return Obligation(v, _nonnegative(p, a), goal)


def _double_refill(pool: Any, aside: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the dice rolled into the pool also stay aside."""
    empty = pool < 1
    return ite(empty, aside, pool), aside


# ---------------------------------------------------------------------------------------------- decks


def _deck_timer(kernel: Kernel) -> Obligation:
    v = _ints("top middle bottom")
    counts = [v["top"], v["middle"], v["bottom"]]
    after = kernel(counts, z3.If)
    left, left_after = z3.Sum(counts), z3.Sum(list(after))
    first = [z3.And(counts[i] > 0, *(counts[j] == 0 for j in range(i))) for i in range(3)]
    goal = z3.And(
        z3.Implies(left > 0, left_after == left - 1),  # a draw takes exactly one card
        z3.Implies(left == 0, left_after == 0),  # an empty deck stays empty
        *(count >= 0 for count in after),
        *(z3.Implies(first[i], after[i] == counts[i] - 1) for i in range(3)),  # from the first segment with one
    )
    return Obligation(v, _nonnegative(*counts), goal)


def _top_only_draw(counts: Sequence[Any], ite: Any = concrete_ite) -> Any:
    """Broken: every draw comes off the top segment, empty or not."""
    return (counts[0] - 1, *counts[1:])


# ---------------------------------------------------------------------------------------------- tokens


def _tokens_move(kernel: Kernel) -> Obligation:
    v = _ints("source target count")
    s, t, c = v["source"], v["target"], v["count"]
    after_s, after_t = kernel(s, t, c)
    goal = z3.And(after_s + after_t == s + t, after_s >= 0, after_t >= 0)
    return Obligation(v, z3.And(_nonnegative(s, t, c), c <= s), goal)


def _leaking_move(source: Any, target: Any, count: Any) -> Any:
    """Broken: one token is lost on the way."""
    return source - count, target + count - 1


def _tokens_flip(kernel: Kernel) -> Obligation:
    v = _ints("down up")
    d, u = v["down"], v["up"]
    after_d, after_u = kernel(d, u)
    return Obligation(v, _nonnegative(d, u), z3.And(after_d + after_u == d + u, after_d == 0))


def _flip_one_lost(down: Any, up: Any) -> Any:
    """Broken: the flip drops a token when there is one."""
    return down - down, up + down - z3.If(down > 0, 1, 0)


def _tokens_place(kernel: Kernel) -> Obligation:
    v = _ints("pool here count")
    p, h, c = v["pool"], v["here"], v["count"]
    after_p, after_h, placed = kernel(p, h, c, z3.If)
    goal = z3.And(
        after_p + after_h == p + h,
        after_p >= 0,
        placed == z3.If(c < p, c, p),  # as many as asked, or what the pool holds
    )
    return Obligation(v, _nonnegative(p, h, c), goal)


def _place_from_nowhere(pool: Any, here: Any, count: Any, ite: Any = concrete_ite) -> Any:
    """Broken: every token asked for is placed, even from an empty pool."""
    return pool - count, here + count, count


# ---------------------------------------------------------------------------------------------- topology


def _grid_metric(kernel: Kernel) -> Obligation:
    v = _ints("ra ca rb cb rc cc")
    a, b, c = (v["ra"], v["ca"]), (v["rb"], v["cb"]), (v["rc"], v["cc"])

    def dist(p: tuple[Any, Any], q: tuple[Any, Any]) -> Any:
        return kernel(p[0], p[1], q[0], q[1], z3.If)

    goal = z3.And(
        dist(a, b) == dist(b, a),
        (dist(a, b) == 0) == z3.And(a[0] == b[0], a[1] == b[1]),
        dist(a, c) <= dist(a, b) + dist(b, c),
        dist(a, b) >= 0,
    )
    return Obligation(v, z3.BoolVal(True), goal)


def _signed_distance(row_a: Any, col_a: Any, row_b: Any, col_b: Any, ite: Any = concrete_ite) -> Any:
    """Broken: the column difference is taken with its sign."""
    return ite(row_a < row_b, row_b - row_a, row_a - row_b) + (col_a - col_b)


PROPERTIES: Final[tuple[Property, ...]] = (
    Property(
        "transfer-conserves",
        "a transfer between pools leaves their sum unchanged",
        counters.transfer_step,
        _transfer_conserves,
        _leaking_transfer,
        "the source pays what was asked even when less arrives",
    ),
    Property(
        "transfer-bounds",
        "a transfer never takes a pool below 0 nor the target over its cap, and moves between 0 and the amount",
        counters.transfer_step,
        _transfer_bounds,
        _uncapped_transfer,
        "the target's cap is ignored",
    ),
    Property(
        "budget-never-negative",
        "a budget pays a cost only when it holds that much, and never goes below 0",
        counters.spend_step,
        _budget_never_negative,
        _unchecked_spend,
        "the cost is paid whatever is left",
    ),
    Property(
        "track-range",
        "a step on a track from a value on it lands on it, however far it goes",
        tracks.clamp_step,
        _track_range,
        _clamp_off_by_one,
        "the top is clamped one step too high",
    ),
    Property(
        "track-clamps-at-ends",
        "stepping up at the top or down at the bottom does nothing, and a step inside the track is exact",
        tracks.clamp_step,
        _track_ends,
        _wrapping_track,
        "a step past the top wraps round to the bottom",
    ),
    Property(
        "band-partition",
        "consecutive bands cover the track and never overlap: every value is in exactly one",
        tracks.in_band,
        _band_partition,
        _inclusive_band,
        "a band also holds the next band's start",
    ),
    Property(
        "unlock-at-level",
        "what unlocks at a level is available there, not one below, and stays available as the value grows",
        tracks.reached,
        _unlock_at_level,
        _late_unlock,
        "unlocks one level late",
    ),
    Property(
        "floor-loses",
        "on a track 0..hi (hi >= 1), a step that would reach 0 or go below lands on 0 and loses; any other does not",
        tracks.at_floor,
        _floor_loses,
        _floor_below,
        "only going below the floor loses",
    ),
    Property(
        "die-clamp-range",
        "a die's value plus any modifier stays within 1..6",
        dice.modify_step,
        _die_range,
        _die_off_by_one,
        "a modified die may show 7",
    ),
    Property(
        "die-threshold-split",
        "for any threshold t, a die either meets t (value >= t) or is at most t - 1, never both",
        dice.at_least,
        _die_threshold_split,
        _die_strict_threshold,
        "a die must beat the threshold, not meet it",
    ),
    Property(
        "die-threshold-monotone",
        "a non-negative modifier never turns a die that meets a threshold into one that does not",
        dice.modify_step,
        _die_threshold_monotone,
        _wrapping_die,
        "a die modified past 6 wraps round to 1",
    ),
    Property(
        "dice-pool-size",
        "taking dice keeps the dice in the pool plus those set aside constant, neither below 0",
        dice.take_step,
        _pool_size,
        _lost_die,
        "a die taken is not set aside",
    ),
    Property(
        "dice-refill",
        "an empty pool is refilled with every die set aside; a pool with dice is left alone; no die is made or lost",
        dice.refill_step,
        _refill,
        _double_refill,
        "the dice rolled into the pool also stay aside",
    ),
    Property(
        "deck-timer",
        "a draw takes exactly one card, from the first segment holding one, never taking a count below 0; an empty "
        "deck stays empty",
        decks.draw_counts,
        _deck_timer,
        _top_only_draw,
        "every draw comes off the top segment, empty or not",
    ),
    Property(
        "tokens-move",
        "moving tokens between locations keeps their number and takes no count below 0",
        tokens.move_step,
        _tokens_move,
        _leaking_move,
        "one token is lost on the way",
    ),
    Property(
        "tokens-flip",
        "flipping every token here from one side to the other keeps their number and leaves none on the first side",
        tokens.flip_step,
        _tokens_flip,
        _flip_one_lost,
        "the flip drops a token",
    ),
    Property(
        "tokens-place",
        "placing tokens from the pool keeps pool plus placed constant, places as many as asked or as the pool holds, "
        "and never empties the pool below 0",
        tokens.place_step,
        _tokens_place,
        _place_from_nowhere,
        "every token asked for is placed, even from an empty pool",
    ),
    Property(
        "grid-distance",
        "the grid distance is a metric: symmetric, 0 only from a cell to itself, never negative, and no detour is "
        "shorter",
        topology.grid_distance,
        _grid_metric,
        _signed_distance,
        "the column difference is taken with its sign",
    ),
)
