"""The parser that suggests the closest name for a misspelt command or option: moved to the kernel
(:mod:`armata_rules.kernel.cli.suggest`, shared by every command line of the package) and re-exported here under the
old names."""

from __future__ import annotations

from armata_rules.kernel.cli.suggest import ArgumentProblem, Parser, ValueProblem, closest, option_name

__all__ = ["ArgumentProblem", "Parser", "ValueProblem", "closest", "option_name"]
