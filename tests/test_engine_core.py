"""The engine core: creation, setup, Phase 1, turn order, immutability, refusals, determinism."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules import Game, GameSetupError, RuleViolation, editions
from armata_rules.actions import ChanceOutcome, ChooseCard, EndMove, PlaceLadder, Step, action_from_json, action_to_json
from armata_rules.frames import DecisionKind
from armata_rules.state import GameState
from armata_rules.variants import InitiativeTies, Ruleset
from tests.play import HEROES, new_game, passive_action, random_play


def test_new_game_validates_heroes() -> None:
    with pytest.raises(GameSetupError, match="2 to 5 heroes"):
        Game.new(["Roel"])
    with pytest.raises(GameSetupError, match="different Powerwolf"):
        Game.new(["Roel", "roel"])
    with pytest.raises(GameSetupError, match="no Powerwolf called 'Dracula'"):
        Game.new(["Roel", "Dracula"])
    with pytest.raises(GameSetupError, match="chance must be"):
        Game.new(["Roel", "Attila"], chance="sometimes")  # type: ignore[arg-type]


def test_setup_places_ladders_in_seat_order_then_opens_phase_one() -> None:
    game = new_game(3)
    state = game.initial_state()
    assert state.round == 0
    assert all(len(h.hand) == 6 for h in state.heroes)
    assert state.blood.supply == 14 and state.blood.altar == 0
    assert state.reward_deck.size == 27
    for seat in range(3):
        assert state.to_act.seats == (seat,) and state.to_act.decision == "place_ladder"
        sites = game.legal_actions(state)
        assert all(isinstance(a, PlaceLadder) and a.seat == seat for a in sites)
        state = game.apply(state, sites[0])
        assert state.heroes[seat].position == sites[0].site  # type: ignore[attr-defined]
    assert state.round == 1
    assert state.to_act.kind is DecisionKind.SIMULTANEOUS
    assert state.to_act.seats == (0, 1, 2)
    assert all(s.position is None for s in state.strigoi)  # not before round 2 (peg19.en:714)


def test_sb19_counts() -> None:
    state = new_game(2, editions.SB19_EN).initial_state()
    assert state.blood.supply == 10
    assert state.reward_deck.size == 28


def _through_setup(game: Game) -> GameState:
    state = game.initial_state()
    while state.to_act.decision == "place_ladder":
        state = game.apply(state, game.legal_actions(state)[0])
    return state


def test_phase_one_is_secret_and_the_reveal_orders_by_initiative() -> None:
    game = new_game(3)
    state = _through_setup(game)
    cards = {0: "attila:lupus-dei", 1: "falk-maria:blessed-and-possessed", 2: "charles:beast-of-gevaudan"}
    for seat in (2, 0):
        state = game.apply(state, ChooseCard(seat, cards[seat]))
    assert state.to_act.seats == (1,)
    view = game.observation(state, 1)
    assert view.heroes[0].chosen is None and view.heroes[0].has_chosen
    assert view.heroes[0].hand is None and view.heroes[1].hand is not None
    state = game.apply(state, ChooseCard(1, cards[1]))
    assert state.order == (1, 0, 2)  # initiative 4, 8, 8: tie broken by seat
    assert state.to_act.seats == (1,) and state.to_act.decision == "move"
    assert game.observation(state, 1).heroes[0].chosen == cards[0]


def test_ties_by_chance_reading_are_a_chance_event() -> None:
    ruleset = editions.PEG19_EN.with_(initiative_ties=InitiativeTies.CHANCE)
    game = new_game(3, ruleset, chance="explicit")
    state = _through_setup(game)
    for seat, card in (
        (0, "attila:army-of-the-night"),
        (1, "falk-maria:army-of-the-night"),
        (2, "charles:beast-of-gevaudan"),
    ):
        state = game.apply(state, ChooseCard(seat, card))
    assert state.to_act.is_chance
    outcomes = game.chance_outcomes(state)
    assert [o.outcome for o, _ in outcomes] == ["0,1", "1,0"]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    state = game.apply(state, ChanceOutcome("order_ties", "1,0"))
    assert state.order == (1, 0, 2)


def test_the_strigoi_arrive_at_the_start_of_round_two() -> None:
    game = new_game(2, chance="explicit")
    state = _through_setup(game)
    while state.round < 2 or state.to_act.decision != "place_strigoi":
        state = game.apply(state, game.legal_actions(state)[-1])
    outcomes = game.chance_outcomes(state)
    assert len(outcomes) == 2
    state = game.apply(state, outcomes[1][0])
    positions = {s.name: s.position for s in state.strigoi}
    assert positions == {"Master": "SW:0,0", "Apprentice": "NE:0,0"}


def test_end_of_round_discards_played_cards_and_empty_hands_take_back_the_pile() -> None:
    game = new_game(2)
    state = _through_setup(game)
    is_action = game.ctx.is_action_card
    for expected_round in range(1, 9):
        assert state.round == expected_round
        chosen = {}
        for seat in (0, 1):
            chosen[seat] = sorted(c for c in state.heroes[seat].hand if is_action(c))[0]
            state = game.apply(state, ChooseCard(seat, chosen[seat]))
        while state.to_act.decision != "choose_card" or state.round == expected_round:
            before = state
            state = game.apply(state, passive_action(game, state))
        for seat in (0, 1):
            hero, old = state.heroes[seat], before.heroes[seat]
            assert chosen[seat] in hero.discard  # played cards go to the discard pile (peg19.en:1158)
            assert chosen[seat] not in hero.hand  # ... never back in hand the round they were played
            assert any(is_action(c) for c in hero.hand)  # ready for the next round (peg19.en:1154)
            earned_now = any(is_action(c) for c in set(hero.hand) - set(old.hand) - set(old.discard))
            if not any(is_action(c) for c in old.hand) and not earned_now:
                assert set(old.discard) <= set(hero.hand)  # the last action card was played: the pile is back


@pytest.mark.parametrize("preset", editions.ALL, ids=lambda p: p.name)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_legal_play_through_many_rounds(preset: Ruleset, players: int) -> None:
    game = new_game(players, preset, seed=players)
    steps = 0
    for state, action in random_play(game, random.Random(players), rounds=8):
        before = state.hash()
        game.apply(state, action)
        assert state.hash() == before  # apply never mutates its input
        steps += 1
    assert steps > 20


@given(st.integers(0, 10_000), st.integers(2, 5), st.sampled_from(editions.ALL))
def test_same_seed_same_actions_same_hash(seed: int, players: int, preset: Ruleset) -> None:
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    game_a = new_game(players, preset, seed=seed)
    game_b = new_game(players, preset, seed=seed)
    trail_a = [s.hash() for s, _ in random_play(game_a, rng_a, rounds=3)]
    trail_b = [s.hash() for s, _ in random_play(game_b, rng_b, rounds=3)]
    assert trail_a == trail_b


@given(st.integers(0, 10_000), st.integers(2, 5), st.data())
def test_actions_outside_the_legal_set_are_refused_and_change_nothing(
    seed: int, players: int, data: st.DataObject
) -> None:
    game = new_game(players, seed=seed)
    rng = random.Random(seed)
    cards = sorted(game.pack.cards)
    spaces = sorted(game.fortress.spaces)
    for state, _ in random_play(game, rng, rounds=3):
        legal = game.legal_actions(state)
        candidate = data.draw(
            st.one_of(
                st.builds(PlaceLadder, st.integers(-1, 5), st.sampled_from(spaces)),
                st.builds(ChooseCard, st.integers(-1, 5), st.sampled_from(cards)),
                st.builds(Step, st.integers(-1, 5), st.sampled_from(spaces)),
                st.builds(EndMove, st.integers(-1, 5)),
                st.builds(ChanceOutcome, st.just("place_strigoi"), st.text(max_size=5)),
            )
        )
        if candidate in legal:
            continue
        before = state.hash()
        with pytest.raises(RuleViolation) as refused:
            game.apply(state, candidate)
        assert refused.value.rule_id and refused.value.clauses and refused.value.message
        assert state.hash() == before
        break


def test_the_game_over_refuses_every_action() -> None:
    game = new_game(2)
    state = _through_setup(game)
    over = replace(state, blood=replace(state.blood, inferno=3, supply=11))
    over = game._settle(over)  # the engine checks victory whenever it settles
    assert over.is_over and game.legal_actions(over) == [] and game.returns(over) == -1
    with pytest.raises(RuleViolation, match=r"game\.over"):
        game.apply(over, EndMove(0))


def test_heroes_are_seated_in_the_order_given() -> None:
    game = Game.new(["Roel", "Attila"])
    assert [h.value for h in game.heroes] == ["Roel", "Attila"]
    assert HEROES[0] == "Attila"


def test_resolve_chance_applies_the_seeded_outcome_in_explicit_mode() -> None:
    """Explicit chance stops at draws; resolve_chance picks what auto mode would pick, for the same seed."""
    explicit = new_game(2, seed=11, chance="explicit")
    auto = new_game(2, seed=11)
    a, e = auto.initial_state(), explicit.initial_state()
    rng = random.Random(3)
    for _ in range(60):
        while e.to_act.is_chance:
            e = explicit.resolve_chance(e)
        assert explicit.resolve_chance(e) is e  # nothing to resolve at a decision
        assert e.hash() == a.hash()
        if a.is_over:
            break
        action = rng.choice(auto.legal_actions(a))
        a, e = auto.apply(a, action), explicit.apply(e, action)


def test_listed_actions_are_kept_per_state_and_a_caller_cannot_change_them() -> None:
    """``legal_actions`` lists once per state; ``apply`` skips the guard only for the very objects it listed."""
    game = new_game(3, seed=5)
    state = _through_setup(game)
    listed = game.legal_actions(state)
    assert listed == game.legal_actions(state) and listed is not game.legal_actions(state)
    forged = Step(state.to_act.seats[0], "nowhere")
    listed.append(forged)  # the caller's copy: the engine's own list is untouched
    assert forged not in game.legal_actions(state)
    with pytest.raises(RuleViolation):
        game.apply(state, forged)
    other = Game.new([hero.value for hero in game.heroes], seed=game.seed, ruleset=game.ruleset)
    assert other.legal_actions(state) == game.legal_actions(state)  # another game keeps its own list


def test_an_equal_action_built_by_the_caller_is_applied_as_the_listed_one() -> None:
    game = new_game(4, seed=2)
    state = _through_setup(game)
    for action in game.legal_actions(state):
        rebuilt = action_from_json(action_to_json(action))  # as a UI or a record would bring it back
        assert rebuilt is not action
        assert game.apply(state, rebuilt) == game.apply(state, action)


def test_an_action_listed_for_another_state_is_guarded_again() -> None:
    game = new_game(2, seed=9)
    state = _through_setup(game)
    first = game.legal_actions(state)[0]
    after = game.apply(state, first)
    if first not in game.legal_actions(after):
        with pytest.raises(RuleViolation):
            game.apply(after, first)
    with pytest.raises(TypeError):
        game.apply(after, "step")  # type: ignore[arg-type]


def test_interned_actions_are_shared_values_of_their_own_class() -> None:
    from armata_rules.actions import RebelDraw, interned

    assert interned(Step, 0, "a1") is interned(Step, 0, "a1") == Step(0, "a1")
    assert interned(Step, 1, "a1") != interned(Step, 0, "a1")
    assert type(interned(RebelDraw, 0)) is RebelDraw and type(interned(EndMove, 0)) is EndMove


def test_each_class_of_interned_actions_has_a_bounded_table() -> None:
    from armata_rules.interning import _INTERNED, interned

    first = interned(Step, 0, "bound-0")
    for i in range(1, 50_001):
        interned(Step, 0, f"bound-{i}")
    assert 0 < len(_INTERNED[Step]) <= 50_000  # emptied once when full, then refilled
    assert interned(Step, 0, "bound-0") == first  # built anew after the table was emptied: still an equal value
    assert interned(EndMove, 0) is interned(EndMove, 0)  # other classes keep their own tables


def test_a_dropped_game_is_freed_without_the_cycle_collector() -> None:
    """Nothing the engine caches for a game (on its context, states and heroes) refers back to it in a cycle: a
    game dropped is freed at once, by reference counting, instead of waiting in the collector's generations with
    every cache of the game (a source table that kept the context did that)."""
    import gc
    import random

    Game.new(["Attila", "Roel"], seed=4)  # the layout parsed and checked (its checks compile a fortress, dropped)
    gc.collect()
    gc.disable()
    try:
        game = Game.new(["Attila", "Falk Maria", "Charles", "Matthew"], seed=5)
        state, rng = game.initial_state(), random.Random(5)
        for _ in range(400):
            if state.is_over:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        del game, state
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize(("sign", "power"), [(1, 16610), (-1, 16610), (1, 63)])  # 2**16610: over 5,000 digits
def test_an_action_field_beyond_64_bits_is_a_type_error_not_a_crash_in_a_message(sign: int, power: int) -> None:
    """Issue 30 #10: a field past Python's 4,300-digit int-to-text limit raised ValueError from a guard's message."""
    from armata_rules.actions import AttackStrigoi

    huge = sign * 2**power

    game = Game.new(["Roel", "Matthew"], seed=1)
    state = game.initial_state()
    for action in (Step(huge, "C:0,0"), AttackStrigoi(0, huge, "melee")):
        with pytest.raises(TypeError, match="out of range: an integer of"):
            game.apply(state, action)
    # in a field of another type: found by `make fuzz` (the message's repr of the value raised ValueError)
    with pytest.raises(TypeError, match=f"field 'to' must be str; got int of {power + 1} bits"):
        game.apply(state, Step(0, huge))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="got tuple \\(too long to show\\)"):
        game.apply(state, Step(0, (2**16610,)))  # type: ignore[arg-type]
