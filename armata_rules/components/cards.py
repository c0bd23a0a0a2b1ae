"""Cards: action cards, advanced action cards, reward cards. Immutable definitions; a game refers to them by id."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from armata_rules.components.icons import Ability, Hero

__all__ = ["ActionCard", "AdvancedKind", "RewardCard", "RewardSide", "Sources"]

#: For each field name of a component, the clause that prints its value; fields not named are provisional.
Sources = Mapping[str, str]


class AdvancedKind(Enum):
    """The two kinds of advanced action cards (peg19.en:957, sb19.en:516)."""

    HEROIC = "heroic"
    LEGENDARY = "legendary"


@dataclass(frozen=True, slots=True)
class ActionCard:
    """A card a hero plays in Phase 1: initiative, movement, strength, ability icons, self-wound icon, letter.

    Advanced action cards are action cards too (they join the hand, peg19.en:957): ``advanced`` says which kind,
    ``hero`` is ``None`` for them.
    """

    id: str
    title: str
    hero: Hero | None
    initiative: int
    movement: int
    strength: int
    abilities: tuple[Ability, ...]
    self_wound: bool
    letter: str
    advanced: AdvancedKind | None = None
    requirement: str = ""
    sources: Sources = field(default_factory=dict)

    def provenance(self, name: str) -> str:
        """Where the value of field ``name`` comes from: a clause id, or ``"provisional"``."""
        return self.sources.get(name, "provisional")


@dataclass(frozen=True, slots=True)
class RewardSide:
    """One way of using a reward card: a strength bonus, ability icons, a self-wound icon (peg19.en:1020-1026)."""

    strength: int
    abilities: tuple[Ability, ...] = ()
    self_wound: bool = False


@dataclass(frozen=True, slots=True)
class RewardCard:
    """A weapon or object: used normally (``normal``; discarded at the end of the round) or with Wild Strength
    (``wild``; removed from the game). Wild-only cards have ``normal = None`` (peg19.en:1026, sb19.en:578)."""

    id: str
    title: str
    normal: RewardSide | None
    wild: RewardSide
    sources: Sources = field(default_factory=dict)

    def provenance(self, name: str) -> str:
        """Where the value of field ``name`` comes from: a clause id, or ``"provisional"``."""
        return self.sources.get(name, "provisional")
