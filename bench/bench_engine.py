"""Speed of the engine, as a ratio against python-chess run side by side in the same process, and its memory.

Both play random legal moves: armata-rules lists its legal actions and applies one (chance resolved by the seeded
generator); python-chess lists its legal moves and pushes one. The two take turns of a fifth of a CPU second until
each has had ``--seconds``, so a slow spell of a shared machine weighs on both sides of the ratio alike. Then:
complete games per second for each hero count, ``legal_actions`` alone and ``apply`` alone over recorded states,
the ambiguity finder over a whole rulebook text, and bytes per state and per game record. Rates are per second of
this process's CPU time (``time.process_time``), so other work on a shared machine does not count against either
side. Targets are printed beside the figures; nothing is asserted. A game that hits an engine error is counted and
reported, and the run goes on.

Then the learning-agent adapters (:mod:`bench_adapters`), on one table of ``--adapter-heroes`` heroes: a raw engine
decision, a PettingZoo AEC step, a Gymnasium step (and the vector environment's, per game), an OpenSpiel decision
(without and with its observation tensor) and the observation encoder, taking turns the same way, ``--runs`` times;
each adapter's cost is printed as a multiple of the raw engine's in the same run, as the median and range over the
runs (never the best run), beside the machine's load average.

    make bench            # or: .venv/bin/python bench/bench_engine.py --seconds 5
    make bench-compiled   # the same on the opt-in mypyc build, which is removed again afterwards

The table's title and last line say which build ran (:mod:`armata_rules.build`).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import chess
from bench_adapters import BASELINE, VECTOR_ENVS, streams
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

from armata_rules import Game, build, editions
from armata_rules.actions import Action
from armata_rules.immutable import replace
from armata_rules.records import GameRecord
from armata_rules.state import GameState

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")
#: armata-rules decisions/s over python-chess plies/s, at least: on the pure-Python build (issues 15 and 31), and on
#: the compiled one (issue 31)
TARGET_RATIO = 1.5
TARGET_RATIO_COMPILED = 4.0
TARGET_GAMES = 100.0  # complete 4-hero random games/s on one core (issue 15)
TARGET_ADAPTER = 3.0  # an adapter step over a raw engine decision, at most (issue 31)
ADAPTER_TURN = 0.05  # CPU seconds a turn of an adapter stream: short, so a busy spell of the machine falls on all


@dataclass
class Errors:
    """Engine errors met during random play: counted by kind, the first message of each kept."""

    counts: Counter[str] = field(default_factory=Counter)
    first: dict[str, str] = field(default_factory=dict)

    def add(self, err: Exception, where: str) -> None:
        kind = type(err).__name__
        self.counts[kind] += 1
        self.first.setdefault(kind, f"{where}: {str(err)[:160]}")


class Clock:
    """CPU seconds of this process since creation; ``tick`` reports progress to a rich task."""

    def __init__(self, progress: Progress, task: TaskID, seconds: float) -> None:
        self.start = time.process_time()
        self.seconds = seconds
        self.progress = progress
        self.task = task

    @property
    def elapsed(self) -> float:
        return time.process_time() - self.start

    def running(self) -> bool:
        elapsed = self.elapsed
        self.progress.update(self.task, completed=min(elapsed, self.seconds))
        return elapsed < self.seconds


@contextmanager
def measuring(progress: Progress, label: str, seconds: float) -> Iterator[Clock]:
    task = progress.add_task(label, total=seconds)
    yield Clock(progress, task, seconds)
    progress.update(task, completed=seconds)


def new_game(seed: int, heroes: int | None = None) -> Game:
    """Game ``seed``: every preset and 2-5 heroes in turn, unless ``heroes`` is fixed (then the Pegasus English)."""
    if heroes is None:
        return Game.new(HEROES[: 2 + seed % 4], ruleset=editions.ALL[seed % len(editions.ALL)], seed=seed)
    return Game.new(HEROES[:heroes], ruleset=editions.PEG19_EN, seed=seed)


def play(game: Game, rng: random.Random, errors: Errors, keep: bool = False) -> tuple[int, list[GameState]]:
    """One random game: decisions taken (and, with ``keep``, every state met); an engine error ends it."""
    state = game.initial_state()
    kept = [state] if keep else []
    decisions = 0
    try:
        while not state.is_over:
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            decisions += 1
            if keep:
                kept.append(state)
    except Exception as err:  # counted and reported: the bench measures, the tests judge
        errors.add(err, f"seed {game.seed}, decision {decisions}")
    return decisions, kept


def chess_plies(seed: int = 0) -> Iterator[None]:
    """Random legal plies with python-chess (legal move generation + push), one per step, for ever."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False):
            board.push(rng.choice(list(board.legal_moves)))
            yield None


def armata_decisions(errors: Errors, seed: int = 0) -> Iterator[None]:
    """Random legal decisions (every preset and 2-5 heroes, games restarted when they end), one per step."""
    rng = random.Random(seed)
    game_seed = seed
    while True:
        game = new_game(game_seed)
        state = game.initial_state()
        try:
            while not state.is_over:
                state = game.apply(state, rng.choice(game.legal_actions(state)))
                yield None
        except Exception as err:  # counted and reported: the bench measures, the tests judge
            errors.add(err, f"seed {game.seed}")
        game_seed += 1


def side_by_side(clock: Clock, streams: dict[str, Iterator[None]], turn: float = 0.2) -> dict[str, float]:
    """Steps per CPU second of each stream, the streams taking turns of ``turn`` CPU seconds until the clock runs
    out: a slower or faster spell of a shared machine falls on both sides alike, so their ratio holds."""
    steps = dict.fromkeys(streams, 0)
    spent = dict.fromkeys(streams, 0.0)
    while clock.running():
        for name, stream in streams.items():
            start = time.process_time()
            while True:
                for _ in range(16):
                    next(stream)
                steps[name] += 16
                if time.process_time() - start >= turn:
                    break
            spent[name] += time.process_time() - start
    return {name: steps[name] / spent[name] for name in streams}


def armata_games(clock: Clock, heroes: int, errors: Errors, seed: int = 0) -> tuple[float, float]:
    """Complete random games per CPU second with ``heroes`` heroes, and their mean length in decisions."""
    rng = random.Random(seed)
    games = decisions = 0
    while clock.running() or games == 0:
        decisions += play(new_game(seed + games, heroes), rng, errors)[0]
        games += 1
    return games / clock.elapsed, decisions / games


def sample_positions(games: int, errors: Errors) -> list[tuple[Game, GameState, Action]]:
    """Decision points of random games (every preset, 2-5 heroes) with the action random play took there."""
    rng = random.Random(7)
    positions = []
    for seed in range(games):
        game = new_game(1000 + seed)
        _, states = play(game, random.Random(seed), errors, keep=True)
        for state in states:
            actions = game.legal_actions(state)
            if actions:
                positions.append((game, state, rng.choice(actions)))
    return positions


def calls_per_second(
    clock: Clock, positions: list[tuple[Game, GameState, Action]], call: Callable[..., object]
) -> float:
    """Calls per CPU second of ``call(game, state, action)`` over the positions, each on a fresh copy of the state
    (so nothing derived and cached by an earlier call is reused)."""
    done = spent = 0.0
    while clock.running():
        fresh = [(game, replace(state), action) for game, state, action in positions]
        start = time.process_time()
        for game, state, action in fresh:
            call(game, state, action)
        spent += time.process_time() - start
        done += len(fresh)
    return done / spent


def finder_seconds(lang: str = "de") -> float | None:
    """CPU seconds the ambiguity finder takes over the whole Pegasus text of ``lang``; ``None`` without the books."""
    from armata_rules.translations.corpus import load_corpus
    from armata_rules.translations.newtext import find_in_text
    from armata_rules.translations.sources import SOURCES, RulebookError, Rulebooks

    try:
        books = Rulebooks.load()
    except RulebookError:
        return None
    corpus = load_corpus()
    section = next(s for s in SOURCES if s.source == f"peg19.{lang}")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"peg19.{lang}.txt"
        path.write_text("\n".join(books.lines["peg19"][section.first - 1 : section.last]) + "\n", encoding="utf-8")
        start = time.process_time()
        find_in_text(path, lang, corpus, books, "peg19")
        return time.process_time() - start


def memory(errors: Errors) -> tuple[float, float, int, int]:
    """Bytes per state kept (what a game's states add together: shared parts counted once), bytes of a game
    record in memory and as JSON, and the number of decisions of the game measured."""
    game = new_game(3, heroes=4)
    play(game, random.Random(3), Errors())  # warm the fortress's cache of board views: it is no state's
    rng = random.Random(3)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    state = game.initial_state()
    states, actions = [state], []
    try:
        while not state.is_over:
            action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            states.append(state)
            actions.append(action)
    except Exception as err:  # counted and reported
        errors.add(err, "memory game")
    for kept in states:  # derived data cached while playing is not part of a state's own size
        for holder in (kept, kept.board, *kept.heroes):
            if getattr(holder, "_memo", None) is not None:
                object.__setattr__(holder, "_memo", None)  # as a new instance has it (see immutable.Memo)
    gc.collect()
    per_state = (tracemalloc.get_traced_memory()[0] - before) / len(states)
    start = tracemalloc.get_traced_memory()[0]
    record = GameRecord.of(game, actions, state)
    record_bytes = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    return per_state, record_bytes, len(json.dumps(record.to_json()).encode()), len(actions)


def adapter_runs(progress: Progress, heroes: int, runs: int, seconds: float, errors: Errors) -> dict[str, list[float]]:
    """Steps per CPU second of every adapter stream (:func:`bench_adapters.streams`), run by run: in each run the
    streams take turns until each has had ``seconds``. ``missing`` lists the adapters whose extra is absent."""
    task = progress.add_task(f"adapters: {heroes} heroes, set-up", total=None)
    _, running, missing = streams(heroes, errors)
    progress.update(task, total=1, completed=1)
    rates: dict[str, list[float]] = {name: [] for name in running}
    for run in range(runs):
        with measuring(progress, f"adapters, run {run + 1} of {runs}", seconds * len(running)) as clock:
            for name, rate in side_by_side(clock, running, turn=ADAPTER_TURN).items():
                rates[name].append(rate)
    rates.update({f"missing: {name}": [] for name in missing})
    return rates


def spread(values: list[float], digits: int = 0) -> str:
    """The median and the range of a figure over the runs: ``median (low-high)``."""
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def adapter_table(rates: dict[str, list[float]], heroes: int, loads: tuple[str, str]) -> Table:
    """Each adapter's steps per second and its cost as a multiple of the raw engine's, run by run."""
    runs = len(rates["raw"])
    table = Table(
        title=f"learning-agent adapters, {heroes} heroes: per CPU second, median (range) of {runs} runs",
        caption=f"load average {loads[0]} before, {loads[1]} after. Gymnasium counts seat 0's steps (random bots "
        "play the others) against the engine playing the same; OpenSpiel counts player decisions, chance nodes "
        "included.",
    )
    table.add_column("measure")
    table.add_column("figure", justify="right")
    table.add_column("x raw decision", justify="right")
    table.add_column("target", justify="right")
    table.add_column("", justify="center")
    labels = {
        "raw": "raw engine decisions/s",
        "raw_seat": "raw engine, seat 0 + bots/s",
        "aec": "PettingZoo AEC steps/s",
        "aec_wrapped": "PettingZoo env(), wrapped",
        "gym": "Gymnasium steps/s",
        "vector": f"Gymnasium vector steps/s ({VECTOR_ENVS})",
        "sync": f"SyncVectorEnv steps/s ({VECTOR_ENVS})",
        "spiel": "OpenSpiel decisions/s",
        "spiel_tensor": "OpenSpiel + observation_tensor",
        "spiel_observer": "OpenSpiel + observer tensor",
    }
    for name, label in labels.items():
        if name not in rates:
            continue
        ratios = [base / rate for base, rate in zip(rates[BASELINE.get(name, name)], rates[name], strict=True)]
        if name in BASELINE:
            met = statistics.median(ratios) <= TARGET_ADAPTER
            mark = "[green]met" if met else "[red]not yet"
            table.add_row(label, spread(rates[name]), spread(ratios, 2), f"<= {TARGET_ADAPTER:.0f}x", mark)
        else:
            table.add_row(label, spread(rates[name]), "", "", "")
    if "encode" in rates:
        micros = [1e6 / rate for rate in rates["encode"]]
        ratios = [raw / rate for raw, rate in zip(rates["raw"], rates["encode"], strict=True)]
        table.add_row("encoder µs/observation", spread(micros, 1), spread(ratios, 2), "", "")
    for name in rates:
        if name.startswith("missing: "):
            table.add_row(name.removeprefix("missing: "), "not installed", "", "", "")
    return table


def load_average() -> str:
    """The 1-minute load average of the machine (how busy the other processes keep it)."""
    return f"{os.getloadavg()[0]:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per measurement (default 5)")
    parser.add_argument("--sample-games", type=int, default=6, help="games whose states feed legal/apply (default 6)")
    parser.add_argument("--runs", type=int, default=5, help="runs of the adapter measurements (default 5)")
    parser.add_argument("--adapter-heroes", type=int, default=4, help="heroes at the adapters' table (default 4)")
    parser.add_argument(
        "--adapter-seconds", type=float, help="CPU seconds per adapter stream and run (default: --seconds / 5)"
    )
    args = parser.parse_args()
    console = Console()
    errors = Errors()
    columns = (TextColumn("{task.description:<32}"), BarColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        with measuring(progress, "python-chess and armata-rules", 2 * args.seconds) as clock:
            rates = side_by_side(clock, {"chess": chess_plies(), "armata": armata_decisions(errors)})
        theirs, ours = rates["chess"], rates["armata"]
        games = {}
        for heroes in (2, 3, 4, 5):
            with measuring(progress, f"complete games, {heroes} heroes", args.seconds / 2) as clock:
                games[heroes] = armata_games(clock, heroes, errors)
        task = progress.add_task("recording positions", total=None)
        positions = sample_positions(args.sample_games, errors)
        progress.update(task, total=1, completed=1)
        with measuring(progress, "legal_actions alone", args.seconds / 2) as clock:
            legal = calls_per_second(clock, positions, lambda game, state, _: game.legal_actions(state))
        with measuring(progress, "apply alone", args.seconds / 2) as clock:
            apply = calls_per_second(clock, positions, lambda game, state, action: game.apply(state, action))
        task = progress.add_task("ambiguity finder, whole text", total=None)
        finder = finder_seconds()
        progress.update(task, total=1, completed=1)
        task = progress.add_task("memory", total=None)
        per_state, record_bytes, record_json, record_decisions = memory(errors)
        progress.update(task, total=1, completed=1)
        loads = (load_average(), "")
        adapter_seconds = args.seconds / 5 if args.adapter_seconds is None else args.adapter_seconds
        adapters = adapter_runs(progress, args.adapter_heroes, args.runs, adapter_seconds, errors)
        loads = (loads[0], load_average())

    table = Table(title=f"armata-rules speed (per CPU second of this process), {build.describe().split(' (')[0]}")
    table.add_column("measure")
    table.add_column("figure", justify="right")
    table.add_column("target", justify="right")
    table.add_column("", justify="center")

    def row(name: str, figure: str, target: str = "", met: bool | None = None) -> None:
        table.add_row(name, figure, target, "" if met is None else ("[green]met" if met else "[red]not yet"))

    row("python-chess random plies/s", f"{theirs:,.0f}")
    row("armata-rules random decisions/s", f"{ours:,.0f}")
    ratio = ours / theirs
    wanted = TARGET_RATIO_COMPILED if build.compiled_modules() else TARGET_RATIO
    row("ratio armata / chess", f"{ratio:.2f}x", f">= {wanted}x", ratio >= wanted)
    for heroes, (rate, length) in games.items():
        if heroes == 4:
            row(f"{heroes}-hero games/s ({length:.0f} decisions)", f"{rate:.1f}", f">= {TARGET_GAMES:.0f}", rate >= 100)
        else:
            row(f"{heroes}-hero games/s ({length:.0f} decisions)", f"{rate:.1f}")
    row(f"legal_actions alone/s ({len(positions)} states)", f"{legal:,.0f}", f"{1e6 / legal:.0f} µs a call")
    row(f"apply alone/s ({len(positions)} states)", f"{apply:,.0f}", f"{1e6 / apply:.0f} µs a call")
    row("finder, whole peg19.de text", "no rulebooks" if finder is None else f"{finder:.2f} s")
    row("bytes per state kept", f"{per_state:,.0f}")
    row(f"bytes per record ({record_decisions} actions)", f"{record_bytes:,}", f"JSON {record_json:,} bytes")
    console.print(table)
    console.width = max(console.width, 120)  # the adapters' table is wide: one line a measure, also in a log
    console.print(adapter_table(adapters, args.adapter_heroes, loads))
    console.print(f"build: {build.describe()}", markup=False)
    if errors.counts:
        console.print(f"[red]engine errors in random play: {sum(errors.counts.values())}[/red] (games cut short)")
        for kind, count in errors.counts.most_common():
            console.print(f"  {count} x {kind}; first: {errors.first[kind]}", markup=False)
    else:
        console.print("no engine errors in random play")


if __name__ == "__main__":
    main()
