"""Where Armata's games are played: the kernel's backends (:mod:`armata_rules.kernel.sim.backends`) over
:func:`~armata_rules.sim.game.play`, with the result store and the records folder around them.

Every backend plays the same :class:`~armata_rules.sim.game.GameSpec` list to the same results (a game is a pure
function of its spec); only the order in which results arrive differs, and :func:`run_specs` returns them in spec
order. Ray (the ``[scale]`` extra) runs an embedded local instance by default, or joins the cluster at ``address``;
its workers must be able to import ``armata_rules``.

Ctrl-C: local workers ignore SIGINT so only this process sees it; pending games are cancelled, the results stored
so far are kept (see :mod:`armata_rules.sim.store`), and ``KeyboardInterrupt`` reaches the caller.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from armata_rules.kernel.sim.backends import BACKENDS, BackendError
from armata_rules.kernel.sim.backends import iter_results as kernel_iter
from armata_rules.sim.game import GameResult, GameSpec, play

if TYPE_CHECKING:
    from armata_rules.sim.store import ResultStore

__all__ = ["BACKENDS", "BackendError", "iter_results", "record_name", "run_specs"]


def iter_results(
    specs: Sequence[GameSpec],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    keep_records: bool = False,
) -> Generator[GameResult, None, None]:
    """The results of ``specs`` as games finish, in no fixed order (the kernel's backends playing
    :func:`~armata_rules.sim.game.play`). Close the iterator to stop early."""
    return kernel_iter(functools.partial(play, keep_record=keep_records), specs, backend, workers, address)


def record_name(result: GameResult) -> str:
    """The file name a game's record is saved under: readable, and unique per spec."""
    preset = "".join(c if c.isalnum() or c in ".=-" else "_" for c in result.preset)
    return f"{preset}-h{result.heroes}-{result.bot}-s{result.seed}-{result.key[:8]}.json"


def run_specs(
    specs: Sequence[GameSpec],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    progress: Callable[[GameResult], None] | None = None,
    store: ResultStore | None = None,
    records: str | Path | None = None,
) -> list[GameResult]:
    """Play ``specs`` and return their results in spec order.

    With ``store``, the folder is locked for the run (:meth:`ResultStore.writing`), games already stored are not
    played again and new results are appended as they arrive (so an interrupted run resumes); with ``records``,
    each newly played game's record is written to that folder. ``progress`` is called once per result, stored ones
    included.
    """
    nothing: dict[str, GameResult] = {}
    with store.writing() if store is not None else contextlib.nullcontext(nothing) as known:
        out: dict[str, GameResult] = {}
        todo: list[GameSpec] = []
        by_key: dict[str, GameSpec] = {}
        for spec in specs:
            key = spec.key
            if key in known:
                out[key] = known[key]
                if progress:
                    progress(known[key])
            elif key not in by_key:
                by_key[key] = spec
                todo.append(spec)
        folder = Path(records) if records is not None else None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
        results = iter_results(todo, backend, workers, address, keep_records=folder is not None)
        try:
            for result in results:
                out[result.key] = result
                if folder is not None and result.record is not None:
                    (folder / record_name(result)).write_text(result.record, encoding="utf-8")
                if store is not None:
                    store.add(result, by_key[result.key])
                if progress:
                    progress(result)
        finally:
            try:
                if store is not None:
                    store.flush()  # first: what was played is kept even if stopping the backend goes wrong
            finally:
                results.close()
    return [out[spec.key] for spec in specs]
