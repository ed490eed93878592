"""What the pointer is over on the zoomed map (``o``, REN-5; UI-8): a door (or one of the island's
gates) when it is near one, else what the normal hover says of the tile. The words are the
normal hover's (``describe.tile_text`` and ``edge_text``); only the reach differs, a zoomed
tile being a few pixels wide, and a door out of sight is told as it was last seen, as drawn."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.app.describe import edge_text, tile_text
from game.map.edges import IS_DOOR, Edge
from game.map.floor_map import Side

if TYPE_CHECKING:
    from game.world.game import Game

Zoom = tuple[float, float, float]  # the zoomed picture's origin and a tile's size, in pixels
REMEMBERED_WORDS = {Edge.DOOR: "A closed door (remembered)", Edge.OPEN_DOOR: "An open door (remembered)",
                    Edge.LOCKED_DOOR: "A locked door (remembered): a key opens it"}


def zoomed_text(game: Game, zoom: Zoom | None, pointer: tuple[int, int] | None) -> str:
    """The sidebar's line for ``pointer`` over the zoomed map drawn at ``zoom`` ("" off the map)."""
    if zoom is None or pointer is None:
        return ""
    ox, oy, tile = zoom
    fx, fy = (pointer[0] - ox) / tile, (pointer[1] - oy) / tile
    x, y = math.floor(fx), math.floor(fy)
    if not game.floor.map.in_bounds(x, y):
        return ""
    reach = max(3.0, tile * 0.3) / tile  # how near an edge, in tiles, the pointer is "on" it
    words = _gate_near(game, fx, fy, max(reach, 1.5)) if game.on_overworld else _door_near(game, fx, fy, reach)
    return words or tile_text(game, (x, y))


def _door_near(game: Game, fx: float, fy: float, reach: float) -> str:
    """The door on the tile edge nearest the point (``fx``, ``fy``, in tiles), if the player knows it."""
    x, y = math.floor(fx), math.floor(fy)
    distance, dx, dy = min(((fy - y, 0, -1), (y + 1 - fy, 0, 1), (fx - x, -1, 0), (x + 1 - fx, 1, 0)))
    floor = game.floor
    kind = floor.map.edge_kind_toward(x, y, dx, dy)
    if distance > reach or not IS_DOOR[kind]:
        return ""
    a, b = floor.map.room_at(x, y), floor.map.room_at(x + dx, y + dy)
    if floor.in_sight(x, y) or floor.in_sight(x + dx, y + dy):
        return edge_text(game, (x, y, dx, dy))
    if not any(r >= 0 and floor.seen_rooms[r] for r in (a, b)):
        return ""
    ex, ey, side = (x + max(dx, 0), y, Side.W) if dx else (x, y + max(dy, 0), Side.N)
    return REMEMBERED_WORDS[Edge(floor.door_memory.get((ex, ey, int(side)), kind))]


def _gate_near(game: Game, fx: float, fy: float, reach: float) -> str:
    """One of the island's gates whose mark is near the point, open or sealed."""
    for (x, y, side), _regions in game.world.gates:
        if math.hypot(x + 0.5 - fx, y + 0.5 - fy) <= reach:
            return edge_text(game, (x, y, 0, -1) if side == Side.N else (x, y, -1, 0))
    return ""
