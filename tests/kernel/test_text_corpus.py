"""The clause corpus (:mod:`armata_rules.kernel.texts.corpus`, :mod:`armata_rules.kernel.texts.align`) knows no game:
*Władcy Nocy*'s text becomes a corpus of Polish clauses with its English card scrap kept apart, and a tiny text set of
the test's own aligns its French paragraphs to its English ones."""

from __future__ import annotations

from pathlib import Path

from armata_rules.kernel.texts.align import Glossary, cross_similarity
from armata_rules.kernel.texts.corpus import Corpus, clauses, group
from armata_rules.kernel.texts.files import TextFiles
from armata_rules.wladcy_nocy.texts import WN_TEXTS, rulebook
from tests.kernel.tiny_texts import tiny_text_set

NO_TERMS = Glossary({})


def _no_terms(a: str, lang_a: str, b: str, lang_b: str) -> float:
    return cross_similarity(a, lang_a, b, lang_b, NO_TERMS)


def test_wladcy_nocys_text_is_a_corpus_of_polish_clauses_and_its_english_scrap() -> None:
    files = TextFiles.load(WN_TEXTS, rulebook().path.parent)
    pivot, groups, extras = group(WN_TEXTS, files, _no_terms)
    corpus = Corpus(clauses(WN_TEXTS.pivot, pivot, groups, extras), dict(files.checksums))
    lines = files.lines["wn"]
    by_source: dict[str, list[int]] = {}
    for clause in corpus.clauses:
        for source, passage in clause.passages.items():
            by_source.setdefault(source, []).extend(passage.lines)
    filled = [n for n, line in enumerate(lines, 1) if line.strip()]
    assert sorted(by_source["wn.pl"]) == [n for n in filled if not 545 <= n <= 558]  # each Polish line once
    assert sorted(by_source["wn.en"]) == [n for n in filled if 545 <= n <= 558]  # the card scrap is English
    ids = [clause.id for clause in corpus.clauses]
    assert len(set(ids)) == len(ids) and ids[:3] == [f"pl{n}" for n in filled[:3]]
    relics = corpus.clause_at("wn.pl:107")
    assert relics is not None and relics.id == "pl107" and relics.title.startswith("Karty reliktyw reprezentują")
    assert relics.passages["wn.pl"].facts == {"numbers": [2], "modal": {"may": 2}}
    assert corpus.index[("wn", 550)] in {clause.id for clause in corpus.clauses if "wn.en" in clause.passages}


TINY = """Take 2 cards.
Roll the die 3 times and keep the best.
Score 5 points for each monster.

Prenez 2 cartes.
Lancez le dé 3 fois et gardez le meilleur.
Marquez 5 points pour chaque monstre.
Les règles de la variante ont 40 pages de notes au sujet de rien.
"""


def test_a_tiny_text_set_aligns_its_french_paragraphs_to_its_english_ones(tmp_path: Path) -> None:
    (tmp_path / "tiny.txt").write_text(TINY, encoding="utf-8")
    texts = tiny_text_set()
    files = TextFiles.load(texts, tmp_path)
    terms = Glossary({"card": {"en": ("card",), "fr": ("carte",)}, "die": {"en": ("die",), "fr": ("dé",)}})
    pivot, groups, extras = group(texts, files, lambda a, la, b, lb: cross_similarity(a, la, b, lb, terms))
    found = clauses(texts.pivot, pivot, groups, extras)
    assert [(c.id, {s: p.lines for s, p in c.passages.items()}) for c in found] == [
        ("en1", {"t.en": (1,), "t.fr": (5,)}),
        ("en2", {"t.en": (2,), "t.fr": (6,)}),
        ("en3", {"t.en": (3,), "t.fr": (7,)}),
        ("t-fr-8", {"t.fr": (8,)}),  # no English paragraph says it
    ]
    assert found[1].passages["t.fr"].facts == {"numbers": [3]}
    left_out = {("t", 6): "a line of the test's that is no rule"}
    pivot, groups, extras = group(texts, files, lambda a, la, b, lb: cross_similarity(a, la, b, lb, terms), left_out)
    found = clauses(texts.pivot, pivot, groups, extras)
    french = [n for c in found if "t.fr" in c.passages for n in c.passages["t.fr"].lines]
    assert sorted(french) == [5, 7, 8]
