"""Reading *Władcy Nocy* content: the bundled facts of the text, an owner's file merged over them, and the keys a
setup still lacks.

:func:`printed` is ``data/printed.toml``: every value the text prints, cited, and every value it does not print,
marked unknown. :func:`load_content` merges an owner's file (TOML or JSON, same format) over it: a value of the file
replaces an unknown, equals a printed value, or is refused (an effect may extend the printed ops, in order); an
unknown in the file adds nothing. :func:`needed_keys` lists the unknown keys a setup needs and :func:`require`
raises :class:`ContentMissing` with all of them: there is no fallback value.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path

from armata_rules.kernel.core.datafile import StrictModel, read_data_file, validate_model
from armata_rules.wladcy_nocy.content.schema import (
    DECK_SIZE,
    DECKS,
    DISTRICT_COUNT,
    RELIC_COUNT,
    VAMPIRES,
    Content,
    ContentFileError,
    Deck,
    EffectSlot,
    EventCard,
    Events,
    SlotBase,
    absent_keys,
    check_complete,
    entries,
)

__all__ = [
    "DIFFICULTIES",
    "SOURCE_KINDS",
    "ContentFileError",
    "ContentMissing",
    "hooks",
    "is_synthetic",
    "load_content",
    "merge",
    "needed_keys",
    "printed",
    "provenance",
    "read_content",
    "require",
    "synthetic_test",
]

#: The difficulty levels (wn.pl:169-171). Each draws its cards at random from all 18 of every deck, so every card
#: may be needed whatever the level.
DIFFICULTIES = ("easy", "medium", "hard")
#: The kinds of provenance :func:`provenance` counts, in its order.
SOURCE_KINDS = ("wn.pl", "card", "tile", "track", "synthetic", "unknown")


class ContentMissing(Exception):
    """The content lacks values a setup needs; ``keys`` lists every one, sorted."""

    def __init__(self, keys: Sequence[str], setup: str) -> None:
        self.keys = tuple(keys)
        super().__init__(
            f"the content lacks {len(self.keys)} values that {setup} needs: {', '.join(self.keys)}; "
            "supply them in a content file (--content FILE, or load_content(FILE))"
        )


def read_content(path: str | Path, *, complete: bool = False) -> Content:
    """One content file, validated alone; with ``complete``, also checked to have every required key."""
    source = str(path)
    content = validate_model(Content, read_data_file(path, ContentFileError), source, ContentFileError)
    if complete:
        check_complete(content, source)
    return content


def _bundled(name: str) -> Content:
    resource = resources.files("armata_rules.wladcy_nocy") / "data" / name
    with resources.as_file(resource) as path:
        return read_content(path, complete=True)


@cache
def printed() -> Content:
    """The facts of the text (``data/printed.toml``): complete, every key a cited value or an unknown."""
    return _bundled("printed.toml")


@cache
def synthetic_test() -> Content:
    """The synthetic test pack (``data/synthetic_test.toml``) merged over :func:`printed`: it fills every unknown
    with an artificial value and agrees with every printed one. For tests and engine work, never for balance."""
    return merge(printed(), _bundled("synthetic_test.toml"), "synthetic_test.toml")


def load_content(path: str | Path) -> Content:
    """An owner's content file merged over :func:`printed`; :class:`ContentFileError` if the file is malformed or
    contradicts the text."""
    return merge(printed(), read_content(path), str(path))


def _show(slot: SlotBase) -> str:
    payload = slot.model_dump(include=set(slot.KINDS) - {"unknown"}, exclude_none=True)
    text = json.dumps(next(iter(payload.values())), ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else f"{text[:77]}..."


def _is_subsequence(short: list[object], long: list[object]) -> bool:
    rest = iter(long)
    return all(any(item == other for other in rest) for item in short)


def _merge_slot(base: SlotBase, over: SlotBase, key: str, source: str) -> SlotBase:
    """A value replaces an unknown; equal values keep the base's provenance; an effect may extend the base's ops."""
    if not over.known:
        return base
    if not base.known:
        return over
    fields = set(base.KINDS) - {"unknown"}
    theirs = base.model_dump(include=fields, exclude_none=True)
    ours = over.model_dump(include=fields, exclude_none=True)
    if theirs == ours:
        return base
    if (
        isinstance(base, EffectSlot)
        and "ops" in theirs
        and "ops" in ours
        and _is_subsequence(theirs["ops"], ours["ops"])
    ):
        return over
    raise ContentFileError(
        source,
        key,
        f"contradicts the printed value: this file has {_show(over)} ({over.source}), "
        f"but {base.cite or base.source} gives {_show(base)}",
    )


def _dump(node: object) -> object:
    if isinstance(node, StrictModel):
        return node.model_dump(exclude_none=True)
    if isinstance(node, Mapping):
        return {name: _dump(value) for name, value in node.items()}
    return node


def _merge_node(base: object, over: object, key: str, source: str) -> object:
    """``over`` merged into ``base``, as plain data (both are parts of valid content files of the same shape)."""
    if base is None or over is None:
        return _dump(over if base is None else base)
    if isinstance(base, SlotBase) and isinstance(over, SlotBase):
        return _dump(_merge_slot(base, over, key, source))
    if isinstance(base, StrictModel):
        merged = {}
        for name in type(base).model_fields:
            value = _merge_node(getattr(base, name), getattr(over, name, None), f"{key}.{name}", source)
            if value is not None:
                merged[name] = value
        return merged
    if isinstance(base, Mapping) and isinstance(over, Mapping):
        table = {name: _dump(value) for name, value in base.items()}
        for name, value in over.items():
            table[name] = _merge_node(base.get(name), value, f"{key}.{name}", source)
        return table
    return _dump(over)


def _without_act(card: object) -> object:
    return {name: value for name, value in card.items() if name != "act"} if isinstance(card, Mapping) else card


def _merge_events(base: Events, over: Events, source: str) -> dict[str, object]:
    """Cards are matched by id across decks: an owner's card may sort a card the text names without its deck
    (``events.unsorted``) into a deck, by listing it there or by giving its ``act``."""
    decks: dict[str, dict[str, object]] = {name: {} for name in DECKS}
    home: dict[str, str] = {}
    for name in DECKS:
        deck = base.deck(name)
        for card_id, card in (deck.cards if deck is not None else {}).items():
            decks[name][card_id] = _dump(card)
            home[card_id] = name
    unsorted: dict[str, object] = {card_id: _dump(card) for card_id, card in base.unsorted.items()}

    placed: list[tuple[str, str, EventCard]] = []
    for name in DECKS:
        deck = over.deck(name)
        placed += [(name, card_id, card) for card_id, card in (deck.cards if deck is not None else {}).items()]
    for card_id, card in over.unsorted.items():
        if card.act is not None and card.act.known and card.act.value is not None:
            placed.append((card.act.value, card_id, card))
        elif card_id in home:
            name = home[card_id]
            decks[name][card_id] = _merge_node(_card(base, name, card_id), card, f"events.{name}.{card_id}", source)
        else:
            unsorted[card_id] = _merge_node(base.unsorted.get(card_id), card, f"events.unsorted.{card_id}", source)

    sorted_here: dict[str, str] = {}
    for name, card_id, card in sorted(placed, key=lambda item: (DECKS.index(item[0]), item[1])):
        key = f"events.{name}.{card_id}"
        if card_id in home and home[card_id] != name:
            raise ContentFileError(source, key, f"the base content has this card in deck {home[card_id]}")
        if sorted_here.setdefault(card_id, name) != name:
            raise ContentFileError(source, key, f"this file also puts this card in deck {sorted_here[card_id]}")
        if card_id in base.unsorted:
            printed_card = base.unsorted[card_id]
            act = printed_card.act
            if act is not None and act.known and act.value != name:
                raise ContentFileError(source, key, f"contradicts the printed value: {act.cite} puts it in {act.value}")
            decks[name][card_id] = _without_act(_merge_node(printed_card, card, key, source))
            unsorted.pop(card_id, None)
        else:
            decks[name][card_id] = _without_act(_merge_node(_card(base, name, card_id), card, key, source))

    merged: dict[str, object] = {}
    for name in DECKS:
        marker = _marker(base.deck(name)) or _marker(over.deck(name))
        merged[name] = {**(marker if len(decks[name]) < DECK_SIZE else {}), **decks[name]}
    if unsorted and all(len(decks[name]) >= DECK_SIZE for name in DECKS):
        card_id = min(unsorted)
        raise ContentFileError(
            source,
            f"events.unsorted.{card_id}",
            "every deck is full, yet the text names this card: list it in its deck under this id",
        )
    merged["unsorted"] = unsorted
    return merged


def _card(events: Events, deck: str, card_id: str) -> EventCard | None:
    found = events.deck(deck)
    return None if found is None else found.cards.get(card_id)


def _marker(deck: Deck | None) -> dict[str, object]:
    if deck is None or deck.unknown is None:
        return {}
    return deck.model_dump(include={"unknown", "cite", "note"}, exclude_none=True)


def merge(base: Content, over: Content, source: str) -> Content:
    """``over`` (read from ``source``) merged over ``base``, validated and checked complete; errors name
    ``source``. The result has ``over``'s id and note."""
    data: dict[str, object] = {"format": over.format, "id": over.id, "note": over.note}
    for section in ("veil_track", "districts", "relics", "vampires", "seals"):
        value = _merge_node(getattr(base, section), getattr(over, section), section, source)
        if value is not None:
            data[section] = value
    data["events"] = _merge_events(base.events or Events(), over.events or Events(), source)
    content = validate_model(Content, data, source, ContentFileError)
    check_complete(content, source)
    return content


def _setup(vampires: Sequence[str], difficulty: str) -> tuple[str, ...]:
    """The chosen vampires' ids, checked: 2 to 5 distinct vampires of the six (wn.pl:46, wn.pl:125)."""
    chosen = tuple(name.lower() for name in vampires)
    unknown = [name for name in chosen if name not in VAMPIRES]
    if unknown:
        raise ValueError(f"unknown vampire {unknown[0]!r}: the vampires are {', '.join(VAMPIRES)}")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"a vampire is chosen twice: {', '.join(chosen)}")
    if not 2 <= len(chosen) <= 5:
        raise ValueError(f"a game has 2 to 5 vampires, not {len(chosen)}")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}: use {', '.join(DIFFICULTIES)}")
    return chosen


def needed_keys(content: Content, vampires: Sequence[str], difficulty: str) -> tuple[str, ...]:
    """Every key the setup needs that ``content`` lacks or marks unknown, sorted: the veil-track side for the number
    of vampires, all districts, event decks and relics (every card may be drawn at any difficulty), and the chosen
    vampires' cards and seals. A whole table a file leaves out is one key (``events``, ``seals.mila``); fewer
    districts or relics than the game has is ``districts.*`` or ``relics.*``."""
    chosen = _setup(vampires, difficulty)
    roots = [f"veil_track.n{len(chosen)}", "districts", "events", "relics"]
    roots += [f"{section}.{name}" for section in ("vampires", "seals") for name in chosen]
    lacking = {entry.key for entry in entries(content) if not entry.known}
    lacking.update(absent_keys(content))
    lacking.update(f"vampires.{name}" for name in chosen if name not in content.vampires)
    lacking.update(f"seals.{name}" for name in chosen if name not in content.seals)
    if len(content.districts) < DISTRICT_COUNT:
        lacking.add("districts.*")
    if len(content.relics) < RELIC_COUNT:
        lacking.add("relics.*")
    return tuple(
        sorted(
            key
            for key in lacking
            if key == "veil_track" or any(key == root or key.startswith(f"{root}.") for root in roots)
        )
    )


def require(content: Content, vampires: Sequence[str], difficulty: str) -> None:
    """Raise :class:`ContentMissing` listing every key of :func:`needed_keys`, if there is any."""
    keys = needed_keys(content, vampires, difficulty)
    if keys:
        chosen = _setup(vampires, difficulty)
        raise ContentMissing(keys, f"a game of {len(chosen)} vampires ({', '.join(chosen)}) at {difficulty}")


def provenance(content: Content) -> dict[str, int]:
    """How many slots of ``content`` come from each kind of source (``unknown`` for the unknowns), in the order of
    :data:`SOURCE_KINDS`."""
    counts = Counter(
        "unknown" if not entry.known or entry.source is None else entry.source.split(":")[0]
        for entry in entries(content)
    )
    return {kind: counts[kind] for kind in SOURCE_KINDS}


def is_synthetic(content: Content) -> bool:
    """Whether any value of ``content`` is invented (``source = "synthetic"``), whatever the pack calls itself: an
    owner's file that copies a value of the synthetic test pack is no more the real game than the pack is."""
    return provenance(content)["synthetic"] > 0


def hooks(content: Content) -> tuple[tuple[str, str], ...]:
    """Every effect written as a hook, as (key, hook), sorted: the proof record lists each as not proved."""
    return tuple((entry.key, entry.hook) for entry in entries(content) if entry.hook is not None)
