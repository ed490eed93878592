"""ASCII pictures of thin-walled maps, for tests and the mapgen tool.

A ``width x height`` map is drawn at double resolution, ``2*height + 1`` lines of
``2*width + 1`` characters: tile ``(x, y)`` sits at column ``2x+1`` of line
``2y+1``; its north edge at column ``2x+1`` of line ``2y``; its west edge at
column ``2x`` of line ``2y+1``; corners at even columns of even lines::

    +-+-+-+-+
    |. .|. .|      two rooms joined by a closed door (D)
    + +-+ + +
    |. .D. .|
    +-+-+-+-+

Edge characters: space = open, ``-``/``|`` = wall, ``D`` = closed door,
``o`` = open door, ``L`` = locked door, ``#`` = hull. A tile is floor unless it
is a space; any character other than ``.`` is returned as a *mark* (``@``, ``>``,
a monster letter...). Room ids are recovered by flood fill through open edges,
numbered in row-major order of their first tile.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from numpy.typing import NDArray

from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, ROOM_ID, FloorMap, Side

_EDGE_FROM_CHAR = {" ": Edge.OPEN, "-": Edge.WALL, "|": Edge.WALL, "D": Edge.DOOR, "o": Edge.OPEN_DOOR,
                   "L": Edge.LOCKED_DOOR, "#": Edge.HULL}
_CHAR_FROM_EDGE = {Edge.OPEN: " ", Edge.DOOR: "D", Edge.OPEN_DOOR: "o", Edge.LOCKED_DOOR: "L", Edge.HULL: "#"}


def parse_map(text: str) -> tuple[FloorMap, dict[tuple[int, int], str]]:
    """Read a picture (see module docstring) into a map and its marks ``{(x, y): char}``."""
    lines = [line for line in text.strip("\n").split("\n")]
    if len(lines) < 3 or len(lines) % 2 == 0:
        raise ValueError("a map picture has an odd number (>= 3) of lines")
    height = (len(lines) - 1) // 2
    width = (max(len(line) for line in lines) - 1) // 2
    grid = [line.ljust(2 * width + 1) for line in lines]
    floor = FloorMap.empty(width, height)
    marks: dict[tuple[int, int], str] = {}
    is_floor = np.zeros((height, width), dtype=bool)
    for y in range(height + 1):
        for x in range(width + 1):
            if x < width:
                floor.north[y, x] = _EDGE_FROM_CHAR[grid[2 * y][2 * x + 1]]
            if y < height:
                floor.west[y, x] = _EDGE_FROM_CHAR[grid[2 * y + 1][2 * x]]
            if x < width and y < height:
                char = grid[2 * y + 1][2 * x + 1]
                is_floor[y, x] = char != " "
                if char not in " .":
                    marks[(x, y)] = char
    floor.refresh()
    floor.rooms[:] = _label_rooms(floor, is_floor)
    floor.refresh()
    return floor, marks


def _label_rooms(floor: FloorMap, is_floor: NDArray[np.bool_]) -> NDArray[np.int32]:
    rooms = np.full(is_floor.shape, OUTSIDE, dtype=ROOM_ID)
    next_id = 0
    for y0, x0 in zip(*np.nonzero(is_floor)):
        if rooms[y0, x0] != OUTSIDE:
            continue
        rooms[y0, x0] = next_id
        queue = deque([(int(x0), int(y0))])
        while queue:
            x, y = queue.popleft()
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                nx, ny = x + dx, y + dy
                if not (0 <= nx < floor.width and 0 <= ny < floor.height):
                    continue
                if not is_floor[ny, nx] or rooms[ny, nx] != OUTSIDE:
                    continue
                if floor.edge_kind_toward(x, y, dx, dy) != Edge.OPEN:
                    continue
                rooms[ny, nx] = next_id
                queue.append((nx, ny))
        next_id += 1
    return rooms


def render_map(floor: FloorMap, marks: dict[tuple[int, int], str] | None = None) -> str:
    """Draw a map as a picture (the inverse of ``parse_map`` for marks and edges)."""
    marks = marks or {}
    w, h = floor.width, floor.height
    out: list[str] = []
    for y in range(2 * h + 1):
        row: list[str] = []
        for x in range(2 * w + 1):
            tx, ty = x // 2, y // 2
            if y % 2 == 0 and x % 2 == 0:
                row.append("+" if _corner_has_edge(floor, tx, ty) else " ")
            elif y % 2 == 0:
                kind = Edge(int(floor.north[ty, tx]))
                row.append("-" if kind == Edge.WALL else _CHAR_FROM_EDGE[kind])
            elif x % 2 == 0:
                kind = Edge(int(floor.west[ty, tx]))
                row.append("|" if kind == Edge.WALL else _CHAR_FROM_EDGE[kind])
            else:
                row.append(marks.get((tx, ty), "." if floor.rooms[ty, tx] != OUTSIDE else " "))
        out.append("".join(row).rstrip())
    return "\n".join(out) + "\n"


def _corner_has_edge(floor: FloorMap, cx: int, cy: int) -> bool:
    w, h = floor.width, floor.height
    touching = []
    if cx > 0:
        touching.append(floor.north[cy, cx - 1])
    if cx < w:
        touching.append(floor.north[cy, cx])
    if cy > 0:
        touching.append(floor.west[cy - 1, cx])
    if cy < h:
        touching.append(floor.west[cy, cx])
    return any(kind != Edge.OPEN for kind in touching)


def side_name(side: Side) -> str:
    return "N" if side == Side.N else "W"
