"""Setup, the shape of a round and Phase 1, read from the texts and checked on a game's own states: each hero on a
ladder with six action cards, every stack face down, the cards chosen face down and revealed together, turns by
initiative, hands hidden from the other players."""

from __future__ import annotations

import pytest

from armata_rules import Game, RuleViolation, editions
from armata_rules.actions import ChooseCard, PlaceLadder
from armata_rules.frames import DecisionKind
from armata_rules.state import GameState


def _placed(game: Game) -> GameState:
    state = game.initial_state()
    while state.to_act.decision == "place_ladder":
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.clauses(
    "peg19.en:718",
    "peg19.en:720",
    "peg19.en:722",
    "peg19.en:724",
    "peg19.en:726",
    "peg19.en:728",
    "sb19.en:274",
    "sb19.en:278",
    "sb19.en:279",
    "sb19.en:280",
    "sb19.en:281",
    "sb19.en:282",
)
def test_setup_puts_each_hero_on_a_ladder_with_six_cards_and_every_stack_face_down() -> None:
    """peg19.en:718 (six action cards in hand, the miniature on the ladder tile), 720 (advanced cards beside the
    board), 722 (blood points in the supply, the Strigoi cards coloured side up, the attack marker off), 724 and
    726 (reward cards, reward tokens, both encounter piles and the Strigoi action tokens shuffled face down), 728
    (wounds and fight tokens beside the board); sb19.en:274-282 alike."""
    game = Game.new(["Attila", "Roel", "Matthew"], ruleset=editions.SB19_EN, seed=3)
    state = game.initial_state()
    assert state.to_act.decision == "place_ladder" and state.to_act.seats == (0,)
    assert all(hero.position is None for hero in state.heroes)  # no one is in before their ladder
    state = _placed(game)
    assert [hero.position for hero in state.heroes] == sorted(state.board.ladders)  # each on their own ladder
    for seat, hero in enumerate(state.heroes):
        assert sorted(hero.hand) == sorted(game.pack.hero_cards(game.heroes[seat]))  # 6 cards each
    assert len(state.advanced_supply) == 17
    assert state.blood.altar == 0 and state.blood.inferno == 0 and not state.attack_marker
    assert not any(s.supreme or s.defeated or s.wounds for s in state.strigoi)
    for stack in (state.reward_deck, state.reward_tokens, state.red, state.grey, state.strigoi_tokens):
        assert stack.hidden and not stack.top and not stack.discard  # face down, nothing drawn
    assert len(state.wound_stack.hidden) == 15 and state.fight_tokens == ()
    with pytest.raises(RuleViolation):
        game.apply(state, PlaceLadder(0, sorted(game.fortress.ladder_sites)[0]))  # setup is over


@pytest.mark.clauses(
    "peg19.en:732",
    "peg19.en:734",
    "peg19.en:735",
    "peg19.en:736",
    "peg19.en:742",
    "peg19.en:744",
    "peg19.en:748",
    "peg19.en:702",
    "peg19.en:704",
    "sb19.en:286",
    "sb19.en:288",
    "sb19.en:289",
    "sb19.en:290",
    "sb19.en:294",
    "sb19.en:259",
)
def test_phase_one_is_simultaneous_and_hidden_and_phase_two_follows_initiative() -> None:
    """peg19.en:732-736: a round is Phase 1 (initiative), Phase 2 (player turns), Phase 3. peg19.en:742: each
    player secretly and simultaneously chooses a card face down; once all are ready they are revealed and turns
    go by initiative, lowest first (peg19.en:748). peg19.en:702-704 and 744: no one sees another's cards."""
    game = Game.new(["Attila", "Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=3)
    state = _placed(game)
    assert state.round == 1 and state.to_act.kind is DecisionKind.SIMULTANEOUS
    assert state.to_act.decision == "choose_card" and state.to_act.seats == (0, 1, 2)
    other = game.observation(state, 1).heroes[0]
    assert other.hand is None and other.hand_size == 6  # another's hand: its size only

    def initiative_of(card: str) -> int:
        return game.ctx.card(card).initiative

    hands = [sorted(state.heroes[seat].hand, key=initiative_of) for seat in range(3)]
    chosen = {0: hands[0][-1], 1: hands[1][0], 2: hands[2][0]}  # seat 0 plays its slowest card
    for seat in (0, 1, 2):
        state = game.apply(state, ChooseCard(seat, chosen[seat]))
        if seat < 2:  # still face down: the others see that a card is chosen, not which
            seen = game.observation(state, seat + 1).heroes[seat]
            assert seen.has_chosen and seen.chosen is None
            assert state.to_act.kind is DecisionKind.SIMULTANEOUS
    initiative = {seat: initiative_of(chosen[seat]) for seat in chosen}
    assert initiative[0] > min(initiative.values())  # so the order is not the seat order
    assert list(state.order) == sorted(initiative, key=lambda seat: (initiative[seat], seat))
    assert state.to_act.kind is DecisionKind.PLAYER and state.to_act.seats == (state.order[0],)
    assert state.to_act.decision == "move"  # Phase 2 opens with the lowest initiative's move
    assert game.observation(state, 1).heroes[0].chosen == chosen[0]  # revealed together


@pytest.mark.clauses("peg19.en:742", "sb19.en:294")
def test_phase_one_refuses_a_choice_from_no_seat_at_the_table_and_anything_but_a_choice() -> None:
    """peg19.en:742 / sb19.en:294: in Phase 1 each player at the table chooses a card: a choice for a seat nobody
    holds, or any other action, is refused by the Phase 1 rule with its reason."""
    game = Game.new(["Attila", "Roel", "Matthew"], ruleset=editions.PEG19_EN, seed=3)
    state = _placed(game)
    card = state.heroes[0].hand[0]
    for action, message in (
        (ChooseCard(7, card), "there is no seat 7"),
        (ChooseCard(-1, card), "there is no seat -1"),
        (PlaceLadder(0, "SE:ladder0"), "Phase 1: every hero chooses a card now; place_ladder is not allowed"),
    ):
        with pytest.raises(RuleViolation) as refused:
            game.apply(state, action)
        assert (refused.value.rule_id, refused.value.message) == ("round.phase1", message)
