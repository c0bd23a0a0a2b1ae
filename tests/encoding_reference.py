"""The observation encoder as it was before issue 31, kept as the oracle the fast encoder is tested against.

It appends a Python float per entry and a :class:`~armata_rules.encoding.Segment` per field on every call: slow
(~250 µs an observation), but plain enough to read against the documented layout. Its vocabularies are built here
from the pack and layout, not borrowed from :class:`armata_rules.encoding.ObservationEncoder`, so a change of a
vocabulary there shows as a difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from armata_rules.board.fortress import Fortress
from armata_rules.components.icons import Hero
from armata_rules.components.pack import DataPack
from armata_rules.encoding import DECISIONS, Segment
from armata_rules.frames import DecisionKind
from armata_rules.observation import Observation
from armata_rules.state import Outcome

T = TypeVar("T")

_STACKS = ("reward_cards", "reward_tokens", "red", "grey", "strigoi_tokens", "wounds")


@dataclass
class _Writer:
    """Appends fields to a vector and records the layout."""

    values: list[float] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)

    def _add(self, name: str, encoding: str, values: Sequence[float]) -> None:
        self.segments.append(Segment(name, len(self.values), len(values), encoding))
        self.values.extend(values)

    def scalar(self, name: str, value: float) -> None:
        self._add(name, "count", [float(value)])

    def onehot(self, name: str, vocab: Sequence[T], value: T | None) -> None:
        if value is not None and value not in vocab:
            raise ValueError(f"observation field {name}: {value!r} is not one of the {len(vocab)} known values")
        self._add(name, "one-hot", [1.0 if v == value else 0.0 for v in vocab])

    def positions(self, name: str, vocab: Sequence[T], items: Sequence[T] | None) -> None:
        codes = [0.0] * len(vocab)
        index = {v: i for i, v in enumerate(vocab)}
        for k, item in enumerate(items or ()):
            if item not in index:
                raise ValueError(f"observation field {name}: {item!r} is not one of the {len(vocab)} known ids")
            if codes[index[item]]:
                raise ValueError(f"observation field {name}: {item!r} appears twice")
            codes[index[item]] = k + 1.0
        self._add(name, "position", codes)


class ReferenceEncoder:
    """The pre-issue-31 ``ObservationEncoder.encode``: the same vector, entry by entry in Python."""

    def __init__(self, pack: DataPack, fortress: Fortress, players: int) -> None:
        self.players = players
        self.seats = tuple(range(players))
        self.spaces = tuple(sorted(fortress.spaces))
        self.cards = tuple(sorted({*pack.cards, *pack.rewards}))
        self.advanced_titles = tuple(sorted({c.title for c in pack.advanced_cards}))
        self.tokens = tuple(sorted(pack.tokens))
        self.wounds = tuple(sorted(pack.wound_tokens))
        self.strigoi_names = tuple(s.title for s in pack.strigoi)
        self.platform_rooms = fortress.platform_rooms
        self.ladder_sites = tuple(sorted(fortress.ladder_sites))
        self.stack_ids: dict[str, tuple[str, ...]] = {
            "reward_cards": tuple(sorted(pack.rewards)),
            "reward_tokens": self.tokens,
            "red": tuple(sorted(t.id for t in pack.red)),
            "grey": tuple(sorted(t.id for t in pack.grey)),
            "strigoi_tokens": tuple(sorted(pack.strigoi_token_by_id)),
            "wounds": self.wounds,
        }
        self._heroes = tuple(Hero)
        self._kinds = tuple(DecisionKind)
        self._outcomes = tuple(o.value for o in Outcome)
        self._rotations = tuple(range(6))

    def encode(self, obs: Observation) -> npt.NDArray[np.float32]:
        """The observation as a ``float32`` vector."""
        return np.asarray(self.write(obs).values, dtype=np.float32)

    def write(self, obs: Observation) -> _Writer:
        """Every field of ``obs``, in layout order (``segments`` is the layout)."""
        if len(obs.heroes) != self.players:
            raise ValueError(f"the observation has {len(obs.heroes)} heroes; this encoder is for {self.players}")
        w = _Writer()
        w.onehot("player", self.seats, obs.player)
        w.scalar("round", obs.round)
        w.onehot("to_act.kind", self._kinds, obs.to_act.kind)
        w.positions("to_act.seats", self.seats, obs.to_act.seats)
        w.onehot("to_act.decision", DECISIONS, obs.to_act.decision)
        for h in obs.heroes:
            p = f"hero[{h.seat}]."
            w.onehot(p + "hero", self._heroes, Hero(h.hero))
            w.onehot(p + "position", self.spaces, h.position)
            w.positions(p + "hand", self.cards, h.hand)
            w.scalar(p + "hand_size", h.hand_size)
            w.onehot(p + "chosen", self.cards, h.chosen)
            w.scalar(p + "has_chosen", h.has_chosen)
            w.positions(p + "played", self.cards, h.played)
            w.positions(p + "discard", self.cards, h.discard)
            w.scalar(p + "discard_size", h.discard_size)
            w.positions(p + "tokens", self.tokens, h.tokens)
            w.positions(p + "wounds", self.wounds, h.wounds)
            w.positions(p + "earned", self.advanced_titles, h.earned)
        if len(obs.strigoi) != len(self.strigoi_names):
            raise ValueError(f"the observation has {len(obs.strigoi)} Strigoi; the pack has {len(self.strigoi_names)}")
        for i, s in enumerate(obs.strigoi):
            p = f"strigoi[{i}]."
            w.onehot(p + "name", self.strigoi_names, s.name)
            w.onehot(p + "position", self.spaces, s.position)
            w.scalar(p + "wounds", s.wounds)
            w.scalar(p + "defeated", s.defeated)
            w.scalar(p + "supreme", s.supreme)
        w.scalar("blood.supply", obs.blood.supply)
        w.scalar("blood.altar", obs.blood.altar)
        w.scalar("blood.inferno", obs.blood.inferno)
        w.positions("fight_tokens", self.spaces, obs.fight_tokens)
        w.scalar("attack_marker", obs.attack_marker)
        w.positions("order", self.seats, obs.order)
        for name in _STACKS:
            view = obs.stacks[name]
            w.scalar(f"stacks.{name}.size", view.size)
            w.positions(f"stacks.{name}.face_up", self.stack_ids[name], view.face_up)
            w.positions(f"stacks.{name}.discard", self.stack_ids[name], view.discard)
        if len(obs.rotations) != len(self.platform_rooms):
            raise ValueError(
                f"the observation has {len(obs.rotations)} rotations; the layout has platforms "
                f"{', '.join(self.platform_rooms)}"
            )
        for room, rotation in zip(self.platform_rooms, obs.rotations, strict=True):
            w.onehot(f"rotation.{room}", self._rotations, rotation)
        w.positions("collapsed", self.platform_rooms, obs.collapsed)
        w.positions("ladders", self.ladder_sites, obs.ladders)
        w.onehot("outcome", self._outcomes, obs.outcome)
        return w
