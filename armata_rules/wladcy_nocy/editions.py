"""The presets of *Władcy Nocy* rulesets: one per printed edition the engine knows.

Only the Polish print exists in the repository (``wn.pl``); its preset is every reading's default, each defended in
``spec/wladcy_nocy/readings.toml``. An English Igrology print (the credits point at it, wn.pl:683) would get its own
preset once its text is supplied.
"""

from __future__ import annotations

from typing import Final

from armata_rules.wladcy_nocy.readings import READINGS, Ruleset

__all__ = ["EDITIONS", "WN_PL"]

#: The Polish print: every reading at its default.
WN_PL: Final[Ruleset] = READINGS.default()
#: Every preset, by name.
EDITIONS: Final[dict[str, Ruleset]] = {"wn_pl": WN_PL}
