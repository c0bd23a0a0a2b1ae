"""Simulation of any game on the kernel: bots that pick among the legal actions
(:mod:`~armata_rules.kernel.sim.bots`) and batches of complete games named by specs, each a pure function of its
spec, with their totals (:mod:`~armata_rules.kernel.sim.batch`).

Importing this package imports none of its modules.
"""
