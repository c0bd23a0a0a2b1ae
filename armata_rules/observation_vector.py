"""One seat's observation vector kept up to date from state to state, for the learning adapters' inner loop.

:class:`SeatVector` gives exactly ``encoder.encode(observe(ctx, state, seat))`` (a test compares the two on random
play, every seat, games interleaved), without building the :class:`~armata_rules.observation.Observation`. A state
shares every part that did not change with the state before it, so the vector is kept field by field where a
decision changes little, and part by part where it changes all or nothing:

- the head (the seat, the round, who decides, the blood points, the fight tokens and order, the outcome) and each
  hero are kept **field by field**: a field is written again only when its value is another one. A hero the state
  shares with the last one is not even looked at; a hero who only moved rewrites one field, its position;
- each stack, the Strigoi and the board are kept **whole**, each tied to the object it was written from, and
  written again when the state holds another object. Their entries come from the encoder, which keeps them by that
  object's identity: every seat sees these parts alike, so the first seat to meet a new one encodes it for all.

What a seat may see is decided by :mod:`armata_rules.observation`'s own helpers (:func:`hero_seen`, ``stack_view``,
``strigoi_seen``, ``secret_choice``), and the entries by the encoder's (:meth:`ObservationEncoder.field_entries`
and the part entries), so the hidden stays hidden and the numbers are the encoder's in both paths.

Every change is worked out before any is written, so a state the encoder refuses (a value no vocabulary knows, an id
twice) raises ``ValueError`` and leaves the vector as it was, still that of the last state given.
"""

from __future__ import annotations

import operator
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from armata_rules.encoding import BOARD_PART, STRIGOI_PART, ObservationEncoder
from armata_rules.observation import STACKS, hero_seen, secret_choice, stack_view, state_stacks
from armata_rules.state import GameState

__all__ = ["SeatVector"]

_Indices = npt.NDArray[np.intp]
_Values = npt.NDArray[np.float32]
_NOTHING: _Indices = np.zeros(0, dtype=np.intp)
#: A field not written yet (no field holds this object).
_UNWRITTEN = object()
#: A field to rewrite: its slot, its new value, and the indices and values of its nonzero entries.
_Field = tuple[int, object, list[int], list[Any]]


class SeatVector:
    """The observation vector of ``seat`` (see the module docstring): :meth:`update` to a state, then read
    :attr:`vector` (owned by this object: copy it to keep it) or ask :meth:`of` for a copy."""

    __slots__ = (
        "_at",
        "_encoder",
        "_hero_slots",
        "_heroes",
        "_keys",
        "_players",
        "_seat",
        "_seen",
        "_specs",
        "_written",
        "vector",
    )

    def __init__(self, encoder: ObservationEncoder, seat: SupportsIndex) -> None:
        seat = operator.index(seat)  # a NumPy integer too
        if not 0 <= seat < encoder.players:
            raise ValueError(f"there is no seat {seat}; seats are 0..{encoder.players - 1}")
        self._encoder = encoder
        self._seat = seat
        self._players = encoder.players
        #: The vector of the last state given (all zeros before the first).
        self.vector: _Values = np.zeros(encoder.size, dtype=np.float32)
        # the field slots (the head's, then each hero's): how each is written, the value it holds and its indices
        self._specs = list(encoder.head_fields())
        #: the first field slot of each hero
        self._hero_slots: list[int] = []
        for block in range(self._players):
            self._hero_slots.append(len(self._specs))
            self._specs += encoder.hero_fields(block)
        self._seen: list[object] = [_UNWRITTEN] * len(self._specs)
        self._written: list[list[int]] = [[] for _ in self._specs]
        # per hero: the hero state and the visibility of its chosen card its fields were last compared for
        self._heroes: list[tuple[object, bool] | None] = [None] * self._players
        # per whole part (the stacks, the Strigoi, the board): the object it was written from and its indices
        parts = len(STACKS) + 2
        self._keys: list[object] = [None] * parts
        self._at: list[_Indices] = [_NOTHING] * parts

    def of(self, state: GameState) -> _Values:
        """A new array holding the seat's observation vector of ``state``."""
        self.update(state)
        return self.vector.copy()

    def update(self, state: GameState) -> None:
        """Bring :attr:`vector` to the seat's observation of ``state``: only the fields and parts that changed are
        rewritten (``ValueError``, and nothing written, for a state the encoder refuses)."""
        encoder, players = self._encoder, self._players
        heroes = state.heroes
        if len(heroes) != players:
            raise ValueError(f"the state has {len(heroes)} heroes; this encoder is for {players}")
        seat = self._seat
        # every field to rewrite: its slot, its new value and entries
        fields: list[_Field] = []
        head = encoder.head_values(
            seat,
            state.round,
            state.to_act,
            state.blood,
            state.fight_tokens,
            state.attack_marker,
            state.order,
            None if state.outcome is None else state.outcome.value,
        )
        self._compare(0, head, fields)
        visible_choices = not secret_choice(state)
        looked_at: list[tuple[int, tuple[object, bool]]] = []
        for block, hero in enumerate(heroes):
            own = block == seat
            visible = own or visible_choices
            known = self._heroes[block]
            if known is None or known[0] is not hero or known[1] != visible:
                self._compare(self._hero_slots[block], hero_seen(hero, own, visible), fields)
                looked_at.append((block, (hero, visible)))
        # every whole part to rewrite: its slot, its new key and its entries as checked arrays
        parts: list[tuple[int, object, _Indices, _Values]] = []
        keys = self._keys
        for slot, stack in enumerate(state_stacks(state)):
            if keys[slot] is not stack:
                parts.append((slot, stack, *encoder.stack_arrays(stack_view(stack), slot)))
        strigoi = state.strigoi
        if keys[STRIGOI_PART] is not strigoi:
            parts.append((STRIGOI_PART, strigoi, *encoder.strigoi_arrays(strigoi)))
        board = state.board
        if keys[BOARD_PART] is not board:
            parts.append((BOARD_PART, board, *encoder.board_arrays(board)))
        # all worked out: now write
        vector, seen, written = self.vector, self._seen, self._written
        for slot, value, indices, numbers in fields:
            for index in written[slot]:
                vector[index] = 0.0
            for k in range(len(indices)):  # parallel lists (field_entries); compiled, zip(strict=True) is a
                vector[indices[k]] = numbers[k]  # generic call with a keyword, the costliest part of a write
            written[slot] = indices
            seen[slot] = value
        for block, hero_key in looked_at:
            self._heroes[block] = hero_key
        for slot, part_key, at_array, value_array in parts:
            vector[self._at[slot]] = 0.0
            vector[at_array] = value_array
            self._at[slot] = at_array
            keys[slot] = part_key

    def _compare(self, start: int, values: tuple[Any, ...], fields: list[_Field]) -> None:
        """Add to ``fields`` each field from slot ``start`` on whose value is not the one written, with its new
        entries."""
        seen, specs, encoder = self._seen, self._specs, self._encoder
        for k in range(len(values)):  # compiled, enumerate() over a tuple of Any is a generic iteration
            slot, value = start + k, values[k]
            old = seen[slot]
            if value is old or (old is not _UNWRITTEN and value == old):
                continue
            at, numbers = encoder.field_entries(specs[slot], value)
            fields.append((slot, value, at, numbers))
