"""Edition presets: one :class:`~armata_rules.variants.Ruleset` per rulebook text, derived from the citations.

>>> from armata_rules import editions
>>> editions.PEG19_EN.icon_scope, editions.SB19_EN.icon_scope
(<IconScope.PER_TURN: 'per_turn'>, <IconScope.PER_ROUND: 'per_round'>)
"""

from __future__ import annotations

from armata_rules.variants import SOURCES, Ruleset, ruleset_for_source

__all__ = ["ALL", "PEG19_DE", "PEG19_EN", "PEG19_ES", "PEG19_FR", "PEG19_IT", "SB19_EN", "by_name"]

PEG19_DE = ruleset_for_source("peg19.de")
PEG19_EN = ruleset_for_source("peg19.en")
PEG19_IT = ruleset_for_source("peg19.it")
PEG19_FR = ruleset_for_source("peg19.fr")
PEG19_ES = ruleset_for_source("peg19.es")
SB19_EN = ruleset_for_source("sb19.en")

#: Every preset, in the order of :data:`armata_rules.variants.SOURCES`.
ALL: tuple[Ruleset, ...] = (PEG19_DE, PEG19_EN, PEG19_IT, PEG19_FR, PEG19_ES, SB19_EN)


def by_name(name: str) -> Ruleset:
    """The preset called ``name`` (``"peg19.fr"``, case-insensitive)."""
    key = name.strip().lower()
    for preset in ALL:
        if preset.name == key:
            return preset
    raise ValueError(f"no edition preset {name!r}; presets: {', '.join(SOURCES)}")
