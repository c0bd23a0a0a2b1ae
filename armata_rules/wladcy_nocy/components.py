"""The components of *Władcy Nocy* that every game has: the six vampires and the three difficulty levels.

The vampires are named at wn.pl:46; the difficulty sets how many event cards each of the three decks gives the game
(wn.pl:167-171). Token counts are constants here, each citing the component list (wn.pl:13-32).
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.core.fast_enum import FastEnum

__all__ = [
    "AGENT_TOKENS",
    "BLOOD_START",
    "BLOOD_TOKENS",
    "DICE_PER_VAMPIRE",
    "EXTRA_BLOOD",
    "FIRST_GAMES",
    "MINION_TOKENS",
    "SUPPLY_MINIONS",
    "VAMPIRE_IDS",
    "Difficulty",
    "Vampire",
]


class Vampire(FastEnum):
    """The six vampires one may choose from (wn.pl:46), by their content id."""

    AGNIESZKA = "agnieszka"
    IMRE = "imre"
    ISHTVAN = "ishtvan"
    LASZLO = "laszlo"
    MILA = "mila"
    NEVENA = "nevena"


#: The vampires' ids, in the text's order (wn.pl:46).
VAMPIRE_IDS: Final = tuple(v.value for v in Vampire)


class Difficulty(FastEnum):
    """The difficulty: how many cards each event deck gives the game (wn.pl:169-171)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def cards_per_deck(self) -> int:
        """k: 6 cards of each deck at Easy, 5 at Medium, 4 at Hard (wn.pl:169-171)."""
        return _CARDS[self.value]


_CARDS: Final = {"easy": 6, "medium": 5, "hard": 4}

#: Agent tokens (wn.pl:31), minion tokens (wn.pl:32), blood tokens (wn.pl:29).
AGENT_TOKENS: Final = 12
MINION_TOKENS: Final = 10
BLOOD_TOKENS: Final = 28
#: Blood on each vampire card at setup (wn.pl:153) and the extra tokens of the supply (wn.pl:165).
BLOOD_START: Final = 4
EXTRA_BLOOD: Final = 2
#: The minions of the supply (wn.pl:165).
SUPPLY_MINIONS: Final = 9
#: Dice rolled into the pool per vampire (wn.pl:177).
DICE_PER_VAMPIRE: Final = 2

#: The line-ups the text recommends for a first game (wn.pl:139-143), by preset name: ``Game.new("first-3")``.
FIRST_GAMES: Final = {
    "first-2a": ("imre", "mila"),
    "first-2b": ("agnieszka", "laszlo"),
    "first-2c": ("imre", "laszlo"),
    "first-3": ("agnieszka", "ishtvan", "mila"),
    "first-4": ("agnieszka", "imre", "nevena", "laszlo"),
}
