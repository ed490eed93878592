"""Fractal gradient (Perlin) noise with numpy (SPEC OVW-1), fast enough for 10 000².

Each octave is classic 2-D Perlin noise: random unit gradients (one of sixteen
directions) on a lattice, dot products with the offsets to the four corners,
blended with the quintic fade curve. Octave k has a lattice period of ``base_period / 2**k`` pixels and
half the amplitude of the one before.

The trick that makes it scale: inside one band of rows that share a lattice row,
every term of the Perlin formula factors into (something per row) times
(something per column). So an octave is a handful of outer products per band,
not dozens of full-size gathers; and rows are processed in bounded chunks, so
memory stays at the output array plus a few chunk-sized temporaries.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.progress import Steps, finish
from game.rng import Rng

CHUNK_ROWS = 256
STEP_CELLS = 8192
"""Cells an octave fills between two steps of ``fractal_noise_steps``: an in-game island's octave
(200 x 150) took one 42 ms step in the browser, over a loading frame's budget. A chunk is never
under ``MIN_STEP_ROWS`` rows, so a 10 000-wide map pays no per-row overhead."""
MIN_STEP_ROWS = 8

# Sixteen unit gradients, 22.5 degrees apart, written out as constants: cos and sin
# come from each platform's maths library and may differ in the last bit, which
# would make one seed give two islands (SPEC DET-1, WEB-3); literals never differ.
_C, _S, _D = 0.9238795325112867, 0.3826834323650898, 0.7071067811865476
GRADIENTS = np.array([(1.0, 0.0), (_C, _S), (_D, _D), (_S, _C), (0.0, 1.0), (-_S, _C), (-_D, _D), (-_C, _S),
                      (-1.0, 0.0), (-_C, -_S), (-_D, -_D), (-_S, -_C), (0.0, -1.0), (_S, -_C), (_D, -_D),
                      (_C, -_S)], dtype=np.float32)


def _fade(t: NDArray[np.float32]) -> NDArray[np.float32]:
    faded: NDArray[np.float32] = t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
    return faded


def fractal_noise(
    rng: Rng,
    shape: tuple[int, int],
    octaves: int = 8,
    base_period: tuple[float, float] | None = None,
    persistence: float = 0.5,
    out: NDArray[np.float32] | None = None,
) -> NDArray[np.float32]:
    """Fractal Perlin noise of ``shape`` (height, width) as float32, roughly in [-1, 1].

    ``base_period`` is the (y, x) wavelength of the first octave in pixels; by
    default half the height and half the width (seed 001).
    """
    return finish(fractal_noise_steps(rng, shape, octaves, base_period, persistence, out))


def fractal_noise_steps(
    rng: Rng,
    shape: tuple[int, int],
    octaves: int = 8,
    base_period: tuple[float, float] | None = None,
    persistence: float = 0.5,
    out: NDArray[np.float32] | None = None,
) -> Steps[NDArray[np.float32]]:
    """``fractal_noise`` one octave a step (``game.progress``)."""
    height, width = shape
    if base_period is None:
        base_period = (max(1.0, height / 2), max(1.0, width / 2))
    result = np.zeros(shape, dtype=np.float32) if out is None else out
    if out is not None:
        result[:] = 0
    amplitude, total = 1.0, 0.0
    chunk_rows = min(CHUNK_ROWS, max(MIN_STEP_ROWS, STEP_CELLS // max(1, width)))
    for octave in range(octaves):
        period_y = base_period[0] / 2**octave
        period_x = base_period[1] / 2**octave
        for _chunk in _add_octave(rng.child("octave", octave), result, period_y, period_x, amplitude, chunk_rows):
            yield "noise"
        total += amplitude
        amplitude *= persistence
    result *= np.float32(1.0 / total)
    return result


def _add_octave(rng: Rng, out: NDArray[np.float32], period_y: float, period_x: float, amplitude: float,
                chunk_rows: int) -> Steps[None]:
    """Adds one octave to ``out``, ``chunk_rows`` rows at a time, yielding after each chunk (every
    cell is computed on its own, so the chunking never changes a value)."""
    height, width = out.shape
    lattice_h = int(height / period_y) + 2
    lattice_w = int(width / period_x) + 2
    pick = rng.byte_array((lattice_h, lattice_w)) & np.uint8(len(GRADIENTS) - 1)
    grad_x, grad_y = GRADIENTS[pick, 0], GRADIENTS[pick, 1]

    xs = np.arange(width, dtype=np.float64) / period_x
    cell_x = xs.astype(np.intp)
    fx = (xs - cell_x).astype(np.float32)
    u = _fade(fx)
    ys = np.arange(height, dtype=np.float64) / period_y
    cell_y = ys.astype(np.intp)
    fy_all = (ys - cell_y).astype(np.float32)
    v_all = _fade(fy_all)

    amp = np.float32(amplitude)
    if period_y < 8:  # bands of a few rows: the direct formula, in chunks, is cheaper
        for start in range(0, height, chunk_rows):
            end = min(height, start + chunk_rows)
            cy, fy, v = cell_y[start:end, None], fy_all[start:end, None], v_all[start:end, None]
            cx, fxx, uu = cell_x[None, :], fx[None, :], u[None, :]
            n00 = grad_x[cy, cx] * fxx + grad_y[cy, cx] * fy
            n10 = grad_x[cy, cx + 1] * (fxx - 1) + grad_y[cy, cx + 1] * fy
            n01 = grad_x[cy + 1, cx] * fxx + grad_y[cy + 1, cx] * (fy - 1)
            n11 = grad_x[cy + 1, cx + 1] * (fxx - 1) + grad_y[cy + 1, cx + 1] * (fy - 1)
            top = n00 + uu * (n10 - n00)
            bottom = n01 + uu * (n11 - n01)
            out[start:end] += amp * (top + v * (bottom - top))
            yield "noise"
        return
    start = 0
    while start < height:
        row = int(cell_y[start])
        end = start + 1
        # the band of rows in the same lattice row, at most chunk_rows long
        band_end = int(np.searchsorted(cell_y, row, side="right"))
        end = min(band_end, start + chunk_rows)
        fy, v = fy_all[start:end], v_all[start:end]
        # per-column terms for the corner rows `row` (top) and `row + 1` (bottom)
        g00x, g10x = grad_x[row, cell_x], grad_x[row, cell_x + 1]
        g00y, g10y = grad_y[row, cell_x], grad_y[row, cell_x + 1]
        g01x, g11x = grad_x[row + 1, cell_x], grad_x[row + 1, cell_x + 1]
        g01y, g11y = grad_y[row + 1, cell_x], grad_y[row + 1, cell_x + 1]
        # n00 = g00x*fx + g00y*fy ; n10 = g10x*(fx-1) + g10y*fy ; n01, n11 with fy-1
        a00, a10 = g00x * fx, g10x * (fx - 1)
        a01, a11 = g01x * fx, g11x * (fx - 1)
        p = a00 + u * (a10 - a00)  # x-blend of the top row's constant parts
        q = g00y + u * (g10y - g00y)  # ... and of its fy coefficients
        r = a01 + u * (a11 - a01)  # bottom row, constant parts
        s = g01y + u * (g11y - g01y)  # bottom row, (fy - 1) coefficients
        # n = (p + fy q) + v ((r + (fy-1) s) - (p + fy q))
        #   = p + fy (1-v) q + v (r - p) + v (fy - 1) s
        a = (fy * (1 - v))[:, None]
        b = (v * (fy - 1))[:, None]
        block = out[start:end]
        block += amp * p[None, :]
        block += (amp * a) * q[None, :]
        block += (amp * v[:, None]) * (r - p)[None, :]
        block += (amp * b) * s[None, :]
        start = end
        yield "noise"
