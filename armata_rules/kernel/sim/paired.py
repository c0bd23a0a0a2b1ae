"""Paired comparisons: one arm against a baseline on the same seeds, with 95% intervals that hold in small samples.

A pair is two games on one seed, one per arm (common random numbers). Two outcomes are compared:

* **Who won** (0 or 1 per game): only the *discordant* pairs carry information, ``b`` where the option won and the
  baseline lost, and ``c`` the reverse. The test is McNemar's exact conditional test: ``b`` of ``b + c`` against a
  fair coin (:func:`scipy.stats.binomtest`). The 95% interval on the win-rate difference ``(b - c) / n`` is Tango's
  score interval (T. Tango, "Equivalence test and confidence interval for the difference in proportions for the
  paired-sample design", *Statistics in Medicine* 17 (1998) 891-908), which Fagerland, Lydersen and Laake
  ("Recommended tests and confidence intervals for paired binomial proportions", *Statistics in Medicine* 33 (2014)
  2850-2875) recommend for small samples: it never has zero width, and it stays valid when every discordant pair
  goes one way, where the Clopper-Pearson interval of ``b / (b + c)`` scaled by ``(b + c) / n`` covers the
  difference about half the time (it takes the observed share of discordant pairs as known).
* **How long** (rounds, a count): the mean per-pair difference with a Student-t interval.

Where the games cannot answer, the difference says so (:attr:`Difference.caveat`) instead of printing an interval:
fewer than :data:`MIN_DISCORDANT` pairs whose winner changed (no split of them could be told from chance at the 5%
level), or rounds with no spread (a t interval of zero width claims a certainty the sample does not have).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "MIN_DISCORDANT",
    "Comparison",
    "Difference",
    "Played",
    "WinRate",
    "compare",
    "interval_text",
    "paired_difference",
    "tango_interval",
    "win_rate",
    "win_rate_difference",
]

#: The 97.5% point of the standard normal distribution (two-sided 95%).
Z975 = 1.959963984540054

#: The fewest discordant pairs for which McNemar's exact test can reach p < 0.05 (two-sided): with ``m`` pairs all
#: going one way, p = 2 * 0.5**m, which is 0.0625 for 5 pairs and 0.03125 for 6.
MIN_DISCORDANT = 6

#: The interval methods, as named in the JSON.
TANGO = "tango-score"
STUDENT_T = "student-t"

#: The caveat of a win-rate difference with too few discordant pairs starts with these words.
NOT_ENOUGH = "not enough games"


@dataclass(frozen=True, slots=True)
class Difference:
    """A paired difference (option minus baseline) with its 95% interval, or the reason the games cannot say.

    ``caveat`` is empty when the interval is informative; otherwise it says why not, as ``"<short>: <detail>"`` (the
    short part is what a table shows: ``not enough games``, ``no spread``, ``no interval``, ``no pairs``). For a
    win-rate difference, ``option_only`` and ``baseline_only`` are the discordant pair counts ``b`` and ``c`` and
    ``p_value`` is McNemar's exact two-sided p (NaN when ``b + c`` is 0: there is nothing to test); for rounds they
    are 0 and NaN.
    """

    mean: float
    low: float
    high: float
    method: str
    caveat: str = ""
    p_value: float = math.nan
    option_only: int = 0
    baseline_only: int = 0

    @property
    def enough(self) -> bool:
        """Whether the interval is informative (no caveat)."""
        return not self.caveat

    @property
    def significant(self) -> bool:
        """Whether the games show a difference: the interval is informative and excludes zero, and for a win rate,
        McNemar's exact test also gives p < 0.05."""
        if not self.enough or not (self.low > 0 or self.high < 0):
            return False
        return math.isnan(self.p_value) or self.p_value < 0.05

    def text(self, scale: float = 1.0, digits: int = 1) -> str:
        """``+3.1 [+0.4, +5.8]`` (values times ``scale``), or the caveat's short part."""
        return interval_text(self.mean, self.low, self.high, self.caveat, scale, digits)

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict, numbers rounded to 4 places (``None`` for a number that does not exist)."""
        out: dict[str, object] = {
            k: None if math.isnan(v) else round(v, 4)
            for k, v in (("mean", self.mean), ("low", self.low), ("high", self.high))
        }
        out |= {"method": self.method, "enough": self.enough, "caveat": self.caveat}
        if self.method == TANGO:
            out |= {
                "option_only": self.option_only,
                "baseline_only": self.baseline_only,
                "p_value": None if math.isnan(self.p_value) else round(self.p_value, 6),
            }
        return out


def interval_text(
    mean: float | None, low: float | None, high: float | None, caveat: str = "", scale: float = 1.0, digits: int = 1
) -> str:
    """An estimate and its interval as ``+3.1 [+0.4, +5.8]``, or the caveat's short part when there is one: one
    spelling for the command's tables and the docs, which read the JSON form."""
    if caveat or mean is None or low is None or high is None or math.isnan(low) or math.isnan(high):
        return caveat.partition(":")[0] or "no interval"

    def signed(value: float) -> str:
        text = f"{scale * value:+.{digits}f}"
        return "+" + text[1:] if float(text) == 0 else text  # no "-0.0"

    return f"{signed(mean)} [{signed(low)}, {signed(high)}]"


def _tango_z(delta: float, b: int, c: int, n: int) -> float:
    """Tango's score statistic for the difference ``delta`` (his equations 3 and 5): the observed ``b - c`` against
    ``n * delta``, over its standard error at the maximum-likelihood cell probabilities constrained to ``delta``."""
    a2 = 2 * n
    b2 = -b - c + (2 * n - b + c) * delta
    c2 = -c * delta * (1 - delta)
    p21 = (math.sqrt(max(b2 * b2 - 4 * a2 * c2, 0.0)) - b2) / (2 * a2)
    variance = n * (2 * p21 + delta * (1 - delta))
    gap = b - c - n * delta
    if abs(gap) < 1e-9:  # at the estimate itself, where the variance may be 0 (every pair discordant one way)
        return 0.0
    if variance <= 0:
        return math.copysign(math.inf, gap)
    return gap / math.sqrt(variance)


def tango_interval(b: int, c: int, n: int, z: float = Z975) -> tuple[float, float]:
    """Tango's score interval for ``(b - c) / n``: every ``delta`` whose score statistic lies within ``±z``.

    ``b`` and ``c`` are the discordant pair counts of ``n`` pairs. The statistic falls as ``delta`` rises, so each
    bound is the one root on its side of the estimate.
    """
    from scipy.optimize import brentq

    if n < 1 or b < 0 or c < 0 or b + c > n:
        raise ValueError(f"discordant pairs b={b}, c={c} do not fit in n={n} pairs")
    estimate = (b - c) / n
    edge = 1e-12
    low, high = -1.0, 1.0
    if estimate > -1 and _tango_z(-1 + edge, b, c, n) > z:
        low = float(brentq(lambda d: _tango_z(d, b, c, n) - z, -1 + edge, estimate, xtol=1e-12))
    if estimate < 1 and _tango_z(1 - edge, b, c, n) < -z:
        high = float(brentq(lambda d: _tango_z(d, b, c, n) + z, estimate, 1 - edge, xtol=1e-12))
    return low, high


def win_rate_difference(option: Sequence[bool], base: Sequence[bool]) -> Difference:
    """The win-rate difference of paired games (``option[i]`` and ``base[i]`` share a seed): Tango's interval and
    McNemar's exact test, or a caveat when fewer than :data:`MIN_DISCORDANT` pairs changed winner."""
    from scipy.stats import binomtest

    if len(option) != len(base):
        raise ValueError(f"paired samples differ in length: {len(option)} and {len(base)}")
    n = len(option)
    b = sum(1 for o, s in zip(option, base, strict=True) if o and not s)
    c = sum(1 for o, s in zip(option, base, strict=True) if s and not o)
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, TANGO, f"{NOT_ENOUGH}: no pairs")
    low, high = tango_interval(b, c, n)
    p_value = float(binomtest(b, b + c, 0.5).pvalue) if b + c else math.nan  # no discordant pair: nothing to test
    caveat = ""
    if b + c < MIN_DISCORDANT:
        caveat = f"{NOT_ENOUGH}: {b + c} of {n} pairs changed winner"
    return Difference((b - c) / n, low, high, TANGO, caveat, p_value, b, c)


def _t975(df: int) -> float:
    from scipy.stats import t

    return float(t.ppf(0.975, df))


def paired_difference(option: Sequence[float], base: Sequence[float]) -> Difference:
    """Mean of ``option[i] - base[i]`` with a Student-t 95% interval (the pairs share a seed).

    With fewer than two pairs, or every pair differing by the same amount, there is no interval (NaN bounds) and
    the caveat says why.
    """
    if len(option) != len(base):
        raise ValueError(f"paired samples differ in length: {len(option)} and {len(base)}")
    diffs = [a - b for a, b in zip(option, base, strict=True)]
    n = len(diffs)
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, STUDENT_T, "no pairs: nothing to compare")
    mean = sum(diffs) / n
    if n < 2:
        return Difference(mean, math.nan, math.nan, STUDENT_T, "no interval: one pair")
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        same = "no pair differs" if mean == 0 else f"every pair differs by {mean:+g}"
        return Difference(mean, math.nan, math.nan, STUDENT_T, f"no spread: {same}, so no interval")
    half = _t975(n - 1) * sd / math.sqrt(n)
    return Difference(mean, mean - half, mean + half, STUDENT_T)


@dataclass(frozen=True, slots=True)
class WinRate:
    """One arm's win rate with its exact (Clopper-Pearson) 95% interval."""

    wins: int
    games: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        """Wins over games (NaN with no games)."""
        return self.wins / self.games if self.games else math.nan

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict, rates rounded to 4 places."""
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": None if not self.games else round(self.rate, 4),
            "low": None if not self.games else round(self.low, 4),
            "high": None if not self.games else round(self.high, 4),
        }


def win_rate(won: Sequence[bool]) -> WinRate:
    """The share of games won, with the Clopper-Pearson interval (:meth:`scipy.stats.binomtest` ``exact``)."""
    from scipy.stats import binomtest

    wins, games = sum(1 for w in won if w), len(won)
    if not games:
        return WinRate(0, 0, math.nan, math.nan)
    ci = binomtest(wins, games).proportion_ci(0.95, method="exact")
    return WinRate(wins, games, float(ci.low), float(ci.high))


@dataclass(frozen=True, slots=True)
class Played:
    """One game of a pair, as a comparison reads it: how it ended (``"error"`` where the engine broke off,
    ``"unfinished"`` where a cap cut it), whether the players won, its rounds and its final state's hash."""

    outcome: str
    won: bool
    rounds: int
    final_hash: str


@dataclass(frozen=True, slots=True)
class Comparison:
    """One arm against the baseline over games paired by seed: who won, how long, and which pairs were left out.

    A pair where either game hit an engine error is left out (``errors``); an unfinished game counts as not won.
    ``changed`` counts the pairs whose games ended in different states (0: the arm never met a moment where it
    matters, so its effect is not measured, not shown to be nil).
    """

    pairs: int
    baseline_wins: WinRate
    option_wins: WinRate
    win_rate: Difference
    baseline_rounds: float
    option_rounds: float
    rounds: Difference
    unfinished: int
    errors: int
    changed: int


def compare(pairs: Sequence[tuple[Played, Played]]) -> Comparison:
    """Compare ``(baseline, option)`` games that share a seed (and a player count)."""
    usable = [(b, o) for b, o in pairs if b.outcome != "error" and o.outcome != "error"]
    base_rounds = [float(b.rounds) for b, _ in usable]
    option_rounds = [float(o.rounds) for _, o in usable]
    n = len(usable)
    return Comparison(
        n,
        win_rate([b.won for b, _ in usable]),
        win_rate([o.won for _, o in usable]),
        win_rate_difference([o.won for _, o in usable], [b.won for b, _ in usable]),
        sum(base_rounds) / n if n else math.nan,
        sum(option_rounds) / n if n else math.nan,
        paired_difference(option_rounds, base_rounds),
        sum(o.outcome == "unfinished" for _, o in pairs),
        len(pairs) - n,
        sum(b.final_hash != o.final_hash for b, o in usable),
    )
