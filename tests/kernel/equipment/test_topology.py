"""The square grid (orthogonal adjacency, distances, named cells) and the tile layout placed by chance steps."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from armata_rules.kernel.equipment.topology import SquareGrid, TileLayout, grid_distance, is_adjacent

CITY = SquareGrid(3, 3)


def test_a_three_by_three_grid_lists_its_cells_row_by_row_and_links_only_orthogonal_neighbours() -> None:
    assert CITY.positions == ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2))
    assert CITY.neighbours((0, 0)) == ((0, 1), (1, 0))
    assert CITY.neighbours((1, 1)) == ((0, 1), (1, 0), (1, 2), (2, 1))
    assert CITY.neighbours((2, 1)) == ((1, 1), (2, 0), (2, 2))
    assert CITY.adjacent((0, 0), (0, 1))
    assert not CITY.adjacent((0, 0), (1, 1))  # diagonal cells are not adjacent
    assert CITY.distance((0, 0), (2, 2)) == 4
    assert [CITY.index(cell) for cell in CITY.positions] == list(range(9))
    assert [CITY.at(index) for index in range(9)] == list(CITY.positions)


def test_cells_have_names_where_the_grid_has_the_line() -> None:
    assert CITY.named("top-left") == (0, 0)
    assert CITY.named("middle-left") == (1, 0)
    assert CITY.named("bottom-right") == (2, 2)
    assert CITY.named("centre") == (1, 1)
    assert [CITY.name_of(cell) for cell in CITY.positions] == [
        "top-left", "top-middle", "top-right",
        "middle-left", "centre", "middle-right",
        "bottom-left", "bottom-middle", "bottom-right",
    ]  # fmt: skip
    wide = SquareGrid(2, 4)
    assert wide.named("bottom-right") == (1, 3)
    assert wide.name_of((0, 1)) is None
    with pytest.raises(ValueError, match=r"no cell of the 2x4 grid is called 'middle-left'"):
        wide.named("middle-left")


def test_bad_grids_and_cells_are_refused_with_what_and_where() -> None:
    with pytest.raises(ValueError, match=r"at least one row and one column, got 0x3"):
        SquareGrid(0, 3)
    with pytest.raises(ValueError, match=r"position \(3, 0\) is not a cell of the 3x3 grid"):
        CITY.neighbours((3, 0))
    with pytest.raises(ValueError, match=r"cell index 9 is outside 0..8"):
        CITY.at(9)
    assert (1, 1) in CITY and (1, -1) not in CITY and "a" not in CITY


@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_the_distance_kernel_is_the_shortest_path_of_the_grid_graph(rows: int, cols: int, data: st.DataObject) -> None:
    grid = SquareGrid(rows, cols)
    graph = nx.grid_2d_graph(rows, cols)
    a = data.draw(st.sampled_from(grid.positions))
    b = data.draw(st.sampled_from(grid.positions))
    assert grid.distance(a, b) == nx.shortest_path_length(graph, a, b)
    assert grid.adjacent(a, b) == (b in set(graph.neighbors(a))) == is_adjacent(*a, *b)
    assert grid.neighbours(a) == tuple(sorted(graph.neighbors(a)))


def test_the_distance_kernel_on_ints() -> None:
    assert grid_distance(0, 0, 0, 0) == 0
    assert grid_distance(2, 0, 0, 1) == grid_distance(0, 1, 2, 0) == 3


def _layout() -> TileLayout:
    return TileLayout.start(CITY, {"station": (0, 0)}, ["museum", "hospital", "park", "b", "c", "d", "e", "f"])


def test_a_layout_places_the_others_in_id_order_on_the_free_cells_one_chance_step_each() -> None:
    layout = _layout()
    assert layout.tile_at((0, 0)) == "station"
    assert layout.next_tile == "b" and not layout.complete
    assert layout.free_positions() == CITY.positions[1:]
    widths = []
    while not layout.complete:
        widths.append(len(layout.free_positions()))
        layout = layout.place_next(len(layout.free_positions()) - 1)  # always the last free cell
    assert widths == [8, 7, 6, 5, 4, 3, 2, 1]
    assert layout.next_tile is None and layout.free_positions() == ()
    assert layout.position_of("station") == (0, 0)
    assert layout.tile_at((0, 1)) == "park"  # the last tile in id order took the last free cell left
    assert layout.tile_at((2, 2)) == "b"
    assert sorted(tile for _, tile in layout.placed) == sorted(["station", "museum", "hospital", "park", *"bcdef"])


def test_every_sequence_of_choices_gives_a_distinct_complete_layout_with_the_fixed_tile_kept() -> None:
    start = TileLayout.start(SquareGrid(2, 2), {"s": (0, 0)}, ["x", "y", "z"])
    layouts = set()
    for choices in itertools.product(range(3), range(2), range(1)):
        layout = start
        for choice in choices:
            layout = layout.place_next(choice)
        assert layout.complete and layout.tile_at((0, 0)) == "s"
        layouts.add(layout.placed)
    assert len(layouts) == 6  # 3! orders of the three others, each reached once: uniform


def test_bad_layouts_and_choices_are_refused() -> None:
    with pytest.raises(ValueError, match=r"choice 8 is outside the 8 free cells"):
        _layout().place_next(8)
    with pytest.raises(ValueError, match=r"names a tile twice"):
        TileLayout.start(CITY, {"station": (0, 0)}, ["station"])
    with pytest.raises(ValueError, match=r"10 tiles do not fit on the 3x3 grid"):
        TileLayout.start(CITY, {}, [str(i) for i in range(10)])
    with pytest.raises(ValueError, match=r"position \(5, 5\) is not a cell"):
        TileLayout.start(CITY, {"station": (5, 5)}, [])
    with pytest.raises(ValueError, match=r"tile 'museum' is not placed"):
        _layout().position_of("museum")
    full = TileLayout.start(SquareGrid(1, 1), {"s": (0, 0)}, [])
    with pytest.raises(ValueError, match=r"already placed"):
        full.place_next(0)
