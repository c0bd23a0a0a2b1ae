"""Steps as people read them: a sentence for every action type, names instead of ids, and each log line traced to
the rule that wrote it, over random games of every preset."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from armata_rules import Game, editions
from armata_rules.action_text import SENTENCES, describe, names_of, waiting
from armata_rules.actions import (
    ACTION_TYPES,
    Action,
    AttackStrigoi,
    ChanceOutcome,
    Choose,
    ChooseCard,
    DiscardCard,
    EndMove,
    Escape,
    GiveReward,
    HealWound,
    Pass,
    Peek,
    PlaceLadder,
    PlayReward,
    PlayToken,
    Protect,
    Reactivate,
    RebelDraw,
    Relocate,
    Step,
    UseAbility,
)
from armata_rules.board.hexgrid import Hex
from armata_rules.components.icons import Hero
from armata_rules.log_rules import LINE_RULES, rule_of_line
from armata_rules.names import clock, space_names
from armata_rules.rules.registry import REGISTRY
from armata_rules.state import GameState
from armata_rules.state_view import default_fortress

#: What a dataclass repr or a raw id looks like inside a sentence.
REPR = re.compile(r"seat=|[A-Za-z]\(|None|_")
ID = re.compile(r"[a-z]+(?:-[a-z]+)*[:/][\w#+-]+|\b(?:C|N|NE|SE|S|SW|NW):-?\d")


@cache
def random_games() -> tuple[tuple[Game, tuple[tuple[GameState, Action], ...], GameState], ...]:
    """Three random games of every preset (2-5 heroes), one in two with explicit chance: each decision with the
    state it was taken in, and the final state."""
    games = []
    for preset in editions.ALL:
        for seed in range(3):
            rng = random.Random(f"{preset.name}/{seed}")
            heroes = rng.sample([hero.value for hero in Hero], rng.randint(2, 5))
            game = Game.new(heroes, ruleset=preset, seed=seed, chance="explicit" if seed % 2 else "auto")
            state = game.initial_state()
            taken = []
            for _ in range(2500):
                if state.is_over:
                    break
                action = rng.choice(game.legal_actions(state))
                taken.append((state, action))
                state = game.apply(state, action)
            games.append((game, tuple(taken), state))
    return tuple(games)


def _leaks(sentence: str) -> list[str]:
    return REPR.findall(sentence) + ID.findall(sentence)


def test_every_action_type_has_its_sentence() -> None:
    assert set(SENTENCES) == set(ACTION_TYPES.values())


def test_random_play_over_every_preset_reads_without_a_repr_or_an_id() -> None:
    seen: set[type[Action]] = set()
    leaks = []
    for game, taken, _ in random_games():
        names = names_of(game)
        for state, action in taken:
            sentence = describe(names, state, action)
            seen.add(type(action))
            if _leaks(sentence) or not sentence.startswith((*names.heroes, "Chance")):
                leaks.append(f"{action!r} -> {sentence!r}")
            said = waiting(names, state)
            if _leaks(said):
                leaks.append(f"waiting: {said!r}")
    assert leaks == []
    assert len(seen) >= 15  # the games reach most action types; the rest are checked one by one below


def _one_of_each(game: Game) -> list[Action]:
    pack, fortress = game.pack, game.fortress
    card = pack.hero_cards(game.heroes[0])[0]
    reward, token = pack.reward_cards[0].id, pack.reward_tokens[0].id
    wound, red = next(w.id for w in pack.wounds if w.title == "Broken Leg"), pack.red[0].id
    site, space = sorted(fortress.ladder_sites)[0], "C:-1,-1"
    return [
        ChanceOutcome("draw_red", red),
        ChanceOutcome("draw_wound", "nothing"),
        ChanceOutcome("place_strigoi", "Master@NE,Apprentice@SW"),
        ChanceOutcome("draw_reward_card", reward),
        ChanceOutcome("wound_strigoi", wound),
        ChanceOutcome("order_ties", "1,0"),
        PlaceLadder(0, site),
        ChooseCard(0, card),
        Step(0, space),
        EndMove(0),
        UseAbility(0, "leap", card, "card", space),
        UseAbility(0, "mechanics", card, "discard", "NE:2"),
        UseAbility(0, "retrieval", reward, "normal", reward),
        UseAbility(0, "heal", token, "token"),
        GiveReward(0, 1, reward),
        RebelDraw(0),
        AttackStrigoi(0, 1, "ranged"),
        *(Pass(0, what) for what in ("end_fight_phase", "resolve", "fall", "no_counterattack", "take_wounds")),
        Pass(0, "end_turn"),
        Peek(0, "", "in_use"),
        Peek(0, card, "discard"),
        *(Choose(0, option) for option in ("flip", "fight", "decline", "free", "attack", "leave")),
        PlayReward(0, reward, "wild"),
        PlayToken(0, token),
        Protect(0, reward, "normal"),
        DiscardCard(0, card),
        HealWound(0, wound),
        Reactivate(0, space),
        Relocate(0, site),
        Escape(0, card, "card", space),
    ]


def test_each_action_type_reads_as_a_sentence_with_titles_and_places() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    state = game.initial_state()
    actions = _one_of_each(game)
    assert {type(action) for action in actions} == set(ACTION_TYPES.values())
    said = {repr(action): describe(game, state, action) for action in actions}
    assert {key: value for key, value in said.items() if _leaks(value)} == {}
    assert said["Pass(seat=0, what='end_fight_phase')"] == "Attila ends the fight phase"
    assert said["Step(seat=0, to='C:-1,-1')"] == "Attila steps to the red encounter space at 10 o'clock in room C"
    assert said["AttackStrigoi(seat=0, strigoi=1, mode='ranged')"] == "Attila attacks the Apprentice at range"
    assert said["GiveReward(seat=0, to=1, card='reward/sword#1')"] == "Attila hands Sword to Roel"
    assert said["ChanceOutcome(decision='order_ties', outcome='1,0')"] == "Chance orders the tied heroes: Roel, Attila"
    assert said["ChanceOutcome(decision='place_strigoi', outcome='Master@NE,Apprentice@SW')"] == (
        "Chance places the Master on the centre of the NE platform and the Apprentice on the centre of the SW platform"
    )
    # nobody at the table sees a reward card dealt into a hand, nor a wound token laid face down on a Strigoi
    assert "Sword" not in said["ChanceOutcome(decision='draw_reward_card', outcome='reward/sword#1')"]
    laid = [text for key, text in said.items() if key.startswith("ChanceOutcome(decision='wound_strigoi'")]
    assert laid == ["Chance lays a wound token face down on the Strigoi's card"]
    assert any(text == "Attila heals a wound: Broken Leg" for text in said.values())
    turned = [text for key, text in said.items() if key.startswith("UseAbility(seat=0, ability='mechanics'")]
    assert turned == ["Attila uses Mechanics by discarding Army of the Night, turning the NE platform by 120°"]


def test_a_card_chosen_face_down_is_named_only_when_asked() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    state, choice = game.initial_state(), ChooseCard(1, "roel:prayer-in-the-dark")
    assert describe(game, state, choice) == "Roel chooses a card face down"
    assert describe(game, state, choice, secret=False) == "Roel chooses Prayer in the Dark face down"


def test_a_non_action_is_refused_by_name() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=1)
    with pytest.raises(TypeError, match=r"not an action of armata_rules\.actions: str"):
        describe(game, game.initial_state(), "step")  # type: ignore[arg-type]


def test_spaces_have_one_name_each_however_the_platforms_turn() -> None:
    fortress = default_fortress()
    assert (clock(Hex(0, 0), Hex(1, 0)), clock(Hex(0, 0), Hex(0, -1)), clock(Hex(0, 0), Hex(-1, 0))) == (3, 11, 9)
    board = fortress.initial_state(sorted(fortress.ladder_sites)[:3])
    for room in fortress.platform_rooms:
        for steps in range(6):
            names = space_names(fortress, fortress.rotated(board, room, steps))
            assert len(set(names.values())) == len(names) == len(fortress.spaces)
            assert not any("(" in name for name in names.values())  # no id needed to tell two apart
    turned = space_names(fortress, fortress.rotated(board, "NE", 1))
    assert space_names(fortress, board)["NE:-1,1"] != turned["NE:-1,1"]  # named where the turn carried it
    assert space_names(fortress, board)["C:0,0"] == "the centre of room C"


def test_every_log_line_of_random_play_comes_from_exactly_one_rule() -> None:
    unknown, twice = set(), set()
    for _, _, final in random_games():
        node = final.log
        while node is not None:
            matched = [rule_id for pattern, rule_id in LINE_RULES if pattern.fullmatch(node.text)]
            if not matched:
                unknown.add(node.text)
            elif len(matched) > 1:
                twice.add(node.text)
            node = node.previous
    assert sorted(unknown) == [] and sorted(twice) == []
    assert {rule_id for _, rule_id in LINE_RULES} <= set(REGISTRY)


def test_a_line_no_rule_writes_has_no_rule() -> None:
    assert rule_of_line("Attila's turn") == "round.turn_order"
    assert rule_of_line("Attila uses heal (attila:lupus-dei, card)") == "ability.heal"
    assert rule_of_line("Attila uses Fang") == "rewards.use"
    assert rule_of_line("Attila dances") is None
