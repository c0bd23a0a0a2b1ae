"""Shell completion for a command line of the package (``armata-rules``): bash, zsh and fish scripts made from
the argument parser itself.

:func:`command_tree` reads the parser (every command, option, choice, and whether a value names a file or a
folder, from :mod:`armata_rules.kernel.cli.paths`) into a small tree; each ``*_script`` function writes one shell's
script from that tree. Nothing is listed by hand, so a new option completes as soon as it is added. The scripts need no
Python at completion time: they are printed once (``armata-rules completion bash > FILE``) and read by the shell.

How each shell finds where the cursor is: the words typed so far are walked from the left, a command name moving
one level down and an option that takes a value skipping that value; what is offered then is that command's
options (after ``-``), the values of the option just typed, or its subcommands, files or choices.
"""

from __future__ import annotations

import argparse
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from armata_rules.kernel.cli.paths import DIRECTORY_TYPES, FILE_TYPES

__all__ = ["SHELLS", "Argument", "Command", "command_tree", "script"]

#: What the value of an argument is: none (a flag), a file name, a folder name, one of ``choices``, or free text.
Takes = Literal["nothing", "file", "directory", "choice", "text"]


@dataclass(frozen=True, slots=True)
class Argument:
    """An option (``names`` are its option strings) or a positional (``names`` is empty, ``metavar`` names it)."""

    names: tuple[str, ...]
    metavar: str
    help: str
    takes: Takes
    choices: tuple[str, ...]
    repeat: bool

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        data: dict[str, object] = {"names": list(self.names), "metavar": self.metavar, "help": self.help}
        data |= {"takes": self.takes, "choices": list(self.choices), "repeat": self.repeat}
        return data


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its words below the program (``("study", "readings")``), options, positionals, subcommands."""

    path: tuple[str, ...]
    help: str
    options: tuple[Argument, ...]
    positionals: tuple[Argument, ...]
    commands: tuple[Command, ...]

    def walk(self) -> Iterator[Command]:
        """This command and every command below it, parents first."""
        yield self
        for command in self.commands:
            yield from command.walk()

    def value_options(self) -> list[str]:
        """The option strings that take a value (the word after them is that value)."""
        return [name for option in self.options if option.takes != "nothing" for name in option.names]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "path": list(self.path),
            "help": self.help,
            "options": [option.to_json() for option in self.options],
            "arguments": [argument.to_json() for argument in self.positionals],
            "commands": [command.to_json() for command in self.commands],
        }


def command_tree(parser: argparse.ArgumentParser, path: tuple[str, ...] = (), help: str = "") -> Command:
    """The commands and arguments of ``parser`` and its sub-parsers."""
    options, positionals, commands = [], [], []
    for action in parser._actions:
        if action.help == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help or "" for choice in action._choices_actions}
            for name, sub in action.choices.items():
                commands.append(command_tree(sub, (*path, name), helps.get(name, "")))
        elif action.option_strings:
            options.append(_argument(action))
        else:
            positionals.append(_argument(action))
    return Command(path, help, tuple(options), tuple(positionals), tuple(commands))


def _argument(action: argparse.Action) -> Argument:
    takes: Takes
    if action.nargs == 0:
        takes = "nothing"
    elif action.type in FILE_TYPES:
        takes = "file"
    elif action.type in DIRECTORY_TYPES:
        takes = "directory"
    elif action.choices is not None:
        takes = "choice"
    else:
        takes = "text"
    metavar = "" if takes == "nothing" else action.metavar if isinstance(action.metavar, str) else action.dest.upper()
    return Argument(
        tuple(action.option_strings),
        metavar,
        " ".join((action.help or "").replace("%%", "%").split()),
        takes,
        tuple(str(choice) for choice in action.choices or ()) if takes == "choice" else (),
        isinstance(action, (argparse._AppendAction, argparse._AppendConstAction, argparse._CountAction)),
    )


def _ident(command: Command, prog: str) -> str:
    return "_" + re.sub(r"\W", "_", "_".join((prog, *command.path)))


def bash_script(tree: Command, prog: str) -> str:
    """A bash script: ``complete -F`` with a function that walks the words typed so far."""
    func = _ident(tree, prog)
    walk, offers = [], []
    values: dict[str, list[str]] = {}  # what to offer -> the "command|option" patterns it is offered after
    for command in tree.walk():
        where = " ".join(command.path)
        skipped = [f'"{where}|{name}"' for name in command.value_options()]
        if skipped:
            walk.append(f"            {'|'.join(skipped)}) skip=1 ;;")
        for sub in command.commands:
            walk.append(f'            "{where}|{sub.path[-1]}") path="{" ".join(sub.path)}" ;;')
        for option in command.options:
            if option.takes != "nothing":
                values.setdefault(_bash_values(option), []).extend(f'"{where}|{name}"' for name in option.names)
        words = [sub.path[-1] for sub in command.commands]
        first = command.positionals[0] if command.positionals else None
        rest = _bash_values(first) if first is not None and not words else _bash_words(words)
        opts = " ".join(name for option in command.options for name in option.names)
        offers.append(f'        "{where}") if [[ $cur == -* ]]; then {_bash_words(opts.split())}; else {rest}; fi ;;')
    lines = [
        f"# bash completion for {prog}, made by `{prog} completion bash` from the command's own parser.",
        f"# Save it as ~/.local/share/bash-completion/completions/{prog}, or source it from ~/.bashrc.",
        f"{func}() {{",
        '    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} path="" word skip=0 i',
        '    if [[ $prev == "=" ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi',
        '    if [[ $cur == "=" ]]; then cur=""; fi',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        "        word=${COMP_WORDS[i]}",
        '        if [[ $word == "=" ]]; then continue; fi',
        "        if ((skip)); then skip=0; continue; fi",
        '        case "$path|$word" in',
        *walk,
        "        esac",
        "    done",
        '    case "$path|$prev" in',
        *(f"        {'|'.join(patterns)}) {offer}; return ;;" for offer, patterns in values.items()),
        "    esac",
        '    case "$path" in',
        *offers,
        "    esac",
        "}",
        f"complete -F {func} {prog}",
        "",
    ]
    return "\n".join(lines)


def _bash_values(argument: Argument) -> str:
    if argument.takes == "file":
        return 'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur")'
    if argument.takes == "directory":
        return 'compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur")'
    if argument.takes == "choice":
        return _bash_words(argument.choices)
    return "COMPREPLY=()"


def _bash_words(words: list[str] | tuple[str, ...]) -> str:
    return f'mapfile -t COMPREPLY < <(compgen -W {shlex.quote(" ".join(words))} -- "$cur")'


def zsh_script(tree: Command, prog: str) -> str:
    """A zsh script: one ``_arguments`` function per command, with each option's help shown beside it."""
    lines = [
        f"#compdef {prog}",
        f"# zsh completion for {prog}, made by `{prog} completion zsh` from the command's own parser.",
        f"# Save it as _{prog} in a folder of $fpath, or source it from ~/.zshrc after compinit.",
        "",
    ]
    for command in tree.walk():
        specs = [_zsh_option(option, name) for option in command.options for name in option.names]
        lines.append(f"{_ident(command, prog)}() {{")
        if not command.commands:
            specs += [f"':{_zsh_escape(p.metavar, ':')}:{_zsh_action(p)}'" for p in command.positionals]
            lines += ["    _arguments -s \\", *(f"        {spec} \\" for spec in specs[:-1]), f"        {specs[-1]}"]
            lines += ["}", ""]
            continue
        described = [_zsh_quote(f"{_zsh_escape(sub.path[-1], ':')}:{sub.help}") for sub in command.commands]
        lines += [
            '    local curcontext="$curcontext" state line',
            "    typeset -A opt_args",
            "    _arguments -C -s \\",
            *(f"        {spec} \\" for spec in specs),
            "        ': :->command' \\",
            "        '*:: :->argument'",
            "    case $state in",
            "        command)",
            f"            local -a commands=({' '.join(described)})",
            f"            _describe -t commands {_zsh_quote(' '.join((prog, *command.path)) + ' command')} commands ;;",
            "        argument)",
            "            case $line[1] in",
            *(f"                {sub.path[-1]}) {_ident(sub, prog)} ;;" for sub in command.commands),
            "            esac ;;",
            "    esac",
            "}",
            "",
        ]
    top = _ident(tree, prog)
    lines += [
        "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
        f'    {top} "$@"',
        "else",
        f"    compdef {top} {prog}",
        "fi",
        "",
    ]
    return "\n".join(lines)


def _zsh_option(option: Argument, name: str) -> str:
    exclusive = "(- *)" if name in ("-h", "--help") else "" if option.repeat else f"({' '.join(option.names)})"
    spec = f"{'*' if option.repeat else ''}{exclusive}{name}"
    help_ = _zsh_escape(option.help, "[]")
    if option.takes == "nothing":
        return _zsh_quote(f"{spec}[{help_}]")
    return _zsh_quote(
        f"{spec}{'=' if name.startswith('--') else '+'}[{help_}]:{_zsh_escape(option.metavar, ':')}:"
        f"{_zsh_action(option)}"
    )


def _zsh_action(argument: Argument) -> str:
    if argument.takes == "file":
        return "_files"
    if argument.takes == "directory":
        return "_path_files -/"  # folders only: _files -/ offers every file when no folder matches
    if argument.takes == "choice":
        return f"({' '.join(_zsh_escape(choice, ' ()') for choice in argument.choices)})"
    return " "


def _zsh_escape(text: str, specials: str) -> str:
    """``text`` with a backslash before each of ``specials`` (and before a backslash)."""
    return "".join(f"\\{ch}" if ch in specials or ch == "\\" else ch for ch in text)


def _zsh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def fish_script(tree: Command, prog: str) -> str:
    """A fish script: ``complete`` lines, each conditioned on the command the words typed so far lead to."""
    path_func, at_func = f"_{_ident(tree, prog)}_path", f"_{_ident(tree, prog)}_at"
    walk = []
    for command in tree.walk():
        where = " ".join(command.path)
        skipped = " ".join(_fish_quote(f"{where}|{name}") for name in command.value_options())
        if skipped:
            walk += [f"            case {skipped}", "                set skip 1"]
        for sub in command.commands:
            walk += [
                f"            case {_fish_quote(where + '|' + sub.path[-1])}",
                f"                set path {_fish_quote(' '.join(sub.path))}",
            ]
    lines = [
        f"# fish completion for {prog}, made by `{prog} completion fish` from the command's own parser.",
        f"# Save it as ~/.config/fish/completions/{prog}.fish.",
        f"function {path_func} --description 'the {prog} command the words typed so far lead to'",
        "    set -l path ''",
        "    set -l skip 0",
        "    for word in (commandline -opc)[2..-1]",
        "        if test $skip = 1",
        "            set skip 0",
        "            continue",
        "        end",
        '        switch "$path|$word"',
        *walk,
        "        end",
        "    end",
        '    echo "$path"',
        "end",
        f"function {at_func} --description 'whether the words typed so far lead to the command in argv[1]'",
        f"    set -l path ({path_func})",
        '    test "$path" = "$argv[1]"',
        "end",
        f"complete -c {prog} -f",
    ]
    for command in tree.walk():
        where = _fish_quote(" ".join(command.path))
        condition = f"-n {_fish_quote(f'{at_func} {where}')}"
        for sub in command.commands:
            lines.append(f"complete -c {prog} {condition} -a {_fish_quote(sub.path[-1])} -d {_fish_quote(sub.help)}")
        for positional in command.positionals if not command.commands else ():
            lines.append(f"complete -c {prog} {condition} {_fish_values(positional)}")
        for option in command.options:
            names = " ".join(
                f"-s {name[1:]}" if not name.startswith("--") else f"-l {name[2:]}" for name in option.names
            )
            values = "" if option.takes == "nothing" else f" {_fish_values(option)}"
            lines.append(f"complete -c {prog} {condition} {names}{values} -d {_fish_quote(option.help)}")
    return "\n".join([*lines, ""])


def _fish_values(argument: Argument) -> str:
    if argument.takes == "file":
        return "-r -F"
    if argument.takes == "directory":
        return "-x -a '(__fish_complete_directories)'"
    if argument.takes == "choice":
        return f"-x -a {_fish_quote(' '.join(argument.choices))}"
    return "-x"


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


#: Each shell's script maker.
SHELLS = {"bash": bash_script, "zsh": zsh_script, "fish": fish_script}


def script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser``'s program for ``shell`` (one of :data:`SHELLS`)."""
    return SHELLS[shell](command_tree(parser), parser.prog)
