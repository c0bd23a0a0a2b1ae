"""Small helpers every rule uses to build the next state: push and pop decision frames, write the history.

They read and change only the kernel's flow fields (``frames``, ``log``, ``round``), so they serve any game whose
state satisfies :class:`~armata_rules.kernel.play.state.KernelState`.
"""

from __future__ import annotations

from typing import Any, TypeVar

from armata_rules.kernel.core.immutable import replace, replace_fields
from armata_rules.kernel.play.frames import Frame
from armata_rules.kernel.play.state import KernelState, Log

__all__ = ["log", "pop", "push", "replace_top"]

S = TypeVar("S", bound=KernelState)


def pop(state: S) -> S:
    """Remove the top frame."""
    return replace(state, frames=state.frames[:-1])


def push(state: S, *frames: Frame) -> S:
    """Push ``frames``; the last one ends on top."""
    return replace(state, frames=state.frames + frames)


def replace_top(state: S, *frames: Frame) -> S:
    """Pop the top frame and push ``frames`` in its place."""
    return replace(state, frames=state.frames[:-1] + frames)


def log(state: S, text: str, **changes: Any) -> S:
    """Append a line to the history; with ``changes``, also change those fields (one copy of the state, not two).
    The line is dated by the round of ``state``."""
    seq = 0 if state.log is None else state.log.seq + 1
    changes["log"] = Log(seq, state.round, text, state.log)
    return replace_fields(state, changes)
