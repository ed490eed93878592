"""Keeping a floor whole on foot (SPEC TER-1): no water or chasm cuts the way.

Rooms meet only at doors, and a door's two tiles stay dry (``game.mapgen.terrain``), so a
floor is whole for a walker exactly when each room's standing tiles (``WALKED`` ground) are
one piece. ``split_rooms`` finds the rooms that are not, with numpy (labels spread between
neighbours of one room, halving their way to each piece's smallest tile); ``mend`` joins each
piece: a small one without a doorway is flooded with the room's water or chasm, a larger one
gets planks (``Ground.BRIDGE``) over the fewest blocked tiles between it and the rest.
"""

from __future__ import annotations

from collections import deque

import numpy as np
from numpy.typing import NDArray

from game.map.edges import IS_DOOR, Edge
from game.map.floor_map import FloorMap, step_masks
from game.map.ground import WALKED, Ground

POCKET = 6
"""A piece cut off and at most this big (with no doorway or stairs) is flooded, not bridged."""
MENDS = 32
"""The most pieces one room is mended for (bounded by count)."""

WALKER_EDGES = IS_DOOR.copy()
WALKER_EDGES[Edge.OPEN] = True
"""Edges a walker crosses: open ones and doors of every kind (a locked one's key is found first, DUN-5)."""


def pieces(rooms: NDArray[np.int32], standing: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Per standing tile, the flat index of the first tile of its piece (the standing tiles of
    its room it reaches by orthogonal steps); ``rooms.size`` elsewhere."""
    h, w = rooms.shape
    none = h * w
    labels = np.where(standing, np.arange(none).reshape(h, w), none)
    right = standing[:, :-1] & standing[:, 1:] & (rooms[:, :-1] == rooms[:, 1:])
    down = standing[:-1, :] & standing[1:, :] & (rooms[:-1, :] == rooms[1:, :])
    for _ in range(none):  # bounded by count; ends in about log(room size) rounds
        new = labels.copy()
        np.minimum(new[:, :-1], np.where(right, labels[:, 1:], none), out=new[:, :-1])
        np.minimum(new[:, 1:], np.where(right, labels[:, :-1], none), out=new[:, 1:])
        np.minimum(new[:-1], np.where(down, labels[1:], none), out=new[:-1])
        np.minimum(new[1:], np.where(down, labels[:-1], none), out=new[1:])
        new = np.append(new.ravel(), none)[new]  # a label names a tile of the piece: take that tile's
        if np.array_equal(new, labels):
            break
        labels = new
    return labels


def split_rooms(rooms: NDArray[np.int32], ground: NDArray[np.uint8]) -> list[int]:
    """The rooms whose standing tiles are more than one piece, in order."""
    standing = (rooms >= 0) & WALKED[ground]
    labels = pieces(rooms, standing)
    firsts = np.unique(labels[standing])
    per_room = np.bincount(rooms.ravel()[firsts], minlength=max(1, int(rooms.max()) + 1))
    split: list[int] = np.nonzero(per_room > 1)[0].tolist()
    return split


def mend(rooms: NDArray[np.int32], ground: NDArray[np.uint8], kept: NDArray[np.bool_]) -> None:
    """Make every room's standing tiles one piece again (``kept`` tiles are never flooded)."""
    for room in split_rooms(rooms, ground):
        ys, xs = np.nonzero(rooms == room)
        box = np.s_[int(ys.min()) : int(ys.max()) + 1, int(xs.min()) : int(xs.max()) + 1]
        part = ground[box].copy()  # (a box's rows are not contiguous: mended on a copy)
        _mend_room(rooms[box] == room, part, kept[box])
        ground[box] = part


def _mend_room(inside: NDArray[np.bool_], ground: NDArray[np.uint8], kept: NDArray[np.bool_]) -> None:
    """Join one room's pieces (``ground``: the room's box, contiguous, changed in place)."""
    h, w = inside.shape
    flat = ground.reshape(-1)
    inside_list, kept_list = inside.ravel().tolist(), kept.ravel().tolist()
    neighbours = [[j for j, ok in ((i - w, i >= w), (i + w, i < (h - 1) * w), (i - 1, i % w > 0),
                                   (i + 1, i % w < w - 1)) if ok and inside_list[j]] for i in range(h * w)]
    blocked = flat[inside.ravel() & ~WALKED[flat]]
    flood = int(np.bincount(blocked, minlength=Ground.CHASM + 1).argmax()) if blocked.size else Ground.WATER
    for _ in range(MENDS):
        standing = (inside.ravel() & WALKED[flat]).tolist()
        parts = _parts(neighbours, standing)
        if len(parts) <= 1:
            return
        piece = min(parts, key=lambda p: (len(p), p[0]))
        if len(piece) <= POCKET and not any(kept_list[i] for i in piece):
            flat[piece] = flood
        else:
            for i in _crossing(neighbours, standing, piece):
                flat[i] = Ground.BRIDGE


def _parts(neighbours: list[list[int]], standing: list[bool]) -> list[list[int]]:
    seen = [False] * len(standing)
    parts = []
    for start, ok in enumerate(standing):
        if not ok or seen[start]:
            continue
        seen[start] = True
        part, queue = [start], [start]
        while queue:
            for j in neighbours[queue.pop()]:
                if standing[j] and not seen[j]:
                    seen[j] = True
                    part.append(j)
                    queue.append(j)
        parts.append(sorted(part))
    return parts


def _crossing(neighbours: list[list[int]], standing: list[bool], piece: list[int]) -> list[int]:
    """The blocked tiles of a way from ``piece`` to another piece crossing the fewest of them
    (0-1 breadth-first search)."""
    cost = [-1] * len(standing)
    parent = [-1] * len(standing)
    own = set(piece)
    for i in piece:
        cost[i] = 0
    queue = deque(piece)
    while queue:
        i = queue.popleft()
        if standing[i] and i not in own:
            out = []
            while i >= 0 and i not in own:
                if not standing[i]:
                    out.append(i)
                i = parent[i]
            return out
        for j in neighbours[i]:
            step = cost[i] + (0 if standing[j] else 1)
            if cost[j] < 0 or step < cost[j]:
                cost[j], parent[j] = step, i
                if step == cost[i]:
                    queue.appendleft(j)
                else:
                    queue.append(j)
    return []


def reachable_on_foot(floor: FloorMap, ground: NDArray[np.uint8], start: tuple[int, int]) -> NDArray[np.bool_]:
    """The tiles a walker reaches from ``start`` without swimming or falling, through doors of
    every kind (for checks: a flood by orthogonal steps, vectorised)."""
    masks = step_masks(floor, WALKER_EDGES)
    standing = floor.floor_mask() & WALKED[ground]
    seen = np.zeros_like(standing)
    seen[start[1], start[0]] = True
    for _ in range(standing.size):  # bounded by count
        grown = seen.copy()
        grown[:-1] |= seen[1:] & masks[(0, -1)][1:]  # a tile steps north onto the row above
        grown[1:] |= seen[:-1] & masks[(0, 1)][:-1]
        grown[:, :-1] |= seen[:, 1:] & masks[(-1, 0)][:, 1:]
        grown[:, 1:] |= seen[:, :-1] & masks[(1, 0)][:, :-1]
        grown &= standing
        if np.array_equal(grown, seen):
            return seen
        seen = grown
    return seen
