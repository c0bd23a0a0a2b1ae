"""The negative controls: each mutant is caught, and the short cut the self-test takes finds what the full proof
run would find first."""

from __future__ import annotations

from armata_rules import editions
from armata_rules.verify.mutants import BASE, MUTANTS
from armata_rules.verify.prover import first_failure, prove_all
from armata_rules.verify.report import self_test


def test_every_mutant_is_caught() -> None:
    rows = self_test(MUTANTS)
    assert [row["mutant"] for row in rows if not row["caught"]] == []
    assert all(row["example"] for row in rows)


def test_the_first_failure_is_the_first_counterexample_of_the_full_run() -> None:
    presets = (editions.PEG19_EN, editions.SB19_EN)
    for mutant in MUTANTS:
        full = prove_all(presets=presets, players=(2, 5), kernels=mutant.kernels)
        expected = next((r for r in full if r.status != "proved" and r.invariant == mutant.breaks), None)
        found = first_failure(mutant.breaks, mutant.kernels, presets=presets, players=(2, 5))
        assert (found is None) == (expected is None), mutant.name
        if found is not None and expected is not None:
            assert (found.preset, found.players, found.step) == (expected.preset, expected.players, expected.step)


def test_the_sound_kernels_have_no_failure() -> None:
    for mutant in MUTANTS:
        assert first_failure(mutant.breaks, BASE, presets=(editions.PEG19_EN,), players=(3,)) is None, mutant.breaks
