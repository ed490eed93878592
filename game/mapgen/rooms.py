"""Room growth for thin-walled floors (SPEC DUN-2, seed 004 §4.2).

Scatter seed points; give each room a random width/height limit; grow each room
from its seed by alternately expanding its bounding box horizontally and
vertically. A tile joins only when the tile next to it *in the direction of
growth* is already in the room, so rooms never grow through diagonal corners;
growth stops at the limit or at another room. The result is mostly rectangles
with some L-shapes, which fill the map like a jigsaw.
"""

from __future__ import annotations

import numpy as np

from game.rng import Rng
from game.world.floor_map import OUTSIDE, ROOM_ID


BLOCKED = -2
"""In a ``template``: a tile no room may grow into (a ship's vacuum)."""


def grow_rooms(
    rng: Rng,
    width: int,
    height: int,
    seed_points: int,
    size_range: tuple[int, int],
    template: np.ndarray | None = None,
) -> np.ndarray:
    """Grow rooms from random seed points; returns a ``ROOM_ID`` ``[y, x]`` room-id grid.

    Seeds landing inside an earlier room are skipped. Ids are in growth order. A
    ``template`` starts the grid: rooms already there keep their ids (new ones come
    after them), and ``BLOCKED`` tiles stay empty (``OUTSIDE`` in the result).
    """
    rooms = np.full((height, width), OUTSIDE, dtype=ROOM_ID) if template is None else template.astype(ROOM_ID)
    low, high = size_range
    next_id = int(rooms.max()) + 1 if rooms.max() >= 0 else 0
    for _ in range(seed_points):
        x, y = rng.below(width), rng.below(height)
        limit_w, limit_h = rng.randint(low, high), rng.randint(low, high)
        if rooms[y, x] != OUTSIDE:
            continue
        _grow_one(rooms, next_id, x, y, limit_w, limit_h)
        next_id += 1
    rooms[rooms == BLOCKED] = OUTSIDE
    return rooms


def _grow_one(rooms: np.ndarray, rid: int, x: int, y: int, limit_w: int, limit_h: int) -> None:
    height, width = rooms.shape
    rooms[y, x] = rid
    left = right = x
    top = bottom = y
    for distance in range(1, max(limit_w, limit_h) // 2 + 1):
        if distance <= limit_w // 2:
            if left > 0:
                _claim(rooms[top : bottom + 1, left], rooms[top : bottom + 1, left - 1], rid)
                left -= 1
            if right < width - 1:
                _claim(rooms[top : bottom + 1, right], rooms[top : bottom + 1, right + 1], rid)
                right += 1
        if distance <= limit_h // 2:
            if top > 0:
                _claim(rooms[top, left : right + 1], rooms[top - 1, left : right + 1], rid)
                top -= 1
            if bottom < height - 1:
                _claim(rooms[bottom, left : right + 1], rooms[bottom + 1, left : right + 1], rid)
                bottom += 1


def _claim(frontier: np.ndarray, beyond: np.ndarray, rid: int) -> None:
    """Claim each free tile of ``beyond`` whose neighbour in ``frontier`` is in the room.

    Both are views into the room grid, so the assignment writes through.
    """
    grow = (frontier == rid) & (beyond == OUTSIDE)
    beyond[grow] = rid


def drop_small_rooms(rooms: np.ndarray, min_area: int) -> np.ndarray:
    """Turn rooms smaller than ``min_area`` tiles into outside (solid rock)."""
    counts = np.bincount(rooms[rooms != OUTSIDE].astype(np.intp), minlength=int(rooms.max()) + 1)
    small = np.flatnonzero(counts < min_area)
    out = rooms.copy()
    out[np.isin(rooms, small)] = OUTSIDE
    return out


def renumber(rooms: np.ndarray) -> np.ndarray:
    """Give rooms ids ``0..n-1`` in row-major order of their first tile."""
    flat = rooms.ravel()
    present = flat[flat != OUTSIDE]
    if present.size == 0:
        return rooms.copy()
    _, first = np.unique(present, return_index=True)
    order = np.unique(present)[np.argsort(first)]
    lookup = np.full(int(rooms.max()) + 2, OUTSIDE, dtype=ROOM_ID)
    lookup[order] = np.arange(order.size, dtype=ROOM_ID)
    return np.where(rooms == OUTSIDE, OUTSIDE, lookup[rooms]).astype(ROOM_ID)
