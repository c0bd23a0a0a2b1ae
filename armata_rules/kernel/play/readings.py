"""A ruleset of named readings: where a game's text disagrees with itself or is silent, each question has named
options and a default, and one game is played under one choice per question.

A game writes its ruleset as a frozen dataclass whose fields are the readings, each a ``str`` defaulting to the
reading's default option. A :class:`ReadingSet` binds that class to the table of the readings (:class:`Reading`:
the options, the default, the clauses read) and checks that the two agree: the same names, each field's default the
reading's default. It then makes rulesets from choices (:meth:`ReadingSet.make`, refusing an unknown reading or
option with a one-line :class:`ReadingError`), writes them as plain JSON and reads them back
(:meth:`ReadingSet.to_json`, :meth:`ReadingSet.from_json`), and says what a ruleset changes from the defaults
(:meth:`ReadingSet.changed`). The kernel names no game: the game supplies the class and the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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


class ReadingSet(Generic[R]):
    """The readings of one game's rulesets, bound to the ruleset class ``ruleset_type`` (a frozen dataclass of
    ``str`` fields, one per reading, each defaulting to the reading's default)."""

    def __init__(self, ruleset_type: type[R], readings: Iterable[Reading]) -> None:
        table = {reading.name: reading for reading in readings}
        if not dataclasses.is_dataclass(ruleset_type):
            raise ReadingError(f"{ruleset_type!r} is not a dataclass: a ruleset is one field per reading")
        fields = {field.name: field for field in dataclasses.fields(ruleset_type)}
        missing = sorted(set(table) - set(fields))
        extra = sorted(set(fields) - set(table))
        if missing or extra:
            raise ReadingError(
                f"{ruleset_type.__name__} and its readings disagree: "
                f"readings without a field {missing}, fields without a reading {extra}"
            )
        for name, field in fields.items():
            if field.default != table[name].default:
                raise ReadingError(
                    f"{ruleset_type.__name__}.{name} defaults to {field.default!r}, "
                    f"but the reading's default is {table[name].default!r}"
                )
        self.ruleset_type = ruleset_type
        #: Every reading, by name, in the ruleset class's field order.
        self.readings: dict[str, Reading] = {name: table[name] for name in fields}

    def __repr__(self) -> str:
        return f"ReadingSet({self.ruleset_type.__name__}: {len(self.readings)} readings)"

    def default(self) -> R:
        """The ruleset of every default."""
        return self.ruleset_type()

    def _check(self, name: object, option: object) -> None:
        if not isinstance(name, str) or name not in self.readings:
            raise ReadingError(f"no reading {name!r:.60}; the readings are {', '.join(self.readings)}")
        reading = self.readings[name]
        if not isinstance(option, str) or option not in reading.options:
            raise ReadingError(
                f"reading {name} has no option {option!r:.60}; its options are {', '.join(reading.options)}"
            )

    def make(self, **choices: str) -> R:
        """The ruleset of the defaults with ``choices`` (reading name = option) applied."""
        for name, option in choices.items():
            self._check(name, option)
        return self.ruleset_type(**choices)

    def replace(self, ruleset: R, **choices: str) -> R:
        """``ruleset`` with ``choices`` applied."""
        for name, option in choices.items():
            self._check(name, option)
        current: dict[str, Any] = {name: getattr(ruleset, name) for name in self.readings}
        return self.ruleset_type(**(current | choices))

    def check(self, ruleset: object) -> R:
        """``ruleset`` if it is a ruleset of this set whose every field holds one of its reading's options;
        :class:`ReadingError` naming the first field that does not."""
        if not isinstance(ruleset, self.ruleset_type):
            raise ReadingError(f"not a {self.ruleset_type.__name__}: {type(ruleset).__name__}")
        for name in self.readings:
            self._check(name, getattr(ruleset, name))
        return ruleset

    def to_json(self, ruleset: R) -> dict[str, str]:
        """Every reading's option, by name, in field order."""
        return {name: str(getattr(ruleset, name)) for name in self.readings}

    def from_json(self, data: object) -> R:
        """The ruleset a JSON object of reading name -> option describes (readings left out take their default);
        :class:`ReadingError` naming the first unknown reading or option."""
        if not isinstance(data, Mapping):
            raise ReadingError(f"a ruleset is a JSON object of reading -> option; got {type(data).__name__}")
        choices: dict[str, str] = {}
        for name, option in data.items():
            self._check(name, option)
            choices[str(name)] = str(option)
        return self.ruleset_type(**choices)

    def changed(self, ruleset: R) -> dict[str, str]:
        """The readings ``ruleset`` sets to other than their default, by name, in field order."""
        return {
            name: str(getattr(ruleset, name))
            for name, reading in self.readings.items()
            if getattr(ruleset, name) != reading.default
        }

    def options(self, name: str) -> tuple[str, ...]:
        """The options of reading ``name``."""
        if name not in self.readings:
            raise ReadingError(f"no reading {name!r:.60}; the readings are {', '.join(self.readings)}")
        return self.readings[name].options
