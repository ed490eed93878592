"""The per-floor tables ``game.map.sight.visible_tiles`` reads: for every line of edges between
two rows (or columns) its obstacles -- maximal runs of blocking edges (open intervals) merged
with the blocking corner points on it (closed) -- and for every row (or column) the blocking
edges across it.

They are kept on the map (``FloorMap.cached``) with a copy of its edge arrays. A door opened
or shut with ``set_edge`` rebuilds only the lines through that edge; any other difference
between the arrays and the copy (written directly, behind the map's back) rebuilds them all
on the next field of view, so the tables are never stale.
"""

from __future__ import annotations

import weakref

import numpy as np
from numpy.typing import NDArray

from game.map.edges import BLOCKS_SIGHT
from game.map.floor_map import FloorMap, Side

_CACHE_KEY = "sight.tables"
_Line = tuple[list[int], list[tuple[int, int, bool, bool]]]
"""One line of edges between two rows: the obstacles' ends (for bisect) and the obstacles
``(start, end, start_closed, end_closed)`` in doubled map coordinates along the line."""


class _Tables:
    """What ``visible_tiles`` reads of a floor, built from a copy of its edge arrays: per line
    its obstacles, per row its walls (see ``_arrays``), for both orientations."""

    def __init__(self, floor: FloorMap) -> None:
        self.north_bytes = floor.north.tobytes()
        self.west_bytes = floor.west.tobytes()
        self.shape = floor.north.shape
        bn, bw, hpc, hnc, vpc, vnc = _arrays(floor)
        w, h = floor.width, floor.height
        self.lines = (_lines(bn[:, :w], hpc), _lines(bn[:, :w], hnc), _walls(bw[:h, :]),
                      _lines(bw[:h, :].T, vpc.T), _lines(bw[:h, :].T, vnc.T), _walls(bn[:, :w].T))

    def fits(self, floor: FloorMap) -> bool:
        return (floor.north.shape == self.shape and floor.north.tobytes() == self.north_bytes
                and floor.west.tobytes() == self.west_bytes)

    def follow(self, floor: FloorMap, x: int, y: int, side: Side) -> bool:
        """Bring the tables up to date after edge ``(x, y, side)`` changed (``set_edge``): only
        the lines and rows through it are rebuilt. False (rebuild all) when the arrays changed
        elsewhere too, behind the map's back."""
        w, h = floor.width, floor.height
        north, west = floor.north.tobytes(), floor.west.tobytes()
        at = y * (w + 1) + x
        same, changed = (west, self.west_bytes) if side == Side.N else (north, self.north_bytes)
        now, before = (north, self.north_bytes) if side == Side.N else (west, self.west_bytes)
        if same != changed or now[:at] != before[:at] or now[at + 1:] != before[at + 1:]:
            return False
        self.north_bytes, self.west_bytes = north, west
        bn, bw, hpc, hnc, vpc, vnc = _arrays(floor)
        hpos, hneg, hwalls, vpos, vneg, vwalls = self.lines
        if side == Side.N:  # a horizontal line, the walls along column x, the corners at both ends
            rows, columns = [y], [c for c in (x, x + 1) if c <= w]
            if x < w:
                vwalls[x] = _walls(bn[:, x:x + 1].T)[0]
        else:
            rows, columns = [r for r in (y, y + 1) if r <= h], [x]
            if y < h:
                hwalls[y] = _walls(bw[y:y + 1, :])[0]
        across = bn[rows, :w]  # (each kind of line in one ``_lines``: a numpy call costs more than a line)
        found = _lines(np.concatenate((across, across)), np.concatenate((hpc[rows], hnc[rows])))
        for r, pos_line, neg_line in zip(rows, found, found[len(rows):]):
            hpos[r], hneg[r] = pos_line, neg_line
        along = bw[:h, columns].T
        found = _lines(np.concatenate((along, along)), np.concatenate((vpc[:, columns].T, vnc[:, columns].T)))
        for c, pos_line, neg_line in zip(columns, found, found[len(columns):]):
            vpos[c], vneg[c] = pos_line, neg_line
        return True


class _Kept:
    """The tables kept on a map (``FloorMap.cached``): told of each ``set_edge`` and brought up
    to date; rebuilt whenever they no longer fit the arrays."""

    def __init__(self, floor: FloorMap) -> None:
        self.floor = weakref.ref(floor)  # kept on the floor: no cycle back to it
        self.tables: _Tables | None = None

    def edge_changed(self, x: int, y: int, side: Side, was: int) -> None:
        floor = self.floor()
        if self.tables is not None and (floor is None or not self.tables.follow(floor, x, y, side)):
            self.tables = None


def sight_tables(floor: FloorMap) -> _Tables:
    """The floor's tables, kept on it and brought up to date (see the module docstring)."""
    kept = floor.cached(_CACHE_KEY, lambda: _Kept(floor))
    if kept.tables is None or not kept.tables.fits(floor):  # arrays written behind the map's back: rebuild
        kept.tables = _Tables(floor)
    return kept.tables


def build_tables(floor: FloorMap) -> _Tables:
    """The floor's tables built afresh (not kept): what the first field of view on a floor costs."""
    return _Tables(floor)


def _arrays(floor: FloorMap) -> tuple[NDArray[np.bool_], ...]:
    """Which edges block sight, and which corner points block a segment through them.

    Doubled coordinates: tile ``x`` spans ``2x..2x+2``, its centre is ``2x+1``. Horizontal
    lines are the ``north`` rows (obstacles along x), vertical lines the ``west`` columns
    (obstacles along y). A corner's rule depends on the direction of the segment through it:
    ``pos`` for segments going down-right or up-left (``dx*dy > 0``), ``neg`` otherwise. A
    corner inside a run along a line is left out of that line's corners (the run covers it).
    Returns ``bn, bw`` (blocking north and west edges, ``[h+1, w+1]``) and the blocking corners
    for horizontal lines (pos, neg) and vertical lines (pos, neg).
    """
    w, h = floor.width, floor.height
    bn = np.zeros((h + 1, w + 1), dtype=bool)
    bw = np.zeros((h + 1, w + 1), dtype=bool)
    bn[:, :w] = BLOCKS_SIGHT[floor.north[:, :w]]
    bw[:h, :] = BLOCKS_SIGHT[floor.west[:h, :]]
    arm_n = np.zeros_like(bw)
    arm_n[1:, :] = bw[:h, :]
    arm_s = bw
    arm_w = np.zeros_like(bn)
    arm_w[:, 1:] = bn[:, :w]
    arm_e = bn
    pos = (arm_n | arm_e) & (arm_s | arm_w)
    neg = (arm_n | arm_w) & (arm_s | arm_e)
    inside_h = arm_w & arm_e
    inside_v = arm_n & arm_s
    return bn, bw, pos & ~inside_h, neg & ~inside_h, pos & ~inside_v, neg & ~inside_v


def _lines(blocks: NDArray[np.bool_], corners: NDArray[np.bool_]) -> list[_Line | None]:
    """Per line (row of ``blocks``, edges along it): maximal runs of blocking edges as open
    intervals, merged with the blocking corner points on the line (closed)."""
    count, length = blocks.shape
    padded = np.zeros((count, length + 2), dtype=np.int8)
    padded[:, 1:-1] = blocks
    step = np.diff(padded, axis=1)
    starts = [[] for _ in range(count)]  # type: list[list[int]]
    ends = [[] for _ in range(count)]  # type: list[list[int]]
    for line, at in zip(*(a.tolist() for a in np.nonzero(step == 1))):
        starts[line].append(2 * at)
    for line, at in zip(*(a.tolist() for a in np.nonzero(step == -1))):
        ends[line].append(2 * at)
    points = [[] for _ in range(count)]  # type: list[list[int]]
    for line, at in zip(*(a.tolist() for a in np.nonzero(corners))):
        points[line].append(2 * at)
    out: list[_Line | None] = []
    for line in range(count):
        found = {s: (s, e, False, False) for s, e in zip(starts[line], ends[line])}
        start_of = {e: s for s, e in zip(starts[line], ends[line])}  # a run's end -> its start
        for p in points[line]:
            if p in found:
                s, e, _, end_closed = found[p]
                found[p] = (s, e, True, end_closed)
            elif p in start_of:
                s, e, start_closed, _ = found[start_of[p]]
                found[s] = (s, e, start_closed, True)
            else:
                found[p] = (p, p, True, True)
        obstacles = [found[k] for k in sorted(found)]
        out.append(([o[1] for o in obstacles], obstacles) if obstacles else None)
    return out


def _walls(blocks: NDArray[np.bool_]) -> list[list[int]]:
    """Per row of ``blocks``: the doubled positions of its blocking edges, ascending."""
    walls: list[list[int]] = [[] for _ in range(blocks.shape[0])]
    for row, at in zip(*(a.tolist() for a in np.nonzero(blocks))):
        walls[row].append(2 * at)
    return walls
