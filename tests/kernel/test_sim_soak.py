"""The soak's report and command line every game shares (:mod:`armata_rules.kernel.sim.soak`): the figures a person
reads, a few accounts kept per kind of problem, a game's own lines, the exit status, and bad arguments refused in
one line."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.play.state import StateFileError
from armata_rules.kernel.sim.soak import KEPT_PER_KIND, PROBLEM_KINDS, SoakReport, reload_problem, soak_main
from armata_rules.kernel.testing.toy import RACE, new_context


def test_a_report_with_no_problem_is_clean_and_reads_as_figures() -> None:
    report = SoakReport(decisions=12_345, games=3, finished=2, seconds=2.0)
    report.kinds.update({"step": 10, "pass": 2})
    assert report.clean
    assert report.lines() == [
        "decisions  12,345 (6,172/s)",
        "games      3 (2 finished)",
        "crashes    0",
        "stuck      0",
        "hangs      0",
        "violations 0",
        "action kinds seen: pass 2, step 10",
    ]


@pytest.mark.parametrize("kind", PROBLEM_KINDS)
def test_every_kind_of_problem_makes_a_report_unclean_and_only_the_first_accounts_are_kept(kind: str) -> None:
    report = SoakReport()
    for n in range(KEPT_PER_KIND + 3):
        report.note(kind, f"game {n}")
    assert not report.clean
    assert getattr(report, kind) == KEPT_PER_KIND + 3
    assert report.problems == [f"{kind}: game {n}" for n in range(KEPT_PER_KIND)]
    assert report.lines()[-KEPT_PER_KIND:] == report.problems


def test_a_report_with_no_time_reads_a_rate_of_zero() -> None:
    assert SoakReport(decisions=5).rate == 0.0


@dataclass
class EndingsReport(SoakReport):
    """A game's report with a counter of its own."""

    skipped: int = 0

    def games_line(self) -> str:
        return f"games      {self.games} (endings vary)"

    def more_lines(self) -> list[str]:
        return [f"skipped    {self.skipped}"]


def test_a_game_adds_its_own_lines_after_the_problem_counts() -> None:
    lines = EndingsReport(games=1, skipped=4).lines()
    assert lines[1] == "games      1 (endings vary)"
    assert lines[6] == "skipped    4"


def _run(problem: bool) -> Callable[[int, int, Callable[[SoakReport], None] | None], SoakReport]:
    def run(decisions: int, seed: int, progress: Callable[[SoakReport], None] | None) -> SoakReport:
        report = SoakReport(decisions=decisions, games=seed)
        if progress is not None:
            progress(report)
        if problem:
            report.note("stuck", "seed 7 at seat 2")
        return report

    return run


def test_the_command_line_prints_the_figures_and_exits_0_when_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        soak_main(
            "python -m toy.soak", "a toy soak", _run(False), ["--decisions", "20", "--seed", "4"], default_decisions=100
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("decisions  20 ")
    assert "games      4 (0 finished)" in out


def test_the_command_line_exits_1_and_prints_the_problem_when_not_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_main("python -m toy.soak", "a toy soak", _run(True), [], default_decisions=100) == 1
    out = capsys.readouterr().out
    assert "decisions  100 " in out
    assert "stuck: seed 7 at seat 2" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--decisions", "0"], "--decisions must be at least 1, not 0"),
        (["--seed", "-1"], "--seed must be 0 or more, not -1"),
        (["--decisions", "ten"], "invalid int value: 'ten'"),
    ],
)
def test_bad_arguments_are_refused_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        soak_main("python -m toy.soak", "a toy soak", _run(False), argv, default_decisions=100)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_armatas_soak_command_refuses_zero_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    from armata_rules.sim.soak import main

    with pytest.raises(SystemExit):
        main(["--decisions", "0"])
    assert "--decisions must be at least 1" in capsys.readouterr().err


def _raising(error: BaseException) -> Callable[[int, int, Callable[[SoakReport], None] | None], SoakReport]:
    def run(decisions: int, seed: int, progress: Callable[[SoakReport], None] | None) -> SoakReport:
        raise error

    return run


def test_ctrl_c_ends_the_soak_with_one_line_and_status_130(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_main("python -m toy.soak", "a toy soak", _raising(KeyboardInterrupt()), [], default_decisions=1) == 130
    assert capsys.readouterr().err == "python -m toy.soak: interrupted\n"


def test_a_reader_that_went_away_ends_the_soak_quietly_with_status_141(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_main("python -m toy.soak", "a toy soak", _raising(BrokenPipeError()), [], default_decisions=1) == 141
    assert capsys.readouterr().err == ""


def test_a_state_of_play_that_loads_back_has_no_reload_problem_and_a_refused_one_is_named() -> None:
    engine = Engine(RACE, new_context(2, seed=5))
    state = engine.initial_state()
    for _ in range(5):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert reload_problem(engine, state) is None

    def refuse(ctx: object, state: object, source: str) -> None:
        raise StateFileError(source, "positions", "refused for the test")

    strict = Engine(dataclasses.replace(RACE, check_state=refuse), engine.ctx)
    assert reload_problem(strict, state) == (
        "does not load back: StateFileError: saved state: positions: refused for the test"
    )
