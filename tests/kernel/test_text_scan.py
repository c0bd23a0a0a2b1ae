"""Reading a scan and finding where it sits (:mod:`armata_rules.kernel.texts.scan`, ``repeats``, ``locate``) know
no game: *Władcy Nocy*'s Polish text, wrapped, hyphenated and paged like a scan, reads back to the same key, with the
page furniture left out, words broken at a line's end joined and every character traced to the scan's line; a page
pasted in twice more is found once a copy; the text's sentences are located in a scan, a changed one left in a gap."""

from __future__ import annotations

import textwrap

from armata_rules.kernel.texts.corpus import Corpus, clauses, group
from armata_rules.kernel.texts.files import TextFiles
from armata_rules.kernel.texts.lexicon import Lexicon
from armata_rules.kernel.texts.locate import locate, reference
from armata_rules.kernel.texts.repeats import repeated_runs
from armata_rules.kernel.texts.scan import key, read_scan
from armata_rules.wladcy_nocy.texts import WN_TEXTS, rulebook


def _polish_paragraphs() -> list[str]:
    """The paragraphs of ``wn.pl`` lines 1-300 (a text line each), blank lines dropped."""
    files = TextFiles.load(WN_TEXTS, rulebook().path.parent)
    return [files.line("wn", n).strip() for n in range(1, 301) if files.line("wn", n).strip()]


def _as_scan(paragraphs: list[str]) -> tuple[list[str], list[int], list[str]]:
    """The paragraphs wrapped at 45 characters, a long lowercase word hyphenated across each break it can be, a
    page header and a page number every 40 lines; the lines of the furniture added (1-based); the words broken."""
    out: list[str] = []
    furniture: list[int] = []
    page = 1
    for paragraph in paragraphs:
        for line in textwrap.wrap(paragraph, 45, break_long_words=False, break_on_hyphens=False):
            out.append(line)
        out.append("")
        if len(out) >= 40 * page:
            out += ["", f"— {page} —", "", "Instrukcja: strona", ""]
            furniture += [len(out) - 3, len(out) - 1]
            page += 1
    broken = _hyphenate(out)
    return out, furniture, broken


def _hyphenate(lines: list[str]) -> list[str]:
    """Break the last word of a line before a line that begins lowercase, as a scanner's text does (in place);
    the words broken."""
    broken = []
    for n in range(len(lines) - 1):
        words = lines[n].split(" ")
        last, following = words[-1], lines[n + 1]
        if len(last) >= 8 and last.isalpha() and last.islower() and following[:1].islower():
            lines[n] = " ".join([*words[:-1], last[:4] + "-"])
            lines[n + 1] = last[4:] + following
            broken.append(last)
    return broken


def test_a_polish_scan_reads_back_to_the_text_with_its_page_furniture_left_out() -> None:
    paragraphs = _polish_paragraphs()
    lines, furniture, broken = _as_scan(paragraphs)
    assert len(broken) > 10 and furniture  # the damage is there to undo
    clean = key(" ".join(paragraphs))
    scan = read_scan(lines, reference=clean)
    assert scan.key == clean
    assert set(furniture) <= set(scan.furniture)
    assert all(f" {word}" in scan.text for word in broken)
    assert "ł" not in scan.key and key("Władcy Nocy") == "wladcynocy"  # Polish letters fold to plain ones
    at = scan.key.index(key(paragraphs[10]))
    assert paragraphs[10].startswith(lines[scan.line_at(at) - 1].split(" ")[0].rstrip("-"))  # the scan's own line


def test_a_polish_page_pasted_twice_is_found_once_a_copy() -> None:
    paragraphs = _polish_paragraphs()[:40]
    lines = [*paragraphs, *paragraphs[5:20], *paragraphs[5:20]]
    runs = repeated_runs(lines)
    assert [(r.first, r.last, r.of_first, r.of_last) for r in runs] == [(41, 55, 6, 20), (56, 70, 6, 20)]
    assert repeated_runs(paragraphs) == []


def test_a_tiny_scan() -> None:
    scan = read_scan(["Zasady gry", "Gracz mo-", "że wybrać", "", "- 1 -", "", "jedną kartę."])
    assert scan.text == "Zasady gry Gracz może wybrać jedną kartę."
    assert scan.furniture == (5,)
    assert [scan.line_at(scan.key.index(word)) for word in ("gracz", "moze", "jedna")] == [2, 2, 7]


def test_a_polish_scan_is_located_in_the_text_and_a_changed_sentence_is_a_gap() -> None:
    files = TextFiles.load(WN_TEXTS, rulebook().path.parent)
    pivot, groups, extras = group(WN_TEXTS, files, lambda a, la, b, lb: 0.0)
    corpus = Corpus(clauses(WN_TEXTS.pivot, pivot, groups, extras), dict(files.checksums))
    ref = reference(files, corpus, "wn", "pl", Lexicon().vocabulary("pl"))
    assert ref.source == "wn.pl" and "moze" in ref.words and "wampir" in ref.words
    assert all(s.line < 545 or s.line > 558 for s in ref.sentences)  # the English scrap is not Polish
    paragraphs = [files.line("wn", n).strip() for n in range(100, 301) if files.line("wn", n).strip()]
    changed = [p.replace("może mieć maksymalnie 2", "musi mieć dokładnie 3") for p in paragraphs]
    assert changed != paragraphs
    lines, _, _ = _as_scan(changed)
    scan = read_scan(lines, reference=ref.key)
    matches, gaps = locate(ref.sentences, scan)
    assert len(matches) > 0.9 * len([s for s in ref.sentences if 100 <= s.line <= 300])
    inner = [g for g in gaps if not g.edge]
    assert [{ref.sentences[k].line for k in range(g.first, g.last)} for g in inner] == [{107}]
    first, last = scan.lines_between(inner[0].start, inner[0].end)
    assert "musi mieć dokładnie" in " ".join(lines[first - 1 : last])
