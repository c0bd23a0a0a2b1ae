"""The ``armata-rules`` command: readable tables for people, ``--json`` for machines.

Each subcommand is a small function that parses nothing itself, calls the library and prints. :func:`main` is the
one place that turns what happens into an exit status (:data:`EXIT_CODES`): errors the user can fix (a bad layout
file, an unknown room, an unwritable output path) are printed as one line naming what and where; a closed pipe
(``verify --json | head``) and Ctrl-C end quietly. Shared option helpers (:func:`add_json_option`) and the progress
display for long runs (:func:`progress`) keep the subcommands alike.

The parser (:class:`armata_rules.cli_suggest.Parser`) suggests the closest name for a misspelt command or option
and checks path arguments as it reads them (:mod:`armata_rules.cli_paths`); each command's description and examples
are in :mod:`armata_rules.cli_help`, its shell completion in :mod:`armata_rules.cli_completion`. ``-q`` leaves only
results and errors (no progress, notes or legends); ``-v`` adds details on standard error, and how long the command
took. Every ``--json`` output is one object whose ``"format"`` key is the version of its layout. Tables are as wide
as a terminal on a terminal, and as wide as their rows in a pipe or a file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import sys
import textwrap
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from armata_rules import cli_completion, editions
from armata_rules.about import PROG, version_text
from armata_rules.board import Fortress, default_layout, load_layout, render_svg, summarize
from armata_rules.cli_help import COMMANDS, HelpFormatter
from armata_rules.cli_paths import input_dir, input_file, output_dir, output_file
from armata_rules.cli_suggest import Parser
from armata_rules.components import load_pack
from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.app import (
    EXIT_CODES,
    EXIT_USAGE,
    CheckFailed,
    Handler,
    UsageError,
)
from armata_rules.records import RecordError, load_record, replay
from armata_rules.sim import BOTS, GameResult, make_bot, summarise
from armata_rules.sim.paired import MIN_DISCORDANT
from armata_rules.sim.runner import GameSpec

if TYPE_CHECKING:
    from armata_rules.verify.printed import TableCheck

__all__ = ["EXIT_CODES", "JSON_FORMAT", "UsageError", "add_json_option", "main", "progress"]

#: The version of the layout of the JSON objects the commands print themselves (``board``, ``replay``,
#: ``simulate``, ``verify``, ``completion``); the studies and ``ambiguities`` print documents with their own version.
JSON_FORMAT = app.JSON_FORMAT
#: Where a record stops replaying: the game differs from the record (exit 1), not a malformed file (exit 2).
_REPLAY_MISMATCH_KEYS = ("final_hash", "actions[")


def add_json_option(parser: argparse.ArgumentParser, what: str = "the result") -> None:
    """``--json``: the one spelling of machine-readable output, on every subcommand."""
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON on standard output")


@contextmanager
def progress(label: str, total: int | None, *, quiet: bool = False) -> Iterator[Callable[[], None]]:
    """A progress bar on standard error for runs that take more than a moment; yields "one more done".

    Shown only when standard error is a terminal and ``quiet`` is false, so standard output stays clean for
    ``--json`` and for pipes.
    """
    console = _stderr_console()
    with Progress(
        SpinnerColumn(),
        TextColumn(f"[bold]{label}[/bold]"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=quiet or not console.is_terminal,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def _stderr_console() -> Console:
    return app.stderr_console()


def _stdout_console() -> Console:
    return app.stdout_console()


def _print_json(data: dict[str, object]) -> None:
    app.print_json(data)


def _note(args: argparse.Namespace, message: str) -> None:
    """A remark on standard error (a value adjusted, a check passed), left out with ``-q``."""
    app.note(PROG, args, message)


def _detail(args: argparse.Namespace, message: str) -> None:
    """A detail on standard error, given with ``-v`` only."""
    app.detail(PROG, args, message)


def _fortress(args: argparse.Namespace) -> Fortress:
    layout = load_layout(args.layout) if args.layout else default_layout()
    return Fortress(layout)


def _board(args: argparse.Namespace, console: Console) -> int:
    fortress = _fortress(args)
    state = fortress.initial_state()
    if args.ladders:
        try:
            state = fortress.with_ladders(state, args.ladders)
        except ValueError as err:
            raise UsageError(str(err)) from None
    for spec in args.rotate:
        room, _, steps = spec.partition("=")
        if room not in fortress.platform_rooms or not steps.lstrip("-").isdigit():
            raise UsageError(f"--rotate {spec!r}: expected ROOM=STEPS with ROOM one of {fortress.platform_rooms}")
        state = fortress.rotated(state, room, int(steps))
    if args.svg:
        svg = render_svg(fortress, state)
        Path(args.svg).write_text(svg, encoding="utf-8")
        _detail(args, f"{args.svg}: {len(svg.encode()):,} bytes")
    summary = summarize(fortress)
    _detail(args, f"layout {summary.layout}: {fortress.layout.source}")
    if args.json:
        data = summary.to_json()
        if args.svg:
            data["svg"] = str(args.svg)
        _print_json(data)
        return 0
    console.print(f"[bold]Fortress[/bold] {summary.layout}: {len(summary.rooms)} rooms, {summary.corridors} corridors")
    console.print(f"[dim]{summary.provenance}[/dim]")
    table = Table("room", "slot", "spaces", "plat.", "stairs", "red", "grey", "corr.", "books", "mark", box=box.SIMPLE)
    for column in table.columns:
        column.no_wrap = True
    for room in summary.rooms:
        table.add_row(
            room.room,
            room.slot,
            str(room.spaces),
            str(room.platform_spaces),
            str(room.stairs),
            str(room.red),
            str(room.grey),
            str(room.corridors),
            room.books,
            "S" if room.strigoi_mark else "",
        )
    console.print(table)
    if not args.quiet:
        console.print("plat.: spaces on the platform; corr.: corridors; mark S: the platform bears the Strigoi's mark")
    console.print(f"ladder sites: {summary.ladder_sites}")
    for reading, sites in summary.ladder_sites_by_reading.items():
        console.print(f"  legal at setup under [italic]{reading}[/italic]: {len(sites)}: {', '.join(sites)}")
    if args.svg and not args.quiet:
        console.print(f"wrote {args.svg}")
    return 0


def _replay(args: argparse.Namespace, console: Console) -> int:
    record = load_record(args.file)
    pack = load_pack(args.pack) if args.pack else None
    layout = load_layout(args.layout) if args.layout else None
    _, state = replay(record, args.file, pack, layout)
    if args.html:
        from armata_rules.replay_page import replay_page

        Path(args.html).write_text(replay_page(record, args.file, pack, layout, args.rules_url), encoding="utf-8")
    result = {
        "file": args.file,
        "ok": True,
        "ruleset": record.ruleset.name,
        "heroes": list(record.heroes),
        "actions": len(record.actions),
        "round": state.round,
        "outcome": None if state.outcome is None else state.outcome.value,
        "hash": state.hash(),
        "html": args.html,
    }
    _detail(args, f"{record.ruleset.name}, heroes {', '.join(record.heroes)}, seed {record.seed}, hash {state.hash()}")
    if args.json:
        _print_json(result)
    else:
        outcome = result["outcome"] or "game in progress"
        console.print(
            f"[green]replayed[/green] {args.file}: {len(record.actions)} actions, round {state.round}, {outcome}; "
            f"hash {state.hash()[:16]}… matches"
        )
        if args.html and not args.quiet:
            console.print(f"wrote {args.html}: open it in a browser, step with ← and →")
    return 0


def _workers(args: argparse.Namespace, games: int) -> int | None:
    """``--workers`` for the local backend, capped at the games and the CPUs (a process per idle worker costs a
    fork and an import for nothing); the cap is said on standard error. Ray's CPUs are left as asked."""
    asked: int | None = args.workers
    if asked is None or args.backend != "local":
        return asked
    most = max(1, min(games, os.cpu_count() or 1))
    if asked > most:
        _note(args, f"--workers {asked}: using {most} ({games} games, {os.cpu_count()} CPUs)")
        return most
    return asked


def _run_games(specs: list[GameSpec], args: argparse.Namespace, console: Console, what: str) -> list[GameResult] | None:
    """Play ``specs`` on the chosen backend with a progress bar; ``None`` when the user stopped it with Ctrl-C."""
    from armata_rules.sim.backends import BackendError, run_specs

    store = None
    if args.store:
        try:
            from armata_rules.sim.store import ResultStore

            store = ResultStore(args.store)
        except RuntimeError as err:
            raise UsageError(f"--store: {err}") from None
        if args.verify:
            problems = store.verify(args.verify)
            if problems:
                raise CheckFailed(f"--verify: {len(problems)} stored game(s) do not replay as stored", problems)
            _note(args, f"--verify: {min(args.verify, len(store.games()))} stored game(s) replay as stored")
    show = not args.json and not args.quiet and console.is_terminal
    done = 0
    workers = _workers(args, len(specs))
    games = f"{len(specs)} game{'s' if len(specs) != 1 else ''}"
    _detail(args, f"{what}: {games} on the {args.backend} backend, workers: {workers or 'default'}")

    def advance(_: GameResult) -> None:
        nonlocal done
        done += 1
        progress.advance(task)

    try:
        with Progress(
            TextColumn(f"[bold]{what}[/bold]"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=not show,
        ) as progress:
            task = progress.add_task("games", total=len(specs))
            return run_specs(
                specs,
                backend=args.backend,
                workers=workers,
                address=args.address,
                progress=advance,
                store=store,
                records=args.save_records,
            )
    except BackendError as err:
        raise UsageError(str(err)) from None
    except KeyboardInterrupt:
        if store:  # counted from the folder: a game can be stored just before the signal stops the count
            wanted = {spec.key for spec in specs}
            done = sum(1 for key in store.results_by_key() if key in wanted)
        kept = (
            f"{done} of {len(specs)} games are stored in {args.store}; run the same command to resume"
            if store
            else (
                f"{done} of {len(specs)} games were played and not kept (--store DIR keeps them and lets a run resume)"
            )
        )
        print(f"armata-rules: interrupted: {kept}", file=sys.stderr)
        return None


#: The seeds a game accepts: a signed 64-bit integer (the store keeps them as int64).
SEED_RANGE = range(-(2**63), 2**63)


#: The most games one command plays (seeds per hero count and option for a study): every game is listed before the
#: first is played, so an absurd count would fill memory instead of starting. A million greedy games take a day of
#: CPU time.
GAMES_MAX = 1_000_000

#: The largest --max-rounds and --max-decisions (the store keeps them as int32).
CAP_MAX = 2**31 - 1


def _check_run_options(args: argparse.Namespace) -> None:
    if args.workers is not None and args.workers < 1:
        raise UsageError(f"--workers must be at least 1; got {args.workers}")
    if args.games > GAMES_MAX:
        raise UsageError(f"--games {args.games}: at most {GAMES_MAX:,} per run; split a larger one with --seed")
    last = args.seed + max(args.games, 1) - 1
    if args.seed not in SEED_RANGE or last not in SEED_RANGE:
        raise UsageError(f"--seed {args.seed} with --games {args.games}: every game's seed must lie in -2^63 to 2^63-1")
    if args.address and args.backend != "ray":
        raise UsageError("--address needs --backend ray")
    if not (1 <= args.max_rounds <= CAP_MAX and 1 <= args.max_decisions <= CAP_MAX):
        raise UsageError(f"--max-rounds and --max-decisions must be 1 to {CAP_MAX}")
    if args.verify < 0 or (args.verify and not args.store):
        raise UsageError("--verify N needs --store DIR and N of at least 0")
    try:
        make_bot(args.bot, random.Random(0))
    except ValueError as err:
        raise UsageError(str(err)) from None


def _simulate(args: argparse.Namespace, console: Console) -> int:
    try:
        ruleset = editions.by_name(args.edition)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if not 2 <= args.heroes <= 5:
        raise UsageError(f"--heroes must be 2 to 5; got {args.heroes}")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1; got {args.games}")
    _check_run_options(args)
    specs = [
        GameSpec(ruleset, args.heroes, args.seed + k, args.bot, args.max_rounds, args.max_decisions)
        for k in range(args.games)
    ]
    results = _run_games(specs, args, console, "simulating")
    if results is None:
        return 130
    summary = summarise(results)
    if args.json:
        data = {"edition": ruleset.name, "heroes": args.heroes, "bot": args.bot, "seed": args.seed}
        data |= summary.to_json()
        data["games_detail"] = [r.to_json() for r in results]
        _print_json(data)
        return 1 if summary.errors else 0
    table = Table(title=f"{args.games} games, {args.heroes} heroes, {ruleset.name}, {args.bot} bot, seed {args.seed}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in summary.to_json().items():
        if key != "endings":
            table.add_row(key.replace("_", " "), str(value))
    for ending, count in sorted(summary.endings.items()):
        table.add_row(f"ended: {ending}", str(count))
    console.print(table)
    if summary.errors:
        print(f"armata-rules: {summary.errors} game(s) broke off with an engine error (see --json)", file=sys.stderr)
    return 1 if summary.errors else 0


def _heroes_range(text: str) -> list[int]:
    low, _, high = text.partition("-")
    if not _COUNT.fullmatch(low) or (high and not _COUNT.fullmatch(high)):
        raise UsageError(f"--heroes {text!r}: expected N or N-M, e.g. 2-5")
    first, last = int(low), int(high or low)
    if not 2 <= first <= last <= 5:
        raise UsageError(f"--heroes {text!r}: hero counts are 2 to 5")
    return list(range(first, last + 1))


#: A hero count as typed: ASCII digits only (``"²".isdigit()`` is true, yet ``int("²")`` fails), and few of them.
_COUNT = re.compile(r"[0-9]{1,3}")


def _study(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.sim.study import analyse, study_specs, variants

    try:
        baseline = editions.by_name(args.baseline)
    except ValueError as err:
        raise UsageError(str(err)) from None
    heroes = _heroes_range(args.heroes)
    if args.games < 2:
        raise UsageError(f"--games must be at least 2 (a confidence interval needs two pairs); got {args.games}")
    _check_run_options(args)
    arms = 1 + len(variants(baseline))
    if args.games * len(heroes) * arms > GAMES_MAX:
        raise UsageError(
            f"--games {args.games}: {arms} arms x {len(heroes)} hero counts x {args.games} seeds is over {GAMES_MAX:,} "
            "games; fewer seeds or hero counts"
        )
    specs = study_specs(baseline, heroes, args.games, args.seed, args.bot, args.max_rounds, args.max_decisions)
    results = _run_games(specs, args, console, "studying readings")
    if results is None:
        return 130
    report = analyse(baseline, results, args.games, args.seed, heroes, args.bot)
    data = report.to_json()
    _write_study(data, args.out)
    if args.plot:
        from armata_rules.sim.impact_plot import render_impact_plot

        fmt = "png" if args.plot.endswith(".png") else "svg"
        Path(args.plot).write_bytes(render_impact_plot(data, fmt))
    if args.json:
        _print_json(data)
        return 0
    table = Table(
        title=f"Reading impact against {baseline.name}: {args.games} seeds per hero count, {args.bot} bot "
        "(card values are provisional: impacts hold for the bundled pack)"
    )
    for column in ("reading = option", "heroes", "changed", "won %", "b:c", "Δ won pts [CI]", "p", "Δ rounds [CI]"):
        table.add_column(column, justify="left" if column.startswith("reading") else "right")
    for impact in report.impacts:
        w, r = impact.win_rate, impact.rounds
        table.add_row(
            f"{impact.reading} =\n  {impact.option}" if impact.heroes == 0 else "",
            "all" if impact.heroes == 0 else str(impact.heroes),
            f"{impact.changed}/{impact.pairs}",
            f"{impact.baseline_win_rate:.0%}→{impact.option_win_rate:.0%}",
            f"{w.option_only}:{w.baseline_only}",
            f"{w.text(100)}{'*' if w.significant else ''}",
            _p_text(w.p_value),
            r.text(),
        )
        if impact.heroes == report.heroes[-1]:
            table.add_section()
    console.print(table)
    if not args.quiet:
        console.print(_study_legend("option"))
    errors = sum(i.errors for i in report.impacts if i.heroes == 0)
    if errors:
        print(f"armata-rules: {errors} pair(s) left out: a game broke off with an engine error", file=sys.stderr)
    return 0


def _study_legend(arm: str) -> str:
    """What the study tables' columns mean (printed under them); ``arm`` is what is compared with the baseline."""
    return (
        f"changed: pairs of games that differ; b:c: pairs won only with the {arm} : only with the baseline; Δ: {arm} "
        "minus baseline on the same seeds; won CI: Tango's 95% score interval; p: McNemar's exact test of b against "
        "c; rounds CI: 95% paired t interval; *: the interval excludes zero and p < 0.05; not enough games: b + c is "
        f"under {MIN_DISCORDANT}, too few for any split to reach p < 0.05"
    )


def _p_text(p: float) -> str:
    return "" if math.isnan(p) else "<0.001" if p < 0.001 else f"{p:.3f}"


def _write_study(data: dict[str, object], out: str | None) -> None:
    if out:
        Path(out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _study_editions(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.sim.editions_study import EditionsDesign, analyse_editions

    heroes = _heroes_range(args.heroes)
    if args.games < 2:
        raise UsageError(f"--games must be at least 2 (a confidence interval needs two pairs); got {args.games}")
    _check_run_options(args)
    design = EditionsDesign(tuple(heroes), args.games, args.seed, args.bot, args.max_rounds, args.max_decisions)
    if args.games * len(heroes) * len(editions.ALL) > GAMES_MAX:
        raise UsageError(
            f"--games {args.games}: {len(editions.ALL)} presets x {len(heroes)} hero counts x {args.games} seeds is "
            f"over {GAMES_MAX:,} games; fewer seeds or hero counts"
        )
    results = _run_games(design.specs(), args, console, "studying editions")
    if results is None:
        return 130
    report = analyse_editions(design, results)
    data = report.to_json()
    _write_study(data, args.out)
    if args.json:
        _print_json(data)
        return 0
    table = Table(
        title=f"Each edition preset against {design.baseline.name}: {args.games} seeds per hero count, {args.bot} bot "
        "(card values are provisional: results hold for the bundled pack)"
    )
    columns = ("edition", "heroes", "changed", "won %", "b:c", "Δ won pts [CI]", "p")
    for column in (*columns, "rounds", "Δ rounds [CI]", "unmodelled"):
        table.add_column(column, justify="left" if column == "edition" else "right")
    for edition in report.editions:
        for n, c in edition.results:
            w = c.win_rate
            pooled = n == 0
            same = f"\n  = {edition.same_games_as}" if pooled and edition.same_games_as else ""
            table.add_row(
                f"{edition.edition}{same}" if pooled else "",
                "all" if pooled else str(n),
                f"{c.changed}/{c.pairs}",
                f"{c.baseline_wins.rate:.0%}→{c.option_wins.rate:.0%}" if c.pairs else "-",
                f"{w.option_only}:{w.baseline_only}",
                f"{w.text(100)}{'*' if w.significant else ''}",
                _p_text(w.p_value),
                f"{c.baseline_rounds:.1f}→{c.option_rounds:.1f}" if c.pairs else "-",
                c.rounds.text(),
                f"{len(edition.verdicts.unmodelled)} of {len(edition.verdicts.play)}" if pooled else "",
            )
        table.add_section()
    console.print(table)
    if not args.quiet:
        console.print(
            _study_legend("edition")
            + "; unmodelled: the text's play-changing verdicts (spec/verdicts) that the preset does not play; "
            "= NAME: the same readings as NAME, so the same games"
        )
    errors = sum(c.errors for e in report.editions for n, c in e.results if n == 0)
    if errors:
        print(f"armata-rules: {errors} pair(s) left out: a game broke off with an engine error", file=sys.stderr)
    return 0


def _verify(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.sim.soak import soak  # passed in: verify does not import sim (the soak imports verify)
    from armata_rules.verify import MUTANTS, prove_all
    from armata_rules.verify.engagement import prove_one_engagement
    from armata_rules.verify.report import (
        engine_self_test,
        proof_table,
        record,
        self_test,
        termination_record,
        termination_self_test,
        termination_table,
    )
    from armata_rules.verify.termination import prove_termination

    if args.self_test:
        outcomes: list[dict[str, object]] = []
        with progress("negative controls", len(MUTANTS) + 2, quiet=args.json or args.quiet) as advance:
            for mutant in MUTANTS:
                outcomes += self_test((mutant,))
                advance()
            outcomes += termination_self_test()
            advance()
            outcomes += engine_self_test(soak=soak)
            advance()
        if args.json:
            _print_json({"controls": outcomes})
        else:
            table = Table("negative control", "what it breaks", "caught by", "status", title="verify --self-test")
            for row in outcomes:
                status = "[green]counterexample found[/green]" if row["caught"] else "[red]NOT CAUGHT[/red]"
                table.add_row(str(row["mutant"]), str(row["description"]), str(row["breaks"]), status)
            console.print(table)
        return 0 if all(row["caught"] for row in outcomes) else 1
    results = []
    with progress("proving", len(editions.ALL) + 1, quiet=args.json or args.quiet) as advance:
        for preset in editions.ALL:
            start = time.perf_counter()
            results += prove_all(presets=(preset,))
            _detail(args, f"proved the invariants for {preset.name} in {time.perf_counter() - start:.1f} s")
            advance()
        start = time.perf_counter()
        termination = prove_termination() + prove_one_engagement()
        _detail(args, f"proved termination in {time.perf_counter() - start:.1f} s")
        advance()
    printed = _printed_tables()
    data: dict[str, object] = {"format": JSON_FORMAT}
    data |= record(results)
    data["termination"] = termination_record(termination)
    data["printed_tables"] = [
        {"table": c.kind, "cite": c.cite, "players": c.players, "printed": c.printed, "pack": c.pack, "ok": c.ok}
        for c in printed
    ]
    if args.record:
        Path(args.record).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if args.json:
        _print_json(data)
    else:
        console.print(proof_table(results))
        console.print(termination_table(termination))
        texts = len({c.cite for c in printed})
        wrong = [c for c in printed if not c.ok]
        colour = "red" if wrong else "green"
        console.print(
            f"[{colour}]the pack's blood tables against the printed ones: {len(printed) - len(wrong)}/{len(printed)} "
            f"values equal in {texts} printed tables[/{colour}]"
        )
        for c in wrong:
            console.print(f"[red]{c.cite} prints {c.printed} for {c.players} heroes; the pack has {c.pack}[/red]")
        for r in results:
            if r.counterexample is not None:
                console.print(
                    f"[red]{r.invariant}[/red] ({r.preset}, {r.players} heroes): {r.counterexample.describe()}"
                )
    proved = (
        all(r.status == "proved" for r in results)
        and all(t.status == "proved" for t in termination)
        and all(c.ok for c in printed)
    )
    return 0 if proved else 1


def _printed_tables() -> list[TableCheck]:
    """The pack's tables against every printed one; none when the rulebook texts cannot be found."""
    from armata_rules.components.pack import default_pack
    from armata_rules.translations.sources import RulebookError, Rulebooks
    from armata_rules.verify.printed import check_printed_tables

    try:
        books = Rulebooks.load()
    except RulebookError:
        return []
    return check_printed_tables(default_pack(), books)


def _ambiguities(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.translations.corpus import build_corpus, load_corpus, save_corpus
    from armata_rules.translations.finder import corpus_findings
    from armata_rules.translations.newtext import find_in_text
    from armata_rules.translations.report import render
    from armata_rules.translations.selection import Selection, SelectionError
    from armata_rules.translations.sources import LANGS, RulebookError, Rulebooks
    from armata_rules.translations.verdicts import load_records

    filters = {"lang": args.lang, "severity": args.severity, "kind": args.kind, "reading": args.reading}
    try:
        selection = Selection.parse(filters, prefix="--")
    except SelectionError as err:
        raise UsageError(str(err)) from None
    try:
        books = Rulebooks.load(args.rulebooks)
    except RulebookError as err:
        raise UsageError(f"{err} (name the folder with --rulebooks or ARMATA_RULEBOOKS)") from None
    if args.rebuild:
        save_corpus(build_corpus(books))
    corpus = load_corpus()
    findings = []
    records = None
    if not args.source:
        records = load_records()
        findings = corpus_findings(corpus, books, records)
    for spec in args.source:
        path, lang, edition = _source_spec(spec, selection.lang, args.edition, LANGS, tuple(books.lines))
        if Path(path).is_dir():
            raise UsageError(f"ambiguities: argument --source: {spec}: {path} is a directory, not a file")
        try:
            findings.extend(find_in_text(path, lang, corpus, books, edition))
        except (RulebookError, ValueError) as err:
            raise UsageError(str(err)) from None
    if args.format == "text" and console.is_terminal:
        console.print(render(findings, "text", records, corpus, selection), markup=False, highlight=False)
    else:
        print(render(findings, args.format, records, corpus, selection))
    return 0


def _source_spec(
    spec: str, lang: Sequence[str], edition: str | None, langs: Sequence[str], editions: Sequence[str]
) -> tuple[str, str, str | None]:
    """``--source``: ``FILE:LANG[:EDITION]`` read from the right, so that a path may hold ``:`` itself, or a path
    in the one language ``--lang`` names (an existing file is always a path)."""
    if edition is not None and edition not in editions:
        raise UsageError(f"--edition {edition!r}: expected one of {', '.join(editions)}")
    if len(lang) == 1 and Path(spec).exists():
        return spec, lang[0], edition
    head, _, last = spec.rpartition(":")
    if last in editions and edition is None:
        head, _, lang_part = head.rpartition(":")
        if head and lang_part in langs:
            return head, lang_part, last
    elif head and last in langs:
        return head, last, edition
    if len(lang) == 1:
        return spec, lang[0], edition
    raise UsageError(
        f"--source {spec!r}: expected FILE:LANG[:EDITION] with LANG one of {', '.join(langs)}, "
        "or a path with one --lang LANG [--edition EDITION]"
    )


def _epilog() -> str:
    lines = [
        f"Run '{PROG} COMMAND -h' for a command's options and examples; -q and -v may also follow the command.",
        "",
        "exit status:",
    ]
    for code, meaning in EXIT_CODES.items():
        lines += textwrap.wrap(meaning, 78, initial_indent=f"  {code:<5}", subsequent_indent=" " * 7)
    return "\n".join(lines)


def _global_options(parser: argparse.ArgumentParser, default: object) -> None:
    app.add_global_options(parser, default)


def _command(sub: argparse._SubParsersAction[Parser], path: str, handler: Handler | None = None) -> Parser:
    """A command with its description and examples (:data:`armata_rules.cli_help.COMMANDS`) and ``-q``/``-v``."""
    return app.add_command(sub, path, COMMANDS, handler)


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    """Options shared by everything that plays many games."""
    parser.add_argument(
        "--bot", default="greedy", choices=sorted(BOTS), help=f"{' or '.join(sorted(BOTS))} (default greedy)"
    )
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="local processes or Ray tasks")
    parser.add_argument("--address", help="with --backend ray: the cluster to join (default: start a local Ray)")
    parser.add_argument(
        "--workers", type=int, help="processes (local, default 1) or CPUs for the local Ray (default: all)"
    )
    parser.add_argument("--max-rounds", type=int, default=60, help="stop a game after this round (default 60)")
    parser.add_argument(
        "--max-decisions", type=int, default=10_000, help="stop a game after this many decisions (default 10000)"
    )
    parser.add_argument(
        "--store",
        metavar="DIR",
        type=output_dir,
        help="keep results as Parquet in DIR; a rerun skips stored games",
    )
    parser.add_argument("--save-records", metavar="DIR", type=output_dir, help="save each game's record (JSON) in DIR")
    parser.add_argument(
        "--verify",
        type=int,
        default=0,
        metavar="N",
        help="with --store: first replay N stored games (a sample) and stop with status 1 if one differs",
    )


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description="The rules of Armata Strigoi: engine, proofs, ambiguities, board.",
        epilog=_epilog(),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=version_text())
    _global_options(parser, False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    board = _command(sub, "board", _board)
    board.add_argument(
        "--layout", metavar="FILE", type=input_file, help="a layout file (.toml or .json); default: bundled"
    )
    board.add_argument("--svg", metavar="FILE", type=output_file, help="write the fortress as SVG to FILE")
    board.add_argument(
        "--ladder",
        dest="ladders",
        action="append",
        default=[],
        metavar="SITE",
        help="show a ladder tile on SITE (repeatable), e.g. NE:ladder0",
    )
    board.add_argument(
        "--rotate",
        action="append",
        default=[],
        metavar="ROOM=STEPS",
        help="turn ROOM's platform by STEPS x 60 degrees before rendering (repeatable)",
    )
    add_json_option(board, "the summary")

    replay_cmd = _command(sub, "replay", _replay)
    replay_cmd.add_argument("file", metavar="FILE", type=input_file, help="a game record (.json)")
    replay_cmd.add_argument(
        "--pack", metavar="FILE", type=input_file, help="the data pack the record was played with, if not bundled"
    )
    replay_cmd.add_argument(
        "--layout", metavar="FILE", type=input_file, help="the layout the record was played on, if not bundled"
    )
    replay_cmd.add_argument(
        "--html", metavar="FILE", type=output_file, help="also write a page that steps through the game"
    )
    replay_cmd.add_argument(
        "--rules-url",
        metavar="URL",
        default="docs/",
        help="where the page's log links find the rule pages (URL/rules/SECTION/NAME.html): the docs site's address "
        "or a path relative to the page (default docs/: the built docs beside the page, as `make docs-html` puts "
        "them in build/docs)",
    )
    add_json_option(replay_cmd)

    sim = _command(sub, "simulate", _simulate)
    sim.add_argument("--heroes", type=int, default=3, help="number of heroes, 2-5 (default 3)")
    sim.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    presets = [preset.name for preset in editions.ALL]
    sim.add_argument(
        "--edition",
        default="peg19.en",
        choices=presets,
        metavar="EDITION",
        help=f"edition preset: {', '.join(presets)} (default peg19.en)",
    )
    _run_arguments(sim)
    add_json_option(sim, "the summary and each game")

    study = _command(sub, "study")
    study_sub = study.add_subparsers(dest="study", metavar="STUDY")
    study.set_defaults(handler=_lists_its_subcommands(study))
    readings = _command(study_sub, "study readings", _study)
    readings.add_argument("--heroes", default="2-5", help="hero counts, N or N-M (default 2-5)")
    readings.add_argument("--games", type=int, default=50, help="seeds per hero count and option (default 50)")
    readings.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    readings.add_argument("--baseline", default="peg19.en", help="the preset each option is compared with")
    _run_arguments(readings)
    readings.add_argument("--out", metavar="FILE", type=output_file, help="write the study as JSON to FILE")
    readings.add_argument(
        "--plot", metavar="FILE", type=output_file, help="write the ranking plot to FILE (.svg or .png)"
    )
    add_json_option(readings, "the study")
    editions_cmd = _command(study_sub, "study editions", _study_editions)
    editions_cmd.add_argument("--heroes", default="2-5", help="hero counts, N or N-M (default 2-5)")
    editions_cmd.add_argument("--games", type=int, default=50, help="seeds per hero count and preset (default 50)")
    editions_cmd.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    _run_arguments(editions_cmd)
    editions_cmd.add_argument("--out", metavar="FILE", type=output_file, help="write the study as JSON to FILE")
    add_json_option(editions_cmd, "the study")

    verify = _command(sub, "verify", _verify)
    verify.add_argument("--self-test", action="store_true", help="check that broken rule definitions are caught")
    verify.add_argument("--record", metavar="FILE", type=output_file, help="also write the results as JSON to FILE")
    add_json_option(verify, "the results")

    amb = _command(sub, "ambiguities", _ambiguities)
    amb.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="FILE:LANG[:EDITION]",
        help="compare a rulebook text or OCR'd scan (e.g. my-scan.txt:it:peg19, or a path with --lang) with the "
        "edition; repeatable",
    )
    amb.add_argument(
        "--lang",
        action="append",
        default=[],
        metavar="LANG",
        help="show only findings that quote a text in LANG: de, en, it, fr or es (repeatable or comma-separated); "
        "one LANG is also the language of a --source path given without :LANG",
    )
    amb.add_argument(
        "--edition", help="the edition to compare --source files with (peg19 or sb19; default: best match)"
    )
    amb.add_argument(
        "--format", choices=("text", "markdown", "json"), default="text", help="text, markdown or json (default text)"
    )
    amb.add_argument(
        "--json", dest="format", action="store_const", const="json", help="print the findings as JSON (= --format json)"
    )
    amb.add_argument(
        "--severity",
        action="append",
        default=[],
        metavar="SEVERITY",
        help="show only findings of this severity: changes-play, cosmetic or unreviewed (repeatable or "
        "comma-separated)",
    )
    amb.add_argument(
        "--kind",
        action="append",
        default=[],
        metavar="KIND",
        help="show only findings of this kind, e.g. scope, numeric, modality (repeatable or comma-separated; "
        "a wrong one lists them all)",
    )
    amb.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="READING",
        help="show only findings a Ruleset reading chooses, e.g. ability_timing, or unmodelled (repeatable or "
        "comma-separated; a wrong one lists them all)",
    )
    amb.add_argument(
        "--rulebooks", metavar="DIR", type=input_dir, help="folder of the rulebook texts (default: shared/rulebooks)"
    )
    amb.add_argument("--rebuild", action="store_true", help="re-align the corpus in spec/ from the rulebooks first")

    completion = _command(sub, "completion", _completion)
    completion.add_argument(
        "shell", metavar="SHELL", nargs="?", choices=sorted(cli_completion.SHELLS), help="bash, zsh or fish"
    )
    add_json_option(completion, "the commands and options the scripts are made from")
    _no_abbreviations(parser)
    return parser


def _completion(args: argparse.Namespace, console: Console) -> int:
    parser = _parser()
    if args.json:
        _print_json({"prog": parser.prog, "command": cli_completion.command_tree(parser).to_json()})
        return 0
    if args.shell is None:
        raise UsageError(f"completion: name a shell ({', '.join(sorted(cli_completion.SHELLS))}) or give --json")
    sys.stdout.write(cli_completion.script(parser, args.shell))
    return 0


def _lists_its_subcommands(parser: argparse.ArgumentParser) -> Handler:
    """The handler of a command given without its subcommand: its help, naming each subcommand, on standard error,
    and the usage status."""

    def handler(args: argparse.Namespace, console: Console) -> int:
        parser.print_help(sys.stderr)
        return EXIT_USAGE

    return handler


def _no_abbreviations(parser: argparse.ArgumentParser) -> None:
    """Options are spelled in full, on every (sub)command: argparse would otherwise take ``--game 3`` for
    ``--games 3`` in silence, and a later option sharing the prefix would change what an old command line means."""
    parser.allow_abbrev = False
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _no_abbreviations(command)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see :data:`EXIT_CODES`)."""
    return app.run(PROG, _parser, argv, failed=_replay_mismatch, took=_command_name)


def _replay_mismatch(err: Exception) -> bool:
    """Whether ``err`` says a record stops replaying (the game differs from the record: a failed check, exit 1)."""
    return isinstance(err, RecordError) and err.key.startswith(_REPLAY_MISMATCH_KEYS)


def _command_name(args: argparse.Namespace) -> str:
    return " ".join(word for word in (args.command, getattr(args, "study", None)) if word)


def _error(message: str) -> None:
    app.error(PROG, message)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
