"""The games defined on the kernel, by id: a game registers its definition when its module is imported, and
:func:`load` finds one that is not imported yet through the package entry points of the group :data:`ENTRY_POINTS`.

The kernel names no game: each distribution declares its games in its own ``pyproject.toml``
(``[project.entry-points."armata-rules.games"]``, ``armata_strigoi = "armata_rules.engine:ARMATA"``), and a game
module calls :func:`register` with its definition.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from armata_rules.kernel.play.game import GameDefinition

__all__ = ["ENTRY_POINTS", "UnknownGame", "games", "load", "register"]

#: The entry-point group in which distributions declare their games: ``game id = "module:DEFINITION"``.
ENTRY_POINTS = "armata-rules.games"

_REGISTERED: dict[str, GameDefinition[Any, Any]] = {}


class UnknownGame(LookupError):
    """No game of that id is registered or declared; the message lists the games there are."""


def register(definition: GameDefinition[Any, Any]) -> GameDefinition[Any, Any]:
    """Record ``definition`` under its id and return it. A definition of the same state type again replaces the
    one recorded (its module was imported anew, under ``importlib.reload``, say); another game with a taken id is a
    ``ValueError``."""
    if not isinstance(definition, GameDefinition):
        raise TypeError(f"not a GameDefinition: {type(definition).__name__}")
    known = _REGISTERED.get(definition.id)
    if known is not None and _origin(known) != _origin(definition):
        raise ValueError(f"game id {definition.id!r} is taken by {known!r}")
    _REGISTERED[definition.id] = definition
    return definition


def _origin(definition: GameDefinition[Any, Any]) -> str:
    """Where a definition's state type is defined: the same for a definition made again by a reloaded module."""
    return f"{definition.state_type.__module__}.{definition.state_type.__qualname__}"


def _declared() -> dict[str, str]:
    """The games declared as entry points: id -> ``module:attribute``."""
    return {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}


def games() -> tuple[str, ...]:
    """The ids of every game registered or declared, sorted."""
    return tuple(sorted(set(_REGISTERED) | set(_declared())))


def load(game_id: str) -> GameDefinition[Any, Any]:
    """The definition of ``game_id``: registered already, or imported through its entry point.
    :class:`UnknownGame` (listing the games there are) for an id that is neither; ``TypeError`` if an entry point
    names something other than a definition of that id."""
    found = _REGISTERED.get(game_id)
    if found is not None:
        return found
    points = [point for point in entry_points(group=ENTRY_POINTS) if point.name == game_id]
    if not points:
        raise UnknownGame(f"no game {game_id!r:.60}; games: {', '.join(games()) or '(none)'}")
    loaded = points[0].load()
    if not isinstance(loaded, GameDefinition) or loaded.id != game_id:
        raise TypeError(f"entry point {game_id} = {points[0].value} is not the definition of game {game_id!r}")
    return register(loaded)
