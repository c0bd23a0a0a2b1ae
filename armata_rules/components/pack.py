"""Data packs: every component of the game with the provenance of each value, loaded and validated.

The rulebook prints the component counts (which differ by edition) and a handful of values; a pack supplies the
rest. :func:`default_pack` is the bundled pack, whose unprinted values are marked provisional. Users who own the
game describe their own cards in a pack file of the same format; :func:`load_pack` refuses a malformed one with a
:class:`DataPackError` naming file, key and problem.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field

from armata_rules.components.cards import ActionCard, AdvancedKind, RewardCard, RewardSide
from armata_rules.components.icons import CARD_LETTERS, Ability, Colour, Hero, Loot
from armata_rules.components.tokens import (
    EncounterToken,
    RewardToken,
    StrigoiActionToken,
    StrigoiCard,
    StrigoiSide,
    WoundToken,
)
from armata_rules.datafile import DataFileError, StrictModel, read_data_file, validate_model

__all__ = [
    "EDITIONS",
    "LEGENDARY_TITLES",
    "PLAYER_COUNTS",
    "PRINTED_COUNTS",
    "DataPack",
    "DataPackError",
    "Tables",
    "default_pack",
    "load_pack",
    "parse_pack",
]

#: The component editions whose counts the rulebooks print.
EDITIONS = ("peg19", "sb19")

#: Component counts printed per edition, with the clauses that print them (checked against every pack).
PRINTED_COUNTS: dict[str, dict[str, tuple[int, str]]] = {
    "peg19": {
        "action_cards": (30, "peg19.en:631"),
        "advanced_cards": (17, "peg19.en:626"),
        "reward_cards": (27, "peg19.en:648"),
        "reward_tokens": (10, "peg19.en:672"),
        "red": (21, "peg19.en:684"),
        "grey": (20, "peg19.en:689"),
        "wounds": (15, "peg19.en:664"),
        "strigoi_tokens": (7, "peg19.en:676"),
        "strigoi": (2, "peg19.en:643"),
    },
    "sb19": {
        "action_cards": (30, "sb19.de:65"),
        "advanced_cards": (17, "sb19.de:73"),
        "reward_cards": (28, "sb19.de:108"),
        "reward_tokens": (10, "sb19.de:164"),
        "red": (21, "sb19.de:178"),
        "grey": (20, "sb19.de:186"),
        "wounds": (15, "sb19.de:132"),
        "strigoi_tokens": (7, "sb19.de:170"),
        "strigoi": (2, "sb19.de:100"),
    },
}

#: The player counts a game may have (peg19.en:884): every table gives a value for each.
PLAYER_COUNTS = (2, 3, 4, 5)

#: The legendary advanced cards the engine knows how to award (peg19.en:968-990, sb19.en:529-550).
LEGENDARY_TITLES = (
    "Nighttime Rebel",
    "The Evil Made Me Do It",
    "Vampires Don't Die",
    "Incense & Iron",
    "All You Can Bleed",
)
HEROIC_TITLES = ("Fire & Forgive", "Fist by Fist")
STRIGOI_TITLES = ("Master", "Apprentice")

_CITATION = re.compile(r"^(peg19|sb19)\.(de|en|it|fr|es):\d+(-\d+)?$")
FORMAT_VERSION = 1


class DataPackError(DataFileError):
    """A data pack is malformed; the message names the file, the key and the problem."""


@dataclass(frozen=True, slots=True)
class Tables:
    """The numbers of the rules that the rulebook prints as tables, with their citations."""

    altar_cap: int
    altar_required: Mapping[int, int]
    inferno_loss: Mapping[int, int]
    blood_counters: Mapping[str, int]
    fight_tokens: int
    ladder_tiles: int
    cites: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DataPack:
    """Every component of the game, by id. Reward cards may belong to some editions only."""

    id: str
    note: str
    source: str
    tables: Tables
    action_cards: tuple[ActionCard, ...]
    advanced_cards: tuple[ActionCard, ...]
    reward_cards: tuple[RewardCard, ...]
    reward_card_editions: Mapping[str, frozenset[str]]
    reward_tokens: tuple[RewardToken, ...]
    red: tuple[EncounterToken, ...]
    grey: tuple[EncounterToken, ...]
    wounds: tuple[WoundToken, ...]
    strigoi: tuple[StrigoiCard, ...]
    strigoi_tokens: tuple[StrigoiActionToken, ...]
    cards: Mapping[str, ActionCard] = field(init=False, repr=False)
    rewards: Mapping[str, RewardCard] = field(init=False, repr=False)
    tokens: Mapping[str, RewardToken] = field(init=False, repr=False)
    encounters: Mapping[str, EncounterToken] = field(init=False, repr=False)
    wound_tokens: Mapping[str, WoundToken] = field(init=False, repr=False)
    strigoi_token_by_id: Mapping[str, StrigoiActionToken] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", {c.id: c for c in (*self.action_cards, *self.advanced_cards)})
        object.__setattr__(self, "rewards", {c.id: c for c in self.reward_cards})
        object.__setattr__(self, "tokens", {t.id: t for t in self.reward_tokens})
        object.__setattr__(self, "encounters", {t.id: t for t in (*self.red, *self.grey)})
        object.__setattr__(self, "wound_tokens", {t.id: t for t in self.wounds})
        object.__setattr__(self, "strigoi_token_by_id", {t.id: t for t in self.strigoi_tokens})

    def hero_cards(self, hero: Hero) -> tuple[str, ...]:
        """The ids of the six action cards ``hero`` starts with (peg19.en:718)."""
        return tuple(c.id for c in self.action_cards if c.hero is hero)

    def reward_deck(self, edition: str) -> tuple[str, ...]:
        """The ids of the reward cards in ``edition``'s deck."""
        return tuple(c.id for c in self.reward_cards if edition in self.reward_card_editions[c.id])

    def strigoi_card(self, title: str) -> StrigoiCard:
        """The Strigoi card ``title`` (Master or Apprentice)."""
        return next(s for s in self.strigoi if s.title == title)


def slug(text: str) -> str:
    """A lowercase ascii id part: ``"Beast of Gévaudan"`` → ``"beast-of-gevaudan"``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower().replace("&", "and")).strip("-")


# ------------------------------------------------------------------------------------------------ file schema
class _Side(StrictModel):
    strength: int
    abilities: list[str] = Field(default_factory=list)
    self_wound: bool = False


class _Action(StrictModel):
    hero: str
    title: str
    initiative: int
    movement: int
    strength: int
    abilities: list[str]
    self_wound: bool = False
    letter: str
    cite: dict[str, str] = Field(default_factory=dict)


class _Advanced(StrictModel):
    kind: Literal["heroic", "legendary"]
    title: str
    copies: int = 1
    requirement: str
    initiative: int
    movement: int
    strength: int
    abilities: list[str]
    self_wound: bool = False
    letter: str
    cite: dict[str, str] = Field(default_factory=dict)


class _Reward(StrictModel):
    title: str
    copies: int = 1
    editions: list[str] = Field(default_factory=lambda: list(EDITIONS))
    normal: _Side | None = None
    wild: _Side
    cite: dict[str, str] = Field(default_factory=dict)


class _Token(StrictModel):
    title: str
    copies: int = 1
    strength: int
    abilities: list[str] = Field(default_factory=list)
    cite: dict[str, str] = Field(default_factory=dict)


class _Encounter(StrictModel):
    title: str
    copies: int = 1
    monk: bool = False
    strength: int = 0
    loot: list[str] = Field(default_factory=list)
    cite: dict[str, str] = Field(default_factory=dict)


class _Wound(StrictModel):
    title: str
    copies: int = 1
    value: int = 1
    movement_penalty: int = 0
    strength_penalty: int = 0
    blocks: list[str] = Field(default_factory=list)
    shock: bool = False
    cite: dict[str, str] = Field(default_factory=dict)


class _StrigoiSide(StrictModel):
    existence: int
    damage: int
    strength: int


class _Strigoi(StrictModel):
    title: str
    side: _StrigoiSide
    supreme: _StrigoiSide
    cite: dict[str, str] = Field(default_factory=dict)


class _StrigoiToken(StrictModel):
    strigoi: str
    modifier: int = 0
    copies: int = 1
    cite: dict[str, str] = Field(default_factory=dict)


class _Tables(StrictModel):
    altar_cap: int
    altar_cap_cite: str = ""
    altar_required: dict[str, int]
    altar_required_cite: str = ""
    inferno_loss: dict[str, int]
    inferno_loss_cite: str = ""
    blood_counters: dict[str, int]
    blood_counters_cite: dict[str, str] = Field(default_factory=dict)
    fight_tokens: int
    fight_tokens_cite: str = ""
    ladder_tiles: int
    ladder_tiles_cite: str = ""


class _Pack(StrictModel):
    format: int
    id: str
    note: str = ""
    tables: _Tables
    action_cards: list[_Action]
    advanced_cards: list[_Advanced]
    reward_cards: list[_Reward]
    reward_tokens: list[_Token]
    red: list[_Encounter]
    grey: list[_Encounter]
    wounds: list[_Wound]
    strigoi: list[_Strigoi]
    strigoi_tokens: list[_StrigoiToken]


class _PackFailure(Exception):
    def __init__(self, key: str, problem: str) -> None:
        super().__init__(problem)
        self.key = key
        self.problem = problem


# ------------------------------------------------------------------------------------------------ loading
def load_pack(path: str | Path) -> DataPack:
    """Read and validate a data pack file (``.toml`` or ``.json``)."""
    return parse_pack(read_data_file(path, DataPackError), str(path))


@cache
def default_pack() -> DataPack:
    """The bundled pack: printed values cited, every other value provisional."""
    text = (resources.files("armata_rules.components") / "data" / "default_pack.toml").read_text(encoding="utf-8")
    return parse_pack(tomllib.loads(text), "<bundled default_pack.toml>")


def parse_pack(data: object, source: str = "<memory>") -> DataPack:
    """Validate already-parsed pack data; raise :class:`DataPackError` at the first problem."""
    model = validate_model(_Pack, data, source, DataPackError)
    try:
        return _build(model, source)
    except _PackFailure as fail:
        raise DataPackError(source, fail.key, fail.problem) from None


def _build(model: _Pack, source: str) -> DataPack:
    if model.format != FORMAT_VERSION:
        raise _PackFailure("format", f"unsupported format {model.format}; this library reads {FORMAT_VERSION}")
    tables = _tables(model.tables)
    actions = _action_cards(model.action_cards)
    advanced = _advanced_cards(model.advanced_cards)
    rewards, editions = _reward_cards(model.reward_cards)
    tokens = tuple(
        RewardToken(cid, t.title, _range(key, "strength", t.strength, 0, 20), _abilities(key, t.abilities), srcs)
        for i, t in enumerate(model.reward_tokens)
        for key, srcs in [(f"reward_tokens[{i}]", _cites(f"reward_tokens[{i}]", t.cite, t))]
        for cid in _ids(f"token/{slug(t.title)}", _copies(key, t.copies))
    )
    red = _encounters("red", model.red, Colour.RED)
    grey = _encounters("grey", model.grey, Colour.GREY)
    wounds = _wounds(model.wounds)
    strigoi = _strigoi(model.strigoi)
    strigoi_tokens = _strigoi_tokens(model.strigoi_tokens)
    _check_counts(
        {
            "action_cards": len(actions),
            "advanced_cards": len(advanced),
            "reward_tokens": len(tokens),
            "red": len(red),
            "grey": len(grey),
            "wounds": len(wounds),
            "strigoi_tokens": len(strigoi_tokens),
            "strigoi": len(strigoi),
        },
        {ed: sum(ed in eds for eds in editions.values()) for ed in EDITIONS},
    )
    _check_unique_ids(
        [c.id for c in (*actions, *advanced)]
        + [c.id for c in rewards]
        + [t.id for t in tokens]
        + [t.id for t in (*red, *grey)]
        + [w.id for w in wounds]
        + [t.id for t in strigoi_tokens]
    )
    return DataPack(
        model.id,
        model.note,
        source,
        tables,
        actions,
        advanced,
        rewards,
        editions,
        tokens,
        red,
        grey,
        wounds,
        strigoi,
        strigoi_tokens,
    )


def _tables(t: _Tables) -> Tables:
    def players(key: str, table: dict[str, int]) -> dict[int, int]:
        if sorted(table) != [str(n) for n in PLAYER_COUNTS]:
            raise _PackFailure(f"tables.{key}", f"needs one value for each player count 2..5; got {sorted(table)}")
        return {int(k): _range(f"tables.{key}", k, v, 1, 20) for k, v in table.items()}

    required = players("altar_required", t.altar_required)
    loss = players("inferno_loss", t.inferno_loss)
    if t.altar_cap < max(required.values()):
        raise _PackFailure("tables.altar_cap", f"{t.altar_cap} is below the {max(required.values())} needed to attack")
    if sorted(t.blood_counters) != sorted(EDITIONS):
        raise _PackFailure("tables.blood_counters", f"needs a count for each edition {EDITIONS}")
    for edition in EDITIONS:  # the blood-tables proof (verify): loss <= counters, or the supply runs dry first
        for count in PLAYER_COUNTS:
            if loss[count] > t.blood_counters[edition]:
                raise _PackFailure(
                    f"tables.inferno_loss.{count}",
                    f"the Strigoi win with {loss[count]} blood points on the inferno, but {edition} has only "
                    f"{t.blood_counters[edition]} counters (tables.blood_counters.{edition}): the supply would run "
                    "dry before the game could end (peg19.en:940-941, peg19.en:668)",
                )
    if t.ladder_tiles < max(PLAYER_COUNTS):
        raise _PackFailure(
            "tables.ladder_tiles",
            f"{t.ladder_tiles} tiles: each of up to {max(PLAYER_COUNTS)} heroes starts on a ladder tile of their own "
            "(peg19.en:716-718)",
        )
    cites = {
        name: value
        for name, value in (
            ("altar_cap", t.altar_cap_cite),
            ("altar_required", t.altar_required_cite),
            ("inferno_loss", t.inferno_loss_cite),
            ("fight_tokens", t.fight_tokens_cite),
            ("ladder_tiles", t.ladder_tiles_cite),
        )
        if value
    } | {f"blood_counters.{ed}": c for ed, c in t.blood_counters_cite.items()}
    for name, citation in cites.items():
        _citation(f"tables.{name}_cite", citation)
    return Tables(
        _range("tables.altar_cap", "altar_cap", t.altar_cap, 1, 20),
        required,
        loss,
        {ed: _range("tables.blood_counters", ed, n, 1, 50) for ed, n in t.blood_counters.items()},
        _range("tables.fight_tokens", "fight_tokens", t.fight_tokens, 1, 20),
        _range("tables.ladder_tiles", "ladder_tiles", t.ladder_tiles, 1, 20),
        cites,
    )


def _action_cards(items: list[_Action]) -> tuple[ActionCard, ...]:
    cards: list[ActionCard] = []
    for i, c in enumerate(items):
        key = f"action_cards[{i}]"
        heroes: Iterable[Hero]
        if c.hero == "*":
            heroes = list(Hero)
        else:
            try:
                heroes = [Hero.parse(c.hero)]
            except ValueError as err:
                raise _PackFailure(f"{key}.hero", str(err)) from None
        sources = _cites(key, c.cite, c)
        for hero in heroes:
            cards.append(
                ActionCard(
                    f"{slug(hero.value)}:{slug(c.title)}",
                    c.title,
                    hero,
                    _range(key, "initiative", c.initiative, 1, 20),
                    _range(key, "movement", c.movement, 0, 9),
                    _range(key, "strength", c.strength, 0, 20),
                    _abilities(key, c.abilities),
                    c.self_wound,
                    _letter(key, c.letter),
                    sources=sources,
                )
            )
    per_hero = Counter(c.hero for c in cards)
    for hero in Hero:
        if per_hero[hero] != 6:
            raise _PackFailure(
                "action_cards", f"{hero.value} needs 6 action cards (peg19.en:632); has {per_hero[hero]}"
            )
    return tuple(cards)


def _advanced_cards(items: list[_Advanced]) -> tuple[ActionCard, ...]:
    cards: list[ActionCard] = []
    for i, c in enumerate(items):
        key = f"advanced_cards[{i}]"
        kind = AdvancedKind(c.kind)
        known = HEROIC_TITLES if kind is AdvancedKind.HEROIC else LEGENDARY_TITLES
        if c.title not in known:
            raise _PackFailure(f"{key}.title", f"unknown {c.kind} card {c.title!r}; the rules award {known}")
        copies = _copies(key, c.copies)
        sources = _cites(key, c.cite, c)
        for cid in _ids(f"advanced/{slug(c.title)}", copies):
            cards.append(
                ActionCard(
                    cid,
                    c.title,
                    None,
                    _range(key, "initiative", c.initiative, 1, 20),
                    _range(key, "movement", c.movement, 0, 9),
                    _range(key, "strength", c.strength, 0, 20),
                    _abilities(key, c.abilities),
                    c.self_wound,
                    _letter(key, c.letter),
                    kind,
                    c.requirement,
                    sources,
                )
            )
    titles = Counter(c.title for c in cards)
    for title in (*HEROIC_TITLES, *LEGENDARY_TITLES):
        expected = 6 if title in HEROIC_TITLES else 1
        if titles[title] != expected:
            raise _PackFailure(
                "advanced_cards", f"{title!r} needs {expected} copies (peg19.en:627); has {titles[title]}"
            )
    return tuple(cards)


def _reward_cards(items: list[_Reward]) -> tuple[tuple[RewardCard, ...], dict[str, frozenset[str]]]:
    cards: list[RewardCard] = []
    editions: dict[str, frozenset[str]] = {}
    for i, c in enumerate(items):
        key = f"reward_cards[{i}]"
        unknown = sorted(set(c.editions) - set(EDITIONS))
        if unknown or not c.editions:
            raise _PackFailure(f"{key}.editions", f"editions are among {EDITIONS}; got {c.editions}")
        sources = _cites(key, c.cite, c)
        normal = None if c.normal is None else _side(f"{key}.normal", c.normal)
        wild = _side(f"{key}.wild", c.wild)
        for cid in _ids(f"reward/{slug(c.title)}", _copies(key, c.copies)):
            cards.append(RewardCard(cid, c.title, normal, wild, sources))
            editions[cid] = frozenset(c.editions)
    return tuple(cards), editions


def _side(key: str, side: _Side) -> RewardSide:
    return RewardSide(_range(key, "strength", side.strength, 0, 20), _abilities(key, side.abilities), side.self_wound)


def _encounters(name: str, items: list[_Encounter], colour: Colour) -> tuple[EncounterToken, ...]:
    tokens: list[EncounterToken] = []
    for i, t in enumerate(items):
        key = f"{name}[{i}]"
        if t.monk and colour is Colour.GREY:
            raise _PackFailure(f"{key}.monk", "monks are red encounter tokens; grey ones are monsters (peg19.en:689)")
        if t.monk and (t.strength or t.loot):
            raise _PackFailure(key, "a monk has no strength and no loot")
        strength = t.strength if t.monk else _range(key, "strength", t.strength, 1, 20)
        loot = []
        for j, item in enumerate(t.loot):
            try:
                loot.append(Loot(item))
            except ValueError:
                raise _PackFailure(f"{key}.loot[{j}]", f"unknown loot {item!r}; use bat, axe or blood") from None
        sources = _cites(key, t.cite, t)
        for cid in _ids(f"{name}/{slug(t.title)}", _copies(key, t.copies)):
            tokens.append(EncounterToken(cid, t.title, colour, t.monk, strength, tuple(loot), sources))
    return tuple(tokens)


def _wounds(items: list[_Wound]) -> tuple[WoundToken, ...]:
    tokens: list[WoundToken] = []
    for i, w in enumerate(items):
        key = f"wounds[{i}]"
        sources = _cites(key, w.cite, w)
        for cid in _ids(f"wound/{slug(w.title)}", _copies(key, w.copies)):
            tokens.append(
                WoundToken(
                    cid,
                    w.title,
                    _range(key, "value", w.value, 1, 2),
                    _range(key, "movement_penalty", w.movement_penalty, 0, 5),
                    _range(key, "strength_penalty", w.strength_penalty, 0, 5),
                    _abilities(key, w.blocks),
                    w.shock,
                    sources,
                )
            )
    return tuple(tokens)


def _strigoi(items: list[_Strigoi]) -> tuple[StrigoiCard, ...]:
    cards = []
    for i, s in enumerate(items):
        key = f"strigoi[{i}]"
        if s.title not in STRIGOI_TITLES:
            raise _PackFailure(f"{key}.title", f"the Strigoi cards are {STRIGOI_TITLES}; got {s.title!r}")
        sides = []
        for name, side in (("side", s.side), ("supreme", s.supreme)):
            sides.append(
                StrigoiSide(
                    _range(f"{key}.{name}", "existence", side.existence, 1, 20),
                    _range(f"{key}.{name}", "damage", side.damage, 0, 10),
                    _range(f"{key}.{name}", "strength", side.strength, 1, 30),
                )
            )
        cards.append(StrigoiCard(f"strigoi/{slug(s.title)}", s.title, sides[0], sides[1], _cites(key, s.cite, s)))
    if sorted(c.title for c in cards) != sorted(STRIGOI_TITLES):
        raise _PackFailure("strigoi", f"needs one card each for {STRIGOI_TITLES}")
    for card in cards:
        if card.supreme.existence <= card.side.existence - 1:
            raise _PackFailure("strigoi", f"the Supreme side of {card.title} must outlast its coloured side")
    return tuple(cards)


def _strigoi_tokens(items: list[_StrigoiToken]) -> tuple[StrigoiActionToken, ...]:
    tokens: list[StrigoiActionToken] = []
    for i, t in enumerate(items):
        key = f"strigoi_tokens[{i}]"
        if t.strigoi not in STRIGOI_TITLES:
            raise _PackFailure(f"{key}.strigoi", f"names no Strigoi card: {t.strigoi!r} (use {STRIGOI_TITLES})")
        modifier = _range(key, "modifier", t.modifier, -3, 5)
        sources = _cites(key, t.cite, t)
        base = f"strigoi-token/{slug(t.strigoi)}{modifier:+d}"
        tokens.extend(
            StrigoiActionToken(cid, t.strigoi, modifier, sources) for cid in _ids(base, _copies(key, t.copies))
        )
    shown = {t.strigoi for t in tokens}
    if shown != set(STRIGOI_TITLES):
        raise _PackFailure("strigoi_tokens", f"tokens must show both Strigoi; only {sorted(shown)} do")
    return tuple(tokens)


# ------------------------------------------------------------------------------------------------ field checks
def _ids(base: str, copies: int) -> list[str]:
    return [base] if copies == 1 else [f"{base}#{k}" for k in range(1, copies + 1)]


def _copies(key: str, copies: int) -> int:
    return _range(key, "copies", copies, 1, 30)


def _range(key: str, name: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise _PackFailure(f"{key}.{name}" if name else key, f"{value} is out of range {low}..{high}")
    return value


def _letter(key: str, letter: str) -> str:
    if letter not in CARD_LETTERS:
        raise _PackFailure(f"{key}.letter", f"a card's letter is one of {', '.join(CARD_LETTERS)}; got {letter!r}")
    return letter


def _abilities(key: str, names: list[str]) -> tuple[Ability, ...]:
    result = []
    for j, name in enumerate(names):
        try:
            result.append(Ability(name))
        except ValueError:
            known = ", ".join(a.value for a in Ability)
            raise _PackFailure(f"{key}.abilities[{j}]", f"unknown ability {name!r}; known: {known}") from None
    return tuple(result)


def _citation(key: str, citation: str) -> str:
    if not _CITATION.match(citation):
        raise _PackFailure(key, f"a citation reads SOURCE.LANG:LINE like 'peg19.en:928'; got {citation!r}")
    return citation


def _cites(key: str, cite: Mapping[str, str], item: StrictModel) -> dict[str, str]:
    fields = set(type(item).model_fields) - {"cite"}
    for name, citation in cite.items():
        if name not in fields:
            raise _PackFailure(f"{key}.cite.{name}", f"cites a field this component does not have ({sorted(fields)})")
        _citation(f"{key}.cite.{name}", citation)
    return dict(cite)


def _check_counts(counts: Mapping[str, int], rewards_by_edition: Mapping[str, int]) -> None:
    for edition, printed in PRINTED_COUNTS.items():
        for name, (expected, clause) in printed.items():
            have = rewards_by_edition[edition] if name == "reward_cards" else counts[name]
            if have != expected:
                raise _PackFailure(name, f"{edition} prints {expected} ({clause}); the pack has {have}")


def _check_unique_ids(ids: list[str]) -> None:
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if repeated:
        raise _PackFailure("<components>", f"two components share the id {repeated[0]!r}: give them distinct titles")
