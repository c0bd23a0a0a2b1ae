"""When a card discarded for Protection, or by a shock, reaches the discard pile: the ``discard_timing`` reading,
tested both ways, with each preset on the reading of its text (finding ``discard-end-of-turn-or-round``)."""

from __future__ import annotations

import json

import pytest

from armata_rules import Game, editions
from armata_rules.actions import Choose, DiscardCard, EndMove, Pass, Protect, Step
from armata_rules.frames import EndTurn, TurnEndDiscards
from armata_rules.state import GameState, StateFileError
from armata_rules.variants import DiscardTiming, Ruleset
from tests.scenario import CROSS, MOON, card_id, draw, encounter, game, play, turn, wound

END_OF_TURN = editions.PEG19_DE.with_(discard_timing=DiscardTiming.END_OF_TURN)
END_OF_ROUND = editions.PEG19_EN.with_(discard_timing=DiscardTiming.END_OF_ROUND)


def _protected(g: Game) -> tuple[GameState, str]:
    """Roel steps onto the red space C:1,1, loses to a Zombie and discards Sanctified with Dynamite from hand to
    block the wound; the fight is over and his fight phase goes on."""
    sanctified = card_id(g, "Roel", "Sanctified with Dynamite")
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = play(g, draw(g, state, encounter(g, "red", "Zombie")), Pass(0, "resolve"))
    state = play(g, state, Protect(0, sanctified, "discard"))
    assert state.heroes[0].wounds == () and state.to_act.decision == "fight"
    return state, sanctified


def _turn_over(g: Game, state: GameState) -> GameState:
    """Roel ends his fight phase; with no Strigoi on the board, Matthew's turn begins."""
    state = play(g, state, Pass(0, "end_fight_phase"))
    assert state.turn is not None and state.turn.seat == 1
    return state


@pytest.mark.clauses("peg19.en:949", "peg19.en:951", "peg19.en:831", "sb19.en:506")
def test_under_end_of_turn_a_card_discarded_for_protection_reaches_the_pile_when_the_turn_ends() -> None:
    """peg19.en:949, sb19.en:506: each discarded card protects against a single wound; it 'is placed next to the
    others played in that turn and [is] added to their discard pile at the end of the turn'; the cards played stay
    until the end of the round (peg19.en:951, peg19.en:831). The English presets read so."""
    assert editions.PEG19_EN.discard_timing is DiscardTiming.END_OF_TURN
    assert editions.SB19_EN.discard_timing is DiscardTiming.END_OF_TURN
    g = game(ruleset=END_OF_TURN)
    state, sanctified = _protected(g)
    assert sanctified in state.heroes[0].played and sanctified not in state.heroes[0].discard
    note = state.frames[[type(frame) for frame in state.frames].index(EndTurn) + 1]
    assert note == TurnEndDiscards(((0, sanctified),))
    state = _turn_over(g, state)
    assert sanctified in state.heroes[0].discard and sanctified not in state.heroes[0].played
    assert state.heroes[0].chosen is not None  # the action card played stays in front of Roel
    assert not any(isinstance(frame, TurnEndDiscards) for frame in state.frames)


@pytest.mark.clauses("peg19.de:412", "peg19.de:414", "peg19.it:1537", "peg19.es:2549", "peg19.en:951")
def test_under_end_of_round_it_stays_beside_the_played_cards_until_the_round_ends() -> None:
    """peg19.de:412: the discarded card lies beside the cards played and all go to the discard pile 'am Ende der
    Runde'; peg19.it:1537, peg19.es:2549: at the end of Phase 3 (peg19.en:951). The other languages read so."""
    for preset in (editions.PEG19_DE, editions.PEG19_IT, editions.PEG19_FR, editions.PEG19_ES):
        assert preset.discard_timing is DiscardTiming.END_OF_ROUND
    g = game(ruleset=END_OF_ROUND)
    state, sanctified = _protected(g)
    assert not any(isinstance(frame, TurnEndDiscards) for frame in state.frames)
    state = _turn_over(g, state)
    assert sanctified in state.heroes[0].played and sanctified not in state.heroes[0].discard
    round_ = state.round
    state = play(g, state, EndMove(1), Pass(1, "end_fight_phase"))
    assert state.round == round_ + 1 or state.to_act.decision == "choose_card"
    assert sanctified in state.heroes[0].discard and state.heroes[0].played == ()


@pytest.mark.clauses("peg19.en:1092", "sb19.en:594", "peg19.de:527", "peg19.it:1639", "peg19.fr:2103")
@pytest.mark.parametrize(("ruleset", "at_turn_end"), [(END_OF_TURN, True), (END_OF_ROUND, False)])
def test_a_card_discarded_by_a_shock_follows_the_reading(ruleset: Ruleset, at_turn_end: bool) -> None:
    """peg19.en:1092, sb19.en:594: a shock discards a card beside the played cards, and 'the player will discard all
    these cards at the end of the turn' (so does peg19.de:527); peg19.it:1639, peg19.fr:2103 keep it with the cards
    played until the end of the round."""
    g = game(ruleset=ruleset)
    state = turn(g, [MOON, CROSS], positions={0: "C:0,2", 1: "N:2,0"}, first=0)
    state = play(g, state, Step(0, "C:1,1"), Choose(0, "flip"))
    state = play(g, draw(g, state, encounter(g, "red", "Zombie")), Pass(0, "resolve"), Pass(0, "take_wounds"))
    state = draw(g, state, wound(g, "Shock"))
    card = state.heroes[0].hand[0]
    state = play(g, state, DiscardCard(0, card))
    assert card in state.heroes[0].played
    state = _turn_over(g, state)
    assert (card in state.heroes[0].discard) is at_turn_end
    assert (card in state.heroes[0].played) is not at_turn_end


@pytest.mark.clauses("peg19.en:949", "peg19.en:1092")
def test_a_note_for_the_end_of_the_turn_is_saved_and_loaded_and_a_forged_one_is_refused() -> None:
    """The note of the cards waiting for the end of the turn is part of a saved game: it loads back, and one that
    could not come from play is refused naming its key."""
    g = game(ruleset=END_OF_TURN)
    state, _ = _protected(g)
    data = json.loads(json.dumps(state.to_json()))
    assert g.state_from_json(data, "saved.json") == state
    at = next(i for i, frame in enumerate(data["frames"]) if frame["__type__"] == "TurnEndDiscards")
    forged = json.loads(json.dumps(data))
    forged["frames"][at]["cards"] = [[0, "roel:army-of-the-night"]]
    with pytest.raises(StateFileError, match=rf"frames\[{at}\]\.cards\[0\]: 'roel:army-of-the-night' is not beside"):
        g.state_from_json(forged, "saved.json")
    moved = json.loads(json.dumps(data))
    moved["frames"].insert(at - 1, moved["frames"].pop(at))
    with pytest.raises(StateFileError, match="must lie directly above the turn's EndTurn"):
        g.state_from_json(moved, "saved.json")
    other = game(ruleset=END_OF_ROUND)
    with pytest.raises(StateFileError, match="TurnEndDiscards under discard_timing end_of_round"):
        other.state_from_json(data, "saved.json")


def test_a_ruleset_written_before_the_reading_existed_reads_as_the_engine_played_it() -> None:
    """Rulesets and records written before ``discard_timing`` existed lack it: they read as ``end_of_round``, which
    the engine played then, so an older record replays as it was played; a bad value is still refused."""
    old = editions.PEG19_EN.to_json()
    del old["discard_timing"]
    assert Ruleset.from_json(old).discard_timing is DiscardTiming.END_OF_ROUND
    with pytest.raises(ValueError, match="reading discard_timing has no option 'never'"):
        Ruleset.from_json(editions.PEG19_EN.to_json() | {"discard_timing": "never"})
