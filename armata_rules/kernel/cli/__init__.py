"""The machinery of a game's command line, shared by every game on the kernel: a parser that suggests the closest
name for a misspelt command or option (:mod:`~armata_rules.kernel.cli.suggest`), path arguments checked as they are
parsed (:mod:`~armata_rules.kernel.cli.paths`), shell completion made from the parser
(:mod:`~armata_rules.kernel.cli.completion`), the layout of each command's help
(:mod:`~armata_rules.kernel.cli.help`), and the run of a command line from its arguments to its exit status
(:mod:`~armata_rules.kernel.cli.app`).

Importing this package imports none of its modules.
"""
