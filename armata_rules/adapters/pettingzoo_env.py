"""PettingZoo environments: the seats are the agents (extra ``[pettingzoo]``).

PettingZoo's three constructors: ``raw_env()`` is :class:`ArmataAECEnv` itself, ``env()`` the same wrapped in
PettingZoo's ``AssertOutOfBoundsWrapper`` (an index outside the action space is an ``AssertionError``) and
``OrderEnforcingWrapper`` (``step`` or ``observe`` before ``reset`` is an error), as PettingZoo's own classic games
are, and ``parallel_env()`` is :class:`ArmataParallelEnv`. Both are named ``armata_strigoi_v0`` in their metadata.

:class:`ArmataAECEnv` is the kernel's
:class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelAECEnv` on a :class:`~armata_rules.adapters.table.Table`.
It is turn-based: the agent selected is the seat that decides. Phase 1's
simultaneous choice of action cards becomes a sequence, seat by seat, with the choices hidden: a seat that chooses
after another sees only *that* it has chosen (:func:`armata_rules.observation.observe`). Chance (draws, ties, the
Strigoi placement) is resolved by the episode's seed, so ``reset(seed=...)`` and the same actions replay the same
episode.

:class:`ArmataParallelEnv` (``parallel_env()``, the kernel's
:class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelParallelEnv` on the same table) asks every live seat for an
action at every step: the seats the game waits on play theirs (at Phase 1 all of them at once), every other seat must
play ``WAIT`` (the index ``num_distinct_actions``, the only legal entry of its mask). ``max_cycles`` counts parallel
steps there, and decisions in the AEC environment. The parallel environment says ``is_parallelizable: True``; the
turn-based AEC environment says ``False``, as it must: PettingZoo's ``aec_to_parallel`` steps every agent once per
cycle, and a seat here takes many decisions in a row (its whole turn), so that conversion would fail at the first turn.
Use ``parallel_env()`` for the parallel API.

Observations are dicts: ``observation`` is :class:`armata_rules.encoding.ObservationEncoder`'s vector of what the
seat may see, ``action_mask`` (``int8``) marks the seat's legal action indices (all zeros when it does not decide).
Rewards are cooperative (:mod:`armata_rules.adapters.table`): ``+1``/``-1`` for every agent at the end, shaped
rewards only with ``shaped_rewards=True``. Render modes: ``ansi`` (text), ``rgb_array`` (the board rasterised by
resvg) and ``human`` (the text printed at every step; the board's SVG also written to ``render_path`` if one is
given, never into the working directory unasked).

``state()`` is PettingZoo's global state for centralised training (a team critic): every seat's observation vector
end to end, seat 0 first, in ``state_space``. Nothing in it is hidden from the whole team; the face-down stacks'
order and the cards no seat sees stay out. The engine's state of the episode is ``env.unwrapped.game_state``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from armata_rules.actions import Action
from armata_rules.adapters.table import (
    RENDER_MODES,
    IllegalActionPolicy,
    Table,
    render,
    step_reward,
)
from armata_rules.engine import Game
from armata_rules.kernel.adapters.pettingzoo_env import KernelAECEnv, KernelParallelEnv, wrapped
from armata_rules.rules.context import RulesContext
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["NAME", "ArmataAECEnv", "ArmataParallelEnv", "env", "parallel_env", "raw_env"]

#: The environment's name in PettingZoo's metadata (the AEC and the parallel form alike).
NAME = "armata_strigoi_v0"
ObservationDict = dict[str, npt.NDArray[np.generic]]


class _Pack:
    """What both of Armata's PettingZoo environments add to the kernel's: the pack's rewards, shaped on request, and
    the board's picture (also written to ``render_path`` in ``human`` mode)."""

    metadata: dict[str, object]
    agents: list[str]
    engine: Game
    game_state: GameState
    last_action: Action | None
    render_mode: str | None

    def _dress(self, render_path: str | Path | None, shaped_rewards: bool) -> None:
        self.metadata = dict(type(self).metadata)  # the class's own (see ArmataAECEnv.metadata)
        self.render_path = None if render_path is None else Path(render_path)
        self.shaped_rewards = shaped_rewards

    def _rewards_after(self, before: GameState) -> dict[str, float]:
        """Every agent's share of the pack's reward for a decision: the result at the end, and the shaped change if
        asked for."""
        return dict.fromkeys(self.agents, step_reward(self.engine, before, self.game_state, self.shaped_rewards))

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), a picture (``rgb_array``) or printed (``human``, which also writes the
        board's SVG to ``render_path`` if one is given); ``human`` renders at every step by itself."""
        return render(self.render_mode, self.engine, self.game_state, self.last_action, self.render_path)


class ArmataAECEnv(_Pack, KernelAECEnv[RulesContext, GameState]):
    """The turn-based AEC environment (see the module docstring): the kernel's
    :class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelAECEnv` on a :class:`~armata_rules.adapters.table.Table`,
    with the pack's cooperative rewards (shaped on request), a whole-team loss for an illegal action, and the
    board's picture."""

    # the class's own, so PettingZoo's tools can read it before any environment is made (and a subclass may change
    # it); each instance reads it from its class
    metadata: dict[str, object] = {  # noqa: RUF012
        "render_modes": list(RENDER_MODES),
        "name": NAME,
        "is_parallelizable": False,  # turn-based: see the module docstring, and use parallel_env()
        "render_fps": 1,
    }
    render_modes = RENDER_MODES
    table: Table
    engine: Game

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        ruleset: Ruleset | str | None = None,
        render_mode: str | None = None,
        render_path: str | Path | None = None,
        max_cycles: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        super().__init__(
            Table.given(table, heroes, ruleset),
            render_mode=render_mode,
            max_cycles=max_cycles,
            illegal_action=illegal_action,
        )
        self._dress(render_path, shaped_rewards)

    def _illegal_loss(self, agent: str) -> dict[str, float]:
        """The pack plays as one team: an illegal action loses the game for every seat."""
        return dict.fromkeys(self.agents, -1.0)


class ArmataParallelEnv(_Pack, KernelParallelEnv[RulesContext, GameState]):
    """The parallel environment (see the module docstring): the kernel's
    :class:`~armata_rules.kernel.adapters.pettingzoo_env.KernelParallelEnv` on a
    :class:`~armata_rules.adapters.table.Table`, with the pack's rewards, the team's loss on an illegal action and
    the board's picture, as :class:`ArmataAECEnv`."""

    metadata: dict[str, object] = {  # noqa: RUF012  (the class's own, as ArmataAECEnv's)
        "render_modes": list(RENDER_MODES),
        "name": NAME,
        "is_parallelizable": True,
        "render_fps": 1,
    }
    render_modes = RENDER_MODES
    table: Table
    engine: Game

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        ruleset: Ruleset | str | None = None,
        render_mode: str | None = None,
        render_path: str | Path | None = None,
        max_cycles: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        super().__init__(
            Table.given(table, heroes, ruleset),
            render_mode=render_mode,
            max_cycles=max_cycles,
            illegal_action=illegal_action,
        )
        self._dress(render_path, shaped_rewards)

    def _illegal_loss(self, offenders: list[str]) -> dict[str, float]:
        """The pack plays as one team: an illegal action loses the game for every seat."""
        return dict.fromkeys(self.agents, -1.0)


#: PettingZoo's constructors: the bare AEC environment, the same wrapped as PettingZoo's own games are, the parallel
#: environment. Each takes the keyword arguments of its class.
raw_env = ArmataAECEnv
parallel_env = ArmataParallelEnv


def env(**kwargs: Any) -> AECEnv:
    """:class:`ArmataAECEnv` (``raw_env``) with PettingZoo's ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper`` (:func:`~armata_rules.kernel.adapters.pettingzoo_env.wrapped`); ``env().unwrapped`` is
    the bare environment."""
    return wrapped(raw_env(**kwargs))
