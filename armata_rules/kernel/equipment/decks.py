"""A deck built of ordered segments, each drawn blind from its own cards; the cards left can be a game's timer.

A game may build its deck so: shuffle each of several card sets, deal ``k`` cards face down from each, and stack the
piles in order. The deck is then a sequence of :class:`Segment` values, top first, each with its *candidates* (the
cards of its set not yet seen) and the number of cards it still holds. Revealing the top card draws uniformly from
the current segment's candidates; doing so at each reveal is the same as dealing the ``k`` cards blind at setup
(a uniform draw without replacement), and keeps each chance node at most as wide as a card set, with no hidden order
in the state. The candidates left in a segment once its count is 0 are the cards that stayed in the box.

The arithmetic of a draw is the int-or-Z3 kernel :func:`draw_counts` (:mod:`armata_rules.kernel.play.effects`):
one card fewer, from the first segment that has one. :class:`SegmentedDeck` runs it, and
:mod:`armata_rules.kernel.equipment.proofs` proves it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from armata_rules.kernel.play.effects import IteOf, N, concrete_ite

__all__ = ["Segment", "SegmentedDeck", "draw_counts"]


def draw_counts(counts: Sequence[N], ite: IteOf[N] = concrete_ite) -> tuple[N, ...]:
    """The segments' card counts (top first, each ``>= 0``) after one card is drawn from the first segment that
    holds one; all unchanged if the deck is empty."""
    after = []
    for index, count in enumerate(counts):
        value = ite(count > 0, count - 1, count)
        for earlier in reversed(counts[:index]):  # an earlier segment with a card is drawn from instead
            value = ite(earlier > 0, count, value)
        after.append(value)
    return tuple(after)


@dataclass(frozen=True, slots=True)
class Segment:
    """One pile of the deck: ``label``, the ``candidates`` its cards are drawn from (ids, sorted), and the ``count``
    of cards it still holds."""

    label: str
    candidates: tuple[str, ...]
    count: int

    def __post_init__(self) -> None:
        if list(self.candidates) != sorted(set(self.candidates)):
            raise ValueError(f"segment {self.label!r}: candidates must be distinct and sorted")
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 0:
            raise ValueError(f"segment {self.label!r}: the count must be a whole number >= 0, got {self.count!r}")
        if self.count > len(self.candidates):
            raise ValueError(
                f"segment {self.label!r}: {self.count} cards cannot be drawn from {len(self.candidates)} candidates"
            )


@dataclass(frozen=True, slots=True)
class SegmentedDeck:
    """The deck's segments, top first."""

    segments: tuple[Segment, ...]

    def __post_init__(self) -> None:
        labels = [segment.label for segment in self.segments]
        if len(set(labels)) != len(labels):
            raise ValueError(f"segment labels must be distinct, got {labels}")
        cards = [card for segment in self.segments for card in segment.candidates]
        if len(set(cards)) != len(cards):
            twice = sorted({card for card in cards if cards.count(card) > 1})
            raise ValueError(f"cards {twice} are candidates of two segments")

    @classmethod
    def build(cls, piles: Iterable[tuple[str, Iterable[str], int]]) -> SegmentedDeck:
        """A deck of ``(label, cards, count)`` piles, top first: ``count`` cards to be drawn from each set of cards."""
        return cls(tuple(Segment(label, tuple(sorted(cards)), count) for label, cards, count in piles))

    @property
    def counts(self) -> tuple[int, ...]:
        """Cards left in each segment, top first."""
        return tuple(segment.count for segment in self.segments)

    @property
    def cards_left(self) -> int:
        """Cards left in the deck: the timer."""
        return sum(self.counts)

    @property
    def empty(self) -> bool:
        """Whether no card is left (a game may lose when it must reveal one)."""
        return self.cards_left == 0

    @property
    def current(self) -> int | None:
        """The index of the segment the next card comes from, or ``None`` if the deck is empty."""
        return next((index for index, count in enumerate(self.counts) if count > 0), None)

    @property
    def current_segment(self) -> Segment | None:
        """The segment the next card comes from, or ``None`` if the deck is empty."""
        index = self.current
        return None if index is None else self.segments[index]

    def candidates(self) -> tuple[str, ...]:
        """The cards the next reveal may show, each as likely: the outcomes of the next chance step."""
        segment = self.current_segment
        if segment is None:
            raise ValueError("the deck is empty: no card can be revealed")
        return segment.candidates

    def draw(self, choice: int) -> tuple[SegmentedDeck, str]:
        """The deck after revealing ``candidates()[choice]`` (the index a chance step picked), and that card."""
        candidates = self.candidates()
        if not 0 <= choice < len(candidates):
            raise ValueError(f"card choice {choice} is outside the {len(candidates)} candidates of the segment")
        card = candidates[choice]
        counts = draw_counts(self.counts)
        segments = tuple(
            Segment(segment.label, tuple(c for c in segment.candidates if c != card), count)
            if count != segment.count
            else segment
            for segment, count in zip(self.segments, counts, strict=True)
        )
        return SegmentedDeck(segments), card
