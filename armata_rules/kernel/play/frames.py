"""Decision frames: what a game is waiting for, and which frame classes a game's states may hold.

A state keeps a stack of frames; the top one says who decides and what about. A rule's effect pops its frame and
may push others, so a compound choice becomes a sequence of small ones. Frames are plain data; the rules that read
them are the handlers of the game's :class:`~armata_rules.kernel.play.handlers.HandlerTable`.

*Automatic* frames need no decision: the engine runs them at once. A game's concrete frames subclass :class:`Frame`
(or :class:`Automatic`) and are listed in its :class:`FrameTypes`, which names them in a state's JSON form.

The bases allow interpreted subclasses: a game that is not compiled may define its frames on the compiled kernel.
A compiled game's frames stay native and keep the native calls.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, is_dataclass

from mypy_extensions import mypyc_attr

from armata_rules.kernel.core.fast_enum import FastEnum
from armata_rules.kernel.core.immutable import Value, frozen_init

__all__ = ["Automatic", "DecisionKind", "Frame", "FrameTypes", "ToAct"]


class DecisionKind(FastEnum):
    """Who decides at a frame."""

    NOBODY = "nobody"  # the game is over
    AUTOMATIC = "automatic"  # the engine proceeds by itself
    CHANCE = "chance"  # a draw, a shuffle, a random placement
    SIMULTANEOUS = "simultaneous"  # every listed seat, secretly
    PLAYER = "player"  # one named seat


@dataclass(init=False, frozen=True, slots=True)
class ToAct(Value):
    """Who decides now (``seats``), how (``kind``) and about what (``decision``, a short name).

    Every frame makes one whenever it is asked who decides, which the engine and the adapters ask several times a
    decision: its ``__init__`` is written by hand (:func:`~armata_rules.kernel.core.immutable.frozen_init`), so the
    compiled build makes it in C rather than through the interpreted one :mod:`dataclasses` generates."""

    kind: DecisionKind
    seats: tuple[int, ...] = ()
    decision: str = ""

    def __init__(self, kind: DecisionKind, seats: tuple[int, ...] = (), decision: str = "") -> None:
        self.kind = kind  # type: ignore[misc]
        self.seats = seats  # type: ignore[misc]
        self.decision = decision  # type: ignore[misc]

    @staticmethod
    def nobody() -> ToAct:
        """The game is over."""
        return ToAct(DecisionKind.NOBODY)

    @property
    def is_chance(self) -> bool:
        """Whether chance decides."""
        return self.kind is DecisionKind.CHANCE


frozen_init(ToAct)


@mypyc_attr(allow_interpreted_subclasses=True)
class Frame(Value):
    """Base of all frames. A :class:`~armata_rules.kernel.core.immutable.Value`: pickled and copied through the
    constructor, as a compiled (native, frozen) frame must be."""

    __slots__ = ()

    def to_act(self) -> ToAct:
        """Who decides at this frame."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class Automatic(Frame):
    """A frame the engine runs at once."""

    __slots__ = ()

    def to_act(self) -> ToAct:
        return ToAct(DecisionKind.AUTOMATIC, (), type(self).__name__)


class FrameTypes:
    """The concrete frame classes of one game, by tag: the class name, which a state's JSON form writes as
    ``__type__``. Two classes with one name, or a class that is not a dataclass subclass of :class:`Frame`, are
    refused with a ``ValueError`` naming it."""

    def __init__(self, classes: Iterable[type]) -> None:
        by_tag: dict[str, type[Frame]] = {}
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, Frame) and is_dataclass(cls)):
                raise ValueError(f"{cls!r} is not a frame: a frame is a dataclass subclass of Frame")
            if cls.__name__ in by_tag:
                raise ValueError(f"two frame classes are named {cls.__name__!r}")
            by_tag[cls.__name__] = cls
        #: Each frame class by its tag, in the order given (the decoder of a state reads it).
        self.by_tag: dict[str, type[Frame]] = by_tag

    def __getitem__(self, tag: str) -> type[Frame]:
        return self.by_tag[tag]

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is one of the tags, or one of the classes."""
        if isinstance(item, str):
            return item in self.by_tag
        return isinstance(item, type) and self.by_tag.get(item.__name__) is item

    def __iter__(self) -> Iterator[type[Frame]]:
        """The classes, in the order given."""
        return iter(self.by_tag.values())

    def __len__(self) -> int:
        return len(self.by_tag)

    def __repr__(self) -> str:
        return f"FrameTypes({', '.join(self.by_tag)})"
