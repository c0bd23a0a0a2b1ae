"""The verification of *Władcy Nocy* (:mod:`armata_rules.wladcy_nocy.verify`, WLADCY_NOCY.md §5): every obligation
proved for every number of vampires and difficulty, the record under ``proofs/wladcy_nocy/`` current, every negative
control caught (in the prover, and in the running engine by a short soak), termination proved with its
counterexamples under the other readings, the soak clean, every concrete form able to fail, and the command's exit
statuses."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import z3

from armata_rules.kernel.core.immutable import replace
from armata_rules.wladcy_nocy.actions import Seal
from armata_rules.wladcy_nocy.book import RULES
from armata_rules.wladcy_nocy.cli import main
from armata_rules.wladcy_nocy.content.loader import load_content
from armata_rules.wladcy_nocy.context import new_context
from armata_rules.wladcy_nocy.editions import WN_PL
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import DayEffects, DayStart, FightEnd, Ops, Overflow, Turn, TurnStart
from armata_rules.wladcy_nocy.state import FightState, Phase, WNOutcome, WNState
from armata_rules.wladcy_nocy.texts import rulebook
from armata_rules.wladcy_nocy.verify import command
from armata_rules.wladcy_nocy.verify import soak as soak_module
from armata_rules.wladcy_nocy.verify.controls import ENGINE_CONTROLS, MUTANTS, Mutant, broken, run_engine_control
from armata_rules.wladcy_nocy.verify.invariants import INVARIANTS, READING_CHECKS, Invariant, Moment, StepView
from armata_rules.wladcy_nocy.verify.models import MODELS, Kernels, params_for
from armata_rules.wladcy_nocy.verify.prover import (
    DIFFICULTIES,
    SEATS,
    ProofResult,
    check_readings,
    first_failure,
    prove_all,
    settings,
)
from armata_rules.wladcy_nocy.verify.record import RECORD, record
from armata_rules.wladcy_nocy.verify.soak import OTHER_OPTIONS, GameSpec, games, midgame, soak
from armata_rules.wladcy_nocy.verify.termination import (
    GAME_CONTROLS,
    TERMINATION_READINGS,
    TURN_CONTROLS,
    check_content,
    check_termination_readings,
    prove_game,
    prove_termination,
    prove_turn,
)

ROOT = Path(__file__).resolve().parents[2]
BY_ID = {inv.id: inv for inv in INVARIANTS}


@pytest.fixture(scope="module")
def results() -> list[ProofResult]:
    return prove_all()


@pytest.fixture(scope="module")
def fresh(results: list[ProofResult]) -> dict[str, object]:
    return command.verify(results)


# ------------------------------------------------------------------------------------------------ the proofs
@pytest.mark.clauses("wn.pl:125", "wn.pl:169-171")
def test_every_obligation_is_proved_for_every_number_of_vampires_and_difficulty(results: list[ProofResult]) -> None:
    assert results and all(r.proved for r in results), [r.counterexample for r in results if not r.proved][:1]
    assert {r.setting for r in results} == {f"{n}/{d}" for n in SEATS for d in DIFFICULTIES}
    assert {r.invariant for r in results} == {inv.id for inv in INVARIANTS}
    assert len(INVARIANTS) == 20
    per_setting = {s: sum(1 for r in results if r.setting == s) for s in {r.setting for r in results}}
    assert len(set(per_setting.values())) == 1 and len(results) == 12 * next(iter(per_setting.values()))


def test_the_models_are_not_vacuous_every_transition_can_fire_in_a_state_the_invariants_allow() -> None:
    for p in settings(seats=(2, 5), difficulties=("hard",)):
        for name, build in MODELS.items():
            model = build(p, Kernels())
            kept = [inv.symbolic(model.variables, p) for inv in INVARIANTS if inv.model == name]
            start = z3.Solver()
            start.add(model.domain(model.variables), model.init(model.variables))
            assert start.check() == z3.sat, f"{name}: no initial state"
            for transition in model.transitions:
                solver = z3.Solver()
                solver.add(model.domain(model.variables), *kept, transition.guard(model.variables))
                assert solver.check() == z3.sat, f"{name} ({p.setting}): '{transition.name}' can never fire"


def test_transitions_name_rules_of_the_book_and_invariants_cite_whole_clauses_of_the_text() -> None:
    p = params_for("wn_pl", WN_PL, 3, "medium")
    for build in MODELS.values():
        for transition in build(p, Kernels()).transitions:
            assert transition.rule in RULES.rules, transition.rule
    book = rulebook()
    for inv in INVARIANTS:
        assert inv.model in MODELS and inv.clauses
        for citation in inv.clauses:
            assert book.whole_clauses(citation), f"{inv.id}: {citation}"


def test_the_parameters_are_the_engines_for_every_number_of_vampires() -> None:
    for n in SEATS:
        ctx = new_context(["agnieszka", "imre", "ishtvan", "laszlo", "mila"][:n], content="synthetic-test")
        p = params_for("wn_pl", WN_PL, n, "medium")
        assert (p.station_minions, p.supply_minions) == (ctx.station_minions, ctx.supply_minions)
        assert p.minion_total <= p.minion_tokens and p.dice == 2 * n and p.blood_total == 4 * n + 2
        assert 0 <= ctx.pool_size <= p.agent_tokens and p.cards_per_deck == ctx.k
        assert (p.level("seal"), p.level("ritual"), p.level("relic_1")) == (9, 9, 2)
        assert p.immaculate_max == 6 and p.immaculate_cards == 1


@pytest.mark.clauses("wn.pl:163", "wn.pl:411", "wn.pl:425", "wn.pl:592", "wn.pl:54")
def test_each_reading_that_keeps_an_invariant_breaks_it_under_its_other_option() -> None:
    found = check_readings()
    assert [(r.check.invariant, r.check.option) for r in found] == [(c.invariant, c.option) for c in READING_CHECKS]
    for r in found:
        assert r.refuted and "from {" in r.account and "gives {" in r.account, r
        assert BY_ID[r.check.invariant].readings, r.check.invariant


def test_the_proof_record_is_current(fresh: dict[str, object]) -> None:
    committed = json.loads((ROOT / RECORD).read_text(encoding="utf-8"))
    assert committed == json.loads(json.dumps(fresh, sort_keys=True))
    assert fresh["obligations"] == fresh["proved"] and fresh["counterexamples"] == []
    assert "seconds" not in json.dumps(fresh)


def test_content_hooks_are_listed_as_not_proved(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'format = 1\nid = "mine"\nnote = "read off my copy"\n[districts.unnamed_2]\n'
        'effect = { hook = "armata_rules.wladcy_nocy.cards:unnamed_2", source = "tile:X" }\n',
        encoding="utf-8",
    )
    content = load_content(path)
    data = record([], [], [], [], [], [content])
    assert data["not_proved"] == [
        {
            "content": "mine",
            "key": "districts.unnamed_2.effect",
            "hook": "armata_rules.wladcy_nocy.cards:unnamed_2",
            "why": "a hook is Python, outside the effect vocabulary",
        }
    ]
    p = params_for("wn_pl", WN_PL, 3, "medium")
    assert [r.status for r in check_content(content, p) if r.transition == "districts.unnamed_2.effect"] == ["hook"]


# ------------------------------------------------------------------------------------------------ negative controls
@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_each_broken_kernel_is_refuted_by_the_prover(mutant: Mutant) -> None:
    failing = first_failure(mutant.breaks, mutant.kernels)
    assert failing is not None and failing.counterexample is not None, mutant.name
    account = failing.counterexample.describe()
    assert "from {" in account and "gives {" in account and "wn.pl:" in account
    assert first_failure(mutant.breaks, Kernels(), settings(seats=(3,), difficulties=("medium",))) is None


@pytest.mark.parametrize("control", ENGINE_CONTROLS, ids=lambda c: c.name)
def test_each_kernel_broken_in_the_engine_is_caught_by_a_short_soak(control: object) -> None:
    caught, report = run_engine_control(control, decisions=5_000)  # type: ignore[arg-type]
    assert caught, report.problems[:1]
    assert report.decisions < 5_000


def test_a_broken_control_is_put_back() -> None:
    from armata_rules.wladcy_nocy import effects

    real = effects.veil_step
    with pytest.raises(RuntimeError), broken(ENGINE_CONTROLS[0]):
        assert effects.veil_step is not real
        raise RuntimeError
    assert effects.veil_step is real


# ------------------------------------------------------------------------------------------------ termination
@pytest.mark.clauses("wn.pl:167-173", "wn.pl:445", "wn.pl:377-383")
def test_every_game_and_every_night_turn_end() -> None:
    params = settings()
    found = prove_termination(params)
    assert found and all(r.status == "proved" for r in found)
    rounds = {r.setting: r.bound for r in found if r.variant == "game"}
    assert rounds == {p.setting: 3 * p.cards_per_deck for p in params}
    assert {r.setting for r in found if r.variant == "turn"} == {str(n) for n in SEATS}


def test_termination_fails_without_its_readings_a_0_ap_trade_loop_first() -> None:
    p = params_for("wn_pl", WN_PL, 3, "medium")
    found = check_termination_readings(p)
    assert [(name, option) for name, option, _ in found] == list(TERMINATION_READINGS)
    assert all(r.status == "counterexample" for _, _, r in found)
    trade = found[0][2]
    assert trade.transition.startswith("a relic trade") and trade.counterexample["action points"] == "0"


def test_the_termination_controls_are_refuted_and_the_synthetic_loop_is_flagged() -> None:
    p = params_for("wn_pl", WN_PL, 3, "medium")
    for _, _, kernels in GAME_CONTROLS:
        assert any(r.status == "counterexample" for r in prove_game(p, kernels))
    for _, _, kernels in TURN_CONTROLS:
        assert any(r.status == "counterexample" for r in prove_turn(p, kernels))
    from armata_rules.wladcy_nocy.content.loader import printed, synthetic_test

    flagged = [r.transition for r in check_content(synthetic_test(), p) if r.status == "counterexample"]
    assert flagged == ["districts.unnamed_5.effect"]  # a night effect that gives back the action point it costs
    assert {r.status for r in check_content(printed(), p)} == {"unknown"}


# ------------------------------------------------------------------------------------------------ the soak
def test_a_slice_of_the_soak_sees_nothing_wrong_with_every_start_and_bot() -> None:
    specs = [
        GameSpec(seed, vampires, difficulty, start, bot)
        for seed, vampires, difficulty, start, bot in (
            (1, ("imre", "mila"), "easy", "setup", "random"),
            (2, ("agnieszka", "ishtvan", "mila"), "medium", "midgame", "random"),
            (3, ("agnieszka", "imre", "nevena", "laszlo"), "hard", "midgame", "random"),
            (4, ("agnieszka", "imre", "ishtvan", "laszlo", "mila"), "medium", "setup", "random"),
            (5, ("laszlo", "nevena", "ishtvan"), "easy", "setup", "ritual"),
            (11, ("imre", "mila"), "easy", "setup", "ritual"),
            (6, ("mila", "imre"), "hard", "midgame", "hunter"),
        )
    ]
    report = soak(6_000, specs=specs)
    assert report.clean, report.problems
    assert report.games == 7 and report.finished == 7 and report.steps > report.decisions
    assert report.outcomes["ritual"] >= 1  # the ritual player's win of seed 11: ritual-win checked on a real win


def test_the_soak_plays_every_other_option_of_every_reading_in_turn() -> None:
    """One game in four plays the next reading's other option; a reading the box cannot supply at that count is
    counted, not played; games under a reading the termination proof refutes are not held to the turn variant."""
    first = list(itertools.islice(games(0), 4 * len(OTHER_OPTIONS)))
    assert [spec.reading for spec in first[3::4]] == list(OTHER_OPTIONS)
    assert all(spec.reading is None for k, spec in enumerate(first) if k % 4 != 3)
    counts = {(spec.reading, len(spec.vampires)) for spec in itertools.islice(games(0), 16 * len(OTHER_OPTIONS))}
    assert counts >= {(other, n) for other in OTHER_OPTIONS for n in (2, 3, 4, 5)}  # every reading at every count
    nine = GameSpec(1, ("imre", "mila"), "easy", "setup", "random", ("minion_supply", "nine_always"))
    unbounded = GameSpec(2, ("imre", "mila"), "easy", "midgame", "random", ("relic_trade_bound", "unbounded"))
    report = soak(3_000, specs=[nine, unbounded])
    assert report.clean, report.problems
    assert report.refused == 1 and report.games == 2 and report.unproved > 0 and report.flagged == 0


def test_the_turn_variant_counts_every_holders_relic_uses_where_any_vampire_may_use_one() -> None:
    """Under relic_use_turn = any_night_turn another vampire's relic use is a decision of the turn: the variant
    counts its uses too, so that the use lowers it (the state machine found it unchanged)."""
    for reading, counted in (("own_turn", 0), ("any_night_turn", 1)):
        game = Game.new(["mila", "imre"], content="synthetic-test", ruleset={"relic_use_turn": reading})
        ctx = game.ctx
        state = game.initial_state()
        mila = replace(state.vampires[0], victims=5, relics=("unnamed_2",))
        state = replace(state, vampires=(mila, replace(state.vampires[1], ap=2)), frames=(*state.frames, Turn(1)))
        assert soak_module.turn_variant(ctx, state, 1)[2] == counted


def test_the_soak_reports_a_broken_invariant_and_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    never = replace(BY_ID["veil-range"], state=lambda m: "planted" if m.state.round > 1 else None)
    monkeypatch.setattr(soak_module, "INVARIANTS", (never,))
    report = soak(2_000, stop_at_first_problem=True)
    assert not report.clean and report.problems[0].startswith("violations: invariant veil-range: planted")

    def crash(m: Moment) -> str | None:
        raise ValueError("boom")

    monkeypatch.setattr(soak_module, "INVARIANTS", (replace(BY_ID["veil-range"], state=crash),))
    report = soak(100)
    assert report.crashes and "boom" in report.problems[0]


def test_the_soaks_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak_module.main(["--decisions", "300", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("decisions  300") and "violations 0" in out


def test_a_midgame_start_keeps_every_state_invariant() -> None:
    import random

    for seed, vampires in ((0, ("imre", "mila")), (1, ("agnieszka", "ishtvan", "laszlo", "mila", "nevena"))):
        game = Game.new(list(vampires), content="synthetic-test", seed=seed)
        state = midgame(game, game.initial_state(), random.Random(seed))
        assert any(v.victims for v in state.vampires)
        moment = Moment(game.ctx, state)
        assert [inv.id for inv in INVARIANTS if inv.state is not None and inv.state(moment)] == []


# ------------------------------------------------------------------------------------------------ concrete forms fail
def _base() -> tuple[Game, WNState]:
    game = Game.new(["imre", "mila", "agnieszka"], content="synthetic-test", seed=3)
    return game, game.initial_state()


def _vampire(state: WNState, seat: int, **changes: object) -> WNState:
    vampires = list(state.vampires)
    vampires[seat] = replace(vampires[seat], **changes)
    return replace(state, vampires=tuple(vampires))


BROKEN_STATES: dict[str, Callable[[WNState], WNState]] = {
    "veil-range": lambda s: replace(s, veil=7),
    "veil-zero-ends": lambda s: replace(s, veil=0),
    "blood-bounds": lambda s: _vampire(s, 0, blood=5),
    "blood-conservation": lambda s: replace(s, blood_supply=s.blood_supply + 1),
    "blood-supply-suffices": lambda s: replace(_vampire(s, 0, blood=3), blood_supply=0),
    "exhausted-iff-zero": lambda s: replace(_vampire(s, 0, blood=0, ap=2), phase=Phase.NIGHT),
    "agent-conservation": lambda s: replace(s, agent_pool=s.agent_pool + 1),
    "veil-penalty-count": lambda s: replace(s, pending_veil=1, card=""),
    "minion-conservation": lambda s: replace(s, minion_supply=s.minion_supply + 1),
    "victims-monotone": lambda s: _vampire(s, 1, victims=10),
    "relic-cap": lambda s: replace(_vampire(s, 0, relics=(s.relic_deck[0],)), relic_deck=s.relic_deck[1:]),
    "seal-rules": lambda s: _vampire(s, 0, seal=4),
    "ritual-win": lambda s: replace(_vampire(s, 0, cell=4), outcome=WNOutcome.RITUAL),
    "dice-pool": lambda s: replace(s, dice=replace(s.dice, aside=s.dice.aside + 1)),
    "leader-rotation": lambda s: replace(s, leader=3),
    "deck-timer": lambda s: replace(s, round=s.round + 2),
}


def test_every_state_form_holds_on_a_real_state_and_fails_on_a_broken_one() -> None:
    game, state = _base()
    with_state = [inv.id for inv in INVARIANTS if inv.state is not None]
    assert sorted(with_state) == sorted(BROKEN_STATES)
    for inv in INVARIANTS:
        if inv.state is None:
            continue
        assert inv.state(Moment(game.ctx, state)) is None, inv.id
        assert inv.state(Moment(game.ctx, BROKEN_STATES[inv.id](state))), inv.id
    exhausted = BROKEN_STATES["exhausted-iff-zero"](state)
    assert BY_ID["exhausted-iff-zero"].state is not None
    assert BY_ID["exhausted-iff-zero"].state(Moment(game.ctx, exhausted, frozenset({0}))) is None  # gifted
    waiting = replace(exhausted, frames=(*exhausted.frames, TurnStart(0)))
    assert BY_ID["exhausted-iff-zero"].state(Moment(game.ctx, waiting)) is None  # recovers when its turn comes


def _step(inv: Invariant, game: Game, before: WNState, after: WNState, frame: object, action: object = None) -> str:
    assert inv.step is not None
    return inv.step(StepView(game.ctx, before, after, frame, action)) or ""  # type: ignore[arg-type]


def test_the_step_forms_catch_a_broken_step() -> None:
    game, state = _base()
    together = _vampire(_vampire(state, 1, cell=0, blood=2), 0, cell=0, blood=0)
    owing = replace(together, frames=(*together.frames, Overflow(0, 2)))
    assert "ignored while a vampire there still holds blood" in _step(
        BY_ID["overflow-conservation"], game, owing, together, Overflow(0, 2)
    )
    fight = FightState(0, 0, False, sacrificed=1, removed=2)
    ending = replace(state, fight=fight, frames=(*state.frames, FightEnd(0)))
    assert "removed 3 agents" in _step(
        BY_ID["victims-monotone"], game, ending, _vampire(state, 0, victims=1), FightEnd(0)
    )
    assert "fell" in _step(BY_ID["victims-monotone"], game, _vampire(state, 1, victims=4), state, None)
    day = replace(state, round=2, frames=(DayStart(),))
    assert "leader went" in _step(BY_ID["leader-rotation"], game, day, day, DayStart())
    assert "seal moved" in _step(BY_ID["seal-rules"], game, state, _vampire(state, 0, seal=4), Turn(0), None)
    unsealed = _vampire(state, 0, victims=8)
    sealed = replace(_vampire(unsealed, 0, seal=0), districts=state.districts)
    assert "sealed at 8 victims" in _step(BY_ID["seal-rules"], game, unsealed, sealed, Turn(0), Seal(0))
    deck = replace(state, events=state.events.draw(0)[0])
    assert "event cards left the deck" in _step(BY_ID["deck-timer"], game, state, deck, Turn(0))
    from armata_rules.wladcy_nocy.city import cell_name

    cell = next(c for c in range(9) if game.ctx.districts[state.tile_at(c)].kind == "day")
    districts = tuple(replace(d, minions=1, hidden=1) if c == cell else d for c, d in enumerate(state.districts))
    tied = replace(state, districts=districts)
    source = game.ctx.districts[state.tile_at(cell)].source
    fired = replace(tied, frames=(DayEffects((cell_name(cell),)), Ops(source, "day", here=cell)))
    problem = _step(BY_ID["day-effect-predicate"], game, replace(tied, frames=(DayEffects(),)), fired, DayEffects())
    assert "fired with 1 minions, 1 agents" in problem


# ------------------------------------------------------------------------------------------------ the command
def test_verify_prints_the_proofs_and_writes_the_record(
    fresh: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(command, "verify", lambda results=None: fresh)
    out = tmp_path / "results.json"
    assert main(["verify", "--record", str(out)]) == 0
    shown = capsys.readouterr().out
    assert f"{fresh['proved']}/{fresh['obligations']} obligations proved" in shown and "deck-timer" in shown
    assert "relic_trade_bound = unbounded" in shown and "districts.unnamed_5.effect" in shown
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(fresh, sort_keys=True))
    assert main(["verify", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == 1


def test_verify_fails_with_status_1_when_a_check_fails(
    fresh: dict[str, object], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    spoiled = json.loads(json.dumps(fresh))
    spoiled["counterexamples"] = [{"invariant": "veil-range", "setting": "3/medium", "account": "from {veil=6} ..."}]
    spoiled["readings"][0]["found"] = "proved"
    monkeypatch.setattr(command, "verify", lambda results=None: spoiled)
    assert main(["verify", "-q"]) == 1
    err = capsys.readouterr().err
    assert "veil-range (3/medium)" in err and "2 check(s) failed" in err
    assert main(["verify", "--record", str(Path("/nonexistent-dir") / "r.json")]) == 2


def test_verify_self_test_catches_every_control_and_fails_when_one_is_missed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["verify", "--self-test", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["controls"]
    names = [row["control"] for row in rows]
    assert names == [m.name for m in MUTANTS] + [c[0] for c in (*GAME_CONTROLS, *TURN_CONTROLS)] + [
        c.name for c in ENGINE_CONTROLS
    ]
    assert all(row["caught"] for row in rows)
    missed = [*rows[:-1], {**rows[-1], "caught": False}]
    monkeypatch.setattr(command, "self_test", lambda: missed)
    assert main(["verify", "--self-test"]) == 1
    err = capsys.readouterr().err
    assert "1 negative control(s) not caught" in err and ENGINE_CONTROLS[-1].name in err
