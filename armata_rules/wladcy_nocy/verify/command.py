"""The ``wladcy-nocy verify`` command: prove the invariants, or (``--self-test``) check that broken rules are caught.

``verify`` proves every invariant for the Polish print's preset, 2 to 5 vampires and each difficulty, checks that
each reading's other option breaks what its default keeps, proves termination (the game and a night turn) and runs
the bundled content through the turn variant; it prints a table (or ``--json`` the record) and may write the record
(``--record FILE``, as ``proofs/wladcy_nocy/results.json``). ``verify --self-test`` runs the negative controls: broken
kernels the prover must refute, the termination proofs' own, and the same kernels broken in the running engine,
which a short soak must catch. A check that fails is exit status 1 (:class:`~armata_rules.kernel.cli.app.CheckFailed`).
"""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Final

from rich import box
from rich.console import Console
from rich.table import Table

from armata_rules.kernel.cli import app
from armata_rules.kernel.cli.help import CommandHelp, Example
from armata_rules.kernel.cli.paths import output_file
from armata_rules.kernel.cli.suggest import Parser
from armata_rules.kernel.core.errors import expect

if TYPE_CHECKING:
    from armata_rules.wladcy_nocy.verify.prover import ProofResult

__all__ = ["PROG", "VERIFY_HELP", "add_verify", "self_test", "verify"]

PROG: Final = "wladcy-nocy"
#: The command's help entry (the command line's ``COMMANDS["verify"]``).
VERIFY_HELP: Final = CommandHelp(
    "prove the invariants with Z3, and check that broken rules are caught",
    "Prove every invariant of the game (WLADCY_NOCY.md §5) by induction with Z3, over models built from the engine's "
    "own kernels, for 2 to 5 vampires and each difficulty; check that each reading's other option breaks what its "
    "default keeps; prove that every game and every night turn ends; and run the bundled content through the turn's "
    "ranking function. With --self-test, run the negative controls instead: broken kernels the prover must refute, "
    "and the same kernels broken in the running engine, which a short soak must catch.",
    (
        Example("wladcy-nocy verify", "the proofs, as a table"),
        Example("wladcy-nocy verify --record proofs/wladcy_nocy/results.json", "also write the proof record"),
        Example("wladcy-nocy verify --self-test", "check that every negative control is caught"),
    ),
)
#: The decisions a soak may take to catch one engine control.
CONTROL_DECISIONS: Final = 20_000


def add_verify(sub: argparse._SubParsersAction[Parser], commands: dict[str, CommandHelp]) -> Parser:
    """The ``verify`` command, with its options, on the command line's subparsers."""
    parser = app.add_command(sub, "verify", commands, _run)
    parser.add_argument("--self-test", action="store_true", help="check that broken rule definitions are caught")
    parser.add_argument("--record", metavar="FILE", type=output_file, help="also write the proof record as JSON")
    parser.add_argument("--json", action="store_true", help="print the record (or the controls) as JSON")
    return parser


def verify(results: list[ProofResult] | None = None) -> dict[str, object]:
    """Every proof of the game, as its record (with the obligations' ``results`` when they are proved already)."""
    from armata_rules.wladcy_nocy.verify.prover import check_readings, prove_all, settings
    from armata_rules.wladcy_nocy.verify.record import bundled_packs, content_results, record
    from armata_rules.wladcy_nocy.verify.termination import check_termination_readings, prove_termination

    params = settings()
    reference = next(p for p in params if (p.seats, p.difficulty) == (3, "medium"))
    packs = bundled_packs()
    return record(
        prove_all(params) if results is None else results,
        check_readings(),
        prove_termination(params),
        check_termination_readings(reference),
        content_results(packs, reference),
        packs,
    )


def self_test() -> list[dict[str, object]]:
    """Every negative control, each with whether it was caught and how."""
    from armata_rules.wladcy_nocy.verify.controls import ENGINE_CONTROLS, MUTANTS, run_engine_control
    from armata_rules.wladcy_nocy.verify.prover import first_failure, settings
    from armata_rules.wladcy_nocy.verify.termination import GAME_CONTROLS, TURN_CONTROLS, prove_game, prove_turn

    rows: list[dict[str, object]] = []
    for mutant in MUTANTS:
        failing = first_failure(mutant.breaks, mutant.kernels)
        account = failing.counterexample.describe() if failing and failing.counterexample else ""
        where = f"{failing.setting}: " if failing else ""
        rows.append(_row(mutant.name, mutant.description, mutant.breaks, failing is not None, where + account))
    reference = next(p for p in settings() if (p.seats, p.difficulty) == (3, "medium"))
    for name, what, kernels in GAME_CONTROLS:
        found = [r for r in prove_game(reference, kernels) if r.status != "proved"]
        rows.append(_row(name, what, "game variant", bool(found), found[0].transition if found else ""))
    for name, what, kernels in TURN_CONTROLS:
        found = [r for r in prove_turn(reference, kernels) if r.status != "proved"]
        rows.append(_row(name, what, "turn variant", bool(found), found[0].transition if found else ""))
    for control in ENGINE_CONTROLS:
        caught, report = run_engine_control(control, CONTROL_DECISIONS)
        account = report.problems[0] if report.problems else f"nothing noticed in {report.decisions} decisions"
        rows.append(_row(control.name, control.description, control.caught_by, caught, account))
    return rows


def _row(name: str, description: str, breaks: str, caught: bool, example: str) -> dict[str, object]:
    return {"control": name, "description": description, "breaks": breaks, "caught": caught, "example": example}


def _failures(data: dict[str, object]) -> list[str]:
    """What the record says is not as it must be: an obligation not proved, a reading whose other option does not
    break its invariant, a termination obligation not proved or a termination reading not refuted."""
    found = [f"{c['invariant']} ({c['setting']}): {c['account']}" for c in _rows(data, "counterexamples")]
    found += [
        f"{r['invariant']} holds under {r['reading']} = {r['option']} too ({r['setting']}): a counterexample was "
        "expected"
        for r in _rows(data, "readings")
        if r["found"] != r["expected"]
    ]
    termination = expect(data["termination"], dict, "verify record: termination")
    found += [
        f"termination: {r['transition']} ({r['setting']})" for r in termination["results"] if r["status"] != "proved"
    ]
    found += [
        f"termination holds under {r['reading']} = {r['option']} too; a counterexample was expected"
        for r in termination["readings"]
        if r["status"] != "counterexample"
    ]
    return found


def _rows(data: dict[str, object], key: str) -> list[dict[str, object]]:
    rows = expect(data[key], list, f"verify record: {key}")
    return rows


def _run(args: argparse.Namespace, console: Console) -> int:
    start = time.perf_counter()
    if args.self_test:
        rows = self_test()
        app.detail(PROG, args, f"ran {len(rows)} negative controls in {time.perf_counter() - start:.1f} s")
        if args.json:
            app.print_json({"controls": rows})
        else:
            table = Table("negative control", "what it breaks", "caught by", "status", box=box.SIMPLE)
            for row in rows:
                status = "[green]caught[/green]" if row["caught"] else "[red]NOT CAUGHT[/red]"
                table.add_row(str(row["control"]), str(row["description"]), str(row["breaks"]), status)
            console.print(table)
        missed = [f"{row['control']}: {row['description']}" for row in rows if not row["caught"]]
        if missed:
            raise app.CheckFailed(f"{len(missed)} negative control(s) not caught", missed)
        return 0
    data = verify()
    app.detail(PROG, args, f"proved in {time.perf_counter() - start:.1f} s")
    if args.record:
        from armata_rules.wladcy_nocy.verify.record import write_record

        write_record(args.record, data)
        app.note(PROG, args, f"wrote {args.record}")
    if args.json:
        app.print_json(data)
    else:
        _print(console, data)
    failures = _failures(data)
    if failures:
        raise app.CheckFailed(f"{len(failures)} check(s) failed", failures)
    return 0


def _print(console: Console, data: dict[str, object]) -> None:
    """The record for people: invariant by invariant, obligations proved per setting; the reading checks; the
    termination proof; what the bundled content and its hooks leave unproved."""
    settings = _rows_of(data, "settings")
    table = Table(
        "invariant",
        "model",
        "settings proved",
        box=box.SIMPLE,
        title=f"{data['proved']}/{data['obligations']} obligations proved",
    )
    for inv in _rows(data, "invariants"):
        status = expect(inv["status"], dict, "verify record: status")
        proved = sum(1 for by in status.values() for value in by.values() if value == "proved")
        colour = "green" if proved == len(settings) else "red"
        table.add_row(str(inv["id"]), str(inv["model"]), f"[{colour}]{proved}/{len(settings)}[/{colour}]")
    console.print(table)
    for r in _rows(data, "readings"):
        ok = r["found"] == r["expected"]
        mark = "[green]breaks[/green]" if ok else "[red]does not break[/red]"
        console.print(f"{r['reading']} = {r['option']} {mark} {r['invariant']} ({r['setting']}, at '{r['step']}')")
    termination = expect(data["termination"], dict, "verify record: termination")
    by_difficulty = {setting.split("/")[1]: bound for setting, bound in termination["rounds_at_most"].items()}
    rounds = ", ".join(f"{bound} ({difficulty})" for difficulty, bound in sorted(by_difficulty.items()))
    console.print(
        f"termination: {termination['proved']}/{termination['obligations']} obligations proved; rounds at most {rounds}"
    )
    for r in termination["readings"]:
        console.print(f"  without it ({r['reading']} = {r['option']}): {r['transition']}: {r['status']}")
    flagged = [r for r in termination["content"] if r["status"] not in ("proved", "unknown")]
    for r in flagged:
        console.print(
            f"[yellow]content {r['setting']}: {r['transition']}: {r['status']}[/yellow] (a turn may repeat it)"
        )
    for item in _rows(data, "not_proved"):
        console.print(f"[yellow]not proved: {item['content']} {item['key']} (hook {item['hook']})[/yellow]")


def _rows_of(data: dict[str, object], key: str) -> list[object]:
    rows = expect(data[key], list, f"verify record: {key}")
    return rows
