"""Sight by the tile on the island (SPEC VIS-5): mountains block it, hills shorten it.

**The definition.** On the overworld every tile is a tile one can stand on or look at
(water too); its terrain codes are SPEC §16's (``game.mapgen.landmass``: 5 hills,
6 mountain). Call a tile *high* when it is hills or mountain. Tile B is visible from
tile A, with ``d2 = dx*dx + dy*dy`` between their centres, when

* ``d2 <= radius**2``, and
* the segment between the centres is not blocked by mountains, and
* ``d2 <= hill_radius**2``, or the segment is not blocked by high tiles
  (beyond a hill you see only as far as ``hill_radius``).

A segment is *blocked* by a set of tiles when it passes through the open square of one
of them, or passes exactly through a corner point where tiles of the set lie on both
sides of it (two of them touching only at that point: no squeezing between them). A and
B themselves never block (you see from and onto a mountain; its far side hides what is
behind). Everything here is symmetric in A and B, so A sees B exactly when B sees A.
Tiles beyond the map are never visible. Region borders (the overworld's cliff walls in
play) do not block sight: this function reads the terrain only.

**The method.** For a radius, a table lists, for every offset within it, the tiles its
segment crosses and the pairs of tiles on the two sides of each corner point it passes
(an exact integer walk, made once per radius and kept). A field of view is then a few
numpy gathers over a window of ``(2R+1)^2`` tiles around the origin: no per-tile Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isqrt

import numpy as np
from numpy.typing import NDArray

HILLS = 5
MOUNTAIN = 6
"""SPEC §16's terrain codes (the same as ``game.mapgen.landmass``, a layer above this one)."""
RADIUS = 12
"""The island's sight radius meant for play (tiles); the tools and the bench use it."""
HILL_SHARE = 0.5
"""Without ``hill_radius``: sight past a hill reaches half the radius."""
MAX_RADIUS = 256
"""A table's size grows with the radius cubed; the island's radius is a dozen tiles."""


@dataclass(frozen=True)
class _Rays:
    reach: int  # R: the window is (2R+1) tiles square, the origin at its centre
    d2: NDArray[np.int32]  # int32 [n]: squared distance of each target
    target: NDArray[np.intp]  # intp [n]: the target's flat index in the window
    crossed: NDArray[np.intp]  # intp [m]: window index of a tile crossed...
    crossed_of: NDArray[np.intp]  # intp [m]: ...by this target's segment
    side_a: NDArray[np.intp]  # intp [k]: the two tiles on either side of a corner point passed...
    side_b: NDArray[np.intp]  # intp [k]
    corner_of: NDArray[np.intp]  # intp [k]: ...by this target's segment


_TABLES: dict[int, _Rays] = {}


def island_visible_tiles(terrain: NDArray[np.uint8], origin: tuple[int, int], radius: float,
                         hill_radius: float | None = None) -> NDArray[np.bool_]:
    """The tiles visible from ``origin`` on the island (see the module docstring): bool ``[y, x]``.

    >>> land = np.full((5, 9), 3, dtype=np.uint8)
    >>> land[2, 4] = MOUNTAIN
    >>> island_visible_tiles(land, (2, 2), 4).astype(int)[2].tolist()
    [1, 1, 1, 1, 1, 0, 0, 0, 0]
    """
    height, width = terrain.shape
    ox, oy = origin
    if not (0 <= ox < width and 0 <= oy < height):
        raise ValueError(f"origin {origin} is outside the {width}x{height} island")
    if not 0 <= radius <= MAX_RADIUS:
        raise ValueError(f"radius {radius} is not between 0 and {MAX_RADIUS}")
    hill = radius * HILL_SHARE if hill_radius is None else hill_radius
    if not hill >= 0:
        raise ValueError(f"hill radius {hill_radius} is not a distance")
    rays = _rays(int(radius * radius))
    reach, size = rays.reach, 2 * rays.reach + 1
    x0, x1, y0, y1 = max(0, ox - reach), min(width, ox + reach + 1), max(0, oy - reach), min(height, oy + reach + 1)
    window = np.zeros((size, size), dtype=np.uint8)
    wx, wy = x0 - (ox - reach), y0 - (oy - reach)
    window[wy:wy + y1 - y0, wx:wx + x1 - x0] = terrain[y0:y1, x0:x1]
    flat = window.ravel()
    shown = ~_blocked(rays, flat == MOUNTAIN)
    if hill < radius:  # some targets lie beyond the hills' reach
        shown &= (rays.d2 <= int(hill * hill)) | ~_blocked(rays, flat >= HILLS)
    inside = np.zeros(size * size, dtype=bool)
    inside[rays.target[shown]] = True
    seen = np.zeros((height, width), dtype=bool)
    seen[y0:y1, x0:x1] = inside.reshape(size, size)[wy:wy + y1 - y0, wx:wx + x1 - x0]
    return seen


def _blocked(rays: _Rays, solid: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Per target: whether ``solid`` tiles (flat, over the window) block its segment."""
    blocked = np.zeros(rays.d2.shape[0], dtype=bool)
    blocked[rays.crossed_of[solid[rays.crossed]]] = True
    blocked[rays.corner_of[solid[rays.side_a] & solid[rays.side_b]]] = True
    return blocked


def _rays(r2: int) -> _Rays:
    found = _TABLES.get(r2)
    if found is None:
        found = _TABLES[r2] = _build(r2)
    return found


def segment_tiles(dx: int, dy: int) -> tuple[list[tuple[int, int]], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The offsets whose open squares the segment from ``(0, 0)`` to ``(dx, dy)`` (tile centres)
    crosses, both ends left out, and the two side tiles of each corner point it passes through.

    >>> segment_tiles(2, 2)
    ([(1, 1)], [((1, 0), (0, 1)), ((2, 1), (1, 2))])
    >>> segment_tiles(3, 1)[0]
    [(1, 0), (2, 1)]
    """
    ax, ay, sx, sy = abs(dx), abs(dy), 1 if dx >= 0 else -1, 1 if dy >= 0 else -1
    i = j = k = m = 0
    crossed: list[tuple[int, int]] = []
    sides: list[tuple[tuple[int, int], tuple[int, int]]] = []
    while k < ax or m < ay:
        # next vertical line x = k + 1/2 at t = (2k+1)/(2ax); next horizontal y = m + 1/2 at (2m+1)/(2ay)
        order = (2 * k + 1) * ay - (2 * m + 1) * ax if k < ax and m < ay else (-1 if k < ax else 1)
        if order <= 0:
            i, k = i + 1, k + 1
        if order >= 0:
            j, m = j + 1, m + 1
        if order == 0:  # through the corner point between the tile left and the tile entered
            sides.append(((sx * i, sy * (j - 1)), (sx * (i - 1), sy * j)))
        if (i, j) != (ax, ay):
            crossed.append((sx * i, sy * j))
    return crossed, sides


def _build(r2: int) -> _Rays:
    reach = isqrt(r2)
    size = 2 * reach + 1
    d2: list[int] = []
    target: list[int] = []
    crossed: list[int] = []
    crossed_of: list[int] = []
    side_a: list[int] = []
    side_b: list[int] = []
    corner_of: list[int] = []
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            if dx * dx + dy * dy > r2:
                continue
            index = len(d2)
            d2.append(dx * dx + dy * dy)
            target.append((dy + reach) * size + dx + reach)
            if dx == 0 and dy == 0:
                continue
            through, sides = segment_tiles(dx, dy)
            for x, y in through:
                crossed.append((y + reach) * size + x + reach)
                crossed_of.append(index)
            for (ax_, ay_), (bx, by) in sides:
                side_a.append((ay_ + reach) * size + ax_ + reach)
                side_b.append((by + reach) * size + bx + reach)
                corner_of.append(index)

    def index_array(values: list[int]) -> NDArray[np.intp]:
        return np.array(values, dtype=np.intp)

    return _Rays(reach, np.array(d2, dtype=np.int32), index_array(target), index_array(crossed),
                 index_array(crossed_of), index_array(side_a), index_array(side_b), index_array(corner_of))
