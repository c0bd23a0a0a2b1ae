"""Diagrams for the rules where geometry matters, drawn on the bundled fortress with the board renderer.

Each entry of :data:`DIAGRAMS` maps a rule id to a function returning the SVG and a caption; the rule's page shows
it under what the engine does. The positions are chosen on the bundled layout (a reconstruction), and everything
highlighted is computed by the board code the engine uses, so a diagram cannot disagree with the rules it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import networkx as nx

from armata_rules import editions
from armata_rules.board import (
    BookTargetKind,
    Fortress,
    LadderPlacement,
    book_target,
    default_layout,
    legal_ladder_sites,
    render_svg,
    sight_lines,
)

__all__ = ["DIAGRAMS", "Diagram"]

Diagram = Callable[[], tuple[str, str]]


@cache
def _fortress() -> Fortress:
    return Fortress(default_layout())


def movement() -> tuple[str, str]:
    """The spaces a Powerwolf on the centre room's edge reaches in up to three steps."""
    fortress = _fortress()
    state = fortress.initial_state()
    start = "C:-1,0"
    reach = nx.single_source_shortest_path_length(fortress.movement_graph(state), start, cutoff=3)
    spaces = sorted(space for space, steps in reach.items() if steps > 0)
    svg = render_svg(fortress, state, pieces={start: "P"}, highlight=spaces, title="Movement of 3 from C:-1,0")
    return svg, (
        f"A Powerwolf (P) on {start} with a movement of 3: the {len(spaces)} outlined spaces are reached along "
        "corridors and through the stairs' tunnels (stairs to stairs costs two steps); an encounter on the way "
        "would stop the move there."
    )


def sight() -> tuple[str, str]:
    """The six lines of sight from a platform centre."""
    fortress = _fortress()
    state = fortress.initial_state()
    origin = fortress.platform_centre("NE")
    seen = sorted({space for line in sight_lines(fortress, state, origin) for space, _ in line.seen})
    svg = render_svg(fortress, state, pieces={origin: "S"}, highlight=seen, title="Lines of sight from NE")
    return svg, (
        f"A Strigoi (S) on the platform centre {origin} sees the {len(seen)} outlined spaces: straight lines along "
        "consecutive corridors in the six directions, across room borders, until a wall."
    )


def teleport() -> tuple[str, str]:
    """Where each book of a room sends a Strigoi."""
    fortress = _fortress()
    state = fortress.initial_state()
    room = "NE"
    pieces = {fortress.platform_centre(room): "S"}
    targets = []
    for letter in sorted(fortress.rooms[room].platform.books if fortress.rooms[room].platform else ""):
        target = book_target(fortress, state, room, letter)
        if target.kind is BookTargetKind.ROOM and target.room is not None:
            pieces[fortress.platform_centre(target.room) if target.room != "C" else "C:0,0"] = letter
            targets.append(f"{letter} → {target.room}")
    svg = render_svg(fortress, state, pieces=pieces, title="Books of NE")
    return svg, (
        f"A Strigoi (S) in {room} draws a letter and teleports to the centre of the room that book faces: "
        f"{', '.join(targets)}; a book facing the outside leads to a ladder tile if one stands there, else nowhere."
    )


def collapse() -> tuple[str, str]:
    """A collapsed platform."""
    fortress = _fortress()
    state = fortress.collapsed(fortress.initial_state(), "NE")
    spaces = sorted(fortress.iter_platform_spaces("NE"))
    svg = render_svg(fortress, state, highlight=spaces, title="The platform of NE collapsed")
    return svg, (
        f"The platform of NE has collapsed: its {len(spaces)} spaces, corridors and books are out of play; the ring "
        "of the room around it stays."
    )


def ladders() -> tuple[str, str]:
    """The ladder sites legal at setup under the Pegasus English reading."""
    fortress = _fortress()
    state = fortress.initial_state()
    reading: LadderPlacement = editions.PEG19_EN.ladder_placement
    sites = sorted(legal_ladder_sites(fortress, state, reading))
    svg = render_svg(fortress, fortress.with_ladders(state, sites), highlight=sites, title="Ladder sites")
    return svg, f"Under the reading {reading.value} (peg19.en) the {len(sites)} outlined ladder sites are legal."


DIAGRAMS: dict[str, Diagram] = {
    "move.step": movement,
    "strigoi.attack": sight,
    "strigoi.move": teleport,
    "fight.collapse": collapse,
    "setup.ladder": ladders,
}
