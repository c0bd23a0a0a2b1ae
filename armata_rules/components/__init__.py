"""Typed components of the game and the data packs that give their values, each with its provenance."""

from armata_rules.components.cards import ActionCard, AdvancedKind, RewardCard, RewardSide
from armata_rules.components.icons import CARD_LETTERS, Ability, Colour, Hero, Letter, Loot
from armata_rules.components.pack import (
    EDITIONS,
    PRINTED_COUNTS,
    DataPack,
    DataPackError,
    Tables,
    default_pack,
    load_pack,
    parse_pack,
)
from armata_rules.components.tokens import (
    EncounterToken,
    RewardToken,
    StrigoiActionToken,
    StrigoiCard,
    StrigoiSide,
    WoundToken,
)

__all__ = [
    "CARD_LETTERS",
    "EDITIONS",
    "PRINTED_COUNTS",
    "Ability",
    "ActionCard",
    "AdvancedKind",
    "Colour",
    "DataPack",
    "DataPackError",
    "EncounterToken",
    "Hero",
    "Letter",
    "Loot",
    "RewardCard",
    "RewardSide",
    "RewardToken",
    "StrigoiActionToken",
    "StrigoiCard",
    "StrigoiSide",
    "Tables",
    "WoundToken",
    "default_pack",
    "load_pack",
    "parse_pack",
]
