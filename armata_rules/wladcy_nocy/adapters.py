"""*Władcy Nocy* for learning frameworks, through the kernel's adapters (:mod:`armata_rules.kernel.adapters`):
PettingZoo (``pettingzoo_env.env(WLADCY_NOCY, **setup)``), Gymnasium (``KernelEnv(WLADCY_NOCY, **setup)``) and
OpenSpiel, registered as ``python_wladcy_nocy`` by :func:`register_openspiel`.

An agent of a framework is a seat, and a seat is a vampire (``seat_0`` is the first vampire in turn order,
wn.pl:129), not a player: one player may run several vampires (wn.pl:125), which the setup's ``controllers`` say
(``controllers=[0, 0, 1]``: the first player runs the first two vampires). A learner that plays a player maps each of
its vampires' seats to that player's policy. The game is cooperative: every seat gets the same reward, 1 when the
ritual is performed and -1 when the game is lost (wn.pl:7, wn.pl:441-445).

A setup names its content by a bundled pack's id (``"synthetic-test"``: invented values, for engine work only); an
owner's content file is no bundled pack, so :func:`definition_for` gives the game set up with it whatever id a setup
names, for the environments to take in place of :data:`~armata_rules.wladcy_nocy.game.WLADCY_NOCY`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from armata_rules.kernel.play.game import GameDefinition
from armata_rules.wladcy_nocy.components import FIRST_GAMES
from armata_rules.wladcy_nocy.content.schema import Content
from armata_rules.wladcy_nocy.context import WNContext, new_context
from armata_rules.wladcy_nocy.game import WLADCY_NOCY
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["OPENSPIEL_DEFAULTS", "OPENSPIEL_NAME", "definition_for", "register_openspiel"]

#: The name the game is registered under with OpenSpiel.
OPENSPIEL_NAME: Final = "python_wladcy_nocy"
#: What ``pyspiel.load_game("python_wladcy_nocy")`` sets up without parameters: the first line-up for a first game
#: (Imre and Mila, wn.pl:139) on the synthetic test pack, since the printed text alone sets up no game.
OPENSPIEL_DEFAULTS: Final[Mapping[str, object]] = {
    "vampires": list(FIRST_GAMES["first-2a"]),
    "content": "synthetic-test",
}


def definition_for(content: Content) -> GameDefinition[WNContext, WNState]:
    """The game's definition whose setup plays ``content`` whatever pack a setup names (its ``content`` argument is
    replaced): an owner's file, which the id a record or an environment keeps cannot name."""

    def setup(**arguments: Any) -> WNContext:
        return new_context(**(arguments | {"content": content}))

    return dataclasses.replace(WLADCY_NOCY, setup=setup)


def register_openspiel(name: str = OPENSPIEL_NAME, defaults: Mapping[str, object] = OPENSPIEL_DEFAULTS) -> str:
    """Register the game with OpenSpiel (extra ``[openspiel]``) as ``name`` with the setup ``defaults``; return the
    name. Registering again changes nothing; ``ValueError`` for a name another game holds."""
    from armata_rules.kernel.adapters.openspiel_game import register

    return register(WLADCY_NOCY, name, defaults=defaults)
