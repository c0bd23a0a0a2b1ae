"""The statistics of the studies: exact tests and small-sample intervals for paired games, checked by hand.

Tango's score interval (T. Tango, Statistics in Medicine 17 (1998) 891-908) for the paired difference
``delta = (b - c) / n`` is every ``delta`` with ``|Z(delta)| <= z``, where

    Z(delta) = (b - c - n delta) / sqrt(n (2 q + delta (1 - delta)))

and ``q`` is the constrained maximum-likelihood probability of a ``c`` pair, the root of
``2n q^2 + (-b - c + (2n - b + c) delta) q - c delta (1 - delta) = 0``. Two cases have closed forms:

* no discordant pair (b = c = 0): q = 0 for delta > 0, so Z = -sqrt(n delta / (1 - delta)), and the bounds are
  ``±z^2 / (n + z^2)``;
* every pair discordant one way (b = n, c = 0): q = (1 - delta) / 2, so Z = sqrt(n (1 - delta) / (1 + delta)), and
  the lower bound is ``(n - z^2) / (n + z^2)``, the upper 1.

McNemar's exact test is the two-sided binomial test of ``b`` in ``b + c`` at 1/2: with every one of ``m`` discordant
pairs one way, p = 2 * 0.5**m.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import pytest

from armata_rules import editions
from armata_rules.sim.editions_study import EditionsDesign, analyse_editions, unmodelled_verdicts
from armata_rules.sim.paired import (
    MIN_DISCORDANT,
    Z975,
    interval_text,
    paired_difference,
    tango_interval,
    win_rate,
    win_rate_difference,
)
from armata_rules.sim.runner import play
from tests.scale_support import need

need("scipy")

Z2 = Z975**2


def _pairs(b: int, c: int, both: int, neither: int) -> tuple[list[bool], list[bool]]:
    """``(option, baseline)`` outcomes with ``b`` pairs won by the option only, ``c`` by the baseline only."""
    option = [True] * b + [False] * c + [True] * both + [False] * neither
    base = [False] * b + [True] * c + [True] * both + [False] * neither
    return option, base


def _tango_z(delta: float, b: int, c: int, n: int) -> float:
    """Tango's statistic, written out afresh from the formula in the module docstring."""
    lin = -b - c + (2 * n - b + c) * delta
    q = (-lin + math.sqrt(lin**2 + 8 * n * c * delta * (1 - delta))) / (4 * n)
    return (b - c - n * delta) / math.sqrt(n * (2 * q + delta * (1 - delta)))


@pytest.mark.parametrize("n", [1, 10, 80, 2400])
def test_with_no_discordant_pair_the_interval_is_the_closed_form_and_never_zero_wide(n: int) -> None:
    low, high = tango_interval(0, 0, n)
    assert high == pytest.approx(Z2 / (n + Z2), abs=1e-9)
    assert low == pytest.approx(-Z2 / (n + Z2), abs=1e-9)
    assert high - low > 0


@pytest.mark.parametrize("n", [1, 6, 10, 50])
def test_with_every_pair_one_way_the_bound_is_the_closed_form(n: int) -> None:
    low, high = tango_interval(n, 0, n)
    assert (low, high) == (pytest.approx((n - Z2) / (n + Z2), abs=1e-9), 1.0)
    low, high = tango_interval(0, n, n)
    assert (low, high) == (-1.0, pytest.approx(-(n - Z2) / (n + Z2), abs=1e-9))


@pytest.mark.parametrize(("b", "c", "n"), [(40, 20, 160), (1, 7, 21), (3, 0, 2400), (12, 11, 30)])
def test_the_bounds_solve_the_score_equation(b: int, c: int, n: int) -> None:
    low, high = tango_interval(b, c, n)
    assert low < (b - c) / n < high
    assert _tango_z(low, b, c, n) == pytest.approx(Z975, abs=1e-6)
    assert _tango_z(high, b, c, n) == pytest.approx(-Z975, abs=1e-6)


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        tango_interval(3, 3, 5)
    with pytest.raises(ValueError, match="differ in length"):
        win_rate_difference([True], [True, False])


def test_mcnemar_exact_p_values_by_hand() -> None:
    assert win_rate_difference(*_pairs(6, 0, 2, 2)).p_value == pytest.approx(2 / 2**6)
    assert win_rate_difference(*_pairs(7, 1, 0, 0)).p_value == pytest.approx(2 * (1 + 8) / 2**8)
    assert win_rate_difference(*_pairs(4, 4, 1, 1)).p_value == pytest.approx(1.0)


def test_six_discordant_pairs_is_the_fewest_that_can_reach_five_percent() -> None:
    from scipy.stats import binomtest

    assert binomtest(MIN_DISCORDANT, MIN_DISCORDANT).pvalue < 0.05
    assert binomtest(MIN_DISCORDANT - 1, MIN_DISCORDANT - 1).pvalue >= 0.05


def test_no_pairs_is_not_enough_games() -> None:
    diff = win_rate_difference([], [])
    assert not diff.enough and diff.caveat.startswith("not enough games")
    assert diff.to_json()["mean"] is None and diff.to_json()["low"] is None
    assert diff.text(100) == "not enough games"
    assert not diff.significant


def test_one_pair_is_not_enough_games_but_keeps_its_honest_interval() -> None:
    diff = win_rate_difference([True], [False])
    assert diff.mean == 1.0 and (diff.option_only, diff.baseline_only) == (1, 0)
    assert diff.low == pytest.approx((1 - Z2) / (1 + Z2)) and diff.high == 1.0
    assert diff.caveat == "not enough games: 1 of 1 pairs changed winner"
    assert not diff.significant


def test_all_concordant_pairs_are_not_enough_games_not_a_zero_wide_interval() -> None:
    """The bug of issue 29: 80 pairs, games changed, no winner changed, printed as `+0 [+0, +0]`."""
    diff = win_rate_difference(*_pairs(0, 0, 19, 61))
    assert diff.mean == 0.0 and math.isnan(diff.p_value)
    assert diff.high - diff.low == pytest.approx(2 * Z2 / (80 + Z2))
    assert diff.caveat == "not enough games: 0 of 80 pairs changed winner"
    assert diff.text(100) == "not enough games"
    data = diff.to_json()
    assert data["enough"] is False and data["option_only"] == 0 and data["baseline_only"] == 0
    assert data["p_value"] is None


def test_all_discordant_pairs_one_way_are_a_clear_difference() -> None:
    diff = win_rate_difference(*_pairs(10, 0, 0, 0))
    assert diff.enough and diff.significant
    assert diff.p_value == pytest.approx(2 / 2**10)
    assert diff.text(100) == f"+100.0 [{100 * (10 - Z2) / (10 + Z2):+.1f}, +100.0]"


def test_a_split_that_straddles_zero_is_enough_games_but_not_significant() -> None:
    diff = win_rate_difference(*_pairs(5, 3, 10, 22))
    assert diff.enough and not diff.significant
    assert diff.mean == pytest.approx(2 / 40)


def test_the_t_interval_on_rounds_matches_a_hand_computation() -> None:
    diff = paired_difference([12, 10, 11, 15, 9], [10, 10, 10, 10, 10])
    # differences 2, 0, 1, 5, -1: mean 1.4, squared deviations sum to 21.2, sd sqrt(21.2 / 4) = 2.3022,
    # t(0.975, 4) = 2.7764, half-width 2.7764 * 2.3022 / sqrt(5) = 2.8585
    assert diff.mean == pytest.approx(1.4)
    assert diff.high - diff.mean == pytest.approx(2.7764 * math.sqrt(21.2 / 4) / math.sqrt(5), rel=1e-4)
    assert diff.enough and diff.method == "student-t"
    assert diff.text() == "+1.4 [-1.5, +4.3]"


def test_rounds_without_spread_say_so_instead_of_a_zero_wide_interval() -> None:
    same = paired_difference([12, 13, 14], [10, 11, 12])
    assert same.mean == 2.0 and math.isnan(same.low) and math.isnan(same.high)
    assert same.caveat == "no spread: every pair differs by +2, so no interval"
    assert same.text() == "no spread" and not same.significant
    assert paired_difference([3, 3], [3, 3]).caveat == "no spread: no pair differs, so no interval"
    assert paired_difference([4], [3]).text() == "no interval"
    assert paired_difference([], []).to_json()["mean"] is None


def test_interval_text_never_prints_minus_zero() -> None:
    assert interval_text(-0.0001, -0.02, 0.01, scale=100) == "+0.0 [-2.0, +1.0]"
    assert interval_text(0.5, None, None) == "no interval"
    assert interval_text(0.1, 0.0, 0.2, "not enough games: 3 of 9 pairs changed winner") == "not enough games"


def test_a_win_rate_has_its_clopper_pearson_interval() -> None:
    none = win_rate([False] * 10)
    assert (none.wins, none.games, none.low) == (0, 10, 0.0)
    assert none.high == pytest.approx(1 - 0.025 ** (1 / 10))  # the exact bound for 0 of n: 1 - (alpha/2)^(1/n)
    everything = win_rate([True] * 10)
    assert everything.low == pytest.approx(0.025 ** (1 / 10)) and everything.high == 1.0
    assert win_rate([]).to_json()["rate"] is None


def _spec_folder(tmp_path: Path) -> Path:
    (tmp_path / "verdicts").mkdir()
    (tmp_path / "verdicts" / "peg19.fr.toml").write_text(
        """judged = "peg19.fr"
against = "peg19.en"
same = ["en1"]

[changes-play.en2]
dimension = "quantity"
description = "moves exactly"
citations = ["peg19.fr:1"]
reading = "movement"

[changes-play.en3]
dimension = "scope"
description = "the preset takes the English ladders"
citations = ["peg19.fr:2"]
reading = "ladder_placement"

[changes-play.en4]
dimension = "timing"
description = "an interpretation for every text"
citations = ["peg19.fr:3"]
interpretation = "strigoi-random-marks"

[changes-play.en5]
dimension = "timing"
description = "a finding the engine leaves unmodelled"
citations = ["peg19.fr:4"]
finding = "left-out"

[changes-play.en6]
dimension = "outcome"
description = "a finding with a reading the preset sets"
citations = ["peg19.fr:5"]
finding = "by-reading"

[changes-play.en7]
dimension = "outcome"
description = "table talk"
citations = ["peg19.fr:6"]
unmodelled = "outside the engine"
""",
        encoding="utf-8",
    )
    (tmp_path / "findings.toml").write_text(
        '[findings.left-out]\nreading = "unmodelled"\n\n[findings.by-reading]\nreading = "strigoi_damage"\n',
        encoding="utf-8",
    )
    return tmp_path


def test_a_verdict_is_modelled_only_through_a_reading_the_preset_sets_apart(tmp_path: Path) -> None:
    counted = unmodelled_verdicts(editions.PEG19_FR, spec=_spec_folder(tmp_path))
    assert counted.play == tuple(f"peg19.fr/en{k}" for k in range(2, 8))
    # en2 (movement) and en6 (strigoi_damage through its finding) are readings the French preset plays differently
    assert counted.unmodelled == ("peg19.fr/en3", "peg19.fr/en4", "peg19.fr/en5", "peg19.fr/en7")
    assert counted.to_json() == {"play_changing": 6, "unmodelled": 4, "ids": list(counted.unmodelled)}
    assert unmodelled_verdicts(editions.SB19_EN, spec=tmp_path).play == ()


def test_the_committed_review_counts_for_each_preset() -> None:
    french = unmodelled_verdicts(editions.PEG19_FR)
    path = Path(__file__).resolve().parents[1] / "spec" / "verdicts" / "peg19.fr.toml"
    plays = tomllib.loads(path.read_text(encoding="utf-8"))["changes-play"]
    assert len(french.play) == len(plays)
    assert "peg19.fr/en760" not in french.unmodelled  # movement: the French preset moves exactly
    assert "peg19.fr/en704" in french.unmodelled  # table talk
    assert "peg19.fr/en1092" not in french.unmodelled  # discard_timing: the French preset differs from English
    spanish = unmodelled_verdicts(editions.PEG19_ES)
    assert "peg19.es/peg19-es-2492" in spanish.unmodelled  # a finding whose reading is "unmodelled"
    german = unmodelled_verdicts(editions.PEG19_DE)
    assert "peg19.de/en716" in german.unmodelled  # the missing German setup: the preset takes the English ladders
    assert unmodelled_verdicts(editions.PEG19_EN).play == ()


def test_every_preset_but_the_baseline_is_compared_on_the_same_seeds() -> None:
    design = EditionsDesign((2, 3), 4, seed=7)
    assert [p.name for p in design.presets] == [p.name for p in editions.ALL if p.name != "peg19.en"]
    specs = design.specs()
    assert len(specs) == len(editions.ALL) * 2 * 4
    assert {s.seed for s in specs} == {7, 8, 9, 10} and {s.heroes for s in specs} == {2, 3}


def test_rulesets_with_the_same_readings_share_their_games_and_say_so() -> None:
    copy = editions.PEG19_FR.with_(name="fr-copy")
    design = EditionsDesign((2,), 3, compared=(editions.PEG19_FR, copy, editions.PEG19_EN))
    specs = design.specs()
    assert len(specs) == 2 * 3  # the baseline (peg19.en compared with itself) and the French readings
    report = analyse_editions(design, [play(s) for s in specs])
    french, again, itself = report.editions
    assert (french.same_games_as, again.same_games_as, itself.same_games_as) == ("", "peg19.fr", "")
    assert again.to_json()["results"] == french.to_json()["results"]
    pooled = dict(itself.results)[0]
    assert (pooled.pairs, pooled.changed, pooled.win_rate.option_only, pooled.win_rate.baseline_only) == (3, 0, 0, 0)
    assert not pooled.win_rate.enough and pooled.rounds.text() == "no spread"
    assert itself.readings == () and "movement" in french.readings
    data = report.to_json()
    assert data["format"] == 1 and [e["edition"] for e in data["editions"]] == ["peg19.fr", "fr-copy", "peg19.en"]
