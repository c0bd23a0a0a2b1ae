"""The edition study: each edition preset against ``peg19.en`` on the same seeds, and what each preset leaves out.

A preset (:mod:`armata_rules.editions`) plays its text's reading of every point the engine models as a
:class:`~armata_rules.variants.Ruleset` reading. Its games against ``peg19.en``'s on the same seeds and player
counts are compared as in the reading study (:func:`armata_rules.sim.study.compare`: McNemar's exact test and
Tango's score interval for who won, a t interval for the length).

A preset is less than its text: the review (``spec/verdicts/<source>.toml``) lists every passage where the text
changes play against ``peg19.en``, and many of those are not readings. Beside each result stands the count of the
text's play-changing verdicts that the preset does not model (:func:`unmodelled_verdicts`), so a result for "the
French rules" is read as what it is: the French readings of the modelled points, the English rules elsewhere.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from armata_rules import editions
from armata_rules.sim.runner import GameResult, GameSpec
from armata_rules.sim.study import Comparison, compare
from armata_rules.translations.align import spec_folder
from armata_rules.translations.verdicts import load_reviews
from armata_rules.variants import Ruleset

__all__ = [
    "FORMAT_VERSION",
    "EditionComparison",
    "EditionsDesign",
    "EditionsReport",
    "VerdictCount",
    "analyse_editions",
    "unmodelled_verdicts",
]

#: The version of the study's JSON form (``study editions --json`` and ``--out``).
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class VerdictCount:
    """A preset's play-changing verdicts (record ids, file order) and those it does not model."""

    play: tuple[str, ...]
    unmodelled: tuple[str, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {"play_changing": len(self.play), "unmodelled": len(self.unmodelled), "ids": list(self.unmodelled)}


def _finding_readings(folder: Path) -> dict[str, str]:
    """Each curated finding's ``reading`` (a Ruleset reading, or ``unmodelled``) from ``findings.toml``."""
    path = folder / "findings.toml"
    if not path.is_file():
        return {}
    findings = tomllib.loads(path.read_text(encoding="utf-8")).get("findings", {})
    return {fid: str(item.get("reading", "")) for fid, item in findings.items() if isinstance(item, dict)}


def unmodelled_verdicts(
    preset: Ruleset, baseline: Ruleset = editions.PEG19_EN, spec: Path | None = None
) -> VerdictCount:
    """The play-changing verdicts of ``preset``'s text (``spec/verdicts/<name>.toml``) and those it does not model.

    A verdict is modelled when it names a Ruleset reading, itself or through its curated finding, and the preset
    takes another option of that reading than ``baseline``: only then do the preset's games play the difference.
    A verdict handled by an interpretation (the engine reads every text alike), marked unmodelled, or linked to a
    finding whose reading is ``unmodelled`` or one the preset shares with ``baseline`` is not.
    """
    folder = spec or spec_folder()
    by_finding = _finding_readings(folder)
    theirs, ours = preset.readings(), baseline.readings()
    play: list[str] = []
    unmodelled: list[str] = []
    for review in load_reviews(folder / "verdicts"):
        if review.judged != preset.name:
            continue
        for verdict in review.verdicts:
            if verdict.kind != "changes-play":
                continue
            play.append(verdict.id)
            reading = verdict.reading or by_finding.get(verdict.finding, "")
            if reading not in theirs or theirs[reading] is ours[reading]:
                unmodelled.append(verdict.id)
    return VerdictCount(tuple(play), tuple(unmodelled))


@dataclass(frozen=True, slots=True)
class EditionsDesign:
    """Which games the study plays: every preset and the baseline, on seeds ``seed .. seed + games - 1`` for each
    hero count."""

    heroes: tuple[int, ...]
    games: int
    seed: int = 0
    bot: str = "greedy"
    max_rounds: int = 60
    max_decisions: int = 10_000
    baseline: Ruleset = editions.PEG19_EN
    compared: tuple[Ruleset, ...] | None = None

    @property
    def presets(self) -> tuple[Ruleset, ...]:
        """The rulesets compared with the baseline: ``compared``, or every preset but the baseline in
        :data:`armata_rules.editions.ALL` order."""
        if self.compared is not None:
            return self.compared
        return tuple(p for p in editions.ALL if p.name != self.baseline.name)

    def spec(self, ruleset: Ruleset, heroes: int, k: int) -> GameSpec:
        """The ``k``-th game of ``ruleset`` at ``heroes``."""
        return GameSpec(ruleset, heroes, self.seed + k, self.bot, self.max_rounds, self.max_decisions)

    def specs(self) -> list[GameSpec]:
        """Every game, each once: presets with the same readings (and so the same games) share them."""
        out: dict[str, GameSpec] = {}
        for ruleset in (self.baseline, *self.presets):
            for n in self.heroes:
                for k in range(self.games):
                    spec = self.spec(ruleset, n, k)
                    out.setdefault(spec.key, spec)
        return list(out.values())


@dataclass(frozen=True, slots=True)
class EditionComparison:
    """One preset against the baseline: its differing readings, what it leaves out, and the games per hero count
    (``heroes`` 0: all counts pooled)."""

    edition: str
    readings: tuple[str, ...]
    same_games_as: str
    verdicts: VerdictCount
    results: tuple[tuple[int, Comparison], ...]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "edition": self.edition,
            "readings": list(self.readings),
            "same_games_as": self.same_games_as or None,
            "verdicts": self.verdicts.to_json(),
            "results": [_comparison_json(n, c) for n, c in self.results],
        }


def _comparison_json(heroes: int, c: Comparison) -> dict[str, object]:
    return {
        "heroes": heroes,
        "pairs": c.pairs,
        "baseline_wins": c.baseline_wins.to_json(),
        "edition_wins": c.option_wins.to_json(),
        "win_rate_diff": c.win_rate.to_json(),
        "baseline_rounds": None if c.pairs == 0 else round(c.baseline_rounds, 3),
        "edition_rounds": None if c.pairs == 0 else round(c.option_rounds, 3),
        "rounds_diff": c.rounds.to_json(),
        "unfinished": c.unfinished,
        "errors": c.errors,
        "changed": c.changed,
    }


@dataclass(frozen=True, slots=True)
class EditionsReport:
    """The study's settings and each preset's comparison."""

    design: EditionsDesign
    editions: tuple[EditionComparison, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (the docs read this form)."""
        d = self.design
        return {
            "format": FORMAT_VERSION,
            "baseline": d.baseline.name,
            "bot": d.bot,
            "games": d.games,
            "seed": d.seed,
            "heroes": list(d.heroes),
            "max_rounds": d.max_rounds,
            "max_decisions": d.max_decisions,
            "pack": "default (card values mostly provisional: results are conditional on this pack)",
            "editions": [e.to_json() for e in self.editions],
        }


def analyse_editions(design: EditionsDesign, results: Sequence[GameResult]) -> EditionsReport:
    """Pair each preset's games with the baseline's (``results`` of :meth:`EditionsDesign.specs`, matched by spec
    key) and compare them, per hero count and pooled."""
    by_key: Mapping[str, GameResult] = {r.key: r for r in results}
    base = design.baseline.readings()
    first_with: dict[tuple[str, ...], str] = {}
    out = []
    for preset in design.presets:
        mine = preset.readings()
        readings = tuple(sorted(k for k, v in mine.items() if v is not base[k]))
        signature = tuple(f"{k}={mine[k].value}" for k in sorted(mine))
        same = first_with.setdefault(signature, preset.name)
        per_count: dict[int, list[tuple[GameResult, GameResult]]] = {}
        for n in design.heroes:
            pairs = []
            for k in range(design.games):
                b, o = by_key.get(design.spec(design.baseline, n, k).key), by_key.get(design.spec(preset, n, k).key)
                if b is not None and o is not None:
                    pairs.append((b, o))
            per_count[n] = pairs
        pooled = [pair for n in design.heroes for pair in per_count[n]]
        comparisons = ((0, compare(pooled)), *((n, compare(per_count[n])) for n in design.heroes))
        verdicts = unmodelled_verdicts(preset, design.baseline)
        out.append(EditionComparison(preset.name, readings, "" if same == preset.name else same, verdicts, comparisons))
    return EditionsReport(design, tuple(out))
