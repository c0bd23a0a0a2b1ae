"""The recorded review (spec/verdicts): every passage judged, every play-changing verdict tied to the engine."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import armata_rules.engine  # noqa: F401  (registers every rule and interpretation)
from armata_rules.rules import INTERPRETATIONS
from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import load_corpus
from armata_rules.translations.verdicts import (
    VerdictError,
    load_contradictions,
    load_reviews,
    review_problems,
)
from armata_rules.variants import READINGS


def _findings() -> dict[str, dict[str, object]]:
    data = tomllib.loads((spec_folder() / "findings.toml").read_text(encoding="utf-8"))
    findings: dict[str, dict[str, object]] = data["findings"]
    return findings


def _problems(folder: Path | None = None) -> list[str]:
    return review_problems(
        load_reviews(folder),
        load_contradictions(folder),
        load_corpus(),
        [spec.name for spec in READINGS],
        INTERPRETATIONS,
        _findings(),
    )


def test_every_passage_has_a_verdict_and_every_play_change_a_link() -> None:
    assert _problems() == []


def test_every_text_is_reviewed() -> None:
    judged = {review.judged for review in load_reviews()}
    assert judged == {
        "peg19.de",
        "peg19.it",
        "peg19.fr",
        "peg19.es",
        "sb19.en",
        "sb19.de",
        "sb19.it",
        "sb19.fr",
        "sb19.es",
    }


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "verdicts"
    folder.mkdir()
    for path in (spec_folder() / "verdicts").glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


def test_a_missing_verdict_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.it.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"en603", ', "", 1), encoding="utf-8")
    assert "peg19.it.toml: en603: no verdict" in _problems(folder)


def test_an_unlinked_play_change_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.fr.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reading = "movement"\n', "", 1), encoding="utf-8")
    problems = _problems(folder)
    assert any(p.startswith("peg19.fr.toml: en760: changes play but names no") for p in problems)


def test_an_unknown_reading_is_reported(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "sb19.en.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('reading = "movement"', 'reading = "walking"', 1), encoding="utf-8")
    assert "sb19.en.toml: en760: reading 'walking' is not a Ruleset reading" in _problems(folder)


def test_a_bad_dimension_names_file_and_key(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    path = folder / "peg19.de.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('dimension = "timing"', 'dimension = "vibes"', 1), encoding="utf-8")
    with pytest.raises(VerdictError, match=r"peg19\.de\.toml: changes-play\.en756\.dimension: 'vibes'"):
        load_reviews(folder)
