"""Complete games from the start, for 2 to 5 vampires on the synthetic pack, end in every outcome the rules allow
(wn.pl:441-445): the ritual won, the veil torn, the deck run out. Each is a game of the ritual player
(:mod:`armata_rules.wladcy_nocy.sim.ritual`) played by the kernel's batches exactly as ``wladcy-nocy simulate
--vampires ... --difficulty easy --content synthetic-test --allow-synthetic --seed SEED --games 1`` plays it, from
the initial state, with no state crafted; its record replays to the same final state. The synthetic pack's values
are invented: the seeds show the engine reaches each ending, never how often the real game is won."""

from __future__ import annotations

import json

import pytest

from armata_rules.kernel.records import record_from_json, replay_record
from armata_rules.kernel.sim.batch import Result, Spec, play
from armata_rules.wladcy_nocy.adapters import definition_for
from armata_rules.wladcy_nocy.content.loader import synthetic_test
from armata_rules.wladcy_nocy.sim.bots import BOTS
from armata_rules.wladcy_nocy.state import Phase, WNState
from tests.wladcy_nocy.helpers import lines

#: The first five vampires of the six, in their order (``--count N`` of the command line takes the first N).
FIVE = ["agnieszka", "imre", "ishtvan", "laszlo", "mila"]
#: Easy: 6 cards of each act, 18 rounds (wn.pl:169).
EASY_ROUNDS = 18
#: (vampires, seed, outcome, rounds) of a complete game of each ending for each number of vampires, at Easy.
GAMES = [
    (2, 12, "ritual", 14),
    (2, 0, "veil_lost", 6),
    (2, 6, "deck_empty", EASY_ROUNDS + 1),
    (3, 9, "ritual", 17),
    (3, 0, "veil_lost", 7),
    (3, 8, "deck_empty", EASY_ROUNDS + 1),
    (4, 3, "ritual", 15),
    (4, 0, "veil_lost", 16),
    (4, 1, "deck_empty", EASY_ROUNDS + 1),
    (5, 12, "ritual", 17),
    (5, 1, "veil_lost", 17),
    (5, 0, "deck_empty", EASY_ROUNDS + 1),
]


def _game(n: int, seed: int) -> tuple[Result, WNState]:
    """The game of ``n`` vampires and ``seed`` the ritual player plays, and its final state, from its record."""
    definition = definition_for(synthetic_test())
    setup = {"vampires": FIVE[:n], "difficulty": "easy", "content": "synthetic-test", "seed": seed}
    result = play(
        Spec("wladcy_nocy", setup, seed, "ritual"), lookup=lambda game: definition, bots=BOTS, keep_record=True
    )
    record = record_from_json(json.loads(result.record), lookup=lambda game: definition)
    assert record.setup["content"] == "synthetic-test"  # the record says which pack it was played with
    _, final = replay_record(record, lookup=lambda game: definition)
    assert isinstance(final, WNState) and final.hash() == result.final_hash
    return result, final


@pytest.mark.clauses("wn.pl:441", "wn.pl:443", "wn.pl:409-413", "wn.pl:425", "wn.pl:431-435", "wn.pl:437")
@pytest.mark.parametrize(("n", "seed", "rounds"), [(n, s, r) for n, s, o, r in GAMES if o == "ritual"])
def test_the_ritual_is_won_from_the_start(n: int, seed: int, rounds: int) -> None:
    """Every vampire has its 9 victims and its seal placed, one per district; all stand in one district without
    agents, with a minion per vampire; the ritual is begun there and the players win."""
    result, final = _game(n, seed)
    assert (result.outcome, result.rounds) == ("ritual", rounds)
    assert all(v.victims >= 9 for v in final.vampires)
    seals = [v.seal for v in final.vampires]
    assert min(seals) >= 0 and len(set(seals)) == n
    assert all(final.districts[v.seal].seal == v.name for v in final.vampires)
    (cell,) = {v.cell for v in final.vampires}
    assert final.districts[cell].agents == 0 and final.districts[cell].minions >= n
    assert lines(final)[-2].endswith("begins the Blood Moon ritual")
    assert lines(final)[-1] == "the Blood Moon rises over the city: the players win"
    assert result.returns == (1.0,) * n


@pytest.mark.clauses("wn.pl:441", "wn.pl:444")
@pytest.mark.parametrize(("n", "seed", "rounds"), [(n, s, r) for n, s, o, r in GAMES if o == "veil_lost"])
def test_the_veil_is_torn_from_the_start(n: int, seed: int, rounds: int) -> None:
    result, final = _game(n, seed)
    assert (result.outcome, result.rounds) == ("veil_lost", rounds)
    assert final.veil == 0 and not final.ritual
    assert lines(final)[-1].startswith("the veil is torn")
    assert result.returns == (-1.0,) * n


@pytest.mark.clauses("wn.pl:167", "wn.pl:169", "wn.pl:173", "wn.pl:441", "wn.pl:445")
@pytest.mark.parametrize(("n", "seed"), [(n, s) for n, s, o, _ in GAMES if o == "deck_empty"])
def test_the_deck_runs_out_from_the_start(n: int, seed: int) -> None:
    """Easy deals 6 cards of each act: 18 days reveal them, and the 19th day's reveal finds the deck empty."""
    result, final = _game(n, seed)
    assert (result.outcome, result.rounds) == ("deck_empty", EASY_ROUNDS + 1)
    assert final.events.empty and final.phase is Phase.DAY and final.veil > 0
    assert lines(final)[-1].startswith("no event card is left to reveal")
    assert result.returns == (-1.0,) * n


def test_the_ritual_player_plays_the_same_game_from_the_same_seed() -> None:
    """A game is a function of its seed: the same seed gives the same game, another seed another."""
    first, _ = _game(3, 9)
    again, _ = _game(3, 9)
    other, _ = _game(3, 10)
    assert first == again and first.record == again.record
    assert other.final_hash != first.final_hash
