"""Tokens and boards-side cards: reward tokens, encounter tokens, wound tokens, Strigoi cards and action tokens."""

from __future__ import annotations

from dataclasses import dataclass, field

from armata_rules.components.cards import Sources
from armata_rules.components.icons import Ability, Colour, Loot

__all__ = ["EncounterToken", "RewardToken", "StrigoiActionToken", "StrigoiCard", "StrigoiSide", "WoundToken"]


@dataclass(frozen=True, slots=True)
class RewardToken:
    """A reward token: a strength bonus and/or abilities, spent when used (peg19.en:1008, sb19.en:556)."""

    id: str
    title: str
    strength: int
    abilities: tuple[Ability, ...] = ()
    sources: Sources = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EncounterToken:
    """A red or grey encounter token: a monster (strength and loot) or, on red ones, a monk (peg19.en:775-795)."""

    id: str
    title: str
    colour: Colour
    monk: bool
    strength: int = 0
    loot: tuple[Loot, ...] = ()
    sources: Sources = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class WoundToken:
    """A wound token, face down until drawn (peg19.en:788, peg19.en:1080-1092).

    ``value`` is 1, or 2 for the double wound (peg19.en:1084); penalties last until healed (peg19.en:1088);
    ``blocks`` lists abilities the hero cannot use while holding it (peg19.en:790); ``shock`` is the instant effect
    of discarding a card (peg19.en:1092).
    """

    id: str
    title: str
    value: int = 1
    movement_penalty: int = 0
    strength_penalty: int = 0
    blocks: tuple[Ability, ...] = ()
    shock: bool = False
    sources: Sources = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StrigoiSide:
    """One side of a Strigoi card: existence (wounds to defeat), damage (wounds per attack), strength."""

    existence: int
    damage: int
    strength: int


@dataclass(frozen=True, slots=True)
class StrigoiCard:
    """The Master or the Apprentice (coloured side) with the Supreme Strigoi on the back (peg19.en:1002)."""

    id: str
    title: str
    side: StrigoiSide
    supreme: StrigoiSide
    sources: Sources = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StrigoiActionToken:
    """Shows which Strigoi moves this turn and a damage modifier for its attack (peg19.en:805, peg19.en:854)."""

    id: str
    strigoi: str
    modifier: int = 0
    sources: Sources = field(default_factory=dict)
