"""The kernel's equipment: the boards, pools, tracks, dice, decks and tokens that games are made of (issue 33, after
Ludii's ``equipment``), each as immutable values for the engine and as int-or-Z3 kernels for the proofs
(:mod:`armata_rules.kernel.play.effects`).

- :mod:`~armata_rules.kernel.equipment.topology`: a square grid with orthogonal adjacency, and a table of tiles laid
  on it, one fixed and the others placed at random one chance step at a time;
- :mod:`~armata_rules.kernel.equipment.hexgrid`: hex maths (axial cells, directions, rotation, distance, lines);
- :mod:`~armata_rules.kernel.equipment.counters`: counted pools with per-owner caps, transfers between them, and
  action-point budgets;
- :mod:`~armata_rules.kernel.equipment.tracks`: clamped tracks, the bands of a track, unlock levels, and the "reaching
  the bottom loses" test;
- :mod:`~armata_rules.kernel.equipment.dice`: a shared, visible, pre-rolled pool of dice that players draft from, and
  rolls made one die (one chance step) at a time;
- :mod:`~armata_rules.kernel.equipment.decks`: a deck of ordered segments, each drawn blind from its candidates (the
  deck can be a game's timer);
- :mod:`~armata_rules.kernel.equipment.tokens`: two-sided tokens counted per location and side, with their pool;
- :mod:`~armata_rules.kernel.equipment.proofs`: each equipment kernel's properties proved with Z3, each with a broken
  variant of the kernel that the prover must refute.

Importing this package imports none of its modules. None of them is compiled in the compiled build: their kernels
also run on Z3 terms.
"""
