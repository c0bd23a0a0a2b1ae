"""The command line's parsers, walked for the CLI tests: every command by its words below ``armata-rules``.

A walk of its own (not :mod:`armata_rules.cli_completion`'s), so that the tests of the completion scripts compare
them with the parser rather than with the code that made them.
"""

from __future__ import annotations

import argparse

from armata_rules.cli import _parser


def commands(parser: argparse.ArgumentParser | None = None, path: str = "") -> dict[str, argparse.ArgumentParser]:
    """Every command by its path (``""`` for the program itself, ``"study readings"``), parents first."""
    parser = _parser() if parser is None else parser
    found = {path: parser}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found |= commands(sub, f"{path} {name}".strip())
    return found


def subcommands(parser: argparse.ArgumentParser) -> list[str]:
    """The names of a command's own subcommands (none for a command that runs something)."""
    return [
        name for action in parser._actions if isinstance(action, argparse._SubParsersAction) for name in action.choices
    ]


def option_strings(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string a command accepts (``-h``, ``--help``, ``--json``...)."""
    return {name for action in parser._actions for name in action.option_strings}


def leaves() -> dict[str, argparse.ArgumentParser]:
    """The commands that run something: ``study readings``, not ``study``."""
    return {path: parser for path, parser in commands().items() if path and not subcommands(parser)}
