"""Record random games step by step, or check that the engine still plays them identically.

A speed change must not change a rule. ``--record`` plays random games (every preset, 2-5 heroes, legal actions
chosen by a seeded generator, chance by the game's seed) and writes, for each decision, a digest of the legal
actions listed, of the state reached (its canonical JSON, hashed here so that a change of ``GameState.hash`` does
not matter) and of the newest log line. ``--check`` replays the same games on the current code and reports the
first step where anything differs.

    .venv/bin/python bench/replay_reference.py --record build/reference.json    # on the code before the change
    .venv/bin/python bench/replay_reference.py --check build/reference.json     # on the code after it

A reference recorded before a reading was added (or before a preset changed its choice) is checked with that
reading set as it was played then: ``--reading discard_timing=end_of_round`` plays every preset so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path

from armata_rules import Game, editions
from armata_rules.state import GameState
from armata_rules.variants import Ruleset

HEROES = ("Attila", "Falk Maria", "Charles", "Matthew", "Roel")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _state_digest(state: GameState) -> str:
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    last = "" if state.log is None else f"{state.log.seq}:{state.log.round}:{state.log.text}"
    return _digest(text + "\n" + last)


def play(seed: int, readings: Mapping[str, str] | None = None) -> list[str]:
    """Game ``seed``: one digest line per decision (legal actions, then the state reached); ``readings`` (name ->
    option) override the preset's."""
    preset = editions.ALL[seed % len(editions.ALL)]
    if readings:
        preset = Ruleset.from_json(preset.to_json() | dict(readings))
    game = Game.new(HEROES[: 2 + seed % 4], ruleset=preset, seed=seed)
    rng = random.Random(seed)
    state = game.initial_state()
    steps = [_state_digest(state)]
    while not state.is_over:
        actions = game.legal_actions(state)
        action = rng.choice(actions)
        state = game.apply(state, action)
        steps.append(_digest(repr(actions)) + " " + _state_digest(state))
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", type=Path, help="write the reference here")
    mode.add_argument("--check", type=Path, help="compare the current engine with this reference")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="NAME=OPTION",
        help="play every preset with this reading (repeatable), e.g. one added after the reference was recorded",
    )
    args = parser.parse_args()
    readings: dict[str, str] = {}
    for item in args.reading:
        name, _, option = item.partition("=")
        readings[name] = option
    try:
        Ruleset.from_json(editions.PEG19_EN.to_json() | readings)
    except ValueError as err:
        parser.error(f"--reading: {err}")
    if args.record is not None:
        reference = {str(seed): play(seed, readings) for seed in range(args.games)}
        args.record.parent.mkdir(parents=True, exist_ok=True)
        args.record.write_text(json.dumps(reference), encoding="utf-8")
        print(f"recorded {len(reference)} games, {sum(map(len, reference.values()))} steps in {args.record}")
        return
    reference = json.loads(args.check.read_text(encoding="utf-8"))
    failed = 0
    for seed, expected in reference.items():
        got = play(int(seed), readings)
        if got != expected:
            failed += 1
            step = next((i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b), None)
            step = min(len(got), len(expected)) if step is None else step
            print(f"game {seed}: differs at step {step} ({len(got)} steps now, {len(expected)} recorded)")
    print(f"{len(reference) - failed} of {len(reference)} games replay identically")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
