"""Armata's texts as the kernel reads them (:class:`~armata_rules.kernel.texts.textset.TextSet`): the two editions in
five languages (``peg19.en:812``, ``sb19.de:108``), the English Pegasus print as the pivot, and a citation resolved
to lines of the rulebook files (:mod:`armata_rules.translations.sources`) that are not blank and are in the language
the citation names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Final

from armata_rules.kernel.texts.textset import Section, TextSet
from armata_rules.translations.sources import (
    FILES,
    LANGS,
    MAX_RULEBOOK_BYTES,
    PACKAGED,
    SOURCES,
    Rulebooks,
    multilingual_languages,
)

__all__ = ["ARMATA_TEXTS", "resolve"]

_CITATION: Final = re.compile(rf"({'|'.join(FILES)})\.({'|'.join(LANGS)}):([1-9][0-9]*)(?:-([1-9][0-9]*))?")


@cache
def _rulebooks() -> Rulebooks:
    return Rulebooks.load()


def resolve(citation: str) -> range:
    """The lines ``citation`` names; ``ValueError`` if it is malformed, runs backwards, names a line outside its file,
    a blank line, or a line in another language than the one it names."""
    found = _CITATION.fullmatch(citation)
    if found is None:
        raise ValueError("does not read EDITION.LANG:LINE")
    edition, lang, first_text, last_text = found.groups()
    first = int(first_text)
    last = int(last_text) if last_text else first
    if last < first:
        raise ValueError(f"the range runs backwards ({first}-{last})")
    books = _rulebooks()
    for number in (first, last):
        if not books.line(edition, number).strip():
            raise ValueError(f"line {number} of {FILES[edition]} is blank")
        language = books.language_of(edition, number)
        if language is not None and language != lang:
            raise ValueError(f"line {number} of {FILES[edition]} is in {language}, not {lang}")
    return range(first, last + 1)


def _side_by_side(edition: str, lines: tuple[str, ...]) -> Mapping[int, str]:
    """The language of the lines ScriBabs prints in every language side by side (the component list, the
    addendum); the Pegasus print has none."""
    return multilingual_languages(lines) if edition == "sb19" else {}


#: The texts Armata's rules cite.
ARMATA_TEXTS: Final = TextSet(
    game="armata_strigoi",
    sources=tuple(f"{edition}.{lang}" for edition in FILES for lang in LANGS),
    pivot="peg19.en",
    grammar=_CITATION,
    resolve=resolve,
    env="ARMATA_RULEBOOKS",
    files=tuple(FILES.items()),
    sections=tuple(Section(s.source, s.edition, s.lang, s.first, s.last) for s in SOURCES),
    languages=_side_by_side,
    packaged=PACKAGED,
    max_bytes=MAX_RULEBOOK_BYTES,
)
