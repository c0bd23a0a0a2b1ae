"""The ``study`` command of ``wladcy-nocy`` (:mod:`armata_rules.wladcy_nocy.cli`): the impact of every reading of the
text on how the game goes, each option against the baseline on the same seeds
(:mod:`armata_rules.wladcy_nocy.sim.study`).

Like ``simulate``, it plays an owner's content or the synthetic test pack, whose invented values it refuses without
``--allow-synthetic`` and names on every report, so that no impact of them can pass for the real game's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table

from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.help import CommandHelp, Example
from armata_rules.kernel.cli.paths import output_file
from armata_rules.kernel.cli.suggest import Parser
from armata_rules.kernel.play.readings import ReadingError
from armata_rules.wladcy_nocy.cli_games import (
    SYNTHETIC_NOTE,
    add_content_options,
    checked_setup,
    lookup,
    playable_content,
    vampires_for,
)
from armata_rules.wladcy_nocy.content.loader import DIFFICULTIES

__all__ = ["STUDY_HELP", "add_study"]

#: The command's help.
STUDY_HELP = CommandHelp(
    "the impact of each reading of the text on how the game goes",
    "For every reading and interpretation with another option (wladcy-nocy ambiguities lists them), play the "
    "baseline and the baseline with only that reading changed on the same seeds, for each vampire count, and "
    "compare the pairs: the win-rate difference with McNemar's exact test and Tango's 95% interval, the rounds "
    "with a Student-t interval; 'not enough games' where too few pairs changed winner. An impact holds for the "
    "content and the bot played: the synthetic test pack needs --allow-synthetic, and its report says so.",
    (
        Example(
            "wladcy-nocy study --count 2-5 --games 30 --content my-cards.toml",
            "every reading, 2 to 5 vampires, an owner's content",
        ),
        Example(
            "wladcy-nocy study --reading veil_penalty_unit --content synthetic-test --allow-synthetic --json",
            "one reading on the invented test pack, as JSON",
        ),
    ),
)


def _counts(text: str) -> list[int]:
    """``--count``: one count (``3``) or a range (``2-5``), each 2 to 5 (wn.pl:125)."""
    low, _, high = text.partition("-")
    try:
        first, last = int(low), int(high or low)
    except ValueError:
        raise app.UsageError(f"--count {text!r:.40}: not a count or a range like 2-5") from None
    if not 2 <= first <= last <= 5:
        raise app.UsageError(f"--count {text!r:.40}: a game has 2 to 5 vampires (wn.pl:125)")
    return list(range(first, last + 1))


def _choice(text: str) -> tuple[str, str]:
    name, sep, option = text.partition("=")
    if not sep or not name or not option:
        raise app.UsageError(f"--baseline {text!r:.60}: not READING=OPTION")
    return name, option


def add_study(sub: argparse._SubParsersAction[Parser], commands: dict[str, CommandHelp]) -> Parser:
    """The ``study`` command and its options."""
    from armata_rules.kernel.sim.bots import bot_names
    from armata_rules.wladcy_nocy.sim.bots import BOTS

    study = app.add_command(sub, "study", commands, _study)
    study.add_argument("--count", default="2-5", help="vampire counts: 3 or 2-5 (default 2-5)")
    study.add_argument("--difficulty", choices=DIFFICULTIES, default="medium", help="default medium")
    study.add_argument("--games", type=int, default=20, help="seeds per count and option (default 20)")
    study.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    names = bot_names(BOTS)
    study.add_argument("--bot", choices=names, default="ritual", help=f"{', '.join(names)} (default ritual)")
    study.add_argument("--reading", action="append", default=[], help="only this reading (repeatable)")
    study.add_argument(
        "--baseline",
        action="append",
        default=[],
        metavar="READING=OPTION",
        help="a reading of the baseline other than its default (repeatable)",
    )
    add_content_options(study)
    study.add_argument("--max-decisions", type=int, default=20_000, help="cap on decisions per game (default 20000)")
    study.add_argument("--out", metavar="FILE", type=output_file, help="also write the JSON report to FILE")
    study.add_argument("--json", action="store_true", help="print the report as JSON")
    return study


def _study(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.wladcy_nocy.sim.bots import BOTS
    from armata_rules.wladcy_nocy.sim.study import run_study

    if args.games < 1:
        raise app.UsageError(f"--games must be at least 1; got {args.games}")
    if args.max_decisions < 1:
        raise app.UsageError(f"--max-decisions must be at least 1; got {args.max_decisions}")
    counts = _counts(args.count)
    baseline = dict(_choice(text) for text in args.baseline)
    content, synthetic = playable_content(args.content, args.allow_synthetic)
    for n in counts:
        checked_setup(vampires_for(None, n), args.difficulty, content, "--count")
    show = sys.stderr.isatty() and not args.quiet

    def progress(done: int, total: int) -> None:
        if show:
            sys.stderr.write(f"\r{done}/{total} games")
            sys.stderr.flush()

    try:
        report = run_study(
            lookup(content)("wladcy_nocy"),
            content=content.id,
            synthetic=synthetic,
            vampires=counts,
            difficulty=args.difficulty,
            games=args.games,
            seed=args.seed,
            bot=args.bot,
            bots=BOTS,
            baseline=baseline,
            readings=args.reading,
            max_decisions=args.max_decisions,
            progress=progress,
        )
    except ReadingError as err:
        raise app.UsageError(f"--reading/--baseline: {err}") from None
    finally:
        if show:
            sys.stderr.write("\n")
    data = report.to_json()
    if args.out:
        Path(args.out).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if args.json:
        app.print_json(data)
        return 0
    title = (
        f"{args.games} seeds × {len(report.impacts) // (1 + len(counts))} options, vampires "
        f"{counts[0]}-{counts[-1]}, {args.difficulty}, {args.bot} bot, content {content.id}"
    )
    table = Table(
        "reading = option",
        "pairs",
        "won: base → option",
        "win-rate difference",
        "rounds",
        "changed",
        title=title,
        box=box.SIMPLE,
    )
    for found in report.ranking():
        table.add_row(
            f"{found.reading} = {found.option}",
            str(found.paired.pairs),
            f"{found.paired.baseline_wins.rate:.0%} → {found.paired.option_wins.rate:.0%}",
            found.paired.win_rate.text(scale=100, digits=1),
            found.paired.rounds.text(digits=2),
            str(found.paired.changed),
        )
    console.print(table)
    if synthetic:
        console.print(f"[yellow]{SYNTHETIC_NOTE}[/yellow]")
    return 0
