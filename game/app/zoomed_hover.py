"""What the pointer is over on the zoomed map (``o``, issue 25): a door (or one of the island's
gates) when it is near one, else what the normal hover says of the tile (``describe``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.app.describe import tile_text
from game.map.edges import IS_DOOR, Edge
from game.map.floor_map import Side

if TYPE_CHECKING:
    from game.world.game import Game

Zoom = tuple[float, float, float]  # the zoomed picture's origin and a tile's size, in pixels
DOOR_WORDS = {Edge.DOOR: "A closed door", Edge.OPEN_DOOR: "An open door",
              Edge.LOCKED_DOOR: "A locked door (a key opens it)"}


def zoomed_text(game: Game, zoom: Zoom | None, pointer: tuple[int, int] | None) -> str:
    """The sidebar's line for ``pointer`` over the zoomed map drawn at ``zoom`` ("" off the map)."""
    if zoom is None or pointer is None:
        return ""
    ox, oy, tile = zoom
    fx, fy = (pointer[0] - ox) / tile, (pointer[1] - oy) / tile
    x, y = math.floor(fx), math.floor(fy)
    floor_map = game.floor.map
    if not (0 <= x < floor_map.width and 0 <= y < floor_map.height):
        return ""
    reach = max(3.0, tile * 0.3) / tile  # how near an edge, in tiles, the pointer is "on" it
    words = _gate_near(game, fx, fy, max(reach, 1.5)) if game.on_overworld else _door_near(game, fx, fy, reach)
    return words or tile_text(game, (x, y))


def _door_near(game: Game, fx: float, fy: float, reach: float) -> str:
    """The door on the tile edge nearest the point (``fx``, ``fy``, in tiles), if the player knows it."""
    x, y = math.floor(fx), math.floor(fy)
    edges = [(fy - y, x, y, Side.N), (y + 1 - fy, x, y + 1, Side.N), (fx - x, x, y, Side.W), (x + 1 - fx, x + 1, y, Side.W)]
    distance, ex, ey, side = min(edges)
    floor = game.floor
    floor_map = floor.map
    if distance > reach or not (0 <= ex < floor_map.width + 1 and 0 <= ey < floor_map.height + 1):
        return ""
    kind = Edge(int((floor_map.north if side == Side.N else floor_map.west)[ey, ex]))
    if not IS_DOOR[kind]:
        return ""
    a, b = floor_map.rooms_across(ex, ey, side)
    if a in floor.visible or b in floor.visible:
        return DOOR_WORDS[kind]
    if (a >= 0 and floor.seen_rooms[a]) or (b >= 0 and floor.seen_rooms[b]):
        return DOOR_WORDS[Edge(floor.door_memory.get((ex, ey, int(side)), kind))] + " (remembered)"
    return ""


def _gate_near(game: Game, fx: float, fy: float, reach: float) -> str:
    """One of the island's gates near the point, open or sealed."""
    world = game.world
    for edge, regions in world.gates:
        if math.hypot(edge[0] + 0.5 - fx, edge[1] + 0.5 - fy) <= reach:
            if world.gate_kind(regions) == Edge.OPEN_DOOR:
                return "An open gate"
            return "A sealed gate (it opens when a Warden falls)"
    return ""
