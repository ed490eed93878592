"""Room-based visibility (SPEC VIS-1, seed 004 §4.1).

You see the whole room you stand in, convex or not. Closed doors block sight.
Standing on a tile with an open door (or an opening) on one of its four edges,
you also see the room beyond it.

``update`` sets what the player sees and remembers after a turn: by the room here, by the
tile in ``game.world.tile_sight``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.map.edges import BLOCKS_SIGHT
from game.map.floor_map import DIRECTIONS_4, OUTSIDE, FloorMap
from game.world import tile_sight

if TYPE_CHECKING:
    from game.world.game import Game


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


def room_mask(floor: FloorMap, rooms: list[int]) -> npt.NDArray[np.bool_]:
    """A ``[y, x]`` boolean mask of the tiles of the given rooms."""
    if not rooms:
        return np.zeros(floor.rooms.shape, dtype=bool)
    return np.isin(floor.rooms, np.asarray(rooms, dtype=floor.rooms.dtype))


def update(game: Game) -> None:
    """What the player sees and remembers after a turn (``Game.update_visibility``)."""
    floor = game.floor
    if tile_sight.by_tile(game):
        tile_sight.update(game)
        return
    if game.on_overworld:  # daylight: the whole island is in view
        floor.visible = list(range(floor.map.room_count))
        floor.seen_rooms[:] = True
        return
    floor.visible = visible_rooms(floor.map, *game.player.pos)
    floor.seen_rooms[floor.visible] = True
    if floor.mapped:
        floor.mapped = [room for room in floor.mapped if room not in floor.visible]
    floor.remember_doors()
    in_sight = set(floor.visible)
    rooms = floor.map.rooms
    for pos in [p for p in floor.item_memory if rooms[p[1], p[0]] in in_sight]:
        del floor.item_memory[pos]
    for item in floor.items:
        if rooms[item.y, item.x] in in_sight:
            floor.item_memory[item.pos] = item.kind
