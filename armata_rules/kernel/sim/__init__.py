"""Simulation of any game on the kernel: bots that pick among the legal actions
(:mod:`~armata_rules.kernel.sim.bots`) and batches of complete games named by specs, each a pure function of its
spec, with their totals (:mod:`~armata_rules.kernel.sim.batch`), and the paired statistics a study of a game's
readings compares them with (:mod:`~armata_rules.kernel.sim.paired`).

Importing this package imports none of its modules.
"""
