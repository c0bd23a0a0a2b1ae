"""Same seed, same games: in every process, whatever ``PYTHONHASHSEED`` is.

The first release iterated a frozenset of strings (the layout's border corridors) into the order of every space's
exits, so ``legal_actions`` and therefore whole games changed from one process to the next.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from armata_rules import Game, editions
from armata_rules.board.loader import default_layout
from armata_rules.sim.runner import GameSpec, play

HASH_SEEDS = ("0", "1", "7", "12345")


def _simulate(hash_seed: str, *args: str) -> dict[str, object]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run(
        [sys.executable, "-m", "armata_rules.cli", "simulate", *args, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    data = json.loads(out.stdout)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_simulate_is_identical_under_every_hash_seed(bot: str) -> None:
    runs = [_simulate(h, "--heroes", "3", "--games", "3", "--seed", "1", "--bot", bot) for h in HASH_SEEDS]
    first = runs[0]
    details = first["games_detail"]
    assert isinstance(details, list) and len(details) == 3
    assert all(len(str(g["final_hash"])) == 64 for g in details)
    for other in runs[1:]:
        assert other == first


def test_exits_are_listed_in_direction_order_under_every_hash_seed() -> None:
    script = (
        "from armata_rules import Game, editions\n"
        "g = Game.new(['Attila', 'Roel'], ruleset=editions.PEG19_EN, seed=3)\n"
        "s = g.initial_state()\n"
        "f = g.fortress\n"
        "print([f.neighbours(sid, s.board) for sid in sorted(f.view(s.board).cells)])\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env=dict(os.environ, PYTHONHASHSEED=h),
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for h in HASH_SEEDS
    }
    assert len(outputs) == 1


def test_static_corridors_are_sorted() -> None:
    game = Game.new(["Attila", "Roel"], ruleset=editions.PEG19_EN, seed=0, layout=default_layout())
    edges = game.fortress._static_edges
    assert list(edges) == sorted(edges)


def test_play_game_reports_the_decision_cap() -> None:
    result = play(GameSpec(editions.PEG19_EN, 3, seed=4, bot="random", max_decisions=25))
    assert result.outcome == "unfinished"
    assert result.ended_by == "decision cap"
    assert result.decisions == 25
