"""The texts a game's rules cite, as the kernel sees them: :mod:`~armata_rules.kernel.texts.textset`.

Importing this package imports none of its modules.
"""
