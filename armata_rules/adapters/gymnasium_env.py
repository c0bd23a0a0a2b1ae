"""One seat as a Gymnasium environment; the other seats are played by a bot (extra ``[gymnasium]``).

Importing this module registers it with Gymnasium as ``ArmataStrigoi-v0`` (:data:`ENV_ID`; Gymnasium 1.0 dropped
the entry-point plugins, so registration is on import), so ``gymnasium.make("ArmataStrigoi-v0", heroes=[...])``
works after ``import armata_rules.adapters.gymnasium_env``, and
``gymnasium.make("armata_rules.adapters.gymnasium_env:ArmataStrigoi-v0")`` imports it itself. The keyword arguments
of ``make`` are those of :class:`ArmataSeatEnv`; the registered spec truncates an episode after
:data:`MAX_EPISODE_STEPS` of the agent's decisions (``max_episode_steps=`` changes it). ``gymnasium.make_vec`` builds
:class:`~armata_rules.adapters.gymnasium_vector.ArmataVectorEnv`, the registered vector entry point.

The environment is the kernel's :class:`~armata_rules.kernel.adapters.gymnasium_env.KernelEnv` on a
:class:`~armata_rules.adapters.table.Table`, specialised. The agent controls ``seat``; whenever another seat decides,
the chosen bot of :mod:`armata_rules.sim.bots` (``greedy`` or ``random``, seeded by the episode) plays for it, and
chance is resolved by the episode's seed, so ``reset(seed=...)`` and the same actions replay the same episode. ``step``
returns once the controlled seat must decide again or the game is over.

Observations are dicts like PettingZoo's (:mod:`armata_rules.adapters.pettingzoo_env`): the seat's observation
vector and its ``action_mask``; the mask is in ``info["action_mask"]`` too. The reward is the pack's: ``+1`` or
``-1`` at the end, shaped rewards (summed over the bots' decisions too) only with ``shaped_rewards=True``.
``max_steps`` truncates an episode after that many of the agent's decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import register, registry

from armata_rules.actions import Action
from armata_rules.adapters.table import (
    RENDER_MODES,
    IllegalActionPolicy,
    Table,
    render,
    step_reward,
)
from armata_rules.encoding import LegalIndices
from armata_rules.engine import Game
from armata_rules.kernel.adapters.gymnasium_env import KernelEnv
from armata_rules.kernel.core.errors import expect
from armata_rules.kernel.play.engine import Engine
from armata_rules.rules.context import RulesContext
from armata_rules.sim.bots import Bot, make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["ENV_ID", "MAX_EPISODE_STEPS", "ArmataSeatEnv"]

ObservationDict = dict[str, npt.NDArray[np.generic]]


class _Opponents:
    """Armata's bot named ``name`` (:mod:`armata_rules.sim.bots`) as the kernel's opponents policy: made anew for
    each episode, seeded by it, and choosing with its own generator."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot: Bot = make_bot(name, random.Random(0))  # refuses an unknown bot name now

    def reseed(self, seed: int) -> None:
        self.bot = make_bot(self.name, random.Random(seed))

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return self.bot.choose(expect(engine, Game, "gymnasium_env opponents"), state, actions)


class ArmataSeatEnv(KernelEnv[RulesContext, GameState]):
    """The game from one seat (see the module docstring): the kernel's
    :class:`~armata_rules.kernel.adapters.gymnasium_env.KernelEnv` on a :class:`~armata_rules.adapters.table.Table`,
    playing one seat against Armata's bots, with the pack's rewards (shaped on request) and the board's picture."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (gymnasium declares it so)
    render_modes = RENDER_MODES
    table: Table
    engine: Game
    seat: int

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        ruleset: Ruleset | str | None = None,
        seat: int = 0,
        opponents: str = "greedy",
        render_mode: str | None = None,
        render_path: str | Path | None = None,
        max_steps: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        chosen = Table.given(table, heroes, ruleset)
        if type(seat) is not int or not 0 <= seat < chosen.players:
            raise ValueError(f"seat must be 0..{chosen.players - 1}; got {seat!r:.40}")
        self.opponents = opponents
        self._opponents = _Opponents(opponents)
        super().__init__(
            chosen,
            seat=seat,
            opponents=self._opponents,
            render_mode=render_mode,
            max_steps=max_steps,
            illegal_action=illegal_action,
        )
        self.metadata = dict(type(self).metadata)
        self.render_path = None if render_path is None else Path(render_path)
        self.shaped_rewards = shaped_rewards

    @property
    def game(self) -> Game:
        """The episode's game (the kernel's name for it is ``engine``)."""
        return self.engine

    def _seed_opponents(self, game_seed: int) -> None:
        """Armata's bots keep their own generator, seeded by the episode."""
        super()._seed_opponents(game_seed)
        self._opponents.reseed(game_seed)

    def _step_reward(self, before: GameState, seat: int) -> float:
        """The pack's reward: the result at the end, and the shaped change (over the bots' decisions too) if asked
        for."""
        return step_reward(self.engine, before, self.state, self.shaped_rewards)

    def _legal(self) -> LegalIndices:
        """The agent's legal actions now with their indices (worked out once per state)."""
        return self.table.action_space.legal(self.engine, self.state, self.seat)

    def observe_into(
        self,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        marked: npt.NDArray[np.intp] | None = None,
    ) -> npt.NDArray[np.intp]:
        """Write the agent's observation vector and action mask into preallocated arrays (a batch's rows), and
        return the indices marked legal. With ``marked``, the indices this mask was last marked at (its other
        entries being zero), only those are cleared, not the whole mask."""
        seen = self.table.seat_vector(self.engine, self.seat)
        seen.update(self.state)
        observation[:] = seen.vector
        if marked is None:
            action_mask.fill(0)
        else:
            action_mask[marked] = 0
        legal = self._legal().indices
        action_mask[legal] = 1
        return legal

    def _observe(self) -> ObservationDict:
        vector = np.empty(self.table.encoder.size, dtype=np.float32)
        mask = np.empty(self.table.action_space.num_distinct_actions, dtype=np.int8)
        self.observe_into(vector, mask)
        return {"observation": vector, "action_mask": mask}

    def _info(self, action_mask: npt.NDArray[np.generic]) -> dict[str, object]:
        """The info of a step: a copy of the action mask, and the round."""
        return {"action_mask": action_mask.copy(), "round": self.state.round}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), a picture (``rgb_array``) or printed (``human``, which also writes the
        board's SVG to ``render_path`` if one is given): :data:`armata_rules.adapters.table.RENDER_MODES`. In
        ``human`` mode ``reset`` and ``step`` render by themselves, as Gymnasium expects."""
        return render(self.render_mode, self.engine, self.state, self.last_action, self.render_path)


#: The id this module registers with Gymnasium.
ENV_ID = "ArmataStrigoi-v0"
#: The registered truncation, in the agent's decisions: well beyond the longest episode of a random agent measured
#: for this spec (see the Gymnasium page of the docs), so that only a game that stalls is cut.
MAX_EPISODE_STEPS = 2_000

if ENV_ID not in registry:
    register(
        id=ENV_ID,
        entry_point=f"{__name__}:ArmataSeatEnv",
        vector_entry_point="armata_rules.adapters.gymnasium_vector:ArmataVectorEnv",  # gymnasium.make_vec
        max_episode_steps=MAX_EPISODE_STEPS,
    )
