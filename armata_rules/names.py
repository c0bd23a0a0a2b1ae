"""Names a player reads instead of ids: cards and tokens by their printed title, spaces by where they lie.

A state holds ids (``attila:lupus-dei``, ``token/fang#2``, ``NE:1,-1``); a person reads titles and places. Cards and
tokens are named by the title printed on them (copies share it). The bundled board prints no coordinates, so a space
is named by what is printed on it (its kind, the room or platform it belongs to) and where it lies as seen on the
board drawing, as a clock position around the centre of its room: "the red encounter space at 4 o'clock in room NE",
"the ladder tile at 2 o'clock of room N". A platform space is named where the platform's turn has carried it. Two
spaces that would share a name get their id added, so a name never stands for two spaces.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from armata_rules.board.fortress import Fortress, FortressState, SpaceId
from armata_rules.board.hexgrid import Hex, distance
from armata_rules.board.layout import SpaceKind
from armata_rules.components.icons import Ability
from armata_rules.components.pack import DataPack

__all__ = ["ABILITY_NAMES", "Names", "clock", "ladder_place", "space_names"]

#: Each ability icon as the rulebook names it (peg19.en:1032-1100).
ABILITY_NAMES: Mapping[Ability, str] = {
    Ability.PROTECTION: "Protection",
    Ability.HEAL: "Heal",
    Ability.RETRIEVAL: "Retrieval",
    Ability.MECHANICS: "Mechanics",
    Ability.STEALTH: "Stealth",
    Ability.PACK: "Pack",
    Ability.LEAP: "Leap",
    Ability.RECOVERY: "Recovery",
    Ability.GATES_OF_HELL: "The Gates of Hell",
}

_KIND_WORDS: Mapping[SpaceKind, str] = {
    SpaceKind.PLAIN: "space",
    SpaceKind.STAIRS: "stairs",
    SpaceKind.RED: "red encounter space",
    SpaceKind.GREY: "grey encounter space",
    SpaceKind.LADDER: "ladder tile",
}


def _pixel(cell: Hex) -> tuple[float, float]:
    """Where ``cell`` is drawn (pointy-top hexes, y pointing down: as :mod:`armata_rules.board.svg` draws it)."""
    return math.sqrt(3) * (cell.q + cell.r / 2), 1.5 * cell.r


def clock(centre: Hex, cell: Hex) -> int:
    """The clock position (1–12, 12 up) of ``cell`` seen from ``centre`` on the board drawing."""
    (x0, y0), (x1, y1) = _pixel(centre), _pixel(cell)
    degrees = math.degrees(math.atan2(y0 - y1, x1 - x0))  # counter-clockwise from 3 o'clock, y up
    hour = round(3 - degrees / 30) % 12
    return hour or 12


def ladder_place(fortress: Fortress, site_id: SpaceId) -> str:
    """Where a ladder site lies: "at 2 o'clock of room NE"."""
    site = fortress.ladder_sites[site_id]
    return f"at {clock(fortress.room_centres[site.room], site.cell)} o'clock of room {site.room}"


def _space_name(fortress: Fortress, board: FortressState, sid: SpaceId) -> str:
    cells = fortress.view(board).cells
    if sid in fortress.ladder_sites:
        return f"the ladder tile {ladder_place(fortress, sid)}"
    space = fortress.spaces[sid]
    room = space.room or ""
    centre = fortress.room_centres[room]
    cell = cells.get(sid, centre + space.local)  # out of play (a collapsed platform): where it was printed
    platform = fortress.rooms[room].platform is not None
    if cell == centre:
        return f"the centre of the {room} platform" if platform else f"the centre of room {room}"
    where = f"on the {room} platform" if space.on_platform else f"in room {room}"
    near = " near the centre" if not platform and distance(cell, centre) == 1 else ""
    return f"the {_KIND_WORDS[space.kind]} at {clock(centre, cell)} o'clock{near} {where}"


def space_names(fortress: Fortress, board: FortressState) -> dict[SpaceId, str]:
    """Every space and ladder site of ``fortress`` by its name on ``board``, in id order; a name two spaces would
    share carries the space's id."""
    names = {sid: _space_name(fortress, board, sid) for sid in sorted(fortress.spaces)}
    count: dict[str, int] = {}
    for name in names.values():
        count[name] = count.get(name, 0) + 1
    return {sid: name if count[name] == 1 else f"{name} ({sid})" for sid, name in names.items()}


class Names:
    """The names of one game's heroes, Strigoi, cards, tokens and spaces (spaces on the board of the moment)."""

    def __init__(self, pack: DataPack, fortress: Fortress, heroes: tuple[str, ...]) -> None:
        self.pack = pack
        self.fortress = fortress
        self.heroes = heroes
        self._titles: dict[str, str] = {}
        for table in (pack.cards, pack.rewards, pack.tokens, pack.encounters, pack.wound_tokens):
            for key, item in table.items():
                self._titles[key] = item.title
        for key, token in pack.strigoi_token_by_id.items():
            self._titles[key] = f"{token.strigoi} {token.modifier:+d}"
        self._spaces: dict[FortressState, dict[SpaceId, str]] = {}

    def hero(self, seat: int) -> str:
        """The hero in ``seat``."""
        return self.heroes[seat]

    def title(self, item: str) -> str:
        """The printed title of a card or token id; an id the pack does not know stays as it is."""
        return self._titles.get(item, item)

    def knows(self, item: str) -> bool:
        """Whether ``item`` is the id of a card or token of the pack."""
        return item in self._titles

    def titles(self, items: tuple[str, ...] | list[str]) -> list[str]:
        """The titles of ``items``, in their order."""
        return [self.title(item) for item in items]

    def spaces(self, board: FortressState) -> dict[SpaceId, str]:
        """Every space by its name on ``board`` (kept per board: a game has a few dozen)."""
        found = self._spaces.get(board)
        if found is None:
            found = self._spaces[board] = space_names(self.fortress, board)
        return found

    def space(self, sid: str, board: FortressState) -> str:
        """The name of space ``sid`` on ``board``; an id the fortress does not know stays as it is."""
        return self.spaces(board).get(sid, sid)
