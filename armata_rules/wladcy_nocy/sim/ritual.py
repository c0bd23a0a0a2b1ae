"""A player of *Władcy Nocy* that plays to win: every vampire hunts until it has the 9 victims a seal needs
(wn.pl:409), seals a district as soon as it has them (wn.pl:411), and the Family then gathers where the minions are
and performs the Blood Moon ritual (wn.pl:425, wn.pl:431-435), while the veil is kept up by recruiting minions
(wn.pl:347-349) and the blood by hunting (wn.pl:373-375).

The player reads only what the table sees: the state, the legal actions and the content's tables. It never looks
ahead through chance (a die to be rolled, the next event card), so it plays the same whatever the engine's chance
mode; a game it plays is a function of the game's seed. Every decision is a rule of thumb, written out below, with
the engine's legal actions as the last word: a rule proposes actions in order and the first legal one is taken.

The plan, by what the active vampire still needs:

- *hunting* (fewer than 9 victims): the hunt worth most victims per action point (fight the revealed agents of a
  district, expose the hidden ones, walk there), letting lone agents gather while the agent pool lasts, so that one
  fight removes several; minions go along to be sacrificed; recruit while the veil is low, hunt while blood is low;
  keep a minion in the Museum, whose day effect then draws a relic every day (wn.pl:537, wn.pl:590-592);
- *sealing* (9 victims, seal not placed): seal where a minion stands and no agent, bringing a minion or recruiting
  one if needed, clearing the last agents of the district with the Blood ability;
- *helping* (sealed, others still hunting): carry spare minions to those who hunt, keep the veil up, remove agents
  when the pool runs low;
- *gathering* (everyone sealed): walk to the rally district (no agents, the minions nearest the Family), carrying
  minions, and recruit there until it holds a minion per vampire.

The leader's choices by day (where agents land, who gets a relic, who fights) keep agents away from vampires and
minions, where they would weaken the veil (wn.pl:243), and near the vampires that still need victims. The worths are
tuned on the synthetic test pack (:mod:`armata_rules.wladcy_nocy.data`, invented values): they say nothing of the
real game's strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from armata_rules.kernel.play.actions import Action, Choose, Pass
from armata_rules.wladcy_nocy.actions import (
    BeginRitual,
    Expose,
    Fight,
    Hunt,
    Move,
    Recruit,
    Sacrifice,
    Seal,
    TakeDie,
    UseBlood,
    UseRelic,
    WildHunt,
)
from armata_rules.wladcy_nocy.city import CELLS, cell_name, named, neighbours
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.effects import BLEEDS_TO, BLOOD_MAX, REMOVES_FROM, VEIL_TOP
from armata_rules.wladcy_nocy.frames import (
    BlueSplit,
    DiscardRelic,
    FightSacrifice,
    FightWindow,
    GiveRelic,
    OpTarget,
    PickDayEffect,
    PickDayFight,
    PickDie,
    PickFighter,
    PickOverflow,
    PickPlacement,
    Turn,
    TurnStart,
)
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["NEEDED", "ritual_action"]

#: Victims a vampire needs to seal and to begin the ritual (wn.pl:409, wn.pl:423).
NEEDED: Final = 9
#: At or below this veil a vampire that seals or gathers recruits before anything else.
VEIL_DANGER: Final = 2
#: The veil the Family keeps at least (:func:`_veil_floor`): 4, the high band of the track (wn.pl:227).
VEIL_FLOOR: Final = 4
#: How much an agent's landing beside a minion or a ready vampire (a veil lost, wn.pl:243) weighs against its
#: landing near a vampire that needs victims, when the leader picks where agents land.
PENALTY_WEIGHT: Final = 10.0

# The worth of each choice of a night turn, in victims expected per action point (a hunt's own unit):
#: an agent pool this small makes a lone agent worth hunting (each agent an event cannot place weakens the veil);
SCARCE_POOL: Final = 2
#: a hunt finished another night, or by a hunter still to play, is worth this much of one finished now;
LATER: Final = 0.7
#: and this much more if its vampire would stand through the day's vampire hunt with 3 or more agents;
DAY_FIGHT: Final = 0.4
#: a lone agent while the pool is not scarce;
LONE: Final = 0.6
#: less this, for a walk into a district where an event's agents would weaken the veil;
FRESH_CELL: Final = 0.1
#: recruiting at or below the veil floor, and this much more a point below it; above the floor;
RECRUIT_LOW: Final = 0.45
RECRUIT_STEP: Final = 0.25
RECRUIT_HIGH: Final = 0.3
#: a minion brought to a district the Family keeps (the Museum), divided by the action points it takes;
KEEPER: Final = 1.2
#: spare minions carried to a vampire that still needs victims;
FEED: Final = 0.6
#: with a blood token or none left, the Wild Hunt (above the veil floor), or a hunt.
WILD_HUNT: Final = 0.55
HUNT: Final = 0.4


def _distance(a: int, b: int) -> int:
    """Steps between two cells of the 3×3 city (moves go only between districts sharing a side, wn.pl:588)."""
    return abs(a // 3 - b // 3) + abs(a % 3 - b % 3)


def _toward(source: int, target: int) -> int:
    """The neighbour of ``source`` one step nearer ``target`` (the lowest such cell)."""
    return min(neighbours(source), key=lambda cell: (_distance(cell, target), cell))


def _need(state: WNState, seat: int) -> int:
    return max(0, NEEDED - state.vampires[seat].victims)


def _hungry(state: WNState) -> tuple[int, ...]:
    """The seats still short of 9 victims."""
    return tuple(seat for seat in range(len(state.vampires)) if _need(state, seat) > 0)


def _near(state: WNState, cell: int) -> bool:
    """Whether an event's agent landing in ``cell`` weakens the veil (wn.pl:243, wn.pl:523)."""
    return state.districts[cell].minions > 0 or any(v.cell == cell and v.blood > 0 for v in state.vampires)


def _first(legal: Sequence[Action], wanted: Iterable[Action | None]) -> Action | None:
    """The first of ``wanted`` that is legal now."""
    allowed = set(legal)
    return next((action for action in wanted if action is not None and action in allowed), None)


# ------------------------------------------------------------------------------------------------ the rally
def rally_cell(state: WNState) -> int:
    """Where the Family gathers for the ritual: the district without agents that is cheapest to reach, counting a
    step of each vampire and each minion still to recruit (2 action points each); the lowest cell among equals."""
    n = len(state.vampires)

    def cost(cell: int) -> tuple[float, int]:
        district = state.districts[cell]
        walk = sum(_distance(v.cell, cell) for v in state.vampires)
        recruit = 2 * max(0, n - district.minions - sum(1 for v in state.vampires if v.cell == cell))
        return walk + recruit + 6 * district.agents, cell

    return min(CELLS, key=cost)


# ------------------------------------------------------------------------------------------------ fights
def fight_estimate(state: WNState, agents: int, day: bool, later: bool = False) -> tuple[float, float]:
    """The agents a fight against ``agents`` revealed agents may be expected to remove, and the blood it may be
    expected to cost (wn.pl:473-479): with the best dice of the pool by night, the lowest by day, and for dice
    rolled anew when the pool runs short (wn.pl:481), or for a fight ``later`` (another night, another pool), 2 in 3
    removing and 2 in 3 costing blood."""
    values = [] if later else sorted(state.dice.values, reverse=not day)[:agents]
    extra = agents - len(values)
    removes = sum(1 for v in values if v >= REMOVES_FROM) + extra * 2 / 3
    bleeds = sum(1 for v in values if v <= BLEEDS_TO) + extra * 2 / 3
    return removes, bleeds


def _sacrifice(state: WNState, frame: FightSacrifice) -> int:
    """Minions to sacrifice (wn.pl:469): each removes an agent and earns the fighter a victim at no blood. A fighter
    that needs victims gives the minions of its district for the agents the dice would not remove, keeping those the
    Family still needs to seal and for the ritual once it has its victims."""
    fight = state.fight
    if fight is None:
        return 0
    district = state.districts[fight.cell]
    need = _need(state, frame.seat)
    most = min(district.minions, district.revealed, need)
    if most <= 0:
        return 0
    removes, _ = fight_estimate(state, district.revealed, fight.day)
    misses = district.revealed - int(removes)
    blood = state.vampires[frame.seat].blood
    return min(most, max(misses, district.revealed - blood))


# ------------------------------------------------------------------------------------------------ night
def _relic_use(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A relic worth using now: one that gives action points or blood the vampire can hold, reveals the agents of
    its district, or is placed (its effect then stands for good)."""
    vampire = state.vampires[seat]
    here = state.districts[vampire.cell]
    for action in legal:
        if not isinstance(action, UseRelic) or action.seat != seat:
            continue
        ops = ctx.ops(ctx.relics[action.relic].source)
        words = {str(op["op"]) for op in ops}
        if ctx.relics[action.relic].placed:
            if "redirect_agents" in words and _near(state, vampire.cell):
                continue  # the Urn draws every event's agents: never where they would weaken the veil
            return action
        if "ap" in words and state.phase.value == "night":
            return action
        if "reveal" in words and here.hidden:
            return action
        if "blood" in words and vampire.blood < BLOOD_MAX:
            return action
        if "add_minions" in words or ("veil" in words and state.veil < VEIL_TOP):
            return action
    return None


def _spare(ctx: WNContext, state: WNState, cell: int) -> int:
    """The minions of ``cell`` a vampire leaving it may take along: none where other vampires stay, unless it is the
    rally district, where only those beyond one per vampire (the ritual's, wn.pl:435) are spare; none of the one a
    kept district needs (:func:`keeper_cells`). The rally keeps its minions once the Family starts to seal."""
    minions = state.districts[cell].minions
    if cell in keeper_cells(ctx, state):
        return max(0, minions - 1)
    if cell == rally_cell(state) and any(v.seal >= 0 for v in state.vampires):
        return max(0, minions - len(state.vampires))
    return minions if len(state.seat_at(cell)) == 1 else 0


def _strike(state: WNState, seat: int, cell: int, agents: int, helper: bool = False, later: bool = False) -> float:
    """Victims a fight against ``agents`` revealed agents in ``cell`` may be expected to bring the vampire: the
    minions there (or carried along) are sacrificed first (wn.pl:469), the dice remove the rest (wn.pl:473-479). A
    ``helper`` (a vampire with its victims) counts the agents its dice would remove, and sacrifices no minion."""
    if helper:
        return fight_estimate(state, agents, False, later)[0]
    vampire = state.vampires[seat]
    minions = state.districts[cell].minions + (state.districts[vampire.cell].minions if cell != vampire.cell else 0)
    sacrificed = min(minions, agents)
    removes, _ = fight_estimate(state, agents - sacrificed, False, later)
    return float(min(_need(state, seat), sacrificed + removes))


def _to_play(state: WNState) -> set[int]:
    """The seats whose night turn is still to come tonight."""
    return {frame.seat for frame in state.frames if isinstance(frame, TurnStart)}


def _follower(state: WNState, seat: int, cell: int) -> int | None:
    """A hunter still to play tonight that can come to ``cell`` and fight there with its 2 action points."""
    later = sorted(_to_play(state) - {seat})
    able = [
        other
        for other in later
        if _need(state, other) and state.vampires[other].blood and _distance(state.vampires[other].cell, cell) <= 1
    ]
    return max(able, key=lambda other: (_need(state, other), -other), default=None)


def _plan(ctx: WNContext, state: WNState, seat: int, helper: bool = False) -> tuple[float, Action | None]:
    """The best hunt the vampire can make, by expected victims per action point, and its first action.

    A hunt is a fight against the revealed agents of a district (1 action point, wn.pl:339), after exposing its
    hidden ones (1 more, wn.pl:331) and walking there (1 a step, wn.pl:323). One the vampire cannot finish tonight
    is finished by a hunter still to play tonight, or by itself the next night (agents stay where they are,
    wn.pl:121), worth a little less; a vampire left standing with 3 or more agents fights them by day with the
    lowest dice (wn.pl:251-255), worth much less. A lone agent is worth hunting only when the agent pool runs low:
    while agents gather, one fight removes several (each agent an event cannot place weakens the veil, wn.pl:245).
    Minions go along with the hunter, to be sacrificed (wn.pl:469)."""
    vampire = state.vampires[seat]
    ap = vampire.ap
    best: tuple[float, Action | None] = (0.0, None)
    carry = 0 if helper else _spare(ctx, state, vampire.cell)
    scarce = state.agent_pool <= SCARCE_POOL
    for cell in CELLS:
        district = state.districts[cell]
        if not district.agents:
            continue
        steps = _distance(vampire.cell, cell)
        move = Move(seat, _toward(vampire.cell, cell), carry) if steps else None
        # (action points now, action points in all, victims expected, first action)
        options: list[tuple[int, int, float, Action]] = []
        if district.revealed:
            tonight = steps + 1 <= ap
            victims = _strike(state, seat, cell, district.revealed, helper, not tonight)
            options.append((steps + 1, steps + 1, victims, move or Fight(seat)))
        if district.hidden:
            tonight = steps + 2 <= ap
            victims = _strike(state, seat, cell, district.agents, helper, not tonight)
            options.append((steps + 2, steps + 2, victims, move or Expose(seat)))
            follower = None if helper else _follower(state, seat, cell)
            if follower is not None and steps + 1 <= ap:
                later = _strike(state, follower, cell, district.agents)
                reach = _distance(state.vampires[follower].cell, cell)
                options.append((steps + 1, steps + 2 + reach, later, move or Expose(seat)))
        fresh = steps > 0 and not _near(state, cell)
        for now, total, victims, first in options:
            value = victims / total
            if fresh:
                value -= FRESH_CELL  # a district where an event's agents would weaken the veil (wn.pl:243)
            if now > ap:
                value *= LATER
                if district.agents >= 3:
                    value *= DAY_FIGHT  # it would stand there through the day's hunt, with the lowest dice
            if district.agents < 2 and not scarce:
                value *= LONE
            if value > best[0]:
                best = (value, first)
    return best


def keeper_cells(ctx: WNContext, state: WNState) -> tuple[int, ...]:
    """The day districts whose effect the Family wants every day, so keeps a minion in: those that draw a relic
    (the Museum, wn.pl:537), while relics are left and a vampire may hold one. A day effect fires only where minions
    outnumber agents (wn.pl:590-592)."""
    if not state.relic_deck or not any(v.victims >= 2 for v in state.vampires):
        return ()
    found = []
    for cell in CELLS:
        info = ctx.districts[state.tile_at(cell)]
        if info.kind == "day" and any(op["op"] == "draw_relic" for op in ctx.ops(info.source)):
            found.append(cell)
    return tuple(found)


def _errand(ctx: WNContext, state: WNState, seat: int) -> tuple[float, Action | None]:
    """A minion for a district the Family keeps (:func:`keeper_cells`): brought along from the vampire's district,
    or recruited there (wn.pl:347)."""
    vampire = state.vampires[seat]
    best: tuple[float, Action | None] = (0.0, None)
    for cell in keeper_cells(ctx, state):
        district = state.districts[cell]
        if district.minions > district.agents:
            continue
        steps = _distance(vampire.cell, cell)
        option: tuple[float, Action | None]
        if steps == 0:
            option = (KEEPER / 2, Recruit(seat))
        elif state.districts[vampire.cell].minions and vampire.cell not in keeper_cells(ctx, state):
            option = (KEEPER / steps, Move(seat, _toward(vampire.cell, cell), 1))
        else:
            option = (KEEPER / (steps + 2), Move(seat, _toward(vampire.cell, cell), 0))
        best = max(best, option, key=lambda o: o[0])
    return best


def _veil_floor(ctx: WNContext, state: WNState) -> int:
    """The veil the Family keeps: 4, the high band of the track, where an event places fewest agents (wn.pl:227);
    one more per exhausted vampire, whose recovery weakens it (wn.pl:277)."""
    return VEIL_FLOOR + sum(1 for v in state.vampires if v.exhausted)


def _hunting(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A vampire short of victims: the worthiest of its best hunt (:func:`_plan`), a minion for a kept district
    (:func:`_errand`), a recruit (more worth the lower the veil, wn.pl:347-349) and, low on blood, the Wild Hunt
    (wn.pl:391-393, not below the veil floor) or a hunt (wn.pl:375)."""
    vampire = state.vampires[seat]
    floor = _veil_floor(ctx, state)
    value, action = _plan(ctx, state, seat)
    choices: list[tuple[float, Action | None]] = [(value, action), _errand(ctx, state, seat)]
    if state.veil <= floor:
        choices.append((RECRUIT_LOW + RECRUIT_STEP * (floor - state.veil), Recruit(seat)))
    elif state.veil < VEIL_TOP:
        choices.append((RECRUIT_HIGH, Recruit(seat)))
    if vampire.blood <= 1:
        choices.append((WILD_HUNT if state.veil > floor else 0.0, WildHunt(seat)))
        choices.append((HUNT, Hunt(seat)))
    choices.sort(key=lambda c: -c[0])
    return _first(legal, [a for v, a in choices if v > 0.0])


def _sealing(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A vampire with its victims and its seal in hand: it seals where it may (wn.pl:411), clearing the district's
    last agents with its Blood ability or recruiting the minion it lacks; else it walks, a minion along, to a free
    district beside it, or toward the rally."""
    vampire = state.vampires[seat]
    cell = vampire.cell
    here = state.districts[cell]
    wanted: list[Action | None] = []
    if state.veil <= VEIL_DANGER:
        wanted.append(Recruit(seat))
    if not here.seal:
        if here.agents and here.agents <= vampire.blood - 1:
            wanted.append(UseBlood(seat))  # clear the district to seal it (wn.pl:411)
        if not here.agents and not here.minions and vampire.ap >= 3:
            wanted.append(Recruit(seat))
    free = [c for c in neighbours(cell) if not state.districts[c].agents and not state.districts[c].seal]
    free.sort(key=lambda c: (-state.districts[c].minions, _distance(c, rally_cell(state)), c))
    for target in free:
        if state.districts[target].minions:
            wanted.append(Move(seat, target, 0))
        elif here.minions:
            wanted.append(Move(seat, target, 1))
    if not here.seal and not here.agents and not here.minions:
        wanted.append(Recruit(seat))
    if here.revealed:
        wanted.append(Fight(seat))
    if free:
        wanted.append(Move(seat, free[0], 0))
    wanted.append(Move(seat, _toward(cell, rally_cell(state)), 0) if cell != rally_cell(state) else None)
    return _first(legal, wanted)


def _feeding(ctx: WNContext, state: WNState, seat: int) -> tuple[float, Action | None]:
    """Spare minions carried to the nearest vampire that still needs victims: each one it sacrifices in a fight
    removes an agent and brings it a victim, at no blood (wn.pl:469, wn.pl:485)."""
    vampire = state.vampires[seat]
    spare = _spare(ctx, state, vampire.cell)
    hungry = [s for s in _hungry(state) if state.vampires[s].cell != vampire.cell]
    if not spare or not hungry:
        return 0.0, None
    target = min(hungry, key=lambda s: (_distance(vampire.cell, state.vampires[s].cell), s))
    carry = min(spare, _need(state, target))
    return FEED, Move(seat, _toward(vampire.cell, state.vampires[target].cell), carry)


def _helping(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A sealed vampire while others still hunt: it keeps the veil up (wn.pl:347-349) and, when the agent pool runs
    low, removes agents (each one an event cannot place weakens the veil, wn.pl:245); else it gathers."""
    band = ctx.bands["high" if state.veil >= 4 else "low"]
    coming = band.red + sum(band.blue) + 1
    floor = _veil_floor(ctx, state)
    choices: list[tuple[float, Action | None]] = [_feeding(ctx, state, seat)]
    if state.agent_pool <= coming:
        choices.append(_plan(ctx, state, seat, helper=True))
    if state.veil <= floor:
        choices.append((RECRUIT_LOW + RECRUIT_STEP * (floor - state.veil), Recruit(seat)))
    elif state.veil < VEIL_TOP:
        choices.append((RECRUIT_HIGH, Recruit(seat)))
    choices.sort(key=lambda c: -c[0])
    return _first(legal, [a for v, a in choices if v > 0.0]) or _gathering(ctx, state, seat, legal)


def _gathering(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action | None:
    """A sealed vampire: it walks to the rally district with the minions of its own, and there clears the agents
    and recruits until a minion stands there per vampire (wn.pl:425, wn.pl:435)."""
    vampire = state.vampires[seat]
    cell = vampire.cell
    here = state.districts[cell]
    rally = rally_cell(state)
    n = len(state.vampires)
    wanted: list[Action | None] = []
    if state.veil <= VEIL_DANGER:
        wanted.append(Recruit(seat))
    if cell != rally:
        carry = (
            here.minions
            if not any(_need(state, s) == 0 and state.vampires[s].seal < 0 for s in state.seat_at(cell))
            else 0
        )
        step = _toward(cell, rally)
        wanted.append(Move(seat, step, carry))
        wanted.append(Move(seat, step, 0))
    else:
        if here.agents and here.agents <= vampire.blood - 1:
            wanted.append(UseBlood(seat))
        if here.hidden:
            wanted.append(Expose(seat))
        if here.revealed:
            wanted.append(Fight(seat))
        if here.minions < n:
            wanted.append(Recruit(seat))
    if state.veil < VEIL_TOP:
        wanted.append(Recruit(seat))
    return _first(legal, wanted)


def _night(ctx: WNContext, state: WNState, seat: int, legal: Sequence[Action]) -> Action:
    """The active vampire's next action: the ritual or its seal whenever it may, a relic worth using, then by what it
    still needs (the module docstring); it ends its turn when nothing is worth its action points."""
    vampire = state.vampires[seat]
    found = _first(legal, (BeginRitual(seat), Seal(seat))) or _relic_use(ctx, state, seat, legal)
    if found is None:
        if _need(state, seat):
            found = _hunting(ctx, state, seat, legal)
        elif vampire.seal < 0:
            found = _sealing(ctx, state, seat, legal)
        elif _hungry(state):
            found = _helping(ctx, state, seat, legal)
        else:
            found = _gathering(ctx, state, seat, legal)
    return found or _first(legal, (Pass(seat, "turn"),)) or legal[0]


# ------------------------------------------------------------------------------------------------ the leader
def _landing_score(state: WNState, cell: int) -> float:
    """How good a district is for an event's agent: no veil lost there (wn.pl:243), near a vampire that needs
    victims, beside agents already there (one fight removes them all)."""
    hungry = _hungry(state)
    reach = min((_distance(state.vampires[s].cell, cell) for s in hungry), default=4)
    score = -PENALTY_WEIGHT * _near(state, cell) - 2.0 * abs(reach - 1) + 0.5 * state.districts[cell].agents
    return score - (3.0 if state.districts[cell].seal else 0.0)


def _minion_score(state: WNState, cell: int) -> float:
    """How good a district is for a new minion: where a vampire waits to seal, else the rally district."""
    district = state.districts[cell]
    if district.agents:
        return -1.0 - district.agents
    if any(_need(state, s) == 0 and state.vampires[s].seal < 0 for s in state.seat_at(cell)) and not district.seal:
        return 10.0
    return 5.0 - _distance(cell, rally_cell(state))


def _blocking_score(state: WNState, cell: int) -> float:
    """How much the agents of a district stand in the Family's way (a seal or the ritual needs none there), and
    how far they are from the vampires that could take them as victims."""
    hungry = _hungry(state)
    reach = min((_distance(state.vampires[s].cell, cell) for s in hungry), default=4)
    sealing = any(_need(state, s) == 0 and state.vampires[s].seal < 0 for s in state.seat_at(cell))
    rally = not hungry and cell == rally_cell(state)
    return 10.0 * (sealing or rally) + reach


def _op_target(ctx: WNContext, state: WNState, frame: OpTarget, options: Sequence[str]) -> str:
    """The leader's pick for an effect's ``leader_choice`` (WLADCY_NOCY.md §6 item 4)."""
    op: Mapping[str, Any] = ctx.ops(frame.source)[frame.index]
    word = str(op["op"])
    cells = [c for c in (named(o) for o in options) if c is not None]
    if not cells:  # a vampire: the one with the least blood
        return min(options, key=lambda o: (state.vampires[ctx.vampires.index(o)].blood, o))
    score: Callable[[int], float]
    if word == "add_agents" or (word == "move_agents" and op.get("to") == "leader_choice"):
        score = lambda c: _landing_score(state, c)  # noqa: E731
    elif word in ("add_minions",):
        score = lambda c: _minion_score(state, c)  # noqa: E731
    elif word in ("remove_agents", "replace_agents", "move_agents"):
        score = lambda c: _blocking_score(state, c)  # noqa: E731
    elif word == "reveal":
        score = lambda c: -_blocking_score(state, c) + state.districts[c].hidden  # noqa: E731
    else:
        score = lambda c: -c  # noqa: E731
    return cell_name(max(cells, key=lambda c: (score(c), -c)))


def _blue_split(ctx: WNContext, state: WNState, frame: BlueSplit) -> str:
    """The blue-grey position that gets the first (larger) number: the better landing."""
    cells = ctx.events[frame.card].blue
    return cell_name(max(cells, key=lambda c: (_landing_score(state, c), -c)))


def _relic_value(ctx: WNContext, relic: str) -> float:
    """How useful a relic is to the Family: action points and blood most, then minions and reveals; a relic that
    lowers dice is worth least."""
    info = ctx.relics[relic]
    if info.blood_max:
        return 4.0
    value = 0.0
    for op in ctx.ops(info.source):
        word = str(op["op"])
        delta = op.get("delta", 0)
        if word == "ap":
            value += 5.0
        elif word == "blood":
            value += 3.0
        elif word in ("add_minions", "veil"):
            value += 2.5
        elif word == "reveal":
            value += 2.0
        elif word == "dice_modify":
            value += 1.5 if isinstance(delta, int) and delta > 0 else -2.0
        elif word == "redirect_agents":
            value += 1.0
    return value


def _leader(ctx: WNContext, state: WNState, legal: Sequence[Action]) -> Action:
    """The other decisions: the fight's steps, the leader's picks, relics."""
    frame = state.frames[-1]
    options = [a.option for a in legal if isinstance(a, Choose)]

    def choose(option: str) -> Action:
        return next(a for a in legal if isinstance(a, Choose) and a.option == option)

    if isinstance(frame, FightSacrifice):
        count = _sacrifice(state, frame)
        return _first(legal, (Sacrifice(frame.seat, count),)) or legal[0]
    if isinstance(frame, PickDie):
        dice = [a for a in legal if isinstance(a, TakeDie)]
        return max(dice, key=lambda a: a.value)
    if isinstance(frame, FightWindow):
        return _window(ctx, state, frame, legal)
    if isinstance(frame, PickOverflow | PickFighter):

        def fighter_key(option: str) -> tuple[int, int, str]:
            seat = ctx.vampires.index(option)
            vampire = state.vampires[seat]
            fighting = isinstance(frame, PickFighter)
            wants = min(_need(state, seat), state.districts[vampire.cell].agents) if fighting else 0
            return wants, vampire.blood, option

        return choose(max(options, key=fighter_key))
    if isinstance(frame, OpTarget):
        return choose(_op_target(ctx, state, frame, options))
    if isinstance(frame, BlueSplit):
        return choose(_blue_split(ctx, state, frame))
    if isinstance(frame, PickPlacement):
        return choose(max(options, key=lambda o: (_landing_score(state, named(o) or 0), o)))
    if isinstance(frame, GiveRelic):

        def receiver(option: str) -> tuple[bool, int, int, str]:
            vampire = state.vampires[ctx.vampires.index(option)]
            room = len(vampire.relics) < (2 if vampire.victims >= 5 else 1)
            return room, -len(vampire.relics), -vampire.victims, option

        return choose(max(options, key=receiver))
    if isinstance(frame, DiscardRelic):
        return choose(min(options, key=lambda o: (_relic_value(ctx, o), o)))
    if isinstance(frame, PickDayEffect | PickDayFight):
        return choose(options[0])
    return legal[0]


def _window(ctx: WNContext, state: WNState, frame: FightWindow, legal: Sequence[Action]) -> Action:
    """In a fight's window, a dice change that turns a miss into a removal or a bleed into none (wn.pl:622)."""
    fight = state.fight
    vampire = state.vampires[frame.seat]
    if fight is None:
        return legal[-1]
    for action in legal:
        if not isinstance(action, Choose):
            continue
        if action.option == "dark" and state.veil <= 3:
            continue
        if action.option == "blood" and vampire.blood < 2:
            continue
        source = (
            ctx.blood(frame.seat).source
            if action.option == "blood"
            else ctx.dark(frame.seat).source
            if action.option == "dark"
            else ctx.relics[action.option].source
        )
        delta = sum(int(op.get("delta", 0)) for op in ctx.ops(source) if op["op"] == "dice_modify")
        if delta <= 0:
            continue
        gain = sum((v < REMOVES_FROM <= v + delta) + (v <= BLEEDS_TO < v + delta) for v in fight.taken)
        if gain >= (2 if action.option == "dark" else 1):
            return action
    return next(a for a in legal if isinstance(a, Pass))


def ritual_action(ctx: WNContext, state: WNState, legal: Sequence[Action]) -> Action:
    """The action the player takes in ``state`` among ``legal`` (not empty)."""
    frame = state.frames[-1]
    if isinstance(frame, Turn):
        return _night(ctx, state, frame.seat, legal)
    return _leader(ctx, state, legal)
