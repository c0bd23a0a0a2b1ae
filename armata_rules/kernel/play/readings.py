"""A ruleset of named readings: where a game's text disagrees with itself or is silent, each question has named
options and a default, and one game is played under one choice per question.

A game writes its ruleset as a frozen dataclass whose fields are the readings, each defaulting to the reading's
default option: either a ``str`` (the option itself) or a member of an :class:`~enum.Enum` whose values are the
options (the field then holds members, and the JSON form their values). It may also have one ``str`` field that is
no reading, the ruleset's *name* (``name_field``: Armata's ``"peg19.de"`` or ``"custom"``). A :class:`ReadingSet`
binds that class to the table of the readings (:class:`Reading`: the options, the default, the clauses read) and
checks that the two agree: the same names, each field's default the reading's default, every member of an enum
field one of its options. It then makes rulesets from choices (:meth:`ReadingSet.make`, refusing an unknown reading
or option with a one-line :class:`ReadingError`), writes them as plain JSON and reads them back
(:meth:`ReadingSet.to_json`, :meth:`ReadingSet.from_json`), and says what a ruleset changes from the defaults
(:meth:`ReadingSet.changed`).

Reading a ruleset back, a reading left out takes its default, unless the set is ``strict``: then it is refused,
except a reading in ``added_later``, which takes the option given there. That is for files written before the
reading existed: the option is the one the engine played then, so an old record replays as it was played. The
kernel names no game: the game supplies the class and the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

__all__ = ["Reading", "ReadingError", "ReadingSet"]

R = TypeVar("R")


class ReadingError(ValueError):
    """A ruleset asked for cannot be made: an unknown reading, an option it does not have, a malformed JSON form,
    or a ruleset class that disagrees with its table. One line naming what is wrong."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One question of a ruleset: its ``name``, its ``options`` (in the table's order), the ``default`` option and
    the ``clauses`` of the text it reads."""

    name: str
    options: tuple[str, ...]
    default: str
    clauses: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.options or len(set(self.options)) != len(self.options):
            raise ReadingError(f"reading {self.name!r}: its options must be distinct and at least one")
        if self.default not in self.options:
            raise ReadingError(f"reading {self.name!r}: default {self.default!r} is not one of {list(self.options)}")


def _text(value: object) -> object:
    """An option as the JSON form writes it: an enum member's value, anything else as it is."""
    return value.value if isinstance(value, Enum) else value


class ReadingSet(Generic[R]):
    """The readings of one game's rulesets, bound to the ruleset class ``ruleset_type`` (a frozen dataclass of one
    field per reading, each defaulting to the reading's default, and at most one ``name_field``); see the module
    docstring for ``strict`` and ``added_later``."""

    def __init__(
        self,
        ruleset_type: type[R],
        readings: Iterable[Reading],
        *,
        name_field: str | None = None,
        strict: bool = False,
        added_later: Mapping[str, str] | None = None,
    ) -> None:
        table = {reading.name: reading for reading in readings}
        kind = getattr(ruleset_type, "__name__", repr(ruleset_type))
        if not dataclasses.is_dataclass(ruleset_type):
            raise ReadingError(f"{ruleset_type!r} is not a dataclass: a ruleset is one field per reading")
        fields = {field.name: field for field in dataclasses.fields(ruleset_type)}
        if name_field is not None and name_field not in fields:
            raise ReadingError(f"{kind} has no name field {name_field!r}")
        if name_field in table:
            raise ReadingError(f"{kind}.{name_field} is the ruleset's name, so no reading may be called so")
        fields.pop(name_field or "", None)
        missing = sorted(set(table) - set(fields))
        extra = sorted(set(fields) - set(table))
        if missing or extra:
            raise ReadingError(
                f"{kind} and its readings disagree: "
                f"readings without a field {missing}, fields without a reading {extra}"
            )
        #: The enum of each reading whose field holds enum members (``str`` fields are not keys).
        self.enums: dict[str, type[Enum]] = {}
        for name, field in fields.items():
            reading = table[name]
            if isinstance(field.default, Enum):
                enum = type(field.default)
                values = [_text(member) for member in enum]
                if sorted(map(str, values)) != sorted(reading.options) or not all(isinstance(v, str) for v in values):
                    raise ReadingError(
                        f"{kind}.{name}: the values of {enum.__name__} ({', '.join(map(str, values))}) are not the "
                        f"reading's options ({', '.join(reading.options)})"
                    )
                self.enums[name] = enum
            if _text(field.default) != reading.default:
                raise ReadingError(
                    f"{kind}.{name} defaults to {_text(field.default)!r}, "
                    f"but the reading's default is {reading.default!r}"
                )
        later = dict(added_later or {})
        for name, option in later.items():
            if name not in table or option not in table[name].options:
                raise ReadingError(f"added_later: {name!r:.60} = {option!r:.60} is no reading's option")
        self.ruleset_type = ruleset_type
        self.name_field = name_field
        self.strict = strict
        self.added_later = later
        #: Every reading, by name, in the ruleset class's field order.
        self.readings: dict[str, Reading] = {name: table[name] for name in fields}

    def __repr__(self) -> str:
        return f"ReadingSet({self.ruleset_type.__name__}: {len(self.readings)} readings)"

    def default(self) -> R:
        """The ruleset of every default."""
        return self.ruleset_type()

    def value(self, name: object, option: object) -> object:
        """What the field of reading ``name`` holds for ``option`` (the option's text, or for an enum field a member
        or its value); :class:`ReadingError` naming an unknown reading or option."""
        if not isinstance(name, str) or name not in self.readings:
            raise ReadingError(f"no reading {name!r:.60}; the readings are {', '.join(self.readings)}")
        reading = self.readings[name]
        enum = self.enums.get(name)
        if enum is not None and isinstance(option, Enum):
            if isinstance(option, enum):
                return option
        elif isinstance(option, str) and option in reading.options:
            return option if enum is None else enum(option)
        raise ReadingError(f"reading {name} has no option {option!r:.60}; its options are {', '.join(reading.options)}")

    def _name(self, value: object) -> dict[str, object]:
        if self.name_field is None:
            return {}
        if not isinstance(value, str):
            raise ReadingError(f"a ruleset's {self.name_field} is a string; got {type(value).__name__}")
        return {self.name_field: value}

    def make(self, **choices: object) -> R:
        """The ruleset of the defaults with ``choices`` (reading name = option, and the name field if the set has
        one) applied."""
        return self.ruleset_type(**self._values(choices))

    def _values(self, choices: Mapping[str, object]) -> dict[str, object]:
        values: dict[str, object] = {}
        for name, option in choices.items():
            values |= self._name(option) if name == self.name_field else {name: self.value(name, option)}
        return values

    def replace(self, ruleset: R, **choices: object) -> R:
        """``ruleset`` with ``choices`` applied (its name kept unless ``choices`` names it)."""
        current: dict[str, Any] = {name: getattr(ruleset, name) for name in self.readings}
        if self.name_field is not None:
            current[self.name_field] = getattr(ruleset, self.name_field)
        return self.ruleset_type(**(current | self._values(choices)))

    def check(self, ruleset: object) -> R:
        """``ruleset`` if it is a ruleset of this set whose every field holds one of its reading's options;
        :class:`ReadingError` naming the first field that does not."""
        if not isinstance(ruleset, self.ruleset_type):
            raise ReadingError(f"not a {self.ruleset_type.__name__}: {type(ruleset).__name__}")
        for name in self.readings:
            held = getattr(ruleset, name)
            if self.value(name, held) is not held:  # an enum field holding its option's text
                raise ReadingError(f"{type(ruleset).__name__}.{name} holds {held!r:.60}, not a member of its enum")
        if self.name_field is not None:
            self._name(getattr(ruleset, self.name_field))
        return ruleset

    def to_json(self, ruleset: R) -> dict[str, str]:
        """The name (if the set has a name field), then every reading's option, by name, in field order."""
        named = {} if self.name_field is None else {self.name_field: str(getattr(ruleset, self.name_field))}
        return named | {name: str(_text(getattr(ruleset, name))) for name in self.readings}

    def from_json(self, data: object) -> R:
        """The ruleset a JSON object of reading name -> option describes (for readings left out, see the module
        docstring); :class:`ReadingError` naming the first unknown reading or option, or a missing reading."""
        if not isinstance(data, Mapping):
            raise ReadingError(f"a ruleset is a JSON object of reading -> option; got {type(data).__name__}")
        values: dict[str, object] = {}
        for name, option in data.items():
            if name == self.name_field:
                values |= self._name(option)
            elif isinstance(option, str):
                values[str(name)] = self.value(name, option)
            else:  # an enum member is no JSON option: refused as the value of any other type
                raise ReadingError(
                    f"reading {name} has no option {option!r:.60}; its options are {', '.join(self.options(name))}"
                )
        for name in self.readings:
            if name in values:
                continue
            if name in self.added_later:
                values[name] = self.value(name, self.added_later[name])
            elif self.strict:
                raise ReadingError(f"reading {name} is missing")
        return self.ruleset_type(**values)

    def changed(self, ruleset: R) -> dict[str, str]:
        """The readings ``ruleset`` sets to other than their default, by name, in field order."""
        chosen = {name: str(_text(getattr(ruleset, name))) for name in self.readings}
        return {name: option for name, option in chosen.items() if option != self.readings[name].default}

    def options(self, name: str) -> tuple[str, ...]:
        """The options of reading ``name``."""
        if name not in self.readings:
            raise ReadingError(f"no reading {name!r:.60}; the readings are {', '.join(self.readings)}")
        return self.readings[name].options
