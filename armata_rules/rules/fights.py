"""Fights: against a monster, or a Powerwolf attacking a Strigoi (melee, ranged, counterattack); the defeat of a
Strigoi, the rise of the Supreme Strigoi and the crumbling fortress.

peg19.en:775-790, peg19.en:878-930, peg19.en:1010-1028; sb19.en:327-345, sb19.en:435-489, sb19.en:558-580;
peg19.de:189-213.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Escape,
    GiveReward,
    Pass,
    PlayReward,
    PlayToken,
    RebelDraw,
    Relocate,
    UseAbility,
)
from armata_rules.board.books import book_direction
from armata_rules.board.fortress import SpaceId
from armata_rules.board.sight import sees
from armata_rules.components.icons import Ability
from armata_rules.effects import (
    CardZone,
    CollapsePlatform,
    DefeatStrigoi,
    LoseBlood,
    MoveCard,
    MoveHero,
    PlaceStrigoi,
    RaiseSupreme,
    RemoveFightToken,
    SpendToken,
    WoundStrigoi,
    may_attack_strigoi,
    perishes,
)
from armata_rules.frames import CollapseEscape, Fight, RelocateChoice, WoundOnStrigoi
from armata_rules.immutable import replace
from armata_rules.interning import interned
from armata_rules.rules.abilities import ability_actions, apply_ability, fight_stage, guard_ability
from armata_rules.rules.awards import award
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.flow import log, pop, push, replace_top
from armata_rules.rules.handlers import ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.loot import monster_lost, monster_won
from armata_rules.rules.registry import expect, interpretation, present, rule
from armata_rules.rules.sources import Source, available_sources, spend_source
from armata_rules.rules.wounds import (
    NO_TOKEN,
    card_self_wound,
    incoming_wounds,
    self_wound_hurts_in_this_fight,
    take_wound,
    wound_outcomes,
)
from armata_rules.state import GameState, Outcome, TurnState
from armata_rules.variants import StrigoiAfterEncounter

__all__ = [
    "COLLAPSE",
    "DEFEAT",
    "MONSTER_FIGHT",
    "POWERWOLF_ATTACK",
    "RELOCATE",
    "REWARDS_IN_FIGHT",
    "STRIGOI_WOUND",
    "attack_options",
    "guard_attack",
    "relocation_targets",
    "strigoi_strength",
]

MONSTER_FIGHT = rule(
    "fight.monster",
    "Fighting a monster",
    (
        "peg19.en:775",
        "peg19.en:777",
        "peg19.en:784",
        "peg19.en:788",
        "peg19.de:189",
        "peg19.de:191",
        "peg19.de:207",
        "peg19.de:211",
        "sb19.en:327",
        "sb19.en:329",
        "sb19.en:338",
        "sb19.en:343",
    ),
    "The hero's strength is the played card's, less wound penalties, plus the rewards played; at least the "
    "monster's strength wins; less, and the monster inflicts one wound (which Protection may block). The played "
    "card's self-wound icon hurts its hero when the hero fights, by reading.",
    readings=("self_wound", "self_wound_count"),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITY_LEAP: Final = Ability.LEAP
_CARDZONE_BOX: Final = CardZone.BOX
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_PLAYED: Final = CardZone.PLAYED
_OUTCOME_POWERWOLF_WIN: Final = Outcome.POWERWOLF_WIN
_STRIGOIAFTERENCOUNTER_ONE: Final = StrigoiAfterEncounter.ONE
REWARDS_IN_FIGHT = rule(
    "rewards.use",
    "Using reward cards and tokens in a fight",
    (
        "peg19.en:1004",
        "peg19.en:1016",
        "peg19.en:1018",
        "peg19.en:1028",
        "peg19.en:1108",
        "peg19.en:775",
        "peg19.en:1008",
        "peg19.en:1014",
        "peg19.en:1020",
        "peg19.en:1022",
        "peg19.en:1026",
        "peg19.en:895",
        "peg19.en:897",
        "peg19.it:1491",
        "peg19.es:2521",
        "sb19.en:556",
        "sb19.en:562",
        "sb19.en:572",
        "sb19.en:574",
        "sb19.en:578",
        "sb19.en:454",
    ),
    "Any number of reward cards may be played in a fight: normally (the card is discarded at the end of the "
    "round) or with Wild Strength (removed from the game); wild-only cards have one side. Tokens add their bonus "
    "and are discarded, but not in a ranged attack, where reward cards count only in Wild Strength.",
)
POWERWOLF_ATTACK = rule(
    "fight.strigoi",
    "A Powerwolf attacks a Strigoi",
    (
        "peg19.en:848",
        "peg19.en:928",
        "peg19.en:864",
        "peg19.en:880",
        "peg19.en:884",
        "peg19.en:885",
        "peg19.en:887",
        "peg19.en:891",
        "peg19.en:895",
        "peg19.en:899",
        "peg19.en:901",
        "peg19.en:903",
        "peg19.de:299",
        "peg19.it:1410",
        "peg19.it:1433",
        "peg19.fr:1962",
        "peg19.fr:1983",
        "peg19.es:2437",
        "sb19.en:427",
        "sb19.en:437",
        "sb19.en:441",
        "sb19.en:442",
        "sb19.en:448",
        "sb19.en:452",
        "sb19.en:456",
        "sb19.en:460",
    ),
    "With at least the table's blood points on the altar for the player count, a hero fights a Strigoi instead "
    "of a monster (or, by reading, after the turn's encounter), or counterattacks after its attack: in melee from "
    "an adjacent space, or at range along a line of sight. Strength at least the Strigoi's puts a wound on its card.",
    readings=("counterattack", "strigoi_after_encounter"),
    interpretations=("adjacent-means-corridor", "failed-strigoi-attack"),
)
STRIGOI_WOUND = rule(
    "fight.strigoi_wound",
    "A wound token face down on the Strigoi card",
    (
        "peg19.en:891",
        "peg19.en:899",
        "peg19.en:901",
        "peg19.en:909",
        "peg19.en:664",
        "peg19.en:728",
        "peg19.de:326",
        "peg19.de:334",
        "peg19.de:336",
        "peg19.de:346",
        "peg19.it:1437",
        "peg19.it:1445",
        "peg19.it:1451",
        "peg19.fr:1987",
        "peg19.fr:1995",
        "peg19.fr:1997",
        "peg19.fr:2005",
        "peg19.es:2464",
        "peg19.es:2470",
        "peg19.es:2476",
        "sb19.en:448",
        "sb19.en:456",
        "sb19.en:458",
        "sb19.en:466",
    ),
    "A won fight puts one of the heroes' wound tokens face down on the Strigoi's card: chance takes it from the "
    "wound stack (reshuffled from its discards when empty), nobody sees it, and its icons do nothing. The tokens "
    "on the card count its lost existence points and never go back: the Supreme keeps them, a defeated Strigoi's "
    "leave play with its card.",
    interpretations=("wound-stack-reshuffles", "no-wound-token-left"),
)
DEFEAT = rule(
    "fight.defeat",
    "Defeat of a Strigoi, the Supreme Strigoi, victory",
    (
        "peg19.en:700",
        "peg19.en:706",
        "peg19.en:708",
        "peg19.en:907",
        "peg19.en:909",
        "peg19.en:945",
        "peg19.de:445",
        "sb19.en:464",
        "sb19.en:466",
        "sb19.en:502",
    ),
    "Wounds at least its existence defeat a Strigoi; the other flips to the Supreme side keeping its wounds and "
    "moves every turn without tokens. Defeating the Supreme wins the game for the pack.",
)
COLLAPSE = rule(
    "fight.collapse",
    "The fortress crumbles",
    (
        "peg19.en:1104",
        "peg19.en:913",
        "peg19.en:915",
        "peg19.en:917",
        "peg19.en:918",
        "peg19.en:920",
        "peg19.en:922",
        "peg19.en:926",
        "peg19.en:930",
        "peg19.de:355",
        "peg19.de:359",
        "peg19.it:1462",
        "peg19.fr:2009",
        "peg19.es:2492",
        "sb19.en:470",
        "sb19.en:478",
        "sb19.en:483",
        "sb19.en:485",
        "sb19.en:489",
    ),
    "Each wound dealt to the Supreme collapses the platform in the direction of the played card's letter, read "
    "on the books of the room without a platform (nothing if already gone). Heroes on it escape with a Leap to an "
    "empty space of that room, or the pack loses a blood point and they move to a staircase or ladder tile; the "
    "Supreme on it goes to the centre of the room without a platform.",
    interpretations=("collapse-letter-x",),
)

RELOCATE = rule(
    "strigoi.relocate",
    "Moving a hero to a staircase or ladder tile",
    (
        "peg19.en:820",
        "peg19.en:860",
        "peg19.en:922",
        "peg19.de:253",
        "peg19.de:295",
        "peg19.de:359",
        "peg19.it:1370",
        "peg19.it:1406",
        "peg19.fr:1922",
        "peg19.fr:1958",
        "peg19.es:2397",
        "peg19.es:2433",
        "sb19.en:379",
        "sb19.en:421",
        "sb19.en:485",
    ),
    "A hero thrown off the board (a destroyed ladder, a Strigoi landing on them, a collapse) goes to a free "
    "staircase or ladder tile of the player's choice; after a Strigoi lands on them, a ladder tile first where "
    "the reading says so.",
    readings=("centre_relocation",),
)

interpretation(
    "failed-strigoi-attack",
    "A failed attack on a Strigoi",
    "Nothing happens to the hero beyond the self-wound icons they used; the turn goes on.",
    "The text says what a win does (peg19.en:891) and that 'once the fight is resolved, the turn continues with "
    "the Strigoi moving as usual' (peg19.en:903); unlike monsters (peg19.en:784) it gives a failed attack no "
    "wound.",
    ("peg19.en:891", "peg19.en:899", "peg19.en:903"),
)
interpretation(
    "collapse-letter-x",
    "Wounding the Supreme with a card lettered X",
    "No platform collapses.",
    "The platform is found by 'the book matching the letter on the player's card' in the centre room "
    "(peg19.en:913); no book carries X, and an X card makes a Strigoi stay put (peg19.en:827).",
    ("peg19.en:827", "peg19.en:913"),
)


def strigoi_strength(ctx: RulesContext, state: GameState, index: int) -> int:
    """The strength of Strigoi ``index``, on its current side."""
    strigoi = state.strigoi[index]
    card = ctx.pack.strigoi_card(strigoi.name)
    return card.supreme.strength if strigoi.supreme else card.side.strength


def _existence(ctx: RulesContext, state: GameState, index: int) -> int:
    strigoi = state.strigoi[index]
    card = ctx.pack.strigoi_card(strigoi.name)
    return card.supreme.existence if strigoi.supreme else card.side.existence


def _may_attack_in_turn(ctx: RulesContext, turn: TurnState) -> bool:
    """Whether the turn's hero may still attack a Strigoi (the kernel :func:`~armata_rules.effects.may_attack_strigoi`,
    proved in :mod:`armata_rules.verify.engagement`): before the turn's encounter or fight (peg19.en:801,
    peg19.en:880), or once after the encounter where the ``strigoi_after_encounter`` reading allows it. The encounter
    leaves ``encountered`` set; an attack on a Strigoi clears it, and so does a Monk under ``monster_then_strigoi``
    (rules.encounters), so at most one attack follows the one encounter and never precedes it."""
    after = ctx.ruleset.strigoi_after_encounter is not _STRIGOIAFTERENCOUNTER_ONE
    return bool(may_attack_strigoi(turn.engaged, turn.encountered, after))


def attack_options(ctx: RulesContext, state: GameState, seat: int) -> list[tuple[int, str]]:
    """(Strigoi, melee|ranged) pairs ``seat`` may attack now, blood and geometry permitting."""
    if state.blood.altar < ctx.altar_required:
        return []
    turn = state.turn
    if turn is not None and turn.seat == seat and not _may_attack_in_turn(ctx, turn):
        return []
    here = state.heroes[seat].position
    if here is None or not ctx.fortress.in_play(here, state.board):
        return []
    options = []
    for index, strigoi in enumerate(state.strigoi):
        if strigoi.defeated or strigoi.position is None:
            continue
        if ctx.fortress.corridor_adjacent(here, strigoi.position, state.board):
            options.append((index, "melee"))
        if sees(ctx.fortress, state.board, here, strigoi.position) is not None:
            options.append((index, "ranged"))
    return options


def guard_attack(ctx: RulesContext, state: GameState, seat: int, action: AttackStrigoi) -> Refusal | None:
    """Why ``seat`` may not make this attack now, if so."""
    if action.seat != seat:
        return Refusal(POWERWOLF_ATTACK, f"it is {ctx.heroes[seat].value}'s decision, not seat {action.seat}'s")
    if state.blood.altar < ctx.altar_required:
        return Refusal(
            POWERWOLF_ATTACK,
            f"the altar holds {state.blood.altar} blood points; {ctx.altar_required} are needed with "
            f"{ctx.players} players",
        )
    if (action.strigoi, action.mode) not in attack_options(ctx, state, seat):
        return Refusal(POWERWOLF_ATTACK, f"no {action.mode} attack on Strigoi {action.strigoi} is possible from here")
    return None


def _is_strigoi(foe: str) -> int | None:
    return int(foe.split(":")[1]) if foe.startswith("strigoi:") else None


class FightRules(DecisionHandler[Fight]):
    """Play rewards one by one, use the abilities a fight allows, then resolve."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: Fight) -> Iterable[Action]:
        hero = state.heroes[frame.seat]
        actions: list[Action] = []
        for card in hero.hand:
            reward = ctx.pack.rewards.get(card)
            if reward is None:
                continue
            if reward.normal is not None and frame.mode != "ranged":
                actions.append(interned(PlayReward, frame.seat, card, "normal"))
            actions.append(interned(PlayReward, frame.seat, card, "wild"))
        if frame.mode != "ranged":
            actions.extend(
                interned(PlayToken, frame.seat, token) for token in hero.tokens if ctx.pack.tokens[token].strength > 0
            )
        actions.append(interned(Pass, frame.seat, "resolve"))
        actions.extend(ability_actions(ctx, state, frame.seat, fight_stage(state, frame.seat, frame.counter)))
        return actions

    def legal(self, ctx: RulesContext, state: GameState, frame: Fight) -> list[Action]:
        return list(self.candidates(ctx, state, frame))  # every candidate is built from the guard's own checks

    def guard(self, ctx: RulesContext, state: GameState, frame: Fight, action: Action) -> Refusal | None:
        who = ctx.heroes[frame.seat].value
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return guard_ability(ctx, state, frame.seat, action, fight_stage(state, frame.seat, frame.counter))
        if getattr(action, "seat", None) != frame.seat:
            return Refusal(REWARDS_IN_FIGHT, f"{who} is fighting: only {who} decides now")
        if isinstance(action, Pass) and action.what == "resolve":
            return None
        if isinstance(action, PlayReward):
            reward = ctx.pack.rewards.get(action.card)
            if reward is None or action.card not in state.heroes[frame.seat].hand:
                return Refusal(REWARDS_IN_FIGHT, f"{action.card!r} is not a reward card in {who}'s hand")
            if action.mode not in ("normal", "wild"):
                return Refusal(REWARDS_IN_FIGHT, f"a reward card is used 'normal' or 'wild', not {action.mode!r}")
            if action.mode == "normal" and reward.normal is None:
                return Refusal(REWARDS_IN_FIGHT, f"{reward.title} can only be used with Wild Strength")
            if action.mode == "normal" and frame.mode == "ranged":
                return Refusal(REWARDS_IN_FIGHT, "a ranged attack counts reward cards only in Wild Strength")
            return None
        if isinstance(action, PlayToken):
            if frame.mode == "ranged":
                return Refusal(REWARDS_IN_FIGHT, "reward tokens cannot be used in a ranged attack")
            if action.token not in state.heroes[frame.seat].tokens:
                return Refusal(REWARDS_IN_FIGHT, f"{who} holds no reward token {action.token!r}")
            played = ctx.pack.tokens[action.token]
            if played.strength <= 0:  # listed only with strength (candidates): the guard agrees with the list
                return Refusal(REWARDS_IN_FIGHT, f"{played.title} adds no strength to a fight: use its ability instead")
            return None
        return Refusal(REWARDS_IN_FIGHT, f"{who} is fighting: play rewards, use an ability, or resolve")

    def apply(self, ctx: RulesContext, state: GameState, frame: Fight, action: Action) -> GameState:
        seat = frame.seat
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return apply_ability(ctx, state, seat, action)
        if isinstance(action, PlayReward):
            reward = ctx.pack.rewards[action.card]
            side = present(reward.wild if action.mode == "wild" else reward.normal, "a reward side the guard allowed")
            target = _CARDZONE_BOX if action.mode == "wild" else _CARDZONE_PLAYED
            state = execute(state, MoveCard(action.card, seat, _CARDZONE_HAND, target))
            state = log(state, f"{ctx.heroes[seat].value} plays {reward.title} ({action.mode}, +{side.strength})")
            return replace_top(
                state,
                replace(frame, bonus=frame.bonus + side.strength, self_wounds=frame.self_wounds + side.self_wound),
            )
        if isinstance(action, PlayToken):
            token = ctx.pack.tokens[action.token]
            state = log(execute(state, SpendToken(seat, action.token)), f"{ctx.heroes[seat].value} uses {token.title}")
            return replace_top(state, replace(frame, bonus=frame.bonus + token.strength))
        return _resolve(ctx, pop(state), frame)


handles(Fight, FightRules)


def _resolve(ctx: RulesContext, state: GameState, frame: Fight) -> GameState:
    seat = frame.seat
    hero = state.heroes[seat]
    card = ctx.played_card(state, seat)
    strength = max(0, card.strength - ctx.strength_penalty(hero)) + frame.bonus
    state, card_wounds = card_self_wound(ctx, state, seat)
    # the reward cards' wound icons follow the played card's condition (peg19.en:1080: 'their action or weapon')
    self_wounds = (frame.self_wounds if self_wound_hurts_in_this_fight(ctx, state, seat) else 0) + card_wounds
    if state.turn is not None and state.turn.seat == seat:
        state = replace(state, turn=replace(state.turn, fought=True))
    state = incoming_wounds(ctx, state, seat, self_wounds, "self", protectable=False)
    index = _is_strigoi(frame.foe)
    if index is None:
        token = ctx.pack.encounters[frame.foe]
        won = strength >= token.strength
        state = log(state, f"strength {strength} against {token.title}'s {token.strength}: {'won' if won else 'lost'}")
        if won:
            return monster_won(ctx, state, seat, frame.foe)
        return incoming_wounds(ctx, monster_lost(ctx, state, frame.foe), seat, 1, "monster")
    target = strigoi_strength(ctx, state, index)
    name = state.strigoi[index].name
    if strength < target:
        return log(state, f"strength {strength} against the {name}'s {target}: the attack fails")
    state = log(state, f"strength {strength} against the {name}'s {target}: a wound")
    return push(state, WoundOnStrigoi(seat, index))


class WoundOnStrigoiRules(ChanceHandler[WoundOnStrigoi]):
    """A wound token from the stack goes face down on the Strigoi's card; then its defeat, the Supreme, a collapse."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: WoundOnStrigoi) -> list[tuple[ChanceOutcome, float]]:
        return wound_outcomes(state, "wound_strigoi")

    def apply(self, ctx: RulesContext, state: GameState, frame: WoundOnStrigoi, outcome: ChanceOutcome) -> GameState:
        index, token = frame.strigoi, outcome.outcome
        name = state.strigoi[index].name
        state = pop(state)
        if token == NO_TOKEN:
            state = execute(state, WoundStrigoi(index, None))
            state = log(state, f"no wound token is left: the {name} loses an existence point all the same")
        else:  # the log does not name the token: nobody sees it
            state = execute(take_wound(state, token), WoundStrigoi(index, token))
            state = log(state, f"a wound token goes face down on the {name}'s card")
        return strigoi_wounded(ctx, state, frame.seat, index)


handles(WoundOnStrigoi, WoundOnStrigoiRules)


def strigoi_wounded(ctx: RulesContext, state: GameState, seat: int, index: int) -> GameState:
    """After a wound on Strigoi ``index`` dealt by ``seat``: defeat, the Supreme's rise, or a collapse."""
    strigoi = state.strigoi[index]
    if perishes(strigoi.wounds, _existence(ctx, state, index)):
        state = log(execute(state, DefeatStrigoi(index)), f"the {strigoi.name} perishes")
        if strigoi.supreme:
            return log(replace(state, outcome=_OUTCOME_POWERWOLF_WIN), "the Supreme Strigoi is defeated: the pack wins")
        state = award(ctx, state, seat, "Vampires Don't Die")
        other = 1 - index
        if not state.strigoi[other].defeated:
            state = log(execute(state, RaiseSupreme(other)), f"the {state.strigoi[other].name} rises as the Supreme")
            if perishes(state.strigoi[other].wounds, _existence(ctx, state, other)):
                return strigoi_wounded(ctx, state, seat, other)
        return state
    if strigoi.supreme:
        return _collapse(ctx, state, seat, index)
    return state


def _collapse(ctx: RulesContext, state: GameState, seat: int, supreme: int) -> GameState:
    letter = ctx.played_card(state, seat).letter
    if letter == "X":
        return log(state, "the card shows X: no platform collapses")
    fortress = ctx.fortress
    centre = fortress.centre_room
    room = fortress.room_in_direction(centre, book_direction(fortress, state.board, centre, letter))
    if room is None or room in state.board.collapsed or fortress.rooms[room].platform is None:
        return log(state, f"the book {letter} points at a platform already gone: nothing collapses")
    platform = set(fortress.iter_platform_spaces(room))
    state = execute(state, CollapsePlatform(room))
    state = execute_all(state, [RemoveFightToken(s) for s in state.fight_tokens if s in platform])
    state = log(state, f"the platform of {room} collapses")
    if state.strigoi[supreme].position in platform:
        state = execute(state, PlaceStrigoi(supreme, fortress.platform_centre(centre)))
        state = log(state, "the Supreme Strigoi goes to the centre of the room without a platform")
        state = _clear_centre(ctx, state)
    victims = tuple(s for s in _seats_by_initiative(ctx, state) if state.heroes[s].position in platform)
    return push(state, CollapseEscape(room, victims)) if victims else state


def _clear_centre(ctx: RulesContext, state: GameState) -> GameState:
    """A hero on the centre room's centre makes way for the Supreme (no blood point is lost: no attack)."""
    centre = ctx.fortress.platform_centre(ctx.fortress.centre_room)
    seat = state.hero_at(centre)
    return state if seat is None else push(state, RelocateChoice(seat, "make_way"))


def _seats_by_initiative(ctx: RulesContext, state: GameState) -> list[int]:
    order = list(state.order) or list(range(len(state.heroes)))
    return order + [s for s in range(len(state.heroes)) if s not in order]


def _escape_targets(ctx: RulesContext, state: GameState, room: str) -> list[SpaceId]:
    occupied = {h.position for h in state.heroes} | {s.position for s in state.strigoi if not s.defeated}
    return [s for s in ctx.fortress.room_spaces(room, state.board) if s not in occupied]


class CollapseEscapeRules(DecisionHandler[CollapseEscape]):
    """Each hero on the collapsing platform leaps to safety or falls."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: CollapseEscape) -> Iterable[Action]:
        seat = frame.queue[0]
        targets = _escape_targets(ctx, state, frame.room)
        leaps = available_sources(ctx, state, seat, _ABILITY_LEAP)
        return [
            *(interned(Escape, seat, s.id, s.mode, t) for s in leaps for t in targets),
            interned(Pass, seat, "fall"),
        ]

    def guard(self, ctx: RulesContext, state: GameState, frame: CollapseEscape, action: Action) -> Refusal | None:
        seat = frame.queue[0]
        who = ctx.heroes[seat].value
        if isinstance(action, Pass) and action.seat == seat and action.what == "fall":
            return None
        if not isinstance(action, Escape) or action.seat != seat:
            return Refusal(COLLAPSE, f"{who} is on the collapsing platform: leap to safety or fall")
        if Source(action.source, action.mode) not in available_sources(ctx, state, seat, _ABILITY_LEAP):
            return Refusal(COLLAPSE, f"{action.source} ({action.mode}) gives {who} no Leap to use now")
        if action.to not in _escape_targets(ctx, state, frame.room):
            return Refusal(COLLAPSE, f"{action.to!r} is not an empty space left in room {frame.room}")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: CollapseEscape, action: Action) -> GameState:
        seat = frame.queue[0]
        rest = frame.queue[1:]
        state = replace_top(state, CollapseEscape(frame.room, rest)) if rest else pop(state)
        if isinstance(action, Escape):
            source = Source(action.source, action.mode)
            state = execute_all(state, spend_source(ctx, state, seat, _ABILITY_LEAP, source))
            state = execute(state, MoveHero(seat, action.to))
            return log(state, f"{ctx.heroes[seat].value} leaps clear to {action.to}")
        state = log(execute(state, LoseBlood()), f"{ctx.heroes[seat].value} falls with the rubble: a blood point lost")
        return push(state, RelocateChoice(seat, "collapse"))


handles(CollapseEscape, CollapseEscapeRules)


def relocation_targets(ctx: RulesContext, state: GameState, ladder_first: bool) -> list[SpaceId]:
    """Free staircases and ladder tiles in play; only ladders while one is free, if ``ladder_first``."""
    view = ctx.fortress.view(state.board)
    occupied = {h.position for h in state.heroes} | {s.position for s in state.strigoi if not s.defeated}
    free = [s for s in view.stairs if s not in occupied]
    ladders = [s for s in free if s in state.board.ladders]
    return ladders if ladder_first and ladders else free


class RelocateRules(DecisionHandler[RelocateChoice]):
    """The player moves their hero to a staircase or ladder tile of their choice."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: RelocateChoice) -> Iterable[Action]:
        return [interned(Relocate, frame.seat, s) for s in relocation_targets(ctx, state, frame.ladder_first)]

    def guard(self, ctx: RulesContext, state: GameState, frame: RelocateChoice, action: Action) -> Refusal | None:
        if not isinstance(action, Relocate) or action.seat != frame.seat:
            return Refusal(RELOCATE, f"{ctx.heroes[frame.seat].value} chooses a staircase or ladder tile now")
        if action.to not in relocation_targets(ctx, state, frame.ladder_first):
            kind = "a free ladder tile" if frame.ladder_first else "a free staircase or ladder tile"
            return Refusal(RELOCATE, f"{action.to!r} is not {kind}")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: RelocateChoice, action: Action) -> GameState:
        action = expect(action, Relocate, "relocation: the guard admits only Relocate")
        state = execute(state, MoveHero(frame.seat, action.to))
        return pop(log(state, f"{ctx.heroes[frame.seat].value} moves to {action.to}"))


handles(RelocateChoice, RelocateRules)
