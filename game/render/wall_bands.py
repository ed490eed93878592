"""A floor's thin walls as the floor picture draws them (``game.render.floor_layer``): each room
paints its side of every wall as a band inside its own tiles, with a thin shadow beside it."""

from __future__ import annotations

import numpy as np

from game.map.edges import Edge, IS_BARRIER
from game.map.floor_map import FloorMap
from game.render import palette

Colour = tuple[int, int, int]


class WallBands:
    """Each room draws its side of every wall as a band inside its own tiles (with a thin
    shadow beside it), and closes the gap a wall leaves where it ends at a tile's corner.
    The walls are found for the whole floor at once (numpy); ``fills(room)`` gives one
    room's rectangles, in the order they are painted."""

    def __init__(self, floor: FloorMap, tile: int, wall: Colour = palette.WALL) -> None:
        """``wall``: the colour of the walls (a region's theme's, SPEC REN-7), the hull's being its own."""
        self.rooms = floor.rooms
        self.wall = wall
        band = max(2, tile // 10)
        shade = 1
        is_floor = floor.floor_mask()
        h, w = floor.height, floor.width
        barrier_n = IS_BARRIER[floor.north]
        barrier_w = IS_BARRIER[floor.west]
        hull_n = floor.north == Edge.HULL
        hull_w = floor.west == Edge.HULL
        sides = (
            # (wall on this side of tile, is hull, band rect in tile, shadow rect in tile)
            (barrier_n[:h, :w], hull_n[:h, :w], (0, 0, tile, band), (0, band, tile, shade)),
            (barrier_n[1 : h + 1, :w], hull_n[1 : h + 1, :w], (0, tile - band, tile, band),
             (0, tile - band - shade, tile, shade)),
            (barrier_w[:h, :w], hull_w[:h, :w], (0, 0, band, tile), (band, 0, shade, tile)),
            (barrier_w[:h, 1 : w + 1], hull_w[:h, 1 : w + 1], (tile - band, 0, band, tile),
             (tile - band - shade, 0, shade, tile)),
        )
        self.sides = []
        for barrier, hull, band_rect, shadow_rect in sides:
            ys, xs = np.nonzero(barrier & is_floor)
            self.sides.append((xs, ys, hull[ys, xs], band_rect, shadow_rect))
        self.corners = _wall_corners(floor, tile, band, is_floor, barrier_n, barrier_w)
        self.tile = tile

    def fills(self, room: int) -> list[tuple[Colour, tuple[int, int, int, int]]]:
        """``room``'s wall bands, shadows and corners: (colour, pixel rect), in painting order."""
        tile = self.tile
        found: list[tuple[Colour, tuple[int, int, int, int]]] = []
        for xs, ys, hull, (bx, by, bw, bh), (sx, sy, sw, sh) in self.sides:
            mine = self.rooms[ys, xs] == room
            for x, y, is_hull in zip(xs[mine].tolist(), ys[mine].tolist(), hull[mine].tolist()):
                ox, oy = x * tile, y * tile
                found.append((palette.WALL_SHADOW, (ox + sx, oy + sy, sw, sh)))
                found.append((palette.HULL if is_hull else self.wall, (ox + bx, oy + by, bw, bh)))
        for xs, ys, (px, py), size in self.corners:
            mine = self.rooms[ys, xs] == room
            found.extend((self.wall, (x * tile + px, y * tile + py, size, size))
                         for x, y in zip(xs[mine].tolist(), ys[mine].tolist()))
        return found


def _wall_corners(floor: FloorMap, tile: int, band: int, is_floor: np.ndarray, barrier_n: np.ndarray,
                  barrier_w: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, tuple[int, int], int]]:
    """The tiles where a wall ends at a corner (concave corners): (xs, ys, pixel offset in tile, size)."""
    h, w = floor.height, floor.width
    corner = np.zeros((h + 1, w + 1), dtype=bool)  # any barrier touches corner point [cy, cx]
    corner[:, 1:] |= barrier_n[:, :w]
    corner[:, :w] |= barrier_n[:, :w]
    corner[1:, :] |= barrier_w[:h, :]
    corner[:h, :] |= barrier_w[:h, :]
    own_n, own_s = barrier_n[:h, :w], barrier_n[1 : h + 1, :w]
    own_w, own_e = barrier_w[:h, :w], barrier_w[:h, 1 : w + 1]
    corners = (  # (corner dx, dy, pixel offset in tile, own edges that already cover it)
        (0, 0, (0, 0), own_n | own_w),
        (1, 0, (tile - band, 0), own_n | own_e),
        (0, 1, (0, tile - band), own_s | own_w),
        (1, 1, (tile - band, tile - band), own_s | own_e),
    )
    found = []
    for cdx, cdy, offset, covered in corners:
        ys, xs = np.nonzero(is_floor & corner[cdy : cdy + h, cdx : cdx + w] & ~covered)
        found.append((xs, ys, offset, band))
    return found
