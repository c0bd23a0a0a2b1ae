"""One seat as a Gymnasium environment; the other seats are played by a bot (extra ``[gymnasium]``).

Importing this module registers it with Gymnasium as ``ArmataStrigoi-v0`` (:data:`ENV_ID`; Gymnasium 1.0 dropped
the entry-point plugins, so registration is on import), so ``gymnasium.make("ArmataStrigoi-v0", heroes=[...])``
works after ``import armata_rules.adapters.gymnasium_env``, and
``gymnasium.make("armata_rules.adapters.gymnasium_env:ArmataStrigoi-v0")`` imports it itself. The keyword arguments
of ``make`` are those of :class:`ArmataSeatEnv`; the registered spec truncates an episode after
:data:`MAX_EPISODE_STEPS` of the agent's decisions (``max_episode_steps=`` changes it).

The agent controls ``seat``; whenever another seat decides, the chosen bot of :mod:`armata_rules.sim.bots`
(``greedy`` or ``random``, seeded by the episode) plays for it, and chance is resolved by the episode's seed, so
``reset(seed=...)`` and the same actions replay the same episode. ``step`` returns once the controlled seat must
decide again or the game is over.

Observations are dicts like PettingZoo's (:mod:`armata_rules.adapters.pettingzoo_env`): the seat's observation
vector and its ``action_mask``; the mask is in ``info["action_mask"]`` too. The reward is the pack's: ``+1`` or
``-1`` at the end, shaped rewards (summed over the bots' decisions too) only with ``shaped_rewards=True``.
``max_steps`` truncates an episode after that many of the agent's decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import SupportsFloat

import numpy as np
import numpy.typing as npt
from gymnasium import Env, register, registry, spaces

from armata_rules.actions import Action
from armata_rules.adapters.table import (
    RENDER_MODES,
    IllegalActionError,
    IllegalActionPolicy,
    Table,
    render,
    step_reward,
)
from armata_rules.encoding import LegalIndices, legal_actions_of
from armata_rules.engine import Game
from armata_rules.sim.bots import Bot, make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

__all__ = ["ENV_ID", "MAX_EPISODE_STEPS", "ArmataSeatEnv"]

ObservationDict = dict[str, npt.NDArray[np.generic]]


class ArmataSeatEnv(Env[ObservationDict, np.int64]):
    """The game from one seat (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (gymnasium declares it so)

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
        self.table = Table.given(table, heroes, ruleset)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0..{self.table.players - 1}; got {seat}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None; got {render_mode!r}")
        make_bot(opponents, random.Random(0))  # refuses an unknown bot name now
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.render_path = None if render_path is None else Path(render_path)
        self.max_steps = max_steps
        self.shaped_rewards = shaped_rewards
        self.illegal_action = illegal_action
        actions = self.table.action_space.num_distinct_actions
        self.observation_space = spaces.Dict(  # type: ignore[assignment]  # gymnasium types Dict with Any
            {
                "observation": spaces.Box(
                    low=0.0, high=self.table.observation_high, shape=(self.table.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(actions)
        self.game: Game = self.table.game(0)
        self.state: GameState = self.game.initial_state()
        self.bot: Bot = make_bot(opponents, random.Random(0))
        self.steps = 0
        self.last: Action | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[ObservationDict, dict[str, object]]:
        """A new episode, played by the bots up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.game = self.table.game(game_seed)
        self.bot = make_bot(self.opponents, random.Random(game_seed))
        self.state = self.game.initial_state()
        self.steps = 0
        self.last = None
        self._play_others()
        if self.render_mode == "human":
            self.render()
        observation = self._observe()
        return observation, self._info(observation["action_mask"])

    def step(self, action: np.int64 | int) -> tuple[ObservationDict, SupportsFloat, bool, bool, dict[str, object]]:
        """The agent plays ``action`` (an index), then the bots until the agent decides again or the game ends."""
        reward, terminated, truncated, illegal = self.advance(action)
        observation = self._observe()
        info = self._info(observation["action_mask"])
        if illegal:
            info["illegal_action"] = True
        return observation, reward, terminated, truncated, info

    def advance(self, action: object) -> tuple[float, bool, bool, bool]:
        """:meth:`step` without the observation, for a caller that writes it elsewhere (the vector environment):
        the reward, whether the episode terminated, whether it was truncated, and whether ``action`` was illegal
        (then, as the ``illegal_action`` policy says, nothing was played or this raised)."""
        # an index is a Python or NumPy integer: 117.5, "117", 117.0 or np.float32(117) are not action 117
        whole = isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
        chosen = self._legal().by_index.get(int(action)) if whole else None  # type: ignore[call-overload]
        if chosen is None:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"seat {self.seat} cannot play action {action!r:.40} now")
            lose = self.illegal_action == "lose"
            return -1.0 if lose else 0.0, lose, False, True
        before = self.state
        self.state = self.game.apply(self.state, chosen)
        self.last = chosen
        self.steps += 1
        self._play_others()
        reward = step_reward(self.game, before, self.state, self.shaped_rewards)
        terminated = self.state.is_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        if self.render_mode == "human":
            self.render()
        return reward, terminated, truncated, False

    def _play_others(self) -> None:
        """The bots decide until the agent's seat does, or the game ends."""
        while not self.state.is_over and self.seat not in self.state.to_act.seats:
            seat = self.state.to_act.seats[0] if self.state.to_act.seats else None
            if seat is None:
                raise RuntimeError(
                    f"the engine stopped with nobody to decide at {self.state.to_act} (an engine defect)"
                )
            actions = legal_actions_of(self.game, self.state, seat)
            self.state = self.game.apply(self.state, self.bot.choose(self.game, self.state, actions))

    def _legal(self) -> LegalIndices:
        """The agent's legal actions now with their indices (worked out once per state)."""
        return self.table.action_space.legal(self.game, self.state, self.seat)

    def observe_into(
        self,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        marked: npt.NDArray[np.intp] | None = None,
    ) -> npt.NDArray[np.intp]:
        """Write the agent's observation vector and action mask into preallocated arrays (a batch's rows), and
        return the indices marked legal. With ``marked``, the indices this mask was last marked at (its other
        entries being zero), only those are cleared, not the whole mask."""
        self.table.encoder.encode_into(self.game.observation(self.state, self.seat), observation)
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
        return render(self.render_mode, self.game, self.state, self.last, self.render_path)


#: The id this module registers with Gymnasium.
ENV_ID = "ArmataStrigoi-v0"
#: The registered truncation, in the agent's decisions: well beyond the longest episode of a random agent measured
#: for this spec (see the Gymnasium page of the docs), so that only a game that stalls is cut.
MAX_EPISODE_STEPS = 2_000

if ENV_ID not in registry:
    register(id=ENV_ID, entry_point=f"{__name__}:ArmataSeatEnv", max_episode_steps=MAX_EPISODE_STEPS)
