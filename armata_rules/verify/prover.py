"""Proof obligations: each invariant holds initially and is preserved by every transition of its model, for every
edition preset and every player count; a failure comes with a counterexample a person can read."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

from armata_rules import editions
from armata_rules.components.pack import DataPack, default_pack
from armata_rules.kernel.verify.induction import Counterexample, obligations
from armata_rules.rules.registry import RULES
from armata_rules.variants import Ruleset
from armata_rules.verify.invariants import INVARIANTS, Invariant
from armata_rules.verify.models import MODELS, Kernels, Model, Params, params_for

__all__ = ["PLAYER_COUNTS", "Counterexample", "ProofResult", "first_failure", "prove", "prove_all"]

PLAYER_COUNTS = (2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class ProofResult:
    """One obligation: an invariant, a step (``initial`` or a transition), a preset, a player count."""

    invariant: str
    model: str
    step: str
    preset: str
    players: int
    status: str
    seconds: float
    counterexample: Counterexample | None = field(default=None)


def _check(hypothesis: Any, goal: Any) -> z3.ModelRef | None:
    solver = z3.Solver()
    solver.add(hypothesis, z3.Not(goal))
    return solver.model() if solver.check() == z3.sat else None


def prove(model: Model, invariants: Iterable[Invariant], params: Params) -> list[ProofResult]:
    """The obligations of ``invariants`` on ``model`` with ``params``."""
    return list(_obligations(model, list(invariants), params))


def _obligations(
    model: Model, invariants: list[Invariant], params: Params, only: str | None = None
) -> Iterator[ProofResult]:
    """The obligations of ``invariants`` on ``model``, proved one by one as they are asked for (the kernel's
    :func:`~armata_rules.kernel.verify.induction.obligations`, citing Armata's setup rule for an initial state), as
    results of ``params``' preset and player count."""
    for found in obligations(model, invariants, params, RULES, "setup.components", only):
        status = "proved" if found.proved else "counterexample"
        cex = found.counterexample
        yield ProofResult(
            found.invariant, found.model, found.step, params.preset, params.players, status, found.seconds, cex
        )


def first_failure(
    invariant: str,
    kernels: Kernels,
    presets: Iterable[Ruleset] = editions.ALL,
    players: Iterable[int] = PLAYER_COUNTS,
    pack: DataPack | None = None,
    invariants: Iterable[Invariant] = INVARIANTS,
) -> ProofResult | None:
    """The first obligation of ``invariant`` that fails with ``kernels``, in the order of :func:`prove_all`, or
    ``None`` if all of them are proved.

    What the negative controls need: :func:`prove_all` would prove every invariant's obligations; this proves only
    those of ``invariant`` (under the same hypotheses) and stops at the first counterexample.
    """
    pack = pack or default_pack()
    by_model = _group(invariants)
    model_name = next((name for name, invs in by_model.items() if any(i.id == invariant for i in invs)), "")
    if model_name == "":
        raise KeyError(f"no invariant {invariant!r}")
    group = by_model[model_name]
    for preset in presets:
        for n in players:
            params = params_for(preset, n, pack)
            found: Iterable[ProofResult]
            if model_name is None:
                found = [_tables(inv, params) for inv in group if inv.id == invariant]
            else:
                found = _obligations(MODELS[model_name](params, kernels), group, params, only=invariant)
            for result in found:
                if result.status != "proved":
                    return result
    return None


def _tables(inv: Invariant, params: Params) -> ProofResult:
    start = time.perf_counter()
    found = _check(z3.BoolVal(True), inv.symbolic({}, params))
    cex = None
    if found is not None:
        cex = Counterexample(
            {
                "counters": str(params.counters),
                "cap": str(params.cap),
                "required": str(params.required),
                "loss": str(params.loss),
            },
            {},
            "the printed tables",
            "setup.components",
            (),
        )
    status = "proved" if cex is None else "counterexample"
    return ProofResult(
        inv.id, "tables", "tables", params.preset, params.players, status, time.perf_counter() - start, cex
    )


def prove_all(
    presets: Iterable[Ruleset] = editions.ALL,
    players: Iterable[int] = PLAYER_COUNTS,
    pack: DataPack | None = None,
    kernels: Kernels | None = None,
    invariants: Iterable[Invariant] = INVARIANTS,
) -> list[ProofResult]:
    """Every obligation for every preset and player count."""
    pack = pack or default_pack()
    kernels = kernels or Kernels()
    by_model: Mapping[str | None, list[Invariant]] = _group(invariants)
    results: list[ProofResult] = []
    for preset in presets:
        for n in players:
            params = params_for(preset, n, pack)
            for name, invs in by_model.items():
                if name is None:
                    results.extend(_tables(inv, params) for inv in invs)
                else:
                    results.extend(prove(MODELS[name](params, kernels), invs, params))
    return results


def _group(invariants: Iterable[Invariant]) -> dict[str | None, list[Invariant]]:
    groups: dict[str | None, list[Invariant]] = {}
    for inv in invariants:
        groups.setdefault(inv.model, []).append(inv)
    return groups
