"""What every game's soak shares: the report of very long checked play, and its command line.

A game's soak plays many games with its bots and, after each decision, checks its invariants, that a live state
offers a legal action, that ``apply`` left its input alone and that its termination variants fall. It counts what went
wrong by kind in a :class:`SoakReport` (a game extends it with its own counters and lines) and keeps the first few
accounts of each kind for a person to read. :func:`soak_main` is its ``python -m`` entry point: the figures, then
exit status 0 when nothing was wrong and 1 otherwise (2 for a bad argument, 130 on Ctrl-C, 141 when the reader of its
output went away).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from armata_rules.kernel.cli.app import EXIT_CLOSED_PIPE, EXIT_INTERRUPTED, silence_stdout
from armata_rules.kernel.play.engine import Engine

__all__ = ["KEPT_PER_KIND", "PROBLEM_KINDS", "SoakReport", "reload_problem", "soak_main"]

#: The kinds of problem that make a soak fail: an exception from the engine, a live state with no legal action, a
#: game over the decision cap, a broken invariant or variant.
PROBLEM_KINDS = ("crashes", "stuck", "hangs", "violations")
#: Accounts kept per kind of problem.
KEPT_PER_KIND = 5


@dataclass
class SoakReport:
    """What a soak saw: decisions checked, games begun and finished, problems by kind, action kinds taken."""

    decisions: int = 0
    games: int = 0
    finished: int = 0
    crashes: int = 0
    stuck: int = 0
    hangs: int = 0
    violations: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        """No crash, stuck state, hang or violation."""
        return not any(getattr(self, kind) for kind in PROBLEM_KINDS)

    def note(self, kind: str, account: str) -> None:
        """Count a problem of ``kind`` (a counter of the report) and keep its account while few of that kind are."""
        setattr(self, kind, getattr(self, kind) + 1)
        if sum(p.startswith(kind) for p in self.problems) < KEPT_PER_KIND:
            self.problems.append(f"{kind}: {account}")

    @property
    def rate(self) -> float:
        """Decisions per second."""
        return self.decisions / self.seconds if self.seconds else 0.0

    def decisions_line(self) -> str:
        """The first line: decisions checked and how fast."""
        return f"decisions  {self.decisions:,} ({self.rate:,.0f}/s)"

    def games_line(self) -> str:
        """The second line: games begun and finished."""
        return f"games      {self.games:,} ({self.finished:,} finished)"

    def more_lines(self) -> list[str]:
        """A game's own figures, printed after the problem counts."""
        return []

    def lines(self) -> list[str]:
        """The figures, one per line, then the problems kept."""
        return [
            self.decisions_line(),
            self.games_line(),
            *(f"{kind:<10} {getattr(self, kind)}" for kind in PROBLEM_KINDS),
            *self.more_lines(),
            f"action kinds seen: {', '.join(f'{k} {n:,}' for k, n in sorted(self.kinds.items()))}",
            *self.problems,
        ]


Report = TypeVar("Report", bound=SoakReport)


def soak_main(
    prog: str,
    description: str,
    run: Callable[[int, int, Callable[[Report], None] | None], Report],
    argv: Sequence[str] | None = None,
    *,
    default_decisions: int,
) -> int:
    """``python -m PROG --decisions N --seed S``: ``run(decisions, seed, progress)`` with a progress bar on the
    terminal while it runs (none in a log), then the report's lines; 0 when clean, 1 otherwise."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--decisions", type=int, default=default_decisions, help="decisions to play and check")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)
    if args.decisions < 1:
        parser.error(f"--decisions must be at least 1, not {args.decisions}")
    if args.seed < 0:
        parser.error(f"--seed must be 0 or more, not {args.seed}")
    try:
        report = _run_with_bar(run, args.decisions, args.seed)
        print("\n".join(report.lines()))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader of the figures went away (``| head``)
        silence_stdout()
        return EXIT_CLOSED_PIPE
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0 if report.clean else 1


def _run_with_bar(
    run: Callable[[int, int, Callable[[Report], None] | None], Report], decisions: int, seed: int
) -> Report:
    """``run`` with a progress bar on a terminal (none in a log or a pipe)."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console()
    with Progress(
        TextColumn("soak"),
        BarColumn(),
        TextColumn("{task.completed:,}/{task.total:,}"),
        TimeRemainingColumn(),
        transient=True,
        console=console,
        disable=not console.is_terminal,
    ) as shown:
        task = shown.add_task("soak", total=decisions)
        return run(decisions, seed, lambda r: shown.update(task, completed=r.decisions))


def reload_problem(engine: Engine[Any, Any], state: Any) -> str | None:
    """Why ``state``, a state of play saved as JSON (its ``to_json``) and loaded back through the engine's checks
    (:meth:`~armata_rules.kernel.play.engine.Engine.state_from_json`), is refused or comes back different; ``None``
    when it loads back equal. A soak asks it now and then: the loader's checks must accept every state the rules
    make, and a check that refuses one is a defect a user would meet on loading a saved game."""
    try:
        again = engine.state_from_json(json.loads(json.dumps(state.to_json())), "saved state")
    except Exception as err:  # any refusal or failure of the loader is the finding
        return f"does not load back: {type(err).__name__}: {str(err)[:300]}"
    return None if again == state else "loads back different"
