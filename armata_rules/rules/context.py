"""What stays fixed during a game: the ruleset, the components, the fortress, the heroes, the seed."""

from __future__ import annotations

from dataclasses import dataclass, field

from armata_rules.board.fortress import Fortress
from armata_rules.components.cards import ActionCard
from armata_rules.components.icons import Ability, Hero
from armata_rules.components.pack import DataPack
from armata_rules.immutable import Memo, empty_memo
from armata_rules.rules.registry import EngineInvariantError
from armata_rules.state import GameState, HeroState
from armata_rules.variants import Ruleset

__all__ = ["RulesContext"]


@dataclass(frozen=True)
class RulesContext(Memo):
    """The fixed facts a rule reads: the ruleset, the data pack, the compiled fortress, the heroes in seat order.

    Rules may cache data derived from these facts (and from values named in the key) in its memo slot.
    """

    ruleset: Ruleset
    pack: DataPack
    fortress: Fortress
    heroes: tuple[Hero, ...]
    seed: int
    edition: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "edition", self.ruleset.components.value)
        empty_memo(self)

    @property
    def players(self) -> int:
        """The number of heroes in the game (2–5)."""
        return len(self.heroes)

    @property
    def altar_required(self) -> int:
        """Blood points on the altar needed to attack a Strigoi (peg19.en:884-885)."""
        return self.pack.tables.altar_required[self.players]

    @property
    def inferno_loss(self) -> int:
        """Blood points on the inferno at which the Strigoi win (peg19.en:940-941)."""
        return self.pack.tables.inferno_loss[self.players]

    @property
    def altar_cap(self) -> int:
        """Never more blood points on the altar than this (peg19.en:880)."""
        return self.pack.tables.altar_cap

    def card(self, card_id: str) -> ActionCard:
        """The action (or advanced action) card ``card_id``."""
        return self.pack.cards[card_id]

    def is_action_card(self, card_id: str) -> bool:
        """Whether ``card_id`` is an action or advanced action card (not a reward card)."""
        return card_id in self.pack.cards

    def played_card(self, state: GameState, seat: int) -> ActionCard:
        """The card ``seat`` plays this round."""
        chosen = state.heroes[seat].chosen
        if chosen is None:  # only heroes who chose a card in Phase 1 take turns, fight or give a letter; the card
            # stays chosen until the round ends (Nighttime Rebel's draw gives up a card in hand only)
            raise EngineInvariantError(f"seat {seat} has no card this round")
        return self.pack.cards[chosen]

    def movement_penalty(self, hero: HeroState) -> int:
        """The movement lost to wound penalties (peg19.en:1088)."""
        return sum(self.pack.wound_tokens[w].movement_penalty for w in hero.wounds)

    def strength_penalty(self, hero: HeroState) -> int:
        """The strength lost to wound penalties (peg19.en:1088)."""
        return sum(self.pack.wound_tokens[w].strength_penalty for w in hero.wounds)

    def blocked(self, hero: HeroState) -> frozenset[Ability]:
        """Abilities the hero's wounds prevent (peg19.en:790)."""
        return frozenset(a for w in hero.wounds for a in self.pack.wound_tokens[w].blocks)
