"""One seat's observation vector kept up to date from state to state, for the learning adapters' inner loop.

:class:`SeatVector` gives exactly ``encoder.encode(observe(ctx, state, seat))`` (a test compares the two on random
play, every seat, games interleaved), without building the :class:`~armata_rules.observation.Observation`: a state
shares every hero, stack, Strigoi line-up and board that did not change with the state before it, so the vector is
split into parts, each tied to the object it was written from, and a part is rewritten only when its object is
another one. What changes at almost every decision (the round, who decides, the blood points, the fight tokens and
order: :meth:`~armata_rules.encoding.ObservationEncoder.head_entries`) is rewritten every time. What a seat may see is
decided by :mod:`armata_rules.observation`'s own helpers, so the hidden stays hidden in both paths.

Every part of a state is worked out before any is written, so a state the encoder refuses (a value no vocabulary
knows, an id twice) raises ``ValueError`` and leaves the vector as it was, still that of the last state given.
"""

from __future__ import annotations

import operator
from typing import SupportsIndex

import numpy as np
import numpy.typing as npt

from armata_rules.encoding import ObservationEncoder
from armata_rules.observation import (
    STACKS,
    board_seen,
    hero_view,
    secret_choice,
    stack_view,
    state_stacks,
    strigoi_seen,
)
from armata_rules.state import GameState

__all__ = ["SeatVector"]

_Indices = npt.NDArray[np.intp]
_Values = npt.NDArray[np.float32]
_NOTHING: _Indices = np.zeros(0, dtype=np.intp)


class SeatVector:
    """The observation vector of ``seat`` (see the module docstring): :meth:`update` to a state, then read
    :attr:`vector` (owned by this object: copy it to keep it) or ask :meth:`of` for a copy."""

    __slots__ = ("_at", "_encoder", "_keys", "_players", "_seat", "vector")

    def __init__(self, encoder: ObservationEncoder, seat: SupportsIndex) -> None:
        seat = operator.index(seat)  # a NumPy integer too
        if not 0 <= seat < encoder.players:
            raise ValueError(f"there is no seat {seat}; seats are 0..{encoder.players - 1}")
        self._encoder = encoder
        self._seat = seat
        self._players = encoder.players
        #: The vector of the last state given (all zeros before the first).
        self.vector: _Values = np.zeros(encoder.size, dtype=np.float32)
        # per part (the heroes', the stacks', the head, the Strigoi, the board): the object it was written
        # from (None: not written) and the indices it wrote
        parts = self._players + len(STACKS) + 3
        self._keys: list[object] = [None] * parts
        self._at: list[_Indices] = [_NOTHING] * parts

    def of(self, state: GameState) -> _Values:
        """A new array holding the seat's observation vector of ``state``."""
        self.update(state)
        return self.vector.copy()

    def update(self, state: GameState) -> None:
        """Bring :attr:`vector` to the seat's observation of ``state``: only the parts whose objects changed are
        rewritten (``ValueError``, and nothing written, for a state the encoder refuses)."""
        encoder, players, keys = self._encoder, self._players, self._keys
        heroes = state.heroes
        if len(heroes) != players:
            raise ValueError(f"the state has {len(heroes)} heroes; this encoder is for {players}")
        # every rewritten part, its new key and its new entries (hero and stack parts come checked by the encoder)
        changed: list[tuple[int, object, _Indices, _Values]] = []
        visible_choices = not secret_choice(state)
        seat = self._seat
        for block, hero in enumerate(heroes):
            own = block == seat
            visible = own or visible_choices
            known = keys[block]
            if not (isinstance(known, tuple) and known[0] is hero and known[1] == visible):
                part = encoder.block_arrays(hero_view(hero, block, own, visible), block)
                changed.append((block, (hero, visible), part[2], part[3]))
        for block, stack in enumerate(state_stacks(state), start=players):
            if keys[block] is not stack:
                part = encoder.block_arrays(stack_view(stack), block)
                changed.append((block, stack, part[2], part[3]))
        at, values = encoder.head_entries(
            seat,
            state.round,
            state.to_act,
            state.blood,
            state.fight_tokens,
            state.attack_marker,
            state.order,
            None if state.outcome is None else state.outcome.value,
        )
        head = players + len(STACKS)
        changed.append((head, None, *_checked(encoder, at, values)))  # rewritten every time: no key kept
        if keys[head + 1] is not state.strigoi:
            at, values = encoder.strigoi_entries(tuple(map(strigoi_seen, state.strigoi)))
            changed.append((head + 1, state.strigoi, *_checked(encoder, at, values)))
        board = state.board
        if keys[head + 2] is not board:
            at, values = encoder.board_entries(*board_seen(board))
            changed.append((head + 2, board, *_checked(encoder, at, values)))
        vector, written = self.vector, self._at
        for slot, key, indices, numbers in changed:
            vector[written[slot]] = 0.0
            vector[indices] = numbers
            written[slot] = indices
            keys[slot] = key


def _checked(encoder: ObservationEncoder, at: list[int], values: list[int]) -> tuple[_Indices, _Values]:
    """A part's entries as arrays, checked by the encoder (``ValueError`` for an index twice)."""
    numbers = np.array(values, dtype=np.float32)
    encoder.check_entries(at, numbers)
    return np.array(at, dtype=np.intp), numbers
