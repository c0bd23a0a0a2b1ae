"""How the time to compare a user's text grows with its size: it must grow linearly (issue 30 #1).

Three kinds of text, each at four sizes doubling from 64 KiB to 512 KiB (the cap is 1 MiB): short lines of the
English rules' words in random order, nothing but page-number-like lines (the case that was quadratic), and the
rules with junk in the middle. Each size is timed over several runs in this process; the table gives the median
seconds and the ratio of each size's median to the one before it (about 2 for linear time, about 4 for quadratic),
with the range of the ratios over runs.

Run with ``python bench/bench_scan_scaling.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from armata_rules import build
from armata_rules.translations.corpus import Corpus, load_corpus
from armata_rules.translations.newtext import find_in_text
from armata_rules.translations.sources import Rulebooks
from tests.scan_damage import clean_paragraphs

SIZES = (64 * 1024, 128 * 1024, 256 * 1024, 512 * 1024)


def _lines(size: int, make: Callable[[], str]) -> list[str]:
    """Lines from ``make`` until they fill ``size`` characters (with their line breaks)."""
    out, filled = [], 0
    while filled < size:
        out.append(make())
        filled += len(out[-1]) + 1
    return out


def _texts(books: Rulebooks, size: int, rng: random.Random) -> dict[str, str]:
    rules = clean_paragraphs(books, "peg19.en")
    words = " ".join(rules).split()
    shuffled, numbers = (
        _lines(size, lambda: " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))),
        _lines(size, lambda: str(rng.randint(0, 40))),
    )
    junk = "\n".join(shuffled)[: max(0, size - 2 * len("\n".join(rules[:40])))]
    middle = "\n".join(rules[:40]) + "\n" + junk + "\n" + "\n".join(rules[-40:])
    return {"words": "\n".join(shuffled), "numbers": "\n".join(numbers), "rules+junk": middle}


def _time(path: Path, corpus: Corpus, books: Rulebooks) -> float:
    start = time.perf_counter()
    with contextlib.suppress(ValueError):  # "no sentence of the rules was found": timed all the same
        find_in_text(path, "en", corpus, books, "peg19")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per size (default 3)")
    args = parser.parse_args()
    books, corpus = Rulebooks.load(), load_corpus()
    times: dict[tuple[str, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs):
            for size in SIZES:
                for kind, text in _texts(books, size, random.Random(run)).items():
                    path = Path(folder) / "scan.txt"
                    path.write_text(text, encoding="utf-8")
                    times.setdefault((kind, size), []).append(_time(path, corpus, books))
    print(f"build: {build.describe()}; {args.runs} runs per size")
    print(f"{'text':<12}{'size':>9}{'median s':>10}{'x previous (median, range)':>30}")
    for kind in ("words", "numbers", "rules+junk"):
        for index, size in enumerate(SIZES):
            median = statistics.median(times[(kind, size)])
            ratio = ""
            if index:
                ratios = [b / a for a, b in zip(times[(kind, SIZES[index - 1])], times[(kind, size)], strict=True)]
                ratio = f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
            print(f"{kind:<12}{size // 1024:>7}Ki{median:>10.2f}{ratio:>30}")


if __name__ == "__main__":
    main()
