"""How a game is played on the kernel: decision frames and the flow helpers that push and pop them
(:mod:`~armata_rules.kernel.play.frames`, :mod:`~armata_rules.kernel.play.flow`), the vocabulary of actions and its
codec (:mod:`~armata_rules.kernel.play.actions`), the state's kernel-owned fields
(:mod:`~armata_rules.kernel.play.state`), each game's rule book and handler table
(:mod:`~armata_rules.kernel.play.registry`, :mod:`~armata_rules.kernel.play.handlers`), the game definition that
bundles them (:mod:`~armata_rules.kernel.play.game`), the loop that lists and applies actions and runs the
automatic steps after them (:mod:`~armata_rules.kernel.play.dispatch`, :mod:`~armata_rules.kernel.play.settle`), the
engine that is its public face (:mod:`~armata_rules.kernel.play.engine`), and the int-or-Z3 idiom in which effect
kernels are written (:mod:`~armata_rules.kernel.play.effects`).

Importing this package imports none of its modules: each is imported where it is used.
"""
