"""Actions the rules build once and share (:func:`interned`), compiled with the rules in the compiled build.

It lives apart from :mod:`armata_rules.actions` because that module stays interpreted (mypyc does not take the
typing-only block in the body of ``Action``), and the rules call this about three times a decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:
    from armata_rules.actions import Action

__all__ = ["interned"]

A = TypeVar("A", bound="Action")

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
