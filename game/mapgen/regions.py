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

from game.rng import Rng

WATER_REGION = -1


@dataclass(frozen=True)
class Gate:
    x: int
    y: int
    regions: tuple[int, int]  # the gate tile lies in regions[0] and touches regions[1]
    toward: tuple[int, int]  # the side it touches it through: (dx, dy), orthogonal


def pick_cores(rng: Rng, land: np.ndarray, count: int, attempts: int = 20_000) -> list[tuple[int, int]]:
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


def _land_samples(rng: Rng, land: np.ndarray, attempts: int) -> tuple[list[int], list[int]]:
    height, width = land.shape
    xs = rng.int_array(0, width, attempts)
    ys = rng.int_array(0, height, attempts)
    on_land = land[ys, xs]
    return ys[on_land].tolist(), xs[on_land].tolist()


def grow_regions(land: np.ndarray, cores: list[tuple[int, int]]) -> np.ndarray:
    """Region id per tile (int8/int16), ``WATER_REGION`` off land: multi-source BFS, 4-connected."""
    height, width = land.shape
    dtype = np.int8 if len(cores) < 127 else np.int16
    labels = np.full(height * width, WATER_REGION, dtype=dtype)
    flat_land = land.ravel()
    frontier = np.array([y * width + x for x, y in cores], dtype=np.intp)
    frontier_labels = np.arange(len(cores), dtype=dtype)
    labels[frontier] = frontier_labels
    size = height * width
    while frontier.size:
        column = frontier % width
        candidates, owners = [], []
        for offset, ok in ((-width, frontier >= width), (-1, column > 0),
                           (1, column < width - 1), (width, frontier < size - width)):
            nxt = frontier[ok] + offset
            fresh = flat_land[nxt] & (labels[nxt] == WATER_REGION)
            candidates.append(nxt[fresh])
            owners.append(frontier_labels[ok][fresh])
        cells = np.concatenate(candidates)
        if cells.size == 0:
            break
        cells, first = np.unique(cells, return_index=True)  # ties: the first claim wins
        frontier_labels = np.concatenate(owners)[first]
        labels[cells] = frontier_labels
        frontier = cells
    return labels.reshape(height, width)


def region_borders(regions: np.ndarray) -> dict[tuple[int, int], list[tuple[int, int, int, int]]]:
    """For each adjacent pair ``(a < b)``: the crossings ``(x, y, dx, dy)`` from a tile
    of ``a`` to its 4-neighbour in ``b``."""
    found: dict[tuple[int, int], list[tuple[int, int, int, int]]] = {}
    for dx, dy in ((1, 0), (0, 1)):
        here = regions[: regions.shape[0] - dy, : regions.shape[1] - dx]
        there = regions[dy:, dx:]
        ys, xs = np.nonzero((here != there) & (here != WATER_REGION) & (there != WATER_REGION))
        a_values, b_values = here[ys, xs].tolist(), there[ys, xs].tolist()
        for x, y, a, b in zip(xs.tolist(), ys.tolist(), a_values, b_values):
            if a < b:
                found.setdefault((a, b), []).append((x, y, dx, dy))
            else:
                found.setdefault((b, a), []).append((x + dx, y + dy, -dx, -dy))
    return {pair: sorted(cells) for pair, cells in sorted(found.items())}


def place_gates(rng: Rng, borders: dict[tuple[int, int], list[tuple[int, int, int, int]]],
                passable: np.ndarray) -> list[Gate]:
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


def place_entrances(rng: Rng, regions: np.ndarray, cores: list[tuple[int, int]], passable: np.ndarray,
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
