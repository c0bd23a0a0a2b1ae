"""Which findings to show: the filters by language, severity, kind and reading that ``armata-rules ambiguities``
and the findings page share.

A filter holds one or more values (given repeated or comma-separated); a finding passes a filter when it has one of
its values, and passes a :class:`Selection` when it passes every filter given. A finding's languages are those of the
texts it cites, so ``lang=fr`` keeps every finding that quotes a French text. Its reading is the
:py:class:`~armata_rules.variants.Ruleset` field that lets a user choose, or ``unmodelled``; a finding with neither
passes no reading filter. Unknown values are refused with the valid ones named, so a typo never selects nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields

from armata_rules.translations.finder import KINDS, Finding
from armata_rules.translations.sources import LANGS
from armata_rules.variants import READINGS

__all__ = ["CHOICES", "SEVERITIES", "Selection", "SelectionError", "finding_langs", "parse_values"]

SEVERITIES = ("changes-play", "cosmetic", "unreviewed")
#: Every filter and its valid values, in the order they are listed.
CHOICES: Mapping[str, tuple[str, ...]] = {
    "lang": LANGS,
    "severity": SEVERITIES,
    "kind": KINDS,
    "reading": (*(spec.name for spec in READINGS), "unmodelled"),
}


class SelectionError(ValueError):
    """A filter value that is not one of the valid ones; the message names them."""


def parse_values(name: str, given: Iterable[str], label: str | None = None) -> tuple[str, ...]:
    """The values of filter ``name`` from ``given`` (each possibly comma-separated), in the order of
    :data:`CHOICES`, without repeats; :class:`SelectionError` names the first unknown one. ``label`` is how the
    message names the filter (``--kind``; default the name)."""
    valid = CHOICES[name]
    wanted: set[str] = set()
    for item in given:
        for part in item.split(","):
            value = part.strip()
            if not value:
                continue
            if value not in valid:
                raise SelectionError(f"{label or name} {value!r}: expected one or more of {', '.join(valid)}")
            wanted.add(value)
    return tuple(v for v in valid if v in wanted)


def finding_langs(finding: Finding) -> tuple[str, ...]:
    """The languages of the texts ``finding`` cites, in the order of
    :data:`~armata_rules.translations.sources.LANGS`."""
    cited = {c.lang for c in finding.citations}
    return tuple(lang for lang in LANGS if lang in cited)


@dataclass(frozen=True, slots=True)
class Selection:
    """The filters given (an empty one keeps everything)."""

    lang: tuple[str, ...] = ()
    severity: tuple[str, ...] = ()
    kind: tuple[str, ...] = ()
    reading: tuple[str, ...] = ()

    @classmethod
    def parse(cls, given: Mapping[str, Sequence[str]], prefix: str = "") -> Selection:
        """A selection from raw values by filter name (``{"kind": ["scope,naming"]}``); unknown names or values
        raise :class:`SelectionError`, naming the filter as ``prefix + name`` (``--kind``)."""
        unknown = sorted(set(given) - set(CHOICES))
        if unknown:
            raise SelectionError(f"unknown filter {unknown[0]!r}: expected one of {', '.join(CHOICES)}")
        return cls(**{name: parse_values(name, given.get(name, ()), prefix + name) for name in CHOICES})

    def keeps(self, finding: Finding) -> bool:
        """Whether ``finding`` passes every filter given."""
        if self.lang and not set(self.lang) & set(finding_langs(finding)):
            return False
        if self.severity and finding.severity not in self.severity:
            return False
        if self.kind and finding.kind not in self.kind:
            return False
        return not self.reading or finding.reading in self.reading

    def apply(self, findings: Iterable[Finding]) -> list[Finding]:
        """The findings that pass, in their order."""
        return [f for f in findings if self.keeps(f)]

    @property
    def active(self) -> bool:
        """Whether any filter is given."""
        return any(getattr(self, f.name) for f in fields(self))

    def to_json(self) -> dict[str, list[str]]:
        """``{lang: [...], severity: [...], kind: [...], reading: [...]}`` (empty lists for filters not given)."""
        return {f.name: list(getattr(self, f.name)) for f in fields(self)}

    def describe(self) -> str:
        """``lang fr; severity changes-play`` (the filters given), or ``""``."""
        parts = [f"{f.name} {','.join(getattr(self, f.name))}" for f in fields(self) if getattr(self, f.name)]
        return "; ".join(parts)
