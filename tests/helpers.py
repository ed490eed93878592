"""Small helpers shared by tests."""

from __future__ import annotations

from collections import deque

import numpy as np

from game.world.edges import BLOCKS_MOVE, Edge
from game.world.floor_map import DIRECTIONS_8, FloorMap


def reachable_tiles(floor: FloorMap, start: tuple[int, int], through_closed_doors: bool = True) -> np.ndarray:
    """Tiles reachable from ``start`` by legal steps (opening closed doors if allowed)."""
    allowed = ~BLOCKS_MOVE
    if through_closed_doors:
        allowed = allowed.copy()
        allowed[Edge.DOOR] = True
    seen = np.zeros(floor.rooms.shape, dtype=bool)
    seen[start[1], start[0]] = True
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in DIRECTIONS_8:
            nx, ny = x + dx, y + dy
            if not floor.is_floor(nx, ny) or seen[ny, nx]:
                continue
            if dx and dy:
                ok = floor.corner_is_open(x + (dx > 0), y + (dy > 0))
            else:
                ok = bool(allowed[floor.edge_kind_toward(x, y, dx, dy)])
            if ok:
                seen[ny, nx] = True
                queue.append((nx, ny))
    return seen
