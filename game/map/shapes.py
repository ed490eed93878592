"""Room shapes: each room cut into a few rectangles (row runs merged downwards).

A rectangular room is one piece, an L-shape two. The renderer uses the pieces to
redraw a room with a couple of blits; tests use them to describe room shapes.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.map.floor_map import OUTSIDE

Rect = tuple[int, int, int, int]  # x, y, width, height in tiles


def room_pieces(rooms: NDArray[np.int32]) -> list[list[Rect]]:
    """For each room id ``0..n-1``, its tiles as rectangles, sorted top-left first.

    >>> room_pieces(np.array([[0, 0, 1], [0, 0, 1], [0, -1, -1]]))
    [[(0, 0, 2, 2), (0, 2, 1, 1)], [(2, 0, 1, 2)]]
    """
    count = int(rooms.max()) + 1 if rooms.size else 0
    pieces: list[list[Rect]] = [[] for _ in range(max(count, 0))]
    open_runs: dict[tuple[int, int, int], int] = {}  # (room, x0, x1) -> first row
    height, width = rooms.shape
    for y in range(height + 1):
        row_runs = _row_runs(rooms[y]) if y < height else set()
        for key in sorted(open_runs):
            if key in row_runs:
                row_runs.discard(key)
                continue
            room, x0, x1 = key
            y0 = open_runs.pop(key)
            pieces[room].append((x0, y0, x1 - x0, y - y0))
        for key in row_runs:
            open_runs[key] = y
    for room_pieces_ in pieces:
        room_pieces_.sort(key=lambda r: (r[1], r[0]))
    return pieces


def _row_runs(row: NDArray[np.int32]) -> set[tuple[int, int, int]]:
    edges = np.flatnonzero(np.diff(row)) + 1
    starts = np.concatenate(([0], edges)).tolist()
    ends = np.concatenate((edges, [row.size])).tolist()
    return {(int(row[x0]), x0, x1) for x0, x1 in zip(starts, ends) if row[x0] != OUTSIDE}
