"""Brute-force references for ``game.map.sight`` and ``game.map.sight_island``: the
definitions of their docstrings checked pair by pair, with exact integer geometry.

Coordinates are doubled so that everything is an integer: tile ``(x, y)`` is the square
``[2x, 2x+2] x [2y, 2y+2]`` with its centre at ``(2x+1, 2y+1)``; edges and corner points
lie on even coordinates. Each target is checked against every blocking edge (or tile), in
numpy arrays of targets x obstacles, in chunks.
"""

from __future__ import annotations

import numpy as np

from game.map.edges import BLOCKS_SIGHT
from game.map.floor_map import OUTSIDE, FloorMap

CHUNK = 256
Doubled = int | np.ndarray
"""A doubled coordinate, or an int64 array of them."""


def _orient(ux: Doubled, uy: Doubled, vx: Doubled, vy: Doubled, wx: Doubled, wy: Doubled) -> Doubled:
    """Twice the signed area of the triangle u, v, w: > 0 when w is left of u->v."""
    return (vx - ux) * (wy - uy) - (vy - uy) * (wx - ux)


def blocking_edges(floor: FloorMap) -> np.ndarray:
    """Every blocking edge as ``(px, py, qx, qy)`` (int64, doubled)."""
    w, h = floor.width, floor.height
    edges = []
    for y, x in zip(*np.nonzero(BLOCKS_SIGHT[floor.north[:, :w]])):
        edges.append((2 * x, 2 * y, 2 * x + 2, 2 * y))
    for y, x in zip(*np.nonzero(BLOCKS_SIGHT[floor.west[:h, :]])):
        edges.append((2 * x, 2 * y, 2 * x, 2 * y + 2))
    return np.array(edges, dtype=np.int64).reshape(-1, 4)


def reference_visible(floor: FloorMap, origin: tuple[int, int], radius: float | None = None) -> np.ndarray:
    """``visible_tiles`` by its definition: each floor tile against each blocking edge."""
    h, w = floor.height, floor.width
    seen = np.zeros((h, w), dtype=bool)
    ox, oy = origin
    if floor.rooms[oy, ox] == OUTSIDE:
        return seen
    ys, xs = np.nonzero(floor.rooms != OUTSIDE)
    if radius is not None:
        near = (xs - ox) ** 2 + (ys - oy) ** 2 <= int(radius * radius)
        xs, ys = xs[near], ys[near]
    edges = blocking_edges(floor)
    ax, ay = 2 * ox + 1, 2 * oy + 1
    px, py, qx, qy = (edges[:, k][None, :] for k in range(4))
    for start in range(0, len(xs), CHUNK):
        tx = (2 * xs[start:start + CHUNK].astype(np.int64) + 1)[:, None]
        ty = (2 * ys[start:start + CHUNK].astype(np.int64) + 1)[:, None]
        o1, o2 = _orient(ax, ay, tx, ty, px, py), _orient(ax, ay, tx, ty, qx, qy)
        o3, o4 = _orient(px, py, qx, qy, ax, ay), _orient(px, py, qx, qy, tx, ty)
        crossed = ((o1 * o2) < 0) & ((o3 * o4) < 0)
        blocked = crossed.any(axis=1)
        arms: dict[tuple[int, int, int], set[int]] = {}
        # corner points: an edge's end lying strictly inside the segment; the edge is an arm
        # on one side of the segment (its other end's side). Blocked when arms on both sides.
        for (cx, cy), oc, od in (((px, py), o1, o2), ((qx, qy), o2, o1)):
            inside = (oc == 0) & ((cx - ax) * (tx - ax) + (cy - ay) * (ty - ay) > 0) \
                & ((cx - tx) * (ax - tx) + (cy - ty) * (ay - ty) > 0)
            for t, e in zip(*np.nonzero(inside)):
                key = (int(t), int(cx[0, e]), int(cy[0, e]))
                arms.setdefault(key, set()).add(int(np.sign(od[t, e])))
        for (t, _, _), sides in arms.items():
            if sides == {-1, 1}:
                blocked[t] = True
        seen[ys[start:start + CHUNK][~blocked], xs[start:start + CHUNK][~blocked]] = True
    return seen




def reference_island(terrain: np.ndarray, origin: tuple[int, int], radius: float,
                     hill_radius: float | None = None) -> np.ndarray:
    """``island_visible_tiles`` by its definition: each tile within the radius against each high tile."""
    from game.map.sight_island import HILL_SHARE, HILLS, MOUNTAIN

    hill = radius * HILL_SHARE if hill_radius is None else hill_radius
    h, w = terrain.shape
    ox, oy = origin
    ys, xs = np.nonzero(np.ones((h, w), dtype=bool))
    d2 = (xs - ox) ** 2 + (ys - oy) ** 2
    near = d2 <= int(radius * radius)
    xs, ys, d2 = xs[near], ys[near], d2[near]
    mountain = _solid_blocks(terrain == MOUNTAIN, origin, xs, ys)
    high = _solid_blocks(terrain >= HILLS, origin, xs, ys)
    shown = ~mountain & ((d2 <= int(hill * hill)) | ~high)
    seen = np.zeros((h, w), dtype=bool)
    seen[ys[shown], xs[shown]] = True
    return seen


def _solid_blocks(solid: np.ndarray, origin: tuple[int, int], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Per target: whether the segment from ``origin`` meets the open square of a solid tile
    other than its ends, or passes a corner point with solid tiles (not the ends) on both sides."""
    ox, oy = origin
    ax, ay = 2 * ox + 1, 2 * oy + 1
    sy, sx = np.nonzero(solid)
    blocked = np.zeros(len(xs), dtype=bool)
    if not len(sx):
        return blocked
    cx = (2 * sx.astype(np.int64) + 1)[None, :]
    cy = (2 * sy.astype(np.int64) + 1)[None, :]
    tx = (2 * xs.astype(np.int64) + 1)[:, None]
    ty = (2 * ys.astype(np.int64) + 1)[:, None]
    ends = ((cx == ax) & (cy == ay)) | ((cx == tx) & (cy == ty))
    overlap = (np.minimum(ax, tx) < cx + 1) & (np.maximum(ax, tx) > cx - 1) \
        & (np.minimum(ay, ty) < cy + 1) & (np.maximum(ay, ty) > cy - 1)
    corners = [_orient(ax, ay, tx, ty, cx + ex, cy + ey) for ex in (-1, 1) for ey in (-1, 1)]
    above = np.zeros(overlap.shape, dtype=bool)
    below = np.zeros(overlap.shape, dtype=bool)
    for o in corners:
        above |= o > 0
        below |= o < 0
    blocked |= (overlap & above & below & ~ends).any(axis=1)
    # corner points strictly inside the segment, with solid tiles (not the ends) on both sides
    side = np.sign(_orient(ax, ay, tx, ty, cx, cy))
    for t in range(len(xs)):
        if blocked[t]:
            continue
        dx, dy = int(tx[t, 0]) - ax, int(ty[t, 0]) - ay
        steps = np.gcd(abs(dx), abs(dy))
        for s in range(1, steps):
            px, py = ax + dx * s // steps, ay + dy * s // steps
            if px % 2 or py % 2:
                continue  # not a corner point
            around = (np.abs(cx[0] - px) == 1) & (np.abs(cy[0] - py) == 1) & ~ends[t]
            sides = set(side[t][around].tolist())
            if {-1, 1} <= sides:
                blocked[t] = True
    return blocked
