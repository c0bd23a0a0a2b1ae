"""Proof obligations of *Władcy Nocy*: each invariant holds initially and is preserved by every transition of its
model, for the preset of the Polish print, every number of vampires (2 to 5) and every difficulty, through the
kernel's :func:`~armata_rules.kernel.verify.induction.obligations`; each failure comes with a counterexample that
names the rule of the game's book.

:func:`check_readings` runs :data:`~armata_rules.wladcy_nocy.verify.invariants.READING_CHECKS`: an invariant that
holds only under a reading's default, proved under the other option, must get a counterexample.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from armata_rules.kernel.verify.induction import Counterexample, obligations
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.components import Difficulty
from armata_rules.wladcy_nocy.editions import EDITIONS
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.rules.setup import SETUP_COMPONENTS
from armata_rules.wladcy_nocy.verify.invariants import INVARIANTS, READING_CHECKS, Invariant, ReadingCheck
from armata_rules.wladcy_nocy.verify.models import MODELS, Kernels, Params, params_for

__all__ = [
    "DIFFICULTIES",
    "SEATS",
    "ProofResult",
    "ReadingResult",
    "check_readings",
    "first_failure",
    "prove",
    "prove_all",
    "settings",
]

#: The numbers of vampires (wn.pl:125) and the difficulties (wn.pl:169-171) every invariant is proved for.
SEATS = (2, 3, 4, 5)
DIFFICULTIES = tuple(d.value for d in Difficulty)


@dataclass(frozen=True, slots=True)
class ProofResult:
    """One obligation: an invariant, its model, a step (``initial`` or a transition), the preset and the setting
    (``N/difficulty``), proved or refuted by ``counterexample``, and how long Z3 took (never part of a record)."""

    invariant: str
    model: str
    step: str
    preset: str
    setting: str
    seconds: float
    counterexample: Counterexample | None = None

    @property
    def proved(self) -> bool:
        """Whether the obligation holds."""
        return self.counterexample is None

    @property
    def status(self) -> str:
        """``proved`` or ``counterexample``."""
        return "proved" if self.proved else "counterexample"


def settings(
    presets: Iterable[str] | None = None, seats: Iterable[int] = SEATS, difficulties: Iterable[str] = DIFFICULTIES
) -> list[Params]:
    """The parameters of every preset (by name, default all), number of vampires and difficulty, in that order."""
    return [
        params_for(name, EDITIONS[name], n, difficulty)
        for name in (sorted(EDITIONS) if presets is None else presets)
        for n in seats
        for difficulty in difficulties
    ]


def _group(invariants: Iterable[Invariant]) -> dict[str, list[Invariant]]:
    groups: dict[str, list[Invariant]] = {}
    for inv in invariants:
        groups.setdefault(inv.model, []).append(inv)
    return groups


def _results(
    params: Params, group: Sequence[Invariant], kernels: Kernels, only: str | None = None
) -> Iterator[ProofResult]:
    model = MODELS[group[0].model](params, kernels)
    for found in obligations(model, group, params, RULES, SETUP_COMPONENTS.id, only):
        cex = found.counterexample
        yield ProofResult(found.invariant, found.model, found.step, params.preset, params.setting, found.seconds, cex)


def prove(
    params: Params, kernels: Kernels | None = None, invariants: Iterable[Invariant] = INVARIANTS
) -> list[ProofResult]:
    """Every obligation of ``invariants`` for one setting, model by model."""
    kernels = kernels or Kernels()
    return [r for group in _group(invariants).values() for r in _results(params, group, kernels)]


def prove_all(
    params: Iterable[Params] | None = None,
    kernels: Kernels | None = None,
    invariants: Iterable[Invariant] = INVARIANTS,
) -> list[ProofResult]:
    """Every obligation for every setting (default :func:`settings`)."""
    kept = list(invariants)
    return [r for p in (settings() if params is None else params) for r in prove(p, kernels, kept)]


def first_failure(
    invariant: str,
    kernels: Kernels,
    params: Iterable[Params] | None = None,
    invariants: Iterable[Invariant] = INVARIANTS,
) -> ProofResult | None:
    """The first obligation of ``invariant`` that fails with ``kernels``, in the order of :func:`prove_all`, or
    ``None`` when all hold: only that invariant's obligations are proved (under the same hypotheses), and the search
    stops at the first counterexample. What a negative control needs."""
    groups = _group(invariants)
    group = next((g for g in groups.values() if any(inv.id == invariant for inv in g)), None)
    if group is None:
        raise KeyError(f"no invariant {invariant!r}")
    for p in settings() if params is None else params:
        for result in _results(p, group, kernels, only=invariant):
            if not result.proved:
                return result
    return None


@dataclass(frozen=True, slots=True)
class ReadingResult:
    """A :class:`~armata_rules.wladcy_nocy.verify.invariants.ReadingCheck` run: whether the invariant failed under
    the other option (``refuted``), at which step (``initial`` or a transition), with the first counterexample."""

    check: ReadingCheck
    setting: str
    refuted: bool
    step: str
    account: str


def check_readings(checks: Iterable[ReadingCheck] = READING_CHECKS) -> list[ReadingResult]:
    """Each invariant of ``checks`` proved under the other option of its reading (the preset's ruleset with that one
    reading changed), for the check's setting."""
    found = []
    for check in checks:
        for name, ruleset in sorted(EDITIONS.items()):
            changed = READINGS.replace(ruleset, **{check.reading: check.option})
            params = params_for(name, changed, check.seats, check.difficulty)
            failure = first_failure(check.invariant, Kernels(), [params])
            account = failure.counterexample.describe() if failure and failure.counterexample else ""
            step = failure.step if failure else ""
            found.append(ReadingResult(check, params.setting, failure is not None, step, account))
    return found
