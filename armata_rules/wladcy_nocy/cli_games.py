"""The ``simulate`` and ``replay`` commands of ``wladcy-nocy`` (:mod:`armata_rules.wladcy_nocy.cli`): complete games
played by bots through the kernel's batches (:mod:`armata_rules.kernel.sim.batch`), and game records
(:mod:`armata_rules.kernel.records`, format 2) re-run to the state they record.

The content a game is played with is named by ``--content``: an owner's file, or a bundled pack's id. The printed
facts alone set up no game (the text lacks every card face, tile and track table): a one-line error lists what to
give. The synthetic test pack (``--content synthetic-test``) is refused unless ``--allow-synthetic`` is given, and
every row and record of a game played with it says ``content: synthetic-test``, so that no figure of its invented
values can pass for the real game's (WLADCY_NOCY.md §6 item 5).

The game's engine and bots are imported by the commands that play, not by this module, so that the command line's
other commands start without them.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.table import Table

from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.help import CommandHelp
from armata_rules.kernel.cli.paths import input_file, output_dir, output_file
from armata_rules.kernel.cli.suggest import Parser
from armata_rules.kernel.records import RecordError
from armata_rules.kernel.sim.backends import BACKENDS
from armata_rules.wladcy_nocy.components import VAMPIRE_IDS
from armata_rules.wladcy_nocy.content.loader import (
    DIFFICULTIES,
    ContentMissing,
    is_synthetic,
    load_content,
    printed,
    synthetic_test,
)
from armata_rules.wladcy_nocy.content.schema import Content

__all__ = [
    "GAME",
    "SYNTHETIC",
    "add_content_options",
    "add_replay",
    "add_simulate",
    "checked_setup",
    "content_source",
    "lookup",
    "playable_content",
    "replay_mismatch",
    "resolve_content",
    "vampires_for",
]

#: The game's id in records and batches.
GAME: Final = "wladcy_nocy"
#: The synthetic test pack's id: the stamp on every row and record of a game played with it.
SYNTHETIC: Final = "synthetic-test"
#: The bundled packs a ``--content`` may name by id.
BUNDLED: Final = {"printed": printed, SYNTHETIC: synthetic_test}
#: What the stamp says of the synthetic pack.
SYNTHETIC_NOTE: Final = "content: synthetic-test (invented values, not the real game: no balance figure)"
#: The keys of a record error that say the game differs from the record: a failed check (exit 1), not bad input.
_MISMATCH_KEYS: Final = ("final_hash", "actions[")
#: How many missing keys a refusal names before it counts the rest.
_NAMED_KEYS: Final = 6


def content_source(value: str) -> str:
    """A ``--content`` argument: a bundled pack's id, or a file the command reads."""
    return value if value in BUNDLED else input_file(value)


def resolve_content(source: str | None) -> Content:
    """The content ``--content`` names: the printed facts when none, a bundled pack by id, or an owner's file merged
    over the printed facts (:func:`~armata_rules.wladcy_nocy.content.loader.load_content`)."""
    if source is None:
        return printed()
    if source in BUNDLED:
        return BUNDLED[source]()
    return load_content(source)


def vampires_for(names: str | None, count: int | None) -> list[str]:
    """The vampires of a game: ``names`` (ids, comma-separated), or the first ``count`` of the six in their order
    (wn.pl:46; 2 to 5, wn.pl:125); :class:`~armata_rules.kernel.cli.app.UsageError` for anything else."""
    if names is not None and count is not None:
        raise app.UsageError("--vampires and --count both name the vampires: give one of them")
    if names is None:
        n = 2 if count is None else count
        if not 2 <= n <= 5:
            raise app.UsageError(f"--count {n}: a game has 2 to 5 vampires (wn.pl:125)")
        return list(VAMPIRE_IDS[:n])
    return [name.strip() for name in names.split(",") if name.strip()]


def playable_content(source: str | None, allow_synthetic: bool) -> tuple[Content, bool]:
    """The content ``--content`` names and whether any value of it is invented; a one-line refusal of invented
    values without ``--allow-synthetic``, whatever the pack calls itself (an owner's file may copy the test pack's
    values), so that no figure of them can pass for the real game's."""
    content = resolve_content(source)
    synthetic = is_synthetic(content)
    if synthetic and not allow_synthetic:
        which = "the synthetic test pack is" if content.id == SYNTHETIC else f"the content {content.id!r} has values"
        raise app.UsageError(
            f"--content {source}: {which} invented (source = 'synthetic'), not the real game, and no figure of it "
            "may pass for one: add --allow-synthetic to play it anyway"
        )
    return content, synthetic


class ContentLookup:
    """The game's definition, set up with ``content`` whatever pack id its setup names: an owner's file is no
    bundled pack, and a batch's setup keeps only its id. Picklable (the content travels, the definition is built
    again where it is used), so worker processes can play with it."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._definition: Any = None

    def __call__(self, game: str) -> Any:
        if self._definition is None:
            from armata_rules.wladcy_nocy.adapters import definition_for

            self._definition = definition_for(self.content)
        return self._definition

    def __getstate__(self) -> dict[str, object]:
        # pydantic's generic slot classes do not pickle; their JSON does, and validates back to the same content
        return {"content": self.content.model_dump(mode="json", exclude_none=True)}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.content = Content.model_validate(state["content"])
        self._definition = None


def lookup(content: Content) -> Callable[[str], Any]:
    """The game's definition for any id, set up with ``content`` (see :class:`ContentLookup`)."""
    return ContentLookup(content)


def checked_setup(vampires: list[str], difficulty: str, content: Content, flag: str) -> None:
    """Refuse, in one line, a setup the arguments name wrongly or the content cannot play."""
    from armata_rules.kernel.play.engine import GameSetupError
    from armata_rules.wladcy_nocy.context import new_context

    try:
        new_context(vampires, difficulty=difficulty, content=content)
    except GameSetupError as err:
        raise app.UsageError(f"{flag}: {err}") from None
    except ContentMissing as err:
        names = ",".join(vampires)
        shown = ", ".join(err.keys[:_NAMED_KEYS])
        rest = f" and {len(err.keys) - _NAMED_KEYS} more" if len(err.keys) > _NAMED_KEYS else ""
        raise app.UsageError(
            f"the content {content.id!r} lacks {len(err.keys)} values this game needs: {shown}{rest} (wladcy-nocy "
            f"content --vampires {names} lists them): give an owner's file with --content FILE, or the invented "
            "test pack with --content synthetic-test --allow-synthetic"
        ) from None


def add_content_options(command: Parser) -> None:
    """``--content`` and ``--allow-synthetic``, the options of every command that plays games
    (:func:`playable_content` reads them)."""
    command.add_argument(
        "--content",
        metavar="FILE",
        type=content_source,
        help="an owner's content file, or synthetic-test: the invented test pack (needs --allow-synthetic)",
    )
    command.add_argument("--allow-synthetic", action="store_true", help="play invented values; the output says so")


# ------------------------------------------------------------------------------------------------ simulate
def add_simulate(sub: argparse._SubParsersAction[Parser], commands: dict[str, CommandHelp]) -> Parser:
    """The ``simulate`` command and its options."""
    from armata_rules.kernel.sim.bots import bot_names
    from armata_rules.wladcy_nocy.sim.bots import BOTS

    sim = app.add_command(sub, "simulate", commands, _simulate)
    sim.add_argument("--vampires", help="the vampires, comma-separated, in turn order (default: the first --count)")
    sim.add_argument("--count", type=int, help="the first COUNT vampires of the six, 2 to 5 (default 2)")
    sim.add_argument("--difficulty", choices=DIFFICULTIES, default="medium", help="default medium")
    sim.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    names = bot_names(BOTS)
    sim.add_argument("--bot", choices=names, default="ritual", help=f"{', '.join(names)} (default ritual)")
    add_content_options(sim)
    sim.add_argument("--max-decisions", type=int, default=100_000, help="cap on decisions per game (default 100000)")
    sim.add_argument("--save-records", metavar="DIR", type=output_dir, help="write each game's record into DIR")
    sim.add_argument("--backend", choices=BACKENDS, default="local", help="local processes or Ray tasks")
    sim.add_argument("--address", help="with --backend ray: the cluster to join (default: start a local Ray)")
    sim.add_argument(
        "--workers", type=int, help="processes (local, default 1) or CPUs for the local Ray (default: all)"
    )
    sim.add_argument("--json", action="store_true", help="print the summary and each game as JSON")
    return sim


def _simulate(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.kernel.sim.backends import BackendError
    from armata_rules.kernel.sim.batch import Spec, run, summarise
    from armata_rules.wladcy_nocy.sim.bots import BOTS

    vampires = vampires_for(args.vampires, args.count)
    content, synthetic = playable_content(args.content, args.allow_synthetic)
    if args.games < 1:
        raise app.UsageError(f"--games must be at least 1; got {args.games}")
    if args.max_decisions < 1:
        raise app.UsageError(f"--max-decisions must be at least 1; got {args.max_decisions}")
    if args.workers is not None and args.workers < 1:
        raise app.UsageError(f"--workers must be at least 1; got {args.workers}")
    if args.address and args.backend != "ray":
        raise app.UsageError("--address needs --backend ray")
    checked_setup(vampires, args.difficulty, content, "--vampires" if args.vampires else "--count")
    folder = Path(args.save_records) if args.save_records else None
    if folder is not None:
        folder.mkdir(exist_ok=True)
    rows: list[dict[str, object]] = []
    seeds = range(args.seed, args.seed + args.games)
    specs = [
        Spec(
            GAME,
            {"vampires": vampires, "difficulty": args.difficulty, "content": content.id, "seed": seed},
            seed,
            args.bot,
            args.max_decisions,
        )
        for seed in seeds
    ]
    try:
        results = run(
            specs,
            lookup=ContentLookup(content),
            bots=BOTS,
            keep_record=folder is not None,
            backend=args.backend,
            workers=args.workers,
            address=args.address,
        )
    except BackendError as err:
        raise app.UsageError(str(err)) from None
    for seed, result in zip(seeds, results, strict=True):
        row: dict[str, object] = {
            "seed": seed,
            "outcome": result.outcome,
            "rounds": result.rounds,
            "decisions": result.decisions,
            "returns": list(result.returns),
            "hash": result.final_hash,
            "content": content.id,
        }
        if result.error:
            row["error"] = result.error
        if folder is not None:
            path = folder / f"{GAME}-{seed}.json"
            path.write_text(json.dumps(json.loads(result.record), indent=1) + "\n", encoding="utf-8")
            row["record"] = str(path)
        rows.append(row)
    summary = summarise(results)
    errors = summary.outcomes.get("error", 0)
    if args.json:
        data: dict[str, object] = {
            "game": GAME,
            "content": content.id,
            "synthetic": synthetic,
            "vampires": vampires,
            "difficulty": args.difficulty,
            "bot": args.bot,
            "seed": args.seed,
        }
        app.print_json(data | summary.to_json() | {"games_detail": rows})
        return 1 if errors else 0
    title = f"{args.games} games, {', '.join(vampires)}, {args.difficulty}, {args.bot} bot, seed {args.seed}"
    table = Table("measure", "value", title=title, box=box.SIMPLE)
    table.add_row("content", content.id)
    for key, value in summary.to_json().items():
        if key != "outcomes":
            table.add_row(key.replace("_", " "), str(value))
    for outcome, count in summary.outcomes.items():
        table.add_row(f"ended: {outcome}", str(count))
    console.print(table)
    if synthetic:
        console.print(f"[yellow]{SYNTHETIC_NOTE}[/yellow]")
    if folder is not None:
        app.note("wladcy-nocy", args, f"wrote {len(rows)} records into {folder}")
    if errors:
        app.error("wladcy-nocy", f"{errors} game(s) broke off with an engine error (see --json)")
    return 1 if errors else 0


# ------------------------------------------------------------------------------------------------ replay
def add_replay(sub: argparse._SubParsersAction[Parser], commands: dict[str, CommandHelp]) -> Parser:
    """The ``replay`` command and its options."""
    replay = app.add_command(sub, "replay", commands, _replay)
    replay.add_argument("file", metavar="FILE", type=input_file, help="a game record (.json, format 2)")
    replay.add_argument(
        "--content", metavar="FILE", type=input_file, help="the owner's content file the record was played with"
    )
    replay.add_argument(
        "--html", metavar="FILE", type=output_file, help="also write a page that steps through the game"
    )
    replay.add_argument("--json", action="store_true", help="print the result as JSON")
    return replay


def _replay(args: argparse.Namespace, console: Console) -> int:
    from armata_rules.kernel.records import read_record, replay_record

    record = read_record(args.file)
    if record.game != GAME:
        raise app.UsageError(
            f"{args.file}: game: a record of {record.game}, not {GAME}: replay it with its own command"
        )
    named = str(record.setup.get("content", "printed"))
    if args.content:
        content = load_content(args.content)
        if content.id != named:
            raise app.UsageError(f"--content {args.content}: its pack is {content.id!r}; the record names {named!r}")
    elif named in BUNDLED:
        content = BUNDLED[named]()
    else:
        raise app.UsageError(
            f"{args.file}: setup.content: the record was played with the content {named!r}, which is not bundled: "
            "give its file with --content FILE"
        )
    _, state = replay_record(record, args.file, lookup(content))
    outcome = None if state.outcome is None else str(state.outcome.value)
    vampires = record.setup.get("vampires")
    if args.html:
        from armata_rules.kernel.replay_page import replay_page

        names = {seat: str(name) for seat, name in enumerate(vampires)} if isinstance(vampires, list) else {}
        page = replay_page(record, args.file, lookup(content), title=Path(args.file).name, seat_names=names)
        Path(args.html).write_text(page, encoding="utf-8")
    if args.json:
        app.print_json(
            {
                "file": args.file,
                "ok": True,
                "game": GAME,
                "content": content.id,
                "vampires": vampires if isinstance(vampires, list) else [],
                "actions": len(record.actions),
                "round": state.round,
                "outcome": outcome,
                "hash": state.hash(),
            }
        )
        return 0
    console.print(
        f"[green]replayed[/green] {args.file}: {len(record.actions)} actions, round {state.round}, "
        f"{outcome or 'game in progress'}; hash {state.hash()[:16]}… matches"
    )
    if is_synthetic(content):
        console.print(f"[yellow]{SYNTHETIC_NOTE}[/yellow]")
    return 0


def replay_mismatch(err: Exception) -> bool:
    """Whether ``err`` says a record stops replaying (the game differs from the record: a failed check, exit 1)."""
    return isinstance(err, RecordError) and err.key.startswith(_MISMATCH_KEYS)
