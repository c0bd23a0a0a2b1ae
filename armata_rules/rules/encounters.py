"""Phase 2b, fight enemies: the encounter on the space the hero stopped on, or an attack on a Strigoi, or nothing;
under the French and Spanish readings of ``strigoi_after_encounter``, the encounter and then one attack.

peg19.en:769-801, sb19.en:319-358, peg19.de:181-230, peg19.it:1305-1360, peg19.fr:1851-1899, peg19.es:2317-2380.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    GiveReward,
    Pass,
    Peek,
    Reactivate,
    RebelDraw,
    UseAbility,
    interned,
)
from armata_rules.components.icons import Ability
from armata_rules.effects import (
    DiscardToStack,
    LeaveOnTop,
    PlaceFightToken,
    RemoveFightToken,
    Reshuffle,
    TakeFromStack,
    fight_token_room,
    may_engage,
)
from armata_rules.errors import EngineInvariantError, expect, present
from armata_rules.frames import (
    DrawEncounter,
    EncounterChoice,
    EncounterDone,
    Fight,
    FightPhase,
    MoveFrame,
    ReactivateChoice,
)
from armata_rules.immutable import replace
from armata_rules.rules.abilities import ability_actions, apply_ability, guard_ability
from armata_rules.rules.awards import check_rebel
from armata_rules.rules.context import RulesContext
from armata_rules.rules.executor import execute, execute_all
from armata_rules.rules.fights import attack_options, guard_attack
from armata_rules.rules.flow import log, pop, push, replace_top, take_back_discard
from armata_rules.rules.handlers import AutoHandler, ChanceHandler, DecisionHandler, Refusal, handles
from armata_rules.rules.registry import interpretation, rule
from armata_rules.rules.sources import Source, available_sources, spend_source
from armata_rules.state import GameState, Stack
from armata_rules.variants import StrigoiAfterEncounter

__all__ = ["ENCOUNTER", "FIGHT_TOKENS", "MONK", "STEALTH_PEEK"]

ENCOUNTER = rule(
    "encounter.flip",
    "Encounters: stop, flip, fight",
    (
        "peg19.en:769",
        "peg19.en:753",
        "peg19.en:773",
        "peg19.en:760",
        "peg19.en:771",
        "peg19.en:775",
        "peg19.en:801",
        "peg19.de:183",
        "peg19.de:189",
        "peg19.de:228",
        "peg19.de:230",
        "peg19.it:1307",
        "peg19.fr:1853",
        "peg19.fr:1895",
        "peg19.es:2319",
        "sb19.en:321",
        "sb19.en:327",
        "sb19.en:356",
        "sb19.en:358",
    ),
    "A hero who stops on an active encounter space flips the top token of that colour and must fight it; one "
    "encounter per turn, which ends the hero's fights of the turn unless the reading lets one attack on a Strigoi "
    "follow it; an empty stack takes back its shuffled discards.",
    readings=("strigoi_after_encounter",),
)
STEALTH_PEEK = rule(
    "encounter.stealth",
    "Peeking with Stealth",
    ("peg19.en:760", "peg19.en:1058", "peg19.en:1060", "peg19.de:493", "sb19.en:632"),
    "With Stealth the hero flips the token and then decides: a monster may be left face up on top of its stack, "
    "the next one anyone meets there; a monk gives back the discard pile at once, and may still be fought as a "
    "grey monster.",
    interpretations=("stealth-decline-moves-on", "stealth-monk-resolves", "stealth-one-peek"),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_ABILITY_STEALTH: Final = Ability.STEALTH
_STRIGOIAFTERENCOUNTER_MONSTER_THEN_STRIGOI: Final = StrigoiAfterEncounter.MONSTER_THEN_STRIGOI
MONK = rule(
    "encounter.monk",
    "Monks",
    (
        "peg19.en:792",
        "peg19.en:794",
        "peg19.en:795",
        "peg19.de:215",
        "peg19.de:217",
        "peg19.de:218",
        "sb19.en:347",
        "sb19.en:349",
        "sb19.en:350",
    ),
    "A monk is set free (the hero takes back the discard pile) or attacked: it turns into the top grey monster, "
    "fought as usual. Where a Monk ends the player's turn (peg19.es:2369-2370), no attack on a Strigoi follows it.",
    readings=("strigoi_after_encounter",),
)
FIGHT_TOKENS = rule(
    "encounter.fight_token",
    "Fight tokens",
    (
        "peg19.en:797",
        "peg19.en:799",
        "peg19.de:222",
        "peg19.de:224",
        "peg19.de:226",
        "peg19.fr:1895",
        "sb19.en:352",
        "sb19.en:354",
    ),
    "After an encounter a fight token goes on its space, which gives no encounter until reactivated. With all six "
    "on the board the hero takes back one not in their room and not under another Powerwolf (any, if none is).",
)

interpretation(
    "stealth-decline-moves-on",
    "After leaving a peeked monster",
    "The hero has had no encounter and may go on moving with the steps left.",
    "Stealth avoids both the stop and the fight ('they must stop ... and fight unless it can be avoided thanks "
    "to the Stealth Ability', peg19.en:760); a declined monster is no encounter, so the one encounter of the turn "
    "is still to come.",
    ("peg19.en:760", "peg19.en:801", "peg19.en:1058"),
)
interpretation(
    "stealth-one-peek",
    "How many peeks one Stealth icon gives",
    "One: a Stealth already in use for the move (to cross a Strigoi) gives one peek, and a peek with a fresh "
    "Stealth icon puts Stealth in use for the rest of the move (to cross a Strigoi after a declined monster); a "
    "further peek in the same turn needs another Stealth icon (the played card's, if unspent, a discarded card or "
    "a token). One icon buys one crossing and one peek, in either order.",
    "Each ability icon 'can only be used once each turn' (peg19.en:924); peeking is a use of Stealth "
    "(peg19.en:1058), and so is crossing a Strigoi (peg19.en:1062). The first release let one icon peek at every "
    "encounter of a move, declining each, for ever. Crossing and a first peek in the same move read as one use: "
    "the texts describe both as what 'using Stealth' lets the hero do on the move. The order cannot matter: "
    "before, crossing then peeking cost one icon and peeking then crossing two.",
    ("peg19.en:924", "peg19.en:1058", "peg19.en:1062", "peg19.de:493", "sb19.en:632"),
)
interpretation(
    "stealth-monk-resolves",
    "A monk met with Stealth and not fought",
    "The monk is discarded and the encounter is over, with its fight token.",
    "'Instead of the normal encounter' the hero recovers the discard pile (peg19.en:1060): the monk has been met "
    "and helped, as when set free (peg19.en:794).",
    ("peg19.en:794", "peg19.en:1060"),
)


def _colour(ctx: RulesContext, state: GameState, seat: int) -> str:
    position = state.heroes[seat].position
    position = present(position, "rules.encounters._colour: position")
    return ctx.fortress.spaces[position].kind.value


def _pending_encounter(state: GameState) -> bool:
    turn = state.turn
    return turn is not None and turn.encountered and bool(may_engage(turn.engaged))


def _stealth_in_use(state: GameState) -> bool:
    """Stealth used for this move and not yet spent on a peek (stealth-one-peek)."""
    turn = state.turn
    return turn is not None and turn.stealthy and not turn.stealth_peeked


class FightPhaseRules(DecisionHandler[FightPhase]):
    """Flip (or peek at) the encounter, attack a Strigoi, use an ability, or end the phase.

    The frame stays under an encounter or a fight and comes back when it is over: the turn's one encounter or
    fight is then spent (``engaged``; after an encounter the ``strigoi_after_encounter`` reading may still allow one
    attack on a Strigoi), and the hero may still use abilities, hand over rewards or draw with
    Nighttime Rebel before passing to the Strigoi, since abilities are for "any time during their turn" but not
    *during* a fight (peg19.en:756), "before the Strigoi move and attack" (peg19.de:165, sb19.en:306).
    """

    def candidates(self, ctx: RulesContext, state: GameState, frame: FightPhase) -> Iterable[Action]:
        seat = frame.seat
        if _pending_encounter(state):
            stealth = available_sources(ctx, state, seat, _ABILITY_STEALTH)
            peeks = [interned(Peek, seat, s.id, s.mode) for s in stealth]
            if _stealth_in_use(state):
                peeks.append(interned(Peek, seat, "", "in_use"))
            return [interned(Choose, seat, "flip"), *peeks, *ability_actions(ctx, state, seat, "encounter_pending")]
        attacks = [interned(AttackStrigoi, seat, i, mode) for i, mode in attack_options(ctx, state, seat)]
        return [*attacks, interned(Pass, seat, "end_fight_phase"), *ability_actions(ctx, state, seat, "fight_phase")]

    def legal(self, ctx: RulesContext, state: GameState, frame: FightPhase) -> list[Action]:
        return list(self.candidates(ctx, state, frame))  # every candidate is built from the guard's own checks

    def guard(self, ctx: RulesContext, state: GameState, frame: FightPhase, action: Action) -> Refusal | None:
        seat, who = frame.seat, ctx.heroes[frame.seat].value
        pending = _pending_encounter(state)
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return guard_ability(ctx, state, seat, action, "encounter_pending" if pending else "fight_phase")
        if getattr(action, "seat", seat) != seat:
            return Refusal(ENCOUNTER, f"it is {who}'s turn, not seat {getattr(action, 'seat', '?')}'s")
        if pending:
            if isinstance(action, Choose) and action.option == "flip":
                return None
            if isinstance(action, Peek):
                if action.mode == "in_use":
                    if _stealth_in_use(state) and action.source == "":
                        return None
                    return Refusal(STEALTH_PEEK, f"{who} has no Stealth in use left to peek with (one peek each)")
                if Source(action.source, action.mode) in available_sources(ctx, state, seat, _ABILITY_STEALTH):
                    return None
                return Refusal(STEALTH_PEEK, f"{action.source} ({action.mode}) gives {who} no Stealth to use now")
            return Refusal(ENCOUNTER, f"{who} stopped on an encounter space and must flip its token (or peek)")
        if isinstance(action, Pass) and action.what == "end_fight_phase":
            return None
        if isinstance(action, AttackStrigoi):
            return guard_attack(ctx, state, seat, action)
        return Refusal(ENCOUNTER, f"{who} may attack a Strigoi, use an ability or pass now, not {action.kind}")

    def apply(self, ctx: RulesContext, state: GameState, frame: FightPhase, action: Action) -> GameState:
        seat = frame.seat
        if isinstance(action, (UseAbility, GiveReward, RebelDraw)):
            return apply_ability(ctx, state, seat, action)
        turn = state.turn
        turn = present(turn, "rules.encounters.apply: turn")
        if isinstance(action, Pass):
            return pop(state)
        if isinstance(action, AttackStrigoi):
            # the turn's one attack: ``encountered`` off, so no second attack follows an encounter (a no-op unless
            # the strigoi_after_encounter reading let this attack follow one)
            state = replace(state, turn=replace(turn, engaged=True, fought=True, encountered=False))
            state = log(
                state, f"{ctx.heroes[seat].value} attacks the {state.strigoi[action.strigoi].name} ({action.mode})"
            )
            # pushed above the fight phase, which comes back once the fight is over (the ability window)
            return push(state, Fight(seat, f"strigoi:{action.strigoi}", action.mode))
        position = state.heroes[seat].position
        position = present(position, "rules.encounters.apply: position")
        colour = _colour(ctx, state, seat)
        peeked = isinstance(action, Peek)
        if isinstance(action, Peek) and action.mode != "in_use":
            state = execute_all(
                state, spend_source(ctx, state, seat, _ABILITY_STEALTH, Source(action.source, action.mode))
            )
        # a peek is a use of Stealth (stealth-one-peek): whether it spends a fresh icon or the Stealth already in
        # use, afterwards Stealth is in use for the rest of the move and its one peek is spent, so crossing a
        # Strigoi and one peek cost one icon in either order
        spent_peek = turn.stealth_peeked or peeked
        stealthy = turn.stealthy or peeked
        state = replace(state, turn=replace(turn, engaged=True, stealth_peeked=spent_peek, stealthy=stealthy))
        state = log(state, f"{ctx.heroes[seat].value} {'peeks at' if peeked else 'flips'} the {colour} encounter")
        return push(state, EncounterDone(seat, position), DrawEncounter(seat, colour, peeked))


handles(FightPhase, FightPhaseRules)


def _draw_pool(stack: Stack) -> tuple[str, ...]:
    if stack.top:
        return stack.top[:1]
    return stack.hidden or stack.discard


class DrawEncounterRules(ChanceHandler[DrawEncounter]):
    """Flip the top encounter token (a face-up one first; an empty stack reshuffles its discards)."""

    def outcomes(self, ctx: RulesContext, state: GameState, frame: DrawEncounter) -> list[tuple[ChanceOutcome, float]]:
        pool = _draw_pool(state.red if frame.colour == "red" else state.grey)
        # encounter tokens are conserved (hidden, face up on top or discarded), and a stack that is drawn empty
        # reshuffles its discards, so some token is always left
        if not pool:
            raise EngineInvariantError(f"no {frame.colour} encounter token is left anywhere")
        return [(interned(ChanceOutcome, f"draw_{frame.colour}", token), 1 / len(pool)) for token in pool]

    def apply(self, ctx: RulesContext, state: GameState, frame: DrawEncounter, outcome: ChanceOutcome) -> GameState:
        stack = state.red if frame.colour == "red" else state.grey
        if not stack.top and not stack.hidden:
            state = execute(state, Reshuffle(frame.colour))
        token = ctx.pack.encounters[outcome.outcome]
        state = execute(state, TakeFromStack(frame.colour, token.id))
        what = "a monk" if token.monk else f"{token.title} (strength {token.strength})"
        state = log(state, f"{ctx.heroes[frame.seat].value} meets {what}")
        if token.monk and frame.peeked:
            state = check_rebel(ctx, take_back_discard(state, frame.seat))
            state = log(state, f"{ctx.heroes[frame.seat].value} uses Stealth on the monk and recovers the discard pile")
        if token.monk or frame.peeked:
            return replace_top(state, EncounterChoice(frame.seat, token.id, frame.peeked))
        return replace_top(state, Fight(frame.seat, token.id))


handles(DrawEncounter, DrawEncounterRules)


_OPTIONS: Final = {
    (False, True): ("free", "attack"),  # a monk
    (True, True): ("attack", "leave"),  # a monk met with Stealth, discard pile already recovered
    (True, False): ("fight", "decline"),  # a peeked monster
}


class EncounterChoiceRules(DecisionHandler[EncounterChoice]):
    """Fight or decline a peeked monster; free or attack a monk."""

    def _options(self, ctx: RulesContext, frame: EncounterChoice) -> tuple[str, ...]:
        return _OPTIONS[(frame.peeked, ctx.pack.encounters[frame.token].monk)]

    def candidates(self, ctx: RulesContext, state: GameState, frame: EncounterChoice) -> Iterable[Action]:
        return [interned(Choose, frame.seat, option) for option in self._options(ctx, frame)]

    def guard(self, ctx: RulesContext, state: GameState, frame: EncounterChoice, action: Action) -> Refusal | None:
        options = self._options(ctx, frame)
        rule_ = MONK if ctx.pack.encounters[frame.token].monk else STEALTH_PEEK
        if not isinstance(action, Choose) or action.seat != frame.seat or action.option not in options:
            return Refusal(rule_, f"{ctx.heroes[frame.seat].value} chooses one of {', '.join(options)} now")
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: EncounterChoice, action: Action) -> GameState:
        action = expect(action, Choose, "rules.encounters.apply")  # the guard admitted only this kind
        seat, token = frame.seat, ctx.pack.encounters[frame.token]
        colour = token.colour.value
        who = ctx.heroes[seat].value
        if token.monk and ctx.ruleset.strigoi_after_encounter is _STRIGOIAFTERENCOUNTER_MONSTER_THEN_STRIGOI:
            # 'the player's turn ends' after a Monk, set free or fought (peg19.es:2369-2370): no attack follows
            current = present(state.turn, "rules.encounters.apply: turn")
            state = replace(state, turn=replace(current, encountered=False))
        if action.option == "fight":
            return replace_top(state, Fight(seat, token.id))
        if action.option == "decline":
            turn = state.turn
            turn = present(turn, "rules.encounters.apply: turn")
            position = state.heroes[seat].position
            state = execute(state, LeaveOnTop(colour, token.id))
            state = replace(state, turn=replace(turn, engaged=False, encountered=False, declined=position))
            state = log(state, f"{who} leaves the {token.title} face up on the {colour} stack")
            # the EncounterDone below would place a fight token: the encounter did not happen; the fight phase
            # under it waits while the hero moves on
            state = pop(pop(state))
            return push(state, MoveFrame(seat))
        state = execute(state, DiscardToStack(colour, token.id))
        if action.option == "free":
            state = take_back_discard(state, seat)
            return pop(check_rebel(ctx, log(state, f"{who} sets the monk free and recovers the discard pile")))
        if action.option == "leave":
            return pop(log(state, f"{who} leaves the monk in peace"))
        state = log(state, f"{who} attacks the monk, who turns into a grey monster")
        return replace_top(state, DrawEncounter(seat, "grey", peeked=False, from_monk=True))


handles(EncounterChoice, EncounterChoiceRules)


class EncounterDoneRules(AutoHandler[EncounterDone]):
    """Place the fight token (taking one back first if all six are out)."""

    def run(self, ctx: RulesContext, state: GameState, frame: EncounterDone) -> GameState:
        if frame.space in state.fight_tokens:  # the Gates of Hell may have cleared and refilled it meanwhile
            return pop(state)
        if fight_token_room(len(state.fight_tokens), ctx.pack.tables.fight_tokens):
            return pop(log(execute(state, PlaceFightToken(frame.space)), f"a fight token goes on {frame.space}"))
        return push(state, ReactivateChoice(frame.seat))


handles(EncounterDone, EncounterDoneRules)


def reactivation_options(ctx: RulesContext, state: GameState, seat: int) -> list[str]:
    """Fight tokens the hero may take back: not in their room, not under another Powerwolf; else any."""
    position = state.heroes[seat].position
    room = None if position is None else ctx.fortress.room_of(position)
    preferred = [
        space
        for space in state.fight_tokens
        if ctx.fortress.room_of(space) != room and state.hero_at(space) in (None, seat)
    ]
    return preferred or list(state.fight_tokens)


class ReactivateRules(DecisionHandler[ReactivateChoice]):
    """Take back a fight token to place it here."""

    def candidates(self, ctx: RulesContext, state: GameState, frame: ReactivateChoice) -> Iterable[Action]:
        return [interned(Reactivate, frame.seat, space) for space in reactivation_options(ctx, state, frame.seat)]

    def guard(self, ctx: RulesContext, state: GameState, frame: ReactivateChoice, action: Action) -> Refusal | None:
        if not isinstance(action, Reactivate) or action.seat != frame.seat:
            return Refusal(FIGHT_TOKENS, f"{ctx.heroes[frame.seat].value} takes back a fight token now")
        if action.space not in reactivation_options(ctx, state, frame.seat):
            return Refusal(
                FIGHT_TOKENS, f"{action.space!r} is not a token that may be taken (not in your room, not under a hero)"
            )
        return None

    def apply(self, ctx: RulesContext, state: GameState, frame: ReactivateChoice, action: Action) -> GameState:
        action = expect(action, Reactivate, "rules.encounters.apply")  # the guard admitted only this kind
        state = execute(state, RemoveFightToken(action.space))
        return pop(log(state, f"the encounter space {action.space} is reactivated"))


handles(ReactivateChoice, ReactivateRules)
