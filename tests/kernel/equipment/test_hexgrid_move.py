"""The hex maths moved to the kernel: Armata's old module re-exports the very same names, so old pickles load, and
the fortress's room constants stayed Armata's."""

from __future__ import annotations

import pickle

from armata_rules.board import hexgrid as armata_hexgrid
from armata_rules.kernel.equipment import hexgrid


def test_the_old_module_re_exports_every_kernel_name_as_the_same_object() -> None:
    for name in hexgrid.__all__:
        assert getattr(armata_hexgrid, name) is getattr(hexgrid, name), name
    assert set(hexgrid.__all__) < set(armata_hexgrid.__all__)
    assert set(armata_hexgrid.__all__) - set(hexgrid.__all__) == {
        "LADDER_STEP",
        "PLATFORM_RADIUS",
        "ROOM_RADIUS",
        "ROOM_STEP",
    }
    assert not hasattr(hexgrid, "ROOM_RADIUS")  # the room flower is Armata's, not hex maths


def test_a_pickle_naming_the_old_path_loads_as_the_kernel_class() -> None:
    # a pickle written before the move names armata_rules.board.hexgrid.Hex; protocol 0 spells the path out
    old = b"carmata_rules.board.hexgrid\nHex\np0\n(I2\nI-1\ntp1\nRp2\n."
    cell = pickle.loads(old)
    assert type(cell) is hexgrid.Hex and cell == hexgrid.Hex(2, -1)
    assert pickle.loads(pickle.dumps(armata_hexgrid.Hex(1, 2))) == hexgrid.Hex(1, 2)
