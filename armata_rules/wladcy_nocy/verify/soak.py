"""The soak of *Władcy Nocy*: long play on the synthetic pack that checks every invariant as the engine runs.

Games cycle through 2 to 5 vampires, the three difficulties, two starts and the bots: random play, and the game's
own players when they are there, each in one game of ten: the hunter (:mod:`armata_rules.wladcy_nocy.sim.bots`) and
the ritual player (``armata_rules.wladcy_nocy.sim.ritual``), which plays to win. A game starts either
from its setup or from a *midgame* position made from it: victims dealt at random, relics dealt within the limits,
minions spread from the supply. A midgame position is not reached by play, but it keeps every invariant, and the
proofs are inductive (every state that keeps the invariants stays so), so the engine must keep them from there too;
it lets a short soak meet what random play seldom reaches (Dark abilities, seals, full hands of relics).

The soak sees inside an ``apply``: its engine's end test, which the kernel's loop asks before every step
(:attr:`~armata_rules.kernel.play.game.GameDefinition.terminal`), is wrapped to record each state it is asked about.
So it checks each invariant's ``step`` form on every step (a decision, one automatic frame, a chance outcome, the
"as soon as" rules) and its ``state`` form wherever a decision is due; it also checks that a live state offers a
legal action (else the game is *stuck*), that ``apply`` left its input unchanged, and that every decision of a
night turn lowers the turn variant (:mod:`~armata_rules.wladcy_nocy.verify.termination`), but for the content the
termination proof flags, which is counted apart. An exception is a *crash*, a game over the decision cap a *hang*.
The soak must never contradict a proof: a violation means a model misses a transition, or the engine is wrong.

``python -m armata_rules.wladcy_nocy.verify.soak --decisions 100000 --seed 0`` prints the figures.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import Action, Choose
from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.game import Ending
from armata_rules.kernel.sim.soak import SoakReport as KernelSoakReport
from armata_rules.kernel.sim.soak import reload_problem, soak_main
from armata_rules.wladcy_nocy.actions import ActivateDistrict, UseBlood, UseDark, UseRelic
from armata_rules.wladcy_nocy.components import VAMPIRE_IDS
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.editions import EDITIONS
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import Ops, OpTarget, Turn
from armata_rules.wladcy_nocy.readings import READINGS, Ruleset
from armata_rules.wladcy_nocy.state import Phase, WNState
from armata_rules.wladcy_nocy.verify.invariants import INVARIANTS, Moment, StepView, relic_limit
from armata_rules.wladcy_nocy.verify.models import params_for
from armata_rules.wladcy_nocy.verify.prover import DIFFICULTIES, SEATS
from armata_rules.wladcy_nocy.verify.termination import TERMINATION_READINGS, check_content

__all__ = ["CheckedPlay", "GameSpec", "SoakReport", "flagged_sources", "games", "midgame", "soak", "turn_variant"]

#: More decisions than this in one game is a hang (a game lasts at most 18 rounds).
GAME_CAP: Final = 5_000
#: Games in a row without a decision after which the soak gives up (each crashed as it started).
IDLE_GAMES: Final = 20
#: The pack the soak plays: the synthetic test pack (the printed facts alone cannot set a game up).
CONTENT: Final = "synthetic-test"
STARTS: Final = ("setup", "midgame")


@dataclass
class SoakReport(KernelSoakReport):
    """What the soak saw (the kernel's figures, and the engine steps checked, the endings, and the turn decisions it
    could not check against the turn variant, with why)."""

    steps: int = 0
    flagged: int = 0
    unproved: int = 0
    endless: int = 0
    refused: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    def decisions_line(self) -> str:
        """Decisions checked, how fast, and the engine steps among them."""
        return f"{super().decisions_line()}, {self.steps:,} engine steps checked"

    def games_line(self) -> str:
        """Games begun and finished, by ending."""
        endings = ", ".join(f"{k} {n:,}" for k, n in sorted(self.outcomes.items()))
        return f"games      {self.games:,} ({self.finished:,} finished: {endings})"

    def more_lines(self) -> list[str]:
        """The decisions left unchecked, and why."""
        return [
            f"turn decisions of flagged content (not checked against the turn variant): {self.flagged:,}",
            *(
                [f"turn decisions under a reading the termination proof refutes (not checked): {self.unproved:,}"]
                if self.unproved
                else []
            ),
            *(
                [f"games under such a reading cut at {GAME_CAP:,} decisions (as the proof predicts): {self.endless:,}"]
                if self.endless
                else []
            ),
            *([f"games whose reading the setup refuses (not played): {self.refused:,}"] if self.refused else []),
        ]


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game of the soak: its seed, vampires, difficulty, start and bot, and the one reading (name, option) it
    plays other than the soak's ruleset, if any."""

    seed: int
    vampires: tuple[str, ...]
    difficulty: str
    start: str
    bot: str
    reading: tuple[str, str] | None = None

    def describe(self) -> str:
        """The game, as a problem names it."""
        other = f", {self.reading[0]}={self.reading[1]}" if self.reading else ""
        return f"seed {self.seed} ({len(self.vampires)} vampires, {self.difficulty}, {self.start}, {self.bot}{other})"


#: Every option of every reading but its default, in the order of the readings: the soak plays one game in
#: :data:`OTHER_READING_EVERY` under the next of them.
OTHER_OPTIONS: Final = tuple(
    (name, option)
    for name, reading in READINGS.readings.items()
    for option in reading.options
    if option != reading.default
)
OTHER_READING_EVERY: Final = 4


def games(seed: int) -> Iterator[GameSpec]:
    """Game after game from ``seed``, cycling through every number of vampires, difficulty and start; one game in
    ten is the hunter's, one the ritual player's; one in four plays the next other option of a reading (a reading's
    other option changes what the engine does, and the invariants that do not depend on it must still hold)."""
    k = 0
    while True:
        n = SEATS[k % len(SEATS)]
        difficulty = DIFFICULTIES[(k // len(SEATS)) % len(DIFFICULTIES)]
        start = STARTS[(k // (len(SEATS) * len(DIFFICULTIES))) % len(STARTS)]
        vampires = tuple(VAMPIRE_IDS[(k + i) % len(VAMPIRE_IDS)] for i in range(n))
        bot = "hunter" if k % 10 == 9 else "ritual" if k % 10 == 4 else "random"
        other = None
        if k % OTHER_READING_EVERY == OTHER_READING_EVERY - 1:
            turn = k // OTHER_READING_EVERY
            other = OTHER_OPTIONS[turn % len(OTHER_OPTIONS)]
            n = SEATS[turn % len(SEATS)]  # else a reading's games would all have the same number of vampires
            vampires = tuple(VAMPIRE_IDS[(k + i) % len(VAMPIRE_IDS)] for i in range(n))
        yield GameSpec(seed + k, vampires, difficulty, start, bot, other)
        k += 1


# ------------------------------------------------------------------------------------------------ the engine, observed
class Observer:
    """The game's end test, wrapped: while ``armed`` it records every state it is asked about, which is every state
    the engine passes through inside one ``apply``."""

    def __init__(self, terminal: Callable[[WNContext, WNState], Ending | None]) -> None:
        self.terminal = terminal
        self.armed = False
        self.seen: list[WNState] = []

    def __call__(self, ctx: WNContext, state: WNState) -> Ending | None:
        if self.armed:
            self.seen.append(state)
        return self.terminal(ctx, state)


def observed_game(spec: GameSpec, ruleset: Ruleset) -> tuple[Game, Observer]:
    """The engine of ``spec``'s game, its end test observed."""
    base = Game.new(list(spec.vampires), difficulty=spec.difficulty, ruleset=ruleset, content=CONTENT, seed=spec.seed)
    observer = Observer(base.definition.terminal)
    return Game(dataclasses.replace(base.definition, terminal=observer), base.ctx, "auto"), observer


# ------------------------------------------------------------------------------------------------ starts, bots
def midgame(game: Game, state: WNState, rng: random.Random) -> WNState:
    """``state`` with each vampire's victims dealt at random (0 to its track's top), relics dealt from the deck
    within the limit those victims allow (wn.pl:535), and some minions spread from the supply over the districts:
    every token still conserved."""
    ctx = game.ctx
    deck = list(state.relic_deck)
    rng.shuffle(deck)
    vampires = []
    for seat, vampire in enumerate(state.vampires):
        victims = rng.randint(0, ctx.track_tops[seat])
        held = tuple(sorted(deck.pop() for _ in range(min(len(deck), rng.randint(0, relic_limit(victims))))))
        vampires.append(replace(vampire, victims=victims, relics=held))
    districts = list(state.districts)
    supply = state.minion_supply
    for _ in range(rng.randint(0, supply)):
        cell = rng.randrange(len(districts))
        districts[cell] = replace(districts[cell], minions=districts[cell].minions + 1)
        supply -= 1
    return replace(
        state,
        vampires=tuple(vampires),
        districts=tuple(districts),
        minion_supply=supply,
        relic_deck=tuple(sorted(deck)),
    )


Policy = Callable[[Game, WNState, Sequence[Action], random.Random], Action]


def _random(game: Game, state: WNState, actions: Sequence[Action], rng: random.Random) -> Action:
    return actions[rng.randrange(len(actions))]


#: The game's own players (module, function, and whether it takes (ctx, state, legal) or (game, state)), used when
#: the module is there; random play otherwise.
_GAME_BOTS: Final = {
    "hunter": ("armata_rules.wladcy_nocy.sim.bots", "hunter_action", False),
    "ritual": ("armata_rules.wladcy_nocy.sim.ritual", "ritual_action", True),
}


def _bot(name: str) -> Policy:
    """The policy called ``name``: random play, or one of the game's own players when its module has it (else
    random)."""
    if name not in _GAME_BOTS:
        return _random
    module_name, function, legal = _GAME_BOTS[name]
    try:
        player = getattr(importlib.import_module(module_name), function, None)
    except ImportError:
        player = None
    if not callable(player):
        return _random
    if legal:
        return lambda game, state, actions, rng: player(game.ctx, state, actions)
    return lambda game, state, actions, rng: player(game, state)


# ------------------------------------------------------------------------------------------------ termination
#: The flagged content keys, by (content pack id, ruleset, number of vampires).
_FLAGS: dict[tuple[str, Ruleset, int], frozenset[str]] = {}


def flagged_sources(ctx: WNContext) -> frozenset[str]:
    """The content keys the termination proof flags for ``ctx``'s game (effects a turn could repeat for ever, and
    hooks), made once per pack, ruleset and number of vampires."""
    key = (ctx.content.id, ctx.ruleset, ctx.seats)
    if key not in _FLAGS:
        params = params_for("soak", ctx.ruleset, ctx.seats, DIFFICULTIES[0])
        found = check_content(ctx.content, params)
        _FLAGS[key] = frozenset(r.transition for r in found if r.status in ("counterexample", "hook"))
    return _FLAGS[key]


def _flagged(ctx: WNContext, state: WNState, action: Action) -> bool:
    """Whether the turn decision ``action`` runs an effect the termination proof flags."""
    keys = flagged_sources(ctx)
    seat = action.seat if action.seat is not None else -1
    if isinstance(action, ActivateDistrict):
        return f"districts.{state.tile_at(state.vampires[seat].cell)}.effect" in keys
    if isinstance(action, UseBlood | UseDark):
        which = "blood" if isinstance(action, UseBlood) else "dark"
        return f"vampires.{ctx.vampires[seat]}.{which}.effect" in keys
    if isinstance(action, UseRelic):
        return f"relics.{action.relic}.effect" in keys
    return False


def _unproved(ctx: WNContext) -> bool:
    """Whether ``ctx``'s ruleset takes an option under which the termination proof itself finds a turn that need not
    end (:data:`~armata_rules.wladcy_nocy.verify.termination.TERMINATION_READINGS`): there no variant must fall."""
    return any(getattr(ctx.ruleset, name) == option for name, option in TERMINATION_READINGS)


def turn_variant(ctx: WNContext, state: WNState, seat: int) -> tuple[int, ...]:
    """The turn variant of ``seat``'s night turn in ``state`` (what the termination proof reasons about): relics
    left in the deck, trades left (``relic_trade_bound``), the round's relic uses left of the relics that may be
    used in this turn (``relic_use_limit``; placing a relic is its one use): its own, or every vampire's under
    ``relic_use_turn = any_night_turn``), its action points, the veil, its blood."""
    vampire = state.vampires[seat]
    bounded = ctx.ruleset.relic_trade_bound == "once_per_pair_per_turn"
    once = ctx.ruleset.relic_use_limit == "once_per_round"
    holders = state.vampires if ctx.ruleset.relic_use_turn == "any_night_turn" else (vampire,)
    uses = 0
    for relic in (relic for holder in holders for relic in holder.relics):
        info = ctx.relics[relic]
        if not info.used or info.dice:
            continue
        limit = 1 if info.placed else info.per_round or (1 if once else 0)
        uses += max(limit - state.relics_used.count(relic), 0)
    trades = ctx.seats - 1 - len(state.trades) if bounded else 0
    return len(state.relic_deck), trades, uses, vampire.ap, state.veil, vampire.blood


# ------------------------------------------------------------------------------------------------ checks
@dataclass
class _Game:
    """What the soak remembers of one game: the seats gifted action points while exhausted (the ghost of the
    invariant exhausted-iff-zero), the last decision state of the night turn under way (round, seat, turn variant)
    and the action taken there."""

    spec: GameSpec
    gifted: set[int] = field(default_factory=set)
    turn: tuple[int, int, tuple[int, ...]] | None = None
    turn_action: Action | None = None


def _gift(ctx: WNContext, step: StepView, game: _Game) -> None:
    """An ``ap`` op that gives action points to an exhausted vampire (the ghost ``gift`` of the blood model)."""
    frame = step.frame
    if not isinstance(frame, Ops | OpTarget) or frame.source in ctx.hooks:
        return
    ops = ctx.ops(frame.source)
    if frame.index >= len(ops) or ops[frame.index]["op"] != "ap":
        return
    target = ops[frame.index].get("target")
    seat = frame.active if target == "active" else frame.holder
    if isinstance(frame, OpTarget) and isinstance(step.action, Choose) and step.action.option in ctx.vampires:
        seat = ctx.vampires.index(step.action.option)
    if 0 <= seat < ctx.seats and step.after.vampires[seat].exhausted:
        game.gifted.add(seat)


def _check_steps(
    ctx: WNContext,
    chain: Sequence[tuple[WNState, Frame | None, Action | None]],
    after: WNState,
    game: _Game,
    report: SoakReport,
    where: str,
) -> None:
    """Each invariant's step form on each step of ``chain`` (state, the frame that acts on it, the action), the
    last step leading to ``after``."""
    states = [state for state, _, _ in chain] + [after]
    for index, (before, frame, action) in enumerate(chain):
        following = states[index + 1]
        if following is before:
            continue
        step = StepView(ctx, before, following, frame, action)
        report.steps += 1
        _gift(ctx, step, game)
        for inv in INVARIANTS:
            if inv.step is None or not inv.applies(ctx):
                continue
            problem = inv.step(step)
            if problem is not None:
                name = type(frame).__name__ if frame is not None else "the as-soon-as rules"
                report.note("violations", f"invariant {inv.id}: {problem} (at {name}, {where})")


def _check_state(ctx: WNContext, state: WNState, game: _Game, report: SoakReport, where: str) -> None:
    """Each invariant's state form where a decision is due (or the game is over)."""
    game.gifted = {seat for seat in game.gifted if state.vampires[seat].exhausted and state.phase is Phase.NIGHT}
    moment = Moment(ctx, state, frozenset(game.gifted))
    for inv in INVARIANTS:
        if inv.state is None or not inv.applies(ctx):
            continue
        problem = inv.state(moment)
        if problem is not None:
            report.note("violations", f"invariant {inv.id}: {problem} ({where})")


def _check_turn(ctx: WNContext, state: WNState, game: _Game, report: SoakReport, where: str) -> None:
    """Every decision of a night turn lowers the turn variant (content the termination proof flags aside)."""
    top = state.frames[-1] if state.frames else None
    if not isinstance(top, Turn) or state.outcome is not None:
        return
    variant = turn_variant(ctx, state, top.seat)
    last, action = game.turn, game.turn_action
    if last is not None and action is not None and last[:2] == (state.round, top.seat):
        if _unproved(ctx):
            report.unproved += 1
        elif _flagged(ctx, state, action):
            report.flagged += 1
        elif not variant < last[2]:
            report.note("violations", f"turn variant did not fall on {action}: {last[2]} then {variant} ({where})")
    game.turn = (state.round, top.seat, variant)


def _chain(
    head: tuple[WNState, Frame | None, Action | None] | None, seen: Sequence[WNState]
) -> list[tuple[WNState, Frame | None, Action | None]]:
    """The steps of one ``apply`` (or of the setup), each as (state, the frame acting on it, the action): the
    decision ``head``, then each state the end test saw, acted on by its top frame, the last of them by the
    as-soon-as rules or the ending (no frame)."""
    chain = [] if head is None else [head]
    chain += [(state, state.frames[-1] if state.frames else None, None) for state in seen[:-1]]
    if seen:
        chain.append((seen[-1], None, None))
    return chain


# ------------------------------------------------------------------------------------------------ the soak
def _apply(game: Game, observer: Observer, state: WNState, action: Action) -> tuple[WNState, list[WNState]]:
    observer.seen = []
    observer.armed = True
    try:
        after = game.apply(state, action)
    finally:
        observer.armed = False
    return after, observer.seen


class CheckedPlay:
    """One game of ``spec`` under ``ruleset`` with every check of the soak, for the soak and for the state-machine
    tests: :meth:`start` gives the first decision state, :meth:`apply` applies a decision and checks each
    invariant's step form on every step inside it, the state forms where the next decision is due, the turn variant,
    that ``apply`` left its input unchanged and that the state it made saves as JSON and loads back equal (both every
    ``fingerprint_every`` decisions) and that a live state offers a legal action. What it finds goes to ``report``."""

    def __init__(self, spec: GameSpec, ruleset: Ruleset, report: SoakReport, fingerprint_every: int = 50) -> None:
        self.spec = spec
        self.report = report
        self.where = spec.describe()
        if spec.reading is not None:
            ruleset = READINGS.replace(ruleset, **{spec.reading[0]: spec.reading[1]})
        self.game, self.observer = observed_game(spec, ruleset)
        self.memory = _Game(spec)
        self.fingerprint_every = fingerprint_every
        self.moves = 0

    @property
    def ctx(self) -> WNContext:
        """The game's context."""
        return self.game.ctx

    def start(self, rng: random.Random) -> WNState:
        """The game's first state (a midgame position where the spec says so), checked."""
        self.observer.armed = True
        try:
            state = self.game.initial_state()
        finally:
            self.observer.armed = False
        _check_steps(self.ctx, _chain(None, self.observer.seen), state, self.memory, self.report, self.where)
        if self.spec.start == "midgame" and state.outcome is None:
            state = midgame(self.game, state, rng)
        _check_state(self.ctx, state, self.memory, self.report, self.where)
        return state

    def legal_actions(self, state: WNState) -> list[Action]:
        """The legal actions of ``state``; none in a live state is noted as *stuck*."""
        actions = self.game.legal_actions(state)
        if not actions and state.outcome is None:
            top = state.frames[-1].to_act().decision if state.frames else "no frame"
            self.report.note("stuck", f"{self.where} at {top}")
        return actions

    def apply(self, state: WNState, action: Action) -> WNState:
        """``action`` applied to ``state`` (a legal action of it), every step checked."""
        top = state.frames[-1] if state.frames else None
        if isinstance(top, Turn):
            self.memory.turn_action = action
        fingerprint = state.hash() if self.moves % self.fingerprint_every == 0 else None
        after, seen = _apply(self.game, self.observer, state, action)
        if fingerprint is not None and state.hash() != fingerprint:
            self.report.note("violations", f"apply changed its input at {action} ({self.where})")
        if fingerprint is not None and (problem := reload_problem(self.game, after)) is not None:
            self.report.note("violations", f"a state of play {problem} (after {action} in {self.where})")
        self.report.kinds[action.kind] += 1
        where = f"after {action} in {self.where}"
        _check_steps(self.ctx, _chain((state, top, action), seen), after, self.memory, self.report, where)
        _check_state(self.ctx, after, self.memory, self.report, where)
        _check_turn(self.ctx, after, self.memory, self.report, self.where)
        self.moves += 1
        self.report.decisions += 1
        return after


def _play(spec: GameSpec, ruleset: Ruleset, report: SoakReport, budget: int, stop: bool) -> None:
    """One game of the soak, within ``budget`` decisions."""
    rng = random.Random(spec.seed)
    policy = _bot(spec.bot)
    try:
        play = CheckedPlay(spec, ruleset, report)
    except GameSetupError:  # a reading the box cannot supply at this count (nine minions for two vampires)
        report.refused += 1
        return
    state = play.start(rng)
    while state.outcome is None and report.decisions < budget:
        if stop and not report.clean:
            return
        actions = play.legal_actions(state)
        if not actions:
            return
        state = play.apply(state, policy(play.game, state, actions, rng))
        if play.moves >= GAME_CAP:
            if _unproved(play.ctx):  # a turn that need not end is what the termination proof finds there
                report.endless += 1
            else:
                report.note("hangs", f"{play.where}: {play.moves} decisions")
            return
    if state.outcome is not None:
        report.finished += 1
        report.outcomes[str(state.outcome.value)] += 1


def soak(
    decisions: int,
    seed: int = 0,
    *,
    stop_at_first_problem: bool = False,
    specs: Iterable[GameSpec] | None = None,
    ruleset: Ruleset | None = None,
    progress: Callable[[SoakReport], None] | None = None,
) -> SoakReport:
    """Play and check until ``decisions`` decisions are checked (or, with ``stop_at_first_problem``, until something
    is wrong), the games of ``specs`` or the cycle from ``seed``, under ``ruleset`` (the Polish print's preset by
    default)."""
    report = SoakReport()
    rules = ruleset or EDITIONS["wn_pl"]
    start = time.perf_counter()
    idle = 0  # games in a row that took no decision (each crashed at its start): the soak stops after a few
    for spec in games(seed) if specs is None else specs:
        if report.decisions >= decisions or (stop_at_first_problem and not report.clean) or idle >= IDLE_GAMES:
            break
        report.games += 1
        before = report.decisions
        try:
            _play(spec, rules, report, decisions, stop_at_first_problem)
        except Exception:
            report.note("crashes", f"{spec.describe()}: {traceback.format_exc(limit=4)}")
        idle = idle + 1 if report.decisions == before else 0
        if progress is not None:
            report.seconds = time.perf_counter() - start
            progress(report)
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    """``python -m armata_rules.wladcy_nocy.verify.soak``: exit 0 when the soak saw nothing wrong, 1 otherwise."""
    return soak_main(
        "python -m armata_rules.wladcy_nocy.verify.soak",
        (__doc__ or "").split("\n")[0],
        lambda decisions, seed, progress: soak(decisions, seed, progress=progress),
        argv,
        default_decisions=100_000,
    )


if __name__ == "__main__":
    sys.exit(main())
