"""Room adjacency, connectivity and doors (SPEC DUN-3, DUN-4).

Rooms that share at least one edge are adjacent. The generator keeps the largest
connected group of rooms, puts one door on a random shared wall for each edge of
a random spanning tree of the room graph, then adds loop doors for a fraction of
the remaining adjacent pairs. Not every adjacent pair gets a door.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping

import numpy as np
from numpy.typing import NDArray

from game.mapgen.rooms import renumber
from game.rng import Rng
from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, ROOM_ID, EdgeRef, FloorMap, Side

RoomPair = tuple[int, int]
_SIDES = (Side.N, Side.W)  # by code: a tuple look-up, not an enum call per edge


def build_walls(rooms: NDArray[np.int32]) -> FloorMap:
    """A map whose edges are walls wherever the room id changes (DUN-3)."""
    height, width = rooms.shape
    floor = FloorMap(
        rooms=rooms.astype(ROOM_ID, copy=True),
        north=np.zeros((height + 1, width + 1), dtype=np.uint8),
        west=np.zeros((height + 1, width + 1), dtype=np.uint8),
    )
    padded = np.full((height + 2, width + 2), OUTSIDE, dtype=ROOM_ID)
    padded[1:-1, 1:-1] = rooms
    above, here = padded[0 : height + 1, 1 : width + 1], padded[1 : height + 2, 1 : width + 1]
    floor.north[:, :width] = np.where((above != here) & ((above != OUTSIDE) | (here != OUTSIDE)), Edge.WALL, Edge.OPEN)
    left, here = padded[1 : height + 1, 0 : width + 1], padded[1 : height + 1, 1 : width + 2]
    floor.west[:height, :] = np.where((left != here) & ((left != OUTSIDE) | (here != OUTSIDE)), Edge.WALL, Edge.OPEN)
    floor.refresh()
    return floor


def _boundaries(rooms: NDArray[np.int32]) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.intp],
                                                   NDArray[np.intp], NDArray[np.intp]]:
    """Every edge between two different rooms as arrays (low room, high room, x, y, side).

    Room ids are widened to int64 (not ``np.intp``, which is 32 bits in the browser):
    they are data, not indices, and ``low * span + high`` keys must not overflow."""
    north_tile, south_tile = rooms[:-1, :], rooms[1:, :]
    ys, xs = np.nonzero((north_tile != south_tile) & (north_tile != OUTSIDE) & (south_tile != OUTSIDE))
    a_n, b_n = north_tile[ys, xs].astype(np.int64), south_tile[ys, xs].astype(np.int64)
    x_n, y_n = xs, ys + 1
    west_tile, east_tile = rooms[:, :-1], rooms[:, 1:]
    ys, xs = np.nonzero((west_tile != east_tile) & (west_tile != OUTSIDE) & (east_tile != OUTSIDE))
    a_w, b_w = west_tile[ys, xs].astype(np.int64), east_tile[ys, xs].astype(np.int64)
    x_w, y_w = xs + 1, ys
    a, b = np.concatenate((a_n, a_w)), np.concatenate((b_n, b_w))
    low, high = np.minimum(a, b), np.maximum(a, b)
    sides = np.concatenate((np.full(a_n.size, int(Side.N)), np.full(a_w.size, int(Side.W))))
    return low, high, np.concatenate((x_n, x_w)), np.concatenate((y_n, y_w)), sides


def adjacent_pairs(rooms: NDArray[np.int32]) -> list[RoomPair]:
    """Every pair of rooms ``(a < b)`` sharing at least one edge, sorted."""
    low, high, _, _, _ = _boundaries(rooms)
    keys = np.unique(low * (int(rooms.max()) + 2) + high)
    span = int(rooms.max()) + 2
    return [(int(k // span), int(k % span)) for k in keys]


class SharedEdges(Mapping[RoomPair, list[EdgeRef]]):
    """Every pair of adjacent rooms ``(a < b)``, sorted, with the edges they share, sorted.

    Kept as flat lists, one run per pair: a floor has ~600 such edges but only its ~55 doors
    need one, so an edge becomes an ``EdgeRef`` when it is asked for, not before."""

    def __init__(self, spans: dict[RoomPair, tuple[int, int]], xs: list[int], ys: list[int],
                 sides: list[int]) -> None:
        self._spans, self._xs, self._ys, self._sides = spans, xs, ys, sides

    def __getitem__(self, pair: RoomPair) -> list[EdgeRef]:
        start, end = self._spans[pair]
        return [self._edge(i) for i in range(start, end)]

    def __iter__(self) -> Iterator[RoomPair]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def door_spot(self, rng: Rng, pair: RoomPair) -> EdgeRef:
        """A random shared edge for the pair's door, away from the ends of a wall longer than
        two edges (a door in a corner cannot be reached diagonally). The same draw as
        ``rng.choice`` of the candidates' list."""
        start, end = self._spans[pair]
        if end - start > 2:
            start, end = start + 1, end - 1
        return self._edge(start + rng.below(end - start))

    def _edge(self, i: int) -> EdgeRef:
        return self._xs[i], self._ys[i], _SIDES[self._sides[i]]


def shared_edges(rooms: NDArray[np.int32]) -> SharedEdges:
    """Every pair of adjacent rooms ``(a < b)`` with the edges they share, sorted."""
    low, high, xs, ys, sides = _boundaries(rooms)
    order = np.lexsort((sides, ys, xs, high, low))
    low, high = low[order], high[order]
    cuts = np.flatnonzero((np.diff(low) != 0) | (np.diff(high) != 0)) + 1
    bounds = [0, *cuts.tolist(), int(low.size)] if low.size else [0]
    low_list, high_list = low.tolist(), high.tolist()
    spans = {(low_list[start], high_list[start]): (start, end) for start, end in zip(bounds, bounds[1:])}
    return SharedEdges(spans, xs[order].tolist(), ys[order].tolist(), sides[order].tolist())


def components(room_count: int, pairs: list[RoomPair]) -> list[list[int]]:
    """Connected groups of rooms, each sorted, largest first (ties: lowest id first)."""
    neighbours = door_graph(room_count, pairs)
    seen = [False] * room_count
    groups: list[list[int]] = []
    for start in range(room_count):
        if seen[start]:
            continue
        seen[start] = True
        group, queue = [start], deque([start])
        while queue:
            for n in neighbours[queue.popleft()]:
                if not seen[n]:
                    seen[n] = True
                    group.append(n)
                    queue.append(n)
        groups.append(sorted(group))
    groups.sort(key=lambda g: (-len(g), g[0]))
    return groups


def keep_largest_group(rooms: NDArray[np.int32], empty_message: str) -> NDArray[np.int32]:
    """Keep only the largest group of rooms that touch each other, renumbered ``0..n-1``.

    ``rooms`` must already be numbered ``0..n-1``; ``empty_message`` is the error raised
    when there is no room at all (the map was too small for the generator).
    """
    count = int(rooms.max()) + 1
    if count <= 0:
        raise ValueError(empty_message)
    groups = components(count, adjacent_pairs(rooms))
    keep = np.zeros(count + 1, dtype=bool)  # the extra last slot is OUTSIDE (-1)
    keep[groups[0]] = True
    return renumber(np.where(keep[rooms], rooms, OUTSIDE))


def spanning_tree(rng: Rng, room_count: int, pairs: list[RoomPair]) -> list[RoomPair]:
    """A random spanning tree (forest) of the room graph: Kruskal over shuffled pairs."""
    parent = list(range(room_count))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    order = list(pairs)
    rng.shuffle(order)
    tree: list[RoomPair] = []
    for a, b in order:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
            tree.append((a, b))
    return sorted(tree)


def choose_door_pairs(rng: Rng, room_count: int, pairs: list[RoomPair], loop_fraction: float) -> list[RoomPair]:
    """The spanning tree's pairs plus ``loop_fraction`` of the other adjacent pairs (at least one)."""
    tree = spanning_tree(rng, room_count, pairs)
    in_tree = set(tree)
    others = [pair for pair in pairs if pair not in in_tree]
    rng.shuffle(others)
    extra = int(round(loop_fraction * len(others)))
    if others and loop_fraction > 0:
        extra = max(1, extra)  # a floor always has at least one loop when it can
    return sorted(tree + others[:extra])


def place_doors(
    rng: Rng,
    floor: FloorMap,
    edges_by_pair: SharedEdges,
    door_pairs: list[RoomPair],
    open_chance: float,
) -> dict[RoomPair, EdgeRef]:
    """Put one door on a random shared edge of each pair (``SharedEdges.door_spot``); returns
    where each went."""
    doors: dict[RoomPair, EdgeRef] = {}
    for pair in door_pairs:
        x, y, side = edges_by_pair.door_spot(rng, pair)
        kind = Edge.OPEN_DOOR if rng.chance(open_chance) else Edge.DOOR
        floor.set_edge(x, y, side, kind)
        doors[pair] = (x, y, side)
    return doors


def door_graph(room_count: int, door_pairs: list[RoomPair]) -> list[list[int]]:
    """Sorted neighbour lists of the room graph whose edges are the given pairs (doors)."""
    neighbours: list[list[int]] = [[] for _ in range(room_count)]
    for a, b in door_pairs:
        neighbours[a].append(b)
        neighbours[b].append(a)
    for n in neighbours:
        n.sort()
    return neighbours


def room_distances(neighbours: list[list[int]], start: int) -> list[int]:
    """Doors to cross from ``start`` to every room (-1 where unreachable)."""
    dist = [-1] * len(neighbours)
    dist[start] = 0
    queue = deque([start])
    while queue:
        room = queue.popleft()
        for n in neighbours[room]:
            if dist[n] < 0:
                dist[n] = dist[room] + 1
                queue.append(n)
    return dist
