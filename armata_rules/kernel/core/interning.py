"""Values the rules build once and share (:func:`interned`): a game's actions, compiled in the compiled build.

It names no action type, so a game's action module can import it, and it lives apart from that module because the
action module may stay interpreted (mypyc does not take Armata's typing-only block in the body of ``Action``),
where the rules call this about three times a decision.
"""

from __future__ import annotations

from typing import Final, TypeVar

__all__ = ["interned"]

#: The class of the values interned: any immutable value built from ints and strings (a game's actions).
A = TypeVar("A")

#: Actions the rules have built, per class by field values (see :func:`interned`). ``Final``: compiled, a final
#: module name is a C variable, where any other is a dictionary lookup at each use.
_INTERNED: Final[dict[type, dict[tuple[int | str, ...], object]]] = {}
_INTERNED_MAX: Final = 50_000


def interned(cls: type[A], *values: int | str) -> A:
    """The action ``cls(*values)``, built once and shared: actions are immutable values, and the rules list the
    same few (a step to a space, an ability from a card) in state after state, so building each anew was a
    measurable part of listing legal actions. One table per class, keyed by the values as passed (a key that also
    held the class cost a second tuple to hash and compare); bounded: a class's table is emptied when it grows past
    50,000."""
    table = _INTERNED.get(cls)
    if table is None:
        table = _INTERNED[cls] = {}
    found = table.get(values)
    if found is None:
        if len(table) >= _INTERNED_MAX:
            table.clear()
        found = table[values] = cls(*values)
    return found  # type: ignore[return-value]  # stored under its own class
