"""Proof results for people (a table) and for files (JSON records under ``proofs/``)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from rich.table import Table

from armata_rules.verify.engagement import ENGAGEMENT_CONTROL, prove_one_engagement
from armata_rules.verify.invariants import INVARIANTS
from armata_rules.verify.mutants import Mutant
from armata_rules.verify.prover import ProofResult, first_failure
from armata_rules.verify.termination import (
    MOVE_CONTROLS,
    RESOURCE_CONTROLS,
    TerminationResult,
    prove_move_variant,
    prove_resource_variant,
)

if TYPE_CHECKING:
    from armata_rules.verify.engine_controls import CheckedPlay, CheckedPlayReport

__all__ = [
    "engine_self_test",
    "proof_table",
    "record",
    "self_test",
    "termination_record",
    "termination_self_test",
    "termination_table",
]


def proof_table(results: list[ProofResult]) -> Table:
    """Invariant × preset: obligations proved over the four player counts."""
    presets = list(dict.fromkeys(r.preset for r in results))
    short = [p.replace("peg19.", "") for p in presets]
    table = Table(title=f"{len(results)} proof obligations (proved / checked, 2-5 heroes)")
    table.add_column("invariant", no_wrap=True)
    for name in short:
        table.add_column(name, justify="right")
    table.add_column("ms", justify="right")
    cells: dict[tuple[str, str], list[ProofResult]] = defaultdict(list)
    for r in results:
        cells[(r.invariant, r.preset)].append(r)
    for inv in INVARIANTS:
        row = [inv.id]
        total = 0.0
        for preset in presets:
            group = cells[(inv.id, preset)]
            proved = sum(r.status == "proved" for r in group)
            total += sum(r.seconds for r in group)
            colour = "green" if proved == len(group) else "red"
            row.append(f"[{colour}]{proved}/{len(group)}[/{colour}]")
        row.append(f"{total * 1000:.0f}")
        table.add_row(*row)
    return table


def record(results: list[ProofResult]) -> dict[str, object]:
    """A JSON-ready record: per invariant, the status for each preset and player count."""
    by_invariant: dict[str, dict[str, dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    worst: dict[tuple[str, str, int], str] = {}
    for r in results:
        key = (r.invariant, r.preset, r.players)
        if worst.get(key) != "counterexample":
            worst[key] = r.status
    for (inv, preset, players), status in sorted(worst.items()):
        by_invariant[inv][preset][str(players)] = status
    return {
        "obligations": len(results),
        "proved": sum(r.status == "proved" for r in results),
        "invariants": [
            {
                "id": inv.id,
                "title": inv.title,
                "statement": inv.statement,
                "clauses": list(inv.clauses),
                "model": inv.model or "tables",
                "strengthening": inv.strengthening,
                "status": {k: dict(v) for k, v in by_invariant[inv.id].items()},
            }
            for inv in INVARIANTS
        ],
        "counterexamples": [
            {
                "invariant": r.invariant,
                "preset": r.preset,
                "players": r.players,
                "step": r.step,
                "account": r.counterexample.describe(),
            }
            for r in results
            if r.counterexample is not None
        ],
    }


def self_test(mutants: tuple[Mutant, ...]) -> list[dict[str, object]]:
    """Each negative control with whether the invariant it breaks got a counterexample (the termination proof's
    controls: :func:`termination_self_test`)."""
    rows: list[dict[str, object]] = []
    for mutant in mutants:
        failing = first_failure(mutant.breaks, mutant.kernels)  # only the obligations the mutant must break
        rows.append(
            {
                "mutant": mutant.name,
                "description": mutant.description,
                "breaks": mutant.breaks,
                "caught": failing is not None,
                "example": failing.counterexample.describe() if failing and failing.counterexample else "",
            }
        )
    return rows


def termination_table(results: list[TerminationResult]) -> Table:
    """Variant × transition: proved for which player counts, with the bound on steps per move."""
    table = Table(title="every turn ends: ranking functions (Z3)")
    table.add_column("variant")
    table.add_column("transition")
    table.add_column("heroes", justify="right")
    table.add_column("status")
    table.add_column("steps per move at most", justify="right")
    rows: dict[tuple[str, str], list[TerminationResult]] = defaultdict(list)
    for r in results:
        rows[(r.variant, r.transition)].append(r)
    for (variant, transition), group in rows.items():
        ok = all(r.status == "proved" for r in group)
        heroes = ",".join(str(r.players) for r in group if r.players) or "all"
        bounds = "/".join(str(r.bound) for r in group if r.bound) or "-"
        status = "[green]proved[/green]" if ok else "[red]counterexample[/red]"
        table.add_row(variant, transition, heroes, status, bounds)
    return table


def termination_record(results: list[TerminationResult]) -> dict[str, object]:
    """A JSON-ready record of the termination proof: status per obligation and the move bound per player count."""
    return {
        "obligations": len(results),
        "proved": sum(r.status == "proved" for r in results),
        "move_bound": {str(r.players): r.bound for r in results if r.variant == "move"},
        "results": [
            {"variant": r.variant, "transition": r.transition, "players": r.players, "status": r.status}
            | ({"counterexample": r.counterexample} if r.counterexample else {})
            for r in results
        ],
    }


def termination_self_test() -> list[dict[str, object]]:
    """The termination proof's negative controls, each with whether it got a counterexample."""
    rows: list[dict[str, object]] = []
    for name, what, kernels in MOVE_CONTROLS:
        failing = [r for r in prove_move_variant(3, 5, kernels) if r.status != "proved"]
        rows.append(_control_row(name, what, "move variant", failing))
    for name, what, steps in RESOURCE_CONTROLS:
        failing = [r for r in prove_resource_variant(steps) if r.status != "proved"]
        rows.append(_control_row(name, what, "resource variant", failing))
    name, what, guard = ENGAGEMENT_CONTROL
    failing = [r for r in prove_one_engagement(guard, guard) if r.status != "proved"]
    rows.append(_control_row(name, what, "one engagement per turn", failing))
    return rows


def _control_row(name: str, what: str, breaks: str, failing: list[TerminationResult]) -> dict[str, object]:
    example = ""
    if failing:
        cex = ", ".join(f"{k}={v}" for k, v in failing[0].counterexample.items())
        example = f"'{failing[0].transition}' from {{{cex}}}"
    return {"mutant": name, "description": what, "breaks": breaks, "caught": bool(failing), "example": example}


def engine_self_test(*, soak: CheckedPlay[CheckedPlayReport]) -> list[dict[str, object]]:
    """The negative controls on the running engine (:mod:`armata_rules.verify.engine_controls`): each broken
    function must be noticed by the checks on real play (``soak``: :func:`armata_rules.sim.soak.soak`, passed in
    because the soak imports this package), and the longest move must stay within the proved bound with the real
    guard and run past it with the free jump."""
    from armata_rules.verify.engine_controls import ENGINE_CONTROLS, run_engine_control, run_jump_control

    rows: list[dict[str, object]] = []
    for control in ENGINE_CONTROLS:
        if control.name == "engine-free-jump":
            caught, account = run_jump_control(broken_guard=True)
            fine, real = run_jump_control(broken_guard=False)
            caught = caught and fine
            account = f"{account}; with the real guard: {real}"
        else:
            caught, account = run_engine_control(control, decisions=20_000, soak=soak)
        rows.append(
            {
                "mutant": control.name,
                "description": control.description,
                "breaks": control.caught_by,
                "caught": caught,
                "example": account,
            }
        )
    return rows
