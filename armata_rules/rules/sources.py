"""Where an ability icon comes from, whether it may be used now, and what using it costs.

An icon can come from the action card played this round (``card``; each icon once per turn or round, by reading),
from a card discarded from hand for the purpose (``discard``: Protection, Stealth and Leap, peg19.en:786,
peg19.en:1062, peg19.en:918), from a reward card played normally or with Wild Strength (``normal``, ``wild``) or from
a reward token (``token``). Wounds can block an ability whatever its source (peg19.en:790).
"""

from __future__ import annotations

from dataclasses import dataclass

from armata_rules.components.icons import Ability
from armata_rules.effects import CardZone, Effect, MoveCard, SpendIcon, SpendToken
from armata_rules.rules.context import RulesContext
from armata_rules.rules.registry import EngineInvariantError, rule
from armata_rules.state import GameState
from armata_rules.variants import AbilityTiming

__all__ = ["ICON_USE", "Source", "available_sources", "source_units", "spend_source"]

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
    "only Protection and Retrieval unless the timing reading allows every ability before the Strigoi act), from a "
    "card discarded from hand for Protection, Stealth or Leap, from a reward card played normally or with Wild "
    "Strength, or from a reward token. A wound that blocks an ability blocks it from every source.",
    readings=("icon_scope", "ability_timing"),
)

_DISCARDABLE = (Ability.PROTECTION, Ability.STEALTH, Ability.LEAP)
_FIGHT_EXCEPTIONS = (Ability.PROTECTION, Ability.RETRIEVAL)


@dataclass(frozen=True, slots=True)
class Source:
    """A usable source of an ability: ``id`` (card or token id) and ``mode``."""

    id: str
    mode: str


def _reward_side_abilities(ctx: RulesContext, card: str, mode: str) -> tuple[Ability, ...]:
    reward = ctx.pack.rewards[card]
    side = reward.wild if mode == "wild" else reward.normal
    return () if side is None else side.abilities


def source_units(ctx: RulesContext, state: GameState, seat: int, ability: Ability, source: Source) -> int:
    """How many icons of ``ability`` the source gives (a discarded card counts one, peg19.en:949)."""
    if source.mode == "card":
        return ctx.card(source.id).abilities.count(ability)
    if source.mode == "discard":
        return 1
    if source.mode in ("normal", "wild"):
        return _reward_side_abilities(ctx, source.id, source.mode).count(ability)
    if source.mode == "token":
        return ctx.pack.tokens[source.id].abilities.count(ability)
    return 0


def _card_icons(ctx: RulesContext, card: str) -> tuple[Ability, ...]:
    if ctx.is_action_card(card):
        return ctx.card(card).abilities
    reward = ctx.pack.rewards[card]
    normal = () if reward.normal is None else reward.normal.abilities
    return normal + reward.wild.abilities


def available_sources(
    ctx: RulesContext, state: GameState, seat: int, ability: Ability, *, in_fight: bool = False
) -> list[Source]:
    """Every source from which ``seat`` may use ``ability`` now, in a stable order."""
    hero = state.heroes[seat]
    if ability in ctx.blocked(hero):
        return []
    found: list[Source] = []
    card_allowed = not in_fight or ability in _FIGHT_EXCEPTIONS
    if ctx.ruleset.ability_timing is AbilityTiming.BEFORE_STRIGOI_ACTS:
        card_allowed = True
    played = hero.chosen
    if (
        played is not None
        and card_allowed
        and ability in ctx.card(played).abilities
        and f"{played}/{ability.value}" not in hero.spent
    ):
        found.append(Source(played, "card"))
    if ability in _DISCARDABLE:
        found.extend(Source(card, "discard") for card in hero.hand if ability in _card_icons(ctx, card))
    for card in hero.hand:
        if card in ctx.pack.rewards:
            for mode in ("normal", "wild"):
                if ability in _reward_side_abilities(ctx, card, mode):
                    found.append(Source(card, mode))
    found.extend(Source(token, "token") for token in hero.tokens if ability in ctx.pack.tokens[token].abilities)
    return found


def spend_source(ctx: RulesContext, state: GameState, seat: int, ability: Ability, source: Source) -> list[Effect]:
    """The effects of using ``source`` for ``ability``: the icon spent, the card placed or destroyed, the token
    discarded."""
    if source.mode == "card":
        return [SpendIcon(seat, f"{source.id}/{ability.value}")]
    if source.mode in ("discard", "normal"):
        return [MoveCard(source.id, seat, CardZone.HAND, CardZone.PLAYED)]
    if source.mode == "wild":
        return [MoveCard(source.id, seat, CardZone.HAND, CardZone.BOX)]
    if source.mode == "token":
        return [SpendToken(seat, source.id)]
    # unreachable: every Source comes from available_sources (the guards compare with it), whose modes are above
    raise EngineInvariantError(f"sources: unknown source mode {source.mode!r}")
