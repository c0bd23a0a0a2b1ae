"""The command line's argument parser: argparse with "did you mean" for misspelt commands, values and options, and
with every usage mistake reported by the (sub)command it belongs to.

``armata-rules raplay`` says ``unknown command 'raplay'; did you mean 'replay'?`` on one line (exit status 2), as
pip and git do; argparse 3.11 has no ``suggest_on_error``, so the closest name is found here with :mod:`difflib`. A
suggestion is made only when one name is clearly the closest: ``peg19.xx`` is as near to ``peg19.en`` as to
``peg19.fr``, so argparse's own message, which lists every choice, is kept for it.

Every mistake that has one clear answer is raised as :class:`ArgumentProblem` (one line, printed by
:func:`armata_rules.cli.main`), not through :meth:`argparse.ArgumentParser.error`, which adds the usage.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["ArgumentProblem", "Parser", "ValueProblem", "closest", "option_name"]

#: How alike a word and a name must be (:class:`difflib.SequenceMatcher` ratio) for the name to be suggested:
#: ``--sed``/``--seed`` is 0.91, ``raplay``/``replay`` 0.83, ``clever``/``greedy`` 0.33.
SIMILARITY = 0.7


class ArgumentProblem(Exception):
    """A usage mistake with a one-line explanation; ``prog`` is the (sub)command it was made in.

    Printed like the command's other errors, ``armata-rules: error: ...``, with the subcommand first:
    ``armata-rules: error: simulate: unknown option '--sed'; did you mean '--seed'?``.
    """

    def __init__(self, prog: str, message: str) -> None:
        program, *command = prog.split()
        where = f"{' '.join(command)}: " if command else ""
        super().__init__(f"{program}: error: {where}{message}")
        self.prog = prog
        self.message = message


class ValueProblem(Exception):
    """Raised by an argument's ``type`` for a value it refuses; the parser names the argument and makes it an
    :class:`ArgumentProblem` (argparse would print its usage above a generic "invalid value")."""


def closest(word: str, names: Iterable[str]) -> str | None:
    """The one name ``word`` begins (``--sev`` for ``--severity``), else the one name most like ``word`` if it is
    alike enough and no other name is as close; ``None`` when no name is clearly meant."""
    candidates = sorted(set(names) - {word})
    begun = [name for name in candidates if word and name.startswith(word)]
    if len(begun) == 1:
        return begun[0]
    scores: dict[float, list[str]] = {}
    for name in candidates:
        score = difflib.SequenceMatcher(None, word, name).ratio()
        if score >= SIMILARITY:
            scores.setdefault(score, []).append(name)
    if not scores:
        return None
    best = scores[max(scores)]
    return best[0] if len(best) == 1 else None


def option_name(action: argparse.Action) -> str:
    """How a message names an argument: its longest option string, or its metavar for a positional."""
    if action.option_strings:
        return max(action.option_strings, key=len)
    return str(action.metavar or action.dest).upper()


class Parser(argparse.ArgumentParser):
    """:class:`argparse.ArgumentParser` that suggests the closest command, choice or option for a misspelt one, and
    refuses arguments it does not know in the (sub)command that got them.

    Sub-parsers made by :meth:`add_subparsers` are of this class too. No command of ours takes arguments it does
    not declare, so :meth:`parse_known_args` leaves nothing over: a leftover is always a mistake.
    """

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        """A value refused by its ``type`` (:class:`ValueProblem`): one line naming the argument."""
        try:
            return super()._get_value(action, arg_string)
        except ValueProblem as err:
            raise ArgumentProblem(self.prog, f"argument {option_name(action)}: {err}") from None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """An unknown command or choice: suggested, when one is clearly meant."""
        choices = action.choices
        if choices is not None and isinstance(value, str) and value not in choices:
            guess = closest(value, (str(choice) for choice in choices))
            if guess is not None:
                if isinstance(action, argparse._SubParsersAction):
                    raise ArgumentProblem(self.prog, f"unknown command {value!r}; did you mean {guess!r}?")
                raise ArgumentProblem(
                    self.prog, f"argument {option_name(action)}: unknown value {value!r}; did you mean {guess!r}?"
                )
        super()._check_value(action, value)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse; a misspelt option is suggested, any other leftover refused with this (sub)command's usage."""
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            options = [s for action in self._actions for s in action.option_strings if s.startswith("--")]
            for extra in extras:
                word = extra.partition("=")[0]
                guess = closest(word, options) if word.startswith("--") else None
                if guess is not None:
                    raise ArgumentProblem(self.prog, f"unknown option {word!r}; did you mean {guess!r}?")
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed, extras
