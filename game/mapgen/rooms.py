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
from numpy.typing import NDArray

from game.rng import Rng
from game.map.floor_map import OUTSIDE, ROOM_ID


BLOCKED = -2
"""In a ``template``: a tile no room may grow into (a ship's vacuum)."""


def grow_rooms(
    rng: Rng,
    width: int,
    height: int,
    seed_points: int,
    size_range: tuple[int, int],
    template: NDArray[np.int32] | None = None,
) -> NDArray[np.int32]:
    """Grow rooms from random seed points; returns a ``ROOM_ID`` ``[y, x]`` room-id grid.

    Seeds landing inside an earlier room are skipped. Ids are in growth order. A
    ``template`` starts the grid: rooms already there keep their ids (new ones come
    after them), and ``BLOCKED`` tiles stay empty (``OUTSIDE`` in the result).

    The growth works on a flat Python list (index ``y * width + x``): its strips are
    1 to 16 tiles long, far too short for numpy calls to pay off.
    """
    grid = np.full((height, width), OUTSIDE, dtype=ROOM_ID) if template is None else template.astype(ROOM_ID)
    low, high = size_range
    next_id = int(grid.max()) + 1 if grid.size and grid.max() >= 0 else 0
    cells: list[int] = grid.ravel().tolist()
    below = rng.below_function()  # the draws of rng.below and rng.randint, in the same order
    span = high - low + 1
    if span <= 0 or width <= 0 or height <= 0:
        raise ValueError(f"no room size in {size_range} or no tile in {width}x{height}")
    for _ in range(seed_points):
        x, y = below(width), below(height)
        limit_w, limit_h = low + below(span), low + below(span)
        if cells[y * width + x] != OUTSIDE:
            continue
        _grow_one(cells, width, height, next_id, x, y, limit_w, limit_h)
        next_id += 1
    rooms = np.array(cells, dtype=ROOM_ID).reshape(height, width)
    rooms[rooms == BLOCKED] = OUTSIDE
    return rooms


def _grow_one(cells: list[int], width: int, height: int, rid: int, x: int, y: int, limit_w: int,
              limit_h: int) -> None:
    """Grow room ``rid`` from ``(x, y)`` in the flat grid ``cells``, one ring of strips per step.

    Each strip claims a free tile next to it only where its own tile is already in the
    room, so growth never passes a diagonal corner. A side whose last claim took nothing
    is done for good (a tile joins only beside a room tile of its own column or row), so
    it is skipped; its bounding box still grows, as the other sides' strips span it.
    """
    cells[y * width + x] = rid
    left = right = x
    top = bottom = y
    half_w, half_h = limit_w // 2, limit_h // 2
    grow_left = grow_right = grow_up = grow_down = True
    for distance in range(1, max(half_w, half_h) + 1):
        if distance <= half_w:
            if left > 0:  # the column left of the room
                if grow_left:
                    grow_left = _claim(cells, top * width + left, (bottom + 1) * width + left, width, -1, rid)
                left -= 1
            if right < width - 1:
                if grow_right:
                    grow_right = _claim(cells, top * width + right, (bottom + 1) * width + right, width, 1, rid)
                right += 1
        if distance <= half_h:
            if top > 0:  # the row above the room
                if grow_up:
                    grow_up = _claim(cells, top * width + left, top * width + right + 1, 1, -width, rid)
                top -= 1
            if bottom < height - 1:
                if grow_down:
                    grow_down = _claim(cells, bottom * width + left, bottom * width + right + 1, 1, width, rid)
                bottom += 1


def _claim(cells: list[int], start: int, stop: int, step: int, toward: int, rid: int) -> bool:
    """Claim each free tile beyond the strip ``cells[start:stop:step]`` (``toward`` away from
    the room) whose neighbour in the strip is in the room; whether the room reached beyond."""
    strip = cells[start:stop:step]
    beyond = cells[start + toward : stop + toward : step]
    if strip.count(rid) == len(strip) and beyond.count(OUTSIDE) == len(beyond):  # a straight side into space
        cells[start + toward : stop + toward : step] = strip
        return True
    grown = [rid if here == rid and there == OUTSIDE else there for here, there in zip(strip, beyond)]
    cells[start + toward : stop + toward : step] = grown
    return rid in grown


def drop_small_rooms(rooms: NDArray[np.int32], min_area: int) -> NDArray[np.int32]:
    """Turn rooms smaller than ``min_area`` tiles into outside (solid rock)."""
    counts = np.bincount(rooms[rooms != OUTSIDE].astype(np.intp), minlength=int(rooms.max()) + 1)
    keep = np.append(counts >= min_area, False)  # the last entry answers for OUTSIDE (-1)
    return np.where(keep[rooms], rooms, OUTSIDE).astype(rooms.dtype, copy=False)


def renumber(rooms: NDArray[np.int32]) -> NDArray[np.int32]:
    """Give rooms ids ``0..n-1`` in row-major order of their first tile.

    Each room's first tile is the least flat index holding its id (``np.minimum.at``: one
    pass, no sort of the whole map; ``OUTSIDE`` falls into a spare last slot)."""
    flat = rooms.ravel()
    top = int(flat.max()) + 1 if flat.size else 0
    if top <= 0:
        return rooms.copy()
    first = np.full(top + 1, flat.size, dtype=np.intp)
    np.minimum.at(first, flat.astype(np.intp), np.arange(flat.size, dtype=np.intp))
    order = np.argsort(first[:top], kind="stable")
    present = order[first[order] < flat.size]
    lookup = np.full(top + 1, OUTSIDE, dtype=ROOM_ID)  # the last slot answers for OUTSIDE (-1)
    lookup[present] = np.arange(present.size, dtype=ROOM_ID)
    return lookup[rooms]
