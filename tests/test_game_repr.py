"""``repr(game)`` names what tells two games apart, so a log line or a failing test shows which game it was."""

from __future__ import annotations

from armata_rules import Game, editions


def test_repr_names_ruleset_heroes_seed_pack_layout_and_chance() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.SB19_EN, seed=7, chance="explicit")
    assert repr(game) == (
        "Game(ruleset='sb19.en', heroes=('Attila', 'Roel'), seed=7, pack='default', layout='default', "
        "chance='explicit')"
    )
    assert repr(Game.new(["Roel", "Attila"], ruleset=editions.SB19_EN, seed=7, chance="explicit")) != repr(game)
    assert repr(Game.new(["Attila", "Roel"], seed=8)) != repr(Game.new(["Attila", "Roel"], seed=7))
