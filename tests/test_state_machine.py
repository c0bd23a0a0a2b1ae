"""A Hypothesis state machine over the real engine: random legal and illegal play for every preset and 2-5
heroes, every invariant checked after every step, every concrete step checked against its symbolic relation.

A failure prints the program of steps that reproduces it (Hypothesis's stateful reproduction)."""

from __future__ import annotations

import os
import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import (
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    ChooseCard,
    EndMove,
    GiveReward,
    Pass,
    PlaceLadder,
    Protect,
    RebelDraw,
    Step,
    UseAbility,
)
from armata_rules.effects import Effect, PlaceFightToken
from armata_rules.frames import FightPhase
from armata_rules.records import GameRecord, replay
from armata_rules.state import GameState
from armata_rules.variants import StrigoiAfterEncounter
from armata_rules.verify import CONCRETE_ONLY, INVARIANTS
from tests.conformance import check_step, traced
from tests.play import HEROES


class GameMachine(RuleBasedStateMachine):
    """Drives one game; a bot-free random walk over the legal actions, with refusals tried in between."""

    def __init__(self) -> None:
        super().__init__()
        self.game: Game | None = None

    @initialize(
        preset=st.sampled_from(editions.ALL),
        players=st.integers(2, 5),
        seed=st.integers(0, 2**32 - 1),
        chance=st.sampled_from(["auto", "explicit"]),
    )
    def start(self, preset: object, players: int, seed: int, chance: str) -> None:
        self.game = Game.new(HEROES[:players], ruleset=preset, seed=seed, chance=chance)  # type: ignore[arg-type]
        self.state = self.game.initial_state()
        self.turn_fights: dict[tuple[int, int, str], int] = {}

    def _count_fight(self, before: GameState, action: Action, trace: list[Effect]) -> None:
        """One encounter or Strigoi fight per hero turn (peg19.en:801): resolved encounters leave a fight token,
        attacks start from the fight phase (counterattacks are answers, not the turn's fight). Where the
        ``strigoi_after_encounter`` reading lets one attack follow the encounter (peg19.fr:1976, peg19.es:2460),
        encounters and attacks are counted apart, one of each, the attack last."""
        assert self.game is not None
        turn = before.turn
        if turn is None:
            return
        started = isinstance(action, AttackStrigoi) and isinstance(before.frames[-1], FightPhase)
        resolved = sum(isinstance(e, PlaceFightToken) for e in trace)
        if not (started or resolved):
            return
        if self.game.ruleset.strigoi_after_encounter is StrigoiAfterEncounter.ONE:
            key = (before.round, turn.seat, "any")
            self.turn_fights[key] = self.turn_fights.get(key, 0) + started + resolved
            assert self.turn_fights[key] <= 1, "a second encounter or fight in one turn"
            return
        attacks, encounters = (before.round, turn.seat, "strigoi"), (before.round, turn.seat, "encounter")
        assert not (resolved and self.turn_fights.get(attacks)), "an encounter after the turn's attack"
        self.turn_fights[attacks] = self.turn_fights.get(attacks, 0) + started
        self.turn_fights[encounters] = self.turn_fights.get(encounters, 0) + resolved
        assert self.turn_fights[attacks] <= 1 and self.turn_fights[encounters] <= 1, "a second encounter or fight"

    @precondition(lambda self: self.game is not None and not self.state.is_over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        assert self.game is not None
        actions = self.game.legal_actions(self.state)
        assert actions, f"no legal action at {self.state.to_act}"
        action = data.draw(st.sampled_from(actions), label="action")
        before, fingerprint = self.state, self.state.hash()
        with traced() as trace:
            after = self.game.apply(before, action)
        assert before.hash() == fingerprint, "apply mutated its input"
        check_step(self.game, before, after, trace)
        self._count_fight(before, action, trace)
        self.state = after

    @precondition(lambda self: self.game is not None)
    @rule(data=st.data())
    def play_illegal(self, data: st.DataObject) -> None:
        assert self.game is not None
        spaces = sorted(self.game.fortress.spaces)
        cards = sorted(self.game.pack.cards)
        seat = st.integers(-1, 5)
        candidate = data.draw(
            st.one_of(
                st.builds(PlaceLadder, seat, st.sampled_from(spaces)),
                st.builds(ChooseCard, seat, st.sampled_from(cards)),
                st.builds(Step, seat, st.sampled_from(spaces)),
                st.builds(EndMove, seat),
                st.builds(Pass, seat, st.sampled_from(["resolve", "end_fight_phase", "take_wounds", "fall"])),
                st.builds(Choose, seat, st.sampled_from(["flip", "fight", "free", "attack"])),
                st.builds(AttackStrigoi, seat, st.integers(0, 1), st.sampled_from(["melee", "ranged"])),
                st.builds(
                    UseAbility,
                    seat,
                    st.sampled_from(["heal", "leap", "mechanics"]),
                    st.sampled_from(cards),
                    st.sampled_from(["card", "token"]),
                ),
                st.builds(Protect, seat, st.sampled_from(cards), st.just("card")),
                st.builds(ChanceOutcome, st.just("draw_red"), st.text(max_size=4)),
            ),
            label="illegal candidate",
        )
        if candidate in self.game.legal_actions(self.state):
            return
        fingerprint = self.state.hash()
        try:
            self.game.apply(self.state, candidate)
        except RuleViolation as refused:
            assert refused.rule_id and refused.clauses and refused.message
        else:
            raise AssertionError(f"{candidate} is not legal but was applied")
        assert self.state.hash() == fingerprint

    def _abilities(self) -> list[Action]:
        assert self.game is not None
        return [a for a in self.game.legal_actions(self.state) if isinstance(a, (UseAbility, GiveReward, RebelDraw))]

    @precondition(lambda self: self.game is not None and not self.state.is_over and bool(self._abilities()))
    @rule(data=st.data())
    def use_an_ability(self, data: st.DataObject) -> None:
        """Abilities, gifts and the Rebel's draw, drawn on their own whenever one is legal: in the middle of a move
        too, where a platform turn once left a live state with no legal action."""
        assert self.game is not None
        action = data.draw(st.sampled_from(self._abilities()), label="ability")
        before = self.state
        with traced() as trace:
            after = self.game.apply(before, action)
        check_step(self.game, before, after, trace)
        self._count_fight(before, action, trace)
        self.state = after

    @invariant()
    def a_live_state_has_a_legal_action(self) -> None:
        """Liveness, after every decision: a game that is not over always offers a legal action."""
        if self.game is not None and not self.state.is_over:
            assert self.game.legal_actions(self.state), f"no legal action at {self.state.to_act}"

    @invariant()
    def invariants_hold(self) -> None:
        if self.game is None:
            return
        for inv in INVARIANTS:
            assert inv.concrete(self.game.ctx, self.state), f"invariant {inv.id} broken"
        for name, _, check in CONCRETE_ONLY:
            assert check(self.game.ctx, self.state), f"invariant {name} broken"


GameMachine.TestCase.settings = settings(
    settings.default, stateful_step_count=80, max_examples=max(10, settings.default.max_examples // 3)
)
TestGameMachine = GameMachine.TestCase


COMPLETE_GAMES = 2000 if os.environ.get("ARMATA_HYPOTHESIS_PROFILE") == "soak" else 12


def test_complete_random_games_end_keep_every_invariant_and_replay() -> None:
    """Complete games (random play) across presets and player counts end, hold every invariant at every step, and
    replay from their record to the same hash. The soak profile plays thousands."""
    for seed in range(COMPLETE_GAMES):
        preset = editions.ALL[seed % len(editions.ALL)]
        players = 2 + seed % 4
        game = Game.new(HEROES[:players], ruleset=preset, seed=seed)
        state = game.initial_state()
        rng = random.Random(seed)
        actions = []
        while not state.is_over and len(actions) < 20_000:
            action = rng.choice(game.legal_actions(state))
            with traced() as trace:
                after = game.apply(state, action)
            check_step(game, state, after, trace)
            state = after
            actions.append(action)
            for inv in INVARIANTS:
                assert inv.concrete(game.ctx, state), (inv.id, seed)
            for name, _, check in CONCRETE_ONLY:
                assert check(game.ctx, state), (name, seed)
        assert state.is_over, f"seed {seed} did not end in {len(actions)} steps"
        _, again = replay(GameRecord.of(game, actions, state))
        assert again.hash() == state.hash()
