"""Recall and precision of the new-text finder on seeded scans, per kind of change and per language.

Each trial plants one real change of every kind (``tests/scan_damage.py``: a modal verb, a number, a comparative,
a negation, a quantifier, a time, a turn or round, an actor, a sentence dropped or added, a parenthesis dropped or
added, an ordinary word) in one language of the bundled Pegasus text (and the ScriBabs English text), then damages
it like an OCR'd scan, with the slips real scanners make (a space moved across a word boundary, a letter dropped
inside a word, a space before an apostrophe or punctuation, a doubled accent). Recall: planted changes reported
with the expected kind at a line that holds them. Precision: findings citing a line that holds a planted change.
The same copy damaged without plants is read too: every finding it gives is a false alarm, and a play-changing one
is the worst kind (``play FP``; the target is 0).

Run with ``make bench-finder`` (``--trials N`` to change the number of seeds per source).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armata_rules.translations.corpus import load_corpus
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.sources import Rulebooks
from tests.scan_damage import PLANTS, clean_paragraphs, damage, found, plant

SOURCES = ("peg19.de", "peg19.en", "peg19.it", "peg19.fr", "peg19.es", "sb19.en")


def _rate(hits: int, total: int) -> str:
    return f"{hits / total:.3f}" if total else "-"


def main() -> None:
    """Print one row per source and a total, then recall per kind of change in each language."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=8, help="seeds per source (default 8)")
    args = parser.parse_args()
    books, corpus = Rulebooks.load(), load_corpus()
    print(
        f"{'source':<10}{'trials':>7}{'planted':>9}{'found':>7}{'findings':>10}{'precision':>11}{'recall':>8}"
        f"{'clean FP':>10}{'play FP':>9}{'s/scan':>8}"
    )
    totals: Counter[str] = Counter()
    planted_by: Counter[tuple[str, str]] = Counter()
    found_by: Counter[tuple[str, str]] = Counter()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scan.txt"
        for source in SOURCES:
            edition, lang = source.split(".")
            paragraphs = clean_paragraphs(books, source)
            row: Counter[str] = Counter()
            started = time.perf_counter()
            for seed in range(args.trials):
                path.write_text(damage(paragraphs, lang, seed).text(), encoding="utf-8")
                alarms = find_in_text(path, lang, corpus, books, edition)
                row["clean FP"] += len(alarms)
                row["play FP"] += sum(f.severity == "changes-play" for f in alarms)
                changed, plants = plant(paragraphs, lang, seed)
                damaged = damage(changed, lang, seed)
                path.write_text(damaged.text(), encoding="utf-8")
                result = find_in_text(path, lang, corpus, books, edition)
                cited = [(f.kind, f.citations[-1].line) for f in result]
                for p in plants:
                    hit = found(p, damaged, cited)
                    planted_by[(p.kind, source)] += 1
                    found_by[(p.kind, source)] += hit
                    row["planted"] += 1
                    row["found"] += hit
                targets = set().union(*(damaged.lines_of(p.paragraph, p.first, p.last) for p in plants))
                row["findings"] += len(result)
                row["on target"] += sum(line in targets for _, line in cited)
            elapsed = (time.perf_counter() - started) / (2 * args.trials)
            alarms_all = row["findings"] + row["clean FP"]
            print(
                f"{source:<10}{args.trials:>7}{row['planted']:>9}{row['found']:>7}{row['findings']:>10}"
                f"{_rate(row['on target'], alarms_all):>11}{_rate(row['found'], row['planted']):>8}"
                f"{row['clean FP']:>10}{row['play FP']:>9}{elapsed:>8.2f}"
            )
            totals.update(row)
    alarms_all = totals["findings"] + totals["clean FP"]
    print(
        f"{'all':<10}{'':>7}{totals['planted']:>9}{totals['found']:>7}{totals['findings']:>10}"
        f"{_rate(totals['on target'], alarms_all):>11}{_rate(totals['found'], totals['planted']):>8}"
        f"{totals['clean FP']:>10}{totals['play FP']:>9}"
    )
    print()
    print("recall per kind of change (found/planted)")
    print(f"{'kind':<21}" + "".join(f"{s:>10}" for s in SOURCES) + f"{'all':>13}")
    for kind in PLANTS:
        cells = [f"{found_by[(kind, s)]}/{planted_by[(kind, s)]}" for s in SOURCES]
        hits, total = sum(found_by[(kind, s)] for s in SOURCES), sum(planted_by[(kind, s)] for s in SOURCES)
        print(f"{kind:<21}" + "".join(f"{c:>10}" for c in cells) + f"{_rate(hits, total):>13}")


if __name__ == "__main__":
    main()
