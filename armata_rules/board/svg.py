"""Render the fortress as SVG: rooms, platforms with their books, walls, stairs, encounter spaces, ladders, marks.

Pointy-top hexes, y pointing down. Every space is a ``<polygon>`` carrying ``data-space`` (its id) and a tooltip;
every room a ``<g data-room=...>``; so a person recognises the board and a test can find every piece of it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape, quoteattr

from armata_rules.board.fortress import Fortress, FortressState, SpaceId
from armata_rules.board.hexgrid import ROOM_STEP, Hex, opposite, rotate
from armata_rules.board.layout import LETTERS, SpaceKind
from armata_rules.errors import present, require

__all__ = ["render_svg"]

SIZE = 22.0  # hex radius in pixels
_FILL = {
    SpaceKind.PLAIN: "#efe3c4",
    SpaceKind.STAIRS: "#b58b57",
    SpaceKind.RED: "#c8412f",
    SpaceKind.GREY: "#8f8f8f",
    SpaceKind.LADDER: "#7a5a32",
}
_PLATFORM_RIM = "#5b4f7a"
_WALL = "#2a1c0d"


def _pixel(cell: Hex) -> tuple[float, float]:
    return SIZE * math.sqrt(3) * (cell.q + cell.r / 2), SIZE * 1.5 * cell.r


def _corner(cell: Hex, index: int) -> tuple[float, float]:
    x, y = _pixel(cell)
    angle = math.radians(60 * index - 30)
    return x + SIZE * math.cos(angle), y + SIZE * math.sin(angle)


def _edge(cell: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of ``cell``'s side facing cell direction ``direction``."""
    return _corner(cell, direction), _corner(cell, direction + 1)


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def render_svg(
    fortress: Fortress,
    state: FortressState | None = None,
    pieces: Mapping[SpaceId, str] | None = None,
    title: str | None = None,
    highlight: Iterable[SpaceId] = (),
) -> str:
    """The fortress in ``state`` (default: as set up, every ladder site shown empty) as an SVG document.

    ``pieces`` optionally labels spaces with a short text (hero initials, Strigoi), drawn on top; ``highlight``
    outlines spaces (a line of sight, a collapse), drawn under the pieces.
    """
    state = state or fortress.initial_state()
    view = fortress.view(state)
    pieces = pieces or {}
    all_cells = [*view.cells.values(), *(site.cell for site in fortress.ladder_sites.values())]
    xs = [_pixel(c)[0] for c in all_cells]
    ys = [_pixel(c)[1] for c in all_cells]
    margin = SIZE * 2
    left, top = min(xs) - margin, min(ys) - margin - SIZE
    width, height = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin + SIZE * 5
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">',
        f"<title>{escape(title or f'Armata Strigoi fortress: layout {fortress.layout.name}')}</title>",
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" fill="#3b3a45"/>',
    ]
    for room_id, tile in fortress.rooms.items():
        out.append(f"<g data-room={quoteattr(room_id)}>")
        centre = fortress.room_centres[room_id]
        for sid, space in fortress.spaces.items():
            if space.room != room_id or sid not in view.cells:
                continue
            cell = view.cells[sid]
            fill = _FILL[space.kind]
            if space.kind is SpaceKind.PLAIN and space.on_platform:
                fill = "#e4ddf2"
            corners = _points(_corner(cell, i) for i in range(6))
            out.append(
                f'<polygon points="{corners}" fill="{fill}" stroke="#a89c80" stroke-width="0.6" '
                f"data-space={quoteattr(sid)} data-kind={quoteattr(space.kind.value)}>"
                f"<title>{escape(sid)} ({space.kind.value})</title></polygon>"
            )
            x, y = _pixel(cell)
            if space.kind is SpaceKind.STAIRS:
                out.extend(_stairs_glyph(x, y))
            if space.is_platform_centre and fortress.rooms[room_id].platform is not None:
                platform = fortress.rooms[room_id].platform
                if platform is not None and platform.strigoi_mark:
                    out.append(
                        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.55:.1f}" fill="none" '
                        f'stroke="#5a0f5f" stroke-width="2.5" data-strigoi-mark={quoteattr(room_id)}/>'
                    )
        if tile.platform is not None and room_id not in state.collapsed:
            cx, cy = _pixel(centre)
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{SIZE * 2.45:.1f}" fill="none" '
                f'stroke="{_PLATFORM_RIM}" stroke-width="2.5" stroke-dasharray="7,3" '
                f"data-platform={quoteattr(room_id)}/>"
            )
        out.extend(_books(fortress, state, room_id))
        lx, ly = _pixel(centre + Hex(-1, -1))
        ly -= SIZE * 0.2
        out.append(
            f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="{SIZE * 0.8:.0f}" fill="#f4efe0" stroke="#1a1a1a" '
            f'stroke-width="3" paint-order="stroke" text-anchor="middle" font-weight="bold" '
            f"data-room-label={quoteattr(room_id)}>{escape(room_id)}</text>"
        )
        out.append("</g>")
    out.extend(_walls(fortress, state))
    out.extend(_ladders(fortress, state))
    for sid in highlight:
        if sid in view.cells:
            corners = _points(_corner(view.cells[sid], i) for i in range(6))
            out.append(
                f'<polygon points="{corners}" fill="#ffd23f" fill-opacity="0.45" stroke="#e0a100" '
                f'stroke-width="2.5" data-highlight={quoteattr(sid)}/>'
            )
    for sid, label in pieces.items():
        if sid in view.cells:
            x, y = _pixel(view.cells[sid])
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.62:.1f}" fill="#1d3557" stroke="#fff"/>'
                f'<text x="{x:.1f}" y="{y + SIZE * 0.25:.1f}" font-size="{SIZE * 0.6:.0f}" fill="#fff" '
                f'text-anchor="middle" data-piece={quoteattr(sid)}>{escape(label)}</text>'
            )
    out.extend(_legend(left + SIZE, top + height - SIZE * 3.2))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _stairs_glyph(x: float, y: float) -> list[str]:
    lines = []
    for k in range(3):
        dy = (k - 1) * SIZE * 0.28
        half = SIZE * (0.25 + 0.12 * k)
        lines.append(
            f'<line x1="{x - half:.1f}" y1="{y + dy:.1f}" x2="{x + half:.1f}" y2="{y + dy:.1f}" '
            f'stroke="#3d2a14" stroke-width="1.8"/>'
        )
    return lines


def _books(fortress: Fortress, state: FortressState, room_id: str) -> list[str]:
    tile = fortress.rooms[room_id]
    if tile.platform is None:
        books, turn = tile.books, 0
    elif room_id in state.collapsed:
        return []
    else:
        books, turn = tile.platform.books, fortress.rotation(state, room_id)
    books = present(books, "board.svg._books: books")
    cx, cy = _pixel(fortress.room_centres[room_id])
    out = []
    for local_dir, letter in enumerate(books):
        step_x, step_y = _pixel(rotate(ROOM_STEP, local_dir + turn))
        norm = math.hypot(step_x, step_y)
        x, y = cx + step_x / norm * SIZE * 2.45, cy + step_y / norm * SIZE * 2.45
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.36:.1f}" fill="#fffbe8" stroke="#5b4f7a"/>'
            f'<text x="{x:.1f}" y="{y + SIZE * 0.2:.1f}" font-size="{SIZE * 0.5:.0f}" fill="#2b2250" '
            f'text-anchor="middle" data-book={quoteattr(f"{room_id}:{letter}")}>{letter}</text>'
        )
    require(set(books) == set(LETTERS), "board.svg._books: set(books) == set(LETTERS)")
    return out


def _walls(fortress: Fortress, state: FortressState) -> list[str]:
    """A wall on every side of a space where no corridor leaves, drawn once per side."""
    view = fortress.view(state)
    drawn: set[frozenset[Hex]] = set()
    out = ['<g data-walls="1" stroke-linecap="round">']
    for sid, cell in view.cells.items():
        if fortress.spaces[sid].kind is SpaceKind.LADDER:
            continue
        exits = view.corridors[sid]
        for direction in range(6):
            if direction in exits:
                continue
            key = frozenset((cell, cell.neighbour(direction)))
            if key in drawn:
                continue
            drawn.add(key)
            (x1, y1), (x2, y2) = _edge(cell, direction)
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{_WALL}" stroke-width="3.2"/>'
            )
    out.append("</g>")
    return out


def _ladders(fortress: Fortress, state: FortressState) -> list[str]:
    view = fortress.view(state)
    out = []
    for sid, site in fortress.ladder_sites.items():
        placed = sid in state.ladders
        corners = _points(_corner(site.cell, i) for i in range(6))
        style = (
            f'fill="{_FILL[SpaceKind.LADDER]}" stroke="#f4efe0" stroke-width="1.2"'
            if placed
            else 'fill="none" stroke="#c9b98f" stroke-width="1" stroke-dasharray="3,3"'
        )
        out.append(
            f"<polygon points={quoteattr(corners)} {style} data-ladder-site={quoteattr(sid)} "
            f'data-placed="{str(placed).lower()}"><title>{escape(sid)}'
            f"{' (ladder tile)' if placed else ' (free ladder site)'}</title></polygon>"
        )
        if placed:
            x, y = _pixel(site.cell)
            out.append(
                f'<text x="{x:.1f}" y="{y + SIZE * 0.25:.1f}" font-size="{SIZE * 0.7:.0f}" fill="#f4efe0" '
                f'text-anchor="middle">H</text>'
            )
            for entry in site.entries:
                if entry in view.cells:
                    d = next(d for d in range(6) if site.cell.neighbour(d) == view.cells[entry])
                    (x1, y1), (x2, y2) = _edge(view.cells[entry], opposite(d))
                    out.append(
                        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#f4efe0" '
                        f'stroke-width="1.5" stroke-dasharray="2,2"/>'
                    )
    return out


def _legend(x: float, y: float) -> list[str]:
    items = [
        ("space", _FILL[SpaceKind.PLAIN]),
        ("platform", "#e4ddf2"),
        ("stairs", _FILL[SpaceKind.STAIRS]),
        ("red encounter", _FILL[SpaceKind.RED]),
        ("grey encounter", _FILL[SpaceKind.GREY]),
        ("ladder tile", _FILL[SpaceKind.LADDER]),
    ]
    out = ['<g data-legend="1">']
    for i, (label, fill) in enumerate(items):
        ix = x + (i % 3) * SIZE * 7
        iy = y + (i // 3) * SIZE * 1.2
        out.append(
            f'<rect x="{ix:.1f}" y="{iy:.1f}" width="{SIZE * 0.8:.1f}" height="{SIZE * 0.8:.1f}" fill="{fill}" '
            f'stroke="#000"/><text x="{ix + SIZE:.1f}" y="{iy + SIZE * 0.7:.1f}" font-size="{SIZE * 0.6:.0f}" '
            f'fill="#f4efe0">{label}</text>'
        )
    out.append(
        f'<text x="{x:.1f}" y="{y + SIZE * 2.7:.1f}" font-size="{SIZE * 0.5:.0f}" fill="#f4efe0">'
        "thick lines are walls; circled centres bear the Strigoi's mark; letters are books</text>"
    )
    out.append("</g>")
    return out
