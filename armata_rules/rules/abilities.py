"""Abilities used during a turn: Heal, Mechanics, Leap, Pack, Stealth, Recovery, Retrieval, the Gates of Hell;
handing reward cards to a neighbour; Nighttime Rebel's draw.

peg19.en:1032-1072, peg19.en:1096-1100, peg19.en:1030, peg19.en:974; sb19.en:612-648, sb19.en:598-602, sb19.en:582;
peg19.de:469-507, peg19.de:535-539; peg19.it:1599, peg19.it:1617; peg19.fr:2069, peg19.fr:2077; peg19.es:2619,
peg19.es:2631.
"""

from __future__ import annotations

from typing import Final

from armata_rules.actions import Action, GiveReward, Pass, RebelDraw, UseAbility
from armata_rules.board.fortress import SpaceId
from armata_rules.components.icons import Ability
from armata_rules.effects import CardZone, HandOver, MoveCard, MoveHero, RemoveFightToken, RotatePlatform, may_engage
from armata_rules.errors import EngineInvariantError, expect, present
from armata_rules.frames import AfterStrigoi, AfterStrigoiChoice, DrawLoot, FightPhase, MoveFrame
from armata_rules.immutable import memo, replace
from armata_rules.interning import interned
from armata_rules.rules.awards import NIGHTTIME_REBEL, check_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.flow import log, pop, push, replace_top, take_back_discard
from armata_rules.rules.handlers import AutoHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import interpretation, rule
from armata_rules.rules.sources import (
    ICON_USE,
    Source,
    source_units,
    sources_by_ability,
    spend_source,
)
from armata_rules.rules.wounds import heal_room
from armata_rules.state import GameState, HeroState
from armata_rules.variants import AbilityTiming, LeapLanding

__all__ = [
    "AFTER_STRIGOI",
    "EXCHANGE",
    "ability_actions",
    "apply_ability",
    "fight_stage",
    "guard_ability",
    "neighbours_of",
]

MECHANICS = rule(
    "ability.mechanics",
    "Mechanics",
    ("peg19.en:1054", "peg19.de:483", "peg19.it:1599", "peg19.fr:2069", "peg19.es:2631", "sb19.en:638"),
    "Turn any platform that has not collapsed by one to five 60° steps, carrying the heroes, Strigoi, books and "
    "corridors on it.",
)
LEAP = rule(
    "ability.leap",
    "Leap",
    (
        "peg19.en:1070",
        "peg19.en:1072",
        "peg19.de:503",
        "peg19.de:507",
        "peg19.it:1617",
        "peg19.fr:2077",
        "peg19.es:2619",
        "sb19.en:646",
        "sb19.en:648",
    ),
    "Jump to an empty space of the hero's own room (its platform included), never a ladder tile; encounter spaces "
    "are excluded or not by reading. Not to escape a fight the hero must have.",
    readings=("leap_landing",),
)
PACK = rule(
    "ability.pack",
    "Pack",
    ("peg19.en:1066", "peg19.en:1072", "peg19.de:499", "peg19.de:507", "sb19.en:642", "sb19.en:648"),
    "Move directly to an empty space, not an encounter space, in a room where another Powerwolf stands. Not to "
    "escape a fight the hero must have.",
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITY_GATES_OF_HELL: Final = Ability.GATES_OF_HELL
_ABILITY_HEAL: Final = Ability.HEAL
_ABILITY_LEAP: Final = Ability.LEAP
_ABILITY_MECHANICS: Final = Ability.MECHANICS
_ABILITY_PACK: Final = Ability.PACK
_ABILITY_RECOVERY: Final = Ability.RECOVERY
_ABILITY_RETRIEVAL: Final = Ability.RETRIEVAL
_ABILITY_STEALTH: Final = Ability.STEALTH
_CARDZONE_BOX: Final = CardZone.BOX
_CARDZONE_DISCARD: Final = CardZone.DISCARD
_CARDZONE_HAND: Final = CardZone.HAND
_LEAPLANDING_ANY_SPACE: Final = LeapLanding.ANY_SPACE
_ABILITYTIMING_NOT_DURING_FIGHT: Final = AbilityTiming.NOT_DURING_FIGHT
_ABILITYTIMING_HEAL_BEFORE_FIGHT: Final = AbilityTiming.BEFORE_STRIGOI_ACTS_HEAL_BEFORE_FIGHT
STEALTH = rule(
    "ability.stealth",
    "Stealth",
    (
        "peg19.en:766",
        "peg19.en:1058",
        "peg19.en:1060",
        "peg19.en:1062",
        "peg19.de:176",
        "peg19.de:493",
        "peg19.de:495",
        "sb19.en:316",
        "sb19.en:632",
        "sb19.en:634",
    ),
    "Using Stealth (the played card, or a card or token discarded for it) lets the hero cross spaces held by a "
    "Strigoi for the rest of the move, and peek at an encounter before choosing to fight.",
)
RECOVERY = rule(
    "ability.recovery",
    "Recovery",
    ("peg19.en:1096", "peg19.en:951", "peg19.de:535", "peg19.fr:2107", "sb19.en:598", "sb19.en:508"),
    "The hero takes the whole discard pile back into hand.",
)
RETRIEVAL = rule(
    "ability.retrieval",
    "Retrieval",
    ("peg19.en:1050", "peg19.de:487", "peg19.de:489", "peg19.fr:2059", "sb19.en:628"),
    "The hero takes one reward card from the discard pile into hand, and may play it at once, during a fight too.",
)
GATES = rule(
    "ability.gates_of_hell",
    "The Gates of Hell",
    ("peg19.en:1100", "peg19.de:539", "sb19.en:602"),
    "Every fight token leaves the board; a hero standing on a reactivated encounter space does not fight there.",
)
EXCHANGE = rule(
    "rewards.exchange",
    "Exchanging reward cards",
    ("peg19.en:1030", "sb19.en:582"),
    "On their own turn, outside fights and before the Strigoi act (while moving, before and after the turn's "
    "fight), a hero may hand a reward card to a Powerwolf on an adjacent space (joined by a corridor); never an "
    "action card or a token.",
    interpretations=("adjacent-means-corridor", "exchange-on-own-turn"),
)

interpretation(
    "adjacent-means-corridor",
    "What 'adjacent' means",
    "Two spaces are adjacent when a corridor joins them; a wall between touching cells separates them.",
    "Melee needs the hero 'in a space adjacent to a Strigoi after moving' (peg19.en:891): one cannot strike, or "
    "hand over a weapon, through a wall that movement cannot cross.",
    ("peg19.en:891", "peg19.en:1030", "sb19.en:448"),
)
interpretation(
    "exchange-on-own-turn",
    "When reward cards change hands",
    "The giver hands the card during their own turn, outside fights and before the Strigoi act: while moving, and "
    "in Phase 2b before or after the turn's fight; an exchange is two gifts.",
    "The text allows the exchange without saying when (peg19.en:1030, sb19.en:582, peg19.de:408). Making the "
    "giver's own turn the moment keeps every decision with the player who makes it; outside fights, because the "
    "rewards in hand count there and a gift would change a fight under way; before Phase 2c, because a gift is "
    "no ability: the window after the Strigoi act (abilities-after-the-strigoi) is the golden rule's, for "
    "abilities only.",
    ("peg19.en:1030", "sb19.en:582", "peg19.de:408"),
)

_MOVE_ABILITIES: Final = (
    Ability.HEAL,
    Ability.MECHANICS,
    Ability.LEAP,
    Ability.PACK,
    Ability.STEALTH,
    Ability.RECOVERY,
    Ability.RETRIEVAL,
    Ability.GATES_OF_HELL,
)
_FIGHT_ABILITIES: Final = (Ability.HEAL, Ability.RECOVERY, Ability.RETRIEVAL)
# Leap and Pack cannot avoid a fight (peg19.en:1072); Stealth serves a move only
_ENCOUNTER_PENDING_ABILITIES: Final = tuple(
    a for a in _MOVE_ABILITIES if a not in (Ability.LEAP, Ability.PACK, Ability.STEALTH)
)
_FIGHT_PHASE_ABILITIES: Final = tuple(a for a in _MOVE_ABILITIES if a is not Ability.STEALTH)
#: The stages where reward cards change hands and Nighttime Rebel draws (exchange-on-own-turn): before Phase 2c.
_EXCHANGE_STAGES: Final = ("move", "fight_phase", "encounter_pending")
#: Each ability by its name (``Ability(name)`` is a Python-level enum lookup, at every ability used).
_ABILITY_BY_NAME: Final = {ability.value: ability for ability in Ability}
_RULE: Final = {
    Ability.HEAL: ICON_USE,
    Ability.MECHANICS: MECHANICS,
    Ability.LEAP: LEAP,
    Ability.PACK: PACK,
    Ability.STEALTH: STEALTH,
    Ability.RECOVERY: RECOVERY,
    Ability.RETRIEVAL: RETRIEVAL,
    Ability.GATES_OF_HELL: GATES,
}


def neighbours_of(ctx: RulesContext, state: GameState, seat: int) -> list[int]:
    """Heroes on a space joined to ``seat``'s by a corridor."""
    here = state.heroes[seat].position
    if here is None:
        return []
    near = ctx.fortress.view(state.board).adjacent.get(here, frozenset())
    return [other for other, hero in enumerate(state.heroes) if other != seat and hero.position in near]


def _occupied(state: GameState) -> set[SpaceId]:
    taken = {h.position for h in state.heroes if h.position is not None}
    return taken | {s.position for s in state.strigoi if not s.defeated and s.position is not None}


def _leap_targets(ctx: RulesContext, state: GameState, seat: int) -> list[SpaceId]:
    here = state.heroes[seat].position
    room = None if here is None else ctx.fortress.room_of(here)
    if room is None:
        return []
    allow_encounter = ctx.ruleset.leap_landing is _LEAPLANDING_ANY_SPACE
    taken = _occupied(state)
    encounters = ctx.fortress.encounter_spaces
    return [
        space
        for space in ctx.fortress.room_spaces(room, state.board)
        if space not in taken and (allow_encounter or space not in encounters)
    ]


def _pack_targets(ctx: RulesContext, state: GameState, seat: int) -> list[SpaceId]:
    rooms = {
        ctx.fortress.room_of(h.position)
        for other, h in enumerate(state.heroes)
        if other != seat and h.position is not None
    }
    taken = _occupied(state)
    encounters = ctx.fortress.encounter_spaces
    return [
        space
        for room in sorted(r for r in rooms if r is not None)
        for space in ctx.fortress.room_spaces(room, state.board)
        if space not in taken and space not in encounters
    ]


#: The target list of an ability that acts on nothing in particular.
_NO_TARGET: Final[tuple[str, ...]] = ("",)


def _targets(ctx: RulesContext, state: GameState, seat: int, ability: Ability) -> tuple[str, ...] | None:
    """The targets an ability needs now (``("",)`` for none); ``None`` if it has nothing to do."""
    hero = state.heroes[seat]
    if ability is _ABILITY_LEAP:
        return tuple(_leap_targets(ctx, state, seat)) or None
    if ability is _ABILITY_PACK:
        return tuple(_pack_targets(ctx, state, seat)) or None
    if ability is _ABILITY_MECHANICS:
        return _mechanics_targets(ctx, state.board.collapsed)
    if ability is _ABILITY_RETRIEVAL:
        return tuple(sorted({c for c in hero.discard if c in ctx.pack.rewards})) or None
    if ability is _ABILITY_RECOVERY:
        return _NO_TARGET if hero.discard else None
    if ability is _ABILITY_GATES_OF_HELL:
        return _NO_TARGET if state.fight_tokens else None
    if ability is _ABILITY_HEAL:
        return _NO_TARGET
    if ability is _ABILITY_STEALTH:
        turn = state.turn
        return None if turn is None or turn.stealthy else _NO_TARGET
    return None


def _mechanics_targets(ctx: RulesContext, collapsed: frozenset[str]) -> tuple[str, ...] | None:
    """Every turn of every platform still standing, ``"ROOM:STEPS"`` (cached per set of collapsed rooms: the same
    30 targets are asked for at every step of every move)."""
    cache = memo(ctx)
    key = (_mechanics_targets, collapsed)
    found: tuple[str, ...] | None = cache.get(key)
    if found is None:
        rooms = [r for r in ctx.fortress.platform_rooms if r not in collapsed]
        found = cache[key] = tuple(f"{room}:{steps}" for room in rooms for steps in range(1, 6))
    return found or None


def _usable(stage: str) -> tuple[Ability, ...]:
    if stage in _FIGHT_STAGES:
        return _FIGHT_ABILITIES
    if stage == "encounter_pending":
        return _ENCOUNTER_PENDING_ABILITIES
    if stage in ("fight_phase", "after_strigoi"):  # Stealth serves a move and its encounter only
        return _FIGHT_PHASE_ABILITIES
    return _MOVE_ABILITIES


def ability_actions(ctx: RulesContext, state: GameState, seat: int, stage: str) -> list[Action]:
    """The legal ability, exchange and Rebel actions for ``seat`` at ``stage`` (move, fight_phase,
    encounter_pending, own_fight, fight, after_strigoi): built from the same sources and targets the guard
    checks."""
    actions: list[Action] = []
    hero = state.heroes[seat]
    for ability, sources in _usable_sources(ctx, hero, stage):
        targets = _targets(ctx, state, seat, ability)
        if targets is not None:
            actions.extend(_uses(ctx, seat, ability, sources, targets))
    if stage in _EXCHANGE_STAGES:
        rewards, rebel = _hand_facts(ctx, hero)
        if rewards:
            for other in neighbours_of(ctx, state, seat):
                actions.extend(interned(GiveReward, seat, other, card) for card in rewards)
        if rebel is not None and state.reward_deck.size > 0:  # what _guard_rebel asks, from the cached hand facts
            actions.append(interned(RebelDraw, seat))
    return actions


def _uses(
    ctx: RulesContext, seat: int, ability: Ability, sources: tuple[Source, ...], targets: tuple[str, ...]
) -> tuple[Action, ...]:
    """``UseAbility`` for every source and target, sources first. The last answer for each seat and ability is kept
    on the game: through a move the hero's sources are the very same tuple (:func:`_usable_sources` shares them),
    after a change of cards mostly the same :class:`Source` objects (one per id and mode, see
    :func:`~armata_rules.rules.sources.sources_by_ability`, so comparing the tuples is comparing identities), and
    the targets mostly equal, so a step lists the same actions again without building one."""
    cache = memo(ctx)
    key = (_uses, seat, ability)
    entry: tuple[tuple[Source, ...], tuple[str, ...], tuple[Action, ...]] | None = cache.get(key)
    if entry is not None and entry[0] == sources and entry[1] == targets:
        return entry[2]
    name = ability.value
    found: list[Action] = []
    for source in sources:
        by_target = _uses_of(ctx, seat, name, source)
        for target in targets:
            use = by_target.get(target)
            if use is None:
                use = by_target[target] = interned(UseAbility, seat, name, source.id, source.mode, target)
            found.append(use)
    uses = tuple(found)
    cache[key] = (sources, targets, uses)
    return uses


def _uses_of(ctx: RulesContext, seat: int, name: str, source: Source) -> dict[str, Action]:
    """The ``UseAbility`` actions of ``seat`` for ability ``name`` from ``source`` listed so far in this game, by
    target (kept on the context): Leap's and Mechanics' targets change with every step and turn, and a lookup by
    the target's id is a fraction of :func:`interned`'s by all five values."""
    cache = memo(ctx)
    key = (_uses_of, seat, name, source.id, source.mode)
    found: dict[str, Action] | None = cache.get(key)
    if found is None:
        found = cache[key] = {}
    return found


#: The stages of a fight: ``own_fight`` is the turn's own encounter or Strigoi fight (Phase 2b, before the Strigoi
#: act), ``fight`` any other (a counterattack, in whoever's turn).
_FIGHT_STAGES: Final = ("fight", "own_fight")


def fight_stage(state: GameState, seat: int, counter: bool) -> str:
    """The ability stage of a fight of ``seat``: the turn's own fight, or a counterattack (after a Strigoi acted)."""
    turn = state.turn
    return "own_fight" if not counter and turn is not None and turn.seat == seat else "fight"


def _stage_sources(ctx: RulesContext, hero: HeroState, stage: str) -> dict[Ability, tuple[Source, ...]]:
    """The sources of every ability ``hero`` may use at ``stage``, by the golden rule's timing reading: in a fight
    the played card gives Protection and Retrieval only (peg19.en:756), except in the turn's own fight under the
    before-the-Strigoi-act readings (sb19.en:306, sb19.en:614, peg19.de:165), where the German text still has the
    played card's Heal act only before a fight (peg19.de:469)."""
    timing = ctx.ruleset.ability_timing
    restricted = stage == "fight" or (stage == "own_fight" and timing is _ABILITYTIMING_NOT_DURING_FIGHT)
    found = sources_by_ability(ctx, hero, restricted)
    if stage != "own_fight" or timing is not _ABILITYTIMING_HEAL_BEFORE_FIGHT or _ABILITY_HEAL not in found:
        return found
    heal = tuple(source for source in found[_ABILITY_HEAL] if source.mode != "card")
    trimmed: dict[Ability, tuple[Source, ...]] = {a: sources for a, sources in found.items() if a is not _ABILITY_HEAL}
    if heal:
        trimmed[_ABILITY_HEAL] = heal
    return trimmed


def _usable_sources(ctx: RulesContext, hero: HeroState, stage: str) -> tuple[tuple[Ability, tuple[Source, ...]], ...]:
    """The abilities usable at ``stage`` that ``hero`` has a source for, in the stage's order, with the sources:
    cached on the hero per stage, from the sources cached on the hero and by its content on the game
    (:func:`~armata_rules.rules.sources.sources_by_ability`)."""
    cache = memo(hero)
    per_stage: dict[str, tuple[RulesContext, tuple[tuple[Ability, tuple[Source, ...]], ...]]] | None = cache.get(
        _usable_sources
    )
    if per_stage is None:  # a table per function, by stage: no key tuple to build at each call
        per_stage = cache[_usable_sources] = {}
    entry = per_stage.get(stage)
    if entry is None or entry[0] is not ctx:
        found = _stage_sources(ctx, hero, stage)
        entry = per_stage[stage] = (ctx, tuple((a, found[a]) for a in _usable(stage) if a in found))
    return entry[1]


def _hand_facts(ctx: RulesContext, hero: HeroState) -> tuple[tuple[str, ...], str | None]:
    """The reward cards in ``hero``'s hand (in hand order) and its Nighttime Rebel, if it holds one (cached)."""
    cache = memo(hero)
    entry: tuple[RulesContext, tuple[tuple[str, ...], str | None]] | None = cache.get(_hand_facts)
    if entry is None or entry[0] is not ctx:
        reward_ids, rebel_ids = _card_kinds(ctx)
        rewards = tuple(card for card in hero.hand if card in reward_ids)
        rebel: str | None = None
        for card in hero.hand:
            if card in rebel_ids:
                rebel = card
                break
        entry = cache[_hand_facts] = (ctx, (rewards, rebel))
    return entry[1]


def _card_kinds(ctx: RulesContext) -> tuple[frozenset[str], frozenset[str]]:
    """The ids of the pack's reward cards and of its Nighttime Rebel (kept on the context: a hand's facts are
    gathered whenever it changes, and asking the pack card by card was most of that)."""
    cache = memo(ctx)
    found: tuple[frozenset[str], frozenset[str]] | None = cache.get(_card_kinds)
    if found is None:
        rebels = frozenset(card_id for card_id, card in ctx.pack.cards.items() if card.title == "Nighttime Rebel")
        found = cache[_card_kinds] = (frozenset(ctx.pack.rewards), rebels)
    return found


def guard_ability(ctx: RulesContext, state: GameState, seat: int, action: Action, stage: str) -> Refusal | None:
    """``None`` if the ability, exchange or Rebel action is legal for ``seat`` at ``stage``."""
    if isinstance(action, GiveReward):
        return _guard_give(ctx, state, seat, action, stage)
    if isinstance(action, RebelDraw):
        if stage not in _EXCHANGE_STAGES:
            return Refusal(NIGHTTIME_REBEL, "Nighttime Rebel draws on its holder's turn, before the Strigoi act")
        return _guard_rebel(ctx, state, seat, action)
    action = expect(action, UseAbility, "rules.abilities.guard_ability")  # the guard admitted only this kind
    who = ctx.heroes[seat].value
    if action.seat != seat:
        return Refusal(ICON_USE, f"it is {who}'s decision, not seat {action.seat}'s")
    found = _ABILITY_BY_NAME.get(action.ability)
    if found is None:
        return Refusal(ICON_USE, f"no ability called {action.ability!r}")
    ability = found
    rule_ = _RULE.get(ability, ICON_USE)
    if ability not in _usable(stage):
        return Refusal(rule_, f"{ability.value} cannot be used now ({stage.replace('_', ' ')})")
    source = Source(action.source, action.mode)
    if source not in _stage_sources(ctx, state.heroes[seat], stage).get(ability, ()):
        return Refusal(rule_, f"{action.source} ({action.mode}) gives {who} no {ability.value} to use now")
    targets = _targets(ctx, state, seat, ability)
    if targets is None:
        return Refusal(rule_, f"{ability.value} has nothing to act on now")
    if action.target not in targets:
        return Refusal(rule_, f"{action.target!r} is not a target {ability.value} can reach now")
    return None


def _guard_give(ctx: RulesContext, state: GameState, seat: int, action: GiveReward, stage: str) -> Refusal | None:
    if action.seat != seat or stage not in _EXCHANGE_STAGES:
        return Refusal(EXCHANGE, "reward cards change hands on the giver's turn, outside fights, before Phase 2c")
    if action.card not in state.heroes[seat].hand or action.card not in ctx.pack.rewards:
        return Refusal(EXCHANGE, f"{action.card!r} is not a reward card in {ctx.heroes[seat].value}'s hand")
    if action.to not in neighbours_of(ctx, state, seat):
        return Refusal(EXCHANGE, f"seat {action.to} is not on a space adjacent to {ctx.heroes[seat].value}")
    return None


def _rebel_card(ctx: RulesContext, state: GameState, seat: int) -> tuple[str, CardZone] | None:
    """Nighttime Rebel in ``seat``'s hand: the card played this round is not given up (rebel-draw-from-hand)."""
    rebel = _hand_facts(ctx, state.heroes[seat])[1]
    return None if rebel is None else (rebel, _CARDZONE_HAND)


interpretation(
    "rebel-draw-from-hand",
    "Drawing with Nighttime Rebel",
    "The draw gives up the card from the hand; a Rebel played as the round's action card gives its Retrieval "
    "icon only.",
    "The card 'can be used to draw a Reward card directly, but in this case Nighttime Rebel is immediately "
    "removed from the game' (peg19.en:974; peg19.de:437, peg19.it:1579, peg19.fr:2031, peg19.es:2575 alike). A "
    "card played for the round is needed until the round ends: its letter sends the Strigoi (peg19.en:818) and "
    "its values count in fights. Removing it mid-round would leave the hero with no card for the round, which "
    "no rule covers, so the draw is a use of the card from the hand, like the discards for Protection, Stealth "
    "and Leap.",
    ("peg19.en:974", "peg19.de:437", "peg19.it:1579", "peg19.fr:2031", "peg19.es:2575", "sb19.en:542"),
)


def _guard_rebel(ctx: RulesContext, state: GameState, seat: int, action: RebelDraw) -> Refusal | None:
    if action.seat != seat:
        return Refusal(NIGHTTIME_REBEL, f"it is {ctx.heroes[seat].value}'s turn")
    if _rebel_card(ctx, state, seat) is None:
        return Refusal(NIGHTTIME_REBEL, f"{ctx.heroes[seat].value} does not hold Nighttime Rebel")
    if state.reward_deck.size == 0:
        return Refusal(NIGHTTIME_REBEL, "the reward deck is empty: there is nothing more to be found")
    return None


def apply_ability(ctx: RulesContext, state: GameState, seat: int, action: Action) -> GameState:
    """The state after a legal ability, exchange or Rebel action."""
    who = ctx.heroes[seat].value
    if isinstance(action, GiveReward):
        state = execute(state, HandOver(action.card, seat, action.to))
        return check_rebel(ctx, log(state, f"{who} hands {action.card} to {ctx.heroes[action.to].value}"))
    if isinstance(action, RebelDraw):
        found = _rebel_card(ctx, state, seat)
        found = present(found, "rules.abilities.apply_ability: found")
        state = execute(state, MoveCard(found[0], seat, found[1], _CARDZONE_BOX))
        return push(log(state, f"{who} gives up Nighttime Rebel to draw a reward card"), DrawLoot(seat, "card"))
    action = expect(action, UseAbility, "rules.abilities.apply_ability")  # the guard admitted only this kind
    ability = _ABILITY_BY_NAME[action.ability]  # the guard found it there
    source = Source(action.source, action.mode)
    units = max(1, source_units(ctx, state, seat, ability, source))
    state = execute_all(state, spend_source(ctx, state, seat, ability, source))
    state = log(state, f"{who} uses {ability.value} ({action.source}, {action.mode})")
    if ability is _ABILITY_HEAL:
        return heal_room(ctx, state, seat, units)
    if ability is _ABILITY_MECHANICS:
        room, _, steps = action.target.partition(":")
        index = ctx.fortress.platform_rooms.index(room)
        return execute(state, RotatePlatform(room, index, int(steps)))
    if ability in (_ABILITY_LEAP, _ABILITY_PACK):
        state = execute(state, MoveHero(seat, action.target))
        turn = state.turn
        if turn is not None and turn.seat == seat and turn.trail:  # off the jump: it is over (jump-lands-beyond)
            state = replace(state, turn=replace(turn, trail=()))
        return _landed(ctx, state, seat, action.target)
    if ability is _ABILITY_STEALTH:
        turn = present(state.turn, "Stealth is used during a turn (its guard checks the stage)")
        return replace(state, turn=replace(turn, stealthy=True))
    if ability is _ABILITY_RECOVERY:
        return check_rebel(ctx, take_back_discard(state, seat))
    if ability is _ABILITY_RETRIEVAL:
        return check_rebel(ctx, execute(state, MoveCard(action.target, seat, _CARDZONE_DISCARD, _CARDZONE_HAND)))
    if ability is _ABILITY_GATES_OF_HELL:
        return execute_all(state, [RemoveFightToken(space) for space in state.fight_tokens])
    raise EngineInvariantError(f"unhandled ability {ability}")


def _landed(ctx: RulesContext, state: GameState, seat: int, space: SpaceId) -> GameState:
    """A leap onto an active encounter space (where a reading allows it) ends the move: the hero must fight."""
    turn = state.turn
    if turn is None or turn.seat != seat:
        return state
    kind = ctx.fortress.spaces[space].kind
    # an encounter belongs to Phases 2a-2b (peg19.en:750, peg19.en:801): a jump after the Strigoi act starts none
    before_strigoi = bool(state.frames) and isinstance(state.frames[-1], (MoveFrame, FightPhase))
    if before_strigoi and kind.is_encounter and space not in state.fight_tokens and may_engage(turn.engaged):
        state = replace(state, turn=replace(turn, encountered=True))
        if state.frames and isinstance(state.frames[-1], MoveFrame):
            state = pop(state)
    return state


AFTER_STRIGOI = rule(
    "ability.after_strigoi",
    "Abilities after the Strigoi act",
    (
        "peg19.en:756",
        "peg19.en:750",
        "peg19.en:831",
        "peg19.en:852",
        "peg19.en:1008",
        "peg19.en:1014",
        "peg19.en:1058",
        "peg19.en:1062",
        "peg19.it:1303",
        "peg19.it:1297",
        "peg19.it:1381",
        "peg19.it:1613",
        "peg19.fr:1849",
        "peg19.fr:1843",
        "peg19.fr:1933",
        "peg19.es:2315",
        "peg19.es:2309",
        "peg19.es:2408",
        "peg19.es:2627",
        "peg19.de:165",
        "sb19.en:306",
        "sb19.en:614",
    ),
    "Where the played card's abilities may be used at any time of the turn outside a fight (reading "
    "not_during_fight), the turn's hero may still use them once the Strigoi's move, attack, wounds and "
    "counterattack are over, before the turn ends: the abilities of the fight phase (Stealth, which serves a move, "
    "excepted), from the played card, reward cards and tokens; then passes to end the turn. The window is offered "
    "only when an ability is usable, and not in a turn whose Strigoi phase had no Strigoi on the board.",
    readings=("ability_timing",),
    interpretations=("abilities-after-the-strigoi",),
)

interpretation(
    "abilities-after-the-strigoi",
    "Using abilities after the Strigoi act",
    "Under not_during_fight the turn's hero gets one more decision after Phase 2c is fully resolved: use an ability "
    "of the fight phase's set (Heal, Mechanics, Leap, Pack, Recovery, Retrieval, the Gates of Hell; not Stealth), "
    "as often as icons last, or pass to end the turn. No encounter starts there (a Leap onto an encounter space "
    "fights nothing), reward cards do not change hands and Nighttime Rebel does not draw (exchange-on-own-turn). "
    "The window is skipped when no ability is usable, and when no Strigoi was on the board (round 1): nothing "
    "happened since the hero passed the fight phase with the same abilities.",
    "The golden rule allows the played card's abilities 'at any time during their turn ... but not during a fight' "
    "(peg19.en:756; peg19.it:1303 'quando vuole nel suo turno', peg19.fr:1849 'à n'importe quel moment de son tour', "
    "peg19.es:2315 'cuando quiera ... durante su turno'), and the Strigoi move and attack is the turn's third part "
    "(peg19.en:750, peg19.it:1297, peg19.fr:1843, peg19.es:2309), so a moment after the attack and before the "
    "next player is still the hero's turn; reward tokens and cards are usable 'at any time during the turn' too "
    "(peg19.en:1008, peg19.en:1014; Retrieval 'in qualsiasi momento del proprio turno', peg19.it:1613, "
    "peg19.es:2627). The texts that hand the turn over say it passes once the Strigoi's move and possible attack "
    "are over (peg19.en:831, peg19.it:1381, peg19.fr:1933, peg19.es:2408) and the English calls the Strigoi's "
    "teleport the 'end of each player's turn' (peg19.en:852): they describe the order of play, not a ban, and the "
    "golden rule's 'any time' is the clause that speaks of abilities. Stealth serves a move (moving onto an "
    "encounter space, through a Strigoi: peg19.en:1058, peg19.en:1062), over by then. The German and ScriBabs "
    "texts end ability use when the Strigoi act (peg19.de:165, sb19.en:306, sb19.en:614): no window there.",
    (
        "peg19.en:756",
        "peg19.en:750",
        "peg19.en:831",
        "peg19.en:852",
        "peg19.en:1008",
        "peg19.en:1014",
        "peg19.en:1058",
        "peg19.en:1062",
        "peg19.it:1303",
        "peg19.it:1381",
        "peg19.it:1613",
        "peg19.fr:1849",
        "peg19.fr:1933",
        "peg19.es:2315",
        "peg19.es:2408",
        "peg19.es:2627",
        "peg19.de:165",
        "sb19.en:306",
        "sb19.en:614",
    ),
)


class AfterStrigoiRules(AutoHandler[AfterStrigoi]):
    """Phase 2c is over: open the ability window if the turn's hero has an ability to use, else go on."""

    def run(self, ctx: RulesContext, state: GameState, frame: AfterStrigoi) -> GameState:
        if ability_actions(ctx, state, frame.seat, "after_strigoi"):
            return replace_top(state, AfterStrigoiChoice(frame.seat))
        return pop(state)


handles(AfterStrigoi, AfterStrigoiRules)


class AfterStrigoiChoiceRules(DecisionHandler[AfterStrigoiChoice]):
    """Use an ability after the Strigoi act, or pass to end the turn. A use spends its source, then the window is
    offered again only if an ability is still usable (every use lowers the resource variant: the turn ends)."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: AfterStrigoiChoice) -> list[Action]:
        return [interned(Pass, frame.seat, "end_turn"), *ability_actions(ctx, state, frame.seat, "after_strigoi")]

    def legal(self, ctx: RulesContext, state: GameState, frame: AfterStrigoiChoice) -> list[Action]:
        return self.candidates(ctx, state, frame)  # built from the guard's own checks

    def guard(self, ctx: RulesContext, state: GameState, frame: AfterStrigoiChoice, action: Action) -> Refusal | None:
        if isinstance(action, Pass) and action.seat == frame.seat and action.what == "end_turn":
            return None
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return guard_ability(ctx, state, frame.seat, action, "after_strigoi")
        who = ctx.heroes[frame.seat].value
        return Refusal(AFTER_STRIGOI, f"{who} may use an ability or end the turn now, not {action.kind}")

    def apply(self, ctx: RulesContext, state: GameState, frame: AfterStrigoiChoice, action: Action) -> GameState:
        if isinstance(action, Pass):
            return pop(state)
        # the window comes back (if anything is still usable) once the ability and any choice it asks are done
        return apply_ability(ctx, replace_top(state, AfterStrigoi(frame.seat)), frame.seat, action)


handles(AfterStrigoiChoice, AfterStrigoiChoiceRules)
