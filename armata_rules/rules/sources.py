"""Where an ability icon comes from, whether it may be used now, and what using it costs.

An icon can come from the action card played this round (``card``; each icon once per turn or round, by reading),
from a card discarded from hand for the purpose (``discard``: Protection, Stealth and Leap, peg19.en:786,
peg19.en:1062, peg19.en:918), from a reward card played normally or with Wild Strength (``normal``, ``wild``) or from
a reward token (``token``). Wounds can block an ability whatever its source (peg19.en:790).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from armata_rules.components.icons import Ability
from armata_rules.components.pack import DataPack
from armata_rules.effects import CardZone, Effect, MoveCard, SpendIcon, SpendToken
from armata_rules.immutable import Value, check_changes, frozen_init, memo
from armata_rules.rules.context import RulesContext
from armata_rules.rules.registry import EngineInvariantError, rule
from armata_rules.state import GameState, HeroState

__all__ = ["ICON_USE", "Source", "available_sources", "source_units", "sources_by_ability", "spend_source"]

ICON_USE = rule(
    "ability.icons",
    "Ability icons and their sources",
    (
        "peg19.en:756",
        "peg19.en:924",
        "peg19.en:949",
        "peg19.en:1034",
        "peg19.en:1040",
        "peg19.de:165",
        "peg19.de:361",
        "peg19.de:469",
        "peg19.it:1303",
        "peg19.it:1464",
        "peg19.fr:1849",
        "peg19.es:2315",
        "sb19.en:306",
        "sb19.en:487",
        "sb19.en:614",
    ),
    "An ability is used from the played card (each icon once per turn or per round, by reading; during a fight "
    "only Protection and Retrieval, unless the timing reading allows the others in the turn's own fight, before "
    "the Strigoi act, never in a counterattack), from a "
    "card discarded from hand for Protection, Stealth or Leap, from a reward card played normally or with Wild "
    "Strength, or from a reward token. A wound that blocks an ability blocks it from every source.",
    readings=("icon_scope", "ability_timing"),
)

# The enum members the rules below read, as Final module constants (why: armata_rules.fast_enum).
_CARDZONE_BOX: Final = CardZone.BOX
_CARDZONE_HAND: Final = CardZone.HAND
_CARDZONE_PLAYED: Final = CardZone.PLAYED

_DISCARDABLE: Final = (Ability.PROTECTION, Ability.STEALTH, Ability.LEAP)
_FIGHT_EXCEPTIONS: Final = (Ability.PROTECTION, Ability.RETRIEVAL)


@dataclass(init=False, frozen=True, slots=True)
class Source(Value):
    """A usable source of an ability: ``id`` (card or token id) and ``mode``."""

    id: str
    mode: str

    def __init__(self, id: str, mode: str) -> None:
        self.id = id  # type: ignore[misc]
        self.mode = mode  # type: ignore[misc]

    def _replace(self, changes: dict[str, Any], /) -> Source:
        """A copy with ``changes`` (see :func:`~armata_rules.immutable.replace`), built by the constructor."""
        check_changes(Source, changes)
        return Source(changes.get("id", self.id), changes.get("mode", self.mode))

    # written here, so that compiled they are native: the ones dataclasses generates stay Python functions, and the
    # guards and the cache of listed uses compare sources at every listing
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Source):
            return NotImplemented
        return self.id == other.id and self.mode == other.mode

    def __hash__(self) -> int:
        return hash((self.id, self.mode))


frozen_init(Source)


def _reward_side_abilities(pack: DataPack, card: str, mode: str) -> tuple[Ability, ...]:
    reward = pack.rewards[card]
    side = reward.wild if mode == "wild" else reward.normal
    return () if side is None else side.abilities


def source_units(ctx: RulesContext, state: GameState, seat: int, ability: Ability, source: Source) -> int:
    """How many icons of ``ability`` the source gives (a discarded card counts one, peg19.en:949)."""
    if source.mode == "card":
        return ctx.card(source.id).abilities.count(ability)
    if source.mode == "discard":
        return 1
    if source.mode in ("normal", "wild"):
        return _reward_side_abilities(ctx.pack, source.id, source.mode).count(ability)
    if source.mode == "token":
        return ctx.pack.tokens[source.id].abilities.count(ability)
    return 0


def _card_icons(pack: DataPack, card: str) -> tuple[Ability, ...]:
    action = pack.cards.get(card)
    if action is not None:
        return action.abilities
    reward = pack.rewards[card]
    normal = () if reward.normal is None else reward.normal.abilities
    return normal + reward.wild.abilities


def available_sources(
    ctx: RulesContext, state: GameState, seat: int, ability: Ability, *, in_fight: bool = False
) -> list[Source]:
    """Every source from which ``seat`` may use ``ability`` now, in a stable order."""
    return list(sources_by_ability(ctx, state.heroes[seat], in_fight).get(ability, ()))


def sources_by_ability(ctx: RulesContext, hero: HeroState, in_fight: bool) -> dict[Ability, tuple[Source, ...]]:
    """The sources of every ability ``hero`` may use now (only abilities with a source are keys). Read-only.

    They depend on the hero's cards, spent icons, tokens and wounds alone, so they are computed once per such
    content and game: cached on the hero object (listing the legal actions asks for every ability, the guard of the
    action applied next asks again) and, for the next hero object with the same content (a hero who stepped), on
    the game's context.
    """
    cache = memo(hero)
    per_hero: dict[bool, tuple[RulesContext, dict[Ability, tuple[Source, ...]]]] | None = cache.get(sources_by_ability)
    if per_hero is None:  # a table per function, by flag: no key tuple to build at each call
        per_hero = cache[sources_by_ability] = {}
    entry = per_hero.get(in_fight)
    if entry is None or entry[0] is not ctx:
        game = memo(ctx)
        shared: dict[tuple[object, ...], dict[Ability, tuple[Source, ...]]] | None = game.get(sources_by_ability)
        if shared is None:  # its own table on the game: emptying it when full leaves the game's other caches
            shared = game[sources_by_ability] = {}
        content = (in_fight, hero.chosen, hero.hand, hero.spent, hero.tokens, hero.wounds)
        found = shared.get(content)
        if found is None:
            if len(shared) > _SHARED_MAX:
                shared.clear()
            found = shared[content] = _all_sources(ctx, hero, in_fight)
        entry = per_hero[in_fight] = (ctx, found)
    return entry[1]


_SHARED_MAX: Final = 100_000


def _all_sources(ctx: RulesContext, hero: HeroState, in_fight: bool) -> dict[Ability, tuple[Source, ...]]:
    """The sources of every ability at once, each ability's in the order: played card, cards discarded for it,
    reward cards (normal side, then wild), reward tokens."""
    table = _source_table(ctx)
    found: dict[Ability, list[Source]] = {}
    played = hero.chosen
    if played is not None:
        spent = hero.spent
        for ability, source, key, fight_exception in table.played(played):
            if (not in_fight or fight_exception) and key not in spent:
                found.setdefault(ability, []).append(source)
    for card in hero.hand:
        for ability, source in table.discarded(card):
            found.setdefault(ability, []).append(source)
    for card in hero.hand:
        for ability, source in table.rewarded(card):
            found.setdefault(ability, []).append(source)
    for token in hero.tokens:
        for ability, source in table.token(token):
            found.setdefault(ability, []).append(source)
    if not hero.wounds:
        return {ability: tuple(sources) for ability, sources in found.items()}
    blocked = ctx.blocked(hero)
    return {ability: tuple(sources) for ability, sources in found.items() if ability not in blocked}


class _SourceTable:
    """What each card and token can be a source of, per game context: the abilities it gives in each use, with the
    :class:`Source` (one object per id and mode, shared) and, for the played card, the key its icon is spent under.

    A hero's sources are gathered anew whenever their cards, tokens, spent icons or wounds change (hundreds of
    times a game); reading a card's icons, building the sources and formatting the keys each time was most of that
    work, and it depends on the id alone. Each id is worked out on first sight.
    """

    __slots__ = ("_discarded", "_pack", "_played", "_rewarded", "_tokens")

    def __init__(self, pack: DataPack) -> None:
        # the pack, not the context: the context keeps this table, and a table that kept the context would make a
        # cycle, which only the garbage collector frees, with every cache of the game, once the game is dropped
        self._pack = pack
        self._played: dict[str, tuple[tuple[Ability, Source, str, bool], ...]] = {}
        self._discarded: dict[str, tuple[tuple[Ability, Source], ...]] = {}
        self._rewarded: dict[str, tuple[tuple[Ability, Source], ...]] = {}
        self._tokens: dict[str, tuple[tuple[Ability, Source], ...]] = {}

    def played(self, card: str) -> tuple[tuple[Ability, Source, str, bool], ...]:
        """The played action card's icons, each once: the ability, the source, the icon's spent key, and whether
        it may be used during a fight whatever the timing reading (Protection, Retrieval)."""
        found = self._played.get(card)
        if found is None:
            source = Source(card, "card")
            found = self._played[card] = tuple(
                (ability, source, f"{card}/{ability.value}", ability in _FIGHT_EXCEPTIONS)
                for ability in dict.fromkeys(self._pack.cards[card].abilities)
            )
        return found

    def discarded(self, card: str) -> tuple[tuple[Ability, Source], ...]:
        """What discarding the card in hand gives: Protection, Stealth or Leap, if it shows the icon."""
        found = self._discarded.get(card)
        if found is None:
            icons = _card_icons(self._pack, card)
            source = Source(card, "discard")
            found = self._discarded[card] = tuple((a, source) for a in _DISCARDABLE if a in icons)
        return found

    def rewarded(self, card: str) -> tuple[tuple[Ability, Source], ...]:
        """What playing the card in hand as a reward card gives, normal side then wild (nothing for an action
        card)."""
        found = self._rewarded.get(card)
        if found is None:
            uses: list[tuple[Ability, Source]] = []
            if card in self._pack.rewards:
                for mode in ("normal", "wild"):
                    source = Source(card, mode)
                    uses.extend((a, source) for a in dict.fromkeys(_reward_side_abilities(self._pack, card, mode)))
            found = self._rewarded[card] = tuple(uses)
        return found

    def token(self, token: str) -> tuple[tuple[Ability, Source], ...]:
        """What spending the reward token gives."""
        found = self._tokens.get(token)
        if found is None:
            source = Source(token, "token")
            found = self._tokens[token] = tuple((a, source) for a in dict.fromkeys(self._pack.tokens[token].abilities))
        return found


def _source_table(ctx: RulesContext) -> _SourceTable:
    """The :class:`_SourceTable` of ``ctx``, kept on it."""
    cache = memo(ctx)
    table: _SourceTable | None = cache.get(_SourceTable)
    if table is None:
        table = cache[_SourceTable] = _SourceTable(ctx.pack)
    return table


def spend_source(ctx: RulesContext, state: GameState, seat: int, ability: Ability, source: Source) -> list[Effect]:
    """The effects of using ``source`` for ``ability``: the icon spent, the card placed or destroyed, the token
    discarded."""
    if source.mode == "card":
        return [SpendIcon(seat, f"{source.id}/{ability.value}")]
    if source.mode in ("discard", "normal"):
        return [MoveCard(source.id, seat, _CARDZONE_HAND, _CARDZONE_PLAYED)]
    if source.mode == "wild":
        return [MoveCard(source.id, seat, _CARDZONE_HAND, _CARDZONE_BOX)]
    if source.mode == "token":
        return [SpendToken(seat, source.id)]
    # unreachable: every Source comes from available_sources (the guards compare with it), whose modes are above
    raise EngineInvariantError(f"sources: unknown source mode {source.mode!r}")
