"""The project's own bounded fuzzers: damaged files, state files, actions and command lines, run in this process.

Every target makes one input from a seeded generator (``random.Random(f"{seed}:{target}:{n}")``, so any try can be
run again alone) and feeds it to the entry point a user or a program would use. A try is *clean* when the entry
point accepts the input or refuses it the documented way: the command line with exit status 0, 1 or 2 and no
exception escaping ``main``; the API with its own error types and a one-line message. Anything else is a
*traceback*; a try that runs past its time limit (SIGALRM) is a *hang*.

``python -m tests.fuzz --seconds 240`` (``make fuzz``) shares the time among the targets and prints, per target,
how many inputs were tried, clean, tracebacks and hangs, with the first failing tries; it exits 1 if any try
failed. ``tests/test_fuzz.py`` runs a few tries of every target in ``make test``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import FrameType
from typing import Any

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import ACTION_TYPES, Action, check_action_types
from armata_rules.board.loader import LayoutError, load_layout
from armata_rules.cli import main
from armata_rules.components.pack import DataPackError, load_pack
from armata_rules.records import GameRecord
from armata_rules.state import StateFileError
from armata_rules.translations.sources import FILES, default_folder

PACKAGE = Path(__file__).resolve().parents[1] / "armata_rules"
LAYOUT = PACKAGE / "board" / "data" / "default.toml"
PACK = PACKAGE / "components" / "data" / "default_pack.toml"

#: Text that has broken parsers and pages before: markup, escapes, lone surrogates, huge and odd numbers.
HOSTILE = (
    "",
    " ",
    "\x00",
    "\ud800",
    "<!--<script>",
    '"><img src=x>',
    "'; DROP TABLE results; --",
    "../../etc/passwd",
    "C:0,0",
    "NE:9,9",
    "9" * 30,
    "-1",
    "0",
    "1e309",
    "NaN",
    "🐺",
    "\u202e",
    "a" * 5000,
)


class Hang(BaseException):
    """A try ran past its time limit (a BaseException, so no ``except Exception`` of the code under test eats it)."""


@dataclass
class Tally:
    """What one target's tries gave."""

    target: str
    tried: int = 0
    clean: int = 0
    tracebacks: int = 0
    hangs: int = 0
    failures: list[str] = field(default_factory=list)


@dataclass
class Try:
    """One try: its random generator and a scratch folder of its own."""

    rng: random.Random
    folder: Path


@contextlib.contextmanager
def time_limit(seconds: float, error: type[BaseException] = Hang) -> Iterator[None]:
    """Raise ``error`` in the block if it runs longer than ``seconds`` (SIGALRM: the main thread only)."""

    def ring(signum: int, frame: FrameType | None) -> None:
        raise error(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Refused(Exception):
    """What a target raises when the entry point broke its contract without an exception (a wrong exit status, a
    message of several lines): counted as a traceback."""


def _one_line(err: BaseException) -> None:
    if "\n" in str(err):
        raise Refused(f"{type(err).__name__} of several lines: {str(err)[:200]!r}")


def _cli(argv: list[str]) -> None:
    """Run the command line; a status other than 0, 1, 2 or an error of several lines is a contract break."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    if status not in (0, 1, 2):
        raise Refused(f"exit status {status} for {argv!r}: {err.getvalue()[-300:]!r}")
    errors = [line for line in err.getvalue().splitlines() if line.startswith("armata-rules: error:")]
    if status == 2 and not errors and "usage:" not in err.getvalue():
        raise Refused(f"exit 2 without an error line for {argv!r}: {err.getvalue()[-300:]!r}")


# -------------------------------------------------------------------------------------------- damaging text


def _write(path: Path, text: str) -> None:
    """Write ``text`` as UTF-8; a lone surrogate becomes the bytes a broken encoder would leave (not valid UTF-8)."""
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


def damage_text(rng: random.Random, text: str) -> str:
    """``text`` with a few edits of the kinds that break parsers: cuts, swaps, hostile values, repeats."""
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        at = rng.randrange(len(text) + 1)
        if roll < 0.15:
            text = text[:at]
        elif roll < 0.35:
            end = min(len(text), at + rng.randint(1, 40))
            text = text[:at] + rng.choice(HOSTILE) + text[end:]
        elif roll < 0.5:
            text = text[:at] + rng.choice(HOSTILE) + text[at:]
        elif roll < 0.6:
            end = min(len(text), at + rng.randint(1, 400))
            text = text[:at] + text[at:end] * rng.randint(2, 5) + text[end:]
        elif roll < 0.75:
            lines = text.splitlines(keepends=True)
            if lines:
                del lines[rng.randrange(len(lines))]
            text = "".join(lines)
        elif roll < 0.9:
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + rng.choice(("0", "-1", "7", "99999999999999999999", "2.5")) + text[i + 1 :]
        else:
            chars = list(text)
            for _ in range(rng.randint(1, 8)):
                if chars:
                    chars[rng.randrange(len(chars))] = chr(rng.randrange(0x20, 0x2FF))
            text = "".join(chars)
    return text


def damage_data(rng: random.Random, data: Any, depth: int = 0) -> Any:
    """``data`` (parsed JSON) with one value somewhere replaced, removed or given another type."""
    if isinstance(data, dict) and data:
        name = rng.choice(sorted(data, key=str))
        if rng.random() < 0.7 and depth < 12:
            return {**data, name: damage_data(rng, data[name], depth + 1)}
        if rng.random() < 0.5:
            return {k: v for k, v in data.items() if k != name}
        return {**data, rng.choice(("extra", name + "_", "")): _any_value(rng)}
    if isinstance(data, list) and data:
        index = rng.randrange(len(data))
        copy = list(data)
        roll = rng.random()
        if roll < 0.6 and depth < 12:
            copy[index] = damage_data(rng, copy[index], depth + 1)
        elif roll < 0.8:
            del copy[index]
        else:
            copy.insert(index, copy[index] if rng.random() < 0.5 else _any_value(rng))
        return copy
    return _any_value(rng)


def _any_value(rng: random.Random) -> Any:
    return rng.choice(
        (
            None,
            True,
            0,
            -1,
            2**63,
            -(2**70),
            1.5,
            float("inf"),
            "",
            rng.choice(HOSTILE),
            [],
            {},
            [[[[]]]],
            {"a": {"b": None}},
        )
    )


# ----------------------------------------------------------------------------------------------- targets


def _layout(t: Try) -> None:
    path = t.folder / t.rng.choice(("layout.toml", "layout.json"))
    if path.suffix == ".toml":
        _write(path, damage_text(t.rng, LAYOUT.read_text(encoding="utf-8")))
    else:
        import tomllib

        data = tomllib.loads(LAYOUT.read_text(encoding="utf-8"))
        _write(path, json.dumps(damage_data(t.rng, data), ensure_ascii=t.rng.random() < 0.5))
    try:
        load_layout(path)
    except LayoutError as err:
        _one_line(err)
        return
    _cli(["board", "--layout", str(path), "--svg", str(t.folder / "board.svg")])


def _pack(t: Try) -> None:
    path = t.folder / "pack.toml"
    _write(path, damage_text(t.rng, PACK.read_text(encoding="utf-8")))
    try:
        load_pack(path)
    except DataPackError as err:
        _one_line(err)


_RECORDS: dict[int, str] = {}


def _record_text(seed: int) -> str:
    """A short real game's record (cached per seed)."""
    if seed not in _RECORDS:
        game = Game.new(("Roel", "Matthew"), ruleset=editions.ALL[seed % len(editions.ALL)], seed=seed)
        state, played, rng = game.initial_state(), [], random.Random(seed)
        while not state.is_over and len(played) < 120:
            action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            played.append(action)
        _RECORDS[seed] = json.dumps(GameRecord.of(game, played, state).to_json())
    return _RECORDS[seed]


def _record(t: Try) -> None:
    text = _record_text(t.rng.randrange(4))
    path = t.folder / "game.json"
    if t.rng.random() < 0.5:
        _write(path, json.dumps(damage_data(t.rng, json.loads(text))))
    else:
        _write(path, damage_text(t.rng, text))
    argv = ["replay", str(path)]
    if t.rng.random() < 0.3:
        argv += ["--html", str(t.folder / "game.html")]
    _cli(argv)


_GAMES: dict[int, tuple[Game, list[Any]]] = {}


def _states(seed: int) -> tuple[Game, list[Any]]:
    """A game and the states of a random play of it (cached per seed)."""
    if seed not in _GAMES:
        heroes = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")[: 2 + seed % 4]
        game = Game.new(heroes, ruleset=editions.ALL[seed % len(editions.ALL)], seed=seed)
        state, states, rng = game.initial_state(), [], random.Random(seed)
        while not state.is_over and len(states) < 400:
            states.append(state)
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state)
        _GAMES[seed] = (game, states)
    return _GAMES[seed]


def _state_file(t: Try) -> None:
    game, states = _states(t.rng.randrange(4))
    data = damage_data(t.rng, states[t.rng.randrange(len(states))].to_json())
    try:
        state = game.state_from_json(json.loads(json.dumps(data)))
    except StateFileError as err:
        _one_line(err)
        return
    actions = game.legal_actions(state)
    if actions:  # a state that loads is played on like any other
        game.apply(state, t.rng.choice(actions))


def _field_value(rng: random.Random, name: str, legal: list[Action]) -> object:
    seen = [getattr(a, name) for a in legal if hasattr(a, name)]
    if seen and rng.random() < 0.5:
        return rng.choice(seen)
    return rng.choice((0, 1, 4, -1, 2**64, 10**5000, True, None, 1.0, "0", rng.choice(HOSTILE), (), b"x"))


def _action(t: Try) -> None:
    game, states = _states(t.rng.randrange(4))
    state = states[t.rng.randrange(len(states))]
    legal = game.legal_actions(state)
    kind = t.rng.choice(sorted(ACTION_TYPES))
    cls = ACTION_TYPES[kind]
    values = {f.name: _field_value(t.rng, f.name, legal) for f in fields(cls)}
    try:
        action = cls(**values)
    except TypeError:
        return  # the dataclass itself refused the arguments
    # an action equal to a legal one but with a field of another type (True for 1) is not legal: it is refused
    is_legal = action in legal and check_action_types(action) is None
    try:
        after = game.apply(state, action)
    except (RuleViolation, TypeError) as err:
        if is_legal:
            raise Refused(f"a legal action was refused: {action!r}: {err}") from None
        _one_line(err)
        return
    if not is_legal:
        raise Refused(f"an action not in legal_actions was played: {action!r}")
    if not after.is_over and not game.legal_actions(after):
        raise Refused(f"no legal action after {action!r}")


_SCANS = ("peg19.en", "peg19.de", "peg19.it", "sb19.en")


def _scan(t: Try) -> None:
    folder = default_folder()
    source = t.rng.choice(_SCANS)
    edition, lang = source.split(".")
    from armata_rules.translations.sources import SOURCES

    section = next(s for s in SOURCES if s.source == source)
    lines = (folder / FILES[edition]).read_text(encoding="utf-8").splitlines()[section.first - 1 : section.last]
    start = t.rng.randrange(len(lines))
    piece = "\n".join(lines[start : start + t.rng.randint(1, 200)])
    roll = t.rng.random()
    if roll < 0.2:
        piece = piece * t.rng.randint(2, 9)  # pages scanned again and again
    elif roll < 0.3:
        piece = "\n".join(str(t.rng.randint(0, 40)) for _ in range(t.rng.randint(1, 3000)))
    path = t.folder / "scan.txt"
    raw = damage_text(t.rng, piece).encode("utf-8", "surrogatepass")
    if t.rng.random() < 0.1:
        raw = bytes(t.rng.randrange(256) for _ in range(t.rng.randint(0, 2000)))
    path.write_bytes(raw)
    spec = f"{path}:{lang}" + (f":{edition}" if t.rng.random() < 0.5 else "")
    _cli(["ambiguities", "--source", spec, "--format", t.rng.choice(("json", "markdown", "text"))])


def _rulebooks(t: Try) -> None:
    source = default_folder()
    for name in FILES.values():
        shutil.copy(source / name, t.folder / name)
    victim = t.folder / t.rng.choice(sorted(FILES.values()))
    roll = t.rng.random()
    if roll < 0.2:
        victim.write_bytes(victim.read_bytes()[: t.rng.randrange(victim.stat().st_size)])
    elif roll < 0.3:
        victim.unlink()
        if t.rng.random() < 0.5:
            os.mkfifo(victim)
    else:
        _write(victim, damage_text(t.rng, victim.read_text(encoding="utf-8")))
    _cli(["ambiguities", "--rulebooks", str(t.folder), "--format", "json"])


def _paths(t: Try, output: bool = False) -> list[str]:
    """Paths to give an option: junk, a FIFO, a folder, a device, nothing. An output option gets no FIFO: writing
    to one waits for its reader, as any Unix writer does (``--svg /dev/stdout | ...`` relies on it)."""
    junk = t.folder / "junk.txt"
    _write(junk, damage_text(t.rng, "x = 1\n"))
    fifo = t.folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    paths = [str(junk), str(t.folder), "/nonexistent/x.json", str(t.folder / "out.svg"), ""]
    return paths + ([str(t.folder / "out.png"), "/dev/full"] if output else [str(fifo), "/dev/zero"])


_OUTPUTS = ("--svg", "--html", "--out", "--plot", "--save-records", "--store")


def _argv(t: Try) -> list[str]:
    """A command line: a subcommand with a random choice of its options, values valid and not."""
    rng = t.rng
    paths, outputs = _paths(t), _paths(t, output=True)
    counts = ["0", "1", "2", "-1", "x", "3.5", "99999999999999999999999", "9223372036854775807"]
    values: dict[str, list[str]] = {
        "--heroes": ["2", "3", "5", "6", "1", "x", "2-3", "5-2", "2-", "", "²", "2-99999999999"],
        "--games": counts[:2] + counts[3:],
        "--seed": [*counts, "-9223372036854775809"],
        "--workers": counts,
        "--max-rounds": counts,
        "--max-decisions": counts,
        "--edition": ["peg19.en", "sb19.en", "peg19.xx", ""],
        "--baseline": ["peg19.en", "nope"],
        "--bot": ["greedy", "random", "abilities", "x"],
        "--backend": ["local", "ray", "x"],
        "--address": ["127.0.0.1:1"],
        "--verify": counts,
        "--lang": ["en", "it", "xx"],
        "--format": ["json", "markdown", "text", "xml"],
        "--severity": ["changes-play", "cosmetic,unreviewed", "grave", ""],
        "--kind": ["scope", "quantifier,timing", "scoep", ","],
        "--reading": ["ability_timing", "unmodelled", "strigoi_after_encounter", "x"],
        "--rules-url": ["docs/", "https://example.org/armata/", ""],
        "--ladder": ["C:0,0", "NE:9,9", "x"],
        "--rotate": ["NE:1", "NE:99", "x:1", "x"],
    }
    commands: dict[str, list[str]] = {
        "simulate": [
            *("--heroes", "--games", "--seed", "--workers", "--max-rounds", "--max-decisions", "--edition"),
            *("--bot", "--backend", "--address", "--store", "--save-records", "--verify", "--json"),
        ],
        "study readings": ["--heroes", "--seed", "--baseline", "--bot", "--out", "--plot", "--json", "--store"],
        "board": ["--layout", "--svg", "--ladder", "--rotate", "--json"],
        "study editions": ["--seed", "--bot", "--out", "--json", "--store"],
        "replay": ["FILE", "--pack", "--layout", "--html", "--rules-url", "--json"],
        "ambiguities": [
            *("--source", "--lang", "--edition", "--format", "--json"),
            *("--severity", "--kind", "--reading"),
        ],
    }
    command = rng.choice(sorted(commands))
    argv = command.split()
    if command == "study readings":
        argv += ["--games", rng.choice(["0", "1", "-1", "x", "1000000"])]
        argv += ["--heroes", rng.choice(["2", "6", "5-2", "²"])]
    if command == "study editions":  # a few games at most: every preset plays each seed
        argv += ["--games", rng.choice(["0", "1", "-1", "x"])]
        argv += ["--heroes", rng.choice(["2", "6", "5-2", "²"])]
    if command == "simulate":
        argv += ["--games", rng.choice(["1", "2"])]
    for option in rng.sample(commands[command], rng.randint(0, len(commands[command]))):
        if option in ("--json",):
            argv.append(option)
        elif option == "FILE":
            argv.append(rng.choice(paths))
        elif option in values and rng.random() < 0.85:
            argv += [option, rng.choice(values[option])]
        else:
            argv += [option, rng.choice((outputs if option in _OUTPUTS else paths) + list(HOSTILE[:8]))]
    if rng.random() < 0.1:
        argv.insert(rng.randrange(len(argv) + 1), rng.choice(("--nope", "-x", "--", "--help", "--version")))
    return argv


def _command_line(t: Try) -> None:
    _cli(_argv(t))


#: Each target, the time limit of one try (seconds), and what it feeds.
TARGETS: dict[str, tuple[Callable[[Try], None], float]] = {
    "layout files": (_layout, 30.0),
    "pack files": (_pack, 30.0),
    "record files": (_record, 60.0),
    "state files": (_state_file, 30.0),
    "actions": (_action, 30.0),
    "scans": (_scan, 60.0),
    "rulebook folders": (_rulebooks, 120.0),
    "command lines": (_command_line, 120.0),
}


def run(target: str, seed: int = 0, tries: int | None = None, seconds: float | None = None) -> Tally:
    """Fuzz ``target`` for ``tries`` inputs or ``seconds`` (whichever ends first; at least one try)."""
    work, limit = TARGETS[target]
    tally = Tally(target)
    deadline = time.monotonic() + seconds if seconds is not None else None
    n = 0
    while (tries is None or n < tries) and (deadline is None or n == 0 or time.monotonic() < deadline):
        with tempfile.TemporaryDirectory(prefix="armata-fuzz-") as scratch:
            one = Try(random.Random(f"{seed}:{target}:{n}"), Path(scratch))
            tally.tried += 1
            try:
                with contextlib.chdir(scratch), time_limit(limit):  # a relative path an input names lands there
                    work(one)
                tally.clean += 1
            except Hang:
                tally.hangs += 1
                tally.failures.append(f"{target} seed {seed} try {n}: hang (over {limit} s)")
            except (Exception, SystemExit) as err:  # anything escaping the entry point is what we look for
                tally.tracebacks += 1
                where = traceback.extract_tb(err.__traceback__)[-1]
                tally.failures.append(
                    f"{target} seed {seed} try {n}: {type(err).__name__}: {str(err)[:300]} "
                    f"({Path(where.filename).name}:{where.lineno})"
                )
        n += 1
    return tally


def report(tallies: list[Tally], out: Any = sys.stdout) -> None:
    """The table of counts, then the first failures of each target."""
    print(f"{'target':<18}{'tried':>8}{'clean':>8}{'tracebacks':>12}{'hangs':>8}", file=out)
    for t in tallies:
        print(f"{t.target:<18}{t.tried:>8}{t.clean:>8}{t.tracebacks:>12}{t.hangs:>8}", file=out)
    total = [sum(getattr(t, name) for t in tallies) for name in ("tried", "clean", "tracebacks", "hangs")]
    print(f"{'total':<18}{total[0]:>8}{total[1]:>8}{total[2]:>12}{total[3]:>8}", file=out)
    for t in tallies:
        for line in t.failures[:5]:
            print(line, file=out)


def cli(argv: list[str] | None = None) -> int:
    """``python -m tests.fuzz``: every target (or those named) for a share of ``--seconds``."""
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=240.0, help="time for all targets together (default 240)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--target", action="append", choices=sorted(TARGETS), help="only this target (repeatable)")
    args = parser.parse_args(argv)
    targets = args.target or list(TARGETS)
    tallies = []
    for name in targets:
        tallies.append(run(name, args.seed, seconds=args.seconds / len(targets)))
        print(f"{name}: {tallies[-1].tried} tried", file=sys.stderr, flush=True)
    report(tallies)
    return 1 if any(t.tracebacks or t.hangs for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(cli())
