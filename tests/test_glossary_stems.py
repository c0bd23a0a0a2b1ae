"""The finder's glossary (``spec/glossary.toml``) against the rulebook texts: every stem is printed in its own
language's text, matched the way the aligner matches it, and each ability's defining heading names its own term
and no other (Retrieval and Recovery above all, whose Italian and Spanish names were once swapped)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from armata_rules.translations.align import Glossary, glossary
from armata_rules.translations.sources import LANGS, SOURCES, Rulebooks
from armata_rules.translations.text import paragraphs

try:
    BOOKS: Rulebooks | None = Rulebooks.load()
except ValueError:
    BOOKS = None
pytestmark = pytest.mark.skipif(BOOKS is None, reason="the rulebooks are not beside the repository")

#: The line that defines each ability or icon in every language of the Pegasus print ("HEADING: definition").
HEADINGS: dict[str, tuple[str, ...]] = {
    "protection": ("peg19.de:473", "peg19.en:1038", "peg19.it:1589", "peg19.fr:2049", "peg19.es:2603"),
    "heal": ("peg19.de:479", "peg19.en:1046", "peg19.it:1595", "peg19.fr:2055", "peg19.es:2609"),
    "mechanics": ("peg19.de:483", "peg19.en:1054", "peg19.it:1599", "peg19.fr:2069", "peg19.es:2631"),
    "retrieval": ("peg19.de:487", "peg19.en:1050", "peg19.it:1613", "peg19.fr:2059", "peg19.es:2627"),
    "stealth": ("peg19.de:493", "peg19.en:1058", "peg19.it:1607", "peg19.fr:2063", "peg19.es:2613"),
    "pack": ("peg19.de:499", "peg19.en:1066", "peg19.it:1603", "peg19.fr:2073", "peg19.es:2635"),
    "leap": ("peg19.de:503", "peg19.en:1070", "peg19.it:1617", "peg19.fr:2077", "peg19.es:2619"),
    "shock": ("peg19.de:527", "peg19.en:1092", "peg19.it:1639", "peg19.fr:2103", "peg19.es:2653"),
    "recovery": ("peg19.de:535", "peg19.en:1096", "peg19.it:1643", "peg19.fr:2107", "peg19.es:2657"),
    "gates_of_hell": ("peg19.de:539", "peg19.en:1100", "peg19.it:1647", "peg19.fr:2111", "peg19.es:2661"),
    "existence": ("peg19.de:543", "peg19.en:1104", "peg19.it:1651", "peg19.fr:2115", "peg19.es:2665"),
}

#: Headings that rightly name a second term: the French Gates of Hell are "Les Portes de l'Enfer", and "Enfer" is
#: the Inferno card's own name.
SHARED = {("peg19.fr:2111", "inferno")}


def _books() -> Rulebooks:
    assert BOOKS is not None
    return BOOKS


def language_texts(books: Rulebooks) -> dict[str, list[str]]:
    """Every paragraph each language prints: its sections of both rulebooks and its part of sb19's side-by-side
    pages (a word printed only in another language's section does not count)."""
    texts: dict[str, list[str]] = {lang: [] for lang in LANGS}
    for section in SOURCES:
        pars = paragraphs(books.lines[section.edition], section.first, section.last)
        texts[section.lang] += [p.text for p in pars]
    for number, lang in sorted(books.multilingual.items()):
        texts[lang].append(books.line("sb19", number))
    return texts


def dead_stems(terms: Glossary, texts: dict[str, list[str]]) -> list[str]:
    """``concept lang 'stem'`` for every stem no paragraph of its language matches, as the aligner matches it."""
    dead = []
    for concept, names in sorted(terms.terms.items()):
        for lang, stems in sorted(names.items()):
            for stem in stems:
                alone = Glossary({concept: {lang: (stem,)}})
                if not any(alone.concepts(text, lang) for text in texts[lang]):
                    dead.append(f"{concept} {lang} {stem!r}")
    return dead


def heading_problems(terms: Glossary, books: Rulebooks) -> list[str]:
    """Every defining heading that does not name its own term, or names another (but for :data:`SHARED`)."""
    problems = []
    for term, citations in sorted(HEADINGS.items()):
        for citation in citations:
            source, _, line = citation.partition(":")
            edition, lang = source.split(".")
            heading, colon, _ = books.line(edition, int(line)).partition(":")
            assert colon and heading.strip().isupper(), f"{citation} is not a 'HEADING:' line"
            named = terms.concepts(heading, lang)
            if term not in named:
                problems.append(f"{citation} {heading.strip()!r} does not name {term}")
            for other in sorted(named - {term}):
                if (citation, other) not in SHARED:
                    problems.append(f"{citation} {heading.strip()!r} names {other}")
    return problems


def _with(terms: Glossary, concept: str, lang: str, stems: tuple[str, ...]) -> Glossary:
    changed = {c: dict(names) for c, names in terms.terms.items()}
    changed[concept][lang] = stems
    return replace(terms, terms=changed)


def test_every_stem_is_printed_in_its_own_language() -> None:
    assert dead_stems(glossary(), language_texts(_books())) == []


def test_a_stem_never_printed_or_printed_only_in_another_language_is_reported() -> None:
    texts = language_texts(_books())
    terms = _with(glossary(), "wound", "de", ("verletz", "wunde"))  # "Wunde" is printed nowhere
    terms = _with(terms, "strength", "it", ("forza", "valore di combattimento"))  # nor is "forza"
    terms = _with(terms, "blood_point", "it", ("sangue", "sangre"))  # "sangre" is Spanish only
    assert dead_stems(terms, texts) == ["blood_point it 'sangre'", "strength it 'forza'", "wound de 'wunde'"]


def test_every_defining_heading_names_its_own_term_and_no_other() -> None:
    assert heading_problems(glossary(), _books()) == []


def test_the_swapped_italian_and_spanish_retrieval_is_caught() -> None:
    books = _books()
    terms = _with(glossary(), "retrieval", "it", ("recupero",))
    terms = _with(terms, "retrieval", "es", ("recuperación",))
    assert heading_problems(terms, books) == [
        "peg19.it:1643 'RECUPERO' names retrieval",
        "peg19.es:2657 'RECUPERACIÓN' names retrieval",
        "peg19.it:1613 'RIPARAZIONE' does not name retrieval",
        "peg19.es:2627 'REPARACIÓN' does not name retrieval",
    ]


def test_retrieval_and_recovery_definitions_name_only_their_own_ability() -> None:
    books, terms = _books(), glossary()
    for term, other in (("retrieval", "recovery"), ("recovery", "retrieval")):
        for citation in HEADINGS[term]:
            source, _, line = citation.partition(":")
            edition, lang = source.split(".")
            named = terms.concepts(books.line(edition, int(line)), lang)
            assert term in named and other not in named, (citation, sorted(named))
