"""An event card an ability draws or discards only marks where the ability acts (Nevena's FAQ, wn.pl:626-628): the
op ``event_place`` and the selector ``"event_place"``, run on the synthetic pack extended, for the test only, by
abilities of Nevena that use them (her card text is not in the text)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.equipment.decks import SegmentedDeck
from armata_rules.kernel.play.actions import ChanceOutcome, Choose, Pass
from armata_rules.kernel.play.engine import ChanceMode
from armata_rules.kernel.play.frames import DecisionKind
from armata_rules.wladcy_nocy.actions import UseBlood, UseDark
from armata_rules.wladcy_nocy.city import NAMES
from armata_rules.wladcy_nocy.content.loader import merge, read_content, synthetic_test
from armata_rules.wladcy_nocy.content.ops import OPS
from armata_rules.wladcy_nocy.content.schema import Content, ContentFileError
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import EventPlace, OpTarget, PickDayEffect, RevealEvent, Turn
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.state import DistrictState, WNOutcome, WNState
from armata_rules.wladcy_nocy.texts import resolve
from tests.wladcy_nocy.helpers import lines, night_turn, play

#: The card the tests draw: red cross at [0, 1] (cell 1), blue-grey pair at [1, 2] and [2, 2] (cells 5 and 8); its
#: text adds an agent where the leader decides, so resolving it would ask the leader.
CARD = "synthetic_i_02"
RED, BLUE = 1, (5, 8)
HERE = 4  # Nevena's district in every test


@cache
def nevena_content() -> Content:
    """The synthetic pack with Nevena's abilities extended (keeping the pack's ops, in order, as a merge requires):
    her Blood ability draws a card and acts at its red cross; her Dark ability discards one and acts at its blue-grey
    crosses, the leader then picking where agents go from there."""
    blood = [
        {"op": "blood", "target": "active", "delta": -1},
        {"op": "event_place", "take": "draw", "mark": "red"},
        {"op": "remove_agents", "where": "event_place", "n": 1},
        {"op": "add_minions", "where": "event_place", "n": 1, "veil_bonus": False},
        {"op": "remove_agents", "where": "here", "n": 1},
    ]
    dark = [
        {"op": "veil", "delta": -1, "kind": "cost"},
        {"op": "event_place", "take": "discard", "mark": "blue"},
        {"op": "reveal", "where": "event_place"},
        {"op": "move_agents", "from": "event_place", "to": "leader_choice", "n": 1},
        {"op": "reveal", "where": "here"},
    ]
    over = Content.model_validate(
        {
            "format": 1,
            "id": "nevena-test",
            "note": "test only: Nevena's abilities use an event card's plan",
            "vampires": {
                "nevena": {
                    "blood": {"effect": {"ops": blood, "source": "synthetic"}},
                    "dark": {"effect": {"ops": dark, "source": "synthetic"}},
                }
            },
        }
    )
    return merge(synthetic_test(), over, "nevena-test")


def nevena_game(*, chance: ChanceMode = "explicit", seed: int = 0, **readings: str) -> Game:
    """Nevena (seat 0, the leader) and Mila on the extended pack."""
    ruleset = READINGS.make(**readings)
    return Game.new(["nevena", "mila"], content=nevena_content(), ruleset=ruleset, chance=chance, seed=seed)


def with_cards_left(state: WNState, *counts: int) -> WNState:
    """``state`` with the event deck's acts holding ``counts`` cards (the cards still candidates as they are)."""
    segments = tuple(
        replace(segment, count=count) for segment, count in zip(state.events.segments, counts, strict=True)
    )
    return replace(state, events=SegmentedDeck(segments))


def at_night(game: Game, **kwargs: object) -> WNState:
    """Nevena's night turn in district 4, agents hidden where her abilities may act."""
    districts = {RED: DistrictState(hidden=2), BLUE[0]: DistrictState(hidden=1), BLUE[1]: DistrictState(hidden=1)}
    districts[HERE] = DistrictState(hidden=1)
    return night_turn(game, 0, cells=[HERE, 0], districts=districts, **kwargs)


def _agents(state: WNState) -> list[int]:
    return [district.agents for district in state.districts]


# ------------------------------------------------------------------------------------------------ the place
@pytest.mark.clauses("wn.pl:626", "wn.pl:628")
def test_a_drawn_card_marks_the_place_of_its_red_cross_and_is_not_resolved() -> None:
    game = nevena_game()
    before = at_night(game)
    assert before.events.cards_left == 15 and CARD in before.events.candidates()

    waiting = game.apply(before, UseBlood(0))
    assert isinstance(waiting.frames[-1], EventPlace) and waiting.frames[-1].to_act().kind is DecisionKind.CHANCE
    outcomes = game.chance_outcomes(waiting)
    assert [o.outcome for o, _ in outcomes] == list(before.events.candidates())  # the top card, as a reveal's
    assert {p for _, p in outcomes} == {1 / 18}

    state = game.apply(waiting, ChanceOutcome("event", CARD))
    # the place: the red cross's district lost an agent and gained a minion; Nevena's own district lost its agent
    assert (state.districts[RED].agents, state.districts[RED].minions) == (1, 1)
    assert state.districts[HERE].agents == 0
    # not resolved: no agents by its plan (red or blue-grey), no text (it would ask the leader), no veil, not "the card"
    assert [state.districts[cell].agents for cell in BLUE] == [1, 1]
    assert state.agent_pool == before.agent_pool + 2
    assert state.frames[-1] == Turn(0) and state.veil == 6 and state.pending_veil == 0 and state.card == ""
    # the card leaves the deck, one card fewer on the timer, and is discarded unresolved
    assert state.events.cards_left == before.events.cards_left - 1 and CARD not in state.events.candidates()
    assert state.unresolved_events == (CARD,)
    assert CARD not in state.in_play + state.event_discard and not state.placed_cards
    assert any(
        "nevena draws Synthetic I-02 (act I) only for its plan: its red crosses mark top-middle;" in line
        and "the card is not resolved and is discarded; 14 cards left" in line
        for line in lines(state)
    )


@pytest.mark.clauses("wn.pl:626", "wn.pl:628")
def test_a_discarded_card_marks_its_blue_grey_crosses_for_every_later_op_and_the_leaders_choice() -> None:
    game = nevena_game()
    state = at_night(game, victims=[6, 0])
    state = play(game, state, UseDark(0), ChanceOutcome("event", CARD))
    assert state.veil == 5  # the Dark cost, and nothing of the card's
    target = state.frames[-1]
    assert isinstance(target, OpTarget) and target.place == BLUE
    assert game.legal_actions(state) == [Choose(0, NAMES[cell]) for cell in (0, 1, 2, 3, 4, 6, 7)]  # not from itself

    state = game.apply(state, Choose(0, NAMES[0]))
    assert [(d.hidden, d.revealed) for d in state.districts] == [
        (0, 2), (2, 0), (0, 0), (0, 0), (0, 1), (0, 0), (0, 0), (0, 0), (0, 0),
    ]  # fmt: skip
    assert state.unresolved_events == (CARD,) and state.frames[-1] == Turn(0)
    assert any(
        "nevena discards" in line and "blue crosses mark middle-right and bottom-right;" in line
        for line in lines(state)
    )


# ------------------------------------------------------------------------------------------------ the timer
def _to_the_reveal(game: Game, state: WNState) -> WNState:
    """Nevena ends her turn, which ends the night; the leader orders the day effects (in the listed order) up to the
    event card, which is revealed if there is one."""
    state = game.apply(state, Pass(0, "turn"))
    while state.outcome is None and isinstance(state.frames[-1], PickDayEffect):
        state = game.apply(state, game.legal_actions(state)[0])
    if state.outcome is None and isinstance(state.frames[-1], RevealEvent):
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.clauses("wn.pl:445", "wn.pl:626", "wn.pl:628")
def test_the_card_shortens_the_timer_so_the_next_reveal_finds_the_deck_empty() -> None:
    game = nevena_game()
    last = with_cards_left(at_night(game), 0, 0, 1)
    kept = _to_the_reveal(game, last)
    assert kept.outcome is None and kept.events.empty and kept.round == last.round + 1  # the day's card was the last

    used = play(game, last, UseBlood(0))
    used = game.apply(used, ChanceOutcome("event", used.events.candidates()[0]))
    assert used.events.empty and used.outcome is None
    ended = _to_the_reveal(game, used)
    assert ended.outcome is WNOutcome.DECK_EMPTY and ended.round == last.round + 1


@pytest.mark.clauses("wn.pl:445", "wn.pl:626", "wn.pl:628")
@pytest.mark.parametrize("event_place_empty_deck", ["game_lost", "no_place"])
def test_an_empty_deck_loses_the_game_or_leaves_the_ability_no_place(event_place_empty_deck: str) -> None:
    game = nevena_game(event_place_empty_deck=event_place_empty_deck)
    empty = with_cards_left(at_night(game), 0, 0, 0)
    state = game.apply(empty, UseBlood(0))
    assert state.vampires[0].blood == 3  # the cost is paid before the card is wanted
    if event_place_empty_deck == "game_lost":
        assert state.outcome is WNOutcome.DECK_EMPTY and isinstance(state.frames[-1], EventPlace)
        assert _agents(state) == _agents(empty)
        return
    assert state.outcome is None and state.frames[-1] == Turn(0) and state.unresolved_events == ()
    assert state.districts[RED] == empty.districts[RED] and state.districts[HERE].agents == 0  # only "here" acted
    assert "the event deck is empty: no card marks a place, so what acts there acts nowhere" in lines(state)


@pytest.mark.clauses("wn.pl:626", "wn.pl:628")
def test_the_card_comes_by_the_games_seed_the_same_every_time() -> None:
    def run(seed: int) -> WNState:
        game = nevena_game(chance="auto", seed=seed)
        return game.apply(at_night(game), UseBlood(0))

    first, again = run(11), run(11)
    assert first.hash() == again.hash() and lines(first) == lines(again)
    assert len(first.unresolved_events) == 1 and first.frames[-1] == Turn(0)
    drawn = {run(seed).unresolved_events[0] for seed in range(12)}
    assert len(drawn) > 1 and all(card.startswith("synthetic_i_") or card == "ostatnia_krucjata" for card in drawn)


def test_a_state_waiting_for_the_card_round_trips_through_json() -> None:
    game = nevena_game()
    waiting = game.apply(at_night(game, victims=[6, 0]), UseDark(0))
    waiting = game.apply(waiting, ChanceOutcome("event", CARD))
    assert isinstance(waiting.frames[-1], OpTarget)
    assert WNState.from_json(waiting.to_json()) == waiting
    waiting = game.apply(at_night(game), UseBlood(0))
    assert WNState.from_json(waiting.to_json()) == waiting


# ------------------------------------------------------------------------------------------------ bad input
def test_the_word_cites_the_faq_on_nevena() -> None:
    word = OPS["event_place"]
    assert word.clause == "wn.pl:626-628" and resolve(word.clause) == range(626, 629)
    assert [arg.name for arg in word.args] == ["take", "mark"]


HEADER = 'format = 1\nid = "mine"\nnote = "an owner\'s file"\n[vampires.nevena.blood]\n'


@pytest.mark.parametrize(
    ("ops", "key", "problem"),
    [
        ('{ op = "event_place", take = "peek", mark = "red" }', "effect.ops[0]",
         "op event_place: argument 'take' must be \"draw\" or \"discard\", not \"peek\""),
        ('{ op = "event_place", take = "draw", mark = "green" }', "effect.ops[0]",
         "op event_place: argument 'mark' must be \"red\" (the red cross) or \"blue\" (the pair of blue-grey "
         "crosses), not \"green\""),
        ('{ op = "event_place", take = "draw" }', "effect.ops[0]",
         "op event_place: argument 'mark' is missing (\"red\" (the red cross) or \"blue\" (the pair of blue-grey "
         "crosses))"),
        ('{ op = "event_place", take = "draw", mark = "red", where = "here" }', "effect.ops[0]",
         "op event_place: unknown argument 'where' (it takes take, mark)"),
        ('{ op = "reveal", where = "event_place" }, { op = "event_place", take = "draw", mark = "red" }', "effect",
         "ops[0]: op reveal selects \"event_place\" in 'where' before an event_place op of this effect has taken "
         "the card that marks it"),
    ],
)  # fmt: skip
def test_a_wrong_event_place_is_refused_at_load_naming_file_key_and_problem(
    tmp_path: Path, ops: str, key: str, problem: str
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(HEADER + f'effect = {{ ops = [{ops}], source = "card:Nevena" }}\n', encoding="utf-8")
    with pytest.raises(ContentFileError) as caught:
        read_content(path)
    assert str(caught.value) == f"{path}: vampires.nevena.blood.{key}: {problem}"
