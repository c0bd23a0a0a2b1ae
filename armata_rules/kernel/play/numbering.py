"""A fixed numbering of a game's actions built from their list, for learning agents that pick actions by number.

A game that can list every action a context could ever offer (each action type with every value its fields can take)
gets its :class:`~armata_rules.kernel.play.game.ActionIndex` from :class:`ActionNumbering`: the list's order is the
numbering, optionally in named blocks (the chance outcomes, then each kind of action), so the layout can be documented
and read back. A repeated action is refused when the numbering is built, since a number must name one action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from armata_rules.kernel.play.actions import Action

__all__ = ["ActionNumbering"]


class ActionNumbering:
    """The actions of ``blocks`` (name → actions, in order) numbered from 0 in that order:
    :meth:`action_to_index` and :meth:`index_to_action` are inverse over ``range(num_distinct_actions)``."""

    __slots__ = ("_actions", "_blocks", "_index")

    def __init__(self, blocks: Mapping[str, Sequence[Action]]) -> None:
        actions: list[Action] = []
        ranges: dict[str, range] = {}
        index: dict[Action, int] = {}
        for name, block in blocks.items():
            start = len(actions)
            for action in block:
                if action in index:
                    raise ValueError(f"{action} is numbered twice (block {name!r}): a number must name one action")
                index[action] = len(actions)
                actions.append(action)
            ranges[name] = range(start, len(actions))
        self._actions = tuple(actions)
        self._index = index
        self._blocks = ranges

    @classmethod
    def of(cls, actions: Iterable[Action]) -> ActionNumbering:
        """``actions`` numbered in their order, as one block named ``"actions"``."""
        return cls({"actions": list(actions)})

    @property
    def num_distinct_actions(self) -> int:
        """How many actions are numbered."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every numbered action, in number order."""
        return self._actions

    def blocks(self) -> dict[str, range]:
        """The numbers of each block, in order."""
        return dict(self._blocks)

    def action_to_index(self, action: Action) -> int:
        """The number of ``action``; ``KeyError`` for an action outside the numbering."""
        found = self._index.get(action)
        if found is None:
            raise KeyError(f"{action} is not an action of this game")
        return found

    def index_to_action(self, index: int) -> Action:
        """The action numbered ``index``; ``IndexError`` outside ``0..num_distinct_actions - 1``."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._actions):
            raise IndexError(f"action index {index!r:.40} is outside 0..{len(self._actions) - 1}")
        return self._actions[index]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of ``actions``, in their order (a learner's mask is 1 at each)."""
        return [self.action_to_index(action) for action in actions]
