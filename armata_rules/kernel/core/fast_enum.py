"""An :class:`~enum.Enum` whose members hash and give their value in C.

On Python 3.11 an enum member's ``hash()`` (``Enum.__hash__``) and its ``.value`` (an ``enum.property``) are
Python-level calls, each about as costly as building a small object. Armata's rules hash abilities, card zones and
space kinds (dictionary keys, set members) and read their values (icon keys, log lines) in every decision, so those
calls were a measurable part of the engine's time. :class:`FastEnum` keeps everything else an enum does.

- ``hash()`` is the identity hash (``object.__hash__``). An enum member is a singleton compared by identity, so
  this agrees with ``==``. Like the name hash it replaces, it is not stable across processes: no set of members
  may be iterated into an order that reaches actions, chance or output (sort them, or keep a tuple).
- ``.value`` reads the member's ``_value_`` through a C ``attrgetter`` behind a builtin ``property``.

Reading a member from its class (``Ability.LEAP``) stays slow on 3.11 whatever the class: ``EnumType`` defines
``__getattr__``, so every class attribute read goes through the attribute hook (a Python-level lookup of
``__getattribute__``). The compiled rule modules therefore read the members they compare against from ``Final``
module constants (``_ABILITY_LEAP: Final = Ability.LEAP``), which mypyc keeps in C variables.
"""

from __future__ import annotations

from enum import Enum
from operator import attrgetter
from typing import TYPE_CHECKING, Any

__all__ = ["FastEnum"]


class FastEnum(Enum):
    """Base of the engine's enums: identity hash and a C-level ``.value`` (see the module docstring)."""

    __hash__ = object.__hash__

    if not TYPE_CHECKING:  # mypy keeps typing ``.value`` from the members' declared values
        value: Any = property(attrgetter("_value_"), doc="The member's value.")
