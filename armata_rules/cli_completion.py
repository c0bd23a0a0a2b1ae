"""Shell completion scripts made from the argument parser: moved to the kernel
(:mod:`armata_rules.kernel.cli.completion`, shared by every command line of the package) and re-exported here under the
old names."""

from __future__ import annotations

from armata_rules.kernel.cli.completion import SHELLS, Argument, Command, command_tree, script

__all__ = ["SHELLS", "Argument", "Command", "command_tree", "script"]
