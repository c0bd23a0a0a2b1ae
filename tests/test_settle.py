"""The engine's settling loop: which frames it runs by itself, and the victory check it skips when nothing changed."""

from __future__ import annotations

import random

from armata_rules import editions
from armata_rules.frames import Automatic, DecisionKind
from armata_rules.immutable import replace
from armata_rules.rules import HANDLERS
from armata_rules.rules.handlers import AutoHandler, ChanceHandler, DecisionHandler
from armata_rules.state import Outcome
from tests.play import new_game, random_play

_HANDLER_OF_KIND = {
    DecisionKind.AUTOMATIC: AutoHandler,
    DecisionKind.CHANCE: ChanceHandler,
    DecisionKind.PLAYER: DecisionHandler,
    DecisionKind.SIMULTANEOUS: DecisionHandler,
}


def test_automatic_frames_and_only_they_have_automatic_handlers() -> None:
    for frame_type, handler in HANDLERS.items():
        assert issubclass(frame_type, Automatic) == isinstance(handler, AutoHandler), frame_type.__name__


def test_every_frame_met_has_the_handler_class_of_its_decision_kind() -> None:
    """The engine dispatches on the handler's class; a frame's ``to_act().kind`` must agree with it."""
    met = set()
    for seed, ruleset in enumerate(editions.ALL):
        game = new_game(2 + seed % 4, ruleset, seed=seed, chance="explicit")
        for state, _ in random_play(game, random.Random(seed), rounds=4):
            for frame in state.frames:
                handler = HANDLERS[type(frame)]
                assert isinstance(handler, _HANDLER_OF_KIND[frame.to_act().kind]), type(frame).__name__
                met.add(type(frame))
    assert len(met) >= 10


def test_victory_is_found_whatever_the_blood_object() -> None:
    game = new_game(3)
    state = game.initial_state()
    full = replace(state.blood, inferno=game.ctx.inferno_loss, supply=state.blood.supply - game.ctx.inferno_loss)
    assert game._settle(replace(state, blood=full)).outcome is Outcome.STRIGOI_WIN
    short = replace(full, inferno=game.ctx.inferno_loss - 1, supply=full.supply + 1)
    assert game._settle(replace(state, blood=short)).outcome is None
