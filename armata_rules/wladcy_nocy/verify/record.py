"""The proof record of *Władcy Nocy* (``proofs/wladcy_nocy/results.json``), as Armata keeps its own: for every
invariant its statement, clauses, readings and status in every setting; the counterexamples; the reading checks; the
termination proof with the content it flags; and every content hook, listed as not proved.

Timings are kept out, and so are the values of an expected counterexample (a reading's other option, a termination
reading, flagged content), which Z3 may pick differently from run to run: the record names the step that fails
instead, and ``wladcy-nocy verify`` prints the values. The rest is a function of the rules, the kernels, the bundled
content and Z3, so a test compares the record whole with a fresh run. It is written with sorted keys.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

from armata_rules.wladcy_nocy.content.loader import hooks, printed, synthetic_test
from armata_rules.wladcy_nocy.content.schema import Content
from armata_rules.wladcy_nocy.verify.invariants import INVARIANTS, Invariant
from armata_rules.wladcy_nocy.verify.models import Params
from armata_rules.wladcy_nocy.verify.prover import ProofResult, ReadingResult
from armata_rules.wladcy_nocy.verify.termination import TerminationResult, check_content

__all__ = ["FORMAT", "RECORD", "bundled_packs", "content_results", "record", "write_record"]

#: The record's layout version.
FORMAT: Final = 1
#: Where the record lives, from the repository's root.
RECORD: Final = Path("proofs") / "wladcy_nocy" / "results.json"


def bundled_packs() -> tuple[Content, ...]:
    """The content packs bundled with the game: the printed facts and the synthetic test pack."""
    return printed(), synthetic_test()


def content_results(packs: Iterable[Content], params: Params) -> list[TerminationResult]:
    """Each pack's effects a night turn can repeat, through the turn variant (see
    :func:`~armata_rules.wladcy_nocy.verify.termination.check_content`)."""
    return [r for pack in packs for r in check_content(pack, params)]


def _status(results: Sequence[ProofResult], inv: Invariant) -> dict[str, dict[str, str]]:
    worst: dict[str, dict[str, str]] = defaultdict(dict)
    for r in results:
        if r.invariant == inv.id:
            current = worst[r.preset].get(r.setting)
            worst[r.preset][r.setting] = "counterexample" if current == "counterexample" else r.status
    return {preset: dict(sorted(by.items())) for preset, by in sorted(worst.items())}


def _termination(result: TerminationResult) -> dict[str, object]:
    return {
        "variant": result.variant,
        "transition": result.transition,
        "setting": result.setting,
        "status": result.status,
    }


def record(
    results: Sequence[ProofResult],
    readings: Sequence[ReadingResult],
    termination: Sequence[TerminationResult],
    termination_readings: Sequence[tuple[str, str, TerminationResult]],
    content: Sequence[TerminationResult],
    packs: Iterable[Content] = (),
) -> dict[str, object]:
    """The JSON-ready record of a proof run: ``results`` (the obligations), ``readings`` (the reading checks),
    ``termination`` (the ranking proofs), ``termination_readings`` ((reading, option, the first counterexample)
    under the other option of a reading the termination proof needs), ``content`` (the bundled content through the
    turn variant) and the hooks of ``packs``."""
    game_rounds = {r.setting: r.bound for r in termination if r.variant == "game"}
    return {
        "format": FORMAT,
        "game": "wladcy_nocy",
        "obligations": len(results),
        "proved": sum(r.proved for r in results),
        "settings": sorted({f"{r.preset} {r.setting}" for r in results}),
        "invariants": [
            {
                "id": inv.id,
                "title": inv.title,
                "statement": inv.statement,
                "clauses": list(inv.clauses),
                "model": inv.model,
                "readings": dict(inv.readings),
                "note": inv.note,
                "status": _status(results, inv),
            }
            for inv in INVARIANTS
        ],
        "counterexamples": [
            {
                "invariant": r.invariant,
                "preset": r.preset,
                "setting": r.setting,
                "step": r.step,
                "account": r.counterexample.describe(),
            }
            for r in results
            if r.counterexample is not None
        ],
        "readings": [
            {
                "invariant": r.check.invariant,
                "reading": r.check.reading,
                "option": r.check.option,
                "setting": r.setting,
                "why": r.check.why,
                "expected": "counterexample",
                "found": "counterexample" if r.refuted else "proved",
                "step": r.step,
            }
            for r in readings
        ],
        "termination": {
            "obligations": len(termination),
            "proved": sum(r.status == "proved" for r in termination),
            "rounds_at_most": dict(sorted(game_rounds.items())),
            "results": [_termination(r) for r in termination],
            "readings": [
                {"reading": name, "option": option, "expected": "counterexample"} | _termination(found)
                for name, option, found in termination_readings
            ],
            "content": [_termination(r) for r in content],
        },
        "not_proved": [
            {"content": pack.id, "key": key, "hook": hook, "why": "a hook is Python, outside the effect vocabulary"}
            for pack in packs
            for key, hook in hooks(pack)
        ],
    }


def write_record(path: str | Path, data: dict[str, object]) -> None:
    """Write ``data`` as the record's JSON, keys sorted."""
    Path(path).write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
