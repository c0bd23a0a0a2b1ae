"""The proofs: every obligation holds, every negative control is caught, the record under proofs/ is current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.cli import main
from armata_rules.rules.registry import REGISTRY
from armata_rules.verify import INVARIANTS, MUTANTS, prove_all
from armata_rules.verify.report import record

RECORD = Path(__file__).resolve().parents[1] / "proofs" / "results.json"


@pytest.fixture(scope="module")
def results() -> list:  # type: ignore[type-arg]
    return prove_all()


def test_every_obligation_is_proved_for_every_preset_and_player_count(results: list) -> None:  # type: ignore[type-arg]
    assert results and all(r.status == "proved" for r in results)
    assert {(r.preset, r.players) for r in results} == {(p.name, n) for p in editions.ALL for n in (2, 3, 4, 5)}
    assert {r.invariant for r in results} == {inv.id for inv in INVARIANTS}


def test_transitions_name_registered_rules() -> None:
    from armata_rules.components import default_pack
    from armata_rules.verify.models import MODELS, Kernels, params_for

    params = params_for(editions.PEG19_IT, 3, default_pack())
    for build in MODELS.values():
        for transition in build(params, Kernels()).transitions:
            assert transition.rule in REGISTRY, transition.rule


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_negative_controls_are_caught(mutant: object) -> None:
    found = prove_all(presets=[editions.PEG19_IT], players=[3], kernels=mutant.kernels)  # type: ignore[attr-defined]
    failing = [r for r in found if r.status == "counterexample" and r.invariant == mutant.breaks]  # type: ignore[attr-defined]
    assert failing, f"{mutant.name} was not caught"  # type: ignore[attr-defined]
    account = failing[0].counterexample.describe()
    assert "from {" in account and "gives {" in account


def test_the_proof_record_is_current(results: list) -> None:  # type: ignore[type-arg]
    committed = json.loads(RECORD.read_text(encoding="utf-8"))
    fresh = record(results)
    assert committed["invariants"] == fresh["invariants"]
    assert committed["obligations"] == fresh["obligations"] == fresh["proved"]


def test_cli_verify_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["proved"] == data["obligations"] > 0
