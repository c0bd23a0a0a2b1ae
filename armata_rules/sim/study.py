"""The reading impact study: does a reading change the game, and by how much?

For every reading in :data:`armata_rules.variants.READINGS` and every option of it that the baseline preset does
not take, the baseline with only that reading changed is played on the same seeds as the baseline itself (common
random numbers). Each seed gives a *pair* of games, so the win-rate difference and the game-length difference are
estimated from per-seed differences (:mod:`armata_rules.kernel.sim.paired`): McNemar's exact test and Tango's score
interval for who won, a Student-t interval for the length. Pairing removes the seed-to-seed variance that both arms
share. Where too few pairs changed winner to tell anything, the impact says "not enough games" instead of an
interval.

The bundled data pack's card values are mostly provisional, so an impact measured here is an impact *given that
pack and that bot*, not a property of the printed game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from armata_rules.kernel.sim.paired import Comparison, Difference, Played, paired_difference, win_rate_difference
from armata_rules.kernel.sim.paired import compare as paired_compare
from armata_rules.sim.runner import GameResult, GameSpec
from armata_rules.variants import READINGS, Ruleset

__all__ = [
    "FORMAT_VERSION",
    "Comparison",
    "Difference",
    "Impact",
    "StudyReport",
    "analyse",
    "compare",
    "paired_difference",
    "study_specs",
    "variants",
    "win_rate_difference",
]

#: The version of the study's JSON form: 2 added the exact statistics (``method``, ``enough``, ``caveat``, the
#: discordant pair counts and McNemar's p) to each difference.
FORMAT_VERSION = 2


def variants(baseline: Ruleset) -> list[tuple[str, str, str, Ruleset]]:
    """``(reading, option, label, ruleset)`` for every option ``baseline`` does not take, in reading order."""
    out = []
    chosen = baseline.readings()
    for spec in READINGS:
        for option in spec.options:
            if option.value is chosen[spec.name]:
                continue
            label = f"{spec.name}={option.value.value}"
            ruleset = baseline.with_(name=f"{baseline.name}+{label}", **{spec.name: option.value})
            out.append((spec.name, str(option.value.value), label, ruleset))
    return out


def study_specs(
    baseline: Ruleset,
    heroes: Sequence[int],
    games: int,
    seed: int = 0,
    bot: str = "greedy",
    max_rounds: int = 60,
    max_decisions: int = 10_000,
) -> list[GameSpec]:
    """Every game of the study: the baseline and each variant, on seeds ``seed .. seed + games - 1``, per count."""
    rulesets = [baseline, *(v[3] for v in variants(baseline))]
    return [
        GameSpec(ruleset, n, seed + k, bot, max_rounds, max_decisions)
        for ruleset in rulesets
        for n in heroes
        for k in range(games)
    ]


@dataclass(frozen=True, slots=True)
class Impact:
    """What one option does against the baseline at one player count (``heroes`` 0: all counts pooled).

    ``changed`` counts the pairs whose games ended in different states: 0 means the bot never met a moment where
    the reading matters, so the option's effect is not measured, not shown to be nil.
    """

    reading: str
    option: str
    heroes: int
    pairs: int
    baseline_win_rate: float
    option_win_rate: float
    win_rate: Difference
    rounds: Difference
    unfinished: int
    errors: int
    changed: int = 0

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "reading": self.reading,
            "option": self.option,
            "heroes": self.heroes,
            "pairs": self.pairs,
            "baseline_win_rate": round(self.baseline_win_rate, 4),
            "option_win_rate": round(self.option_win_rate, 4),
            "win_rate_diff": self.win_rate.to_json(),
            "rounds_diff": self.rounds.to_json(),
            "unfinished": self.unfinished,
            "errors": self.errors,
            "changed": self.changed,
        }


@dataclass(frozen=True, slots=True)
class StudyReport:
    """The study's settings and every impact, per player count and pooled."""

    baseline: str
    bot: str
    games: int
    seed: int
    heroes: tuple[int, ...]
    impacts: tuple[Impact, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (the docs read this form)."""
        return {
            "format": FORMAT_VERSION,
            "baseline": self.baseline,
            "bot": self.bot,
            "games": self.games,
            "seed": self.seed,
            "heroes": list(self.heroes),
            "pack": "default (card values mostly provisional: impacts are conditional on this pack)",
            "impacts": [i.to_json() for i in self.impacts],
        }

    def ranking(self) -> list[Impact]:
        """The pooled impacts that have pairs, largest absolute win-rate difference first (ties by name)."""
        pooled = [i for i in self.impacts if i.heroes == 0 and i.pairs > 0]
        return sorted(pooled, key=lambda i: (-abs(i.win_rate.mean), i.reading, i.option))


def compare(pairs: Sequence[tuple[GameResult, GameResult]]) -> Comparison:
    """Compare ``(baseline, option)`` game pairs that share a seed and a player count (the kernel's
    :func:`~armata_rules.kernel.sim.paired.compare`: a pair with an engine error is left out, an unfinished game
    counts as not won)."""
    return paired_compare([(_played(b), _played(o)) for b, o in pairs])


def _played(result: GameResult) -> Played:
    return Played(result.outcome, result.powerwolf_won, result.rounds, result.final_hash)


def _impact(reading: str, option: str, heroes: int, pairs: list[tuple[GameResult, GameResult]]) -> Impact:
    c = compare(pairs)
    return Impact(
        reading,
        option,
        heroes,
        c.pairs,
        c.baseline_wins.rate if c.pairs else 0.0,
        c.option_wins.rate if c.pairs else 0.0,
        c.win_rate,
        c.rounds,
        c.unfinished,
        c.errors,
        c.changed,
    )


def analyse(
    baseline: Ruleset, results: Sequence[GameResult], games: int, seed: int, heroes: Sequence[int], bot: str
) -> StudyReport:
    """Pair each variant's games with the baseline's on the same seed and player count, and measure the impacts.

    A pair where either game hit an engine error is left out (and counted); an unfinished game counts as not won.
    """
    chosen = {k: v.value for k, v in baseline.readings().items()}
    base: dict[tuple[int, int], GameResult] = {}
    arms: dict[tuple[str, str], dict[tuple[int, int], GameResult]] = {}
    for r in results:
        changed = sorted(k for k, v in r.readings.items() if chosen.get(k) != v)
        if not changed:
            base[(r.heroes, r.seed)] = r
        elif len(changed) == 1:
            arms.setdefault((changed[0], r.readings[changed[0]]), {})[(r.heroes, r.seed)] = r
    impacts = []
    for reading, option, _, _ in variants(baseline):
        arm = arms.get((reading, option), {})
        per_count = {n: [(base[k], arm[k]) for k in sorted(arm) if k[0] == n and k in base] for n in heroes}
        impacts.append(_impact(reading, option, 0, [pair for n in heroes for pair in per_count[n]]))
        impacts.extend(_impact(reading, option, n, per_count[n]) for n in heroes)
    return StudyReport(baseline.name, bot, games, seed, tuple(heroes), tuple(impacts))
