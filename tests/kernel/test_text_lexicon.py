"""The kernel's lexicons as data (:mod:`armata_rules.kernel.texts.lexicon`) and the facts of a sentence
(:mod:`armata_rules.kernel.texts.text`) in Polish: every Polish entry is a word of *Władcy Nocy*'s rulebook, every
line the file quotes says what it quotes, and Polish sentences of the rulebook read as the rules they state; a
lexicon with a game's own actors of the test's making reads them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armata_rules.kernel.texts.files import TextFiles
from armata_rules.kernel.texts.lexicon import (
    COMPARATIVE,
    FOLDER,
    LANGUAGES,
    MODAL,
    NEGATION,
    NUMBER_WORDS,
    PAGE_WORDS,
    QUANTIFIER,
    SCOPE,
    SINGLE_LETTER_WORDS,
    TIMING,
    Lexicon,
    LexiconError,
    _load,
    split_words,
)
from armata_rules.kernel.texts.text import facts, fold, repair
from armata_rules.wladcy_nocy.texts import WN_TEXTS, rulebook


def _lines() -> tuple[str, ...]:
    return TextFiles.load(WN_TEXTS, rulebook().path.parent).lines["wn"]


def _has_words(words: list[str], entry: str) -> bool:
    """Whether the entry's words stand in ``words`` in a row (its last word as a stem if it ends with ``*``)."""
    parts = split_words(entry.rstrip("*~"))
    stem = entry.endswith("*")
    for at in range(len(words) - len(parts) + 1):
        here = words[at : at + len(parts)]
        if here[:-1] == parts[:-1] and (here[-1].startswith(parts[-1]) if stem else here[-1] == parts[-1]):
            return True
    return False


def test_the_kernel_has_a_lexicon_for_armatas_languages_and_polish() -> None:
    assert LANGUAGES == ("de", "en", "es", "fr", "it", "pl")
    assert [value for value, _ in NUMBER_WORDS["en"]] == list(range(11))
    assert PAGE_WORDS["de"] == {"s"} and PAGE_WORDS["en"] == frozenset()


def test_every_polish_entry_is_a_word_of_the_rulebook() -> None:
    text = "\n".join(_lines())
    folded, words = fold(text), split_words(text)
    for table in (MODAL, COMPARATIVE, SCOPE):  # stems as facts read them, in the folded text
        for sense, by_lang in table.items():
            for stem in by_lang.get("pl", []):
                assert re.search(r"(?<![a-z])" + re.escape(stem), folded), (sense, stem)
    entries = [*NEGATION["pl"], *(e for t in (QUANTIFIER, TIMING) for by in t.values() for e in by.get("pl", []))]
    entries += [word for _, word in NUMBER_WORDS["pl"]] + sorted(PAGE_WORDS["pl"] | SINGLE_LETTER_WORDS["pl"])
    missing = [entry for entry in entries if not _has_words(words, entry)]
    assert missing == []
    assert len(entries) > 40


def test_every_line_the_polish_lexicon_quotes_says_it() -> None:
    lines = _lines()
    quoted = re.findall(r'"([^"]+)" wn\.pl:(\d+)', (FOLDER / "pl.toml").read_text(encoding="utf-8"))
    assert len(quoted) >= 15
    wrong = [(quote, n) for quote, n in quoted if fold(quote) not in fold(lines[int(n) - 1].replace("**", ""))]
    assert wrong == []


def test_polish_sentences_of_the_rulebook_read_as_the_rules_they_state() -> None:
    lines = _lines()
    relics = facts(lines[106], "pl")  # wn.pl:107 "Każdy z wampirów może mieć maksymalnie 2 karty reliktyw."
    assert (relics.numbers, dict(relics.modal)) == ((2,), {"may": 2})
    senses = Lexicon().senses(split_words(lines[106]), "pl")
    assert {(s.kind, s.sense) for s in senses} >= {("quantifier", "each"), ("quantifier", "at-most"), ("numeric", "2")}
    exchange = facts(lines[542], "pl")  # wn.pl:543 "... żaden wampir nie może posiadać większej ilości ..."
    assert exchange.modal["cannot"] == 1 and exchange.comparative["more"] == 1
    fight = facts(lines[250], "pl")  # wn.pl:251 "co najmniej jeden wampir i co najmniej trzech agentów"
    assert fight.numbers == (3,)
    day = lines[254]  # wn.pl:255 "(patrz **Walka**, str. 14)": a page, not a number of the rules
    assert 14 not in facts(day, "pl").numbers
    assert ("page", "14") in {(s.kind, s.sense) for s in Lexicon().senses(split_words(day), "pl")}
    assert repair("w domu z kartą", SINGLE_LETTER_WORDS["pl"] | {"a"}) == "w domu z kartą"  # prepositions kept
    assert facts("Gracz może w turze", "pl").modal["may"] == 1


def test_a_games_own_actors_are_read_beside_the_kernels_lexicon() -> None:
    vampires = Lexicon(actors={"vampire": {"pl": ["wampir*"]}, "agent": {"pl": ["agent~"]}})
    words = split_words("Aktywny wampir może walczyć z agentem")
    assert [(s.kind, s.sense) for s in vampires.senses(words, "pl")] == [("actor", "vampire"), ("modality", "may")]
    assert [(s.kind, s.sense) for s in Lexicon().senses(words, "pl")] == [("modality", "may")]
    assert "agent" in vampires.vocabulary("pl") and "agent" not in Lexicon().vocabulary("pl")
    assert vampires.carries_rule("wampir", "pl") and not Lexicon().carries_rule("wampir", "pl")
    # Polish has no stemmer: "agent~" is the word as written ("agentem" is not read as it)
    assert vampires.count(split_words("agent agentem"), "pl") == {("actor", "agent"): 1}


def test_a_lexicon_file_that_does_not_read_is_named(tmp_path: Path) -> None:
    (tmp_path / "xx.toml").write_text('negation = ["nie"]\nactors = ["x"]\n', encoding="utf-8")
    with pytest.raises(LexiconError, match=r"^xx\.toml: actors: not a part of a lexicon$"):
        _load(tmp_path)
    (tmp_path / "xx.toml").write_text("negation = [\n", encoding="utf-8")
    with pytest.raises(LexiconError, match=r"^xx\.toml: not valid TOML: "):
        _load(tmp_path)
