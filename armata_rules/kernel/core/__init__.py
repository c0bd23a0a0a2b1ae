"""The kernel's lowest layer, below any game: immutable values (:mod:`~armata_rules.kernel.core.immutable`), enums
with fast hashing (:mod:`~armata_rules.kernel.core.fast_enum`), the engine's invariant errors
(:mod:`~armata_rules.kernel.core.errors`), shared values (:mod:`~armata_rules.kernel.core.interning`), data files
(:mod:`~armata_rules.kernel.core.datafile`) and the decoding of typed values from JSON
(:mod:`~armata_rules.kernel.core.decode`). These modules import nothing of the package outside this folder.
"""
