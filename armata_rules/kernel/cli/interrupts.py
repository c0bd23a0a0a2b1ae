"""Ctrl-Cs that Python would otherwise swallow: one that lands in a finalizer or a weakref callback (a Z3 object
collected as the signal comes, importlib's module-lock callback during an import) is reported as "Exception ignored"
with a traceback, and the program carries on as if nothing happened.

:func:`keeping_interrupts` installs a hook that keeps such a ``KeyboardInterrupt`` instead (anything else goes to the
hook that was there), so the caller can end the way it ends on any other Ctrl-C. It imports nothing but the
standard library, so a command's entry point can use it before the command line's own (slow) imports.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["keeping_interrupts"]


@contextmanager
def keeping_interrupts() -> Iterator[list[KeyboardInterrupt]]:
    """While the block runs, the ``KeyboardInterrupt`` s Python could not raise are appended to the list yielded
    (check it once the block's work is done). The previous hook comes back afterwards, unless the block replaced
    the hook itself (a command that was interrupted silences what follows)."""
    lost: list[KeyboardInterrupt] = []
    previous = sys.unraisablehook

    def keep(unraisable: Any) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            lost.append(unraisable.exc_value)
            return
        previous(unraisable)

    sys.unraisablehook = keep
    try:
        yield lost
    finally:
        if sys.unraisablehook is keep:
            sys.unraisablehook = previous
