"""The island's shape and terrain (SPEC OVW-2..4), numpy only.

* ``particle_mask``: the rolling-particle mask of seed 001. Particles start away
  from the edges, add 1 where they stand and roll to a random neighbour that is
  not higher, for a fixed life. It is a low-frequency envelope, so it is computed
  on a grid of the article's scale (80x60) and stretched to the map: the shape
  is the same at every map size and the cost does not grow.
  The article tuned 3000 particles of life 50 on 88x32, starting 12 tiles from
  the edges (14 % of its width, 38 % of its height). Here the particle count
  scales with the grid's area (the article's sand per tile), particles start 20 %
  of the width and 30 % of the height from the edges, and live 32 steps: on the
  4:3 grid that keeps the sand, and so the island, off the edges by itself (on
  200 seeds of the in-game 200x150 island no land comes within 8 tiles of an
  edge), which is what the article's mask is for.
* ``soften_edges``: the two outermost rings times 0.75 and 0.88.
* ``waterline``: the height at index ``(n - 1) * water`` of the sorted heights.
* ``terrain_bands``: deep/shallow water, beach, plains, forest, hills, mountain.
* ``largest_landmass``: connected-component labelling over horizontal runs of
  land (union-find with numpy pointer jumping), which handles 10^8 tiles.
* ``eroded_shape``: seed 003's alternative: eat the square from its edges,
  preferring cells with more exposed sides, until a fraction is left.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.progress import Steps, finish
from game.rng import Rng

DEEP, SHALLOW, BEACH, PLAINS, FOREST, HILLS, MOUNTAIN = range(7)
TERRAIN_NAMES = ("deep water", "shallow water", "beach", "plains", "forest", "hills", "mountain")
ARTICLE_AREA = 88 * 32
ARTICLE_PARTICLES = 3000
PARTICLE_LIFE = 32
START_MARGIN = (0.3, 0.2)  # particles start this fraction of the (height, width) away from the edges
MASK_GRID = (60, 80)
"""The grid the particle mask is rolled on before it is stretched to the map: always the
same, so the island has the same shape, and keeps the same distance from the edges in
proportion, at every map size and aspect."""
ROLL_STEPS_PER_YIELD = 10

_STEPS = np.array([(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)], dtype=np.intp)


def roll_particles(rng: Rng, height: int, width: int, batches: int = 2) -> NDArray[np.float32]:
    """The raw rolling-particle map (float32), seed 001's algorithm, batch-parallel.

    Particles within a batch roll at the same time; each batch rolls over the
    deposits of the batches before it, so later particles still roll downhill.
    """
    return finish(roll_particles_steps(rng, height, width, batches))


def roll_particles_steps(rng: Rng, height: int, width: int, batches: int = 2) -> Steps[NDArray[np.float32]]:
    """``roll_particles``, yielding every ``ROLL_STEPS_PER_YIELD`` steps of the particles' lives."""
    count = max(1, round(ARTICLE_PARTICLES * height * width / ARTICLE_AREA))
    margin_y, margin_x = int(height * START_MARGIN[0]), int(width * START_MARGIN[1])
    heights = np.zeros((height + 2, width + 2), dtype=np.int32)  # padded: border cells never chosen
    heights[0, :] = heights[-1, :] = heights[:, 0] = heights[:, -1] = np.iinfo(np.int32).max
    flat = heights.ravel()
    stride = width + 2
    offsets = _STEPS[:, 1] * stride + _STEPS[:, 0]
    per_batch = -(-count // batches)
    for batch in range(batches):
        n = min(per_batch, count - batch * per_batch)
        if n <= 0:
            break
        xs = rng.int_array(margin_x, max(margin_x + 1, width - margin_x), n) + 1
        ys = rng.int_array(margin_y, max(margin_y + 1, height - margin_y), n) + 1
        where = ys * stride + xs
        keys = rng.byte_array((PARTICLE_LIFE, n, 8)).astype(np.int16)  # random order of the 8 neighbours
        rows = np.arange(n, dtype=np.intp)
        for step in range(PARTICLE_LIFE):
            flat += np.bincount(where, minlength=flat.size).astype(np.int32)
            neighbours = where[:, None] + offsets[None, :]
            allowed = flat[neighbours] <= flat[where][:, None]
            choice = np.where(allowed, keys[step], -1).argmax(axis=1)
            moving = allowed[rows, choice]
            where = np.where(moving, neighbours[rows, choice], where)
            if step % ROLL_STEPS_PER_YIELD == ROLL_STEPS_PER_YIELD - 1:
                yield "mask"
    return heights[1:-1, 1:-1].astype(np.float32)


def upsample(grid: NDArray[np.float32], height: int, width: int,
             out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """Bilinear resize of a small grid to (height, width), row chunk by row chunk (a map
    smaller than the grid samples it)."""
    gh, gw = grid.shape
    result = np.empty((height, width), dtype=np.float32) if out is None else out
    xs = (np.arange(width, dtype=np.float64) + 0.5) * gw / width - 0.5
    x0 = np.clip(np.floor(xs).astype(np.intp), 0, gw - 1)
    x1 = np.clip(x0 + 1, 0, gw - 1)
    tx = np.clip(xs - x0, 0, 1).astype(np.float32)
    for start in range(0, height, 512):
        end = min(height, start + 512)
        ys = (np.arange(start, end, dtype=np.float64) + 0.5) * gh / height - 0.5
        y0 = np.clip(np.floor(ys).astype(np.intp), 0, gh - 1)
        y1 = np.clip(y0 + 1, 0, gh - 1)
        ty = np.clip(ys - y0, 0, 1).astype(np.float32)[:, None]
        top = grid[y0][:, x0] * (1 - tx) + grid[y0][:, x1] * tx
        bottom = grid[y1][:, x0] * (1 - tx) + grid[y1][:, x1] * tx
        result[start:end] = top * (1 - ty) + bottom * ty
    return result


def particle_mask(rng: Rng, height: int, width: int) -> NDArray[np.float32]:
    """The normalised (0..255) rolling-particle mask at full size, edges softened."""
    return finish(particle_mask_steps(rng, height, width))


def particle_mask_steps(rng: Rng, height: int, width: int) -> Steps[NDArray[np.float32]]:
    """``particle_mask`` in steps (``game.progress``)."""
    gh, gw = MASK_GRID
    rolled = yield from roll_particles_steps(rng, gh, gw)
    peak = float(rolled.max()) or 1.0
    rolled *= np.float32(255.0 / peak)
    mask = rolled if (gh, gw) == (height, width) else upsample(rolled, height, width)
    soften_edges(mask)
    return mask


def dilate(mask: NDArray[np.bool_], steps: int) -> NDArray[np.bool_]:
    """``mask`` grown by ``steps`` tiles in the four compass directions (a new array)."""
    grown = mask.copy()
    for _ in range(steps):
        previous = grown.copy()
        grown[1:, :] |= previous[:-1, :]
        grown[:-1, :] |= previous[1:, :]
        grown[:, 1:] |= previous[:, :-1]
        grown[:, :-1] |= previous[:, 1:]
    return grown


def soften_edges(array: NDArray[np.float32]) -> None:
    """Multiply the outermost ring by 0.75 and the second ring by 0.88, in place."""
    h, w = array.shape
    if h > 4 and w > 4:
        ring2 = np.float32(0.88)
        array[1, 1:-1] *= ring2
        array[-2, 1:-1] *= ring2
        array[2:-2, 1] *= ring2
        array[2:-2, -2] *= ring2
    ring1 = np.float32(0.75)
    array[0, :] *= ring1
    array[-1, :] *= ring1
    array[1:-1, 0] *= ring1
    array[1:-1, -1] *= ring1


def normalise(array: NDArray[np.float32]) -> NDArray[np.float32]:
    """Rescale to 0..255 in place (row chunks, so 10^8 cells need no copy)."""
    low, high = float(array.min()), float(array.max())
    scale = np.float32(255.0 / (high - low)) if high > low else np.float32(0.0)
    for start in range(0, array.shape[0], 1024):
        block = array[start:start + 1024]
        block -= np.float32(low)
        block *= scale
    return array


def waterline(heights: NDArray[np.float32], water: float) -> float:
    """The value at index ``(n - 1) * water`` of the sorted heights (seed 001)."""
    flat = heights.ravel()
    index = int((flat.size - 1) * water)
    return float(np.partition(flat, index)[index])


def terrain_bands(heights: NDArray[np.float32], line: float) -> NDArray[np.uint8]:
    """Terrain codes (uint8) from heights normalised to 0..255 and the waterline."""
    out = np.empty(heights.shape, dtype=np.uint8)
    for start in range(0, heights.shape[0], 1024):
        h = heights[start:start + 1024]
        band = np.full(h.shape, FOREST, dtype=np.uint8)
        band[h > 255 - 50] = HILLS
        band[h > 255 - 25] = MOUNTAIN
        band[h < line + 35] = PLAINS
        band[h < line + 15] = BEACH
        band[h < line] = SHALLOW
        band[h < line - 40] = DEEP
        out[start:start + 1024] = band
    return out


def land_runs(land: NDArray[np.bool_]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Horizontal runs of True as flat ``[start, end)`` indices, row by row."""
    height, width = land.shape
    starts, ends = [], []
    for top in range(0, height, 1024):
        block = land[top:top + 1024]
        padded = np.zeros((block.shape[0], width + 2), dtype=np.int8)
        padded[:, 1:-1] = block
        change = np.diff(padded, axis=1)
        ys, xs = np.nonzero(change == 1)
        starts.append((ys + top) * width + xs)
        ys, xs = np.nonzero(change == -1)
        ends.append((ys + top) * width + xs)
    return np.concatenate(starts).astype(np.intp), np.concatenate(ends).astype(np.intp)


def largest_landmass(land: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Only the largest 4-connected piece of land (ties: the one met first)."""
    height, width = land.shape
    starts, ends = land_runs(land)
    if starts.size == 0:
        return land.copy()
    parent = _run_components(starts, ends, width)
    sizes = np.bincount(parent, weights=(ends - starts).astype(np.float64), minlength=starts.size)
    best = int(np.argmax(sizes))
    keep = parent == best
    return _paint_runs(starts[keep], ends[keep], land.shape)


def _run_components(starts: NDArray[np.intp], ends: NDArray[np.intp], width: int) -> NDArray[np.intp]:
    """A root run index for every run; runs touching across rows share a root."""
    # run b (row y+1) touches run a (row y) when their column ranges overlap
    lo = np.searchsorted(ends, starts - width, side="right")
    hi = np.searchsorted(starts, ends - width, side="left")
    counts = np.maximum(hi - lo, 0)
    b_index = np.repeat(np.arange(starts.size), counts)
    a_index = np.repeat(lo, counts) + (np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts))
    row_of = starts // width
    same_next_row = row_of[a_index] == row_of[b_index] - 1
    a_index, b_index = a_index[same_next_row], b_index[same_next_row]
    parent = np.arange(starts.size)
    for _ in range(10_000):  # hook and compress until stable (bounded; converges in a few dozen)
        pa, pb = parent[a_index], parent[b_index]
        low, high = np.minimum(pa, pb), np.maximum(pa, pb)
        before = parent.copy()
        np.minimum.at(parent, high, low)
        while True:
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
        if np.array_equal(parent, before):
            break
    return parent


def _paint_runs(starts: NDArray[np.intp], ends: NDArray[np.intp], shape: tuple[int, ...]) -> NDArray[np.bool_]:
    delta = np.zeros(shape[0] * shape[1] + 1, dtype=np.int8)
    np.add.at(delta, starts, 1)
    np.add.at(delta, ends, -1)
    return (np.cumsum(delta[:-1], dtype=np.int8) > 0).reshape(shape)


EROSION_MAX_AREA = 1_000_000


def eroded_shape(rng: Rng, height: int, width: int, keep: float = 0.6) -> NDArray[np.bool_]:
    """Seed 003's edge erosion: start from the full square and delete edge cells at
    random until ``keep`` of it is left. A cell is a candidate once for every side
    it exposes to the deleted area, so ragged bits are eaten first and the shape
    rounds out. Sequential by nature (each deletion exposes new edges), so it is
    meant for in-game sizes: up to ``EROSION_MAX_AREA`` tiles.
    """
    if height * width > EROSION_MAX_AREA:
        raise ValueError(f"edge erosion is for maps up to {EROSION_MAX_AREA} tiles; use the particle shape")
    land = np.ones(height * width, dtype=bool)
    candidates: list[int] = []
    for x in range(width):
        candidates += [x, (height - 1) * width + x]
    for y in range(height):
        candidates += [y * width, y * width + width - 1]
    to_delete = int(np.ceil(height * width * (1 - keep)))
    deleted = 0
    raw = rng.uniform_array(4 * to_delete + 64).tolist()  # enough draws; refilled if ever short
    draw = 0
    while deleted < to_delete and candidates:
        if draw >= len(raw):
            raw, draw = rng.uniform_array(4 * to_delete + 64).tolist(), 0
        index = int(raw[draw] * len(candidates))
        draw += 1
        cell = candidates[index]
        candidates[index] = candidates[-1]
        candidates.pop()
        if not land[cell]:
            continue  # a duplicate of a cell already gone: costs nothing
        land[cell] = False
        deleted += 1
        y, x = divmod(cell, width)
        if y > 0 and land[cell - width]:
            candidates.append(cell - width)
        if y < height - 1 and land[cell + width]:
            candidates.append(cell + width)
        if x > 0 and land[cell - 1]:
            candidates.append(cell - 1)
        if x < width - 1 and land[cell + 1]:
            candidates.append(cell + 1)
    return largest_landmass(land.reshape(height, width))
