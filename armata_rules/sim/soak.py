"""The soak: very long random play that checks every invariant after every decision.

Games run across every edition preset, 2-5 heroes and four bots (random, greedy, the explorer, which prefers the
kinds of action taken least so far, so rare rules get exercised, and the ability bot, which jumps onto other
Powerwolves and uses abilities in the middle of a move and after the Strigoi act). After each decision it checks: the
state invariants (:data:`~armata_rules.verify.INVARIANTS` and :data:`~armata_rules.verify.CONCRETE_ONLY`), that a state
which is not over offers a legal action (else it is *stuck*), that ``apply`` left its input unchanged and that the
state it made saves as JSON and loads back equal (both every 50th decision of a game), and the
termination variants (:mod:`armata_rules.verify.termination`): each step lowers the move variant, each resource
decision the resource variant. An exception from the engine is a *crash*; a game over the decision cap is a *hang*.

``python -m armata_rules.sim.soak --decisions 1000000`` (``make soak``) prints the figures; the tests run a slice.
"""

from __future__ import annotations

import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence

from armata_rules import editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    Choose,
    GiveReward,
    Peek,
    PlayReward,
    PlayToken,
    Protect,
    RebelDraw,
    Step,
    UseAbility,
)
from armata_rules.components.icons import HERO_NAMES as HEROES
from armata_rules.engine import Game
from armata_rules.frames import FightPhase
from armata_rules.kernel.sim.soak import SoakReport, reload_problem, soak_main
from armata_rules.sim.bots import Bot, make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset, StrigoiAfterEncounter
from armata_rules.verify.invariants import CONCRETE_ONLY, INVARIANTS
from armata_rules.verify.termination import move_variant, resource_variant

__all__ = ["SoakReport", "soak"]

BOT_NAMES = ("random", "greedy", "explorer", "abilities")
RESOURCE_ACTIONS = (UseAbility, GiveReward, RebelDraw, PlayReward, PlayToken, Protect)
GAME_CAP = 20_000


class ExplorerBot:
    """Prefers the kinds of action taken least so far (over the whole soak), at random among those."""

    name = "explorer"

    def __init__(self, rng: random.Random, seen: Counter[str]) -> None:
        self.rng = rng
        self.seen = seen

    def choose(self, game: Game, state: GameState, actions: Sequence[Action]) -> Action:
        """One of the legal actions of the rarest kind so far."""
        rarest = min(self.seen[a.kind] for a in actions)
        return self.rng.choice([a for a in actions if self.seen[a.kind] == rarest])


class AbilityBot:
    """Random play that leans on what rare rules hang on: in the middle of a move it jumps onto other Powerwolves
    and uses abilities (a platform turned mid-jump left a live state without a legal action, which plain random
    play met about once in 9,000 games)."""

    name = "abilities"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, state: GameState, actions: Sequence[Action]) -> Action:
        """While moving: an ability or gift with probability 0.8 in the middle of a jump (0.3 elsewhere), else a
        jump onto another Powerwolf with probability 0.8; after the Strigoi act, an ability with probability 0.7
        (the window of reading not_during_fight); any legal action otherwise."""
        if state.to_act.decision == "after_strigoi":
            uses = [a for a in actions if isinstance(a, UseAbility)]
            if uses and self.rng.random() < 0.7:
                kinds = sorted({_ability_kind(a) for a in uses})
                kind = self.rng.choice(kinds)
                return self.rng.choice([a for a in uses if _ability_kind(a) == kind])
            return self.rng.choice([a for a in actions if not isinstance(a, UseAbility)] or list(actions))
        if state.to_act.decision == "move" and state.turn is not None:
            seat = state.turn.seat
            others = {h.position for i, h in enumerate(state.heroes) if i != seat}
            special = [a for a in actions if isinstance(a, (UseAbility, GiveReward, RebelDraw))]
            mid_jump = state.heroes[seat].position in others
            if special and self.rng.random() < (0.8 if mid_jump else 0.3):
                # an ability first, then one of its uses: thirty platform turns do not crowd out one Heal
                kinds = sorted({_ability_kind(a) for a in special})
                kind = self.rng.choice(kinds)
                return self.rng.choice([a for a in special if _ability_kind(a) == kind])
            jumps = [a for a in actions if isinstance(a, Step) and a.to in others]
            if jumps and self.rng.random() < 0.8:
                return self.rng.choice(jumps)
        return self.rng.choice(list(actions))


def _ability_kind(action: Action) -> str:
    return action.ability if isinstance(action, UseAbility) else action.kind


def _bot(name: str, rng: random.Random, seen: Counter[str]) -> Bot:
    if name == "explorer":
        return ExplorerBot(rng, seen)
    if name == "abilities":
        return AbilityBot(rng)
    return make_bot(name, rng)


def _games(seed: int) -> Iterator[tuple[int, Ruleset, int, str]]:
    """(seed, preset, players, bot) for game after game, cycling through every combination."""
    k = 0
    while True:
        preset = editions.ALL[k % len(editions.ALL)]
        players = 2 + (k // len(editions.ALL)) % 4
        bot = BOT_NAMES[(k // (len(editions.ALL) * 4)) % len(BOT_NAMES)]
        yield seed + k, preset, players, bot
        k += 1


def _count_engagement(
    before: GameState, action: Action, counts: Counter[tuple[int, int, str]], ruleset: Ruleset
) -> int:
    """The turn's encounters and fights so far (peg19.en:801), counted from the actions that start or undo one:
    a flip, a peek or an attack from the fight phase starts one; a Stealth decline undoes its peek. Where the
    ``strigoi_after_encounter`` reading lets one attack on a Strigoi follow the encounter, encounters and attacks
    are counted apart, and an encounter after an attack counts as a second engagement."""
    turn = before.turn
    if turn is None or not before.frames:
        return 0
    apart = ruleset.strigoi_after_encounter is not StrigoiAfterEncounter.ONE
    attack = isinstance(action, AttackStrigoi)
    key = (before.round, turn.seat, "strigoi" if apart and attack else "encounter" if apart else "any")
    if isinstance(before.frames[-1], FightPhase) and (
        isinstance(action, (Peek, AttackStrigoi)) or (isinstance(action, Choose) and action.option == "flip")
    ):
        counts[key] += 1
        if apart and not attack and counts[(before.round, turn.seat, "strigoi")]:
            return counts[key] + 1  # an encounter after the turn's attack: never allowed
    elif isinstance(action, Choose) and action.option == "decline":
        counts[key] -= 1
    return counts[key]


def _check(game: Game, before: GameState, after: GameState, action: Action, report: SoakReport) -> None:
    ctx = game.ctx
    for inv in INVARIANTS:
        if not inv.concrete(ctx, after):
            report.note("violations", f"invariant {inv.id} after {action}")
    for name, _, check in CONCRETE_ONLY:
        if not check(ctx, after):
            report.note("violations", f"invariant {name} after {action}")
    same_turn = (
        before.turn is not None
        and after.turn is not None
        and after.turn.seat == before.turn.seat
        and after.round == before.round
    )
    if isinstance(action, Step) and before.turn is not None and not move_variant(after) < move_variant(before):
        report.note("violations", f"move variant did not fall on {action}")
    if isinstance(action, RESOURCE_ACTIONS) and same_turn:
        seat = action.seat
        if not resource_variant(ctx, after, seat) < resource_variant(ctx, before, seat):
            report.note("violations", f"resource variant did not fall on {action}")


def _check_reload(game: Game, state: GameState, action: Action, where: str, report: SoakReport) -> None:
    """A state of play, saved as JSON, loads back equal (:func:`~armata_rules.kernel.sim.soak.reload_problem`): the
    loader's checks once refused a hero who leapt away after the turn's encounter."""
    problem = reload_problem(game, state)
    if problem is not None:
        report.note("violations", f"a state of play {problem} (after {action} in {where})")


def soak(
    decisions: int,
    seed: int = 0,
    progress: Callable[[SoakReport], None] | None = None,
    check_input_unchanged_every: int = 50,
    stop_at_first_problem: bool = False,
    games: Iterable[tuple[int, Ruleset, int, str]] | None = None,
) -> SoakReport:
    """Play until ``decisions`` decisions have been checked (or, with ``stop_at_first_problem``, until something is
    wrong, or ``games`` (seed, preset, heroes, bot) are played instead of the cycle from ``seed``); the report of
    what was seen."""
    report = SoakReport()
    start = time.perf_counter()
    for game_seed, preset, players, bot_name in _games(seed) if games is None else games:
        if report.decisions >= decisions or (stop_at_first_problem and not report.clean):
            break
        game = Game.new(HEROES[:players], ruleset=preset, seed=game_seed)
        rng = random.Random(game_seed)
        bot = _bot(bot_name, rng, report.kinds)
        where = f"seed {game_seed} ({preset.name}, {players} heroes, {bot_name})"
        report.games += 1
        try:
            state = game.initial_state()
        except Exception:
            report.note("crashes", f"setup of {where}: {traceback.format_exc(limit=3)}")
            continue
        moves = 0
        engagements: Counter[tuple[int, int, str]] = Counter()
        while not state.is_over and report.decisions < decisions:
            try:
                actions = game.legal_actions(state)
                if not actions:
                    report.note("stuck", f"{where} at {state.to_act}")
                    break
                action = bot.choose(game, state, actions)
                fingerprint = state.hash() if moves % check_input_unchanged_every == 0 else None
                after = game.apply(state, action)
            except Exception:
                report.note("crashes", f"{where}: {traceback.format_exc(limit=4)}")
                break
            if fingerprint is not None and state.hash() != fingerprint:
                report.note("violations", f"apply changed its input at {action}")
            if fingerprint is not None:
                _check_reload(game, after, action, where, report)
            report.kinds[action.kind] += 1
            _check(game, state, after, action, report)
            if _count_engagement(state, action, engagements, preset) > 1:
                report.note("violations", f"a second encounter or fight in one turn: {action} in {where}")
            state = after
            moves += 1
            report.decisions += 1
            if stop_at_first_problem and not report.clean:
                break
            if moves >= GAME_CAP:
                report.note("hangs", f"{where}: {moves} decisions")
                break
            if progress is not None and report.decisions % 5000 == 0:
                report.seconds = time.perf_counter() - start
                progress(report)
        else:
            report.finished += int(state.is_over)
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m armata_rules.sim.soak``: exit 0 when the soak saw nothing wrong, 1 otherwise."""
    return soak_main(
        "python -m armata_rules.sim.soak",
        (__doc__ or "").split("\n")[0],
        lambda decisions, seed, progress: soak(decisions, seed, progress=progress),
        argv,
        default_decisions=1_000_000,
    )


if __name__ == "__main__":
    sys.exit(main())
