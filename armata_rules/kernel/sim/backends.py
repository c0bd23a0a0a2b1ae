"""Where simulated games are played, for any game: in this process, on local worker processes, or as Ray tasks.

A game's batch is a list of specs and a ``play`` function that turns one spec into its result and is a pure function
of it; so every backend gives the same results, only the order in which they arrive differs. ``play`` must be
picklable for the worker backends: a module-level function, or a :func:`functools.partial` of one. Ray (the
``[scale]`` extra) runs an embedded local instance by default, or joins the cluster at ``address``; its workers must
be able to import ``armata_rules``.

Ctrl-C: local workers ignore SIGINT so only this process sees it; pending games are cancelled and
``KeyboardInterrupt`` reaches the caller, who keeps what arrived.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

__all__ = ["BACKENDS", "BackendError", "iter_results"]

#: The backends by name.
BACKENDS = ("local", "ray")

Spec = TypeVar("Spec")
Result = TypeVar("Result")


class BackendError(RuntimeError):
    """A backend cannot run: an unknown name, Ray not installed, or a cluster that cannot be reached."""


def _play_chunk(play: Callable[[Spec], Result], specs: Sequence[Spec]) -> list[Result]:
    return [play(spec) for spec in specs]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(specs: Sequence[Spec], workers: int, most: int) -> list[list[Spec]]:
    """Specs in chunks of at most ``most`` games (small chunks lose little on Ctrl-C), about eight per worker."""
    size = max(1, min(most, len(specs) // (workers * 8)))
    return [list(specs[i : i + size]) for i in range(0, len(specs), size)]


def _local(play: Callable[[Spec], Result], specs: Sequence[Spec], workers: int) -> Generator[Result, None, None]:
    if workers <= 1:
        for spec in specs:
            yield play(spec)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        pending: set[Future[list[Result]]] = {
            pool.submit(_play_chunk, play, chunk) for chunk in _chunks(specs, workers, 4)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield from future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ray(
    play: Callable[[Spec], Result], specs: Sequence[Spec], workers: int | None, address: str | None
) -> Generator[Result, None, None]:
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
    pending = [remote.remote(play, chunk) for chunk in _chunks(specs, size, 8)]
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
    play: Callable[[Spec], Result],
    specs: Sequence[Spec],
    backend: str = "local",
    workers: int | None = None,
    address: str | None = None,
) -> Generator[Result, None, None]:
    """``play`` of each of ``specs`` as games finish, in no fixed order. Close the iterator to stop early."""
    if backend not in BACKENDS:
        raise BackendError(f"no backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if workers is not None and workers < 1:
        raise BackendError(f"workers must be at least 1, not {workers}")
    if backend == "ray":
        return _ray(play, specs, workers, address)
    if address:
        raise BackendError("--address is for the ray backend")
    return _local(play, specs, workers or 1)
