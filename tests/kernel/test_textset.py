"""The texts a game's rules cite (:mod:`armata_rules.kernel.texts.textset`): every rule of every game on the kernel
cites clauses that resolve in its own texts, and the check names what does not."""

from __future__ import annotations

import dataclasses
import re

import pytest

from armata_rules.kernel.games import load
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.kernel.testing.conformance import ConformanceError, check_citations
from armata_rules.kernel.testing.toy import RACE, TEXTS
from armata_rules.kernel.texts.textset import TextSet


@pytest.mark.parametrize("game", ["armata_strigoi", "wladcy_nocy", "toy_race"])
def test_every_citation_of_every_game_resolves_in_its_own_texts(game: str) -> None:
    definition = load(game)
    assert definition.texts is not None and definition.texts.game == game
    assert check_citations(definition) > (4 if game == "toy_race" else 200)


def test_a_citation_that_does_not_resolve_is_named() -> None:
    assert TEXTS.problem("race.en:3") is None
    assert TEXTS.problem("race.en:9") == "'race.en:9': the race's rulebook has lines 1 to 6"
    assert TEXTS.problem("race.fr:3") == "'race.fr:3' does not read SOURCE:LINE (sources: race.en)"
    armata = load("armata_strigoi").texts
    assert armata is not None and armata.problem("peg19.en:760") is None
    assert (
        armata.problem("peg19.de:760") == "'peg19.de:760': line 760 of pegasus-2019_de-en-it-fr-es.txt is in en, not de"
    )
    book = RuleBook("toy_race")
    book.rule("race.walk", "Walk", ("race.en:3", "race.en:12"), "A bad citation.")
    with pytest.raises(ConformanceError, match=r"1 citations do not resolve: rule race.walk: 'race.en:12'"):
        check_citations(dataclasses.replace(RACE, rules=book))


def test_a_text_set_is_checked_when_built() -> None:
    with pytest.raises(ValueError, match=r"the pivot 'race\.fr' is not one of its sources"):
        TextSet("toy_race", ("race.en",), "race.fr", re.compile("x"), lambda c: range(1), "X")
    with pytest.raises(ValueError, match="its texts belong to 'other'"):
        dataclasses.replace(RACE, texts=dataclasses.replace(TEXTS, game="other"))
