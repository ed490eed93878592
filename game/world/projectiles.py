"""Flight along a grid line (SPEC LIN-2): what stops a thrown thing or a rocket.

A projectile follows ``game.geometry.line`` cell by cell. Between two cells it
must cross the edge between them: walls, hull and closed or locked doors stop
it. A diagonal move passes the corner point if at least one of the two
L-shaped ways around it is clear (unlike walking, a flying thing does not need
the whole corner free). A creature in the way stops it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import numpy.typing as npt

from game.geometry import line
from game.map.edges import BLOCKS_MOVE
from game.map.floor_map import FloorMap

Cell = tuple[int, int]


def _edge_clear(floor: FloorMap, x: int, y: int, dx: int, dy: int) -> bool:
    return floor.is_floor(x + dx, y + dy) and not BLOCKS_MOVE[floor.edge_kind_toward(x, y, dx, dy)]


def can_fly(floor: FloorMap, x: int, y: int, dx: int, dy: int) -> bool:
    """Whether a projectile can go from ``(x, y)`` to the neighbour ``(x+dx, y+dy)``."""
    if not floor.is_floor(x + dx, y + dy):
        return False
    if dx == 0 or dy == 0:
        return _edge_clear(floor, x, y, dx, dy)
    via_x = _edge_clear(floor, x, y, dx, 0) and _edge_clear(floor, x + dx, y, 0, dy)
    via_y = _edge_clear(floor, x, y, 0, dy) and _edge_clear(floor, x, y + dy, dx, 0)
    return via_x or via_y


@dataclass(frozen=True)
class Flight:
    path: npt.NDArray[np.intp]  # (n, 2) cells actually flown over, start excluded, end included
    end: Cell  # where it stops (the last cell flown, or the start if it could not leave)
    hit: Cell | None  # a creature's cell it struck, if any
    blocked: bool  # stopped by a wall or door before its target


def fly(floor: FloorMap, start: Cell, target: Cell, occupied: Callable[[Cell], bool],
        max_range: int = 99, stop_at_creatures: bool = True) -> Flight:
    """Trace a projectile from ``start`` toward ``target``."""
    cells = line(start, target)[1: max_range + 1]
    flown: list[Cell] = []
    here = start
    for x, y in cells.tolist():
        if not can_fly(floor, here[0], here[1], x - here[0], y - here[1]):
            return Flight(np.array(flown, dtype=np.intp).reshape(-1, 2), here, None, True)
        if stop_at_creatures and occupied((x, y)):
            flown.append((x, y))
            return Flight(np.array(flown, dtype=np.intp).reshape(-1, 2), (x, y), (x, y), False)
        flown.append((x, y))
        here = (x, y)
    return Flight(np.array(flown, dtype=np.intp).reshape(-1, 2), here, None, False)
