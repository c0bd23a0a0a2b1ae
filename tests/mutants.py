"""The mutation score of the rules, counted honestly: ``python -m tests.mutants report`` and ``... sample``.

``make mutants`` (mutmut 3) mutates ``armata_rules/effects.py``, ``armata_rules/rules/*`` and the kernel's engine
loop (``kernel/play``: dispatch, settle, flow, handlers, kernels) and runs the rule-level tests against each mutant; a
full run takes hours on two cores, and mutmut keeps each result, so a run resumes.

- ``report [--dir DIR] [--results FILE ...] [--current LISTING]`` reads ``mutmut results --all true`` in ``DIR``
  (the checkout mutmut ran in), or saved listings and run logs (merged in order: mutmut forgets its results when the
  code it mutates changes, so runs on successive commits are kept as files; ``--current`` keeps only the mutants the
  code generates now), and the hand triage in ``tests/data/mutants_triage.toml``, and prints per module: killed,
  survived, triaged as equivalent or unreachable (or killed by a test mutmut does not see fail, "by hand", each with
  the test and why), not yet run; then the kill rate over the mutants that can be killed (killed / (killed +
  survivors not triaged)), and every untriaged survivor by name. A triage entry counts only while its mutated line
  is still the one ``mutmut show`` prints (else it is reported stale).
- ``sample --count N [--seed S] [--dir DIR]`` prints ``N`` names drawn at random (seeded) among the mutants not yet
  run, for a run that estimates the rest: ``make mutants MUTANTS="$(python -m tests.mutants sample --count 400)"``.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

TRIAGE = Path(__file__).parent / "data" / "mutants_triage.toml"
KINDS = ("equivalent", "unreachable", "killed")
_MUTANT = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+?)\s*$")
#: A line of a ``mutmut run`` log: its mark, then the mutant's name.
_LOGGED = re.compile(r"^(?P<mark>🎉|🙁|⏰|🫥|🔇|🤔) (?P<name>armata_rules\.\S+)\s*$")
_LOG_STATUS = {"🎉": "killed", "🙁": "survived", "⏰": "timeout", "🫥": "no tests", "🔇": "skipped", "🤔": "suspicious"}


@dataclass(frozen=True)
class Triage:
    """A survivor checked by hand: the mutated line it was checked with, its kind and the reason."""

    name: str
    line: str
    kind: str
    reason: str


def read_triage(path: Path = TRIAGE) -> dict[str, Triage]:
    """The triage file's entries by mutant name; a malformed entry stops with the entry's index and the problem."""
    entries: dict[str, Triage] = {}
    for index, raw in enumerate(tomllib.loads(path.read_text(encoding="utf-8")).get("mutant", [])):
        missing = [key for key in ("name", "line", "kind", "reason") if not isinstance(raw.get(key), str)]
        if missing:
            raise ValueError(f"{path}: mutant[{index}]: missing or not text: {', '.join(missing)}")
        if raw["kind"] not in KINDS:
            raise ValueError(f"{path}: mutant[{index}]: kind must be one of {', '.join(KINDS)}, not {raw['kind']!r}")
        if raw["name"] in entries:
            raise ValueError(f"{path}: mutant[{index}]: {raw['name']} is listed twice")
        entries[raw["name"]] = Triage(raw["name"], raw["line"].strip(), raw["kind"], raw["reason"])
    return entries


def parse_results(text: str) -> dict[str, str]:
    """``{mutant name: status}`` from the output of ``mutmut results --all true``."""
    found: dict[str, str] = {}
    for line in text.replace("\r", "\n").splitlines():
        match = _MUTANT.match(line)
        if match and match["name"].startswith("armata_rules."):
            found[match["name"]] = match["status"]
            continue
        logged = _LOGGED.match(line)
        if logged:
            found[logged["name"]] = _LOG_STATUS[logged["mark"]]
    return found


def module_of(name: str) -> str:
    """``armata_rules.rules.fights`` for ``armata_rules.rules.fights.xǁFightRulesǁguard__mutmut_14``."""
    return re.sub(r"\.x[_ǁ].*$", "", name)


@dataclass(frozen=True)
class Score:
    """Counts per module (killed, survived, triaged, not run) and the survivors nobody triaged."""

    rows: dict[str, Counter[str]]
    untriaged: tuple[str, ...]
    stale: tuple[str, ...]

    @property
    def total(self) -> Counter[str]:
        found: Counter[str] = Counter()
        for counts in self.rows.values():
            found.update(counts)
        return found

    @staticmethod
    def rate(counts: Mapping[str, int]) -> float | None:
        """Killed over killable (killed + untriaged survivors); ``None`` before any mutant ran."""
        killable = counts.get("killed", 0) + counts.get("survived", 0)
        return None if killable == 0 else counts.get("killed", 0) / killable


def score(results: Mapping[str, str], triage: Mapping[str, Triage], lines: Mapping[str, str]) -> Score:
    """Sort every mutant into killed, survived (untriaged), triaged or not run; ``lines`` holds the mutated line of
    each survivor (as ``mutmut show`` prints it), to tell a current triage entry from a stale one."""
    rows: dict[str, Counter[str]] = {}
    untriaged: list[str] = []
    stale: list[str] = []
    for name in sorted(results):
        status = results[name]
        counts = rows.setdefault(module_of(name), Counter())
        if status == "killed":
            counts["killed"] += 1
        elif status in ("survived", "suspicious", "timeout"):
            entry = triage.get(name)
            if entry is not None and entry.line == lines.get(name, "").strip():
                counts["killed" if entry.kind == "killed" else "triaged"] += 1
                counts["by hand"] += entry.kind == "killed"
                continue
            if entry is not None:
                stale.append(name)
            counts["survived"] += 1
            untriaged.append(name)
        elif status == "no tests":
            counts["no tests"] += 1
        else:
            counts["not run"] += 1
    return Score(rows, tuple(untriaged), tuple(stale))


def mutmut(folder: Path, *args: str) -> str:
    """The output of ``mutmut ARGS`` run in ``folder`` (the checkout holding ``mutants/``)."""
    command = [str(Path(sys.executable).with_name("mutmut")), *args]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"mutmut {' '.join(args)} failed in {folder}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


def mutated_line(show: str) -> str:
    """The first added line of a ``mutmut show`` diff, stripped."""
    for line in show.splitlines():
        if line.startswith("+") and not line.startswith("+++"):
            return line[1:].strip()
    return ""


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def render(found: Score) -> str:
    """The report's text: one row per module, the total, then the untriaged and stale survivors."""
    header = (
        f"{'module':<40} {'killed':>7} {'by hand':>7} {'survived':>8} {'triaged':>7} {'no tests':>8} {'not run':>7} "
        f"{'rate':>7}"
    )
    out = [header]
    for module, counts in [*sorted(found.rows.items()), ("total", found.total)]:
        out.append(
            f"{module:<40} {counts['killed']:>7} {counts['by hand']:>7} {counts['survived']:>8} {counts['triaged']:>7} "
            f"{counts['no tests']:>8} {counts['not run']:>7} {_percent(Score.rate(counts)):>7}"
        )
    out += ["", f"untriaged survivors: {len(found.untriaged)}", *(f"  {name}" for name in found.untriaged)]
    if found.stale:
        out += [f"stale triage entries (line changed): {len(found.stale)}", *(f"  {name}" for name in found.stale)]
    return "\n".join(out)


def sample(results: Mapping[str, str], count: int, seed: int) -> list[str]:
    """``count`` names drawn with ``random.Random(seed)`` among the mutants not yet run, sorted."""
    pending = sorted(name for name, status in results.items() if status == "not checked")
    return sorted(random.Random(seed).sample(pending, min(count, len(pending))))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutants", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    report = commands.add_parser("report", help="the kill rate over killable mutants, per module")
    report.add_argument("--dir", type=Path, default=Path.cwd(), help="the checkout mutmut ran in (default: here)")
    report.add_argument("--triage", type=Path, default=TRIAGE)
    report.add_argument(
        "--results",
        type=Path,
        action="append",
        default=[],
        help="a saved 'mutmut results --all true' listing (or a run's log of 🎉/🙁 lines) instead of asking mutmut; "
        "repeat it to merge runs, a later file overriding an earlier one for the mutants it names",
    )
    report.add_argument(
        "--current",
        type=Path,
        help="a 'mutmut results --all true' listing of the mutants the code generates now: results of any other "
        "mutant (code that moved or went) are left out and counted, and the ones it lists without a result count as "
        "not run",
    )
    draw = commands.add_parser("sample", help="names of mutants not yet run, drawn at random")
    draw.add_argument("--count", type=int, required=True)
    draw.add_argument("--seed", type=int, default=28)
    draw.add_argument("--dir", type=Path, default=Path.cwd())
    args = parser.parse_args(argv)
    outdated = 0
    if args.command == "report" and args.results:
        results: dict[str, str] = {}
        for path in args.results:
            results |= parse_results(path.read_text(encoding="utf-8"))
        if args.current is not None:
            current = parse_results(args.current.read_text(encoding="utf-8"))
            outdated = sum(name not in current for name in results)
            results = current | {name: status for name, status in results.items() if name in current}
    else:
        results = parse_results(mutmut(args.dir, "results", "--all", "true"))
    if not results:
        raise SystemExit(f"mutmut lists no mutants in {args.dir}: run `make mutants` there first (it generates them)")
    if args.command == "sample":
        print("\n".join(sample(results, args.count, args.seed)))
        return 0
    survivors: Iterable[str] = (name for name, status in results.items() if status != "killed")
    lines: dict[str, str] = {}
    gone: list[str] = []
    for name in survivors:
        if results[name] != "survived":
            continue
        try:
            lines[name] = mutated_line(mutmut(args.dir, "show", name))
        except SystemExit:  # a saved log names a mutant of code that has moved or gone: it is no mutant now
            gone.append(name)
    for name in gone:
        del results[name]
    print(render(score(results, read_triage(args.triage), lines)))
    if gone or outdated:
        print(f"left out: {len(gone) + outdated} results of mutants the code no longer generates (their code moved)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
