"""How many copies of the engine's immutable values a decision makes, and where: the cost that a different state
representation (one working copy per ``apply``) would remove, measured before anyone builds it.

    .venv/bin/python bench/state_copies.py --decisions 20000

The games are ``bench/bench_engine.py``'s mix (every preset and 2 to 5 heroes in turn, random legal actions, chance
by the seeded generator). Every copy made through :func:`armata_rules.immutable.replace` (the only way the rules make
a changed value) is counted, by the class copied, by the kind of decision whose ``apply`` or listing made it, and
by the place in the rules that asked for it. Printed: copies per decision of each class, game states copied per
decision of each kind, the places that copy the game state most, and what one game-state copy and one history
line cost here (``timeit``, median of five), so that their share of a decision can be read against
``bench/decision_costs.py``. Counting only, nothing timed but the two costs, nothing asserted.

The counter wraps the copying function where the rule modules look it up, which a compiled module does not do:
on the compiled build this says so and stops.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import timeit
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import new_game

from armata_rules import build
from armata_rules.kernel.core import immutable
from armata_rules.kernel.play import flow
from armata_rules.state import GameState

#: Modules whose frames are the copying machinery, not the rule that asked for a copy.
_MACHINERY = (immutable.__file__, flow.__file__)


class CopyCounter:
    """Counts the copies made through ``replace_fields`` while installed (:meth:`install`)."""

    def __init__(self) -> None:
        self.by_class: Counter[str] = Counter()
        self.states_by_kind: Counter[str] = Counter()
        self.states_by_place: Counter[str] = Counter()
        self.kind = "setup"
        self._original: Callable[[Any, dict[str, Any]], Any] = immutable.replace_fields

    def install(self) -> None:
        """Put the counting copier wherever a module of the package holds the original."""
        for name, module in list(sys.modules.items()):
            if name.startswith("armata_rules") and getattr(module, "replace_fields", None) is self._original:
                setattr(module, "replace_fields", self._counted)  # noqa: B010 - a module attribute, by name

    def _counted(self, obj: Any, changes: dict[str, Any], /) -> Any:
        self.by_class[type(obj).__name__] += 1
        if type(obj) is GameState:
            self.states_by_kind[self.kind] += 1
            self.states_by_place[_asker(sys._getframe(1))] += 1
        return self._original(obj, changes)


def _asker(frame: FrameType | None) -> str:
    """``module.py:line function`` of the first caller outside the copying machinery."""
    while frame is not None and frame.f_code.co_filename in _MACHINERY:
        frame = frame.f_back
    if frame is None:
        return "?"
    path = Path(frame.f_code.co_filename)
    return f"{path.parent.name}/{path.name}:{frame.f_lineno} {frame.f_code.co_name}"


def count(decisions: int, counter: CopyCounter) -> Counter[str]:
    """Play ``decisions`` decisions of the bench's mix with ``counter`` installed; the decisions by kind."""
    rng = random.Random(0)
    kinds: Counter[str] = Counter()
    seed = 0
    while sum(kinds.values()) < decisions:
        game = new_game(seed)
        counter.kind = "setup"
        state = game.initial_state()
        while not state.is_over and sum(kinds.values()) < decisions:
            counter.kind = type(state.frames[-1]).__name__
            kinds[counter.kind] += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        seed += 1
    return kinds


def unit_costs() -> tuple[float, float]:
    """Nanoseconds of one game-state copy and of one history line (``flow.log``: a line and a copy), medians of
    five ``timeit`` runs on a state from the middle of a game."""
    game = new_game(3, heroes=4)
    rng = random.Random(3)
    state = game.initial_state()
    for _ in range(40):
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    number = 100_000

    def median_ns(call: Callable[[], object]) -> float:
        return statistics.median(timeit.repeat(call, number=number, repeat=5)) / number * 1e9

    empty = median_ns(lambda: None)
    copy_ns = median_ns(lambda: immutable.replace(state, chance_count=state.chance_count)) - empty
    log_ns = median_ns(lambda: flow.log(state, "the Strigoi token shows the Vlad (-1)")) - empty
    return copy_ns, log_ns


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20_000, help="decisions counted (default 20000)")
    parser.add_argument("--top", type=int, default=15, help="places printed (default 15)")
    args = parser.parse_args(argv)
    if build.compiled_modules():
        raise SystemExit("state_copies: the compiled build copies inside compiled modules, which cannot be counted")
    copy_ns, log_ns = unit_costs()
    counter = CopyCounter()
    counter.install()
    kinds = count(args.decisions, counter)
    total = sum(kinds.values())
    print(f"{total} decisions; one game-state copy {copy_ns:.0f} ns, one history line {log_ns:.0f} ns")
    print("\ncopies a decision, by class copied")
    for name, copies in counter.by_class.most_common():
        print(f"  {copies / total:6.2f}  {name}")
    print("\ngame states copied an apply, by kind of decision (share of decisions)")
    for kind, taken in kinds.most_common():
        print(f"  {counter.states_by_kind[kind] / taken:6.2f}  {kind} ({100 * taken / total:.1f}%)")
    print(f"\nwhere the game state is copied, a decision (top {args.top})")
    for place, copies in counter.states_by_place.most_common(args.top):
        print(f"  {copies / total:6.3f}  {place}")
    print(f"\nbuild: {build.describe()}")


if __name__ == "__main__":
    main()
