"""What the kernel knows of a game's state: the fields it reads (:class:`KernelState`), the history (:class:`Log`),
face-down stacks (:class:`Stack`), the canonical JSON form of a state's values (:func:`plain`) and the error a
malformed state file raises (:class:`StateFileError`).

The kernel owns the flow fields ``frames``, ``chance_count``, ``outcome``, ``log`` and ``round``; every other field
is the game's. A game's state class satisfies :class:`KernelState` structurally: it inherits nothing from here, so
its constructor and JSON form are its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, Final, Protocol

from armata_rules.kernel.core.datafile import DataFileError
from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Value, check_changes, frozen_init
from armata_rules.kernel.play.frames import Frame

__all__ = ["KernelState", "Log", "Stack", "StateFileError", "plain", "sorted_tuple"]


class KernelState(Protocol):
    """The fields and methods of a game state that the kernel reads (dispatch, settle, records); every other field
    is the game's. A state class must also be a :class:`~armata_rules.kernel.core.immutable.Memo` (the legal
    actions of a state are kept on it), which :class:`~armata_rules.kernel.play.game.GameDefinition` checks."""

    @property
    def frames(self) -> tuple[Frame, ...]:
        """The stack of decision frames, top last."""

    @property
    def chance_count(self) -> int:
        """How many chance events have been resolved (the seeded generator's counter)."""

    @property
    def outcome(self) -> FastEnum | None:
        """How the game ended; ``None`` while it goes on."""

    @property
    def log(self) -> Log | None:
        """The newest line of the history."""

    @property
    def round(self) -> int:
        """The round, which dates each line of the log."""

    def hash(self) -> str:
        """A fingerprint of the position, the same in every process."""

    def to_json(self) -> dict[str, object]:
        """A canonical JSON-ready form of the position."""


def sorted_tuple(items: Iterator[str] | tuple[str, ...] | list[str] | frozenset[str] | set[str]) -> tuple[str, ...]:
    """A sorted tuple: the canonical form of an unordered collection of ids."""
    return tuple(sorted(items))


@dataclass(frozen=True, slots=True, init=False)
class Stack(Value):
    """A face-down stack and its discard pile.

    The face-down part is unordered (``hidden``, sorted): drawing is a chance event over what is left, which is the
    same as drawing from a shuffled stack. Items left face up on top are in ``top``, topmost first, and are drawn
    before any hidden one.
    """

    hidden: tuple[str, ...] = ()
    top: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()

    def __init__(self, hidden: tuple[str, ...] = (), top: tuple[str, ...] = (), discard: tuple[str, ...] = ()) -> None:
        self.hidden = hidden  # type: ignore[misc]
        self.top = top  # type: ignore[misc]
        self.discard = discard  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> Stack:
        """A copy with ``changes`` (see :func:`~armata_rules.kernel.core.immutable.replace`), built by the
        constructor."""
        check_changes(Stack, changes)
        return Stack(
            changes.get("hidden", self.hidden), changes.get("top", self.top), changes.get("discard", self.discard)
        )

    @property
    def size(self) -> int:
        """Items left to draw."""
        return len(self.hidden) + len(self.top)


frozen_init(Stack)


@dataclass(init=False, frozen=True, slots=True, eq=False, repr=False)
class Log:
    """One line of the game's history, linked to the line before: appending is O(1) and shares the past.

    The chain can be thousands of lines long, so nothing here recurses along it: equality walks the two chains in a
    loop (stopping at a shared tail), the builtin hash is chained at construction, ``repr`` shows the last line
    only, and pickling and copying store the lines flat.
    """

    seq: int
    round: int
    text: str
    previous: Log | None = None
    _chain_hash: int = field(init=False, default=0)

    def __init__(self, seq: int, round: int, text: str, previous: Log | None = None) -> None:
        self.seq = seq  # type: ignore[misc]
        self.round = round  # type: ignore[misc]
        self.text = text  # type: ignore[misc]
        self.previous = previous  # type: ignore[misc]
        self.__post_init__()

    def __post_init__(self) -> None:
        below = 0 if self.previous is None else self.previous._chain_hash
        object.__setattr__(self, "_chain_hash", hash((below, self.seq, self.round, self.text)))

    def _replace(self, changes: dict[str, Any], /) -> Log:
        """See :meth:`Stack._replace`; the chain hash is computed anew."""
        check_changes(Log, changes)
        return Log(
            changes.get("seq", self.seq),
            changes.get("round", self.round),
            changes.get("text", self.text),
            changes.get("previous", self.previous),
        )

    def lines(self) -> list[str]:
        """The whole history, oldest first, as ``"round N: text"``."""
        return [f"round {node.round}: {node.text}" for node in self._nodes()[::-1]]

    def _nodes(self) -> list[Log]:
        """The chain, newest first."""
        out = []
        node: Log | None = self
        while node is not None:
            out.append(node)
            node = node.previous
        return out

    def __len__(self) -> int:
        return len(self._nodes())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        a: Log | None = self
        b: Log | None = other
        while a is not None and b is not None:
            if a is b:
                return True
            if a._chain_hash != b._chain_hash or (a.seq, a.round, a.text) != (b.seq, b.round, b.text):
                return False
            a, b = a.previous, b.previous
        return a is b

    def __hash__(self) -> int:
        return self._chain_hash

    def __repr__(self) -> str:
        return f"Log(seq={self.seq}, round={self.round}, text={self.text!r}, previous=<{self.seq} earlier lines>)"

    def __reduce__(self) -> tuple[object, tuple[tuple[tuple[int, int, str], ...]]]:
        return _log_from_entries, (tuple((n.seq, n.round, n.text) for n in self._nodes()[::-1]),)

    def __copy__(self) -> Log:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Log:
        return self  # immutable all the way down


frozen_init(Log)


def _log_from_entries(entries: tuple[tuple[int, int, str], ...]) -> Log | None:
    """Rebuild a log chain from its entries, oldest first (the inverse of ``Log.__reduce__``)."""
    node: Log | None = None
    for seq, round_, text in entries:
        node = Log(seq, round_, text, node)
    return node


class StateFileError(DataFileError):
    """A JSON game state is malformed; the message reads ``SOURCE: KEY: PROBLEM``."""


def plain(value: object) -> object:
    """``value`` in its canonical JSON-ready form: an enum by its value, a tuple or list as a list, a set sorted, a
    dataclass as a dict of its fields tagged with ``__type__`` (its class name), anything else as it is."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, (str, int, float)):  # bool is an int
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(plain(v) for v in value)  # type: ignore[type-var]
    names = _FIELD_NAMES.get(type(value))
    if names is None and hasattr(value, "__dataclass_fields__"):
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in fields(value))  # type: ignore[arg-type]
    if names is not None:
        result: dict[str, object] = {"__type__": type(value).__name__}
        for name in names:
            result[name] = plain(getattr(value, name))
        return result
    return value


_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {}  # the fields of each dataclass met, looked up once
