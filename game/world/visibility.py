"""Room-based visibility (SPEC VIS-1, seed 004 §4.1).

You see the whole room you stand in, convex or not. Closed doors block sight.
Standing on a tile with an open door (or an opening) on one of its four edges,
you also see the room beyond it.
"""

from __future__ import annotations

import numpy as np

from game.map.edges import BLOCKS_SIGHT
from game.map.floor_map import DIRECTIONS_4, OUTSIDE, FloorMap


def visible_rooms(floor: FloorMap, x: int, y: int) -> list[int]:
    """Rooms seen from tile ``(x, y)``, own room first, the rest in N, E, S, W order."""
    here = floor.room_at(x, y)
    if here == OUTSIDE:
        return []
    seen = [here]
    for dx, dy in DIRECTIONS_4:
        beyond = floor.room_at(x + dx, y + dy)
        if beyond in (OUTSIDE, here) or beyond in seen:
            continue
        if not BLOCKS_SIGHT[floor.edge_kind_toward(x, y, dx, dy)]:
            seen.append(beyond)
    return seen


def room_mask(floor: FloorMap, rooms: list[int]) -> np.ndarray:
    """A ``[y, x]`` boolean mask of the tiles of the given rooms."""
    if not rooms:
        return np.zeros(floor.rooms.shape, dtype=bool)
    return np.isin(floor.rooms, np.asarray(rooms, dtype=floor.rooms.dtype))
