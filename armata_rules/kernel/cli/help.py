"""The parts of a command's ``--help`` every command line of the package shares: a command's description and
examples (:class:`CommandHelp`, :class:`Example`), the ``examples:`` block, and the help formatter that lays them out.

Each game's command line keeps its own table of commands (Armata's is :data:`armata_rules.cli_help.COMMANDS`).
"""

from __future__ import annotations

import argparse
import textwrap
from dataclasses import dataclass

__all__ = ["CommandHelp", "Example", "HelpFormatter", "examples_text"]


@dataclass(frozen=True, slots=True)
class Example:
    """A command line (as typed in a shell) and what it does."""

    command: str
    does: str


@dataclass(frozen=True, slots=True)
class CommandHelp:
    """The help of one command: the one-line summary in its parent's list, the description, the examples."""

    summary: str
    description: str
    examples: tuple[Example, ...]


def examples_text(examples: tuple[Example, ...]) -> str:
    """The ``examples:`` block of a command's help."""
    lines = ["examples:"]
    for example in examples:
        lines += [
            f"  {example.command}",
            *textwrap.wrap(example.does, 78, initial_indent=" " * 6, subsequent_indent=" " * 6),
        ]
    return "\n".join(lines)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs filled paragraph by paragraph to the terminal's width; indented lines (examples,
    the exit-status table) kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.split("\n\n"):
            if paragraph.startswith(" ") or "\n " in paragraph:
                paragraphs.append(textwrap.indent(paragraph, indent))
            else:
                paragraphs.append(textwrap.fill(" ".join(paragraph.split()), width, initial_indent=indent))
        return "\n\n".join(paragraphs)
