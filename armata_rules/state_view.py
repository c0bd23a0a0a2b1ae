"""A game state for people: a few lines of text, and the board as SVG with the pieces on it.

Used by ``GameState.__str__`` and ``GameState._repr_svg_`` (notebooks show the board) and by the replay pages
(:mod:`armata_rules.replay_page`). A state holds ids only, so drawing it needs the fortress it was played on: the
bundled layout unless one is given.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from functools import lru_cache
from typing import Protocol

from armata_rules.board import Fortress, default_layout, render_svg
from armata_rules.board.fortress import FortressState, SpaceId
from armata_rules.components.icons import Hero
from armata_rules.frames import ToAct

__all__ = [
    "ViewedBlood",
    "ViewedHero",
    "ViewedState",
    "ViewedStrigoi",
    "default_fortress",
    "piece_labels",
    "state_svg",
    "state_text",
]


class ViewedHero(Protocol):
    """What the view reads of a hero (a :class:`~armata_rules.state.HeroState`)."""

    @property
    def hero(self) -> Hero: ...
    @property
    def position(self) -> SpaceId | None: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def tokens(self) -> tuple[str, ...]: ...
    @property
    def wounds(self) -> tuple[str, ...]: ...


class ViewedStrigoi(Protocol):
    """What the view reads of a Strigoi (a :class:`~armata_rules.state.StrigoiState`)."""

    @property
    def name(self) -> str: ...
    @property
    def position(self) -> SpaceId | None: ...
    @property
    def wounds(self) -> int: ...
    @property
    def defeated(self) -> bool: ...
    @property
    def supreme(self) -> bool: ...


class ViewedBlood(Protocol):
    """What the view reads of the blood points (a :class:`~armata_rules.state.Blood`)."""

    @property
    def supply(self) -> int: ...
    @property
    def altar(self) -> int: ...
    @property
    def inferno(self) -> int: ...


class ViewedState(Protocol):
    """What the view reads of a game state: the fields of :class:`~armata_rules.state.GameState` it shows. Typed
    by this protocol rather than by the class, because the state imports this module to print and draw itself."""

    @property
    def round(self) -> int: ...
    @property
    def heroes(self) -> Sequence[ViewedHero]: ...
    @property
    def strigoi(self) -> Sequence[ViewedStrigoi]: ...
    @property
    def blood(self) -> ViewedBlood: ...
    @property
    def board(self) -> FortressState: ...
    @property
    def outcome(self) -> Enum | None: ...
    @property
    def to_act(self) -> ToAct: ...


@lru_cache(maxsize=1)
def default_fortress() -> Fortress:
    """The fortress of the bundled layout (built once)."""
    return Fortress(default_layout())


def _initials(name: str) -> str:
    return name[:2]


def piece_labels(state: ViewedState) -> dict[SpaceId, str]:
    """Space → label of what stands there: heroes by their first two letters, Strigoi as ``SM``/``SA``."""
    labels: dict[SpaceId, list[str]] = {}
    for hero in state.heroes:
        if hero.position is not None:
            labels.setdefault(hero.position, []).append(_initials(hero.hero.value))
    for strigoi in state.strigoi:
        if strigoi.position is not None and not strigoi.defeated:
            labels.setdefault(strigoi.position, []).append("S" + strigoi.name[:1])
    return {space: "/".join(names) for space, names in sorted(labels.items())}


def state_svg(state: ViewedState, fortress: Fortress | None = None) -> str:
    """The board of ``state`` with its pieces, as an SVG document."""
    fortress = fortress or default_fortress()
    title = f"round {state.round}" + (f", {state.outcome.value}" if state.outcome else "")
    return render_svg(fortress, state.board, piece_labels(state), title=title)


def state_text(state: ViewedState) -> str:
    """A few lines: round, who acts, blood points, the Strigoi and each hero."""
    to_act = state.to_act
    acting = "game over" if state.outcome is not None else f"{to_act.kind.value} {to_act.decision}".strip()
    if to_act.seats:
        acting += f" (seats {', '.join(str(s) for s in to_act.seats)})"
    lines = [
        f"round {state.round}: {state.outcome.value if state.outcome else acting}",
        f"blood: altar {state.blood.altar}, inferno {state.blood.inferno}, supply {state.blood.supply}",
    ]
    for strigoi in state.strigoi:
        where = f"at {strigoi.position}" if strigoi.position else "not on the board"
        status = "defeated" if strigoi.defeated else f"{where}, {strigoi.wounds} wound(s)"
        lines.append(f"{strigoi.name}{' (Supreme)' if strigoi.supreme else ''}: {status}")
    for seat, hero in enumerate(state.heroes):
        lines.append(
            f"{seat} {hero.hero.value}: {f'at {hero.position}' if hero.position else 'not on the board'}, "
            f"{len(hero.hand)} card(s), "
            f"{len(hero.tokens)} token(s), {len(hero.wounds)} wound(s)"
        )
    return "\n".join(lines)
