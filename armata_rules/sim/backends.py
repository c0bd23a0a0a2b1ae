"""Where games are played: in this process, on local worker processes, or as Ray tasks.

Every backend plays the same :class:`~armata_rules.sim.game.GameSpec` list to the same results (a game is a pure
function of its spec); only the order in which results arrive differs, and :func:`run_specs` returns them in spec
order. Ray (the ``[scale]`` extra) runs an embedded local instance by default, or joins the cluster at ``address``;
its workers must be able to import ``armata_rules``.

Ctrl-C: local workers ignore SIGINT so only this process sees it; pending games are cancelled, the results stored
so far are kept (see :mod:`armata_rules.sim.store`), and ``KeyboardInterrupt`` reaches the caller.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import TYPE_CHECKING

from armata_rules.sim.game import GameResult, GameSpec, play

if TYPE_CHECKING:
    from armata_rules.sim.store import ResultStore

__all__ = ["BACKENDS", "BackendError", "iter_results", "record_name", "run_specs"]

BACKENDS = ("local", "ray")


class BackendError(RuntimeError):
    """A backend cannot run: Ray is not installed, or the cluster cannot be reached."""


def _play_chunk(specs: Sequence[GameSpec], keep_records: bool) -> list[GameResult]:
    return [play(spec, keep_records) for spec in specs]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(specs: Sequence[GameSpec], workers: int, most: int) -> list[list[GameSpec]]:
    """Specs in chunks of at most ``most`` games (a game takes about 0.1-0.5 s: small chunks lose little on Ctrl-C)."""
    size = max(1, min(most, len(specs) // (workers * 8)))
    return [list(specs[i : i + size]) for i in range(0, len(specs), size)]


def _local(specs: Sequence[GameSpec], workers: int, keep_records: bool) -> Generator[GameResult, None, None]:
    if workers <= 1:
        for spec in specs:
            yield play(spec, keep_records)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(_play_chunk, chunk, keep_records) for chunk in _chunks(specs, workers, 4)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(
    specs: Sequence[GameSpec], workers: int | None, address: str | None, keep_records: bool
) -> Generator[GameResult, None, None]:
    try:
        import ray
    except ImportError:
        raise BackendError("the ray backend needs the [scale] extra: pip install 'armata-rules[scale]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            if address:
                ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=workers or os.cpu_count() or 1,
                    include_dashboard=False,
                    logging_level=logging.ERROR,
                    log_to_driver=False,
                )
        except (ConnectionError, RuntimeError, ValueError) as err:
            raise BackendError(f"cannot start or join Ray at {address or 'local'}: {err}") from None
    remote = ray.remote(_play_chunk)
    size = int(ray.cluster_resources().get("CPU", 1))
    pending = [remote.remote(chunk, keep_records) for chunk in _chunks(specs, size, 8)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield from ray.get(ref)
    finally:
        if started:
            # Our own Ray: shutting it down ends its workers. Cancelling tasks first races with the workers that
            # the terminal's Ctrl-C reached too (Ray's core worker then aborts the process: "Tried to complete task
            # that was not pending").
            ray.shutdown()
        else:
            for ref in pending:
                ray.cancel(ref, force=True)


def iter_results(
    specs: Sequence[GameSpec],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
    keep_records: bool = False,
) -> Generator[GameResult, None, None]:
    """The results of ``specs`` as games finish, in no fixed order. Close the iterator to stop early."""
    if backend not in BACKENDS:
        raise BackendError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "ray":
        return _ray(specs, workers, address, keep_records)
    if address:
        raise BackendError("--address is for the ray backend")
    return _local(specs, workers or 1, keep_records)


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
