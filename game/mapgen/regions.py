"""Regions of the island, the gates between them and their entrances (SPEC OVW-5, OVW-6).

Cores are picked on land at a minimum spacing that scales with the island; every
land tile then joins the nearest core *by walking over land* (a multi-source
breadth-first search, as seed 003 proposes), so each region is one piece. The
search processes only its frontier each step (flat index arrays), so it costs
O(land) and handles 10^8 tiles. Ties are settled by the order of the frontier,
so one seed always gives the same regions.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.rng import Rng

WATER_REGION = -1
RegionGrid = NDArray[np.int8 | np.int16]
"""Region id per tile, ``WATER_REGION`` off land: int8, or int16 for 127 regions and more."""


@dataclass(frozen=True)
class Gate:
    x: int
    y: int
    regions: tuple[int, int]  # the gate tile lies in regions[0] and touches regions[1]
    toward: tuple[int, int]  # the side it touches it through: (dx, dy), orthogonal


def pick_cores(rng: Rng, land: NDArray[np.bool_], count: int, attempts: int = 20_000) -> list[tuple[int, int]]:
    """``count`` land tiles at least a size-scaled distance apart (relaxed if the island is small)."""
    height, width = land.shape
    land_area = int(np.count_nonzero(land))
    spacing = 0.8 * (land_area / max(1, count)) ** 0.5
    ys, xs = _land_samples(rng, land, attempts)
    cores: list[tuple[int, int]] = []
    for relax in (1.0, 0.7, 0.5, 0.3, 0.0):
        cores = []
        for x, y in zip(xs, ys):
            if all((x - cx) ** 2 + (y - cy) ** 2 >= (spacing * relax) ** 2 for cx, cy in cores):
                cores.append((x, y))
                if len(cores) == count:
                    return cores
    return cores


def _land_samples(rng: Rng, land: NDArray[np.bool_], attempts: int) -> tuple[list[int], list[int]]:
    height, width = land.shape
    xs = rng.int_array(0, width, attempts)
    ys = rng.int_array(0, height, attempts)
    on_land = land[ys, xs]
    return ys[on_land].tolist(), xs[on_land].tolist()


def grow_regions(land: NDArray[np.bool_], cores: list[tuple[int, int]]) -> RegionGrid:
    """Region id per tile (int8/int16), ``WATER_REGION`` off land: multi-source BFS, 4-connected.

    A tile reached from several regions in the same step joins the one reaching it from
    below, else from the right, else from the left, else from above. The search works on a
    copy of the map with a border of water, so no step needs a bounds check, and visits
    the four directions in that order: each claims only what the ones before left free.
    """
    height, width = land.shape
    dtype = np.int8 if len(cores) < 127 else np.int16
    padded = width + 2
    free = np.zeros((height + 2, padded), dtype=bool)
    free[1:-1, 1:-1] = land
    free = free.ravel()
    labels: RegionGrid = np.full(free.size, WATER_REGION, dtype=dtype)
    starts = np.array([(y + 1) * padded + x + 1 for x, y in cores], dtype=np.intp)
    labels[starts] = np.arange(len(cores), dtype=dtype)
    first = sorted({int(tile): i for i, tile in reversed(list(enumerate(starts.tolist())))}.values())
    frontier, frontier_labels = starts[first], np.array(first, dtype=dtype)  # a core picked twice grows once
    free[starts] = False
    while frontier.size:
        cells, owners = [], []
        for offset in (-padded, -1, 1, padded):
            reached = frontier + offset
            fresh = free[reached]
            reached = reached[fresh]
            owner = frontier_labels[fresh]
            free[reached] = False
            labels[reached] = owner
            cells.append(reached)
            owners.append(owner)
        frontier, frontier_labels = np.concatenate(cells), np.concatenate(owners)
    return labels.reshape(height + 2, padded)[1:-1, 1:-1].copy()


def region_borders(regions: RegionGrid) -> dict[tuple[int, int], list[tuple[int, int, int, int]]]:
    """For each adjacent pair ``(a < b)``: the crossings ``(x, y, dx, dy)`` from a tile
    of ``a`` to its 4-neighbour in ``b``, sorted."""
    parts = []
    for dx, dy in ((1, 0), (0, 1)):
        here = regions[: regions.shape[0] - dy, : regions.shape[1] - dx]
        there = regions[dy:, dx:]
        ys, xs = np.nonzero(here != there)  # then drop the coast: far fewer tiles than the map
        a, b = here[ys, xs].astype(np.int64), there[ys, xs].astype(np.int64)
        land = (a != WATER_REGION) & (b != WATER_REGION)
        ys, xs, a, b = ys[land], xs[land], a[land], b[land]
        flip = a > b  # seen from the lower region: start on its side of the border
        step_x, step_y = np.where(flip, -dx, dx), np.where(flip, -dy, dy)
        parts.append((np.minimum(a, b), np.maximum(a, b), np.where(flip, xs + dx, xs), np.where(flip, ys + dy, ys),
                      step_x, step_y))
    low, high, xs, ys, step_x, step_y = (np.concatenate(column) for column in zip(*parts))
    order = np.lexsort((step_y, step_x, ys, xs, high, low))
    low, high = low[order].tolist(), high[order].tolist()
    crossings = list(zip(xs[order].tolist(), ys[order].tolist(), step_x[order].tolist(), step_y[order].tolist()))
    found: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    start = 0
    for end in range(1, len(low) + 1):
        if end == len(low) or low[end] != low[start] or high[end] != high[start]:
            found[(low[start], high[start])] = crossings[start:end]
            start = end
    return found


def place_gates(rng: Rng, borders: dict[tuple[int, int], list[tuple[int, int, int, int]]],
                passable: NDArray[np.bool_]) -> list[Gate]:
    """One gate on every border (two on long ones), on walkable tiles where possible."""
    gates: list[Gate] = []
    for (a, b), crossings in borders.items():
        good = [c for c in crossings if passable[c[1], c[0]] and passable[c[1] + c[3], c[0] + c[2]]] or crossings
        count = 2 if len(good) >= 40 else 1
        chosen: list[tuple[int, int, int, int]] = []
        for _ in range(count):
            far = [c for c in good if all(abs(c[0] - g[0]) + abs(c[1] - g[1]) > 12 for g in chosen)]
            if not far:
                break
            chosen.append(rng.choice(far))
        for x, y, dx, dy in sorted(chosen):
            gates.append(Gate(x, y, (a, b), (dx, dy)))
    return gates


def adjacency(count: int, gates: list[Gate]) -> list[list[int]]:
    neighbours: list[set[int]] = [set() for _ in range(count)]
    for gate in gates:
        a, b = gate.regions
        neighbours[a].add(b)
        neighbours[b].add(a)
    return [sorted(n) for n in neighbours]


def play_order(rng: Rng, count: int, gates: list[Gate]) -> list[int]:
    """The order regions are played in: a random start, then always a region next
    to one already open (so a gate always leads on)."""
    neighbours = adjacency(count, gates)
    order = [rng.below(count)]
    while len(order) < count:
        frontier = sorted({n for r in order for n in neighbours[r]} - set(order))
        if not frontier:  # (cannot happen on one landmass; keeps the loop bounded)
            frontier = sorted(set(range(count)) - set(order))
        order.append(rng.choice(frontier))
    return order


def place_entrances(rng: Rng, regions: RegionGrid, cores: list[tuple[int, int]], passable: NDArray[np.bool_],
                    reserved: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """A dungeon entrance per region: the walkable tile nearest its core."""
    entrances = []
    for region, (cx, cy) in enumerate(cores):
        best = None
        for radius in range(0, max(regions.shape)):
            y0, y1 = max(0, cy - radius), min(regions.shape[0], cy + radius + 1)
            x0, x1 = max(0, cx - radius), min(regions.shape[1], cx + radius + 1)
            window = (regions[y0:y1, x0:x1] == region) & passable[y0:y1, x0:x1]
            ys, xs = np.nonzero(window)
            options = [(x + x0, y + y0) for x, y in zip(xs.tolist(), ys.tolist()) if (x + x0, y + y0) not in reserved]
            if options:
                best = min(options, key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
                break
        entrances.append(best if best is not None else (cx, cy))
    return entrances
