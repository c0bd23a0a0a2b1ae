"""What the kernel offers for testing games: a tiny game defined on the kernel alone
(:mod:`~armata_rules.kernel.testing.toy`), which shows that the kernel needs no real game, and the conformance
checks every game definition must pass (:mod:`~armata_rules.kernel.testing.conformance`).
"""
