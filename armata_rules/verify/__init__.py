"""Formal verification: Z3 proofs of the rule invariants over the engine's own kernels, and negative controls."""

from armata_rules.verify.invariants import CONCRETE_ONLY, INVARIANTS, Invariant
from armata_rules.verify.models import MODELS, Kernels, Params, params_for
from armata_rules.verify.mutants import MUTANTS, Mutant
from armata_rules.verify.prover import PLAYER_COUNTS, Counterexample, ProofResult, prove_all

__all__ = [
    "CONCRETE_ONLY",
    "INVARIANTS",
    "MODELS",
    "MUTANTS",
    "PLAYER_COUNTS",
    "Counterexample",
    "Invariant",
    "Kernels",
    "Mutant",
    "Params",
    "ProofResult",
    "params_for",
    "prove_all",
]
