"""The ``wladcy-nocy`` command: the second game's command line, on the kernel's machinery
(:mod:`armata_rules.kernel.cli`), with the same conventions as ``armata-rules``: readable tables for people,
``--json`` for machines, one-line errors, the same exit statuses.

Commands:

- ``ambiguities``: where the Polish text disagrees with itself or is silent, each finding quoted, and the readings
  and interpretations the engine offers for them (``spec/wladcy_nocy``).
- ``content``: how much of the game's content (tiles, cards, veil tracks: images the text lacks) is known, where each
  value comes from, and the keys a setup still needs (what an owner must fill in, ``--content FILE``).
- ``simulate``: complete games played by bots, with an owner's content (``--content FILE``) or the synthetic test
  pack (``--content synthetic-test --allow-synthetic``, every row stamped so), and their records.
- ``study``: the impact of every reading of the text on how the game goes, each option against the baseline on the
  same seeds (owner's content, or the synthetic pack with ``--allow-synthetic``, the report stamped so).
- ``replay``: a game record re-run to the state it records (exit 1 where it does not).
- ``verify``: the Z3 proofs of the game's invariants and of termination (``--record FILE``), or with
  ``--self-test`` the negative controls, in the prover and in the running engine.
- ``completion``: a shell completion script.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.completion import SHELLS, command_tree, script
from armata_rules.kernel.cli.help import CommandHelp, Example, HelpFormatter
from armata_rules.kernel.cli.paths import input_file
from armata_rules.kernel.cli.suggest import Parser
from armata_rules.wladcy_nocy.cli_games import add_replay, add_simulate, replay_mismatch
from armata_rules.wladcy_nocy.cli_study import STUDY_HELP, add_study
from armata_rules.wladcy_nocy.content.loader import (
    DIFFICULTIES,
    load_content,
    needed_keys,
    printed,
    provenance,
    synthetic_test,
)
from armata_rules.wladcy_nocy.content.schema import VAMPIRES
from armata_rules.wladcy_nocy.spec import load_findings, load_readings
from armata_rules.wladcy_nocy.verify.command import VERIFY_HELP, add_verify

__all__ = ["COMMANDS", "PROG", "main"]

#: The command's name.
PROG = "wladcy-nocy"

#: Every command's help, by name.
COMMANDS: dict[str, CommandHelp] = {
    "ambiguities": CommandHelp(
        "where the Polish text disagrees with itself or is silent, and the readings offered for it",
        "List the findings of the Polish rulebook (wn.pl): internal contradictions, worked examples that do not "
        "match their rule, silences and loose wording, each quoted in Polish with an English gloss, and the readings "
        "and interpretations the engine offers for them, with their options and the default's reason.",
        (
            Example("wladcy-nocy ambiguities --severity changes-play", "the findings that change play"),
            Example("wladcy-nocy ambiguities --json", "every finding and reading as JSON"),
        ),
    ),
    "content": CommandHelp(
        "what is known of the game's content, and what a setup still needs",
        "Count the content values by where they come from (printed in the text, an owner's components, the "
        "synthetic test pack, or unknown), and list every key a setup of the given vampires and difficulty still "
        "needs. The text lacks the images of the tiles, cards and veil tracks: an owner fills them in a content "
        "file (--content FILE) of the bundled format.",
        (
            Example("wladcy-nocy content --vampires imre,mila", "what a first game of two vampires still needs"),
            Example("wladcy-nocy content --content my-cards.toml --json", "the same with an owner's file, as JSON"),
        ),
    ),
    "simulate": CommandHelp(
        "play complete games with bots and report how they end",
        "Play complete games with a bot taking every decision (the ritual player by default, which plays to win), "
        "one per seed counted up from --seed, and report how they end: the ritual, the veil torn, the deck run out. "
        "The printed text sets up no game: give an owner's content file (--content FILE), or the synthetic test "
        "pack (--content synthetic-test), whose invented values are refused without --allow-synthetic and stamp "
        "every row and record 'content: synthetic-test'. The same seeds give the same games on every machine.",
        (
            Example(
                "wladcy-nocy simulate --count 3 --games 50 --content my-cards.toml",
                "50 games of 3 vampires, an owner's content",
            ),
            Example(
                "wladcy-nocy simulate --vampires imre,mila --content synthetic-test --allow-synthetic --games 5 "
                "--save-records games/",
                "5 games on the synthetic pack, each game's record kept",
            ),
        ),
    ),
    "replay": CommandHelp(
        "re-run a game record and check it reaches the recorded state",
        "Re-run a game record (format 2, as simulate --save-records writes it) action by action and check that it "
        "ends in the state it records: status 1 where it does not, naming the first action the rules refuse. A "
        "record played with an owner's content needs its file (--content FILE).",
        (
            Example("wladcy-nocy replay games/wladcy_nocy-0.json", "check the record"),
            Example("wladcy-nocy replay game.json --content my-cards.toml --json", "a record of an owner's content"),
        ),
    ),
    "study": STUDY_HELP,
    "verify": VERIFY_HELP,
    "completion": CommandHelp(
        "print a shell completion script (bash, zsh or fish)",
        "Print a completion script for bash, zsh or fish, made from this command's own options.",
        (Example("wladcy-nocy completion bash > ~/.local/share/bash-completion/completions/wladcy-nocy", "bash"),),
    ),
}


def _parser() -> Parser:
    parser = Parser(
        prog=PROG,
        description="The rules of Władcy Nocy on the armata-rules kernel: ambiguities of the text, its content.",
        epilog="exit statuses:\n" + "\n".join(f"  {code:>3}  {meaning}" for code, meaning in app.EXIT_CODES.items()),
        formatter_class=HelpFormatter,
    )
    app.add_global_options(parser, False)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    amb = app.add_command(sub, "ambiguities", COMMANDS, _ambiguities)
    amb.add_argument("--severity", choices=("changes-play", "no-change"), help="only findings of this severity")
    amb.add_argument("--json", action="store_true", help="print the findings and readings as JSON")
    content = app.add_command(sub, "content", COMMANDS, _content)
    content.add_argument("--content", metavar="FILE", type=input_file, help="an owner's content file over the text's")
    content.add_argument("--synthetic", action="store_true", help="the synthetic test pack (not the real game)")
    content.add_argument("--vampires", default="imre,mila", help="the vampires of the setup, comma-separated")
    content.add_argument("--difficulty", choices=DIFFICULTIES, default="medium", help="default medium")
    content.add_argument("--json", action="store_true", help="print the counts and the keys as JSON")
    add_simulate(sub, COMMANDS)
    add_study(sub, COMMANDS)
    add_replay(sub, COMMANDS)
    add_verify(sub, COMMANDS)
    completion = app.add_command(sub, "completion", COMMANDS, _completion)
    completion.add_argument("shell", nargs="?", choices=sorted(SHELLS), help="the shell")
    completion.add_argument("--json", action="store_true", help="the tree of commands and options, as JSON")
    return parser


def _ambiguities(args: argparse.Namespace, console: Console) -> int:
    findings = load_findings().findings
    readings = load_readings().readings
    kept = {key: f for key, f in findings.items() if args.severity in (None, f.severity)}
    if args.json:
        app.print_json(
            {
                "source": "wn.pl",
                "findings": {key: f.model_dump(mode="json") for key, f in kept.items()},
                "readings": {key: r.model_dump(mode="json") for key, r in readings.items()},
            }
        )
        return 0
    for key, finding in kept.items():
        console.print(f"[bold]{key}[/bold] ({finding.kind}, {finding.severity}): {finding.topic}")
        for quote in finding.quotes:
            console.print(f"  {quote.cite}: „{quote.pl}” ({quote.en})")
        if finding.readings:
            console.print(f"  readings: {', '.join(finding.readings)}")
    table = Table("reading", "kind", "default", "options", box=box.SIMPLE)
    for key, reading in readings.items():
        table.add_row(key, reading.kind, reading.default, ", ".join(sorted(reading.options)))
    console.print(table)
    app.note(PROG, args, f"{len(kept)} findings, {len(readings)} readings and interpretations (spec/wladcy_nocy)")
    return 0


def _content(args: argparse.Namespace, console: Console) -> int:
    if args.content and args.synthetic:
        raise app.UsageError("--content and --synthetic name two packs: give one of them")
    vampires = [name.strip() for name in args.vampires.split(",") if name.strip()]
    content = synthetic_test() if args.synthetic else load_content(args.content) if args.content else printed()
    try:
        keys = needed_keys(content, vampires, args.difficulty)
    except ValueError as err:
        raise app.UsageError(f"--vampires {args.vampires!r}: {err} ({', '.join(VAMPIRES)})") from None
    counts = provenance(content)
    if args.json:
        app.print_json(
            {"vampires": vampires, "difficulty": args.difficulty, "provenance": counts, "needed": list(keys)}
        )
        return 0
    table = Table("source", "values", box=box.SIMPLE)
    for kind, count in counts.items():
        table.add_row(kind, str(count))
    console.print(table)
    setup = f"{len(vampires)} vampires ({', '.join(vampires)}) at {args.difficulty}"
    if keys:
        console.print(f"a game of {setup} needs {len(keys)} values the content lacks:")
        for key in keys:
            console.print(f"  {key}")
    else:
        console.print(f"a game of {setup} needs nothing more")
    return 0


def _completion(args: argparse.Namespace, console: Console) -> int:
    parser = _parser()
    if args.json:
        app.print_json({"prog": parser.prog, "command": command_tree(parser).to_json()})
        return 0
    if args.shell is None:
        raise app.UsageError(f"completion: name a shell ({', '.join(sorted(SHELLS))}) or give --json")
    sys.stdout.write(script(parser, args.shell))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (:data:`armata_rules.kernel.cli.app.EXIT_CODES`)."""
    return app.run(PROG, _parser, argv, failed=replay_mismatch, took=lambda args: str(args.command))
