"""Sight by the tile, drawn (SPEC VIS-5): tiles in sight lit, remembered tiles dim,
unknown tiles dark, and a soft edge where sight ends.

The soft edge: over a remembered (dim) picture, the lit picture is laid with a per-pixel
alpha that is the bilinear ramp of the "in sight" mask between tile centres, rescaled so a
tile in sight is fully lit at its centre and ``EDGE_LIGHT`` lit at its border with a tile
out of sight; tiles out of sight get none of the lit picture (so nothing unseen shows).

Pictures are recomposed only where a tile's state (unknown, remembered, in sight) changed or its
neighbour's did: the floors' layer (``game.render.floor_layer``) composes the box of the tiles
in view whose look changed in one go, once a turn at most, and those out of view as they come into
it; the island's (``overworld_layer``) shades a whole chunk again when a ``BLOCK``-tile block of it changed.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pygame

from game.render import palette

BLOCK = 8
"""Tiles on a side of the blocks recomposed when what is in sight changes."""
EDGE_LIGHT = 0.4
"""How lit a tile in sight is at its border with a tile out of sight (its centre is fully lit)."""


def tile_states(seen: np.ndarray, lit: np.ndarray) -> np.ndarray:
    """``[y, x]`` int8: 0 unknown, 1 remembered, 2 in sight."""
    return seen.astype(np.int8) + (lit & seen)


def tile_looks(seen: np.ndarray, lit: np.ndarray) -> np.ndarray:
    """``[y, x]`` int16: what a tile looks like, as a number: its state (``tile_states``) and which
    of its 3x3 neighbourhood is in sight (its soft edge), which is all its pixels depend on."""
    h, w = lit.shape
    padded = np.zeros((h + 2, w + 2), dtype=np.int16)
    padded[1:-1, 1:-1] = lit
    return neighbourhoods(padded) * 3 + tile_states(seen, lit)


def neighbourhoods(lit: np.ndarray) -> np.ndarray:
    """Each tile's 3x3 neighbourhood in sight as a 9-bit code (bit ``3 * dy + dx`` for the
    neighbour at ``(dx, dy)``), for the tiles ``lit[1:-1, 1:-1]`` (``lit`` has a one-tile margin);
    511: the tile and all eight neighbours in sight. ``tile_looks // 3`` is the same code."""
    h, w = lit.shape[0] - 2, lit.shape[1] - 2
    bits = lit.astype(np.intp)
    rows = bits[:, :w] | bits[:, 1:w + 1] << 1 | bits[:, 2:] << 2  # each tile's row of three, 3 bits
    return rows[:h] | rows[1:h + 1] << 3 | rows[2:] << 6


def changed_blocks(before: np.ndarray | None, now: np.ndarray) -> list[tuple[int, int]]:
    """The blocks ``(bx, by)`` to recompose: those holding a tile whose state changed, or whose
    neighbour's did, diagonal ones too (its soft edge depends on its 3x3 neighbourhood). ``before``
    None: every block."""
    h, w = now.shape
    if before is None:
        return [(bx, by) for by in range(-(-h // BLOCK)) for bx in range(-(-w // BLOCK))]
    changed = before != now
    if not changed.any():
        return []
    grown = changed.copy()
    grown[1:] |= changed[:-1]
    grown[:-1] |= changed[1:]
    rows = grown.copy()  # (grown down the rows, then across: the whole 3x3 neighbourhood)
    grown[:, 1:] |= rows[:, :-1]
    grown[:, :-1] |= rows[:, 1:]
    by, bx = np.nonzero(grown)
    blocks = np.unique((by // BLOCK) * (w + BLOCK) + bx // BLOCK)
    return [(int(b % (w + BLOCK)), int(b // (w + BLOCK))) for b in blocks.tolist()]


def light_alpha(lit: np.ndarray, tile: int) -> np.ndarray:
    """uint8 ``[x, y]`` (surfarray order) alpha for the tiles ``lit[1:-1, 1:-1]`` (``lit`` has a
    margin of one tile on every side), ``tile`` pixels a tile. A tile's alpha depends on its
    3x3 neighbourhood only, so each of the 512 neighbourhoods is worked out once (``ramp``)
    and the blocks are put together from those stamps.

    >>> lit = np.zeros((3, 5), dtype=bool); lit[1, 1:3] = True
    >>> light_alpha(lit, 4)[:, 1].tolist()  # across the two lit tiles (a row of them), then a dark one
    [116, 183, 217, 217, 217, 217, 183, 116, 0, 0, 0, 0]
    """
    return stamped(neighbourhoods(lit), tile)


def stamped(codes: np.ndarray, tile: int) -> np.ndarray:
    """``light_alpha`` from the tiles' neighbourhood codes (``neighbourhoods``), ``[h, w]``."""
    h, w = codes.shape
    table, done = _stamps(tile)
    for code in np.unique(codes[~done[codes]]).tolist():
        _stamp(tile, code)
    return np.ascontiguousarray(table[codes].transpose(1, 2, 0, 3).reshape(w * tile, h * tile))


_STAMPS: dict[int, tuple[np.ndarray, np.ndarray]] = {}
"""Per tile size: each 3x3 neighbourhood's alpha stamp (by its 9-bit code), and which are made."""


def _stamps(tile: int) -> tuple[np.ndarray, np.ndarray]:
    return _STAMPS.get(tile) or _STAMPS.setdefault(tile, (np.zeros((512, tile, tile), dtype=np.uint8),
                                                          np.zeros(512, dtype=bool)))


def _stamp(tile: int, code: int) -> None:
    table, done = _stamps(tile)
    table[code] = ramp(((code >> np.arange(9)) & 1).astype(bool).reshape(3, 3), tile)
    done[code] = True


def stamps_ahead(tile: int, per_step: int = 64) -> Iterator[str]:
    """Work out every neighbourhood's stamp for ``tile`` ahead, ``per_step`` a step (for the loading
    screen): a turn that brings many new ones into sight at once (a new area seen by the tile) made
    the longest frames of exploring in the browser, each stamp a dozen numpy calls."""
    _, done = _stamps(tile)
    for start in range(0, 512, per_step):
        for code in range(start, min(512, start + per_step)):
            if not done[code]:
                _stamp(tile, code)
        yield "drawing"


def ramp(lit: np.ndarray, tile: int) -> np.ndarray:
    """uint8 ``[x, y]`` alpha of the tiles ``lit[1:-1, 1:-1]``, worked out pixel by pixel: the
    bilinear ramp of ``lit`` between tile centres, from ``EDGE_LIGHT`` at a border with a tile
    out of sight to full light at the centre; 0 on tiles out of sight."""
    m = lit.astype(np.float32)
    u = np.abs((np.arange(tile, dtype=np.float32) + 0.5) / tile - 0.5)  # from the tile's centre, 0..0.5
    before = (np.arange(tile) < tile / 2)
    # along x: each pixel between its tile's value and the neighbour's on its side
    core, side = m[:, 1:-1, None], np.where(before, m[:, :-2, None], m[:, 2:, None])
    row = ((1 - u) * core + u * side).reshape(m.shape[0], -1)  # [y + 2, x * tile]
    core, side = row[1:-1, None, :], np.where(before[None, :, None], row[:-2, None, :], row[2:, None, :])
    ramped = ((1 - u)[None, :, None] * core + u[None, :, None] * side).reshape(-1, row.shape[1])
    inside = np.repeat(np.repeat(lit[1:-1, 1:-1], tile, axis=0), tile, axis=1)
    light = EDGE_LIGHT + (1 - EDGE_LIGHT) * np.clip(2 * ramped - 1, 0, 1)
    return np.ascontiguousarray((np.where(inside, light, 0) * 255 + 0.5).astype(np.uint8).T)


def compose_block(target: pygame.Surface, origin: tuple[int, int], lit_picture: pygame.Surface,
                  dim_picture: pygame.Surface, source: pygame.Rect, seen: np.ndarray, lit: np.ndarray,
                  tile: int, dark: tuple[int, int, int] = palette.BACKGROUND, only: np.ndarray | None = None,
                  codes: np.ndarray | None = None) -> None:
    """Draw a block of tiles into ``target`` at ``origin``: ``seen`` and ``lit`` are its tiles'
    masks with a one-tile margin (``[h + 2, w + 2]``); ``source`` is the block's rectangle in
    ``lit_picture`` and ``dim_picture`` (pictures of the same tiles, lit and remembered);
    ``only`` (``[h, w]``): draw just these tiles (None: all). ``codes``: the tiles' neighbourhood
    codes (``neighbourhoods`` of ``lit``) when the caller has them (``tile_looks // 3``).

    Only the tiles at the edge of sight are laid with alpha: a tile in sight whose eight
    neighbours are too is fully lit, and copied (alpha costs 50 times a copy in the browser)."""
    h, w = seen.shape[0] - 2, seen.shape[1] - 2
    ox, oy = origin
    inner = seen[1:-1, 1:-1]
    drawn = np.ones((h, w), dtype=bool) if only is None else only
    if only is None and inner.all():
        target.blit(dim_picture, origin, source)
    elif only is None:
        target.fill(dark, (ox, oy, w * tile, h * tile))
        _copy_runs(target, dim_picture, inner, origin, source, tile)
    else:
        for y, x0, x1 in _runs(only & ~inner):
            target.fill(dark, (ox + x0 * tile, oy + y * tile, (x1 - x0) * tile, tile))
        _copy_runs(target, dim_picture, only & inner, origin, source, tile)
    in_sight = lit[1:-1, 1:-1] & drawn
    if not in_sight.any():
        return
    codes = neighbourhoods(lit) if codes is None else codes
    whole = in_sight & (codes == 511)  # in sight, and so is every neighbour
    _copy_runs(target, lit_picture, whole, origin, source, tile)
    edge = in_sight & ~whole
    if not edge.any():
        return
    tiles = bounding_box(edge)  # the edge tiles' box: only it is laid with alpha
    top, left = tiles.y, tiles.x
    box = pygame.Rect(source.x + left * tile, source.y + top * tile, tiles.w * tile, tiles.h * tile)
    glow = _glow(box.size)
    if lit_picture.get_flags() & pygame.SRCALPHA:
        glow.fill((0, 0, 0, 0), ((0, 0), box.size))  # (an opaque picture covers all of the last box)
    glow.blit(lit_picture, (0, 0), box)
    alpha = pygame.surfarray.pixels_alpha(glow)
    alpha[: box.w, : box.h] = stamped(codes[top:top + box.h // tile, left:left + box.w // tile], tile)
    del alpha  # unlocks the surface
    target.blits([(glow, (ox + x0 * tile, oy + y * tile), ((x0 - left) * tile, (y - top) * tile, (x1 - x0) * tile, tile))
                  for y, x0, x1 in _runs(edge)], doreturn=False)


def bounding_box(mask: np.ndarray) -> pygame.Rect:
    """The smallest rectangle (in tiles) holding every set tile of ``mask`` (``[h, w]``, one set at least)."""
    rows, columns = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    top, left = int(rows[0]), int(columns[0])
    return pygame.Rect(left, top, int(columns[-1]) + 1 - left, int(rows[-1]) + 1 - top)


def _runs(mask: np.ndarray) -> list[tuple[int, int, int]]:
    """The runs of set tiles of ``mask`` (``[h, w]``), a row at a time: ``(y, x0, x1)``. In a few
    numpy calls for the whole mask: in the browser a numpy call costs more than a block's work."""
    h, w = mask.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    ys, xs = np.nonzero(padded[:, 1:] != padded[:, :-1])  # each run's start and end, in row order
    ends = xs.tolist()
    return [(y, x0, x1) for y, x0, x1 in zip(ys[::2].tolist(), ends[::2], ends[1::2])]


def _copy_runs(target: pygame.Surface, picture: pygame.Surface, mask: np.ndarray, origin: tuple[int, int],
               source: pygame.Rect, tile: int) -> None:
    """Copy ``picture``'s tiles of the block ``source`` where ``mask`` is set, a run at a time."""
    ox, oy = origin
    for y, x0, x1 in _runs(mask):
        piece = pygame.Rect(source.x + x0 * tile, source.y + y * tile, (x1 - x0) * tile, tile)
        target.blit(picture, (ox + x0 * tile, oy + y * tile), piece)


_GLOW: list[pygame.Surface] = []


def _glow(size: tuple[int, int]) -> pygame.Surface:
    """A surface with alpha at least ``size`` for the lit picture of the edge tiles' box, kept and
    made larger when a box needs it (a new one each time cost as much as the blending)."""
    if not _GLOW or _GLOW[0].get_width() < size[0] or _GLOW[0].get_height() < size[1]:
        width, height = (max(size[0], _GLOW[0].get_width()), max(size[1], _GLOW[0].get_height())) if _GLOW else size
        _GLOW[:] = [pygame.Surface((width, height), pygame.SRCALPHA)]
    return _GLOW[0]


def area_masks(seen: np.ndarray, lit: np.ndarray, rect: pygame.Rect) -> tuple[np.ndarray, np.ndarray]:
    """The masks of the tiles in ``rect`` (in tiles, within the map) with a one-tile margin (False
    beyond the map), as ``compose_block`` takes them."""
    h, w = seen.shape
    x0, y0, x1, y1 = rect.x, rect.y, rect.right, rect.bottom
    out = []
    for mask in (seen, lit):
        padded = np.zeros((y1 - y0 + 2, x1 - x0 + 2), dtype=bool)
        ya, xa = max(0, y0 - 1), max(0, x0 - 1)
        yb, xb = min(h, y1 + 1), min(w, x1 + 1)
        padded[ya - y0 + 1: yb - y0 + 1, xa - x0 + 1: xb - x0 + 1] = mask[ya:yb, xa:xb]
        out.append(padded)
    return out[0], out[1]
