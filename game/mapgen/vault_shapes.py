"""The outlines of trap vaults (SPEC §7, seed 002): the ``shape`` pass of ``game.mapgen.vault``.

Each family (a blob of noise, overlapping rooms, a ring, a cross, a whole hall) draws a
bool grid ``[y, x]`` of the cells inside the vault; ``make_shape`` keeps its largest
connected part, and ``pick_entrance`` a cell deep inside it.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.mapgen import landmass
from game.mapgen.noise import fractal_noise
from game.rng import Rng

Pos = tuple[int, int]
SHAPES = ("blob", "rooms", "ring", "cross", "hall")


def make_shape(rng: Rng, name: str, height: int, width: int) -> NDArray[np.bool_]:
    """A connected (4-neighbour) region of the ``height x width`` grid, of the named family."""
    draw = {"blob": _blob, "rooms": _rooms, "ring": _ring, "cross": _cross, "hall": hall}[name]
    shape = draw(rng, height, width)
    shape = landmass.largest_landmass(shape) if shape.any() else hall(rng, height, width)
    if shape.sum() < 9:  # a degenerate draw on a tiny grid: the whole hall instead
        shape = hall(rng, height, width)
    return shape


def hall(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """The whole grid (also what a shape too small to play becomes)."""
    return np.ones((height, width), dtype=bool)


def _blob(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """Low-frequency noise above its median, kept away from the grid's edge a little."""
    noise = fractal_noise(rng, (height, width), octaves=3, base_period=(max(4.0, height / 1.5), max(4.0, width / 1.5)))
    ys, xs = np.mgrid[0:height, 0:width]
    centre = ((ys - (height - 1) / 2) / (height / 2)) ** 2 + ((xs - (width - 1) / 2) / (width / 2)) ** 2
    score = noise.astype(np.float64) - 0.45 * centre
    above: NDArray[np.bool_] = score > np.median(score)
    return above


def _rooms(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """Overlapping rectangles, each touching the ones before it."""
    shape = np.zeros((height, width), dtype=bool)
    count = 3 + rng.below(4)
    for _attempt in range(count * 8):
        w = rng.randint(max(3, width // 6), max(3, width // 2))
        h = rng.randint(max(3, height // 6), max(3, height // 2))
        x, y = rng.below(max(1, width - w + 1)), rng.below(max(1, height - h + 1))
        block = np.zeros_like(shape)
        block[y:y + h, x:x + w] = True
        grown = block.copy()
        grown[1:, :] |= block[:-1, :]
        grown[:-1, :] |= block[1:, :]
        grown[:, 1:] |= block[:, :-1]
        grown[:, :-1] |= block[:, 1:]
        if not shape.any() or (grown & shape).any():
            shape |= block
            count -= 1
            if count == 0:
                break
    return shape


def _ring(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """An elliptical ring, sometimes with a bridge across its hole."""
    ys, xs = np.mgrid[0:height, 0:width]
    dy, dx = (ys - (height - 1) / 2) / (height / 2), (xs - (width - 1) / 2) / (width / 2)
    radius = dy * dy + dx * dx
    inner = 0.2 + 0.15 * rng.random()
    shape: NDArray[np.bool_] = (radius <= 1.0) & (radius >= inner)
    if rng.chance(0.5):
        shape |= (np.abs(ys - height // 2) <= 1) & (radius <= 1.0)
    return shape


def _cross(rng: Rng, height: int, width: int) -> NDArray[np.bool_]:
    """Two bars across each other, of random thickness and position."""
    shape = np.zeros((height, width), dtype=bool)
    bar_h = rng.randint(max(3, height // 5), max(3, height // 2))
    bar_w = rng.randint(max(3, width // 5), max(3, width // 2))
    y = rng.randint(0, height - bar_h)
    x = rng.randint(0, width - bar_w)
    shape[y:y + bar_h, :] = True
    shape[:, x:x + bar_w] = True
    return shape


def pick_entrance(rng: Rng, shape: NDArray[np.bool_]) -> Pos:
    """A cell deep inside the shape where it can (its 3x3 inside), else any cell."""
    inside = shape.copy()
    inside[1:, :] &= shape[:-1, :]
    inside[:-1, :] &= shape[1:, :]
    inside[:, 1:] &= shape[:, :-1]
    inside[:, :-1] &= shape[:, 1:]
    inside[0, :] = inside[-1, :] = inside[:, 0] = inside[:, -1] = False
    ys, xs = np.nonzero(inside if inside.any() else shape)
    pick = rng.below(len(xs))
    return int(xs[pick]), int(ys[pick])
