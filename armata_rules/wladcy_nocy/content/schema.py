"""The file format of *Władcy Nocy* content: pydantic models in which every value carries its provenance.

A **slot** is either a value with its ``source`` (``"wn.pl"`` printed in the text, ``"card:NAME"``, ``"tile:NAME"`` or
``"track:N"`` read off an owner's components, or ``"synthetic"`` for the test pack) and, for a printed value, its
``cite``; or an explicit ``unknown`` with the reason and the ``cite`` of the line that shows the value exists. An
effect slot holds ``ops`` (the vocabulary of :mod:`~armata_rules.wladcy_nocy.content.ops`) or a ``hook`` (a function
inside this package, which the proofs list as not proved) instead of a value.

Every field may be left out of a file, so that an owner's file need only fill the unknowns; a complete pack (the
bundled ``printed.toml``, or that file merged with an owner's) must have every required key, which
:func:`check_complete` checks. The ids of districts, relics and cards are lower-case ASCII.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Annotated, ClassVar, Generic, Literal, TypeVar

from pydantic import AfterValidator, ConfigDict, Field, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError

from armata_rules.kernel.core.datafile import DataFileError, StrictModel
from armata_rules.wladcy_nocy.content.ops import ID, op_problem, place_problem, predicate_problem, tile_references

__all__ = [
    "AGENT_TOKENS",
    "DECKS",
    "DECK_SIZE",
    "DISTRICT_COUNT",
    "HOOK_PACKAGE",
    "RELIC_COUNT",
    "VAMPIRES",
    "Ability",
    "Band",
    "Content",
    "ContentFileError",
    "Deck",
    "District",
    "EffectSlot",
    "Entry",
    "EventCard",
    "Events",
    "Op",
    "Plan",
    "Predicate",
    "Relic",
    "Slot",
    "SlotBase",
    "Unlocks",
    "UnsortedCard",
    "Vampire",
    "VeilSide",
    "VeilTracks",
    "absent_keys",
    "check_cite",
    "check_complete",
    "entries",
]

#: The district tiles (wn.pl:18), relic cards (wn.pl:23), cards per event deck (wn.pl:22, wn.pl:89), the decks
#: (acts) in their order of play (wn.pl:173) and the agent tokens (wn.pl:31).
DISTRICT_COUNT = 9
RELIC_COUNT = 14
DECK_SIZE = 18
DECKS = ("I", "II", "III")
AGENT_TOKENS = 12
#: The six vampires (wn.pl:46), by id.
VAMPIRES = ("agnieszka", "imre", "ishtvan", "laszlo", "mila", "nevena")
#: The package every hook must lie in.
HOOK_PACKAGE = "armata_rules.wladcy_nocy"

T = TypeVar("T")


class ContentFileError(DataFileError):
    """A content file is malformed, incomplete or contradicts the text; the message reads ``FILE: KEY: PROBLEM``."""


_CITE_ITEM = re.compile(r"wn\.pl:([1-9][0-9]*)(?:-([1-9][0-9]*))?")
_SOURCE = re.compile(r"wn\.pl|synthetic|(?:card|tile):\S.*|track:[2-5]")
_HOOK = re.compile(re.escape(HOOK_PACKAGE) + r"(?:\.[a-z_][a-z0-9_]*)+:[A-Za-z_][A-Za-z0-9_]*")


def _quoted(text: str) -> str:
    """A text from a file, quoted and escaped so that an error message stays on one line."""
    return json.dumps(text, ensure_ascii=False)


def check_cite(text: str) -> str:
    """A citation is ``wn.pl:LINE`` or ``wn.pl:FIRST-LAST`` (FIRST < LAST), several joined by ``", "``."""
    for part in text.split(", "):
        match = _CITE_ITEM.fullmatch(part)
        if match is None:
            raise PydanticCustomError(
                "cite", "cite {cite} is not 'wn.pl:LINE' or 'wn.pl:FIRST-LAST', joined by ', '", {"cite": _quoted(text)}
            )
        if match.group(2) is not None and int(match.group(2)) <= int(match.group(1)):
            raise PydanticCustomError(
                "cite", "cite {part} is a range that does not go forward", {"part": _quoted(part)}
            )
    return text


def _check_source(text: str) -> str:
    if _SOURCE.fullmatch(text) is None:
        raise PydanticCustomError(
            "source",
            "source {source} is not 'wn.pl', 'card:NAME', 'tile:NAME', 'track:N' (N = 2..5) or 'synthetic'",
            {"source": _quoted(text)},
        )
    return text


def _check_hook(text: str) -> str:
    if _HOOK.fullmatch(text) is None:
        raise PydanticCustomError(
            "hook",
            "hook {hook} is not a function inside " + HOOK_PACKAGE + ": write '" + HOOK_PACKAGE + ".MODULE:FUNCTION'",
            {"hook": _quoted(text)},
        )
    return text


Text = Annotated[str, StringConstraints(min_length=1)]
Id = Annotated[str, StringConstraints(pattern=ID.pattern)]
Cite = Annotated[str, AfterValidator(check_cite)]
Source = Annotated[str, AfterValidator(_check_source)]
Hook = Annotated[str, AfterValidator(_check_hook)]
VampireId = Literal["agnieszka", "imre", "ishtvan", "laszlo", "mila", "nevena"]
DeckId = Literal["I", "II", "III"]
#: A position of the 3x3 city: [row, column], row 0 at the top, column 0 at the left (wn.pl:147, wn.pl:225).
Position = Annotated[list[Annotated[int, Field(ge=0, le=2)]], Field(min_length=2, max_length=2)]
Agents = Annotated[int, Field(ge=0, le=AGENT_TOKENS)]
#: The two numbers of the blue-grey crosses (wn.pl:233).
Pair = Annotated[list[Agents], Field(min_length=2, max_length=2)]
Level = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class SlotBase(StrictModel):
    """What every slot has: an ``unknown`` reason or a value (the subclass's fields), its cite, source and note."""

    #: The keys of which a slot sets exactly one.
    KINDS: ClassVar[tuple[str, ...]] = ("value", "unknown")

    unknown: Text | None = None
    cite: Cite | None = None
    source: Source | None = None
    note: Text | None = None

    @model_validator(mode="before")
    @classmethod
    def _one_kind(cls, data: object) -> object:
        if isinstance(data, Mapping):
            present = [kind for kind in cls.KINDS if kind in data]
            if len(present) > 1:
                raise PydanticCustomError(
                    "slot",
                    "sets both {both}: a slot is a cited value or an unknown, never both",
                    {"both": " and ".join(present)},
                )
            if not present:
                raise PydanticCustomError("slot", "needs one of {kinds}", {"kinds": ", ".join(cls.KINDS)})
            if data[present[0]] is None:  # JSON's null: a value that says nothing
                raise PydanticCustomError(
                    "slot", "{kind} is null: write a value, or an unknown with its cite", {"kind": present[0]}
                )
        return data

    @model_validator(mode="after")
    def _provenance(self) -> SlotBase:
        if self.unknown is not None:
            if self.cite is None:
                raise PydanticCustomError("slot", "an unknown needs cite = the line that shows the value exists")
            if self.source is not None:
                raise PydanticCustomError("slot", "an unknown has no source: it comes from nowhere yet")
        elif self.source is None:
            raise PydanticCustomError(
                "slot", "a value needs source = 'wn.pl', 'card:NAME', 'tile:NAME', 'track:N' or 'synthetic'"
            )
        elif self.source == "wn.pl" and self.cite is None:
            raise PydanticCustomError("slot", "a value printed in the text (source = 'wn.pl') needs its cite")
        return self

    @property
    def known(self) -> bool:
        """Whether the slot holds a value (ops or a hook for an effect) rather than an unknown."""
        return self.unknown is None


class Slot(SlotBase, Generic[T]):
    """A value of type ``T`` or an unknown."""

    value: T | None = None


class Op(StrictModel):
    """One operation of an effect: ``{ op = NAME, ARG = VALUE, ... }``, checked against the vocabulary."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, object] = Field(init=False)

    op: str

    @model_validator(mode="before")
    @classmethod
    def _in_vocabulary(cls, data: object) -> object:
        if isinstance(data, Mapping):
            problem = op_problem(data)
            if problem is not None:
                raise PydanticCustomError("op", "{problem}", {"problem": problem})
        return data


class Predicate(StrictModel):
    """A test of a district: ``{ pred = NAME, ARG = VALUE, ... }``, checked against the vocabulary."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, object] = Field(init=False)

    pred: str

    @model_validator(mode="before")
    @classmethod
    def _in_vocabulary(cls, data: object) -> object:
        if isinstance(data, Mapping):
            problem = predicate_problem(data)
            if problem is not None:
                raise PydanticCustomError("predicate", "{problem}", {"problem": problem})
        return data


class EffectSlot(SlotBase):
    """An effect: ``ops`` in the vocabulary, a ``hook`` (not proved), or an unknown."""

    KINDS: ClassVar[tuple[str, ...]] = ("ops", "hook", "unknown")

    ops: list[Op] | None = None
    hook: Hook | None = None

    @model_validator(mode="after")
    def _place_taken_first(self) -> EffectSlot:
        problem = place_problem([op.model_dump() for op in self.ops or []])
        if problem is not None:
            raise PydanticCustomError("effect", "{problem}", {"problem": problem})
        return self


class Plan(StrictModel):
    """An event card's city plan: the positions of its red crosses (one number each, wn.pl:229) and of its pair of
    blue-grey crosses (two numbers between them, wn.pl:233). Positions are kept sorted."""

    red: list[Position]
    blue: list[Position]

    @field_validator("red", "blue", mode="after")
    @classmethod
    def _sorted(cls, positions: list[list[int]]) -> list[list[int]]:
        return sorted(positions)

    @model_validator(mode="after")
    def _crosses(self) -> Plan:
        cells = [tuple(position) for position in (*self.red, *self.blue)]
        if len(set(cells)) != len(cells):
            raise PydanticCustomError("plan", "a position carries two crosses")
        if len(self.blue) not in (0, 2):
            raise PydanticCustomError(
                "plan",
                "blue-grey crosses come as a pair sharing two numbers (wn.pl:233), not {n}",
                {"n": len(self.blue)},
            )
        return self


class _Required(StrictModel):
    """A table some of whose keys a complete pack must have."""

    REQUIRED: ClassVar[tuple[str, ...]] = ()

    def required(self) -> tuple[str, ...]:
        """The keys this table must have in a complete pack."""
        return self.REQUIRED


class Band(_Required):
    """The numbers of one band of a veil-track side: veil 4-6 (``high``) or 1-3 (``low``) (wn.pl:227)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("red", "blue")

    red: Slot[Agents] | None = None
    blue: Slot[Pair] | None = None


class VeilSide(_Required):
    """One side of a veil track, for one number of vampires (wn.pl:103, wn.pl:127): the agent pool (wn.pl:163) and
    the two bands of spawn numbers."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("pool", "high", "low")

    pool: Slot[Agents] | None = None
    high: Band | None = None
    low: Band | None = None


class VeilTracks(_Required):
    """The four veil-track sides, for 2 to 5 vampires."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("n2", "n3", "n4", "n5")

    n2: VeilSide | None = None
    n3: VeilSide | None = None
    n4: VeilSide | None = None
    n5: VeilSide | None = None


class District(_Required):
    """A district tile: a day effect or a night effect with its AP cost (wn.pl:36, wn.pl:308); ``position`` only for
    a tile the setup fixes (wn.pl:147)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("name", "kind", "cost", "effect")

    name: Slot[Text] | None = None
    kind: Slot[Literal["day", "night"]] | None = None
    cost: Slot[Literal[1, 2]] | None = None
    effect: EffectSlot | None = None
    position: Slot[Position] | None = None

    @property
    def is_day(self) -> bool:
        """Whether the tile is known to have a day effect (which costs no action points)."""
        return self.kind is not None and self.kind.value == "day"

    def required(self) -> tuple[str, ...]:
        return ("name", "kind", "effect") if self.is_day else self.REQUIRED

    @model_validator(mode="after")
    def _day_has_no_cost(self) -> District:
        if self.is_day and self.cost is not None and self.cost.known:
            raise PydanticCustomError("district", "a day tile has no AP cost: only night effects cost AP (wn.pl:357)")
        return self


class EventCard(_Required):
    """An event card (wn.pl:78-83): its name, its city plan, its text as an effect and whether it stays in play
    (wn.pl:235); ``discard_when`` for a card placed until a condition holds (wn.pl:614-618)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("name", "plan", "effect", "stays")

    name: Slot[Text] | None = None
    plan: Slot[Plan] | None = None
    effect: EffectSlot | None = None
    stays: Slot[bool] | None = None
    discard_when: Slot[Predicate] | None = None


class UnsortedCard(EventCard):
    """A card the text names without printing its deck: ``act`` is the deck it belongs to."""

    REQUIRED: ClassVar[tuple[str, ...]] = (*EventCard.REQUIRED, "act")

    act: Slot[DeckId] | None = None


class Deck(StrictModel):
    """One event deck: its cards by id and, while fewer than 18 are listed, an ``unknown`` for the rest."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, EventCard] = Field(init=False)

    unknown: Text | None = None
    cite: Cite | None = None
    note: Text | None = None

    @property
    def cards(self) -> Mapping[str, EventCard]:
        """The listed cards, by id."""
        return self.__pydantic_extra__ or {}

    @model_validator(mode="after")
    def _cards(self) -> Deck:
        for card_id in self.cards:
            if ID.fullmatch(card_id) is None:
                raise PydanticCustomError(
                    "deck", "card id {id} is not lower-case letters, digits and _", {"id": _quoted(card_id)}
                )
        if len(self.cards) > DECK_SIZE:
            raise PydanticCustomError(
                "deck", "lists {n} cards; a deck has 18 (wn.pl:22, wn.pl:89)", {"n": len(self.cards)}
            )
        if self.unknown is None and (self.cite is not None or self.note is not None):
            raise PydanticCustomError("deck", "cite and note belong to the deck's unknown, which is missing")
        if self.unknown is not None and self.cite is None:
            raise PydanticCustomError("deck", "an unknown needs cite = the line that shows the value exists")
        return self


class Events(_Required):
    """The three event decks (acts) and the cards the text names without their deck."""

    REQUIRED: ClassVar[tuple[str, ...]] = DECKS

    I: Deck | None = None  # noqa: E741 - the deck's name as printed (wn.pl:22)
    II: Deck | None = None
    III: Deck | None = None
    unsorted: dict[Id, UnsortedCard] = Field(default_factory=dict)

    def deck(self, name: str) -> Deck | None:
        """The deck ``I``, ``II`` or ``III``."""
        return {"I": self.I, "II": self.II, "III": self.III}[name]


class Relic(_Required):
    """A relic card (wn.pl:23): held by a vampire or placed in a district (wn.pl:566), its effect, and a printed
    limit on uses per round in total, where the text gives one (wn.pl:630-632)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("name", "placed", "effect")

    name: Slot[Text] | None = None
    placed: Slot[bool] | None = None
    effect: EffectSlot | None = None
    per_round: Slot[Positive] | None = None


class Unlocks(StrictModel):
    """The victim level at which each action becomes available (wn.pl:304-315) and each relic may be held
    (wn.pl:535)."""

    move: Level
    expose: Level
    fight: Level
    recruit: Level
    district: Level
    blood: Level
    hunt: Level
    trade: Level
    wild_hunt: Level
    dark: Level
    seal: Level
    ritual: Level
    relic_1: Level
    relic_2: Level


class Ability(_Required):
    """A Blood or Dark ability: its name (Polish, and English where the scrap prints it), when it may be used
    (``night``, or ``fight``: in any fight, right after the dice are chosen, wn.pl:622), its effect (with its cost as
    ops) and whether agents it kills add victims (wn.pl:367, wn.pl:403)."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("name", "timing", "effect", "adds_victims")

    name: Slot[Text] | None = None
    name_en: Slot[Text] | None = None
    timing: Slot[Literal["night", "fight"]] | None = None
    effect: EffectSlot | None = None
    adds_victims: Slot[bool] | None = None


class Vampire(_Required):
    """A vampire card (wn.pl:46): its abilities, its unlock levels and the highest level of its victim track."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("name", "blood", "dark", "unlocks", "track_top")

    name: Slot[Text] | None = None
    blood: Ability | None = None
    dark: Ability | None = None
    unlocks: Slot[Unlocks] | None = None
    track_top: Slot[Positive] | None = None


class Content(_Required):
    """A content file: a pack id and note, then the sections. A seal's passive effect is keyed by its vampire."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("veil_track", "events")

    format: Literal[1]
    id: Id
    note: Text
    veil_track: VeilTracks | None = None
    districts: dict[Id, District] = Field(default_factory=dict)
    events: Events | None = None
    relics: dict[Id, Relic] = Field(default_factory=dict)
    vampires: dict[VampireId, Vampire] = Field(default_factory=dict)
    seals: dict[VampireId, EffectSlot] = Field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Entry:
    """One slot of a content, by its dotted key: a known value's source and cite, or an unknown's reason and cite.

    ``events.I.*`` stands for the cards a deck does not list.
    """

    key: str
    known: bool
    source: str | None
    cite: str | None
    reason: str | None
    hook: str | None


def _walk(node: object, key: str) -> Iterator[Entry]:
    if isinstance(node, SlotBase):
        hook = node.hook if isinstance(node, EffectSlot) else None
        yield Entry(key, node.known, node.source, node.cite, node.unknown, hook)
    elif isinstance(node, Deck):
        for card_id, card in node.cards.items():
            yield from _walk(card, f"{key}.{card_id}")
        if len(node.cards) < DECK_SIZE:
            reason = node.unknown or f"the deck lists {len(node.cards)} of its {DECK_SIZE} cards"
            yield Entry(f"{key}.*", False, None, node.cite, reason, None)
    elif isinstance(node, StrictModel):
        for name in type(node).model_fields:
            if isinstance(node, District) and name == "cost" and node.is_day:
                continue  # a day tile has no cost: an unknown written before the kind was known is moot
            yield from _walk(getattr(node, name), f"{key}.{name}" if key else name)
    elif isinstance(node, Mapping):
        for name, value in node.items():
            yield from _walk(value, f"{key}.{name}")


def entries(content: Content) -> tuple[Entry, ...]:
    """Every slot of ``content`` (and every deck's unlisted rest), sorted by key."""
    return tuple(sorted(_walk(content, ""), key=lambda entry: entry.key))


def _absent(node: object, key: str) -> Iterator[str]:
    """The required keys missing under ``node``."""
    if isinstance(node, _Required):
        for name in node.required():
            if getattr(node, name) is None:
                yield f"{key}.{name}" if key else name
    if isinstance(node, StrictModel) and not isinstance(node, SlotBase):
        for name in type(node).model_fields:
            yield from _absent(getattr(node, name), f"{key}.{name}" if key else name)
        if isinstance(node, Deck):
            for card_id, card in node.cards.items():
                yield from _absent(card, f"{key}.{card_id}")
    elif isinstance(node, Mapping):
        for name, value in node.items():
            yield from _absent(value, f"{key}.{name}")


def absent_keys(content: Content) -> tuple[str, ...]:
    """The required keys ``content`` leaves out, sorted (none in a complete pack)."""
    return tuple(sorted(_absent(content, "")))


def _count_problems(content: Content) -> Iterator[tuple[str, str]]:
    """Component counts and cross-references a complete pack must satisfy, as (key, problem)."""
    if len(content.districts) != DISTRICT_COUNT:
        yield "districts", f"lists {len(content.districts)} districts; the game has {DISTRICT_COUNT} (wn.pl:18)"
    if len(content.relics) != RELIC_COUNT:
        yield "relics", f"lists {len(content.relics)} relics; the game has {RELIC_COUNT} (wn.pl:23)"
    for section, table in (("vampires", content.vampires), ("seals", content.seals)):
        absent = [name for name in VAMPIRES if name not in table]
        if absent:
            yield section, f"lacks {', '.join(absent)}: there are six vampires, each with its seal (wn.pl:46)"
    if content.events is not None:
        for name in DECKS:
            deck = content.events.deck(name)
            if deck is None:
                continue
            listed = len(deck.cards)
            if listed < DECK_SIZE and deck.unknown is None:
                yield f"events.{name}", f"lists {listed} of its {DECK_SIZE} cards and has no unknown for the rest"
            if listed == DECK_SIZE and deck.unknown is not None:
                yield f"events.{name}", f"lists all {DECK_SIZE} cards, yet has an unknown for the rest"
    for entry_key, slot in _effects(content):
        for tile in tile_references(slot.model_dump()):
            if tile not in content.districts:
                yield entry_key, f"names tile {tile!r}, which is not a district of this content"


def _effects(node: object, key: str = "") -> Iterator[tuple[str, SlotBase]]:
    """Every effect and predicate slot under ``node``, for the tile check."""
    if isinstance(node, EffectSlot) or (isinstance(node, Slot) and isinstance(node.value, Predicate)):
        yield key, node
    elif isinstance(node, Deck):
        for card_id, card in node.cards.items():
            yield from _effects(card, f"{key}.{card_id}")
    elif isinstance(node, StrictModel) and not isinstance(node, SlotBase):
        for name in type(node).model_fields:
            yield from _effects(getattr(node, name), f"{key}.{name}" if key else name)
    elif isinstance(node, Mapping):
        for name, value in node.items():
            yield from _effects(value, f"{key}.{name}")


def check_complete(content: Content, source: str) -> None:
    """Raise :class:`ContentFileError` for the first (by key) required key ``content`` lacks, or the first count or
    reference that is wrong: every key of a complete pack is a value or an explicit unknown."""
    problems = [
        (key, "missing: write a value with its source, or an unknown with its cite") for key in absent_keys(content)
    ]
    problems += list(_count_problems(content))
    if problems:
        key, problem = min(problems)
        raise ContentFileError(source, key, problem)
