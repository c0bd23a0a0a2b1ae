"""The fortress: hex lattice, rooms and platforms, corridors and tunnels, books, sight, layouts, rendering.

>>> from armata_rules.board import Fortress, default_layout
>>> fortress = Fortress(default_layout())
>>> state = fortress.initial_state()
>>> fortress.room_of("NE:1,0"), fortress.platform_centre("NE")
('NE', 'NE:0,0')
"""

from armata_rules.board.books import BookTarget, BookTargetKind, book_direction, book_target
from armata_rules.board.fortress import EdgeKind, Fortress, FortressState, LadderSite, Space, SpaceId
from armata_rules.board.hexgrid import Hex
from armata_rules.board.layout import LETTERS, Layout, PlatformTile, RoomTile, SpaceKind
from armata_rules.board.loader import LayoutError, default_layout, load_layout, parse_layout
from armata_rules.board.placement import LadderPlacement, legal_ladder_sites
from armata_rules.board.sight import SightLine, sees, sight_lines
from armata_rules.board.summary import BoardSummary, summarize
from armata_rules.board.svg import render_svg

__all__ = [
    "LETTERS",
    "BoardSummary",
    "BookTarget",
    "BookTargetKind",
    "EdgeKind",
    "Fortress",
    "FortressState",
    "Hex",
    "LadderPlacement",
    "LadderSite",
    "Layout",
    "LayoutError",
    "PlatformTile",
    "RoomTile",
    "SightLine",
    "Space",
    "SpaceId",
    "SpaceKind",
    "book_direction",
    "book_target",
    "default_layout",
    "legal_ladder_sites",
    "load_layout",
    "parse_layout",
    "render_svg",
    "sees",
    "sight_lines",
    "summarize",
]
