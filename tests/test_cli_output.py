"""What the commands print (issue 32 §3): ``-q`` and ``-v``, tables not wrapped in a pipe or a file, ``--json``
objects with a ``"format"``, ``--version`` without the engine, refusals that lead with the problem."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from armata_rules.cli import JSON_FORMAT, main
from armata_rules.entry import asks_for_version, version_text
from tests.cli_parsers import leaves, option_strings

DEFAULT_LAYOUT = Path(__file__).resolve().parents[1] / "armata_rules" / "board" / "data" / "default.toml"


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished game's record, saved by the command itself."""
    folder = tmp_path_factory.mktemp("records")
    assert main(["simulate", "--games", "1", "--heroes", "2", "--save-records", str(folder), "--json"]) == 0
    return next(folder.glob("*.json"))


# -q and -v


def test_quiet_leaves_out_legends_and_wrote_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = str(tmp_path / "fortress.svg")
    assert main(["board", "--svg", svg]) == 0
    loud = capsys.readouterr().out
    assert "plat.: spaces on the platform" in loud and f"wrote {svg}" in loud
    assert main(["board", "--svg", svg, "-q"]) == 0
    quiet = capsys.readouterr().out
    assert "plat.: spaces on the platform" not in quiet and "wrote" not in quiet
    assert "ladder sites: 18" in quiet and "NE " in quiet  # the results stay
    assert main(["-q", "board", "--svg", svg]) == 0  # before or after the command: the same
    assert capsys.readouterr().out == quiet


def test_quiet_leaves_out_notes_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--heroes", "2", "--games", "2", "--workers", "8", "--json"]
    assert main(argv) == 0
    assert "--workers 8: using" in capsys.readouterr().err
    assert main(["--quiet", *argv]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["games"] == 2


def test_verbose_adds_details_and_timing_on_stderr_only(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record), "--json"]) == 0
    plain = capsys.readouterr()
    assert plain.err == ""
    assert main(["replay", str(record), "--json", "-v"]) == 0
    verbose = capsys.readouterr()
    assert verbose.out == plain.out  # standard output is the same: -v speaks on standard error
    final_hash = json.loads(record.read_text(encoding="utf-8"))["final_hash"]
    assert f"hash {final_hash}" in verbose.err
    assert re.search(r"^armata-rules: replay took \d+\.\d\d s$", verbose.err, re.M), verbose.err
    assert main(["--verbose", "simulate", "--games", "1", "--heroes", "2"]) == 0
    err = capsys.readouterr().err
    assert "simulating: 1 game on the local backend" in err and "simulate took" in err


def test_quiet_and_verbose_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["-q", "board", "-v"]) == 2
    assert capsys.readouterr().err == (
        "armata-rules: error: -q (--quiet) and -v (--verbose) ask for opposite things: give one of them\n"
    )


# Output to a pipe or a file


def test_a_table_written_to_a_file_is_not_wrapped_or_cut(tmp_path: Path) -> None:
    """A room named longer than a terminal's table allows, and the list of ladder sites, each on one line."""
    long = "the_great_central_hall_of_the_fortress"
    text = DEFAULT_LAYOUT.read_text(encoding="utf-8").replace("[rooms.C]", f"[rooms.{long}]")
    layout = tmp_path / "long.toml"
    layout.write_text(re.sub(r'(?<=["\s])C:', f"{long}:", text), encoding="utf-8")
    out = tmp_path / "board.txt"
    code = "import sys; from armata_rules.entry import run; sys.exit(run())"
    with out.open("w", encoding="utf-8") as stdout:
        done = subprocess.run(
            [sys.executable, "-c", code, "board", "--layout", str(layout)],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    (row,) = [line for line in lines if long in line]
    assert re.fullmatch(rf"\s*{long}\s+centre\s+19\s+0\s+2\s+2\s+1\s+24\s+ABCDEF\s*", row), row
    assert len(row.rstrip()) > 80
    (sites,) = [line for line in lines if "legal at setup under at_corridor" in line]
    assert sites.rstrip().endswith("N:ladder5") and len(sites) > 80
    assert "\x1b[" not in out.read_text(encoding="utf-8")  # no colour codes in a file


# --json


#: What each command needs besides --json to print something quickly.
JSON_RUNS = {
    "board": [],
    "replay": ["RECORD"],
    "simulate": ["--games", "1", "--heroes", "2"],
    "study readings": ["--games", "2", "--heroes", "2"],
    "study editions": ["--games", "2", "--heroes", "2"],
    "verify": [],
    "verify --self-test": ["--self-test"],
    "ambiguities": [],
    "completion": [],
}


def test_every_command_with_json_is_in_the_table() -> None:
    with_json = {path for path, parser in leaves().items() if "--json" in option_strings(parser)}
    assert with_json == set(leaves())  # every command has --json ...
    assert with_json == {run.removesuffix(" --self-test") for run in JSON_RUNS}  # ... and is run below


@pytest.mark.parametrize("run", sorted(JSON_RUNS))
def test_every_json_output_is_an_object_with_its_format_first(
    run: str, record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = run.removesuffix(" --self-test")
    args = [str(record) if arg == "RECORD" else arg for arg in JSON_RUNS[run]]
    assert main([*path.split(), *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict) and next(iter(data)) == "format", run
    assert type(data["format"]) is int and data["format"] >= 1
    if path in ("board", "replay", "simulate", "verify", "completion"):
        assert data["format"] == JSON_FORMAT


# --version


def test_version_does_not_import_the_engine() -> None:
    code = (
        "import sys; from armata_rules.entry import run; status = run(['--version']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('armata_rules', 'rich', 'pydantic', 'z3'))); "
        "sys.exit(status)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    version, modules = done.stdout.splitlines()
    assert version == version_text()
    assert "armata_rules.engine" not in modules and "armata_rules.cli" not in modules and "rich" not in modules
    assert eval(modules) == ["armata_rules", "armata_rules.about", "armata_rules.entry"]


def test_version_is_the_same_from_the_fast_path_and_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    from_parser = capsys.readouterr().out
    done = subprocess.run(
        [sys.executable, "-m", "armata_rules.entry", "-q", "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout == from_parser == version_text() + "\n"


@pytest.mark.parametrize(
    ("argv", "fast"),
    [
        (["--version"], True),
        (["-q", "--version"], True),
        (["--version", "board"], True),  # argparse too answers as soon as it reads --version
        (["-h", "--version"], False),  # argparse prints the help first
        (["board", "--version"], False),  # an error: board has no --version
        (["--versio"], False),
        ([], False),
    ],
)
def test_only_a_plain_version_request_takes_the_fast_path(argv: list[str], fast: bool) -> None:
    assert asks_for_version(argv) is fast


# Refusals


def test_a_refusal_leads_with_the_problem_and_cites_after(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record.read_text(encoding="utf-8"))
    data["actions"][0]["site"] = "C:0,0"  # not a ladder site: refused by the rules
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(broken)]) == 1  # a record that does not replay: a failed check
    err = capsys.readouterr().err
    head = f"armata-rules: error: {broken}: actions[0]: refused by the rules: "
    assert err.startswith(head) and len(err.splitlines()) == 1
    problem, _, cited = err.removeprefix(head).partition(" (rule ")
    assert "C:0,0" in problem and not re.search(r"(peg19|sb19)\.[a-z]{2}:\d", problem)
    assert re.fullmatch(r"[\w.]+: (?:(?:peg19|sb19)\.[a-z]{2}:\d+(?:-\d+)?(?:, )?)+\)\n", cited), cited


def test_a_ctrl_c_wrapped_while_a_class_is_made_is_still_an_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seen under load in the Ctrl-C test: a SIGINT during networkx's import landed in a descriptor's
    ``__set_name__``, which Python reports as ``RuntimeError`` caused by the ``KeyboardInterrupt``."""
    import builtins

    from armata_rules import entry

    real_import = builtins.__import__

    def interrupted_import(name: str, *args: object, **kwargs: object) -> object:
        if name == "armata_rules.cli":
            try:
                raise KeyboardInterrupt
            except KeyboardInterrupt as err:
                raise RuntimeError("Error calling __set_name__ on 'cached_property' instance 'adj'") from err
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", interrupted_import)
    assert entry.run(["board"]) == entry.INTERRUPTED
    assert capsys.readouterr().err == "armata-rules: interrupted\n"
    assert not entry.interrupted_underneath(RuntimeError("another problem"))
