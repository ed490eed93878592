"""Smooth scaling of pictures that gives the same pixels on every platform.

``pygame.transform.smoothscale`` gives values off by one between the desktop (pygame-ce's
SIMD code on x86) and the browser (plain C on wasm32) whenever the ratio is not a whole
number, unless the desktop is told to use its plain C code too (``App`` does:
``set_smoothscale_backend("GENERIC")``; the zoomed floor map relies on it, for speed). The
small pictures the game makes once and keeps (the HUD's icons from the 48-pixel PNGs, the
trophy, the island's zoomed map) are scaled here instead, with numpy integer arithmetic
only, because this filter weighs colours by alpha (no dark fringe on a sprite's edge) and
enlarges into sharp blocks.

The filter is an area average (a box filter): a new pixel is the mean of the old pixels
under it, each weighted by how much of it lies under. When ``length`` old pixels in a row
become ``count`` new ones (g their gcd), an old pixel is ``count // g`` units wide and a
new one ``length // g``, so every weight is a whole number and every sum exact; the only
rounding is the final division (half up), the same everywhere.

- Alpha: colours are weighted by alpha (premultiplied: sums of colour x alpha, divided by
  the sum of alpha at the end), so transparent pixels, black in the sprite PNGs, add
  nothing to an edge pixel's colour; a plain average would darken every pixel beside
  transparency into a halo. The result is straight alpha, as pygame's surfaces are.
- Speed: a pass over rows takes, for every new row, its first old row, its second, ...
  (``np.take`` of whole rows), multiplies and adds; a pass over columns does the same
  with whole pixels (gathering single bytes is what costs most in the browser's numpy);
  a rarely used last tap only where used. Rows go first when the picture loses rows, so
  the pass over columns has fewer rows to do. A whole 1920x1200 floor into 920x575 takes
  about 15 ms natively and 36-70 ms in the browser (pygame's C: 1.5 and 7), which is
  why the zoomed floor map does not use it.
- Enlarging is the same area average (a new pixel smaller than an old one takes its
  colour, or mixes the two it straddles): sharp blocks with at most one blended pixel
  between two, where nearest neighbour makes blocks of uneven sizes and bilinear blurs.
  It is there for small pictures (the island's 200x150 colours, the trophy); it is not
  a sharpening filter.
- Types: wasm32's numpy counts in int32 by default, so every array here has an explicit
  dtype and indices are ``np.intp``; sums take the smallest type the largest possible sum
  fits in (``_sum_type``: uint16, int32 or int64), never the default.
"""

from __future__ import annotations

from math import gcd

import numpy as np
import pygame

from game.render import surfaces

BYTE = 255
PREMULTIPLIED = BYTE * BYTE  # the largest colour x alpha


def taps(length: int, count: int) -> tuple[np.ndarray, np.ndarray, int]:
    """How ``count`` new pixels lie over ``length`` old ones: for each new pixel the old ones
    it overlaps (``[count, T]``, ``np.intp``), by how much (int64; an old pixel is
    ``count // g`` wide, g the gcd), and the width of a new pixel (the sum of each row of
    weights). Unused taps have weight 0. Enlarging (``count > length``): a new pixel lies
    over one old pixel, or over two where they meet.

    >>> cells, weights, width = taps(3, 2)
    >>> cells.tolist(), weights.tolist(), width
    ([[0, 1], [1, 2]], [[2, 1], [1, 2]], 3)
    >>> taps(4, 2)[1].tolist()
    [[1, 1], [1, 1]]
    >>> cells, weights, width = taps(2, 3)
    >>> cells.tolist(), weights.tolist(), width
    ([[0, 1], [0, 1], [1, 1]], [[2, 0], [1, 1], [2, 0]], 2)
    """
    if length < 1 or count < 1:
        raise ValueError(f"cannot scale {length} pixels to {count}")
    start = np.arange(count, dtype=np.int64) * length  # where each new pixel starts, in 1/count of an old one
    end = start + length
    first = start // count
    spread = int(((end - 1) // count - first).max()) + 1
    cells = first[:, None] + np.arange(spread, dtype=np.int64)[None, :]
    overlap = np.minimum((cells + 1) * count, end[:, None]) - np.maximum(cells * count, start[:, None])
    unit = gcd(length, count)
    weights = np.maximum(overlap, 0) // unit
    return np.minimum(cells, length - 1).astype(np.intp), weights, length // unit


def _sum_type(largest: int) -> type[np.integer]:
    """The smallest integer type that holds ``largest``: uint16 when the sums are small (half
    the memory traffic of int32: the zoomed map's first pass takes 6 ms instead of 11),
    int32 mostly, int64 when int32 could overflow."""
    for kind in (np.uint16, np.int32, np.int64):
        if largest <= np.iinfo(kind).max:
            return kind
    raise ValueError("a picture too big to average")


def _weigh(values: np.ndarray, axis: int, lanes: int, cells: np.ndarray, weights: np.ndarray,
           total: type[np.integer] | np.dtype) -> np.ndarray:
    """The weighted sums ``sum_t weights[i, t] * values[cells[i, t]]`` along ``axis`` of
    ``values`` (``[H, W * lanes]``): whole rows, or whole pixels (all their lanes at once:
    gathering single bytes across a row is what costs most in the browser's numpy).

    A tap used by few new pixels (the last one: a new pixel 2.09 old ones wide overlaps a
    fourth old pixel one time in 23) is applied to those only."""
    total = np.promote_types(total, values.dtype)  # never narrower than what comes in
    count, spread = cells.shape
    if axis == 1:
        values = np.ascontiguousarray(values)
        pixel = np.dtype((np.void, lanes * values.dtype.itemsize))
        source, kind = values.view(pixel), values.dtype
        shape, picked_shape, each = (values.shape[0], count * lanes), (values.shape[0], count), lanes
    else:
        source, kind = values, values.dtype
        shape = picked_shape = (count, values.shape[1])
        each = 1
    sums = np.empty(shape, total)
    picked = np.empty(picked_shape, source.dtype)
    product: np.ndarray | None = None
    for tap in range(spread):
        used = np.flatnonzero(weights[:, tap])
        weight = np.repeat(weights[:, tap].astype(total), each)
        if tap > 0 and 3 * len(used) < count:
            part = np.take(source, cells[used, tap], axis=axis, mode="clip").view(kind)
            if axis == 0:
                sums[used] += np.multiply(part, weight[used, None], dtype=total)
            else:
                columns = (used[:, None] * lanes + np.arange(lanes, dtype=np.intp)).reshape(-1)
                sums[:, columns] += np.multiply(part, weight[columns], dtype=total)
            continue
        np.take(source, cells[:, tap], axis=axis, out=picked, mode="clip")  # "raise" would copy first
        weight = weight[:, None] if axis == 0 else weight
        if tap == 0:
            np.multiply(picked.view(kind), weight, out=sums)
        else:
            product = np.multiply(picked.view(kind), weight, out=product, dtype=total)
            sums += product
    return sums


def _area_sums(values: np.ndarray, lanes: int, size: tuple[int, int], peak: int) -> tuple[np.ndarray, int]:
    """Weighted sums of ``values`` ([H, W * lanes], no value above ``peak``) at ``size``
    (``[h, w * lanes]``), and what to divide them by. The sums' type leaves room for
    rounding them: three times the largest sum fits."""
    row_cells, row_weights, row_width = taps(values.shape[0], size[1])
    column_cells, column_weights, column_width = taps(values.shape[1] // lanes, size[0])
    denominator = row_width * column_width
    final = _sum_type(3 * peak * denominator)
    if size[1] <= values.shape[0]:  # fewer rows after: rows first (whole rows: the cheapest gathers)
        values = _weigh(values, 0, lanes, row_cells, row_weights, _sum_type(peak * row_width))
        return _weigh(values, 1, lanes, column_cells, column_weights, final), denominator
    # more rows after (enlarging): columns first, on the fewer rows
    values = _weigh(values, 1, lanes, column_cells, column_weights, _sum_type(peak * column_width))
    return _weigh(values, 0, lanes, row_cells, row_weights, final), denominator


def average(pixels: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The area average of ``pixels`` (``[H, W, C]`` uint8, numpy's image order) at ``size``
    (width, height), every channel alike: ``[h, w, C]`` uint8.

    >>> square = np.array([[0, 4, 10, 10], [8, 12, 10, 10], [1, 1, 0, 0], [1, 2, 0, 255]], dtype=np.uint8)
    >>> average(square[..., None], (2, 2))[..., 0].tolist()
    [[6, 10], [1, 64]]
    >>> average(np.array([[[0], [30], [60]]], dtype=np.uint8), (2, 1))[..., 0].tolist()
    [[10, 50]]
    """
    height, width, lanes = pixels.shape
    sums, denominator = _area_sums(pixels.reshape(height, width * lanes), lanes, size, BYTE)
    sums += denominator // 2
    sums //= denominator
    return sums.astype(np.uint8).reshape(size[1], size[0], lanes)


def average_rgba(pixels: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The area average of straight-alpha RGBA ``pixels`` (``[H, W, 4]`` uint8) at ``size``,
    colours weighted by alpha: transparent pixels add nothing to the colour of their
    neighbours (the outline stays white, not grey), and only alpha fades.

    >>> white_edge = np.array([[[255, 255, 255, 255], [0, 0, 0, 0]]], dtype=np.uint8)
    >>> average_rgba(white_edge, (1, 1)).tolist()
    [[[255, 255, 255, 128]]]
    """
    height, width, _ = pixels.shape
    alpha = pixels[..., 3].astype(np.int32)
    weighted = np.empty((height, width, 4), np.int32)
    np.multiply(pixels[..., :3], alpha[..., None], out=weighted[..., :3])
    weighted[..., 3] = alpha
    sums, denominator = _area_sums(weighted.reshape(height, width * 4), 4, size, PREMULTIPLIED)
    sums = sums.reshape(size[1], size[0], 4)
    coverage = sums[..., 3:]  # the alpha-weighted area, by which the colour sums are divided
    colour = (2 * sums[..., :3] + coverage) // (2 * np.maximum(coverage, 1))
    result = np.empty((size[1], size[0], 4), np.uint8)
    result[..., :3] = np.where(coverage > 0, colour, 0)
    result[..., 3] = (2 * coverage[..., 0] + denominator) // (2 * denominator)
    return result


def _mask_byte(mask: int) -> int | None:
    """Which byte of a 32-bit pixel, in memory order, ``mask`` covers; None unless exactly one."""
    data = np.array([mask], dtype=np.uint32).view(np.uint8)
    full = np.flatnonzero(data == BYTE)
    return int(full[0]) if len(full) == 1 and int(np.count_nonzero(data)) == 1 else None


def _pixel_lanes(surface: pygame.Surface) -> tuple[np.ndarray, tuple[int, int, int, int | None]]:
    """The surface's pixels as ``[H, W * 4]`` uint8 (a view of a 32-bit surface's own
    memory, no copy) and which lane holds red, green, blue and alpha (None: no alpha)."""
    masks = surface.get_masks()
    red, green, blue, alpha = (_mask_byte(mask) for mask in masks)
    if (surface.get_bytesize() == 4 and red is not None and green is not None and blue is not None
            and (alpha is not None or masks[3] == 0)):
        pixels = pygame.surfarray.pixels2d(surface).T.view(np.uint8)  # locks the surface while alive
        return pixels, (red, green, blue, alpha)
    width, height = surface.get_size()
    return np.frombuffer(pygame.image.tobytes(surface, "RGBA"), np.uint8).reshape(height, width * 4), (0, 1, 2, 3)


def smoothscale(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``surface`` scaled to ``size`` by an area average, the same on every platform.

    A surface with per-pixel alpha (``SRCALPHA``) gives one (colours weighted by alpha,
    see ``average_rgba``); an opaque one gives an opaque surface in the screen's format
    (``surfaces.opaque``). A colour key or a surface-wide alpha is not kept. Reducing is
    what it is for; enlarging works (sharp blocks, see the module), for small pictures.
    A size below 1 raises ``ValueError``.
    """
    size = (int(size[0]), int(size[1]))
    values, lanes = _pixel_lanes(surface)
    alpha_lane = lanes[3]
    if surface.get_flags() & pygame.SRCALPHA and alpha_lane is not None:
        rgba = values.reshape(values.shape[0], -1, 4)[..., [*lanes[:3], alpha_lane]]
        del values  # unlocks the surface
        result, order = average_rgba(rgba, size), (0, 1, 2)
        picture = pygame.Surface(size, pygame.SRCALPHA)
        alpha = pygame.surfarray.pixels_alpha(picture)
        alpha[...] = result[..., 3].T
        del alpha
    else:
        result = average(values.reshape(values.shape[0], -1, 4), size)  # the four bytes of each pixel alike
        del values
        order, picture = lanes[:3], surfaces.opaque(size)
    colours = pygame.surfarray.pixels3d(picture)  # [x, y, RGB] whatever the format
    for channel, lane in enumerate(order):
        colours[..., channel] = result[..., lane].T  # a channel at a time: long inner loops
    del colours
    return picture
