"""The curated spec files of *Władcy Nocy* in ``spec/wladcy_nocy/``, each read with a strict schema.

``ocr_variants.toml`` (the OCR misspellings matching folds), ``informative.toml`` (clauses that state no rule, with
the reason), ``readings.toml`` (where the text disagrees with itself or is silent: the options and the default),
``findings.toml`` (the text's internal contradictions, quoted) and ``glossary.toml`` (the Polish game terms). A
malformed file is refused as ``FILE: KEY: PROBLEM``. These loaders check each file's shape and its own consistency
(ids unique, defaults among the options, lines sorted); whether its citations and quotes hold on the text is checked
by :mod:`armata_rules.wladcy_nocy.texts` and the tests, which read the text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, TypeVar

from pydantic import Field, model_validator

from armata_rules.kernel.core.datafile import DataFileError, StrictModel, read_data_file, validate_model

__all__ = [
    "CITATION_PATTERN",
    "Finding",
    "Findings",
    "Glossary",
    "Informative",
    "InformativeEntry",
    "OcrVariant",
    "OcrVariants",
    "Quote",
    "Reading",
    "Readings",
    "SpecError",
    "Term",
    "load_findings",
    "load_glossary",
    "load_informative",
    "load_ocr_variants",
    "load_readings",
    "spec_folder",
]

#: One citation of the text: ``wn.pl:LINE``, ``wn.pl:FIRST-LAST`` or the same of the English card scrap, ``wn.en``.
CITATION_PATTERN = r"^wn\.(pl|en):[0-9]+(-[0-9]+)?$"

Citation = Annotated[str, Field(pattern=CITATION_PATTERN)]
Text = Annotated[str, Field(min_length=1)]
Name = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
#: Where an entry comes from: the design note (``WLADCY_NOCY.md``) or found while checking it against the text.
Origin = Literal["design", "found"]


class SpecError(DataFileError):
    """A spec file of *Władcy Nocy* is malformed; the message reads ``FILE: KEY: PROBLEM``."""


def spec_folder() -> Path:
    """``spec/wladcy_nocy``: shipped in the wheel under ``armata_rules/spec_data``, else the repository's."""
    packaged = Path(__file__).resolve().parents[1] / "spec_data" / "wladcy_nocy"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "spec" / "wladcy_nocy"


def _sorted_lines(lines: list[int]) -> list[int]:
    if not lines:
        raise ValueError("lists no line")
    if lines != sorted(set(lines)):
        raise ValueError("lines must be increasing, each once")
    if lines[0] < 1:
        raise ValueError(f"line {lines[0]} does not exist (lines count from 1)")
    return lines


# ------------------------------------------------------------------------------------------------ OCR variants
class OcrVariant(StrictModel):
    """A misspelling of the OCR text and the word it stands for; ``match`` says whether it is a word's beginning
    (``prefix``: ``stugus`` in ``stugusa``) or a whole word (``word``: ``relik``)."""

    text: Text
    canonical: Text
    match: Literal["prefix", "word"]
    lines: list[int]
    origin: Origin
    note: str = ""

    @model_validator(mode="after")
    def _check(self) -> OcrVariant:
        _sorted_lines(self.lines)
        if self.text.casefold() == self.canonical.casefold():
            raise ValueError(f"variant {self.text!r} is its own canonical form")
        if any(ch.isspace() for ch in self.text):
            raise ValueError(f"variant {self.text!r} holds a space: a variant is one word or a word's beginning")
        return self


class OcrVariants(StrictModel):
    """``ocr_variants.toml``."""

    variants: list[OcrVariant]

    @model_validator(mode="after")
    def _unique(self) -> OcrVariants:
        seen: set[str] = set()
        for variant in self.variants:
            key = variant.text.casefold()
            if key in seen:
                raise ValueError(f"variant {variant.text!r} is listed twice")
            seen.add(key)
        return self


# ------------------------------------------------------------------------------------------------ informative
InformativeKind = Literal[
    "title", "heading", "story", "flavour", "caption", "component-list", "advice", "tips", "index", "credits"
]


class InformativeEntry(StrictModel):
    """Why a clause (or a run of whole clauses) states no rule."""

    kind: InformativeKind
    reason: Text


class Informative(StrictModel):
    """``informative.toml``: citation of whole clauses → why they state no rule."""

    clauses: dict[Citation, InformativeEntry]


# ------------------------------------------------------------------------------------------------ readings
class Reading(StrictModel):
    """A reading (``kind = "reading"``: the text disagrees with itself) or an interpretation (the text is silent):
    the options, each with its meaning, the default and why, and the clauses read."""

    kind: Literal["reading", "interpretation"]
    question: Text
    options: dict[Name, Text] = Field(min_length=1)
    default: Name
    clauses: list[Citation] = Field(min_length=1)
    reason: Text
    origin: Origin
    note: str = ""

    @model_validator(mode="after")
    def _default_is_an_option(self) -> Reading:
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not one of the options {sorted(self.options)}")
        if len(set(self.clauses)) != len(self.clauses):
            raise ValueError("a clause is listed twice")
        return self


class Readings(StrictModel):
    """``readings.toml``."""

    readings: dict[Name, Reading] = Field(min_length=1)


# ------------------------------------------------------------------------------------------------ findings
class Quote(StrictModel):
    """Verbatim Polish of the text at ``cite``, with an English gloss."""

    cite: Citation
    pl: Text
    en: Text


class Finding(StrictModel):
    """A place where the text contradicts itself (or an example does not follow its rules)."""

    topic: Text
    kind: Literal["internal-contradiction", "example-mismatch", "silence", "loose-wording"]
    severity: Literal["changes-play", "no-change"]
    quotes: list[Quote] = Field(min_length=1)
    readings: list[Name]
    resolution: Text
    origin: Origin


class Findings(StrictModel):
    """``findings.toml``."""

    findings: dict[Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$")], Finding] = Field(min_length=1)


# ------------------------------------------------------------------------------------------------ glossary
class Term(StrictModel):
    """A Polish game term: its English name and meaning, the word stems that name it (each word of a stem begins a
    word of the text, in order), the OCR-variant stems that name it too, and every line where it occurs."""

    pl: Text
    en: Text
    definition: Text
    defined: Citation
    stems: list[Text] = Field(min_length=1)
    ocr_stems: list[Text] = Field(default_factory=list)
    words: list[Text] = Field(default_factory=list)
    exclude: list[Text] = Field(default_factory=list)
    lines: list[int]

    @model_validator(mode="after")
    def _check(self) -> Term:
        _sorted_lines(self.lines)
        for stem in (*self.stems, *self.ocr_stems, *self.words, *self.exclude):
            if stem != stem.casefold() or stem != stem.strip():
                raise ValueError(f"stem {stem!r} must be lowercase, without outer spaces")
        return self


class Glossary(StrictModel):
    """``glossary.toml``."""

    terms: dict[Name, Term] = Field(min_length=1)


# ------------------------------------------------------------------------------------------------ loaders
M = TypeVar("M", bound=StrictModel)


def _load(model: type[M], name: str, folder: Path | None) -> M:
    path = (folder if folder is not None else spec_folder()) / name
    return validate_model(model, read_data_file(path, SpecError), str(path), SpecError)


def load_ocr_variants(folder: Path | None = None) -> OcrVariants:
    """``ocr_variants.toml`` of ``folder`` (default :func:`spec_folder`)."""
    return _load(OcrVariants, "ocr_variants.toml", folder)


def load_informative(folder: Path | None = None) -> Informative:
    """``informative.toml`` of ``folder`` (default :func:`spec_folder`)."""
    return _load(Informative, "informative.toml", folder)


def load_readings(folder: Path | None = None) -> Readings:
    """``readings.toml`` of ``folder`` (default :func:`spec_folder`)."""
    return _load(Readings, "readings.toml", folder)


def load_findings(folder: Path | None = None) -> Findings:
    """``findings.toml`` of ``folder`` (default :func:`spec_folder`); every reading a finding feeds must be one of
    ``readings.toml`` in the same folder."""
    base = folder if folder is not None else spec_folder()
    findings = _load(Findings, "findings.toml", base)
    known = load_readings(base).readings
    for key, finding in findings.findings.items():
        for index, name in enumerate(finding.readings):
            if name not in known:
                raise SpecError(
                    str(base / "findings.toml"), f"findings.{key}.readings[{index}]", f"no reading {name!r}"
                )
    return findings


def load_glossary(folder: Path | None = None) -> Glossary:
    """``glossary.toml`` of ``folder`` (default :func:`spec_folder`)."""
    return _load(Glossary, "glossary.toml", folder)
