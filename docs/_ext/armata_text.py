"""Text for the generated pages: reStructuredText escaping, the rulebook extraction's Markdown rendered as
reStructuredText (emphasis kept, heading markers dropped), clause passages marked by language for the language
switch (the reader's language first), readable clause headings, and the label of the clause a citation
(``peg19.en:760``) names, which the kernel's citation links (:mod:`armata_rules.kernel.docs.citations`) link to.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from armata_rules.kernel.docs.markup import anchor, escape
from armata_rules.translations.corpus import PIVOT, Clause, Corpus, Passage, load_corpus
from armata_rules.translations.sources import LANGS, SOURCES

from armata_i18n import _

__all__ = [
    "CITATION",
    "anchor",
    "clause_heading",
    "clause_label",
    "corpus",
    "escape",
    "heading_words",
    "passages_block",
    "rich",
    "rulebook_text",
    "title_case",
]

_EDITIONS = sorted({section.edition for section in SOURCES})
CITATION = re.compile(rf"\b(?:{'|'.join(_EDITIONS)})\.(?:{'|'.join(LANGS)}):\d+(?:-\d+)?\b")
_STRONG = re.compile(r"\*\*(.+?)\*\*")
_LIST_START = re.compile(r"^([-+•#]|\(?\w{1,3}[.)])(\s|$)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])")
#: A Markdown heading marker of the extraction (``### BLOOD POINTS ON THE ALTAR``): at the start of a paragraph.
_HEADING = re.compile(r"(?:^|(?<=\s))#{1,6}(?=\s)\s*")
#: Where the printer's imprint starts; no rule's text holds it, so a passage is cut there.
_IMPRINT = "©"


@cache
def corpus() -> Corpus:
    """The clause corpus of ``spec/``, loaded once per build."""
    return load_corpus()


def clause_label(citation: str) -> str | None:
    """The label of the clause holding ``citation``'s first line, if the corpus has one."""
    clause = corpus().clause_at(citation)
    return None if clause is None else f"clause-{clause.id}"


def _marked(text: str, pattern: re.Pattern[str], marker: str, inner: Any) -> str:
    """Escape ``text``, turning each ``pattern`` match into ``marker``-delimited inline markup.

    Escaped spaces (backslash-space) around the markup let it touch letters, as in ``**7** HEXAGONAL``.
    """
    out: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        body = match.group(1).strip()
        out.append(inner(text[last : match.start()]))
        out.append(f"\\ {marker}{inner(body)}{marker}\\ " if body else "")
        last = match.end()
    out.append(inner(text[last:]))
    return "".join(out)


def rich(text: str) -> str:
    """Rulebook text with its Markdown ``**strong**`` and ``*emphasis*`` as reStructuredText; all else literal.

    Heading markers (``## AIM OF THE GAME``) are dropped, an unpaired ``**`` (the extraction cut a bold run across
    paragraphs) too, and a text that starts like a list item (``- a.``, ``1.``) stays a paragraph.
    """
    flat = _HEADING.sub("", " ".join(text.split()))
    out = _marked(flat, _STRONG, "**", lambda part: _marked(part.replace("**", ""), _EMPHASIS, "*", escape))
    return "\\" + out if _LIST_START.match(out) else out


def rulebook_text(quote: str) -> str:
    """A passage's words as a page shows them: the extraction's line breaks and heading markers gone, and cut where
    the printer's imprint starts (the corpus holds a clause whose last lines are the copyright notice)."""
    text = quote.split(_IMPRINT, 1)[0]
    return " ".join(_HEADING.sub("", " ".join(text.split())).split())


def passages_block(clause: Clause, lead: str = "en", indent: str = "") -> list[str]:
    """A clause's passages, one container per source classed by language (the language switch shows one language
    or all side by side), the ``lead`` language's first. The ``language-xx`` class gives each passage its ``lang``
    attribute and its own typographic quotes, whatever the page's language.

    A language with no text says so, and a text of another language stands in for it (classed
    ``armata-fallback-xx``: the English one where there is one). A passage of another print with the same words as
    the Pegasus text of its language (``sb19.en`` and ``peg19.en`` mostly) is not repeated: its citation joins the
    Pegasus passage's."""
    texts = {source: rulebook_text(passage.quote) for source, passage in clause.passages.items()}
    citations = {source: [passage.citation] for source, passage in clause.passages.items()}
    shown: list[Passage] = []
    for passage in sorted(clause.passages.values(), key=lambda p: _source_order(p.source, lead)):
        twin = f"peg19.{passage.lang}"
        if passage.source != twin and twin in texts and _words(texts[twin]) == _words(texts[passage.source]):
            citations[twin].append(passage.citation)
        elif texts[passage.source]:
            shown.append(passage)
    missing = [lang for lang in LANGS if lang not in {p.lang for p in clause.passages.values()}]
    if not shown and not missing:  # nothing but the imprint
        return []
    stand_in = min(shown, key=lambda p: _source_order(p.source, "en"), default=None)
    out = [f"{indent}.. container:: armata-passages", ""]
    for lang in [lang for lang in missing if lang == lead]:  # where the lead's text would have been
        out += _missing(lang, indent)
    for passage in shown:
        classes = f"armata-passage lang-{passage.lang} edition-{passage.edition} language-{passage.lang}"
        if passage is stand_in:
            classes += "".join(f" armata-fallback-{lang}" for lang in missing)
        out += [
            f"{indent}   .. container:: {classes}",
            "",
            f"{indent}      :sup:`{passage.lang.upper()}` {' · '.join(citations[passage.source])}",
            "",
            f"{indent}      {rich(texts[passage.source])}",
            "",
        ]
    for lang in [lang for lang in missing if lang != lead]:
        out += _missing(lang, indent)
    return out


def _missing(lang: str, indent: str) -> list[str]:
    """The placeholder of a language a clause has no text in."""
    words = escape(_("No {language} text for this clause.").format(language=lang.upper()))
    return [f"{indent}   .. container:: armata-passage armata-missing lang-{lang}", "", f"{indent}      *{words}*", ""]


def _words(text: str) -> str:
    """``text`` reduced to its words, to tell two prints' passages that differ only in quotes or emphasis."""
    return " ".join(re.sub(r"[\W_]+", " ", text).casefold().split())


def _source_order(source: str, lead: str = "") -> tuple[int, int, str]:
    """Sources in the order a page lists them: the ``lead`` language first, then the rulebooks' order."""
    lang = source.split(".")[1]
    return (lang != lead, LANGS.index(lang) if lang in LANGS else len(LANGS), source)


def clause_heading(clause: Clause, lang: str = "en") -> str:
    """A clause's heading for a reader of ``lang``: where it is in that language's text, then how it starts
    (``peg19.en:884 — Number of players``); the English text's when ``lang`` has none."""
    passage = _heading_passage(clause, lang)
    words = heading_words(passage.quote, passage.lang)
    return f"{passage.citation} — {words}" if words else passage.citation


def _heading_passage(clause: Clause, lang: str) -> Passage:
    for source in (f"peg19.{lang}", PIVOT):
        if source in clause.passages:
            return clause.passages[source]
    return min(clause.passages.values(), key=lambda p: _source_order(p.source, lang))


def heading_words(quote: str, lang: str = "en") -> str:
    """The start of a passage of language ``lang`` as a title: the first cell of a flattened table, no Markdown or
    bullet, capitals softened (:func:`title_case`), at most 72 characters cut at a word."""
    text = rulebook_text(quote.split("\t", 1)[0]).replace("*", "").replace("►", "")
    text = re.sub(r"^[-•]\s+", "", text).strip(" :.-–—")
    if text.isupper():
        text = title_case(text, lang)
    return text if len(text) <= 72 else text[:69].rsplit(" ", 1)[0] + "…"


#: Words a title leaves in lower case after its first word, per language.
_SMALL_WORDS = {
    "en": "a an and as at by for in of on or the to with",
    "de": "am an auf aus bei das dem den der des die ein eine einem einen einer eines für im in mit nach oder und "
    "vom von vor zu zum zur",
    "fr": "à au aux d' de des du en et l' la le les ou sur un une",
    "it": "a al all' alla alle con da dal dall' dalla degli dei del dell' della delle di e gli i il in l' la le lo "
    "nell' o per su sul sull' sulla un un' una uno",
    "es": "a al con de del el en la las los o para por sin sobre un una y",
}


def title_case(text: str, lang: str = "en") -> str:
    """A heading printed in capitals (``BLOOD POINTS ON THE ALTAR``) as a title: each word capitalised (each part of
    ``STRIGOI-SPIELZUG`` too) but the language's articles, prepositions and conjunctions (elided too: ``l'Autel``),
    unless they start the title or follow a full stop (``Blood Points on the Altar``, ``A. Ein Strigoi greift …``)."""
    small = set(_SMALL_WORDS.get(lang, "").split())

    def capitalised(word: str) -> str:
        return word if word in small else _CAPITALS.sub(lambda m: m.group(0).upper(), word)

    out: list[str] = []
    for word in text.lower().split(" "):
        elided = _ELIDED.match(word)
        if not out or out[-1].endswith((".", ":")):
            out.append(_CAPITALS.sub(lambda m: m.group(0).upper(), word))
        elif elided and elided.group(1).replace("’", "'") in small:
            out.append(elided.group(1) + capitalised(elided.group(2)))
        else:
            out.append(capitalised(word))
    return " ".join(out)


_CAPITALS = re.compile(r"(?:^|(?<=[-'’]))\w")
_ELIDED = re.compile(r"^(\w+['’])(\w.*)$")
