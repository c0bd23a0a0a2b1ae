"""The kernel: the engine machinery of armata-rules that knows no game (issue 33).

A game is defined on the kernel; *Armata Strigoi* is the rest of :mod:`armata_rules`, at its old paths, and its
definition is :data:`armata_rules.game.ARMATA`. So far the kernel holds its lowest layer,
:mod:`armata_rules.kernel.core` (immutable values, fast enums, the engine's errors, interning, data files,
decoding); the engine loop and what it reads of a game, :mod:`armata_rules.kernel.play` (frames, actions, the
state's flow fields, rule books, handler tables, the int-or-Z3 idiom of effect kernels, the game definition, dispatch
and settle, the engine); the equipment games are made of, :mod:`armata_rules.kernel.equipment` (grids, hex maths,
counters, tracks, dice, decks, tokens, each with kernels Z3 proves); the games by id,
:mod:`armata_rules.kernel.games`; records of any game, :mod:`armata_rules.kernel.records`; and
:mod:`armata_rules.kernel.testing` (a toy game and the conformance checks). The modules that moved here left a module
at their old path re-exporting their names, so Armata's imports are unchanged.

The import rule: nothing under ``armata_rules/kernel/`` imports an ``armata_rules`` module outside the kernel, not
even inside a function, under ``TYPE_CHECKING`` or by a string naming it. A game imports the kernel, never the
other way round. ``tests/kernel/test_import_rules.py`` enforces this, and that importing any kernel module loads no
Armata module.
"""
