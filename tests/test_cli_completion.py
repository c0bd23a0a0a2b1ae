"""``armata-rules completion {bash,zsh,fish}``: each script, run in its shell, offers exactly what the parser accepts.

The scripts are made from the parser, and these tests read the parser separately (:mod:`tests.cli_parsers`), so an
option added to a command and missing from a script (or offered by a script and gone from the parser) fails here.
bash is always there; zsh and fish are tried where they are installed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from armata_rules.cli import _parser, main
from armata_rules.cli_completion import SHELLS, script
from armata_rules.cli_paths import DIRECTORY_TYPES, FILE_TYPES
from tests.cli_parsers import commands, option_strings, subcommands

COMMANDS = commands()

#: Offer the completions of each line (its last word is the one being completed), printed as
#: ``<<line>>`` and then one completion per line. COMP_WORDS splits on spaces only: the lines hold no quotes.
BASH_DRIVER = """
source "$1"; shift
for line in "$@"; do
    read -r -a COMP_WORDS <<< "$line"
    if [[ $line == *" " ]]; then COMP_WORDS+=(""); fi
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
    _armata_rules
    echo "<<$line>>"
    if ((${#COMPREPLY[@]})); then printf '%s\\n' "${COMPREPLY[@]}"; fi
done
"""


def _run(shell: str, lines: list[str], tmp_path: Path) -> dict[str, list[str]]:
    """What ``shell``, with the printed script loaded, prints for each of ``lines`` (run in tmp_path): one row per
    completion offered (fish: word, TAB, description; zsh: ``OFFER:word``, then ``BUFFER:`` and the line as the
    completion left it)."""
    scripts = tmp_path / "scripts"
    scripts.mkdir(exist_ok=True)
    path = scripts / f"armata-rules.{shell}"
    path.write_text(script(_parser(), shell), encoding="utf-8")
    if shell == "bash":
        command = ["bash", "--norc", "--noprofile", "-c", BASH_DRIVER, "bash", str(path), *lines]
    elif shell == "fish":
        body = "".join(f"echo '<<{line}>>'; complete -C '{line}'; " for line in lines)
        command = ["fish", "--no-config", "-c", f"source {path}; {body}"]
    else:
        command = ["zsh", "-f", "-c", ZSH_DRIVER, "zsh", str(path), *lines]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=True)
    rows: dict[str, list[str]] = {}
    current: list[str] = []
    for row in done.stdout.replace("\r", "").splitlines():
        if row.startswith("<<") and row.endswith(">>"):
            current = rows.setdefault(row[2:-2], [])
        elif row:
            current.append(row)
    assert sorted(rows) == sorted(lines), done.stderr
    return rows


def _offers(shell: str, lines: list[str], tmp_path: Path) -> dict[str, set[str]]:
    """The words ``shell`` offers at the end of each of ``lines``."""
    return {
        line: {row.removeprefix("OFFER:").split("\t")[0] for row in rows if not row.startswith("BUFFER:")}
        for line, rows in _run(shell, lines, tmp_path).items()
    }


#: zsh completes only in its line editor: an interactive zsh in a pseudo-terminal (zpty) is given each line and a
#: TAB. compadd is wrapped to print what it offers, then offer it (calls that only compute a list, with -O, -A or
#: -D, are left alone), and Ctrl-X then prints the line as the completion left it (BUFFER:...) and empties it. A
#: marker computed by the shell (END42, typed as END$((6*7))) tells when a line's output is all there.
ZSH_DRIVER = r"""
zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z 'PS1=""; RPS1=""; autoload -U compinit; compinit -u -D; zstyle ":completion:*" menu no'
zpty -w z "source ${(q)1}"
zpty -w z 'compadd() {
    local a; for a in "$@"; do
        [[ $a == (-|--) ]] && break
        [[ $a == -[OAD]* ]] && { builtin compadd "$@"; return; }
    done
    local -a h; builtin compadd -O h "$@"; local w; for w in $h; print -r -- $'"'"'\n'"'"'"OFFER:$w" >/dev/tty
    builtin compadd "$@"
}'
zpty -w z 'show-buffer() { print -r -- $'"'"'\n'"'"'"BUFFER:$BUFFER" >/dev/tty; BUFFER=""; }'
zpty -w z 'zle -N show-buffer; bindkey "^X" show-buffer'
zpty -w z 'print -r -- READY$((6*7))'
zpty -r z out '*READY42*'
shift
for line in "$@"; do
    zpty -w -n z "$line"$'\t'
    zpty -w -n z $'\C-x'
    zpty -w z 'print -r -- END$((6*7))'
    zpty -r z out '*END42*'
    print -r -- "<<$line>>"
    print -rl -- ${(M)${(f)out//$'\r'/}:#(OFFER|BUFFER):*}
done
zpty -d z
"""


def _installed(shell: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")


@pytest.mark.parametrize("shell", sorted(SHELLS))
def test_every_command_offers_exactly_its_options(shell: str, tmp_path: Path) -> None:
    """After ``--`` (bash: after ``-``), every option the command accepts and nothing else."""
    _installed(shell)
    dash = "-" if shell == "bash" else "--"
    lines = {path: " ".join(["armata-rules", *path.split(), dash]) for path in COMMANDS}
    offers = _offers(shell, list(lines.values()), tmp_path)
    for path, parser in COMMANDS.items():
        expected = {name for name in option_strings(parser) if name.startswith(dash)}
        assert offers[lines[path]] == expected, path


@pytest.mark.parametrize("shell", sorted(SHELLS))
def test_every_command_offers_its_subcommands_and_every_choice_its_values(shell: str, tmp_path: Path) -> None:
    _installed(shell)
    lines: dict[str, set[str]] = {}
    for path, parser in COMMANDS.items():
        words = ["armata-rules", *path.split()]
        if subcommands(parser):
            lines[" ".join(words) + " "] = set(subcommands(parser))
        for action in parser._actions:
            if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
                before = [max(action.option_strings, key=len)] if action.option_strings else []
                lines[" ".join([*words, *before]) + " "] = {str(choice) for choice in action.choices}
    assert len(lines) >= 8  # the program, study, --bot, --backend, --edition, --format, completion's SHELL...
    offers = _offers(shell, list(lines), tmp_path)
    for line, expected in lines.items():
        assert offers[line] == expected, line


@pytest.mark.parametrize("shell", sorted(SHELLS))
def test_a_path_argument_offers_files_or_folders(shell: str, tmp_path: Path) -> None:
    """Where a file is expected, files (and folders, to go into); where a folder is, folders only. zsh's own file
    completion calls compadd in ways the wrapper cannot tell apart, so for zsh the line a TAB leaves is read: a
    unique file is filled in where files are offered, and left alone where only folders are."""
    _installed(shell)
    (tmp_path / "game-record.json").write_text("{}", encoding="utf-8")
    (tmp_path / "game-folder").mkdir()
    lines: dict[str, str] = {}
    for path, parser in COMMANDS.items():
        for action in parser._actions:
            kind = "file" if action.type in FILE_TYPES else "folder" if action.type in DIRECTORY_TYPES else None
            if kind is not None:
                before = [max(action.option_strings, key=len)] if action.option_strings else []
                lines[" ".join(["armata-rules", *path.split(), *before, "game-"])] = kind
    assert len(lines) >= 12  # --layout, --svg, FILE, --pack, --html, --store, --out, --rulebooks...
    if shell == "zsh":
        typed = {f"{line}r": kind for line, kind in lines.items()} | {f"{line}f": "folder" for line in lines}
        rows = _run(shell, list(typed), tmp_path)
        for line, kind in typed.items():
            (buffer,) = [row for row in rows[line] if row.startswith("BUFFER:")]
            if line.endswith("f"):
                assert buffer.startswith(f"BUFFER:{line}older/"), line
            else:
                assert buffer.startswith(f"BUFFER:{line}ecord.json" if kind == "file" else f"BUFFER:{line}"), line
                assert kind == "file" or buffer == f"BUFFER:{line}", line
        return
    offers = _offers(shell, list(lines), tmp_path)
    for line, kind in lines.items():
        found = {word.rstrip("/") for word in offers[line]}
        assert "game-folder" in found, line
        assert ("game-record.json" in found) == (kind == "file"), line


def test_the_json_tree_is_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == 1 and data["prog"] == "armata-rules"
    found: dict[str, dict[str, object]] = {}

    def walk(command: dict[str, object]) -> None:
        found[" ".join(command["path"])] = command  # type: ignore[arg-type]
        for sub in command["commands"]:  # type: ignore[attr-defined]
            walk(sub)

    walk(data["command"])
    assert set(found) == set(COMMANDS)
    for path, parser in COMMANDS.items():
        names = {name for option in found[path]["options"] for name in option["names"]}  # type: ignore[attr-defined]
        assert names == option_strings(parser), path
    svg = next(o for o in found["board"]["options"] if o["names"] == ["--svg"])  # type: ignore[attr-defined]
    assert svg["takes"] == "file" and svg["metavar"] == "FILE"


@pytest.mark.parametrize("shell", sorted(SHELLS))
def test_the_command_prints_the_script(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", shell]) == 0
    assert capsys.readouterr().out == script(_parser(), shell)


def test_completion_without_a_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion"]) == 2
    assert "name a shell (bash, fish, zsh) or give --json" in capsys.readouterr().err
