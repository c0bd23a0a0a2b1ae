"""The icons printed on cards and tokens: abilities, encounter rewards, encounter colours, heroes, letters."""

from __future__ import annotations

from typing import Literal

from armata_rules.fast_enum import FastEnum

__all__ = ["CARD_LETTERS", "HERO_NAMES", "Ability", "Colour", "Hero", "Letter", "Loot"]

#: The letter at the bottom of an action card: a book A–F, or X ("the Strigoi remains", peg19.en:827).
Letter = Literal["A", "B", "C", "D", "E", "F", "X"]
CARD_LETTERS: tuple[str, ...] = ("A", "B", "C", "D", "E", "F", "X")


class Hero(FastEnum):
    """The five Powerwolf (peg19.en:718, sb19.en:274) and the speciality the rulebook gives each (peg19.en:636)."""

    ATTILA = "Attila"
    FALK_MARIA = "Falk Maria"
    CHARLES = "Charles"
    MATTHEW = "Matthew"
    ROEL = "Roel"

    @classmethod
    def parse(cls, name: str) -> Hero:
        """The hero called ``name`` (case and spaces forgiven): ``Hero.parse("falk maria")``."""
        key = name.strip().casefold().replace("_", " ")
        for hero in cls:
            if hero.value.casefold() == key:
                return hero
        raise ValueError(f"no Powerwolf called {name!r}; choose from {', '.join(h.value for h in cls)}")


#: The heroes' names in the enum's order, the order in which simulations, the soak and the engine controls seat
#: them: ``HERO_NAMES[:n]`` are the heroes of an ``n``-hero game.
HERO_NAMES: tuple[str, ...] = tuple(hero.value for hero in Hero)


class Ability(FastEnum):
    """Ability icons (peg19.en:1032-1072, sb19.en:612-648) and the action-like special icons (peg19.en:1096-1100)."""

    PROTECTION = "protection"
    HEAL = "heal"
    RETRIEVAL = "retrieval"
    MECHANICS = "mechanics"
    STEALTH = "stealth"
    PACK = "pack"
    LEAP = "leap"
    RECOVERY = "recovery"
    GATES_OF_HELL = "gates_of_hell"


class Loot(FastEnum):
    """What a defeated monster gives (peg19.en:778-780, sb19.en:330-334)."""

    BAT = "bat"  # draw 1 reward token
    AXE = "axe"  # draw 1 reward card
    BLOOD = "blood"  # 1 blood point to the altar


class Colour(FastEnum):
    """Encounter spaces and their stacks (peg19.en:760, peg19.en:773)."""

    RED = "red"
    GREY = "grey"
