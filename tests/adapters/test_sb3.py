"""The one-seat Gymnasium environment with sb3-contrib's ``MaskablePPO``, the masked policy-gradient learner of the
most used RL library: it learns a little and then predicts only legal actions, reading ``action_masks()`` through
``gymnasium.make``'s wrappers. Not part of any extra (it needs PyTorch): the test runs where ``sb3-contrib`` is
installed, and is skipped elsewhere.

    .venv/bin/pip install torch sb3-contrib && .venv/bin/pytest tests/adapters/test_sb3.py
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("sb3_contrib")

import gymnasium
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks

from armata_rules.adapters.gymnasium_env import ENV_ID


def test_maskable_ppo_learns_and_predicts_only_legal_actions() -> None:
    env = gymnasium.make(ENV_ID, heroes=["Attila", "Roel"], opponents="random")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0)
    model.learn(128)  # its rollouts read the masks of the vectorised environment it wraps env in
    assert get_action_masks(model.get_env()).shape == (1, env.action_space.n)
    observation, _ = env.reset(seed=1)
    for _ in range(60):
        masks = env.get_wrapper_attr("action_masks")()
        action, _ = model.predict(observation, action_masks=masks)
        assert masks[int(action)], f"MaskablePPO chose illegal action {int(action)}"
        observation, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            observation, _ = env.reset()
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), observation["action_mask"] == 1)
