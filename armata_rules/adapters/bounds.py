"""The bounds of every entry of the observation vector, derived from the game's components and tables.

Gymnasium and PettingZoo declare an observation space; its ``high`` should say what a value can really reach, so
that a learner normalising by it gets the scale right. Every entry of
:class:`armata_rules.encoding.ObservationEncoder`'s vector is at least ``0``; its upper bound comes from the
field's encoding and name (:meth:`~armata_rules.encoding.ObservationEncoder.layout`):

- one-hot entries and flags (``has_chosen``, ``defeated``, ``supreme``, ``attack_marker``): ``1``;
- position codes: the length of the field, one entry per id: a collection of distinct ids holds at most that many,
  so its last position is at most that number;
- ``hand_size`` and ``discard_size``: the number of distinct card ids (action, advanced and reward cards);
- a Strigoi's ``wounds``: the larger existence of its card's two sides (a wound beyond it defeats it first);
- ``blood.supply`` and ``blood.inferno``: the blood points of the game (they only move between supply, altar and
  inferno); ``blood.altar``: the altar's cap (peg19.en:880) when it is lower;
- a stack's ``size``: the number of components of that kind in the pack;
- ``round``: unbounded (``inf``): the rules end a game only when a side wins, and nothing proves that a side must.

A count field this module does not know is refused with ``ValueError``, so a new field of the encoder cannot get
a bound by accident.
"""

from __future__ import annotations

import re

import numpy as np
import numpy.typing as npt

from armata_rules.encoding import ObservationEncoder
from armata_rules.engine import Game

__all__ = ["observation_high"]

_FLAGS = ("has_chosen", "defeated", "supreme", "attack_marker")


def _count_high(name: str, encoder: ObservationEncoder, game: Game) -> float:
    """The bound of the count field ``name``."""
    field = name.rpartition(".")[2]
    blood = game.initial_state().blood
    total_blood = blood.supply + blood.altar + blood.inferno
    stack = re.fullmatch(r"stacks\.(\w+)\.size", name)
    if field in _FLAGS:
        return 1.0
    if name == "round":
        return float(np.inf)
    if field in ("hand_size", "discard_size"):
        return float(len(encoder.cards))
    if re.fullmatch(r"strigoi\[\d+\]\.wounds", name):
        return float(max(max(card.side.existence, card.supreme.existence) for card in game.pack.strigoi))
    if name in ("blood.supply", "blood.inferno"):
        return float(total_blood)
    if name == "blood.altar":
        return float(min(total_blood, game.ctx.altar_cap))
    if stack is not None and stack.group(1) in encoder.stack_ids:
        return float(len(encoder.stack_ids[stack.group(1)]))
    raise ValueError(f"observation field {name}: a count with no known bound (armata_rules.adapters.bounds)")


def observation_high(encoder: ObservationEncoder, game: Game) -> npt.NDArray[np.float32]:
    """The upper bound of every entry of ``encoder``'s vector for ``game`` (see the module docstring)."""
    high = np.zeros(encoder.size, dtype=np.float32)
    for segment in encoder.layout():
        if segment.encoding == "one-hot":
            bound = 1.0
        elif segment.encoding == "position":
            bound = float(segment.length)
        elif segment.encoding == "count":
            bound = _count_high(segment.name, encoder, game)
        else:
            raise ValueError(f"observation field {segment.name}: unknown encoding {segment.encoding!r}")
        high[segment.start : segment.start + segment.length] = bound
    return high
