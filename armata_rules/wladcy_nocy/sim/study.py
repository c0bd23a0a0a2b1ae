"""The readings study of *Władcy Nocy*: does a reading of the text change how the game goes, and by how much?

For every reading and interpretation of :data:`~armata_rules.wladcy_nocy.readings.READINGS` with more than one option,
and every option the baseline does not take, the game with only that reading changed is played on the same seeds as
the baseline (common random numbers), for each vampire count. Each seed gives a *pair* of games; who won (the
ritual, wn.pl:443) and how many rounds it took are compared pair by pair with the kernel's paired statistics
(:mod:`armata_rules.kernel.sim.paired`: McNemar's exact test and Tango's score interval, a Student-t interval for the
rounds). Where too few pairs changed winner, the impact says "not enough games" instead of an interval; ``changed``
counts the pairs whose games ended in different states (0: the bot never met a moment the reading decides).

An impact is measured *given a content pack and a bot*. The printed text sets up no game, so a study plays an
owner's content or the synthetic test pack, whose invented values the command refuses without ``--allow-synthetic``
and stamps on every report (WLADCY_NOCY.md §6 item 5): such an impact says what the engine does with the reading,
never how the real game plays.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.game import GameDefinition
from armata_rules.kernel.play.readings import ReadingError
from armata_rules.kernel.sim.batch import Result, Spec, play
from armata_rules.kernel.sim.bots import Policy
from armata_rules.kernel.sim.paired import Comparison, Played, compare
from armata_rules.wladcy_nocy.components import VAMPIRE_IDS
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.state import WNOutcome

__all__ = ["FORMAT_VERSION", "GAME", "Arm", "Impact", "StudyReport", "arms", "run_study"]

#: The version of the study's JSON form.
FORMAT_VERSION: Final = 1
#: The game's id in the specs a study plays.
GAME: Final = "wladcy_nocy"
#: The outcome the players win by (wn.pl:443).
WON: Final = WNOutcome.RITUAL.value


@dataclass(frozen=True, slots=True)
class Arm:
    """One option of one reading, the baseline with only that reading changed."""

    reading: str
    option: str

    @property
    def label(self) -> str:
        """``reading=option``."""
        return f"{self.reading}={self.option}"


def arms(baseline: Mapping[str, str], only: Iterable[str] = ()) -> list[Arm]:
    """Every option the ``baseline`` (a reading's name to its option; a reading it leaves out takes its default)
    does not take, in the order of the readings and of their options; ``only`` keeps the readings it names
    (:class:`~armata_rules.kernel.play.readings.ReadingError` for a name that is no reading)."""
    kept = set(only)
    unknown = sorted(kept - set(READINGS.readings))
    if unknown:
        raise ReadingError(f"no reading {', '.join(unknown)}; the readings are {', '.join(READINGS.readings)}")
    out: list[Arm] = []
    for reading in READINGS.readings.values():
        if kept and reading.name not in kept:
            continue
        chosen = baseline.get(reading.name, reading.default)
        out.extend(Arm(reading.name, option) for option in reading.options if option != chosen)
    return out


@dataclass(frozen=True, slots=True)
class Impact:
    """What one option does against the baseline at one vampire count (``vampires`` 0: every count pooled).

    ``paired`` is the kernel's comparison of the pairs: a pair where either game broke off with an engine error is
    left out and counted, an unfinished game counts as not won. An option the setup refuses at that count (a reading
    that needs more components than the box has) plays no game: ``refused`` says why, and the pooled impact leaves it
    out.
    """

    reading: str
    option: str
    vampires: int
    paired: Comparison
    refused: str = ""

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        c = self.paired
        return {
            "reading": self.reading,
            "option": self.option,
            "vampires": self.vampires,
            "pairs": c.pairs,
            "baseline_win_rate": round(c.baseline_wins.rate, 4) if c.pairs else None,
            "option_win_rate": round(c.option_wins.rate, 4) if c.pairs else None,
            "win_rate_diff": c.win_rate.to_json(),
            "baseline_rounds": None if math.isnan(c.baseline_rounds) else round(c.baseline_rounds, 2),
            "option_rounds": None if math.isnan(c.option_rounds) else round(c.option_rounds, 2),
            "rounds_diff": c.rounds.to_json(),
            "unfinished": c.unfinished,
            "errors": c.errors,
            "changed": c.changed,
            "refused": self.refused,
        }


def impact(arm: Arm, vampires: int, pairs: Sequence[tuple[Result, Result]], refused: str = "") -> Impact:
    """Compare ``(baseline, option)`` games paired by seed (the kernel's
    :func:`~armata_rules.kernel.sim.paired.compare`)."""
    return Impact(arm.reading, arm.option, vampires, compare([(_played(b), _played(o)) for b, o in pairs]), refused)


def _played(result: Result) -> Played:
    return Played(result.outcome, result.outcome == WON, result.rounds, result.final_hash)


@dataclass(frozen=True, slots=True)
class StudyReport:
    """The study's settings, the content it played (and whether any value of it is invented), and every impact."""

    content: str
    synthetic: bool
    difficulty: str
    bot: str
    games: int
    seed: int
    vampires: tuple[int, ...]
    baseline: Mapping[str, str]
    impacts: tuple[Impact, ...]

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict."""
        return {
            "format": FORMAT_VERSION,
            "game": GAME,
            "content": self.content,
            "synthetic": self.synthetic,
            "difficulty": self.difficulty,
            "bot": self.bot,
            "games": self.games,
            "seed": self.seed,
            "vampires": list(self.vampires),
            "baseline": dict(self.baseline),
            "impacts": [i.to_json() for i in self.impacts],
        }

    def ranking(self) -> list[Impact]:
        """The pooled impacts that have pairs, the largest absolute win-rate difference first (ties by name)."""
        pooled = [i for i in self.impacts if i.vampires == 0 and i.paired.pairs > 0]
        return sorted(pooled, key=lambda i: (-abs(i.paired.win_rate.mean), i.reading, i.option))


def _spec(
    vampires: int, difficulty: str, content: str, ruleset: Mapping[str, str], seed: int, bot: str, cap: int
) -> Spec:
    setup: dict[str, object] = {
        "vampires": list(VAMPIRE_IDS[:vampires]),
        "difficulty": difficulty,
        "content": content,
        "ruleset": dict(sorted(ruleset.items())),
        "seed": seed,
    }
    return Spec(GAME, setup, seed, bot, cap)


def run_study(
    definition: GameDefinition[Any, Any],
    *,
    content: str,
    synthetic: bool,
    vampires: Sequence[int],
    difficulty: str = "medium",
    games: int = 20,
    seed: int = 0,
    bot: str = "ritual",
    bots: Mapping[str, Callable[[], Policy]] | None = None,
    baseline: Mapping[str, str] | None = None,
    readings: Iterable[str] = (),
    max_decisions: int = 20_000,
    progress: Callable[[int, int], None] | None = None,
) -> StudyReport:
    """Play the baseline and every arm on seeds ``seed`` … ``seed + games - 1`` for each count of ``vampires`` (the
    first vampires of the six, wn.pl:46), with ``definition`` (whose setup plays the ``content`` pack named), and
    measure each arm's impact per count and pooled. ``progress`` is told (games played, games in all).
    :class:`~armata_rules.kernel.play.engine.GameSetupError` where the baseline itself cannot be set up."""
    base = dict(baseline or {})
    READINGS.from_json(base)  # a name or option that is no reading's is refused here, before any game
    chosen = arms(base, readings)
    seeds = range(seed, seed + games)
    setup = definition.setup
    if setup is None:
        raise ValueError(f"game {definition.id} defines no setup from arguments: it cannot be studied")

    def spec(n: int, ruleset: Mapping[str, str], game_seed: int) -> Spec:
        return _spec(n, difficulty, content, ruleset, game_seed, bot, max_decisions)

    def refusal(n: int, ruleset: Mapping[str, str]) -> str:
        """Why the setup of ``n`` vampires under ``ruleset`` cannot be played ("" when it can)."""
        try:
            setup(**dict(spec(n, ruleset, seed).setup))
        except GameSetupError as err:
            return str(err)
        return ""

    for n in vampires:
        problem = refusal(n, base)
        if problem:
            raise GameSetupError(f"the baseline of {n} vampires: {problem}")
    refused = {(arm, n): refusal(n, base | {arm.reading: arm.option}) for arm in chosen for n in vampires}
    total = games * (len(vampires) + sum(not problem for problem in refused.values()))
    done = 0

    def one(game: Spec) -> Result:
        nonlocal done
        result = play(game, lookup=lambda _: definition, bots=bots)
        done += 1
        if progress is not None:
            progress(done, total)
        return result

    base_games = {(n, s): one(spec(n, base, s)) for n in vampires for s in seeds}
    impacts: list[Impact] = []
    for arm in chosen:
        ruleset = base | {arm.reading: arm.option}
        per_count = {
            n: [] if refused[(arm, n)] else [(base_games[(n, s)], one(spec(n, ruleset, s))) for s in seeds]
            for n in vampires
        }
        impacts.append(impact(arm, 0, [pair for n in vampires for pair in per_count[n]]))
        impacts.extend(impact(arm, n, per_count[n], refused[(arm, n)]) for n in vampires)
    return StudyReport(content, synthetic, difficulty, bot, games, seed, tuple(vampires), base, tuple(impacts))
