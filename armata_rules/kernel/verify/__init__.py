"""Verification of any game on the kernel: proofs by induction over a game's symbolic models
(:mod:`~armata_rules.kernel.verify.induction`), ranking functions for termination
(:mod:`~armata_rules.kernel.verify.ranking`) and negative controls on the running engine
(:mod:`~armata_rules.kernel.verify.controls`).

Importing this package imports none of its modules.
"""
