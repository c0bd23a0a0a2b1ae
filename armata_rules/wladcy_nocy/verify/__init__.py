"""Formal verification of *Władcy Nocy* (WLADCY_NOCY.md §5): Z3 proofs of the game's invariants over models built
from its own kernels, ranking functions for termination, negative controls in the prover and in the running engine,
and the soak that checks every invariant on real play. It imports only the kernel and this game."""
