"""One seat as a Gymnasium environment; the other seats are played by a bot (extra ``[gymnasium]``).

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
from gymnasium import Env, spaces

from armata_rules.actions import Action
from armata_rules.adapters.table import (
    IllegalActionError,
    IllegalActionPolicy,
    Table,
    render,
    step_reward,
)
from armata_rules.encoding import legal_actions_of
from armata_rules.engine import Game
from armata_rules.sim.bots import Bot, make_bot
from armata_rules.state import GameState

__all__ = ["ArmataSeatEnv"]

ObservationDict = dict[str, npt.NDArray[np.generic]]
RENDER_MODES = ("ansi", "rgb_array", "human")


class ArmataSeatEnv(Env[ObservationDict, np.int64]):
    """The game from one seat (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        table: Table | None = None,
        *,
        heroes: Sequence[str] | None = None,
        seat: int = 0,
        opponents: str = "greedy",
        render_mode: str | None = None,
        render_path: str | Path = "armata.svg",
        max_steps: int | None = None,
        shaped_rewards: bool = False,
        illegal_action: IllegalActionPolicy = "lose",
    ) -> None:
        self.table = Table.given(table, heroes)
        if not 0 <= seat < self.table.players:
            raise ValueError(f"seat must be 0..{self.table.players - 1}; got {seat}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None; got {render_mode!r}")
        make_bot(opponents, random.Random(0))  # refuses an unknown bot name now
        self.seat = seat
        self.opponents = opponents
        self.render_mode = render_mode
        self.render_path = Path(render_path)
        self.max_steps = max_steps
        self.shaped_rewards = shaped_rewards
        self.illegal_action = illegal_action
        actions = self.table.action_space.num_distinct_actions
        self.observation_space = spaces.Dict(  # type: ignore[assignment]  # gymnasium types Dict with Any
            {
                "observation": spaces.Box(
                    low=0.0, high=self.table.encoder.high, shape=(self.table.encoder.size,), dtype=np.float32
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
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[ObservationDict, SupportsFloat, bool, bool, dict[str, object]]:
        """The agent plays ``action`` (an index), then the bots until the agent decides again or the game ends."""
        legal = legal_actions_of(self.game, self.state, self.seat)
        space = self.table.action_space
        # an index is a Python or NumPy integer: 117.5, "117", 117.0 or np.float32(117) are not action 117
        whole = isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))
        index = int(action) if whole else -1
        chosen = space.index_to_action(index) if 0 <= index < space.num_distinct_actions else None
        if chosen is None or chosen not in legal:
            if self.illegal_action == "raise":
                raise IllegalActionError(f"seat {self.seat} cannot play action {action!r:.40} now")
            lose = self.illegal_action == "lose"
            info = self._info() | {"illegal_action": True}
            return self._observe(), -1.0 if lose else 0.0, lose, False, info
        before = self.state
        self.state = self.game.apply(self.state, chosen)
        self.last = chosen
        self.steps += 1
        self._play_others()
        reward = step_reward(self.game, before, self.state, self.shaped_rewards)
        terminated = self.state.is_over
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, self._info()

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

    def _observe(self) -> ObservationDict:
        vector = self.table.encoder.encode(self.game.observation(self.state, self.seat))
        mask = self.table.action_space.mask(legal_actions_of(self.game, self.state, self.seat)).astype(np.int8)
        return {"observation": vector, "action_mask": mask}

    def _info(self) -> dict[str, object]:
        mask = self.table.action_space.mask(legal_actions_of(self.game, self.state, self.seat)).astype(np.int8)
        return {"action_mask": mask, "round": self.state.round}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), a picture (``rgb_array``, needs resvg) or an SVG file (``human``)."""
        return render(self.render_mode, self.game, self.state, self.last, self.render_path)
