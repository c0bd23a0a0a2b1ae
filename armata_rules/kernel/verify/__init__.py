"""Verification of any game on the kernel: proofs by induction over a game's symbolic models
(:mod:`~armata_rules.kernel.verify.induction`).

Importing this package imports none of its modules.
"""
