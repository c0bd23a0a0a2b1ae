"""The rule book and the handler table of *Władcy Nocy*, shared by every module that defines its rules.

Each rule (:meth:`RuleBook.rule`) cites the lines of the Polish text it implements (``wn.pl:LINE``; every citation
under this package must resolve, ``tests/wladcy_nocy/test_texts.py``) and names the readings it reads. The rules are
defined where they are enforced: ``rules/`` and ``content/interpreter.py``; each registers the handlers of its frames
in :data:`HANDLERS`.
"""

from __future__ import annotations

from typing import Final

from armata_rules.kernel.play.handlers import HandlerTable
from armata_rules.kernel.play.registry import RuleBook
from armata_rules.wladcy_nocy.context import WNContext
from armata_rules.wladcy_nocy.state import WNState

__all__ = ["HANDLERS", "RULES"]

#: Every rule of the game.
RULES: Final = RuleBook("wladcy_nocy")
#: The handler of every frame type.
HANDLERS: Final[HandlerTable[WNContext, WNState]] = HandlerTable()
