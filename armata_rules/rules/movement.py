"""Phase 2a, moving a Powerwolf (peg19.en:758-767, sb19.en:308-317, peg19.de:167-177, peg19.it:1305-1314,
peg19.fr:1851-1860, peg19.es:2317-2326).

A move is a sequence of single steps closed by :class:`~armata_rules.actions.EndMove`. A step follows a corridor to
a neighbouring space, or the tunnels from a stairs space (or ladder tile) to another. A space held by another
Powerwolf is jumped over without counting it, and no one may end there; the jump lands beyond, never back on a space
of the jump (so every move ends: :mod:`armata_rules.verify.termination` proves it over the kernels used here).
Entering an active encounter space ends the move: the hero must fight (Phase 2b).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from armata_rules import effects
from armata_rules.actions import Action, EndMove, GiveReward, RebelDraw, Step, UseAbility
from armata_rules.board.fortress import SpaceId
from armata_rules.components.icons import Ability
from armata_rules.effects import MoveHero
from armata_rules.errors import expect, present
from armata_rules.frames import MoveFrame
from armata_rules.immutable import memo, replace
from armata_rules.interning import interned
from armata_rules.rules.abilities import ability_actions, apply_ability, guard_ability
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute
from armata_rules.rules.flow import log, pop
from armata_rules.rules.handlers import DecisionHandler, Refusal, handles
from armata_rules.rules.kernels import answer, answer2
from armata_rules.rules.registry import interpretation, rule
from armata_rules.state import GameState
from armata_rules.variants import Movement

__all__ = ["MOVE_STEP", "MOVE_STOP", "active_encounter", "step_cost"]

MOVE_STEP = rule(
    "move.step",
    "A step of movement",
    (
        "peg19.en:750",
        "peg19.en:752",
        "peg19.en:1124",
        "peg19.en:760",
        "peg19.en:764",
        "peg19.en:765",
        "peg19.en:766",
        "peg19.en:767",
        "peg19.de:169",
        "peg19.de:173",
        "peg19.de:174",
        "peg19.de:176",
        "peg19.de:177",
        "peg19.it:1307",
        "peg19.it:1314",
        "peg19.fr:1853",
        "peg19.es:2319",
        "peg19.es:2326",
        "sb19.en:310",
        "sb19.en:314",
        "sb19.en:315",
        "sb19.en:316",
        "sb19.en:317",
    ),
    "One step along a corridor, or from stairs (or a ladder tile) through the tunnels to other stairs, each "
    "costing one point of the card's movement less wound penalties. A space held by another Powerwolf costs "
    "nothing and must be left again, onward: never back onto the space the jump started from or one already "
    "jumped. A Strigoi's space may be crossed only with Stealth. Entering an active encounter space ends the move.",
    readings=("movement",),
    interpretations=("tunnel-from-standing-stairs", "jump-any-direction", "jump-lands-beyond"),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITY_STEALTH: Final = Ability.STEALTH
_MOVEMENT_MAY_EXACTLY: Final = Movement.MAY_EXACTLY
_MOVEMENT_MAY_UP_TO: Final = Movement.MAY_UP_TO
_MOVEMENT_MUST_UP_TO: Final = Movement.MUST_UP_TO

MOVE_STOP = rule(
    "move.stop",
    "Ending the move",
    ("peg19.en:760", "peg19.en:764", "peg19.de:169", "peg19.fr:1853", "peg19.it:1307", "peg19.es:2319", "sb19.en:310"),
    "The hero stops moving, never on a space held by another miniature; how far they must have moved first "
    "depends on the movement reading (may up to, must up to, may exactly).",
    readings=("movement",),
    interpretations=("abilities-keep-a-way-on",),
)

interpretation(
    "abilities-keep-a-way-on",
    "Abilities used while standing on another miniature's space",
    "While the moving hero stands on a space held by another miniature (in the middle of a jump, or crossing a "
    "Strigoi with Stealth), an ability that would leave no step on to a free space is refused, say a platform "
    "turn that carries the corridors away; the hero may step on first and use it then.",
    "The abilities may be used 'at any time during their turn' (peg19.en:756; sb19.en:306 'before the Strigoi "
    "moves'), and Mechanics turns a platform 'any way they like, even if there are Powerwolf or Strigoi on it' "
    "(peg19.en:1054, sb19.en:638, peg19.de:483). But 'two miniatures cannot stay in the same space' "
    "(peg19.en:764, sb19.en:314, peg19.de:173) and a jumping Powerwolf goes on 'to the next space' "
    "(peg19.en:765, sb19.en:315): a turn that leaves the hero on another's space with nowhere to go would make "
    "those rules impossible to keep, and the game would have no legal continuation. No text moves the hero "
    "elsewhere in that case, so the engine keeps every rule by refusing only the turns (or other ability uses) "
    "that would strand the hero; every other direction of the same platform stays allowed.",
    (
        "peg19.en:756",
        "peg19.en:764",
        "peg19.en:765",
        "peg19.en:1054",
        "peg19.de:173",
        "peg19.de:483",
        "sb19.en:306",
        "sb19.en:314",
        "sb19.en:315",
        "sb19.en:638",
    ),
)

interpretation(
    "tunnel-from-standing-stairs",
    "Taking the tunnels from the stairs you stand on",
    "It costs one step: the arrival stairs.",
    "The rulebook counts 'one step onto the entry stairs, a second step onto the arrival stairs' (peg19.en:767). A "
    "hero already standing on stairs (a ladder tile at the start, or stairs reached last turn) has paid the entry "
    "step when arriving there, so only the arrival is left to pay; the Italian text says the stairs are counted "
    "'regularly as movement' (peg19.it:1314).",
    ("peg19.en:767", "peg19.it:1314", "sb19.en:317"),
)

interpretation(
    "jump-any-direction",
    "Where a jump over another Powerwolf lands",
    "On any space the hero can step to next; the jumped space costs nothing, and the hero may not end there.",
    "'They jump to the next space without counting it' (peg19.en:765): corridors turn, so 'the next space' is the "
    "next step the hero takes, not necessarily straight on.",
    ("peg19.en:765", "peg19.de:174", "sb19.en:315"),
)


interpretation(
    "jump-lands-beyond",
    "A jump never comes back",
    "While jumping, the hero may not step back onto the space the jump started from or onto a space already "
    "jumped; the step that lands on a free space counts one, as usual.",
    "The texts have the hero 'jump to the next space' (peg19.en:765, sb19.en:315), 'überspringt ... auf das "
    "nächste Feld' (peg19.de:174), 'la salta' (peg19.it:1312), 'il saute cette case' (peg19.fr:1858): a jump is a "
    "passage over the other Powerwolf to what lies beyond it. Read as a free step in any direction, it let a hero "
    "walk back and forth between two occupied spaces for ever without spending movement, so a turn could "
    "never end. Forbidding the way back keeps every jump the texts describe (over one or several Powerwolves, "
    "round a turning corridor, per jump-any-direction) and bounds a move: see the termination proof. The rule "
    "constrains the jump alone: a Leap or Pack that takes the hero off the jump ends it (peg19.en:1070 and "
    "peg19.en:1124 make Leap part of the move), so an ordinary step may later cross the jump's start again.",
    (
        "peg19.en:765",
        "peg19.en:1070",
        "peg19.en:1124",
        "peg19.de:174",
        "peg19.it:1312",
        "peg19.fr:1858",
        "peg19.es:2324",
        "sb19.en:315",
    ),
)


def active_encounter(state: GameState, space: SpaceId, ctx: RulesContext) -> bool:
    """Whether ``space`` is an encounter space without a fight token on it (peg19.en:797)."""
    return space in ctx.fortress.encounter_spaces and space not in state.fight_tokens


class _Standing:
    """Who stands where around the hero in one seat, in one state, and the movement left: every candidate step
    asks, so it is worked out once per state and seat (:func:`_standing`)."""

    __slots__ = ("_answers", "kernel", "others", "steps_left", "strigoi")

    def __init__(self, state: GameState, seat: int) -> None:
        #: where the heroes other than ``seat`` stand
        self.others = frozenset(h.position for other, h in enumerate(state.heroes) if other != seat)
        #: where an undefeated Strigoi stands
        self.strigoi = frozenset(s.position for s in state.strigoi if not s.defeated)
        self.steps_left = -1 if state.turn is None else state.turn.steps_left
        #: the step guard kernel this answers for (see :func:`_standing`)
        self.kernel = effects.may_step
        self._answers: dict[bool, bool] = {}

    def may_step(self, back: bool) -> bool:
        """The step guard kernel's answer for the movement left, onto a space of the jump (``back``) or not, kept
        here for the next candidate step. The kernel was looked up in its module (``effects.may_step``) when this
        was made, so that a substituted kernel (an engine control) is the one that answers."""
        found = self._answers.get(back)
        if found is None:
            found = self._answers[back] = bool(answer2(self.kernel, self.steps_left, back))
        return found


def _standing(state: GameState, seat: int) -> _Standing:
    """The :class:`_Standing` of ``seat`` in ``state``, kept on the state with the step guard kernel it answers
    for: a substituted kernel (an engine control) is asked anew, even about a state met before."""
    cache = memo(state)
    per_seat: dict[int, _Standing] | None = cache.get(_Standing)
    if per_seat is None:  # a table by seat: no key tuple to build at each call
        per_seat = cache[_Standing] = {}
    found = per_seat.get(seat)
    if found is None or found.kernel is not effects.may_step:
        found = per_seat[seat] = _Standing(state, seat)
    return found


def _others(state: GameState, seat: int) -> frozenset[SpaceId | None]:
    """Where the heroes other than ``seat`` stand."""
    return _standing(state, seat).others


def _strigoi_spaces(state: GameState, seat: int) -> frozenset[SpaceId | None]:
    """Where an undefeated Strigoi stands."""
    return _standing(state, seat).strigoi


def _other_hero_at(state: GameState, seat: int, space: SpaceId) -> bool:
    return space in _others(state, seat)


def step_cost(state: GameState, seat: int, to: SpaceId) -> int:
    """What a step onto ``to`` costs: nothing over another Powerwolf (a jump), else one."""
    return cast(int, answer(effects.step_cost, _other_hero_at(state, seat, to)))  # the int kernel on ints


def _strigoi_at(state: GameState, seat: int, space: SpaceId) -> bool:
    return space in _strigoi_spaces(state, seat)


def _can_cross_strigoi(ctx: RulesContext, state: GameState, seat: int) -> bool:
    """Crossing a Strigoi needs Stealth in use for this move (peg19.en:766, peg19.en:1062)."""
    return state.turn is not None and state.turn.stealthy and _ABILITY_STEALTH not in ctx.blocked(state.heroes[seat])


def _exits(ctx: RulesContext, state: GameState, space: SpaceId) -> tuple[SpaceId, ...]:
    return ctx.fortress.exits(space, state.board)


def _can_stop_on(state: GameState, seat: int, space: SpaceId) -> bool:
    standing = _standing(state, seat)
    return space not in standing.others and space not in standing.strigoi


def _trail_after(
    trail: tuple[SpaceId, ...], here: SpaceId | None, to: SpaceId, onto_powerwolf: bool
) -> tuple[SpaceId, ...]:
    """The jump trail after a step from ``here`` to ``to``: kept and grown while the kernel counts a jump under way
    (:func:`~armata_rules.effects.jump_trail_after`, the one the termination proof reasons about), else empty."""
    jumped = len(set(trail[1:]))
    if cast(int, answer2(effects.jump_trail_after, jumped, onto_powerwolf)) == 0:
        return ()
    return (*(trail or ((here,) if here is not None else ())), to)


def _can_leave(
    ctx: RulesContext, state: GameState, seat: int, start: SpaceId, budget: int, trail: tuple[SpaceId, ...]
) -> bool:
    """Whether, standing on a space it may not end on with ``budget`` movement left and ``trail`` the jump so far,
    the hero can still reach a space to stop on by steps the step guard allows. The search is over what the guard
    reads, (space, movement left, jump trail), with the guard's own kernels: a space met again with more movement or
    another trail is explored again, and a counted step (crossing a Strigoi with Stealth) ends the jump, so the
    spaces it crossed may be stepped on again (peg19.en:765-766, interpretation jump-lands-beyond)."""
    crossing = _can_cross_strigoi(ctx, state, seat)
    standing = _standing(state, seat)
    first = (start, budget, trail)
    frontier = [first]
    seen = {first}
    while frontier:
        space, left, jumped = frontier.pop()
        for nxt in _exits(ctx, state, space):
            if not answer2(standing.kernel, left, nxt in jumped):
                continue
            onto_powerwolf = nxt in standing.others
            if nxt in standing.strigoi:
                if not crossing:
                    continue
            elif not onto_powerwolf:
                return True  # a free space: the hero may stop there
            after = (
                nxt,
                cast(int, answer2(effects.steps_after, left, onto_powerwolf)),
                _trail_after(jumped, space, nxt, onto_powerwolf),
            )
            if after not in seen:
                seen.add(after)
                frontier.append(after)
    return False


def _steps_of(ctx: RulesContext, seat: int) -> dict[SpaceId, Action]:
    """The steps of ``seat`` listed so far in this game, by space (kept on the context): a move lists the same few
    steps state after state, and a lookup by the space's id is a fraction of :func:`interned`'s by all the
    values."""
    cache = memo(ctx)
    tables: list[dict[SpaceId, Action]] | None = cache.get(_steps_of)
    if tables is None:
        tables = cache[_steps_of] = [{} for _ in ctx.heroes]
    return tables[seat]


class MoveRules(DecisionHandler[MoveFrame]):
    """Steps and stopping."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: MoveFrame) -> Iterable[Action]:
        position = state.heroes[frame.seat].position
        position = present(position, "rules.movement.candidates: position")
        return [
            *(interned(Step, frame.seat, to) for to in _exits(ctx, state, position)),
            interned(EndMove, frame.seat),
            *ability_actions(ctx, state, frame.seat, "move"),
        ]

    def legal(self, ctx: RulesContext, state: GameState, frame: MoveFrame) -> list[Action]:
        seat = frame.seat
        position = present(state.heroes[seat].position, "rules.movement.legal: position")
        standing = _standing(state, seat)
        steps = _steps_of(ctx, seat)
        moves: list[Action] = []
        for to in _exits(ctx, state, position):  # the exits are computed once, here
            if self._blocked(ctx, state, seat, to, standing) is None:
                step = steps.get(to)
                if step is None:
                    step = steps[to] = interned(Step, seat, to)
                moves.append(step)
        stop = interned(EndMove, seat)
        if self._guard_stop(ctx, state, frame, stop, can_step=bool(moves)) is None:
            moves.append(stop)
        abilities = ability_actions(ctx, state, seat, "move")  # legal by construction, but for a way on:
        if abilities and not _can_stop_on(state, seat, position):
            abilities = [a for a in abilities if self._strands(ctx, state, seat, a) is None]
        return moves + abilities

    def guard(self, ctx: RulesContext, state: GameState, frame: MoveFrame, action: Action) -> Refusal | None:
        if isinstance(action, Step):
            return self._guard_step(ctx, state, frame, action)
        if isinstance(action, EndMove):
            return self._guard_stop(ctx, state, frame, action)
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            refusal = guard_ability(ctx, state, frame.seat, action, "move")
            here = present(state.heroes[frame.seat].position, "rules.movement.guard: here")
            if refusal is None and not _can_stop_on(state, frame.seat, here):
                return self._strands(ctx, state, frame.seat, action)
            return refusal
        return Refusal(MOVE_STEP, f"{ctx.heroes[frame.seat].value} is moving: step or stop, not {action.kind}")

    def _guard_step(self, ctx: RulesContext, state: GameState, frame: MoveFrame, action: Step) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(MOVE_STEP, f"it is {ctx.heroes[frame.seat].value}'s turn, not seat {action.seat}'s")
        here = state.heroes[frame.seat].position
        here = present(here, "rules.movement._guard_step: here")
        if action.to not in ctx.fortress.spaces:
            return Refusal(MOVE_STEP, f"{action.to!r} is no space of this fortress")
        if action.to not in _exits(ctx, state, here):
            return Refusal(MOVE_STEP, f"no corridor or tunnel leads from {here} to {action.to}")
        return self._blocked(ctx, state, frame.seat, action.to, _standing(state, frame.seat))

    def _blocked(
        self, ctx: RulesContext, state: GameState, seat: int, to: SpaceId, standing: _Standing
    ) -> Refusal | None:
        """Why a step along an existing corridor or tunnel to ``to`` is not allowed, if it is not (``standing``:
        :func:`_standing` of ``seat`` in ``state``)."""
        turn = state.turn
        turn = present(turn, "rules.movement._blocked: turn")
        back = to in turn.trail
        if not standing.may_step(back):
            if back:
                return Refusal(MOVE_STEP, f"a jump lands beyond the jumped Powerwolf, never back on {to}")
            return Refusal(MOVE_STEP, "no movement left this turn")
        onto_powerwolf = to in standing.others
        onto_strigoi = to in standing.strigoi
        if onto_strigoi and not _can_cross_strigoi(ctx, state, seat):
            return Refusal(MOVE_STEP, f"a Strigoi stands on {to}: crossing it needs Stealth")
        if not (onto_powerwolf or onto_strigoi):  # a free space: the hero may stop there
            return None
        left = cast(int, answer2(effects.steps_after, turn.steps_left, onto_powerwolf))
        trail = _trail_after(turn.trail, state.heroes[seat].position, to, onto_powerwolf)
        if not _can_leave(ctx, state, seat, to, left, trail):
            return Refusal(MOVE_STEP, f"{to} is taken and the hero could not move on from it to a free space")
        return None

    def _strands(self, ctx: RulesContext, state: GameState, seat: int, action: Action) -> Refusal | None:
        """Why a legal ability, used while ``seat`` stands on a space it may not stop on, is refused: it would leave
        the hero there, still moving, with no step on (abilities-keep-a-way-on). Rare (the middle of a jump), so
        the ability is simply applied and the steps of the result listed."""
        after = apply_ability(ctx, state, seat, action)
        if not after.frames or not isinstance(after.frames[-1], MoveFrame):
            return None  # the move ended (a Leap onto an encounter space): nothing is left to step
        here = present(after.heroes[seat].position, "rules.movement._strands: here")
        if _can_stop_on(after, seat, here):
            return None
        standing = _standing(after, seat)
        if any(self._blocked(ctx, after, seat, to, standing) is None for to in _exits(ctx, after, here)):
            return None
        return Refusal(
            MOVE_STOP,
            f"two miniatures cannot stay on the same space: after that, {ctx.heroes[seat].value} could not move "
            f"on from {here} to a free space",
        )

    def _guard_stop(
        self, ctx: RulesContext, state: GameState, frame: MoveFrame, action: EndMove, can_step: bool | None = None
    ) -> Refusal | None:
        if action.seat != frame.seat:
            return Refusal(MOVE_STOP, f"it is {ctx.heroes[frame.seat].value}'s turn, not seat {action.seat}'s")
        turn = state.turn
        turn = present(turn, "rules.movement._guard_stop: turn")
        here = state.heroes[frame.seat].position
        here = present(here, "rules.movement._guard_stop: here")
        if not _can_stop_on(state, frame.seat, here):
            return Refusal(MOVE_STOP, f"two miniatures cannot stay on the same space ({here})")
        reading = ctx.ruleset.movement
        if reading is _MOVEMENT_MAY_UP_TO:
            return None
        if can_step is None:
            standing = _standing(state, frame.seat)
            can_step = any(
                self._blocked(ctx, state, frame.seat, to, standing) is None for to in _exits(ctx, state, here)
            )
        if reading is _MOVEMENT_MUST_UP_TO and not turn.moved and can_step:
            return Refusal(MOVE_STOP, "under the 'must move' reading the hero must take at least one step")
        if reading is _MOVEMENT_MAY_EXACTLY and turn.moved and turn.steps_left > 0 and can_step:
            return Refusal(MOVE_STOP, f"under the 'exactly' reading the hero moves on: {turn.steps_left} steps left")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: MoveFrame, action: Action) -> GameState:
        turn = state.turn
        turn = present(turn, "rules.movement.apply: turn")
        if isinstance(action, EndMove):
            return pop(state)
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return apply_ability(ctx, state, frame.seat, action)
        action = expect(action, Step, "rules.movement.apply")  # the guard admitted only this kind
        here = state.heroes[frame.seat].position
        onto_powerwolf = _other_hero_at(state, frame.seat, action.to)
        steps_left = cast(int, answer2(effects.steps_after, turn.steps_left, onto_powerwolf))
        trail = _trail_after(turn.trail, here, action.to, onto_powerwolf)
        state = execute(state, MoveHero(frame.seat, action.to))
        state = replace(state, turn=replace(turn, steps_left=steps_left, moved=True, trail=trail))
        stops = active_encounter(state, action.to, ctx) and _can_stop_on(state, frame.seat, action.to)
        if stops and answer(effects.may_engage, turn.engaged):
            state = log(state, f"{ctx.heroes[frame.seat].value} stops on the encounter space {action.to}")
            # the move ends here (its frame closes); the steps left stay known, for a Stealth decline
            state = replace(state, turn=replace(state.turn or turn, encountered=True))
            return pop(state)
        return state


handles(MoveFrame, MoveRules)
