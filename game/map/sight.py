"""Sight by the tile through thin walls (SPEC VIS-5): an exact, symmetric field of view.

**The definition.** Tile B is visible from tile A when both are floor (``rooms != -1``)
and the straight segment between their centres crosses no blocking edge
(``BLOCKS_SIGHT``: wall, hull, closed or locked door; open doors and open edges do not
block). Edges are closed segments of length 1 on the tile borders. A centre never lies on
an edge line, so the segment either crosses an edge at an interior point (blocked) or
misses it, except where it passes exactly through a *corner point* (where up to four
edges meet). There the rule is: **the segment is blocked at a corner point when blocking
edges touch that point on both sides of the segment** -- when the segment would have to
cross the drawn walls, not just graze them. So the end of a wall, a door jamb or the
outer corner of an L only grazes a passing segment (no block), while a straight wall, a
closed corner or two walls meeting only at the point (a diagonal gap) block it. The
segment is never along an edge (centres sit at half-integer coordinates). The rule uses
nothing but the segment's geometry and the edges, so it is **symmetric**: A sees B
exactly when B sees A.

Tiles that are not floor are never visible and see nothing; they do not block sight by
themselves (only edges do), so a segment may cross vacuum or rock between two floors when
no blocking edge is in the way. ``radius`` (optional) keeps the tiles whose centres lie
within that Euclidean distance of the origin's centre: ``dx*dx + dy*dy <= radius**2``.
The origin sees itself when it is floor.

**The method.** Shadowcasting by quadrants, row by row, over the edges: the lit part of a
quadrant is a short list of slope intervals (exact integer ratios, each end open or
closed); before each row the blocking edges on the line between rows (merged into runs)
and the blocking corner points on it cut the lit set, then the row's tiles whose centre
slope is lit are marked with one slice assignment per interval, then the blocking edges
along the row cut it for the rows beyond. Work grows with the rows reached and the walls
met, not with the tiles. The per-floor tables (``game.map.sight_tables``: runs, blocking
corners, walls per row) are kept on the map with a copy of its edge arrays: a door opened
or shut with ``set_edge`` rebuilds only the lines through it, and any other difference
from the copy rebuilds them all, so they can never be stale.
"""

from __future__ import annotations

from bisect import bisect_left
from math import isqrt

import numpy as np
from numpy.typing import NDArray

from game.map.floor_map import OUTSIDE, FloorMap
from game.map.sight_tables import _Line, sight_tables

Pos = tuple[int, int]
_Interval = tuple[int, int, bool, int, int, bool]
"""A lit slope interval: ``(lo_p, lo_q, lo_closed, hi_p, hi_q, hi_closed)``, ``q > 0``."""


def visible_tiles(floor: FloorMap, origin: Pos, radius: float | None = None) -> NDArray[np.bool_]:
    """The tiles visible from ``origin`` (see the module docstring): bool ``[y, x]``.

    >>> from game.map.ascii import parse_map
    >>> area, _ = parse_map('''
    ... +-+-+-+
    ... |. . .|
    ... + +-+ +
    ... |.|.  |
    ... +-+-+-+''')
    >>> visible_tiles(area, (0, 0)).astype(int).tolist()
    [[1, 1, 1], [1, 0, 0]]
    """
    ox, oy = origin
    w, h = floor.width, floor.height
    if not (0 <= ox < w and 0 <= oy < h):
        raise ValueError(f"origin {origin} is outside the {w}x{h} map")
    if radius is not None and not radius >= 0:
        raise ValueError(f"radius {radius} is not a distance")
    if floor.rooms[oy, ox] == OUTSIDE:
        return np.zeros((h, w), dtype=bool)
    tables = sight_tables(floor)
    r2 = None if radius is None else int(radius * radius)
    tiles = bytearray(w * h)  # [y][x], the four quadrants marked into it
    tiles[oy * w + ox] = 1
    hpos, hneg, hwalls, vpos, vneg, vwalls = tables.lines
    _sweep(hpos, hneg, hwalls, ox, oy, 1, h - 1 - oy, w, tiles, r2, w, 1)
    _sweep(hneg, hpos, hwalls, ox, oy, -1, oy, w, tiles, r2, w, 1)
    _sweep(vpos, vneg, vwalls, oy, ox, 1, w - 1 - ox, h, tiles, r2, 1, w)  # (its rows are columns)
    _sweep(vneg, vpos, vwalls, oy, ox, -1, ox, h, tiles, r2, 1, w)
    seen: NDArray[np.bool_] = np.frombuffer(tiles, dtype=bool).reshape(h, w) & (floor.rooms != OUTSIDE)
    return seen


def _cut(lit: list[_Interval], ap: int, aq: int, ac: bool, bp: int, bq: int, bc: bool) -> list[_Interval]:
    """The lit slope intervals minus the obstacle from ``ap/aq`` to ``bp/bq`` (ends closed when
    ``ac``/``bc``). Intervals are ``(lo_p, lo_q, lo_closed, hi_p, hi_q, hi_closed)``, ``q > 0``."""
    out = []
    for iv in lit:
        lp, lq, lc, hp, hq, hc = iv
        x = hp * aq - ap * hq
        if x < 0 or (x == 0 and not (hc and ac)):
            out.append(iv)
            continue
        y = lp * bq - bp * lq
        if y > 0 or (y == 0 and not (lc and bc)):
            out.append(iv)
            continue
        z = lp * aq - ap * lq
        if z < 0 or (z == 0 and lc and not ac):
            out.append((lp, lq, lc, ap, aq, not ac))
        t = hp * bq - bp * hq
        if t > 0 or (t == 0 and hc and not bc):
            out.append((bp, bq, not bc, hp, hq, hc))
    return out


def _cut_open(lit: list[_Interval], ap: int, aq: int, bp: int, bq: int) -> list[_Interval]:
    """``_cut`` for an obstacle open at both ends (a wall across a row, seen end on), in fewer steps."""
    out = []
    for iv in lit:
        lp, lq, lc, hp, hq, hc = iv
        if hp * aq <= ap * hq or lp * bq >= bp * lq:  # wholly on one side of it, or touching an open end
            out.append(iv)
            continue
        z = lp * aq - ap * lq
        if z < 0 or (z == 0 and lc):
            out.append((lp, lq, lc, ap, aq, True))
        t = hp * bq - bp * hq
        if t > 0 or (t == 0 and hc):
            out.append((bp, bq, True, hp, hq, hc))
    return out


def _cut_line(lit: list[_Interval], found: _Line, left: int, right: int, base: int, d: int,
              higher: bool) -> list[_Interval]:
    """``lit`` cut by the obstacles of one line between rows (``d`` half-rows out) from column
    ``left`` to ``right`` (doubled), on the side of the axis ``base`` it serves (``higher``)."""
    ends, obstacles = found
    k = bisect_left(ends, left)
    while k < len(obstacles) and lit:
        s, e, sc, ec = obstacles[k]
        if s > right:
            break
        k += 1
        if higher:
            if e <= base:
                continue
            if s < base:
                s, sc = base, True
        elif s >= base:
            continue
        elif e > base:
            e, ec = base, True
        lit = _cut(lit, s - base, d, sc, e - base, d, ec)
    return lit


def _sweep(pos_lines: list[_Line | None], neg_lines: list[_Line | None], walls: list[list[int]], o_col: int,
           o_dep: int, sign: int, depth: int, ncols: int, out: bytearray, r2: int | None, row_step: int,
           col_step: int) -> None:
    """One quadrant: rows ``j = 1..depth`` away from the origin along its axis (``sign``),
    columns across. ``pos_lines`` serve the side of higher columns, ``neg_lines`` the lower. Row
    ``row``'s column ``col`` is ``out[row * row_step + col * col_step]``. (Written for speed: it is
    a third of a turn by the tile; ``bisect`` finds the first obstacle in reach.)"""
    base = 2 * o_col + 1
    lit = [(-1, 1, True, 1, 1, True)]
    col_min, col_max = -o_col, ncols - 1 - o_col
    least, reach = col_min, col_max
    if r2 is not None:
        depth = min(depth, isqrt(r2))
    ones = b"\x01" * ncols
    line = o_dep if sign > 0 else o_dep + 1  # the line between rows j-1 and j, one step on for each j
    row = o_dep
    for j in range(1, depth + 1):
        d = 2 * j - 1
        line += sign
        row += sign
        below, above = neg_lines[line], pos_lines[line]
        if below is not None or above is not None:
            lowest, highest = lit[0], lit[-1]
            low, high = base + (lowest[0] * d) // lowest[1], base - ((-highest[3] * d) // highest[4])
            if below is not None and low <= base:  # the obstacles on the lower columns' side, up to the axis
                lit = _cut_line(lit, below, low, high if high < base else base, base, d, False)
            if above is not None and lit and high >= base:  # and on the higher columns' side, from the axis
                lit = _cut_line(lit, above, low if low > base else base, high, base, d, True)
            if not lit:
                return
        # the row's tiles whose centre slope is lit
        start = row * row_step + o_col * col_step
        if r2 is not None:
            spread = isqrt(r2 - j * j)
            reach, least = min(col_max, spread), max(col_min, -spread)
        kept = []
        for iv in lit:
            lp, lq, lc, hp, hq, hc = iv
            n = lp * j
            first = -((-n) // lq)
            if not lc and first * lq == n:
                first += 1
            n = hp * j
            last = n // hq
            if not hc and last * hq == n:
                last -= 1
            if (first > col_max and lp >= 0) or (last < col_min and hp <= 0):
                continue  # beyond the map's side, and widening away from it
            kept.append(iv)
            if first < least:
                first = least
            if last > reach:
                last = reach
            if first <= last:
                out[start + first * col_step:start + (last + 1) * col_step:col_step] = ones[:last - first + 1]
        lit = kept
        # the walls along row j, for the rows beyond
        row_walls = walls[row]
        if row_walls and lit:
            r = 2 * j
            lowest, highest = lit[0], lit[-1]
            lp, hp = lowest[0], highest[3]
            left = base + (lp * (r + 1) // lowest[1] if lp < 0 else lp * (r - 1) // lowest[1])
            right = base - ((-hp * (r + 1)) // highest[4] if hp > 0 else (-hp * (r - 1)) // highest[4])
            k = bisect_left(row_walls, left)
            while k < len(row_walls) and lit:
                c = row_walls[k] - base
                if c > right - base:
                    break
                k += 1
                lit = _cut_open(lit, c, r + 1, c, r - 1) if c > 0 else _cut_open(lit, c, r - 1, c, r + 1)
        if not lit:
            return
