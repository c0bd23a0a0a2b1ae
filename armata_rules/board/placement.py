"""Where ladder tiles may go at setup, under each reading of the rulebooks.

The sources disagree (a finding recorded in ``spec/``):

* ``AWAY_FROM_STRIGOI_ROOMS``: "on the outside edge wherever they like, but not in contact with the Strigoi's starting
  rooms" (peg19.en:716, sb19.en:273); the French text says "not in contact with one of the Strigoi's starting
  positions" (peg19.fr:1815), read here the same way, since no outer edge touches a start space itself.
* ``AT_CORRIDOR``: "along the outer perimeter, wherever preferred, as long as it borders a corridor"
  (peg19.it:1271, peg19.es:2273); no word about the Strigoi's rooms.

The German text of peg19 has no setup section at all. Sites already holding a ladder are never offered again.
"""

from __future__ import annotations

from enum import Enum

from armata_rules.board.fortress import Fortress, FortressState, SpaceId

__all__ = ["LadderPlacement", "legal_ladder_sites"]


class LadderPlacement(Enum):
    """A reading of the ladder placement rule of setup step 2."""

    AWAY_FROM_STRIGOI_ROOMS = "away_from_strigoi_rooms"
    AT_CORRIDOR = "at_corridor"


def legal_ladder_sites(fortress: Fortress, state: FortressState, reading: LadderPlacement) -> tuple[SpaceId, ...]:
    """Free ladder sites where a player may place a ladder tile under ``reading``, in a stable order."""
    strigoi_rooms = set(fortress.strigoi_start_rooms())
    result = []
    for sid, site in fortress.ladder_sites.items():
        if sid in state.ladders:
            continue
        if reading is LadderPlacement.AWAY_FROM_STRIGOI_ROOMS and site.touches & strigoi_rooms:
            continue
        if reading is LadderPlacement.AT_CORRIDOR and not site.entries:
            continue
        result.append(sid)
    return tuple(result)
