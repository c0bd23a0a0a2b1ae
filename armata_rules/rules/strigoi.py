"""The Strigoi act: Phase 2c (teleport and attack), counterattacks, Phase 3 (the Master's curse).

peg19.en:803-864, peg19.en:1002; sb19.en:360-427; peg19.de:232-299; peg19.it:1362-1410; peg19.fr:1903-1962;
peg19.es:2382-2437.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from armata_rules.actions import Action, AttackStrigoi, ChanceOutcome, Pass
from armata_rules.board.books import BookTargetKind, book_target
from armata_rules.board.fortress import SpaceId
from armata_rules.board.hexgrid import line
from armata_rules.board.sight import sight_lines
from armata_rules.effects import (
    DestroyLadder,
    DiscardToStack,
    LoseBlood,
    MoveBlood,
    PlaceStrigoi,
    Reshuffle,
    SetAttackMarker,
    TakeFromStack,
)
from armata_rules.frames import (
    AfterStrigoi,
    CounterChoice,
    DrawStrigoiToken,
    EndRound,
    Fight,
    GrantAwards,
    OfferCounter,
    PhaseThree,
    RelocateChoice,
    StrigoiPhase,
)
from armata_rules.immutable import replace
from armata_rules.interning import interned
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.fights import attack_options, guard_attack
from armata_rules.rules.flow import log, pop, push, replace_top, reset_spent
from armata_rules.rules.handlers import AutoHandler, ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import EngineInvariantError, expect, interpretation, present, rule
from armata_rules.rules.wounds import incoming_wounds
from armata_rules.state import GameState, Pool
from armata_rules.variants import (
    AbilityTiming,
    CentreAttack,
    CentreRelocation,
    CounterAfterFight,
    Counterattack,
    IconScope,
    LastLadder,
    StrigoiDamage,
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITYTIMING_NOT_DURING_FIGHT: Final = AbilityTiming.NOT_DURING_FIGHT
_BOOKTARGETKIND_LADDER: Final = BookTargetKind.LADDER
_BOOKTARGETKIND_ROOM: Final = BookTargetKind.ROOM
_CENTREATTACK_BLOOD_ONLY: Final = CentreAttack.BLOOD_ONLY
_CENTRERELOCATION_LADDER_FIRST: Final = CentreRelocation.LADDER_FIRST
_COUNTERAFTERFIGHT_ONE_FIGHT_PER_TURN: Final = CounterAfterFight.ONE_FIGHT_PER_TURN
_COUNTERATTACK_ANY_HERO: Final = Counterattack.ANY_HERO
_ICONSCOPE_PER_TURN: Final = IconScope.PER_TURN
_LASTLADDER_PACK_LOSES: Final = LastLadder.PACK_LOSES
_POOL_INFERNO: Final = Pool.INFERNO
_POOL_SUPPLY: Final = Pool.SUPPLY
_STRIGOIDAMAGE_STRENGTH: Final = StrigoiDamage.STRENGTH

__all__ = ["CENTRE_SPACE", "COUNTERATTACK", "LADDERS", "PHASE_THREE", "STRIGOI_ATTACK", "STRIGOI_MOVE"]

STRIGOI_MOVE = rule(
    "strigoi.move",
    "The Strigoi teleports",
    (
        "peg19.en:754",
        "peg19.en:1128",
        "peg19.en:1136",
        "peg19.en:805",
        "peg19.en:807",
        "peg19.en:811",
        "peg19.en:817",
        "peg19.en:826",
        "peg19.en:827",
        "peg19.en:829",
        "peg19.en:909",
        "peg19.de:236",
        "peg19.de:238",
        "peg19.de:262",
        "peg19.it:1379",
        "peg19.fr:1931",
        "peg19.es:2406",
        "sb19.en:362",
        "sb19.en:364",
        "sb19.en:376",
        "sb19.en:385",
        "sb19.en:386",
        "sb19.en:388",
        "sb19.en:466",
    ),
    "After the hero's move and fight, the top Strigoi action token names the Strigoi to act (the Supreme acts "
    "without one). It teleports to the centre of the next platform in the direction of the book matching the "
    "played card's letter on its own platform: to the opposite side when that way has no room or a collapsed "
    "platform (staying when that fails too); neither moves when the other Strigoi is there; an X keeps it in "
    "place. A Strigoi that does not move does not attack.",
    interpretations=("strigoi-token-stack-reshuffles", "bounce-never-destroys-ladders"),
)
LADDERS = rule(
    "strigoi.ladders",
    "The Strigoi destroy ladders",
    (
        "peg19.en:818",
        "peg19.en:820",
        "peg19.en:822",
        "peg19.en:824",
        "peg19.de:251",
        "peg19.de:253",
        "peg19.de:255",
        "peg19.de:257",
        "peg19.it:1368",
        "peg19.it:1370",
        "peg19.it:1372",
        "peg19.it:1374",
        "peg19.fr:1920",
        "peg19.fr:1922",
        "peg19.fr:1924",
        "peg19.fr:1926",
        "peg19.es:2395",
        "peg19.es:2397",
        "peg19.es:2399",
        "peg19.es:2401",
        "sb19.en:377",
        "sb19.en:379",
        "sb19.en:381",
        "sb19.en:383",
    ),
    "A book pointing where a ladder tile stands makes the Strigoi destroy it: the pack loses a blood point if a "
    "hero stood on it (who moves to a staircase or ladder tile); a hero between the Strigoi and the ladder is "
    "attacked instead; the last ladder destroyed costs a blood point, by reading.",
    readings=("last_ladder",),
    interpretations=("between-the-strigoi-and-the-ladder",),
)
STRIGOI_ATTACK = rule(
    "strigoi.attack",
    "A Strigoi attacks a Powerwolf",
    (
        "peg19.en:845",
        "peg19.en:847",
        "peg19.en:1132",
        "peg19.en:1140",
        "peg19.en:809",
        "peg19.en:852",
        "peg19.en:854",
        "peg19.en:856",
        "peg19.en:858",
        "peg19.en:1002",
        "peg19.de:240",
        "peg19.fr:1952",
        "peg19.fr:1956",
        "sb19.en:366",
        "sb19.en:413",
        "sb19.en:415",
        "sb19.en:417",
        "sb19.en:419",
    ),
    "After moving, the Strigoi attacks the nearest Powerwolf it sees along straight corridors, into other rooms "
    "too (ties: the higher initiative): the card's wounds plus the token's modifier, each blockable by "
    "Protection. The attack marker goes on the Master's card.",
    readings=("strigoi_damage",),
    interpretations=("equal-initiative-target",),
)
CENTRE_SPACE = rule(
    "strigoi.centre_space",
    "A hero on the platform centre the Strigoi lands on",
    ("peg19.en:860", "peg19.de:295", "peg19.it:1406", "peg19.fr:1958", "peg19.es:2433", "sb19.en:421"),
    "The hero suffers the attack without protection, the pack loses a blood point, and the hero moves to a "
    "ladder tile or staircase (which first, by reading).",
    readings=("centre_relocation", "centre_attack"),
    interpretations=("centre-space-is-attacked",),
)
COUNTERATTACK = rule(
    "strigoi.counterattack",
    "Counterattack",
    (
        "peg19.en:864",
        "peg19.de:299",
        "peg19.de:340",
        "peg19.it:1410",
        "peg19.fr:1962",
        "peg19.es:2437",
        "sb19.en:427",
    ),
    "After a Strigoi's attack, with enough blood points on the altar, the attacked Powerwolf (any Powerwolf, by "
    "reading) may attack it in melee or at range; the active hero who already fought this turn only if the "
    "reading allows a second fight.",
    readings=("counterattack", "counter_after_fight"),
)
PHASE_THREE = rule(
    "strigoi.phase3",
    "Phase 3: the additional Strigoi turn",
    (
        "peg19.en:831",
        "peg19.en:835",
        "peg19.en:837",
        "peg19.en:839",
        "peg19.en:841",
        "peg19.de:268",
        "peg19.de:270",
        "peg19.de:272",
        "peg19.de:274",
        "peg19.de:276",
        "peg19.it:1387",
        "peg19.fr:1937",
        "peg19.fr:1939",
        "peg19.es:2414",
        "sb19.en:390",
        "sb19.en:396",
        "sb19.en:398",
        "sb19.en:400",
        "sb19.en:402",
    ),
    "When no Strigoi attacked during the round, the Master (or the Supreme) teleports as usual by the card of the "
    "round's first player and curses the room it reaches: one wound to every Powerwolf there, blockable by "
    "Protection, with no counterattack. It never attacks on sight: a hero between it and a ladder is not attacked.",
    interpretations=("curse-needs-a-move", "phase-three-ladder"),
)

interpretation(
    "strigoi-token-stack-reshuffles",
    "An empty Strigoi action token stack",
    "Flipped tokens form a discard pile, shuffled into a new stack when the stack runs out.",
    "The text only says to flip the top token (peg19.en:805); the encounter and reward token stacks reshuffle "
    "their discards (peg19.en:801, peg19.en:1008), and the seven tokens must serve a whole game.",
    ("peg19.en:805", "peg19.en:801", "peg19.en:1008"),
)
interpretation(
    "bounce-never-destroys-ladders",
    "A bounce toward a ladder",
    "A bouncing Strigoi only goes to a room; with no room that way it stays, and no ladder is destroyed.",
    "The bounce rule says 'If there is no room in that direction either, the Strigoi remains in their room' "
    "(peg19.en:817); ladders are destroyed by the card's direction (peg19.en:818).",
    ("peg19.en:817", "peg19.en:818"),
)
interpretation(
    "between-the-strigoi-and-the-ladder",
    "Who stands 'between' a Strigoi and a ladder",
    "A Powerwolf on a cell that the straight line from the Strigoi's space to the ladder tile crosses; the "
    "nearest one is attacked, as in a normal attack, and the Strigoi does not move.",
    "The text gives no geometry; the straight line between the two pieces is the plain meaning of 'between'.",
    ("peg19.en:822", "sb19.en:381"),
)
interpretation(
    "equal-initiative-target",
    "Two nearest heroes with the same initiative",
    "The hero seated earlier is attacked.",
    "Ties of distance go to the higher initiative (peg19.en:858); equal initiative values are possible "
    "(peg19.en:636) and are settled by seat order as for the turn order.",
    ("peg19.en:858", "peg19.en:636"),
)
interpretation(
    "centre-space-is-attacked",
    "What happens to the hero on the landing centre",
    "That hero is the one attacked (distance 0), takes the full attack without protection, the pack loses a "
    "blood point, and the hero is moved; then, as after any attack, the counterattack is offered (to the attacked "
    "hero, or to any hero, by reading) from where each stands.",
    "'The Powerwolf cannot protect himself AND the Pack immediately loses 1 Blood Point' (peg19.en:860): there "
    "is an attack he cannot block, on top of the blood point. Being an attack, it is followed by what follows "
    "every Strigoi attack: 'after the Strigoi's attack ... the attacked Powerwolf can Counterattack' "
    "(peg19.en:864, sb19.en:427). The hero is moved first (the special case's own sentence), so his reach is from "
    "the ladder or stairs he is moved to; the first release read the attack but denied the counterattack.",
    ("peg19.en:860", "peg19.en:864", "sb19.en:421", "sb19.en:427"),
)
interpretation(
    "curse-needs-a-move",
    "A Master that cannot move in Phase 3",
    "No curse: like any Strigoi that does not move, it does not attack.",
    "Phase 3 teleports the Master 'as usual' (peg19.it:1387, peg19.es:2414) and the golden rule of Phase 2c says "
    "a Strigoi that does not move does not attack (peg19.en:829).",
    ("peg19.en:829", "peg19.en:837", "peg19.it:1387", "peg19.es:2414"),
)


interpretation(
    "phase-three-ladder",
    "The Phase 3 teleport pointing at a ladder tile",
    "The ladder case of the Strigoi's move applies: with nobody between, the ladder tile is destroyed (with its "
    "blood point costs); with a Powerwolf between, the ladder stands and that Powerwolf is not attacked. Either way "
    "the Strigoi stays in its room and curses nobody, and no counterattack is offered.",
    "Phase 3 teleports the Strigoi 'as usual' (peg19.it:1387, peg19.es:2414), and the ladder case is part of its "
    "usual move (peg19.en:818-822). But in Phase 3 it does not attack on sight in a straight line: it curses the "
    "room it reaches instead (peg19.en:837, peg19.de:272, peg19.fr:1937, sb19.en:398), and the heroes cannot "
    "counterattack the curse (peg19.en:841, peg19.de:276, peg19.fr:1939, peg19.es:2414). The attack on the "
    "Powerwolf between (peg19.en:822) is an attack along a straight line, which Phase 3 replaces; and a Strigoi "
    "that does not move does not attack (peg19.en:829), so no curse falls either (as in curse-needs-a-move).",
    (
        "peg19.en:818",
        "peg19.en:822",
        "peg19.en:829",
        "peg19.en:837",
        "peg19.en:841",
        "peg19.de:272",
        "peg19.de:276",
        "peg19.it:1387",
        "peg19.fr:1937",
        "peg19.fr:1939",
        "peg19.es:2414",
        "sb19.en:398",
        "sb19.en:402",
    ),
)


def _on_board(state: GameState) -> list[int]:
    return [i for i, s in enumerate(state.strigoi) if not s.defeated and s.position is not None]


def _supreme(state: GameState) -> int | None:
    return next((i for i, s in enumerate(state.strigoi) if s.supreme and not s.defeated), None)


class StrigoiPhaseRules(AutoHandler[StrigoiPhase]):
    """Phase 2c: flip a token (or take the Supreme), then move and attack; then, by reading, the ability window."""

    def run(self, ctx: RulesContext, state: GameState, frame: StrigoiPhase) -> GameState:
        if not _on_board(state):
            return pop(state)
        # under not_during_fight the turn's hero may still use abilities once all the phase brings is over: the
        # window goes beneath what the Strigoi push (abilities-after-the-strigoi)
        after: tuple[AfterStrigoi, ...] = ()
        if ctx.ruleset.ability_timing is _ABILITYTIMING_NOT_DURING_FIGHT:
            after = (AfterStrigoi(frame.seat),)
        supreme = _supreme(state)
        if supreme is not None:
            letter = ctx.played_card(state, frame.seat).letter
            return strigoi_acts(ctx, replace_top(state, *after), frame.seat, supreme, 0, letter, curse=False)
        return replace_top(state, *after, DrawStrigoiToken(frame.seat))


handles(StrigoiPhase, StrigoiPhaseRules)


class DrawStrigoiTokenRules(ChanceHandler[DrawStrigoiToken]):
    """The top Strigoi action token shows which Strigoi acts and its damage modifier."""

    def outcomes(
        self, ctx: RulesContext, state: GameState, frame: DrawStrigoiToken
    ) -> list[tuple[ChanceOutcome, float]]:
        pool = state.strigoi_tokens.hidden or state.strigoi_tokens.discard
        return [(interned(ChanceOutcome, "draw_strigoi_token", t), 1 / len(pool)) for t in pool]

    def apply(self, ctx: RulesContext, state: GameState, frame: DrawStrigoiToken, outcome: ChanceOutcome) -> GameState:
        if not state.strigoi_tokens.hidden:
            state = execute(state, Reshuffle("strigoi_tokens"))
        token = ctx.pack.strigoi_token_by_id[outcome.outcome]
        state = execute_all(
            state, (TakeFromStack("strigoi_tokens", token.id), DiscardToStack("strigoi_tokens", token.id))
        )
        turn = None if state.turn is None else replace(state.turn, token=token.id)
        index = next(i for i, s in enumerate(state.strigoi) if s.name == token.strigoi)
        text = f"the Strigoi token shows the {token.strigoi} ({token.modifier:+d})"
        state = log(state, text, turn=turn, frames=state.frames[:-1])  # the token noted, the frame popped
        letter = ctx.played_card(state, frame.seat).letter
        return strigoi_acts(ctx, state, frame.seat, index, token.modifier, letter, curse=False)


handles(DrawStrigoiToken, DrawStrigoiTokenRules)


def strigoi_acts(
    ctx: RulesContext, state: GameState, seat: int, index: int, modifier: int, letter: str, *, curse: bool
) -> GameState:
    """Strigoi ``index`` moves by ``letter`` and attacks (or curses its room, in Phase 3)."""
    strigoi = state.strigoi[index]
    if strigoi.defeated or strigoi.position is None:
        return state
    name = strigoi.name
    if letter == "X":
        return log(state, f"the card shows X: the {name} stays and does not attack")
    fortress = ctx.fortress
    # a Strigoi stands on a platform centre (placement, teleport, collapse), which is always in a room
    room = fortress.room_of(strigoi.position)
    if room is None:
        raise EngineInvariantError(f"the room of the {name} on {strigoi.position}: missing")
    other = [s.position for i, s in enumerate(state.strigoi) if i != index and not s.defeated and s.position]
    other_rooms = {fortress.room_of(p) for p in other}
    target = book_target(fortress, state.board, room, letter)
    destination: str | None = None
    if target.kind is _BOOKTARGETKIND_LADDER and target.ladder is not None:
        return _ladder(ctx, state, seat, index, modifier, target.ladder, curse=curse)
    if target.kind is _BOOKTARGETKIND_ROOM and target.room is not None and target.room not in state.board.collapsed:
        if target.room in other_rooms:
            return log(state, f"the book {letter} points at the other Strigoi's platform: neither moves")
        destination = target.room
    else:
        back = fortress.room_in_direction(room, (target.direction + 3) % 6)
        if back is not None and back not in state.board.collapsed and back not in other_rooms:
            destination = back
            state = log(state, f"nothing that way: the {name} bounces")
    if destination is None:
        return log(state, f"the {name} cannot move, and does not attack")
    space = fortress.platform_centre(destination)
    state = log(execute(state, PlaceStrigoi(index, space)), f"the {name} teleports to {space}")
    caught = state.hero_at(space)
    if caught is not None:
        state = _centre_case(ctx, state, seat, index, modifier, caught, curse)
    if curse:
        return _curse(ctx, state, destination, skip=caught)
    if caught is not None:
        return state
    return _attack_nearest(ctx, state, seat, index, modifier)


def _damage(ctx: RulesContext, state: GameState, index: int, modifier: int, curse: bool) -> int:
    if curse:
        return 1
    strigoi = state.strigoi[index]
    card = ctx.pack.strigoi_card(strigoi.name)
    side = card.supreme if strigoi.supreme else card.side
    base = side.strength if ctx.ruleset.strigoi_damage is _STRIGOIDAMAGE_STRENGTH else side.damage
    return max(0, base + modifier)


def _centre_case(
    ctx: RulesContext, state: GameState, seat: int, index: int, modifier: int, caught: int, curse: bool
) -> GameState:
    ladder_first = ctx.ruleset.centre_relocation is _CENTRERELOCATION_LADDER_FIRST
    state = log(execute(state, LoseBlood()), f"{ctx.heroes[caught].value} is caught on the centre space")
    if ctx.ruleset.centre_attack is _CENTREATTACK_BLOOD_ONLY:
        return push(state, RelocateChoice(caught, "centre_space", ladder_first))
    if not curse:  # an attack (centre-space-is-attacked): the counterattack follows it, from where the hero is moved
        state = push(execute(state, SetAttackMarker(True)), OfferCounter(index, _counter_seats(ctx, state, caught)))
    state = push(state, RelocateChoice(caught, "centre_space", ladder_first))
    damage = _damage(ctx, state, index, modifier, curse)
    origin = "curse" if curse else "strigoi"
    return incoming_wounds(ctx, state, caught, damage, origin, protectable=False, attacker=None if curse else seat)


def _initiative(ctx: RulesContext, state: GameState, seat: int) -> int:
    chosen = state.heroes[seat].chosen
    return ctx.card(chosen).initiative if chosen is not None else 0


def _attack_nearest(ctx: RulesContext, state: GameState, seat: int, index: int, modifier: int) -> GameState:
    position = present(state.strigoi[index].position, "an attacking Strigoi's space")  # strigoi_acts checked it
    seats: dict[SpaceId, int] = {}  # who stands where, the lowest seat first as in GameState.hero_at
    for seat_here, hero_here in enumerate(state.heroes):
        if hero_here.position is not None:
            seats.setdefault(hero_here.position, seat_here)
    seen: list[tuple[int, int, int]] = []
    for sight in sight_lines(ctx.fortress, state.board, position):
        for space, dist in sight.seen:
            hero = seats.get(space)
            if hero is not None:
                seen.append((dist, -_initiative(ctx, state, hero), hero))
    if not seen:
        return log(state, f"the {state.strigoi[index].name} sees no Powerwolf")
    target = min(seen)[2]
    return _strike(ctx, state, seat, index, modifier, target)


def _counter_seats(ctx: RulesContext, state: GameState, target: int) -> tuple[int, ...]:
    """Who may counterattack after an attack on ``target``: the attacked hero, or every hero with the attacked one
    first, by the counterattack reading."""
    if ctx.ruleset.counterattack is _COUNTERATTACK_ANY_HERO:
        order = list(state.order or range(len(state.heroes)))
        return (target, *(s for s in order if s != target))
    return (target,)


def _strike(ctx: RulesContext, state: GameState, seat: int, index: int, modifier: int, target: int) -> GameState:
    damage = _damage(ctx, state, index, modifier, curse=False)
    state = execute(state, SetAttackMarker(True))
    state = log(state, f"the {state.strigoi[index].name} attacks {ctx.heroes[target].value}: {damage} wound(s)")
    state = push(state, OfferCounter(index, _counter_seats(ctx, state, target)))
    return incoming_wounds(ctx, state, target, damage, "strigoi", attacker=seat)


def _between(ctx: RulesContext, state: GameState, origin: SpaceId, ladder: SpaceId) -> list[int]:
    view = ctx.fortress.view(state.board)
    cells = line(view.cells[origin], ctx.fortress.spaces[ladder].local)[1:-1]
    at = view.at
    return [
        seat for cell in cells if (space := at.get(cell)) is not None and (seat := state.hero_at(space)) is not None
    ]


def _ladder(
    ctx: RulesContext, state: GameState, seat: int, index: int, modifier: int, site: SpaceId, *, curse: bool
) -> GameState:
    position = present(state.strigoi[index].position, "the space of a Strigoi at a ladder")  # strigoi_acts checked
    between = _between(ctx, state, position, site)
    if between:
        state = log(state, f"{ctx.heroes[between[0]].value} stands between the Strigoi and the ladder")
        if curse:  # Phase 3 never attacks on sight; the Strigoi stays, so it curses nobody (phase-three-ladder)
            return log(state, f"the ladder stands; the {state.strigoi[index].name} stays and curses nobody")
        return _strike(ctx, state, seat, index, modifier, between[0])
    state = log(execute(state, DestroyLadder(site)), f"the {state.strigoi[index].name} destroys the ladder {site}")
    climber = state.hero_at(site)
    if climber is not None:
        state = log(execute(state, LoseBlood()), f"{ctx.heroes[climber].value} was on it: a blood point lost")
        state = push(state, RelocateChoice(climber, "ladder_destroyed"))
    if not state.board.ladders:
        if ctx.ruleset.last_ladder is _LASTLADDER_PACK_LOSES:
            state = log(execute(state, LoseBlood()), "the last ladder is gone: the pack loses a blood point")
        else:
            state = log(
                execute(state, MoveBlood(_POOL_SUPPLY, _POOL_INFERNO)),
                "the last ladder is gone: the Strigoi gain a blood point",
            )
    return state


def _curse(ctx: RulesContext, state: GameState, room: str, skip: int | None) -> GameState:
    spaces = set(ctx.fortress.room_spaces(room, state.board))
    order = list(state.order) or list(range(len(state.heroes)))
    victims = [s for s in order if state.heroes[s].position in spaces and s != skip]
    state = log(state, f"the curse falls on room {room}: {', '.join(ctx.heroes[s].value for s in victims) or 'nobody'}")
    for victim in reversed(victims):  # pushed in reverse: the first in initiative order resolves first
        state = incoming_wounds(ctx, state, victim, 1, "curse")
    return state


class OfferCounterRules(AutoHandler[OfferCounter]):
    """Offer the counterattack to the next eligible hero, if the altar still allows one."""

    def run(self, ctx: RulesContext, state: GameState, frame: OfferCounter) -> GameState:
        seats = list(frame.seats)
        while seats:
            seat = seats.pop(0)
            if any(i == frame.strigoi for i, _ in attack_options_for_counter(ctx, state, seat)):
                return replace_top(state, CounterChoice(seat, frame.strigoi, tuple(seats)))
        return pop(state)


handles(OfferCounter, OfferCounterRules)


def attack_options_for_counter(ctx: RulesContext, state: GameState, seat: int) -> list[tuple[int, str]]:
    """Counterattack options: as an attack, without the one-fight-per-turn limit of the active hero (unless the
    reading keeps that limit for a hero who fought this turn)."""
    turn = state.turn
    if _fought_this_turn(ctx, state, seat):
        return []
    if turn is not None and turn.seat == seat and turn.engaged:
        state = replace(state, turn=replace(turn, engaged=False))
    return attack_options(ctx, state, seat)


def _fought_this_turn(ctx: RulesContext, state: GameState, seat: int) -> bool:
    """Whether ``seat`` is the active hero, already fought this turn, and the reading allows one fight per turn."""
    if ctx.ruleset.counter_after_fight is not _COUNTERAFTERFIGHT_ONE_FIGHT_PER_TURN:
        return False
    turn = state.turn
    return turn is not None and turn.seat == seat and turn.fought


class CounterChoiceRules(DecisionHandler[CounterChoice]):
    """Counterattack the Strigoi, or let it be."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: CounterChoice) -> Iterable[Action]:
        options = [o for o in attack_options_for_counter(ctx, state, frame.seat) if o[0] == frame.strigoi]
        return [
            *(interned(AttackStrigoi, frame.seat, i, mode) for i, mode in options),
            interned(Pass, frame.seat, "no_counterattack"),
        ]

    def guard(self, ctx: RulesContext, state: GameState, frame: CounterChoice, action: Action) -> Refusal | None:
        who = ctx.heroes[frame.seat].value
        if isinstance(action, Pass) and action.seat == frame.seat and action.what == "no_counterattack":
            return None
        if not isinstance(action, AttackStrigoi) or action.seat != frame.seat:
            return Refusal(COUNTERATTACK, f"{who} may counterattack or let it be now")
        if action.strigoi != frame.strigoi:
            return Refusal(COUNTERATTACK, "a counterattack answers the Strigoi that attacked")
        if _fought_this_turn(ctx, state, frame.seat):
            return Refusal(COUNTERATTACK, f"{who} already fought this turn: one fight per turn (peg19.de:340)")
        turn = state.turn
        if turn is not None and turn.seat == frame.seat and turn.engaged:
            state = replace(state, turn=replace(turn, engaged=False))
        refusal = guard_attack(ctx, state, frame.seat, action)
        return None if refusal is None else Refusal(COUNTERATTACK, refusal.message)

    def apply(self, ctx: RulesContext, state: GameState, frame: CounterChoice, action: Action) -> GameState:
        if isinstance(action, Pass):
            rest = frame.rest
            return replace_top(state, OfferCounter(frame.strigoi, rest)) if rest else pop(state)
        action = expect(action, AttackStrigoi, "counterattack: the guard admits only Pass and AttackStrigoi")
        state = log(state, f"{ctx.heroes[frame.seat].value} counterattacks ({action.mode})")
        return replace_top(state, Fight(frame.seat, f"strigoi:{frame.strigoi}", action.mode, counter=True))


handles(CounterChoice, CounterChoiceRules)


class PhaseThreeRules(AutoHandler[PhaseThree]):
    """No attack this round: the Master (or the Supreme) teleports by the first player's card and curses."""

    def run(self, ctx: RulesContext, state: GameState, frame: PhaseThree) -> GameState:
        state = pop(state)
        if state.attack_marker or not _on_board(state) or not state.order:
            return state
        actor = _supreme(state)
        if actor is None:
            actor = next((i for i, s in enumerate(state.strigoi) if s.name == "Master" and not s.defeated), None)
        if actor is None:
            return state
        if ctx.ruleset.icon_scope is _ICONSCOPE_PER_TURN:
            state = reset_spent(state)
        first = state.order[0]
        state = log(state, f"Phase 3: no Strigoi attacked; the {state.strigoi[actor].name} acts")
        letter = ctx.played_card(state, first).letter
        return strigoi_acts(ctx, state, first, actor, 0, letter, curse=True)


handles(PhaseThree, PhaseThreeRules)


def close_phase_two(state: GameState) -> GameState:
    """After the last turn: Phase 3 unless a Strigoi attacked, then the end of the round."""
    if state.attack_marker:
        return replace_top(state, EndRound())
    return replace_top(state, EndRound(), GrantAwards(), PhaseThree())
