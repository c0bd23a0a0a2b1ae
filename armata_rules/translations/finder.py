"""Findings: where the rulebook texts disagree or say too little, with citations, quotes and what the engine does.

Four sources of findings on the corpus: the rulesets' readings (every play-changing disagreement the engine
models), the registered interpretations (where every text is silent), ``spec/findings.toml`` (curated findings
that change nothing the engine models, or that it leaves unmodelled, with the reason), and the recorded review
(``spec/verdicts``): every play-changing verdict or contradiction that none of the others covers becomes a finding
of its own (origin ``review``; records that give the same reason for staying unmodelled make one finding). An
automatic pass compares the numbers of aligned clauses and reports any difference no curated finding covers; the
check of the data tables (:func:`table_consistency`) adds Armata's own.

Every finding names its verdict records, ids ``FILE/KEY`` of ``spec/verdicts`` such as ``peg19.de/en760`` (how:
:mod:`armata_rules.kernel.texts.verdict_ids`), so every play-changing verdict is listed by some finding.
Texts no one has curated (a user's scan) are compared by :mod:`armata_rules.translations.newtext`; their findings
have ids ``new:FILE/CLAUSE#KIND`` instead.

The machinery is the kernel's (:mod:`armata_rules.kernel.texts.finder`, moved there in issue 33; :data:`KINDS`,
:class:`Citation` and :class:`Finding` are its objects, re-exported here); this module says what Armata supplies
to it (:func:`finder_sources`): its readings and their kinds, its interpretations, its spec folder, how the
ScriBabs print counts its numbers, and the check of its tables.
"""

from __future__ import annotations

from collections.abc import Collection

from armata_rules.components.pack import DataPack
from armata_rules.kernel.texts import finder as _finder
from armata_rules.kernel.texts.finder import KINDS, Citation, FinderSources, Finding
from armata_rules.rules.registry import INTERPRETATIONS
from armata_rules.translations.align import spec_folder
from armata_rules.translations.corpus import Corpus
from armata_rules.translations.sources import Rulebooks
from armata_rules.translations.verdicts import Records, load_records
from armata_rules.variants import READINGS

__all__ = ["KINDS", "Citation", "Finding", "corpus_findings", "finder_sources", "table_consistency"]

#: The kind of finding of each of Armata's readings that is no interpretation (others: ``scope``).
_READING_KIND = {
    "components": "numeric",
    "ladder_placement": "scope",
    "movement": "modality",
    "icon_scope": "scope",
    "ability_timing": "ordering",
    "initiative_ties": "tie-break",
    "counterattack": "scope",
    "strigoi_damage": "naming",
    "last_ladder": "naming",
    "centre_relocation": "ordering",
    "leap_landing": "scope",
    "advanced_timing": "ordering",
    "shock_protection": "scope",
    "protection_units": "numeric",
    "self_wound": "scope",
    "discard_timing": "ordering",
}

#: The group of every ScriBabs language when the finder counts printed numbers.
_SB19_ALL = "sb19 (all languages)"


def _number_group(source: str, sources: Collection[str]) -> str:
    """The group ``source`` counts its printed numbers in, among a clause's ``sources``: the ScriBabs component
    list prints each count once for all its languages, so its lines count together; its English line joins them
    only beside another of its languages, and counts on its own otherwise."""
    if not source.startswith("sb19."):
        return source
    if source != "sb19.en" or any(s.startswith("sb19.") and s != "sb19.en" for s in sources):
        return _SB19_ALL
    return source


def finder_sources() -> FinderSources:
    """What Armata supplies to the kernel's finder: its readings and interpretations, ``spec/``, the ScriBabs
    print's numbers counted together, and :func:`table_consistency`."""
    return FinderSources(
        readings=READINGS,
        reading_kinds=_READING_KIND,
        interpretations=tuple(INTERPRETATIONS.values()),
        spec_folder=spec_folder(),
        number_group=_number_group,
        extra=table_consistency,
    )


def corpus_findings(corpus: Corpus, books: Rulebooks, records: Records | None = None) -> list[Finding]:
    """Every finding on the curated corpus: readings, interpretations, curated extras, the review's otherwise
    uncovered play-changing records, automatic numbers; each with its verdict records (default: ``spec/verdicts``)."""
    return _finder.corpus_findings(corpus, books, records or load_records(), finder_sources())


def table_consistency(pack: DataPack | None = None) -> list[Finding]:
    """Z3 decides, for each edition's counts and every player count, whether the printed numbers fit together:
    the altar requirement under the cap, and enough counters that the supply cannot run dry before the inferno
    ends the game. A table that does not fit is an internal contradiction of that edition."""
    import z3

    from armata_rules.components.pack import EDITIONS, default_pack

    pack = pack or default_pack()
    tables = pack.tables
    out = []
    for edition in EDITIONS:
        counters = z3.IntVal(tables.blood_counters[edition])
        for players in (2, 3, 4, 5):
            required, loss = tables.altar_required[players], tables.inferno_loss[players]
            inferno, altar = z3.Ints("inferno altar")
            solver = z3.Solver()
            # a state of play: the inferno below the loss, the altar within the cap, and no counter left to lose
            solver.add(
                inferno >= 0,
                inferno < loss,
                altar >= 0,
                altar <= tables.altar_cap,
                counters - inferno - altar < 1,
                altar == 0,
            )
            dry = solver.check() == z3.sat
            if required > tables.altar_cap or dry:
                cites = [
                    tables.cites.get("altar_required", ""),
                    tables.cites.get("inferno_loss", ""),
                    tables.cites.get(f"blood_counters.{edition}", ""),
                ]
                out.append(
                    Finding(
                        f"tables-{edition}-{players}",
                        "internal-contradiction",
                        "changes-play",
                        f"The {edition} tables do not fit together with {players} players",
                        (),
                        "unmodelled",
                        f"cap {tables.altar_cap}, {required} needed to attack, "
                        f"{tables.blood_counters[edition]} counters, "
                        f"inferno loses at {loss}"
                        + ("; the supply can run dry" if dry else "")
                        + f" ({', '.join(c for c in cites if c)})",
                        "automatic",
                    )
                )
    return out
