"""The fixed facts of one game of *Władcy Nocy*: its vampires (seats, in turn order), their players, the difficulty,
the ruleset, the content and the seed, with the tables the rules read, made once from the content.

:func:`new_context` is the game's setup hook: it checks every argument (:class:`GameSetupError` naming a wrong one,
in one line), takes the printed content unless told otherwise (:class:`ContentMissing` listing every key the setup
needs that the text does not print; the synthetic pack must be asked for by name), and refuses content whose effects
use a selector where it means nothing (an event card naming "the active vampire") as a
:class:`~armata_rules.wladcy_nocy.content.schema.ContentFileError`. :func:`setup_json` writes the arguments back.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from armata_rules.kernel.play.engine import GameSetupError
from armata_rules.kernel.play.readings import ReadingError
from armata_rules.wladcy_nocy.city import STATION_TILE
from armata_rules.wladcy_nocy.components import (
    AGENT_TOKENS,
    FIRST_GAMES,
    MINION_TOKENS,
    SUPPLY_MINIONS,
    VAMPIRE_IDS,
    Difficulty,
)
from armata_rules.wladcy_nocy.content.loader import ContentMissing, printed, require, synthetic_test
from armata_rules.wladcy_nocy.content.schema import Content, ContentFileError, EffectSlot
from armata_rules.wladcy_nocy.editions import WN_PL
from armata_rules.wladcy_nocy.readings import READINGS, Ruleset

__all__ = [
    "BUNDLED",
    "AbilityInfo",
    "Band",
    "DistrictInfo",
    "EventInfo",
    "RelicInfo",
    "WNContext",
    "new_context",
    "setup_json",
]

#: The content packs bundled with the package, by id.
BUNDLED: Final = ("printed", "synthetic-test")
#: One op of an effect, as plain data (``{"op": "add_agents", "where": ..., "n": 1}``).
OpData = Mapping[str, Any]
#: The op words that act by standing (while the relic is held or placed), never when run.
STANDING: Final = frozenset({"blood_max", "redirect_agents"})
#: Minions on the Station at setup for 2, 3, 4 and 5 vampires (wn.pl:157-159).
STATION_MINIONS: Final = {2: 2, 3: 1, 4: 0, 5: 0}


@dataclass(frozen=True, slots=True)
class Band:
    """The spawn numbers of one band of the veil track (veil 4-6 or 1-3, wn.pl:227): the red cross's number
    (wn.pl:229) and the blue-grey pair's two numbers (wn.pl:233)."""

    red: int
    blue: tuple[int, int]


@dataclass(frozen=True, slots=True)
class DistrictInfo:
    """A district tile: its id and name, ``day`` or ``night`` (wn.pl:36), a night effect's AP cost (wn.pl:308) and
    its effect's source key."""

    tile: str
    name: str
    kind: str
    cost: int
    source: str


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event card: its id, deck, name, the cells of its red and blue-grey crosses (wn.pl:229-233), its effect's
    source key and whether it stays in play (wn.pl:235)."""

    card: str
    deck: str
    name: str
    red: tuple[int, ...]
    blue: tuple[int, ...]
    source: str
    stays: bool


@dataclass(frozen=True, slots=True)
class RelicInfo:
    """A relic card: id, name, whether it is placed in a district (wn.pl:566), a printed limit of uses per round (0:
    none printed, wn.pl:630-632), the blood maximum it gives its holder (0: none, wn.pl:54), whether it redirects an
    event's agents (wn.pl:634-638), whether it changes dice (used in a fight), whether it is used at all (a relic
    whose ops all act by standing is passive), and its effect's source key."""

    relic: str
    name: str
    placed: bool
    per_round: int
    blood_max: int
    redirect: bool
    dice: bool
    used: bool
    source: str


@dataclass(frozen=True, slots=True)
class AbilityInfo:
    """A Blood or Dark ability: its name, ``night`` or ``fight`` (wn.pl:365, wn.pl:401, wn.pl:622), whether the
    agents it kills add victims (wn.pl:367, wn.pl:403), its cost in blood and veil, and its source key."""

    name: str
    timing: str
    adds_victims: bool
    blood_cost: int
    veil_cost: int
    dice: bool
    source: str


@dataclass(frozen=True, eq=False)
class WNContext:
    """The fixed facts of one game (see the module docstring). ``vampires`` are ids in turn order (the seats);
    ``controllers[seat]`` is the player running that vampire (wn.pl:125)."""

    vampires: tuple[str, ...]
    difficulty: Difficulty
    controllers: tuple[int, ...]
    ruleset: Ruleset
    content: Content
    seed: int
    districts: Mapping[str, DistrictInfo]
    events: Mapping[str, EventInfo]
    decks: tuple[tuple[str, tuple[str, ...]], ...]
    relics: Mapping[str, RelicInfo]
    abilities: tuple[tuple[AbilityInfo, AbilityInfo], ...]
    unlocks: tuple[Mapping[str, int], ...]
    track_tops: tuple[int, ...]
    pool_size: int
    bands: Mapping[str, Band]
    station_minions: int
    supply_minions: int
    ops_by_source: Mapping[str, tuple[OpData, ...]]
    hooks: Mapping[str, str]

    def __repr__(self) -> str:
        chosen = ", ".join(self.vampires)
        changed = READINGS.changed(self.ruleset)
        return (
            f"WNContext([{chosen}], {self.difficulty.value}, content={self.content.id}, seed={self.seed}"
            f"{', ' + str(changed) if changed else ''})"
        )

    @property
    def seats(self) -> int:
        """How many vampires play (N)."""
        return len(self.vampires)

    @property
    def k(self) -> int:
        """Cards of each event deck in this game (wn.pl:169-171)."""
        return self.difficulty.cards_per_deck

    def ops(self, source: str) -> tuple[OpData, ...]:
        """The ops of the effect ``source`` names (empty for a hook)."""
        return self.ops_by_source[source]

    def blood(self, seat: int) -> AbilityInfo:
        """The Blood ability of the vampire ``seat``."""
        return self.abilities[seat][0]

    def dark(self, seat: int) -> AbilityInfo:
        """The Dark ability of the vampire ``seat``."""
        return self.abilities[seat][1]

    def unlock(self, seat: int, action: str) -> int:
        """The victim level at which the vampire ``seat`` may take ``action`` (wn.pl:304-315, wn.pl:535)."""
        return self.unlocks[seat][action]

    def same_player(self, seat: int) -> tuple[int, ...]:
        """The seats run by the player of ``seat``, in turn order."""
        return tuple(s for s, player in enumerate(self.controllers) if player == self.controllers[seat])


def _known(slot: object, key: str, source: str) -> Any:
    value = getattr(slot, "value", None)
    if slot is None or value is None:
        raise ContentMissing([key], f"a game of content {source}")
    return value


def _effect(slot: EffectSlot | None, key: str, source: str) -> tuple[tuple[OpData, ...], str]:
    if slot is None or not slot.known:
        raise ContentMissing([key], f"a game of content {source}")
    if slot.hook is not None:
        return (), slot.hook
    return tuple(op.model_dump() for op in (slot.ops or [])), ""


def _vampire_selectors(ops: Sequence[OpData]) -> set[str]:
    found: set[str] = set()
    for op in ops:
        for name in ("target", "to"):
            value = op.get(name)
            if isinstance(value, str) and value in ("active", "holder", "leader_choice"):
                found.add(value)
            if isinstance(value, Mapping) and isinstance(value.get("vampire"), str):
                found.add(str(value["vampire"]))
        where = op.get("where")
        if isinstance(where, Mapping) and isinstance(where.get("vampire"), str):
            found.add(str(where["vampire"]))
    return found


def _uses_here(ops: Sequence[OpData]) -> bool:
    return any(op.get(name) == "here" for op in ops for name in ("where", "from", "to"))


#: Which selectors each kind of effect may use: an event card has no acting vampire and lies nowhere while it is
#: resolved (wn.pl:225-237); a day effect has no acting vampire (wn.pl:217); a night effect, an ability and a seal
#: have one, and no holder.
_ALLOWED: Final = {
    "event": frozenset({"leader_choice"}),
    "day": frozenset({"leader_choice"}),
    "night": frozenset({"active", "leader_choice"}),
    "ability": frozenset({"active", "leader_choice"}),
    "seal": frozenset({"active", "leader_choice"}),
    "relic": frozenset({"active", "holder", "leader_choice"}),
}


def _leader_choices(op: OpData) -> int:
    """How many of ``op``'s selectors leave the choice to the leader."""
    return sum(
        1
        for value in op.values()
        if value == "leader_choice" or (isinstance(value, Mapping) and value.get("vampire") == "leader_choice")
    )


def _check_selectors(ops: Sequence[OpData], kind: str, key: str, source: str) -> None:
    wrong = sorted(_vampire_selectors(ops) - _ALLOWED[kind])
    if wrong:
        raise ContentFileError(source, key, f"names the vampire selector {wrong[0]!r}, which means nothing in {kind}")
    if kind == "event" and _uses_here(ops):
        raise ContentFileError(source, key, "selects 'here', but an event card lies nowhere while it is resolved")
    for index, op in enumerate(ops):
        if _leader_choices(op) > 1:
            raise ContentFileError(source, f"{key}.ops[{index}]", "leaves more than one of its selectors to the leader")
        target = op.get("to")
        if op["op"] == "move_agents" and isinstance(target, Mapping) and "each" in target:
            raise ContentFileError(source, f"{key}.ops[{index}]", "moves agents to 'each' district: name one district")


def _check_hook(hook: str, key: str, source: str) -> None:
    module_name, _, function = hook.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        raise ContentFileError(source, key, f"hook {hook!r}: no module {module_name}") from None
    if not callable(getattr(module, function, None)):
        raise ContentFileError(source, key, f"hook {hook!r}: {module_name} has no function {function}")


def _cells(plan: Sequence[Sequence[int]]) -> tuple[int, ...]:
    return tuple(row * 3 + col for row, col in plan)


def _tables(
    content: Content, vampires: tuple[str, ...], ruleset: Ruleset
) -> tuple[dict[str, Any], dict[str, tuple[OpData, ...]], dict[str, str]]:
    """The rules' tables, made once from ``content`` (which :func:`require` found complete for the setup)."""
    src = content.id
    ops: dict[str, tuple[OpData, ...]] = {}
    hooks: dict[str, str] = {}

    def effect(slot: EffectSlot | None, key: str, source_key: str, kind: str) -> None:
        found, hook = _effect(slot, key, src)
        _check_selectors(found, kind, key, src)
        if hook:
            _check_hook(hook, key, src)
            hooks[source_key] = hook
        ops[source_key] = found

    districts = {}
    for tile, info in sorted(content.districts.items()):
        kind = _known(info.kind, f"districts.{tile}.kind", src)
        cost = 0 if kind == "day" else _known(info.cost, f"districts.{tile}.cost", src)
        effect(info.effect, f"districts.{tile}.effect", f"district:{tile}", kind)
        name = _known(info.name, f"districts.{tile}.name", src)
        districts[tile] = DistrictInfo(tile, str(name), str(kind), int(cost), f"district:{tile}")
    if STATION_TILE not in districts:
        raise ContentFileError(src, "districts", f"lacks the Railway Station, {STATION_TILE} (wn.pl:147)")

    events: dict[str, EventInfo] = {}
    decks = []
    event_decks = content.events
    if event_decks is None:
        raise ContentMissing(["events"], f"a game of content {src}")
    for deck in ("I", "II", "III"):
        found = event_decks.deck(deck)
        deck_cards = found.cards if found is not None else {}
        for card_id, card in sorted(deck_cards.items()):
            plan = _known(card.plan, f"events.{deck}.{card_id}.plan", src)
            effect(card.effect, f"events.{deck}.{card_id}.effect", f"event:{card_id}", "event")
            events[card_id] = EventInfo(
                card_id,
                deck,
                str(_known(card.name, f"events.{deck}.{card_id}.name", src)),
                _cells(plan.red),
                _cells(plan.blue),
                f"event:{card_id}",
                bool(_known(card.stays, f"events.{deck}.{card_id}.stays", src)),
            )
        decks.append((deck, tuple(sorted(deck_cards))))

    relics = {}
    for relic, relic_card in sorted(content.relics.items()):
        effect(relic_card.effect, f"relics.{relic}.effect", f"relic:{relic}", "relic")
        found_ops = ops[f"relic:{relic}"]
        words = {str(op["op"]) for op in found_ops}
        blood_max = max((int(op["value"]) for op in found_ops if op["op"] == "blood_max"), default=0)
        per_round = relic_card.per_round.value if relic_card.per_round is not None and relic_card.per_round.value else 0
        relics[relic] = RelicInfo(
            relic,
            str(_known(relic_card.name, f"relics.{relic}.name", src)),
            bool(_known(relic_card.placed, f"relics.{relic}.placed", src)),
            int(per_round),
            blood_max,
            "redirect_agents" in words,
            "dice_modify" in words,
            bool(words - STANDING) or relic in hooks or bool(_known(relic_card.placed, f"relics.{relic}.placed", src)),
            f"relic:{relic}",
        )

    abilities = []
    unlocks = []
    tops = []
    vampire_cards = {str(name): card for name, card in content.vampires.items()}
    seals = {str(name): slot for name, slot in content.seals.items()}
    for vampire in vampires:
        vampire_card = vampire_cards[vampire]
        pair = []
        for which in ("blood", "dark"):
            ability = getattr(vampire_card, which)
            key = f"vampires.{vampire}.{which}"
            if ability is None:
                raise ContentMissing([key], f"a game of content {src}")
            effect(ability.effect, f"{key}.effect", f"{which}:{vampire}", "ability")
            found_ops = ops[f"{which}:{vampire}"]
            blood_cost = -sum(
                int(op["delta"])
                for op in found_ops
                if op["op"] == "blood" and op["target"] == "active" and op["delta"] < 0
            )
            veil_cost = -sum(
                int(op["delta"]) for op in found_ops if op["op"] == "veil" and op["kind"] == "cost" and op["delta"] < 0
            )
            pair.append(
                AbilityInfo(
                    str(_known(ability.name, f"{key}.name", src)),
                    str(_known(ability.timing, f"{key}.timing", src)),
                    bool(_known(ability.adds_victims, f"{key}.adds_victims", src)),
                    blood_cost,
                    veil_cost,
                    any(op["op"] == "dice_modify" for op in found_ops),
                    f"{which}:{vampire}",
                )
            )
        abilities.append((pair[0], pair[1]))
        levels = _known(vampire_card.unlocks, f"vampires.{vampire}.unlocks", src)
        unlocks.append(dict(levels.model_dump()))
        tops.append(int(_known(vampire_card.track_top, f"vampires.{vampire}.track_top", src)))
        effect(seals.get(vampire), f"seals.{vampire}", f"seal:{vampire}", "seal")

    n = len(vampires)
    tracks = content.veil_track
    side = getattr(tracks, f"n{n}", None) if tracks is not None else None
    if side is None or side.high is None or side.low is None:
        raise ContentMissing([f"veil_track.n{n}"], f"a game of content {src}")
    bands = {}
    for name in ("high", "low"):
        band = getattr(side, name)
        red = _known(band.red, f"veil_track.n{n}.{name}.red", src)
        blue = _known(band.blue, f"veil_track.n{n}.{name}.blue", src)
        bands[name] = Band(int(red), (int(blue[0]), int(blue[1])))
    pool = int(_known(side.pool, f"veil_track.n{n}.pool", src))
    if not 0 <= pool <= AGENT_TOKENS:
        raise ContentFileError(src, f"veil_track.n{n}.pool", f"{pool} agents: there are {AGENT_TOKENS} (wn.pl:31)")

    station = STATION_MINIONS[n]
    if ruleset.minion_supply == "rest_of_box":
        supply = min(SUPPLY_MINIONS, MINION_TOKENS - station)
    elif ruleset.minion_supply == "station_from_supply":
        supply = SUPPLY_MINIONS - station
    else:
        supply = SUPPLY_MINIONS
    tables: dict[str, Any] = {
        "districts": districts,
        "events": events,
        "decks": tuple(decks),
        "relics": relics,
        "abilities": tuple(abilities),
        "unlocks": tuple(unlocks),
        "track_tops": tuple(tops),
        "pool_size": pool,
        "bands": bands,
        "station_minions": station,
        "supply_minions": supply,
    }
    return tables, ops, hooks


def _content(content: object) -> Content:
    if content is None:
        return printed()
    if isinstance(content, Content):
        return content
    if content == "printed":
        return printed()
    if content == "synthetic-test":
        return synthetic_test()
    if isinstance(content, str):
        raise GameSetupError(
            f"content {content!r:.60} is no bundled pack ({', '.join(BUNDLED)}): pass the Content itself "
            "(load_content(FILE))"
        )
    raise GameSetupError(f"content must be a Content, a bundled pack's id or None; got {type(content).__name__}")


def new_context(
    vampires: Sequence[str],
    *,
    difficulty: str | Difficulty = "medium",
    controllers: Sequence[int] | None = None,
    ruleset: Ruleset | Mapping[str, str] | None = None,
    content: Content | str | None = None,
    seed: int = 0,
) -> WNContext:
    """A game of ``vampires`` (2 to 5 of the six ids, wn.pl:46, wn.pl:125; seat order is turn order, wn.pl:129), or
    of a first game's line-up by its preset name (``"first-3"``, :data:`FIRST_GAMES`, wn.pl:139-143).

    :class:`GameSetupError` names a wrong argument; :class:`ContentMissing` lists every key the setup needs that
    ``content`` (default: the printed facts only) marks unknown."""
    if isinstance(vampires, str) and vampires in FIRST_GAMES:
        vampires = FIRST_GAMES[vampires]
    elif isinstance(vampires, str) or not isinstance(vampires, Sequence):
        presets = ", ".join(FIRST_GAMES)
        raise GameSetupError(
            f"vampires must be a list of vampire ids or a first game's preset ({presets}); got {vampires!r:.40}"
        )
    chosen = tuple(vampires)
    for name in chosen:
        if not isinstance(name, str) or name not in VAMPIRE_IDS:
            raise GameSetupError(f"unknown vampire {name!r:.40}: the vampires are {', '.join(VAMPIRE_IDS)}")
    if len(set(chosen)) != len(chosen):
        raise GameSetupError(f"a vampire is chosen twice: {', '.join(chosen)}")
    if not 2 <= len(chosen) <= 5:
        raise GameSetupError(f"a game has 2 to 5 vampires (wn.pl:125); got {len(chosen)}")
    if isinstance(difficulty, Difficulty):
        level = difficulty
    elif isinstance(difficulty, str) and difficulty in {d.value for d in Difficulty}:
        level = Difficulty(difficulty)
    else:
        raise GameSetupError(f"difficulty must be easy, medium or hard (wn.pl:169-171); got {difficulty!r:.40}")
    if controllers is None:
        players = tuple(range(len(chosen)))
    elif isinstance(controllers, Sequence) and not isinstance(controllers, str):
        players = tuple(controllers)
        if len(players) != len(chosen) or any(type(p) is not int for p in players):
            raise GameSetupError(
                f"controllers must be one player number per vampire ({len(chosen)}); got {players!r:.60}"
            )
        if sorted(set(players)) != list(range(len(set(players)))):
            raise GameSetupError(f"players must be numbered 0, 1, ... without a gap; got {players!r:.60}")
    else:
        raise GameSetupError(f"controllers must be a list of player numbers; got {type(controllers).__name__}")
    if type(seed) is not int:
        raise GameSetupError(f"seed must be an int; got {type(seed).__name__}")
    try:
        rules = (
            WN_PL
            if ruleset is None
            else (READINGS.check(ruleset) if isinstance(ruleset, Ruleset) else READINGS.from_json(ruleset))
        )
    except ReadingError as err:
        raise GameSetupError(f"ruleset: {err}") from None
    if rules.minion_supply == "nine_always" and len(chosen) == 2:
        raise GameSetupError(
            "ruleset minion_supply=nine_always needs 11 minion tokens for 2 vampires (2 on the Station and 9 in the "
            "supply); the game has 10 (wn.pl:32)"
        )
    pack = _content(content)
    require(pack, chosen, level.value)
    tables, ops, hooks = _tables(pack, chosen, rules)
    if rules.victim_track_cap == "nine":
        tables["track_tops"] = (9,) * len(chosen)
    return WNContext(chosen, level, players, rules, pack, seed, ops_by_source=ops, hooks=hooks, **tables)


def setup_json(ctx: WNContext) -> dict[str, object]:
    """The arguments of :func:`new_context` that set ``ctx``'s game up again (the content by its id: a pack that is
    not bundled is passed again to replay a record)."""
    return {
        "vampires": list(ctx.vampires),
        "difficulty": ctx.difficulty.value,
        "controllers": list(ctx.controllers),
        "ruleset": READINGS.to_json(ctx.ruleset),
        "content": ctx.content.id,
        "seed": ctx.seed,
    }
