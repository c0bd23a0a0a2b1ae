"""*Władcy Nocy* passes the kernel's conformance suite (:mod:`armata_rules.kernel.testing.conformance`) on the
synthetic pack, for every number of vampires and every difficulty: seeded random games end with a legal action at
every live state, illegal actions are refused by a rule of the game's book, chance is small and well formed, play is
deterministic, actions, states, observations and records survive their serialised forms, and the numbering of actions
covers every action listed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from armata_rules.kernel.games import load
from armata_rules.kernel.testing.conformance import check_game
from armata_rules.wladcy_nocy.context import new_context
from armata_rules.wladcy_nocy.engine import WLADCY_NOCY
from armata_rules.wladcy_nocy.readings import READINGS
from tests.wladcy_nocy.helpers import SYNTHETIC

VAMPIRES = ("nevena", "laszlo", "mila", "imre", "ishtvan")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_game_conforms_for_every_number_of_vampires_and_difficulty(n: int) -> None:
    contexts = [
        new_context(VAMPIRES[:n], difficulty=difficulty, content=SYNTHETIC, seed=10 * n + index)
        for index, difficulty in enumerate(("easy", "medium", "hard"))
    ]
    assert check_game(WLADCY_NOCY, contexts, seeds=2) > 100


def test_the_game_is_registered_and_declared() -> None:
    assert load("wladcy_nocy") is WLADCY_NOCY
    assert WLADCY_NOCY.seats == range(2, 6)
    script = "from armata_rules.kernel.games import load; print(load('wladcy_nocy'))"  # through the entry point
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "<GameDefinition wladcy_nocy (Władcy Nocy), seats 2-5>"


def test_the_game_conforms_under_the_other_side_of_every_reading() -> None:
    """Every reading and interpretation at its second option (the minion supply at station_from_supply, and at
    nine_always where it can be played): still a game the kernel can run."""
    other = {name: r.options[1] for name, r in READINGS.readings.items() if len(r.options) > 1}
    contexts = [
        new_context(
            VAMPIRES[:n], difficulty="hard", content=SYNTHETIC, seed=n, ruleset=other | {"minion_supply": supply}
        )
        for n, supply in (
            (2, "station_from_supply"),
            (3, "nine_always"),
            (4, "station_from_supply"),
            (5, "nine_always"),
        )
    ]
    assert check_game(WLADCY_NOCY, contexts, seeds=1) > 100
