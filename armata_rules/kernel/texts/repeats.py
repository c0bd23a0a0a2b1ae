"""Pages a scan holds more than once: runs of lines that repeat earlier lines of the same file.

Scanning a book page by page often photographs a page twice, and a user may paste the rules several times over. A
repeated page is not a change of the rules, yet if it stayed in the text every one of its sentences would be found
as often as it repeats, and the edition's order could no longer be followed. So each run of consecutive lines that
all repeat earlier lines (by :func:`~armata_rules.kernel.texts.scan.key`, which scanning damage does not change) and
that holds at least a sentence's worth of text is reported and set aside; the first copy is compared as usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.kernel.texts.scan import key

__all__ = ["MIN_REPEATED_CHARS", "Repeat", "repeated_runs"]

#: The least key text a run of repeated lines must hold to count as a repeated page, not a repeated header or label.
MIN_REPEATED_CHARS = 120


@dataclass(frozen=True, slots=True)
class Repeat:
    """Lines ``first``..``last`` (1-based, inclusive) repeat lines first seen at ``of_first``..``of_last``."""

    first: int
    last: int
    of_first: int
    of_last: int


def repeated_runs(lines: list[str], min_chars: int = MIN_REPEATED_CHARS) -> list[Repeat]:
    """The runs of ``lines`` that repeat earlier lines, in file order, one per copy (a run ends where the lines it
    repeats go back to where the run's first line came from, or before); lines whose key is empty (blank lines,
    rules) neither start nor end a run. Linear in the number of lines."""
    first_seen: dict[str, int] = {}
    repeats: list[Repeat] = []
    run: list[tuple[int, int]] = []  # (line, line first seen) of the current run
    chars = 0

    def close() -> None:
        nonlocal chars
        if run and chars >= min_chars:
            repeats.append(Repeat(run[0][0], run[-1][0], min(o for _, o in run), max(o for _, o in run)))
        run.clear()
        chars = 0

    for number, line in enumerate(lines, start=1):
        text = key(line)
        if not text:
            continue
        seen = first_seen.get(text)
        if seen is None:
            first_seen[text] = number
            close()
        else:
            if run and seen <= run[0][1]:
                close()  # back to where this copy began, or before it: the next copy begins
            run.append((number, seen))
            chars += len(text)
    close()
    return repeats
