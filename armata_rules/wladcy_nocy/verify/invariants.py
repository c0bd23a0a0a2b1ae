"""The invariants of *Władcy Nocy* (WLADCY_NOCY.md §5), declared once: what each says, the clauses of ``wn.pl``
behind it, the readings it holds under, its symbolic form over a model of
:mod:`~armata_rules.wladcy_nocy.verify.models`, and its concrete forms over real play.

The symbolic form states the property with the text's own numbers (a die of 3 or more removes an agent, a vampire
holds 4 blood or 6 with Nieskazitelna krew ...), never through the kernels the models are built from: a broken
kernel then breaks the invariant. The concrete forms check the engine as the soak plays it
(:mod:`~armata_rules.wladcy_nocy.verify.soak`): ``state`` on every state where a decision is due (a
:class:`Moment`), ``step`` on every step the engine takes (a :class:`StepView`: a decision applied, one automatic
frame run, a chance outcome, or the "as soon as" rules after an action), which sees the inside of a fight or of an
event card that a single ``apply`` runs through.

Where an invariant holds only under a reading's default, :attr:`Invariant.readings` names it: the prover proves it
under that option, :data:`READING_CHECKS` shows the other option break it, and the soak checks it only in games of
that option.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Final

import z3

from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.frames import Frame
from armata_rules.wladcy_nocy.actions import Seal
from armata_rules.wladcy_nocy.city import named
from armata_rules.wladcy_nocy.components import BLOOD_START, DICE_PER_VAMPIRE, EXTRA_BLOOD, MINION_TOKENS
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.frames import (
    ChooseLeader,
    DayEffects,
    DayStart,
    DiscardRelic,
    EventPlace,
    FightEnd,
    FightResolve,
    Ops,
    Overflow,
    PickDayEffect,
    PickOverflow,
    PickPlacement,
    PlaceAgents,
    RevealEvent,
    Turn,
    TurnStart,
)
from armata_rules.wladcy_nocy.state import Phase, WNOutcome, WNState
from armata_rules.wladcy_nocy.verify.models import CELLS as CELL_COUNT
from armata_rules.wladcy_nocy.verify.models import Expr, Params, minion_total

__all__ = [
    "INVARIANTS",
    "READING_CHECKS",
    "Invariant",
    "Moment",
    "ReadingCheck",
    "StepView",
    "is_cost",
    "relic_limit",
]

Vars = Mapping[str, Expr]

# The text's numbers, as the invariants state them (never read from the engine's kernels).
#: The veil runs 0..6 (wn.pl:161, wn.pl:600).
VEIL_TOP: Final = 6
#: A vampire holds up to 4 blood tokens, or 6 with Nieskazitelna krew (wn.pl:54, wn.pl:375).
BLOOD_CAP: Final = 4
IMMACULATE_CAP: Final = 6
#: A die of 3 or more removes its agent; a die of 4 or less costs a blood token (wn.pl:473-479).
REMOVES_FROM: Final = 3
BLEEDS_UP_TO: Final = 4
#: Victims to seal (wn.pl:409, wn.pl:314) and to hold one relic, then two (wn.pl:535).
SEAL_VICTIMS: Final = 9
ONE_RELIC: Final = 2
TWO_RELICS: Final = 5


def relic_limit(victims: int) -> int:
    """The relics a vampire with ``victims`` may hold, as the text states it: none below 2, one from 2, two from 5
    (wn.pl:533-535)."""
    return 2 if victims >= TWO_RELICS else 1 if victims >= ONE_RELIC else 0


def _relic_limit(victims: Expr) -> Expr:
    return z3.If(victims >= TWO_RELICS, 2, z3.If(victims >= ONE_RELIC, 1, 0))


def is_cost(op: Mapping[str, object]) -> bool:
    """Whether an op of an ability pays its cost: veil weakened as a cost, or blood the acting vampire gives up."""
    delta = op.get("delta")
    if op["op"] == "veil":
        return op.get("kind") == "cost"
    return op["op"] == "blood" and op.get("target") == "active" and isinstance(delta, int) and delta < 0


@dataclass(frozen=True, slots=True)
class Moment:
    """A state where a decision is due (or the game is over), with what the soak remembers of the game: the seats an
    effect gave action points while exhausted (``gifted``, reset once they hold blood again)."""

    ctx: WNContext
    state: WNState
    gifted: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class StepView:
    """One step of the engine: ``frame`` (on top of ``before``) made ``after`` from ``before``, by ``action`` if it
    is a decision or a chance outcome; ``frame`` is ``None`` for the "as soon as" rules run after an action and for
    the ending the end test writes."""

    ctx: WNContext
    before: WNState
    after: WNState
    frame: Frame | None
    action: Action | None


StateCheck = Callable[[Moment], "str | None"]
StepCheck = Callable[[StepView], "str | None"]


@dataclass(frozen=True, slots=True)
class Invariant:
    """One property of the game (see the module docstring). ``readings`` are the (reading, option) pairs it is
    proved under; ``note`` says what the proof assumes or leaves to the concrete forms."""

    id: str
    title: str
    statement: str
    clauses: tuple[str, ...]
    model: str
    symbolic: Callable[[Vars, Params], Expr]
    state: StateCheck | None = None
    step: StepCheck | None = None
    readings: tuple[tuple[str, str], ...] = ()
    note: str = ""

    def applies(self, ctx: WNContext) -> bool:
        """Whether the game of ``ctx`` plays under the readings this invariant is proved under."""
        return all(getattr(ctx.ruleset, name) == option for name, option in self.readings)


def _row(s: Vars, prefix: str, count: int) -> list[Expr]:
    return [s[f"{prefix}{i}"] for i in range(count)]


def _pick(values: list[Expr], index: Expr) -> Expr:
    found = values[-1]
    for at in range(len(values) - 2, -1, -1):
        found = z3.If(index == at, values[at], found)
    return found


def _frames(state: WNState, kind: type[Frame]) -> list[Frame]:
    return [frame for frame in state.frames if isinstance(frame, kind)]


def _top(state: WNState) -> Frame | None:
    return state.frames[-1] if state.frames else None


# ------------------------------------------------------------------------------------------------ the veil
def _veil_range(m: Moment) -> str | None:
    return None if 0 <= m.state.veil <= VEIL_TOP else f"the veil is at {m.state.veil}, off the track 0..{VEIL_TOP}"


def _veil_range_step(s: StepView) -> str | None:
    return None if 0 <= s.after.veil <= VEIL_TOP else f"a step took the veil to {s.after.veil}"


def _veil_zero(m: Moment) -> str | None:
    veil, outcome = m.state.veil, m.state.outcome
    if outcome is None and veil < 1:
        return f"the game goes on at veil {veil}"
    if (veil == 0) != (outcome is WNOutcome.VEIL_LOST):
        return f"veil {veil} with outcome {outcome}"
    return None


def _veil_zero_step(s: StepView) -> str | None:
    if s.frame is not None and s.before.veil <= 0:
        return f"{type(s.frame).__name__} ran at veil {s.before.veil}"
    return None


def _dark_cost_first(s: StepView) -> str | None:
    frame = s.frame
    if not isinstance(frame, Ops) or frame.context != "dark" or frame.source in s.ctx.hooks:
        return None
    if not s.after.veil <= 0 < s.before.veil:
        return None
    ops = s.ctx.ops(frame.source)
    if frame.index >= len(ops) or not is_cost(ops[frame.index]):
        return None
    effects = [str(op["op"]) for op in ops[: frame.index] if not is_cost(op)]
    if effects:
        return f"{frame.source}: its effect ({', '.join(effects)}) ran before its cost took the veil to 0"
    return None


# ------------------------------------------------------------------------------------------------ blood
def _blood_cap(ctx: WNContext, relics: tuple[str, ...]) -> int:
    """4, or what a relic held allows (Nieskazitelna krew's 6, wn.pl:54)."""
    return max([BLOOD_CAP, *(ctx.relics[relic].blood_max for relic in relics)])


def _blood_bounds(m: Moment) -> str | None:
    for vampire in m.state.vampires:
        top = _blood_cap(m.ctx, vampire.relics)
        if not 0 <= vampire.blood <= top:
            return f"{vampire.name} holds {vampire.blood} blood; its maximum is {top}"
    return None


def _blood_total(ctx: WNContext) -> int:
    return BLOOD_START * ctx.seats + EXTRA_BLOOD


def _blood_conserved(m: Moment) -> str | None:
    held = m.state.blood_supply + sum(v.blood for v in m.state.vampires)
    if m.state.blood_supply < 0 or held != _blood_total(m.ctx):
        return f"{held} blood tokens in play (supply {m.state.blood_supply}); the game has {_blood_total(m.ctx)}"
    return None


def _supply_suffices(m: Moment) -> str | None:
    short = [v.name for v in m.state.vampires if v.blood < _blood_cap(m.ctx, v.relics)]
    if short and m.state.blood_supply < 1:
        return f"{short[0]} is below its maximum and the supply is empty"
    return None


def _exhausted(m: Moment) -> str | None:
    state = m.state
    waiting = {frame.seat for frame in _frames(state, TurnStart) if isinstance(frame, TurnStart)}
    for seat, vampire in enumerate(state.vampires):
        if vampire.ap < 0 or (state.phase is not Phase.NIGHT and vampire.ap):
            return f"{vampire.name} holds {vampire.ap} action points in the {state.phase.value}"
        if vampire.exhausted and vampire.ap and seat not in waiting and seat not in m.gifted:
            return f"{vampire.name} is exhausted with {vampire.ap} action points"
    return None


def _overflow(s: StepView) -> str | None:
    frame = s.frame
    if isinstance(frame, Overflow):
        fighter, owed = frame.seat, frame.owed
    elif isinstance(frame, PickOverflow):
        fighter, owed = frame.fighter, frame.owed
    else:
        return None
    cell = s.before.vampires[fighter].cell
    others = [seat for seat in s.before.seat_at(cell) if seat != fighter]
    lost = sum(s.before.vampires[seat].blood - s.after.vampires[seat].blood for seat in others)
    top = _top(s.after)
    same = (isinstance(top, Overflow) and top.seat == fighter) or (
        isinstance(top, PickOverflow) and top.fighter == fighter
    )
    rest = top.owed if same and isinstance(top, Overflow | PickOverflow) else 0
    ignored = owed - lost - rest
    if s.after.vampires[fighter].blood != s.before.vampires[fighter].blood:
        return f"the fighter {s.before.vampires[fighter].name} paid its own overflow"
    if lost < 0 or ignored < 0:
        return f"{owed} blood owed: {lost} paid, {rest} still owed"
    if ignored and any(s.after.vampires[seat].blood for seat in others):
        return f"{ignored} blood ignored while a vampire there still holds blood"
    return None


# ------------------------------------------------------------------------------------------------ agents
def _agents_conserved(m: Moment) -> str | None:
    state = m.state
    held = state.agent_pool + sum(d.agents for d in state.districts)
    if state.agent_pool < 0 or any(min(d.hidden, d.revealed) < 0 for d in state.districts):
        return "a negative count of agents"
    if held != m.ctx.pool_size or not 0 <= m.ctx.pool_size <= 12:
        return f"{held} agents in play; the pool of {m.ctx.seats} vampires is {m.ctx.pool_size}"
    return None


def _pending(m: Moment) -> str | None:
    if m.state.pending_veil < 0 or (not m.state.card and m.state.pending_veil):
        return f"{m.state.pending_veil} veil pending with card {m.state.card!r}"
    return None


def _near(state: WNState, cell: int) -> bool:
    """A minion or a vampire that is not exhausted stands in ``cell`` (wn.pl:243, wn.pl:523)."""
    return state.districts[cell].minions > 0 or any(v.cell == cell and v.blood > 0 for v in state.vampires)


def _placement(s: StepView) -> str | None:
    """An event's agents landing: the veil it owes grows by the penalised placements, in the reading's unit, and
    by the agents the pool could not supply (wn.pl:243-247)."""
    frame = s.frame
    if not isinstance(frame, PlaceAgents | PickPlacement) or not frame.event:
        return None
    if s.before.placed_relics and any(s.ctx.relics[p.relic].redirect for p in s.before.placed_relics):
        return None  # a redirected agent lands elsewhere (wn.pl:634-638): the model's transitions, not this check
    cells = [cell for cell, count in frame.demands if count > 0]
    if len(set(cells)) != len(cells):
        return None
    per_agent = s.ctx.ruleset.veil_penalty_unit == "per_agent"
    owed = 0
    placed_total = 0
    for index, (cell, count) in enumerate(frame.demands):
        if count <= 0:
            continue
        placed = s.after.districts[cell].agents - s.before.districts[cell].agents
        placed_total += placed
        if placed and _near(s.before, cell):
            owed += placed if per_agent else int(index not in frame.landed)
    finished = isinstance(frame, PlaceAgents) and not isinstance(_top(s.after), PickPlacement)
    if finished:
        owed += sum(count for _, count in frame.demands if count > 0) - placed_total
    grown = s.after.pending_veil - s.before.pending_veil
    if grown != owed:
        unit = "agent" if per_agent else "placement"
        return f"an event's agents owe {grown} veil; {owed} by the {unit}s beside the Family and the agents not placed"
    return None


# ------------------------------------------------------------------------------------------------ minions
def _minions_conserved(m: Moment) -> str | None:
    station, supply = minion_total(m.ctx.ruleset, m.ctx.seats)
    held = m.state.minion_supply + sum(d.minions for d in m.state.districts)
    if m.state.minion_supply < 0 or any(d.minions < 0 for d in m.state.districts):
        return "a negative count of minions"
    if held != station + supply or held > MINION_TOKENS:
        return f"{held} minions in play; the game has {station + supply} of {MINION_TOKENS} tokens"
    return None


# ------------------------------------------------------------------------------------------------ victims, relics
def _victims_range(m: Moment) -> str | None:
    for seat, vampire in enumerate(m.state.vampires):
        if not 0 <= vampire.victims <= m.ctx.track_tops[seat]:
            return f"{vampire.name} has {vampire.victims} victims, off its track"
    return None


def _victims_step(s: StepView) -> str | None:
    fight = s.before.fight
    for seat, (old, new) in enumerate(zip(s.before.vampires, s.after.vampires, strict=True)):
        if new.victims < old.victims:
            return f"{old.name}'s victims fell from {old.victims} to {new.victims}"
        if isinstance(s.frame, FightEnd) and fight is not None and seat == fight.seat:
            expected = min(old.victims + fight.removed + fight.sacrificed, s.ctx.track_tops[seat])
            if new.victims != expected:
                gained = fight.removed + fight.sacrificed
                return f"{old.name} removed {gained} agents but its victims went from {old.victims} to {new.victims}"
        elif new.victims != old.victims and not (
            isinstance(s.frame, Ops) and s.frame.context in ("blood", "dark") and s.frame.active == seat
        ):
            where = type(s.frame).__name__ if s.frame is not None else "the as-soon-as rules"
            return f"{old.name}'s victims rose outside a fight ({where})"
    return None


def _relic_cap(m: Moment) -> str | None:
    state = m.state
    top = _top(state)
    for seat, vampire in enumerate(state.vampires):
        over = 1 if isinstance(top, DiscardRelic) and top.seat == seat else 0
        if len(vampire.relics) > relic_limit(vampire.victims) + over:
            return f"{vampire.name} holds {len(vampire.relics)} relics at {vampire.victims} victims"
    places = [*state.relic_deck, *state.relic_discard, *(r for v in state.vampires for r in v.relics)]
    places += [p.relic for p in state.placed_relics] + ([state.drawn_relic] if state.drawn_relic else [])
    if sorted(places) != sorted(m.ctx.relics):
        return "a relic is in two places, or in none"
    return None


# ------------------------------------------------------------------------------------------------ seals, ritual
def _seals(m: Moment) -> str | None:
    state = m.state
    for vampire in state.vampires:
        if vampire.seal >= 0 and state.districts[vampire.seal].seal != vampire.name:
            return f"{vampire.name}'s seal is not in district {vampire.seal}"
    for cell, district in enumerate(state.districts):
        if district.seal and state.vampires[m.ctx.vampires.index(district.seal)].seal != cell:
            return f"district {cell} holds a seal {district.seal} did not place there"
    return None


def _seal_step(s: StepView) -> str | None:
    for seat, (old, new) in enumerate(zip(s.before.vampires, s.after.vampires, strict=True)):
        if old.seal == new.seal:
            continue
        if old.seal >= 0 or not isinstance(s.frame, Turn) or not isinstance(s.action, Seal) or s.action.seat != seat:
            return f"{old.name}'s seal moved from {old.seal} to {new.seal}"
        there, after = s.before.districts[new.seal], s.after.districts[new.seal]
        if old.victims < SEAL_VICTIMS or there.minions < 1 or there.agents or there.seal:
            return (
                f"{old.name} sealed at {old.victims} victims a district of {there.minions} minions, "
                f"{there.agents} agents, seal {there.seal!r}"
            )
        if after.minions != there.minions - 1 or after.seal != old.name:
            return f"{old.name}'s seal did not take one minion and stay"
    return None


def _ritual(m: Moment) -> str | None:
    state = m.state
    if state.outcome is not WNOutcome.RITUAL:
        return None
    cells = {v.cell for v in state.vampires}
    if any(v.seal < 0 for v in state.vampires) or len(cells) != 1:
        return "the ritual won with a seal unplaced or the Family apart"
    district = state.districts[cells.pop()]
    if district.agents or district.minions < m.ctx.seats:
        return f"the ritual won where {district.agents} agents and {district.minions} minions stand"
    return None


# ------------------------------------------------------------------------------------------------ dice
def _dice_pool(m: Moment) -> str | None:
    state = m.state
    dice = DICE_PER_VAMPIRE * m.ctx.seats
    taken = state.fight.taken if state.fight is not None else ()
    if state.dice.dice != dice:
        return f"{state.dice.dice} dice in the pool and aside; the game uses {dice}"
    if not all(1 <= value <= 6 for value in (*state.dice.values, *taken)):
        return f"a die shows a value off 1..6: {list(state.dice.values)}, taken {list(taken)}"
    return None


def _die_outcome(s: StepView) -> str | None:
    if not isinstance(s.frame, FightResolve) or s.before.fight is None:
        return None
    fight = s.before.fight
    removes = sum(1 for value in fight.taken if value >= REMOVES_FROM)
    bleeds = sum(1 for value in fight.taken if value <= BLEEDS_UP_TO)
    revealed = s.before.districts[fight.cell].revealed
    gone = revealed - s.after.districts[fight.cell].revealed
    top = _top(s.after)
    owed = top.owed if isinstance(top, Overflow) else 0
    paid = s.before.vampires[fight.seat].blood - s.after.vampires[fight.seat].blood
    if gone != min(removes, revealed) or paid + owed != bleeds:
        return f"dice {sorted(fight.taken)} removed {gone} agents and cost {paid + owed} blood"
    return None


# ------------------------------------------------------------------------------------------------ day effects
def _day_effect(s: StepView) -> str | None:
    frame = s.frame
    if not isinstance(frame, DayEffects | PickDayEffect):
        return None
    after = [f for f in s.after.frames if isinstance(f, DayEffects)]
    if not after or len(after[-1].done) != len(frame.done) + 1:
        return None
    item = after[-1].done[-1]
    cell = named(item)
    if cell is None:
        return None
    tile = s.before.tile_at(cell)
    district = s.before.districts[cell]
    fires = bool(district.seal) or district.minions > district.agents
    top = _top(s.after)
    fired = isinstance(top, Ops) and top.source == s.ctx.districts[tile].source and top.index == 0
    if fires != fired:
        word = "fired" if fired else "did not fire"
        counts = f"{district.minions} minions, {district.agents} agents, seal {district.seal!r}"
        return f"the day effect of {tile} {word} with {counts}"
    return None


# ------------------------------------------------------------------------------------------------ the leader
def _leader(m: Moment) -> str | None:
    leader = m.state.leader
    return None if 0 <= leader < m.ctx.seats else f"the leader is seat {leader}"


def _leader_step(s: StepView) -> str | None:
    n = s.ctx.seats
    passes = isinstance(s.frame, DayStart) and s.before.round > 1
    expected = (s.before.leader + 1) % n if passes else s.before.leader
    if isinstance(s.frame, ChooseLeader) or s.after.leader == expected:
        return None
    return f"the leader went from seat {s.before.leader} to {s.after.leader} in round {s.before.round}"


# ------------------------------------------------------------------------------------------------ the deck
def _shown(state: WNState) -> bool:
    """Whether this round's event card is revealed: by night, or by day once the reveal's frame is gone."""
    if state.phase is Phase.NIGHT:
        return True
    return state.phase is Phase.DAY and not _frames(state, RevealEvent)


def _deck(m: Moment) -> str | None:
    state, k = m.state, m.ctx.k
    reveals = state.round - 1 + int(_shown(state))
    taken = len(state.unresolved_events)
    counts = state.events.counts
    if state.events.cards_left + reveals + taken != len(counts) * k:
        return f"{state.events.cards_left} cards left after {reveals} reveals and {taken} taken, of {len(counts) * k}"
    if any(later < k and earlier for earlier, later in itertools.pairwise(counts)):
        return f"the acts were drawn out of order: {list(counts)}"
    if state.round > len(counts) * k + 1 or (state.outcome is WNOutcome.DECK_EMPTY and state.events.cards_left):
        return f"round {state.round} with {state.events.cards_left} cards left, outcome {state.outcome}"
    return None


def _deck_step(s: StepView) -> str | None:
    drawn = s.before.events.cards_left - s.after.events.cards_left
    expected = 1 if isinstance(s.frame, RevealEvent | EventPlace) else 0
    return None if drawn == expected else f"{drawn} event cards left the deck at {type(s.frame).__name__}"


# ------------------------------------------------------------------------------------------------ the table
def _symbolic_exhausted(s: Vars, p: Params) -> Expr:
    parts = []
    for i in range(p.seats):
        blood, ap = s[f"blood{i}"], s[f"ap{i}"]
        parts += [
            ap >= 0,
            z3.Implies(z3.Not(s["night"]), ap == 0),
            z3.Implies(s[f"waits{i}"], s["night"]),
            z3.Implies(s[f"gift{i}"], blood == 0),
            z3.Implies(z3.And(blood == 0, ap > 0), z3.Or(s[f"waits{i}"], s[f"gift{i}"])),
        ]
    return z3.And(*parts)


def _symbolic_overflow(s: Vars, p: Params) -> Expr:
    n = p.seats
    fighter = s["fighter"]
    blood = _row(s, "blood", n)
    with_him = z3.Sum([z3.If(z3.And(s[f"with{i}"], fighter != i), blood[i], 0) for i in range(n)])
    own = _pick(blood, fighter)
    return z3.Implies(
        s["fighting"],
        z3.And(
            fighter >= 0,
            fighter < n,
            s["paid"] >= 0,
            s["owed"] >= 0,
            s["ignored"] >= 0,
            s["paid"] + s["owed"] + s["ignored"] == s["bleeds"],
            s["paid"] + own + with_him == s["avail"],
            z3.Implies(s["owed"] + s["ignored"] > 0, own == 0),
            z3.Implies(s["ignored"] > 0, with_him == 0),
        ),
    )


def _symbolic_blood_cap(s: Vars, i: int) -> Expr:
    return z3.If(s[f"holds{i}"], IMMACULATE_CAP, BLOOD_CAP)


def _symbolic_victims(s: Vars, p: Params) -> Expr:
    parts = []
    for i in range(p.seats):
        victims, prev, gained = s[f"victims{i}"], s[f"prev{i}"], s[f"gained{i}"]
        parts += [
            victims >= 0,
            victims <= p.victim_top,
            prev <= victims,
            gained >= 0,
            victims <= prev + gained,
            z3.Implies(victims < p.victim_top, victims == prev + gained),
        ]
    return z3.And(*parts)


def _symbolic_relics(s: Vars, p: Params) -> Expr:
    n = p.seats
    parts = [z3.AtMost(*(s[f"discards{i}"] for i in range(n)), 1)]
    for i in range(n):
        limit, held = _relic_limit(s[f"victims{i}"]), s[f"relics{i}"]
        parts += [
            held >= 0,
            held <= limit + z3.If(s[f"discards{i}"], 1, 0),
            z3.Implies(s[f"discards{i}"], held == limit + 1),
        ]
    places = s["deck"] + s["discard"] + s["placed"] + s["drawn"] + z3.Sum(_row(s, "relics", n))
    parts += [s[name] >= 0 for name in ("deck", "discard", "placed")]
    parts += [z3.Or(s["drawn"] == 0, s["drawn"] == 1), places == p.relic_cards]
    return z3.And(*parts)


def _symbolic_seals(s: Vars, p: Params) -> Expr:
    n = p.seats
    parts = [
        z3.Implies(
            s["sealed_any"],
            z3.And(s["last_victims"] >= SEAL_VICTIMS, s["last_minions"] >= 1, s["last_agents"] == 0),
        )
    ]
    for i in range(n):
        parts += [s[f"seal{i}"] >= -1, s[f"seal{i}"] < CELL_COUNT, z3.Implies(s[f"seal{i}"] >= 0, s["sealed_any"])]
        for c in range(CELL_COUNT):
            parts.append((s[f"seal{i}"] == c) == (s[f"owner{c}"] == i))
    return z3.And(*parts)


def _symbolic_ritual(s: Vars, p: Params) -> Expr:
    n = p.seats
    cell = s["cell0"]

    def at(prefix: str) -> Expr:
        return _pick(_row(s, prefix, CELL_COUNT), cell)

    return z3.Implies(
        s["ritual"],
        z3.And(
            *(s[f"seal{i}"] >= 0 for i in range(n)),
            *(s[f"cell{i}"] == cell for i in range(n)),
            at("hidden") + at("revealed") == 0,
            at("minions") >= n,
        ),
    )


def _symbolic_deck(s: Vars, p: Params) -> Expr:
    k = p.cards_per_deck
    total = p.decks * k
    acts = [s["act1"], s["act2"], s["act3"]]
    return z3.And(
        *(z3.And(act >= 0, act <= k) for act in acts),
        acts[0] + acts[1] + acts[2] == total - s["reveals"] - s["taken"],
        z3.Implies(acts[1] < k, acts[0] == 0),
        z3.Implies(acts[2] < k, acts[1] == 0),
        s["reveals"] >= 0,
        s["taken"] >= 0,
        s["reveals"] == s["round"] - 1 + z3.If(s["shown"], 1, 0),
        s["round"] <= total + 1,
        z3.Implies(s["over"], acts[0] + acts[1] + acts[2] == 0),
    )


INVARIANTS: Final[tuple[Invariant, ...]] = (
    Invariant(
        "veil-range",
        "The veil stays on its track",
        "The veil is always between 0 and 6; strengthening it at 6 leaves it at 6.",
        ("wn.pl:103", "wn.pl:161", "wn.pl:598", "wn.pl:600"),
        "veil",
        lambda s, p: z3.And(
            s["veil"] >= 0,
            s["veil"] <= VEIL_TOP,
            s["before"] >= 0,
            s["before"] <= VEIL_TOP,
            z3.Implies(z3.And(s["before"] == VEIL_TOP, s["asked"] >= 0), s["veil"] == VEIL_TOP),
        ),
        _veil_range,
        _veil_range_step,
    ),
    Invariant(
        "veil-zero-ends",
        "A veil at 0 ends the game",
        "The veil is at 0 exactly when the players have lost by it; while the game goes on the veil is at least 1, and "
        "no step is taken at 0.",
        ("wn.pl:441", "wn.pl:444"),
        "veil",
        lambda s, p: z3.And(
            (s["veil"] <= 0) == s["lost"],
            z3.Implies(s["lost"], s["over"]),
            z3.Implies(z3.Not(s["over"]), s["veil"] >= 1),
        ),
        _veil_zero,
        _veil_zero_step,
    ),
    Invariant(
        "dark-cost-first",
        "A Dark cost at 0 loses before the effect",
        "When paying a Dark ability's cost takes the veil to 0, the game is lost and the ability's effect does not "
        "run, even an effect that would strengthen the veil.",
        ("wn.pl:401",),
        "veil",
        lambda s, p: z3.Implies(s["cost_zero"], z3.And(z3.Not(s["effect_ran"]), s["lost"])),
        None,
        _dark_cost_first,
    ),
    Invariant(
        "blood-bounds",
        "Blood within each vampire's maximum",
        "Each vampire holds between 0 and its maximum of blood tokens: 6 while it holds Nieskazitelna krew, else 4.",
        ("wn.pl:54", "wn.pl:375", "wn.pl:391"),
        "blood",
        lambda s, p: z3.And(
            *(z3.And(s[f"blood{i}"] >= 0, s[f"blood{i}"] <= _symbolic_blood_cap(s, i)) for i in range(p.seats))
        ),
        _blood_bounds,
        readings=(("immaculate_blood_loss", "return_excess"),),
        note="under keep_until_spent a vampire that loses Nieskazitelna krew keeps blood above 4",
    ),
    Invariant(
        "blood-conservation",
        "Blood tokens are conserved",
        "The blood on the vampires' cards and in the supply is always 4 per vampire and 2 more, the supply never "
        "negative.",
        ("wn.pl:29", "wn.pl:153", "wn.pl:165"),
        "blood",
        lambda s, p: z3.And(
            s["supply"] >= 0, s["supply"] + z3.Sum(_row(s, "blood", p.seats)) == BLOOD_START * p.seats + EXTRA_BLOOD
        ),
        _blood_conserved,
        readings=(("removed_tokens", "to_pool"),),
    ),
    Invariant(
        "blood-supply-suffices",
        "The supply covers every vampire below its maximum",
        "Nieskazitelna krew is one card, so at most one vampire may hold 6; then whenever a vampire is below its "
        "maximum the supply holds a token, and Hunt, the Wild Hunt and an exhausted vampire's recovery never meet an "
        "empty supply.",
        ("wn.pl:54", "wn.pl:165", "wn.pl:277", "wn.pl:375", "wn.pl:391"),
        "blood",
        lambda s, p: z3.And(
            z3.Sum([z3.If(s[f"holds{i}"], 1, 0) for i in range(p.seats)]) <= p.immaculate_cards,
            p.immaculate_cards <= 1,
            *(z3.Implies(s[f"blood{i}"] < _symbolic_blood_cap(s, i), s["supply"] >= 1) for i in range(p.seats)),
        ),
        _supply_suffices,
        readings=(("removed_tokens", "to_pool"), ("immaculate_blood_loss", "return_excess")),
    ),
    Invariant(
        "exhausted-iff-zero",
        "Exhausted vampires hold no action points",
        "A vampire is exhausted exactly while it holds no blood; action points exist only at night; an exhausted "
        "vampire holds none, unless its night turn has not come yet (it recovers first) or an effect gave it some "
        "after it was exhausted.",
        ("wn.pl:271", "wn.pl:277", "wn.pl:517", "wn.pl:521", "wn.pl:525", "wn.pl:527"),
        "blood",
        _symbolic_exhausted,
        _exhausted,
        note="the text loses an exhausted vampire's remaining action points (wn.pl:521) and says nothing of points an "
        "effect gives it afterwards; the engine lets a relic or ability that gives action points do so (the synthetic "
        "pack's relics give 1), and the invariant names that case rather than forbid it",
    ),
    Invariant(
        "agent-conservation",
        "Agents are conserved",
        "The agent pool and the agents in the districts, hidden or revealed, always add up to the pool the veil track "
        "gives (P, 0 to 12, symbolic); none is ever negative.",
        ("wn.pl:31", "wn.pl:163", "wn.pl:245", "wn.pl:475"),
        "agents",
        lambda s, p: z3.And(
            s["pool"] >= 0,
            *(s[f"{side}{c}"] >= 0 for side in ("hidden", "revealed") for c in range(CELL_COUNT)),
            s["pool"] + z3.Sum([s[f"{side}{c}"] for side in ("hidden", "revealed") for c in range(CELL_COUNT)])
            == s["P"],
        ),
        _agents_conserved,
        readings=(("removed_tokens", "to_pool"),),
    ),
    Invariant(
        "veil-penalty-count",
        "An event's veil penalties",
        "While an event card is resolved, the veil it owes is its penalised placements (agents landing where a minion "
        "or a vampire that is not exhausted stands: one per placement, or one per agent under per_agent) plus the "
        "agents the empty pool could not supply plus what its own text weakens; it is applied once the card is "
        "resolved, and nothing is owed outside a card.",
        ("wn.pl:243", "wn.pl:245", "wn.pl:247", "wn.pl:257", "wn.pl:523", "wn.pl:608"),
        "agents",
        lambda s, p: z3.And(
            s["pending"] == s["penalised"] + s["unplaced"] + s["text"],
            s["penalised"] >= 0,
            s["unplaced"] >= 0,
            s["text"] >= 0,
            z3.Implies(z3.Not(s["card"]), s["pending"] == 0),
        ),
        _pending,
        _placement,
        note="each reading counts in its own unit; the soak checks the plan's and the text's placements "
        "(not moves or replacements, nor agents a placed relic redirects, which the model covers)",
    ),
    Invariant(
        "minion-conservation",
        "Minions are conserved",
        "The minion supply and the minions in the districts always add up to the Station's and the supply's minions "
        "at setup, never more than the 10 tokens.",
        ("wn.pl:32", "wn.pl:157-159", "wn.pl:165", "wn.pl:347", "wn.pl:411", "wn.pl:469"),
        "minions",
        lambda s, p: z3.And(
            s["supply"] >= 0,
            *(s[f"minions{c}"] >= 0 for c in range(CELL_COUNT)),
            s["supply"] + z3.Sum(_row(s, "minions", CELL_COUNT)) == sum(minion_total(p.ruleset, p.seats)),
            sum(minion_total(p.ruleset, p.seats)) <= MINION_TOKENS,
        ),
        _minions_conserved,
        readings=(("removed_tokens", "to_pool"), ("minion_supply", "rest_of_box")),
    ),
    Invariant(
        "victims-monotone",
        "Victims only rise, by the agents the fighter removed",
        "Victims never fall and never pass the track's top (9); a step that raises a vampire's victims raises them by "
        "exactly what it removed (by dice and sacrificed minions, for the fighter only), up to the top.",
        ("wn.pl:304-315", "wn.pl:367", "wn.pl:485", "wn.pl:511"),
        "relics",
        _symbolic_victims,
        _victims_range,
        _victims_step,
        readings=(("victim_track_cap", "nine"),),
    ),
    Invariant(
        "relic-cap",
        "Relics within each vampire's limit; 14 relics conserved",
        "A vampire holds no relic below 2 victims, at most one from 2 and two from 5, except one over the limit it "
        "must discard at once; the 14 relics are always in the deck, a hand, a district, the discard pile or the "
        "leader's hand at the Museum, each in one place.",
        ("wn.pl:23", "wn.pl:533", "wn.pl:535", "wn.pl:543", "wn.pl:562", "wn.pl:566"),
        "relics",
        _symbolic_relics,
        _relic_cap,
    ),
    Invariant(
        "seal-rules",
        "One seal per vampire and per district, placed by the rules",
        "Each vampire has placed at most one seal and each district holds at most one, the two always agreeing; a "
        "seal is placed only by a vampire with 9 victims, in a district with a minion and no agent, and takes the "
        "minion.",
        ("wn.pl:314", "wn.pl:409", "wn.pl:411", "wn.pl:413"),
        "seals",
        _symbolic_seals,
        _seals,
        _seal_step,
        readings=(("hidden_agents_count", "all_agents"),),
    ),
    Invariant(
        "ritual-win",
        "The ritual wins only when it may",
        "If the ritual was performed, every seal is placed, every vampire stands in one district, no agent is there "
        "and at least as many minions as vampires.",
        ("wn.pl:425", "wn.pl:431", "wn.pl:433", "wn.pl:434", "wn.pl:443"),
        "seals",
        _symbolic_ritual,
        _ritual,
        readings=(("hidden_agents_count", "all_agents"),),
    ),
    Invariant(
        "dice-pool",
        "The dice: 2 per vampire, every value on a face",
        "The dice in the pool and set aside are always 2 per vampire; every value, rolled or modified, is between 1 "
        "and 6.",
        ("wn.pl:177", "wn.pl:191", "wn.pl:193", "wn.pl:195", "wn.pl:610", "wn.pl:612"),
        "dice",
        lambda s, p: z3.And(
            s["pool"] >= 0,
            s["aside"] >= 0,
            s["pool"] + s["aside"] == DICE_PER_VAMPIRE * p.seats,
            s["value"] >= 1,
            s["value"] <= 6,
        ),
        _dice_pool,
    ),
    Invariant(
        "die-outcome",
        "What a die does",
        "A chosen die removes an agent exactly when it shows 3 or more and costs a blood token exactly when it shows 4 "
        "or less; a fight removes as many agents as its dice of 3 or more (as many as there are) and costs as much "
        "blood as its dice of 4 or less.",
        ("wn.pl:473", "wn.pl:474", "wn.pl:475", "wn.pl:479", "wn.pl:507"),
        "dice",
        lambda s, p: z3.And(s["removes"] == s["at_least_3"], s["bleeds"] == s["at_most_4"]),
        None,
        _die_outcome,
    ),
    Invariant(
        "overflow-conservation",
        "Blood a fighter cannot pay",
        "In a fight the blood paid, still owed and ignored add up to what the dice cost; the fighter pays first, what "
        "it cannot pay falls on the other vampires in its district, and blood is ignored only once none of them holds "
        "any: the blood lost is the smaller of the cost and the blood they all held.",
        ("wn.pl:483", "wn.pl:509"),
        "blood",
        _symbolic_overflow,
        None,
        _overflow,
    ),
    Invariant(
        "day-effect-predicate",
        "When a day effect fires",
        "A district's day effect fires exactly when the district is sealed or holds more minions than agents (every "
        "agent counted); a tie fires nothing.",
        ("wn.pl:221", "wn.pl:417", "wn.pl:590", "wn.pl:592"),
        "day",
        lambda s, p: z3.Implies(
            s["checked"], s["fired"] == z3.Or(s["sealed"], s["minions"] > s["hidden"] + s["revealed"])
        ),
        None,
        _day_effect,
        readings=(("day_effect_side", "minions"), ("hidden_agents_count", "all_agents")),
    ),
    Invariant(
        "leader-rotation",
        "The leader token passes each round",
        "There is always one leader, a seat of the game; it is the starting leader in round 1 and passes to the next "
        "seat at the start of every later round.",
        ("wn.pl:60", "wn.pl:129", "wn.pl:179", "wn.pl:209", "wn.pl:211", "wn.pl:213"),
        "leader",
        lambda s, p: z3.And(
            s["leader"] >= 0,
            s["leader"] < p.seats,
            s["first"] >= 0,
            s["first"] < p.seats,
            s["round"] >= 1,
            s["leader"] == (s["first"] + s["round"] - 1) % p.seats,
        ),
        _leader,
        _leader_step,
    ),
    Invariant(
        "deck-timer",
        "The event deck is the timer",
        "The event deck holds 3k cards less those revealed, one a round, and those an ability took only to mark a "
        "place, act I first; a card that must be taken from an empty deck ends the game, so a game lasts at most 3k "
        "rounds.",
        ("wn.pl:167", "wn.pl:169", "wn.pl:170", "wn.pl:171", "wn.pl:173", "wn.pl:223", "wn.pl:445", "wn.pl:626-628"),
        "deck",
        _symbolic_deck,
        _deck,
        _deck_step,
    ),
)


@dataclass(frozen=True, slots=True)
class ReadingCheck:
    """An invariant proved under one option of a reading, and the other option it is expected to fail under (the
    point of the reading's default), for one setting."""

    invariant: str
    reading: str
    option: str
    seats: int = 3
    difficulty: str = "medium"
    why: str = field(default="")


#: Where a reading's default is what makes an invariant hold: the other option must give a counterexample.
READING_CHECKS: Final[tuple[ReadingCheck, ...]] = (
    ReadingCheck(
        "blood-conservation", "removed_tokens", "to_box", why="spent blood leaves the game (wn.pl:153, wn.pl:165)"
    ),
    ReadingCheck("blood-supply-suffices", "removed_tokens", "to_box", why="the supply runs dry"),
    ReadingCheck(
        "agent-conservation", "removed_tokens", "to_box", why="removed agents leave the pool for good (wn.pl:163)"
    ),
    ReadingCheck("minion-conservation", "removed_tokens", "to_box", why="sacrificed minions leave the game"),
    ReadingCheck(
        "minion-conservation",
        "minion_supply",
        "nine_always",
        seats=2,
        why="2 on the Station and 9 in the supply need 11 of the 10 tokens (wn.pl:32)",
    ),
    ReadingCheck(
        "blood-bounds",
        "immaculate_blood_loss",
        "keep_until_spent",
        why="a vampire keeps 6 blood after passing Nieskazitelna krew on (wn.pl:54)",
    ),
    ReadingCheck(
        "seal-rules", "hidden_agents_count", "revealed_only", why="a district with hidden agents is sealed (wn.pl:411)"
    ),
    ReadingCheck(
        "ritual-win",
        "hidden_agents_count",
        "revealed_only",
        why="the ritual is begun beside hidden agents (wn.pl:425)",
    ),
    ReadingCheck(
        "day-effect-predicate",
        "day_effect_side",
        "either_side",
        why="a district with more agents than minions fires its effect",
    ),
)
