"""A game's text files read through its text set (:mod:`armata_rules.kernel.texts.files`): the same lines and
languages for Armata as its own reader, *Władcy Nocy*'s card scrap in English inside its Polish text, and a tiny text
set of the test's own, with the errors that name what is wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from armata_rules.kernel.texts.files import TextFileError, TextFiles, find_folder
from armata_rules.kernel.texts.textset import Section, TextSet
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.textset import ARMATA_TEXTS
from armata_rules.wladcy_nocy.texts import WN_TEXTS, rulebook


def _tiny(**changes: object) -> TextSet:
    """Two sources of one file: English lines 1-3, French lines 5-6, and line 8 in German by the set's own rule."""
    fields: dict[str, object] = {
        "game": "tiny",
        "sources": ("t.en", "t.fr"),
        "pivot": "t.en",
        "grammar": re.compile(r"t\.(en|fr):[0-9]+"),
        "resolve": lambda citation: range(int(citation.split(":")[1]), int(citation.split(":")[1]) + 1),
        "env": "TINY_TEXTS_FOR_A_TEST",
        "files": (("t", "tiny.txt"),),
        "sections": (Section("t.en", "t", "en", 1, 3), Section("t.fr", "t", "fr", 5, 6)),
        "languages": lambda key, lines: {n: "de" for n, line in enumerate(lines, 1) if line.startswith("Der ")},
    }
    fields.update(changes)
    return TextSet(**fields)  # type: ignore[arg-type]


TINY = "One rule.\nTwo rules.\nThree.\n\nUne règle.\nDeux.\n\nDer Text.\n"


def test_armata_read_through_its_text_set_is_what_its_own_reader_reads() -> None:
    books = Rulebooks.load()
    files = TextFiles.load(ARMATA_TEXTS, books.folder)
    assert dict(files.lines) == books.lines and dict(files.checksums) == books.checksums
    for edition, lines in books.lines.items():
        for number in range(1, len(lines) + 1):
            assert files.language_of(edition, number) == books.language_of(edition, number), (edition, number)
    assert ARMATA_TEXTS.langs == ("de", "en", "it", "fr", "es")
    assert files.span("peg19.en") == range(598, 1163)


def test_wladcy_nocy_read_through_its_text_set() -> None:
    text = rulebook()
    files = TextFiles.load(WN_TEXTS, text.path.parent)
    assert files.lines["wn"] == text.lines and files.checksums["wn"] == text.sha256
    assert files.span("wn.pl") == range(1, len(text.lines) + 1)  # the whole text, to its end
    assert [files.language_of("wn", n) for n in (544, 545, 558, 559)] == ["pl", "en", "en", "pl"]
    assert WN_TEXTS.langs == ("pl", "en")


def test_a_tiny_text_set_is_read_from_a_folder(tmp_path: Path) -> None:
    (tmp_path / "tiny.txt").write_text(TINY, encoding="utf-8")
    files = TextFiles.load(_tiny(), tmp_path)
    assert files.line("t", 5) == "Une règle."
    assert [files.language_of("t", n) for n in range(1, 9)] == ["en", "en", "en", None, "fr", "fr", None, "de"]
    assert files.span("t.fr") == range(5, 7)
    with pytest.raises(TextFileError, match=r"^tiny\.txt: has no line 9 \(it has 8\)$"):
        files.line("t", 9)
    with pytest.raises(KeyError, match=r"game tiny: no section 't\.de' \(sections: t\.en, t\.fr\)"):
        files.span("t.de")


def test_a_file_that_cannot_be_read_is_named(tmp_path: Path) -> None:
    with pytest.raises(TextFileError, match=r"tiny\.txt: "):
        TextFiles.load(_tiny(), tmp_path)
    (tmp_path / "tiny.txt").write_bytes(b"One \xff rule.\n")
    with pytest.raises(TextFileError, match=r"tiny\.txt: is not UTF-8 text \(invalid start byte at byte 4\)$"):
        TextFiles.load(_tiny(), tmp_path)
    (tmp_path / "tiny.txt").write_text("One rule.\n", encoding="utf-8")
    with pytest.raises(TextFileError, match=r"tiny\.txt: has 1 lines, but the t sources need 6 \(a short"):
        TextFiles.load(_tiny(), tmp_path)
    (tmp_path / "tiny.txt").write_text(TINY * 3, encoding="utf-8")
    with pytest.raises(TextFileError, match=r"tiny\.txt: .*30"):
        TextFiles.load(_tiny(max_bytes=30), tmp_path)


def test_the_folder_comes_from_the_variable_then_nearby_then_the_packaged_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TINY_TEXTS_FOR_A_TEST", raising=False)
    nowhere = tmp_path / "a" / "b" / "c" / "d" / "e" / "f"
    packaged = tmp_path / "packaged"
    packaged.mkdir()
    assert find_folder(_tiny(), [nowhere], packaged) == Path("shared") / "rulebooks"
    (packaged / "tiny.txt").write_text(TINY, encoding="utf-8")
    assert find_folder(_tiny(), [nowhere], packaged) == packaged
    assert find_folder(_tiny(packaged=packaged), [nowhere]) == packaged
    beside = tmp_path / "a" / "b" / "c" / "shared" / "rulebooks"
    beside.mkdir(parents=True)
    assert find_folder(_tiny(), [nowhere], packaged) == packaged  # a folder without the file is not the one
    (beside / "tiny.txt").write_text(TINY, encoding="utf-8")
    assert find_folder(_tiny(), [nowhere], packaged) == beside
    monkeypatch.setenv("TINY_TEXTS_FOR_A_TEST", str(tmp_path / "named"))
    assert find_folder(_tiny(), [nowhere], packaged) == tmp_path / "named"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"files": (("t", "a.txt"), ("t", "b.txt"))}, r"a file key is given twice in t, t"),
        ({"sections": (Section("t.de", "t", "de", 1, 2),)}, r"section 't\.de' is not one of its sources"),
        ({"sections": (Section("t.en", "u", "en", 1, 2),)}, r"section 't\.en' reads an unknown file 'u'"),
        ({"sections": (Section("t.en", "t", "en", 3, 2),)}, r"section 't\.en' has no lines \(3-2\)"),
        ({"sections": (Section("t.en", "t", "en", 0),)}, r"section 't\.en' has no lines \(0-None\)"),
    ],
)
def test_a_text_set_with_bad_files_or_sections_is_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=rf"^game tiny: {message}"):
        _tiny(**changes)
