"""Bots for any game on the kernel: a policy that picks one of the legal actions of a state.

A bot sees the engine, the state and the legal actions listed for it (in the engine's stable order), and a random
generator of its own, seeded from the game's spec, so a game played by bots is a pure function of its seed. A bot
decides for whoever is to act (a cooperative game's table plays as one team); a game's own bots (greedy play, a
scripted line) are written to the same :class:`Policy` protocol and offered by name beside the kernel's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from armata_rules.kernel.play.actions import Action
from armata_rules.kernel.play.engine import Engine

__all__ = ["BOTS", "FirstBot", "Policy", "RandomBot", "bot_names", "make_bot"]


class Policy(Protocol):
    """A policy: one of ``actions`` (never empty), the legal actions of ``state``."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """The action to take."""


class RandomBot:
    """Uniformly at random among the legal actions: the baseline every game has."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]


class FirstBot:
    """Always the first legal action in the engine's order: a deterministic bot that needs no generator."""

    def choose(self, engine: Engine[Any, Any], state: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        return actions[0]


#: The kernel's bots, by name; a game adds its own (:func:`make_bot`'s ``extra``).
BOTS: Mapping[str, Callable[[], Policy]] = {"first": FirstBot, "random": RandomBot}


def bot_names(extra: Mapping[str, Callable[[], Policy]] | None = None) -> tuple[str, ...]:
    """Every bot name, the kernel's and ``extra``, sorted."""
    return tuple(sorted({*BOTS, *(extra or {})}))


def make_bot(name: str, extra: Mapping[str, Callable[[], Policy]] | None = None) -> Policy:
    """The bot called ``name`` (a game's ``extra`` bots first); ``ValueError`` listing the names for another."""
    found = (extra or {}).get(name) or BOTS.get(name)
    if found is None:
        raise ValueError(f"unknown bot {name!r:.40}; bots: {', '.join(bot_names(extra))}")
    return found()
