"""Issue 29 §1-2: every change a new text makes is reported, classified by the facts its words state and
explained by quoting the words that differ on both sides; a sentence or a parenthesis left out is a finding; an
excerpt is compared only over the span it covers; and the damage real scanners do (a space moved across a word
boundary, a letter dropped inside a word, a space before an apostrophe or punctuation, a doubled accent) gives no
finding at all."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armata_rules.translations.changes import compare
from armata_rules.translations.corpus import Corpus, load_corpus
from armata_rules.translations.finder import Finding
from armata_rules.translations.lexicon import senses, split_words
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.scan import key
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.text import sentences
from armata_rules.translations.verdict_ids import new_text_verdict_id
from tests.scan_damage import clean_paragraphs, damage, plant

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
needs_books = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")


@pytest.fixture(scope="module")
def books() -> Rulebooks:
    assert BOOKS is not None
    return BOOKS


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus()


def _excerpt(books: Rulebooks, path: Path, first: int, last: int, edits: dict[str, str] | None = None) -> Path:
    """Lines ``first``..``last`` of the Pegasus file written to ``path``, each of ``edits`` made once."""
    text = "\n".join(books.lines["peg19"][first - 1 : last]) + "\n"
    for old, new in (edits or {}).items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return path


def _summary(findings: list[Finding]) -> list[tuple[str, str, int]]:
    return [(f.kind, f.severity, f.citations[-1].line) for f in findings]


# ------------------------------------------------------------------------------------------ the issue's examples
@needs_books
def test_the_italian_up_to_read_as_exactly_is_a_play_changing_quantifier(
    books: Rulebooks, corpus: Corpus, tmp_path: Path
) -> None:
    """Issue 29 §1: "fino al valore" → "esattamente del valore" in peg19.it 1300-1320 gave 0 findings."""
    path = _excerpt(
        books, tmp_path / "my-scan-it.txt", 1300, 1320, {"Powerwolf fino al valore": "Powerwolf esattamente del valore"}
    )
    findings = find_in_text(path, "it", corpus, books)
    assert _summary(findings) == [("quantifier", "changes-play", 8)]
    only = findings[0]
    assert only.topic == "my-scan-it.txt line 8 says *esattamente del* where peg19.it:1307 says *fino al*."
    assert (only.citations[0].source, only.citations[0].line) == ("peg19", 1307)
    assert "esattamente del valore" in only.citations[-1].quote and "fino al valore" in only.citations[0].quote
    assert only.verdict == new_text_verdict_id(str(only.details["clause"]), "my-scan-it.txt", "quantifier")


@needs_books
def test_the_english_up_to_read_as_exactly_is_explained_by_its_words(
    books: Rulebooks, corpus: Corpus, tmp_path: Path
) -> None:
    """Issue 29 §1: the English edit was flagged as "says nothing of the kind where peg19.en:760 says may" though
    the line still says may (its markdown emphasis hid the word from the fact reader)."""
    edit = {"up to the value": "exactly the number of spaces of the value"}
    path = _excerpt(books, tmp_path / "my-scan-en.txt", 755, 765, edit)
    findings = find_in_text(path, "en", corpus, books, "peg19")
    assert _summary(findings) == [("quantifier", "changes-play", 6)]
    assert findings[0].topic == (
        "my-scan-en.txt line 6 says *exactly the number of spaces of* where peg19.en:760 says *up to*."
    )


# ------------------------------------------------------------------------------------------------ each kind
@needs_books
@pytest.mark.parametrize(
    ("edit", "kind", "severity", "words"),
    [
        ("An encounter ends this part of the player's turn. ", "missing-clause", "changes-play", []),
        (" (exhausting their movement for this turn)", "parenthesis", "changes-play", []),
        (" (red or grey)", "parenthesis", "unreviewed", []),
        ("the Master or the Apprentice", "actor", "changes-play", [("Apprentice", "Master"), ("Master", "Apprentice")]),
        ("A player can play only one", "actor", "changes-play", [("Another", "A")]),
        (" After moving and/or", "timing", "changes-play", [("Before", "After")]),
        ("in the same space", "unclassified", "unreviewed", [("room", "space")]),
        ("**may** move", "modality", "changes-play", [("must", "may")]),
    ],
)
def test_each_kind_of_change_is_classified_and_quoted(
    books: Rulebooks,
    corpus: Corpus,
    tmp_path: Path,
    edit: str,
    kind: str,
    severity: str,
    words: list[tuple[str, str]],
) -> None:
    """A sentence or a parenthesis left out (judged by what it states: "(red or grey)" states no rule), actors
    swapped (Master ↔ Apprentice, a player → another player), before ↔ after, an ordinary word changed, a modal
    verb: each one finding of its kind, quoting what the new text says and what the edition says."""
    replacements = {
        "the Master or the Apprentice": "the Apprentice or the Master",
        "A player can play only one": "Another player can play only one",
        " After moving and/or": " Before moving and/or",
        "in the same space": "in the same room",
        "**may** move": "**must** move",
    }
    path = _excerpt(books, tmp_path / "copy.txt", 755, 812, {edit: replacements.get(edit, "")})
    findings = find_in_text(path, "en", corpus, books, "peg19")
    assert [(f.kind, f.severity) for f in findings] == [(kind, severity)]
    topic = findings[0].topic
    for now, was in words:
        assert f"says *{now}* where " in topic and f" says *{was}*" in topic, topic
    if not words:
        left_out = edit.strip(" .")
        assert f"*{left_out}*" in topic, topic
        assert left_out in findings[0].citations[0].quote


@needs_books
def test_a_parenthesis_added_is_a_change_of_its_own(books: Rulebooks, corpus: Corpus, tmp_path: Path) -> None:
    path = _excerpt(
        books, tmp_path / "copy.txt", 755, 812, {"cannot stay in the same": "cannot stay (once per round) in the same"}
    )
    findings = find_in_text(path, "en", corpus, books, "peg19")
    assert [(f.kind, f.severity) for f in findings] == [("parenthesis", "changes-play")]
    assert "adds the parenthesis *(once per round)*" in findings[0].topic


@needs_books
def test_a_sentence_added_is_judged_by_what_it_states(books: Rulebooks, corpus: Corpus, tmp_path: Path) -> None:
    rule = "Each Powerwolf loses 2 Blood Points"
    heading = "Special Powerwolf Movement Cases:"
    path = _excerpt(books, tmp_path / "copy.txt", 755, 812, {heading: f"{rule}. {heading}"})
    findings = find_in_text(path, "en", corpus, books, "peg19")
    assert [(f.kind, f.severity) for f in findings] == [("missing-clause", "changes-play")]
    assert f"adds a sentence that peg19.en does not have (near peg19.en:760): *{rule}*." in findings[0].topic
    assert findings[0].citations[-1].quote == rule
    path = _excerpt(books, tmp_path / "copy.txt", 755, 812, {heading: f"Look at the pretty castle. {heading}"})
    assert [(f.kind, f.severity) for f in find_in_text(path, "en", corpus, books, "peg19")] == [
        ("missing-clause", "unreviewed")  # the same without a rule
    ]


# ------------------------------------------------------------------------------------------------ excerpts
@needs_books
@pytest.mark.parametrize(
    ("edition", "lang", "first", "last"),
    [
        ("sb19", "en", 382, 393),
        ("peg19", "en", 822, 849),
        ("peg19", "es", 2415, 2438),
        ("peg19", "it", 1690, 1700),  # a section's number ("6") on a line of its own
        ("peg19", "fr", 2160, 2172),
    ],
)
def test_an_excerpt_is_compared_only_over_the_span_it_covers(
    books: Rulebooks, corpus: Corpus, tmp_path: Path, edition: str, lang: str, first: int, last: int
) -> None:
    """A sentence the excerpt shares with a far part of the edition (printed twice) made the whole edition in
    between "left out": sb19.en 382-393 gave 186 such findings."""
    path = tmp_path / "excerpt.txt"
    path.write_text("\n".join(books.lines[edition][first - 1 : last]) + "\n", encoding="utf-8")
    assert find_in_text(path, lang, corpus, books, edition) == []


@needs_books
def test_two_excerpts_far_apart_leave_nothing_out_between_them(
    books: Rulebooks, corpus: Corpus, tmp_path: Path
) -> None:
    lines = books.lines["peg19"]
    path = tmp_path / "pages.txt"
    path.write_text("\n".join([*lines[754:780], *lines[940:970]]) + "\n", encoding="utf-8")
    assert find_in_text(path, "en", corpus, books, "peg19") == []
    edited = [*lines[754:780], *lines[940:970]]
    edited[5] = edited[5].replace("up to the value", "exactly the value")
    path.write_text("\n".join(edited) + "\n", encoding="utf-8")
    assert [f.kind for f in find_in_text(path, "en", corpus, books, "peg19")] == ["quantifier"]


# ------------------------------------------------------------------------------------------------ scan damage
_FRENCH = (
    "Si un joueur n'a plus de carte Action (standard ou Avancée) dans sa main il récupère l'intégralité de sa "
    "défausse et se tient prêt pour le tour suivant."
)


@pytest.mark.parametrize(
    "scanned",
    [
        "Si unj oueur n'a plus de carte Action (standard ou Avancée) dans sa main il récupère l'intégralité de sa "
        "défausse et se tient prêt pour le tour suivant.",  # a space moved across a word boundary
        "Si u njoueur n'a plus de carte Action (standard ou Avancée) dans sa main il récupère l'intégralité de sa "
        "défausse et se tient prêt pour le tour suivant.",
        "Si un jouur n'a plus de carte Action (standard ou Avancée) dans sa main il récupère l'intégralité de sa "
        "défause et se tient prêt pour le tour suivant.",  # a letter dropped inside a word
        "Si un joueur n 'a plus de carte Action (standard ou Avancée) dans sa main il récupère l 'intégralité de "
        "sa défausse et se tient prêt pour le tour suivant .",  # a space before an apostrophe or punctuation
        "Si un joueur n'a plus de carte Action (standard ou Avance\u0301\u0301e) dans sa main il re\u0301\u0301cupère "
        "l'intégralité de sa de´fausse et se tient prêt pour le tour suivant.",  # a doubled accent
        "Si un joueur n'a plus de carte Action (standard ou Avancee) dans sa main il recupere l'integralite de sa "
        "defausse et se tient pret pour le tour suivant.",  # accents dropped
    ],
)
def test_scanner_damage_is_no_change(scanned: str) -> None:
    """Each of the four damage patterns real scans show (issue 29 §2), in a sentence naming an actor and holding
    a negation ("n'a"): nothing differs."""
    found = compare([_FRENCH], scanned, "fr")
    assert (found.changes, found.dropped, found.added) == ([], [], [])
    assert compare([_FRENCH], scanned.replace("suivant", "prochain"), "fr").changes[0].kinds == ("unclassified",)


@needs_books
@pytest.mark.parametrize(
    ("lang", "first", "last", "damaged"),
    [
        ("fr", 2160, 2172, {"Si un joueur n'a plus": "Si unj oueur n 'a plus", "défausse et": "défause et"}),
        (
            "fr",
            2160,
            2172,
            {"l'intégralité": "l 'intégralité", "tour suivant.": "tour suivant ,", "récupère": "récupre"},
        ),
        ("en", 755, 812, {"their Powerwolf a number of": "theirP owerwolf a numbr of"}),
        (
            "en",
            755,
            812,
            {
                "Two miniatures cannot": "Two miniatres can not",
                "ends up on a space occupied by another Powerwolf": "ends up on a space occupied by another Powerwlf",
            },
        ),
        (
            "it",
            1300,
            1320,
            {"da un altro **Powerwolf**": "da unal tro Powerwolf", "termina o attraversa": "termina o atraversa"},
        ),
        ("de", 225, 230, {"nimmt der Spieler einen": "nimmt derS pieler einen", "Bedingungen": "Bedingngen"}),
        (
            "es",
            2270,
            2280,
            {"Cada jugador coloca": "Cada jugado rcoloca", "perímetro": "peri´metro", "exterior": "exteror"},
        ),
    ],
)
def test_damaged_but_unedited_excerpts_give_no_finding(
    books: Rulebooks, corpus: Corpus, tmp_path: Path, lang: str, first: int, last: int, damaged: dict[str, str]
) -> None:
    """The damage patterns of issue 29 §2 in the user's file, each in a sentence that a dropped letter keeps from
    being found as it stands, so that the word-by-word comparison sees it: no actor or negation finding, nor any
    other."""
    path = _excerpt(books, tmp_path / "scan.txt", first, last, damaged)
    clean = "\n".join(books.lines["peg19"][first - 1 : last])
    assert key(path.read_text(encoding="utf-8")) != key(clean)  # a letter is gone: compared word by word
    assert find_in_text(path, lang, corpus, books, "peg19") == []


# ------------------------------------------------------------------------------------------------ explanations
_SAYS = re.compile(r"says \*(.+?)\* where \S+ says \*(.+?)\*")
_QUOTED = re.compile(r"\*(.+?)\*")


@needs_books
@pytest.mark.parametrize("source", ["peg19.en", "peg19.it", "peg19.fr", "peg19.de", "peg19.es", "sb19.en"])
def test_no_explanation_names_a_word_absent_from_the_quoted_lines(
    books: Rulebooks, corpus: Corpus, tmp_path: Path, source: str
) -> None:
    """Every word an explanation quotes is in the line it quotes: the new text's words in the user's line, the
    edition's in the edition's; the ids are deterministic and unique."""
    edition, lang = source.split(".")
    changed, plants = plant(clean_paragraphs(books, source), lang, seed=3)
    path = tmp_path / "scan.txt"
    path.write_text(damage(changed, lang, seed=3).text(), encoding="utf-8")
    findings = find_in_text(path, lang, corpus, books, edition)
    assert len(findings) >= len(plants)
    for f in findings:
        was, now = f.citations[0].quote, f.citations[-1].quote
        for said, edition_said in _SAYS.findall(f.topic):
            assert said in now and edition_said in was, f.topic
        for quoted in _QUOTED.findall(f.topic):
            assert quoted in was or quoted in now, (quoted, f.topic)
    assert len({f.id for f in findings}) == len(findings)
    assert find_in_text(path, lang, corpus, books, edition) == findings


# ------------------------------------------------------------------------------------------------ the parts
def test_the_lexicons_read_quantifiers_timing_and_roles_in_every_language() -> None:
    cases = {
        "en": ("up to at least exactly before after Master Apprentice another", "up-to at-least exactly"),
        "de": ("bis zu mindestens genau bevor nachdem Meister Lehrling anderen", "up-to at-least exactly"),
        "it": ("fino al almeno esattamente prima dopo Maestro Apprendista altro", "up-to at-least exactly"),
        "fr": ("jusqu'à au moins exactement avant après Maître Apprenti autre", "up-to at-least exactly"),
        "es": ("hasta al menos exactamente antes después Maestro Aprendiz otro", "up-to at-least exactly"),
    }
    for lang, (text, quantifiers) in cases.items():
        found = [(s.kind, s.sense) for s in senses(split_words(text), lang)]
        assert [s for k, s in found if k == "quantifier"] == quantifiers.split(), lang
        assert [s for k, s in found if k == "timing"] == ["before", "after"], lang
        assert [s for k, s in found if k == "actor"] == ["master", "apprentice", "other"], lang
    assert [s.sense for s in senses(split_words("turni turno"), "it")] == ["turn", "turn"]  # Snowball's stems
    assert [s.kind for s in senses(split_words("the player has tokens"), "en")] == ["actor"]  # "has to" is whole


def test_a_word_added_at_a_sentences_end_is_a_change_of_that_sentence() -> None:
    found = compare(["Er kann es benutzen.", "Dann geht er."], "Er kann es benutzen nicht. Dann geht er.", "de")
    assert [(c.sentence, c.kinds, c.was, c.now) for c in found.changes] == [
        (0, ("negation",), "benutzen", "benutzen nicht")
    ]


def test_a_sentence_left_out_whole_is_not_a_word_change() -> None:
    olds = ["The Strigoi moves.", "Then the Powerwolf must fight.", "The end comes."]
    found = compare(olds, "The Strigoi moves. The end comes.", "en")
    assert found.changes == [] and [(d.sentence, d.text) for d in found.dropped] == [
        (1, "Then the Powerwolf must fight")
    ]


def test_sentences_keep_every_word_of_a_paragraph() -> None:
    assert sentences("They have a Leap icon: Initiative; or") == ["They have a Leap icon:", "Initiative; or"]
    assert sentences("2. If they discard a card.") == ["2. If they discard a card."]
    assert sentences("In dem Raum (in der Mitte - siehe Seite 3) wird gesucht. - Dann geht er.") == [
        "In dem Raum (in der Mitte - siehe Seite 3) wird gesucht.",
        "- Dann geht er.",
    ]
