"""Setting a game of *Władcy Nocy* up (wn.pl:123-181), the arguments refused with one line, the content the printed
facts lack, the state's JSON form and the invariants a state read from a file must keep."""

from __future__ import annotations

import json

import pytest

from armata_rules.kernel.core.immutable import replace
from armata_rules.kernel.play.actions import ChanceOutcome, Choose
from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.state import StateFileError
from armata_rules.wladcy_nocy.components import AGENT_TOKENS, BLOOD_TOKENS, MINION_TOKENS, VAMPIRE_IDS, Difficulty
from armata_rules.wladcy_nocy.content.loader import ContentMissing, synthetic_test
from armata_rules.wladcy_nocy.content.schema import Content, ContentFileError, EffectSlot, Op
from armata_rules.wladcy_nocy.context import new_context
from armata_rules.wladcy_nocy.engine import Game
from armata_rules.wladcy_nocy.frames import ChooseLeader, DayEffects, PickDayEffect, PlaceTile, RevealEvent, RollDice
from armata_rules.wladcy_nocy.readings import READINGS
from armata_rules.wladcy_nocy.state import Phase, WNState
from tests.wladcy_nocy.helpers import SYNTHETIC

FIVE = ["agnieszka", "imre", "ishtvan", "laszlo", "mila"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"vampires": "mila"}, "vampires must be a list of vampire ids or a first game's preset .*; got 'mila'"),
        ({"vampires": ["mila", "dracula"]}, "unknown vampire 'dracula': the vampires are agnieszka, imre"),
        ({"vampires": ["mila", "mila"]}, "a vampire is chosen twice: mila, mila"),
        ({"vampires": ["mila"]}, r"a game has 2 to 5 vampires \(wn.pl:125\); got 1"),
        ({"vampires": [*FIVE, "nevena"]}, "a game has 2 to 5 vampires"),
        ({"difficulty": "nightmare"}, r"difficulty must be easy, medium or hard \(wn.pl:169-171\); got 'nightmare'"),
        ({"controllers": [0]}, r"controllers must be one player number per vampire \(2\)"),
        ({"controllers": [0, 2]}, "players must be numbered 0, 1, ... without a gap"),
        ({"controllers": "01"}, "controllers must be a list of player numbers; got str"),
        ({"seed": "1"}, "seed must be an int; got str"),
        (
            {"ruleset": {"veil_penalty_unit": "per_token"}},
            "ruleset: reading veil_penalty_unit has no option 'per_token'",
        ),
        ({"ruleset": {"colour": "red"}}, "ruleset: no reading 'colour'"),
        ({"ruleset": {"minion_supply": "nine_always"}}, "nine_always needs 11 minion tokens for 2 vampires"),
        ({"content": "my-pack"}, r"content 'my-pack' is no bundled pack \(printed, synthetic-test\)"),
        ({"content": 3}, "content must be a Content, a bundled pack's id or None; got int"),
        ({"chance": "sometimes"}, "chance must be 'auto' or 'explicit'; got 'sometimes'"),
    ],
)
def test_a_wrong_argument_is_refused_in_one_line_naming_it(arguments: dict[str, object], message: str) -> None:
    call: dict[str, object] = {"vampires": ["imre", "mila"], "content": SYNTHETIC} | arguments
    with pytest.raises(GameSetupError, match=message) as refused:
        Game.new(**call)  # type: ignore[arg-type]
    assert "\n" not in str(refused.value)


def test_the_printed_content_lists_every_key_a_setup_needs() -> None:
    """The text prints no tile, card or veil-track value: there is no fallback, the synthetic pack must be asked
    for."""
    with pytest.raises(ContentMissing) as missing:
        Game.new(["imre", "mila"])
    keys = missing.value.keys
    assert "veil_track.n2.pool" in keys and "districts.park_miejski.effect" in keys and "events.I.*" in keys
    assert "vampires.mila.blood.effect" in keys and "seals.imre" in keys
    assert "vampires.agnieszka" not in " ".join(keys)  # only the chosen vampires' cards
    assert "veil_track.n3" not in " ".join(keys)  # only the side for the number of vampires
    assert str(missing.value).startswith(f"the content lacks {len(keys)} values that a game of 2 vampires")
    assert Game.new(["imre", "mila"], content=synthetic_test()).ctx.content.id == "synthetic-test"


@pytest.mark.clauses(
    "wn.pl:46", "wn.pl:125", "wn.pl:127", "wn.pl:129", "wn.pl:147", "wn.pl:149", "wn.pl:151", "wn.pl:153",
    "wn.pl:155", "wn.pl:161", "wn.pl:163", "wn.pl:165", "wn.pl:167", "wn.pl:169", "wn.pl:170", "wn.pl:171",
    "wn.pl:173", "wn.pl:175", "wn.pl:177", "wn.pl:18", "wn.pl:21-22", "wn.pl:23", "wn.pl:24", "wn.pl:36",
    "wn.pl:76", "wn.pl:89", "wn.pl:91", "wn.pl:103", "wn.pl:105-107", "wn.pl:586-588", "wn.pl:7", "wn.pl:201",
    "wn.pl:207",
)  # fmt: skip
@pytest.mark.parametrize(("n", "difficulty", "k"), [(2, "easy", 6), (3, "medium", 5), (4, "hard", 4), (5, "easy", 6)])
def test_setup_lays_the_city_and_deals_the_game(n: int, difficulty: str, k: int) -> None:
    game = Game.new(FIVE[:n], difficulty=difficulty, content=SYNTHETIC, seed=n)
    state = game.initial_state()
    assert state.layout.complete and state.tile_at(0) == "dworzec_kolejowy"
    assert sorted(tile for _, tile in state.layout.placed) == sorted(game.ctx.districts)
    assert all(v.cell == 0 and v.blood == 4 and v.victims == 0 and not v.relics for v in state.vampires)
    assert [v.name for v in state.vampires] == FIVE[:n]  # turn order is seat order
    assert state.veil == 6 and state.agent_pool == game.ctx.pool_size == {2: 8, 3: 9, 4: 10, 5: 11}[n]
    assert (
        state.blood_supply == 2 and state.relic_deck == tuple(sorted(game.ctx.relics)) and len(state.relic_deck) == 14
    )
    assert state.events.counts == (k, k, k) and [s.label for s in state.events.segments] == ["I", "II", "III"]
    assert all(len(s.candidates) == 18 for s in state.events.segments)
    assert state.dice.size == 2 * n and state.dice.aside == 0
    assert state.leader == 0 and state.round == 1 and state.phase is Phase.DAY
    assert isinstance(state.frames[-1], PickDayEffect) and isinstance(state.frames[-2], DayEffects)  # day 1 begins
    assert Difficulty(difficulty).cards_per_deck == k


@pytest.mark.clauses("wn.pl:32", "wn.pl:155", "wn.pl:157", "wn.pl:158", "wn.pl:159", "wn.pl:165")
@pytest.mark.parametrize(
    ("reading", "supplies"),
    [("rest_of_box", {2: 8, 3: 9, 4: 9, 5: 9}), ("station_from_supply", {2: 7, 3: 8, 4: 9, 5: 9})],
)
def test_the_station_minions_and_the_supply(reading: str, supplies: dict[int, int]) -> None:
    for n, supply in supplies.items():
        ctx = new_context(FIVE[:n], content=SYNTHETIC, ruleset={"minion_supply": reading})
        state = Game(Game.new(FIVE[:n], content=SYNTHETIC).definition, ctx).initial_state()
        assert state.districts[0].minions == {2: 2, 3: 1, 4: 0, 5: 0}[n]
        assert state.minion_supply == supply
    nine = new_context(FIVE[:3], content=SYNTHETIC, ruleset={"minion_supply": "nine_always"})
    assert nine.supply_minions == 9 and nine.station_minions == 1


@pytest.mark.clauses("wn.pl:147", "wn.pl:177", "wn.pl:195")
def test_setup_chance_comes_one_small_step_at_a_time() -> None:
    game = Game.new(["imre", "mila"], content=SYNTHETIC, chance="explicit")
    state = game.initial_state()
    for step in range(8):
        assert isinstance(state.frames[-1], PlaceTile)
        outcomes = game.chance_outcomes(state)
        assert len(outcomes) == 8 - step and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state = game.apply(state, outcomes[-1][0])
    assert isinstance(state.frames[-1], RollDice)
    for face in (6, 1, 3, 3):
        assert [o.outcome for o, _ in game.chance_outcomes(state)] == ["1", "2", "3", "4", "5", "6"]
        state = game.apply(state, ChanceOutcome("die", str(face)))
    assert state.dice.values == (1, 3, 3, 6)
    while not isinstance(state.frames[-1], RevealEvent):
        state = game.apply(state, game.legal_actions(state)[0])
    assert len(game.chance_outcomes(state)) == 18  # the top card: any of act I's 18, none dealt in advance


@pytest.mark.clauses("wn.pl:58-60", "wn.pl:179")
def test_the_player_given_the_leader_token_picks_which_of_its_vampires_leads() -> None:
    game = Game.new(["imre", "mila", "nevena"], controllers=[0, 1, 0], content=SYNTHETIC, chance="explicit")
    state = game.initial_state()
    while not isinstance(state.frames[-1], ChooseLeader):
        state = game.apply(state, game.chance_outcomes(state)[0][0])
    assert game.legal_actions(state) == [Choose(0, "imre"), Choose(0, "nevena")]
    state = game.apply(state, Choose(0, "nevena"))
    assert state.leader == 2
    solo = Game.new(["imre", "mila"], content=SYNTHETIC).initial_state()  # one vampire each: seat 0 leads
    assert solo.leader == 0


def test_a_state_survives_its_json_form_and_a_malformed_one_is_refused() -> None:
    game = Game.new(["imre", "mila", "laszlo"], content=SYNTHETIC, seed=4)
    state = game.initial_state()
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data) == state and WNState.from_json(data).hash() == state.hash()
    with pytest.raises(StateFileError, match=r"^<state>: veil: must be an integer; got str 'six'$"):
        WNState.from_json(data | {"veil": "six"})
    with pytest.raises(StateFileError, match=r"saved.json: dice: .*sorted"):
        game.state_from_json(data | {"dice": {"values": [6, 1], "aside": 4}}, "saved.json")
    with pytest.raises(StateFileError, match=r"frames\[0\].__type__: 'Jump' is no Frame"):
        WNState.from_json(data | {"frames": [{"__type__": "Jump"}]})


@pytest.mark.parametrize(
    ("change", "key", "problem"),
    [
        ({"veil": 7}, "veil", "7 is off the track 0..6"),
        ({"agent_pool": 0}, "agent_pool", "agents in play, but the game has 9"),
        ({"blood_supply": 5}, "blood_supply", "blood tokens in play, but the game has 14"),
        ({"relic_deck": ()}, "relic_deck", "every relic of the game must be in exactly one place"),
        ({"leader": 4}, "leader", "seat 4 is not at the table"),
    ],
)
def test_a_state_that_breaks_an_invariant_is_refused(change: dict[str, object], key: str, problem: str) -> None:
    game = Game.new(["imre", "mila", "laszlo"], content=SYNTHETIC, seed=4)
    state = replace(game.initial_state(), **change)
    with pytest.raises(StateFileError, match=f"^saved.json: {key}: .*{problem}"):
        game.state_from_json(state.to_json(), "saved.json")


def test_the_readings_of_a_setup_are_kept_and_written_back() -> None:
    ruleset = READINGS.make(veil_penalty_unit="per_agent")
    game = Game.new(["imre", "mila"], content=SYNTHETIC, ruleset=ruleset, seed=9, difficulty="hard")
    written = game.setup_json()
    assert written == {
        "vampires": ["imre", "mila"],
        "difficulty": "hard",
        "controllers": [0, 1],
        "ruleset": READINGS.to_json(ruleset),
        "content": "synthetic-test",
        "seed": 9,
    }
    again = new_context(**json.loads(json.dumps(written)))  # type: ignore[arg-type]
    assert again.ruleset == ruleset and again.seed == 9 and again.difficulty is Difficulty.HARD


@pytest.mark.clauses(
    "wn.pl:19", "wn.pl:20", "wn.pl:26", "wn.pl:27", "wn.pl:28", "wn.pl:29", "wn.pl:30", "wn.pl:31", "wn.pl:32",
    "wn.pl:48", "wn.pl:64",
)  # fmt: skip
def test_the_components_the_game_counts() -> None:
    """28 blood tokens: 4 per vampire and 2 extra in play, the rest boxed; 12 agents, the track's number in play; 10
    minions; one token, victim marker and seal per vampire; one leader (a seat); a veil-track side per number."""

    assert (AGENT_TOKENS, MINION_TOKENS, BLOOD_TOKENS, len(VAMPIRE_IDS)) == (12, 10, 28, 6)
    for n in (2, 3, 4, 5):
        state = Game.new(FIVE[:n], content=SYNTHETIC).initial_state()
        blood = state.blood_supply + sum(v.blood for v in state.vampires)
        minions = state.minion_supply + sum(d.minions for d in state.districts)
        assert blood == 4 * n + 2 <= BLOOD_TOKENS and minions <= MINION_TOKENS
        assert state.agent_pool <= AGENT_TOKENS
        assert all(v.victims == 0 and v.seal == -1 for v in state.vampires) and 0 <= state.leader < n
    sides = {n: new_context(FIVE[:n], content=SYNTHETIC).pool_size for n in (2, 3, 4, 5)}
    assert sides == {2: 8, 3: 9, 4: 10, 5: 11}  # each side its own numbers (synthetic values)


@pytest.mark.clauses("wn.pl:139", "wn.pl:141", "wn.pl:142", "wn.pl:143")
@pytest.mark.parametrize(
    ("preset", "vampires"),
    [
        ("first-2a", ("imre", "mila")),
        ("first-2b", ("agnieszka", "laszlo")),
        ("first-2c", ("imre", "laszlo")),
        ("first-3", ("agnieszka", "ishtvan", "mila")),
        ("first-4", ("agnieszka", "imre", "nevena", "laszlo")),
    ],
)
def test_the_first_game_line_ups_are_presets(preset: str, vampires: tuple[str, ...]) -> None:
    assert Game.new(preset, content=SYNTHETIC).ctx.vampires == vampires
    with pytest.raises(GameSetupError, match="or a first game's preset"):
        Game.new("first-5", content=SYNTHETIC)


def _with_museum_effect(effect: EffectSlot) -> Content:
    pack = synthetic_test()
    museum = pack.districts["muzeum"].model_copy(update={"effect": effect})
    return pack.model_copy(update={"districts": {**pack.districts, "muzeum": museum}})


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        (EffectSlot(hook="armata_rules.wladcy_nocy.effects:no_such_function", source="synthetic"), "has no function"),
        (EffectSlot(hook="armata_rules.wladcy_nocy.no_such_module:run", source="synthetic"), "no module"),
        (
            EffectSlot(ops=[Op(op="blood", target="active", delta=1)], source="synthetic"),
            "names the vampire selector 'active', which means nothing in day",
        ),
        (
            EffectSlot(
                ops=[Op(op="move_agents", **{"from": "leader_choice"}, to="leader_choice", n=1)], source="synthetic"
            ),
            "leaves more than one of its selectors to the leader",
        ),
    ],
)
def test_content_an_effect_cannot_run_is_refused_at_setup(effect: EffectSlot, problem: str) -> None:
    with pytest.raises(ContentFileError, match=f"^synthetic-test: districts.muzeum.effect.*{problem}"):
        Game.new(["imre", "mila"], content=_with_museum_effect(effect))
