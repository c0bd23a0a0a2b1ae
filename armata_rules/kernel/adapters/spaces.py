"""The Gymnasium spaces of a game's observations and actions, which the PettingZoo and Gymnasium environments share
(both extras install Gymnasium).

An observation is a dict of the seat's numeric observation, a ``float32`` ``Box`` bounded by the game's
``observation_bounds`` hook (unbounded without it), and its ``action_mask``, an ``int8`` ``Box`` of ``0`` and ``1``
over the game's action indices; an action is one of those indices (``Discrete``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from armata_rules.kernel.adapters.table import GameTable

__all__ = ["observation_spaces"]


def observation_spaces(table: GameTable[Any, Any]) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation space (the vector and the action mask) and the action space of ``table``'s game."""
    observation = spaces.Dict(
        {
            "observation": spaces.Box(low=table.low, high=table.high, shape=(table.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(table.num_actions,), dtype=np.int8),
        }
    )
    return observation, spaces.Discrete(table.num_actions)
