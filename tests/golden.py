"""Golden playthroughs: recorded games with the state hash after every decision, OpenSpiel style.

Each file under ``tests/data/golden/`` holds one game of one edition preset (explicit chance, so chance outcomes
are recorded as actions too) and, for every decision, the action, the hash of the state after it and the lines it
adds to the log (the log is output a player reads, outside the hash). A test
replays them; any change of behaviour, of the state's content or of the hash shows up at the first decision it
touches. Regenerating is an explicit command, never automatic::

    make golden        # or: python -m tests.golden

and the diff of ``tests/data/golden/`` then belongs in the commit that changes behaviour, with its reason.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

from armata_rules import Game, editions
from armata_rules.actions import Action, action_from_json, action_to_json
from armata_rules.sim.bots import make_bot
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

GOLDEN_DIR = Path(__file__).parent / "data" / "golden"
#: What each rule's refusals say, and the log, on the states of :mod:`tests.refusals` (see :mod:`tests.test_refusals`).
REFUSALS = GOLDEN_DIR / "refusals.json"
HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")
MAX_DECISIONS = 300


@dataclass(frozen=True, slots=True)
class GoldenGame:
    """Which game a golden file records."""

    preset: Ruleset
    players: int
    seed: int
    bot: str

    @property
    def name(self) -> str:
        """The file name."""
        return f"{self.preset.name}-{self.players}h-{self.bot}-seed{self.seed}.json"


GAMES: tuple[GoldenGame, ...] = tuple(
    GoldenGame(preset, 2 + (k % 4), 11 + k, "greedy" if k % 2 == 0 else "random")
    for k, preset in enumerate(editions.ALL)
)


def _game(spec: GoldenGame) -> Game:
    return Game.new(HEROES[: spec.players], ruleset=spec.preset, seed=spec.seed, chance="explicit")


def _new_lines(before: GameState, after: GameState) -> list[str]:
    """The log lines ``after`` adds to ``before``'s history."""
    return after.history()[len(before.history()) :]


def play(spec: GoldenGame) -> list[tuple[Action, str, list[str]]]:
    """The game's decisions (chance outcomes picked by the seeded generator), the hash after each and the log lines
    each adds."""
    game = _game(spec)
    bot = make_bot(spec.bot, random.Random(spec.seed))
    state = game.initial_state()
    out: list[tuple[Action, str, list[str]]] = []
    while not state.is_over and len(out) < MAX_DECISIONS:
        chance = game.seeded_outcome(state)
        action: Action = chance if chance is not None else bot.choose(game, state, game.legal_actions(state))
        after = game.apply(state, action)
        out.append((action, after.hash(), _new_lines(state, after)))
        state = after
    return out


def write(spec: GoldenGame) -> Path:
    """Play ``spec`` and write its golden file."""
    steps = play(spec)
    data = {
        "preset": spec.preset.name,
        "players": spec.players,
        "seed": spec.seed,
        "bot": spec.bot,
        "chance": "explicit",
        "steps": [{"action": action_to_json(a), "hash": h, "log": lines} for a, h, lines in steps],
    }
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    path = GOLDEN_DIR / spec.name
    path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return path


def replay(spec: GoldenGame) -> tuple[int, str | None]:
    """Replay ``spec``'s golden file: (decisions checked, the first difference or ``None``)."""
    data = json.loads((GOLDEN_DIR / spec.name).read_text(encoding="utf-8"))
    game = _game(spec)
    state = game.initial_state()
    for n, step in enumerate(data["steps"]):
        action = action_from_json(step["action"])
        after = game.apply(state, action)
        if after.hash() != step["hash"]:
            return n, f"decision {n} ({action}): hash {after.hash()[:12]} where the record has {step['hash'][:12]}"
        lines = _new_lines(state, after)
        if lines != step["log"]:
            return n, f"decision {n} ({action}): the log says {lines} where the record has {step['log']}"
        state = after
    return len(data["steps"]), None


def write_refusals() -> Path:
    """Record what each rule's refusals say, and the log, on the refusal test's games."""
    from tests.refusals import GAMES as REFUSAL_GAMES
    from tests.refusals import record, tried

    data = {}
    for index in range(len(REFUSAL_GAMES)):
        messages: dict[str, set[str]] = {}
        for one in tried(index):
            if one.refusal is not None:
                messages.setdefault(one.refusal.rule_id, set()).add(str(one.refusal))
        data[str(index)] = record(index, messages)
    REFUSALS.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return REFUSALS


def main() -> int:
    """Regenerate every golden file."""
    for path in [*(write(spec) for spec in GAMES), write_refusals()]:
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
