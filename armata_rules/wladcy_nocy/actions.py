"""The actions of *Władcy Nocy*: the night actions of the table at wn.pl:304-315, the steps of a fight, and the
kernel's :class:`~armata_rules.kernel.play.actions.Pass`, :class:`~armata_rules.kernel.play.actions.Choose` and
chance outcome.

Every action names the ``seat`` (vampire) whose player takes it. Cells are row-major indices 0-8
(:mod:`armata_rules.wladcy_nocy.city`), relics their content ids. A :class:`~armata_rules.kernel.play.actions.Choose`
picks a cell by its name (``"bottom-left"``), a vampire by its id (``"mila"``), a relic by its id, or an ability
(``"blood"``, ``"dark"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from armata_rules.kernel.play.actions import Action, ActionTypes, ChanceOutcome, Choose, Pass

__all__ = [
    "ACTIONS",
    "ActivateDistrict",
    "BeginRitual",
    "Expose",
    "Fight",
    "Hunt",
    "Move",
    "Recruit",
    "Sacrifice",
    "Seal",
    "TakeDie",
    "TradeRelic",
    "UseBlood",
    "UseDark",
    "UseRelic",
    "WildHunt",
]


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move to the adjacent cell ``to``, taking ``minions`` of the district's minions along (wn.pl:323)."""

    kind: ClassVar[str] = "move"
    seat: int
    to: int
    minions: int


@dataclass(frozen=True, slots=True)
class Expose(Action):
    """Reveal every agent in the active vampire's district (wn.pl:331)."""

    kind: ClassVar[str] = "expose"
    seat: int


@dataclass(frozen=True, slots=True)
class Fight(Action):
    """Fight the revealed agents of the active vampire's district (wn.pl:339)."""

    kind: ClassVar[str] = "fight"
    seat: int


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Take a minion from the supply into the active vampire's district; the veil strengthens by 1 (wn.pl:347-349)."""

    kind: ClassVar[str] = "recruit"
    seat: int


@dataclass(frozen=True, slots=True)
class ActivateDistrict(Action):
    """Use the night effect of the active vampire's district (wn.pl:357)."""

    kind: ClassVar[str] = "activate"
    seat: int


@dataclass(frozen=True, slots=True)
class UseBlood(Action):
    """Use the active vampire's Blood ability (wn.pl:365)."""

    kind: ClassVar[str] = "use_blood"
    seat: int


@dataclass(frozen=True, slots=True)
class Hunt(Action):
    """Regain 1 blood token from the supply (wn.pl:375)."""

    kind: ClassVar[str] = "hunt"
    seat: int


@dataclass(frozen=True, slots=True)
class TradeRelic(Action):
    """Give the relic ``give`` to the vampire ``other`` in the same district and/or take its relic ``take`` ("" for
    none): a give, a take or a swap (wn.pl:383, wn.pl:541-543)."""

    kind: ClassVar[str] = "trade_relic"
    seat: int
    other: int
    give: str
    take: str


@dataclass(frozen=True, slots=True)
class WildHunt(Action):
    """Refill blood to the maximum; the veil weakens by 1 (wn.pl:391-393)."""

    kind: ClassVar[str] = "wild_hunt"
    seat: int


@dataclass(frozen=True, slots=True)
class UseDark(Action):
    """Use the active vampire's Dark ability, paid in veil (wn.pl:401)."""

    kind: ClassVar[str] = "use_dark"
    seat: int


@dataclass(frozen=True, slots=True)
class Seal(Action):
    """Seal the active vampire's district with its terror seal, removing a minion there (wn.pl:411)."""

    kind: ClassVar[str] = "seal"
    seat: int


@dataclass(frozen=True, slots=True)
class BeginRitual(Action):
    """Begin the Blood Moon ritual (wn.pl:425)."""

    kind: ClassVar[str] = "begin_ritual"
    seat: int


@dataclass(frozen=True, slots=True)
class UseRelic(Action):
    """Use (or place in its district) the relic ``relic`` the vampire ``seat`` holds (wn.pl:564-566)."""

    kind: ClassVar[str] = "use_relic"
    seat: int
    relic: str


@dataclass(frozen=True, slots=True)
class TakeDie(Action):
    """Take a die showing ``value`` from the pool and set it aside (wn.pl:191)."""

    kind: ClassVar[str] = "take_die"
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """Remove ``count`` minions from the fighter's district to remove as many revealed agents (wn.pl:469)."""

    kind: ClassVar[str] = "sacrifice"
    seat: int
    count: int


#: The game's action vocabulary, in record order.
ACTIONS: Final = ActionTypes(
    (
        ChanceOutcome,
        Pass,
        Choose,
        Move,
        Expose,
        Fight,
        Recruit,
        ActivateDistrict,
        UseBlood,
        Hunt,
        TradeRelic,
        WildHunt,
        UseDark,
        Seal,
        BeginRitual,
        UseRelic,
        TakeDie,
        Sacrifice,
    )
)
