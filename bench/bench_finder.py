"""Precision and recall of the ambiguity finder on seeded scans, per language.

Each trial damages one language of the bundled Pegasus text (and the ScriBabs English text) like an OCR'd scan
(``tests/scan_damage.py``) after planting one real change of each kind (a modal verb, a number, a comparative,
a negation, an actor, a sentence dropped, a sentence added). Recall: planted changes reported with the expected
kind at a line that holds them. Precision: findings citing a line that holds a planted change. A damaged copy
without plants is also read: every finding it gives is a false alarm.

Run with ``make bench-finder`` (``--trials N`` to change the number of seeds per language).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armata_rules.translations.corpus import load_corpus
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.sources import Rulebooks
from tests.scan_damage import clean_paragraphs, damage, found, plant

SOURCES = ("peg19.de", "peg19.en", "peg19.it", "peg19.fr", "peg19.es", "sb19.en")


def main() -> None:
    """Print one row per source and a total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=8, help="seeds per source (default 8)")
    args = parser.parse_args()
    books, corpus = Rulebooks.load(), load_corpus()
    print(
        f"{'source':<10}{'trials':>7}{'planted':>9}{'found':>7}{'findings':>10}{'precision':>11}{'recall':>8}"
        f"{'clean FP':>10}{'s/scan':>8}"
    )
    totals = [0, 0, 0, 0, 0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scan.txt"
        for source in SOURCES:
            edition, lang = source.split(".")
            paragraphs = clean_paragraphs(books, source)
            planted = hits = findings = on_target = clean_alarms = 0
            started = time.perf_counter()
            for seed in range(args.trials):
                path.write_text(damage(paragraphs, lang, seed).text(), encoding="utf-8")
                clean_alarms += len(find_in_text(path, lang, corpus, books, edition))
                changed, plants = plant(paragraphs, lang, seed)
                damaged = damage(changed, lang, seed)
                path.write_text(damaged.text(), encoding="utf-8")
                result = find_in_text(path, lang, corpus, books, edition)
                cited = [(f.kind, f.citations[-1].line) for f in result]
                planted += len(plants)
                hits += sum(found(p, damaged, cited) for p in plants)
                targets = set().union(*(damaged.lines_of(p.paragraph, p.first, p.last) for p in plants))
                findings += len(result)
                on_target += sum(line in targets for _, line in cited)
            elapsed = (time.perf_counter() - started) / (2 * args.trials)
            precision = on_target / (findings + clean_alarms) if findings + clean_alarms else 1.0
            print(
                f"{source:<10}{args.trials:>7}{planted:>9}{hits:>7}{findings:>10}{precision:>11.3f}"
                f"{hits / planted:>8.3f}{clean_alarms:>10}{elapsed:>8.2f}"
            )
            for i, value in enumerate((planted, hits, findings, on_target, clean_alarms)):
                totals[i] += value
    planted, hits, findings, on_target, clean_alarms = totals
    print(
        f"{'all':<10}{'':>7}{planted:>9}{hits:>7}{findings:>10}"
        f"{on_target / max(1, findings + clean_alarms):>11.3f}{hits / max(1, planted):>8.3f}{clean_alarms:>10}"
    )


if __name__ == "__main__":
    main()
