"""A Gymnasium environment for any game on the kernel (extra ``[gymnasium]``).

``KernelEnv(definition, **setup)`` plays the game ``definition`` set up by its ``setup`` hook from ``setup``. By default
(``seat=None``) the agent plays every seat: each step is the decision of the seat that decides now (the first of a
simultaneous decision, which is played seat by seat), and ``info["seat"]`` says whose decision comes next, so one policy
plays the whole table (self-play, or a cooperative game's team). With ``seat=k`` the agent plays seat ``k`` only, as
Armata's own environment does, and the kernel's bot named by ``opponents`` (:mod:`armata_rules.kernel.sim.bots`, seeded
by the episode) plays every other seat until ``k`` is among the seats the game waits on (at a simultaneous decision,
``k`` chooses first) or the game ends. Chance is resolved by the engine (``"auto"``) with the episode's seed, so
``reset(seed=...)`` and the same actions replay the same episode. The environment options (``seat``, ``opponents``,
``render_mode``, ``max_steps``, ``illegal_action``) are keywords beside the setup arguments.

Observations are dicts, as the PettingZoo environment's (:mod:`~armata_rules.kernel.adapters.pettingzoo_env`): the
observation vector of the seat that decides and its ``action_mask``; the mask is in ``info["action_mask"]`` too. The
reward comes at the end only: the ``returns`` of the seat whose decision the step was (every seat's are in
``info["returns"]``). An illegal index follows the ``illegal_action`` policy
(:data:`~armata_rules.kernel.adapters.table.IllegalActionPolicy`; ``lose`` gives ``-1``). ``max_steps`` truncates
an episode after that many of the agent's decisions. :meth:`KernelEnv.action_masks` gives the mask as booleans, for
libraries that ask an environment for it (sb3-contrib's ``MaskablePPO``).

Gymnasium's ``make`` needs an id: register one with ``gymnasium.register(id=..., entry_point=KernelEnv,
kwargs={"definition": definition, ...})``.
"""

from __future__ import annotations

import random
from typing import Generic, SupportsFloat, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import Env

from armata_rules.kernel.adapters.spaces import observation_spaces
from armata_rules.kernel.adapters.table import (
    RENDER_MODES,
    GameTable,
    IllegalActionError,
    IllegalActionPolicy,
    check_count,
    check_policy,
    check_render_mode,
    episode_seed,
    render_text,
    table_of,
    whole_index,
)
from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import Engine
from armata_rules.kernel.play.game import GameDefinition, KernelContext
from armata_rules.kernel.play.state import KernelState
from armata_rules.kernel.sim.bots import Policy, make_bot

__all__ = ["KernelEnv"]

C = TypeVar("C", bound=KernelContext)
S = TypeVar("S", bound=KernelState)

ObservationDict = dict[str, npt.NDArray[np.generic]]


class KernelEnv(Env[ObservationDict, np.int64], Generic[C, S]):
    """One game as a Gymnasium environment (see the module docstring)."""

    #: The render modes this environment offers (a game's subclass may draw more, as Armata's ``rgb_array``).
    render_modes: tuple[str, ...] = RENDER_MODES

    def __init__(
        self,
        definition: GameDefinition[C, S] | GameTable[C, S],
        *,
        seat: int | None = None,
        opponents: str | Policy = "random",
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal_action: IllegalActionPolicy = "lose",
        **setup: object,
    ) -> None:
        self.table: GameTable[C, S] = table_of(definition, setup)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.table.seats):
            raise ValueError(f"seat must be None or 0 to {self.table.seats - 1}; got {seat!r:.40}")
        self.seat = seat
        self.bot: Policy = make_bot(opponents) if isinstance(opponents, str) else opponents
        self.render_mode = check_render_mode(render_mode, self.render_modes)
        self.illegal_action = check_policy(illegal_action)
        self.max_steps = check_count("max_steps", max_steps)
        self.metadata = {"render_modes": list(self.render_modes), "render_fps": 1}
        observation_space, action_space = observation_spaces(self.table)
        self.observation_space = observation_space  # type: ignore[assignment]  # gymnasium types Dict with Any
        self.action_space = action_space
        self.engine: Engine[C, S] = self.table.engine()
        self.state: S = self.engine.initial_state()
        self.rng = random.Random(0)
        self.steps = 0
        self.last_action: Action | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, object] | None = None
    ) -> tuple[ObservationDict, dict[str, object]]:
        """A new episode (played by the opponents up to the agent's first decision, with ``seat``)."""
        super().reset(seed=seed)
        game_seed = episode_seed(self.np_random)
        self.engine = self.table.engine(game_seed)
        self._seed_opponents(game_seed)
        self.state = self.engine.initial_state()
        self.steps = 0
        self.last_action = None
        self._play_others()
        if self.render_mode == "human":
            self.render()
        observation = self._observe()
        return observation, self._info(observation["action_mask"])

    def _seed_opponents(self, game_seed: int) -> None:
        """Seed the opponents' choices for the episode of ``game_seed`` (a game whose bots keep their own generator
        makes them anew here)."""
        self.rng = random.Random(game_seed)

    def step(self, action: np.int64 | int) -> tuple[ObservationDict, SupportsFloat, bool, bool, dict[str, object]]:
        """The deciding seat plays ``action`` (an index of the action space); with ``seat``, the opponents then
        play until the agent decides again or the game ends."""
        reward, terminated, truncated, illegal = self.advance(action)
        observation = self._observe()
        info = self._info(observation["action_mask"])
        if illegal:
            info["illegal_action"] = True
        return observation, reward, terminated, truncated, info

    def advance(self, action: object) -> tuple[float, bool, bool, bool]:
        """:meth:`step` without the observation, for a caller that writes it elsewhere (a vector environment): the
        reward, whether the episode terminated, whether it was truncated, and whether ``action`` was illegal (then,
        as the ``illegal_action`` policy says, nothing was played or this raised)."""
        deciding = self._deciding()
        chosen = self.table.legal_action(self.engine, self.state, deciding, whole_index(action))
        if chosen is None:
            self._refuse(deciding, action)
            lose = self.illegal_action == "lose"
            return -1.0 if lose else 0.0, lose, False, True
        before = self.state
        self.state = self.engine.apply(before, chosen)
        self.last_action = chosen
        self.steps += 1
        self._play_others()
        terminated = self.state.outcome is not None
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        reward = self._step_reward(before, deciding)
        if self.render_mode == "human":
            self.render()
        return reward, terminated, truncated, False

    def _step_reward(self, before: S, seat: int) -> float:
        """The reward of the step that led from ``before`` (the agent's decision, and the opponents' after it) for
        the agent deciding for ``seat``: its return once the game is over, ``0`` before. A game's subclass may shape
        it."""
        return self.table.returns(self.engine, self.state)[seat] if self.state.outcome is not None else 0.0

    def _deciding(self) -> int:
        """The seat the agent decides for now: its own with ``seat``, else the seat that decides (0 once the game is
        over)."""
        if self.seat is not None:
            return self.seat
        seat = self.table.decider(self.state)
        return 0 if seat is None else seat

    def _refuse(self, seat: int, action: object) -> None:
        """:class:`IllegalActionError` for ``seat``'s illegal ``action`` if the policy is ``raise``."""
        if self.illegal_action != "raise":
            return
        to_act = self.table.to_act(self.state)
        decision = to_act.decision if to_act is not None else "the end"
        raise IllegalActionError(
            f"{self.table.definition.id}: seat {seat} cannot play action {action!r:.40} at {decision} "
            f"(step {self.steps}): not one of its legal action indices"
        )

    def _play_others(self) -> None:
        """With ``seat``, the opponents' bot decides until the agent's seat is one the game waits on, or the game
        ends: at a simultaneous decision the agent chooses as soon as it begins, before the bots."""
        if self.seat is None:
            return
        while True:
            to_act = self.table.to_act(self.state)
            if to_act is None or self.seat in to_act.seats:
                return
            seat = self.table.decider(self.state)  # RuntimeError if a live state waits on nobody (an engine defect)
            if seat is None:
                return
            actions = [*self.table.legal(self.engine, self.state, seat).by_index.values()]
            self.state = self.engine.apply(self.state, self.bot.choose(self.engine, self.state, actions, self.rng))

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal action indices of the seat the agent decides for, as booleans: the entries of the observation's
        ``action_mask``, ``True`` where it is ``1`` (all ``False`` once the game is over). It is the method that
        sb3-contrib's ``MaskablePPO`` asks an environment for (through Gymnasium's wrappers, by
        ``get_wrapper_attr("action_masks")``)."""
        return self.table.mask(self.engine, self.state, self._deciding()).view(np.bool_)

    def _observe(self) -> ObservationDict:
        seat = self._deciding()
        return {
            "observation": self.table.vector(self.engine, self.state, seat),
            "action_mask": self.table.mask(self.engine, self.state, seat),
        }

    def _info(self, action_mask: npt.NDArray[np.generic]) -> dict[str, object]:
        """The info of a step: a copy of the action mask, the seat that decides, the round, and every seat's
        returns once the game is over."""
        info: dict[str, object] = {
            "action_mask": action_mask.copy(),
            "seat": self._deciding(),
            "round": self.state.round,
        }
        if self.state.outcome is not None:
            info["returns"] = self.table.returns(self.engine, self.state)
        return info

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The state as text (``ansi``), or printed (``human``, which ``reset`` and ``step`` do by themselves); a
        game's subclass may also draw it (an ``rgb_array``)."""
        return render_text(self.render_mode, self.table, self.engine, self.state, self.last_action)
